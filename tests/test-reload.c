/* test-reload.c: live reload: a profile rewritten on disk is shown again once the writing
 * settles, never half-written, and the previous version can be compared with it.
 *
 * Copyright 2026 The Hearth authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include <glib/gstdio.h>
#include <math.h>
#include <stdio.h>
#include <string.h>

#include "hearth-application.h"
#include "hearth-compare-window.h"
#include "hearth-file-watch.h"
#include "hearth-flame-view.h"
#include "hearth-test-ui.h"
#include "hearth-window-private.h"

#define LOAD_TIMEOUT_MS 20000

static HearthApplication *app;

typedef struct
{
  char          *dir;
  char          *path;
  GBytes        *before;
  GBytes        *after;
  double         before_total;
  double         after_total;
  HearthWindow  *window;
  HearthSession *session;
  GArray        *totals_shown;   /* the total of every profile the session showed */
} Fixture;

/* Files ------------------------------------------------------------------------------------ */

static GBytes *
read_example (const char *name)
{
  g_autofree char *path = hearth_test_example_path (name);
  g_autoptr (GError) error = NULL;
  char *contents = NULL;
  gsize len = 0;

  g_assert_true (g_file_get_contents (path, &contents, &len, &error));
  g_assert_no_error (error);
  return g_bytes_new_take (contents, len);
}

static double
total_of (GBytes *bytes)
{
  g_autoptr (GError) error = NULL;
  g_autoptr (HearthProfile) profile = hearth_profile_load_bytes (bytes, "run.prof", &error);

  g_assert_no_error (error);
  return hearth_profile_get_total (profile);
}

/* Writes in place (truncate, write, close), as a profiler does, not through a rename. */
static void
write_in_place (const char *path,
                GBytes     *bytes,
                gsize       len)
{
  FILE *out = fopen (path, "wb");
  gsize size = 0;
  const guint8 *data = g_bytes_get_data (bytes, &size);

  g_assert_nonnull (out);
  g_assert_cmpuint (len, <=, size);
  g_assert_cmpuint (fwrite (data, 1, len, out), ==, len);
  g_assert_cmpint (fclose (out), ==, 0);
}

/* Window state ----------------------------------------------------------------------------- */

static void
profile_shown (Fixture *f)
{
  HearthProfile *profile = hearth_session_get_profile (f->session);
  double total;

  if (profile == NULL)
    return;
  total = hearth_profile_get_total (profile);
  g_array_append_val (f->totals_shown, total);
}

static gboolean
idle (gpointer user_data)
{
  Fixture *f = user_data;

  return !hearth_session_get_loading (f->session) && !hearth_session_get_busy (f->session);
}

static double
shown_total (Fixture *f)
{
  return hearth_profile_get_total (hearth_session_get_profile (f->session));
}

static gboolean
shows_after (gpointer user_data)
{
  Fixture *f = user_data;

  return idle (f) && hearth_session_get_profile (f->session) != NULL &&
         shown_total (f) == f->after_total;
}

static gboolean
shows_error (gpointer user_data)
{
  Fixture *f = user_data;

  return idle (f) && _hearth_window_get_message (f->window) != NULL &&
         gtk_info_bar_get_message_type (GTK_INFO_BAR (f->window->message_bar)) ==
           GTK_MESSAGE_ERROR;
}

/* Every profile the window showed was one of the two complete files, never a part of one. */
static void
assert_never_half (Fixture *f)
{
  for (guint i = 0; i < f->totals_shown->len; i++)
    {
      double total = g_array_index (f->totals_shown, double, i);

      g_assert_true (total == f->before_total || total == f->after_total);
    }
}

static void
assert_reloaded (Fixture *f)
{
  GtkWidget *button = _hearth_window_get_compare_previous_button (f->window);

  g_assert_cmpstr (_hearth_window_get_page (f->window), ==, "graph");
  g_assert_nonnull (_hearth_window_get_message (f->window));
  g_assert_nonnull (strstr (_hearth_window_get_message (f->window), "run.prof"));
  g_assert_nonnull (strstr (_hearth_window_get_message (f->window), "reloaded"));
  g_assert_true (gtk_widget_get_visible (button));
  g_assert_true (f->window->previous_profile != NULL);
  g_assert_cmpfloat (hearth_profile_get_total (f->window->previous_profile), ==, f->before_total);
}

/* Zooms into a bar below the root: a function that is in both runs. Returns its label. */
static char *
zoom_below_root (Fixture *f)
{
  HearthCallTree *tree = hearth_session_get_tree (f->session);
  gint node = hearth_session_find_widest_node (f->session,
                                               hearth_call_tree_get_node (tree, 1)->function);

  g_assert_cmpint (node, >, 0);
  hearth_session_set_zoom (f->session, node);
  g_assert_cmpint (hearth_session_get_zoom (f->session), ==, node);
  return g_strdup (hearth_session_get_node_label (f->session, node));
}

static void
assert_zoomed_into (Fixture    *f,
                    const char *label)
{
  gint zoom = hearth_session_get_zoom (f->session);

  g_assert_cmpint (zoom, >, 0);
  g_assert_cmpstr (hearth_session_get_node_label (f->session, zoom), ==, label);
}

static gboolean
has_previous (gpointer user_data)
{
  Fixture *f = user_data;

  return idle (f) && f->window->previous_profile != NULL;
}

/* Fixture ---------------------------------------------------------------------------------- */

static void
fixture_set_up (Fixture       *f,
                gconstpointer  data)
{
  g_autoptr (GError) error = NULL;
  g_autoptr (GFile) file = NULL;

  if (!hearth_test_ui_have_display ())
    return;

  f->before = read_example ("before.prof");
  f->after = read_example ("after.prof");
  f->before_total = total_of (f->before);
  f->after_total = total_of (f->after);
  g_assert_cmpfloat (f->before_total, !=, f->after_total);

  f->dir = g_dir_make_tmp ("hearth-reload-XXXXXX", &error);
  g_assert_no_error (error);
  f->path = g_build_filename (f->dir, "run.prof", NULL);
  write_in_place (f->path, f->before, g_bytes_get_size (f->before));
  /* let the write's own events pass before anything watches the file */
  hearth_test_wait (50);

  file = g_file_new_for_path (f->path);
  f->window = hearth_window_new (GTK_APPLICATION (app));
  f->session = hearth_window_get_session (f->window);
  f->totals_shown = g_array_new (FALSE, FALSE, sizeof (double));
  g_signal_connect_swapped (f->session, "notify::profile", G_CALLBACK (profile_shown), f);
  gtk_window_present (GTK_WINDOW (f->window));
  hearth_window_open (f->window, file);
  g_assert_true (hearth_test_wait_until (idle, f, LOAD_TIMEOUT_MS));
  g_assert_nonnull (hearth_session_get_profile (f->session));
  g_assert_cmpfloat (shown_total (f), ==, f->before_total);
  g_assert_nonnull (_hearth_window_get_file_watch (f->window));
  gtk_test_widget_wait_for_draw (GTK_WIDGET (f->window));
}

static void
fixture_tear_down (Fixture       *f,
                   gconstpointer  data)
{
  if (!hearth_test_ui_have_display ())
    return;
  g_signal_handlers_disconnect_by_data (f->session, f);
  hearth_test_close_windows (app);
  g_unlink (f->path);
  g_rmdir (f->dir);
  g_free (f->path);
  g_free (f->dir);
  g_bytes_unref (f->before);
  g_bytes_unref (f->after);
  g_array_unref (f->totals_shown);
}

/* Cases ------------------------------------------------------------------------------------ */

/* The profiler ran again: the window shows the new run and offers the comparison, which opens
 * a compare window with the old run before and the new one after. */
static void
test_overwrite (Fixture       *f,
                gconstpointer  data)
{
  GtkWidget *button;
  HearthCompareWindow *compare;
  g_autofree char *zoom_label = NULL;

  if (hearth_test_ui_skip ())
    return;

  zoom_label = zoom_below_root (f);
  write_in_place (f->path, f->after, g_bytes_get_size (f->after));
  g_assert_true (hearth_test_wait_until (shows_after, f, LOAD_TIMEOUT_MS));
  assert_reloaded (f);
  g_assert_cmpstr (_hearth_window_get_message (f->window), ==,
                   "“run.prof” changed on disk — reloaded");
  /* the zoom follows its function into the new run */
  assert_zoomed_into (f, zoom_label);
  assert_never_half (f);

  /* one click */
  button = _hearth_window_get_compare_previous_button (f->window);
  g_assert_true (gtk_widget_get_mapped (button));
  g_signal_emit_by_name (button, "clicked");
  g_assert_true (hearth_test_wait_until (hearth_test_has_matched_compare_window, app,
                                         LOAD_TIMEOUT_MS));
  compare = hearth_test_find_compare_window (app);
  g_assert_cmpfloat (hearth_profile_get_total (hearth_session_get_profile (
                       hearth_compare_window_get_session (compare, 0))), ==, f->before_total);
  g_assert_cmpfloat (hearth_profile_get_total (hearth_session_get_profile (
                       hearth_compare_window_get_session (compare, 1))), ==, f->after_total);
  /* the window itself still shows the new run */
  g_assert_cmpfloat (shown_total (f), ==, f->after_total);
  /* the two versions of one file are told apart in the title and in the graphs' headers */
  g_assert_cmpstr (gtk_window_get_title (GTK_WINDOW (compare)), ==,
                   "run.prof (previous) → run.prof");
  for (guint r = 0; r < 2; r++)
    {
      HearthFlameView *view = HEARTH_FLAME_VIEW (_hearth_compare_window_get_view (compare, r));
      g_autofree char *title = hearth_flame_renderer_dup_title (
        hearth_flame_view_get_renderer (view));

      g_assert_cmpstr (title, ==, "run.prof (previous) → run.prof");
    }
}

/* The new file is written in two halves with a pause: during the pause the window shows the
 * old run (or says the file cannot be read yet, still showing the old run); at the end, the
 * complete new one. */
static void
test_two_halves (Fixture       *f,
                 gconstpointer  data)
{
  gsize size = 0;
  const guint8 *bytes = g_bytes_get_data (f->after, &size);
  gsize half = size / 2;
  FILE *out;

  if (hearth_test_ui_skip ())
    return;

  out = fopen (f->path, "wb");
  g_assert_nonnull (out);
  g_assert_cmpuint (fwrite (bytes, 1, half, out), ==, half);
  g_assert_cmpint (fflush (out), ==, 0);

  /* longer than the settle time: a reload of the first half would happen here */
  for (guint i = 0; i < 9; i++)
    {
      hearth_test_wait (100);
      g_assert_nonnull (hearth_session_get_profile (f->session));
      g_assert_cmpfloat (shown_total (f), ==, f->before_total);
      g_assert_cmpstr (_hearth_window_get_page (f->window), ==, "graph");
    }

  g_assert_cmpuint (fwrite (bytes + half, 1, size - half, out), ==, size - half);
  g_assert_cmpint (fclose (out), ==, 0);

  g_assert_true (hearth_test_wait_until (shows_after, f, LOAD_TIMEOUT_MS));
  assert_reloaded (f);
  assert_never_half (f);
}

/* A writer that pauses for longer than the watch waits for an open file: the first half is
 * read and refused (a banner says why, the old run stays), then the whole file is shown. */
static void
test_long_pause (Fixture       *f,
                 gconstpointer  data)
{
  gsize size = 0;
  const guint8 *bytes = g_bytes_get_data (f->after, &size);
  gsize half = size / 2;
  FILE *out;

  if (hearth_test_ui_skip ())
    return;

  out = fopen (f->path, "wb");
  g_assert_nonnull (out);
  g_assert_cmpuint (fwrite (bytes, 1, half, out), ==, half);
  g_assert_cmpint (fflush (out), ==, 0);
  g_assert_true (hearth_test_wait_until (shows_error, f, LOAD_TIMEOUT_MS));
  g_assert_cmpfloat (shown_total (f), ==, f->before_total);
  g_assert_cmpstr (_hearth_window_get_page (f->window), ==, "graph");

  g_assert_cmpuint (fwrite (bytes + half, 1, size - half, out), ==, size - half);
  g_assert_cmpint (fclose (out), ==, 0);
  g_assert_true (hearth_test_wait_until (shows_after, f, LOAD_TIMEOUT_MS));
  assert_reloaded (f);
  assert_never_half (f);
}

/* A truncated file (the writer stopped halfway): the old run stays with a banner saying why;
 * the next complete write is picked up. */
static void
test_truncated_then_complete (Fixture       *f,
                              gconstpointer  data)
{
  const char *message;

  if (hearth_test_ui_skip ())
    return;

  write_in_place (f->path, f->after, g_bytes_get_size (f->after) / 2);
  g_assert_true (hearth_test_wait_until (shows_error, f, LOAD_TIMEOUT_MS));
  message = _hearth_window_get_message (f->window);
  g_assert_nonnull (strstr (message, "truncated"));
  g_assert_nonnull (strstr (message, "previous version"));
  g_assert_cmpfloat (shown_total (f), ==, f->before_total);
  g_assert_cmpstr (_hearth_window_get_page (f->window), ==, "graph");
  g_assert_false (gtk_widget_get_visible (_hearth_window_get_compare_previous_button (f->window)));

  write_in_place (f->path, f->after, g_bytes_get_size (f->after));
  g_assert_true (hearth_test_wait_until (shows_after, f, LOAD_TIMEOUT_MS));
  assert_reloaded (f);
  assert_never_half (f);
}

/* An editor's save: a temporary file renamed over the profile. */
static void
test_rename_over (Fixture       *f,
                  gconstpointer  data)
{
  g_autofree char *temporary = NULL;

  if (hearth_test_ui_skip ())
    return;

  temporary = g_build_filename (f->dir, ".run.prof.tmp", NULL);
  write_in_place (temporary, f->after, g_bytes_get_size (f->after));
  g_assert_cmpint (g_rename (temporary, f->path), ==, 0);
  g_assert_true (hearth_test_wait_until (shows_after, f, LOAD_TIMEOUT_MS));
  assert_reloaded (f);
  assert_never_half (f);

  /* and again: the watch follows the new file, not the one replaced */
  write_in_place (temporary, f->before, g_bytes_get_size (f->before));
  g_assert_cmpint (g_rename (temporary, f->path), ==, 0);
  g_assert_true (hearth_test_wait_until (idle, f, LOAD_TIMEOUT_MS));
  for (guint i = 0; i < 100 && shown_total (f) != f->before_total; i++)
    hearth_test_wait (50);
  g_assert_cmpfloat (shown_total (f), ==, f->before_total);
}

/* "Reload" in the menu goes the same way as a change on disk. */
static void
test_reload_action (Fixture       *f,
                    gconstpointer  data)
{
  g_autofree char *zoom_label = NULL;

  if (hearth_test_ui_skip ())
    return;

  zoom_label = zoom_below_root (f);
  gtk_widget_activate_action (GTK_WIDGET (f->window), "win.reload", NULL);
  g_assert_true (hearth_test_wait_until (has_previous, f, LOAD_TIMEOUT_MS));
  g_assert_cmpfloat (shown_total (f), ==, f->before_total);
  g_assert_cmpfloat (hearth_profile_get_total (f->window->previous_profile), ==, f->before_total);
  g_assert_cmpstr (_hearth_window_get_message (f->window), ==, "“run.prof” reloaded");
  g_assert_true (gtk_widget_get_visible (_hearth_window_get_compare_previous_button (f->window)));
  assert_zoomed_into (f, zoom_label);

  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (f->window), "win.compare-previous", NULL));
  g_assert_true (hearth_test_wait_until (hearth_test_has_matched_compare_window, app,
                                         LOAD_TIMEOUT_MS));
}

/* The watch alone: several quick writes make one signal, after they settle. */
static int n_changed;

static void
count_changed (HearthFileWatch *watch)
{
  n_changed++;
}

static void
test_watch_debounce (void)
{
  g_autoptr (GError) error = NULL;
  g_autofree char *dir = g_dir_make_tmp ("hearth-watch-XXXXXX", &error);
  g_autofree char *path = g_build_filename (dir, "watched.txt", NULL);
  g_autoptr (GFile) file = g_file_new_for_path (path);
  g_autoptr (HearthFileWatch) watch = NULL;
  GBytes *bytes = g_bytes_new_static ("0123456789", 10);

  g_assert_no_error (error);
  write_in_place (path, bytes, 10);
  watch = hearth_file_watch_new (file);
  hearth_file_watch_set_settle_ms (watch, 200);
  g_signal_connect (watch, "changed", G_CALLBACK (count_changed), NULL);
  n_changed = 0;

  for (guint i = 0; i < 4; i++)
    {
      write_in_place (path, bytes, 5 + i);
      hearth_test_wait (60);
    }
  g_assert_cmpint (n_changed, ==, 0);
  for (guint i = 0; i < 40 && n_changed == 0; i++)
    hearth_test_wait (50);
  g_assert_cmpint (n_changed, ==, 1);
  hearth_test_wait (500);
  g_assert_cmpint (n_changed, ==, 1);

  /* removed: no signal until it comes back */
  g_assert_cmpint (g_unlink (path), ==, 0);
  hearth_test_wait (500);
  g_assert_cmpint (n_changed, ==, 1);
  write_in_place (path, bytes, 10);
  for (guint i = 0; i < 40 && n_changed == 1; i++)
    hearth_test_wait (50);
  g_assert_cmpint (n_changed, ==, 2);

  g_clear_object (&watch);
  g_bytes_unref (bytes);
  g_unlink (path);
  g_rmdir (dir);
}

int
main (int   argc,
      char *argv[])
{
  int status;

  app = hearth_test_ui_new_application (&argc, &argv);

#define ADD(path, func) \
  g_test_add ("/reload/" path, Fixture, NULL, fixture_set_up, func, fixture_tear_down)

  g_test_add_func ("/reload/watch-debounce", test_watch_debounce);
  ADD ("overwrite", test_overwrite);
  ADD ("two-halves", test_two_halves);
  ADD ("long-pause", test_long_pause);
  ADD ("truncated-then-complete", test_truncated_then_complete);
  ADD ("rename-over", test_rename_over);
  ADD ("reload-action", test_reload_action);

  status = g_test_run ();
  g_clear_object (&app);
  return status;
}
