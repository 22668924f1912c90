/* hearth-flame-diff.c: two runs compared: for each chain of the second, its width in the
 * first, whether it is new, and whether the change is one of an estimate; the differential
 * colours follow from them.
 *
 * Copyright 2026 The Hearth authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#define G_LOG_DOMAIN "hearth-flame-renderer"

#include "hearth-flame-diff.h"

#include "hearth-chain-match.h"

/* Chains are matched by their sequence of (file basename, function name), line numbers
 * ignored: ids from a HearthChainIndex shared by both runs. */
/* The first run laid out again with no cutoff, so that a chain of the second run that was
 * merely too narrow for a bar of its own in the first does not count as new. */
static HearthCallTree *
fine_tree (HearthCallTree *tree)
{
  HearthCallTreeOptions options = *hearth_call_tree_get_options (tree);
  g_autoptr (GError) error = NULL;
  HearthCallTree *fine;

  options.cutoff = 0;
  options.node_budget = MIN (options.node_budget, 500000);
  fine = hearth_call_tree_new (hearth_call_tree_get_profile (tree), &options, &error);
  if (fine == NULL)
    {
      g_debug ("no finer layout of the first run: %s", error->message);
      return g_object_ref (tree);
    }
  return fine;
}

void
_hearth_flame_compute_changes (HearthFlameRenderer *self)
{
  Run *before = &self->runs[0];
  Run *after = &self->runs[1];
  g_autoptr (HearthCallTree) fine = fine_tree (before->tree);
  g_autoptr (HearthChainIndex) index = hearth_chain_index_new ();
  g_autofree guint *before_ids = NULL;
  g_autofree guint *after_ids = NULL;
  g_autoptr (GArray) width = g_array_new (FALSE, TRUE, sizeof (double));
  g_autoptr (GArray) flags = g_array_new (FALSE, TRUE, sizeof (guint8)); /* 1 seen, 2 estimated */
  guint n_fine = hearth_call_tree_get_n_nodes (fine);

  before_ids = hearth_chain_index_add_tree (index, fine);
  g_array_set_size (width, hearth_chain_index_get_n_chains (index));
  g_array_set_size (flags, hearth_chain_index_get_n_chains (index));
  for (guint i = 0; i < n_fine; i++)
    {
      const HearthNode *node = hearth_call_tree_get_node (fine, i);
      guint id = before_ids[i];

      g_array_index (width, double, id) += node->width;
      g_array_index (flags, guint8, id) |= 1;
      if (node->flags & HEARTH_NODE_ESTIMATED)
        g_array_index (flags, guint8, id) |= 2;
    }

  /* chains only the second run has get ids past the first run's: zero width, not seen */
  after_ids = hearth_chain_index_add_tree (index, after->tree);
  g_array_set_size (width, hearth_chain_index_get_n_chains (index));
  g_array_set_size (flags, hearth_chain_index_get_n_chains (index));
  after->change = g_new0 (double, MAX (after->n_nodes, 1));
  after->before_width = g_new0 (double, MAX (after->n_nodes, 1));
  after->diff_flags = g_new0 (guint8, MAX (after->n_nodes, 1));
  for (guint i = 0; i < after->n_nodes; i++)
    {
      guint id = after_ids[i];
      guint8 seen = g_array_index (flags, guint8, id);
      double was = g_array_index (width, double, id);

      after->before_width[i] = was;
      if (!(seen & 1))
        after->diff_flags[i] |= DIFF_NEW;
      if ((seen & 2) || (after->nodes[i].flags & HEARTH_NODE_ESTIMATED))
        after->diff_flags[i] |= DIFF_ESTIMATED;
      after->change[i] = before->total > 0 ? (after->nodes[i].width - was) / before->total : 0;
    }
}

gboolean
_hearth_flame_diff_colours (HearthFlameRenderer *self)
{
  return self->differential && self->n_runs == 2 && self->runs[1].change != NULL;
}

/**
 * hearth_flame_renderer_get_change:
 * @self: a #HearthFlameRenderer comparing two runs
 * @node: a bar of the second run
 * @before_width: (out) (optional): the width of the same chain in the first run
 * @is_new: (out) (optional): the first run has no such chain
 * @estimated: (out) (optional): the chain is estimated in either run: a change of a guess
 *
 * Returns: %FALSE when there is no comparison or no such bar
 */
gboolean
hearth_flame_renderer_get_change (HearthFlameRenderer *self,
                                  guint                node,
                                  double              *before_width,
                                  gboolean            *is_new,
                                  gboolean            *estimated)
{
  Run *after;

  g_return_val_if_fail (HEARTH_IS_FLAME_RENDERER (self), FALSE);

  after = &self->runs[1];
  if (self->n_runs < 2 || node >= after->n_nodes)
    return FALSE;
  if (before_width != NULL)
    *before_width = after->before_width[node];
  if (is_new != NULL)
    *is_new = (after->diff_flags[node] & DIFF_NEW) != 0;
  if (estimated != NULL)
    *estimated = (after->diff_flags[node] & DIFF_ESTIMATED) != 0;
  return TRUE;
}
