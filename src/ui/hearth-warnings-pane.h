/* hearth-warnings-pane.h: what the graph cannot show exactly, and what to do about it.
 *
 * Copyright 2026 The Hearth authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include "hearth-pane.h"

G_BEGIN_DECLS

#define HEARTH_TYPE_WARNINGS_PANE (hearth_warnings_pane_get_type ())

G_DECLARE_FINAL_TYPE (HearthWarningsPane, hearth_warnings_pane, HEARTH, WARNINGS_PANE, HearthPane)

GtkWidget *hearth_warnings_pane_new            (void);
guint      hearth_warnings_pane_get_n_warnings (HearthWarningsPane *self);
char      *hearth_warnings_pane_dup_text       (HearthWarningsPane *self);

G_END_DECLS
