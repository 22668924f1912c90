/* test-functions.c: the Functions table and the sandwich on profiles worked out by hand.
 *
 * Copyright 2026 The Hearth authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "hearth-call-tree.h"
#include "hearth-function-item.h"
#include "hearth-function-table.h"
#include "hearth-names.h"
#include "hearth-profile-private.h"
#include "hearth-report.h"
#include "hearth-sandwich.h"
#include "hearth-test-util.h"

#include <math.h>
#include <string.h>

/* a function of a finished profile */
static guint
key (HearthProfile *p,
     gint64         line,
     const char    *name)
{
  gint f = hearth_profile_lookup (p, "app.py", line, name);

  g_assert_cmpint (f, >=, 0);
  return (guint) f;
}

static HearthSandwich *
sandwich_of (HearthProfile *p,
             guint          function)
{
  HearthCallTreeOptions options = HEARTH_CALL_TREE_OPTIONS_INIT;
  g_autoptr (GError) error = NULL;
  HearthSandwich *sandwich;

  options.cutoff = 0;
  sandwich = hearth_sandwich_new (p, function, &options, &error);
  g_assert_no_error (error);
  g_assert_nonnull (sandwich);
  return sandwich;
}

static void
assert_edge (HearthProfile *p,
             guint          edge,
             guint          other,
             gboolean       caller,
             gint64         calls,
             double         cum)
{
  const HearthEdge *e = hearth_profile_get_edge (p, edge);

  g_assert_cmpuint (caller ? e->caller : e->callee, ==, other);
  g_assert_cmpint (e->calls, ==, calls);
  g_assert_cmpfloat (e->cum, ==, cum);
}

static void
test_helper_sandwich (void)
{
  guint run = 0, m = 0, n = 0;
  g_autoptr (HearthProfile) p = hearth_test_helper_profile (&run, &m);
  g_autoptr (HearthSandwich) sandwich = sandwich_of (p, run);
  g_autofree char *callees = hearth_test_bars (hearth_sandwich_get_callees (sandwich));
  g_autofree char *callers = hearth_test_bars (hearth_sandwich_get_callers (sandwich));
  const guint *edges;

  g_assert_cmpfloat (hearth_sandwich_get_total (sandwich), ==, 4);
  g_assert_true (hearth_call_tree_is_callers (hearth_sandwich_get_callers (sandwich)));
  g_assert_false (hearth_call_tree_is_callers (hearth_sandwich_get_callees (sandwich)));

  /* the first level both ways: the file's edges, widest first, exact */
  edges = hearth_sandwich_get_caller_edges (sandwich, &n);
  g_assert_cmpuint (n, ==, 2);
  assert_edge (p, edges[0], key (p, 2, "prepare"), TRUE, 3, 3);
  assert_edge (p, edges[1], key (p, 3, "analyze"), TRUE, 1, 1);
  edges = hearth_sandwich_get_callee_edges (sandwich, &n);
  g_assert_cmpuint (n, ==, 2);
  assert_edge (p, edges[0], key (p, 5, "load"), FALSE, 1, 2);
  assert_edge (p, edges[1], key (p, 6, "smooth"), FALSE, 1, 2);

  /* above: load and smooth exactly; load has two callers (run, init), so the 2 s of read
   * under it is split by estimate: half of it, anywhere from 0 to all of it */
  g_assert_cmpstr (callees, ==,
                   "0\t0\t4\t4\t4\t-\tapp.py:4:run\n"
                   "1\t0\t2\t2\t2\t-\tapp.py:4:run;app.py:5:load\n"
                   "2\t0\t1\t0\t2\tE\tapp.py:4:run;app.py:5:load;app.py:9:read\n"
                   "1\t2\t2\t2\t2\t-\tapp.py:4:run;app.py:6:smooth\n");
  /* below, a bar's children are its callers: prepare and analyze exactly; prepare has one
   * caller, so main under it is exact too; analyze has two (main 2 s, cli 1 s), so its 1 s
   * is split 2:1 between them, each between 0 and 1 s */
  g_assert_cmpstr (callers, ==,
                   "0\t0\t4\t4\t4\t-\tapp.py:4:run\n"
                   "1\t0\t3\t3\t3\t-\tapp.py:4:run;app.py:2:prepare\n"
                   "2\t0\t3\t3\t3\t-\tapp.py:4:run;app.py:2:prepare;app.py:1:main\n"
                   "1\t3\t1\t1\t1\t-\tapp.py:4:run;app.py:3:analyze\n"
                   "2\t3\t0.666666667\t0\t1\tE\tapp.py:4:run;app.py:3:analyze;app.py:1:main\n"
                   "2\t3.66666667\t0.333333333\t0\t1\tE"
                   "\tapp.py:4:run;app.py:3:analyze;app.py:7:cli\n");
}

/* What the sandwich resolves: in the main graph the split of run's callees across its two
 * callers is an estimate, and so marked. */
static void
test_helper_main_tree (void)
{
  guint run = 0, m = 0;
  g_autoptr (HearthProfile) p = hearth_test_helper_profile (&run, &m);
  g_autoptr (HearthCallTree) tree = NULL;
  HearthCallTreeOptions options = HEARTH_CALL_TREE_OPTIONS_INIT;
  g_autofree char *bars = NULL;
  g_autofree guint *found = NULL;
  guint n = 0;
  double total = 0;

  options.root = (gint) m;
  options.cutoff = 0;
  tree = hearth_call_tree_new (p, &options, NULL);
  bars = hearth_test_bars (tree);
  g_assert_nonnull (strstr (bars, "3\t5\t1.5\t1\t2\tE\tapp.py:1:main;app.py:2:prepare;"
                                  "app.py:4:run;app.py:5:load\n"));

  /* run's two bars, 3 s and 2/3 s of main's 10 */
  found = hearth_function_table_dup_bars (tree, run, &n, &total);
  g_assert_cmpuint (n, ==, 2);
  g_assert_cmpfloat_with_epsilon (total, 3 + 2.0 / 3.0, 1e-12);
  g_clear_pointer (&found, g_free);
  /* load: under run twice, under init once; read above each */
  found = hearth_function_table_dup_bars (tree, key (p, 5, "load"), &n, &total);
  g_assert_cmpuint (n, ==, 3);
}

/* Recursion in exact stacks: f is on the first stack twice and on the second twice. */
static const char folded[] =
  "main;a;f;f;g 3\n"
  "main;f;a;f 2\n"
  "main;b 4\n"
  "f 1\n";

static HearthProfile *
folded_profile (void)
{
  g_autoptr (GBytes) bytes = g_bytes_new_static (folded, strlen (folded));
  g_autoptr (GError) error = NULL;
  HearthProfile *p = hearth_profile_load_bytes (bytes, "recursion.folded", &error);

  g_assert_no_error (error);
  g_assert_true (hearth_profile_has_stacks (p));
  return p;
}

static guint
frame (HearthProfile *p,
       const char    *text)
{
  gint f = hearth_call_tree_parse_function (p, text, NULL);

  g_assert_cmpint (f, >=, 0);
  return (guint) f;
}

static char *
table_text (HearthFunctionTable *table)
{
  HearthProfile *p = hearth_function_table_get_profile (table);
  GString *out = g_string_new (NULL);

  for (guint i = 0; i < hearth_function_table_get_n_rows (table); i++)
    {
      const HearthFunctionRow *row = hearth_function_table_get_row (table, i);

      g_string_append_printf (out, "%s %g/%g %" G_GINT64_FORMAT "/%" G_GINT64_FORMAT " %u\n",
                              hearth_profile_get_function (p, row->function)->frame,
                              row->own, row->cum, row->calls, row->prim_calls,
                              row->n_callers);
    }
  return g_string_free (out, FALSE);
}

static void
test_stack_table (void)
{
  g_autoptr (HearthProfile) p = folded_profile ();
  g_autoptr (HearthNames) names = hearth_names_new (p, NULL, FALSE);
  g_autoptr (HearthFunctionTable) table = hearth_function_table_new (names);
  g_autoptr (GError) error = NULL;
  g_autofree char *text = table_text (table);
  gboolean descending = FALSE;

  /* own: samples with it at the top; cumulative: samples with it anywhere, once each (f is
   * on 3 + 2 + 1 samples, not 3 + 3 + 2 + 2 + 1); ties by key. f was called by a, by main
   * and by itself */
  g_assert_cmpuint (hearth_function_table_get_n_functions (table), ==, 5);
  g_assert_cmpstr (text, ==,
                   "b 4/4 4/4 1\n"
                   "f 3/6 6/3 3\n"
                   "g 3/3 3/3 1\n"
                   "a 0/5 5/0 2\n"
                   "main 0/9 9/0 0\n");
  g_assert_cmpint (hearth_function_table_get_sort_column (table, &descending), ==,
                   HEARTH_FUNCTION_COLUMN_OWN);
  g_assert_true (descending);
  g_assert_cmpfloat (hearth_function_table_get_row (table, 1)->own_per_call, ==, 0.5);
  g_assert_cmpfloat (hearth_function_table_get_row (table, 1)->cum_per_call, ==, 2);
  g_assert_true (isnan (hearth_function_table_get_row (table, 4)->cum_per_call));

  hearth_function_table_sort (table, HEARTH_FUNCTION_COLUMN_CUM, TRUE);
  g_clear_pointer (&text, g_free);
  text = table_text (table);
  g_assert_cmpstr (text, ==,
                   "main 0/9 9/0 0\n"
                   "f 3/6 6/3 3\n"
                   "a 0/5 5/0 2\n"
                   "b 4/4 4/4 1\n"
                   "g 3/3 3/3 1\n");
  g_assert_cmpint (hearth_function_table_find (table, frame (p, "a")), ==, 2);

  /* callers ascending; ties (b, g with one caller) by key */
  hearth_function_table_sort (table, HEARTH_FUNCTION_COLUMN_N_CALLERS, FALSE);
  g_clear_pointer (&text, g_free);
  text = table_text (table);
  g_assert_cmpstr (text, ==,
                   "main 0/9 9/0 0\n"
                   "b 4/4 4/4 1\n"
                   "g 3/3 3/3 1\n"
                   "a 0/5 5/0 2\n"
                   "f 3/6 6/3 3\n");

  hearth_function_table_sort (table, HEARTH_FUNCTION_COLUMN_NAME, TRUE);
  g_assert_cmpuint (hearth_function_table_get_row (table, 0)->function, ==, frame (p, "main"));

  /* the window's search: case-insensitive text in the names, or a regular expression */
  hearth_function_table_sort (table, HEARTH_FUNCTION_COLUMN_OWN, TRUE);
  g_assert_true (hearth_function_table_set_filter (table, "A", FALSE, &error));
  g_clear_pointer (&text, g_free);
  text = table_text (table);
  g_assert_cmpstr (text, ==, "a 0/5 5/0 2\nmain 0/9 9/0 0\n");
  g_assert_cmpint (hearth_function_table_find (table, frame (p, "b")), ==, -1);
  g_assert_cmpint (hearth_function_table_find (table, frame (p, "main")), ==, 1);
  g_assert_true (hearth_function_table_set_filter (table, "^[fg]$", TRUE, &error));
  g_assert_cmpuint (hearth_function_table_get_n_rows (table), ==, 2);
  g_assert_false (hearth_function_table_set_filter (table, "(", TRUE, &error));
  g_assert_error (error, G_REGEX_ERROR, G_REGEX_ERROR_UNMATCHED_PARENTHESIS);
  g_assert_cmpuint (hearth_function_table_get_n_rows (table), ==, 2);
  g_assert_true (hearth_function_table_set_filter (table, NULL, FALSE, NULL));
  g_assert_cmpuint (hearth_function_table_get_n_rows (table), ==, 5);
}

static void
count_changes (GListModel *model,
               guint       position,
               guint       removed,
               guint       added,
               guint      *changes)
{
  g_assert_cmpuint (position, ==, 0);
  g_assert_cmpuint (added, ==, g_list_model_get_n_items (model));
  changes[0]++;
  changes[1] = removed;
}

/* What a list view reads: the rows shown, in order, as items made on demand. */
static void
test_list_model (void)
{
  g_autoptr (HearthProfile) p = folded_profile ();
  g_autoptr (HearthNames) names = hearth_names_new (p, NULL, FALSE);
  g_autoptr (HearthFunctionTable) table = hearth_function_table_new (names);
  GListModel *model = G_LIST_MODEL (table);
  g_autoptr (HearthFunctionItem) item = NULL;
  guint changes[2] = { 0, 0 };

  g_assert_true (g_list_model_get_item_type (model) == HEARTH_TYPE_FUNCTION_ITEM);
  g_assert_cmpuint (g_list_model_get_n_items (model), ==, 5);
  item = g_list_model_get_item (model, 1);
  g_assert_cmpuint (hearth_function_item_get_function (item), ==, frame (p, "f"));
  g_assert_true (hearth_function_item_get_row (item) == hearth_function_table_get_row (table, 1));
  g_assert_null (g_list_model_get_item (model, 5));

  g_signal_connect (table, "items-changed", G_CALLBACK (count_changes), changes);
  g_assert_true (hearth_function_table_set_filter (table, "a", FALSE, NULL));
  g_assert_cmpuint (changes[0], ==, 1);
  g_assert_cmpuint (changes[1], ==, 5);
  hearth_function_table_sort (table, HEARTH_FUNCTION_COLUMN_CUM, TRUE);
  g_assert_cmpuint (changes[0], ==, 2);
  g_assert_cmpuint (changes[1], ==, 2);
  g_clear_object (&item);
  item = g_list_model_get_item (model, 0);
  g_assert_cmpuint (hearth_function_item_get_function (item), ==, frame (p, "main"));
  /* the item keeps its row whatever the table does next */
  g_assert_true (hearth_function_table_set_filter (table, "zzz", FALSE, NULL));
  g_assert_cmpuint (g_list_model_get_n_items (model), ==, 0);
  g_assert_cmpuint (hearth_function_item_get_row (item)->calls, ==, 9);
}

static void
test_stack_sandwich (void)
{
  g_autoptr (HearthProfile) p = folded_profile ();
  guint f = frame (p, "f"), n = 0;
  g_autoptr (HearthSandwich) sandwich = sandwich_of (p, f);
  g_autoptr (HearthCallTree) tree = hearth_test_tree_of (p, 0);
  g_autofree char *callees = hearth_test_bars (hearth_sandwich_get_callees (sandwich));
  g_autofree char *callers = hearth_test_bars (hearth_sandwich_get_callers (sandwich));
  g_autofree guint *found = NULL;
  const guint *edges;
  double total = 0;

  /* directly below f: a on 3 + 2 samples, f itself on 3, main on 2; directly above: f on
   * 3, g on 3, a on 2 */
  edges = hearth_sandwich_get_caller_edges (sandwich, &n);
  g_assert_cmpuint (n, ==, 3);
  assert_edge (p, edges[0], frame (p, "a"), TRUE, 5, 5);
  assert_edge (p, edges[1], f, TRUE, 3, 3);
  assert_edge (p, edges[2], frame (p, "main"), TRUE, 2, 2);
  edges = hearth_sandwich_get_callee_edges (sandwich, &n);
  g_assert_cmpuint (n, ==, 3);
  assert_edge (p, edges[0], f, FALSE, 3, 3);
  assert_edge (p, edges[1], frame (p, "g"), FALSE, 3, 3);
  assert_edge (p, edges[2], frame (p, "a"), FALSE, 2, 2);

  /* each stack splits at its outermost f: above it what it ran, below it who called it */
  g_assert_cmpfloat (hearth_sandwich_get_total (sandwich), ==, 6);
  g_assert_cmpstr (callees, ==,
                   "0\t0\t6\t6\t6\t-\tf\n"
                   "1\t0\t3\t3\t3\t-\tf;f\n"
                   "2\t0\t3\t3\t3\t-\tf;f;g\n"
                   "1\t3\t2\t2\t2\t-\tf;a\n"
                   "2\t3\t2\t2\t2\t-\tf;a;f\n");
  g_assert_cmpstr (callers, ==,
                   "0\t0\t6\t6\t6\t-\tf\n"
                   "1\t0\t3\t3\t3\t-\tf;a\n"
                   "2\t0\t3\t3\t3\t-\tf;a;main\n"
                   "1\t3\t2\t2\t2\t-\tf;main\n");
  /* the one sample that starts at f */
  g_assert_cmpfloat (hearth_call_tree_get_own_width (hearth_sandwich_get_callers (sandwich), 0),
                     ==, 1);

  /* f's bars in the main graph: five, of which two inside others; 6 of the 10 samples */
  found = hearth_function_table_dup_bars (tree, f, &n, &total);
  g_assert_cmpuint (n, ==, 5);
  g_assert_cmpfloat (total, ==, 6);
  g_assert_cmpfloat (total, ==, hearth_profile_get_function (p, f)->cum);
}

static void
test_bad_function (void)
{
  guint run = 0, m = 0;
  g_autoptr (HearthProfile) p = hearth_test_helper_profile (&run, &m);
  g_autoptr (GError) error = NULL;
  HearthCallTreeOptions options = HEARTH_CALL_TREE_OPTIONS_INIT;

  g_assert_null (hearth_sandwich_new (p, 1000, NULL, &error));
  g_assert_error (error, HEARTH_CALL_TREE_ERROR, HEARTH_CALL_TREE_ERROR_BAD_ROOT);
  g_clear_error (&error);
  g_assert_null (hearth_call_tree_new_callers (p, &options, &error));
  g_assert_error (error, HEARTH_CALL_TREE_ERROR, HEARTH_CALL_TREE_ERROR_BAD_ROOT);
  g_clear_error (&error);
  g_assert_cmpint (hearth_call_tree_parse_function (p, "x.py:4:run", &error), ==, -1);
  g_assert_error (error, HEARTH_CALL_TREE_ERROR, HEARTH_CALL_TREE_ERROR_BAD_ROOT);
  g_assert_nonnull (strstr (error->message, "function x.py:4:run"));
  g_assert_cmpint (hearth_call_tree_parse_function (p, "app.py:4:run", NULL), ==, (gint) run);
}

int
main (int   argc,
      char *argv[])
{
  g_test_init (&argc, &argv, NULL);

  g_test_add_func ("/sandwich/helper", test_helper_sandwich);
  g_test_add_func ("/sandwich/helper-main-tree", test_helper_main_tree);
  g_test_add_func ("/sandwich/stacks", test_stack_sandwich);
  g_test_add_func ("/sandwich/bad-function", test_bad_function);
  g_test_add_func ("/functions/stacks", test_stack_table);
  g_test_add_func ("/functions/list-model", test_list_model);

  return g_test_run ();
}
