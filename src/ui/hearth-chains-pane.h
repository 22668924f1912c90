/* hearth-chains-pane.h: the chains with nothing on top, widest first.
 *
 * Copyright 2026 The Hearth authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include "hearth-pane.h"

G_BEGIN_DECLS

#define HEARTH_TYPE_CHAINS_PANE (hearth_chains_pane_get_type ())

G_DECLARE_FINAL_TYPE (HearthChainsPane, hearth_chains_pane, HEARTH, CHAINS_PANE, HearthPane)

GtkWidget  *hearth_chains_pane_new          (void);
const char *hearth_chains_pane_get_share_title (HearthChainsPane *self);
GListModel *hearth_chains_pane_get_rows     (HearthChainsPane *self);
void        hearth_chains_pane_activate_row (HearthChainsPane *self,
                                             guint             position);

G_END_DECLS
