/* test-call-tree.c: the call tree on hand-made profiles whose trees are worked out by hand.
 *
 * Copyright 2026 The Hearth authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "hearth-call-tree.h"
#include "hearth-names.h"
#include "hearth-profile-private.h"
#include "hearth-report.h"
#include "hearth-test-util.h"

#include <math.h>
#include <string.h>

/* Builders ----------------------------------------------------------------------------------- */

static guint
fn (HearthProfile *p,
    gint64         line,
    const char    *name,
    double         cum)
{
  return hearth_test_fn_in (p, "app.py", line, name, cum);
}

static HearthCallTree *
tree_full (HearthProfile *p,
           gint           root,
           double         cutoff,
           guint          max_repeat,
           guint          budget)
{
  HearthCallTreeOptions options = HEARTH_CALL_TREE_OPTIONS_INIT;
  g_autoptr (GError) error = NULL;
  HearthCallTree *tree;

  options.root = root;
  options.cutoff = cutoff;
  options.max_repeat = max_repeat;
  options.node_budget = budget;
  tree = hearth_call_tree_new (p, &options, &error);
  g_assert_no_error (error);
  g_assert_nonnull (tree);
  return tree;
}

static HearthCallTree *
tree_at (HearthProfile *p,
         gint           root,
         double         cutoff)
{
  return tree_full (p, root, cutoff, 1, 2000000);
}

static char *
report (HearthCallTree *tree,
        const char     *what)
{
  GString *out = g_string_new (NULL);
  HearthProfile *profile = hearth_call_tree_get_profile (tree);
  g_autoptr (HearthNames) names = hearth_names_new (profile, NULL, FALSE);

  if (g_str_equal (what, "widest"))
    hearth_report_widest (out, tree, names, HEARTH_REPORT_WIDEST_COUNT);
  else if (g_str_equal (what, "folded"))
    hearth_report_folded (out, tree, names);
  else
    hearth_report_warnings (out, tree, names);
  return g_string_free (out, FALSE);
}

static void
assert_contains (const char *text,
                 const char *part)
{
  if (strstr (text, part) == NULL)
    g_error ("expected %s\nin:\n%s", part, text);
}

/* Invariants every tree keeps, whatever the profile. */
static void
check_invariants (HearthCallTree *tree)
{
  guint n = hearth_call_tree_get_n_nodes (tree);
  double total = hearth_call_tree_get_total (tree);
  double eps = 1e-9 * total;

  for (guint i = 0; i < n; i++)
    {
      const HearthNode *node = hearth_call_tree_get_node (tree, i);
      const guint *children;
      guint n_children = 0;
      double covered = 0, previous_width = G_MAXDOUBLE, next_left = node->left;

      g_assert_true (isfinite (node->left) && isfinite (node->width));
      g_assert_true (isfinite (node->low) && isfinite (node->high));
      g_assert_cmpfloat (node->low, <=, node->width);
      g_assert_cmpfloat (node->width, <=, node->high);
      g_assert_cmpfloat (node->low, >=, 0);
      g_assert_cmpfloat (node->self_width, >=, 0);
      g_assert_cmpfloat (node->guarded_width, >=, 0);
      g_assert_cmpfloat (node->self_width + node->guarded_width, <=, node->width + eps);
      if (i == 0)
        {
          g_assert_cmpuint (node->depth, ==, 0);
          g_assert_cmpuint (node->parent, ==, G_MAXUINT);
        }
      else
        {
          const HearthNode *parent = hearth_call_tree_get_node (tree, node->parent);

          g_assert_cmpuint (node->parent, <, i);
          g_assert_cmpuint (node->depth, ==, parent->depth + 1);
          g_assert_cmpfloat (node->width, >, 0);
          g_assert_cmpfloat (node->left, >=, parent->left - eps);
          g_assert_cmpfloat (node->left + node->width, <=, parent->left + parent->width + eps);
          g_assert_cmpint (hearth_call_tree_node_at (tree, node->left + node->width / 2,
                                                     node->depth), ==, (gint) i);
        }

      children = hearth_call_tree_get_children (tree, i, &n_children);
      for (guint c = 0; c < n_children; c++)
        {
          const HearthNode *child = hearth_call_tree_get_node (tree, children[c]);

          g_assert_cmpuint (child->parent, ==, i);
          g_assert_cmpfloat (child->width, <=, previous_width);
          g_assert_cmpfloat (child->left, >=, next_left - eps);
          previous_width = child->width;
          next_left = child->left + child->width;
          covered += child->width;
        }
      g_assert_cmpfloat (covered, <=, node->width + eps);
      g_assert_cmpfloat (fabs (node->width - covered - node->guarded_width - node->self_width), <=,
                         eps + (node->self_width == 0 ? node->width : 0));
    }

  for (guint d = 0; n > 0 && d <= hearth_call_tree_get_max_depth (tree); d++)
    {
      guint n_row = 0;
      const guint *row = hearth_call_tree_get_row (tree, d, &n_row);

      g_assert_cmpuint (n_row, >, 0);
      for (guint r = 1; r < n_row; r++)
        g_assert_cmpfloat (hearth_call_tree_get_node (tree, row[r])->left, >=,
                           hearth_call_tree_get_node (tree, row[r - 1])->left);
    }
}

/* Deterministic profiles --------------------------------------------------------------------- */

static void
test_chain (void)
{
  g_autoptr (HearthProfile) p = hearth_test_new_pstats ();
  guint main_ = fn (p, 1, "main", 10), a = fn (p, 2, "a", 8), b = fn (p, 3, "b", 5);
  g_autoptr (HearthCallTree) tree = NULL;
  g_autofree char *bars = NULL;
  g_autofree char *folded = NULL;
  g_autofree char *warnings = NULL;

  hearth_test_edge (p, main_, a, 8);
  hearth_test_edge (p, a, b, 5);
  _hearth_profile_finish (p);
  tree = tree_at (p, main_, 0.01);
  check_invariants (tree);

  bars = hearth_test_bars (tree);
  g_assert_cmpstr (bars, ==,
                   "0\t0\t10\t10\t10\t-\tapp.py:1:main\n"
                   "1\t0\t8\t8\t8\t-\tapp.py:1:main;app.py:2:a\n"
                   "2\t0\t5\t5\t5\t-\tapp.py:1:main;app.py:2:a;app.py:3:b\n");
  g_assert_cmpfloat (hearth_call_tree_get_total (tree), ==, 10);
  g_assert_cmpuint (hearth_call_tree_get_max_depth (tree), ==, 2);
  g_assert_cmpfloat (hearth_call_tree_get_node (tree, 0)->self_width, ==, 2);
  g_assert_cmpfloat (hearth_call_tree_get_node (tree, 1)->self_width, ==, 3);
  g_assert_cmpfloat (hearth_call_tree_get_node (tree, 2)->self_width, ==, 5);

  g_assert_cmpint (hearth_call_tree_node_at (tree, 4.99, 2), ==, 2);
  g_assert_cmpint (hearth_call_tree_node_at (tree, 5.0, 2), ==, -1);
  g_assert_cmpint (hearth_call_tree_node_at (tree, -1, 0), ==, -1);
  g_assert_cmpint (hearth_call_tree_node_at (tree, 9.99, 0), ==, 0);
  g_assert_cmpint (hearth_call_tree_node_at (tree, 1, 3), ==, -1);

  folded = report (tree, "folded");
  g_assert_cmpstr (folded, ==,
                   "main (app.py:1) 2000000\n"
                   "main (app.py:1);a (app.py:2) 3000000\n"
                   "main (app.py:1);a (app.py:2);b (app.py:3) 5000000\n");
  warnings = report (tree, "warnings");
  g_assert_cmpstr (warnings, ==, "");
}

/* The hotspot is a function's own loop, and it calls something over the cutoff: main (100)
 * calls slow_sort (83), which spends 19 in len and 0.5 in cmp (under the 1 % cutoff), and
 * parse (16). By self time slow_sort comes first at 83 - 19 = 64, cmp's 0.5 included; by
 * width of the bars with nothing on top it would not be listed at all, and len would lead. */
static void
test_widest_self_time (void)
{
  g_autoptr (HearthProfile) p = hearth_test_new_pstats ();
  guint main_ = fn (p, 1, "main", 100), sort = fn (p, 2, "slow_sort", 83);
  guint len = fn (p, 3, "len", 19), cmp = fn (p, 4, "cmp", 0.5), parse = fn (p, 5, "parse", 16);
  g_autoptr (HearthCallTree) tree = NULL;
  g_autofree guint *chains = NULL;
  g_autofree char *widest = NULL;
  guint n = 0;

  hearth_test_edge (p, main_, sort, 83);
  hearth_test_edge (p, main_, parse, 16);
  hearth_test_edge (p, sort, len, 19);
  hearth_test_edge (p, sort, cmp, 0.5);
  /* slow_sort's own time: all but its callees */
  _hearth_profile_set_numbers (p, sort, 1, 1, 63.5, 83);
  _hearth_profile_finish (p);
  tree = tree_at (p, main_, 0.01);
  check_invariants (tree);

  chains = hearth_call_tree_dup_widest_chains (tree, &n);
  g_assert_cmpuint (n, ==, 4);
  g_assert_cmpuint (hearth_call_tree_get_node (tree, chains[0])->function, ==, sort);
  g_assert_cmpfloat (hearth_call_tree_get_node (tree, chains[0])->self_width, ==, 64);
  g_assert_cmpfloat (hearth_call_tree_get_node (tree, chains[0])->width, ==, 83);
  g_assert_cmpuint (hearth_call_tree_get_node (tree, chains[3])->function, ==, main_);
  /* of its 64 "here", 63.5 are its own and 0.5 are cmp's, under the cutoff */
  g_assert_cmpfloat (hearth_call_tree_get_own_width (tree, chains[0]), ==, 63.5);

  widest = report (tree, "widest");
  g_assert_cmpstr (widest, ==,
                   "64.0\tslow_sort\n"
                   "19.0\tslow_sort > len\n"
                   "16.0\tparse\n"
                   "1.0\tmain\n");
}

/* DESIGN.md's run(task), called from prepare() with load and from analyze() with smooth. */
static HearthProfile *
shared_helper_profile (guint *root)
{
  HearthProfile *p = hearth_test_new_pstats ();
  guint m = fn (p, 1, "main", 4), pr = fn (p, 2, "prepare", 2), an = fn (p, 3, "analyze", 2);
  guint run = fn (p, 4, "run", 4), load = fn (p, 5, "load", 2), smooth = fn (p, 6, "smooth", 2);

  hearth_test_edge (p, m, pr, 2);
  hearth_test_edge (p, m, an, 2);
  hearth_test_edge (p, pr, run, 2);
  hearth_test_edge (p, an, run, 2);
  hearth_test_edge (p, run, load, 2);
  hearth_test_edge (p, run, smooth, 2);
  _hearth_profile_finish (p);
  *root = m;
  return p;
}

static void
test_shared_helper (void)
{
  guint root = 0;
  g_autoptr (HearthProfile) p = shared_helper_profile (&root);
  g_autoptr (HearthCallTree) tree = tree_at (p, root, 0.01);
  g_autofree char *bars = hearth_test_bars (tree);
  g_autofree char *widest = report (tree, "widest");
  g_autofree char *warnings = report (tree, "warnings");
  const HearthMultiCaller *multi;
  guint n_multi = 0, n_edges = 0;
  g_autofree guint *callers = NULL;

  check_invariants (tree);
  g_assert_cmpstr (bars, ==,
                   "0\t0\t4\t4\t4\t-\tapp.py:1:main\n"
                   "1\t0\t2\t2\t2\t-\tapp.py:1:main;app.py:2:prepare\n"
                   "2\t0\t2\t2\t2\t-\tapp.py:1:main;app.py:2:prepare;app.py:4:run\n"
                   "3\t0\t1\t0\t2\tE\tapp.py:1:main;app.py:2:prepare;app.py:4:run;app.py:5:load\n"
                   "3\t1\t1\t0\t2\tE\tapp.py:1:main;app.py:2:prepare;app.py:4:run;app.py:6:smooth\n"
                   "1\t2\t2\t2\t2\t-\tapp.py:1:main;app.py:3:analyze\n"
                   "2\t2\t2\t2\t2\t-\tapp.py:1:main;app.py:3:analyze;app.py:4:run\n"
                   "3\t2\t1\t0\t2\tE\tapp.py:1:main;app.py:3:analyze;app.py:4:run;app.py:5:load\n"
                   "3\t3\t1\t0\t2\tE\t"
                   "app.py:1:main;app.py:3:analyze;app.py:4:run;app.py:6:smooth\n");
  g_assert_cmpstr (widest, ==,
                   "25.0 (0.0-50.0) E\tprepare > run > load\n"
                   "25.0 (0.0-50.0) E\tprepare > run > smooth\n"
                   "25.0 (0.0-50.0) E\tanalyze > run > load\n"
                   "25.0 (0.0-50.0) E\tanalyze > run > smooth\n");

  multi = hearth_call_tree_get_multi_callers (tree, &n_multi);
  g_assert_cmpuint (n_multi, ==, 1);
  g_assert_cmpstr (hearth_profile_get_function (p, multi[0].function)->name, ==, "run");
  g_assert_cmpuint (multi[0].n_callers, ==, 2);
  g_assert_cmpuint (multi[0].n_nodes, ==, 2);
  callers = hearth_call_tree_dup_callers (tree, multi[0].function, &n_edges);
  g_assert_cmpuint (n_edges, ==, 2);
  g_assert_cmpuint (hearth_profile_get_edge (p, callers[0])->caller, ==, 1);
  assert_contains (warnings, "estimated: run (app.py:4) has 2 callers (prepare (app.py:2), "
                             "analyze (app.py:3)); the split of its callees across them");

  /* search: each run bar counts, the root contains everything */
  {
    guint n_matches = 0;

    g_assert_cmpfloat (hearth_call_tree_search_total (tree, "RUN", &n_matches), ==, 4);
    g_assert_cmpuint (n_matches, ==, 2);
    g_assert_cmpfloat (hearth_call_tree_search_total (tree, "a", &n_matches), ==, 4);
    g_assert_cmpuint (n_matches, ==, 9);
    g_assert_cmpfloat (hearth_call_tree_search_total (tree, "load", &n_matches), ==, 2);
    g_assert_cmpfloat (hearth_call_tree_search_total (tree, "nothing", &n_matches), ==, 0);
    g_assert_cmpuint (n_matches, ==, 0);
  }
}

static void
test_recursion_direct (void)
{
  g_autoptr (HearthProfile) p = hearth_test_new_pstats ();
  guint m = fn (p, 1, "main", 10), f = fn (p, 2, "f", 8), g = fn (p, 3, "g", 2);
  g_autoptr (HearthCallTree) tree = NULL;
  g_autoptr (HearthCallTree) twice = NULL;
  g_autofree char *bars = NULL;
  g_autofree char *bars2 = NULL;
  g_autofree char *warnings = NULL;
  g_autofree char *folded = NULL;
  g_autofree guint *guarded = NULL;
  guint n_guarded = 0;

  hearth_test_edge (p, m, f, 8);
  hearth_test_edge (p, f, f, 6);
  hearth_test_edge (p, f, g, 2);
  _hearth_profile_finish (p);

  tree = tree_at (p, m, 0.01);
  check_invariants (tree);
  bars = hearth_test_bars (tree);
  g_assert_cmpstr (bars, ==,
                   "0\t0\t10\t10\t10\t-\tapp.py:1:main\n"
                   "1\t0\t8\t8\t8\t-\tapp.py:1:main;app.py:2:f\n"
                   "2\t0\t2\t2\t2\t-\tapp.py:1:main;app.py:2:f;app.py:3:g\n");
  /* f's call to itself is not self time: it is the guarded part */
  g_assert_cmpfloat (hearth_call_tree_get_node (tree, 1)->guarded_width, ==, 6);
  g_assert_cmpfloat (hearth_call_tree_get_node (tree, 1)->self_width, ==, 0);
  guarded = hearth_call_tree_dup_guarded (tree, HEARTH_CALL_TREE_GUARDED_FRACTION, &n_guarded);
  g_assert_cmpuint (n_guarded, ==, 1);
  g_assert_cmpuint (guarded[0], ==, 1);
  warnings = report (tree, "warnings");
  assert_contains (warnings, "guarded: 60.0% of the run (6 s) in f (app.py:2) at depth 1");
  assert_contains (warnings, "try --max-repeat 2");
  folded = report (tree, "folded");
  assert_contains (folded, "main (app.py:1);f (app.py:2);[guarded] 6000000\n");

  /* allowed twice on a chain, f re-enters once: 6 * 8/8 = 6, then 4.5 guarded */
  twice = tree_full (p, m, 0.01, 2, 2000000);
  check_invariants (twice);
  bars2 = hearth_test_bars (twice);
  g_assert_cmpstr (bars2, ==,
                   "0\t0\t10\t10\t10\t-\tapp.py:1:main\n"
                   "1\t0\t8\t8\t8\t-\tapp.py:1:main;app.py:2:f\n"
                   "2\t0\t6\t6\t6\t-\tapp.py:1:main;app.py:2:f;app.py:2:f\n"
                   "3\t0\t1.5\t0\t2\t-\tapp.py:1:main;app.py:2:f;app.py:2:f;app.py:3:g\n"
                   "2\t6\t2\t2\t2\t-\tapp.py:1:main;app.py:2:f;app.py:3:g\n");
  g_assert_cmpfloat (hearth_call_tree_get_node (twice, 1)->guarded_width, ==, 0);
  g_assert_cmpfloat (hearth_call_tree_get_node (twice, 2)->guarded_width, ==, 4.5);
}

static void
test_recursion_mutual (void)
{
  g_autoptr (HearthProfile) p = hearth_test_new_pstats ();
  guint m = fn (p, 1, "main", 10), a = fn (p, 2, "a", 8), b = fn (p, 3, "b", 7);
  guint c = fn (p, 4, "c", 1);
  g_autoptr (HearthCallTree) tree = NULL;
  g_autoptr (HearthCallTree) twice = NULL;
  g_autofree char *bars = NULL;

  hearth_test_edge (p, m, a, 8);
  hearth_test_edge (p, a, b, 7);
  hearth_test_edge (p, b, a, 6);
  hearth_test_edge (p, b, c, 1);
  _hearth_profile_finish (p);

  tree = tree_at (p, m, 0.01);
  check_invariants (tree);
  bars = hearth_test_bars (tree);
  /* a has two callers (main, b): everything above a is an estimate */
  g_assert_cmpstr (bars, ==,
                   "0\t0\t10\t10\t10\t-\tapp.py:1:main\n"
                   "1\t0\t8\t8\t8\t-\tapp.py:1:main;app.py:2:a\n"
                   "2\t0\t7\t7\t7\tE\tapp.py:1:main;app.py:2:a;app.py:3:b\n"
                   "3\t0\t1\t1\t1\tE\tapp.py:1:main;app.py:2:a;app.py:3:b;app.py:4:c\n");
  g_assert_cmpfloat (hearth_call_tree_get_node (tree, 2)->guarded_width, ==, 6);
  g_assert_cmpfloat (hearth_call_tree_get_node (tree, 2)->self_width, ==, 0);
  g_assert_cmpfloat (hearth_call_tree_get_node (tree, 1)->self_width, ==, 1);

  twice = tree_full (p, m, 0.01, 2, 2000000);
  check_invariants (twice);
  g_assert_cmpuint (hearth_call_tree_get_n_nodes (twice), >, 4);
  for (guint i = 0; i < hearth_call_tree_get_n_nodes (twice); i++)
    {
      g_autofree guint *chain = NULL;
      guint depth = 0, count_a = 0;

      chain = hearth_call_tree_dup_chain (twice, i, &depth);
      for (guint k = 0; k < depth; k++)
        count_a += hearth_call_tree_get_node (twice, chain[k])->function == a;
      g_assert_cmpuint (count_a, <=, 2);
    }
}

/* python -m style: the program's work hangs off a caller the root never reaches. */
static void
test_unreached (void)
{
  g_autoptr (HearthProfile) p = hearth_test_new_pstats ();
  guint module = hearth_test_fn_in (p, "pydoc.py", 1, "<module>", 0.2);
  guint helper = hearth_test_fn_in (p, "pydoc.py", 20, "helper", 0.2);
  guint run_code = hearth_test_fn_in (p, "runpy.py", 86, "_run_code", 100);
  guint cli = hearth_test_fn_in (p, "pydoc.py", 2700, "cli", 99.8);
  guint tiny = hearth_test_fn_in (p, "pydoc.py", 30, "tiny", 0.001);
  g_autoptr (HearthCallTree) tree = NULL;
  g_autofree guint *unreached = NULL;
  g_autofree char *warnings = NULL;
  guint n = 0;

  hearth_test_edge (p, module, helper, 0.2);
  hearth_test_edge (p, run_code, cli, 99.8);
  hearth_test_edge (p, run_code, tiny, 0.001);
  _hearth_profile_finish (p);

  tree = tree_at (p, module, 0.01);
  check_invariants (tree);
  unreached = hearth_call_tree_dup_unreached (tree, HEARTH_CALL_TREE_UNREACHED_FRACTION, &n);
  g_assert_cmpuint (n, ==, 2);
  g_assert_cmpuint (unreached[0], ==, run_code);
  g_assert_cmpuint (unreached[1], ==, cli);
  warnings = report (tree, "warnings");
  assert_contains (warnings, "unreached: cli (pydoc.py:2700) has 99.8 s (49900.0% of the root) "
                             "but no bar in the tree; no walk from the root reaches it (the file "
                             "lost the link); try --root pydoc.py:2700:cli\n");
  g_assert_null (strstr (warnings, "tiny"));
  g_assert_null (strstr (warnings, "cut off:"));
}

/* Reached, but only in small places: main (100) calls 25 workers of 4 each, each of which
 * spends 0.5 in findall. findall has 12.5 % of the run and no bar at the 1 % cutoff: the file
 * links it, each of its 25 places is under the cutoff, and a cutoff of 0.005 shows them all. */
static void
test_unreached_cut_off (void)
{
  g_autoptr (HearthProfile) p = hearth_test_new_pstats ();
  guint main_ = fn (p, 1, "main", 100), findall = hearth_test_fn_in (p, "re.py", 10, "findall", 12.5);
  g_autoptr (HearthCallTree) tree = NULL;
  g_autoptr (HearthCallTree) lower = NULL;
  g_autofree guint *unreached = NULL;
  g_autofree HearthUnreached *why = NULL;
  g_autofree char *warnings = NULL;
  guint n = 0, bars = 0;

  for (guint i = 0; i < 25; i++)
    {
      g_autofree char *name = g_strdup_printf ("worker%u", i);
      guint w = fn (p, 100 + i, name, 4);

      hearth_test_edge (p, main_, w, 4);
      hearth_test_edge (p, w, findall, 0.5);
    }
  _hearth_profile_finish (p);

  tree = tree_at (p, main_, 0.01);
  unreached = hearth_call_tree_dup_unreached (tree, HEARTH_CALL_TREE_UNREACHED_FRACTION, &n);
  g_assert_cmpuint (n, ==, 1);
  g_assert_cmpuint (unreached[0], ==, findall);
  why = hearth_call_tree_explain_unreached (tree, unreached, n);
  g_assert_true (why[0].linked);
  g_assert_cmpuint (why[0].n_places, ==, 25);
  g_assert_cmpfloat_with_epsilon (why[0].placed, 12.5, 1e-9);
  g_assert_cmpfloat_with_epsilon (why[0].widest, 0.5, 1e-12);
  g_assert_cmpfloat_with_epsilon (why[0].cutoff, 0.005, 1e-12);

  warnings = report (tree, "warnings");
  assert_contains (warnings, "cut off: findall (re.py:10) has 12.5 s (12.5% of the root) but no "
                             "bar in the tree; it is in 25 places, each under the cutoff; try "
                             "--cutoff 0.005 or --root re.py:10:findall\n");
  g_assert_null (strstr (warnings, "unreached:"));

  /* the cutoff it offers gives findall its bars */
  lower = tree_at (p, main_, why[0].cutoff);
  for (guint i = 0; i < hearth_call_tree_get_n_nodes (lower); i++)
    bars += hearth_call_tree_get_node (lower, i)->function == findall;
  g_assert_cmpuint (bars, ==, 25);
}

/* cProfile's exec above the script's <module> holds the whole tree: it is not unreached,
 * but a function that only shares a caller with the root is. */
static void
test_unreached_root_callers (void)
{
  g_autoptr (HearthProfile) p = hearth_test_new_pstats ();
  guint exec = hearth_test_fn_in (p, "~", 0, "<built-in method builtins.exec>", 10);
  guint module = hearth_test_fn_in (p, "app.py", 1, "<module>", 9);
  guint work = hearth_test_fn_in (p, "app.py", 5, "work", 9);
  guint other = hearth_test_fn_in (p, "lib.py", 1, "<module>", 1);
  g_autoptr (HearthCallTree) tree = NULL;
  g_autofree guint *unreached = NULL;
  guint n = 0;

  hearth_test_edge (p, exec, module, 9);
  hearth_test_edge (p, exec, other, 1);
  hearth_test_edge (p, module, work, 9);
  _hearth_profile_finish (p);

  tree = tree_at (p, module, 0.01);
  unreached = hearth_call_tree_dup_unreached (tree, 0.05, &n);
  g_assert_cmpuint (n, ==, 1);
  g_assert_cmpuint (unreached[0], ==, other);
}

static void
test_shrink (void)
{
  g_autoptr (HearthProfile) p = hearth_test_new_pstats ();
  guint m = fn (p, 1, "main", 10), f = fn (p, 2, "f", 4), g = fn (p, 3, "g", 3);
  guint h = fn (p, 4, "h", 3);
  g_autoptr (HearthCallTree) tree = NULL;
  g_autofree char *bars = NULL;
  g_autofree char *warnings = NULL;
  const HearthShrink *shrinks;
  guint n = 0;

  hearth_test_edge (p, m, f, 4);
  hearth_test_edge (p, f, g, 3);
  hearth_test_edge (p, f, h, 3);
  _hearth_profile_finish (p);

  tree = tree_at (p, m, 0.01);
  check_invariants (tree);
  bars = hearth_test_bars (tree);
  /* 3 + 3 > 4: both scaled by 4/6 and laid inside f; bounds widened to hold the width */
  g_assert_cmpstr (bars, ==,
                   "0\t0\t10\t10\t10\t-\tapp.py:1:main\n"
                   "1\t0\t4\t4\t4\t-\tapp.py:1:main;app.py:2:f\n"
                   "2\t0\t2\t2\t3\tS\tapp.py:1:main;app.py:2:f;app.py:3:g\n"
                   "2\t2\t2\t2\t3\tS\tapp.py:1:main;app.py:2:f;app.py:4:h\n");
  g_assert_cmpfloat (hearth_call_tree_get_node (tree, 2)->shrink, ==, 1.5);
  g_assert_cmpfloat (hearth_call_tree_get_node (tree, 1)->self_width, ==, 0);
  shrinks = hearth_call_tree_get_shrinks (tree, &n);
  g_assert_cmpuint (n, ==, 1);
  g_assert_cmpuint (shrinks[0].node, ==, 1);
  g_assert_cmpfloat (shrinks[0].factor, ==, 1.5);
  warnings = report (tree, "warnings");
  assert_contains (warnings, "shrunk: callees add up to 50.0% more than the time of f (app.py:2) (1 bar)");
}

static void
test_zero_time (void)
{
  g_autoptr (HearthProfile) p = hearth_test_new_pstats ();
  guint m = fn (p, 1, "main", 10), z = fn (p, 2, "z", 0), y = fn (p, 3, "y", 0);
  guint w = fn (p, 4, "w", 3), nothing = fn (p, 5, "nothing", 0);
  g_autoptr (HearthCallTree) tree = NULL;
  g_autoptr (HearthCallTree) zero_cutoff = NULL;
  g_autoptr (HearthCallTree) empty_root = NULL;
  g_autofree char *bars = NULL;

  hearth_test_edge (p, m, z, 0);
  hearth_test_edge (p, m, y, 5);      /* y claims no time of its own: its callees get none */
  hearth_test_edge (p, y, w, 3);
  _hearth_profile_finish (p);

  tree = tree_at (p, m, 0.01);
  check_invariants (tree);
  bars = hearth_test_bars (tree);
  g_assert_cmpstr (bars, ==,
                   "0\t0\t10\t10\t10\t-\tapp.py:1:main\n"
                   "1\t0\t5\t5\t5\t-\tapp.py:1:main;app.py:3:y\n");

  zero_cutoff = tree_at (p, m, 0);
  check_invariants (zero_cutoff);
  g_assert_cmpuint (hearth_call_tree_get_n_nodes (zero_cutoff), ==, 2);
  g_assert_cmpuint (hearth_call_tree_get_limits (zero_cutoff), ==, HEARTH_TREE_LIMIT_NONE);

  empty_root = tree_at (p, nothing, 0);
  check_invariants (empty_root);
  g_assert_cmpuint (hearth_call_tree_get_n_nodes (empty_root), ==, 1);
  g_assert_cmpfloat (hearth_call_tree_get_total (empty_root), ==, 0);
  g_assert_cmpint (hearth_call_tree_node_at (empty_root, 0, 0), ==, -1);
}

static void
test_weird_values (void)
{
  g_autoptr (HearthProfile) p = hearth_test_new_pstats ();
  guint m = fn (p, 1, "main", 10), a = fn (p, 2, "a", NAN), b = fn (p, 3, "b", -3);
  guint c = fn (p, 4, "c", INFINITY), d = fn (p, 5, "d", NAN), e = fn (p, 6, "e", 1);
  guint big = fn (p, 7, "big", 12), nan_root = fn (p, 8, "nan_root", NAN);
  g_autoptr (HearthCallTree) tree = NULL;
  g_autoptr (HearthCallTree) nan_tree = NULL;
  g_autofree char *bars = NULL;

  hearth_test_edge (p, m, a, NAN);
  hearth_test_edge (p, m, b, -3);
  hearth_test_edge (p, m, c, INFINITY);
  hearth_test_edge (p, m, d, 2);
  hearth_test_edge (p, d, e, 1);
  hearth_test_edge (p, m, big, 12);   /* an edge longer than its caller */
  hearth_test_edge (p, nan_root, m, 10);
  _hearth_profile_finish (p);

  tree = tree_at (p, m, 0.01);
  check_invariants (tree);
  bars = hearth_test_bars (tree);
  /* 12 + 2 > 10: scaled by 10/14 */
  g_assert_cmpstr (bars, ==,
                   "0\t0\t10\t10\t10\t-\tapp.py:1:main\n"
                   "1\t0\t8.57142857\t8.57142857\t10\tS\tapp.py:1:main;app.py:7:big\n"
                   "1\t8.57142857\t1.42857143\t1.42857143\t2\tS\tapp.py:1:main;app.py:5:d\n");

  nan_tree = tree_at (p, nan_root, 0);
  check_invariants (nan_tree);
  g_assert_cmpuint (hearth_call_tree_get_n_nodes (nan_tree), ==, 1);
  g_assert_cmpfloat (hearth_call_tree_get_total (nan_tree), ==, 0);
}

/* Crafted magnitudes must not overflow edge * width / cumulative into infinities or NaN. */
static void
test_huge_values (void)
{
  g_autoptr (HearthProfile) p = hearth_test_new_pstats ();
  guint m = fn (p, 1, "main", 1e80), a = fn (p, 2, "a", 1e-80), b = fn (p, 3, "b", 1e80);
  guint c = fn (p, 4, "c", 1e80), huge = fn (p, 5, "huge", 1e300);
  g_autoptr (HearthCallTree) tree = NULL;
  g_autoptr (HearthCallTree) huge_tree = NULL;

  hearth_test_edge (p, m, a, 1e80);
  hearth_test_edge (p, a, b, 1e80);
  hearth_test_edge (p, a, c, 1e80);
  hearth_test_edge (p, huge, m, 1e300);
  _hearth_profile_finish (p);

  tree = tree_at (p, m, 0);
  check_invariants (tree);
  g_assert_cmpuint (hearth_call_tree_get_n_nodes (tree), ==, 4);
  g_assert_cmpfloat (hearth_call_tree_get_node (tree, 2)->width, ==, 5e79);
  g_assert_true (hearth_call_tree_get_node (tree, 2)->flags & HEARTH_NODE_SHRUNK);

  huge_tree = tree_at (p, huge, 0);
  check_invariants (huge_tree);
  g_assert_cmpfloat (hearth_call_tree_get_total (huge_tree), ==, 0);
}

static void
test_cutoff_one (void)
{
  g_autoptr (HearthProfile) p = hearth_test_new_pstats ();
  guint m = fn (p, 1, "main", 10), a = fn (p, 2, "a", 10), b = fn (p, 3, "b", 5);
  guint c = fn (p, 4, "c", 5);
  g_autoptr (HearthCallTree) one = NULL;
  g_autoptr (HearthCallTree) more = NULL;
  g_autoptr (HearthCallTree) half = NULL;

  hearth_test_edge (p, m, a, 10);
  hearth_test_edge (p, a, b, 5);
  hearth_test_edge (p, a, c, 5);
  _hearth_profile_finish (p);

  one = tree_at (p, m, 1);
  check_invariants (one);
  g_assert_cmpuint (hearth_call_tree_get_n_nodes (one), ==, 2);
  more = tree_at (p, m, 1.5);
  g_assert_cmpuint (hearth_call_tree_get_n_nodes (more), ==, 1);
  half = tree_at (p, m, 0.5);
  g_assert_cmpuint (hearth_call_tree_get_n_nodes (half), ==, 4);
  /* the sibling after a dropped bar starts after it either way */
  {
    g_autoptr (HearthCallTree) sixty = tree_at (p, m, 0.51);
    g_autoptr (HearthProfile) q = hearth_test_new_pstats ();
    guint qm = fn (q, 1, "main", 10), x = fn (q, 2, "x", 6), y = fn (q, 3, "y", 3);
    g_autoptr (HearthCallTree) gap = NULL;

    g_assert_cmpuint (hearth_call_tree_get_n_nodes (sixty), ==, 2);
    hearth_test_edge (q, qm, x, 0.5);
    hearth_test_edge (q, qm, y, 3);
    _hearth_profile_finish (q);
    gap = tree_at (q, qm, 0.1);
    g_assert_cmpuint (hearth_call_tree_get_n_nodes (gap), ==, 2);
    g_assert_cmpfloat (hearth_call_tree_get_node (gap, 1)->left, ==, 0);
    (void) x;
    (void) y;
  }
}

static void
test_floor (void)
{
  g_autoptr (HearthProfile) p = hearth_test_new_pstats ();
  guint m = fn (p, 1, "main", 1), a = fn (p, 2, "a", 1e-7), b = fn (p, 3, "b", 0.5);
  g_autoptr (HearthCallTree) zero = NULL;
  g_autoptr (HearthCallTree) usual = NULL;
  g_autofree char *warnings = NULL;

  hearth_test_edge (p, m, a, 1e-7);
  hearth_test_edge (p, m, b, 0.5);
  _hearth_profile_finish (p);

  zero = tree_at (p, m, 0);
  check_invariants (zero);
  g_assert_cmpuint (hearth_call_tree_get_n_nodes (zero), ==, 2);
  g_assert_cmpuint (hearth_call_tree_get_limits (zero), ==, HEARTH_TREE_LIMIT_FLOOR);
  warnings = report (zero, "warnings");
  assert_contains (warnings, "limited: bars narrower than a millionth of the root (1e-06 s)");

  usual = tree_at (p, m, 0.01);
  g_assert_cmpuint (hearth_call_tree_get_limits (usual), ==, HEARTH_TREE_LIMIT_NONE);
}

static void
test_deep_chain (void)
{
  g_autoptr (HearthProfile) p = hearth_test_new_pstats ();
  g_autoptr (HearthCallTree) tree = NULL;
  g_autofree guint *chain = NULL;
  guint previous = 0, depth = 0;

  for (guint i = 0; i < 10000; i++)
    {
      g_autofree char *name = g_strdup_printf ("f%u", i);
      guint f = fn (p, i + 1, name, 1.0);

      if (i > 0)
        hearth_test_edge (p, previous, f, 1.0);
      previous = f;
    }
  /* the last calls the first: one cycle through all of them, for the guard to walk */
  hearth_test_edge (p, previous, 0, 1.0);
  _hearth_profile_finish (p);

  tree = tree_at (p, 0, 0.01);
  g_assert_cmpuint (hearth_call_tree_get_n_nodes (tree), ==, 10000);
  g_assert_cmpuint (hearth_call_tree_get_max_depth (tree), ==, 9999);
  g_assert_cmpfloat (hearth_call_tree_get_node (tree, 9999)->width, ==, 1.0);
  g_assert_cmpfloat (hearth_call_tree_get_node (tree, 9999)->guarded_width, ==, 1.0);
  chain = hearth_call_tree_dup_chain (tree, 9999, &depth);
  g_assert_cmpuint (depth, ==, 10000);
  g_assert_cmpint (hearth_call_tree_node_at (tree, 0.5, 9999), ==, 9999);
}

/* A random layered profile: a main module, layers of callers, shared helpers, recursion. */
static HearthProfile *
random_profile (guint32 seed,
                guint   n_functions,
                guint   fan_out)
{
  HearthProfile *p = hearth_test_new_pstats ();
  g_autoptr (GRand) rand = g_rand_new_with_seed (seed);
  g_autofree double *cum = g_new0 (double, n_functions);

  for (guint i = 0; i < n_functions; i++)
    {
      g_autofree char *name = g_strdup_printf ("f%u", i);

      _hearth_profile_intern_function (p, "gen.py", i + 1, name);
    }
  cum[0] = 100;
  for (guint i = 0; i < n_functions; i++)
    {
      double left = cum[i] * 0.9;

      _hearth_profile_set_numbers (p, i, 1, 1, cum[i] * 0.1, cum[i]);
      for (guint k = 0; k < fan_out && i + 1 < n_functions && left > 0; k++)
        {
          guint callee = g_rand_int_range (rand, i + 1, MIN (n_functions, i + 40));
          double share = left * g_rand_double_range (rand, 0.2, 0.8);

          if (k == fan_out - 1)
            share = left;
          left -= share;
          hearth_test_edge (p, i, callee, share);
          cum[callee] += share;
        }
      /* some recursion back up the layers */
      if (i > 10 && g_rand_int_range (rand, 0, 5) == 0)
        hearth_test_edge (p, i, g_rand_int_range (rand, 1, i), cum[i] * 0.05);
    }
  _hearth_profile_finish (p);
  return p;
}

static char *
chain_key (HearthCallTree *tree,
           guint           node)
{
  g_autofree guint *chain = NULL;
  GString *key = g_string_new (NULL);
  guint depth = 0;

  chain = hearth_call_tree_dup_chain (tree, node, &depth);
  for (guint i = 0; i < depth; i++)
    g_string_append_printf (key, "%u;", hearth_call_tree_get_node (tree, chain[i])->function);
  return g_string_free (key, FALSE);
}

static int
compare_widths_down (gconstpointer a,
                     gconstpointer b)
{
  double x = *(const double *) a, y = *(const double *) b;

  return (x < y) - (x > y);
}

static void
test_budget (void)
{
  g_autoptr (HearthProfile) p = random_profile (7, 400, 5);
  g_autoptr (HearthCallTree) full = tree_full (p, 0, 1e-5, 1, 10000000);
  g_autoptr (HearthCallTree) small = tree_full (p, 0, 1e-5, 1, 1000);
  g_autoptr (GHashTable) full_bars = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, NULL);
  g_autoptr (GArray) widths = g_array_new (FALSE, FALSE, sizeof (double));
  g_autofree char *warnings = NULL;
  guint n_full = hearth_call_tree_get_n_nodes (full);
  double least = G_MAXDOUBLE;

  check_invariants (full);
  check_invariants (small);
  g_test_message ("%u bars in the whole tree", n_full);
  g_assert_cmpuint (n_full, >, 5000);
  g_assert_cmpuint (hearth_call_tree_get_limits (full), ==, HEARTH_TREE_LIMIT_NONE);
  g_assert_cmpuint (hearth_call_tree_get_n_nodes (small), ==, 1000);
  g_assert_true (hearth_call_tree_get_limits (small) & HEARTH_TREE_LIMIT_BUDGET);

  for (guint i = 0; i < n_full; i++)
    {
      double w = hearth_call_tree_get_node (full, i)->width;

      g_hash_table_insert (full_bars, chain_key (full, i), GUINT_TO_POINTER (i + 1));
      g_array_append_val (widths, w);
    }
  g_array_sort (widths, compare_widths_down);

  /* every kept bar is the same bar of the whole tree, and they are its 1,000 widest */
  for (guint i = 0; i < 1000; i++)
    {
      const HearthNode *node = hearth_call_tree_get_node (small, i);
      g_autofree char *key = chain_key (small, i);
      guint found = GPOINTER_TO_UINT (g_hash_table_lookup (full_bars, key));

      g_assert_cmpuint (found, !=, 0);
      g_assert_cmpfloat (hearth_call_tree_get_node (full, found - 1)->width, ==, node->width);
      g_assert_cmpfloat (hearth_call_tree_get_node (full, found - 1)->left, ==, node->left);
      least = MIN (least, node->width);
    }
  g_assert_cmpfloat (least, ==, g_array_index (widths, double, 999));
  g_assert_cmpfloat (hearth_call_tree_get_budget_width (small), <=, least);
  g_assert_cmpfloat (hearth_call_tree_get_budget_width (small), ==,
                     g_array_index (widths, double, 1000));
  warnings = report (small, "warnings");
  assert_contains (warnings, "limited: the tree keeps its 1000 widest bars (the node budget)");

  /* the smallest budgets */
  for (guint budget = 1; budget <= 3; budget++)
    {
      g_autoptr (HearthCallTree) tiny = tree_full (p, 0, 1e-5, 1, budget);

      check_invariants (tiny);
      g_assert_cmpuint (hearth_call_tree_get_n_nodes (tiny), ==, budget);
      g_assert_cmpfloat (hearth_call_tree_get_budget_width (tiny), ==,
                         g_array_index (widths, double, budget));
      for (guint i = 0; i < budget; i++)
        g_assert_cmpfloat (hearth_call_tree_get_node (tiny, i)->width, >=,
                           g_array_index (widths, double, budget - 1));
    }
}

/* Cutoff 0 explodes: the budget must hold it, in time and memory. */
static void
test_cutoff_zero_explodes (void)
{
  g_autoptr (HearthProfile) p = random_profile (11, 2000, 6);
  g_autoptr (HearthCallTree) tree = tree_full (p, 0, 0, 1, 50000);

  check_invariants (tree);
  g_assert_cmpuint (hearth_call_tree_get_n_nodes (tree), ==, 50000);
  g_assert_true (hearth_call_tree_get_limits (tree) & HEARTH_TREE_LIMIT_BUDGET);
}

static void
test_cutoff_zero_real (void)
{
  g_autofree char *path = hearth_test_data_path ("cprofile_cli_py311.prof");
  g_autoptr (GError) error = NULL;
  g_autoptr (HearthProfile) p = hearth_profile_load_path (path, &error);
  g_autoptr (HearthCallTree) tree = NULL;
  g_autofree char *warnings = NULL;
  HearthCallTreeOptions options = HEARTH_CALL_TREE_OPTIONS_INIT;
  gint64 start;

  g_assert_no_error (error);
  options.cutoff = 0;
  start = g_get_monotonic_time ();
  tree = hearth_call_tree_new (p, &options, &error);
  g_assert_no_error (error);
  g_test_message ("cutoff 0: %u bars of %u candidates in %.2f s",
                  hearth_call_tree_get_n_nodes (tree), hearth_call_tree_get_n_candidates (tree),
                  (g_get_monotonic_time () - start) / 1e6);
  g_assert_cmpuint (hearth_call_tree_get_n_nodes (tree), <=, options.node_budget);
  g_assert_true (hearth_call_tree_get_limits (tree) != HEARTH_TREE_LIMIT_NONE);
  warnings = report (tree, "warnings");
  assert_contains (warnings, "limited: ");
  check_invariants (tree);

  /* and with a budget it reaches */
  {
    g_autoptr (HearthCallTree) held = NULL;
    g_autofree char *held_warnings = NULL;

    options.node_budget = 2000;
    held = hearth_call_tree_new (p, &options, &error);
    g_assert_no_error (error);
    check_invariants (held);
    g_assert_cmpuint (hearth_call_tree_get_n_nodes (held), ==, 2000);
    g_assert_true (hearth_call_tree_get_limits (held) & HEARTH_TREE_LIMIT_BUDGET);
    held_warnings = report (held, "warnings");
    assert_contains (held_warnings, "limited: the tree keeps its 2000 widest bars");
  }
}

static void
test_default_root (void)
{
  g_autoptr (HearthProfile) p = hearth_test_new_pstats ();
  g_autoptr (HearthCallTree) tree = NULL;
  guint app;

  hearth_test_fn_in (p, "<frozen runpy>", 1, "<module>", 100);
  hearth_test_fn_in (p, "/usr/lib/python3/dist-packages/numpy/__init__.py", 1, "<module>", 50);
  hearth_test_fn_in (p, "/venv/lib/python3.11/site-packages/x/y.py", 1, "<module>", 40);
  hearth_test_fn_in (p, "~", 0, "<module>", 200);
  app = hearth_test_fn_in (p, "/home/u/app.py", 1, "<module>", 10);
  hearth_test_fn_in (p, "/home/u/lib.py", 1, "<module>", 5);
  hearth_test_fn_in (p, "/home/u/app.py", 5, "main", 30);
  _hearth_profile_finish (p);

  tree = hearth_call_tree_new (p, NULL, NULL);
  g_assert_cmpint (hearth_call_tree_get_root_function (tree), ==, (gint) app);
  g_assert_cmpuint (hearth_call_tree_get_node (tree, 0)->function, ==, app);
}

static void
test_parse_root (void)
{
  g_autoptr (HearthProfile) p = hearth_test_new_pstats ();
  g_autoptr (GError) error = NULL;
  guint f = hearth_test_fn_in (p, "/home/u/proj/app.py", 3, "f", 1);
  guint g = hearth_test_fn_in (p, "/a/util.py", 3, "g", 1);
  guint colon = hearth_test_fn_in (p, "x.py", 5, "a:b", 1);
  guint win = hearth_test_fn_in (p, "C:\\proj\\win.py", 7, "h", 1);

  hearth_test_fn_in (p, "/b/util.py", 3, "g", 1);
  _hearth_profile_finish (p);

  g_assert_cmpint (hearth_call_tree_parse_root (p, "/home/u/proj/app.py:3:f", &error), ==,
                   (gint) f);
  g_assert_cmpint (hearth_call_tree_parse_root (p, "app.py:3:f", &error), ==, (gint) f);
  g_assert_cmpint (hearth_call_tree_parse_root (p, "/a/util.py:3:g", &error), ==, (gint) g);
  g_assert_cmpint (hearth_call_tree_parse_root (p, "x.py:5:a:b", &error), ==, (gint) colon);
  g_assert_cmpint (hearth_call_tree_parse_root (p, "C:\\proj\\win.py:7:h", &error), ==, (gint) win);
  g_assert_cmpint (hearth_call_tree_parse_root (p, "win.py:7:h", &error), ==, (gint) win);
  g_assert_no_error (error);

  g_assert_cmpint (hearth_call_tree_parse_root (p, "util.py:3:g", &error), ==, -1);
  g_assert_error (error, HEARTH_CALL_TREE_ERROR, HEARTH_CALL_TREE_ERROR_BAD_ROOT);
  assert_contains (error->message, "ambiguous");
  g_clear_error (&error);
  g_assert_cmpint (hearth_call_tree_parse_root (p, "app.py:4:f", &error), ==, -1);
  g_assert_error (error, HEARTH_CALL_TREE_ERROR, HEARTH_CALL_TREE_ERROR_BAD_ROOT);
  g_clear_error (&error);
  g_assert_cmpint (hearth_call_tree_parse_root (p, "nonsense", &error), ==, -1);
  g_assert_error (error, HEARTH_CALL_TREE_ERROR, HEARTH_CALL_TREE_ERROR_BAD_ROOT);
  g_clear_error (&error);

  {
    HearthCallTreeOptions options = HEARTH_CALL_TREE_OPTIONS_INIT;

    options.root = 999;
    g_assert_null (hearth_call_tree_new (p, &options, &error));
    g_assert_error (error, HEARTH_CALL_TREE_ERROR, HEARTH_CALL_TREE_ERROR_BAD_ROOT);
  }
}

static void
test_empty (void)
{
  g_autoptr (HearthProfile) p = hearth_test_new_pstats ();
  g_autoptr (HearthCallTree) tree = NULL;
  g_autofree char *bars = NULL;
  g_autofree char *widest = NULL;
  g_autofree char *folded = NULL;
  g_autofree char *warnings = NULL;
  guint n = 0;

  _hearth_profile_finish (p);
  tree = hearth_call_tree_new (p, NULL, NULL);
  g_assert_cmpuint (hearth_call_tree_get_n_nodes (tree), ==, 0);
  g_assert_cmpfloat (hearth_call_tree_get_total (tree), ==, 0);
  g_assert_null (hearth_call_tree_get_row (tree, 0, &n));
  g_assert_cmpint (hearth_call_tree_node_at (tree, 0, 0), ==, -1);
  bars = hearth_test_bars (tree);
  widest = report (tree, "widest");
  folded = report (tree, "folded");
  warnings = report (tree, "warnings");
  g_assert_cmpstr (bars, ==, "");
  g_assert_cmpstr (widest, ==, "");
  g_assert_cmpstr (folded, ==, "");
  g_assert_cmpstr (warnings, ==, "");
}

/* Stack profiles ------------------------------------------------------------------------------ */

static HearthProfile *
stacks_profile (const char * const *lines)
{
  HearthProfile *p = _hearth_profile_new (HEARTH_FORMAT_FOLDED, HEARTH_KIND_SAMPLED,
                                          HEARTH_UNIT_SAMPLES);

  for (guint l = 0; lines[l] != NULL; l++)
    {
      g_auto (GStrv) parts = g_strsplit (lines[l], " ", 2);
      g_auto (GStrv) frames = g_strsplit (parts[0], ";", -1);
      guint n = g_strv_length (frames);
      g_autofree guint *ids = g_new (guint, n);

      for (guint i = 0; i < n; i++)
        ids[i] = _hearth_profile_intern_frame (p, frames[i], "", 0, frames[i]);
      _hearth_profile_add_stack (p, ids, n, g_ascii_strtod (parts[1], NULL));
    }
  _hearth_profile_finish (p);
  return p;
}

static HearthCallTree *
stacks_tree (HearthProfile *p,
             gint           root,
             double         cutoff,
             gboolean       collapse)
{
  HearthCallTreeOptions options = HEARTH_CALL_TREE_OPTIONS_INIT;

  options.root = root;
  options.cutoff = cutoff;
  options.collapse_recursion = collapse;
  return hearth_call_tree_new (p, &options, NULL);
}

static void
test_stacks (void)
{
  const char *lines[] = { "a;b;c 3", "a;b 2", "a;d 5", "x 1", "a;b;c 0", NULL };
  g_autoptr (HearthProfile) p = stacks_profile (lines);
  g_autoptr (HearthCallTree) tree = stacks_tree (p, -1, 0.01, FALSE);
  g_autoptr (HearthCallTree) cut = stacks_tree (p, -1, 0.5, FALSE);
  g_autoptr (HearthCallTree) rooted = NULL;
  g_autofree char *bars = hearth_test_bars (tree);
  g_autofree char *folded = report (tree, "folded");
  g_autofree char *widest = report (tree, "widest");
  g_autofree char *rooted_bars = NULL;
  g_autoptr (GError) error = NULL;
  gint b;

  check_invariants (tree);
  g_assert_true (hearth_call_tree_is_from_stacks (tree));
  g_assert_cmpint (hearth_call_tree_get_root_function (tree), ==, -1);
  g_assert_cmpstr (bars, ==,
                   "0\t0\t11\t11\t11\t-\tall\n"
                   "1\t0\t10\t10\t10\t-\tall;a\n"
                   "2\t0\t5\t5\t5\t-\tall;a;b\n"
                   "3\t0\t3\t3\t3\t-\tall;a;b;c\n"
                   "2\t5\t5\t5\t5\t-\tall;a;d\n"
                   "1\t10\t1\t1\t1\t-\tall;x\n");
  g_assert_cmpstr (folded, ==,
                   "a;b 2\n"
                   "a;b;c 3\n"
                   "a;d 5\n"
                   "x 1\n");
  /* a;b has 2 samples of its own on top of c's 3 */
  g_assert_cmpstr (widest, ==,
                   "45.5\ta > d\n"
                   "27.3\ta > b > c\n"
                   "18.2\ta > b\n"
                   "9.1\tx\n");

  g_assert_cmpuint (hearth_call_tree_get_n_nodes (cut), ==, 2);
  /* the stacks that end at a bar's frame are its own; a;b has 2 of its 5 */
  g_assert_cmpfloat (hearth_call_tree_get_own_width (tree, 2), ==, 2);
  g_assert_cmpfloat (hearth_call_tree_get_own_width (tree, 1), ==, 0);
  /* at a cutoff of one half, a's callees have no bar: its 10 of self time are theirs */
  g_assert_cmpfloat (hearth_call_tree_get_node (cut, 1)->self_width, ==, 10);
  g_assert_cmpfloat (hearth_call_tree_get_own_width (cut, 1), ==, 0);

  b = hearth_call_tree_parse_root (p, "b", &error);
  g_assert_no_error (error);
  rooted = stacks_tree (p, b, 0.01, FALSE);
  rooted_bars = hearth_test_bars (rooted);
  g_assert_cmpstr (rooted_bars, ==,
                   "0\t0\t5\t5\t5\t-\tb\n"
                   "1\t0\t3\t3\t3\t-\tb;c\n");
}

static void
test_stacks_recursion (void)
{
  const char *lines[] = { "f;f;f;g 4", "f;g 2", "f;h;f 1", NULL };
  g_autoptr (HearthProfile) p = stacks_profile (lines);
  g_autoptr (HearthCallTree) tree = stacks_tree (p, -1, 0.01, FALSE);
  g_autoptr (HearthCallTree) collapsed = stacks_tree (p, -1, 0.01, TRUE);
  g_autofree char *bars = hearth_test_bars (tree);
  g_autofree char *collapsed_bars = hearth_test_bars (collapsed);
  guint n_matches = 0;

  check_invariants (tree);
  check_invariants (collapsed);
  g_assert_cmpstr (bars, ==,
                   "0\t0\t7\t7\t7\t-\tall\n"
                   "1\t0\t7\t7\t7\t-\tall;f\n"
                   "2\t0\t4\t4\t4\t-\tall;f;f\n"
                   "3\t0\t4\t4\t4\t-\tall;f;f;f\n"
                   "4\t0\t4\t4\t4\t-\tall;f;f;f;g\n"
                   "2\t4\t2\t2\t2\t-\tall;f;g\n"
                   "2\t6\t1\t1\t1\t-\tall;f;h\n"
                   "3\t6\t1\t1\t1\t-\tall;f;h;f\n");
  /* only a frame calling itself directly merges: f;h;f stays */
  g_assert_cmpstr (collapsed_bars, ==,
                   "0\t0\t7\t7\t7\t-\tall\n"
                   "1\t0\t7\t7\t7\t-\tall;f\n"
                   "2\t0\t6\t6\t6\t-\tall;f;g\n"
                   "2\t6\t1\t1\t1\t-\tall;f;h\n"
                   "3\t6\t1\t1\t1\t-\tall;f;h;f\n");

  /* nested matches count once */
  g_assert_cmpfloat (hearth_call_tree_search_total (tree, "f", &n_matches), ==, 7);
  g_assert_cmpuint (n_matches, ==, 4);
  g_assert_cmpfloat (hearth_call_tree_search_total (tree, "g", &n_matches), ==, 6);
  g_assert_cmpuint (n_matches, ==, 2);
}

static void
test_stacks_deep (void)
{
  g_autoptr (HearthProfile) p = _hearth_profile_new (HEARTH_FORMAT_FOLDED, HEARTH_KIND_SAMPLED,
                                                     HEARTH_UNIT_SAMPLES);
  g_autofree guint *distinct = g_new (guint, 10000);
  g_autofree guint *same = g_new (guint, 10000);
  g_autoptr (HearthCallTree) tree = NULL;
  g_autoptr (HearthCallTree) collapsed = NULL;
  HearthCallTreeOptions options = HEARTH_CALL_TREE_OPTIONS_INIT;

  for (guint i = 0; i < 10000; i++)
    {
      g_autofree char *name = g_strdup_printf ("f%u", i);

      distinct[i] = _hearth_profile_intern_frame (p, name, "", 0, name);
    }
  for (guint i = 0; i < 10000; i++)
    same[i] = _hearth_profile_intern_frame (p, "rec", "", 0, "rec");
  _hearth_profile_add_stack (p, distinct, 10000, 3);
  _hearth_profile_add_stack (p, same, 10000, 1);
  _hearth_profile_finish (p);

  tree = hearth_call_tree_new (p, &options, NULL);
  check_invariants (tree);
  g_assert_cmpuint (hearth_call_tree_get_n_nodes (tree), ==, 20001);
  g_assert_cmpuint (hearth_call_tree_get_max_depth (tree), ==, 10000);

  options.collapse_recursion = TRUE;
  collapsed = hearth_call_tree_new (p, &options, NULL);
  check_invariants (collapsed);
  g_assert_cmpuint (hearth_call_tree_get_n_nodes (collapsed), ==, 10002);
}

/* A sampled pstats profile (3.15) has no stacks: it goes through the edge walk. */
static void
test_sampled_edges (void)
{
  g_autoptr (HearthProfile) p = _hearth_profile_new (HEARTH_FORMAT_PSTATS, HEARTH_KIND_SAMPLED,
                                                     HEARTH_UNIT_SECONDS);
  guint m = fn (p, 1, "main", 10), a = fn (p, 2, "a", 8);
  g_autoptr (HearthCallTree) tree = NULL;

  hearth_test_edge (p, m, a, 8);
  _hearth_profile_finish (p);
  tree = tree_at (p, m, 0.01);
  g_assert_false (hearth_call_tree_is_from_stacks (tree));
  g_assert_cmpuint (hearth_call_tree_get_n_nodes (tree), ==, 2);
}

static void
test_callees_sorted (void)
{
  g_autoptr (HearthProfile) p = hearth_test_new_pstats ();
  guint m = fn (p, 1, "main", 10), a = fn (p, 3, "a", 2), b = fn (p, 2, "b", 2);
  guint c = fn (p, 4, "c", 5);
  g_autoptr (HearthCallTree) tree = NULL;
  g_autofree guint *callees = NULL;
  guint n = 0;

  hearth_test_edge (p, m, a, 2);
  hearth_test_edge (p, m, c, 5);
  hearth_test_edge (p, m, b, 2);
  _hearth_profile_finish (p);
  tree = tree_at (p, m, 0.01);
  callees = hearth_call_tree_dup_callees (tree, m, &n);
  g_assert_cmpuint (n, ==, 3);
  g_assert_cmpuint (hearth_profile_get_edge (p, callees[0])->callee, ==, c);
  g_assert_cmpuint (hearth_profile_get_edge (p, callees[1])->callee, ==, b);
  g_assert_cmpuint (hearth_profile_get_edge (p, callees[2])->callee, ==, a);
  /* siblings: widest first, ties by line */
  g_assert_cmpuint (hearth_call_tree_get_node (tree, 1)->function, ==, c);
  g_assert_cmpuint (hearth_call_tree_get_node (tree, 2)->function, ==, b);
  g_assert_cmpuint (hearth_call_tree_get_node (tree, 3)->function, ==, a);
}

/* Every fixture the readers accept gives a sound tree at the usual cutoff and at 0. */
static void
test_fixtures (void)
{
  g_autofree char *dir_path = hearth_test_data_path ("");
  g_autoptr (GDir) dir = g_dir_open (dir_path, 0, NULL);
  const char *name;
  guint n_trees = 0;

  g_assert_nonnull (dir);
  while ((name = g_dir_read_name (dir)) != NULL)
    {
      g_autofree char *path = g_build_filename (dir_path, name, NULL);
      g_autoptr (HearthProfile) p = NULL;
      g_autoptr (HearthCallTree) usual = NULL;
      g_autoptr (HearthCallTree) zero = NULL;

      if (g_file_test (path, G_FILE_TEST_IS_DIR))
        continue;
      p = hearth_profile_load_path (path, NULL);
      if (p == NULL)
        continue;
      usual = tree_at (p, -1, 0.01);
      check_invariants (usual);
      zero = tree_full (p, -1, 0, 1, 20000);
      check_invariants (zero);
      n_trees++;
    }
  g_assert_cmpuint (n_trees, >, 10);
}

static HearthProfile *
load_example (const char *name)
{
  g_autofree char *path = g_test_build_filename (G_TEST_DIST, "..", "data", "examples", name, NULL);
  g_autoptr (GError) error = NULL;
  HearthProfile *profile = hearth_profile_load_path (path, &error);

  g_assert_no_error (error);
  return profile;
}

/* The bundled example: the slow run's widest chain is the per-walker loop at roughly nine
 * tenths of the run, in a small tree; the vectorised run is several times shorter. */
static void
test_examples (void)
{
  HearthCallTreeOptions options = HEARTH_CALL_TREE_OPTIONS_INIT;
  g_autoptr (HearthProfile) before = load_example ("before.prof");
  g_autoptr (HearthProfile) after = load_example ("after.prof");
  g_autoptr (HearthCallTree) tree = hearth_call_tree_new (before, &options, NULL);
  g_autoptr (HearthCallTree) after_tree = hearth_call_tree_new (after, &options, NULL);
  g_autofree guint *chains = NULL;
  const HearthNode *widest;
  guint n_chains = 0;
  double share;

  g_assert_nonnull (tree);
  g_assert_nonnull (after_tree);
  g_assert_cmpuint (hearth_call_tree_get_n_nodes (tree), <, 12);

  chains = hearth_call_tree_dup_widest_chains (tree, &n_chains);
  g_assert_cmpuint (n_chains, >, 0);
  widest = hearth_call_tree_get_node (tree, chains[0]);
  g_assert_cmpstr (hearth_profile_get_function (before, widest->function)->name, ==, "walker_msd");
  g_assert_cmpint (widest->flags, ==, HEARTH_NODE_NONE);
  share = widest->width / hearth_call_tree_get_total (tree);
  g_assert_cmpfloat (share, >, 0.85);
  g_assert_cmpfloat (share, <, 0.99);

  g_assert_cmpfloat (hearth_call_tree_get_total (after_tree) * 3, <,
                     hearth_call_tree_get_total (tree));
}

int
main (int   argc,
      char *argv[])
{
  g_test_init (&argc, &argv, NULL);

  g_test_add_func ("/call-tree/chain", test_chain);
  g_test_add_func ("/call-tree/shared-helper", test_shared_helper);
  g_test_add_func ("/call-tree/widest/self-time", test_widest_self_time);
  g_test_add_func ("/call-tree/recursion/direct", test_recursion_direct);
  g_test_add_func ("/call-tree/recursion/mutual", test_recursion_mutual);
  g_test_add_func ("/call-tree/unreached", test_unreached);
  g_test_add_func ("/call-tree/unreached/cut-off", test_unreached_cut_off);
  g_test_add_func ("/call-tree/examples", test_examples);
  g_test_add_func ("/call-tree/unreached/root-callers", test_unreached_root_callers);
  g_test_add_func ("/call-tree/shrink", test_shrink);
  g_test_add_func ("/call-tree/zero-time", test_zero_time);
  g_test_add_func ("/call-tree/weird-values", test_weird_values);
  g_test_add_func ("/call-tree/huge-values", test_huge_values);
  g_test_add_func ("/call-tree/cutoff/one", test_cutoff_one);
  g_test_add_func ("/call-tree/cutoff/floor", test_floor);
  g_test_add_func ("/call-tree/cutoff/zero-explodes", test_cutoff_zero_explodes);
  g_test_add_func ("/call-tree/cutoff/zero-real", test_cutoff_zero_real);
  g_test_add_func ("/call-tree/deep-chain", test_deep_chain);
  g_test_add_func ("/call-tree/budget", test_budget);
  g_test_add_func ("/call-tree/root/default", test_default_root);
  g_test_add_func ("/call-tree/root/parse", test_parse_root);
  g_test_add_func ("/call-tree/empty", test_empty);
  g_test_add_func ("/call-tree/callees-sorted", test_callees_sorted);
  g_test_add_func ("/call-tree/stacks/merge", test_stacks);
  g_test_add_func ("/call-tree/stacks/recursion", test_stacks_recursion);
  g_test_add_func ("/call-tree/stacks/deep", test_stacks_deep);
  g_test_add_func ("/call-tree/sampled-edges", test_sampled_edges);
  g_test_add_func ("/call-tree/fixtures", test_fixtures);

  return g_test_run ();
}
