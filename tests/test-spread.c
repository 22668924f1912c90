/* test-spread.c: each bar of merged runs with its width in each run, worked by hand.
 *
 * Copyright 2026 The Hearth authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "hearth-profile-merge.h"
#include "hearth-profile-private.h"
#include "hearth-report.h"
#include "hearth-spread.h"
#include "hearth-test-util.h"

#include <math.h>
#include <string.h>

/* Three runs: main is 8, 4, 8; a 6, 2, 4; b 2 in each; c only in the third, 2.
 * main: mean 20/3, deviations 4/3, -8/3, 4/3, sample variance (16/9 + 64/9 + 16/9) / 2 = 16/3,
 *   CV = sqrt (16/3) / (20/3) = 0.34641.
 * a: mean 4, variance (4 + 4 + 0) / 2 = 4, CV 0.5.   b: CV 0.
 * c: 0, 0, 2: mean 2/3, variance (4/9 + 4/9 + 16/9) / 2 = 4/3, CV = sqrt (4/3) / (2/3) = sqrt 3. */
static HearthProfile *
load_and_merge (HearthProfile  *runs[3],
                GError        **error)
{
  runs[0] = hearth_test_load_folded ("1.folded", "main;a 6\nmain;b 2\n");
  runs[1] = hearth_test_load_folded ("2.folded", "main;a 2\nmain;b 2\n");
  runs[2] = hearth_test_load_folded ("3.folded", "main;a 4\nmain;b 2\nmain;c 2\n");
  return hearth_profile_merge (runs, 3, error);
}

static void
test_by_hand (void)
{
  HearthProfile *runs[3];
  g_autoptr (GError) error = NULL;
  g_autoptr (HearthProfile) merged = load_and_merge (runs, &error);
  HearthCallTreeOptions options = HEARTH_CALL_TREE_OPTIONS_INIT;
  g_autoptr (HearthCallTree) tree = NULL;
  g_autoptr (HearthSpread) spread = NULL;
  g_autoptr (GString) report = g_string_new (NULL);
  HearthSpreadStats s;
  guint main_node, a, b, c;

  g_assert_no_error (error);
  tree = hearth_call_tree_new (merged, &options, &error);
  g_assert_no_error (error);
  spread = hearth_spread_new (tree, runs, 3, NULL, &error);
  g_assert_no_error (error);
  g_assert_true (hearth_spread_get_tree (spread) == tree);
  g_assert_cmpuint (hearth_spread_get_n_runs (spread), ==, 3);

  main_node = hearth_test_node_named (tree, "main");
  a = hearth_test_node_named (tree, "a");
  b = hearth_test_node_named (tree, "b");
  c = hearth_test_node_named (tree, "c");

  hearth_spread_get_stats (spread, main_node, &s);
  g_assert_cmpfloat_with_epsilon (s.mean, 20.0 / 3, 1e-12);
  g_assert_cmpfloat (s.min, ==, 4);
  g_assert_cmpfloat (s.max, ==, 8);
  g_assert_cmpfloat_with_epsilon (s.cv, sqrt (16.0 / 3) / (20.0 / 3), 1e-12);
  g_assert_cmpuint (s.present, ==, 3);
  g_assert_true (hearth_spread_is_noisy (spread, main_node));

  hearth_spread_get_stats (spread, a, &s);
  g_assert_cmpfloat_with_epsilon (s.mean, 4, 1e-12);
  g_assert_cmpfloat_with_epsilon (s.cv, 0.5, 1e-12);
  g_assert_cmpfloat (hearth_spread_get_width (spread, a, 1), ==, 2);

  hearth_spread_get_stats (spread, b, &s);
  g_assert_cmpfloat (s.min, ==, 2);
  g_assert_cmpfloat (s.max, ==, 2);
  g_assert_cmpfloat (s.cv, ==, 0);
  g_assert_false (hearth_spread_is_noisy (spread, b));

  /* a run without the bar: NAN as its width, 0 in the numbers */
  g_assert_true (isnan (hearth_spread_get_width (spread, c, 0)));
  hearth_spread_get_stats (spread, c, &s);
  g_assert_cmpuint (s.present, ==, 1);
  g_assert_cmpfloat (s.min, ==, 0);
  g_assert_cmpfloat_with_epsilon (s.mean, 2.0 / 3, 1e-12);
  g_assert_cmpfloat_with_epsilon (s.cv, sqrt (3), 1e-12);

  /* the text of --print spread from the same numbers */
  hearth_report_spread (report, spread);
  g_assert_nonnull (strstr (report->str, "4\t2\t6\t3\tall;main;a\n"));
  g_assert_nonnull (strstr (report->str, "0.666666667\t0\t2\t1\tall;main;c\n"));

  for (guint i = 0; i < 3; i++)
    g_object_unref (runs[i]);
}

/* One run: no spread to speak of. */
static void
test_one_run (void)
{
  HearthProfile *run = hearth_test_load_folded ("1.folded", "main;a 6\nmain;b 2\n");
  HearthCallTreeOptions options = HEARTH_CALL_TREE_OPTIONS_INIT;
  g_autoptr (GError) error = NULL;
  g_autoptr (HearthProfile) merged = hearth_profile_merge (&run, 1, &error);
  g_autoptr (HearthCallTree) tree = hearth_call_tree_new (merged, &options, &error);
  g_autoptr (HearthSpread) spread = hearth_spread_new (tree, &run, 1, NULL, &error);
  HearthSpreadStats s;

  g_assert_no_error (error);
  hearth_spread_get_stats (spread, hearth_test_node_named (tree, "a"), &s);
  g_assert_cmpfloat (s.mean, ==, 6);
  g_assert_cmpfloat (s.cv, ==, 0);
  g_object_unref (run);
}

/* A later layout reuses the runs' walks: at another cutoff the same numbers (a, 6/2/4, mean 4;
 * main 8/4/8 as root), and from another root (a) its own: a 6/2/4 as root. */
static void
test_reusing (void)
{
  HearthProfile *runs[3];
  g_autoptr (GError) error = NULL;
  g_autoptr (HearthProfile) merged = load_and_merge (runs, &error);
  HearthCallTreeOptions options = HEARTH_CALL_TREE_OPTIONS_INIT;
  g_autoptr (HearthCallTree) first = NULL;
  g_autoptr (HearthCallTree) coarse = NULL;
  g_autoptr (HearthCallTree) at_a = NULL;
  g_autoptr (HearthSpread) spread = NULL;
  g_autoptr (HearthSpread) again = NULL;
  g_autoptr (HearthSpread) from_a = NULL;
  HearthSpreadStats s;

  g_assert_no_error (error);
  first = hearth_call_tree_new (merged, &options, &error);
  spread = hearth_spread_new (first, runs, 3, NULL, &error);
  g_assert_no_error (error);

  /* a cutoff of 25%: c (2 of 20) goes, a and main stay */
  options.cutoff = 0.25;
  coarse = hearth_call_tree_new (merged, &options, &error);
  again = hearth_spread_new_reusing (spread, coarse, runs, 3, NULL, &error);
  g_assert_no_error (error);
  g_assert_cmpuint (hearth_call_tree_get_n_nodes (coarse), <,
                    hearth_call_tree_get_n_nodes (first));
  hearth_spread_get_stats (again, hearth_test_node_named (coarse, "a"), &s);
  g_assert_cmpfloat (s.mean, ==, 4);
  g_assert_cmpfloat (s.min, ==, 2);
  g_assert_cmpfloat (s.max, ==, 6);
  hearth_spread_get_stats (again, 0, &s);
  g_assert_cmpfloat_with_epsilon (s.mean, 20.0 / 3, 1e-12);

  options.cutoff = 0.01;
  options.root = (gint) hearth_call_tree_get_node (first,
                                                   hearth_test_node_named (first, "a"))->function;
  at_a = hearth_call_tree_new (merged, &options, &error);
  from_a = hearth_spread_new_reusing (again, at_a, runs, 3, NULL, &error);
  g_assert_no_error (error);
  hearth_spread_get_stats (from_a, 0, &s);
  g_assert_cmpfloat (s.mean, ==, 4);
  g_assert_cmpfloat (s.max, ==, 6);
  g_assert_cmpfloat (s.min, ==, 2);
  for (guint i = 0; i < 3; i++)
    g_object_unref (runs[i]);
}

int
main (int   argc,
      char *argv[])
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/spread/by-hand", test_by_hand);
  g_test_add_func ("/spread/one-run", test_one_run);
  g_test_add_func ("/spread/reusing", test_reusing);
  return g_test_run ();
}
