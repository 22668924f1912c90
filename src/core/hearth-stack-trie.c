/* hearth-stack-trie.c: the stacks of a stack profile merged by frame into the trie the
 * call tree's stack walk expands into bars: from the root down (callees), or turned over
 * under one function (its callers).
 *
 * Copyright 2026 The Hearth authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#define G_LOG_DOMAIN "hearth-call-tree"

#include "hearth-stack-trie-private.h"

#include "hearth-call-tree-private.h"
#include "hearth-hash.h"

static guint
trie_append (HearthStackTrie *trie,
             guint            parent,
             guint            function)
{
  double zero = 0;

  g_array_append_val (trie->parent, parent);
  g_array_append_val (trie->function, function);
  g_array_append_val (trie->weight, zero);

  return trie->parent->len - 1;
}

static guint
trie_child (HearthStackTrie *trie,
            HearthPairTable *t,
            guint            parent,
            guint            function)
{
  guint found = hearth_pair_table_lookup (t, parent, function, trie->parent->len);

  return found != G_MAXUINT ? found : trie_append (trie, parent, function);
}

void
_hearth_stack_trie_free (HearthStackTrie *trie)
{
  g_array_unref (trie->parent);
  g_array_unref (trie->function);
  g_array_unref (trie->weight);
  g_free (trie->child_offsets);
  g_free (trie->child_index);
  g_free (trie);
}

typedef struct
{
  const HearthStackTrie *trie;
  HearthProfile         *profile;
} TrieOrder;

static int
compare_trie_children (const void *a,
                       const void *b,
                       void       *data)
{
  const TrieOrder *o = data;
  guint x = *(const guint *) a, y = *(const guint *) b;
  double wx = g_array_index (o->trie->weight, double, x);
  double wy = g_array_index (o->trie->weight, double, y);

  if (wx != wy)
    return wx > wy ? -1 : 1;
  return _hearth_call_tree_compare_functions (o->profile,
                                              g_array_index (o->trie->function, guint, x),
                                              g_array_index (o->trie->function, guint, y));
}

/* Children of each trie node; they are put in order when their node is expanded (most are
 * never drawn). */
static void
trie_index_children (HearthStackTrie *trie)
{
  guint n;

  n = trie->parent->len;
  trie->child_offsets = g_new0 (guint, n + 1);
  trie->child_index = g_new (guint, MAX (n, 1));
  for (guint i = 1; i < n; i++)
    trie->child_offsets[g_array_index (trie->parent, guint, i) + 1]++;
  for (guint i = 0; i < n; i++)
    trie->child_offsets[i + 1] += trie->child_offsets[i];
  {
    g_autofree guint *fill = g_memdup2 (trie->child_offsets, sizeof (guint) * (n + 1));

    for (guint i = 1; i < n; i++)
      trie->child_index[fill[g_array_index (trie->parent, guint, i)]++] = i;
  }
}

static HearthStackTrie *
trie_new (guint root_function,
          guint reserved)
{
  HearthStackTrie *trie = g_new0 (HearthStackTrie, 1);
  guint none = G_MAXUINT;
  double nothing = 0;

  trie->parent = g_array_sized_new (FALSE, FALSE, sizeof (guint), reserved);
  trie->function = g_array_sized_new (FALSE, FALSE, sizeof (guint), reserved);
  trie->weight = g_array_sized_new (FALSE, FALSE, sizeof (double), reserved);
  g_array_append_val (trie->parent, none);
  g_array_append_val (trie->function, root_function);
  g_array_append_val (trie->weight, nothing);

  return trie;
}

/* Merges the stacks (from @root's first occurrence on when @root is a function) by frame. */
HearthStackTrie *
_hearth_stack_trie_new (HearthProfile *profile,
                        gint           root,
                        gboolean       collapse)
{
  guint root_function = root >= 0 ? (guint) root : G_MAXUINT;
  gboolean merging = root >= 0 || collapse;
  guint n_nodes;
  const HearthStackNode *nodes = hearth_profile_get_stack_nodes (profile, &n_nodes);
  HearthStackTrie *trie = trie_new (root_function, merging ? 0 : n_nodes);
  HearthPairTable table;
  g_autofree guint *map = NULL;
  g_autofree double *below = NULL;

  hearth_pair_table_init (&table);

  /* Each stack node of the profile maps to a node here (G_MAXUINT: above @root, not
   * shown); its own weight goes there, and the sums come after, children to parents.
   * Unless stacks are merged (under a root, or collapsed), no two nodes of the profile are
   * the same stack, so none map to the same node and a node needs no lookup. */
  map = g_new (guint, n_nodes);
  below = g_new0 (double, n_nodes);
  for (guint i = n_nodes - 1; i > 0; i--)
    {
      below[i] += _hearth_layout_time (nodes[i].weight);
      below[nodes[i].parent] += below[i];
    }
  map[0] = root >= 0 ? G_MAXUINT : 0;
  for (guint i = 1; i < n_nodes; i++)
    {
      guint up = map[nodes[i].parent];
      guint previous = nodes[i].parent > 0 ? nodes[nodes[i].parent].function : root_function;
      double weight = _hearth_layout_time (nodes[i].weight);

      /* stacks of no weight make no bars */
      if (!(below[i] > 0))
        map[i] = G_MAXUINT;
      else if (up == G_MAXUINT)
        map[i] = nodes[i].function == root_function ? 0 : G_MAXUINT;
      else if (collapse && nodes[i].function == previous)
        map[i] = up;
      else if (!merging)
        map[i] = trie_append (trie, up, nodes[i].function);
      else
        map[i] = trie_child (trie, &table, up, nodes[i].function);
      if (map[i] != G_MAXUINT && weight > 0)
        g_array_index (trie->weight, double, map[i]) += weight;
    }
  for (guint i = trie->parent->len - 1; i > 0; i--)
    g_array_index (trie->weight, double, g_array_index (trie->parent, guint, i)) +=
      g_array_index (trie->weight, double, i);
  hearth_pair_table_clear (&table);
  trie_index_children (trie);

  return trie;
}

/* The stacks below @root, turned over: each stack with @root on it counts once, by the
 * frames under its first (outermost) occurrence, the nearest caller first; so that the
 * callers and the callees of @root split each stack at the same frame. */
HearthStackTrie *
_hearth_stack_trie_new_callers (HearthProfile *profile,
                                guint          root,
                                gboolean       collapse)
{
  HearthStackTrie *trie = trie_new (root, 0);
  HearthPairTable table;
  guint n_nodes;
  const HearthStackNode *nodes = hearth_profile_get_stack_nodes (profile, &n_nodes);
  g_autofree double *below = g_new0 (double, MAX (n_nodes, 1));
  g_autofree gboolean *inside = g_new0 (gboolean, MAX (n_nodes, 1));

  hearth_pair_table_init (&table);
  for (guint i = n_nodes - 1; i > 0; i--)
    {
      below[i] += _hearth_layout_time (nodes[i].weight);
      below[nodes[i].parent] += below[i];
    }
  for (guint i = 1; i < n_nodes; i++)
    {
      guint up = nodes[i].parent, t = 0, previous = root;

      inside[i] = inside[up] || nodes[i].function == root;
      if (nodes[i].function != root || inside[up] || !(below[i] > 0))
        continue;
      g_array_index (trie->weight, double, 0) += below[i];
      for (; up > 0; up = nodes[up].parent)
        {
          if (collapse && nodes[up].function == previous)
            continue;
          previous = nodes[up].function;
          t = trie_child (trie, &table, t, previous);
          g_array_index (trie->weight, double, t) += below[i];
        }
    }
  hearth_pair_table_clear (&table);
  trie_index_children (trie);

  return trie;
}

/* Puts the children of node @t in order, widest first (ties by function): done when the
 * node is expanded, since most nodes never are. */
void
_hearth_stack_trie_sort_children (HearthStackTrie *trie,
                                  HearthProfile   *profile,
                                  guint            t)
{
  TrieOrder order = { trie, profile };

  g_qsort_with_data (trie->child_index + trie->child_offsets[t],
                     trie->child_offsets[t + 1] - trie->child_offsets[t], sizeof (guint),
                     compare_trie_children, &order);
}
