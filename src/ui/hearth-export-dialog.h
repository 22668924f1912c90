/* hearth-export-dialog.h: the export of a window's graph to a file the user chooses.
 *
 * Copyright 2026 The Hearth authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <gtk/gtk.h>

#include "hearth-export.h"

G_BEGIN_DECLS

/* What one export draws: one run, or two (before, after). */
typedef struct
{
  HearthCallTree      *trees[2];
  HearthNames         *names[2];
  HearthExportOptions  options;
  char                *path;
  char                *run_names[2];   /* owned; options.run_names point to them */
} HearthExportJob;

HearthExportJob *hearth_export_job_new  (const char       *path);
void             hearth_export_job_free (HearthExportJob  *job);
gboolean         hearth_export_job_run  (HearthExportJob  *job,
                                         GError          **error);

/**
 * HearthExportDialogFuncs:
 * @make_job: what to export to @path, or %NULL when the window has nothing to export
 *   (anymore); called on the main thread once the file is chosen
 * @show_message: tells the user how the export went
 *
 * What a window gives the export dialog.
 */
typedef struct
{
  HearthExportJob *(*make_job)     (GtkWindow      *window,
                                    const char     *path);
  void             (*show_message) (GtkWindow      *window,
                                    GtkMessageType  type,
                                    const char     *title,
                                    const char     *message);
} HearthExportDialogFuncs;

GListModel *hearth_export_file_filters (void);
char       *hearth_export_initial_name (const char                    *run,
                                        const char                    *after);

void        hearth_export_dialog_open  (GtkWindow                     *window,
                                        const char                    *title,
                                        const char                    *initial_name,
                                        GFile                         *folder,
                                        const HearthExportDialogFuncs *funcs);

G_END_DECLS
