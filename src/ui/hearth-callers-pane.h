/* hearth-callers-pane.h: who called the selected function, and what it called.
 *
 * Copyright 2026 The Hearth authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include "hearth-pane.h"

G_BEGIN_DECLS

#define HEARTH_TYPE_CALLERS_PANE (hearth_callers_pane_get_type ())

G_DECLARE_FINAL_TYPE (HearthCallersPane, hearth_callers_pane, HEARTH, CALLERS_PANE, HearthPane)

GtkWidget  *hearth_callers_pane_new             (void);
gint        hearth_callers_pane_get_function    (HearthCallersPane *self);
const char *hearth_callers_pane_get_title       (HearthCallersPane *self);
GListModel *hearth_callers_pane_get_callers     (HearthCallersPane *self);
GListModel *hearth_callers_pane_get_callees     (HearthCallersPane *self);
void        hearth_callers_pane_activate_row    (HearthCallersPane *self,
                                                 gboolean           callers,
                                                 guint              position);

G_END_DECLS
