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

/* The release ID: the GSettings schema and the icon in the resource are the same for the
 * development flavour. */
#define HEARTH_RELEASE_ID "io.github.hearthprof.Hearth"
#define HEARTH_SCHEMA_ID  HEARTH_RELEASE_ID
/* Where the GResource lives, whatever the application ID. */
#define HEARTH_RESOURCE_PATH "/io/github/hearthprof/Hearth"

#define HEARTH_TYPE_APPLICATION (hearth_application_get_type ())

G_DECLARE_FINAL_TYPE (HearthApplication, hearth_application, HEARTH, APPLICATION, GtkApplication)

HearthApplication *hearth_application_new       (void);
void               hearth_application_open_file (HearthApplication *self,
                                                 GFile             *file,
                                                 GtkWindow         *from);
GtkWindow         *hearth_application_compare   (HearthApplication *self,
                                                 GFile             *before,
                                                 GFile             *after);

GSettings         *_hearth_settings_new         (void);
void               _hearth_ui_register_resources (void);
void               _hearth_ui_load_style        (GdkDisplay        *display);

G_END_DECLS
