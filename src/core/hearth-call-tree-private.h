/* hearth-call-tree-private.h: the call tree's fields, shared by its layout and its queries.
 *
 * Copyright 2026 The Hearth authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include "hearth-call-tree.h"

G_BEGIN_DECLS

struct _HearthCallTree
{
  GObject                parent_instance;

  /* owned */
  HearthProfile         *profile;
  HearthCallTreeOptions  options;
  gint                   root_function;   /* -1 for the synthetic root `all` */
  gboolean               from_stacks;
  gboolean               callers;         /* walked down to callers (a sandwich's lower half) */
  gboolean               chart;           /* one bar per block of the timeline, in time order */

  /* the bars, in walk order (depth first, children widest first) */
  HearthNode            *nodes;
  double                *own_widths;      /* n_nodes: the own-time part of each self_width */
  guint                  n_nodes;
  guint                  max_depth;
  guint                 *child_offsets;   /* n_nodes + 1, into child_index */
  guint                 *child_index;
  guint                 *row_offsets;     /* max_depth + 2, into row_index */
  guint                 *row_index;

  /* what the walk found on the way */
  HearthShrink          *shrinks;
  guint                  n_shrinks;
  HearthMultiCaller     *multi_callers;
  guint                  n_multi_callers;
  HearthTreeLimits       limits;
  double                 budget_width;
  guint                  n_candidates;
};

/* Times layout accepts: beyond these a crafted file could overflow edge * width / cum. */
#define HEARTH_LAYOUT_MIN 1e-90
#define HEARTH_LAYOUT_MAX 1e90

/* A raw time as layout uses it: 0 when NaN, infinite, negative or out of range. */
static inline double
_hearth_layout_time (double value)
{
  return (value >= HEARTH_LAYOUT_MIN && value <= HEARTH_LAYOUT_MAX) ? value : 0.0;
}

/* Builds the child lists and rows of bars in walk order (hearth-call-tree.c). */
void _hearth_call_tree_index (HearthCallTree *self);

/* Orders two functions by file, line, name (then frame text and index, which only stack
 * profiles can need). */
gint _hearth_call_tree_compare_functions (HearthProfile *profile,
                                          guint          a,
                                          guint          b);

G_END_DECLS
