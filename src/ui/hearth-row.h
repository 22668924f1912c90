/* hearth-row.h: one row of a side pane's list.
 *
 * Copyright 2026 The Hearth authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <glib-object.h>

G_BEGIN_DECLS

#define HEARTH_TYPE_ROW (hearth_row_get_type ())

G_DECLARE_FINAL_TYPE (HearthRow, hearth_row, HEARTH, ROW, GObject)

HearthRow  *hearth_row_new          (const char *label,
                                     gint        function,
                                     gint        node,
                                     gint64      calls,
                                     double      value,
                                     double      fraction);
const char *hearth_row_get_label    (HearthRow  *self);
const char *hearth_row_get_detail   (HearthRow  *self);
void        hearth_row_set_detail   (HearthRow  *self,
                                     const char *detail);
const char *hearth_row_get_note     (HearthRow  *self);
void        hearth_row_set_note     (HearthRow  *self,
                                     const char *note);
const char *hearth_row_get_value_text (HearthRow *self);
void        hearth_row_set_value_text (HearthRow *self,
                                     const char *text);
gint        hearth_row_get_function (HearthRow  *self);
gint        hearth_row_get_node     (HearthRow  *self);
gint64      hearth_row_get_calls    (HearthRow  *self);
double      hearth_row_get_value    (HearthRow  *self);
double      hearth_row_get_fraction (HearthRow  *self);
gboolean    hearth_row_get_estimated (HearthRow *self);
void        hearth_row_set_estimated (HearthRow *self,
                                     gboolean    estimated);

G_END_DECLS
