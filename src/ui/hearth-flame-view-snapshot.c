/* hearth-flame-view-snapshot.c: how the flame view draws. The graph is recorded once into a
 * render node (for a tall graph, a band of rows around what is visible) and reused; hover,
 * the bar the other view points at and the pinned axis go on top.
 *
 * Copyright 2026 The Hearth authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#define G_LOG_DOMAIN "hearth-flame-view"

#include "hearth-flame-view-private.h"

#include <math.h>

#include "hearth-gtk-compat.h"

#define BAND_LIMIT        4096.0   /* taller graphs are recorded a band at a time */

void
_hearth_flame_view_update_style (HearthFlameView *self)
{
  const PangoFontDescription *font;
  gboolean dark = hearth_widget_is_dark (GTK_WIDGET (self));
  gboolean high_contrast = hearth_widget_is_high_contrast (GTK_WIDGET (self));

  if (dark != self->dark || high_contrast != self->high_contrast)
    {
      self->dark = dark;
      self->high_contrast = high_contrast;
      hearth_flame_renderer_set_dark (self->renderer, dark);
      hearth_flame_renderer_set_high_contrast (self->renderer, high_contrast);
      _hearth_flame_view_drop_graph (self);
    }

  font = pango_context_get_font_description (gtk_widget_get_pango_context (GTK_WIDGET (self)));
  if (font != NULL && (self->font == NULL || !pango_font_description_equal (font, self->font)))
    {
      g_clear_pointer (&self->font, pango_font_description_free);
      self->font = pango_font_description_copy (font);
      hearth_flame_renderer_set_font (self->renderer, self->font);
      _hearth_flame_view_drop_graph (self);
      gtk_widget_queue_resize (GTK_WIDGET (self));
    }
}

/* The rows to record, in content pixels: all of them, or a band around what is visible. */
static void
wanted_band (HearthFlameView *self,
             double           height,
             double          *top,
             double          *bottom)
{
  double offset = _hearth_flame_view_offset_for_height (self, height);
  double visible_top, visible_bottom, page;

  if (height <= BAND_LIMIT || self->vadjustment == NULL)
    {
      *top = 0;
      *bottom = height;
      return;
    }
  visible_top = gtk_adjustment_get_value (self->vadjustment) - offset;
  page = gtk_adjustment_get_page_size (self->vadjustment);
  visible_bottom = visible_top + page;
  *top = MAX (0, floor (visible_top - page));
  *bottom = MIN (height, ceil (visible_bottom + page));
}

static gboolean
band_covers_view (HearthFlameView *self,
                  double           height)
{
  double offset = _hearth_flame_view_offset_for_height (self, height);
  double visible_top, visible_bottom;

  if (height <= BAND_LIMIT || self->vadjustment == NULL)
    return TRUE;
  visible_top = gtk_adjustment_get_value (self->vadjustment) - offset;
  visible_bottom = visible_top + gtk_adjustment_get_page_size (self->vadjustment);
  return (visible_top >= self->band_top || self->band_top <= 0) &&
         (visible_bottom <= self->band_bottom || self->band_bottom >= height);
}

static void
record_graph (HearthFlameView *self,
              double           width,
              double           height)
{
  HearthFlameViewport vp;
  g_autoptr (GtkSnapshot) recorder = gtk_snapshot_new ();
  cairo_t *cr;
  double top, bottom;
  gint64 begin = g_get_monotonic_time ();

  wanted_band (self, height, &top, &bottom);
  _hearth_flame_view_current_viewport (self, &vp);
  cr = gtk_snapshot_append_cairo (recorder,
                                  &GRAPHENE_RECT_INIT (0, top, width, MAX (1, bottom - top)));
  hearth_flame_renderer_draw (self->renderer, cr, &vp);
  cairo_destroy (cr);

  self->graph = gtk_snapshot_free_to_node (g_steal_pointer (&recorder));
  self->band_top = top;
  self->band_bottom = bottom;
  self->graph_width = width;
  g_debug ("recorded rows %.0f to %.0f of %.0f px in %.1f ms", top, bottom, height,
           (g_get_monotonic_time () - begin) / 1000.0);
}

static void
append_outline (GtkSnapshot           *snapshot,
                const graphene_rect_t *bounds,
                float                  width,
                const GdkRGBA         *color)
{
  GskRoundedRect outline;

  gsk_rounded_rect_init_from_rect (&outline, bounds, 0);
  gtk_snapshot_append_border (snapshot, &outline, (float[4]) { width, width, width, width },
                              (GdkRGBA[4]) { *color, *color, *color, *color });
}

/* For G_MESSAGES_DEBUG: when a new tree's first frame is on screen, to time it against its
 * load (the session logs when the file was read). */
static void
on_first_paint (GdkFrameClock   *clock,
                HearthFlameView *self)
{
  gint64 now = g_get_monotonic_time ();

  g_debug ("first frame of the tree drawn at %.1f ms, %.1f ms after the tree was set",
           now / 1000.0, (now - self->tree_set_at) / 1000.0);
  self->tree_set_at = 0;
  g_clear_signal_handler (&self->first_paint_handler, clock);
}

static void
log_first_frame (HearthFlameView *self)
{
  GdkFrameClock *clock;

  if (self->tree_set_at == 0 || self->first_paint_handler != 0 ||
      g_log_writer_default_would_drop (G_LOG_LEVEL_DEBUG, G_LOG_DOMAIN))
    return;
  clock = gtk_widget_get_frame_clock (GTK_WIDGET (self));
  if (clock != NULL)
    self->first_paint_handler = g_signal_connect_object (clock, "after-paint",
                                                         G_CALLBACK (on_first_paint), self, 0);
}

static void append_marks       (HearthFlameView *self,
                                GtkSnapshot     *snapshot,
                                double           offset);
static void append_range       (HearthFlameView *self,
                                GtkSnapshot     *snapshot,
                                double           bottom);
static void append_pinned_axis (HearthFlameView *self,
                                GtkSnapshot     *snapshot,
                                double           width,
                                double           offset);

void
_hearth_flame_view_snapshot (GtkWidget   *widget,
                             GtkSnapshot *snapshot)
{
  HearthFlameView *self = HEARTH_FLAME_VIEW (widget);
  double width = gtk_widget_get_width (widget);
  double height, offset;

  self->pinned_top = -1;
  if (_hearth_flame_view_n_nodes (self) == 0 || width < 1)
    return;

  /* laid out once per draw: the outlines below are placed with the same offset */
  height = _hearth_flame_view_content_height (self);
  offset = _hearth_flame_view_offset_for_height (self, height);
  if (self->graph != NULL && self->graph_width != width)
    g_clear_pointer (&self->axis, gsk_render_node_unref);
  if (self->graph != NULL && (self->graph_width != width || !band_covers_view (self, height)))
    g_clear_pointer (&self->graph, gsk_render_node_unref);
  if (self->graph == NULL)
    record_graph (self, width, height);
  log_first_frame (self);

  gtk_snapshot_save (snapshot);
  gtk_snapshot_translate (snapshot, &GRAPHENE_POINT_INIT (0, offset));
  if (self->graph != NULL)
    gtk_snapshot_append_node (snapshot, self->graph);
  gtk_snapshot_restore (snapshot);

  append_marks (self, snapshot, offset);
  append_range (self, snapshot, offset + height);
  append_pinned_axis (self, snapshot, width, offset);
}

/* On a chart, the time range chosen (or being dragged) is shaded down to the graph's end. */
static void
append_range (HearthFlameView *self,
              GtkSnapshot     *snapshot,
              double           bottom)
{
  double start, end, a, b;
  GdkRGBA accent;

  if (!_hearth_flame_view_is_chart (self))
    return;
  if (self->drag_from >= 0)
    {
      a = MIN (self->drag_from, self->drag_to);
      b = MAX (self->drag_from, self->drag_to);
    }
  else if (self->session != NULL && hearth_session_get_range (self->session, &start, &end))
    {
      a = _hearth_flame_view_chart_x (self, start);
      b = _hearth_flame_view_chart_x (self, end);
    }
  else
    return;
  if (!hearth_widget_lookup_color (GTK_WIDGET (self), "accent_bg_color", &accent))
    accent = (GdkRGBA) { 0.21, 0.52, 0.89, 1 };
  accent.alpha = 0.22;
  gtk_snapshot_append_color (snapshot, &accent, &GRAPHENE_RECT_INIT (a, 0, MAX (b - a, 1), bottom));
  accent.alpha = 0.9;
  gtk_snapshot_append_color (snapshot, &accent, &GRAPHENE_RECT_INIT (a, 0, 1, bottom));
  gtk_snapshot_append_color (snapshot, &accent, &GRAPHENE_RECT_INIT (b - 1, 0, 1, bottom));
}

/* Hover and the bar the other view points at, on top of the recorded graph. */
static void
append_marks (HearthFlameView *self,
              GtkSnapshot     *snapshot,
              double           offset)
{
  graphene_rect_t bounds;
  GdkRGBA fg;

  if (self->linked < 0 && self->hover < 0 && self->marked == NULL)
    return;
  hearth_widget_get_fg_color (GTK_WIDGET (self), &fg);
  for (guint i = 0; self->marked != NULL && i < self->marked->len; i++)
    {
      guint node = g_array_index (self->marked, guint, i);

      if (node < _hearth_flame_view_n_nodes (self) &&
          _hearth_flame_view_node_bounds (self, node, offset, &bounds) &&
          bounds.size.width >= 1)
        append_outline (snapshot, &bounds, 2, &fg);
    }
  if (self->linked >= 0 && self->linked != self->hover &&
      (guint) self->linked < _hearth_flame_view_n_nodes (self) &&
      _hearth_flame_view_node_bounds (self, self->linked, offset, &bounds))
    append_outline (snapshot, &bounds, 2, &fg);
  if (self->hover >= 0 && (guint) self->hover < _hearth_flame_view_n_nodes (self) &&
      _hearth_flame_view_node_bounds (self, self->hover, offset, &bounds))
    {
      GdkRGBA tint = self->dark ? (GdkRGBA) { 1, 1, 1, 0.22 } : (GdkRGBA) { 1, 1, 1, 0.35 };

      gtk_snapshot_append_color (snapshot, &tint, &bounds);
      append_outline (snapshot, &bounds, 1, &fg);
    }
}

static void
rgba_from_rgb (const HearthRgb *rgb,
               double           alpha,
               GdkRGBA         *out)
{
  *out = (GdkRGBA) { rgb->red, rgb->green, rgb->blue, alpha };
}

/* A graph taller than its view keeps its axis in view: when the axis is scrolled out below
 * (an icicle's, or a flame scrolled up), a copy of it stands on the bottom of the view. */
static void
append_pinned_axis (HearthFlameView *self,
                    GtkSnapshot     *snapshot,
                    double           width,
                    double           offset)
{
  const HearthPalette *palette = hearth_palette_get_for (self->dark, self->high_contrast);
  HearthFlameViewport vp;
  double top, bottom, band, page, visible_bottom, y;
  GdkRGBA color;

  if (self->vadjustment == NULL)
    return;
  _hearth_flame_view_current_viewport (self, &vp);
  if (!hearth_flame_renderer_get_axis_extent (self->renderer, &vp, &top, &bottom))
    return;
  band = bottom - top;
  page = gtk_adjustment_get_page_size (self->vadjustment);
  visible_bottom = gtk_adjustment_get_value (self->vadjustment) + page;
  /* in view already, or a view too low to give the axis a strip of its own */
  if (bottom + offset <= visible_bottom + 0.5 || band * 3 > page)
    return;

  if (self->axis == NULL)
    {
      g_autoptr (GtkSnapshot) recorder = gtk_snapshot_new ();
      cairo_t *cr = gtk_snapshot_append_cairo (recorder,
                                               &GRAPHENE_RECT_INIT (0, top, width, band));

      hearth_flame_renderer_draw (self->renderer, cr, &vp);
      cairo_destroy (cr);
      self->axis = gtk_snapshot_free_to_node (g_steal_pointer (&recorder));
    }

  y = floor (visible_bottom - band);
  /* the view's own ground, so that the strip looks like the rest of the view */
  if (!hearth_widget_lookup_color (GTK_WIDGET (self), "view_bg_color", &color))
    rgba_from_rgb (&palette->background, 1, &color);
  gtk_snapshot_append_color (snapshot, &color, &GRAPHENE_RECT_INIT (0, y, width, band));
  gtk_snapshot_save (snapshot);
  gtk_snapshot_translate (snapshot, &GRAPHENE_POINT_INIT (0, y - top));
  if (self->axis != NULL)
    gtk_snapshot_append_node (snapshot, self->axis);
  gtk_snapshot_restore (snapshot);
  rgba_from_rgb (&palette->grid, 1, &color);
  gtk_snapshot_append_color (snapshot, &color, &GRAPHENE_RECT_INIT (0, y, width, 1));
  self->pinned_top = y;
}
