/* hearth-order-bar.h: Merged / In Time Order, and the time range shown.
 *
 * Copyright 2026 The Hearth authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <gtk/gtk.h>

#include "hearth-session.h"

G_BEGIN_DECLS

#define HEARTH_TYPE_ORDER_BAR (hearth_order_bar_get_type ())

G_DECLARE_FINAL_TYPE (HearthOrderBar, hearth_order_bar, HEARTH, ORDER_BAR, GtkWidget)

GtkWidget     *hearth_order_bar_new         (void);
void           hearth_order_bar_set_session (HearthOrderBar *self,
                                             HearthSession  *session);
GtkWidget     *hearth_order_bar_get_merged_button (HearthOrderBar *self);
GtkWidget     *hearth_order_bar_get_time_button   (HearthOrderBar *self);
GtkWidget     *hearth_order_bar_get_clear_button  (HearthOrderBar *self);
const char    *hearth_order_bar_get_range_text    (HearthOrderBar *self);

G_END_DECLS
