/* test-profile-merge.c: runs added up into one profile, worked out by hand.
 *
 * Copyright 2026 The Hearth authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "hearth-profile-merge.h"
#include "hearth-profile-private.h"
#include "hearth-test-util.h"

#include <string.h>

/* main -> work, work -> <built-in len>; numbers scaled by @k so that sums are told apart. */
static HearthProfile *
new_run (const char *path,
         gint64      k,
         gboolean    with_helper)
{
  HearthProfile *p = _hearth_profile_new (HEARTH_FORMAT_PSTATS, HEARTH_KIND_DETERMINISTIC,
                                          HEARTH_UNIT_SECONDS);
  guint main_fn = _hearth_profile_intern_function (p, "app.py", 1, "main");
  guint work = _hearth_profile_intern_function (p, "app.py", 5, "work");
  guint len = _hearth_profile_intern_function (p, "~", 0, "<built-in method builtins.len>");

  _hearth_profile_set_numbers (p, main_fn, 1, 1, 0.5 * k, 4.0 * k);
  _hearth_profile_set_numbers (p, work, 2 * k, 3 * k, 1.0 * k, 3.5 * k);
  _hearth_profile_set_edge (p, main_fn, work, 3 * k, 2 * k, 1.0 * k, 3.5 * k);
  /* len is only a callee here: no entry of its own in this run */
  _hearth_profile_set_edge (p, work, len, 10 * k, 10 * k, 0.25 * k, 0.25 * k);
  if (with_helper)
    {
      guint helper = _hearth_profile_intern_function (p, "app.py", 9, "helper");

      _hearth_profile_set_numbers (p, helper, 7, 7, 0.125, 0.125);
      _hearth_profile_set_numbers (p, len, 10, 10, 0.25, 0.25);
      _hearth_profile_set_edge (p, helper, len, 1, 1, 0.0625, 0.0625);
      _hearth_profile_add_warning (p, "something odd");
    }
  _hearth_profile_finish (p);
  _hearth_profile_set_path (p, path);
  return p;
}

static const HearthEdge *
find_edge (HearthProfile *p,
           gint           caller,
           gint           callee)
{
  for (guint i = 0; i < hearth_profile_get_n_edges (p); i++)
    if (hearth_profile_get_edge (p, i)->caller == (guint) caller &&
        hearth_profile_get_edge (p, i)->callee == (guint) callee)
      return hearth_profile_get_edge (p, i);
  return NULL;
}

static void
test_pstats_sum (void)
{
  HearthProfile *runs[2] = { new_run ("a.prof", 1, FALSE), new_run ("b.prof", 2, TRUE) };
  g_autoptr (GError) error = NULL;
  g_autoptr (HearthProfile) m = hearth_profile_merge (runs, 2, &error);
  gint main_fn, work, len, helper;
  const HearthFunction *f;
  const HearthEdge *e;

  g_assert_no_error (error);
  main_fn = hearth_profile_lookup (m, "app.py", 1, "main");
  work = hearth_profile_lookup (m, "app.py", 5, "work");
  len = hearth_profile_lookup (m, "~", 0, "<built-in method builtins.len>");
  helper = hearth_profile_lookup (m, "app.py", 9, "helper");
  g_assert_true (main_fn >= 0 && work >= 0 && len >= 0 && helper >= 0);

  f = hearth_profile_get_function (m, work);
  g_assert_cmpint (f->prim_calls, ==, 2 + 4);
  g_assert_cmpint (f->calls, ==, 3 + 6);
  g_assert_cmpfloat (f->own, ==, 3.0);
  g_assert_cmpfloat (f->cum, ==, 10.5);
  f = hearth_profile_get_function (m, main_fn);
  g_assert_cmpint (f->calls, ==, 2);
  /* listed in one run only: its numbers are that run's */
  f = hearth_profile_get_function (m, len);
  g_assert_true (f->listed);
  g_assert_cmpint (f->calls, ==, 10);

  e = find_edge (m, work, len);
  g_assert_nonnull (e);
  g_assert_cmpint (e->calls, ==, 30);
  g_assert_cmpfloat (e->cum, ==, 0.75);
  e = find_edge (m, helper, len);
  g_assert_nonnull (e);
  g_assert_cmpint (e->calls, ==, 1);
  g_assert_cmpuint (hearth_profile_get_n_edges (m), ==, 3);

  /* the sum of own times: 0.5 + 1 + 1 + 2 + 0.125 + 0.25 */
  g_assert_cmpfloat (hearth_profile_get_total (m), ==, 4.875);
  g_assert_cmpstr (hearth_profile_get_name (m), ==, "2 runs merged");
  g_assert_true (hearth_test_has_warning (m, "run 1 of 2: a.prof, total 1.5 seconds"));
  g_assert_true (hearth_test_has_warning (m, "run 2 of 2: b.prof, total 3.375 seconds"));
  g_assert_true (hearth_test_has_warning (m, "b.prof: something odd"));
  g_assert_cmpuint (hearth_test_n_warnings (m), ==, 3);

  g_object_unref (runs[0]);
  g_object_unref (runs[1]);
}

/* The trie keeps how many of the files' stacks each node is: 2 + 1 here. */
static void
test_stacks_sum (void)
{
  HearthProfile *runs[2] = { hearth_test_load_folded ("a.folded", "main;a 3\nmain;a 1\nmain;b 2\n"),
                             hearth_test_load_folded ("b.folded", "main;a 4\nmain 1\n") };
  g_autoptr (GError) error = NULL;
  g_autoptr (HearthProfile) m = hearth_profile_merge (runs, 2, &error);
  guint n_nodes;
  const HearthStackNode *nodes;
  guint64 count;
  guint weighed = 0;

  g_assert_no_error (error);
  nodes = hearth_profile_get_stack_nodes (m, &n_nodes);
  g_assert_cmpuint (n_nodes, ==, 4);  /* the top, main, main;a, main;b */
  for (guint i = 1; i < n_nodes; i++)
    {
      const char *name = hearth_profile_get_function (m, nodes[i].function)->frame;

      if (g_str_equal (name, "a"))
        {
          g_assert_cmpfloat (nodes[i].weight, ==, 8);
          g_assert_cmpuint (nodes[i].n_stacks, ==, 3);
          weighed++;
        }
      else if (g_str_equal (name, "main"))
        {
          g_assert_cmpfloat (nodes[i].weight, ==, 1);
          g_assert_cmpuint (nodes[i].n_stacks, ==, 1);
          weighed++;
        }
    }
  g_assert_cmpuint (weighed, ==, 2);
  g_assert_cmpuint (hearth_profile_get_n_stacks (m), ==, 5);
  g_assert_true (hearth_profile_get_total_count (m, &count));
  g_assert_cmpuint (count, ==, 11);
  g_assert_cmpfloat (hearth_test_find_frame (m, "main")->cum, ==, 11);

  g_object_unref (runs[0]);
  g_object_unref (runs[1]);
}

static void
test_refused (void)
{
  HearthProfile *runs[2] = { new_run ("a.prof", 1, FALSE),
                             hearth_test_load_folded ("b.folded", "main;a 3\n") };
  g_autoptr (GError) error = NULL;
  g_autoptr (HearthProfile) m = hearth_profile_merge (runs, 2, &error);

  g_assert_null (m);
  g_assert_nonnull (error);
  g_assert_nonnull (strstr (error->message, "a.prof"));
  g_assert_nonnull (strstr (error->message, "b.folded"));
  g_assert_nonnull (strstr (error->message, "deterministic"));

  g_object_unref (runs[0]);
  g_object_unref (runs[1]);
}

int
main (int   argc,
      char *argv[])
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/merge/pstats-sum", test_pstats_sum);
  g_test_add_func ("/merge/stacks-sum", test_stacks_sum);
  g_test_add_func ("/merge/refused", test_refused);
  return g_test_run ();
}
