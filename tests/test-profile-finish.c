/* test-profile-finish.c: the numbers a stack profile's finishing derives, against a count
 * of each stack's path on its own.
 *
 * Copyright 2026 The Hearth authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "hearth-profile-private.h"

#include <string.h>

/* What the finishing must give, counted the slow way: each node's stacks walk their whole
 * path, and add to each function and each caller -> callee pair on it once. */
typedef struct
{
  double  own, cum;
  gint64  calls, prim_calls;
} Expected;

static guint
pair_index (guint n_functions,
            guint caller,
            guint callee)
{
  return caller * n_functions + callee;
}

static void
check_against_paths (HearthProfile *p)
{
  guint n_functions = hearth_profile_get_n_functions (p);
  guint n_nodes;
  const HearthStackNode *nodes = hearth_profile_get_stack_nodes (p, &n_nodes);
  g_autofree Expected *fn = g_new0 (Expected, n_functions);
  g_autofree Expected *pair = g_new0 (Expected, n_functions * n_functions);
  g_autofree guint *seen_fn = g_new0 (guint, n_functions);
  g_autofree guint *seen_pair = g_new0 (guint, n_functions * n_functions);
  g_autofree gboolean *pair_exists = g_new0 (gboolean, n_functions * n_functions);
  guint n_pairs = 0;
  double total = 0;

  for (guint i = 1; i < n_nodes; i++)
    {
      const HearthStackNode *leaf = &nodes[i];

      fn[leaf->function].own += leaf->weight;
      fn[leaf->function].prim_calls += leaf->n_stacks;
      if (leaf->parent != 0)
        {
          guint e = pair_index (n_functions, nodes[leaf->parent].function, leaf->function);

          pair[e].own += leaf->weight;
        }
      total += leaf->weight;
      for (guint v = i; v != 0; v = nodes[v].parent)
        {
          guint f = nodes[v].function;

          if (seen_fn[f] != i)
            {
              seen_fn[f] = i;
              fn[f].cum += leaf->weight;
              fn[f].calls += leaf->n_stacks;
            }
          if (nodes[v].parent != 0)
            {
              guint e = pair_index (n_functions, nodes[nodes[v].parent].function, f);

              if (!pair_exists[e])
                n_pairs++;
              pair_exists[e] = TRUE;
              if (seen_pair[e] != i)
                {
                  seen_pair[e] = i;
                  pair[e].cum += leaf->weight;
                  pair[e].calls += leaf->n_stacks;
                }
            }
        }
    }

  g_assert_cmpfloat (hearth_profile_get_total (p), ==, total);
  g_assert_cmpuint (hearth_profile_get_n_edges (p), ==, n_pairs);
  for (guint f = 0; f < n_functions; f++)
    {
      const HearthFunction *got = hearth_profile_get_function (p, f);

      g_assert_cmpfloat (got->own, ==, fn[f].own);
      g_assert_cmpfloat (got->cum, ==, fn[f].cum);
      g_assert_cmpint (got->calls, ==, fn[f].calls);
      g_assert_cmpint (got->prim_calls, ==, fn[f].prim_calls);
    }
  for (guint e = 0; e < hearth_profile_get_n_edges (p); e++)
    {
      const HearthEdge *got = hearth_profile_get_edge (p, e);
      const Expected *want = &pair[pair_index (n_functions, got->caller, got->callee)];

      g_assert_cmpfloat (got->own, ==, want->own);
      g_assert_cmpfloat (got->cum, ==, want->cum);
      g_assert_cmpint (got->calls, ==, want->calls);
      g_assert_cmpint (got->prim_calls, ==, want->calls);
    }
}

/* A profile in seconds, so that calls stay the number of stacks; @n_functions frames. */
static HearthProfile *
new_profile (guint n_functions)
{
  HearthProfile *p = _hearth_profile_new (HEARTH_FORMAT_FOLDED, HEARTH_KIND_SAMPLED,
                                          HEARTH_UNIT_SECONDS);

  for (guint f = 0; f < n_functions; f++)
    {
      g_autofree char *name = g_strdup_printf ("f%u", f);

      _hearth_profile_intern_frame (p, name, "", 0, name);
    }
  return p;
}

/* Nodes hung under nodes made long before (far from depth-first order), few functions (so
 * recursion, direct and through others, is everywhere, a function at many depths), zero
 * weights and repeated stacks; weights in halves and quarters add up exactly in any order,
 * so the slow count must agree to the bit. With @n_nodes past the size where the sums are
 * taken on a second thread, that way is checked too. */
static void
check_random_trie (guint   n_nodes,
                   guint   n_functions,
                   guint32 seed)
{
  g_autoptr (HearthProfile) p = new_profile (n_functions);
  static const double weights[] = { 0, 0.25, 0.5, 1, 3, 1024 };
  g_autoptr (GRand) rand = g_rand_new_with_seed (seed);
  guint made = 1;

  while (made < n_nodes)
    {
      /* mostly the latest node (a stack going deeper), else any node before it */
      guint parent = g_rand_int_range (rand, 0, 4) > 0 ? made - 1
                                                         : (guint) g_rand_int_range (rand, 0, made);
      guint node = _hearth_profile_stack_child (p, parent, g_rand_int_range (rand, 0,
                                                                             n_functions));

      made = MAX (made, node + 1);
      if (g_rand_int_range (rand, 0, 3) == 0)
        _hearth_profile_add_stack_at (p, node, weights[g_rand_int_range (rand, 0,
                                                                         G_N_ELEMENTS (weights))]);
    }
  _hearth_profile_add_stack_at (p, made - 1, 1);
  _hearth_profile_finish (p);
  check_against_paths (p);
}

static void
test_finish_random (void)
{
  check_random_trie (2, 1, 1);
  for (guint32 seed = 1; seed <= 20; seed++)
    check_random_trie (300, 1 + seed % 6, seed);
  check_random_trie (5000, 40, 99);
}

static void
test_finish_large (void)
{
  check_random_trie (300000, 500, 7);
}

/* One function calling itself 100,000 deep, then another: counted once per stack (a stack
 * every 1,000 frames, weight 2, and the deepest, weight 5), by no walk that recurses in C. */
static void
test_finish_deep_recursion (void)
{
  g_autoptr (HearthProfile) p = new_profile (2);
  guint node = 0;
  const HearthFunction *f;

  for (guint i = 0; i < 100000; i++)
    {
      node = _hearth_profile_stack_child (p, node, 0);
      if (i % 1000 == 999)
        _hearth_profile_add_stack_at (p, node, 2);
    }
  node = _hearth_profile_stack_child (p, node, 1);
  _hearth_profile_add_stack_at (p, node, 5);
  _hearth_profile_finish (p);

  f = hearth_profile_get_function (p, 0);
  g_assert_cmpfloat (f->cum, ==, 205);
  g_assert_cmpfloat (f->own, ==, 200);
  g_assert_cmpint (f->calls, ==, 101);
  g_assert_cmpfloat (hearth_profile_get_function (p, 1)->cum, ==, 5);
  g_assert_cmpuint (hearth_profile_get_n_edges (p), ==, 2);
  for (guint e = 0; e < 2; e++)
    {
      const HearthEdge *edge = hearth_profile_get_edge (p, e);

      /* f0 -> f0 is in every stack but the one-frame ones (none); f0 -> f1 in the last */
      g_assert_cmpfloat (edge->cum, ==, edge->callee == 0 ? 205 : 5);
      g_assert_cmpint (edge->calls, ==, edge->callee == 0 ? 101 : 1);
    }
}

int
main (int   argc,
      char *argv[])
{
  g_test_init (&argc, &argv, NULL);

  g_test_add_func ("/profile/finish/random", test_finish_random);
  g_test_add_func ("/profile/finish/large", test_finish_large);
  g_test_add_func ("/profile/finish/deep-recursion", test_finish_deep_recursion);

  return g_test_run ();
}
