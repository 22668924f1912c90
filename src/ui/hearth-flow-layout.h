/* hearth-flow-layout.h
 *
 * Copyright 2026 The Hearth authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <gtk/gtk.h>

G_BEGIN_DECLS

#define HEARTH_TYPE_FLOW_LAYOUT (hearth_flow_layout_get_type ())

G_DECLARE_FINAL_TYPE (HearthFlowLayout, hearth_flow_layout, HEARTH, FLOW_LAYOUT, GtkLayoutManager)

GtkLayoutManager *hearth_flow_layout_new (int column_spacing,
                                          int row_spacing);

G_END_DECLS
