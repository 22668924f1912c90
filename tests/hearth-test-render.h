/* hearth-test-render.h: what the render tests share (see hearth-test-render.c).
 *
 * Copyright 2026 The Hearth authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <cairo.h>

#include "hearth-flame-renderer.h"

G_BEGIN_DECLS

/* Builders */
HearthProfile     *folded       (const char                *text);
HearthCallTree    *tree_at_root (HearthProfile             *profile,
                                 guint                      root);
HearthNames       *names_of     (HearthCallTree            *tree);
guint              find_node    (HearthCallTree            *tree,
                                 const char                *name,
                                 guint                      depth);

/* Drawing */
cairo_surface_t   *draw         (HearthFlameRenderer       *renderer,
                                 const HearthFlameViewport *vp);
guint32            pixel        (cairo_surface_t           *surface,
                                 double                     x,
                                 double                     y);
void               assert_color (guint32                    got,
                                 const HearthRgb           *expected);
cairo_rectangle_t  rect_of      (HearthFlameRenderer       *renderer,
                                 const HearthFlameViewport *vp,
                                 guint                      run,
                                 guint                      node);
guint32            bar_pixel    (cairo_surface_t           *surface,
                                 cairo_rectangle_t          rect);
void               bar_color    (HearthNames               *names,
                                 HearthProfile             *profile,
                                 guint                      function,
                                 HearthRgb                 *out);

/* Scenes */
gboolean           scene_has_text (const HearthScene       *scene,
                                   const char              *text);

G_END_DECLS
