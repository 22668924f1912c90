/* hearth-export-dialog.c: the export of a window's graph to a file the user chooses.
 *
 * Copyright 2026 The Hearth authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#define G_LOG_DOMAIN "hearth-export-dialog"

#include "hearth-export-dialog.h"

#include <glib/gi18n.h>
#include <string.h>

#include "hearth-gtk-compat.h"

/* Jobs ------------------------------------------------------------------------------------------ */

HearthExportJob *
hearth_export_job_new (const char *path)
{
  HearthExportJob *job = g_new0 (HearthExportJob, 1);

  job->options = (HearthExportOptions) HEARTH_EXPORT_OPTIONS_INIT;
  job->path = g_strdup (path);
  return job;
}

void
hearth_export_job_free (HearthExportJob *job)
{
  if (job == NULL)
    return;
  for (guint r = 0; r < G_N_ELEMENTS (job->trees); r++)
    {
      g_clear_object (&job->trees[r]);
      g_clear_object (&job->names[r]);
      g_free (job->run_names[r]);
    }
  g_clear_object (&job->options.spread);
  g_free (job->path);
  g_free (job);
}

/* Runs on any thread: the trees and names are immutable once laid out. */
gboolean
hearth_export_job_run (HearthExportJob  *job,
                       GError          **error)
{
  for (guint r = 0; r < G_N_ELEMENTS (job->run_names); r++)
    job->options.run_names[r] = job->run_names[r];
  return hearth_export_to_file (job->path, job->trees[0], job->names[0], job->trees[1],
                                job->names[1], &job->options, error);
}

/* The dialog ------------------------------------------------------------------------------------ */

typedef struct
{
  HearthExportJob               *job;
  const HearthExportDialogFuncs *funcs;
} Export;

static void
export_free (gpointer data)
{
  Export *export = data;

  hearth_export_job_free (export->job);
  g_free (export);
}

static void
export_thread (GTask        *task,
               gpointer      source_object,
               gpointer      task_data,
               GCancellable *cancellable)
{
  Export *export = task_data;
  GError *error = NULL;

  if (hearth_export_job_run (export->job, &error))
    g_task_return_boolean (task, TRUE);
  else
    g_task_return_error (task, error);
}

static void
export_done (GObject      *source,
             GAsyncResult *result,
             gpointer      user_data)
{
  GtkWindow *window = GTK_WINDOW (source);
  Export *export = g_task_get_task_data (G_TASK (result));
  g_autoptr (GError) error = NULL;
  g_autofree char *name = NULL;
  g_autofree char *text = NULL;

  if (!g_task_propagate_boolean (G_TASK (result), &error))
    {
      export->funcs->show_message (window, GTK_MESSAGE_ERROR, _("The graph was not exported"),
                                   error->message);
      return;
    }
  name = g_path_get_basename (export->job->path);
  text = g_strdup_printf (_("Exported to “%s”."), name);
  export->funcs->show_message (window, GTK_MESSAGE_INFO, NULL, text);
}

typedef struct
{
  GtkWindow                     *window;
  const HearthExportDialogFuncs *funcs;
} Request;

static void
export_chosen (GObject      *source,
               GAsyncResult *result,
               gpointer      user_data)
{
  Request *request = user_data;
  g_autoptr (GtkWindow) window = g_steal_pointer (&request->window);
  const HearthExportDialogFuncs *funcs = request->funcs;
  g_autoptr (GError) error = NULL;
  g_autoptr (GFile) file = hearth_save_file_finish (result, &error);
  g_autofree char *path = NULL;
  g_autoptr (GTask) task = NULL;
  Export *export;

  g_free (request);
  if (file == NULL)
    {
      if (error != NULL && !g_error_matches (error, G_IO_ERROR, G_IO_ERROR_CANCELLED))
        funcs->show_message (window, GTK_MESSAGE_ERROR, _("The graph was not exported"),
                             error->message);
      return;
    }
  path = g_file_get_path (file);
  if (path == NULL)
    {
      funcs->show_message (window, GTK_MESSAGE_ERROR, _("The graph was not exported"),
                           _("Exports go to local files only."));
      return;
    }
  /* no extension: the dialog's choice of name is kept, as an SVG */
  if (hearth_export_format_for_path (path) == HEARTH_EXPORT_UNKNOWN)
    {
      char *with_extension = g_strconcat (path, ".svg", NULL);

      g_free (path);
      path = with_extension;
    }
  export = g_new0 (Export, 1);
  export->funcs = funcs;
  export->job = funcs->make_job (window, path);
  if (export->job == NULL)
    {
      export_free (export);
      return;
    }
  task = g_task_new (window, NULL, export_done, NULL);
  g_task_set_task_data (task, export, export_free);
  g_task_run_in_thread (task, export_thread);
}

/* every format hearth_export_to_file () writes */
GListModel *
hearth_export_file_filters (void)
{
  static const struct
  {
    const char *name;
    const char *suffix;
  } formats[] = {
    { N_("SVG Image"), "svg" },
    { N_("PNG Image"), "png" },
    { N_("PDF Document"), "pdf" },
    { N_("Interactive Web Page"), "html" },
  };
  GListStore *filters = g_list_store_new (GTK_TYPE_FILE_FILTER);

  for (guint i = 0; i < G_N_ELEMENTS (formats); i++)
    {
      g_autoptr (GtkFileFilter) filter = gtk_file_filter_new ();

      gtk_file_filter_set_name (filter, _(formats[i].name));
      gtk_file_filter_add_suffix (filter, formats[i].suffix);
      g_list_store_append (filters, filter);
    }
  return G_LIST_MODEL (filters);
}

/* @name without its extension; a leading dot (".profile") is part of the name */
static char *
dup_stem (const char *name)
{
  const char *dot = strrchr (name, '.');

  return dot != NULL && dot != name ? g_strndup (name, dot - name) : g_strdup (name);
}

/**
 * hearth_export_initial_name:
 * @run: the file name of the run drawn (or of the run before)
 * @after: (nullable): the file name of the run after, when two runs are drawn
 *
 * Returns: the SVG file name an export proposes: "RUN.svg" or "RUN-vs-AFTER.svg", without
 *   the runs' own extensions
 */
char *
hearth_export_initial_name (const char *run,
                            const char *after)
{
  g_autofree char *stem = dup_stem (run);
  g_autofree char *after_stem = after != NULL ? dup_stem (after) : NULL;

  if (after_stem == NULL)
    return g_strconcat (stem, ".svg", NULL);
  return g_strdup_printf ("%s-vs-%s.svg", stem, after_stem);
}

/**
 * hearth_export_dialog_open:
 * @window: the window whose graph is exported
 * @title: the dialog's title
 * @initial_name: the file name the dialog proposes
 * @folder: (nullable): the folder it starts in
 * @funcs: (not nullable): the window's part; must live as long as the program (a static)
 *
 * Asks for a file, then exports in a thread and tells the user how it went. A name without
 * an extension becomes an SVG.
 */
void
hearth_export_dialog_open (GtkWindow                     *window,
                           const char                    *title,
                           const char                    *initial_name,
                           GFile                         *folder,
                           const HearthExportDialogFuncs *funcs)
{
  g_autoptr (GListModel) filters = hearth_export_file_filters ();
  Request *request = g_new0 (Request, 1);

  request->window = g_object_ref (window);
  request->funcs = funcs;
  hearth_save_file_async (window, title, initial_name, folder, filters, NULL, export_chosen,
                          request);
}
