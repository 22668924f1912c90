/* hearth-breadcrumbs.h: the zoom path above the graph.
 *
 * Copyright 2026 The Hearth authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <gtk/gtk.h>

#include "hearth-pane.h"

G_BEGIN_DECLS

#define HEARTH_TYPE_BREADCRUMBS (hearth_breadcrumbs_get_type ())

G_DECLARE_FINAL_TYPE (HearthBreadcrumbs, hearth_breadcrumbs, HEARTH, BREADCRUMBS, HearthPane)

GtkWidget     *hearth_breadcrumbs_new         (void);
HearthSession *hearth_breadcrumbs_get_session (HearthBreadcrumbs *self);
void           hearth_breadcrumbs_set_session (HearthBreadcrumbs *self,
                                               HearthSession     *session);
char          *hearth_breadcrumbs_dup_text    (HearthBreadcrumbs *self);

G_END_DECLS
