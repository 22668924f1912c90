/* hearth-changes-pane.h: the chains of a comparison, largest change first.
 *
 * Copyright 2026 The Hearth authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <gtk/gtk.h>

#include "hearth-chain-match.h"
#include "hearth-session.h"

G_BEGIN_DECLS

#define HEARTH_TYPE_CHANGE_ROW (hearth_change_row_get_type ())

G_DECLARE_FINAL_TYPE (HearthChangeRow, hearth_change_row, HEARTH, CHANGE_ROW, GObject)

const char *hearth_change_row_get_chain       (HearthChangeRow *self);
double      hearth_change_row_get_before      (HearthChangeRow *self);
double      hearth_change_row_get_after       (HearthChangeRow *self);
double      hearth_change_row_get_change      (HearthChangeRow *self);
gint        hearth_change_row_get_before_node (HearthChangeRow *self);
gint        hearth_change_row_get_after_node  (HearthChangeRow *self);
guint       hearth_change_row_get_flags       (HearthChangeRow *self);
guint       hearth_change_row_get_verdict     (HearthChangeRow *self);

#define HEARTH_TYPE_CHANGES_PANE (hearth_changes_pane_get_type ())

G_DECLARE_FINAL_TYPE (HearthChangesPane, hearth_changes_pane, HEARTH, CHANGES_PANE, GtkWidget)

GtkWidget  *hearth_changes_pane_new          (void);
void        hearth_changes_pane_set_match    (HearthChangesPane *self,
                                              HearthSession     *before,
                                              HearthSession     *after,
                                              HearthChainMatch  *match);
GListModel *hearth_changes_pane_get_rows     (HearthChangesPane *self);
void        hearth_changes_pane_activate_row (HearthChangesPane *self,
                                              guint              position);
const char *hearth_changes_pane_get_note     (HearthChangesPane *self);

G_END_DECLS
