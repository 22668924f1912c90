/* test-loading.c: the loading page of a window: a slow load shows how far it is and can be
 * cancelled, which goes back to what the window showed before; in a compare window the two
 * runs' bytes add up, and Cancel closes the window.
 *
 * Copyright 2026 The Hearth authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include <glib/gstdio.h>
#include <string.h>

#include "hearth-application.h"
#include "hearth-compare-window.h"
#include "hearth-loading-view.h"
#include "hearth-test-ui.h"
#include "hearth-test-util.h"
#include "hearth-window-private.h"

#define LOAD_TIMEOUT_MS 20000
/* big enough to take well over the half second before the bar shows, even read fast */
#define BIG_SIZE (G_GUINT64_CONSTANT (400) << 20)

static HearthApplication *app;
static char *tmp_dir;
static char *big_path;

typedef struct
{
  HearthWindow      *window;
  HearthSession     *session;
  HearthLoadingView *view;
  double             fraction;
} Fixture;

static gboolean
idle (gpointer user_data)
{
  Fixture *f = user_data;

  return !hearth_session_get_loading (f->session) && !hearth_session_get_busy (f->session);
}

static gboolean
detailed (gpointer user_data)
{
  Fixture *f = user_data;

  return hearth_loading_view_get_detailed (f->view) &&
         g_strcmp0 (_hearth_window_get_page (f->window), "loading") == 0;
}

static double
fraction (Fixture *f)
{
  GtkWidget *bar = _hearth_loading_view_get_progress_bar (f->view);

  return gtk_progress_bar_get_fraction (GTK_PROGRESS_BAR (bar));
}

static gboolean
bar_moved (gpointer user_data)
{
  Fixture *f = user_data;

  return fraction (f) > f->fraction;
}

/* written once, on first use */
static gboolean
big_file_ready (void)
{
  if (big_path == NULL)
    {
      big_path = g_build_filename (tmp_dir, "big.folded", NULL);
      hearth_test_write_big_folded (big_path, BIG_SIZE);
    }
  return TRUE;
}

static void
fixture_set_up (Fixture       *f,
                gconstpointer  data)
{
  if (!hearth_test_ui_have_display () || !big_file_ready ())
    return;
  f->window = hearth_window_new (GTK_APPLICATION (app));
  f->session = hearth_window_get_session (f->window);
  f->view = HEARTH_LOADING_VIEW (f->window->loading_view);
  gtk_window_set_default_size (GTK_WINDOW (f->window), 1280, 800);
  gtk_window_present (GTK_WINDOW (f->window));
}

static void
fixture_tear_down (Fixture       *f,
                   gconstpointer  data)
{
  if (!hearth_test_ui_have_display ())
    return;
  hearth_test_close_windows (app);
}

/* Waits until the bar shows and moves, with its text saying how much of how much. */
static void
see_progress (Fixture *f)
{
  GtkWidget *bar = _hearth_loading_view_get_progress_bar (f->view);
  GtkWidget *cancel = _hearth_loading_view_get_cancel_button (f->view);

  g_assert_true (hearth_test_wait_until (detailed, f, LOAD_TIMEOUT_MS));
  g_assert_true (gtk_widget_get_visible (bar));
  g_assert_true (gtk_widget_get_visible (cancel));
  g_assert_true (gtk_widget_get_sensitive (cancel));
  f->fraction = fraction (f);
  g_assert_true (hearth_test_wait_until (bar_moved, f, LOAD_TIMEOUT_MS));
  g_assert_cmpfloat (fraction (f), <, 1.0);
  /* g_format_size () puts a no-break space before the unit */
  g_assert_true (g_str_has_suffix (gtk_progress_bar_get_text (GTK_PROGRESS_BAR (bar)),
                                   "\u00A0MB of 419.4\u00A0MB"));
  g_assert_cmpuint (hearth_session_get_load_size (f->session), ==, BIG_SIZE);
}

static void
note_time (gint64 *when)
{
  *when = g_get_monotonic_time ();
}

static void
press_cancel (Fixture *f)
{
  GtkWidget *cancel = _hearth_loading_view_get_cancel_button (f->view);
  gint64 clicked = 0, ended = 0;
  gulong clicked_id, ended_id;

  /* from the click (activating a button clicks it a quarter second later, as a key does) */
  clicked_id = g_signal_connect_swapped (cancel, "clicked", G_CALLBACK (note_time), &clicked);
  ended_id = g_signal_connect_swapped (f->session, "notify::loading", G_CALLBACK (note_time),
                                       &ended);
  g_assert_true (gtk_widget_activate (cancel));
  g_assert_true (hearth_test_wait_until (idle, f, LOAD_TIMEOUT_MS));
  g_signal_handler_disconnect (cancel, clicked_id);
  g_signal_handler_disconnect (f->session, ended_id);
  g_assert_cmpint (clicked, >, 0);
  g_assert_cmpint (ended, >=, clicked);
  g_test_message ("the load ended %.1f ms after the click on Cancel, at %" G_GUINT64_FORMAT
                  " MB", (ended - clicked) / 1000.0,
                  hearth_session_get_load_read (f->session) >> 20);
  g_assert_false (hearth_session_get_loading (f->session));
  g_assert_false (hearth_loading_view_get_detailed (f->view));
  /* a cancel is no failure: no banner */
  g_assert_null (hearth_session_get_error (f->session));
  g_assert_null (_hearth_window_get_message (f->window));
}

/* Opened in an empty window: Cancel goes back to the welcome page. */
static void
test_cancel_open (Fixture       *f,
                  gconstpointer  data)
{
  g_autoptr (GFile) file = NULL;

  if (hearth_test_ui_skip ())
    return;

  g_assert_cmpstr (_hearth_window_get_page (f->window), ==, "welcome");
  file = g_file_new_for_path (big_path);
  hearth_window_open (f->window, file);
  see_progress (f);
  press_cancel (f);
  g_assert_cmpstr (_hearth_window_get_page (f->window), ==, "welcome");
  g_assert_null (hearth_session_get_profile (f->session));
}

/* Another file opened over a profile: Cancel goes back to the profile. */
static void
test_cancel_open_over (Fixture       *f,
                       gconstpointer  data)
{
  g_autofree char *example = hearth_test_example_path ("before.prof");
  g_autoptr (GFile) shown_file = g_file_new_for_path (example);
  g_autoptr (GFile) file = g_file_new_for_path (big_path);
  HearthProfile *shown;

  if (hearth_test_ui_skip ())
    return;

  hearth_window_open (f->window, shown_file);
  g_assert_true (hearth_test_wait_until (idle, f, LOAD_TIMEOUT_MS));
  shown = hearth_session_get_profile (f->session);
  g_assert_nonnull (shown);
  hearth_window_open (f->window, file);
  see_progress (f);
  press_cancel (f);
  g_assert_cmpstr (_hearth_window_get_page (f->window), ==, "graph");
  g_assert_true (hearth_session_get_profile (f->session) == shown);
  g_assert_true (g_file_equal (hearth_session_get_file (f->session), shown_file));
}

/* A profile shown, then reloaded from a file that became big: Cancel goes back to it. */
static void
test_cancel_reload (Fixture       *f,
                    gconstpointer  data)
{
  g_autofree char *example = hearth_test_example_path ("before.prof");
  g_autofree char *path = g_build_filename (tmp_dir, "run.prof", NULL);
  g_autoptr (GFile) file = g_file_new_for_path (path);
  g_autofree char *contents = NULL;
  HearthProfile *shown;
  gsize len;

  if (hearth_test_ui_skip ())
    return;

  g_assert_true (g_file_get_contents (example, &contents, &len, NULL));
  g_assert_true (g_file_set_contents (path, contents, len, NULL));
  hearth_window_open (f->window, file);
  g_assert_true (hearth_test_wait_until (idle, f, LOAD_TIMEOUT_MS));
  g_assert_cmpstr (_hearth_window_get_page (f->window), ==, "graph");
  shown = hearth_session_get_profile (f->session);
  g_assert_nonnull (shown);

  /* the next run's profile, moved into place: the watch reloads it */
  g_assert_cmpint (g_rename (big_path, path), ==, 0);
  see_progress (f);
  press_cancel (f);
  g_assert_cmpstr (_hearth_window_get_page (f->window), ==, "graph");
  g_assert_true (hearth_session_get_profile (f->session) == shown);
  g_assert_true (hearth_session_get_file (f->session) != NULL &&
                 g_file_equal (hearth_session_get_file (f->session), file));
  g_assert_cmpint (g_rename (path, big_path), ==, 0);
}

/* Compare windows ---------------------------------------------------------------------------- */

typedef struct
{
  HearthCompareWindow *window;
  HearthLoadingView   *view;
  double               fraction;
} CompareFixture;

static gboolean
compare_detailed (gpointer user_data)
{
  CompareFixture *f = user_data;

  return hearth_loading_view_get_detailed (f->view) &&
         g_strcmp0 (_hearth_compare_window_get_page (f->window), "loading") == 0;
}

static gboolean
compare_bar_moved (gpointer user_data)
{
  CompareFixture *f = user_data;
  GtkWidget *bar = _hearth_loading_view_get_progress_bar (f->view);

  return gtk_progress_bar_get_fraction (GTK_PROGRESS_BAR (bar)) > f->fraction;
}

static gboolean
window_gone (gpointer user_data)
{
  return *(gpointer *) user_data == NULL;
}

/* Shows the window, waits for the bar to show and move; its text ends with @total. */
static void
compare_see_progress (CompareFixture *f,
                      guint64         total)
{
  GtkWidget *bar;
  g_autofree char *total_text = g_format_size (total);
  g_autofree char *suffix = g_strdup_printf (" of %s", total_text);

  f->view = HEARTH_LOADING_VIEW (_hearth_compare_window_get_loading_view (f->window));
  bar = _hearth_loading_view_get_progress_bar (f->view);
  g_assert_true (hearth_test_wait_until (compare_detailed, f, LOAD_TIMEOUT_MS));
  g_assert_true (gtk_widget_get_visible (_hearth_loading_view_get_cancel_button (f->view)));
  f->fraction = gtk_progress_bar_get_fraction (GTK_PROGRESS_BAR (bar));
  g_assert_true (hearth_test_wait_until (compare_bar_moved, f, LOAD_TIMEOUT_MS));
  g_assert_cmpfloat (gtk_progress_bar_get_fraction (GTK_PROGRESS_BAR (bar)), <, 1.0);
  g_assert_true (g_str_has_suffix (gtk_progress_bar_get_text (GTK_PROGRESS_BAR (bar)), suffix));
}

/* Cancel stops both runs' loads and closes the window, with no banner on the way. */
static void
compare_press_cancel (CompareFixture *f)
{
  gpointer window = f->window;
  HearthSession *sessions[2] = {
    g_object_ref (hearth_compare_window_get_session (f->window, 0)),
    g_object_ref (hearth_compare_window_get_session (f->window, 1)),
  };

  g_object_add_weak_pointer (window, &window);
  g_assert_true (gtk_widget_activate (_hearth_loading_view_get_cancel_button (f->view)));
  g_assert_true (hearth_test_wait_until (window_gone, &window, LOAD_TIMEOUT_MS));
  /* the big run is the second one; the first may have been read by then */
  g_assert_null (hearth_session_get_profile (sessions[1]));
  for (guint r = 0; r < 2; r++)
    {
      g_assert_false (hearth_session_get_loading (sessions[r]));
      g_assert_null (hearth_session_get_error (sessions[r]));
      g_object_unref (sessions[r]);
    }
  g_assert_null (gtk_application_get_windows (GTK_APPLICATION (app)));
}

/* A small run and a big one: the bar counts the bytes of both files. */
static void
test_compare_cancel (void)
{
  g_autofree char *example = hearth_test_example_path ("before.prof");
  g_autoptr (GFile) before = g_file_new_for_path (example);
  g_autoptr (GFile) after = NULL;
  CompareFixture f = { 0 };
  GStatBuf st;

  if (hearth_test_ui_skip () || !big_file_ready ())
    return;

  after = g_file_new_for_path (big_path);
  g_assert_cmpint (g_stat (example, &st), ==, 0);
  f.window = hearth_compare_window_new (GTK_APPLICATION (app));
  gtk_window_set_default_size (GTK_WINDOW (f.window), 1280, 800);
  gtk_window_present (GTK_WINDOW (f.window));
  hearth_compare_window_open (f.window, before, after);
  compare_see_progress (&f, BIG_SIZE + (guint64) st.st_size);
  compare_press_cancel (&f);
}

/* Groups of runs load through the same view: one big run a side, read side by side. */
static void
test_compare_cancel_groups (void)
{
  g_autoptr (GFile) big = NULL;
  CompareFixture f = { 0 };

  if (hearth_test_ui_skip () || !big_file_ready ())
    return;

  big = g_file_new_for_path (big_path);
  f.window = hearth_compare_window_new (GTK_APPLICATION (app));
  gtk_window_present (GTK_WINDOW (f.window));
  hearth_compare_window_open_groups (f.window, &big, 1, &big, 1);
  compare_see_progress (&f, 2 * BIG_SIZE);
  compare_press_cancel (&f);
}

int
main (int   argc,
      char *argv[])
{
  int status;

  app = hearth_test_ui_new_application (&argc, &argv);
  tmp_dir = g_dir_make_tmp ("hearth-loading-XXXXXX", NULL);
  g_assert_nonnull (tmp_dir);

  g_test_add ("/loading/cancel-open", Fixture, NULL, fixture_set_up, test_cancel_open,
              fixture_tear_down);
  g_test_add ("/loading/cancel-open-over", Fixture, NULL, fixture_set_up,
              test_cancel_open_over, fixture_tear_down);
  g_test_add ("/loading/cancel-reload", Fixture, NULL, fixture_set_up, test_cancel_reload,
              fixture_tear_down);
  g_test_add_func ("/loading/compare-cancel", test_compare_cancel);
  g_test_add_func ("/loading/compare-cancel-groups", test_compare_cancel_groups);

  status = g_test_run ();
  g_clear_object (&app);
  if (big_path != NULL)
    g_remove (big_path);
  g_free (big_path);
  g_rmdir (tmp_dir);
  g_free (tmp_dir);
  return status;
}
