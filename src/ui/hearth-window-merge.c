/* hearth-window-merge.c: a window showing several runs merged into one profile, the watch on
 * their files, and the offer to merge the profiles of a folder or of several files opened
 * together.
 *
 * Copyright 2026 The Hearth authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#define G_LOG_DOMAIN "hearth-window"

#include "hearth-window-private.h"

#include <glib/gi18n.h>

#include "hearth-profile-folder.h"

/**
 * hearth_window_open_merged:
 * @self: a #HearthWindow
 * @files: (array length=n_files): the profile files of the runs
 * @n_files: how many, at least one
 *
 * Reads the runs in a thread, as hearth_window_open() reads a file, and shows them added up
 * into one profile, titled "N runs merged"; the Warnings pane lists the runs with their
 * totals.
 */
void
hearth_window_open_merged (HearthWindow  *self,
                           GFile * const *files,
                           guint          n_files)
{
  g_return_if_fail (HEARTH_IS_WINDOW (self));
  g_return_if_fail (files != NULL && n_files > 0);

  hearth_loading_view_set_merge (HEARTH_LOADING_VIEW (self->loading_view), n_files);
  _hearth_window_show_message (self, GTK_MESSAGE_INFO, NULL, NULL);
  self->reload_serial++;
  self->reloading = FALSE;
  hearth_session_load_merge_async (self->session, files, n_files, NULL, _hearth_window_load_done,
                                   g_object_ref (self));
}

/**
 * _hearth_window_dup_shown_name:
 * @self: a #HearthWindow
 *
 * Returns: the name of what is shown for a banner: the file's name, or the merged
 *   profile's ("3 runs merged")
 */
char *
_hearth_window_dup_shown_name (HearthWindow *self)
{
  GFile *file = hearth_session_get_file (self->session);
  HearthProfile *profile = hearth_session_get_profile (self->session);

  if (file != NULL)
    return g_file_get_basename (file);
  if (profile != NULL && hearth_profile_get_name (profile) != NULL)
    return g_strdup (hearth_profile_get_name (profile));
  return g_strdup (_("Profile"));
}

static void
run_changed (HearthWindow *self)
{
  _hearth_window_reload (self, TRUE);
}

static gboolean
watches_runs (HearthWindow  *self,
              GFile * const *runs,
              guint          n_runs)
{
  if (self->run_watches == NULL || self->run_watches->len != n_runs)
    return FALSE;
  for (guint i = 0; i < n_runs; i++)
    if (!g_file_equal (hearth_file_watch_get_file (self->run_watches->pdata[i]), runs[i]))
      return FALSE;
  return TRUE;
}

/**
 * _hearth_window_watch_runs:
 * @self: a #HearthWindow
 *
 * For a merged profile, watches every run's file: one rewritten reloads the merge (all runs
 * are read again, as a reload of one file reads it again). Otherwise stops those watches.
 */
void
_hearth_window_watch_runs (HearthWindow *self)
{
  guint n_runs = 0;
  GFile * const *runs = hearth_session_get_merge_files (self->session, &n_runs);

  if (runs == NULL)
    {
      g_clear_pointer (&self->run_watches, g_ptr_array_unref);
      return;
    }
  if (watches_runs (self, runs, n_runs))
    return;
  g_clear_pointer (&self->run_watches, g_ptr_array_unref);
  self->run_watches = g_ptr_array_new_with_free_func (g_object_unref);
  for (guint i = 0; i < n_runs; i++)
    {
      HearthFileWatch *watch;

      if (!g_file_is_native (runs[i]))
        continue;
      watch = hearth_file_watch_new (runs[i]);
      g_signal_connect_object (watch, "changed", G_CALLBACK (run_changed), self,
                               G_CONNECT_SWAPPED);
      g_ptr_array_add (self->run_watches, watch);
    }
}

/* Offering a merge --------------------------------------------------------------------------- */

static void
set_offered (HearthWindow *self,
             GPtrArray    *files)
{
  g_clear_pointer (&self->offered_files, g_ptr_array_unref);
  if (files != NULL)
    self->offered_files = g_ptr_array_ref (files);
}

/**
 * _hearth_window_offer_merge:
 * @self: a #HearthWindow
 * @files: (element-type GFile): profiles opened together
 * @title: the banner's title
 * @message: what it says below
 *
 * Shows a banner with "Open as One Profile", which opens @files merged in this window when
 * it is empty, else in a new one.
 */
void
_hearth_window_offer_merge (HearthWindow *self,
                            GPtrArray    *files,
                            const char   *title,
                            const char   *message)
{
  _hearth_window_show_message (self, GTK_MESSAGE_INFO, title, message);
  set_offered (self, files);
  gtk_widget_set_visible (self->merge_button, TRUE);
  /* the offer is what the window is about now: Enter takes it */
  gtk_widget_grab_focus (self->merge_button);
}

/**
 * _hearth_window_offer_together:
 * @self: a #HearthWindow
 * @files: (element-type GFile): several profiles opened at once, each in a window
 *
 * Offers them as one, when there are several.
 */
void
_hearth_window_offer_together (HearthWindow *self,
                               GPtrArray    *files)
{
  g_autofree char *title = NULL;

  if (files->len < 2)
    return;
  /* translators: the banner of a window when several profiles are opened at once */
  title = g_strdup_printf (g_dngettext (GETTEXT_PACKAGE, "%u profile opened together",
                                        "%u profiles opened together", files->len), files->len);
  _hearth_window_offer_merge (self, files, title,
                              _("Each has a window. Open as One Profile adds them up as runs "
                                "of one program."));
}

/**
 * _hearth_window_merge_offered:
 * @self: a #HearthWindow
 *
 * Opens the files of the last offer merged: here when the window is empty, else in a new
 * window of the same application.
 */
void
_hearth_window_merge_offered (HearthWindow *self)
{
  g_autoptr (GPtrArray) files = g_steal_pointer (&self->offered_files);
  GtkApplication *app = gtk_window_get_application (GTK_WINDOW (self));
  HearthWindow *window = self;

  if (files == NULL || files->len == 0)
    return;
  if (!hearth_window_is_empty (self) && app != NULL)
    window = hearth_window_new (app);
  hearth_window_open_merged (window, (GFile * const *) files->pdata, files->len);
  gtk_window_present (GTK_WINDOW (window));
}

/**
 * _hearth_window_offer_folder:
 * @self: a #HearthWindow
 * @folder: a folder opened as if it were a profile
 *
 * Lists the profiles in @folder and offers to open them as one; says so when there are none.
 */
void
_hearth_window_offer_folder (HearthWindow *self,
                             GFile        *folder)
{
  g_autoptr (GError) error = NULL;
  g_autoptr (GFile) left_out = NULL;
  g_autoptr (GPtrArray) files = hearth_profile_folder_list (folder, &left_out, &error);
  g_autofree char *name = g_file_get_basename (folder);
  g_autofree char *title = NULL;
  g_autofree char *message = NULL;

  if (files == NULL || files->len == 0)
    {
      title = g_strdup_printf (_("No profiles in “%s”"), name);
      _hearth_window_show_message (self, GTK_MESSAGE_ERROR, title,
                                   error != NULL ? error->message
                                                 : _("Hearth looks for .prof, .pstats, .folded, "
                                                     ".collapsed and .speedscope.json files."));
      return;
    }
  /* translators: a folder opened in the window, "12 profiles in prof/" */
  title = g_strdup_printf (g_dngettext (GETTEXT_PACKAGE, "%u profile in %s/",
                                        "%u profiles in %s/", files->len), files->len, name);
  if (left_out != NULL)
    message = g_strdup_printf (_("Open as One Profile adds them up as runs of one program. "
                                 "%s is left out: pytest-profiling writes it as the sum of the "
                                 "others."), HEARTH_PROFILE_FOLDER_COMBINED);
  else
    message = g_strdup (_("Open as One Profile adds them up as runs of one program."));
  _hearth_window_offer_merge (self, files, title, message);
}
