/* test-chart-window.c: Merged / In Time Order in the window, and a time range of the chart
 * shown merged.
 *
 * Copyright 2026 The Hearth authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include <string.h>

#include "hearth-application.h"
#include "hearth-callers-pane.h"
#include "hearth-chains-pane.h"
#include "hearth-functions-pane.h"
#include "hearth-order-bar.h"
#include "hearth-row.h"
#include "hearth-test-ui.h"
#include "hearth-test-util.h"
#include "hearth-window-private.h"

static HearthApplication *app;

typedef struct
{
  HearthWindow   *window;
  HearthSession  *session;
  HearthOrderBar *bar;
} Fixture;

static void
open_file (Fixture    *f,
           const char *path)
{
  f->window = HEARTH_WINDOW (hearth_test_open_window (app, path, 1024, 700));
  f->session = hearth_window_get_session (f->window);
  f->bar = HEARTH_ORDER_BAR (f->window->order_bar);
}

static void
fixture_tear_down (Fixture       *f,
                   gconstpointer  data)
{
  if (!hearth_test_ui_have_display ())
    return;
  hearth_test_close_windows (app);
}

static gboolean
tree_is_chart (gpointer user_data)
{
  HearthCallTree *tree = hearth_session_get_tree (user_data);

  return tree != NULL && hearth_call_tree_is_chart (tree) && !hearth_session_get_busy (user_data);
}

static gboolean
tree_is_merged (gpointer user_data)
{
  HearthCallTree *tree = hearth_session_get_tree (user_data);

  return tree != NULL && !hearth_call_tree_is_chart (tree) && !hearth_session_get_busy (user_data);
}

static gboolean
not_busy (gpointer user_data)
{
  return !hearth_session_get_busy (user_data);
}

static gboolean
shows_whole (gpointer user_data)
{
  return !hearth_session_get_busy (user_data) &&
         hearth_session_get_profile (user_data) == hearth_session_get_full_profile (user_data);
}

static void
switch_to_time_order (Fixture *f)
{
  gtk_widget_activate (hearth_order_bar_get_time_button (f->bar));
  g_assert_true (hearth_test_wait_until (tree_is_chart, f->session, 30000));
  hearth_test_settle (GTK_WIDGET (f->window));
}

/* A cProfile file keeps no order: both buttons insensitive, the tooltip says why. */
static void
test_no_order (Fixture       *f,
               gconstpointer  data)
{
  g_autofree char *path = NULL;
  GtkWidget *button;

  if (hearth_test_ui_skip ())
    return;
  path = hearth_test_example_path ("before.prof");
  open_file (f, path);
  button = hearth_order_bar_get_time_button (f->bar);
  g_assert_false (gtk_widget_get_sensitive (button));
  g_assert_cmpstr (gtk_widget_get_tooltip_text (button), ==, "This file keeps no time order");
  g_assert_false (hearth_session_keeps_order (f->session));
  hearth_session_set_time_order (f->session, TRUE);
  g_assert_false (hearth_session_get_time_order (f->session));
}

/* The hand-made evented file (a 0-10 ms holding b 1-3 and c 3-6 holding b 4-5, then d 12-15)
 * in time order: the chart's bars, hit-tested where they are drawn, searched, selected. */
static void
test_time_order (Fixture       *f,
                 gconstpointer  data)
{
  g_autofree char *path = NULL;
  HearthFlameView *view;
  HearthCallTree *tree;
  graphene_rect_t bounds;
  g_autofree char *tip = NULL;
  guint function;

  if (hearth_test_ui_skip ())
    return;
  path = hearth_test_data_path ("chart_evented.speedscope.json");
  open_file (f, path);
  g_assert_true (gtk_widget_get_sensitive (hearth_order_bar_get_time_button (f->bar)));
  /* merged: both b calls are one bar above a */
  g_assert_false (hearth_call_tree_is_chart (hearth_session_get_tree (f->session)));

  switch_to_time_order (f);
  g_assert_true (gtk_toggle_button_get_active (
    GTK_TOGGLE_BUTTON (hearth_order_bar_get_time_button (f->bar))));
  tree = hearth_session_get_tree (f->session);
  g_assert_cmpuint (hearth_call_tree_get_n_nodes (tree), ==, 6);
  view = HEARTH_FLAME_VIEW (f->window->flame_view);

  /* d (node 5) starts at 12 of 15 ms: its bar is drawn four fifths along the bars' width */
  g_assert_true (hearth_flame_view_get_node_bounds (view, 5, &bounds));
  g_assert_cmpint (hearth_flame_view_node_at (view, bounds.origin.x + bounds.size.width / 2,
                                              bounds.origin.y + bounds.size.height / 2), ==, 5);
  {
    graphene_rect_t root;

    g_assert_true (hearth_flame_view_get_node_bounds (view, 0, &root));
    g_assert_cmpfloat_with_epsilon ((bounds.origin.x - root.origin.x) / root.size.width, 0.8,
                                    1.5 / root.size.width);
    g_assert_cmpfloat_with_epsilon (bounds.size.width / root.size.width, 0.2,
                                    1.5 / root.size.width);
  }
  /* a double click zooms into the block, and the chart shows its time */
  hearth_test_click (GTK_WIDGET (view), 1, bounds.origin.x + 2, bounds.origin.y + 2);
  hearth_test_click (GTK_WIDGET (view), 2, bounds.origin.x + 2, bounds.origin.y + 2);
  g_assert_cmpint (hearth_session_get_zoom (f->session), ==, 5);
  hearth_test_settle (GTK_WIDGET (f->window));
  {
    double start, end;

    hearth_flame_view_get_visible_range (view, &start, &end);
    g_assert_cmpfloat_with_epsilon (start, 0.012, 1e-9);
    g_assert_cmpfloat_with_epsilon (end, 0.015, 1e-9);
  }
  hearth_session_set_zoom (f->session, -1);
  hearth_test_settle (GTK_WIDGET (f->window));
  tip = hearth_flame_view_dup_tooltip_text (view, 5);
  g_assert_nonnull (strstr (tip, "3.00 ms"));

  /* search: the two calls of b, 2 + 1 ms */
  hearth_session_set_search_text (f->session, "b");
  g_assert_cmpuint (hearth_session_get_match_functions (f->session), ==, 1);
  g_assert_cmpfloat_with_epsilon (hearth_session_get_match_total (f->session), 0.003, 1e-12);

  /* a selection follows its function back to the merged graph */
  hearth_session_set_selected (f->session, 5);
  function = hearth_call_tree_get_node (tree, 5)->function;
  gtk_widget_activate (hearth_order_bar_get_merged_button (f->bar));
  g_assert_true (hearth_test_wait_until (tree_is_merged, f->session, 30000));
  g_assert_cmpint (hearth_session_get_selected_function (f->session), ==, (gint) function);
}

/* The hand-made sampled file (a;b a;b a;c, gap 2, d, a;b, 1 s each): a range of the chart
 * is the merged graph and the Functions table of its samples, until the whole profile is
 * asked for again. */
static void
test_range (Fixture       *f,
            gconstpointer  data)
{
  g_autofree char *path = NULL;
  HearthProfile *full;
  HearthCallTree *tree;

  if (hearth_test_ui_skip ())
    return;
  path = hearth_test_data_path ("chart_sampled.speedscope.json");
  open_file (f, path);
  full = hearth_session_get_profile (f->session);
  /* the gap is no stack: five seconds of samples on a seven-second clock */
  g_assert_cmpfloat (hearth_profile_get_total (full), ==, 5);
  switch_to_time_order (f);
  g_assert_null (hearth_order_bar_get_range_text (f->bar));

  /* what a drag from 1 s to 6 s does */
  hearth_flame_view_select_range (HEARTH_FLAME_VIEW (f->window->flame_view), 1, 6);
  g_assert_true (hearth_test_wait_until (not_busy, f->session, 30000));
  g_assert_true (hearth_session_get_full_profile (f->session) == full);
  g_assert_true (hearth_session_get_profile (f->session) != full);
  g_assert_cmpfloat (hearth_profile_get_total (hearth_session_get_profile (f->session)), ==, 3);
  g_assert_cmpstr (hearth_order_bar_get_range_text (f->bar), ==,
                   "Merged graph and panes: 1.00 s – 6.00 s");
  g_assert_true (gtk_widget_get_visible (hearth_order_bar_get_clear_button (f->bar)));
  /* the chart still shows the whole clock */
  g_assert_true (hearth_call_tree_is_chart (hearth_session_get_tree (f->session)));
  g_assert_cmpfloat (hearth_call_tree_get_total (hearth_session_get_tree (f->session)), ==, 7);

  /* merged: a;b, a;c and d, one second each */
  gtk_widget_activate (hearth_order_bar_get_merged_button (f->bar));
  g_assert_true (hearth_test_wait_until (tree_is_merged, f->session, 30000));
  tree = hearth_session_get_tree (f->session);
  g_assert_cmpfloat (hearth_call_tree_get_total (tree), ==, 3);
  /* the merged graph is of the range, and the bar still says which */
  hearth_test_settle (GTK_WIDGET (f->window));
  g_assert_cmpstr (hearth_order_bar_get_range_text (f->bar), ==,
                   "Merged graph and panes: 1.00 s – 6.00 s");
  g_assert_true (gtk_widget_get_child_visible (f->window->order_bar));
  g_assert_true (gtk_widget_get_mapped (hearth_order_bar_get_clear_button (f->bar)));
  {
    g_autofree char *bars = hearth_test_bars (tree);

    /* a is two of the three seconds (a;b and a;c), d the third */
    g_assert_nonnull (strstr (bars, "\t2\t2\t2\t-\tall;a\n"));
    g_assert_nonnull (strstr (bars, "\t1\t1\t1\t-\tall;d\n"));
  }
  {
    /* the Functions table counts the range: b is 1 s of own time in it, not 3 */
    HearthFunctionTable *table =
      hearth_functions_pane_get_table (HEARTH_FUNCTIONS_PANE (f->window->functions_pane));
    HearthProfile *range = hearth_session_get_profile (f->session);
    gboolean found = FALSE;

    for (guint i = 0; i < hearth_function_table_get_n_rows (table); i++)
      {
        const HearthFunctionRow *row = hearth_function_table_get_row (table, i);

        if (g_str_equal (hearth_profile_get_function (range, row->function)->name, "b"))
          {
            g_assert_cmpfloat (row->own, ==, 1);
            found = TRUE;
          }
      }
    g_assert_true (found);
  }

  /* a button's activation clicks it a moment later */
  gtk_widget_activate (hearth_order_bar_get_clear_button (f->bar));
  g_assert_true (hearth_test_wait_until (shows_whole, f->session, 30000));
  g_assert_true (hearth_session_get_profile (f->session) == full);
  g_assert_null (hearth_order_bar_get_range_text (f->bar));
  g_assert_cmpfloat (hearth_call_tree_get_total (hearth_session_get_tree (f->session)), ==, 5);
}

/* "label value" for each row of @rows, one a line. */
static char *
dup_rows (GListModel *rows)
{
  GString *text = g_string_new (NULL);

  for (guint i = 0; i < g_list_model_get_n_items (rows); i++)
    {
      g_autoptr (HearthRow) row = g_list_model_get_item (rows, i);

      g_string_append_printf (text, "%s %g\n", hearth_row_get_label (row),
                              hearth_row_get_value (row));
    }
  return g_string_free (text, FALSE);
}

/* The same sampled file in time order: the chart has a block per run (a, then a again after
 * d), but Widest Chains and the callers of b describe the merged profile, or the range. */
static void
test_panes (Fixture       *f,
            gconstpointer  data)
{
  g_autofree char *path = NULL;
  g_autofree char *chains = NULL;
  g_autofree char *callers = NULL;
  HearthChainsPane *chains_pane;
  HearthCallersPane *callers_pane;
  HearthCallTree *chart;
  gint b;

  if (hearth_test_ui_skip ())
    return;
  path = hearth_test_data_path ("chart_sampled.speedscope.json");
  open_file (f, path);
  chains_pane = HEARTH_CHAINS_PANE (f->window->chains_pane);
  callers_pane = HEARTH_CALLERS_PANE (f->window->callers_pane);
  switch_to_time_order (f);
  chart = hearth_session_get_tree (f->session);
  /* the chart: all, a, b, c, d, a, b */
  g_assert_cmpuint (hearth_call_tree_get_n_nodes (chart), ==, 7);

  /* a;b three times in all (0-2 s and 6-7 s), a;c once, d once */
  chains = dup_rows (hearth_chains_pane_get_rows (chains_pane));
  g_assert_cmpstr (chains, ==, "a > b 3\na > c 1\nd 1\n");
  /* a row selects the chart's widest block of its function: b of 0-2 s */
  hearth_chains_pane_activate_row (chains_pane, 0);
  g_assert_true (hearth_call_tree_is_chart (hearth_session_get_tree (f->session)));
  g_assert_cmpint (hearth_session_get_selected (f->session), >=, 0);
  b = hearth_session_get_selected (f->session);
  g_assert_cmpfloat (hearth_call_tree_get_node (chart, b)->width, ==, 2);
  g_assert_cmpstr (hearth_profile_get_function (hearth_session_get_profile (f->session),
                                                hearth_call_tree_get_node (chart, b)->function)->name,
                   ==, "b");
  hearth_test_settle (GTK_WIDGET (f->window));
  callers = dup_rows (hearth_callers_pane_get_callers (callers_pane));
  g_assert_cmpstr (callers, ==, "a 3\n");
  g_clear_pointer (&chains, g_free);
  g_clear_pointer (&callers, g_free);

  /* the range 1-6 s: one second of each chain, b called for one of them */
  hearth_flame_view_select_range (HEARTH_FLAME_VIEW (f->window->flame_view), 1, 6);
  g_assert_true (hearth_test_wait_until (not_busy, f->session, 30000));
  hearth_test_settle (GTK_WIDGET (f->window));
  g_assert_true (hearth_call_tree_is_chart (hearth_session_get_tree (f->session)));
  chains = dup_rows (hearth_chains_pane_get_rows (chains_pane));
  g_assert_cmpstr (chains, ==, "a > b 1\na > c 1\nd 1\n");
  callers = dup_rows (hearth_callers_pane_get_callers (callers_pane));
  g_assert_cmpstr (callers, ==, "a 1\n");
}

int
main (int   argc,
      char *argv[])
{
  int status;

  app = hearth_test_ui_new_application (&argc, &argv);

#define ADD(path, func) \
  g_test_add ("/chart-window/" path, Fixture, NULL, NULL, func, fixture_tear_down)

  ADD ("no-order", test_no_order);
  ADD ("time-order", test_time_order);
  ADD ("range", test_range);
  ADD ("panes", test_panes);

  status = g_test_run ();
  g_clear_object (&app);
  return status;
}
