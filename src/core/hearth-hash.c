/* hearth-hash.c
 *
 * Copyright 2026 The Hearth authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "hearth-hash.h"

#include <string.h>

#define ROTL(x, b) (guint64) (((x) << (b)) | ((x) >> (64 - (b))))

static inline void
sip_round (HearthHashState *s)
{
  s->v0 += s->v1; s->v1 = ROTL (s->v1, 13); s->v1 ^= s->v0; s->v0 = ROTL (s->v0, 32);
  s->v2 += s->v3; s->v3 = ROTL (s->v3, 16); s->v3 ^= s->v2;
  s->v0 += s->v3; s->v3 = ROTL (s->v3, 21); s->v3 ^= s->v0;
  s->v2 += s->v1; s->v1 = ROTL (s->v1, 17); s->v1 ^= s->v2; s->v2 = ROTL (s->v2, 32);
}

static inline void
sip_block (HearthHashState *s,
           guint64          m)
{
  s->v3 ^= m;
  sip_round (s);
  s->v0 ^= m;
}

/**
 * hearth_hash_key_init_random:
 * @key: (out): the key to fill
 *
 * Fills @key from GLib's random source, different in every process and table.
 */
void
hearth_hash_key_init_random (HearthHashKey *key)
{
  key->k0 = ((guint64) g_random_int () << 32) | g_random_int ();
  key->k1 = ((guint64) g_random_int () << 32) | g_random_int ();
}

/**
 * hearth_hash_init:
 * @state: (out): the state to start
 * @key: the table's key
 */
void
hearth_hash_init (HearthHashState     *state,
                  const HearthHashKey *key)
{
  state->v0 = key->k0 ^ G_GUINT64_CONSTANT (0x736f6d6570736575);
  state->v1 = key->k1 ^ G_GUINT64_CONSTANT (0x646f72616e646f6d);
  state->v2 = key->k0 ^ G_GUINT64_CONSTANT (0x6c7967656e657261);
  state->v3 = key->k1 ^ G_GUINT64_CONSTANT (0x7465646279746573);
  state->tail = 0;
  state->length = 0;
}

/**
 * hearth_hash_update:
 * @state: a started state
 * @data: bytes to add
 * @length: how many
 */
void
hearth_hash_update (HearthHashState *state,
                    const void      *data,
                    gsize            length)
{
  const guint8 *p = data;

  while (length > 0 && (state->length & 7) != 0)
    {
      state->tail |= (guint64) *p++ << (8 * (state->length & 7));
      state->length++;
      length--;
      if ((state->length & 7) == 0)
        {
          sip_block (state, state->tail);
          state->tail = 0;
        }
    }

  while (length >= 8)
    {
      guint64 m;

      memcpy (&m, p, 8);
      sip_block (state, GUINT64_FROM_LE (m));
      p += 8;
      length -= 8;
      state->length += 8;
    }

  while (length > 0)
    {
      state->tail |= (guint64) *p++ << (8 * (state->length & 7));
      state->length++;
      length--;
    }
}

/**
 * hearth_hash_finish:
 * @state: a started state
 *
 * Returns: the hash of everything added
 */
guint64
hearth_hash_finish (HearthHashState *state)
{
  guint64 b = ((guint64) state->length << 56) | state->tail;

  sip_block (state, b);
  state->v2 ^= 0xff;
  sip_round (state);
  sip_round (state);
  sip_round (state);

  return state->v0 ^ state->v1 ^ state->v2 ^ state->v3;
}

/**
 * hearth_hash_bytes:
 * @key: the table's key
 * @data: bytes
 * @length: how many
 *
 * Returns: the keyed hash of @data
 */
guint64
hearth_hash_bytes (const HearthHashKey *key,
                   const void          *data,
                   gsize                length)
{
  HearthHashState state;

  hearth_hash_init (&state, key);
  hearth_hash_update (&state, data, length);
  return hearth_hash_finish (&state);
}
