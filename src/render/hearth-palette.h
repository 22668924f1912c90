/* hearth-palette.h
 *
 * Copyright 2026 The Hearth authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <glib.h>

#include "hearth-names.h"

G_BEGIN_DECLS

/**
 * HearthRgb:
 * @red: 0 to 1
 * @green: 0 to 1
 * @blue: 0 to 1
 *
 * An opaque sRGB colour.
 */
typedef struct
{
  double red;
  double green;
  double blue;
} HearthRgb;

/* How many lightness steps neighbouring functions of one category are spread over. */
#define HEARTH_PALETTE_N_VARIANTS 6

/* How many saturation steps the differential colours have (0: unchanged). */
#define HEARTH_PALETTE_N_DIFF_LEVELS 12

/**
 * HearthPalette:
 * @dark: %TRUE for the dark palette
 * @high_contrast: %TRUE for a high-contrast theme: every bar outlined, stripes of estimated
 *   time in the foreground colour
 * @background: the page behind the graph
 * @foreground: titles and axis labels
 * @muted: captions, legend text, the outline of guarded time
 * @grid: faint vertical lines at the axis ticks
 * @axis: the axis line and ticks
 * @text_dark: dark label text
 * @text_light: light label text
 * @text_dim_dark: dark label text on a dimmed bar
 * @text_dim_light: light label text on a dimmed bar
 * @selection: the outline of the selected bar
 * @search: the outline of a bar matching the search
 * @shrunk: the marker under a bar whose parent scaled its callees down
 * @guarded: the outline of time hidden by the guard
 * @category: the base colour of each #HearthCategory
 * @diff_neutral: an unchanged chain in the differential colours
 * @diff_slower: a chain that grew, at full saturation
 * @diff_faster: a chain that shrank, at full saturation
 * @diff_new: a chain the first run does not have
 *
 * The colours of one look. Bars of a category vary slightly in lightness per function so
 * that neighbours stay distinguishable; hatching and dimming are derived from the base colour.
 */
typedef struct
{
  gboolean  dark;
  gboolean  high_contrast;
  HearthRgb background;
  HearthRgb foreground;
  HearthRgb muted;
  HearthRgb grid;
  HearthRgb axis;
  HearthRgb text_dark;
  HearthRgb text_light;
  HearthRgb text_dim_dark;
  HearthRgb text_dim_light;
  HearthRgb selection;
  HearthRgb search;
  HearthRgb shrunk;
  HearthRgb guarded;
  HearthRgb category[HEARTH_N_CATEGORIES];
  HearthRgb diff_neutral;
  HearthRgb diff_slower;
  HearthRgb diff_faster;
  HearthRgb diff_new;
} HearthPalette;

const HearthPalette *hearth_palette_get             (gboolean             dark);
const HearthPalette *hearth_palette_get_for         (gboolean             dark,
                                                     gboolean             high_contrast);

guint                hearth_palette_variant_for     (const char          *file,
                                                     const char          *name);
void                 hearth_palette_bar             (const HearthPalette *palette,
                                                     HearthCategory       category,
                                                     guint                variant,
                                                     HearthRgb           *out);
void                 hearth_palette_hatch           (const HearthPalette *palette,
                                                     const HearthRgb     *bar,
                                                     HearthRgb           *tint,
                                                     HearthRgb           *stripe);
void                 hearth_palette_dim             (const HearthPalette *palette,
                                                     const HearthRgb     *bar,
                                                     HearthRgb           *out);
void                 hearth_palette_merged          (const HearthPalette *palette,
                                                     const HearthRgb     *bar,
                                                     HearthRgb           *out);
void                 hearth_palette_whisker         (const HearthPalette *palette,
                                                     HearthRgb           *out);
guint                hearth_palette_diff_level      (double               change);
void                 hearth_palette_diff            (const HearthPalette *palette,
                                                     double               change,
                                                     gboolean             is_new,
                                                     HearthRgb           *out);
void                 hearth_palette_text_for        (const HearthPalette *palette,
                                                     const HearthRgb     *backgrounds,
                                                     guint                n_backgrounds,
                                                     gboolean             dimmed,
                                                     HearthRgb           *out);

double               hearth_rgb_luminance           (const HearthRgb     *color);
double               hearth_rgb_contrast            (const HearthRgb     *a,
                                                     const HearthRgb     *b);
void                 hearth_rgb_mix                 (const HearthRgb     *a,
                                                     const HearthRgb     *b,
                                                     double               t,
                                                     HearthRgb           *out);
guint32              hearth_rgb_to_uint             (const HearthRgb     *color);
void                 hearth_rgb_from_uint           (guint32              packed,
                                                     HearthRgb           *out);

G_END_DECLS
