/* test-dialogs.c: the open and save dialogs, the file launcher and the foreground colour, as
 * the window uses them. Each goes through a GTK_CHECK_VERSION branch of hearth-gtk-compat.c:
 * GtkFileDialog and GtkFileLauncher from GTK 4.10 on, GtkFileChooserNative and GIO before.
 * With no desktop portal (no session bus here) both end in GTK's own file chooser dialog,
 * which the tests answer as a person would: a file or a folder chosen, then a response.
 *
 * Copyright 2026 The Hearth authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include <glib/gstdio.h>
#include <string.h>

#include "hearth-application.h"
#include "hearth-gtk-compat.h"
#include "hearth-test-ui.h"
#include "hearth-test-util.h"
#include "hearth-window-private.h"

static HearthApplication *app;
/* this program's own XDG folders: the launcher's default application lives there */
static char *home;

typedef struct
{
  HearthWindow *window;
  GFile        *examples;
} Fixture;

static gboolean
loaded (gpointer user_data)
{
  HearthSession *session = hearth_window_get_session (user_data);

  return !hearth_session_get_loading (session) && !hearth_session_get_busy (session);
}

static void
fixture_set_up (Fixture       *f,
                gconstpointer  data)
{
  g_autofree char *path = NULL;
  g_autoptr (GFile) file = NULL;

  if (!hearth_test_ui_have_display ())
    return;
  path = hearth_test_example_path ("before.prof");
  file = g_file_new_for_path (path);
  f->examples = g_file_get_parent (file);
  hearth_application_open_file (app, file, NULL);
  f->window = gtk_application_get_windows (GTK_APPLICATION (app))->data;
  g_assert_true (hearth_test_wait_until (loaded, f->window, 20000));
  gtk_test_widget_wait_for_draw (GTK_WIDGET (f->window));
}

static void
fixture_tear_down (Fixture       *f,
                   gconstpointer  data)
{
  if (!hearth_test_ui_have_display ())
    return;
  hearth_test_close_windows (app);
  g_clear_object (&f->examples);
}

/* The file chooser dialog on screen, if there is one. */
static GtkFileChooser *
find_chooser (void)
{
  GListModel *toplevels = gtk_window_get_toplevels ();

  for (guint i = 0; i < g_list_model_get_n_items (toplevels); i++)
    {
      g_autoptr (GtkWidget) window = g_list_model_get_item (toplevels, i);

      if (GTK_IS_FILE_CHOOSER (window) && gtk_widget_get_visible (window))
        return GTK_FILE_CHOOSER (window);
    }
  return NULL;
}

/* GTK 4.18 fills the path bar in after the folder is read; a file or folder chosen before
 * it is done makes its callback remove a button that is gone (a critical). A person clicks
 * later than that. */
#define SETTLE_MS 300

static gboolean
chooser_shown (gpointer user_data)
{
  return find_chooser () != NULL;
}

static gboolean
chooser_gone (gpointer user_data)
{
  return find_chooser () == NULL;
}

static GtkFileChooser *
wait_for_chooser (const char *title)
{
  GtkFileChooser *chooser;

  g_assert_true (hearth_test_wait_until (chooser_shown, NULL, 10000));
  chooser = find_chooser ();
  g_assert_cmpstr (gtk_window_get_title (GTK_WINDOW (chooser)), ==, title);
  return chooser;
}

static void
respond (GtkFileChooser *chooser,
         int             response)
{
  gtk_dialog_response (GTK_DIALOG (chooser), response);
  g_assert_true (hearth_test_wait_until (chooser_gone, NULL, 10000));
}

/* The chooser's file is @file: set_file selects it once the folder is read. */
static gboolean
chooser_has_file (gpointer user_data)
{
  GtkFileChooser *chooser = find_chooser ();
  g_autoptr (GFile) chosen = chooser != NULL ? gtk_file_chooser_get_file (chooser) : NULL;

  return chosen != NULL && g_file_equal (chosen, user_data);
}

/* The chooser shows @user_data: it reads the folder first. */
static gboolean
chooser_in_folder (gpointer user_data)
{
  GtkFileChooser *chooser = find_chooser ();
  g_autoptr (GFile) folder = chooser != NULL ? gtk_file_chooser_get_current_folder (chooser)
                                             : NULL;

  return folder != NULL && g_file_equal (folder, user_data);
}

static HearthWindow *
window_showing (GFile *file)
{
  for (GList *l = gtk_application_get_windows (GTK_APPLICATION (app)); l != NULL; l = l->next)
    {
      GFile *shown = hearth_window_get_file (l->data);

      if (shown != NULL && g_file_equal (shown, file) && loaded (l->data))
        return l->data;
    }
  return NULL;
}

static gboolean
is_shown (gpointer user_data)
{
  return window_showing (user_data) != NULL;
}

/* win.open: the dialog starts in the profile's folder with the profile filter chosen; the
 * file accepted opens. */
static void
test_open (Fixture       *f,
           gconstpointer  data)
{
  g_autoptr (GFile) after = NULL;
  g_autoptr (GListModel) filters = NULL;
  GtkFileChooser *chooser;
  GtkFileFilter *filter;

  if (hearth_test_ui_skip ())
    return;
  gtk_widget_activate_action (GTK_WIDGET (f->window), "win.open", NULL);
  chooser = wait_for_chooser ("Open a Profile");
  g_assert_cmpint (gtk_file_chooser_get_action (chooser), ==, GTK_FILE_CHOOSER_ACTION_OPEN);
  g_assert_true (hearth_test_wait_until (chooser_in_folder, f->examples, 10000));
  filters = gtk_file_chooser_get_filters (chooser);
  g_assert_cmpuint (g_list_model_get_n_items (filters), ==, 2);
  filter = gtk_file_chooser_get_filter (chooser);
  g_assert_nonnull (filter);
  g_assert_cmpstr (gtk_file_filter_get_name (filter), ==, "Profiles");

  after = g_file_get_child (f->examples, "after.prof");
  hearth_test_wait (SETTLE_MS);
  g_assert_true (gtk_file_chooser_set_file (chooser, after, NULL));
  g_assert_true (hearth_test_wait_until (chooser_has_file, after, 10000));
  respond (chooser, GTK_RESPONSE_ACCEPT);
  g_assert_true (hearth_test_wait_until (is_shown, after, 20000));
}

/* A dialog cancelled or closed opens nothing and says nothing. */
static void
test_open_cancelled (Fixture       *f,
                     gconstpointer  data)
{
  const int responses[] = { GTK_RESPONSE_CANCEL, GTK_RESPONSE_DELETE_EVENT };
  g_autofree char *path = hearth_test_example_path ("before.prof");
  g_autoptr (GFile) before = g_file_new_for_path (path);

  if (hearth_test_ui_skip ())
    return;
  for (guint i = 0; i < G_N_ELEMENTS (responses); i++)
    {
      gtk_widget_activate_action (GTK_WIDGET (f->window), "win.open", NULL);
      respond (wait_for_chooser ("Open a Profile"), responses[i]);
      hearth_test_wait (200);
      g_assert_cmpuint (g_list_length (gtk_application_get_windows (GTK_APPLICATION (app))),
                        ==, 1);
      g_assert_true (window_showing (before) == f->window);
      g_assert_null (_hearth_window_get_message (f->window));
    }
}

static gboolean
file_written (gpointer user_data)
{
  g_autofree char *contents = NULL;

  return g_file_get_contents (user_data, &contents, NULL, NULL) &&
         strstr (contents, "</svg>") != NULL;
}

/* win.export: the save dialog proposes RUN.svg; accepted in another folder, the SVG is
 * written there. */
static void
test_export (Fixture       *f,
             gconstpointer  data)
{
  g_autoptr (GError) error = NULL;
  g_autofree char *folder_path = g_dir_make_tmp ("hearth-dialogs-XXXXXX", &error);
  g_autofree char *svg = NULL;
  g_autoptr (GFile) folder = NULL;
  g_autoptr (GFile) expected = NULL;
  g_autofree char *name = NULL;
  GtkFileChooser *chooser;

  if (hearth_test_ui_skip ())
    return;
  g_assert_no_error (error);
  folder = g_file_new_for_path (folder_path);
  gtk_widget_activate_action (GTK_WIDGET (f->window), "win.export", NULL);
  chooser = wait_for_chooser ("Export the Graph");
  g_assert_cmpint (gtk_file_chooser_get_action (chooser), ==, GTK_FILE_CHOOSER_ACTION_SAVE);
  name = gtk_file_chooser_get_current_name (chooser);
  g_assert_cmpstr (name, ==, "before.svg");
  /* it starts in the profile's folder; once it is there, another one is chosen */
  g_assert_true (hearth_test_wait_until (chooser_in_folder, f->examples, 10000));
  hearth_test_wait (SETTLE_MS);
  g_assert_true (gtk_file_chooser_set_current_folder (chooser, folder, NULL));
  expected = g_file_get_child (folder, "before.svg");
  g_assert_true (hearth_test_wait_until (chooser_in_folder, folder, 10000));
  g_assert_true (hearth_test_wait_until (chooser_has_file, expected, 10000));
  respond (chooser, GTK_RESPONSE_ACCEPT);
  svg = g_file_get_path (expected);
  g_assert_true (hearth_test_wait_until (file_written, svg, 20000));
  g_assert_cmpint (g_unlink (svg), ==, 0);
  g_assert_cmpint (g_rmdir (folder_path), ==, 0);
}

static void
launched (GObject      *source,
          GAsyncResult *result,
          gpointer      user_data)
{
  g_autoptr (GError) error = NULL;

  g_assert_true (hearth_launch_file_finish (result, &error));
  g_assert_no_error (error);
  *(gboolean *) user_data = TRUE;
}

#define LAUNCHED_TEXT "def run():\n    pass\n"

/* The copy is there, whole (cp may be half-way when the file appears). */
static gboolean
copied (gpointer user_data)
{
  g_autofree char *text = NULL;

  return g_file_get_contents (user_data, &text, NULL, NULL) &&
         strcmp (text, LAUNCHED_TEXT) == 0;
}

static gboolean
is_true (gpointer user_data)
{
  return *(gboolean *) user_data;
}

/* A source file goes to the default application for its type: here one that copies it. */
static void
test_launch (Fixture       *f,
             gconstpointer  data)
{
  g_autofree char *source = g_build_filename (home, "module.py", NULL);
  g_autofree char *copy = g_build_filename (home, "launched.py", NULL);
  g_autoptr (GFile) file = g_file_new_for_path (source);
  gboolean done = FALSE;

  if (hearth_test_ui_skip ())
    return;
  g_assert_true (g_file_set_contents (source, LAUNCHED_TEXT, -1, NULL));
  hearth_launch_file_async (GTK_WINDOW (f->window), file, NULL, launched, &done);
  g_assert_true (hearth_test_wait_until (is_true, &done, 10000));
  g_assert_true (hearth_test_wait_until (copied, copy, 10000));
  g_unlink (copy);
  g_unlink (source);
}

/* The colour CSS gives a widget is what the flame view reads (dark or light theme). */
static void
test_fg_color (void)
{
  g_autoptr (GtkCssProvider) css = gtk_css_provider_new ();
  GtkWidget *window, *label;
  GdkRGBA color;

  if (hearth_test_ui_skip ())
    return;
  gtk_css_provider_load_from_data (css, ".hearth-test-fg { color: rgb(51, 102, 255); }", -1);
  gtk_style_context_add_provider_for_display (gdk_display_get_default (),
                                              GTK_STYLE_PROVIDER (css),
                                              GTK_STYLE_PROVIDER_PRIORITY_USER);
  window = gtk_window_new ();
  label = gtk_label_new ("fg");
  gtk_widget_add_css_class (label, "hearth-test-fg");
  gtk_window_set_child (GTK_WINDOW (window), label);
  gtk_window_present (GTK_WINDOW (window));
  gtk_test_widget_wait_for_draw (window);

  hearth_widget_get_fg_color (label, &color);
  g_assert_cmpfloat_with_epsilon (color.red, 51 / 255., 1e-6);
  g_assert_cmpfloat_with_epsilon (color.green, 102 / 255., 1e-6);
  g_assert_cmpfloat_with_epsilon (color.blue, 1, 1e-6);
  g_assert_cmpfloat_with_epsilon (color.alpha, 1, 1e-6);

  gtk_style_context_remove_provider_for_display (gdk_display_get_default (),
                                                 GTK_STYLE_PROVIDER (css));
  hearth_test_destroy_window (window);
}

/* A default application for Python sources that copies the file next to it. */
static void
set_up_home (void)
{
  g_autoptr (GError) error = NULL;
  g_autofree char *data = NULL;
  g_autofree char *apps = NULL;
  g_autofree char *config = NULL;
  g_autofree char *desktop = NULL;
  g_autofree char *desktop_path = NULL;
  g_autofree char *defaults_path = NULL;
  const char *defaults = "[Default Applications]\n"
                         "text/x-python=hearth-test-copy.desktop\n"
                         "text/x-python3=hearth-test-copy.desktop\n"
                         "text/plain=hearth-test-copy.desktop\n";

  home = g_dir_make_tmp ("hearth-dialogs-home-XXXXXX", &error);
  g_assert_no_error (error);
  data = g_build_filename (home, "data", NULL);
  apps = g_build_filename (data, "applications", NULL);
  config = g_build_filename (home, "config", NULL);
  g_assert_cmpint (g_mkdir_with_parents (apps, 0700), ==, 0);
  g_assert_cmpint (g_mkdir_with_parents (config, 0700), ==, 0);
  desktop = g_strdup_printf ("[Desktop Entry]\nType=Application\nName=Copy\n"
                             "Exec=cp %%f %s/launched.py\n"
                             "MimeType=text/x-python;text/x-python3;text/plain;\n", home);
  desktop_path = g_build_filename (apps, "hearth-test-copy.desktop", NULL);
  defaults_path = g_build_filename (config, "mimeapps.list", NULL);
  g_assert_true (g_file_set_contents (desktop_path, desktop, -1, NULL));
  g_assert_true (g_file_set_contents (defaults_path, defaults, -1, NULL));
  g_setenv ("XDG_DATA_HOME", data, TRUE);
  g_setenv ("XDG_CONFIG_HOME", config, TRUE);
}

int
main (int   argc,
      char *argv[])
{
  int status;

  set_up_home ();
  app = hearth_test_ui_new_application (&argc, &argv);

#define ADD(path, func) \
  g_test_add ("/dialogs/" path, Fixture, NULL, fixture_set_up, func, fixture_tear_down)

  ADD ("open", test_open);
  ADD ("open-cancelled", test_open_cancelled);
  ADD ("export", test_export);
  ADD ("launch", test_launch);
  g_test_add_func ("/dialogs/fg-color", test_fg_color);

  status = g_test_run ();
  g_clear_object (&app);
  hearth_test_remove_tree (home);
  g_free (home);
  return status;
}
