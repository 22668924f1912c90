/* hearth-hash.h: keyed hashing for tables built from untrusted files.
 *
 * Copyright 2026 The Hearth authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <glib.h>

G_BEGIN_DECLS

/* SipHash-1-3 with a random key per table: a crafted profile cannot make its keys collide
 * (hash flooding) because it cannot know the key. */
typedef struct
{
  guint64 v0, v1, v2, v3;
  guint64 tail;
  gsize   length;
} HearthHashState;

typedef struct
{
  guint64 k0, k1;
} HearthHashKey;

void    hearth_hash_key_init_random (HearthHashKey         *key);
void    hearth_hash_init            (HearthHashState       *state,
                                     const HearthHashKey   *key);
void    hearth_hash_update          (HearthHashState       *state,
                                     const void            *data,
                                     gsize                  length);
guint64 hearth_hash_finish          (HearthHashState       *state);
guint64 hearth_hash_bytes           (const HearthHashKey   *key,
                                     const void            *data,
                                     gsize                  length);
guint64 hearth_hash_words           (const HearthHashKey   *key,
                                     const guint64         *words,
                                     gsize                  n_words);

/* The 128-bit product of two words, its halves xored, from 32-bit products: for compilers
 * without a 128-bit type (and for the tests, against the one that has it). */
static inline guint64
hearth_hash_mum_narrow (guint64 a,
                        guint64 b)
{
  guint64 ha = a >> 32, la = (guint32) a, hb = b >> 32, lb = (guint32) b;
  guint64 rh = ha * hb, rm0 = ha * lb, rm1 = hb * la, rl = la * lb;
  guint64 t = rl + (rm0 << 32), c = t < rl;
  guint64 lo = t + (rm1 << 32);

  c += lo < t;
  return lo ^ (rh + (rm0 >> 32) + (rm1 >> 32) + c);
}

/* A keyed mix of one 64-bit word: two 64x64->128-bit multiplies with the key folded in.
 * Some ten times cheaper than SipHash on a word, for tables probed millions of times with
 * numbers (node and function ids), and still keyed per table so that a file cannot pick
 * which of its keys collide. */
static inline guint64
hearth_hash_mum (guint64 a,
                 guint64 b)
{
#ifdef __SIZEOF_INT128__
  __extension__ typedef unsigned __int128 wide;
  wide r = (wide) a * b;

  return (guint64) r ^ (guint64) (r >> 64);
#else
  return hearth_hash_mum_narrow (a, b);
#endif
}

static inline guint64
hearth_hash_word (const HearthHashKey *key,
                  guint64              word)
{
  guint64 h = hearth_hash_mum (word ^ key->k0, key->k1 ^ G_GUINT64_CONSTANT (0xe7037ed1a0b428db));

  return hearth_hash_mum (h ^ key->k1, key->k0 ^ G_GUINT64_CONSTANT (0xa0761d6478bd642f));
}

/* The same for a key of two words (a function's interned file and name, and its line). */
static inline guint64
hearth_hash_word_pair (const HearthHashKey *key,
                       guint64              first,
                       guint64              second)
{
  guint64 h = hearth_hash_mum (first ^ key->k0, second ^ key->k1);

  return hearth_hash_mum (h ^ G_GUINT64_CONSTANT (0x8ebc6af09c88c6e3),
                          key->k0 ^ key->k1 ^ G_GUINT64_CONSTANT (0x589965cc75374cc3));
}

/* Pairs of 32-bit ids (caller and callee, parent node and function) to a number, in an
 * open-addressing table with its own random key. A slot holds the pair and its value side
 * by side, so that a probe touches one place in memory (the stack table of a large folded
 * file has millions of slots, far beyond the caches). */
typedef struct
{
  guint32 first;
  guint32 second;
  guint32 value;     /* value + 1; 0 is empty */
} HearthPairSlot;

typedef struct
{
  HearthHashKey   key;
  HearthPairSlot *slots;
  gsize           mask;
  gsize           used;
} HearthPairTable;

void    hearth_memory_advise_large (gpointer               mem,
                                     gsize                  bytes);
void    hearth_memory_set_policy   (void);
void    hearth_memory_populate     (gpointer               mem,
                                    gsize                  bytes);
gpointer hearth_memory_new_cleared (gsize                  n,
                                    gsize                  size);

void    hearth_pair_table_init      (HearthPairTable       *table);
void    hearth_pair_table_clear     (HearthPairTable       *table);
guint   hearth_pair_table_lookup    (HearthPairTable       *table,
                                     guint32                first,
                                     guint32                second,
                                     guint                  value_if_new);
guint   hearth_pair_table_find      (const HearthPairTable *table,
                                     guint32                first,
                                     guint32                second);
void    hearth_pair_table_find_run  (const HearthPairTable *table,
                                     const guint32         *pairs,
                                     gsize                  n,
                                     guint                 *values);
guint   hearth_pair_table_lookup_run (HearthPairTable      *table,
                                     const guint32         *pairs,
                                     gsize                  n,
                                     guint                  first_value_if_new,
                                     guint                 *values);
void    hearth_pair_table_insert_new (HearthPairTable      *table,
                                     guint32                first,
                                     guint32                second,
                                     guint                  value);
void    hearth_pair_table_reserve   (HearthPairTable       *table,
                                     gsize                  n);
void    hearth_pair_table_insert_new_run (HearthPairTable  *table,
                                     const guint32         *triples,
                                     gsize                  n);

G_END_DECLS
