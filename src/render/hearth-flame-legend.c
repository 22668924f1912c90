/* hearth-flame-legend.c: the legend under the graph: what the colours and marks of this
 * drawing mean (nothing it does not use), laid out in lines, and its swatches, which the
 * window's legend paints with the same painter.
 *
 * Copyright 2026 The Hearth authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#define G_LOG_DOMAIN "hearth-flame-renderer"

#include "hearth-flame-legend.h"

#include <glib/gi18n.h>
#include <math.h>
#include <string.h>

#include "hearth-flame-diff.h"

#define LEGEND_SWATCH_W 16.0
#define LEGEND_SPACING  18.0

enum
{
  SWATCH_NONE,        /* a heading for the entries after it */
  SWATCH_FILL,
  SWATCH_HATCH,
  SWATCH_SHRUNK,
  SWATCH_GUARDED,
  SWATCH_WHISKER,
};

/* The whisker swatch in a w x h box: the bar's part (x, y, w, h), then the beam and its two
 * ticks, as the graph draws them at a bar's right end. */
static void
whisker_swatch_rects (double w,
                      double h,
                      double rects[4][4])
{
  double mid = floor (h / 2), tick = MIN (9, 2 * floor ((h - 2) / 4) + 1);
  double x0 = floor (w * 0.45), x1 = w;

  memcpy (rects, (double[4][4]) {
    { 0, 0, floor (w * 0.7), h },
    { x0, mid, x1 - x0, 1 },
    { x0, mid - floor (tick / 2), 1, tick },
    { x1 - 1, mid - floor (tick / 2), 1, tick },
  }, sizeof (double[4][4]));
}
static void
add_legend (Frame           *f,
            const char      *text,
            guint            kind,
            const HearthRgb *color)
{
  if (f->n_legend >= MAX_LEGEND)
    return;
  f->legend[f->n_legend].text = text;
  f->legend[f->n_legend].kind = kind;
  f->legend[f->n_legend].color = *color;
  f->n_legend++;
}

/* The legend lists what this drawing uses, nothing else. */
void
_hearth_flame_collect_legend (HearthFlameRenderer *self,
                              Frame               *f)
{
  const HearthPalette *palette = hearth_palette_get_for (self->dark, self->high_contrast);
  static const char *const names[HEARTH_N_CATEGORIES] = {
    [HEARTH_CATEGORY_MINE] = N_("your code"),
    [HEARTH_CATEGORY_INSTALLED] = N_("installed packages"),
    [HEARTH_CATEGORY_PYTHON] = N_("Python and its standard library"),
  };
  guint categories = 0;
  gboolean estimated = FALSE, shrunk = FALSE, guarded = FALSE, whisker;
  HearthRgb swatch, sample = palette->category[HEARTH_CATEGORY_MINE];

  for (guint r = 0; r < self->n_runs; r++)
    {
      if (r == 0 || !_hearth_flame_diff_colours (self))
        categories |= self->runs[r].categories;
      estimated |= self->runs[r].has_estimated;
      shrunk |= self->runs[r].has_shrunk;
      guarded |= self->runs[r].has_guarded;
    }
  if (self->legend_also != NULL && self->legend_also->n_runs > 0)
    {
      Run *also = &self->legend_also->runs[0];

      categories |= also->categories;
      estimated |= also->has_estimated;
      shrunk |= also->has_shrunk;
      guarded |= also->has_guarded;
    }

  whisker = _hearth_flame_renderer_get_spread (self) != NULL &&
            hearth_spread_has_noisy (_hearth_flame_renderer_get_spread (self));

  /* with differential colours the categories are the first run's only: say so */
  if (_hearth_flame_diff_colours (self))
    add_legend (f, _("first run:"), SWATCH_NONE, &sample);
  for (guint c = 0; c < HEARTH_N_CATEGORIES; c++)
    if (categories & (1u << c))
      {
        hearth_palette_bar (palette, c, HEARTH_PALETTE_N_VARIANTS / 2, &swatch);
        add_legend (f, _(names[c]), SWATCH_FILL, &swatch);
      }
  if (categories != 0)
    hearth_palette_bar (palette, __builtin_ctz (categories), HEARTH_PALETTE_N_VARIANTS / 2,
                        &sample);

  if (_hearth_flame_diff_colours (self))
    {
      add_legend (f, _("second run:"), SWATCH_NONE, &sample);
      hearth_palette_diff (palette, 1, FALSE, &swatch);
      add_legend (f, _("slower chain"), SWATCH_FILL, &swatch);
      hearth_palette_diff (palette, -1, FALSE, &swatch);
      add_legend (f, _("faster chain"), SWATCH_FILL, &swatch);
      hearth_palette_diff (palette, 0, TRUE, &swatch);
      add_legend (f, _("new chain"), SWATCH_FILL, &swatch);
    }
  if (estimated)
    add_legend (f, _("hatched: estimated from a multi-caller split (solid: proven)"),
                SWATCH_HATCH, &sample);
  if (shrunk)
    add_legend (f, _("underlined: callees scaled down (the profile counts them twice)"),
                SWATCH_SHRUNK, &sample);
  if (guarded)
    add_legend (f, _("dashed: time in re-entered calls, not self time"), SWATCH_GUARDED,
                &palette->guarded);
  if (whisker)
    add_legend (f, _("varies across runs"), SWATCH_WHISKER, &sample);
}

/* Lays the legend out in lines; returns how many. */
guint
_hearth_flame_flow_legend (HearthFlameRenderer *self,
                           Frame               *f)
{
  HearthLabelFit *fit = self->fit[HEARTH_SCENE_FONT_LABEL];
  double x = f->left;
  guint line = 0;

  for (guint i = 0; i < f->n_legend; i++)
    {
      double swatch = f->legend[i].kind == SWATCH_NONE ? 0 : LEGEND_SWATCH_W + f->pad;
      double w = swatch + hearth_label_fit_measure (fit, f->legend[i].text);

      if (x > f->left && x + w > f->right)
        {
          x = f->left;
          line++;
        }
      f->legend[i].x = x;
      f->legend[i].y = line * (f->line_h + 4);
      x += w + (f->legend[i].kind == SWATCH_NONE ? f->pad : LEGEND_SPACING);
    }
  return f->n_legend > 0 ? line + 1 : 0;
}

static void
emit_whisker_swatch (Build           *b,
                     const HearthRgb *color,
                     double           x,
                     double           y,
                     double           h)
{
  double rects[4][4];
  HearthRgb whisker;
  guint paint;

  whisker_swatch_rects (LEGEND_SWATCH_W, h, rects);
  hearth_palette_whisker (b->palette, &whisker);
  paint = _hearth_flame_color_paint (b, &whisker);
  _hearth_flame_add_fill (b, HEARTH_SCENE_LAYER_FILL, _hearth_flame_color_paint (b, color),
                          x + rects[0][0], y + rects[0][1], rects[0][2], rects[0][3]);
  for (guint i = 1; i < 4; i++)
    _hearth_flame_add_fill (b, HEARTH_SCENE_LAYER_MARK, paint, x + rects[i][0], y + rects[i][1],
                            rects[i][2], rects[i][3]);
}

void
_hearth_flame_emit_legend (Build *b)
{
  const Frame *f = &b->f;
  guint muted = _hearth_flame_color_paint (b, &b->palette->muted);
  guint fg = _hearth_flame_color_paint (b, &b->palette->foreground);

  for (guint i = 0; i < f->n_legend; i++)
    {
      const LegendEntry *e = &f->legend[i];
      double y = f->legend_y + e->y;
      double sy = y + 2, sh = f->line_h - 4;
      HearthRgb tint, stripe, fill;

      switch (e->kind)
        {
        case SWATCH_HATCH:
          hearth_palette_hatch (b->palette, &e->color, &tint, &stripe);
          _hearth_flame_add_fill (b, HEARTH_SCENE_LAYER_FILL,
                                  _hearth_flame_color_paint (b, &e->color), e->x, sy,
                                  LEGEND_SWATCH_W / 4, sh);
          g_array_append_val (b->scene->paints, ((HearthScenePaint) {
            hearth_rgb_to_uint (&stripe), hearth_rgb_to_uint (&tint), TRUE }));
          g_array_append_val (b->self->paint_text, muted);
          _hearth_flame_add_fill (b, HEARTH_SCENE_LAYER_FILL, b->scene->paints->len - 1,
                                  e->x + LEGEND_SWATCH_W / 4, sy, LEGEND_SWATCH_W * 3 / 4, sh);
          break;

        case SWATCH_SHRUNK:
          _hearth_flame_add_fill (b, HEARTH_SCENE_LAYER_FILL,
                                  _hearth_flame_color_paint (b, &e->color), e->x, sy,
                                  LEGEND_SWATCH_W, sh);
          _hearth_flame_add_fill (b, HEARTH_SCENE_LAYER_MARK,
                                  _hearth_flame_color_paint (b, &b->palette->shrunk), e->x,
                                  sy + sh - SHRUNK_MARK, LEGEND_SWATCH_W, SHRUNK_MARK);
          break;

        case SWATCH_GUARDED:
          hearth_rgb_mix (&b->palette->guarded, &b->palette->background, 0.82, &fill);
          _hearth_flame_add_fill (b, HEARTH_SCENE_LAYER_FILL, _hearth_flame_color_paint (b, &fill),
                                  e->x, sy, LEGEND_SWATCH_W, sh);
          _hearth_flame_add_outline (b, _hearth_flame_color_paint (b, &b->palette->guarded), e->x,
                                     sy, LEGEND_SWATCH_W, sh, 1, TRUE);
          break;

        case SWATCH_WHISKER:
          emit_whisker_swatch (b, &e->color, e->x, sy, sh);
          break;

        case SWATCH_NONE:
          _hearth_flame_add_plain_text (b, HEARTH_SCENE_FONT_LABEL, fg, e->x, y, e->text);
          continue;

        case SWATCH_FILL:
        default:
          _hearth_flame_add_fill (b, HEARTH_SCENE_LAYER_FILL,
                                  _hearth_flame_color_paint (b, &e->color), e->x, sy,
                                  LEGEND_SWATCH_W, sh);
          break;
        }
      _hearth_flame_add_plain_text (b, HEARTH_SCENE_FONT_LABEL, muted,
                                    e->x + LEGEND_SWATCH_W + f->pad, y, e->text);
    }
}

static void
swatch_fill (HearthScene     *scene,
             guint            layer,
             const HearthRgb *color,
             const HearthRgb *ground,
             double           x,
             double           y,
             double           w,
             double           h)
{
  HearthScenePaint paint = { hearth_rgb_to_uint (color), 0, ground != NULL };
  HearthSceneItem item = { 0 };

  if (ground != NULL)
    paint.ground = hearth_rgb_to_uint (ground);
  g_array_append_val (scene->paints, paint);
  item.kind = HEARTH_SCENE_FILL;
  item.layer = layer;
  item.paint = scene->paints->len - 1;
  item.x = x;
  item.y = y;
  item.w = w;
  item.h = h;
  g_array_append_val (scene->items, item);
}

/**
 * hearth_swatch_paint:
 * @cr: where to paint, with the swatch's top left corner at (0, 0)
 * @dark: the dark palette
 * @swatch: what the swatch shows
 * @color: the bar colour it shows that on
 * @width: in pixels
 * @height: in pixels
 *
 * hearth_swatch_paint_for() with the light or the dark palette.
 */
void
hearth_swatch_paint (cairo_t         *cr,
                     gboolean         dark,
                     HearthSwatch     swatch,
                     const HearthRgb *color,
                     double           width,
                     double           height)
{
  hearth_swatch_paint_for (cr, hearth_palette_get (dark), swatch, color, width, height);
}

/**
 * hearth_swatch_paint_for:
 * @cr: where to paint, with the swatch's top left corner at (0, 0)
 * @palette: the palette of the graph
 * @swatch: what the swatch shows
 * @color: the bar colour it shows that on
 * @width: in pixels
 * @height: in pixels
 *
 * Paints one swatch of a legend with the palette and the painter of the graph itself, as
 * the legend of an export does: a hatch is the same hatch as on an estimated bar.
 */
void
hearth_swatch_paint_for (cairo_t             *cr,
                         const HearthPalette *palette,
                         HearthSwatch         swatch,
                         const HearthRgb     *color,
                         double               width,
                         double               height)
{
  HearthScene scene = { 0 };
  HearthRgb tint, stripe, fill;
  HearthSceneItem outline = { 0 };

  g_return_if_fail (cr != NULL);
  g_return_if_fail (color != NULL);

  scene.width = width;
  scene.height = height;
  scene.background = G_MAXUINT32;
  scene.items = g_array_new (FALSE, TRUE, sizeof (HearthSceneItem));
  scene.paints = g_array_new (FALSE, TRUE, sizeof (HearthScenePaint));
  switch (swatch)
    {
    case HEARTH_SWATCH_HATCH:
      hearth_palette_hatch (palette, color, &tint, &stripe);
      swatch_fill (&scene, HEARTH_SCENE_LAYER_FILL, color, NULL, 0, 0, width / 4, height);
      swatch_fill (&scene, HEARTH_SCENE_LAYER_FILL, &stripe, &tint, width / 4, 0,
                   width - width / 4, height);
      break;

    case HEARTH_SWATCH_SHRUNK:
      swatch_fill (&scene, HEARTH_SCENE_LAYER_FILL, color, NULL, 0, 0, width, height);
      swatch_fill (&scene, HEARTH_SCENE_LAYER_MARK, &palette->shrunk, NULL, 0,
                   height - SHRUNK_MARK, width, SHRUNK_MARK);
      break;

    case HEARTH_SWATCH_GUARDED:
      hearth_rgb_mix (&palette->guarded, &palette->background, 0.82, &fill);
      swatch_fill (&scene, HEARTH_SCENE_LAYER_FILL, &fill, NULL, 0, 0, width, height);
      g_array_append_val (scene.paints, ((HearthScenePaint) {
        hearth_rgb_to_uint (&palette->guarded), 0, FALSE }));
      outline.kind = HEARTH_SCENE_OUTLINE;
      outline.layer = HEARTH_SCENE_LAYER_MARK;
      outline.paint = scene.paints->len - 1;
      outline.w = width;
      outline.h = height;
      outline.line_width = 1;
      outline.dashed = TRUE;
      g_array_append_val (scene.items, outline);
      break;

    case HEARTH_SWATCH_WHISKER:
      {
        double rects[4][4];

        whisker_swatch_rects (width, height, rects);
        hearth_palette_whisker (palette, &fill);
        swatch_fill (&scene, HEARTH_SCENE_LAYER_FILL, color, NULL, rects[0][0], rects[0][1],
                     rects[0][2], rects[0][3]);
        for (guint i = 1; i < 4; i++)
          swatch_fill (&scene, HEARTH_SCENE_LAYER_MARK, &fill, NULL, rects[i][0], rects[i][1],
                       rects[i][2], rects[i][3]);
      }
      break;

    case HEARTH_SWATCH_FILL:
    default:
      swatch_fill (&scene, HEARTH_SCENE_LAYER_FILL, color, NULL, 0, 0, width, height);
      break;
    }
  hearth_scene_paint (&scene, cr);
  g_array_unref (scene.items);
  g_array_unref (scene.paints);
}
