/* test-thread-picker.c: the header bar's thread drop-down: shown for several threads only,
 * a thread alone in the graph, the panes and what compare is given, all threads back, and
 * a new file starting with all threads.
 *
 * Copyright 2026 The Hearth authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "hearth-application.h"
#include "hearth-format.h"
#include "hearth-test-ui.h"
#include "hearth-test-util.h"
#include "hearth-thread-picker.h"
#include "hearth-window-private.h"

static HearthApplication *app;

static HearthWindow *
open_data (const char *name)
{
  g_autofree char *path = hearth_test_data_path (name);

  return HEARTH_WINDOW (hearth_test_open_window (app, path, 1024, 700));
}

static GtkDropDown *
dropdown_of (HearthWindow *window)
{
  return hearth_thread_picker_get_dropdown (HEARTH_THREAD_PICKER (window->thread_picker));
}

static const char *
choice (GtkDropDown *dropdown,
        guint        position)
{
  GListModel *model = gtk_drop_down_get_model (dropdown);

  return gtk_string_list_get_string (GTK_STRING_LIST (model), position);
}

static double
shown_total (HearthWindow *window)
{
  return hearth_profile_get_total (hearth_session_get_profile (hearth_window_get_session (window)));
}

/* chart_threads.speedscope.json is loaded: its two profiles of 1 s each */
static gboolean
shows_two_profiles (gpointer window)
{
  HearthSession *session = hearth_window_get_session (window);
  HearthProfile *profile = hearth_session_get_profile (session);

  return profile != NULL && hearth_session_get_tree (session) != NULL &&
         hearth_profile_get_format (profile) == HEARTH_FORMAT_SPEEDSCOPE;
}

/* pyspy_two_threads.txt: MainThread 58 samples, the worker 42 */
static void
test_choose (void)
{
  HearthWindow *window;
  GtkDropDown *dropdown;
  HearthSession *session;
  HearthProfile *whole;
  g_autofree char *share = hearth_format_percent (0.42);

  if (hearth_test_ui_skip ())
    return;
  window = open_data ("pyspy_two_threads.txt");
  dropdown = dropdown_of (window);
  session = hearth_window_get_session (window);
  whole = hearth_session_get_profile (session);

  g_assert_true (gtk_widget_get_visible (window->thread_picker));
  g_assert_cmpuint (g_list_model_get_n_items (gtk_drop_down_get_model (dropdown)), ==, 3);
  g_assert_cmpstr (choice (dropdown, 0), ==, "All Threads");
  g_assert_true (g_str_has_prefix (choice (dropdown, 1), "thread (17715): MainThread"));
  g_assert_true (g_str_has_prefix (choice (dropdown, 2), "thread (17731): Thread-1 (worker)"));
  g_assert_true (g_str_has_suffix (choice (dropdown, 2), share));
  g_assert_cmpuint (gtk_drop_down_get_selected (dropdown), ==, 0);
  g_assert_cmpfloat (shown_total (window), ==, 100);

  /* the worker alone: the session's profile and tree, which export and the panes read */
  gtk_drop_down_set_selected (dropdown, 2);
  g_assert_cmpfloat (shown_total (window), ==, 42);
  g_assert_cmpfloat (hearth_call_tree_get_total (hearth_session_get_tree (session)), ==, 42);
  g_assert_cmpstr (hearth_thread_picker_get_thread_name (HEARTH_THREAD_PICKER (window->thread_picker)),
                   ==, "thread (17731): Thread-1 (worker)");
  g_assert_true (hearth_thread_picker_get_whole (HEARTH_THREAD_PICKER (window->thread_picker)) == whole);

  /* all threads: the profile as loaded, the same object */
  gtk_drop_down_set_selected (dropdown, 0);
  g_assert_true (hearth_session_get_profile (session) == whole);
  g_assert_cmpfloat (shown_total (window), ==, 100);
  g_assert_null (hearth_thread_picker_get_thread_name (HEARTH_THREAD_PICKER (window->thread_picker)));

  /* a new file starts with all its threads */
  gtk_drop_down_set_selected (dropdown, 1);
  g_assert_cmpfloat (shown_total (window), ==, 58);
  {
    g_autofree char *path = hearth_test_data_path ("chart_threads.speedscope.json");
    g_autoptr (GFile) file = g_file_new_for_path (path);

    hearth_window_open (window, file);
    g_assert_true (hearth_test_wait_until (shows_two_profiles, window, 30000));
  }
  g_assert_cmpfloat_with_epsilon (shown_total (window), 2, 1e-12);
  g_assert_cmpuint (gtk_drop_down_get_selected (dropdown), ==, 0);
  g_assert_cmpstr (choice (dropdown, 1), ==, "Thread 1 · 50.0%");
  hearth_test_destroy_window (GTK_WIDGET (window));
}

/* One thread (or none): nothing to choose, no drop-down. */
static void
test_hidden (void)
{
  const char *files[] = { "pyspy_raw_threads.txt", "plain_folded.txt" };

  if (hearth_test_ui_skip ())
    return;
  for (guint i = 0; i < G_N_ELEMENTS (files); i++)
    {
      HearthWindow *window = open_data (files[i]);

      g_assert_false (gtk_widget_get_visible (window->thread_picker));
      hearth_test_destroy_window (GTK_WIDGET (window));
    }
}

static gboolean
after_is_worker (gpointer user_data)
{
  HearthCompareWindow *compare = hearth_test_find_compare_window (user_data);
  HearthProfile *after;

  if (compare == NULL)
    return FALSE;
  after = hearth_session_get_profile (hearth_compare_window_get_session (compare, 1));
  return after != NULL && hearth_profile_get_total (after) == 42;
}

/* Compare from a window showing one thread: before and after are that thread. */
static void
test_compare (void)
{
  HearthWindow *window;
  HearthCompareWindow *compare;
  g_autofree char *path = hearth_test_data_path ("pyspy_two_threads.txt");
  g_autoptr (GFile) file = g_file_new_for_path (path);

  if (hearth_test_ui_skip ())
    return;
  window = open_data ("pyspy_two_threads.txt");
  gtk_drop_down_set_selected (dropdown_of (window), 2);
  compare = _hearth_window_compare_with (window, file);
  g_assert_true (hearth_test_wait_until (after_is_worker, app, 30000));
  g_assert_cmpfloat (hearth_profile_get_total (
                       hearth_session_get_profile (hearth_compare_window_get_session (compare, 0))),
                     ==, 42);
  hearth_test_destroy_window (GTK_WIDGET (compare));
  hearth_test_destroy_window (GTK_WIDGET (window));
}

int
main (int   argc,
      char *argv[])
{
  int status;

  app = hearth_test_ui_new_application (&argc, &argv);

  g_test_add_func ("/thread-picker/choose", test_choose);
  g_test_add_func ("/thread-picker/hidden", test_hidden);
  g_test_add_func ("/thread-picker/compare", test_compare);

  status = g_test_run ();
  g_clear_object (&app);
  return status;
}
