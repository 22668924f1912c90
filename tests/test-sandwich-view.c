/* test-sandwich-view.c: the Sandwich view in the window: opening it, moving it, Back.
 *
 * Copyright 2026 The Hearth authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include <string.h>

#include "hearth-application.h"
#include "hearth-function-table.h"
#include "hearth-test-ui.h"
#include "hearth-test-util.h"
#include "hearth-window-private.h"

static HearthApplication *app;

typedef struct
{
  HearthWindow       *window;
  HearthSession      *session;
  HearthSandwichView *view;
} Fixture;

static void
fixture_set_up (Fixture       *f,
                gconstpointer  data)
{
  g_autofree char *path = NULL;

  if (!hearth_test_ui_have_display ())
    return;
  path = hearth_test_example_path ("before.prof");
  f->window = HEARTH_WINDOW (hearth_test_open_window (app, path, 1024, 700));
  f->session = hearth_window_get_session (f->window);
  f->view = HEARTH_SANDWICH_VIEW (f->window->sandwich_view);
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

static guint
function_named (Fixture    *f,
                const char *file,
                gint64      line,
                const char *name)
{
  gint function = hearth_profile_lookup (hearth_session_get_profile (f->session), file, line,
                                         name);

  g_assert_cmpint (function, >=, 0);
  return (guint) function;
}

static const char *
page (Fixture *f)
{
  return gtk_stack_get_visible_child_name (GTK_STACK (f->window->graph_stack));
}

/* The middle of the bar of @function in one half of the sandwich shown. */
static gboolean
bar_middle (Fixture            *f,
            HearthSandwichPart  part,
            guint               function,
            double             *x,
            double             *y)
{
  HearthSandwichRender *render = hearth_sandwich_view_get_render (f->view);
  HearthSandwich *sandwich = hearth_sandwich_render_get_sandwich (render);
  HearthCallTree *tree = part == HEARTH_SANDWICH_CALLEES ? hearth_sandwich_get_callees (sandwich)
                                                         : hearth_sandwich_get_callers (sandwich);
  GtkWidget *canvas = gtk_scrolled_window_get_child (
    GTK_SCROLLED_WINDOW (gtk_widget_get_last_child (GTK_WIDGET (f->view))));
  cairo_rectangle_t rect;

  if (GTK_IS_VIEWPORT (canvas))
    canvas = gtk_viewport_get_child (GTK_VIEWPORT (canvas));
  for (guint i = 1; i < hearth_call_tree_get_n_nodes (tree); i++)
    if (hearth_call_tree_get_node (tree, i)->function == function &&
        hearth_call_tree_get_node (tree, i)->depth == 1 &&
        hearth_sandwich_render_get_node_rect (render, gtk_widget_get_width (canvas), part, i,
                                              &rect))
      {
        *x = rect.x + rect.width / 2;
        *y = rect.y + rect.height / 2;
        return TRUE;
      }
  return FALSE;
}

static char *
tooltip_of (Fixture            *f,
            HearthSandwichPart  part,
            guint               function)
{
  double x = 0, y = 0;

  g_assert_true (bar_middle (f, part, function, &x, &y));
  return hearth_sandwich_view_dup_tooltip (f->view, x, y);
}

/* The shares in msd_slow's sandwich, from pstats on before.prof: msd_slow's cumtime is
 * 13.951302 s (shown as 14.0 s), the run (total_tt) 14.628456 s. Its one caller main gives
 * all of it: 100.0% of msd_slow's time, 13.951302 / 14.628456 = 95.4% of the run. Its callee
 * <listcomp> (line 54) takes 13.946669 s (13.9 s): 13.946669 / 13.951302 = 99.97%, shown as
 * 100.0%, and 13.946669 / 14.628456 = 95.3% of the run. The function's own row: 100.0%,
 * 95.4%. */
static void
assert_tooltips (Fixture *f)
{
  g_autofree char *caller = tooltip_of (f, HEARTH_SANDWICH_CALLERS,
                                        function_named (f, "walkers.py", 72, "main"));
  g_autofree char *callee = tooltip_of (f, HEARTH_SANDWICH_CALLEES,
                                        function_named (f, "walkers.py", 54, "<listcomp>"));
  g_autofree char *own = NULL;
  double y = hearth_sandwich_render_get_function_y (hearth_sandwich_view_get_render (f->view),
                                                    500) + 2;

  own = hearth_sandwich_view_dup_tooltip (f->view, 10, y);
  g_assert_nonnull (strstr (caller, "\nTime in msd_slow through here: 14.0 s, 100.0% of its "
                                    "time, 95.4% of the run"));
  g_assert_nonnull (strstr (callee, "\n13.9 s, 100.0% of msd_slow's time, 95.3% of the run"));
  g_assert_nonnull (strstr (own, "\n14.0 s, 100.0% of msd_slow's time, 95.4% of the run"));
  g_assert_true (g_str_has_prefix (own, "msd_slow"));
  /* the main graph's wording, false here, is not used */
  g_assert_null (strstr (caller, "s, 100.0% of the run"));
}

/* walkers.py: main -> msd_slow -> <listcomp> (line 54) -> walker_msd, each with one caller
 * (pstats). From the graph's context menu action, then by clicks on a caller and a callee,
 * and Back all the way to the graph. */
static void
test_open_move_back (Fixture       *f,
                     gconstpointer  data)
{
  guint msd = 0, main_function = 0, listcomp = 0;
  gint node;
  double x = 0, y = 0;
  g_autofree char *tooltip = NULL;

  if (hearth_test_ui_skip ())
    return;
  msd = function_named (f, "walkers.py", 53, "msd_slow");
  main_function = function_named (f, "walkers.py", 72, "main");
  listcomp = function_named (f, "walkers.py", 54, "<listcomp>");
  g_assert_cmpstr (page (f), ==, "flame");

  node = hearth_session_find_widest_node (f->session, msd);
  g_assert_cmpint (node, >=, 0);
  hearth_session_set_selected (f->session, node);
  g_assert_true (gtk_widget_activate_action (f->window->flame_view, "flame.show-sandwich", NULL));
  gtk_test_widget_wait_for_draw (GTK_WIDGET (f->window));
  g_assert_cmpstr (page (f), ==, "sandwich");
  g_assert_cmpint (hearth_sandwich_view_get_function (f->view), ==, msd);
  g_assert_cmpuint (hearth_sandwich_view_get_depth (f->view), ==, 0);
  g_assert_true (g_str_has_prefix (hearth_sandwich_view_get_title (f->view),
                                   "Sandwich of msd_slow — "));

  /* its one caller below it, with the tooltip the export gives the bar */
  g_assert_true (bar_middle (f, HEARTH_SANDWICH_CALLERS, main_function, &x, &y));
  tooltip = hearth_sandwich_view_dup_tooltip (f->view, x, y);
  g_assert_nonnull (tooltip);
  g_assert_true (g_str_has_prefix (tooltip, "main"));
  assert_tooltips (f);
  g_assert_true (hearth_sandwich_view_click (f->view, x, y));
  g_assert_cmpint (hearth_sandwich_view_get_function (f->view), ==, main_function);
  g_assert_cmpuint (hearth_sandwich_view_get_depth (f->view), ==, 1);

  /* main calls msd_slow; from msd_slow's sandwich again, its callee above it */
  g_assert_true (bar_middle (f, HEARTH_SANDWICH_CALLEES, msd, &x, &y));
  g_assert_true (hearth_sandwich_view_click (f->view, x, y));
  g_assert_cmpint (hearth_sandwich_view_get_function (f->view), ==, msd);
  g_assert_true (bar_middle (f, HEARTH_SANDWICH_CALLEES, listcomp, &x, &y));
  g_assert_true (hearth_sandwich_view_click (f->view, x, y));
  g_assert_cmpint (hearth_sandwich_view_get_function (f->view), ==, listcomp);
  g_assert_cmpuint (hearth_sandwich_view_get_depth (f->view), ==, 3);

  /* the function's own row moves nothing */
  y = hearth_sandwich_render_get_function_y (hearth_sandwich_view_get_render (f->view), 500) + 2;
  g_assert_false (hearth_sandwich_view_click (f->view, 10, y));
  g_assert_cmpuint (hearth_sandwich_view_get_depth (f->view), ==, 3);

  hearth_sandwich_view_back (f->view);
  g_assert_cmpint (hearth_sandwich_view_get_function (f->view), ==, msd);
  /* the Back button's action, as Escape and Alt+Left give it */
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (f->view), "sandwich.back", NULL));
  g_assert_cmpint (hearth_sandwich_view_get_function (f->view), ==, main_function);
  hearth_sandwich_view_back (f->view);
  g_assert_cmpint (hearth_sandwich_view_get_function (f->view), ==, msd);
  g_assert_cmpstr (page (f), ==, "sandwich");
  hearth_sandwich_view_back (f->view);
  g_assert_cmpstr (page (f), ==, "flame");
}

static GtkWidget *
focus (Fixture *f)
{
  return gtk_root_get_focus (GTK_ROOT (f->window));
}

/* Ctrl+Return on the graph's selected bar opens its sandwich; Escape and Alt+Left, pressed
 * where the focus is, go Back, from the first sandwich to the graph. */
static void
test_keys (Fixture       *f,
           gconstpointer  data)
{
  guint msd, main_function;
  double x = 0, y = 0;

  if (hearth_test_ui_skip ())
    return;
  msd = function_named (f, "walkers.py", 53, "msd_slow");
  main_function = function_named (f, "walkers.py", 72, "main");
  hearth_session_set_selected (f->session, hearth_session_find_widest_node (f->session, msd));
  gtk_widget_grab_focus (f->window->flame_view);
  g_assert_true (gtk_widget_is_ancestor (focus (f), f->window->flame_view) ||
                 focus (f) == f->window->flame_view);

  g_assert_true (hearth_test_press_key (focus (f), GDK_KEY_Return, GDK_CONTROL_MASK));
  g_assert_cmpstr (page (f), ==, "sandwich");
  g_assert_cmpint (hearth_sandwich_view_get_function (f->view), ==, msd);
  /* the focus is in the sandwich, so its keys work at once */
  g_assert_true (gtk_widget_is_ancestor (focus (f), GTK_WIDGET (f->view)));
  g_assert_true (hearth_test_press_key (focus (f), GDK_KEY_Escape, 0));
  g_assert_cmpstr (page (f), ==, "flame");
  g_assert_true (focus (f) == f->window->flame_view ||
                 gtk_widget_is_ancestor (focus (f), f->window->flame_view));

  /* again, one step on to main, then Alt+Left twice */
  g_assert_true (hearth_test_press_key (focus (f), GDK_KEY_Return, GDK_CONTROL_MASK));
  g_assert_cmpint (hearth_sandwich_view_get_function (f->view), ==, msd);
  g_assert_true (bar_middle (f, HEARTH_SANDWICH_CALLERS, main_function, &x, &y));
  g_assert_true (hearth_sandwich_view_click (f->view, x, y));
  g_assert_cmpint (hearth_sandwich_view_get_function (f->view), ==, main_function);
  g_assert_true (hearth_test_press_key (focus (f), GDK_KEY_Left, GDK_ALT_MASK));
  g_assert_cmpint (hearth_sandwich_view_get_function (f->view), ==, msd);
  g_assert_cmpstr (page (f), ==, "sandwich");
  g_assert_true (hearth_test_press_key (focus (f), GDK_KEY_Left, GDK_ALT_MASK));
  g_assert_cmpstr (page (f), ==, "flame");

  /* plain Return on the bar zooms, it opens nothing */
  g_assert_true (hearth_test_press_key (focus (f), GDK_KEY_Return, 0));
  g_assert_cmpstr (page (f), ==, "flame");
}

/* The Functions table's Show Sandwich button: for the selected row, walker_msd (the largest
 * own time, pstats: 13.81 s) first. */
static void
test_from_functions (Fixture       *f,
                     gconstpointer  data)
{
  HearthFunctionsPane *pane;
  GtkSelectionModel *model;
  guint msd;

  if (hearth_test_ui_skip ())
    return;
  pane = HEARTH_FUNCTIONS_PANE (f->window->functions_pane);
  msd = function_named (f, "walkers.py", 28, "walker_msd");
  model = gtk_column_view_get_model (hearth_functions_pane_get_view (pane));
  gtk_selection_model_select_item (model, 0, TRUE);
  g_assert_cmpint (hearth_functions_pane_get_marked (pane), ==, msd);
  hearth_functions_pane_show_sandwich (pane);
  g_assert_cmpstr (page (f), ==, "sandwich");
  g_assert_cmpint (hearth_sandwich_view_get_function (f->view), ==, msd);
  /* another row while the sandwich is shown: a new one, Back goes to the graph */
  gtk_selection_model_select_item (model, 1, TRUE);
  hearth_functions_pane_show_sandwich (pane);
  g_assert_cmpint (hearth_sandwich_view_get_function (f->view), ==,
                   hearth_functions_pane_get_marked (pane));
  g_assert_cmpint (hearth_sandwich_view_get_function (f->view), !=, msd);
  hearth_sandwich_view_back (f->view);
  g_assert_cmpstr (page (f), ==, "flame");
}

/* The Warnings pane lists _find_and_load with its 43 callers (pstats); its Sandwich button
 * is the first one of the estimated card. */
static void
test_from_warnings (Fixture       *f,
                    gconstpointer  data)
{
  GtkWidget *button;
  guint load;

  if (hearth_test_ui_skip ())
    return;
  load = function_named (f, "<frozen importlib._bootstrap>", 1167, "_find_and_load");
  button = hearth_test_find_button (f->window->warnings_pane, "_Sandwich");
  g_assert_nonnull (button);
  g_signal_emit_by_name (button, "clicked");
  g_assert_cmpstr (page (f), ==, "sandwich");
  g_assert_cmpint (hearth_sandwich_view_get_function (f->view), ==, load);
  {
    HearthSandwich *sandwich = hearth_sandwich_render_get_sandwich (
      hearth_sandwich_view_get_render (f->view));
    guint n = 0;

    hearth_sandwich_get_caller_edges (sandwich, &n);
    g_assert_cmpuint (n, ==, 43);
  }
}

/* Opening another file (here: the same again) leaves the sandwich of the old profile. */
static void
test_reload_closes (Fixture       *f,
                    gconstpointer  data)
{
  if (hearth_test_ui_skip ())
    return;
  hearth_window_show_sandwich (f->window, function_named (f, "walkers.py", 72, "main"));
  g_assert_cmpstr (page (f), ==, "sandwich");
  g_object_notify (G_OBJECT (f->session), "profile");
  g_assert_cmpstr (page (f), ==, "flame");
  g_assert_cmpint (hearth_sandwich_view_get_function (f->view), ==, -1);
}

int
main (int   argc,
      char *argv[])
{
  int status;

  app = hearth_test_ui_new_application (&argc, &argv);

#define ADD(path, func) \
  g_test_add ("/sandwich-view/" path, Fixture, NULL, fixture_set_up, func, fixture_tear_down)

  ADD ("open-move-back", test_open_move_back);
  ADD ("keys", test_keys);
  ADD ("from-functions", test_from_functions);
  ADD ("from-warnings", test_from_warnings);
  ADD ("reload-closes", test_reload_closes);

  status = g_test_run ();
  g_clear_object (&app);
  return status;
}
