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

/* Pairs of 32-bit ids (caller and callee, parent node and function) to a number, in an
 * open-addressing table with its own random key. */
typedef struct
{
  HearthHashKey  key;
  guint64       *pairs;
  guint         *values;   /* value + 1; 0 is empty */
  gsize          mask;
  gsize          used;
} HearthPairTable;

void    hearth_pair_table_init      (HearthPairTable       *table);
void    hearth_pair_table_clear     (HearthPairTable       *table);
guint   hearth_pair_table_lookup    (HearthPairTable       *table,
                                     guint32                first,
                                     guint32                second,
                                     guint                  value_if_new);

G_END_DECLS
