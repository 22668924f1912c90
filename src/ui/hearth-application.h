/* hearth-application.h
 *
 * Copyright 2026 The Hearth authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <gtk/gtk.h>

G_BEGIN_DECLS

/* the help page on reading the graph (help/C/read-graph.page) */
#define HEARTH_HELP_URI "help:hearth/read-graph"

#define HEARTH_TYPE_APPLICATION (hearth_application_get_type ())

G_DECLARE_FINAL_TYPE (HearthApplication, hearth_application, HEARTH, APPLICATION, GtkApplication)

HearthApplication *hearth_application_new       (void);
void               hearth_application_open_file (HearthApplication *self,
                                                 GFile             *file,
                                                 GtkWindow         *from);
GtkWindow         *hearth_application_compare   (HearthApplication *self,
                                                 GFile             *before,
                                                 GFile             *after);

G_END_DECLS
