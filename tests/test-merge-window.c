/* test-merge-window.c: runs merged in one window (title, warnings, the spread in a bar's
 * tooltip, reload) and the offer to merge a folder's profiles, under Xvfb.
 *
 * Copyright 2026 The Hearth authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "hearth-application.h"
#include "hearth-test-ui.h"
#include "hearth-test-util.h"
#include "hearth-window-private.h"

#include <glib/gstdio.h>
#include <string.h>

static HearthApplication *app;

static gboolean
loaded (gpointer user_data)
{
  HearthSession *session = hearth_window_get_session (user_data);

  return !hearth_session_get_loading (session) && !hearth_session_get_busy (session) &&
         hearth_session_get_tree (session) != NULL;
}

/* @n folded runs in a new folder: bar a is 6, 2, 4 samples wide (CV 0.5), b 2 in each. */
static char *
write_runs (GPtrArray *files)
{
  static const char *texts[] = { "main;a 6\nmain;b 2\n", "main;a 2\nmain;b 2\n",
                                 "main;a 4\nmain;b 2\n" };
  g_autoptr (GError) error = NULL;
  char *dir = g_dir_make_tmp ("hearth-merge-XXXXXX", &error);

  g_assert_no_error (error);
  for (guint i = 0; i < G_N_ELEMENTS (texts); i++)
    {
      g_autofree char *name = g_strdup_printf ("test_%u.folded", i + 1);
      g_autofree char *path = g_build_filename (dir, name, NULL);

      g_assert_true (g_file_set_contents (path, texts[i], -1, NULL));
      g_ptr_array_add (files, g_file_new_for_path (path));
    }
  return dir;
}

static char *
tooltip_of (HearthWindow *window,
            const char   *name)
{
  HearthSession *session = hearth_window_get_session (window);
  guint node = hearth_test_node_named (hearth_session_get_tree (session), name);
  char *text = hearth_flame_view_dup_tooltip_text (HEARTH_FLAME_VIEW (window->flame_view), node);

  g_test_message ("tooltip of %s: %s", name, text);
  return text;
}

static void
test_merged (void)
{
  g_autoptr (GPtrArray) files = g_ptr_array_new_with_free_func (g_object_unref);
  g_autofree char *dir = NULL;
  g_autofree char *a = NULL;
  g_autofree char *b = NULL;
  g_autofree char *again = NULL;
  HearthWindow *window;
  HearthSession *session;
  HearthProfile *profile;
  guint n_runs = 0;

  if (hearth_test_ui_skip ())
    return;
  dir = write_runs (files);
  window = hearth_window_new (GTK_APPLICATION (app));
  gtk_window_set_default_size (GTK_WINDOW (window), 1024, 700);
  gtk_window_present (GTK_WINDOW (window));
  hearth_window_open_merged (window, (GFile * const *) files->pdata, files->len);
  g_assert_true (hearth_test_wait_until (loaded, window, 20000));
  session = hearth_window_get_session (window);
  profile = hearth_session_get_profile (session);

  /* one window, named after the merge; the runs are its files, and the Warnings list them */
  g_assert_cmpstr (gtk_window_get_title (GTK_WINDOW (window)), ==, "3 runs merged");
  g_assert_null (hearth_window_get_file (window));
  g_assert_nonnull (hearth_session_get_merge_files (session, &n_runs));
  g_assert_cmpuint (n_runs, ==, 3);
  g_assert_cmpfloat (hearth_profile_get_total (profile), ==, 18);
  g_assert_cmpuint (g_strv_length ((char **) hearth_profile_get_warnings (profile)), >=, 3);
  g_assert_nonnull (strstr (hearth_profile_get_warnings (profile)[0], "run 1 of 3: "));
  g_assert_nonnull (strstr (hearth_profile_get_warnings (profile)[0], "test_1.folded, total 8"));

  /* a: 6, 2, 4 (mean 4, CV 0.5): noisy; b: 2 in each run */
  a = tooltip_of (window, "a");
  g_assert_nonnull (strstr (a, "Per run (3 runs): mean 4 samples, min 2 samples, max 6 samples, "
                               "CV 50.0%"));
  g_assert_nonnull (strstr (a, "Noisy: its width varies by more than 20.0%"));
  b = tooltip_of (window, "b");
  g_assert_nonnull (strstr (b, "mean 2 samples, min 2 samples, max 2 samples, CV 0%"));
  g_assert_null (strstr (b, "Noisy"));

  /* a is noisy: the legend explains its whisker */
  {
    g_autofree char *legend = hearth_legend_dup_text (HEARTH_LEGEND (window->legend));

    g_assert_nonnull (strstr (legend, "varies across runs"));
  }

  /* a reload reads every run again: the first run's a now 4 wide like the third (4, 2, 4:
   * mean 10/3, shown as 3.3 samples; CV sqrt (4/3) / (10/3) = 34.6%) */
  {
    g_autofree char *path = g_file_get_path (files->pdata[0]);

    g_assert_true (g_file_set_contents (path, "main;a 4\nmain;b 2\n", -1, NULL));
  }
  gtk_widget_activate_action (GTK_WIDGET (window), "win.reload", NULL);
  g_assert_true (hearth_test_wait_until (loaded, window, 20000));
  g_assert_cmpstr (gtk_window_get_title (GTK_WINDOW (window)), ==, "3 runs merged");
  g_assert_cmpfloat (hearth_profile_get_total (hearth_session_get_profile (session)), ==, 16);
  again = tooltip_of (window, "a");
  g_assert_nonnull (strstr (again, "mean 3.3 samples, min 2 samples, max 4 samples, "
                                   "CV 34.6%"));

  hearth_test_close_windows (app);
  hearth_test_remove_tree (dir);
}

/* pytest-profiling's prof/: a profile per test and combined.prof, their sum, left out. */
static void
test_folder (void)
{
  g_autoptr (GPtrArray) files = g_ptr_array_new_with_free_func (g_object_unref);
  g_autofree char *dir = NULL;
  g_autofree char *combined = NULL;
  g_autoptr (GFile) folder = NULL;
  HearthWindow *window;
  const char *message;

  if (hearth_test_ui_skip ())
    return;
  dir = write_runs (files);
  combined = g_build_filename (dir, "combined.prof", NULL);
  g_assert_true (g_file_set_contents (combined, "not read", -1, NULL));
  folder = g_file_new_for_path (dir);

  window = hearth_window_new (GTK_APPLICATION (app));
  gtk_window_present (GTK_WINDOW (window));
  hearth_window_open (window, folder);
  message = _hearth_window_get_message (window);
  g_test_message ("folder banner: %s", message);
  g_assert_nonnull (message);
  g_assert_nonnull (strstr (message, "combined.prof is left out"));
  g_assert_true (gtk_widget_get_visible (window->merge_button));
  g_assert_true (hearth_window_is_empty (window));

  /* Open as One Profile: here, as the window is empty */
  gtk_info_bar_response (GTK_INFO_BAR (window->message_bar), 2);
  g_assert_true (hearth_test_wait_until (loaded, window, 20000));
  g_assert_cmpstr (gtk_window_get_title (GTK_WINDOW (window)), ==, "3 runs merged");
  g_assert_cmpfloat (hearth_profile_get_total (hearth_session_get_profile (
                       hearth_window_get_session (window))), ==, 18);

  hearth_test_close_windows (app);
  hearth_test_remove_tree (dir);
}

/* Files' Open With sends several files at once: a window each, and the last offers them as
 * one. */
static void
test_opened_together (void)
{
  g_autoptr (GPtrArray) files = g_ptr_array_new_with_free_func (g_object_unref);
  g_autofree char *dir = NULL;
  GtkWindow *last = NULL;
  const char *message;
  guint merged = 0;

  if (hearth_test_ui_skip ())
    return;
  dir = write_runs (files);
  g_application_open (G_APPLICATION (app), (GFile **) files->pdata, (int) files->len, "");
  g_assert_cmpuint (g_list_length (gtk_application_get_windows (GTK_APPLICATION (app))), ==, 3);
  for (GList *l = gtk_application_get_windows (GTK_APPLICATION (app)); l != NULL; l = l->next)
    {
      g_assert_true (hearth_test_wait_until (loaded, l->data, 20000));
      if (_hearth_window_get_message (l->data) != NULL)
        {
          /* which banners, should there be more than the offer */
          g_test_message ("%s: %s", gtk_window_get_title (l->data),
                          _hearth_window_get_message (l->data));
          g_assert_null (last);
          last = l->data;
        }
    }
  g_assert_nonnull (last);
  message = _hearth_window_get_message (HEARTH_WINDOW (last));
  g_test_message ("banner: %s", message);
  g_assert_nonnull (strstr (message, "Each has a window"));
  g_assert_true (gtk_widget_get_visible (HEARTH_WINDOW (last)->merge_button));

  /* the window shows a file: the merge gets a window of its own */
  gtk_info_bar_response (GTK_INFO_BAR (HEARTH_WINDOW (last)->message_bar), 2);
  g_assert_cmpuint (g_list_length (gtk_application_get_windows (GTK_APPLICATION (app))), ==, 4);
  for (GList *l = gtk_application_get_windows (GTK_APPLICATION (app)); l != NULL; l = l->next)
    {
      g_assert_true (hearth_test_wait_until (loaded, l->data, 20000));
      merged += g_strcmp0 (gtk_window_get_title (l->data), "3 runs merged") == 0;
    }
  /* which window is first in the list depends on focus: count them instead */
  g_assert_cmpuint (merged, ==, 1);

  hearth_test_close_windows (app);
  hearth_test_remove_tree (dir);
}

int
main (int   argc,
      char *argv[])
{
  int status;

  app = hearth_test_ui_new_application (&argc, &argv);
  g_test_add_func ("/merge-window/merged", test_merged);
  g_test_add_func ("/merge-window/folder", test_folder);
  g_test_add_func ("/merge-window/opened-together", test_opened_together);
  status = g_test_run ();
  g_clear_object (&app);
  return status;
}
