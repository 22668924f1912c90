/* hearth-flame-view-zoom.c: the visible range of the flame view, zoom and pan around a
 * point, and the short animation towards a new range.
 *
 * Copyright 2026 The Hearth authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#define G_LOG_DOMAIN "hearth-flame-view"

#include "hearth-flame-view-private.h"

#include <math.h>

#define ZOOM_DURATION_US  (250 * 1000)
#define MIN_SPAN_FRACTION 1e-7     /* the deepest zoom, as a fraction of the run */

static void
clamp_range (HearthFlameView *self,
             double          *start,
             double          *end)
{
  double total = _hearth_flame_view_axis_total (self);
  double span = *end - *start;

  if (!isfinite (span) || span <= 0 || span > total)
    span = total;
  span = MAX (span, total * MIN_SPAN_FRACTION);
  *start = CLAMP (*start, 0, total - span);
  *end = *start + span;
}

void
_hearth_flame_view_apply_range (HearthFlameView *self,
                                double           start,
                                double           end)
{
  if (self->viewport.x_start == start && self->viewport.x_end == end)
    return;
  self->viewport.x_start = start;
  self->viewport.x_end = end;
  _hearth_flame_view_drop_graph (self);
  g_signal_emit (self, _hearth_flame_view_signals[RANGE_CHANGED], 0);
}

void
_hearth_flame_view_stop_animation (HearthFlameView *self)
{
  if (self->tick_id != 0)
    {
      gtk_widget_remove_tick_callback (GTK_WIDGET (self), self->tick_id);
      self->tick_id = 0;
    }
}

static gboolean
animation_tick (GtkWidget     *widget,
                GdkFrameClock *clock,
                gpointer       user_data)
{
  HearthFlameView *self = HEARTH_FLAME_VIEW (widget);
  double t = (double) (gdk_frame_clock_get_frame_time (clock) - self->animation_begin) /
             ZOOM_DURATION_US;
  double e;

  if (t >= 1)
    {
      self->tick_id = 0;
      _hearth_flame_view_apply_range (self, self->target_start, self->target_end);
      return G_SOURCE_REMOVE;
    }
  /* ease out: fast at first, settling on the target */
  e = 1 - pow (1 - MAX (t, 0), 3);
  _hearth_flame_view_apply_range (self,
                                  self->from_start + (self->target_start - self->from_start) * e,
                                  self->from_end + (self->target_end - self->from_end) * e);
  return G_SOURCE_CONTINUE;
}

static gboolean
animations_enabled (HearthFlameView *self)
{
  gboolean enabled = TRUE;

  g_object_get (gtk_widget_get_settings (GTK_WIDGET (self)), "gtk-enable-animations", &enabled,
                NULL);
  return enabled && gtk_widget_get_mapped (GTK_WIDGET (self));
}

/**
 * hearth_flame_view_set_visible_range:
 * @self: a #HearthFlameView
 * @start: the left edge, in the profile's unit
 * @end: the right edge
 * @animate: move there in a short animation (when animations are enabled)
 *
 * Shows another part of the run; the range is kept inside the run (in a comparison: inside
 * the axis both runs share, counted in the first run's unit).
 */
void
hearth_flame_view_set_visible_range (HearthFlameView *self,
                                     double           start,
                                     double           end,
                                     gboolean         animate)
{
  g_return_if_fail (HEARTH_IS_FLAME_VIEW (self));

  clamp_range (self, &start, &end);
  self->target_start = start;
  self->target_end = end;

  if (!animate || !animations_enabled (self))
    {
      _hearth_flame_view_stop_animation (self);
      _hearth_flame_view_apply_range (self, start, end);
      return;
    }
  self->from_start = self->viewport.x_start;
  self->from_end = self->viewport.x_end;
  self->animation_begin = g_get_monotonic_time ();
  if (self->tick_id == 0)
    {
      GdkFrameClock *clock = gtk_widget_get_frame_clock (GTK_WIDGET (self));

      if (clock != NULL)
        self->animation_begin = gdk_frame_clock_get_frame_time (clock);
      self->tick_id = gtk_widget_add_tick_callback (GTK_WIDGET (self), animation_tick, NULL, NULL);
    }
}

/**
 * hearth_flame_view_get_visible_range:
 * @self: a #HearthFlameView
 * @start: (out) (optional): the left edge, in the profile's unit
 * @end: (out) (optional): the right edge
 *
 * Gives the range shown, or the one an animation is heading to.
 */
void
hearth_flame_view_get_visible_range (HearthFlameView *self,
                                     double          *start,
                                     double          *end)
{
  g_return_if_fail (HEARTH_IS_FLAME_VIEW (self));

  if (start != NULL)
    *start = self->target_start;
  if (end != NULL)
    *end = self->target_end;
}

/**
 * hearth_flame_view_get_animating:
 * @self: a #HearthFlameView
 *
 * Returns: whether a zoom animation is running
 */
gboolean
hearth_flame_view_get_animating (HearthFlameView *self)
{
  g_return_val_if_fail (HEARTH_IS_FLAME_VIEW (self), FALSE);
  return self->tick_id != 0;
}

/* Where a bar is on the axis of the visible range. */
void
_hearth_flame_view_node_extent (HearthFlameView  *self,
                                const HearthNode *node,
                                double           *start,
                                double           *width)
{
  double ratio = _hearth_flame_view_axis_ratio (self);

  *start = node->left / ratio;
  *width = node->width / ratio;
}

void
_hearth_flame_view_show_zoom_node (HearthFlameView *self,
                                   gboolean         animate)
{
  const HearthNode *node = _hearth_flame_view_get_node (self,
                                                        hearth_session_get_zoom (self->session));
  double start, width;

  if (node == NULL)
    {
      hearth_flame_view_set_visible_range (self, 0, _hearth_flame_view_axis_total (self), animate);
      return;
    }
  _hearth_flame_view_node_extent (self, node, &start, &width);
  hearth_flame_view_set_visible_range (self, start, start + width, animate);
}

/**
 * hearth_flame_view_zoom_by:
 * @self: a #HearthFlameView
 * @factor: more than 1 zooms in, less than 1 out
 * @x: the pixel column that stays in place
 *
 * Zooms the visible range around a point, without changing the session's zoom bar.
 */
void
hearth_flame_view_zoom_by (HearthFlameView *self,
                           double           factor,
                           double           x)
{
  double left, width;
  double start = self->target_start, end = self->target_end;
  double at, span, t;

  g_return_if_fail (HEARTH_IS_FLAME_VIEW (self));

  if (!(factor > 0) || _hearth_flame_view_n_nodes (self) == 0)
    return;
  _hearth_flame_view_bars_columns (self, &left, &width);
  t = CLAMP ((x - left) / width, 0, 1);
  at = start + (end - start) * t;
  span = (end - start) / factor;
  span = CLAMP (span, _hearth_flame_view_axis_total (self) * MIN_SPAN_FRACTION,
                _hearth_flame_view_axis_total (self));
  start = at - span * t;
  hearth_flame_view_set_visible_range (self, start, start + span, FALSE);
}

void
_hearth_flame_view_pan_by (HearthFlameView *self,
                           double           fraction)
{
  double span = self->target_end - self->target_start;
  double start = self->target_start + span * fraction;

  hearth_flame_view_set_visible_range (self, start, start + span, FALSE);
}
