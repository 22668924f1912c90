/* hearth-flame-build.h: a frame's scene as it is built.
 *
 * Copyright 2026 The Hearth authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include "hearth-flame-frame.h"

G_BEGIN_DECLS

typedef struct
{
  HearthFlameRenderer       *self;
  const HearthFlameViewport *vp;
  const HearthPalette       *palette;
  HearthScene               *scene;
  Frame                      f;
  gboolean                   hover_texts;
  double                     clip_x0;
  double                     clip_y0;
  double                     clip_x1;
  double                     clip_y1;
  gint                      *zoom_path;     /* per depth: the zoomed bar's ancestor, or -1 */
  guint                      zoom_run;
  GString                   *scratch;
  GArray                    *below;         /* Region: the narrow runs of the row below */
  GArray                    *here;          /* Region: those of the row being built */
} Build;

/* Where a row has only bars narrower than a pixel: everything above it is narrow too. */
typedef struct
{
  double start;
  double end;
} Region;

/* paints */
guint    _hearth_flame_color_paint    (Build            *b,
                                       const HearthRgb  *rgb);
guint    _hearth_flame_text_paint_for (Build            *b,
                                       const HearthRgb  *backgrounds,
                                       guint             n,
                                       gboolean          dimmed);
gboolean _hearth_flame_diff_run       (Build            *b,
                                       guint             run);
guint    _hearth_flame_bar_paint      (Build            *b,
                                       guint             run_index,
                                       guint             index,
                                       const HearthNode *node,
                                       gboolean          dim,
                                       gboolean          hatch);
guint    _hearth_flame_merged_paint   (Build            *b,
                                       guint             run_index,
                                       guint             function);

/* items */
void   _hearth_flame_add_fill       (Build       *b,
                                     guint        layer,
                                     guint        paint,
                                     double       x,
                                     double       y,
                                     double       w,
                                     double       h);
void   _hearth_flame_add_outline    (Build       *b,
                                     guint        paint,
                                     double       x,
                                     double       y,
                                     double       w,
                                     double       h,
                                     double       line_width,
                                     gboolean     dashed);
void   _hearth_flame_add_line       (Build       *b,
                                     guint        layer,
                                     guint        paint,
                                     double       x,
                                     double       y,
                                     double       w,
                                     double       h);
void   _hearth_flame_add_text       (Build       *b,
                                     guint        font,
                                     guint        paint,
                                     double       x,
                                     double       y,
                                     PangoLayout *layout,
                                     const char  *text,
                                     double       width);
double _hearth_flame_add_plain_text (Build       *b,
                                     guint        font,
                                     guint        paint,
                                     double       x,
                                     double       y,
                                     const char  *text);
void   _hearth_flame_begin_group    (Build       *b,
                                     const char  *hover);
void   _hearth_flame_end_group      (Build       *b);

G_END_DECLS
