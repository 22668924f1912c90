/* hearth-sandwich-render.h: a sandwich drawn as one picture.
 *
 * Copyright 2026 The Hearth authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include "hearth-export.h"
#include "hearth-sandwich.h"

G_BEGIN_DECLS

/**
 * HearthSandwichPart:
 * @HEARTH_SANDWICH_CALLEES: the upper half (a flame of what the function calls)
 * @HEARTH_SANDWICH_CALLERS: the lower half (an icicle of what called it)
 */
typedef enum
{
  HEARTH_SANDWICH_CALLEES,
  HEARTH_SANDWICH_CALLERS,
} HearthSandwichPart;

#define HEARTH_TYPE_SANDWICH_RENDER (hearth_sandwich_render_get_type ())

G_DECLARE_FINAL_TYPE (HearthSandwichRender, hearth_sandwich_render, HEARTH, SANDWICH_RENDER,
                      GObject)

HearthSandwichRender *hearth_sandwich_render_new          (HearthSandwich         *sandwich,
                                                           HearthNames            *names);
HearthSandwich       *hearth_sandwich_render_get_sandwich (HearthSandwichRender   *self);
HearthFlameRenderer  *hearth_sandwich_render_get_renderer (HearthSandwichRender   *self,
                                                           HearthSandwichPart      part);
void                  hearth_sandwich_render_set_export   (HearthSandwichRender   *self,
                                                           const HearthExportOptions *options);
const HearthScene    *hearth_sandwich_render_build_scene  (HearthSandwichRender   *self,
                                                           cairo_t                *cr,
                                                           double                  width,
                                                           gboolean                hover_texts);
double                hearth_sandwich_render_get_height   (HearthSandwichRender   *self,
                                                           double                  width);
double                hearth_sandwich_render_get_function_y (HearthSandwichRender *self,
                                                           double                  width);
gint                  hearth_sandwich_render_node_at      (HearthSandwichRender   *self,
                                                           double                  width,
                                                           double                  x,
                                                           double                  y,
                                                           HearthSandwichPart     *part);
gboolean              hearth_sandwich_render_get_node_rect (HearthSandwichRender  *self,
                                                           double                  width,
                                                           HearthSandwichPart      part,
                                                           guint                   node,
                                                           cairo_rectangle_t      *rect);
char                 *hearth_sandwich_render_dup_hover_text (HearthSandwichRender *self,
                                                           double                  width,
                                                           double                  x,
                                                           double                  y);
char                 *hearth_sandwich_render_dup_title    (HearthSandwichRender   *self);
GBytes               *hearth_sandwich_render_export       (HearthSandwichRender   *self,
                                                           int                     width,
                                                           HearthExportFormat      format,
                                                           GError                **error);
gboolean              hearth_sandwich_export_to_file      (const char             *out_path,
                                                           HearthSandwich         *sandwich,
                                                           HearthNames            *names,
                                                           const HearthExportOptions *options,
                                                           GError                **error);

G_END_DECLS
