/* hearth-svg-writer.h
 *
 * Copyright 2026 The Hearth authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include "hearth-scene.h"

G_BEGIN_DECLS

/**
 * HearthSvgOptions:
 * @pattern_prefix: the ids of the hatch patterns are this prefix and the paint's index
 * @html: text is also escaped for an HTML page (apostrophes, U+2028 and U+2029)
 *
 * How the scene's items are written, so that an HTML page can inline them.
 */
typedef struct
{
  const char *pattern_prefix;
  gboolean    html;
} HearthSvgOptions;

#define HEARTH_SVG_OPTIONS_INIT { "h", FALSE }

void    hearth_svg_append_number       (GString                *out,
                                        double                  value,
                                        int                     decimals);
void    hearth_svg_append_attr         (GString                *out,
                                        const char             *name,
                                        double                  value);
void    hearth_svg_append_color        (GString                *out,
                                        guint32                 color);
void    hearth_svg_append_escaped      (GString                *out,
                                        const char             *text,
                                        gboolean                html);

void    hearth_svg_writer_append_size       (GString                *out,
                                             const HearthScene      *scene);
void    hearth_svg_writer_append_patterns   (GString                *out,
                                             const HearthScene      *scene,
                                             const HearthSvgOptions *options);
void    hearth_svg_writer_append_background (GString                *out,
                                             const HearthScene      *scene);
void    hearth_svg_writer_append_item       (GString                *out,
                                             const HearthScene      *scene,
                                             const HearthSceneItem  *item,
                                             const HearthSvgOptions *options);

GBytes *hearth_svg_writer_write (const HearthScene *scene,
                                 const char        *title);

G_END_DECLS
