/* hearth-scene.c
 *
 * Copyright 2026 The Hearth authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#define G_LOG_DOMAIN "hearth-scene"

#include "hearth-scene.h"

#include <math.h>
#include <pango/pangocairo.h>
#include <string.h>

static void
set_source_color (cairo_t *cr,
                  guint32  color)
{
  cairo_set_source_rgb (cr, ((color >> 16) & 0xff) / 255.0, ((color >> 8) & 0xff) / 255.0,
                        (color & 0xff) / 255.0);
}

/* The hatch as a repeating tile: stripes continue from bar to bar, which keeps a graph that
 * is mostly hatched calm. Raster targets get a tile at device resolution; vector targets a
 * finer one. */
static cairo_pattern_t *
hatch_pattern (cairo_t                *cr,
               const HearthScenePaint *paint)
{
  cairo_surface_t *target = cairo_get_target (cr);
  double dx = 1, dy = 0, k = 4;
  int size;
  cairo_surface_t *tile;
  cairo_t *tc;
  cairo_pattern_t *pattern;
  cairo_matrix_t matrix;

  if (cairo_surface_get_type (target) == CAIRO_SURFACE_TYPE_IMAGE)
    {
      cairo_user_to_device_distance (cr, &dx, &dy);
      k = MAX (1, ceil (hypot (dx, dy) - 1e-6));
    }
  size = (int) ceil (HEARTH_SCENE_HATCH_SIZE * k);
  tile = cairo_image_surface_create (CAIRO_FORMAT_RGB24, size, size);
  tc = cairo_create (tile);
  set_source_color (tc, paint->ground);
  cairo_paint (tc);
  set_source_color (tc, paint->color);
  cairo_set_line_width (tc, HEARTH_SCENE_HATCH_LINE * k);
  for (int i = -1; i <= 1; i++)
    {
      cairo_move_to (tc, i * size, size);
      cairo_line_to (tc, (i + 1) * size, 0);
    }
  cairo_stroke (tc);
  cairo_destroy (tc);

  pattern = cairo_pattern_create_for_surface (tile);
  cairo_surface_destroy (tile);
  cairo_pattern_set_extend (pattern, CAIRO_EXTEND_REPEAT);
  cairo_matrix_init_scale (&matrix, size / HEARTH_SCENE_HATCH_SIZE, size / HEARTH_SCENE_HATCH_SIZE);
  cairo_pattern_set_matrix (pattern, &matrix);
  cairo_pattern_set_filter (pattern, fabs (hypot (dx, dy) - k) < 1e-6 ? CAIRO_FILTER_NEAREST
                                                                      : CAIRO_FILTER_GOOD);
  return pattern;
}

static void
paint_fills (const HearthScene *scene,
             cairo_t           *cr,
             guint              layer,
             guint             *order,
             guint             *start)
{
  const HearthSceneItem *items = (const HearthSceneItem *) (gpointer) scene->items->data;
  guint n_paints = scene->paints->len;
  guint n = 0;

  /* counting sort by paint: one fill per colour instead of one per bar */
  memset (start, 0, sizeof (guint) * (n_paints + 1));
  for (guint i = 0; i < scene->items->len; i++)
    if (items[i].kind == HEARTH_SCENE_FILL && items[i].layer == layer)
      start[items[i].paint + 1]++;
  for (guint p = 0; p < n_paints; p++)
    start[p + 1] += start[p];
  n = start[n_paints];
  if (n == 0)
    return;
  for (guint i = 0; i < scene->items->len; i++)
    if (items[i].kind == HEARTH_SCENE_FILL && items[i].layer == layer)
      order[start[items[i].paint]++] = i;

  for (guint k = 0, p = 0; k < n; p++)
    {
      const HearthScenePaint *paint = &g_array_index (scene->paints, HearthScenePaint, p);
      guint end = start[p];
      cairo_pattern_t *pattern = NULL;

      if (end == k)
        continue;
      for (; k < end; k++)
        cairo_rectangle (cr, items[order[k]].x, items[order[k]].y, items[order[k]].w,
                         items[order[k]].h);
      if (paint->hatched)
        {
          pattern = hatch_pattern (cr, paint);
          cairo_set_source (cr, pattern);
        }
      else
        set_source_color (cr, paint->color);
      cairo_fill (cr);
      g_clear_pointer (&pattern, cairo_pattern_destroy);
    }
}

static void
paint_strokes (const HearthScene *scene,
               cairo_t           *cr,
               guint              layer)
{
  static const double dash[] = { 3, 2 };

  for (guint i = 0; i < scene->items->len; i++)
    {
      const HearthSceneItem *item = &g_array_index (scene->items, HearthSceneItem, i);
      const HearthScenePaint *paint;

      if (item->layer != layer || (item->kind != HEARTH_SCENE_OUTLINE &&
                                   item->kind != HEARTH_SCENE_LINE))
        continue;
      paint = &g_array_index (scene->paints, HearthScenePaint, item->paint);
      set_source_color (cr, paint->color);
      cairo_set_line_width (cr, item->line_width);
      cairo_set_dash (cr, dash, item->dashed ? 2 : 0, 0);
      if (item->kind == HEARTH_SCENE_OUTLINE)
        {
          double inset = item->line_width / 2;

          cairo_rectangle (cr, item->x + inset, item->y + inset,
                           MAX (0, item->w - item->line_width), MAX (0, item->h - item->line_width));
        }
      else
        {
          cairo_move_to (cr, item->x, item->y);
          cairo_rel_line_to (cr, item->w, item->h);
        }
      cairo_stroke (cr);
    }
  cairo_set_dash (cr, NULL, 0, 0);
}

static void
paint_texts (const HearthScene *scene,
             cairo_t           *cr)
{
  guint current = G_MAXUINT;

  for (guint i = 0; i < scene->items->len; i++)
    {
      const HearthSceneItem *item = &g_array_index (scene->items, HearthSceneItem, i);

      if (item->kind != HEARTH_SCENE_TEXT || item->layout == NULL)
        continue;
      if (item->paint != current)
        {
          current = item->paint;
          set_source_color (cr, g_array_index (scene->paints, HearthScenePaint, current).color);
        }
      cairo_move_to (cr, item->x, item->y);
      pango_cairo_show_layout (cr, item->layout);
    }
}

/**
 * hearth_scene_paint:
 * @scene: a scene from hearth_flame_renderer_build_scene()
 * @cr: the cairo context it was built for
 *
 * Paints a scene: back to front, bars batched by colour, text last.
 */
void
hearth_scene_paint (const HearthScene *scene,
                    cairo_t           *cr)
{
  g_autofree guint *order = NULL;
  g_autofree guint *start = NULL;

  g_return_if_fail (scene != NULL);
  g_return_if_fail (cr != NULL);

  cairo_save (cr);
  cairo_new_path (cr);
  if (scene->background != G_MAXUINT32)
    {
      set_source_color (cr, scene->background);
      cairo_rectangle (cr, 0, 0, scene->width, scene->height);
      cairo_fill (cr);
    }

  order = g_new (guint, MAX (scene->items->len, 1));
  start = g_new (guint, scene->paints->len + 1);
  for (guint layer = HEARTH_SCENE_LAYER_BACK; layer < HEARTH_SCENE_LAYER_TEXT; layer++)
    {
      paint_fills (scene, cr, layer, order, start);
      paint_strokes (scene, cr, layer);
    }
  paint_texts (scene, cr);
  cairo_restore (cr);
}
