/* hearth-flame-view-private.h: the instance struct of HearthFlameView and what the files
 * of the view share (hearth-flame-view*.c).
 *
 * Copyright 2026 The Hearth authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include "hearth-flame-view.h"
#include "hearth-gtk-compat.h"

G_BEGIN_DECLS

struct _HearthFlameView
{
  GtkWidget            parent_instance;

  /* owned */
  HearthSession       *session;
  GSignalGroup        *session_signals;
  HearthSession       *peer;            /* the other run of a comparison */
  GSignalGroup        *peer_signals;
  HearthFlameRenderer *renderer;
  GtkWidget           *menu;
  GskRenderNode       *graph;
  GskRenderNode       *axis;            /* the axis alone, pinned to the bottom when needed */
  PangoFontDescription *font;

  /* the vertical adjustment of the scrolled window around the view (borrowed) */
  GtkAdjustment       *vadjustment;
  gulong               vadjustment_handler;
  gulong               vadjustment_changed_handler;

  /* how far the visible part is scrolled away from the root's end, in pixels: 0 keeps the
   * root row and the axis in view across new trees and window sizes */
  double               root_gap;
  gboolean             keeping_gap;
  gulong               relayout_handler;
  double               pinned_top;      /* widget y of the pinned axis, or -1 */

  /* what is shown: the range moves towards target_* during an animation */
  HearthFlameViewport  viewport;
  double               target_start;
  double               target_end;
  double               from_start;
  double               from_end;
  gint64               animation_begin;
  guint                tick_id;

  /* the rows recorded in graph, in content pixels */
  double               band_top;
  double               band_bottom;
  double               graph_width;
  gint64               tree_set_at;     /* monotonic µs; 0 once its first frame is logged */
  gulong               first_paint_handler;

  gboolean             icicle;
  gboolean             dark;
  gboolean             high_contrast;
  guint                run;             /* which run of a comparison the session is */
  gboolean             normalized;
  gint                 linked;          /* the bar matching the other view's hover */
  GArray              *marked;          /* guint: bars of the function picked in a table */
  gint                 hover;
  gint                 menu_node;
  double               pointer_x;
  gboolean             pointer_inside;
  double               pinch_scale;

  /* the visible bars as accessible children (GTK 4.10 and later): HearthFlameBar, walk
   * order; remade a moment after what is shown changes */
  GPtrArray           *bars;
  guint                bars_source;

  /* a time range being dragged on a chart, in widget x (drag_from < 0: none) */
  double               drag_from;
  double               drag_to;
};

enum
{
  SHOW_CALLERS,
  SHOW_SANDWICH,
  RANGE_CHANGED,
  N_SIGNALS
};

extern guint _hearth_flame_view_signals[N_SIGNALS];

/* Geometry (hearth-flame-view.c) */
HearthCallTree   *_hearth_flame_view_get_tree               (HearthFlameView     *self);
guint             _hearth_flame_view_n_nodes                (HearthFlameView     *self);
const HearthNode *_hearth_flame_view_get_node               (HearthFlameView     *self,
                                                             gint                 node);
gboolean          _hearth_flame_view_comparing              (HearthFlameView     *self);
double            _hearth_flame_view_compared_total         (HearthFlameView     *self,
                                                             guint                run);
double            _hearth_flame_view_axis_total             (HearthFlameView     *self);
double            _hearth_flame_view_axis_ratio             (HearthFlameView     *self);
void              _hearth_flame_view_current_viewport       (HearthFlameView     *self,
                                                             HearthFlameViewport *vp);
double            _hearth_flame_view_content_height         (HearthFlameView     *self);
void              _hearth_flame_view_bars_columns           (HearthFlameView     *self,
                                                             double              *left,
                                                             double              *width);
double            _hearth_flame_view_offset_for_height      (HearthFlameView     *self,
                                                             double               height);
void              _hearth_flame_view_drop_graph             (HearthFlameView     *self);
gboolean          _hearth_flame_view_node_bounds            (HearthFlameView     *self,
                                                             guint                node,
                                                             double               offset,
                                                             graphene_rect_t     *bounds);
void              _hearth_flame_view_set_hover              (HearthFlameView     *self,
                                                             gint                 node);

/* Visible range (hearth-flame-view-zoom.c) */
void              _hearth_flame_view_apply_range            (HearthFlameView     *self,
                                                             double               start,
                                                             double               end);
void              _hearth_flame_view_stop_animation         (HearthFlameView     *self);
void              _hearth_flame_view_node_extent            (HearthFlameView     *self,
                                                             const HearthNode    *node,
                                                             double              *start,
                                                             double              *width);
void              _hearth_flame_view_show_zoom_node         (HearthFlameView     *self,
                                                             gboolean             animate);
void              _hearth_flame_view_pan_by                 (HearthFlameView     *self,
                                                             double               fraction);

/* Drawing (hearth-flame-view-snapshot.c) */
void              _hearth_flame_view_update_style           (HearthFlameView     *self);
void              _hearth_flame_view_snapshot               (GtkWidget           *widget,
                                                             GtkSnapshot         *snapshot);

/* Input (hearth-flame-view-input.c) */
gboolean          _hearth_flame_view_is_chart               (HearthFlameView     *self);
double            _hearth_flame_view_chart_x                (HearthFlameView     *self,
                                                             double               value);
void              _hearth_flame_view_class_add_bindings     (GtkWidgetClass      *widget_class);
void              _hearth_flame_view_init_input             (HearthFlameView     *self);

/* Actions and the context menu (hearth-flame-view-actions.c) */
void              _hearth_flame_view_class_install_actions  (GtkWidgetClass      *widget_class);
void              _hearth_flame_view_popup_menu_at          (HearthFlameView     *self,
                                                             gint                 node,
                                                             double               x,
                                                             double               y);

/* The scrolled window around the view (hearth-flame-view-scrolling.c) */
void              _hearth_flame_view_show_root              (HearthFlameView     *self);
void              _hearth_flame_view_attach_scrolled_window (HearthFlameView     *self);
void              _hearth_flame_view_detach_scrolled_window (HearthFlameView     *self);

/* What assistive technology is told (hearth-flame-view-a11y.c) */
void              _hearth_flame_view_update_description     (HearthFlameView     *self);
void              _hearth_flame_view_append_bar_facts       (HearthFlameView     *self,
                                                             GString             *text,
                                                             guint                node);

/* The bars as accessible children (hearth-flame-view-bars-a11y.c): queue_bars after a change
 * of what is shown, clear_bars when the view goes; both do nothing before GTK 4.10 */
void              _hearth_flame_view_queue_bars             (HearthFlameView     *self);
void              _hearth_flame_view_clear_bars             (HearthFlameView     *self);
#if HEARTH_HAVE_ACCESSIBLE_CHILDREN
void              _hearth_flame_view_accessible_init        (GtkAccessibleInterface *iface);
#define HEARTH_FLAME_VIEW_ROLE GTK_ACCESSIBLE_ROLE_TREE
#define HEARTH_FLAME_VIEW_IMPLEMENT_ACCESSIBLE \
  G_IMPLEMENT_INTERFACE (GTK_TYPE_ACCESSIBLE, _hearth_flame_view_accessible_init)
#else
#define HEARTH_FLAME_VIEW_ROLE GTK_ACCESSIBLE_ROLE_IMG
#define HEARTH_FLAME_VIEW_IMPLEMENT_ACCESSIBLE
#endif

/* Tooltips (hearth-flame-view-tooltip.c) */
char             *_hearth_flame_view_share                  (double               value,
                                                             double               total);
void              _hearth_flame_view_append_change          (HearthFlameView     *self,
                                                             GString             *text,
                                                             guint                node,
                                                             double               width);
gboolean          _hearth_flame_view_query_tooltip          (GtkWidget           *widget,
                                                             int                  x,
                                                             int                  y,
                                                             gboolean             keyboard_mode,
                                                             GtkTooltip          *tooltip);

G_END_DECLS
