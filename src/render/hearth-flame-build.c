/* hearth-flame-build.c: a frame's scene as it is built: adding its items (fills, outlines,
 * lines, texts, groups with a hover text) and finding their paints (plain colours, and the
 * colours of bars by category and variant or by change, dimmed or hatched).
 *
 * Copyright 2026 The Hearth authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#define G_LOG_DOMAIN "hearth-flame-renderer"

#include "hearth-flame-build.h"

#include <string.h>

#include "hearth-flame-diff.h"

static HearthSceneItem *
add_item (Build *b,
          guint  kind,
          guint  layer)
{
  HearthSceneItem *item;

  g_array_set_size (b->scene->items, b->scene->items->len + 1);
  item = &g_array_index (b->scene->items, HearthSceneItem, b->scene->items->len - 1);
  memset (item, 0, sizeof *item);
  item->kind = kind;
  item->layer = layer;
  return item;
}

static guint
new_paint (Build    *b,
           guint32   color,
           guint32   ground,
           gboolean  hatched,
           gint      text_paint)
{
  HearthScenePaint paint = { color, ground, hatched };
  guint index = b->scene->paints->len;
  guint text = text_paint >= 0 ? (guint) text_paint : index;

  g_array_append_val (b->scene->paints, paint);
  g_array_append_val (b->self->paint_text, text);
  return index;
}

/* a plain colour, for text, lines and marks */
guint
_hearth_flame_color_paint (Build           *b,
                           const HearthRgb *rgb)
{
  guint32 color = hearth_rgb_to_uint (rgb);
  gpointer key = GUINT_TO_POINTER (color | 0x1000000u);
  gpointer found = g_hash_table_lookup (b->self->color_paint, key);
  guint index;

  if (found != NULL)
    return GPOINTER_TO_UINT (found) - 1;
  index = new_paint (b, color, 0, FALSE, -1);
  g_hash_table_insert (b->self->color_paint, key, GUINT_TO_POINTER (index + 1));
  return index;
}

guint
_hearth_flame_text_paint_for (Build           *b,
                              const HearthRgb *backgrounds,
                              guint            n,
                              gboolean         dimmed)
{
  HearthRgb text;

  hearth_palette_text_for (b->palette, backgrounds, n, dimmed, &text);
  return _hearth_flame_color_paint (b, &text);
}

static guint
keyed_paint (Build           *b,
             guint            key,
             const HearthRgb *rgb,
             gboolean         dim,
             gboolean         hatch)
{
  HearthRgb color = *rgb, both[2];
  guint text;

  if (b->self->key_paint[key] >= 0)
    return b->self->key_paint[key];

  if (dim)
    hearth_palette_dim (b->palette, &color, &color);
  if (hatch)
    {
      hearth_palette_hatch (b->palette, &color, &both[0], &both[1]);
      text = _hearth_flame_text_paint_for (b, both, 2, dim);
      b->self->key_paint[key] = new_paint (b, hearth_rgb_to_uint (&both[1]),
                                           hearth_rgb_to_uint (&both[0]), TRUE, text);
    }
  else
    {
      text = _hearth_flame_text_paint_for (b, &color, 1, dim);
      b->self->key_paint[key] = new_paint (b, hearth_rgb_to_uint (&color), 0, FALSE, text);
    }
  return b->self->key_paint[key];
}

gboolean
_hearth_flame_diff_run (Build *b,
                        guint  run)
{
  return run == 1 && _hearth_flame_diff_colours (b->self);
}

guint
_hearth_flame_bar_paint (Build            *b,
                         guint             run_index,
                         guint             index,
                         const HearthNode *node,
                         gboolean          dim,
                         gboolean          hatch)
{
  Run *run = &b->self->runs[run_index];
  HearthRgb rgb;
  guint key;

  if (_hearth_flame_diff_run (b, run_index))
    {
      gboolean is_new = (run->diff_flags[index] & DIFF_NEW) != 0;
      double change = run->change[index];
      guint level = hearth_palette_diff_level (change);
      guint code = is_new ? 2 * N_LEVELS : change > 0 ? level : N_LEVELS + level;

      key = KEY_DIFF + (code * 2 + !!dim) * 2 + !!hatch;
      if (b->self->key_paint[key] < 0)
        hearth_palette_diff (b->palette, change, is_new, &rgb);
    }
  else
    {
      HearthCategory category = _hearth_flame_run_category (run, node->function);
      guint variant = _hearth_flame_run_variant (run, node->function);

      key = KEY_BARS + ((category * N_VARIANTS + variant) * 2 + !!dim) * 2 + !!hatch;
      if (b->self->key_paint[key] < 0)
        hearth_palette_bar (b->palette, category, variant, &rgb);
    }
  return keyed_paint (b, key, &rgb, dim, hatch);
}

guint
_hearth_flame_merged_paint (Build *b,
                            guint  run_index,
                            guint  function)
{
  Run *run = &b->self->runs[run_index];
  HearthRgb rgb;
  guint key;

  if (_hearth_flame_diff_run (b, run_index))
    {
      key = KEY_MERGED_DIFF;
      rgb = b->palette->diff_neutral;
    }
  else
    {
      HearthCategory category = _hearth_flame_run_category (run, function);
      guint variant = _hearth_flame_run_variant (run, function);

      key = KEY_MERGED + category * N_VARIANTS + variant;
      hearth_palette_bar (b->palette, category, variant, &rgb);
    }
  if (b->self->key_paint[key] < 0)
    {
      hearth_palette_merged (b->palette, &rgb, &rgb);
      b->self->key_paint[key] = new_paint (b, hearth_rgb_to_uint (&rgb), 0, FALSE, -1);
    }
  return b->self->key_paint[key];
}

/* An item that covers a rectangle in one paint: a fill, an outline or a line. */
static HearthSceneItem *
add_rect (Build           *b,
          HearthSceneKind  kind,
          guint            layer,
          guint            paint,
          double           x,
          double           y,
          double           w,
          double           h)
{
  HearthSceneItem *item = add_item (b, kind, layer);

  item->paint = paint;
  item->x = x;
  item->y = y;
  item->w = w;
  item->h = h;
  return item;
}

void
_hearth_flame_add_fill (Build  *b,
                        guint   layer,
                        guint   paint,
                        double  x,
                        double  y,
                        double  w,
                        double  h)
{
  add_rect (b, HEARTH_SCENE_FILL, layer, paint, x, y, w, h);
}

void
_hearth_flame_add_outline (Build    *b,
                           guint     paint,
                           double    x,
                           double    y,
                           double    w,
                           double    h,
                           double    line_width,
                           gboolean  dashed)
{
  HearthSceneItem *item = add_rect (b, HEARTH_SCENE_OUTLINE, HEARTH_SCENE_LAYER_MARK, paint,
                                    x, y, w, h);

  item->line_width = line_width;
  item->dashed = !!dashed;
}

void
_hearth_flame_add_line (Build  *b,
                        guint   layer,
                        guint   paint,
                        double  x,
                        double  y,
                        double  w,
                        double  h)
{
  add_rect (b, HEARTH_SCENE_LINE, layer, paint, x, y, w, h)->line_width = 1;
}

void
_hearth_flame_add_text (Build       *b,
                        guint        font,
                        guint        paint,
                        double       x,
                        double       y,
                        PangoLayout *layout,
                        const char  *text,
                        double       width)
{
  HearthSceneItem *item = add_item (b, HEARTH_SCENE_TEXT, HEARTH_SCENE_LAYER_TEXT);

  item->font = font;
  item->paint = paint;
  item->x = x;
  item->y = y;
  item->w = width;
  item->h = font == HEARTH_SCENE_FONT_TITLE ? b->f.title_h : b->f.line_h;
  item->layout = layout;
  item->text = text;
}

/* A whole text (titles, axis labels, the legend), cached like a label. */
double
_hearth_flame_add_plain_text (Build      *b,
                              guint       font,
                              guint       paint,
                              double      x,
                              double      y,
                              const char *text)
{
  HearthLabel *label = hearth_label_fit_lookup (b->self->fit[font], text);
  double width;
  PangoLayout *layout = hearth_label_get_layout (label, &width);

  _hearth_flame_add_text (b, font, paint, x, y, layout, hearth_label_get_text (label), width);
  return width;
}

void
_hearth_flame_begin_group (Build      *b,
                           const char *hover)
{
  HearthSceneItem *item = add_item (b, HEARTH_SCENE_BEGIN, HEARTH_SCENE_LAYER_FILL);

  item->text = g_string_chunk_insert (b->self->strings, hover);
}

void
_hearth_flame_end_group (Build *b)
{
  add_item (b, HEARTH_SCENE_END, HEARTH_SCENE_LAYER_FILL);
}
