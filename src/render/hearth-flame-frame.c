/* hearth-flame-frame.c: where everything of a frame goes on the page (the title, the runs'
 * headers and rows, the axis, the legend), how values map to pixels, and the geometry
 * queries of the renderer that follow from it.
 *
 * Copyright 2026 The Hearth authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#define G_LOG_DOMAIN "hearth-flame-renderer"

#include "hearth-flame-frame.h"

#include <math.h>
#include <string.h>

#include "hearth-flame-legend.h"

#define ROW_LINES   1.5     /* row height in lines of the label font */
#define RUN_SPACING 14.0

gboolean
_hearth_flame_shared_axis (HearthFlameRenderer *self)
{
  if (self->n_runs < 2)
    return TRUE;
  if (self->normalized)
    return FALSE;
  /* seconds and samples cannot share an axis */
  return hearth_profile_get_unit (self->runs[0].profile) ==
         hearth_profile_get_unit (self->runs[1].profile);
}

/* The row pitch: the viewport's when it asks for one, else from the label font. */
static double
frame_row_height (const HearthFlameViewport *vp,
                  double                     line_h)
{
  double row_h = vp->row_height > 0 && isfinite (vp->row_height) ? round (vp->row_height)
                                                                 : round (line_h * ROW_LINES);

  return CLAMP (row_h, 3, 200);
}

static double
label_line_height (HearthFlameRenderer *self)
{
  return ceil (hearth_label_fit_get_line_height (self->fit[HEARTH_SCENE_FONT_LABEL]));
}

void
_hearth_flame_compute_frame (HearthFlameRenderer       *self,
                             const HearthFlameViewport *vp,
                             Frame                     *f)
{
  HearthLabelFit *label_fit = self->fit[HEARTH_SCENE_FONT_LABEL];
  HearthLabelFit *title_fit = self->fit[HEARTH_SCENE_FONT_TITLE];
  double m = self->margin, y, reserve = 0, max_total = 0, bars_w;

  memset (f, 0, sizeof *f);
  f->line_h = label_line_height (self);
  f->title_h = ceil (hearth_label_fit_get_line_height (title_fit));
  f->row_h = frame_row_height (vp, f->line_h);
  f->bar_h = f->row_h - GAP;
  f->pad = MAX (2, round (f->line_h * 0.3));
  f->width = vp->width >= 1 && isfinite (vp->width) ? vp->width : 1;
  f->left = MIN (m, f->width / 4);
  f->right = MAX (f->left + 1, f->width - f->left);

  for (guint r = 0; r < self->n_runs; r++)
    {
      max_total = MAX (max_total, self->runs[r].total);
      if (self->n_runs == 2)
        {
          g_autofree char *text = _hearth_flame_run_total_text (&self->runs[r]);
          reserve = MAX (reserve, hearth_label_fit_measure (label_fit, text) + 2 * f->pad);
        }
    }
  bars_w = MAX (1, f->right - f->left - reserve);
  f->bars_right = f->left + bars_w;

  if (self->n_runs > 0 && !_hearth_flame_shared_axis (self))
    max_total = self->runs[0].total;
  if (vp->x_end > vp->x_start && isfinite (vp->x_start) && isfinite (vp->x_end))
    {
      f->x_start = vp->x_start;
      f->x_end = vp->x_end;
    }
  else
    {
      f->x_start = 0;
      f->x_end = max_total > 0 ? max_total : 1;
    }

  for (guint r = 0; r < MAX_RUNS; r++)
    {
      double ratio = 1;

      if (r < self->n_runs && !_hearth_flame_shared_axis (self) && self->runs[0].total > 0)
        ratio = self->runs[r].total / self->runs[0].total;
      if (!(ratio > 0))
        ratio = 1;
      f->origin[r] = f->x_start * ratio;
      f->scale[r] = bars_w / ((f->x_end - f->x_start) * ratio);
    }

  y = m;
  if (self->decorations & HEARTH_FLAME_DECORATION_TITLE)
    {
      f->title_y = y;
      y += f->title_h + round (f->line_h * 0.7);
    }
  for (guint r = 0; r < self->n_runs; r++)
    {
      if (!_hearth_flame_run_shown (self, r))
        continue;
      if (self->n_runs == 2)
        {
          f->header_y[r] = y;
          y += f->title_h + 4;
        }
      f->graph_y[r] = y;
      f->n_rows[r] = MAX (self->runs[r].n_rows, 1);
      y += f->n_rows[r] * f->row_h;
      if (r + 1 < self->n_runs && self->shown_run < 0)
        y += RUN_SPACING;
    }
  if (self->decorations & HEARTH_FLAME_DECORATION_AXIS)
    {
      f->axis_y = y + 2;
      f->caption_y = f->axis_y + TICK + 2 + f->line_h + 2;
      y = f->caption_y + f->line_h;
    }
  if (self->decorations & HEARTH_FLAME_DECORATION_LEGEND)
    {
      guint lines;

      _hearth_flame_collect_legend (self, f);
      lines = _hearth_flame_flow_legend (self, f);
      if (lines > 0)
        {
          f->legend_y = y + round (f->line_h * 0.6);
          y = f->legend_y + lines * (f->line_h + 4) - 4;
        }
    }
  f->height = ceil (y + m);
}

double
_hearth_flame_row_y (const Frame               *f,
                     const HearthFlameViewport *vp,
                     guint                      run,
                     guint                      depth)
{
  if (vp->icicle)
    return f->graph_y[run] + depth * f->row_h;
  return f->graph_y[run] + ((double) f->n_rows[run] - 1 - depth) * f->row_h;
}

double
_hearth_flame_to_px (const Frame *f,
                     guint        run,
                     double       value)
{
  return f->left + (value - f->origin[run]) * f->scale[run];
}

/* A bar's pixel columns, rounded, at least one pixel wide. */
void
_hearth_flame_bar_span (const Frame      *f,
                        guint             run,
                        const HearthNode *node,
                        double           *x0,
                        double           *x1)
{
  *x0 = round (_hearth_flame_to_px (f, run, node->left));
  *x1 = round (_hearth_flame_to_px (f, run, node->left + node->width));
  if (*x1 - *x0 < 1)
    *x1 = *x0 + 1;
}

/* The width a bar is drawn: a gap to its neighbour once it is wide enough to spare one. */
double
_hearth_flame_gapped_width (double x0,
                            double x1)
{
  return x1 - x0 >= 3 ? x1 - x0 - GAP : x1 - x0;
}

/* Geometry queries ---------------------------------------------------------------------------- */

/**
 * hearth_flame_renderer_get_row_height:
 * @self: a #HearthFlameRenderer
 * @viewport: the viewport
 *
 * Returns: the height of a row in pixels, including the gap between rows
 */
double
hearth_flame_renderer_get_row_height (HearthFlameRenderer       *self,
                                      const HearthFlameViewport *viewport)
{
  g_return_val_if_fail (HEARTH_IS_FLAME_RENDERER (self), 0);
  g_return_val_if_fail (viewport != NULL, 0);

  /* only the font and the viewport decide it: no need to lay out the whole frame */
  return frame_row_height (viewport, label_line_height (self));
}

/**
 * hearth_flame_renderer_get_height:
 * @self: a #HearthFlameRenderer
 * @viewport: the viewport (its width matters when a legend wraps)
 *
 * Returns: the height in pixels of everything hearth_flame_renderer_draw() draws
 */
double
hearth_flame_renderer_get_height (HearthFlameRenderer       *self,
                                  const HearthFlameViewport *viewport)
{
  Frame f;

  g_return_val_if_fail (HEARTH_IS_FLAME_RENDERER (self), 0);
  g_return_val_if_fail (viewport != NULL, 0);

  _hearth_flame_compute_frame (self, viewport, &f);
  return f.height;
}

/**
 * hearth_flame_renderer_get_axis_extent:
 * @self: a #HearthFlameRenderer
 * @viewport: the viewport
 * @top: (out): the top of the axis and its caption, in pixels from the top of the drawing
 * @bottom: (out): their bottom
 *
 * Where the time axis is drawn, so that a view can keep it on screen when the graph is
 * taller than the view.
 *
 * Returns: %FALSE when the axis is not drawn
 */
gboolean
hearth_flame_renderer_get_axis_extent (HearthFlameRenderer       *self,
                                       const HearthFlameViewport *viewport,
                                       double                    *top,
                                       double                    *bottom)
{
  Frame f;

  g_return_val_if_fail (HEARTH_IS_FLAME_RENDERER (self), FALSE);
  g_return_val_if_fail (viewport != NULL, FALSE);
  g_return_val_if_fail (top != NULL && bottom != NULL, FALSE);

  if (!(self->decorations & HEARTH_FLAME_DECORATION_AXIS) || self->n_runs == 0)
    return FALSE;
  _hearth_flame_compute_frame (self, viewport, &f);
  *top = f.axis_y - 2;
  *bottom = MIN (f.height, ceil (f.caption_y + f.line_h + 2));
  return TRUE;
}

/**
 * hearth_flame_renderer_node_at:
 * @self: a #HearthFlameRenderer
 * @viewport: the viewport last drawn
 * @x: a point in pixels
 * @y: a point in pixels
 * @run: (out) (optional): the run the bar belongs to
 *
 * Returns: the bar under the point, or -1
 */
gint
hearth_flame_renderer_node_at (HearthFlameRenderer       *self,
                               const HearthFlameViewport *viewport,
                               double                     x,
                               double                     y,
                               guint                     *run)
{
  Frame f;

  g_return_val_if_fail (HEARTH_IS_FLAME_RENDERER (self), -1);
  g_return_val_if_fail (viewport != NULL, -1);

  _hearth_flame_compute_frame (self, viewport, &f);
  if (x < f.left || x >= f.bars_right)
    return -1;
  for (guint r = 0; r < self->n_runs; r++)
    {
      double top = f.graph_y[r], row;
      guint depth;

      if (!_hearth_flame_run_shown (self, r) || y < top || y >= top + f.n_rows[r] * f.row_h ||
          self->runs[r].n_nodes == 0)
        continue;
      row = floor ((y - top) / f.row_h);
      depth = viewport->icicle ? (guint) row : (guint) (f.n_rows[r] - 1 - row);
      if (run != NULL)
        *run = r;
      return hearth_call_tree_node_at (self->runs[r].tree,
                                       f.origin[r] + (x - f.left) / f.scale[r], depth);
    }
  return -1;
}

/**
 * hearth_flame_renderer_get_node_rect:
 * @self: a #HearthFlameRenderer
 * @viewport: the viewport
 * @run: the run of @node
 * @node: a bar
 * @rect: (out caller-allocates): where it is drawn, gaps excluded, in pixels
 *
 * Returns: %FALSE when there is no such bar
 */
gboolean
hearth_flame_renderer_get_node_rect (HearthFlameRenderer       *self,
                                     const HearthFlameViewport *viewport,
                                     guint                      run,
                                     guint                      node,
                                     cairo_rectangle_t         *rect)
{
  const HearthNode *n;
  Frame f;
  double x0, x1;

  g_return_val_if_fail (HEARTH_IS_FLAME_RENDERER (self), FALSE);
  g_return_val_if_fail (viewport != NULL && rect != NULL, FALSE);

  if (run >= self->n_runs || node >= self->runs[run].n_nodes ||
      !_hearth_flame_run_shown (self, run))
    return FALSE;
  _hearth_flame_compute_frame (self, viewport, &f);
  n = &self->runs[run].nodes[node];
  _hearth_flame_bar_span (&f, run, n, &x0, &x1);
  rect->x = x0;
  rect->y = _hearth_flame_row_y (&f, viewport, run, n->depth);
  rect->width = _hearth_flame_gapped_width (x0, x1);
  rect->height = f.bar_h;
  return TRUE;
}
