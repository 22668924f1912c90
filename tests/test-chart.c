/* test-chart.c: the flame chart laid out from a timeline, and the profile of a time range.
 *
 * Copyright 2026 The Hearth authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "hearth-call-tree.h"
#include "hearth-names.h"
#include "hearth-report.h"
#include "hearth-timeline.h"
#include "hearth-test-util.h"

typedef struct
{
  double      left;
  double      width;
  guint       depth;
  const char *name;     /* NULL for the root `all` */
  double      self_width;
} Bar;

static HearthProfile *
load (const char *name)
{
  g_autofree char *path = hearth_test_data_path (name);
  g_autoptr (GError) error = NULL;
  HearthProfile *profile = hearth_profile_load_path (path, &error);

  g_assert_no_error (error);
  return profile;
}

static HearthCallTree *
chart_of (HearthProfile *profile)
{
  g_autoptr (GError) error = NULL;
  HearthCallTree *chart = hearth_call_tree_new_chart (profile, &error);

  g_assert_no_error (error);
  g_assert_true (hearth_call_tree_is_chart (chart));
  return chart;
}

static void
assert_bars (HearthCallTree *chart,
             const Bar      *want,
             guint           n_want)
{
  HearthProfile *profile = hearth_call_tree_get_profile (chart);

  g_assert_cmpuint (hearth_call_tree_get_n_nodes (chart), ==, n_want);
  for (guint i = 0; i < n_want; i++)
    {
      const HearthNode *node = hearth_call_tree_get_node (chart, i);

      g_assert_cmpfloat_with_epsilon (node->left, want[i].left, 1e-12);
      g_assert_cmpfloat_with_epsilon (node->width, want[i].width, 1e-12);
      g_assert_cmpfloat_with_epsilon (node->self_width, want[i].self_width, 1e-12);
      g_assert_cmpuint (node->depth, ==, want[i].depth);
      if (want[i].name == NULL)
        g_assert_cmpuint (node->function, ==, G_MAXUINT);
      else
        g_assert_cmpstr (hearth_profile_get_function (profile, node->function)->frame, ==,
                         want[i].name);
    }
}

/* a;b a;b a;c, a gap of 2, d, a;b (weights 1 s): the blocks one level above `all`, which
 * spans the clock; the gap is the root's own time. Nothing merges the two runs of a;b. */
static void
test_sampled (void)
{
  static const Bar want[] = {
    { 0, 7, 0, NULL, 2 },
    { 0, 3, 1, "a", 0 }, { 0, 2, 2, "b", 2 }, { 2, 1, 2, "c", 1 },
    { 5, 1, 1, "d", 1 },
    { 6, 1, 1, "a", 0 }, { 6, 1, 2, "b", 1 },
  };
  g_autoptr (HearthProfile) profile = load ("chart_sampled.speedscope.json");
  g_autoptr (HearthCallTree) chart = chart_of (profile);
  guint n;
  const guint *children;

  assert_bars (chart, want, G_N_ELEMENTS (want));
  /* children in time order, rows found by where they are on the clock */
  children = hearth_call_tree_get_children (chart, 0, &n);
  g_assert_cmpuint (n, ==, 3);
  g_assert_cmpuint (children[0], ==, 1);
  g_assert_cmpuint (children[1], ==, 4);
  g_assert_cmpuint (children[2], ==, 5);
  g_assert_cmpint (hearth_call_tree_node_at (chart, 5.5, 1), ==, 4);
  g_assert_cmpint (hearth_call_tree_node_at (chart, 4, 1), ==, -1);
  g_assert_cmpint (hearth_call_tree_node_at (chart, 2.5, 2), ==, 3);
  g_assert_cmpfloat (hearth_call_tree_get_total (chart), ==, 7);
}

/* ms from startValue 10, in seconds: a 0-10 holding b 1-3 and c 3-6 (holding b 4-5), d 12-15. */
static void
test_evented (void)
{
  static const Bar want[] = {
    { 0, 0.015, 0, NULL, 0.002 },
    { 0, 0.010, 1, "a", 0.005 }, { 0.001, 0.002, 2, "b", 0.002 },
    { 0.003, 0.003, 2, "c", 0.002 }, { 0.004, 0.001, 3, "b", 0.001 },
    { 0.012, 0.003, 1, "d", 0.003 },
  };
  g_autoptr (HearthProfile) profile = load ("chart_evented.speedscope.json");
  g_autoptr (HearthCallTree) chart = chart_of (profile);

  assert_bars (chart, want, G_N_ELEMENTS (want));
}

static void
test_no_order (void)
{
  g_autoptr (HearthProfile) profile = load ("cprofile_py312.prof");
  g_autoptr (GError) error = NULL;
  g_autoptr (HearthCallTree) chart = hearth_call_tree_new_chart (profile, &error);

  g_assert_null (chart);
  g_assert_error (error, G_IO_ERROR, G_IO_ERROR_NOT_SUPPORTED);
}

static char *
folded_of (HearthProfile *profile)
{
  g_autoptr (HearthCallTree) tree = hearth_test_tree_of (profile, 0);
  g_autoptr (HearthNames) names = hearth_names_new (profile, NULL, FALSE);
  GString *out = g_string_new (NULL);

  hearth_report_folded (out, tree, names);
  return g_string_free (out, FALSE);
}

static char *
range_folded (HearthProfile *profile,
              double         start,
              double         end)
{
  g_autoptr (HearthProfile) range =
    hearth_timeline_dup_range (hearth_profile_get_timeline (profile), profile, start, end);

  g_assert_null (hearth_profile_get_timeline (range));
  return folded_of (range);
}

/* The samples at 1, 2 and 5 lie in [1, 6): a;b, a;c, d, one second each. A range ending
 * inside a sample takes the part inside: [0.5, 2.5) holds 1.5 s of a;b and 0.5 s of a;c. */
static void
test_range_sampled (void)
{
  g_autoptr (HearthProfile) profile = load ("chart_sampled.speedscope.json");
  g_autofree char *whole = range_folded (profile, 1, 6);
  g_autofree char *part = range_folded (profile, 0.5, 2.5);
  g_autofree char *gap = range_folded (profile, 3, 5);

  g_assert_cmpstr (whole, ==, "a;b 1000000\na;c 1000000\nd 1000000\n");
  g_assert_cmpstr (part, ==, "a;b 1500000\na;c 500000\n");
  g_assert_cmpstr (gap, ==, "");
}

/* [2 ms, 14 ms): a 2-10 with b 2-3 and c 3-6 (b 4-5) in it, d 12-14: a keeps 8 - 1 - 3 ms. */
static void
test_range_evented (void)
{
  g_autoptr (HearthProfile) profile = load ("chart_evented.speedscope.json");
  g_autofree char *folded = range_folded (profile, 0.002, 0.014);

  g_assert_cmpstr (folded, ==, "a 4000\na;c 2000\na;c;b 1000\na;b 1000\nd 2000\n");
}

/* The whole clock of a real recording is the merged flame graph of the file. */
static void
test_range_whole (void)
{
  static const char *const files[] = { "pyspy.speedscope.json", "evented.speedscope.json",
                                       "chart_threads.speedscope.json" };

  for (guint i = 0; i < G_N_ELEMENTS (files); i++)
    {
      g_autoptr (HearthProfile) profile = load (files[i]);
      double length = hearth_timeline_get_length (hearth_profile_get_timeline (profile));
      g_autofree char *merged = folded_of (profile);
      g_autofree char *range = range_folded (profile, 0, length);

      g_assert_cmpstr (range, ==, merged);
    }
}

int
main (int   argc,
      char *argv[])
{
  g_test_init (&argc, &argv, NULL);

  g_test_add_func ("/chart/sampled", test_sampled);
  g_test_add_func ("/chart/evented", test_evented);
  g_test_add_func ("/chart/no-order", test_no_order);
  g_test_add_func ("/chart/range-sampled", test_range_sampled);
  g_test_add_func ("/chart/range-evented", test_range_evented);
  g_test_add_func ("/chart/range-whole", test_range_whole);

  return g_test_run ();
}
