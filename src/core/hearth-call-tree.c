/* hearth-call-tree.c
 *
 * Copyright 2026 The Hearth authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#define G_LOG_DOMAIN "hearth-call-tree"

#include "hearth-call-tree-private.h"
#include "hearth-stack-trie-private.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "hearth-categories.h"

/* Callees may exceed their parent by rounding (cProfile converts each sum from ticks on its
 * own) before the parent counts as shrinking them. */
#define SHRINK_SLACK 1e-9
/* A bar's own time below this share of its width is what width minus children leaves by
 * rounding. */
#define SELF_RESIDUE 1e-9

G_DEFINE_FINAL_TYPE (HearthCallTree, hearth_call_tree, G_TYPE_OBJECT)

G_DEFINE_QUARK (hearth-call-tree-error-quark, hearth_call_tree_error)

/* Layout ------------------------------------------------------------------------------------
 *
 * Bars are made best first: a queue ordered by width (ties: the order bars were offered in)
 * holds the candidates, and the node budget keeps the widest bars of the whole tree, since a
 * bar is never wider than its parent. Candidates that can no longer make it are dropped, so
 * memory stays proportional to the budget however many paths the call graph has. The kept bars
 * are then put in walk order (depth first, children widest first). */

typedef struct
{
  double  width;
  guint64 seq;
  double  left;
  double  low;
  double  high;
  double  shrink;
  guint   function;
  guint   parent;
  guint   depth;
  guint   flags;
  guint   aux;
} Candidate;

typedef struct
{
  const HearthFunction *fn;
  guint                 function;
  double                edge;
  double                width;
} Callee;

typedef struct
{
  HearthCallTree *tree;
  HearthProfile  *profile;
  guint           budget;
  guint           max_repeat;
  double          need;         /* cutoff times the root width */
  double          floor;

  GArray         *kept;         /* HearthNode, in the order they left the queue */
  GArray         *kept_aux;     /* guint: the trie node of each kept bar */
  GArray         *shrinks;      /* HearthShrink, node = kept index */

  Candidate      *heap;
  gsize           heap_len;
  gsize           heap_size;
  gsize           slack;
  guint64         seq;
  gboolean        pruned;
  double          prune_width;
  double          widest_left_out;
  gboolean        floor_hit;

  /* the edge walk; per-function arrays are filled lazily, so that the time a tree takes
   * follows the bars it makes rather than the size of the profile */
  guint          *seen;            /* kept bars of each function so far */
  guint          *on_chain;        /* the guard's counts along the chain being expanded */
  guint          *scc;             /* strongly connected components, once worth it */
  gboolean       *cyclic;          /* has a callee in its own component */
  guint64         chain_steps;     /* the guard's work so far without them */
  guint8         *callers_known;   /* 0 not counted yet, 1 one caller or none, 2 several */
  GArray         *scratch;         /* Callee */

  /* the stack walk */
  HearthStackTrie *trie;
} Walk;

static inline gboolean
candidate_before (const Candidate *a,
                  const Candidate *b)
{
  return a->width > b->width || (a->width == b->width && a->seq < b->seq);
}

static void
heap_push (Walk            *w,
           const Candidate *c)
{
  gsize i;

  if (w->heap_len == w->heap_size)
    {
      w->heap_size = MAX (64, w->heap_size * 2);
      w->heap = g_renew (Candidate, w->heap, w->heap_size);
    }

  i = w->heap_len++;
  while (i > 0 && candidate_before (c, &w->heap[(i - 1) / 2]))
    {
      w->heap[i] = w->heap[(i - 1) / 2];
      i = (i - 1) / 2;
    }
  w->heap[i] = *c;
}

static Candidate
heap_pop (Walk *w)
{
  Candidate top = w->heap[0];
  Candidate last = w->heap[--w->heap_len];
  gsize i = 0;

  for (;;)
    {
      gsize child = 2 * i + 1;

      if (child >= w->heap_len)
        break;
      if (child + 1 < w->heap_len && candidate_before (&w->heap[child + 1], &w->heap[child]))
        child++;
      if (!candidate_before (&w->heap[child], &last))
        break;
      w->heap[i] = w->heap[child];
      i = child;
    }
  if (w->heap_len > 0)
    w->heap[i] = last;

  return top;
}

static int
compare_candidates (const void *a,
                    const void *b)
{
  if (candidate_before (a, b))
    return -1;
  return candidate_before (b, a) ? 1 : 0;
}

/* Keeps only the candidates that can still fit in the budget. Every bar kept so far and every
 * retained candidate comes before anything narrower than the last retained one, so later
 * candidates no wider than it are refused outright. A sorted array is a valid heap. */
static void
walk_prune (Walk *w)
{
  gsize room = w->budget - w->kept->len;

  if (w->heap_len > 1)
    qsort (w->heap, w->heap_len, sizeof (Candidate), compare_candidates);
  if (room < w->heap_len)
    {
      w->widest_left_out = MAX (w->widest_left_out, w->heap[room].width);
      w->heap_len = room;
      w->pruned = TRUE;
      if (room > 0)
        w->prune_width = MAX (w->prune_width, w->heap[room - 1].width);
    }
}

static void
walk_offer (Walk      *w,
            Candidate *c)
{
  if (!(c->width > 0) || c->width < w->need)
    return;
  if (c->width < w->floor)
    {
      w->floor_hit = TRUE;
      return;
    }

  c->seq = w->seq++;
  if (w->pruned && c->width <= w->prune_width)
    {
      w->widest_left_out = MAX (w->widest_left_out, c->width);
      return;
    }

  heap_push (w, c);
  if (w->heap_len > (w->budget - w->kept->len) + w->slack)
    walk_prune (w);
}

static guint
walk_keep (Walk            *w,
           const Candidate *c)
{
  HearthNode node = { 0 };

  node.function = c->function;
  node.parent = c->parent;
  node.depth = c->depth;
  node.flags = c->flags;
  node.left = c->left;
  node.width = c->width;
  node.low = c->low;
  node.high = c->high;
  node.shrink = c->shrink;
  g_array_append_val (w->kept, node);
  g_array_append_val (w->kept_aux, c->aux);
  if (w->seen != NULL)
    w->seen[c->function]++;

  return w->kept->len - 1;
}

/* The edge walk ------------------------------------------------------------------------------ */

static inline gint
compare_keys (const HearthFunction *x,
              guint                 a,
              const HearthFunction *y,
              guint                 b)
{
  gint c;

  if ((c = strcmp (x->file ? x->file : "", y->file ? y->file : "")) != 0)
    return c;
  if (x->line != y->line)
    return x->line < y->line ? -1 : 1;
  if ((c = strcmp (x->name ? x->name : "", y->name ? y->name : "")) != 0)
    return c;
  if ((c = g_strcmp0 (x->frame, y->frame)) != 0)
    return c;
  return (a > b) - (a < b);
}

/* siblings: widest first, ties by file, line, name */
static int
compare_callee_width (const void *a,
                      const void *b)
{
  const Callee *x = a, *y = b;

  if (x->width != y->width)
    return x->width > y->width ? -1 : 1;
  return compare_keys (x->fn, x->function, y->fn, y->function);
}

/* E flags: whether @f has more than one caller besides itself. */
static gboolean
has_many_callers (Walk  *w,
                  guint  f)
{
  if (w->callers_known[f] == 0)
    {
      guint n_edges = 0, others = 0;
      const guint *edges = hearth_profile_get_callers (w->profile, f, &n_edges);

      for (guint i = 0; i < n_edges && others < 2; i++)
        if (hearth_profile_get_edge (w->profile, edges[i])->caller != f)
          others++;
      w->callers_known[f] = others > 1 ? 2 : 1;
    }
  return w->callers_known[f] == 2;
}

/* Tarjan's strongly connected components, iteratively. A callee can be on the current chain
 * only if it lies on a cycle with the caller, and the functions of a chain that share the
 * caller's component form the chain's tail: with the components known, the guard looks at
 * that tail only. They cost a pass over the whole call graph, so the walk computes them only
 * once the guard has spent as much walking up chains without them. */
static void
find_cycles (Walk *w)
{
  HearthProfile *profile = w->profile;
  guint n = hearth_profile_get_n_functions (profile);
  g_autofree guint *index = g_new (guint, n);
  g_autofree guint *low = g_new (guint, n);
  g_autofree gboolean *on_stack = g_new0 (gboolean, n);
  g_autofree guint *stack = g_new (guint, n);
  g_autofree guint *frames = g_new (guint, n);
  g_autofree guint *positions = g_new (guint, n);
  guint counter = 0, n_stack = 0, n_components = 0;

  w->scc = g_new (guint, n);
  w->cyclic = g_new0 (gboolean, n);
  for (guint v = 0; v < n; v++)
    index[v] = G_MAXUINT;

  for (guint start = 0; start < n; start++)
    {
      guint depth = 1;

      if (index[start] != G_MAXUINT)
        continue;
      index[start] = low[start] = counter++;
      stack[n_stack++] = start;
      on_stack[start] = TRUE;
      frames[0] = start;
      positions[0] = 0;

      while (depth > 0)
        {
          guint v = frames[depth - 1], n_edges = 0;
          const guint *edges = hearth_profile_get_callees (profile, v, &n_edges);

          if (positions[depth - 1] < n_edges)
            {
              guint c = hearth_profile_get_edge (profile, edges[positions[depth - 1]++])->callee;

              if (index[c] == G_MAXUINT)
                {
                  index[c] = low[c] = counter++;
                  stack[n_stack++] = c;
                  on_stack[c] = TRUE;
                  frames[depth] = c;
                  positions[depth] = 0;
                  depth++;
                }
              else if (on_stack[c])
                {
                  low[v] = MIN (low[v], index[c]);
                }
              continue;
            }

          depth--;
          if (low[v] == index[v])
            {
              guint member;

              do
                {
                  member = stack[--n_stack];
                  on_stack[member] = FALSE;
                  w->scc[member] = n_components;
                }
              while (member != v);
              n_components++;
            }
          if (depth > 0)
            low[frames[depth - 1]] = MIN (low[frames[depth - 1]], low[v]);
        }
    }

  for (guint e = 0; e < hearth_profile_get_n_edges (profile); e++)
    {
      const HearthEdge *edge = hearth_profile_get_edge (profile, e);

      if (w->scc[edge->caller] == w->scc[edge->callee])
        w->cyclic[edge->caller] = TRUE;
    }
}

/* Counts, for the guard, the functions on the chain from the root to kept bar @k (only the
 * tail in @f's component when the components are known). */
static void
mark_chain (Walk     *w,
            guint     k,
            guint     f,
            gboolean  mark)
{
  const HearthNode *kept = (const HearthNode *) (void *) w->kept->data;

  for (guint j = k; j != G_MAXUINT; j = kept[j].parent)
    {
      if (w->scc != NULL && w->scc[kept[j].function] != w->scc[f])
        break;
      if (mark)
        w->on_chain[kept[j].function]++;
      else
        w->on_chain[kept[j].function]--;
      w->chain_steps++;
    }
}

/* Bounds on the chain's true time: see the call-tree issue. */
static void
edge_bounds (const HearthNode *parent,
             double            cum,
             double            edge,
             double            width,
             double           *low_out,
             double           *high_out)
{
  double low = MAX (0.0, parent->low - (cum - edge));
  double high = MIN (parent->high, edge);

  low = MIN (MIN (low, parent->low), high);
  *low_out = MIN (low, width);
  *high_out = MAX (high, width);
}

/* The function an edge leads to: its callee, or in a tree of callers its caller. */
static inline guint
next_function (Walk             *w,
               const HearthEdge *edge)
{
  return w->tree->callers ? edge->caller : edge->callee;
}

static void
expand_edges (Walk  *w,
              guint  k)
{
  HearthProfile *profile = w->profile;
  HearthNode *node = &g_array_index (w->kept, HearthNode, k);
  guint f = node->function;
  double width = node->width;
  double cum = _hearth_layout_time (hearth_profile_get_function (profile, f)->cum);
  double total = 0, guarded = 0, covered, left = node->left;
  gboolean shrunk, estimated, chain_marked = FALSE;
  const guint *edges;
  Callee *callees;
  guint n_edges = 0, n, n_offered = 0, refused = 0;

  edges = w->tree->callers ? hearth_profile_get_callers (profile, f, &n_edges)
                           : hearth_profile_get_callees (profile, f, &n_edges);
  g_array_set_size (w->scratch, n_edges);
  callees = (Callee *) (void *) w->scratch->data;
  n = 0;

  /* a callee can only be on the chain if it already has a bar somewhere, and if it shares a
   * cycle of the call graph with f */
  if (w->scc == NULL || w->cyclic[f])
    for (guint i = 0; i < n_edges && !chain_marked; i++)
      if (w->seen[next_function (w, hearth_profile_get_edge (profile, edges[i]))] > 0)
        chain_marked = TRUE;
  if (chain_marked)
    mark_chain (w, k, f, TRUE);

  for (guint i = 0; i < n_edges; i++)
    {
      const HearthEdge *edge = hearth_profile_get_edge (profile, edges[i]);
      Callee c = { NULL, next_function (w, edge), _hearth_layout_time (edge->cum), 0 };

      c.width = cum > 0 ? c.edge * width / cum : 0.0;
      if (chain_marked && w->on_chain[c.function] >= w->max_repeat)
        {
          guarded += c.width;
          continue;
        }
      /* in the profile's order, which is the file's: the sum is the same in every reader */
      total += c.width;
      if (c.width > 0)
        callees[n++] = c;
    }

  if (chain_marked)
    mark_chain (w, k, f, FALSE);

  /* the shrink: callees that add up to more than the bar are scaled to fit inside it */
  shrunk = total > width * (1 + SHRINK_SLACK);
  if (shrunk)
    {
      HearthShrink s = { k, total / width };
      double scale = width / total;

      for (guint i = 0; i < n; i++)
        callees[i].width *= scale;
      g_array_append_val (w->shrinks, s);
    }
  covered = MIN (total, width);
  node->guarded_width = MIN (guarded, width - covered);

  /* Only the callees that can become bars need sorting: the others are all narrower, so they
   * come after them and move none of their left edges. Those the budget already refuses
   * still take their place in the order of offers. */
  for (guint i = 0; i < n; i++)
    {
      double cw = callees[i].width;

      if (cw < w->need)
        continue;
      if (cw < w->floor)
        {
          w->floor_hit = TRUE;
          continue;
        }
      if (w->pruned && cw <= w->prune_width)
        {
          w->widest_left_out = MAX (w->widest_left_out, cw);
          refused++;
          continue;
        }
      callees[n_offered] = callees[i];
      callees[n_offered++].fn = hearth_profile_get_function (profile, callees[i].function);
    }
  n = n_offered;

  if (n > 1)
    qsort (callees, n, sizeof (Callee), compare_callee_width);
  estimated = (node->flags & HEARTH_NODE_ESTIMATED) != 0 ||
              (node->depth > 0 && has_many_callers (w, f));

  for (guint i = 0; i < n; i++)
    {
      Candidate c = { 0 };

      c.width = callees[i].width;
      c.left = left;
      left += c.width;
      c.function = callees[i].function;
      c.parent = k;
      c.depth = node->depth + 1;
      c.flags = (estimated ? HEARTH_NODE_ESTIMATED : 0) | (shrunk ? HEARTH_NODE_SHRUNK : 0);
      c.shrink = shrunk ? total / width : 1.0;
      c.aux = G_MAXUINT;
      edge_bounds (node, cum, callees[i].edge, c.width, &c.low, &c.high);
      walk_offer (w, &c);
    }
  w->seq += refused;
}

/* The stack walk ----------------------------------------------------------------------------- */

/* A trie node has one parent, so it is kept, and expanded, once at most: its children are
 * sorted there, widest first, before the kept bars' own widths are summed from them. */
static void
expand_stack (Walk  *w,
              guint  k)
{
  const HearthStackTrie *trie = w->trie;
  HearthNode node = g_array_index (w->kept, HearthNode, k);
  guint t = g_array_index (w->kept_aux, guint, k);
  double left = node.left;

  _hearth_stack_trie_sort_children (w->trie, w->profile, t);

  for (guint i = trie->child_offsets[t]; i < trie->child_offsets[t + 1]; i++)
    {
      guint child = trie->child_index[i];
      Candidate c = { 0 };

      c.width = g_array_index (trie->weight, double, child);
      c.left = left;
      left += c.width;
      c.low = c.high = c.width;
      c.shrink = 1.0;
      c.function = g_array_index (trie->function, guint, child);
      c.parent = k;
      c.depth = node.depth + 1;
      c.aux = child;
      walk_offer (w, &c);
    }
}

/* Walk order and indexes --------------------------------------------------------------------- */

static guint *
child_lists (const HearthNode *nodes,
             guint             n,
             guint           **offsets_out)
{
  guint *offsets = g_new0 (guint, n + 1);
  guint *index = g_new (guint, MAX (n, 1));
  g_autofree guint *fill = NULL;

  for (guint i = 1; i < n; i++)
    offsets[nodes[i].parent + 1]++;
  for (guint i = 0; i < n; i++)
    offsets[i + 1] += offsets[i];
  fill = g_memdup2 (offsets, sizeof (guint) * (n + 1));
  for (guint i = 1; i < n; i++)
    index[fill[nodes[i].parent]++] = i;

  *offsets_out = offsets;
  return index;
}

/* The child lists and the rows of the bars in walk order (@n_nodes of them, @max_depth set). */
void
_hearth_call_tree_index (HearthCallTree *self)
{
  guint n = self->n_nodes;
  g_autofree guint *fill = NULL;

  self->child_index = child_lists (self->nodes, n, &self->child_offsets);

  self->row_offsets = g_new0 (guint, self->max_depth + 2);
  self->row_index = g_new (guint, MAX (n, 1));
  for (guint i = 0; i < n; i++)
    self->row_offsets[self->nodes[i].depth + 1]++;
  for (guint d = 0; d <= self->max_depth; d++)
    self->row_offsets[d + 1] += self->row_offsets[d];
  fill = g_memdup2 (self->row_offsets, sizeof (guint) * (self->max_depth + 2));
  for (guint i = 0; i < n; i++)
    self->row_index[fill[self->nodes[i].depth]++] = i;
}

/* The part of each bar's self width that is its function's own time, not callees too narrow
 * for a bar: for a stack tree the stacks that end at the bar's frame, exactly; for a cProfile
 * tree the function's own time, shared like its width. In a tree of callers it is where the
 * stacks begin (none for cProfile, which does not say). @order maps walk order to the kept
 * bars. */
static void
set_own_widths (Walk        *w,
                const guint *order)
{
  HearthCallTree *self = w->tree;
  const HearthStackTrie *trie = w->trie;

  self->own_widths = g_new0 (double, MAX (self->n_nodes, 1));
  for (guint i = 0; i < self->n_nodes; i++)
    {
      const HearthNode *node = &self->nodes[i];
      double own = 0;

      if (trie != NULL)
        {
          guint t = g_array_index (w->kept_aux, guint, order[i]);

          own = g_array_index (trie->weight, double, t);
          for (guint c = trie->child_offsets[t]; c < trie->child_offsets[t + 1]; c++)
            own -= g_array_index (trie->weight, double, trie->child_index[c]);
        }
      else if (!self->callers &&
               node->function < hearth_profile_get_n_functions (self->profile))
        {
          const HearthFunction *f = hearth_profile_get_function (self->profile, node->function);
          double cum = hearth_profile_clamp (f->cum);

          own = cum > 0 ? hearth_profile_clamp (f->own) * node->width / cum : 0;
        }
      self->own_widths[i] = CLAMP (isfinite (own) ? own : 0, 0, node->self_width);
    }
}

/* Puts the kept bars (in queue order: parents before children, siblings widest first) in walk
 * order, and builds the child lists and rows. */
static void
walk_finish (Walk *w)
{
  HearthCallTree *self = w->tree;
  const HearthNode *kept = (const HearthNode *) (void *) w->kept->data;
  guint n = w->kept->len;
  g_autofree guint *kept_offsets = NULL;
  g_autofree guint *kept_children = NULL;
  g_autofree guint *order = g_new (guint, MAX (n, 1));
  g_autofree guint *new_index = g_new (guint, MAX (n, 1));
  g_autofree guint *stack = g_new (guint, MAX (n, 1));
  g_autofree double *covered = g_new0 (double, MAX (n, 1));
  guint n_stack = 0, n_order = 0;

  self->n_nodes = n;
  if (n == 0)
    return;

  kept_children = child_lists (kept, n, &kept_offsets);
  stack[n_stack++] = 0;
  while (n_stack > 0)
    {
      guint v = stack[--n_stack];

      new_index[v] = n_order;
      order[n_order++] = v;
      for (guint i = kept_offsets[v + 1]; i > kept_offsets[v]; i--)
        stack[n_stack++] = kept_children[i - 1];
    }
  g_clear_pointer (&kept_children, g_free);
  g_clear_pointer (&kept_offsets, g_free);
  g_clear_pointer (&stack, g_free);

  self->nodes = g_new (HearthNode, n);
  self->max_depth = 0;
  for (guint i = 0; i < n; i++)
    {
      HearthNode *node = &self->nodes[i];

      *node = kept[order[i]];
      if (i > 0)
        {
          node->parent = new_index[node->parent];
          covered[node->parent] += node->width;
        }
      self->max_depth = MAX (self->max_depth, node->depth);
    }
  for (guint i = 0; i < n; i++)
    {
      HearthNode *node = &self->nodes[i];
      double own = node->width - covered[i] - node->guarded_width;

      /* 2.8e-17 s left of a 4e-5 s bar its children cover is no time of its own */
      node->self_width = own > node->width * SELF_RESIDUE ? own : 0.0;
    }
  set_own_widths (w, order);
  /* the bars are copied: their queue-order copy goes before the indexes are built */
  kept = NULL;
  g_clear_pointer (&w->kept, g_array_unref);
  g_clear_pointer (&w->kept_aux, g_array_unref);

  _hearth_call_tree_index (self);

  self->n_shrinks = w->shrinks->len;
  self->shrinks = g_new (HearthShrink, MAX (self->n_shrinks, 1));
  for (guint i = 0; i < self->n_shrinks; i++)
    {
      self->shrinks[i] = g_array_index (w->shrinks, HearthShrink, i);
      self->shrinks[i].node = new_index[self->shrinks[i].node];
    }
}

static int
compare_shrinks (const void *a,
                 const void *b)
{
  const HearthShrink *x = a, *y = b;

  return (x->node > y->node) - (x->node < y->node);
}

static int
compare_multi_callers (const void *a,
                       const void *b,
                       void       *data)
{
  HearthProfile *profile = data;
  const HearthMultiCaller *x = a, *y = b;
  double cx = hearth_profile_clamp (hearth_profile_get_function (profile, x->function)->cum);
  double cy = hearth_profile_clamp (hearth_profile_get_function (profile, y->function)->cum);

  if (cx != cy)
    return cx > cy ? -1 : 1;
  return _hearth_call_tree_compare_functions (profile, x->function, y->function);
}

/* The functions behind E flags: a multi-caller function whose bar (not the root) has callee
 * bars splits its time among them by estimate. */
static void
collect_multi_callers (Walk *w)
{
  HearthCallTree *self = w->tree;
  guint n_functions = hearth_profile_get_n_functions (self->profile);
  g_autofree guint *count = g_new0 (guint, MAX (n_functions, 1));
  g_autoptr (GArray) list = g_array_new (FALSE, FALSE, sizeof (HearthMultiCaller));

  if (self->from_stacks)
    return;
  for (guint i = 1; i < self->n_nodes; i++)
    {
      guint f = self->nodes[i].function;

      if (self->child_offsets[i + 1] > self->child_offsets[i] && has_many_callers (w, f))
        count[f]++;
    }
  for (guint f = 0; f < n_functions; f++)
    {
      HearthMultiCaller m = { f, 0, count[f] };
      guint n_edges = 0;
      const guint *edges;

      if (count[f] == 0)
        continue;
      edges = hearth_profile_get_callers (self->profile, f, &n_edges);
      for (guint i = 0; i < n_edges; i++)
        if (hearth_profile_get_edge (self->profile, edges[i])->caller != f)
          m.n_callers++;
      g_array_append_val (list, m);
    }
  g_qsort_with_data (list->data, list->len, sizeof (HearthMultiCaller),
                     compare_multi_callers, self->profile);
  self->n_multi_callers = list->len;
  self->multi_callers = (HearthMultiCaller *) (void *) g_array_free (g_steal_pointer (&list),
                                                                      FALSE);
}

/* Construction ------------------------------------------------------------------------------- */

/* When no script <module> is found: the listed function with the largest cumulative time. */
static gint
fallback_root (HearthCallTree *self)
{
  guint n = hearth_profile_get_n_functions (self->profile);
  gint best = -1;
  double best_cum = 0;

  for (guint f = 0; f < n; f++)
    {
      const HearthFunction *fn = hearth_profile_get_function (self->profile, f);
      double cum = _hearth_layout_time (fn->cum);

      if (!fn->listed)
        continue;
      if (best < 0 || cum > best_cum ||
          (cum == best_cum && _hearth_call_tree_compare_functions (self->profile, f, best) < 0))
        {
          best = (gint) f;
          best_cum = cum;
        }
    }

  return best;
}

static void
walk_clear (Walk *w)
{
  g_clear_pointer (&w->kept, g_array_unref);
  g_clear_pointer (&w->kept_aux, g_array_unref);
  g_clear_pointer (&w->shrinks, g_array_unref);
  g_clear_pointer (&w->scratch, g_array_unref);
  g_clear_pointer (&w->heap, g_free);
  g_clear_pointer (&w->seen, g_free);
  g_clear_pointer (&w->scc, g_free);
  g_clear_pointer (&w->cyclic, g_free);
  g_clear_pointer (&w->on_chain, g_free);
  g_clear_pointer (&w->callers_known, g_free);
  g_clear_pointer (&w->trie, _hearth_stack_trie_free);
}

static void
layout (HearthCallTree *self)
{
  HearthProfile *profile = self->profile;
  guint n_functions = hearth_profile_get_n_functions (profile);
  guint64 graph_size = (guint64) n_functions + hearth_profile_get_n_edges (profile);
  Walk w = { 0 };
  Candidate root = { 0 };

  w.tree = self;
  w.profile = profile;
  w.budget = self->options.node_budget;
  w.max_repeat = self->options.max_repeat;
  w.slack = MAX (w.budget / 4, 1024);
  w.kept = g_array_new (FALSE, FALSE, sizeof (HearthNode));
  w.kept_aux = g_array_new (FALSE, FALSE, sizeof (guint));
  w.shrinks = g_array_new (FALSE, FALSE, sizeof (HearthShrink));
  w.scratch = g_array_new (FALSE, FALSE, sizeof (Callee));

  if (self->from_stacks)
    {
      w.trie = self->callers
        ? _hearth_stack_trie_new_callers (profile, (guint) self->root_function,
                             self->options.collapse_recursion)
        : _hearth_stack_trie_new (profile, self->root_function, self->options.collapse_recursion);
      root.width = g_array_index (w.trie->weight, double, 0);
      root.aux = 0;
    }
  else
    {
      w.seen = g_new0 (guint, n_functions);
      w.on_chain = g_new0 (guint, n_functions);
      w.callers_known = g_new0 (guint8, n_functions);
      root.width = _hearth_layout_time (hearth_profile_get_function (profile,
                                                                      self->root_function)->cum);
      root.aux = G_MAXUINT;
    }

  root.function = self->root_function >= 0 ? (guint) self->root_function : G_MAXUINT;
  root.parent = G_MAXUINT;
  root.low = root.high = root.width;
  root.shrink = 1.0;
  w.need = self->options.cutoff * root.width;
  w.floor = HEARTH_CALL_TREE_FLOOR * root.width;
  root.seq = w.seq++;
  heap_push (&w, &root);

  while (w.heap_len > 0)
    {
      Candidate c;
      guint k;

      if (w.kept->len == w.budget)
        {
          self->limits |= HEARTH_TREE_LIMIT_BUDGET;
          w.widest_left_out = MAX (w.widest_left_out, w.heap[0].width);
          break;
        }
      c = heap_pop (&w);
      k = walk_keep (&w, &c);
      if (w.trie == NULL && w.scc == NULL && w.chain_steps > graph_size)
        find_cycles (&w);
      if (w.trie != NULL)
        expand_stack (&w, k);
      else
        expand_edges (&w, k);
    }
  if (w.pruned)
    self->limits |= HEARTH_TREE_LIMIT_BUDGET;
  if (self->limits & HEARTH_TREE_LIMIT_BUDGET)
    self->budget_width = w.widest_left_out;
  /* the queue is done with: free it before the bars are copied into walk order */
  g_clear_pointer (&w.heap, g_free);
  if (w.floor_hit)
    self->limits |= HEARTH_TREE_LIMIT_FLOOR;
  self->n_candidates = (guint) MIN (w.seq, G_MAXUINT);

  walk_finish (&w);
  if (self->n_shrinks > 1)
    qsort (self->shrinks, self->n_shrinks, sizeof (HearthShrink), compare_shrinks);
  collect_multi_callers (&w);
  walk_clear (&w);
}

static void
hearth_call_tree_finalize (GObject *object)
{
  HearthCallTree *self = (HearthCallTree *)object;

  g_clear_object (&self->profile);
  g_clear_pointer (&self->nodes, g_free);
  g_clear_pointer (&self->own_widths, g_free);
  g_clear_pointer (&self->child_offsets, g_free);
  g_clear_pointer (&self->child_index, g_free);
  g_clear_pointer (&self->row_offsets, g_free);
  g_clear_pointer (&self->row_index, g_free);
  g_clear_pointer (&self->shrinks, g_free);
  g_clear_pointer (&self->multi_callers, g_free);

  G_OBJECT_CLASS (hearth_call_tree_parent_class)->finalize (object);
}

static void
hearth_call_tree_class_init (HearthCallTreeClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);

  object_class->finalize = hearth_call_tree_finalize;
}

static void
hearth_call_tree_init (HearthCallTree *self)
{
  self->root_function = -1;
}

static void
sanitize_options (HearthCallTreeOptions *options)
{
  if (!(options->cutoff >= 0))
    options->cutoff = 0;
  options->max_repeat = MAX (options->max_repeat, 1);
  options->node_budget = MAX (options->node_budget, 1);
}

/**
 * hearth_call_tree_new:
 * @profile: a finished profile
 * @options: (nullable): the root, cutoff and limits; %NULL for the defaults
 * @error: return location for a #HEARTH_CALL_TREE_ERROR when the root is not a function
 *
 * Lays out the call tree of @profile. Profiles with exact stacks merge them under the
 * synthetic root `all` (or under the given root); others are walked along their edges from
 * the script's `<module>` (or the given root). An empty profile gives a tree without bars.
 * Safe to call in a thread: the profile is immutable.
 *
 * Returns: (transfer full): the tree, or %NULL with @error set
 */
HearthCallTree *
hearth_call_tree_new (HearthProfile               *profile,
                      const HearthCallTreeOptions *options,
                      GError                     **error)
{
  static const HearthCallTreeOptions defaults = HEARTH_CALL_TREE_OPTIONS_INIT;
  g_autoptr (HearthCallTree) self = NULL;
  guint n_functions;

  g_return_val_if_fail (HEARTH_IS_PROFILE (profile), NULL);
  g_return_val_if_fail (error == NULL || *error == NULL, NULL);

  n_functions = hearth_profile_get_n_functions (profile);
  if (options != NULL && options->root >= 0 && (guint) options->root >= n_functions)
    {
      g_set_error (error, HEARTH_CALL_TREE_ERROR, HEARTH_CALL_TREE_ERROR_BAD_ROOT,
                   "root %d is not a function of the profile", options->root);
      return NULL;
    }

  self = g_object_new (HEARTH_TYPE_CALL_TREE, NULL);
  self->profile = g_object_ref (profile);
  self->options = options != NULL ? *options : defaults;
  sanitize_options (&self->options);
  self->from_stacks = hearth_profile_has_stacks (profile);

  self->root_function = self->options.root;
  if (!self->from_stacks && self->root_function < 0 && n_functions > 0)
    {
      self->root_function = hearth_names_find_main_module (profile);
      if (self->root_function < 0)
        self->root_function = fallback_root (self);
    }

  if (self->from_stacks || self->root_function >= 0)
    layout (self);

  return g_steal_pointer (&self);
}

/**
 * hearth_call_tree_new_callers:
 * @profile: a finished profile
 * @options: the options, with @root set to a function of @profile
 * @error: return location for a #HEARTH_CALL_TREE_ERROR when the root is not a function
 *
 * Lays out the callers of a function, the lower half of its sandwich: the same walk as
 * hearth_call_tree_new() (shares, bounds, estimates, the guard, the shrink, the cutoff), but
 * from each function to its callers, so that a bar's children are the functions that called
 * it along that chain, the first level with the exact edges of the file. From exact stacks,
 * each stack through the root counts once, below the root's outermost frame.
 * The queries about reach (unreached, linked) describe a tree of callees only.
 *
 * Returns: (transfer full): the tree, or %NULL with @error set
 */
HearthCallTree *
hearth_call_tree_new_callers (HearthProfile               *profile,
                              const HearthCallTreeOptions *options,
                              GError                     **error)
{
  g_autoptr (HearthCallTree) self = NULL;

  g_return_val_if_fail (HEARTH_IS_PROFILE (profile), NULL);
  g_return_val_if_fail (options != NULL, NULL);
  g_return_val_if_fail (error == NULL || *error == NULL, NULL);

  if (options->root < 0 || (guint) options->root >= hearth_profile_get_n_functions (profile))
    {
      g_set_error (error, HEARTH_CALL_TREE_ERROR, HEARTH_CALL_TREE_ERROR_BAD_ROOT,
                   "root %d is not a function of the profile", options->root);
      return NULL;
    }

  self = g_object_new (HEARTH_TYPE_CALL_TREE, NULL);
  self->profile = g_object_ref (profile);
  self->options = *options;
  sanitize_options (&self->options);
  self->from_stacks = hearth_profile_has_stacks (profile);
  self->callers = TRUE;
  self->root_function = self->options.root;
  layout (self);

  return g_steal_pointer (&self);
}

/**
 * hearth_call_tree_is_callers:
 * @self: a call tree
 *
 * Returns: %TRUE for a tree of callers (hearth_call_tree_new_callers())
 */
gboolean
hearth_call_tree_is_callers (HearthCallTree *self)
{
  g_return_val_if_fail (HEARTH_IS_CALL_TREE (self), FALSE);
  return self->callers;
}

/**
 * hearth_call_tree_get_profile:
 * @self: a call tree
 *
 * Returns: (transfer none): the profile the tree was laid out from
 */
HearthProfile *
hearth_call_tree_get_profile (HearthCallTree *self)
{
  g_return_val_if_fail (HEARTH_IS_CALL_TREE (self), NULL);
  return self->profile;
}

/**
 * hearth_call_tree_get_n_nodes:
 * @self: a call tree
 *
 * Returns: the number of bars (0 for an empty profile)
 */
guint
hearth_call_tree_get_n_nodes (HearthCallTree *self)
{
  g_return_val_if_fail (HEARTH_IS_CALL_TREE (self), 0);
  return self->n_nodes;
}

/**
 * hearth_call_tree_get_node:
 * @self: a call tree
 * @index: a node index, less than hearth_call_tree_get_n_nodes(); 0 is the root
 *
 * Returns: (transfer none): the bar
 */
const HearthNode *
hearth_call_tree_get_node (HearthCallTree *self,
                           guint           index)
{
  g_return_val_if_fail (HEARTH_IS_CALL_TREE (self), NULL);
  g_return_val_if_fail (index < self->n_nodes, NULL);
  return &self->nodes[index];
}

/**
 * hearth_call_tree_get_max_depth:
 * @self: a call tree
 *
 * Returns: the depth of the deepest bar (0 when only the root, or no bar, exists)
 */
guint
hearth_call_tree_get_max_depth (HearthCallTree *self)
{
  g_return_val_if_fail (HEARTH_IS_CALL_TREE (self), 0);
  return self->max_depth;
}

/**
 * hearth_call_tree_get_total:
 * @self: a call tree
 *
 * Returns: the root's width in the profile's unit (0 without bars)
 */
double
hearth_call_tree_get_total (HearthCallTree *self)
{
  g_return_val_if_fail (HEARTH_IS_CALL_TREE (self), 0);
  return self->n_nodes > 0 ? self->nodes[0].width : 0.0;
}

/**
 * hearth_call_tree_get_row:
 * @self: a call tree
 * @depth: a depth
 * @n_nodes: (out): how many bars the row has
 *
 * Returns: (transfer none) (nullable): the bars at @depth sorted by left edge, or %NULL when
 *   the row is empty
 */
const guint *
hearth_call_tree_get_row (HearthCallTree *self,
                          guint           depth,
                          guint          *n_nodes)
{
  g_return_val_if_fail (HEARTH_IS_CALL_TREE (self), NULL);
  g_return_val_if_fail (n_nodes != NULL, NULL);

  if (self->n_nodes == 0 || depth > self->max_depth)
    {
      *n_nodes = 0;
      return NULL;
    }
  *n_nodes = self->row_offsets[depth + 1] - self->row_offsets[depth];
  return self->row_index + self->row_offsets[depth];
}

/**
 * hearth_call_tree_node_at:
 * @self: a call tree
 * @x: a position in the profile's unit
 * @depth: a row
 *
 * Finds the bar under a point by binary search in its row.
 *
 * Returns: the node index, or -1 when no bar covers @x at @depth
 */
gint
hearth_call_tree_node_at (HearthCallTree *self,
                          double          x,
                          guint           depth)
{
  const guint *row;
  guint n = 0, lo = 0, hi;

  g_return_val_if_fail (HEARTH_IS_CALL_TREE (self), -1);

  row = hearth_call_tree_get_row (self, depth, &n);
  if (n == 0 || !(x >= self->nodes[row[0]].left))
    return -1;

  /* the last bar whose left edge is at or before x */
  hi = n;
  while (hi - lo > 1)
    {
      guint mid = lo + (hi - lo) / 2;

      if (self->nodes[row[mid]].left <= x)
        lo = mid;
      else
        hi = mid;
    }

  if (x < self->nodes[row[lo]].left + self->nodes[row[lo]].width)
    return (gint) row[lo];
  return -1;
}

/**
 * hearth_call_tree_get_children:
 * @self: a call tree
 * @node: a node index
 * @n_children: (out): how many child bars it has
 *
 * Returns: (transfer none): the node's child bars, widest first
 */
const guint *
hearth_call_tree_get_children (HearthCallTree *self,
                               guint           node,
                               guint          *n_children)
{
  g_return_val_if_fail (HEARTH_IS_CALL_TREE (self), NULL);
  g_return_val_if_fail (node < self->n_nodes, NULL);
  g_return_val_if_fail (n_children != NULL, NULL);

  *n_children = self->child_offsets[node + 1] - self->child_offsets[node];
  return self->child_index + self->child_offsets[node];
}

/**
 * hearth_call_tree_get_options:
 * @self: a call tree
 *
 * Returns: (transfer none): the options the tree was laid out with (after clamping: a
 *   negative cutoff reads 0, a zero budget or repeat count 1)
 */
const HearthCallTreeOptions *
hearth_call_tree_get_options (HearthCallTree *self)
{
  g_return_val_if_fail (HEARTH_IS_CALL_TREE (self), NULL);
  return &self->options;
}

/**
 * hearth_call_tree_get_root_function:
 * @self: a call tree
 *
 * Returns: the function of the root bar, or -1 for the synthetic root `all` of a stack
 *   profile (and for an empty profile)
 */
gint
hearth_call_tree_get_root_function (HearthCallTree *self)
{
  g_return_val_if_fail (HEARTH_IS_CALL_TREE (self), -1);
  return self->root_function;
}

/**
 * hearth_call_tree_is_from_stacks:
 * @self: a call tree
 *
 * Returns: %TRUE when the bars come from exact stacks (no estimate, no bounds to show)
 */
gboolean
hearth_call_tree_is_from_stacks (HearthCallTree *self)
{
  g_return_val_if_fail (HEARTH_IS_CALL_TREE (self), FALSE);
  return self->from_stacks;
}

/**
 * hearth_call_tree_get_limits:
 * @self: a call tree
 *
 * Returns: whether the node budget or the floor left bars out
 */
HearthTreeLimits
hearth_call_tree_get_limits (HearthCallTree *self)
{
  g_return_val_if_fail (HEARTH_IS_CALL_TREE (self), HEARTH_TREE_LIMIT_NONE);
  return self->limits;
}

/**
 * hearth_call_tree_get_budget_width:
 * @self: a call tree
 *
 * Returns: when the budget limited the tree, the width of the widest bar it left out (bars
 *   narrower than that are all missing); else 0
 */
double
hearth_call_tree_get_budget_width (HearthCallTree *self)
{
  g_return_val_if_fail (HEARTH_IS_CALL_TREE (self), 0);
  return self->budget_width;
}

/**
 * hearth_call_tree_get_n_candidates:
 * @self: a call tree
 *
 * Returns: how many bars the walk considered (above the cutoff and the floor), kept or not
 */
guint
hearth_call_tree_get_n_candidates (HearthCallTree *self)
{
  g_return_val_if_fail (HEARTH_IS_CALL_TREE (self), 0);
  return self->n_candidates;
}

/**
 * _hearth_call_tree_compare_functions:
 * @profile: a profile
 * @a: a function index
 * @b: a function index
 *
 * The tie order of siblings: file, then line, then name, ascending (bytewise, which is code
 * point order for UTF-8); then frame text and index so that the order is total.
 *
 * Returns: negative, 0 or positive like strcmp()
 */
gint
_hearth_call_tree_compare_functions (HearthProfile *profile,
                                     guint          a,
                                     guint          b)
{
  return compare_keys (hearth_profile_get_function (profile, a), a,
                       hearth_profile_get_function (profile, b), b);
}
