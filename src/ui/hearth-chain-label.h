/* hearth-chain-label.h
 *
 * Copyright 2026 The Hearth authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <gtk/gtk.h>

G_BEGIN_DECLS

#define HEARTH_TYPE_CHAIN_LABEL (hearth_chain_label_get_type ())

G_DECLARE_FINAL_TYPE (HearthChainLabel, hearth_chain_label, HEARTH, CHAIN_LABEL, GtkWidget)

GtkWidget  *hearth_chain_label_new       (void);
void        hearth_chain_label_set_chain (HearthChainLabel *self,
                                          const char       *chain);
const char *hearth_chain_label_get_text  (HearthChainLabel *self);

G_END_DECLS
