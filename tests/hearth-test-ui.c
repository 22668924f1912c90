/* hearth-test-ui.c
 *
 * Copyright 2026 The Hearth authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "hearth-test-ui.h"

#include "hearth-compare-window.h"
#include "hearth-window.h"

static gboolean have_display;

/**
 * hearth_test_ui_init:
 * @argc: the test program's argc
 * @argv: its argv
 *
 * g_test_init (), then GTK when there is a display. Without one every case skips: under
 * TAP an exit status of 77 would count as a failure, not a skip.
 *
 * Returns: whether GTK could start
 */
gboolean
hearth_test_ui_init (int    *argc,
                     char ***argv)
{
  g_test_init (argc, argv, NULL);
  have_display = gtk_init_check ();
  if (have_display)
    g_object_set (gtk_settings_get_default (), "gtk-enable-animations", FALSE, NULL);
  return have_display;
}

gboolean
hearth_test_ui_have_display (void)
{
  return have_display;
}

/* Call first in every case: TRUE means the case was skipped and must return. */
gboolean
hearth_test_ui_skip (void)
{
  if (have_display)
    return FALSE;
  g_test_skip ("no display (run the ui suite under xvfb-run)");
  return TRUE;
}

/* The bundled example profiles (data/examples), found through the source tree. */
char *
hearth_test_example_path (const char *name)
{
  const char *root = g_getenv ("HEARTH_SOURCE_ROOT");

  if (root != NULL)
    return g_build_filename (root, "data", "examples", name, NULL);
  return g_test_build_filename (G_TEST_DIST, "..", "data", "examples", name, NULL);
}

/* Runs the main loop until @condition holds, at most @timeout_ms. */
gboolean
hearth_test_wait_until (HearthTestCondition condition,
                        gpointer            user_data,
                        guint               timeout_ms)
{
  gint64 end = g_get_monotonic_time () + (gint64) timeout_ms * 1000;

  while (!condition (user_data))
    {
      if (g_get_monotonic_time () > end)
        return FALSE;
      if (!g_main_context_iteration (NULL, FALSE))
        g_usleep (1000);
    }
  return TRUE;
}

static gboolean
never (gpointer user_data)
{
  return FALSE;
}

/* Runs the main loop for @ms milliseconds. */
void
hearth_test_wait (guint ms)
{
  hearth_test_wait_until (never, NULL, ms);
}

/* A primary-button press on @widget at (@x, @y): the "pressed" signal of its click gesture,
 * which is what a real click ends in. X has no way to send a real one without more tools. */
void
hearth_test_click (GtkWidget *widget,
                   int        n_press,
                   double     x,
                   double     y)
{
  g_autoptr (GListModel) controllers = gtk_widget_observe_controllers (widget);
  guint n = g_list_model_get_n_items (controllers);

  for (guint i = 0; i < n; i++)
    {
      g_autoptr (GObject) controller = g_list_model_get_item (controllers, i);

      if (GTK_IS_GESTURE_CLICK (controller))
        {
          g_signal_emit_by_name (controller, "pressed", n_press, x, y);
          return;
        }
    }
  g_assert_not_reached ();
}

static gboolean
is_gone (gpointer user_data)
{
  return *(gpointer *) user_data == NULL;
}

/* Destroys a toplevel and checks that it is finalized, i.e. nothing leaked a reference. */
void
hearth_test_destroy_window (GtkWidget *window)
{
  gpointer weak = window;

  g_object_add_weak_pointer (G_OBJECT (window), &weak);
  gtk_window_destroy (GTK_WINDOW (window));
  g_assert_true (hearth_test_wait_until (is_gone, &weak, 5000));
}

/**
 * hearth_test_close_windows:
 * @app: the application
 *
 * Destroys every window of @app and waits until each is gone.
 */
void
hearth_test_close_windows (HearthApplication *app)
{
  GList *windows;

  while ((windows = gtk_application_get_windows (GTK_APPLICATION (app))) != NULL)
    hearth_test_destroy_window (windows->data);
}

/**
 * hearth_test_find_compare_window:
 * @app: the application
 *
 * Returns: (transfer none) (nullable): a compare window of @app, the one most recently
 *   focused or opened
 */
HearthCompareWindow *
hearth_test_find_compare_window (HearthApplication *app)
{
  for (GList *l = gtk_application_get_windows (GTK_APPLICATION (app)); l != NULL; l = l->next)
    if (HEARTH_IS_COMPARE_WINDOW (l->data))
      return l->data;
  return NULL;
}

/**
 * hearth_test_has_matched_compare_window:
 * @user_data: the #HearthApplication
 *
 * Returns: whether a compare window of the application has both runs in and their chains
 *   matched
 */
gboolean
hearth_test_has_matched_compare_window (gpointer user_data)
{
  for (GList *l = gtk_application_get_windows (user_data); l != NULL; l = l->next)
    if (HEARTH_IS_COMPARE_WINDOW (l->data) && _hearth_compare_window_is_matched (l->data))
      return TRUE;
  return FALSE;
}

/**
 * hearth_test_settle:
 * @window: a shown window
 *
 * Waits for two frames a little apart: the layout that a first frame starts (a scroll
 * position set from an allocation) lands in the second.
 */
void
hearth_test_settle (GtkWidget *window)
{
  gtk_test_widget_wait_for_draw (window);
  hearth_test_wait (150);
  gtk_test_widget_wait_for_draw (window);
}

/**
 * hearth_test_root_node:
 * @session: a session with a tree
 *
 * Returns: the root bar, the first bar of the row at depth 0
 */
guint
hearth_test_root_node (HearthSession *session)
{
  guint n = 0;
  const guint *row = hearth_call_tree_get_row (hearth_session_get_tree (session), 0, &n);

  g_assert_cmpuint (n, >, 0);
  return row[0];
}

/**
 * hearth_test_window_has_tree:
 * @user_data: a #HearthWindow
 *
 * Returns: whether the window is done loading and laying out, with a graph
 */
gboolean
hearth_test_window_has_tree (gpointer user_data)
{
  HearthSession *session = hearth_window_get_session (user_data);

  return !hearth_session_get_loading (session) && !hearth_session_get_busy (session) &&
         hearth_session_get_tree (session) != NULL;
}

/**
 * hearth_test_open_window:
 * @app: the application
 * @path: a profile
 * @width: the window's default width
 * @height: its default height
 *
 * Opens @path in a new window of that size and waits until its graph is laid out and drawn.
 *
 * Returns: (transfer none): the #HearthWindow
 */
GtkWidget *
hearth_test_open_window (HearthApplication *app,
                         const char        *path,
                         int                width,
                         int                height)
{
  g_autoptr (GFile) file = g_file_new_for_path (path);
  GtkWidget *window = GTK_WIDGET (hearth_window_new (GTK_APPLICATION (app)));

  gtk_window_set_default_size (GTK_WINDOW (window), width, height);
  gtk_window_present (GTK_WINDOW (window));
  hearth_window_open (HEARTH_WINDOW (window), file);
  g_assert_true (hearth_test_wait_until (hearth_test_window_has_tree, window, 30000));
  hearth_test_settle (window);
  return window;
}

/**
 * hearth_test_ui_new_application:
 * @argc: the test program's arguments, as for hearth_test_ui_init ()
 * @argv: the same
 *
 * Sets up the test program as hearth_test_ui_init () does, then makes the application the
 * windows belong to: not unique (tests run side by side) and registered.
 *
 * Returns: (transfer full) (nullable): the application, or %NULL without a display
 */
HearthApplication *
hearth_test_ui_new_application (int    *argc,
                                char ***argv)
{
  g_autoptr (GError) error = NULL;
  HearthApplication *app;

  if (!hearth_test_ui_init (argc, argv))
    return NULL;
  app = hearth_application_new ();
  g_application_set_flags (G_APPLICATION (app), G_APPLICATION_NON_UNIQUE |
                                                G_APPLICATION_HANDLES_OPEN |
                                                G_APPLICATION_HANDLES_COMMAND_LINE);
  g_assert_true (g_application_register (G_APPLICATION (app), NULL, &error));
  g_assert_no_error (error);
  return app;
}

/* The first button under @widget whose label is @label, depth first. */
GtkWidget *
hearth_test_find_button (GtkWidget  *widget,
                         const char *label)
{
  if (GTK_IS_BUTTON (widget) && g_strcmp0 (gtk_button_get_label (GTK_BUTTON (widget)), label) == 0)
    return widget;
  for (GtkWidget *child = gtk_widget_get_first_child (widget); child != NULL;
       child = gtk_widget_get_next_sibling (child))
    {
      GtkWidget *found = hearth_test_find_button (child, label);

      if (found != NULL)
        return found;
    }
  return NULL;
}

/* The shortcut of one of @widget's shortcut controllers (its class's bindings among them)
 * that @trigger sets off, or NULL. */
static GtkShortcut *
find_shortcut (GtkWidget          *widget,
               GtkShortcutTrigger *trigger)
{
  g_autoptr (GListModel) controllers = gtk_widget_observe_controllers (widget);

  for (guint c = 0; c < g_list_model_get_n_items (controllers); c++)
    {
      g_autoptr (GObject) controller = g_list_model_get_item (controllers, c);

      if (!GTK_IS_SHORTCUT_CONTROLLER (controller))
        continue;
      for (guint s = 0; s < g_list_model_get_n_items (G_LIST_MODEL (controller)); s++)
        {
          g_autoptr (GtkShortcut) shortcut = g_list_model_get_item (G_LIST_MODEL (controller), s);

          if (gtk_shortcut_trigger_equal (gtk_shortcut_get_trigger (shortcut), trigger))
            return shortcut;
        }
    }
  return NULL;
}

/* A key pressed on @focus, as GTK hands it on when nothing captures it: the first shortcut
 * for it on @focus or an ancestor, nearest first, is activated there. GTK 4 has no way to
 * make a key event in a test, so this follows the bindings instead.
 * Returns: whether a shortcut took it */
gboolean
hearth_test_press_key (GtkWidget       *focus,
                       guint            keyval,
                       GdkModifierType  modifiers)
{
  g_autoptr (GtkShortcutTrigger) trigger = gtk_keyval_trigger_new (keyval, modifiers);

  for (GtkWidget *widget = focus; widget != NULL; widget = gtk_widget_get_parent (widget))
    {
      GtkShortcut *shortcut = find_shortcut (widget, trigger);

      if (shortcut != NULL)
        return gtk_shortcut_action_activate (gtk_shortcut_get_action (shortcut),
                                             GTK_SHORTCUT_ACTION_EXCLUSIVE, widget,
                                             gtk_shortcut_get_arguments (shortcut));
    }
  return FALSE;
}
