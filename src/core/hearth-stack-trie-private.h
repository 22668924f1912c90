/* hearth-stack-trie-private.h: a stack profile's stacks merged by frame, for the call
 * tree's stack walk.
 *
 * Copyright 2026 The Hearth authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include "hearth-profile.h"

G_BEGIN_DECLS

/* The merged stacks of a sampled profile: node 0 is the root. */
typedef struct
{
  GArray  *parent;      /* guint */
  GArray  *function;    /* guint */
  GArray  *weight;      /* double */
  guint   *child_offsets;
  guint   *child_index;
} HearthStackTrie;

/* The stacks from @root's first occurrence on (the whole run when @root is -1) merged by
 * frame; with @collapse, a frame calling itself is one node. */
HearthStackTrie *_hearth_stack_trie_new           (HearthProfile   *profile,
                                                   gint             root,
                                                   gboolean         collapse);
/* The stacks with @root on them, turned over under it: its callers, the nearest first. */
HearthStackTrie *_hearth_stack_trie_new_callers   (HearthProfile   *profile,
                                                   guint            root,
                                                   gboolean         collapse);
void             _hearth_stack_trie_free          (HearthStackTrie *trie);
void             _hearth_stack_trie_sort_children (HearthStackTrie *trie,
                                                   HearthProfile   *profile,
                                                   guint            t);

G_END_DECLS
