/* hearth-flame-frame.h: where the parts of a frame go on the page.
 *
 * Copyright 2026 The Hearth authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include "hearth-flame-renderer-private.h"

G_BEGIN_DECLS

typedef struct
{
  const char *text;
  guint       kind;
  HearthRgb   color;
  double      x;
  double      y;
} LegendEntry;

#define MAX_LEGEND 12

typedef struct
{
  double      width;
  double      height;
  double      left;             /* the graph area */
  double      right;
  double      bars_right;       /* right of it: the runs' totals */
  double      row_h;
  double      bar_h;
  double      line_h;
  double      title_h;
  double      pad;

  double      x_start;          /* visible range, in the first run's unit */
  double      x_end;
  double      origin[MAX_RUNS]; /* px = left + (value - origin) * scale */
  double      scale[MAX_RUNS];

  double      title_y;
  double      header_y[MAX_RUNS];
  double      graph_y[MAX_RUNS];
  guint       n_rows[MAX_RUNS];
  double      axis_y;
  double      caption_y;
  double      legend_y;

  LegendEntry legend[MAX_LEGEND];
  guint       n_legend;
} Frame;

gboolean _hearth_flame_shared_axis   (HearthFlameRenderer       *self);
void     _hearth_flame_compute_frame (HearthFlameRenderer       *self,
                                      const HearthFlameViewport *vp,
                                      Frame                     *f);
double   _hearth_flame_row_y         (const Frame               *f,
                                      const HearthFlameViewport *vp,
                                      guint                      run,
                                      guint                      depth);
double   _hearth_flame_to_px         (const Frame               *f,
                                      guint                      run,
                                      double                     value);
void     _hearth_flame_bar_span      (const Frame               *f,
                                      guint                      run,
                                      const HearthNode          *node,
                                      double                    *x0,
                                      double                    *x1);
double   _hearth_flame_gapped_width  (double                     x0,
                                      double                     x1);

G_END_DECLS
