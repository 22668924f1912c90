/* hearth-call-tree-analysis.c: what the panes and `hearth --print` ask a call tree.
 *
 * Copyright 2026 The Hearth authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#define G_LOG_DOMAIN "hearth-call-tree"

#include "hearth-call-tree-private.h"
#include "hearth-path-private.h"

#include <math.h>
#include <string.h>

/**
 * hearth_call_tree_dup_chain:
 * @self: a call tree
 * @node: a node index
 * @n_nodes: (out): the length of the chain
 *
 * Returns: (transfer full): the nodes from the root to @node (included), root first
 */
guint *
hearth_call_tree_dup_chain (HearthCallTree *self,
                            guint           node,
                            guint          *n_nodes)
{
  guint *chain;
  guint depth;

  g_return_val_if_fail (HEARTH_IS_CALL_TREE (self), NULL);
  g_return_val_if_fail (node < self->n_nodes, NULL);
  g_return_val_if_fail (n_nodes != NULL, NULL);

  depth = self->nodes[node].depth;
  chain = g_new (guint, depth + 1);
  for (guint i = depth + 1, j = node; i > 0; i--, j = self->nodes[j].parent)
    chain[i - 1] = j;
  *n_nodes = depth + 1;

  return chain;
}

typedef struct
{
  const HearthNode *nodes;
  const double     *key;
} NodeOrder;

/* widest first, then walk order */
static int
compare_by_key (const void *a,
                const void *b,
                void       *data)
{
  const NodeOrder *o = data;
  guint x = *(const guint *) a, y = *(const guint *) b;

  if (o->key[x] != o->key[y])
    return o->key[x] > o->key[y] ? -1 : 1;
  return (x > y) - (x < y);
}

/**
 * hearth_call_tree_dup_widest_chains:
 * @self: a call tree
 * @n_chains: (out): how many chains there are
 *
 * The chains ranked by the self time of their top bar (HearthNode.self_width: its width less
 * its child bars and its guarded part, callees under the cutoff included, as
 * hearth_report_folded() writes it), largest first, ties in walk order: the first is the
 * place where the program spends most of its time itself. Bars without self time are left
 * out, and so is the synthetic root `all` of a stack profile, which is no function.
 * hearth_call_tree_dup_chain() gives each chain.
 *
 * Returns: (transfer full): node indices
 */
guint *
hearth_call_tree_dup_widest_chains (HearthCallTree *self,
                                    guint          *n_chains)
{
  g_autoptr (GArray) tops = NULL;
  g_autofree double *key = NULL;
  NodeOrder order;

  g_return_val_if_fail (HEARTH_IS_CALL_TREE (self), NULL);
  g_return_val_if_fail (n_chains != NULL, NULL);

  tops = g_array_new (FALSE, FALSE, sizeof (guint));
  key = g_new (double, MAX (self->n_nodes, 1));
  for (guint i = 0; i < self->n_nodes; i++)
    {
      key[i] = isfinite (self->nodes[i].self_width) ? self->nodes[i].self_width : 0;
      if (key[i] > 0 && self->nodes[i].function != G_MAXUINT)
        g_array_append_val (tops, i);
    }

  order.nodes = self->nodes;
  order.key = key;
  g_qsort_with_data (tops->data, tops->len, sizeof (guint), compare_by_key, &order);
  *n_chains = tops->len;

  return (guint *) (void *) g_array_free (g_steal_pointer (&tops), FALSE);
}

/**
 * hearth_call_tree_get_own_width:
 * @self: a call tree
 * @node: a node index
 *
 * The part of a bar's self width (HearthNode.self_width) that is its function's own time; the
 * rest is callees too narrow for a bar of their own. Exact for a stack tree (the stacks that
 * end at the bar's frame); for a cProfile tree, the function's own time shared like its width.
 *
 * Returns: the width, between 0 and the self width
 */
double
hearth_call_tree_get_own_width (HearthCallTree *self,
                                guint           node)
{
  g_return_val_if_fail (HEARTH_IS_CALL_TREE (self), 0);
  g_return_val_if_fail (node < self->n_nodes, 0);

  return self->own_widths != NULL ? self->own_widths[node] : self->nodes[node].self_width;
}

/**
 * hearth_call_tree_get_self_bounds:
 * @self: a call tree
 * @node: a node index
 * @low: (out): the least self time the node's chain can have had
 * @high: (out): the most
 *
 * Bounds of the true self time of a bar's function along its chain. An exact bar's function
 * spent all its time on this one chain, so its self time is exact. For an estimated bar, its
 * own bounds less what its child bars can have taken (their bounds) and the guarded part.
 * The estimate (HearthNode.self_width) always lies within.
 */
void
hearth_call_tree_get_self_bounds (HearthCallTree *self,
                                  guint           node,
                                  double         *low,
                                  double         *high)
{
  const HearthNode *n;
  double children_low = 0, children_high = 0;

  g_return_if_fail (HEARTH_IS_CALL_TREE (self));
  g_return_if_fail (node < self->n_nodes);
  g_return_if_fail (low != NULL && high != NULL);

  n = &self->nodes[node];
  *low = *high = n->self_width;
  if (!(n->flags & HEARTH_NODE_ESTIMATED))
    return;

  for (guint i = self->child_offsets[node]; i < self->child_offsets[node + 1]; i++)
    {
      const HearthNode *child = &self->nodes[self->child_index[i]];

      children_low += child->low;
      children_high += child->high;
    }
  *low = CLAMP (n->low - children_high - n->guarded_width, 0, n->self_width);
  *high = MAX (MIN (n->high - children_low, n->high), n->self_width);
}

/**
 * hearth_call_tree_get_match_total:
 * @self: a call tree
 * @match: says whether a function matches (called at most once per function)
 * @user_data: data for @match
 * @n_matches: (out) (optional): how many bars match
 *
 * The width of the matching bars, a bar inside a matching bar not counted again: the share
 * of the run spent in the matching functions, along the chains the tree shows.
 *
 * Returns: the total in the profile's unit
 */
double
hearth_call_tree_get_match_total (HearthCallTree          *self,
                                  HearthFunctionMatchFunc  match,
                                  gpointer                 user_data,
                                  guint                   *n_matches)
{
  guint n_functions;
  g_autofree guint8 *known = NULL;   /* 0 not asked yet, 1 no, 2 yes */
  guint inside = G_MAXUINT;          /* depth of the matching bar being skipped, if any */
  guint count = 0;
  double total = 0;

  g_return_val_if_fail (HEARTH_IS_CALL_TREE (self), 0);
  g_return_val_if_fail (match != NULL, 0);

  n_functions = hearth_profile_get_n_functions (self->profile);
  known = g_new0 (guint8, MAX (n_functions, 1));

  /* in walk order a bar's subtree follows it: skip it until the depth comes back up */
  for (guint i = 0; i < self->n_nodes; i++)
    {
      const HearthNode *node = &self->nodes[i];
      guint f = node->function;
      gboolean hit;

      if (inside != G_MAXUINT && node->depth > inside)
        {
          if (f < n_functions && known[f] == 0)
            known[f] = match (self->profile, f, user_data) ? 2 : 1;
          count += f < n_functions && known[f] == 2;
          continue;
        }
      inside = G_MAXUINT;
      if (f >= n_functions)
        continue;
      if (known[f] == 0)
        known[f] = match (self->profile, f, user_data) ? 2 : 1;
      hit = known[f] == 2;
      if (hit)
        {
          total += node->width;
          count++;
          inside = node->depth;
        }
    }

  if (n_matches != NULL)
    *n_matches = count;
  return total;
}

static gboolean
contains_folded (const char *haystack,
                 const char *needle)
{
  g_autofree char *folded = NULL;

  if (haystack == NULL || haystack[0] == '\0')
    return FALSE;
  folded = g_utf8_casefold (haystack, -1);
  return strstr (folded, needle) != NULL;
}

static gboolean
match_text (HearthProfile *profile,
            guint          function,
            gpointer       user_data)
{
  const HearthFunction *f = hearth_profile_get_function (profile, function);
  const char *needle = user_data;

  return contains_folded (f->name, needle) || contains_folded (f->file, needle) ||
         contains_folded (f->frame, needle);
}

/**
 * hearth_call_tree_search_total:
 * @self: a call tree
 * @text: what to look for, case-insensitively, in function names, files and frames
 * @n_matches: (out) (optional): how many bars match
 *
 * hearth_call_tree_get_match_total() with a plain text search.
 *
 * Returns: the width of the matching bars, nested matches counted once
 */
double
hearth_call_tree_search_total (HearthCallTree *self,
                               const char     *text,
                               guint          *n_matches)
{
  g_autofree char *needle = NULL;

  g_return_val_if_fail (HEARTH_IS_CALL_TREE (self), 0);
  g_return_val_if_fail (text != NULL, 0);

  if (text[0] == '\0')
    {
      if (n_matches != NULL)
        *n_matches = 0;
      return 0;
    }
  needle = g_utf8_casefold (text, -1);
  return hearth_call_tree_get_match_total (self, match_text, needle, n_matches);
}

typedef struct
{
  HearthCallTree *tree;
  gboolean        by_caller;
} EdgeOrder;

static int
compare_edges (const void *a,
               const void *b,
               void       *data)
{
  const EdgeOrder *o = data;
  HearthProfile *profile = o->tree->profile;
  const HearthEdge *x = hearth_profile_get_edge (profile, *(const guint *) a);
  const HearthEdge *y = hearth_profile_get_edge (profile, *(const guint *) b);
  double cx = hearth_profile_clamp (x->cum), cy = hearth_profile_clamp (y->cum);

  if (cx != cy)
    return cx > cy ? -1 : 1;
  return _hearth_call_tree_compare_functions (profile, o->by_caller ? x->caller : x->callee,
                                              o->by_caller ? y->caller : y->callee);
}

static guint *
dup_edges (HearthCallTree *self,
           const guint    *edges,
           guint           n,
           gboolean        by_caller,
           guint          *n_edges)
{
  guint *copy = g_new (guint, MAX (n, 1));
  EdgeOrder order = { self, by_caller };

  if (n > 0)
    memcpy (copy, edges, n * sizeof (guint));
  g_qsort_with_data (copy, n, sizeof (guint), compare_edges, &order);
  *n_edges = n;

  return copy;
}

/**
 * hearth_call_tree_dup_callers:
 * @self: a call tree
 * @function: a function index
 * @n_edges: (out): how many callers it has
 *
 * The edges into @function (hearth_profile_get_edge() gives their calls, primitive calls,
 * own and cumulative time), largest cumulative time first, ties by the caller's file, line,
 * name. For a stack profile the numbers are counted from the stacks.
 *
 * Returns: (transfer full): edge indices
 */
guint *
hearth_call_tree_dup_callers (HearthCallTree *self,
                              guint           function,
                              guint          *n_edges)
{
  const guint *edges;
  guint n = 0;

  g_return_val_if_fail (HEARTH_IS_CALL_TREE (self), NULL);
  g_return_val_if_fail (function < hearth_profile_get_n_functions (self->profile), NULL);
  g_return_val_if_fail (n_edges != NULL, NULL);

  edges = hearth_profile_get_callers (self->profile, function, &n);
  return dup_edges (self, edges, n, TRUE, n_edges);
}

/**
 * hearth_call_tree_dup_callees:
 * @self: a call tree
 * @function: a function index
 * @n_edges: (out): how many callees it has
 *
 * Like hearth_call_tree_dup_callers(), for the edges out of @function.
 *
 * Returns: (transfer full): edge indices
 */
guint *
hearth_call_tree_dup_callees (HearthCallTree *self,
                              guint           function,
                              guint          *n_edges)
{
  const guint *edges;
  guint n = 0;

  g_return_val_if_fail (HEARTH_IS_CALL_TREE (self), NULL);
  g_return_val_if_fail (function < hearth_profile_get_n_functions (self->profile), NULL);
  g_return_val_if_fail (n_edges != NULL, NULL);

  edges = hearth_profile_get_callees (self->profile, function, &n);
  return dup_edges (self, edges, n, FALSE, n_edges);
}

/**
 * hearth_call_tree_get_multi_callers:
 * @self: a call tree
 * @n_functions: (out): how many there are
 *
 * The functions that make bars estimated (E): those with more than one caller besides
 * themselves that have a bar, other than the root, with callee bars above it. Largest
 * cumulative time first.
 *
 * Returns: (transfer none): the list
 */
const HearthMultiCaller *
hearth_call_tree_get_multi_callers (HearthCallTree *self,
                                    guint          *n_functions)
{
  g_return_val_if_fail (HEARTH_IS_CALL_TREE (self), NULL);
  g_return_val_if_fail (n_functions != NULL, NULL);

  *n_functions = self->n_multi_callers;
  return self->multi_callers;
}

/**
 * hearth_call_tree_get_shrinks:
 * @self: a call tree
 * @n_shrinks: (out): how many there are
 *
 * The bars whose callees added up to more than the bar and were scaled down to fit (their
 * callee bars carry the S flag), in walk order.
 *
 * Returns: (transfer none): the list
 */
const HearthShrink *
hearth_call_tree_get_shrinks (HearthCallTree *self,
                              guint          *n_shrinks)
{
  g_return_val_if_fail (HEARTH_IS_CALL_TREE (self), NULL);
  g_return_val_if_fail (n_shrinks != NULL, NULL);

  *n_shrinks = self->n_shrinks;
  return self->shrinks;
}

/**
 * hearth_call_tree_dup_guarded:
 * @self: a call tree
 * @min_fraction: the least guarded width, as a fraction of the root, worth listing
 *   (#HEARTH_CALL_TREE_GUARDED_FRACTION in the warnings)
 * @n_nodes: (out): how many bars are listed
 *
 * The bars that hide time in callees already on their chain (the guard dropped them), the
 * most hidden first.
 *
 * Returns: (transfer full): node indices
 */
guint *
hearth_call_tree_dup_guarded (HearthCallTree *self,
                              double          min_fraction,
                              guint          *n_nodes)
{
  g_autoptr (GArray) found = NULL;
  g_autofree double *key = NULL;
  double least;
  NodeOrder order;

  g_return_val_if_fail (HEARTH_IS_CALL_TREE (self), NULL);
  g_return_val_if_fail (n_nodes != NULL, NULL);

  found = g_array_new (FALSE, FALSE, sizeof (guint));
  least = min_fraction * hearth_call_tree_get_total (self);
  key = g_new (double, MAX (self->n_nodes, 1));
  for (guint i = 0; i < self->n_nodes; i++)
    {
      key[i] = self->nodes[i].guarded_width;
      if (key[i] > 0 && key[i] >= least)
        g_array_append_val (found, i);
    }

  order.nodes = self->nodes;
  order.key = key;
  g_qsort_with_data (found->data, found->len, sizeof (guint), compare_by_key, &order);
  *n_nodes = found->len;

  return (guint *) (void *) g_array_free (g_steal_pointer (&found), FALSE);
}

static int
compare_by_cum (const void *a,
                const void *b,
                void       *data)
{
  HearthProfile *profile = data;
  guint x = *(const guint *) a, y = *(const guint *) b;
  double cx = hearth_profile_clamp (hearth_profile_get_function (profile, x)->cum);
  double cy = hearth_profile_clamp (hearth_profile_get_function (profile, y)->cum);

  if (cx != cy)
    return cx > cy ? -1 : 1;
  return _hearth_call_tree_compare_functions (profile, x, y);
}

/* The callers the root's own time came through (cProfile's `exec` above a script's
 * <module>) hold the whole tree: they are not time the tree misses. Walks up while one
 * caller's edge carries most of the function's time. */
static void
mark_root_ancestors (HearthCallTree *self,
                     gboolean       *reached)
{
  gint root = hearth_call_tree_get_root_function (self);
  guint n = hearth_profile_get_n_functions (self->profile);

  for (guint steps = 0; root >= 0 && (guint) root < n && steps < n; steps++)
    {
      double cum = hearth_profile_clamp (hearth_profile_get_function (self->profile, root)->cum);
      const guint *callers;
      guint n_callers;
      gint next = -1;

      callers = hearth_profile_get_callers (self->profile, root, &n_callers);
      for (guint i = 0; i < n_callers; i++)
        {
          const HearthEdge *e = hearth_profile_get_edge (self->profile, callers[i]);

          if (e->caller != (guint) root && !reached[e->caller] &&
              hearth_profile_clamp (e->cum) >= 0.5 * cum && cum > 0)
            next = (gint) e->caller;
        }
      if (next < 0)
        break;
      reached[next] = TRUE;
      root = next;
    }
}

/* Which functions a walk from the root can reach through the callee edges, whatever the
 * cutoff. The synthetic root of a stack profile reaches everything. */
static guint8 *
dup_linked (HearthCallTree *self)
{
  guint n = hearth_profile_get_n_functions (self->profile);
  g_autofree guint8 *linked = g_new0 (guint8, MAX (n, 1));
  g_autoptr (GArray) todo = g_array_new (FALSE, FALSE, sizeof (guint));
  gint root = self->root_function;

  if (root < 0 || (guint) root >= n)
    {
      memset (linked, 1, n);
      return g_steal_pointer (&linked);
    }
  linked[root] = 1;
  g_array_append_val (todo, root);
  while (todo->len > 0)
    {
      guint f = g_array_index (todo, guint, todo->len - 1);
      const guint *callees;
      guint n_callees = 0;

      g_array_set_size (todo, todo->len - 1);
      callees = hearth_profile_get_callees (self->profile, f, &n_callees);
      for (guint i = 0; i < n_callees; i++)
        {
          guint callee = hearth_profile_get_edge (self->profile, callees[i])->callee;

          if (callee < n && !linked[callee])
            {
              linked[callee] = 1;
              g_array_append_val (todo, callee);
            }
        }
    }
  return g_steal_pointer (&linked);
}

/**
 * hearth_call_tree_dup_unreached:
 * @self: a call tree
 * @min_fraction: the least cumulative time, as a fraction of the root's, worth listing
 *   (#HEARTH_CALL_TREE_UNREACHED_FRACTION in the warnings)
 * @n_functions: (out): how many functions are listed
 *
 * The functions with at least that much time and no bar in the tree: the time the tree never
 * reaches, and candidate roots. Largest cumulative time first. The callers the root's time
 * came through are left out: they hold the tree rather than miss it.
 *
 * Returns: (transfer full): function indices
 */
guint *
hearth_call_tree_dup_unreached (HearthCallTree *self,
                                double          min_fraction,
                                guint          *n_functions)
{
  guint n;
  g_autofree gboolean *reached = NULL;
  g_autoptr (GArray) found = NULL;
  double least;

  g_return_val_if_fail (HEARTH_IS_CALL_TREE (self), NULL);
  g_return_val_if_fail (n_functions != NULL, NULL);

  n = hearth_profile_get_n_functions (self->profile);
  reached = g_new0 (gboolean, MAX (n, 1));
  found = g_array_new (FALSE, FALSE, sizeof (guint));
  for (guint i = 0; i < self->n_nodes; i++)
    if (self->nodes[i].function < n)
      reached[self->nodes[i].function] = TRUE;
  if (!hearth_call_tree_is_from_stacks (self))
    mark_root_ancestors (self, reached);
  else if (self->root_function >= 0)
    {
      /* a stack tree from a function holds what ran under it: the rest is not missed */
      g_autofree guint8 *linked = dup_linked (self);

      for (guint f = 0; f < n; f++)
        reached[f] |= !linked[f];
    }

  least = min_fraction * hearth_call_tree_get_total (self);
  for (guint f = 0; f < n && self->n_nodes > 0; f++)
    {
      double cum = hearth_profile_clamp (hearth_profile_get_function (self->profile, f)->cum);

      if (!reached[f] && cum > 0 && cum >= least)
        g_array_append_val (found, f);
    }

  g_qsort_with_data (found->data, found->len, sizeof (guint), compare_by_cum, self->profile);
  *n_functions = found->len;

  return (guint *) (void *) g_array_free (g_steal_pointer (&found), FALSE);
}

/**
 * hearth_call_tree_explain_unreached:
 * @self: a call tree
 * @functions: functions without a bar (hearth_call_tree_dup_unreached())
 * @n_functions: how many
 *
 * Says for each why it has no bar: no walk from the root reaches it (the link is lost in the
 * file), or it is reached but each of its places under a bar is narrower than the cutoff,
 * with how many places and how wide. A place is a callee edge of a bar's function, given the
 * bar's share of that function's time, as the walk gives it; deeper places, under callees
 * that have no bar either, are not counted.
 *
 * Returns: (transfer full): one #HearthUnreached per function, in the same order
 */
HearthUnreached *
hearth_call_tree_explain_unreached (HearthCallTree *self,
                                    const guint    *functions,
                                    guint           n_functions)
{
  guint n = hearth_profile_get_n_functions (self->profile);
  g_autofree guint8 *linked = NULL;
  g_autofree gint *slot = NULL;
  g_autofree double *factor = NULL;
  HearthUnreached *out;

  g_return_val_if_fail (HEARTH_IS_CALL_TREE (self), NULL);
  g_return_val_if_fail (functions != NULL || n_functions == 0, NULL);

  out = g_new0 (HearthUnreached, MAX (n_functions, 1));
  slot = g_new (gint, MAX (n, 1));
  for (guint f = 0; f < n; f++)
    slot[f] = -1;
  linked = self->from_stacks ? NULL : dup_linked (self);
  for (guint i = 0; i < n_functions; i++)
    {
      g_return_val_if_fail (functions[i] < n, out);
      out[i].function = functions[i];
      out[i].linked = linked == NULL || linked[functions[i]];
      slot[functions[i]] = (gint) i;
    }

  /* the walk scaled down the callees of the bars whose callees added up to more */
  factor = g_new (double, MAX (self->n_nodes, 1));
  for (guint i = 0; i < self->n_nodes; i++)
    factor[i] = 1;
  for (guint i = 0; i < self->n_shrinks; i++)
    if (self->shrinks[i].node < self->n_nodes && self->shrinks[i].factor > 1)
      factor[self->shrinks[i].node] = self->shrinks[i].factor;

  for (guint i = 0; i < self->n_nodes && n_functions > 0; i++)
    {
      const HearthNode *node = &self->nodes[i];
      const guint *callees;
      guint n_callees = 0;
      double cum;

      if (node->function >= n)
        continue;
      cum = hearth_profile_clamp (hearth_profile_get_function (self->profile, node->function)->cum);
      if (!(cum > 0))
        continue;
      callees = hearth_profile_get_callees (self->profile, node->function, &n_callees);
      for (guint e = 0; e < n_callees; e++)
        {
          const HearthEdge *edge = hearth_profile_get_edge (self->profile, callees[e]);
          double width = hearth_profile_clamp (edge->cum) * node->width / cum / factor[i];
          gint k = edge->callee < n ? slot[edge->callee] : -1;

          if (k < 0 || !(width > 0))
            continue;
          out[k].n_places++;
          out[k].placed += width;
          out[k].widest = MAX (out[k].widest, width);
        }
    }

  for (guint i = 0; i < n_functions; i++)
    {
      double total = hearth_call_tree_get_total (self);
      double fraction = total > 0 ? out[i].widest / total : 0;

      if (fraction >= HEARTH_CALL_TREE_FLOOR && isfinite (fraction))
        {
          double scale = pow (10, floor (log10 (fraction)) - 1);

          out[i].cutoff = MAX (floor (fraction / scale) * scale, HEARTH_CALL_TREE_FLOOR);
        }
    }
  return out;
}

/* Root specifications ------------------------------------------------------------------------ */

/* Finds FILE (or its base name), LINE and NAME; sets *ambiguous when several base names fit. */
static gint
find_function (HearthProfile *profile,
               const char    *file,
               gint64         line,
               const char    *name,
               GString       *ambiguous)
{
  guint n = hearth_profile_get_n_functions (profile);
  gint by_base = -1;
  guint n_by_base = 0;

  for (guint f = 0; f < n; f++)
    {
      const HearthFunction *fn = hearth_profile_get_function (profile, f);

      if (fn->line != line || g_strcmp0 (fn->name, name) != 0)
        continue;
      if (g_strcmp0 (fn->file, file) == 0)
        return (gint) f;
      if (fn->file != NULL && strcmp (_hearth_path_base_name (fn->file), file) == 0)
        {
          if (n_by_base++ > 0)
            g_string_append (ambiguous, ", ");
          g_string_append_printf (ambiguous, "%s:%" G_GINT64_FORMAT ":%s", fn->file, line, name);
          by_base = (gint) f;
        }
    }

  if (n_by_base == 1)
    {
      g_string_truncate (ambiguous, 0);
      return by_base;
    }
  if (n_by_base == 0)
    g_string_truncate (ambiguous, 0);
  return -1;
}

/* What `--root` and `--function` share; @what names the option in the errors. */
static gint
parse_spec (HearthProfile  *profile,
            const char     *spec,
            const char     *what,
            GError        **error)
{
  g_autoptr (GString) ambiguous = g_string_new (NULL);

  for (const char *colon = strchr (spec, ':'); colon != NULL; colon = strchr (colon + 1, ':'))
    {
      const char *p = colon + 1;
      g_autofree char *file = NULL;
      gint64 line = 0;
      gint found;

      if (!g_ascii_isdigit (*p))
        continue;
      while (g_ascii_isdigit (*p) && line < G_MAXINT64 / 10)
        line = line * 10 + (*p++ - '0');
      if (*p != ':')
        continue;

      file = g_strndup (spec, colon - spec);
      found = find_function (profile, file, line, p + 1, ambiguous);
      if (found >= 0)
        return found;
      if (ambiguous->len > 0)
        {
          g_set_error (error, HEARTH_CALL_TREE_ERROR, HEARTH_CALL_TREE_ERROR_BAD_ROOT,
                       "%s %s is ambiguous: %s; give the whole file name", what, spec,
                       ambiguous->str);
          return -1;
        }
    }

  for (guint f = 0; f < hearth_profile_get_n_functions (profile); f++)
    if (g_strcmp0 (hearth_profile_get_function (profile, f)->frame, spec) == 0)
      return (gint) f;

  g_set_error (error, HEARTH_CALL_TREE_ERROR, HEARTH_CALL_TREE_ERROR_BAD_ROOT,
               "%s %s is not a function of the profile (expected FILE:LINE:NAME)", what, spec);
  return -1;
}

/**
 * hearth_call_tree_parse_root:
 * @profile: a profile
 * @spec: `FILE:LINE:NAME` (FILE may be the file's base name when only one file fits), or,
 *   for a stack profile, a frame exactly as in the file
 * @error: return location for a #HEARTH_CALL_TREE_ERROR_BAD_ROOT
 *
 * Finds the function `--root` names. NAME may contain colons; so may FILE (a Windows drive):
 * every `:LINE:` in @spec is tried, leftmost first.
 *
 * Returns: the function index, or -1 with @error set
 */
gint
hearth_call_tree_parse_root (HearthProfile  *profile,
                             const char     *spec,
                             GError        **error)
{
  g_return_val_if_fail (HEARTH_IS_PROFILE (profile), -1);
  g_return_val_if_fail (spec != NULL, -1);
  g_return_val_if_fail (error == NULL || *error == NULL, -1);

  return parse_spec (profile, spec, "root", error);
}

/**
 * hearth_call_tree_parse_function:
 * @profile: a profile
 * @spec: a function as hearth_call_tree_parse_root() takes it
 * @error: return location for a #HEARTH_CALL_TREE_ERROR_BAD_ROOT
 *
 * Finds the function `--function` names, with the same forms and errors as `--root`.
 *
 * Returns: the function index, or -1 with @error set
 */
gint
hearth_call_tree_parse_function (HearthProfile  *profile,
                                 const char     *spec,
                                 GError        **error)
{
  g_return_val_if_fail (HEARTH_IS_PROFILE (profile), -1);
  g_return_val_if_fail (spec != NULL, -1);
  g_return_val_if_fail (error == NULL || *error == NULL, -1);

  return parse_spec (profile, spec, "function", error);
}
