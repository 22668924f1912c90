/* hearth-flame-renderer.h
 *
 * Copyright 2026 The Hearth authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <cairo.h>
#include <pango/pango.h>

#include "hearth-call-tree.h"
#include "hearth-names.h"
#include "hearth-palette.h"
#include "hearth-scene.h"
#include "hearth-spread.h"
#include "hearth-value-format.h"

G_BEGIN_DECLS

/**
 * HearthFlameViewport:
 * @x_start: the left edge of the visible range, in the profile's unit
 * @x_end: its right edge; when not greater than @x_start, the whole run (or both runs)
 * @width: the width of the drawing in pixels
 * @row_height: the height of a row in pixels; 0 for about 1.5 lines of the label font
 * @icicle: %TRUE for the root at the top, %FALSE for the flame (root at the bottom)
 * @zoom_node: the bar zoomed into, or -1; its ancestors are drawn dimmed
 * @zoom_run: the run of @zoom_node (0, or 1 for the second of two runs)
 *
 * What part of the tree a frame shows and how big. Plain data owned by the caller (the
 * flame view, an exporter); resizing or zooming never touches the tree.
 */
typedef struct
{
  double   x_start;
  double   x_end;
  double   width;
  double   row_height;
  gboolean icicle;
  gint     zoom_node;
  guint    zoom_run;
} HearthFlameViewport;

#define HEARTH_FLAME_VIEWPORT_INIT { 0, 0, 0, 0, FALSE, -1, 0 }

/**
 * HearthFlameDecorations:
 * @HEARTH_FLAME_DECORATION_NONE: the bars only
 * @HEARTH_FLAME_DECORATION_BACKGROUND: fill the page with the palette's background
 * @HEARTH_FLAME_DECORATION_TITLE: a title line above the graph
 * @HEARTH_FLAME_DECORATION_AXIS: the time axis and its caption under the graph
 * @HEARTH_FLAME_DECORATION_LEGEND: what the colours and marks mean, under the axis
 *
 * What is drawn around the bars: a window shows the axis, an export everything.
 */
typedef enum
{
  HEARTH_FLAME_DECORATION_NONE       = 0,
  HEARTH_FLAME_DECORATION_BACKGROUND = 1 << 0,
  HEARTH_FLAME_DECORATION_TITLE      = 1 << 1,
  HEARTH_FLAME_DECORATION_AXIS       = 1 << 2,
  HEARTH_FLAME_DECORATION_LEGEND     = 1 << 3,
} HearthFlameDecorations;

#define HEARTH_FLAME_DECORATION_ALL (HEARTH_FLAME_DECORATION_BACKGROUND | \
                                     HEARTH_FLAME_DECORATION_TITLE | \
                                     HEARTH_FLAME_DECORATION_AXIS | \
                                     HEARTH_FLAME_DECORATION_LEGEND)

/**
 * HearthSwatch:
 * @HEARTH_SWATCH_FILL: a bar of one colour
 * @HEARTH_SWATCH_HATCH: an estimated bar: a solid part, then the hatched rest
 * @HEARTH_SWATCH_SHRUNK: a bar whose callees were scaled down, underlined
 * @HEARTH_SWATCH_GUARDED: time in re-entered calls, in a dashed outline
 * @HEARTH_SWATCH_WHISKER: a bar whose width varies across merged runs, with its whisker
 *
 * The swatches of a legend.
 */
typedef enum
{
  HEARTH_SWATCH_FILL,
  HEARTH_SWATCH_HATCH,
  HEARTH_SWATCH_SHRUNK,
  HEARTH_SWATCH_GUARDED,
  HEARTH_SWATCH_WHISKER,
} HearthSwatch;

#define HEARTH_TYPE_FLAME_RENDERER (hearth_flame_renderer_get_type ())

G_DECLARE_FINAL_TYPE (HearthFlameRenderer, hearth_flame_renderer, HEARTH, FLAME_RENDERER, GObject)

HearthFlameRenderer *hearth_flame_renderer_new             (void);

void                 hearth_flame_renderer_set_tree        (HearthFlameRenderer       *self,
                                                            HearthCallTree            *tree,
                                                            HearthNames               *names);
void                 hearth_flame_renderer_set_compare     (HearthFlameRenderer       *self,
                                                            HearthCallTree            *before,
                                                            HearthNames               *before_names,
                                                            HearthCallTree            *after,
                                                            HearthNames               *after_names);
void                 hearth_flame_renderer_set_run_names   (HearthFlameRenderer       *self,
                                                            const char                *before,
                                                            const char                *after);
guint                hearth_flame_renderer_get_n_runs      (HearthFlameRenderer       *self);
HearthCallTree      *hearth_flame_renderer_get_tree        (HearthFlameRenderer       *self,
                                                            guint                      run);

void                 hearth_flame_renderer_set_spread      (HearthFlameRenderer       *self,
                                                            HearthSpread              *spread);
void                 hearth_flame_renderer_set_dark        (HearthFlameRenderer       *self,
                                                            gboolean                   dark);
gboolean             hearth_flame_renderer_get_dark        (HearthFlameRenderer       *self);
void                 hearth_flame_renderer_set_high_contrast (HearthFlameRenderer     *self,
                                                            gboolean                   high_contrast);
void                 hearth_flame_renderer_set_font        (HearthFlameRenderer       *self,
                                                            const PangoFontDescription *font);
void                 hearth_flame_renderer_set_decorations (HearthFlameRenderer       *self,
                                                            HearthFlameDecorations     decorations);
void                 hearth_flame_renderer_set_margin      (HearthFlameRenderer       *self,
                                                            double                     margin);
void                 hearth_flame_renderer_set_title       (HearthFlameRenderer       *self,
                                                            const char                *title);
char                *hearth_flame_renderer_dup_title       (HearthFlameRenderer       *self);
void                 hearth_flame_renderer_set_legend_also (HearthFlameRenderer       *self,
                                                            HearthFlameRenderer       *other);
void                 hearth_flame_renderer_set_share_of    (HearthFlameRenderer       *self,
                                                            const char                *function,
                                                            double                     run_total,
                                                            gboolean                   callers);
void                 hearth_flame_renderer_set_differential (HearthFlameRenderer      *self,
                                                            gboolean                   differential);
void                 hearth_flame_renderer_set_normalized  (HearthFlameRenderer       *self,
                                                            gboolean                   normalized);
void                 hearth_flame_renderer_set_shown_run   (HearthFlameRenderer       *self,
                                                            gint                       run);
void                 hearth_flame_renderer_set_match       (HearthFlameRenderer       *self,
                                                            HearthFunctionMatchFunc    match,
                                                            gpointer                   user_data,
                                                            GDestroyNotify             destroy);
void                 hearth_flame_renderer_set_search_text (HearthFlameRenderer       *self,
                                                            const char                *text);
void                 hearth_flame_renderer_set_selected    (HearthFlameRenderer       *self,
                                                            guint                      run,
                                                            gint                       node);

double               hearth_flame_renderer_get_row_height  (HearthFlameRenderer       *self,
                                                            const HearthFlameViewport *viewport);
double               hearth_flame_renderer_get_height      (HearthFlameRenderer       *self,
                                                            const HearthFlameViewport *viewport);
gboolean             hearth_flame_renderer_get_axis_extent (HearthFlameRenderer     *self,
                                                            const HearthFlameViewport *viewport,
                                                            double                    *top,
                                                            double                    *bottom);
gint                 hearth_flame_renderer_node_at         (HearthFlameRenderer       *self,
                                                            const HearthFlameViewport *viewport,
                                                            double                     x,
                                                            double                     y,
                                                            guint                     *run);
gboolean             hearth_flame_renderer_get_node_rect   (HearthFlameRenderer       *self,
                                                            const HearthFlameViewport *viewport,
                                                            guint                      run,
                                                            guint                      node,
                                                            cairo_rectangle_t         *rect);
gboolean             hearth_flame_renderer_get_change      (HearthFlameRenderer       *self,
                                                            guint                      node,
                                                            double                    *before_width,
                                                            gboolean                  *is_new,
                                                            gboolean                  *estimated);

void                 hearth_flame_renderer_draw            (HearthFlameRenderer       *self,
                                                            cairo_t                   *cr,
                                                            const HearthFlameViewport *viewport);
const HearthScene   *hearth_flame_renderer_build_scene     (HearthFlameRenderer       *self,
                                                            cairo_t                   *cr,
                                                            const HearthFlameViewport *viewport,
                                                            gboolean                   hover_texts);

void                 hearth_swatch_paint                   (cairo_t                   *cr,
                                                            gboolean                   dark,
                                                            HearthSwatch               swatch,
                                                            const HearthRgb           *color,
                                                            double                     width,
                                                            double                     height);
void                 hearth_swatch_paint_for               (cairo_t                   *cr,
                                                            const HearthPalette       *palette,
                                                            HearthSwatch               swatch,
                                                            const HearthRgb           *color,
                                                            double                     width,
                                                            double                     height);

const char          *hearth_bar_label_text                 (HearthProfile             *profile,
                                                            HearthNames               *names,
                                                            guint                      function);

G_END_DECLS
