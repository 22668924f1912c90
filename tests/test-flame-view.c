/* test-flame-view.c: the flame view widget, driven like a user would.
 *
 * Copyright 2026 The Hearth authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include <math.h>
#include <string.h>

#include "hearth-flame-view.h"
#include "hearth-session.h"
#include "hearth-test-ui.h"
#include "hearth-test-util.h"

typedef struct
{
  GtkWidget       *window;
  HearthFlameView *view;
  HearthSession   *session;
  HearthCallTree  *tree;
} Fixture;

static void fixture_load (Fixture    *f,
                          const char *path);

static void
fixture_set_up (Fixture       *f,
                gconstpointer  data)
{
  const char *name = data != NULL ? data : "before.prof";
  g_autofree char *path = NULL;

  if (!hearth_test_ui_have_display ())
    return;

  /* "data:NAME" is a fixture of tests/data, else an example of data/examples */
  if (g_str_has_prefix (name, "data:"))
    path = hearth_test_data_path (name + strlen ("data:"));
  else
    path = hearth_test_example_path (name);
  fixture_load (f, path);
}

static void
fixture_load (Fixture    *f,
              const char *path)
{
  g_autoptr (HearthProfile) profile = NULL;
  g_autoptr (GError) error = NULL;
  GtkWidget *scrolled;

  profile = hearth_profile_load_path (path, &error);
  g_assert_no_error (error);

  f->session = hearth_session_new ();
  hearth_session_set_profile (f->session, profile, NULL, NULL);
  f->tree = hearth_session_get_tree (f->session);
  g_assert_nonnull (f->tree);
  g_assert_cmpuint (hearth_call_tree_get_n_nodes (f->tree), >, 3);

  f->window = gtk_window_new ();
  gtk_window_set_default_size (GTK_WINDOW (f->window), 800, 400);
  scrolled = gtk_scrolled_window_new ();
  gtk_scrolled_window_set_policy (GTK_SCROLLED_WINDOW (scrolled), GTK_POLICY_NEVER,
                                  GTK_POLICY_AUTOMATIC);
  f->view = HEARTH_FLAME_VIEW (hearth_flame_view_new ());
  hearth_flame_view_set_session (f->view, f->session);
  gtk_scrolled_window_set_child (GTK_SCROLLED_WINDOW (scrolled), GTK_WIDGET (f->view));
  gtk_window_set_child (GTK_WINDOW (f->window), scrolled);
  gtk_window_present (GTK_WINDOW (f->window));
  gtk_test_widget_wait_for_draw (GTK_WIDGET (f->view));
}

static void
fixture_tear_down (Fixture       *f,
                   gconstpointer  data)
{
  if (f->window == NULL)
    return;
  hearth_test_destroy_window (f->window);
  g_assert_finalize_object (f->session);
}

/* The widest bar with no child bars: the top of the widest chain. */
static guint
widest_leaf (Fixture *f)
{
  g_autofree guint *chains = NULL;
  guint n = 0;

  chains = hearth_call_tree_dup_widest_chains (f->tree, &n);
  g_assert_cmpuint (n, >, 0);
  return chains[0];
}

/* The ancestor of @node at @depth. */
static guint
node_parent_of_depth (Fixture *f,
                      guint    node,
                      guint    depth)
{
  while (hearth_call_tree_get_node (f->tree, node)->depth > depth)
    node = hearth_call_tree_get_node (f->tree, node)->parent;
  return node;
}

static void
center_of (Fixture *f,
           guint    node,
           double  *x,
           double  *y)
{
  graphene_rect_t bounds;

  g_assert_true (hearth_flame_view_get_node_bounds (f->view, node, &bounds));
  *x = bounds.origin.x + bounds.size.width / 2;
  *y = bounds.origin.y + bounds.size.height / 2;
}

static const char *
function_name (Fixture *f,
               guint    node)
{
  guint function = hearth_call_tree_get_node (f->tree, node)->function;

  return hearth_profile_get_function (hearth_call_tree_get_profile (f->tree), function)->name;
}

static void
test_hit_testing (Fixture       *f,
                  gconstpointer  data)
{
  guint n;

  if (hearth_test_ui_skip ())
    return;

  n = MIN (hearth_call_tree_get_n_nodes (f->tree), 40);
  for (guint i = 0; i < n; i++)
    {
      graphene_rect_t bounds;
      double x, y;

      g_assert_true (hearth_flame_view_get_node_bounds (f->view, i, &bounds));
      if (bounds.size.width < 3)
        continue;
      center_of (f, i, &x, &y);
      g_assert_cmpint (hearth_flame_view_node_at (f->view, x, y), ==, i);
    }

  /* the flame stands on the bottom: the root's row is the lowest */
  {
    graphene_rect_t root, leaf;

    hearth_flame_view_get_node_bounds (f->view, 0, &root);
    hearth_flame_view_get_node_bounds (f->view, widest_leaf (f), &leaf);
    g_assert_cmpfloat (root.origin.y, >, leaf.origin.y);
    g_assert_cmpfloat (root.origin.y + root.size.height, <=,
                       gtk_widget_get_height (GTK_WIDGET (f->view)));
  }
  g_assert_cmpint (hearth_flame_view_node_at (f->view, 1, 1), ==, -1);
}

static void
test_icicle (Fixture       *f,
             gconstpointer  data)
{
  graphene_rect_t root, leaf;
  double x, y;

  if (hearth_test_ui_skip ())
    return;

  hearth_flame_view_set_icicle (f->view, TRUE);
  gtk_test_widget_wait_for_draw (GTK_WIDGET (f->view));
  hearth_flame_view_get_node_bounds (f->view, 0, &root);
  hearth_flame_view_get_node_bounds (f->view, widest_leaf (f), &leaf);
  g_assert_cmpfloat (root.origin.y, <, leaf.origin.y);
  g_assert_cmpfloat (root.origin.y, <, 40);
  center_of (f, widest_leaf (f), &x, &y);
  g_assert_cmpint (hearth_flame_view_node_at (f->view, x, y), ==, widest_leaf (f));
}

static void
test_tooltip (Fixture       *f,
              gconstpointer  data)
{
  g_autofree char *text = NULL;
  guint leaf;

  if (hearth_test_ui_skip ())
    return;

  leaf = widest_leaf (f);
  text = hearth_flame_view_dup_tooltip_text (f->view, leaf);
  g_test_message ("tooltip: %s", text);
  g_assert_nonnull (strstr (text, "walker_msd"));
  g_assert_nonnull (strstr (text, "walkers.py:"));
  g_assert_nonnull (strstr (text, "% of the run"));
  {
    guint parent = hearth_call_tree_get_node (f->tree, leaf)->parent;
    guint pf = hearth_call_tree_get_node (f->tree, parent)->function;
    g_autofree char *of_parent = g_strdup_printf ("%% of %s",
                                                  hearth_session_get_function_label (f->session,
                                                                                     pf));

    g_assert_nonnull (strstr (text, of_parent));
  }
  g_assert_nonnull (strstr (text, "Calls: "));
  g_assert_nonnull (strstr (text, "Self: "));
  g_assert_null (hearth_flame_view_dup_tooltip_text (f->view, 1000000));
}

static void
test_tooltip_estimated (Fixture       *f,
                        gconstpointer  data)
{
  guint n;
  gboolean seen = FALSE;

  if (hearth_test_ui_skip ())
    return;

  n = hearth_call_tree_get_n_nodes (f->tree);
  for (guint i = 0; i < n && !seen; i++)
    {
      g_autofree char *text = NULL;

      if (!(hearth_call_tree_get_node (f->tree, i)->flags & HEARTH_NODE_ESTIMATED))
        continue;
      text = hearth_flame_view_dup_tooltip_text (f->view, i);
      g_test_message ("estimated tooltip: %s", text);
      g_assert_nonnull (strstr (text, "Estimated: "));
      g_assert_nonnull (strstr (text, "somewhere between"));
      g_assert_nonnull (strstr (text, " callers"));
      seen = TRUE;
    }
  g_assert_true (seen);
}

/* Double counting reads as a difference, never as a factor that can round to 1.00. */
static void
test_tooltip_shrunk (Fixture       *f,
                     gconstpointer  data)
{
  guint n, seen = 0;

  if (hearth_test_ui_skip ())
    return;

  n = hearth_call_tree_get_n_nodes (f->tree);
  for (guint i = 0; i < n; i++)
    {
      g_autofree char *text = NULL;

      if (!(hearth_call_tree_get_node (f->tree, i)->flags & HEARTH_NODE_SHRUNK))
        continue;
      text = hearth_flame_view_dup_tooltip_text (f->view, i);
      if (seen++ == 0)
        g_test_message ("shrunk tooltip: %s", text);
      g_assert_nonnull (strstr (text, "% more than the caller’s time"));
      g_assert_null (strstr (text, "×"));
    }
  g_assert_cmpuint (seen, >, 0);
}

static void
test_click_selects (Fixture       *f,
                    gconstpointer  data)
{
  double x, y;
  guint leaf;

  if (hearth_test_ui_skip ())
    return;

  leaf = widest_leaf (f);
  center_of (f, leaf, &x, &y);
  hearth_test_click (GTK_WIDGET (f->view), 1, x, y);
  g_assert_cmpint (hearth_session_get_selected (f->session), ==, leaf);
  g_assert_cmpstr (function_name (f, leaf), ==, "walker_msd");
  g_assert_true (gtk_widget_has_focus (GTK_WIDGET (f->view)));

  /* a click on nothing clears the selection */
  hearth_test_click (GTK_WIDGET (f->view), 1, 1, 1);
  g_assert_cmpint (hearth_session_get_selected (f->session), ==, -1);
}

static void
assert_range (Fixture *f,
              double   start,
              double   end)
{
  double s, e, total = hearth_call_tree_get_total (f->tree);

  hearth_flame_view_get_visible_range (f->view, &s, &e);
  g_assert_cmpfloat_with_epsilon (s, start, total * 1e-9);
  g_assert_cmpfloat_with_epsilon (e, end, total * 1e-9);
}

static void
test_zoom (Fixture       *f,
           gconstpointer  data)
{
  const HearthNode *node;
  double total, x, y, s, e;
  guint leaf;

  if (hearth_test_ui_skip ())
    return;

  total = hearth_call_tree_get_total (f->tree);
  assert_range (f, 0, total);

  /* a double click zooms so that the bar fills the width */
  leaf = widest_leaf (f);
  node = hearth_call_tree_get_node (f->tree, node_parent_of_depth (f, leaf, 2));
  center_of (f, node_parent_of_depth (f, leaf, 2), &x, &y);
  hearth_test_click (GTK_WIDGET (f->view), 2, x, y);
  g_assert_cmpint (hearth_session_get_zoom (f->session), ==, node_parent_of_depth (f, leaf, 2));
  assert_range (f, node->left, node->left + node->width);

  /* Backspace: one level up; Escape: the whole run */
  gtk_widget_activate_action (GTK_WIDGET (f->view), "flame.zoom-out", NULL);
  g_assert_cmpint (hearth_session_get_zoom (f->session), ==, (gint) node->parent);
  gtk_widget_activate_action (GTK_WIDGET (f->view), "flame.zoom-reset", NULL);
  g_assert_cmpint (hearth_session_get_zoom (f->session), ==, -1);
  assert_range (f, 0, total);

  /* Ctrl+plus zooms around the pointer (here: the middle), Ctrl+minus back out */
  gtk_widget_activate_action (GTK_WIDGET (f->view), "flame.zoom-step-in", NULL);
  hearth_flame_view_get_visible_range (f->view, &s, &e);
  g_assert_cmpfloat (e - s, <, total * 0.7);
  g_assert_cmpfloat (fabs ((s + e) / 2 - total / 2), <, total * 0.01);
  gtk_widget_activate_action (GTK_WIDGET (f->view), "flame.zoom-step-out", NULL);
  assert_range (f, 0, total);

  /* zoom around a point: the value under it stays under it (the bars start after a margin
   * of 6 pixels on each side) */
  {
    double width = gtk_widget_get_width (GTK_WIDGET (f->view)) - 12;
    double t = (200 - 6) / width;

    hearth_flame_view_zoom_by (f->view, 4, 200);
    hearth_flame_view_get_visible_range (f->view, &s, &e);
    g_assert_cmpfloat_with_epsilon (e - s, total / 4, total * 1e-9);
    g_assert_cmpfloat_with_epsilon (s + (e - s) * t, total * t, total * 1e-9);
  }
  gtk_widget_activate_action (GTK_WIDGET (f->view), "flame.zoom-reset", NULL);
  assert_range (f, 0, total);
}

static gboolean
not_animating (gpointer user_data)
{
  return !hearth_flame_view_get_animating (user_data);
}

static void
test_zoom_animated (Fixture       *f,
                    gconstpointer  data)
{
  const HearthNode *node;
  guint leaf;

  if (hearth_test_ui_skip ())
    return;

  g_object_set (gtk_settings_get_default (), "gtk-enable-animations", TRUE, NULL);
  leaf = widest_leaf (f);
  node = hearth_call_tree_get_node (f->tree, leaf);
  hearth_session_set_selected (f->session, leaf);
  gtk_widget_activate_action (GTK_WIDGET (f->view), "flame.zoom-in", NULL);
  g_assert_true (hearth_flame_view_get_animating (f->view));
  /* the target is known at once, the frames follow */
  assert_range (f, node->left, node->left + node->width);
  g_assert_true (hearth_test_wait_until (not_animating, f->view, 3000));
  assert_range (f, node->left, node->left + node->width);
  g_object_set (gtk_settings_get_default (), "gtk-enable-animations", FALSE, NULL);
}

static void
test_keyboard (Fixture       *f,
               gconstpointer  data)
{
  guint n = 0, fork = 0;
  const guint *children;

  if (hearth_test_ui_skip ())
    return;

  gtk_widget_grab_focus (GTK_WIDGET (f->view));
  /* Down in a flame goes towards the root: from nothing, the root */
  gtk_widget_activate_action (GTK_WIDGET (f->view), "flame.select-parent", NULL);
  g_assert_cmpint (hearth_session_get_selected (f->session), ==, 0);
  children = hearth_call_tree_get_children (f->tree, 0, &n);
  g_assert_cmpuint (n, >, 0);
  gtk_widget_activate_action (GTK_WIDGET (f->view), "flame.select-child", NULL);
  g_assert_cmpint (hearth_session_get_selected (f->session), ==, children[0]);
  gtk_widget_activate_action (GTK_WIDGET (f->view), "flame.select-parent", NULL);
  g_assert_cmpint (hearth_session_get_selected (f->session), ==, 0);

  /* Left and Right go to the neighbours */
  while (hearth_call_tree_get_children (f->tree, fork, &n), n < 2)
    {
      g_assert_cmpuint (n, >, 0);
      fork = hearth_call_tree_get_children (f->tree, fork, &n)[0];
    }
  children = hearth_call_tree_get_children (f->tree, fork, &n);
  hearth_session_set_selected (f->session, children[0]);
  gtk_widget_activate_action (GTK_WIDGET (f->view), "flame.select-next", NULL);
  g_assert_cmpint (hearth_session_get_selected (f->session), !=, children[0]);
  g_assert_cmpuint (hearth_call_tree_get_node (f->tree,
                                               hearth_session_get_selected (f->session))->depth,
                    ==, hearth_call_tree_get_node (f->tree, children[0])->depth);
  gtk_widget_activate_action (GTK_WIDGET (f->view), "flame.select-previous", NULL);
  g_assert_cmpint (hearth_session_get_selected (f->session), ==, children[0]);
  gtk_widget_activate_action (GTK_WIDGET (f->view), "flame.select-parent", NULL);
  g_assert_cmpint (hearth_session_get_selected (f->session), ==, fork);

  /* Enter zooms into the selected bar */
  gtk_widget_activate_action (GTK_WIDGET (f->view), "flame.select-child", NULL);
  gtk_widget_activate_action (GTK_WIDGET (f->view), "flame.zoom-in", NULL);
  g_assert_cmpint (hearth_session_get_zoom (f->session), ==, children[0]);
}

static void
test_search (Fixture       *f,
             gconstpointer  data)
{
  guint leaf;
  double total;

  if (hearth_test_ui_skip ())
    return;

  leaf = widest_leaf (f);
  total = hearth_call_tree_get_total (f->tree);
  hearth_session_set_search_text (f->session, "walker_msd");
  gtk_test_widget_wait_for_draw (GTK_WIDGET (f->view));
  g_assert_cmpuint (hearth_session_get_match_functions (f->session), ==, 1);
  g_assert_cmpfloat_with_epsilon (hearth_session_get_match_total (f->session),
                                  hearth_call_tree_get_node (f->tree, leaf)->width, total * 1e-9);

  /* Enter in the search entry selects the matches in turn */
  g_assert_true (hearth_session_select_next_match (f->session, FALSE));
  g_assert_cmpint (hearth_session_get_selected (f->session), ==, leaf);

  /* nested matches are counted once: <module> holds everything */
  hearth_session_set_search_text (f->session, "module|msd");
  g_assert_cmpuint (hearth_session_get_match_functions (f->session), ==, 0);
  hearth_session_set_search_regex (f->session, TRUE);
  g_assert_cmpuint (hearth_session_get_match_functions (f->session), >=, 2);
  g_assert_cmpfloat_with_epsilon (hearth_session_get_match_total (f->session), total, total * 1e-9);

  hearth_session_set_search_text (f->session, "(unclosed");
  g_assert_nonnull (hearth_session_get_search_error (f->session));
  g_assert_cmpuint (hearth_session_get_match_functions (f->session), ==, 0);
  hearth_session_set_search_text (f->session, NULL);
  g_assert_null (hearth_session_get_search_error (f->session));
  gtk_test_widget_wait_for_draw (GTK_WIDGET (f->view));
}

static gboolean
not_busy (gpointer user_data)
{
  return !hearth_session_get_busy (user_data);
}

static void
test_set_root (Fixture       *f,
               gconstpointer  data)
{
  guint leaf, parent;
  guint function;
  double x, y;

  if (hearth_test_ui_skip ())
    return;

  leaf = widest_leaf (f);
  parent = hearth_call_tree_get_node (f->tree, leaf)->parent;
  function = hearth_call_tree_get_node (f->tree, parent)->function;
  center_of (f, parent, &x, &y);
  hearth_test_click (GTK_WIDGET (f->view), 1, x, y);
  gtk_widget_activate_action (GTK_WIDGET (f->view), "flame.set-root", NULL);
  g_assert_true (hearth_test_wait_until (not_busy, f->session, 10000));
  f->tree = hearth_session_get_tree (f->session);
  g_assert_cmpint (hearth_call_tree_get_root_function (f->tree), ==, function);
  /* the selection follows its function into the new tree: it is the new root */
  g_assert_cmpint (hearth_session_get_selected (f->session), ==, 0);
  gtk_test_widget_wait_for_draw (GTK_WIDGET (f->view));
  center_of (f, 0, &x, &y);
  g_assert_cmpint (hearth_flame_view_node_at (f->view, x, y), ==, 0);
}

static void
test_empty (void)
{
  GtkWidget *window;
  GtkWidget *view;
  g_autoptr (HearthSession) session = NULL;

  if (hearth_test_ui_skip ())
    return;

  session = hearth_session_new ();
  window = gtk_window_new ();
  view = hearth_flame_view_new ();
  hearth_flame_view_set_session (HEARTH_FLAME_VIEW (view), session);
  gtk_window_set_child (GTK_WINDOW (window), view);
  gtk_window_present (GTK_WINDOW (window));
  gtk_test_widget_wait_for_draw (view);
  g_assert_cmpint (hearth_flame_view_node_at (HEARTH_FLAME_VIEW (view), 10, 10), ==, -1);
  gtk_widget_activate_action (view, "flame.zoom-in", NULL);
  gtk_widget_activate_action (view, "flame.zoom-out", NULL);
  gtk_widget_activate_action (view, "flame.select-child", NULL);
  hearth_test_destroy_window (window);
}

int
main (int   argc,
      char *argv[])
{
  hearth_test_ui_init (&argc, &argv);

#define ADD(path, func) \
  g_test_add ("/flame-view/" path, Fixture, NULL, fixture_set_up, func, fixture_tear_down)

  ADD ("hit-testing", test_hit_testing);
  ADD ("icicle", test_icicle);
  ADD ("tooltip", test_tooltip);
  g_test_add ("/flame-view/tooltip-estimated", Fixture, "data:cprofile_py312.prof",
              fixture_set_up, test_tooltip_estimated, fixture_tear_down);
  g_test_add ("/flame-view/tooltip-shrunk", Fixture, "data:cprofile_cli_py311.prof",
              fixture_set_up, test_tooltip_shrunk, fixture_tear_down);
  ADD ("click-selects", test_click_selects);
  ADD ("zoom", test_zoom);
  ADD ("zoom-animated", test_zoom_animated);
  ADD ("keyboard", test_keyboard);
  ADD ("search", test_search);
  ADD ("set-root", test_set_root);
  g_test_add_func ("/flame-view/empty", test_empty);

  return g_test_run ();
}
