/* test-functions-pane.c: the Functions table in the window: rows, sorting, search, marks.
 *
 * Copyright 2026 The Hearth authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include <string.h>

#include "hearth-application.h"
#include "hearth-format.h"
#include "hearth-function-item.h"
#include "hearth-test-ui.h"
#include "hearth-test-util.h"
#include "hearth-window-private.h"

/* The view's columns, in order: swatch, function, own, cumulative, calls, ... */
#define COLUMN_CALLS 4

static HearthApplication *app;

typedef struct
{
  HearthWindow        *window;
  HearthSession       *session;
  HearthFunctionsPane *pane;
} Fixture;

static void
fixture_set_up (Fixture       *f,
                gconstpointer  data)
{
  g_autofree char *path = NULL;

  if (!hearth_test_ui_have_display ())
    return;
  path = hearth_test_example_path ("before.prof");
  f->window = HEARTH_WINDOW (hearth_test_open_window (app, path, 1280, 800));
  f->session = hearth_window_get_session (f->window);
  f->pane = HEARTH_FUNCTIONS_PANE (f->window->functions_pane);
  gtk_notebook_set_current_page (GTK_NOTEBOOK (f->window->notebook),
                                 gtk_notebook_page_num (GTK_NOTEBOOK (f->window->notebook),
                                                        f->window->functions_pane));
  gtk_test_widget_wait_for_draw (GTK_WIDGET (f->window));
}

static void
fixture_tear_down (Fixture       *f,
                   gconstpointer  data)
{
  if (!hearth_test_ui_have_display ())
    return;
  hearth_test_close_windows (app);
}

static const HearthFunctionRow *
row_at (Fixture *f,
        guint    position)
{
  return hearth_function_table_get_row (hearth_functions_pane_get_table (f->pane), position);
}

static const char *
name_at (Fixture *f,
         guint    position)
{
  HearthProfile *profile = hearth_session_get_profile (f->session);

  return hearth_profile_get_function (profile, row_at (f, position)->function)->name;
}

static GListModel *
shown (Fixture *f)
{
  return G_LIST_MODEL (gtk_column_view_get_model (hearth_functions_pane_get_view (f->pane)));
}

/* Numbers from Python: pstats.Stats("data/examples/before.prof") has 979 entries; the
 * largest tottime is walker_msd's (13.81 s), the most calls list.append's (51,692). */
static void
test_rows_and_sort (Fixture       *f,
                    gconstpointer  data)
{
  GtkColumnView *view;
  g_autoptr (GtkColumnViewColumn) calls = NULL;
  gboolean descending = FALSE;

  if (hearth_test_ui_skip ())
    return;

  g_assert_cmpuint (g_list_model_get_n_items (shown (f)), ==, 979);
  /* own time first, largest first */
  g_assert_cmpint (hearth_function_table_get_sort_column (hearth_functions_pane_get_table (f->pane),
                                                          &descending),
                   ==, HEARTH_FUNCTION_COLUMN_OWN);
  g_assert_true (descending);
  g_assert_cmpstr (name_at (f, 0), ==, "walker_msd");
  g_assert_cmpfloat_with_epsilon (row_at (f, 0)->own, 13.812289327, 1e-9);

  /* the Calls header: the table sorts by all calls */
  view = hearth_functions_pane_get_view (f->pane);
  calls = g_list_model_get_item (gtk_column_view_get_columns (view), COLUMN_CALLS);
  g_assert_cmpstr (gtk_column_view_column_get_title (calls), ==, "Calls");
  gtk_column_view_sort_by_column (view, calls, GTK_SORT_DESCENDING);
  g_assert_cmpint (hearth_function_table_get_sort_column (hearth_functions_pane_get_table (f->pane),
                                                          &descending),
                   ==, HEARTH_FUNCTION_COLUMN_CALLS);
  g_assert_true (descending);
  g_assert_cmpstr (name_at (f, 0), ==, "<method 'append' of 'list' objects>");
  g_assert_cmpint (row_at (f, 0)->calls, ==, 51692);
  for (guint i = 1; i < g_list_model_get_n_items (shown (f)); i++)
    g_assert_cmpint (row_at (f, i - 1)->calls, >=, row_at (f, i)->calls);

  gtk_column_view_sort_by_column (view, calls, GTK_SORT_ASCENDING);
  g_assert_true (hearth_function_table_get_sort_column (hearth_functions_pane_get_table (f->pane),
                                                        &descending) ==
                 HEARTH_FUNCTION_COLUMN_CALLS);
  g_assert_false (descending);
  g_assert_cmpint (row_at (f, 0)->calls, <=, row_at (f, 978)->calls);
  g_assert_cmpint (row_at (f, 978)->calls, ==, 51692);
}

/* pstats lists 6 functions of json/decoder.py; the file is one of the places searched. */
static void
test_search_filters (Fixture       *f,
                     gconstpointer  data)
{
  if (hearth_test_ui_skip ())
    return;

  hearth_session_set_search_text (f->session, "json/decoder.py");
  g_assert_cmpuint (g_list_model_get_n_items (shown (f)), ==, 6);
  for (guint i = 0; i < 6; i++)
    {
      HearthProfile *profile = hearth_session_get_profile (f->session);

      g_assert_nonnull (strstr (hearth_profile_get_function (profile,
                                                             row_at (f, i)->function)->file,
                                "json/decoder.py"));
    }
  hearth_session_set_search_regex (f->session, TRUE);
  hearth_session_set_search_text (f->session, "^walker_(msd|step)$");
  g_assert_cmpuint (g_list_model_get_n_items (shown (f)), >=, 1);
  g_assert_cmpstr (name_at (f, 0), ==, "walker_msd");
  hearth_session_set_search_text (f->session, "");
  g_assert_cmpuint (g_list_model_get_n_items (shown (f)), ==, 979);
}

static guint
count_bars_of (HearthCallTree *tree,
               guint           function)
{
  guint n = 0;

  for (guint i = 0; i < hearth_call_tree_get_n_nodes (tree); i++)
    if (hearth_call_tree_get_node (tree, i)->function == function)
      n++;
  return n;
}

static void
test_select_marks_bars (Fixture       *f,
                        gconstpointer  data)
{
  HearthCallTree *tree;
  guint function, n_bars = 0, n_expected;
  const guint *bars;
  g_autofree char *prefix = NULL;

  if (hearth_test_ui_skip ())
    return;

  tree = hearth_session_get_tree (f->session);
  function = row_at (f, 0)->function;
  n_expected = count_bars_of (tree, function);
  g_assert_cmpuint (n_expected, >, 0);

  hearth_functions_pane_select_row (f->pane, 0);
  g_assert_cmpint (hearth_functions_pane_get_marked (f->pane), ==, function);
  /* the graph's selection moves to the function's widest bar ... */
  g_assert_cmpint (hearth_session_get_selected_function (f->session), ==, function);
  g_assert_cmpint (hearth_session_get_selected (f->session), ==,
                   hearth_session_find_widest_node (f->session, function));
  /* ... and every one of its bars is outlined */
  bars = hearth_functions_pane_get_marked_bars (f->pane, &n_bars);
  g_assert_cmpuint (n_bars, ==, n_expected);
  for (guint i = 0; i < n_bars; i++)
    g_assert_cmpuint (hearth_call_tree_get_node (tree, bars[i])->function, ==, function);
  g_assert_cmpuint (hearth_flame_view_get_n_marked (HEARTH_FLAME_VIEW (f->window->flame_view)),
                    ==, n_bars);
  prefix = g_strdup_printf ("%u bar%s, ", n_bars, n_bars == 1 ? "" : "s");
  g_test_message ("%s", hearth_functions_pane_get_summary (f->pane));
  g_assert_true (g_str_has_prefix (hearth_functions_pane_get_summary (f->pane), prefix));
  g_assert_true (g_str_has_suffix (hearth_functions_pane_get_summary (f->pane),
                                   " of the run, nested counted once"));

  /* a sort keeps the row selected where it went */
  {
    g_autoptr (GtkColumnViewColumn) calls =
      g_list_model_get_item (gtk_column_view_get_columns (hearth_functions_pane_get_view (f->pane)),
                             COLUMN_CALLS);
    guint position;

    gtk_column_view_sort_by_column (hearth_functions_pane_get_view (f->pane), calls,
                                    GTK_SORT_DESCENDING);
    position = gtk_single_selection_get_selected (GTK_SINGLE_SELECTION (shown (f)));
    g_assert_cmpuint (position, !=, GTK_INVALID_LIST_POSITION);
    g_assert_cmpuint (row_at (f, position)->function, ==, function);
  }

  /* a bar of another function picked in the graph ends the marks */
  hearth_session_set_selected (f->session, (gint) hearth_test_root_node (f->session));
  g_assert_cmpint (hearth_functions_pane_get_marked (f->pane), ==, -1);
  g_assert_cmpuint (hearth_flame_view_get_n_marked (HEARTH_FLAME_VIEW (f->window->flame_view)),
                    ==, 0);
}

/* The footer says where a function's bars hold less than its whole time. Expected from the
 * tree's own bars and the profile's cumulative time (pstats' cumtime), row by row. */
static void
test_rest_outside_bars (Fixture       *f,
                        gconstpointer  data)
{
  HearthCallTree *tree;
  double run_total;
  guint whole = 0, partial = 0;

  if (hearth_test_ui_skip ())
    return;

  tree = hearth_session_get_tree (f->session);
  run_total = hearth_session_get_run_total (f->session);
  for (guint i = 0; i < 60 && i < g_list_model_get_n_items (shown (f)); i++)
    {
      const HearthFunctionRow *row = row_at (f, i);
      g_autofree guint *bars = NULL;
      guint n = 0;
      double in_bars = 0;
      const char *summary;
      gboolean rest;

      bars = hearth_function_table_dup_bars (tree, row->function, &n, &in_bars);
      if (n == 0)
        continue;
      hearth_functions_pane_select_row (f->pane, i);
      summary = hearth_functions_pane_get_summary (f->pane);
      rest = row->cum - in_bars > 0.001 * run_total;
      g_assert_cmpint (strstr (summary, "the rest is in bars under the cutoff") != NULL, ==,
                       rest);
      if (rest)
        partial++;
      else
        whole++;
    }
  /* the example has both kinds among its first rows */
  g_assert_cmpuint (whole, >, 0);
  g_assert_cmpuint (partial, >, 0);
}

static void
test_activate_zooms (Fixture       *f,
                     gconstpointer  data)
{
  guint function;

  if (hearth_test_ui_skip ())
    return;

  function = row_at (f, 0)->function;
  g_assert_cmpint (hearth_session_get_zoom (f->session), ==, -1);
  hearth_functions_pane_activate_row (f->pane, 0);
  g_assert_cmpint (hearth_session_get_zoom (f->session), ==,
                   hearth_session_find_widest_node (f->session, function));
  g_assert_cmpint (hearth_session_get_zoom (f->session), >=, 0);
  g_assert_cmpint (hearth_functions_pane_get_marked (f->pane), ==, function);
}

int
main (int   argc,
      char *argv[])
{
  int status;

  app = hearth_test_ui_new_application (&argc, &argv);

#define ADD(path, func) \
  g_test_add ("/functions-pane/" path, Fixture, NULL, fixture_set_up, func, fixture_tear_down)

  ADD ("rows-and-sort", test_rows_and_sort);
  ADD ("search-filters", test_search_filters);
  ADD ("select-marks-bars", test_select_marks_bars);
  ADD ("rest-outside-bars", test_rest_outside_bars);
  ADD ("activate-zooms", test_activate_zooms);

  status = g_test_run ();
  g_clear_object (&app);
  return status;
}
