/* hearth-profile-finish.c: sealing a profile: edges deduplicated and indexed, stack
 * profiles' numbers derived
 *
 * Copyright 2026 The Hearth authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#define G_LOG_DOMAIN "hearth-profile"

#include "hearth-profile-instance.h"

#include <glib/gi18n-lib.h>
#include <string.h>

/* Finishing -------------------------------------------------------------------------------- */

/* Whether each callee's edges are one run, as a pstats file gives them (a callers dict per
 * function), unless a key repeats. */
static gboolean
edges_grouped_by_callee (HearthProfile *self)
{
  g_autofree guint8 *seen = g_new0 (guint8, self->functions->len);
  guint previous = G_MAXUINT;

  for (guint i = 0; i < self->n_edges; i++)
    {
      guint callee = self->edges[i].callee;

      if (callee == previous)
        continue;
      if (seen[callee])
        return FALSE;
      seen[callee] = 1;
      previous = callee;
    }
  return TRUE;
}

/* Drops edges voided by a later duplicate key, and earlier duplicates of a caller -> callee
 * pair (Python's dict keeps the last value). Keeps file order otherwise. */
static void
dedupe_edges (HearthProfile *self)
{
  guint n_functions = self->functions->len;
  guint n = self->n_edges;
  g_autofree guint *threshold = NULL;
  g_autofree guint *last_seen = NULL;
  g_autofree guint32 *drop = NULL;
  HearthEdge *edges = self->edges;
  guint kept = 0, n_dropped = 0;

  if (n == 0)
    return;

  if (self->clears->len > 0)
    threshold = g_new0 (guint, n_functions);
  for (guint i = 0; i + 1 < self->clears->len; i += 2)
    {
      guint callee = g_array_index (self->clears, guint, i);
      guint at = g_array_index (self->clears, guint, i + 1);

      threshold[callee] = MAX (threshold[callee], at);
    }

  /* Walking a callee's edges backwards, the first sighting of a pair is the one that wins.
   * The stamp packs the pair's callee: a caller's last_seen holds callee + 1 of the newest
   * pair it was seen in, which is enough because edges of one callee are walked together. */
  drop = g_new0 (guint32, n / 32 + 1);
  last_seen = g_new0 (guint, n_functions);
  if (edges_grouped_by_callee (self))
    {
      /* each callee's edges are together already: one walk back over them all */
      for (guint i = n; i-- > 0;)
        {
          guint f = edges[i].callee;

          if ((threshold != NULL && i < threshold[f]) || last_seen[edges[i].caller] == f + 1)
            {
              drop[i / 32] |= 1u << (i % 32);
              n_dropped++;
            }
          else
            last_seen[edges[i].caller] = f + 1;
        }
    }
  else
    {
      g_autofree guint *by_callee = NULL;
      g_autofree guint *offsets = g_new0 (guint, n_functions + 1);

      for (guint i = 0; i < n; i++)
        offsets[edges[i].callee + 1]++;
      for (guint f = 0; f < n_functions; f++)
        offsets[f + 1] += offsets[f];
      by_callee = g_new (guint, n);
      {
        g_autofree guint *fill = g_memdup2 (offsets, sizeof (guint) * (n_functions + 1));

        for (guint i = 0; i < n; i++)
          by_callee[fill[edges[i].callee]++] = i;
      }

      for (guint f = 0; f < n_functions; f++)
        for (guint k = offsets[f + 1]; k > offsets[f]; k--)
          {
            guint i = by_callee[k - 1];

            if ((threshold != NULL && i < threshold[f]) ||
                last_seen[edges[i].caller] == f + 1)
              {
                drop[i / 32] |= 1u << (i % 32);
                n_dropped++;
              }
            else
              last_seen[edges[i].caller] = f + 1;
          }
    }

  if (n_dropped == 0)
    return;
  for (guint i = 0; i < n; i++)
    if (!(drop[i / 32] & (1u << (i % 32))))
      edges[kept++] = edges[i];
  self->n_edges = kept;
}

/* Per function, while the edges are counted: its edges as caller, and the callee of the run
 * of edges it was last seen in as caller (+ 1). Together, for one place in memory a step. */
typedef struct
{
  guint count;
  guint stamp;
} CallerTally;

/* Counts each function's edges as caller into @by_caller[f + 1] (zeroed); tells whether no
 * caller is twice in a run of edges of one callee. */
static gboolean
count_by_caller (HearthProfile *self,
                 guint         *by_caller)
{
  guint n_functions = self->functions->len;
  g_autofree CallerTally *tally = g_new0 (CallerTally, n_functions);
  gboolean clean = TRUE;

  for (guint i = 0; i < self->n_edges; i++)
    {
      guint caller = self->edges[i].caller;
      guint callee = self->edges[i].callee;

      if (tally[caller].stamp == callee + 1)
        clean = FALSE;
      tally[caller].stamp = callee + 1;
      tally[caller].count++;
    }
  for (guint f = 0; f < n_functions; f++)
    by_caller[f + 1] = tally[f].count;
  return clean;
}

/* Counts each function's edges as callee into @by_callee[f + 1] (zeroed); tells whether
 * each callee's edges are one run (a callers dict). */
static gboolean
count_by_callee (HearthProfile *self,
                 guint         *by_callee)
{
  g_autofree guint8 *had_run = g_new0 (guint8, self->functions->len);
  guint previous = G_MAXUINT;
  gboolean clean = TRUE;

  for (guint i = 0; i < self->n_edges; i++)
    {
      guint callee = self->edges[i].callee;

      if (callee != previous)
        {
          if (had_run[callee])
            clean = FALSE;
          had_run[callee] = 1;
          previous = callee;
        }
      by_callee[callee + 1]++;
    }
  return clean;
}

/* How many edges ahead the index by caller fetches the place of an edge. */
#define BUILD_AHEAD 16

/* The edges grouped by caller (@by_caller) or by callee, from the counts of count_by_caller()
 * or count_by_callee() (taken: the offsets of each function's run), with a stable counting
 * sort: one pass over the edges. By caller the places are written at random in an array
 * larger than the caches, each fetched some edges ahead (it moves on only if that caller
 * comes between); by callee they come nearly in turn. */
static void
index_edges_by (HearthProfile  *self,
                gboolean        by_caller,
                guint          *counts,
                guint         **offsets_out,
                guint         **index_out)
{
  guint n_functions = self->functions->len;
  guint n = self->n_edges;
  const HearthEdge *edges = self->edges;
  guint *index = g_new (guint, MAX (n, 1));
  g_autofree guint *fill = NULL;

  for (guint f = 0; f < n_functions; f++)
    counts[f + 1] += counts[f];
  fill = g_memdup2 (counts, sizeof (guint) * (n_functions + 1));
  for (guint i = 0; i < n; i++)
    {
      if (by_caller && i + BUILD_AHEAD < n)
        __builtin_prefetch (&index[fill[edges[i + BUILD_AHEAD].caller]], 1);
      index[fill[by_caller ? edges[i].caller : edges[i].callee]++] = i;
    }
  *offsets_out = counts;
  *index_out = index;
}

/* The side by caller, counted and indexed; on a thread of its own for a large profile. */
typedef struct
{
  HearthProfile *self;
  gboolean       clean;
} CallerSide;

static gpointer
index_callers_side (gpointer data)
{
  CallerSide *side = data;
  HearthProfile *self = side->self;
  guint *by_caller = g_new0 (guint, self->functions->len + 1);

  side->clean = count_by_caller (self, by_caller);
  index_edges_by (self, TRUE, by_caller, &self->callee_offsets, &self->callee_index);
  return NULL;
}

/* From this many edges, the edges are indexed by caller on a second thread while they are
 * indexed by callee: each side one sweep of its own over an array far larger than the
 * caches. */
#define EDGES_PARALLEL_FROM (1u << 18)

/* Counts and indexes the edges both ways. Returns whether they are clean: each callee's edges
 * are one run (a callers dict), and no caller is twice in a run. Edges that are not need
 * dedupe_edges() and indexing again. */
static gboolean
index_edges (HearthProfile *self)
{
  CallerSide side = { self, FALSE };
  GThread *thread = NULL;
  guint *by_callee = g_new0 (guint, self->functions->len + 1);
  gboolean clean;

  if (self->n_edges >= EDGES_PARALLEL_FROM && _hearth_second_thread_allowed ())
    thread = g_thread_try_new ("hearth-index", index_callers_side, &side, NULL);
  clean = count_by_callee (self, by_callee);
  index_edges_by (self, FALSE, by_callee, &self->caller_offsets, &self->caller_index);
  if (thread != NULL)
    g_thread_join (thread);
  else
    index_callers_side (&side);
  return clean && side.clean;
}

static void
clear_indexes (HearthProfile *self)
{
  g_clear_pointer (&self->callee_offsets, g_free);
  g_clear_pointer (&self->callee_index, g_free);
  g_clear_pointer (&self->caller_offsets, g_free);
  g_clear_pointer (&self->caller_index, g_free);
}

/* Sums of huge counts can pass 2^63, where a plain cast is undefined. */
static gint64
count_from_weight (double weight)
{
  return weight >= 9.2e18 ? G_MAXINT64 : (gint64) weight;
}

/* Per stack node: the weight and the number of the stacks at or below it. */
typedef struct
{
  double  weight;
  guint64 n_stacks;
} StackSums;

/* From this many nodes, the sums and the order are made on a second thread while the edges
 * are numbered: sweeps of their own over arrays far larger than the caches. */
#define STACK_PARALLEL_FROM (1u << 18)

typedef struct
{
  HearthProfile *self;
  StackSums     *sums;
  guint         *order;
  guint         *sizes;
} StackSumsJob;

/* Each node's subtree sums, and into @sizes the number of its nodes, from one sweep back over
 * the nodes: a parent comes before its children. */
static void
stack_subtree_sums (HearthProfile *self,
                    StackSums     *sums,
                    guint         *sizes)
{
  const HearthStackNode *nodes = (const HearthStackNode *) (void *) self->stack_nodes->data;
  guint n = self->stack_nodes->len;

  for (guint i = 0; i < n; i++)
    {
      sums[i].weight = nodes[i].weight;
      sums[i].n_stacks = nodes[i].n_stacks;
      sizes[i] = 1;
    }
  for (guint i = n - 1; i > 0; i--)
    {
      guint parent = nodes[i].parent;

      sums[parent].weight = saturating_add (self, sums[parent].weight, sums[i].weight);
      sums[parent].n_stacks += sums[i].n_stacks;
      sizes[parent] += sizes[i];
    }
}

/* Fills @order with the nodes in depth-first order, each node's children in the order they
 * were made, from the subtree sizes (@sizes, used up): a node's subtree is one run of the
 * order, its children's runs one after the other. One sweep over the nodes places them all,
 * with no lists of children; and as readers make the new nodes of a stack one after another,
 * which makes them one run here as well, the walk in this order reads the nodes nearly in
 * turn. */
static void
stack_depth_first_order (HearthProfile *self,
                         guint         *sizes,
                         guint         *order)
{
  const HearthStackNode *nodes = (const HearthStackNode *) (void *) self->stack_nodes->data;
  guint n = self->stack_nodes->len;

  /* from here on, sizes[i] of a node placed is where its next child goes */
  order[0] = 0;
  sizes[0] = 1;
  for (guint i = 1; i < n; i++)
    {
      guint parent = nodes[i].parent;
      guint at = sizes[parent];

      sizes[parent] += sizes[i];
      sizes[i] = at + 1;
      order[at] = i;
    }
}

static gpointer
stack_sums_and_order (gpointer data)
{
  StackSumsJob *job = data;

  stack_subtree_sums (job->self, job->sums, job->sizes);
  stack_depth_first_order (job->self, job->sizes, job->order);
  return NULL;
}

/* How many stack nodes have their edges looked up in one run of the pair table. */
#define STACK_EDGE_RUN 4096

/* The edge of each stack node (its parent's function -> its function), G_MAXUINT under the
 * root; edges are numbered in the order the file first shows them. The pairs are looked up
 * a run of nodes at a time, so that the table's slots (far beyond the caches for a large
 * file) are fetched ahead; new pairs in a run take the next numbers in turn, as one lookup
 * per node would give them. */
static guint *
stack_node_edges (HearthProfile *self)
{
  const HearthStackNode *nodes = (const HearthStackNode *) (void *) self->stack_nodes->data;
  guint n = self->stack_nodes->len;
  guint *edge_of = g_new (guint, n);
  g_autofree guint32 *pairs = g_new (guint32, 2 * STACK_EDGE_RUN);
  g_autofree guint *at = g_new (guint, STACK_EDGE_RUN);
  g_autofree guint *values = g_new (guint, STACK_EDGE_RUN);
  HearthPairTable table;

  hearth_pair_table_init (&table);
  self->n_edges = 0;
  edge_of[0] = G_MAXUINT;
  for (guint i = 1; i < n;)
    {
      guint run = 0;

      for (; i < n && run < STACK_EDGE_RUN; i++)
        {
          /* a parent is often far before its child (the first new node of a stack under
           * an old one): asked for ahead */
          if (i + 16 < n)
            __builtin_prefetch (&nodes[nodes[i + 16].parent]);
          if (nodes[i].parent == 0)
            {
              edge_of[i] = G_MAXUINT;
              continue;
            }
          pairs[2 * run] = nodes[nodes[i].parent].function;
          pairs[2 * run + 1] = nodes[i].function;
          at[run++] = i;
        }
      hearth_pair_table_lookup_run (&table, pairs, run, self->n_edges, values);
      for (guint k = 0; k < run; k++)
        {
          /* a new pair's number is the next edge's */
          if (values[k] == self->n_edges)
            {
              HearthEdge fresh = { pairs[2 * k], pairs[2 * k + 1], 0, 0, 0, 0 };

              append_edge (self, &fresh);
            }
          edge_of[at[k]] = values[k];
        }
    }
  hearth_pair_table_clear (&table);
  return edge_of;
}

/* A node on the path of the walk, with the function or edge it opened. */
typedef struct
{
  guint node;
  guint key;
} StackOpen;

/* The walk of the trie in @order, keeping what is open on the current path: counts each
 * node into its function, or with @edge_of into its edge (G_MAXUINT: none). Its subtree is
 * counted unless an ancestor's counts it already (recursion), so that each stack counts a
 * function and an edge once. */
static void
stack_walk (HearthProfile   *self,
            const StackSums *sums,
            const guint     *order,
            const guint     *edge_of,
            gboolean        *overflowed)
{
  const HearthStackNode *nodes = (const HearthStackNode *) (void *) self->stack_nodes->data;
  HearthFunction *functions = (HearthFunction *) (void *) self->functions->data;
  guint n = self->stack_nodes->len;
  guint n_keys = edge_of != NULL ? self->n_edges : self->functions->len;
  g_autofree guint *open = g_new0 (guint, MAX (n_keys, 1));
  g_autofree StackOpen *path = g_new (StackOpen, n);
  guint depth = 0;

  path[depth++] = (StackOpen) { 0, G_MAXUINT };
  for (guint k = 1; k < n; k++)
    {
      guint i = order[k];
      guint key = edge_of != NULL ? edge_of[i] : nodes[i].function;
      gboolean first;

      /* the order jumps from run to run: its nodes are asked for further ahead, and then
       * the functions and edges they name, read at random */
      if (k + 32 < n)
        {
          guint further = order[k + 32];

          __builtin_prefetch (&nodes[further]);
          __builtin_prefetch (&sums[further]);
          if (edge_of != NULL)
            __builtin_prefetch (&edge_of[further]);
        }
      if (k + 16 < n)
        {
          guint ahead = order[k + 16];

          if (edge_of == NULL)
            __builtin_prefetch (&functions[nodes[ahead].function]);
          else if (edge_of[ahead] != G_MAXUINT)
            __builtin_prefetch (&self->edges[edge_of[ahead]]);
        }
      while (path[depth - 1].node != nodes[i].parent)
        {
          depth--;
          if (path[depth].key != G_MAXUINT)
            open[path[depth].key]--;
        }
      path[depth++] = (StackOpen) { i, key };
      if (key == G_MAXUINT)
        continue;
      first = open[key]++ == 0;
      if (edge_of == NULL)
        {
          HearthFunction *f = &functions[key];

          f->own = capped_add (overflowed, f->own, nodes[i].weight);
          f->prim_calls += nodes[i].n_stacks;
          if (first)
            {
              f->cum = capped_add (overflowed, f->cum, sums[i].weight);
              f->calls += sums[i].n_stacks;
            }
        }
      else
        {
          HearthEdge *edge = &self->edges[key];

          edge->own = capped_add (overflowed, edge->own, nodes[i].weight);
          if (first)
            {
              edge->cum = capped_add (overflowed, edge->cum, sums[i].weight);
              edge->calls += sums[i].n_stacks;
              edge->prim_calls += sums[i].n_stacks;
            }
        }
    }
}

/* The functions' walk, on a thread of its own. */
typedef struct
{
  HearthProfile   *self;
  const StackSums *sums;
  const guint     *order;
  gboolean         overflowed;
} StackWalkJob;

static gpointer
stack_walk_functions (gpointer data)
{
  StackWalkJob *job = data;

  stack_walk (job->self, job->sums, job->order, NULL, &job->overflowed);
  return NULL;
}

/* For stack profiles: each function's own and cumulative weight, and the caller -> callee
 * edges, counted once per stack however often recursion repeats them in it, in walks of the
 * stack trie, depth first. @spare (taken) has room for two guint per node: the first
 * children's memory, done with, whose pages are in already. */
static void
derive_from_stacks (HearthProfile *self,
                    guint         *spare)
{
  guint n = self->stack_nodes->len;
  guint n_functions = self->functions->len;
  g_autofree StackSums *sums = g_new (StackSums, n);
  g_autofree guint *order = spare;
  g_autofree guint *edge_of = NULL;
  HearthFunction *functions = (HearthFunction *) (void *) self->functions->data;
  StackSumsJob job = { self, sums, order, order + n };
  GThread *summing = NULL;

  /* The arrays by node (the nodes, their sums, the order, their edges) are written in
   * turn and read nearly so: they keep small pages, not the huge ones that
   * hearth_memory_advise_large () asks for tables read at random. When reads follow one
   * another the TLB misses little anyway, and on a virtual machine that gives freed memory
   * back to its host the first touch of a huge page costs far more: on the 2-core
   * benchmark machine, 512 MB were first written at 0.3 to 4.4 GB/s in huge pages, at a
   * steady 1.8 GB/s in small ones. */
  if (n >= STACK_PARALLEL_FROM && _hearth_second_thread_allowed ())
    summing = g_thread_try_new ("hearth-sums", stack_sums_and_order, &job, NULL);
  edge_of = stack_node_edges (self);
  if (summing != NULL)
    g_thread_join (summing);
  else
    stack_sums_and_order (&job);
  self->total = sums[0].weight;

  {
    StackWalkJob walk = { self, sums, order, FALSE };
    GThread *walking = NULL;

    /* the functions and the edges are counted in two walks at once */
    if (summing != NULL)
      walking = g_thread_try_new ("hearth-walk", stack_walk_functions, &walk, NULL);
    if (walking == NULL)
      stack_walk_functions (&walk);
    stack_walk (self, sums, order, edge_of, &self->overflowed);
    if (walking != NULL)
      g_thread_join (walking);
    self->overflowed |= walk.overflowed;
  }

  /* Sample counts are what users expect to read as "calls" when weights are counts. */
  if (!self->fractional && self->unit == HEARTH_UNIT_SAMPLES)
    {
      for (guint f = 0; f < n_functions; f++)
        {
          functions[f].calls = count_from_weight (functions[f].cum);
          functions[f].prim_calls = count_from_weight (functions[f].own);
        }
      for (guint e = 0; e < self->n_edges; e++)
        {
          HearthEdge *edge = &self->edges[e];

          edge->calls = edge->prim_calls = count_from_weight (edge->cum);
        }
    }
}

void
_hearth_profile_finish (HearthProfile *self)
{
  g_autofree guint *spare = NULL;
  gboolean repeated;

  g_return_if_fail (HEARTH_IS_PROFILE (self) && !self->finished);

  self->total = 0;
  hearth_pair_table_clear (&self->stack_table);
  G_STATIC_ASSERT (sizeof (HearthStackFirst) == 2 * sizeof (guint));
  g_assert (self->stack_first->len == self->stack_nodes->len);
  spare = (guint *) (void *) g_array_free (g_steal_pointer (&self->stack_first), FALSE);
  /* Lookups after this point never insert, and the strings tables are no longer needed:
   * free them before the stacks are counted and the indexes built, when a large profile
   * peaks. */
  _hearth_profile_drop_tables (self);
  if (self->n_stacks > 0)
    derive_from_stacks (self, g_steal_pointer (&spare));
  else
    for (guint f = 0; f < self->functions->len; f++)
      self->total = saturating_add (self, self->total,
                                    hearth_profile_clamp (g_array_index (self->functions,
                                                                         HearthFunction, f).own));
  if (self->overflowed)
    g_ptr_array_add (self->warnings,
                     g_strdup_printf (_("times or weights add up to more than %g, capped there"),
                                      G_MAXDOUBLE));

  /* A stack profile's edges are distinct pairs by construction. A repeated key voids the
   * callers of its earlier entries: they go before the edges are indexed. Otherwise the
   * indexing tells whether some pair repeats (two keys that read the same). */
  repeated = self->clears != NULL && self->clears->len > 0 && self->n_stacks == 0;
  if (repeated)
    dedupe_edges (self);
  if (!index_edges (self) && !repeated && self->n_stacks == 0)
    {
      clear_indexes (self);
      dedupe_edges (self);
      index_edges (self);
    }
  g_clear_pointer (&self->clears, g_array_unref);

  g_ptr_array_add (self->warnings, NULL);
  self->finished = TRUE;
}

