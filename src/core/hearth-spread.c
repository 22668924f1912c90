/* hearth-spread.c
 *
 * Copyright 2026 The Hearth authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#define G_LOG_DOMAIN "hearth-spread"

#include "hearth-spread.h"

#include <math.h>

#include "hearth-chain-match.h"
#include "hearth-report.h"

/**
 * HearthSpread:
 *
 * The bars of a merged profile's tree, each with its width in each run. Every run is walked
 * from the merged tree's root with every bar kept (a bar under the cutoff in one run is not
 * a missing one), and a bar is matched to the merged tree's by its chain of function keys
 * from the root, as `hearth --print spread` prints them. A chain that comes twice in a run
 * (the guard can make it) has its widths summed.
 */

/* One run's chains and widths from a root: the costly part, independent of the cutoff. */
typedef struct
{
  HearthProfile *run;
  gint           root;          /* in the run; -1 for its default */
  guint          max_repeat;
  GHashTable    *by_chain;      /* chain -> double width, summed */
} RunWalk;

static void
run_walk_free (RunWalk *walk)
{
  g_clear_object (&walk->run);
  g_clear_pointer (&walk->by_chain, g_hash_table_unref);
  g_free (walk);
}

struct _HearthSpread
{
  GObject         parent_instance;

  HearthCallTree *tree;
  guint           n_runs;
  double         *widths;       /* node * n_runs + run; NAN where the run has no such bar */
  RunWalk       **walks;        /* per run: its walk, which a new layout at the same root and
                                 * guard reuses (the walk keeps every bar: no cutoff) */
};

G_DEFINE_FINAL_TYPE (HearthSpread, hearth_spread, G_TYPE_OBJECT)

static void
hearth_spread_finalize (GObject *object)
{
  HearthSpread *self = HEARTH_SPREAD (object);

  g_clear_object (&self->tree);
  g_free (self->widths);
  for (guint r = 0; self->walks != NULL && r < self->n_runs; r++)
    if (self->walks[r] != NULL)
      run_walk_free (self->walks[r]);
  g_free (self->walks);

  G_OBJECT_CLASS (hearth_spread_parent_class)->finalize (object);
}

static void
hearth_spread_class_init (HearthSpreadClass *klass)
{
  G_OBJECT_CLASS (klass)->finalize = hearth_spread_finalize;
}

static void
hearth_spread_init (HearthSpread *self)
{
}

/* A run walked from @root, every bar kept. */
static HearthCallTree *
build_run_tree (HearthProfile  *run,
                gint            root,
                guint           max_repeat,
                GError        **error)
{
  HearthCallTreeOptions options = HEARTH_CALL_TREE_OPTIONS_INIT;

  options.cutoff = 0;
  options.max_repeat = max_repeat;
  options.root = root;
  return hearth_call_tree_new (run, &options, error);
}

typedef struct
{
  HearthCallTree *tree;
  GHashTable     *by_chain;     /* chain -> double width, summed */
} RunWidths;

static void
add_run_width (guint       node,
               const char *chain,
               gpointer    user_data)
{
  RunWidths *r = user_data;
  double width = hearth_call_tree_get_node (r->tree, node)->width;
  double *w = g_hash_table_lookup (r->by_chain, chain);

  if (w != NULL)
    *w += width;
  else
    g_hash_table_insert (r->by_chain, g_strdup (chain), g_memdup2 (&width, sizeof width));
}

typedef struct
{
  HearthSpread *self;
  GHashTable   *by_chain;
  guint         run;
} Fill;

static void
fill_node (guint       node,
           const char *chain,
           gpointer    user_data)
{
  Fill *f = user_data;
  const double *w = g_hash_table_lookup (f->by_chain, chain);

  f->self->widths[(gsize) node * f->self->n_runs + f->run] = w != NULL ? *w : NAN;
}

static RunWalk *
run_walk_new (HearthProfile  *run,
              gint            root,
              guint           max_repeat,
              GError        **error)
{
  g_autoptr (HearthCallTree) tree = build_run_tree (run, root, max_repeat, error);
  RunWalk *walk;
  RunWidths run_widths;

  if (tree == NULL)
    return NULL;
  walk = g_new0 (RunWalk, 1);
  walk->run = g_object_ref (run);
  walk->root = root;
  walk->max_repeat = max_repeat;
  walk->by_chain = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, g_free);
  run_widths = (RunWidths) { tree, walk->by_chain };
  hearth_report_foreach_chain (tree, add_run_width, &run_widths);
  return walk;
}

/* @previous's walk of run @r when it is of the same run from the same root and guard. */
static RunWalk *
reusable_walk (HearthSpread  *previous,
               guint          r,
               HearthProfile *run,
               gint           root,
               guint          max_repeat)
{
  RunWalk *walk;

  if (previous == NULL || r >= previous->n_runs || previous->walks == NULL)
    return NULL;
  walk = previous->walks[r];
  if (walk == NULL || walk->run != run || walk->root != root || walk->max_repeat != max_repeat)
    return NULL;
  return walk;
}

/**
 * hearth_spread_new:
 * @merged: the call tree of the merged profile
 * @runs: (array length=n_runs): the runs it was merged from
 * @n_runs: how many runs, at least one
 * @cancellable: (nullable): stops the walks between runs
 * @error: a run's walk failed, or the walks were cancelled
 *
 * Returns: (transfer full) (nullable): each bar of @merged with its width in each run
 */
HearthSpread *
hearth_spread_new (HearthCallTree        *merged,
                   HearthProfile * const *runs,
                   guint                  n_runs,
                   GCancellable          *cancellable,
                   GError               **error)
{
  return hearth_spread_new_reusing (NULL, merged, runs, n_runs, cancellable, error);
}

/**
 * hearth_spread_new_reusing:
 * @previous: (nullable): the spread of an earlier layout of the same merge
 * @merged: the call tree of the merged profile
 * @runs: (array length=n_runs): the runs it was merged from
 * @n_runs: how many runs, at least one
 * @cancellable: (nullable): stops the walks between runs
 * @error: a run's walk failed, or the walks were cancelled
 *
 * As hearth_spread_new(), but a run walked by @previous from the same root with the same
 * guard is not walked again: a new cutoff costs only the matching of the merged tree's bars.
 *
 * Returns: (transfer full) (nullable): each bar of @merged with its width in each run
 */
HearthSpread *
hearth_spread_new_reusing (HearthSpread          *previous,
                           HearthCallTree        *merged,
                           HearthProfile * const *runs,
                           guint                  n_runs,
                           GCancellable          *cancellable,
                           GError               **error)
{
  g_autoptr (HearthSpread) self = NULL;
  guint max_repeat;

  g_return_val_if_fail (previous == NULL || HEARTH_IS_SPREAD (previous), NULL);
  g_return_val_if_fail (HEARTH_IS_CALL_TREE (merged), NULL);
  g_return_val_if_fail (runs != NULL && n_runs > 0, NULL);

  self = g_object_new (HEARTH_TYPE_SPREAD, NULL);
  self->tree = g_object_ref (merged);
  self->n_runs = n_runs;
  self->widths = g_new (double, (gsize) hearth_call_tree_get_n_nodes (merged) * n_runs);
  self->walks = g_new0 (RunWalk *, n_runs);
  max_repeat = hearth_call_tree_get_options (merged)->max_repeat;

  for (guint r = 0; r < n_runs; r++)
    {
      /* a run without the merged root function gets its own default root: no chain of it
       * matches, and the run counts as having none of the bars */
      gint root = hearth_chain_match_root_in_run (merged, runs[r]);
      RunWalk *walk = reusable_walk (previous, r, runs[r], root, max_repeat);
      Fill fill;

      if (walk != NULL)
        {
          /* shared, never written after it is made */
          self->walks[r] = g_new0 (RunWalk, 1);
          *self->walks[r] = (RunWalk) { g_object_ref (walk->run), walk->root, walk->max_repeat,
                                        g_hash_table_ref (walk->by_chain) };
        }
      else if ((self->walks[r] = run_walk_new (runs[r], root, max_repeat, error)) == NULL)
        return NULL;
      if (g_cancellable_set_error_if_cancelled (cancellable, error))
        return NULL;
      fill = (Fill) { self, self->walks[r]->by_chain, r };
      hearth_report_foreach_chain (merged, fill_node, &fill);
    }
  return g_steal_pointer (&self);
}

/**
 * hearth_spread_get_tree:
 * @self: a #HearthSpread
 *
 * Returns: (transfer none): the merged tree whose node indices the spread takes
 */
HearthCallTree *
hearth_spread_get_tree (HearthSpread *self)
{
  g_return_val_if_fail (HEARTH_IS_SPREAD (self), NULL);
  return self->tree;
}

/**
 * hearth_spread_get_n_runs:
 * @self: a #HearthSpread
 *
 * Returns: how many runs were merged
 */
guint
hearth_spread_get_n_runs (HearthSpread *self)
{
  g_return_val_if_fail (HEARTH_IS_SPREAD (self), 0);
  return self->n_runs;
}

/**
 * hearth_spread_get_width:
 * @self: a #HearthSpread
 * @node: a node of the merged tree
 * @run: a run, from 0 in the order merged
 *
 * Returns: the bar's width in @run, NAN when @run has no such bar
 */
double
hearth_spread_get_width (HearthSpread *self,
                         guint         node,
                         guint         run)
{
  g_return_val_if_fail (HEARTH_IS_SPREAD (self), NAN);
  g_return_val_if_fail (node < hearth_call_tree_get_n_nodes (self->tree) && run < self->n_runs,
                        NAN);
  return self->widths[(gsize) node * self->n_runs + run];
}

/**
 * hearth_spread_get_stats:
 * @self: a #HearthSpread
 * @node: a node of the merged tree
 * @stats: (out caller-allocates): the bar's mean, min, max and coefficient of variation
 *   over the runs, a run without the bar counting 0
 */
void
hearth_spread_get_stats (HearthSpread      *self,
                         guint              node,
                         HearthSpreadStats *stats)
{
  const double *w;
  double sum = 0, squares = 0;

  g_return_if_fail (HEARTH_IS_SPREAD (self) && stats != NULL);
  g_return_if_fail (node < hearth_call_tree_get_n_nodes (self->tree));

  w = self->widths + (gsize) node * self->n_runs;
  *stats = (HearthSpreadStats) { .min = G_MAXDOUBLE, .n_runs = self->n_runs };
  for (guint r = 0; r < self->n_runs; r++)
    {
      double v = isnan (w[r]) ? 0 : w[r];

      stats->present += !isnan (w[r]);
      sum += v;
      stats->min = MIN (stats->min, v);
      stats->max = MAX (stats->max, v);
    }
  stats->mean = sum / self->n_runs;
  for (guint r = 0; r < self->n_runs; r++)
    {
      double d = (isnan (w[r]) ? 0 : w[r]) - stats->mean;

      squares += d * d;
    }
  if (self->n_runs > 1 && stats->mean > 0)
    stats->cv = sqrt (squares / (self->n_runs - 1)) / stats->mean;
}

/**
 * hearth_spread_is_noisy:
 * @self: a #HearthSpread
 * @node: a node of the merged tree
 *
 * Returns: whether the bar's width varies over the runs by a coefficient of variation above
 *   #HEARTH_SPREAD_NOISY_CV
 */
gboolean
hearth_spread_is_noisy (HearthSpread *self,
                        guint         node)
{
  HearthSpreadStats stats;

  hearth_spread_get_stats (self, node, &stats);
  return stats.cv > HEARTH_SPREAD_NOISY_CV;
}

/**
 * hearth_spread_has_noisy:
 * @self: a #HearthSpread
 *
 * Returns: whether any bar of the tree is noisy (so a legend needs to explain its mark)
 */
gboolean
hearth_spread_has_noisy (HearthSpread *self)
{
  guint n;

  g_return_val_if_fail (HEARTH_IS_SPREAD (self), FALSE);

  n = hearth_call_tree_get_n_nodes (hearth_spread_get_tree (self));
  for (guint i = 0; i < n; i++)
    if (hearth_spread_is_noisy (self, i))
      return TRUE;
  return FALSE;
}
