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

G_END_DECLS
