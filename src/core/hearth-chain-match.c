/* hearth-chain-match.c
 *
 * Copyright 2026 The Hearth authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#define G_LOG_DOMAIN "hearth-chain-match"

#include "hearth-chain-match.h"
#include "hearth-path-private.h"
#include "hearth-profile-private.h"

#include <math.h>
#include <string.h>

#define FINE_NODE_BUDGET 500000

/* Chain index ------------------------------------------------------------------------------- */

struct _HearthChainIndex
{
  GHashTable *pairs;       /* "basename\x1fname" -> pair id + 1 */
  GHashTable *chains;      /* guint64 (parent chain + 1) << 32 | pair -> chain id + 1 */
};

/**
 * hearth_chain_index_new:
 *
 * Returns: (transfer full): an empty index
 */
HearthChainIndex *
hearth_chain_index_new (void)
{
  HearthChainIndex *index = g_new0 (HearthChainIndex, 1);

  index->pairs = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, NULL);
  index->chains = g_hash_table_new_full (g_int64_hash, g_int64_equal, g_free, NULL);
  return index;
}

/**
 * hearth_chain_index_free:
 * @index: (nullable): an index
 */
void
hearth_chain_index_free (HearthChainIndex *index)
{
  if (index == NULL)
    return;
  g_hash_table_unref (index->pairs);
  g_hash_table_unref (index->chains);
  g_free (index);
}

/* The name as cProfile records it (co_name): a sampler's co_qualname (`Steps.load`,
 * `helper.<locals>.<genexpr>`) ends with it, so both kinds of run meet. Built-ins and
 * other names in brackets are kept whole. */
static const char *
match_name (const char *name)
{
  const char *dot;

  if (name == NULL)
    return "";
  if (name[0] == '<' || (dot = strrchr (name, '.')) == NULL || dot[1] == '\0')
    return name;
  return dot + 1;
}

static guint
pair_id (HearthChainIndex *index,
         HearthProfile    *profile,
         guint             function)
{
  g_autofree char *key = NULL;
  gpointer found;

  /* the synthetic root of a stack profile */
  if (function >= hearth_profile_get_n_functions (profile))
    key = g_strdup ("\x1f" "all");
  else
    {
      const HearthFunction *f = hearth_profile_get_function (profile, function);
      const char *file = f->file != NULL ? f->file : "";

      key = g_strconcat (_hearth_path_base_name (file), "\x1f", match_name (f->name), NULL);
    }
  found = g_hash_table_lookup (index->pairs, key);
  if (found != NULL)
    return GPOINTER_TO_UINT (found) - 1;
  g_hash_table_insert (index->pairs, g_steal_pointer (&key),
                       GUINT_TO_POINTER (g_hash_table_size (index->pairs) + 1));
  return g_hash_table_size (index->pairs) - 1;
}

static guint
chain_id (HearthChainIndex *index,
          guint             parent_chain,
          guint             pair)
{
  guint64 key = (guint64) parent_chain << 32 | pair;
  gpointer found = g_hash_table_lookup (index->chains, &key);
  guint id;

  if (found != NULL)
    return GPOINTER_TO_UINT (found) - 1;
  id = g_hash_table_size (index->chains);
  g_hash_table_insert (index->chains, g_memdup2 (&key, sizeof key), GUINT_TO_POINTER (id + 1));
  return id;
}

/**
 * hearth_chain_index_add_tree:
 * @index: an index
 * @tree: a call tree
 *
 * Gives every bar of @tree the id of its chain; bars of other trees added to the same index
 * get the same id for the same chain.
 *
 * Returns: (transfer full) (array): a chain id per node of @tree (free with g_free())
 */
guint *
hearth_chain_index_add_tree (HearthChainIndex *index,
                             HearthCallTree   *tree)
{
  HearthProfile *profile;
  guint n_nodes, max_depth;
  guint *ids;

  g_return_val_if_fail (index != NULL, NULL);
  g_return_val_if_fail (HEARTH_IS_CALL_TREE (tree), NULL);

  profile = hearth_call_tree_get_profile (tree);
  n_nodes = hearth_call_tree_get_n_nodes (tree);
  max_depth = n_nodes > 0 ? hearth_call_tree_get_max_depth (tree) : 0;
  ids = g_new (guint, MAX (n_nodes, 1));

  /* row by row, so that a parent always has its id first */
  for (guint d = 0; n_nodes > 0 && d <= max_depth; d++)
    {
      guint n = 0;
      const guint *row = hearth_call_tree_get_row (tree, d, &n);

      for (guint i = 0; i < n; i++)
        {
          const HearthNode *node = hearth_call_tree_get_node (tree, row[i]);
          guint parent = node->parent < n_nodes ? ids[node->parent] + 1 : 0;

          ids[row[i]] = chain_id (index, parent, pair_id (index, profile, node->function));
        }
    }
  return ids;
}

/**
 * hearth_chain_index_get_n_chains:
 * @index: an index
 *
 * Returns: how many chain ids were handed out: every id is below it
 */
guint
hearth_chain_index_get_n_chains (HearthChainIndex *index)
{
  g_return_val_if_fail (index != NULL, 0);
  return g_hash_table_size (index->chains);
}

/* Chain match ------------------------------------------------------------------------------- */

struct _HearthChainMatch
{
  HearthCallTree *trees[2];
  guint          *ids[2];        /* per bar of each tree: its chain */
  gint           *widest[2];     /* per chain: its widest bar in each tree, or -1 */
  guint           n_chains;
  GArray         *changes;       /* HearthChainChange, largest change first */

  /* the verdicts */
  HearthVerdictTest test;
  guint           n_runs[2];     /* runs given on each side; 0: the tree is the one run */
  double         *run_self[2];   /* per chain, per run: its own time (chain * n_runs + run) */
  double         *samples[2];    /* per chain: its own samples, for the samples test */
  double          n_samples[2];  /* the samples under each side's root */
};

/* Per chain, summed over a run laid out without a cutoff. */
typedef struct
{
  double  self[2];
  double  width[2];
  guint8  present[2];
  guint8  estimated;
} ChainSums;

/* The run laid out again with no cutoff: a chain merely too narrow for a bar of its own in
 * one run is not new in the other. */
static HearthCallTree *
fine_tree (HearthCallTree *tree)
{
  HearthCallTreeOptions options = *hearth_call_tree_get_options (tree);
  g_autoptr (GError) error = NULL;
  HearthCallTree *fine;

  if (options.cutoff <= 0)
    return g_object_ref (tree);
  options.cutoff = 0;
  options.node_budget = MIN (options.node_budget, FINE_NODE_BUDGET);
  fine = hearth_call_tree_new (hearth_call_tree_get_profile (tree), &options, &error);
  if (fine == NULL)
    {
      g_debug ("no finer layout of the run: %s", error->message);
      return g_object_ref (tree);
    }
  return fine;
}

static void
sum_run (HearthChainIndex *index,
         HearthCallTree   *tree,
         guint             run,
         GArray           *sums)
{
  g_autoptr (HearthCallTree) fine = fine_tree (tree);
  g_autofree guint *ids = hearth_chain_index_add_tree (index, fine);
  guint n_nodes = hearth_call_tree_get_n_nodes (fine);

  g_array_set_size (sums, hearth_chain_index_get_n_chains (index));
  for (guint i = 0; i < n_nodes; i++)
    {
      const HearthNode *node = hearth_call_tree_get_node (fine, i);
      ChainSums *s = &g_array_index (sums, ChainSums, ids[i]);

      s->self[run] += isfinite (node->self_width) ? node->self_width : 0;
      s->width[run] += isfinite (node->width) ? node->width : 0;
      s->present[run] = TRUE;
      if (node->flags & HEARTH_NODE_ESTIMATED)
        s->estimated = TRUE;
    }
}

static void
find_widest (HearthChainMatch *self,
             guint             run)
{
  HearthCallTree *tree = self->trees[run];
  guint n_nodes = hearth_call_tree_get_n_nodes (tree);
  gint *widest = g_new (gint, MAX (self->n_chains, 1));

  for (guint c = 0; c < self->n_chains; c++)
    widest[c] = -1;
  for (guint i = 0; i < n_nodes; i++)
    {
      guint chain = self->ids[run][i];

      if (widest[chain] < 0 ||
          hearth_call_tree_get_node (tree, i)->width >
          hearth_call_tree_get_node (tree, widest[chain])->width)
        widest[chain] = (gint) i;
    }
  self->widest[run] = widest;
}

/* Runs ------------------------------------------------------------------------------------- */

/**
 * hearth_chain_match_root_in_run:
 * @tree: a call tree, of several runs merged say
 * @run: one run's profile
 *
 * So that a run's chains start where @tree's do.
 *
 * Returns: the function of @run that is @tree's root, or -1 (the run's own default root)
 *   for the synthetic root of stacks, or when the run lacks the function
 */
gint
hearth_chain_match_root_in_run (HearthCallTree *tree,
                                HearthProfile  *run)
{
  HearthProfile *profile;
  const HearthFunction *f;
  guint root;

  g_return_val_if_fail (HEARTH_IS_CALL_TREE (tree), -1);
  g_return_val_if_fail (HEARTH_IS_PROFILE (run), -1);

  profile = hearth_call_tree_get_profile (tree);
  if (hearth_call_tree_get_n_nodes (tree) == 0)
    return -1;
  root = hearth_call_tree_get_node (tree, 0)->function;
  if (root >= hearth_profile_get_n_functions (profile))
    return -1;
  f = hearth_profile_get_function (profile, root);
  if (f->frame == NULL)
    return hearth_profile_lookup (run, f->file, f->line, f->name);
  for (guint i = 0; i < hearth_profile_get_n_functions (run); i++)
    if (g_strcmp0 (hearth_profile_get_function (run, i)->frame, f->frame) == 0)
      return (gint) i;
  return -1;
}

static void
unref_tree (gpointer tree)
{
  if (tree != NULL)
    g_object_unref (tree);
}

/* Each run laid out like @tree, from its root and with every bar kept; NULL for a run that
 * could not be. */
static GPtrArray *
lay_out_runs (HearthCallTree        *tree,
              HearthProfile * const *runs,
              guint                  n_runs)
{
  GPtrArray *trees = g_ptr_array_new_with_free_func (unref_tree);

  for (guint r = 0; r < n_runs; r++)
    {
      HearthCallTreeOptions options = *hearth_call_tree_get_options (tree);
      g_autoptr (GError) error = NULL;
      HearthCallTree *run_tree;

      options.cutoff = 0;
      options.node_budget = MIN (options.node_budget, FINE_NODE_BUDGET);
      options.root = hearth_chain_match_root_in_run (tree, runs[r]);
      run_tree = hearth_call_tree_new (runs[r], &options, &error);
      if (run_tree == NULL)
        g_debug ("run %u not laid out: %s", r, error->message);
      g_ptr_array_add (trees, run_tree);
    }
  return trees;
}

static guint **
index_runs (HearthChainIndex *index,
            GPtrArray        *trees)
{
  guint **ids = g_new0 (guint *, MAX (trees->len, 1));

  for (guint r = 0; r < trees->len; r++)
    if (trees->pdata[r] != NULL)
      ids[r] = hearth_chain_index_add_tree (index, trees->pdata[r]);
  return ids;
}

/* A run missing from a side (not laid out) counts as having none of the chains. */
static void
sum_runs (HearthChainMatch *self,
          guint             side,
          GPtrArray        *trees,
          guint           **ids)
{
  guint n = trees->len;

  self->n_runs[side] = n;
  self->run_self[side] = g_new0 (double, (gsize) MAX (self->n_chains, 1) * MAX (n, 1));
  for (guint r = 0; r < n; r++)
    {
      HearthCallTree *tree = trees->pdata[r];

      for (guint i = 0; tree != NULL && i < hearth_call_tree_get_n_nodes (tree); i++)
        {
          double own = hearth_call_tree_get_node (tree, i)->self_width;

          self->run_self[side][(gsize) ids[r][i] * n + r] += isfinite (own) ? own : 0;
        }
      g_free (ids[r]);
    }
  g_free (ids);
}

/* Verdicts ---------------------------------------------------------------------------------- */

/* A stack profile whose weights are seconds (Hearth's sampler, py-spy's speedscope) again
 * with each stack weighing its number of samples: one sample that carried a long delay is
 * still one sample. */
static HearthProfile *
counts_profile (HearthProfile *profile)
{
  HearthProfile *counts = _hearth_profile_new (hearth_profile_get_format (profile),
                                               hearth_profile_get_kind (profile),
                                               HEARTH_UNIT_SAMPLES);
  guint n_functions = hearth_profile_get_n_functions (profile);
  g_autofree guint *map = g_new (guint, MAX (n_functions, 1));
  g_autofree guint *node_map = NULL;
  const HearthStackNode *nodes;
  guint n_nodes = 0;

  for (guint i = 0; i < n_functions; i++)
    {
      const HearthFunction *f = hearth_profile_get_function (profile, i);

      map[i] = f->frame != NULL
               ? _hearth_profile_intern_frame (counts, f->frame, f->file, f->line, f->name)
               : _hearth_profile_intern_function (counts, f->file, f->line, f->name);
    }
  nodes = hearth_profile_get_stack_nodes (profile, &n_nodes);
  node_map = g_new0 (guint, MAX (n_nodes, 1));
  for (guint i = 1; i < n_nodes; i++)
    {
      node_map[i] = _hearth_profile_stack_child (counts, node_map[nodes[i].parent],
                                                 map[nodes[i].function]);
      if (nodes[i].n_stacks > 0)
        _hearth_profile_add_stack_at (counts, node_map[i], nodes[i].n_stacks);
    }
  _hearth_profile_finish (counts);
  return counts;
}

/* The tree whose widths are sample counts: @tree itself when its unit is samples, else its
 * profile's stacks counted (NULL without stacks: a sampled pstats file keeps no counts). */
static HearthCallTree *
counts_tree (HearthCallTree *tree)
{
  HearthProfile *profile = hearth_call_tree_get_profile (tree);
  g_autoptr (HearthProfile) counts = NULL;
  g_autoptr (GPtrArray) trees = NULL;

  if (hearth_profile_get_unit (profile) == HEARTH_UNIT_SAMPLES)
    return fine_tree (tree);
  if (!hearth_profile_has_stacks (profile))
    return NULL;
  counts = counts_profile (profile);
  trees = lay_out_runs (tree, &counts, 1);
  return trees->pdata[0] != NULL ? g_object_ref (trees->pdata[0]) : NULL;
}

static gboolean
sampled_pair (HearthChainMatch *self)
{
  HearthProfile *a = hearth_call_tree_get_profile (self->trees[0]);
  HearthProfile *b = hearth_call_tree_get_profile (self->trees[1]);

  return hearth_profile_get_kind (a) == HEARTH_KIND_SAMPLED &&
         hearth_profile_get_kind (b) == HEARTH_KIND_SAMPLED &&
         hearth_profile_get_unit (a) == hearth_profile_get_unit (b);
}

/* Each side's samples per chain; no test when a side keeps no counts. */
static void
sum_samples (HearthChainMatch *self,
             HearthCallTree  **trees,
             guint           **ids)
{
  for (guint r = 0; r < 2; r++)
    {
      if (trees[r] == NULL)
        return;
      self->samples[r] = g_new0 (double, MAX (self->n_chains, 1));
      for (guint i = 0; i < hearth_call_tree_get_n_nodes (trees[r]); i++)
        {
          double own = hearth_call_tree_get_node (trees[r], i)->self_width;

          self->samples[r][ids[r][i]] += isfinite (own) ? own : 0;
        }
      self->n_samples[r] = hearth_call_tree_get_n_nodes (trees[r]) > 0
                           ? hearth_call_tree_get_node (trees[r], 0)->width : 0;
    }
}

static void
choose_test (HearthChainMatch *self)
{
  HearthProfile *a = hearth_call_tree_get_profile (self->trees[0]);
  HearthProfile *b = hearth_call_tree_get_profile (self->trees[1]);

  self->test = HEARTH_VERDICT_TEST_NONE;
  if (hearth_profile_get_kind (a) != hearth_profile_get_kind (b) ||
      hearth_profile_get_unit (a) != hearth_profile_get_unit (b))
    return;
  if (hearth_profile_get_kind (a) == HEARTH_KIND_SAMPLED)
    {
      if (self->samples[0] != NULL && self->samples[1] != NULL)
        self->test = HEARTH_VERDICT_TEST_SAMPLES;
    }
  else if (self->n_runs[0] >= 2 && self->n_runs[1] >= 2)
    self->test = HEARTH_VERDICT_TEST_RUNS;
}

static double
mean_of (const double *values,
         guint         n)
{
  double sum = 0;

  for (guint i = 0; i < n; i++)
    sum += values[i];
  return n > 0 ? sum / n : 0;
}

/* A chain's time on a side: the mean over its runs when runs were given, else the tree's. */
static double
side_value (HearthChainMatch *self,
            const ChainSums  *s,
            guint             side,
            guint             chain)
{
  guint n = self->n_runs[side];

  if (n == 0)
    return s->self[side];
  return mean_of (self->run_self[side] + (gsize) chain * n, n);
}

static HearthVerdict
verdict_of (HearthChainMatch *self,
            const ChainSums  *s,
            guint             chain)
{
  switch (self->test)
    {
    case HEARTH_VERDICT_TEST_SAMPLES:
      /* the samples of the drawn runs: with several runs a side, all of them added up */
      return hearth_verdict_from_samples (self->samples[0][chain], self->n_samples[0],
                                          self->samples[1][chain], self->n_samples[1]);
    case HEARTH_VERDICT_TEST_RUNS:
      return hearth_verdict_from_runs (self->run_self[0] + (gsize) chain * self->n_runs[0],
                                       self->n_runs[0],
                                       self->run_self[1] + (gsize) chain * self->n_runs[1],
                                       self->n_runs[1]);
    case HEARTH_VERDICT_TEST_NONE:
    default:
      return HEARTH_VERDICT_UNKNOWN;
    }
}

static gint
by_change (gconstpointer a,
           gconstpointer b)
{
  const HearthChainChange *ca = a;
  const HearthChainChange *cb = b;
  double da = fabs (ca->after - ca->before);
  double db = fabs (cb->after - cb->before);

  if (da != db)
    return da > db ? -1 : 1;
  /* equal changes: the first run's order, then the second's, so the order is stable */
  if (ca->before_node != cb->before_node)
    return ca->before_node < cb->before_node ? -1 : 1;
  return (ca->after_node > cb->after_node) - (ca->after_node < cb->after_node);
}

/* The chains drawn in either tree whose time changed: a chain's time here is what its last
 * function spends itself (its bar minus its callees' bars), so that a chain does not rank
 * high merely because something below it changed. */
static void
collect_changes (HearthChainMatch *self,
                 GArray           *sums)
{
  self->changes = g_array_new (FALSE, FALSE, sizeof (HearthChainChange));
  for (guint c = 0; c < self->n_chains; c++)
    {
      const ChainSums *s = &g_array_index (sums, ChainSums, c);
      HearthChainChange change;

      if (self->widest[0][c] < 0 && self->widest[1][c] < 0)
        continue;
      change.before = side_value (self, s, 0, c);
      change.after = side_value (self, s, 1, c);
      if (change.before == change.after)
        continue;
      change.before_node = self->widest[0][c];
      change.after_node = self->widest[1][c];
      change.flags = HEARTH_CHAIN_CHANGE_NONE;
      if (!s->present[0])
        change.flags |= HEARTH_CHAIN_CHANGE_NEW;
      if (!s->present[1])
        change.flags |= HEARTH_CHAIN_CHANGE_GONE;
      if (s->estimated)
        change.flags |= HEARTH_CHAIN_CHANGE_ESTIMATED;
      change.verdict = verdict_of (self, s, c);
      g_array_append_val (self->changes, change);
    }
  g_array_sort (self->changes, by_change);
}

/**
 * hearth_chain_match_new:
 * @before: the first run's tree
 * @after: the second run's tree
 *
 * Matches the bars of two trees by chain, and lists how each chain drawn in either changed.
 * Both runs are laid out again without a cutoff for the sums, so this can take a while on
 * a large profile: call it from a thread (the trees are immutable).
 *
 * Returns: (transfer full): the match
 */
HearthChainMatch *
hearth_chain_match_new (HearthCallTree *before,
                        HearthCallTree *after)
{
  return hearth_chain_match_new_runs (before, after, NULL, 0, NULL, 0);
}

/**
 * hearth_chain_match_new_runs:
 * @before: the first side's tree (of its runs merged, when there are several)
 * @after: the second side's tree
 * @before_runs: (array length=n_before) (nullable): the runs @before adds up, each on its own
 * @n_before: how many; 0 when @before is one run
 * @after_runs: (array length=n_after) (nullable): the same for @after
 * @n_after: how many
 *
 * As hearth_chain_match_new(), and with the runs of each side: a chain's time on a side is
 * then its mean per run, and several deterministic runs a side give each change a verdict
 * from the ranges of the runs. Sampled runs get theirs from the samples of the trees.
 *
 * Returns: (transfer full): the match
 */
HearthChainMatch *
hearth_chain_match_new_runs (HearthCallTree        *before,
                             HearthCallTree        *after,
                             HearthProfile * const *before_runs,
                             guint                  n_before,
                             HearthProfile * const *after_runs,
                             guint                  n_after)
{
  g_autoptr (HearthChainIndex) index = NULL;
  g_autoptr (GArray) sums = NULL;
  g_autoptr (GPtrArray) before_trees = NULL;
  g_autoptr (GPtrArray) after_trees = NULL;
  guint **run_ids[2];
  HearthCallTree *counts[2] = { NULL, NULL };
  guint *count_ids[2] = { NULL, NULL };
  HearthChainMatch *self;

  g_return_val_if_fail (HEARTH_IS_CALL_TREE (before), NULL);
  g_return_val_if_fail (HEARTH_IS_CALL_TREE (after), NULL);
  g_return_val_if_fail (n_before == 0 || before_runs != NULL, NULL);
  g_return_val_if_fail (n_after == 0 || after_runs != NULL, NULL);

  self = g_new0 (HearthChainMatch, 1);
  self->trees[0] = g_object_ref (before);
  self->trees[1] = g_object_ref (after);

  index = hearth_chain_index_new ();
  self->ids[0] = hearth_chain_index_add_tree (index, before);
  self->ids[1] = hearth_chain_index_add_tree (index, after);
  sums = g_array_new (FALSE, TRUE, sizeof (ChainSums));
  sum_run (index, before, 0, sums);
  sum_run (index, after, 1, sums);
  before_trees = lay_out_runs (before, before_runs, n_before);
  after_trees = lay_out_runs (after, after_runs, n_after);
  run_ids[0] = index_runs (index, before_trees);
  run_ids[1] = index_runs (index, after_trees);
  if (sampled_pair (self))
    for (guint r = 0; r < 2; r++)
      {
        counts[r] = counts_tree (self->trees[r]);
        if (counts[r] != NULL)
          count_ids[r] = hearth_chain_index_add_tree (index, counts[r]);
      }
  self->n_chains = hearth_chain_index_get_n_chains (index);
  g_array_set_size (sums, self->n_chains);
  sum_runs (self, 0, before_trees, run_ids[0]);
  sum_runs (self, 1, after_trees, run_ids[1]);
  sum_samples (self, counts, count_ids);
  for (guint r = 0; r < 2; r++)
    {
      g_clear_object (&counts[r]);
      g_free (count_ids[r]);
    }

  find_widest (self, 0);
  find_widest (self, 1);
  choose_test (self);
  collect_changes (self, sums);
  return self;
}

/**
 * hearth_chain_match_free:
 * @self: (nullable): a match
 */
void
hearth_chain_match_free (HearthChainMatch *self)
{
  if (self == NULL)
    return;
  for (guint r = 0; r < 2; r++)
    {
      g_clear_object (&self->trees[r]);
      g_free (self->ids[r]);
      g_free (self->widest[r]);
      g_free (self->run_self[r]);
      g_free (self->samples[r]);
    }
  g_clear_pointer (&self->changes, g_array_unref);
  g_free (self);
}

/**
 * hearth_chain_match_get_peer:
 * @self: a match
 * @run: the run of @node: 0 (before) or 1 (after)
 * @node: a bar of that run's tree
 *
 * Returns: the widest bar of the same chain in the other run's tree, or -1 when the other
 *   run has no such bar
 */
gint
hearth_chain_match_get_peer (HearthChainMatch *self,
                             guint             run,
                             guint             node)
{
  g_return_val_if_fail (self != NULL, -1);
  g_return_val_if_fail (run < 2, -1);

  if (node >= hearth_call_tree_get_n_nodes (self->trees[run]))
    return -1;
  return self->widest[1 - run][self->ids[run][node]];
}

/**
 * hearth_chain_match_get_changes:
 * @self: a match
 * @n_changes: (out): how many
 *
 * Returns: (array length=n_changes) (transfer none): the chains drawn in either run whose
 *   own time changed, largest absolute change first
 */
const HearthChainChange *
hearth_chain_match_get_changes (HearthChainMatch *self,
                                guint            *n_changes)
{
  g_return_val_if_fail (self != NULL, NULL);
  g_return_val_if_fail (n_changes != NULL, NULL);

  *n_changes = self->changes->len;
  return (const HearthChainChange *) (gpointer) self->changes->data;
}

/**
 * hearth_chain_match_get_tree:
 * @self: a match
 * @run: 0 (before) or 1 (after)
 *
 * Returns: (transfer none): the tree the bars of that run belong to
 */
HearthCallTree *
hearth_chain_match_get_tree (HearthChainMatch *self,
                             guint             run)
{
  g_return_val_if_fail (self != NULL, NULL);
  g_return_val_if_fail (run < 2, NULL);
  return self->trees[run];
}

/**
 * hearth_chain_match_get_test:
 * @self: a match
 *
 * Returns: the rule the verdicts of the changes come from
 */
HearthVerdictTest
hearth_chain_match_get_test (HearthChainMatch *self)
{
  g_return_val_if_fail (self != NULL, HEARTH_VERDICT_TEST_NONE);
  return self->test;
}

/**
 * hearth_chain_match_get_n_runs:
 * @self: a match
 * @run: 0 (before) or 1 (after)
 *
 * Returns: how many runs that side adds up: 1 unless runs were given
 */
guint
hearth_chain_match_get_n_runs (HearthChainMatch *self,
                               guint             run)
{
  g_return_val_if_fail (self != NULL, 0);
  g_return_val_if_fail (run < 2, 0);
  return MAX (self->n_runs[run], 1);
}
