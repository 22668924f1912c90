/* test-thread-picker.c: the header bar's thread drop-down: shown for several threads only,
 * a thread alone in the graph, the panes and what compare is given, all threads back, a
 * new file starting with all threads, and a reload keeping the thread chosen.
 *
 * Copyright 2026 The Hearth authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include <glib/gstdio.h>
#include <string.h>

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

static gboolean
reloaded (gpointer window)
{
  const char *message = _hearth_window_get_message (window);

  return message != NULL && strstr (message, "reloaded") != NULL &&
         hearth_session_get_tree (hearth_window_get_session (window)) != NULL;
}

/* Writes pyspy_two_threads.txt to @path with its thread ids replaced, as a new run of the
 * program writes it, and with the worker's stacks counted @worker_factor times. */
static void
write_run (const char *path,
           const char *main_id,
           const char *worker_id,
           guint       worker_factor)
{
  g_autofree char *source = hearth_test_data_path ("pyspy_two_threads.txt");
  g_autofree char *text = NULL;
  g_auto (GStrv) lines = NULL;
  g_autoptr (GString) out = g_string_new (NULL);

  g_assert_true (g_file_get_contents (source, &text, NULL, NULL));
  lines = g_strsplit (text, "\n", -1);
  for (guint i = 0; lines[i] != NULL && lines[i][0] != '\0'; i++)
    {
      char *space = strrchr (lines[i], ' ');
      gboolean worker = strstr (lines[i], "(17731)") != NULL;
      guint64 count = g_ascii_strtoull (space + 1, NULL, 10);

      g_assert_true (worker || strstr (lines[i], "(17715)") != NULL);
      g_string_append_printf (out, "thread (%s)", worker ? worker_id : main_id);
      g_string_append_len (out, strchr (lines[i], ')') + 1, space - strchr (lines[i], ')') - 1);
      g_string_append_printf (out, " %" G_GUINT64_FORMAT "\n",
                              worker ? count * worker_factor : count);
    }
  g_assert_true (g_file_set_contents (path, out->str, (gssize) out->len, NULL));
}

/* A new run written over the file shown: the worker thread stays chosen, found by its name
 * though its id changed; a thread the new run has not brings all threads back. */
static void
test_reload (void)
{
  g_autofree char *dir = g_dir_make_tmp ("hearth-threads-XXXXXX", NULL);
  g_autofree char *path = g_build_filename (dir, "run.txt", NULL);
  HearthWindow *window;
  GtkDropDown *dropdown;

  if (hearth_test_ui_skip ())
    return;
  write_run (path, "17715", "17731", 1);
  window = HEARTH_WINDOW (hearth_test_open_window (app, path, 1024, 700));
  dropdown = dropdown_of (window);
  gtk_drop_down_set_selected (dropdown, 2);
  g_assert_cmpfloat (shown_total (window), ==, 42);

  write_run (path, "20001", "20002", 2);
  gtk_widget_activate_action (GTK_WIDGET (window), "win.reload", NULL);
  g_assert_true (hearth_test_wait_until (reloaded, window, 30000));
  g_assert_cmpuint (gtk_drop_down_get_selected (dropdown), ==, 2);
  g_assert_cmpstr (hearth_thread_picker_get_thread_name (HEARTH_THREAD_PICKER (window->thread_picker)),
                   ==, "thread (20002): Thread-1 (worker)");
  g_assert_cmpfloat (shown_total (window), ==, 84);
  g_assert_cmpfloat (hearth_call_tree_get_total (
                       hearth_session_get_tree (hearth_window_get_session (window))), ==, 84);

  /* a main thread only: nothing to keep */
  {
    g_autofree char *text = NULL;
    g_auto (GStrv) lines = NULL;
    g_autoptr (GString) out = g_string_new (NULL);

    g_assert_true (g_file_get_contents (path, &text, NULL, NULL));
    lines = g_strsplit (text, "\n", -1);
    for (guint i = 0; lines[i] != NULL; i++)
      if (strstr (lines[i], "(20001)") != NULL || strstr (lines[i], "(20003)") != NULL)
        g_string_append_printf (out, "%s\n", lines[i]);
    g_string_append (out, "thread (20003): Thread-2 (other);other (x.py:1) 5\n");
    g_assert_true (g_file_set_contents (path, out->str, (gssize) out->len, NULL));
  }
  gtk_info_bar_set_revealed (GTK_INFO_BAR (window->message_bar), FALSE);
  gtk_widget_activate_action (GTK_WIDGET (window), "win.reload", NULL);
  g_assert_true (hearth_test_wait_until (reloaded, window, 30000));
  g_assert_cmpuint (gtk_drop_down_get_selected (dropdown), ==, 0);
  g_assert_cmpfloat (shown_total (window), ==, 63);

  hearth_test_destroy_window (GTK_WIDGET (window));
  g_unlink (path);
  g_rmdir (dir);
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
  g_test_add_func ("/thread-picker/reload", test_reload);

  status = g_test_run ();
  g_clear_object (&app);
  return status;
}
