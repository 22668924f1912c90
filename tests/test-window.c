/* test-window.c: the application and its window: open, panes, search, zoom, errors.
 *
 * Copyright 2026 The Hearth authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include <glib/gstdio.h>
#include <math.h>
#include <string.h>
#include <sys/stat.h>

#include "hearth-application.h"
#include "hearth-format.h"
#include "hearth-row.h"
#include "hearth-test-ui.h"
#include "hearth-test-util.h"
#include "hearth-window-private.h"

static HearthApplication *app;

typedef struct
{
  HearthWindow  *window;
  HearthSession *session;
} Fixture;

static gboolean
loaded (gpointer user_data)
{
  HearthWindow *window = user_data;
  HearthSession *session = hearth_window_get_session (window);

  return !hearth_session_get_loading (session) && !hearth_session_get_busy (session);
}

static HearthWindow *
open_in_app (const char *path)
{
  g_autoptr (GFile) file = g_file_new_for_path (path);
  HearthWindow *window = NULL;

  hearth_application_open_file (app, file, NULL);
  for (GList *l = gtk_application_get_windows (GTK_APPLICATION (app)); l != NULL; l = l->next)
    {
      GFile *shown = hearth_window_get_file (l->data);

      if (hearth_session_get_loading (hearth_window_get_session (l->data)) ||
          (shown != NULL && g_file_equal (shown, file)))
        window = l->data;
    }
  g_assert_nonnull (window);
  g_assert_true (hearth_test_wait_until (loaded, window, 20000));
  gtk_test_widget_wait_for_draw (GTK_WIDGET (window));
  return window;
}

static void
fixture_set_up (Fixture       *f,
                gconstpointer  data)
{
  g_autofree char *path = NULL;

  if (!hearth_test_ui_have_display ())
    return;
  path = hearth_test_example_path ("before.prof");
  f->window = open_in_app (path);
  f->session = hearth_window_get_session (f->window);
}

static void
fixture_tear_down (Fixture       *f,
                   gconstpointer  data)
{
  if (!hearth_test_ui_have_display ())
    return;
  hearth_test_close_windows (app);
}

static HearthCallTree *
tree_of (Fixture *f)
{
  return hearth_session_get_tree (f->session);
}

static guint
widest_leaf (Fixture *f)
{
  g_autofree guint *chains = NULL;
  guint n = 0;

  chains = hearth_call_tree_dup_widest_chains (tree_of (f), &n);
  g_assert_cmpuint (n, >, 0);
  return chains[0];
}

static void
click_node (Fixture *f,
            guint    node)
{
  graphene_rect_t bounds;

  g_assert_true (hearth_flame_view_get_node_bounds (HEARTH_FLAME_VIEW (f->window->flame_view),
                                                    node, &bounds));
  hearth_test_click (f->window->flame_view, 1, bounds.origin.x + bounds.size.width / 2,
                     bounds.origin.y + bounds.size.height / 2);
}

static void
test_open_example (Fixture       *f,
                   gconstpointer  data)
{
  if (hearth_test_ui_skip ())
    return;

  g_assert_cmpstr (_hearth_window_get_page (f->window), ==, "graph");
  g_assert_cmpstr (gtk_label_get_text (GTK_LABEL (f->window->title_label)), ==, "before.prof");
  g_assert_cmpstr (gtk_window_get_title (GTK_WINDOW (f->window)), ==, "before.prof");
  g_assert_true (g_str_has_prefix (gtk_label_get_text (GTK_LABEL (f->window->subtitle_label)),
                                   "Total "));
  g_assert_null (_hearth_window_get_message (f->window));
  g_assert_true (gtk_widget_get_visible (f->window->root_button));
  /* the profile holds the <module> of other files too: the root says which one it is */
  g_assert_cmpstr (gtk_label_get_text (GTK_LABEL (f->window->root_label)), ==,
                   "<module> — walkers.py:1");
}

/* Which region of the window @widget is in: 0 the header bar, 1 the graph side, 2 the
 * side panes, -1 elsewhere. */
static int
region_of (Fixture   *f,
           GtkWidget *widget)
{
  GtkWidget *regions[] = { f->window->header_bar,
                           gtk_paned_get_start_child (GTK_PANED (f->window->paned)),
                           f->window->notebook };

  for (guint i = 0; i < G_N_ELEMENTS (regions); i++)
    if (widget == regions[i] || gtk_widget_is_ancestor (widget, regions[i]))
      return (int) i;
  return -1;
}

/* Tab from the Open button goes through the header bar, then the graph (the flame view
 * among it), then the side panes, never back before it wraps. */
static void
test_tab_order (Fixture       *f,
                gconstpointer  data)
{
  GtkWidget *focus;
  int region, last = 0;
  gboolean graph = FALSE, panes = FALSE;

  if (hearth_test_ui_skip ())
    return;

  g_assert_true (gtk_widget_grab_focus (f->window->open_button));
  for (guint step = 0; step < 80; step++)
    {
      if (!gtk_widget_child_focus (GTK_WIDGET (f->window), GTK_DIR_TAB_FORWARD))
        break;
      focus = gtk_root_get_focus (GTK_ROOT (f->window));
      g_assert_nonnull (focus);
      if (focus == f->window->open_button)
        break;
      region = region_of (f, focus);
      g_test_message ("Tab %u: %s, region %d", step + 1, G_OBJECT_TYPE_NAME (focus), region);
      if (region < 0)
        continue;
      /* back to the start only from the panes: Tab wrapped round */
      if (region < last && last == 2)
        break;
      g_assert_cmpint (region, >=, last);
      last = region;
      graph = graph || focus == f->window->flame_view;
      panes = panes || region == 2;
    }
  g_assert_true (graph);
  g_assert_true (panes);
}

static void
test_widest_chain (Fixture       *f,
                   gconstpointer  data)
{
  GListModel *rows;
  g_autoptr (HearthRow) first = NULL;
  const HearthNode *leaf;
  double total;

  if (hearth_test_ui_skip ())
    return;

  rows = hearth_chains_pane_get_rows (HEARTH_CHAINS_PANE (f->window->chains_pane));
  g_assert_cmpuint (g_list_model_get_n_items (rows), >, 1);
  first = g_list_model_get_item (rows, 0);
  g_test_message ("widest chain: %s, %.1f%%", hearth_row_get_label (first),
                  100 * hearth_row_get_fraction (first));
  /* the slow MSD loop: main > msd_slow > <listcomp> > walker_msd, most of the run */
  g_assert_true (g_str_has_prefix (hearth_row_get_label (first), "main > msd_slow"));
  g_assert_true (g_str_has_suffix (hearth_row_get_label (first), " > walker_msd"));
  g_assert_cmpint (hearth_row_get_node (first), ==, widest_leaf (f));
  leaf = hearth_call_tree_get_node (tree_of (f), widest_leaf (f));
  total = hearth_call_tree_get_total (tree_of (f));
  g_assert_cmpfloat_with_epsilon (hearth_row_get_fraction (first), leaf->self_width / total,
                                  1e-12);
  g_assert_cmpfloat (hearth_row_get_fraction (first), >, 0.9);

  /* ranked by self time; a row whose bar is wider than its self time says both */
  {
    guint n_notes = 0;
    double previous = G_MAXDOUBLE;

    for (guint i = 0; i < g_list_model_get_n_items (rows); i++)
      {
        g_autoptr (HearthRow) row = g_list_model_get_item (rows, i);
        const HearthNode *top = hearth_call_tree_get_node (tree_of (f), hearth_row_get_node (row));

        g_assert_cmpfloat (hearth_row_get_value (row), <=, previous);
        previous = hearth_row_get_value (row);
        g_assert_cmpfloat (hearth_row_get_value (row), ==, top->self_width);
        if (hearth_row_get_note (row) != NULL)
          {
            g_autofree char *width = hearth_format_percent (top->width / total);

            /* the whole bar where it is wider, and what of the self time is callees too
             * narrow for a bar */
            if (g_str_has_suffix (hearth_row_get_note (row), " with its callees"))
              g_assert_nonnull (strstr (hearth_row_get_note (row), width));
            else
              g_assert_true (g_str_has_suffix (hearth_row_get_note (row),
                                               "in callees under the cutoff"));
            n_notes++;
          }
        else
          g_assert_cmpfloat (top->width - top->self_width, <, 0.001 * total);
        g_test_message ("%s: %s", hearth_row_get_label (row),
                        hearth_row_get_note (row) != NULL ? hearth_row_get_note (row) : "-");
      }
    /* main itself, under everything the script did */
    g_assert_cmpuint (n_notes, >, 0);
  }

  /* activating a row selects its bar */
  hearth_chains_pane_activate_row (HEARTH_CHAINS_PANE (f->window->chains_pane), 1);
  {
    g_autoptr (HearthRow) second = g_list_model_get_item (rows, 1);

    g_assert_cmpint (hearth_session_get_selected (f->session), ==, hearth_row_get_node (second));
  }
}

static void
test_click_callers (Fixture       *f,
                    gconstpointer  data)
{
  HearthCallersPane *pane;
  HearthProfile *profile;
  GListModel *callers, *callees;
  guint leaf, function;
  g_autoptr (HearthRow) row = NULL;
  g_autofree guint *edges = NULL;
  guint n_edges = 0;

  if (hearth_test_ui_skip ())
    return;

  pane = HEARTH_CALLERS_PANE (f->window->callers_pane);
  g_assert_cmpint (hearth_callers_pane_get_function (pane), ==, -1);

  leaf = widest_leaf (f);
  click_node (f, leaf);
  g_assert_cmpint (hearth_session_get_selected (f->session), ==, leaf);

  function = hearth_call_tree_get_node (tree_of (f), leaf)->function;
  profile = hearth_session_get_profile (f->session);
  g_assert_cmpint (hearth_callers_pane_get_function (pane), ==, function);
  g_assert_cmpstr (hearth_callers_pane_get_title (pane), ==, "walker_msd");

  /* its one caller, with the edge's own numbers from the file */
  callers = hearth_callers_pane_get_callers (pane);
  edges = hearth_call_tree_dup_callers (tree_of (f), function, &n_edges);
  g_assert_cmpuint (g_list_model_get_n_items (callers), ==, n_edges);
  row = g_list_model_get_item (callers, 0);
  g_test_message ("caller: %s", hearth_row_get_label (row));
  g_assert_true (strstr (hearth_row_get_label (row), "listcomp") != NULL);
  g_assert_cmpint (hearth_row_get_calls (row), ==, hearth_profile_get_edge (profile,
                                                                            edges[0])->calls);
  g_assert_cmpfloat (hearth_row_get_value (row), ==, hearth_profile_get_edge (profile,
                                                                              edges[0])->cum);

  /* and what it called, widest first */
  callees = hearth_callers_pane_get_callees (pane);
  g_assert_cmpuint (g_list_model_get_n_items (callees), >, 0);
  {
    g_autoptr (HearthRow) a = g_list_model_get_item (callees, 0);
    g_autoptr (HearthRow) b = NULL;

    if (g_list_model_get_n_items (callees) > 1)
      b = g_list_model_get_item (callees, 1);
    if (b != NULL)
      g_assert_cmpfloat (hearth_row_get_value (a), >=, hearth_row_get_value (b));
  }

  /* activating the caller row selects the caller's widest bar */
  hearth_callers_pane_activate_row (pane, TRUE, 0);
  g_assert_cmpint (hearth_session_get_selected (f->session), ==,
                   (gint) hearth_call_tree_get_node (tree_of (f), leaf)->parent);
}

static gboolean
match_label_shown (gpointer user_data)
{
  HearthWindow *window = user_data;

  return strlen (_hearth_window_get_match_text (window)) > 0;
}

static void
test_search (Fixture       *f,
             gconstpointer  data)
{
  const HearthNode *leaf;
  g_autofree char *expected = NULL;
  double total;

  if (hearth_test_ui_skip ())
    return;

  gtk_widget_activate_action (GTK_WIDGET (f->window), "win.search", NULL);
  g_assert_true (gtk_search_bar_get_search_mode (GTK_SEARCH_BAR (f->window->search_bar)));
  gtk_editable_set_text (GTK_EDITABLE (f->window->search_entry), "walker_msd");
  g_assert_true (hearth_test_wait_until (match_label_shown, f->window, 5000));

  leaf = hearth_call_tree_get_node (tree_of (f), widest_leaf (f));
  total = hearth_call_tree_get_total (tree_of (f));
  expected = g_strdup_printf ("1 function, %.1f%% of the run", 100 * leaf->width / total);
  g_assert_cmpstr (_hearth_window_get_match_text (f->window), ==, expected);

  /* Enter jumps to the match */
  g_signal_emit_by_name (f->window->search_entry, "activate");
  g_assert_cmpint (hearth_session_get_selected (f->session), ==, widest_leaf (f));

  /* a regular expression; nested matches counted once */
  gtk_toggle_button_set_active (GTK_TOGGLE_BUTTON (f->window->regex_button), TRUE);
  gtk_editable_set_text (GTK_EDITABLE (f->window->search_entry), "^msd_slow$|^walker_msd$");
  hearth_session_set_search_text (f->session, "^msd_slow$|^walker_msd$");
  g_assert_cmpuint (hearth_session_get_match_functions (f->session), ==, 2);
  g_assert_true (g_str_has_prefix (_hearth_window_get_match_text (f->window), "2 functions, "));

  hearth_session_set_search_text (f->session, "(");
  g_assert_cmpstr (_hearth_window_get_match_text (f->window), ==, "Invalid regular expression");
  g_assert_true (gtk_widget_has_css_class (f->window->search_entry, "error"));

  /* closing the bar ends the search */
  gtk_search_bar_set_search_mode (GTK_SEARCH_BAR (f->window->search_bar), FALSE);
  g_assert_null (hearth_session_get_search_text (f->session));
}

static void
test_zoom (Fixture       *f,
           gconstpointer  data)
{
  HearthFlameView *view;
  g_autofree char *crumbs = NULL;
  double start, end, total;
  guint leaf;

  if (hearth_test_ui_skip ())
    return;

  view = HEARTH_FLAME_VIEW (f->window->flame_view);
  leaf = widest_leaf (f);
  total = hearth_call_tree_get_total (tree_of (f));
  click_node (f, leaf);
  gtk_widget_activate_action (f->window->flame_view, "flame.zoom-in", NULL);
  g_assert_cmpint (hearth_session_get_zoom (f->session), ==, leaf);
  hearth_flame_view_get_visible_range (view, &start, &end);
  g_assert_cmpfloat (end - start, <, total);

  crumbs = hearth_breadcrumbs_dup_text (HEARTH_BREADCRUMBS (f->window->breadcrumbs));
  g_test_message ("breadcrumbs: %s", crumbs);
  g_assert_true (g_str_has_prefix (crumbs, "<module> — walkers.py:1 › main › msd_slow"));
  g_assert_true (g_str_has_suffix (crumbs, "walker_msd"));

  gtk_widget_activate_action (f->window->flame_view, "flame.zoom-out", NULL);
  g_assert_cmpint (hearth_session_get_zoom (f->session), ==,
                   (gint) hearth_call_tree_get_node (tree_of (f), leaf)->parent);
  gtk_widget_activate_action (f->window->flame_view, "flame.zoom-reset", NULL);
  g_assert_cmpint (hearth_session_get_zoom (f->session), ==, -1);
  hearth_flame_view_get_visible_range (view, &start, &end);
  g_assert_cmpfloat (start, ==, 0);
  g_assert_cmpfloat_with_epsilon (end, total, total * 1e-12);
  g_clear_pointer (&crumbs, g_free);
  crumbs = hearth_breadcrumbs_dup_text (HEARTH_BREADCRUMBS (f->window->breadcrumbs));
  g_assert_cmpstr (crumbs, ==, "<module> — walkers.py:1");
}

static void
test_warnings (Fixture       *f,
               gconstpointer  data)
{
  HearthWarningsPane *pane;
  g_autofree char *text = NULL;
  g_autofree guint *unreached = NULL;
  guint n = 0;

  if (hearth_test_ui_skip ())
    return;

  pane = HEARTH_WARNINGS_PANE (f->window->warnings_pane);
  text = hearth_warnings_pane_dup_text (pane);
  g_test_message ("warnings:\n%s", text);
  g_assert_cmpuint (hearth_warnings_pane_get_n_warnings (pane), >, 0);
  g_assert_true (gtk_widget_get_visible (f->window->warnings_badge));

  /* the time the tree never reaches: each candidate can become the root */
  unreached = hearth_call_tree_dup_unreached (tree_of (f), HEARTH_CALL_TREE_UNREACHED_FRACTION, &n);
  if (n > 0)
    {
      g_assert_nonnull (strstr (text, "Use as Root"));
      hearth_session_set_root (f->session, unreached[0]);
      g_assert_true (hearth_test_wait_until (loaded, f->window, 10000));
      g_assert_cmpint (hearth_call_tree_get_root_function (tree_of (f)), ==, unreached[0]);
      g_clear_pointer (&text, g_free);
      text = hearth_warnings_pane_dup_text (pane);
      g_assert_nonnull (strstr (text, "Default Root"));
    }

  /* a chosen root says which function it is, with its file */
  {
    gint msd = -1;
    g_autofree char *crumbs = NULL;

    for (guint i = 0; i < hearth_profile_get_n_functions (hearth_session_get_profile (f->session)); i++)
      if (g_strcmp0 (hearth_profile_get_function (hearth_session_get_profile (f->session), i)->name,
                     "msd_slow") == 0)
        msd = (gint) i;
    g_assert_cmpint (msd, >=, 0);
    hearth_session_set_root (f->session, msd);
    g_assert_true (hearth_test_wait_until (loaded, f->window, 10000));
    g_assert_cmpint (hearth_call_tree_get_root_function (tree_of (f)), ==, msd);
    g_assert_cmpstr (gtk_label_get_text (GTK_LABEL (f->window->root_label)), ==,
                     "msd_slow — walkers.py:53");
    crumbs = hearth_breadcrumbs_dup_text (HEARTH_BREADCRUMBS (f->window->breadcrumbs));
    g_assert_true (g_str_has_prefix (crumbs, "msd_slow — walkers.py:53"));

    /* the shares are of the root, the columns say so, and the subtitle gives the root's time
     * as the exports' title does */
    g_assert_cmpstr (hearth_chains_pane_get_share_title (HEARTH_CHAINS_PANE (f->window->chains_pane)),
                     ==, "% of Root");
    {
      g_autofree char *root_total = hearth_format_value (hearth_call_tree_get_total (tree_of (f)),
                                                         HEARTH_UNIT_SECONDS);
      g_autofree char *expected = g_strdup_printf ("Root %s of ", root_total);

      g_assert_true (g_str_has_prefix (gtk_label_get_text (GTK_LABEL (f->window->subtitle_label)),
                                       expected));
    }
  }
}

/* A profile with functions called from several places: estimated bars, explained. */
static void
test_warnings_estimated (void)
{
  g_autofree char *path = NULL;
  g_autofree char *text = NULL;
  HearthWindow *window;
  HearthWarningsPane *pane;

  if (hearth_test_ui_skip ())
    return;

  path = hearth_test_data_path ("cprofile_py312.prof");
  window = open_in_app (path);
  pane = HEARTH_WARNINGS_PANE (window->warnings_pane);
  text = hearth_warnings_pane_dup_text (pane);
  g_test_message ("warnings:\n%s", text);
  g_assert_nonnull (strstr (text, "Estimated Bars"));
  g_assert_nonnull (strstr (text, " callers ("));
  g_assert_nonnull (strstr (text, "sampling profile"));
  g_assert_cmpstr (gtk_label_get_text (GTK_LABEL (window->warnings_badge)), !=, "0");
  hearth_test_close_windows (app);
}

/* Time the tree never reaches, reached but under the cutoff: the pane says so, and its Lower
 * the Cutoff gives the function a bar. */
static void
test_warnings_cut_off (void)
{
  g_autofree char *path = NULL;
  g_autofree char *text = NULL;
  g_autofree guint *unreached = NULL;
  g_autofree HearthUnreached *why = NULL;
  HearthWindow *window;
  HearthSession *session;
  GtkWidget *lower;
  guint n = 0, bars = 0;
  HearthCallTree *tree;

  if (hearth_test_ui_skip ())
    return;

  path = hearth_test_data_path ("cprofile_cli_py311.prof");
  window = open_in_app (path);
  session = hearth_window_get_session (window);
  text = hearth_warnings_pane_dup_text (HEARTH_WARNINGS_PANE (window->warnings_pane));
  g_test_message ("warnings:\n%s", text);
  g_assert_nonnull (strstr (text, "Time the Tree Never Reaches"));
  g_assert_nonnull (strstr (text, "places each under the cutoff"));
  g_assert_nonnull (strstr (text, "% of the run"));
  g_assert_null (strstr (text, "lost the link"));

  tree = hearth_session_get_tree (session);
  unreached = hearth_call_tree_dup_unreached (tree, HEARTH_CALL_TREE_UNREACHED_FRACTION, &n);
  why = hearth_call_tree_explain_unreached (tree, unreached, n);
  g_assert_cmpuint (n, >, 0);
  g_assert_true (why[0].linked);
  g_assert_cmpfloat (why[0].cutoff, >, 0);

  /* the first button is the first function's */
  lower = hearth_test_find_button (window->warnings_pane, "Lower the _Cutoff");
  g_assert_nonnull (lower);
  g_signal_emit_by_name (lower, "clicked");
  g_assert_true (hearth_test_wait_until (loaded, window, 20000));
  g_assert_cmpfloat (hearth_session_get_cutoff (session), ==, why[0].cutoff);
  tree = hearth_session_get_tree (session);
  for (guint i = 0; i < hearth_call_tree_get_n_nodes (tree); i++)
    bars += hearth_call_tree_get_node (tree, i)->function == why[0].function;
  g_assert_cmpuint (bars, >, 0);

  hearth_test_close_windows (app);
}

static void
test_broken_file (Fixture       *f,
                  gconstpointer  data)
{
  g_autofree char *path = NULL;
  g_autofree char *example = NULL;
  HearthWindow *window;
  const char *message;

  if (hearth_test_ui_skip ())
    return;

  path = hearth_test_data_path ("bad_truncated.prof");
  window = open_in_app (path);
  g_assert_true (window != f->window);
  message = _hearth_window_get_message (window);
  g_test_message ("message: %s", message);
  g_assert_nonnull (message);
  g_assert_nonnull (strstr (message, "bad_truncated.prof"));
  g_assert_nonnull (strstr (message, "truncated"));
  g_assert_null (strchr (message, '\n'));
  g_assert_cmpstr (_hearth_window_get_page (window), ==, "welcome");
  g_assert_true (hearth_window_is_empty (window));

  /* the application keeps running: the same window opens a good file */
  g_assert_cmpuint (g_list_length (gtk_application_get_windows (GTK_APPLICATION (app))), ==, 2);
  example = hearth_test_example_path ("after.prof");
  hearth_window_open (window, g_file_new_for_path (example));
  g_assert_true (hearth_test_wait_until (loaded, window, 20000));
  g_assert_cmpstr (_hearth_window_get_page (window), ==, "graph");
  g_assert_null (_hearth_window_get_message (window));

  /* a failed reload keeps the graph shown */
  {
    g_autofree char *copy = g_build_filename (g_get_tmp_dir (), "hearth-test-broken.prof", NULL);
    g_autofree char *bytes = NULL;
    gsize len = 0;
    g_autoptr (GFile) file = g_file_new_for_path (copy);

    g_assert_true (g_file_get_contents (example, &bytes, &len, NULL));
    g_assert_true (g_file_set_contents (copy, bytes, len, NULL));
    hearth_window_open (window, file);
    g_assert_true (hearth_test_wait_until (loaded, window, 20000));
    g_assert_true (g_file_set_contents (copy, bytes, len / 2, NULL));
    gtk_widget_activate_action (GTK_WIDGET (window), "win.reload", NULL);
    g_assert_true (hearth_test_wait_until (loaded, window, 20000));
    g_assert_nonnull (_hearth_window_get_message (window));
    g_assert_cmpstr (_hearth_window_get_page (window), ==, "graph");
    g_unlink (copy);
  }
}

/* Writes @n bytes of newlines through gzip: 64 MiB from some 64 KiB. */
static void
write_newline_bomb (const char *path,
                    gsize       n)
{
  g_autoptr (GFile) file = g_file_new_for_path (path);
  g_autoptr (GFileOutputStream) out = g_file_replace (file, NULL, FALSE, G_FILE_CREATE_NONE,
                                                      NULL, NULL);
  g_autoptr (GConverter) gz = G_CONVERTER (g_zlib_compressor_new (G_ZLIB_COMPRESSOR_FORMAT_GZIP,
                                                                  9));
  g_autoptr (GOutputStream) stream = g_converter_output_stream_new (G_OUTPUT_STREAM (out), gz);
  g_autofree char *block = g_malloc (1 << 20);

  memset (block, '\n', 1 << 20);
  for (gsize done = 0; done < n; done += 1 << 20)
    g_assert_true (g_output_stream_write_all (stream, block, 1 << 20, NULL, NULL, NULL));
  g_assert_true (g_output_stream_close (stream, NULL, NULL));
}

/* A window given a hostile file shows a one-line banner naming it, and goes on working. */
static void
check_hostile (const char *path,
               const char *problem)
{
  g_autofree char *example = hearth_test_example_path ("after.prof");
  HearthWindow *window = open_in_app (path);
  const char *message = _hearth_window_get_message (window);

  g_test_message ("message: %s", message);
  g_assert_nonnull (message);
  g_assert_nonnull (strstr (message, path));
  g_assert_nonnull (strstr (message, problem));
  g_assert_null (strchr (message, '\n'));
  g_assert_true (hearth_window_is_empty (window));

  hearth_window_open (window, g_file_new_for_path (example));
  g_assert_true (hearth_test_wait_until (loaded, window, 20000));
  g_assert_cmpstr (_hearth_window_get_page (window), ==, "graph");
  g_assert_null (_hearth_window_get_message (window));
}

static void
test_hostile_files (Fixture       *f,
                    gconstpointer  data)
{
  g_autofree char *dir = NULL;
  g_autofree char *fifo = NULL;
  g_autofree char *bomb = NULL;
  g_autofree char *cut = NULL;
  g_autofree char *example = NULL;
  g_autofree char *bytes = NULL;
  gsize len = 0;

  if (hearth_test_ui_skip ())
    return;

  dir = g_dir_make_tmp ("hearth-hostile-XXXXXX", NULL);
  g_assert_nonnull (dir);

  /* a FIFO with no writer: opening it must not block the loader */
  fifo = g_build_filename (dir, "fifo.prof", NULL);
  g_assert_cmpint (mkfifo (fifo, 0600), ==, 0);
  check_hostile (fifo, "not a regular file");

  bomb = g_build_filename (dir, "bomb.folded.gz", NULL);
  write_newline_bomb (bomb, 64 << 20);
  check_hostile (bomb, "not a profile");

  /* a profile cut short, as by a profiler still writing it */
  cut = g_build_filename (dir, "cut.prof", NULL);
  example = hearth_test_example_path ("before.prof");
  g_assert_true (g_file_get_contents (example, &bytes, &len, NULL));
  g_assert_true (g_file_set_contents (cut, bytes, len / 3, NULL));
  check_hostile (cut, "cut.prof");

  g_assert_nonnull (gtk_application_get_windows (GTK_APPLICATION (app)));
  g_unlink (fifo);
  g_unlink (bomb);
  g_unlink (cut);
  g_rmdir (dir);
}

static void
test_empty_profile (void)
{
  g_autofree char *path = NULL;
  HearthWindow *window;

  if (hearth_test_ui_skip ())
    return;

  path = hearth_test_data_path ("empty.prof");
  window = open_in_app (path);
  g_assert_null (_hearth_window_get_message (window));
  g_assert_cmpstr (_hearth_window_get_page (window), ==, "empty");
  hearth_test_close_windows (app);
}

static GtkDropTarget *
find_drop_target (GtkWidget *widget)
{
  g_autoptr (GListModel) controllers = gtk_widget_observe_controllers (widget);

  for (guint i = 0; i < g_list_model_get_n_items (controllers); i++)
    {
      g_autoptr (GObject) controller = g_list_model_get_item (controllers, i);

      if (GTK_IS_DROP_TARGET (controller))
        return GTK_DROP_TARGET (controller);
    }
  return NULL;
}

/* Dropping files on an empty window opens the first there, the others in windows of their
 * own. (The drop target's signal, as a drop from the file manager ends in.) */
static void
test_drop (void)
{
  g_autofree char *before = NULL;
  g_autofree char *after = NULL;
  GtkDropTarget *target;
  HearthWindow *window;
  g_autoptr (GFile) first = NULL;
  g_autoptr (GFile) second = NULL;
  GValue value = G_VALUE_INIT;
  GFile *files[2];
  gboolean accepted = FALSE;
  GList *windows;

  if (hearth_test_ui_skip ())
    return;

  g_application_activate (G_APPLICATION (app));
  window = HEARTH_WINDOW (gtk_application_get_active_window (GTK_APPLICATION (app)));
  target = find_drop_target (GTK_WIDGET (window));
  g_assert_nonnull (target);

  before = hearth_test_example_path ("before.prof");
  after = hearth_test_example_path ("after.prof");
  files[0] = first = g_file_new_for_path (before);
  files[1] = second = g_file_new_for_path (after);
  g_value_init (&value, GDK_TYPE_FILE_LIST);
  g_value_take_boxed (&value, gdk_file_list_new_from_array (files, 2));
  g_signal_emit_by_name (target, "drop", &value, 10.0, 10.0, &accepted);
  g_value_unset (&value);
  g_assert_true (accepted);

  g_assert_true (hearth_test_wait_until (loaded, window, 20000));
  g_assert_true (g_file_equal (hearth_window_get_file (window), first));
  g_assert_cmpuint (g_list_length (gtk_application_get_windows (GTK_APPLICATION (app))), ==, 2);
  while ((windows = gtk_application_get_windows (GTK_APPLICATION (app))) != NULL)
    {
      g_assert_true (hearth_test_wait_until (loaded, windows->data, 20000));
      hearth_test_destroy_window (windows->data);
    }
}

/* A window asks for other windows through app.open and app.compare, with URIs: a file shown
 * already is presented, not opened twice; an empty window takes the file itself. */
static void
test_app_actions (void)
{
  HearthWindow *window;
  HearthCompareWindow *compare;
  HearthSession *runs[2];
  g_autofree char *before = hearth_test_example_path ("before.prof");
  g_autofree char *after = hearth_test_example_path ("after.prof");
  g_autoptr (GFile) first = g_file_new_for_path (before);
  g_autoptr (GFile) second = g_file_new_for_path (after);
  g_autofree char *before_uri = g_file_get_uri (first);
  g_autofree char *after_uri = g_file_get_uri (second);

  if (hearth_test_ui_skip ())
    return;

  g_application_activate (G_APPLICATION (app));
  window = HEARTH_WINDOW (gtk_application_get_active_window (GTK_APPLICATION (app)));

  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), "app.open", "s", before_uri));
  g_assert_true (hearth_test_wait_until (loaded, window, 20000));
  g_assert_true (g_file_equal (hearth_window_get_file (window), first));
  g_assert_cmpuint (g_list_length (gtk_application_get_windows (GTK_APPLICATION (app))), ==, 1);

  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), "app.open", "s", before_uri));
  g_assert_cmpuint (g_list_length (gtk_application_get_windows (GTK_APPLICATION (app))), ==, 1);
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), "app.open", "s", after_uri));
  g_assert_cmpuint (g_list_length (gtk_application_get_windows (GTK_APPLICATION (app))), ==, 2);

  g_assert_null (hearth_test_find_compare_window (app));
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), "app.compare", "(ss)",
                                             before_uri, after_uri));
  compare = hearth_test_find_compare_window (app);
  g_assert_nonnull (compare);
  g_assert_cmpuint (g_list_length (gtk_application_get_windows (GTK_APPLICATION (app))), ==, 3);
  g_assert_true (hearth_test_wait_until (hearth_test_has_matched_compare_window, app, 30000));
  runs[0] = hearth_compare_window_get_session (compare, 0);
  runs[1] = hearth_compare_window_get_session (compare, 1);
  g_assert_true (g_file_equal (hearth_session_get_file (runs[0]), first));
  g_assert_true (g_file_equal (hearth_session_get_file (runs[1]), second));

  hearth_test_close_windows (app);
}

static void
test_welcome (void)
{
  HearthWindow *window;

  if (hearth_test_ui_skip ())
    return;

  g_application_activate (G_APPLICATION (app));
  window = HEARTH_WINDOW (gtk_application_get_active_window (GTK_APPLICATION (app)));
  g_assert_nonnull (window);
  gtk_test_widget_wait_for_draw (GTK_WIDGET (window));
  g_assert_cmpstr (_hearth_window_get_page (window), ==, "welcome");
  g_assert_true (hearth_window_is_empty (window));
  g_assert_false (gtk_widget_get_sensitive (window->search_button));

  /* "Open the Example" loads into the welcome window itself */
  gtk_widget_activate_action (GTK_WIDGET (window), "win.open-example", NULL);
  g_assert_true (hearth_test_wait_until (loaded, window, 20000));
  g_assert_cmpstr (_hearth_window_get_page (window), ==, "graph");
  g_assert_cmpuint (g_list_length (gtk_application_get_windows (GTK_APPLICATION (app))), ==, 1);
  hearth_test_destroy_window (GTK_WIDGET (window));
}

int
main (int   argc,
      char *argv[])
{
  int status;

  app = hearth_test_ui_new_application (&argc, &argv);

#define ADD(path, func) \
  g_test_add ("/window/" path, Fixture, NULL, fixture_set_up, func, fixture_tear_down)

  ADD ("open-example", test_open_example);
  ADD ("widest-chain", test_widest_chain);
  ADD ("tab-order", test_tab_order);
  ADD ("click-callers", test_click_callers);
  ADD ("search", test_search);
  ADD ("zoom", test_zoom);
  ADD ("warnings", test_warnings);
  ADD ("broken-file", test_broken_file);
  ADD ("hostile-files", test_hostile_files);
  g_test_add_func ("/window/warnings-estimated", test_warnings_estimated);
  g_test_add_func ("/window/warnings-cut-off", test_warnings_cut_off);
  g_test_add_func ("/window/empty-profile", test_empty_profile);
  g_test_add_func ("/window/welcome", test_welcome);
  g_test_add_func ("/window/drop", test_drop);
  g_test_add_func ("/window/app-actions", test_app_actions);

  status = g_test_run ();
  g_clear_object (&app);
  return status;
}
