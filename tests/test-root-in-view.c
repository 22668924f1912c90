/* test-root-in-view.c: a graph taller than its view opens on its root row and its time axis,
 * at every window size, after a cutoff or root change and a reload, in the window and in both
 * views of the compare window.
 *
 * Copyright 2026 The Hearth authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include <glib/gstdio.h>

#include "hearth-application.h"
#include "hearth-compare-window.h"
#include "hearth-flame-view.h"
#include "hearth-test-ui.h"
#include "hearth-window-private.h"

#define LOAD_TIMEOUT_MS 30000

static HearthApplication *app;

/* Debian's docutils turning deeply nested lists into HTML, about 150 frames deep
 * (tests/tools/deep_docutils.sh records it) */
static char *
deep_path (void)
{
  return g_test_build_filename (G_TEST_DIST, "data", "deep_docutils.folded.gz", NULL);
}

static HearthWindow *
open_deep (int width,
          int height)
{
  g_autofree char *path = deep_path ();

  return HEARTH_WINDOW (hearth_test_open_window (app, path, width, height));
}

/* The root row is inside the visible part of the scrolled window, the axis is on screen and
 * the graph is taller than the view, with a scrollbar that says so. */
static void
assert_root_in_view (GtkWidget     *view,
                     HearthSession *session)
{
  GtkWidget *scroller = gtk_widget_get_ancestor (view, GTK_TYPE_SCROLLED_WINDOW);
  GtkAdjustment *adj = gtk_scrolled_window_get_vadjustment (GTK_SCROLLED_WINDOW (scroller));
  double value = gtk_adjustment_get_value (adj);
  double page = gtk_adjustment_get_page_size (adj);
  double x, y;
  graphene_rect_t root;

  g_assert_true (hearth_flame_view_get_node_bounds (HEARTH_FLAME_VIEW (view),
                                                    hearth_test_root_node (session), &root));
  g_test_message ("root row at %.0f-%.0f, view %.0f-%.0f of %.0f", root.origin.y,
                  root.origin.y + root.size.height, value, value + page,
                  gtk_adjustment_get_upper (adj));
  g_assert_cmpfloat (gtk_adjustment_get_upper (adj), >, page + 100);
  g_assert_cmpfloat (root.origin.y, >=, value - 0.5);
  g_assert_cmpfloat (root.origin.y + root.size.height, <=, value + page + 0.5);
  /* and where the view really is placed in the scrolled window */
  g_assert_true (gtk_widget_translate_coordinates (view, scroller, root.origin.x, root.origin.y,
                                                   &x, &y));
  g_assert_cmpfloat (y, >=, -0.5);
  g_assert_cmpfloat (y + root.size.height, <=, gtk_widget_get_height (scroller) + 0.5);
  g_assert_true (hearth_flame_view_get_axis_shown (HEARTH_FLAME_VIEW (view)));
  g_assert_true (gtk_widget_get_visible (gtk_scrolled_window_get_vscrollbar (
    GTK_SCROLLED_WINDOW (scroller))));
  g_assert_false (gtk_scrolled_window_get_overlay_scrolling (GTK_SCROLLED_WINDOW (scroller)));
}

static void
assert_window_root_in_view (HearthWindow *window)
{
  assert_root_in_view (window->flame_view, hearth_window_get_session (window));
}

static void
resize (HearthWindow *window,
        int           width,
        int           height)
{
  gtk_window_set_default_size (GTK_WINDOW (window), width, height);
  hearth_test_settle (GTK_WIDGET (window));
  g_assert_cmpint (gtk_widget_get_height (GTK_WIDGET (window)), <=, height + 1);
}

static void
test_window_sizes (void)
{
  HearthWindow *window;

  if (hearth_test_ui_skip ())
    return;
  window = open_deep (1024, 700);
  assert_window_root_in_view (window);
  resize (window, 800, 600);
  assert_window_root_in_view (window);
  resize (window, 1024, 700);
  assert_window_root_in_view (window);
  hearth_test_close_windows (app);

  window = open_deep (800, 600);
  assert_window_root_in_view (window);
  hearth_test_close_windows (app);
}

/* Scrolled up by hand, a resize keeps the same distance from the root. */
static void
test_window_keeps_scroll (void)
{
  HearthWindow *window;
  GtkAdjustment *adj;
  double from_bottom;

  if (hearth_test_ui_skip ())
    return;
  window = open_deep (1024, 700);
  adj = gtk_scrolled_window_get_vadjustment (GTK_SCROLLED_WINDOW (window->graph_scroller));
  gtk_adjustment_set_value (adj, gtk_adjustment_get_value (adj) - 200);
  hearth_test_settle (GTK_WIDGET (window));
  from_bottom = gtk_adjustment_get_upper (adj) - gtk_adjustment_get_page_size (adj) -
                gtk_adjustment_get_value (adj);
  g_assert_cmpfloat_with_epsilon (from_bottom, 200, 1);
  /* the axis is out of its place, so it stands on the bottom of the view */
  g_assert_true (hearth_flame_view_get_axis_shown (HEARTH_FLAME_VIEW (window->flame_view)));
  resize (window, 800, 600);
  g_assert_cmpfloat_with_epsilon (gtk_adjustment_get_upper (adj) - gtk_adjustment_get_page_size (adj) -
                                  gtk_adjustment_get_value (adj), 200, 1);
  hearth_test_close_windows (app);
}

static void
test_window_icicle (void)
{
  HearthWindow *window;
  GtkAdjustment *adj;

  if (hearth_test_ui_skip ())
    return;
  window = open_deep (1024, 700);
  gtk_widget_activate_action (GTK_WIDGET (window), "win.icicle", NULL);
  hearth_test_settle (GTK_WIDGET (window));
  adj = gtk_scrolled_window_get_vadjustment (GTK_SCROLLED_WINDOW (window->graph_scroller));
  g_assert_cmpfloat (gtk_adjustment_get_value (adj), ==, 0);
  assert_window_root_in_view (window);
  resize (window, 800, 600);
  assert_window_root_in_view (window);
  gtk_widget_activate_action (GTK_WIDGET (window), "win.icicle", NULL);
  hearth_test_settle (GTK_WIDGET (window));
  assert_window_root_in_view (window);
  hearth_test_close_windows (app);
}

static void
test_window_cutoff_and_root (void)
{
  HearthWindow *window;
  HearthSession *session;
  GtkAdjustment *adj;
  guint n = 0;
  const guint *row;

  if (hearth_test_ui_skip ())
    return;
  window = open_deep (1024, 700);
  session = hearth_window_get_session (window);
  adj = gtk_scrolled_window_get_vadjustment (GTK_SCROLLED_WINDOW (window->graph_scroller));

  /* scrolled to the top, then a lower cutoff makes the graph taller */
  gtk_adjustment_set_value (adj, 0);
  gtk_widget_activate_action (GTK_WIDGET (window), "win.cutoff", "d", 0.001);
  g_assert_true (hearth_test_wait_until (hearth_test_window_has_tree, window, LOAD_TIMEOUT_MS));
  hearth_test_settle (GTK_WIDGET (window));
  g_assert_cmpfloat (hearth_session_get_cutoff (session), ==, 0.001);
  assert_window_root_in_view (window);

  /* a new root a few levels up is still far from the top of the graph */
  gtk_adjustment_set_value (adj, 0);
  row = hearth_call_tree_get_row (hearth_session_get_tree (session), 8, &n);
  g_assert_cmpuint (n, >, 0);
  hearth_session_set_root (session,
                           hearth_call_tree_get_node (hearth_session_get_tree (session),
                                                      row[0])->function);
  g_assert_true (hearth_test_wait_until (hearth_test_window_has_tree, window, LOAD_TIMEOUT_MS));
  hearth_test_settle (GTK_WIDGET (window));
  assert_window_root_in_view (window);
  hearth_test_close_windows (app);
}

static void
test_window_reload (void)
{
  g_autofree char *dir = g_dir_make_tmp ("hearth-root-XXXXXX", NULL);
  g_autofree char *path = g_build_filename (dir, "live.folded.gz", NULL);
  g_autofree char *source = deep_path ();
  g_autofree char *contents = NULL;
  g_autoptr (GFile) file = NULL;
  gsize len = 0;
  HearthWindow *window;
  GtkAdjustment *adj;

  if (hearth_test_ui_skip ())
    return;
  g_assert_true (g_file_get_contents (source, &contents, &len, NULL));
  g_assert_true (g_file_set_contents (path, contents, len, NULL));
  file = g_file_new_for_path (path);
  window = HEARTH_WINDOW (hearth_window_new (GTK_APPLICATION (app)));
  gtk_window_set_default_size (GTK_WINDOW (window), 800, 600);
  gtk_window_present (GTK_WINDOW (window));
  hearth_window_open (window, file);
  g_assert_true (hearth_test_wait_until (hearth_test_window_has_tree, window, LOAD_TIMEOUT_MS));
  hearth_test_settle (GTK_WIDGET (window));

  adj = gtk_scrolled_window_get_vadjustment (GTK_SCROLLED_WINDOW (window->graph_scroller));
  gtk_adjustment_set_value (adj, 0);
  gtk_widget_activate_action (GTK_WIDGET (window), "win.reload", NULL);
  g_assert_true (hearth_test_wait_until (hearth_test_window_has_tree, window, LOAD_TIMEOUT_MS));
  hearth_test_settle (GTK_WIDGET (window));
  assert_window_root_in_view (window);
  hearth_test_close_windows (app);
  g_unlink (path);
  g_rmdir (dir);
}

static gboolean
matched (gpointer user_data)
{
  return _hearth_compare_window_is_matched (user_data);
}

static void
test_compare (void)
{
  g_autofree char *path = deep_path ();
  g_autoptr (GFile) file = g_file_new_for_path (path);
  GtkWindow *window;

  if (hearth_test_ui_skip ())
    return;
  window = hearth_application_compare (app, file, file);
  gtk_window_set_default_size (window, 1024, 700);
  g_assert_true (hearth_test_wait_until (matched, window, LOAD_TIMEOUT_MS));
  hearth_test_settle (GTK_WIDGET (window));
  for (guint size = 0; size < 2; size++)
    {
      for (guint r = 0; r < 2; r++)
        assert_root_in_view (_hearth_compare_window_get_view (HEARTH_COMPARE_WINDOW (window), r),
                             hearth_compare_window_get_session (HEARTH_COMPARE_WINDOW (window),
                                                                r));
      gtk_window_set_default_size (window, 800, 600);
      hearth_test_settle (GTK_WIDGET (window));
    }
  hearth_test_close_windows (app);
}

int
main (int   argc,
      char *argv[])
{
  int status;

  app = hearth_test_ui_new_application (&argc, &argv);

  g_test_add_func ("/root-in-view/window-sizes", test_window_sizes);
  g_test_add_func ("/root-in-view/keeps-scroll", test_window_keeps_scroll);
  g_test_add_func ("/root-in-view/icicle", test_window_icicle);
  g_test_add_func ("/root-in-view/cutoff-and-root", test_window_cutoff_and_root);
  g_test_add_func ("/root-in-view/reload", test_window_reload);
  g_test_add_func ("/root-in-view/compare", test_compare);

  status = g_test_run ();
  g_clear_object (&app);
  return status;
}
