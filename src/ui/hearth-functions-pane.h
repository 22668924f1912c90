/* hearth-functions-pane.h: every function of the profile as a table, the way pstats lists it.
 *
 * Copyright 2026 The Hearth authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include "hearth-function-table.h"
#include "hearth-pane.h"

G_BEGIN_DECLS

#define HEARTH_TYPE_FUNCTIONS_PANE (hearth_functions_pane_get_type ())

G_DECLARE_FINAL_TYPE (HearthFunctionsPane, hearth_functions_pane, HEARTH, FUNCTIONS_PANE, HearthPane)

GtkWidget           *hearth_functions_pane_new            (void);
HearthFunctionTable *hearth_functions_pane_get_table      (HearthFunctionsPane *self);
GtkColumnView       *hearth_functions_pane_get_view       (HearthFunctionsPane *self);
void                 hearth_functions_pane_select_row     (HearthFunctionsPane *self,
                                                           guint                position);
void                 hearth_functions_pane_activate_row   (HearthFunctionsPane *self,
                                                           guint                position);
gint                 hearth_functions_pane_get_marked     (HearthFunctionsPane *self);
const guint         *hearth_functions_pane_get_marked_bars (HearthFunctionsPane *self,
                                                            guint               *n_bars);
const char          *hearth_functions_pane_get_summary    (HearthFunctionsPane *self);

void hearth_functions_pane_show_sandwich (HearthFunctionsPane *self);

G_END_DECLS
