/* test-source-pane.c: the Source tab on tests/data/pyspy_raw.txt (whose frames find
 * tests/data/workload.py next to it): crunch's def with its lines' heat, the message for a
 * file that is nowhere, and Open in Editor running a fake GNOME Text Editor (a shell script
 * on a PATH of the test's own that writes down its arguments).
 *
 * Copyright 2026 The Hearth authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include <glib/gstdio.h>
#include <string.h>

#include "hearth-application.h"
#include "hearth-source-pane.h"
#include "hearth-settings.h"
#include "hearth-test-ui.h"
#include "hearth-test-util.h"
#include "hearth-window-private.h"

static HearthApplication *app;
static char *bin;

static gint
function_of (HearthProfile *profile,
             const char    *frame)
{
  const HearthFunction *f = hearth_test_find_frame (profile, frame);

  return (gint) (f - hearth_profile_get_function (profile, 0));
}

static char *
buffer_text (HearthSourcePane *pane)
{
  GtkTextBuffer *buffer = gtk_text_view_get_buffer (hearth_source_pane_get_view (pane));
  GtkTextIter start, end;

  gtk_text_buffer_get_bounds (buffer, &start, &end);
  return gtk_text_buffer_get_text (buffer, &start, &end, FALSE);
}

static HearthSourcePane *
select_frame (HearthWindow *window,
              const char   *frame)
{
  HearthSession *session = hearth_window_get_session (window);
  gint function = function_of (hearth_session_get_profile (session), frame);

  hearth_session_set_selected (session, hearth_session_find_widest_node (session, function));
  return HEARTH_SOURCE_PANE (window->source_pane);
}

static gboolean
editor_ran (gpointer path)
{
  return g_file_test (path, G_FILE_TEST_EXISTS);
}

static void
test_heat_and_editor (void)
{
  g_autofree char *path = hearth_test_data_path ("pyspy_raw.txt");
  g_autofree char *args_path = g_build_filename (bin, "gnome-text-editor.args", NULL);
  g_autofree char *args = NULL;
  g_autofree char *want = NULL;
  g_autofree char *text = NULL;
  g_auto (GStrv) lines = NULL;
  g_autoptr (GSettings) settings = NULL;
  HearthWindow *window;
  HearthSourcePane *pane;
  GtkWidget *button;

  if (hearth_test_ui_skip ())
    return;
  window = HEARTH_WINDOW (hearth_test_open_window (app, path, 1024, 700));
  g_assert_cmpstr (hearth_source_pane_get_message (HEARTH_SOURCE_PANE (window->source_pane)), ==,
                   "Select a bar to see its function’s source");

  /* any of crunch's lines: its def, 72-78; 191 of its 232 samples on line 75 */
  pane = select_frame (window, "crunch (workload.py:75)");
  g_assert_null (hearth_source_pane_get_message (pane));
  g_assert_true (g_str_has_suffix (hearth_source_pane_get_path (pane), "tests/data/workload.py"));
  g_assert_cmpuint (hearth_source_pane_get_line (pane), ==, 72);
  text = buffer_text (pane);
  lines = g_strsplit (text, "\n", -1);
  g_assert_cmpuint (g_strv_length (lines), ==, 7);
  g_assert_cmpstr (lines[0], ==, "     >   72  def crunch(n):");
  g_assert_cmpstr (lines[3], ==, "  82%    75          total += shared_helper(v)");
  g_assert_cmpstr (lines[2], ==, "   7%    74      for v in squares(n):");

  /* Open in Editor: the editor of the setting, at the def line */
  settings = _hearth_settings_new ();
  g_settings_set_string (settings, "editor", "gnome-text-editor");
  gtk_notebook_set_current_page (GTK_NOTEBOOK (window->notebook),
                                 gtk_notebook_page_num (GTK_NOTEBOOK (window->notebook),
                                                        window->source_pane));
  button = gtk_widget_get_first_child (gtk_widget_get_last_child (
                                         gtk_widget_get_first_child (GTK_WIDGET (pane))));
  g_assert_true (GTK_IS_BUTTON (button));
  g_assert_true (gtk_widget_get_sensitive (button));
  g_signal_emit_by_name (button, "clicked");
  g_assert_true (hearth_test_wait_until (editor_ran, args_path, 10000));
  hearth_test_wait (300);
  g_assert_true (g_file_get_contents (args_path, &args, NULL, NULL));
  want = g_strdup_printf ("+72\n%s\n", hearth_source_pane_get_path (pane));
  g_assert_cmpstr (args, ==, want);
  g_settings_reset (settings, "editor");
  hearth_test_destroy_window (GTK_WIDGET (window));
}

static char *
dup_item (GMenuModel *menu,
          gint        i,
          const char *attribute)
{
  char *value = NULL;

  g_assert_true (g_menu_model_get_item_attribute (menu, i, attribute, "s", &value));
  return value;
}

static void
assert_editor (GSettings  *settings,
               const char *want)
{
  g_autofree char *editor = g_settings_get_string (settings, "editor");

  g_assert_cmpstr (editor, ==, want);
}

/* The menu beside Open in Editor: the four editors, those whose program is not on PATH said
 * to be missing, each choosing its value of the `editor` setting (the memory backend). */
static void
test_editor_menu (void)
{
  static const char *values[] = { "gnome-text-editor", "vscode", "terminal", "default" };
  static const char *labels[] = { "GNOME Text Editor", "Visual Studio Code (Not Installed)",
                                  "VISUAL or EDITOR in a Terminal (Not Installed)",
                                  "Default Application (No Line)" };
  g_autofree char *path = hearth_test_data_path ("pyspy_raw.txt");
  g_autofree char *old_path = g_strdup (g_getenv ("PATH"));
  g_autofree char *old_visual = g_strdup (g_getenv ("VISUAL"));
  g_autofree char *old_editor = g_strdup (g_getenv ("EDITOR"));
  g_autoptr (GSettings) settings = _hearth_settings_new ();
  HearthWindow *window;
  HearthSourcePane *pane;
  GtkWidget *menu_button;
  GMenuModel *menu;

  if (hearth_test_ui_skip ())
    return;
  window = HEARTH_WINDOW (hearth_test_open_window (app, path, 1024, 700));
  pane = select_frame (window, "crunch (workload.py:75)");
  menu_button = gtk_widget_get_last_child (gtk_widget_get_last_child (
                                             gtk_widget_get_first_child (GTK_WIDGET (pane))));
  g_assert_true (GTK_IS_MENU_BUTTON (menu_button));

  /* only the fake GNOME Text Editor on PATH, and no VISUAL or EDITOR */
  g_setenv ("PATH", bin, TRUE);
  g_unsetenv ("VISUAL");
  g_unsetenv ("EDITOR");
  gtk_notebook_set_current_page (GTK_NOTEBOOK (window->notebook),
                                 gtk_notebook_page_num (GTK_NOTEBOOK (window->notebook),
                                                        window->source_pane));
  gtk_menu_button_popup (GTK_MENU_BUTTON (menu_button));
  menu = gtk_menu_button_get_menu_model (GTK_MENU_BUTTON (menu_button));
  g_assert_cmpint (g_menu_model_get_n_items (menu), ==, 4);
  for (gint i = 0; i < 4; i++)
    {
      g_autofree char *label = dup_item (menu, i, G_MENU_ATTRIBUTE_LABEL);
      g_autofree char *action = dup_item (menu, i, G_MENU_ATTRIBUTE_ACTION);
      g_autofree char *target = dup_item (menu, i, G_MENU_ATTRIBUTE_TARGET);

      g_assert_cmpstr (label, ==, labels[i]);
      g_assert_cmpstr (action, ==, "source.editor");
      g_assert_cmpstr (target, ==, values[i]);
    }
  gtk_menu_button_popdown (GTK_MENU_BUTTON (menu_button));
  g_setenv ("PATH", old_path, TRUE);
  if (old_visual != NULL)
    g_setenv ("VISUAL", old_visual, TRUE);
  if (old_editor != NULL)
    g_setenv ("EDITOR", old_editor, TRUE);

  /* choosing an entry is the setting */
  assert_editor (settings, "default");
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (pane), "source.editor", "s", "vscode"));
  assert_editor (settings, "vscode");
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (pane), "source.editor", "s",
                                             "terminal"));
  assert_editor (settings, "terminal");
  g_settings_reset (settings, "editor");
  hearth_test_destroy_window (GTK_WIDGET (window));
}

static void
test_missing (void)
{
  g_autofree char *path = g_build_filename (bin, "missing.txt", NULL);
  const char *message;
  HearthWindow *window;
  HearthSourcePane *pane;

  if (hearth_test_ui_skip ())
    return;
  g_assert_true (g_file_set_contents (path, "main (nowhere_at_all.py:3) 2\n", -1, NULL));
  window = HEARTH_WINDOW (hearth_test_open_window (app, path, 1024, 700));
  pane = select_frame (window, "main (nowhere_at_all.py:3)");
  message = hearth_source_pane_get_message (pane);
  g_assert_nonnull (message);
  g_assert_true (g_str_has_prefix (message, "nowhere_at_all.py cannot be read"));
  g_assert_null (hearth_source_pane_get_path (pane));
  hearth_test_destroy_window (GTK_WIDGET (window));
  g_remove (path);
}

int
main (int   argc,
      char *argv[])
{
  g_autoptr (GError) error = NULL;
  g_autofree char *fake = NULL;
  g_autofree char *script = NULL;
  g_autofree char *search = NULL;
  int status;

  app = hearth_test_ui_new_application (&argc, &argv);

  /* the fake editor goes first on PATH */
  bin = g_dir_make_tmp ("hearth-source-pane-XXXXXX", &error);
  g_assert_no_error (error);
  fake = g_build_filename (bin, "gnome-text-editor", NULL);
  script = g_strdup_printf ("#!/bin/sh\nprintf '%%s\\n' \"$@\" > \"%s.args.part\"\n"
                            "mv \"%s.args.part\" \"%s.args\"\n", fake, fake, fake);
  g_assert_true (g_file_set_contents (fake, script, -1, NULL));
  g_assert_cmpint (g_chmod (fake, 0755), ==, 0);
  search = g_strdup_printf ("%s:%s", bin, g_getenv ("PATH"));
  g_setenv ("PATH", search, TRUE);

  g_test_add_func ("/source-pane/heat-and-editor", test_heat_and_editor);
  g_test_add_func ("/source-pane/editor-menu", test_editor_menu);
  g_test_add_func ("/source-pane/missing", test_missing);

  status = g_test_run ();
  g_clear_object (&app);
  {
    g_autofree char *args = g_strconcat (fake, ".args", NULL);

    g_remove (args);
    g_remove (fake);
    g_rmdir (bin);
  }
  g_free (bin);
  return status;
}
