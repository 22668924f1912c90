/* hearth-palette.c
 *
 * Copyright 2026 The Hearth authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#define G_LOG_DOMAIN "hearth-palette"

#include "hearth-palette.h"

#include <math.h>

/* WCAG AA for normal text. */
#define MIN_CONTRAST 4.5

/* A change of this share of the run (or more) gets the full differential colour. */
#define DIFF_FULL_CHANGE 0.25

static HearthRgb
rgb8 (guint r,
      guint g,
      guint b)
{
  return (HearthRgb) { r / 255.0, g / 255.0, b / 255.0 };
}

static double
hue_to_channel (double p,
                double q,
                double t)
{
  if (t < 0)
    t += 1;
  if (t > 1)
    t -= 1;
  if (t < 1.0 / 6)
    return p + (q - p) * 6 * t;
  if (t < 0.5)
    return q;
  if (t < 2.0 / 3)
    return p + (q - p) * (2.0 / 3 - t) * 6;
  return p;
}

/* h in degrees, s and l in percent */
static HearthRgb
hsl (double h,
     double s,
     double l)
{
  double q, p;

  h /= 360;
  s /= 100;
  l /= 100;
  if (s == 0)
    return (HearthRgb) { l, l, l };
  q = l < 0.5 ? l * (1 + s) : l + s - l * s;
  p = 2 * l - q;
  return (HearthRgb) { hue_to_channel (p, q, h + 1.0 / 3), hue_to_channel (p, q, h),
                       hue_to_channel (p, q, h - 1.0 / 3) };
}

typedef struct
{
  double hue;
  double saturation;
  double lightness;
} Hsl;

/* Base colours and the lightness spread of their variants, per palette and category. */
static const Hsl light_categories[HEARTH_N_CATEGORIES] = {
  [HEARTH_CATEGORY_MINE] = { 7, 76, 63 },
  [HEARTH_CATEGORY_INSTALLED] = { 205, 62, 63 },
  [HEARTH_CATEGORY_PYTHON] = { 220, 8, 72 },
};

static const Hsl dark_categories[HEARTH_N_CATEGORIES] = {
  [HEARTH_CATEGORY_MINE] = { 9, 52, 40 },
  [HEARTH_CATEGORY_INSTALLED] = { 206, 52, 36 },
  [HEARTH_CATEGORY_PYTHON] = { 220, 7, 35 },
};

#define VARIANT_SPREAD 7.0

static HearthPalette light_palette;
static HearthPalette dark_palette;
static HearthPalette light_hc_palette;
static HearthPalette dark_hc_palette;

static void
init_light (HearthPalette *p)
{
  p->dark = FALSE;
  p->background = rgb8 (0xfa, 0xfa, 0xfa);
  p->foreground = rgb8 (0x1c, 0x1c, 0x21);
  p->muted = rgb8 (0x5c, 0x5c, 0x66);
  p->grid = rgb8 (0xe6, 0xe6, 0xea);
  p->axis = rgb8 (0x8c, 0x8c, 0x94);
  p->text_dark = rgb8 (0x16, 0x16, 0x1a);
  p->text_light = rgb8 (0xff, 0xff, 0xff);
  p->text_dim_dark = rgb8 (0x55, 0x55, 0x5c);
  p->text_dim_light = rgb8 (0xff, 0xff, 0xff);
  p->selection = rgb8 (0x16, 0x16, 0x1a);
  p->search = rgb8 (0xb0, 0x12, 0x8c);
  p->shrunk = rgb8 (0x8a, 0x4b, 0x00);
  p->guarded = rgb8 (0x6e, 0x6e, 0x78);
  for (guint c = 0; c < HEARTH_N_CATEGORIES; c++)
    p->category[c] = hsl (light_categories[c].hue, light_categories[c].saturation,
                          light_categories[c].lightness);
  p->diff_neutral = rgb8 (0xd2, 0xd2, 0xd6);
  p->diff_slower = hsl (2, 82, 62);
  p->diff_faster = hsl (214, 78, 64);
  p->diff_new = hsl (280, 52, 70);
}

static void
init_dark (HearthPalette *p)
{
  p->dark = TRUE;
  p->background = rgb8 (0x1e, 0x1e, 0x22);
  p->foreground = rgb8 (0xf0, 0xf0, 0xf2);
  p->muted = rgb8 (0xa8, 0xa8, 0xb2);
  p->grid = rgb8 (0x30, 0x30, 0x36);
  p->axis = rgb8 (0x80, 0x80, 0x8a);
  p->text_dark = rgb8 (0x10, 0x10, 0x14);
  p->text_light = rgb8 (0xf6, 0xf6, 0xf8);
  p->text_dim_dark = rgb8 (0x10, 0x10, 0x14);
  p->text_dim_light = rgb8 (0xb4, 0xb4, 0xbc);
  p->selection = rgb8 (0xff, 0xff, 0xff);
  p->search = rgb8 (0xf0, 0x6c, 0xd0);
  p->shrunk = rgb8 (0xf5, 0xb8, 0x3d);
  p->guarded = rgb8 (0x9a, 0x9a, 0xa6);
  for (guint c = 0; c < HEARTH_N_CATEGORIES; c++)
    p->category[c] = hsl (dark_categories[c].hue, dark_categories[c].saturation,
                          dark_categories[c].lightness);
  p->diff_neutral = rgb8 (0x4a, 0x4a, 0x52);
  p->diff_slower = hsl (2, 62, 42);
  p->diff_faster = hsl (214, 62, 42);
  p->diff_new = hsl (280, 42, 44);
}

/* The high-contrast looks keep the bar colours, so that categories read the same, and draw
 * what tells bars and estimates apart in the strongest colour of the page. */
static void
init_high_contrast (HearthPalette       *p,
                    const HearthPalette *from)
{
  *p = *from;
  p->high_contrast = TRUE;
  p->foreground = from->dark ? rgb8 (0xff, 0xff, 0xff) : rgb8 (0x00, 0x00, 0x00);
  p->muted = p->foreground;
  p->axis = p->foreground;
}

/**
 * hearth_palette_get_for:
 * @dark: %TRUE for the dark palette
 * @high_contrast: %TRUE for a high-contrast theme
 *
 * Returns: (transfer none): the light or the dark palette, in high contrast or not
 */
const HearthPalette *
hearth_palette_get_for (gboolean dark,
                        gboolean high_contrast)
{
  static gsize initialized = 0;

  if (g_once_init_enter (&initialized))
    {
      init_light (&light_palette);
      init_dark (&dark_palette);
      init_high_contrast (&light_hc_palette, &light_palette);
      init_high_contrast (&dark_hc_palette, &dark_palette);
      g_once_init_leave (&initialized, 1);
    }
  if (high_contrast)
    return dark ? &dark_hc_palette : &light_hc_palette;
  return dark ? &dark_palette : &light_palette;
}

/**
 * hearth_palette_get:
 * @dark: %TRUE for the dark palette
 *
 * Returns: (transfer none): the light or the dark palette
 */
const HearthPalette *
hearth_palette_get (gboolean dark)
{
  return hearth_palette_get_for (dark, FALSE);
}

/**
 * hearth_palette_variant_for:
 * @file: (nullable): the function's file
 * @name: (nullable): the function's name
 *
 * The lightness variant of a function, stable across runs and profiles so that the same
 * function has the same shade in a before and an after graph.
 *
 * Returns: a variant below %HEARTH_PALETTE_N_VARIANTS
 */
guint
hearth_palette_variant_for (const char *file,
                            const char *name)
{
  guint h = 2166136261u;

  /* FNV-1a: g_str_hash () is not promised to stay the same between GLib versions */
  for (const char *s = name != NULL ? name : ""; *s != '\0'; s++)
    h = (h ^ (guchar) *s) * 16777619u;
  h = (h ^ 0xff) * 16777619u;
  for (const char *s = file != NULL ? file : ""; *s != '\0'; s++)
    h = (h ^ (guchar) *s) * 16777619u;
  h ^= h >> 15;
  return h % HEARTH_PALETTE_N_VARIANTS;
}

/**
 * hearth_palette_bar:
 * @palette: a palette
 * @category: where the function lives
 * @variant: from hearth_palette_variant_for()
 * @out: (out caller-allocates): the bar colour
 *
 * The solid colour of a bar: its category's hue with a slight lightness offset.
 */
void
hearth_palette_bar (const HearthPalette *palette,
                    HearthCategory       category,
                    guint                variant,
                    HearthRgb           *out)
{
  const Hsl *base;
  double offset;

  g_return_if_fail (palette != NULL);
  g_return_if_fail (out != NULL);

  if ((guint) category >= HEARTH_N_CATEGORIES)
    category = HEARTH_CATEGORY_PYTHON;
  base = palette->dark ? &dark_categories[category] : &light_categories[category];
  variant %= HEARTH_PALETTE_N_VARIANTS;
  offset = VARIANT_SPREAD * ((double) variant / (HEARTH_PALETTE_N_VARIANTS - 1) - 0.5);
  *out = hsl (base->hue, base->saturation, base->lightness + offset);
}

/**
 * hearth_palette_hatch:
 * @palette: a palette
 * @bar: the bar's solid colour
 * @tint: (out caller-allocates): the ground of the hatched part
 * @stripe: (out caller-allocates): the stripes of the hatched part
 *
 * The colours of the estimated part of a bar: the same hue, a paler ground and thin stripes
 * near the solid colour, so that the hatched part reads as "the same bar, less certain" and a
 * graph that is mostly hatched stays calm.
 */
void
hearth_palette_hatch (const HearthPalette *palette,
                      const HearthRgb     *bar,
                      HearthRgb           *tint,
                      HearthRgb           *stripe)
{
  g_return_if_fail (palette != NULL && bar != NULL);

  if (tint != NULL)
    hearth_rgb_mix (bar, &palette->background, palette->dark ? 0.54 : 0.58, tint);
  /* high contrast: stripes in the page's strongest colour, far from any ground */
  if (stripe != NULL && palette->high_contrast)
    {
      *stripe = palette->foreground;
      return;
    }
  /* stripes near the solid part: textured, not loud. On a dark page the stripes are the bar's
   * own colour, so that they stand as far from the ground, in lightness, as on a light page. */
  if (stripe != NULL)
    hearth_rgb_mix (bar, &palette->background, palette->dark ? 0.0 : 0.08, stripe);
}

/**
 * hearth_palette_dim:
 * @palette: a palette
 * @bar: a bar colour
 * @out: (out caller-allocates): the colour of the bar when the search does not match it
 */
void
hearth_palette_dim (const HearthPalette *palette,
                    const HearthRgb     *bar,
                    HearthRgb           *out)
{
  g_return_if_fail (palette != NULL && bar != NULL && out != NULL);

  hearth_rgb_mix (bar, &palette->background, palette->dark ? 0.68 : 0.74, out);
}

/**
 * hearth_palette_merged:
 * @palette: a palette
 * @bar: the colour of the first bar of a run of bars narrower than a pixel
 * @out: (out caller-allocates): the colour the run is drawn in, as one block
 */
void
hearth_palette_merged (const HearthPalette *palette,
                       const HearthRgb     *bar,
                       HearthRgb           *out)
{
  g_return_if_fail (palette != NULL && bar != NULL && out != NULL);

  hearth_rgb_mix (bar, &palette->background, 0.4, out);
}

/**
 * hearth_palette_whisker:
 * @palette: a palette
 * @out: (out): the colour of the whisker that shows a bar's spread over merged runs
 *
 * The foreground a third of the way to the background, as if drawn with some transparency:
 * calmer than text and than the marks of a bar, readable on every bar colour of the theme.
 * High contrast draws it in the foreground itself.
 */
void
hearth_palette_whisker (const HearthPalette *palette,
                        HearthRgb           *out)
{
  g_return_if_fail (palette != NULL && out != NULL);

  hearth_rgb_mix (&palette->foreground, &palette->background,
                  palette->high_contrast ? 0.0 : 0.3, out);
}

/**
 * hearth_palette_diff_level:
 * @change: a chain's change as a share of the first run (negative: faster)
 *
 * The saturation step of a change: 0 for none, %HEARTH_PALETTE_N_DIFF_LEVELS for a change of
 * a quarter of the run or more. A square root, so that changes of a few percent already show.
 *
 * Returns: the step
 */
guint
hearth_palette_diff_level (double change)
{
  double s;

  if (!isfinite (change))
    return change != change ? 0 : HEARTH_PALETTE_N_DIFF_LEVELS;
  s = sqrt (MIN (1.0, fabs (change) / DIFF_FULL_CHANGE));
  return (guint) ceil (s * HEARTH_PALETTE_N_DIFF_LEVELS - 0.25);
}

/**
 * hearth_palette_diff:
 * @palette: a palette
 * @change: the chain's change as a share of the first run (positive: slower)
 * @is_new: the chain is not in the first run
 * @out: (out caller-allocates): the colour
 *
 * The differential colour of a chain: red for slower, blue for faster, more saturated for
 * larger changes; a chain that is new has its own hue.
 */
void
hearth_palette_diff (const HearthPalette *palette,
                     double               change,
                     gboolean             is_new,
                     HearthRgb           *out)
{
  guint level;

  g_return_if_fail (palette != NULL && out != NULL);

  if (is_new)
    {
      *out = palette->diff_new;
      return;
    }
  level = hearth_palette_diff_level (change);
  hearth_rgb_mix (&palette->diff_neutral, change > 0 ? &palette->diff_slower : &palette->diff_faster,
                  (double) level / HEARTH_PALETTE_N_DIFF_LEVELS, out);
}

static double
min_contrast (const HearthRgb *text,
              const HearthRgb *backgrounds,
              guint            n_backgrounds)
{
  double worst = G_MAXDOUBLE;

  for (guint i = 0; i < n_backgrounds; i++)
    worst = MIN (worst, hearth_rgb_contrast (text, &backgrounds[i]));
  return worst;
}

/**
 * hearth_palette_text_for:
 * @palette: a palette
 * @backgrounds: (array length=n_backgrounds): the colours the text is drawn over
 * @n_backgrounds: how many
 * @dimmed: the bar is dimmed: prefer the softer text colours
 * @out: (out caller-allocates): the text colour
 *
 * Picks the label colour: the palette's preferred text colour when its contrast against every
 * background reaches WCAG AA (4.5:1), else the other one, else black or white, whichever is
 * better.
 */
void
hearth_palette_text_for (const HearthPalette *palette,
                         const HearthRgb     *backgrounds,
                         guint                n_backgrounds,
                         gboolean             dimmed,
                         HearthRgb           *out)
{
  static const HearthRgb black = { 0, 0, 0 };
  static const HearthRgb white = { 1, 1, 1 };
  const HearthRgb *candidates[6];
  guint n = 0;
  const HearthRgb *best = NULL;
  double best_contrast = -1;

  g_return_if_fail (palette != NULL && out != NULL);
  g_return_if_fail (backgrounds != NULL && n_backgrounds > 0);

  if (dimmed)
    {
      candidates[n++] = palette->dark ? &palette->text_dim_light : &palette->text_dim_dark;
      candidates[n++] = palette->dark ? &palette->text_dim_dark : &palette->text_dim_light;
    }
  candidates[n++] = palette->dark ? &palette->text_light : &palette->text_dark;
  candidates[n++] = palette->dark ? &palette->text_dark : &palette->text_light;
  candidates[n++] = &black;
  candidates[n++] = &white;

  for (guint i = 0; i < n; i++)
    {
      double c = min_contrast (candidates[i], backgrounds, n_backgrounds);

      if (c >= MIN_CONTRAST)
        {
          *out = *candidates[i];
          return;
        }
      if (c > best_contrast)
        {
          best_contrast = c;
          best = candidates[i];
        }
    }
  *out = *best;
}

static double
linear_channel (double c)
{
  return c <= 0.04045 ? c / 12.92 : pow ((c + 0.055) / 1.055, 2.4);
}

/**
 * hearth_rgb_luminance:
 * @color: a colour
 *
 * Returns: its relative luminance as WCAG 2 defines it
 */
double
hearth_rgb_luminance (const HearthRgb *color)
{
  g_return_val_if_fail (color != NULL, 0);

  return 0.2126 * linear_channel (color->red) + 0.7152 * linear_channel (color->green) +
         0.0722 * linear_channel (color->blue);
}

/**
 * hearth_rgb_contrast:
 * @a: a colour
 * @b: another colour
 *
 * Returns: the WCAG 2 contrast ratio of the two, from 1 to 21
 */
double
hearth_rgb_contrast (const HearthRgb *a,
                     const HearthRgb *b)
{
  double la = hearth_rgb_luminance (a);
  double lb = hearth_rgb_luminance (b);

  return (MAX (la, lb) + 0.05) / (MIN (la, lb) + 0.05);
}

/**
 * hearth_rgb_mix:
 * @a: a colour
 * @b: another colour
 * @t: 0 gives @a, 1 gives @b
 * @out: (out caller-allocates): the mixture (may be @a or @b)
 */
void
hearth_rgb_mix (const HearthRgb *a,
                const HearthRgb *b,
                double           t,
                HearthRgb       *out)
{
  HearthRgb r;

  g_return_if_fail (a != NULL && b != NULL && out != NULL);

  r.red = a->red + (b->red - a->red) * t;
  r.green = a->green + (b->green - a->green) * t;
  r.blue = a->blue + (b->blue - a->blue) * t;
  *out = r;
}

static guint32
channel8 (double c)
{
  return (guint32) lround (CLAMP (c, 0.0, 1.0) * 255);
}

/**
 * hearth_rgb_to_uint:
 * @color: a colour
 *
 * Returns: the colour as 0xRRGGBB
 */
guint32
hearth_rgb_to_uint (const HearthRgb *color)
{
  g_return_val_if_fail (color != NULL, 0);

  return channel8 (color->red) << 16 | channel8 (color->green) << 8 | channel8 (color->blue);
}

/**
 * hearth_rgb_from_uint:
 * @packed: 0xRRGGBB
 * @out: (out caller-allocates): the colour
 */
void
hearth_rgb_from_uint (guint32    packed,
                      HearthRgb *out)
{
  g_return_if_fail (out != NULL);

  *out = rgb8 ((packed >> 16) & 0xff, (packed >> 8) & 0xff, packed & 0xff);
}
