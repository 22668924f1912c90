/* hearth-pane-columns.h: sortable columns over #HearthRow items, shared by the list panes.
 *
 * Copyright 2026 The Hearth authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <gtk/gtk.h>

G_BEGIN_DECLS

/**
 * HearthColumnKind:
 * @HEARTH_COLUMN_LABEL: the row's label, ellipsized, its detail as tooltip
 * @HEARTH_COLUMN_CHAIN: the row's label ellipsized at the start (the end of a chain matters)
 * @HEARTH_COLUMN_CALLS: calls
 * @HEARTH_COLUMN_VALUE: the value formatted for people
 * @HEARTH_COLUMN_PERCENT: the fraction as a percentage
 * @HEARTH_COLUMN_FLAGS: "E" for estimated rows
 * @HEARTH_COLUMN_SHARE: the percentage, and the value under it
 */
typedef enum
{
  HEARTH_COLUMN_LABEL,
  HEARTH_COLUMN_CHAIN,
  HEARTH_COLUMN_CALLS,
  HEARTH_COLUMN_VALUE,
  HEARTH_COLUMN_PERCENT,
  HEARTH_COLUMN_FLAGS,
  HEARTH_COLUMN_SHARE,
} HearthColumnKind;

GtkColumnViewColumn *_hearth_column_new        (HearthColumnKind  kind,
                                                const char       *title);
GtkWidget           *_hearth_column_view_new   (GListModel       *rows,
                                                GtkSortListModel **sorted);
char                *_hearth_format_percent    (double            fraction);

G_END_DECLS
