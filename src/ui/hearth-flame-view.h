/* hearth-flame-view.h: the flame graph widget.
 *
 * Copyright 2026 The Hearth authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <gtk/gtk.h>

#include "hearth-flame-renderer.h"
#include "hearth-session.h"

G_BEGIN_DECLS

#define HEARTH_TYPE_FLAME_VIEW (hearth_flame_view_get_type ())

G_DECLARE_FINAL_TYPE (HearthFlameView, hearth_flame_view, HEARTH, FLAME_VIEW, GtkWidget)

GtkWidget           *hearth_flame_view_new                (void);

HearthSession       *hearth_flame_view_get_session        (HearthFlameView   *self);
void                 hearth_flame_view_set_session        (HearthFlameView   *self,
                                                           HearthSession     *session);
gboolean             hearth_flame_view_get_icicle         (HearthFlameView   *self);
void                 hearth_flame_view_set_icicle         (HearthFlameView   *self,
                                                           gboolean           icicle);
HearthFlameRenderer *hearth_flame_view_get_renderer       (HearthFlameView   *self);

void                 hearth_flame_view_select_range       (HearthFlameView   *self,
                                                           double             start,
                                                           double             end);
gint                 hearth_flame_view_node_at            (HearthFlameView   *self,
                                                           double             x,
                                                           double             y);
gboolean             hearth_flame_view_get_node_bounds    (HearthFlameView   *self,
                                                           guint              node,
                                                           graphene_rect_t   *bounds);
gint                 hearth_flame_view_get_hover          (HearthFlameView   *self);
gboolean             hearth_flame_view_get_axis_shown     (HearthFlameView   *self);
char                *hearth_flame_view_dup_description    (HearthFlameView   *self);
char                *hearth_flame_view_dup_tooltip_text   (HearthFlameView   *self,
                                                           guint              node);

void                 hearth_flame_view_get_visible_range  (HearthFlameView   *self,
                                                           double            *start,
                                                           double            *end);
void                 hearth_flame_view_set_visible_range  (HearthFlameView   *self,
                                                           double             start,
                                                           double             end,
                                                           gboolean           animate);
void                 hearth_flame_view_zoom_by            (HearthFlameView   *self,
                                                           double             factor,
                                                           double             x);
gboolean             hearth_flame_view_get_animating      (HearthFlameView   *self);

void                 hearth_flame_view_set_compare        (HearthFlameView   *self,
                                                           HearthSession     *peer,
                                                           guint              run);
void                 hearth_flame_view_set_normalized     (HearthFlameView   *self,
                                                           gboolean           normalized);
void                 hearth_flame_view_set_linked         (HearthFlameView   *self,
                                                           gint               node);
void                 hearth_flame_view_set_marked         (HearthFlameView   *self,
                                                           const guint       *nodes,
                                                           guint              n_nodes);
guint                hearth_flame_view_get_n_marked       (HearthFlameView   *self);

G_END_DECLS
