/* hearth-source-pane.h: the selected function's source, its lines' heat, Open in Editor.
 *
 * Copyright 2026 The Hearth authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include "hearth-pane.h"

G_BEGIN_DECLS

#define HEARTH_TYPE_SOURCE_PANE (hearth_source_pane_get_type ())

G_DECLARE_FINAL_TYPE (HearthSourcePane, hearth_source_pane, HEARTH, SOURCE_PANE, HearthPane)

GtkWidget   *hearth_source_pane_new          (void);
GtkTextView *hearth_source_pane_get_view     (HearthSourcePane *self);
const char  *hearth_source_pane_get_message  (HearthSourcePane *self);
const char  *hearth_source_pane_get_path     (HearthSourcePane *self);
guint        hearth_source_pane_get_line     (HearthSourcePane *self);

G_END_DECLS
