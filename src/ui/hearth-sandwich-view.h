/* hearth-sandwich-view.h: one function's sandwich in the window, with a way back.
 *
 * Copyright 2026 The Hearth authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <gtk/gtk.h>

#include "hearth-sandwich-render.h"

G_BEGIN_DECLS

#define HEARTH_TYPE_SANDWICH_VIEW (hearth_sandwich_view_get_type ())

G_DECLARE_FINAL_TYPE (HearthSandwichView, hearth_sandwich_view, HEARTH, SANDWICH_VIEW, GtkWidget)

GtkWidget            *hearth_sandwich_view_new          (void);
gboolean              hearth_sandwich_view_open         (HearthSandwichView          *self,
                                                         HearthProfile               *profile,
                                                         HearthNames                 *names,
                                                         const HearthCallTreeOptions *options,
                                                         guint                        function);
void                  hearth_sandwich_view_move_to      (HearthSandwichView *self,
                                                         guint               function);
void                  hearth_sandwich_view_back         (HearthSandwichView *self);
void                  hearth_sandwich_view_clear        (HearthSandwichView *self);
gint                  hearth_sandwich_view_get_function (HearthSandwichView *self);
guint                 hearth_sandwich_view_get_depth    (HearthSandwichView *self);
const char           *hearth_sandwich_view_get_title    (HearthSandwichView *self);
HearthSandwichRender *hearth_sandwich_view_get_render   (HearthSandwichView *self);
gboolean              hearth_sandwich_view_click        (HearthSandwichView *self,
                                                         double              x,
                                                         double              y);
char                 *hearth_sandwich_view_dup_tooltip  (HearthSandwichView *self,
                                                         double              x,
                                                         double              y);

G_END_DECLS
