/* hearth-ui-resources.h: the user interface's resource bundle (window templates, style
 * sheet, shortcuts window, icon), for the application and the windows alike.
 *
 * Copyright 2026 The Hearth authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <gtk/gtk.h>

G_BEGIN_DECLS

/* The release ID: the GSettings schema and the icon in the resource are the same for the
 * development flavour. */
#define HEARTH_RELEASE_ID "io.github.hearthprof.Hearth"
/* Where the GResource lives, whatever the application ID. */
#define HEARTH_RESOURCE_PATH "/io/github/hearthprof/Hearth"

void _hearth_ui_register_resources (void);
void _hearth_ui_load_style         (GdkDisplay *display);

G_END_DECLS
