/* hearth-call-tree-chart.c: a flame chart as a call tree: one bar per block of the timeline.
 *
 * Copyright 2026 The Hearth authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * The chart's bars are the timeline's blocks, left where they start on the clock, under the
 * synthetic root `all` that spans the whole clock. Nothing is merged, so whatever reads a
 * call tree (the renderer, hit-testing, search, selection, zoom) reads the chart as well.
 */

#define G_LOG_DOMAIN "hearth-call-tree"

#include <glib/gi18n-lib.h>

#include "hearth-call-tree-private.h"
#include "hearth-timeline.h"

/* Blocks narrower than this share of the clock get no bar, nor do the blocks above them. */
#define CHART_FLOOR HEARTH_CALL_TREE_FLOOR

static void
add_root (GArray *nodes,
          double  length)
{
  HearthNode root = { G_MAXUINT, G_MAXUINT, 0, 0, 0, length, length, 0, length, length, 1.0 };

  g_array_append_val (nodes, root);
}

/* The blocks as bars: a block's parent is the last bar one level down. A block outside its
 * parent (a file whose calls overlap) is cut to fit, so that every bar lies inside it. */
static void
add_blocks (HearthCallTree *self,
            GArray         *nodes,
            GArray         *blocks,
            double          floor)
{
  g_autoptr (GArray) open = g_array_new (FALSE, FALSE, sizeof (guint));
  guint skip_above = G_MAXUINT, zero = 0;

  g_array_append_val (open, zero);
  for (guint i = 0; i < blocks->len; i++)
    {
      const HearthTimelineBlock *b = &g_array_index (blocks, HearthTimelineBlock, i);
      guint depth = MIN (b->depth + 1, open->len);
      HearthNode node = { b->function, 0, depth, 0, b->start, b->duration, 0, 0, 0, 0, 1.0 };
      const HearthNode *parent;
      double end;

      if (skip_above != G_MAXUINT && depth > skip_above)
        continue;
      skip_above = G_MAXUINT;
      g_array_set_size (open, depth);
      node.parent = g_array_index (open, guint, depth - 1);
      parent = &g_array_index (nodes, HearthNode, node.parent);
      end = MIN (node.left + node.width, parent->left + parent->width);
      node.left = MAX (node.left, parent->left);
      node.width = end - node.left;
      if (!(node.width >= floor) || node.width <= 0)
        {
          if (node.width > 0)
            self->limits |= HEARTH_TREE_LIMIT_FLOOR;
          skip_above = depth;
          continue;
        }
      node.self_width = node.low = node.high = node.width;
      g_array_index (nodes, HearthNode, node.parent).self_width -= node.width;
      self->max_depth = MAX (self->max_depth, depth);
      g_array_append_val (open, nodes->len);
      g_array_append_val (nodes, node);
    }
}

/**
 * hearth_call_tree_new_chart:
 * @profile: a finished profile that keeps time order (hearth_profile_get_timeline())
 * @error: where to say that it keeps none
 *
 * Lays out the flame chart of @profile: the root `all` spans the timeline's clock and every
 * block of the timeline is a bar of its own, @left where it starts, its children in time
 * order. Blocks narrower than #HEARTH_CALL_TREE_FLOOR of the clock are left out (with the
 * blocks above them). Safe to call in a thread.
 *
 * Returns: (transfer full): the chart, or %NULL with @error set (G_IO_ERROR_NOT_SUPPORTED)
 */
HearthCallTree *
hearth_call_tree_new_chart (HearthProfile  *profile,
                            GError        **error)
{
  static const HearthCallTreeOptions defaults = HEARTH_CALL_TREE_OPTIONS_INIT;
  HearthTimeline *timeline;
  g_autoptr (HearthCallTree) self = NULL;
  g_autoptr (GArray) blocks = NULL;
  GArray *nodes;
  double length;

  g_return_val_if_fail (HEARTH_IS_PROFILE (profile), NULL);
  g_return_val_if_fail (error == NULL || *error == NULL, NULL);

  timeline = hearth_profile_get_timeline (profile);
  if (timeline == NULL)
    {
      g_set_error (error, G_IO_ERROR, G_IO_ERROR_NOT_SUPPORTED, _("keeps no time order (%s)"),
                   hearth_profile_format_to_string (hearth_profile_get_format (profile)));
      return NULL;
    }

  self = g_object_new (HEARTH_TYPE_CALL_TREE, NULL);
  self->profile = g_object_ref (profile);
  self->options = defaults;
  self->options.cutoff = 0;
  self->from_stacks = hearth_profile_has_stacks (profile);
  self->chart = TRUE;

  length = hearth_timeline_get_length (timeline);
  blocks = hearth_timeline_get_blocks (timeline, profile);
  nodes = g_array_sized_new (FALSE, FALSE, sizeof (HearthNode), blocks->len + 1);
  add_root (nodes, length);
  add_blocks (self, nodes, blocks, CHART_FLOOR * length);
  g_clear_pointer (&blocks, g_array_unref);

  self->n_nodes = nodes->len;
  self->nodes = (HearthNode *) (void *) g_array_free (nodes, FALSE);
  self->own_widths = g_new (double, self->n_nodes);
  for (guint i = 0; i < self->n_nodes; i++)
    {
      self->nodes[i].self_width = MAX (self->nodes[i].self_width, 0);
      self->own_widths[i] = self->nodes[i].self_width;
    }
  _hearth_call_tree_index (self);
  self->shrinks = g_new (HearthShrink, 1);
  self->n_candidates = self->n_nodes;
  return g_steal_pointer (&self);
}

/**
 * hearth_call_tree_is_chart:
 * @self: a #HearthCallTree
 *
 * Returns: whether @self is a flame chart (its x axis a clock), not a merged tree
 */
gboolean
hearth_call_tree_is_chart (HearthCallTree *self)
{
  g_return_val_if_fail (HEARTH_IS_CALL_TREE (self), FALSE);

  return self->chart;
}
