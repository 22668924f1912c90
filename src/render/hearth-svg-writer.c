/* hearth-svg-writer.c
 *
 * Copyright 2026 The Hearth authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#define G_LOG_DOMAIN "hearth-svg-writer"

#include "hearth-svg-writer.h"

#include <string.h>

/* cairo's SVG surface cannot give a shape a <title> (the hover text of a browser), so the
 * SVG export writes the renderer's scene itself: same layout, same colours, same labels. */

static void
append_number (GString *out,
               double   value)
{
  char buffer[G_ASCII_DTOSTR_BUF_SIZE];
  gsize len;

  /* locale-independent, at most two decimals, no trailing zeros */
  g_ascii_formatd (buffer, sizeof buffer, "%.2f", value);
  len = strlen (buffer);
  while (len > 0 && buffer[len - 1] == '0' && strchr (buffer, '.') != NULL)
    buffer[--len] = '\0';
  if (len > 0 && buffer[len - 1] == '.')
    buffer[--len] = '\0';
  if (strcmp (buffer, "-0") == 0)
    strcpy (buffer, "0");
  g_string_append (out, buffer);
}

static void
append_attr (GString    *out,
             const char *name,
             double      value)
{
  g_string_append_c (out, ' ');
  g_string_append (out, name);
  g_string_append (out, "=\"");
  append_number (out, value);
  g_string_append_c (out, '"');
}

/* Text as XML 1.0 character data: escaped, and characters XML cannot hold replaced. */
static void
append_escaped (GString    *out,
                const char *text)
{
  g_autofree char *valid = g_utf8_make_valid (text, -1);

  for (const char *p = valid; *p != '\0'; p = g_utf8_next_char (p))
    {
      gunichar c = g_utf8_get_char (p);

      switch (c)
        {
        case '&':
          g_string_append (out, "&amp;");
          break;
        case '<':
          g_string_append (out, "&lt;");
          break;
        case '>':
          g_string_append (out, "&gt;");
          break;
        case '"':
          g_string_append (out, "&quot;");
          break;
        case '\n':
        case '\t':
          g_string_append_unichar (out, c);
          break;
        default:
          if (c < 0x20 || (c >= 0x7f && c < 0xa0) || c == 0xfffe || c == 0xffff)
            g_string_append (out, "\xef\xbf\xbd");
          else
            g_string_append_len (out, p, g_utf8_next_char (p) - p);
          break;
        }
    }
}

static void
append_color (GString *out,
              guint32  color)
{
  g_string_append_printf (out, "#%06x", color & 0xffffff);
}

static void
append_paint (GString                *out,
              const HearthScenePaint *paint,
              guint                   index)
{
  if (paint->hatched)
    g_string_append_printf (out, "url(#h%u)", index);
  else
    append_color (out, paint->color);
}

static void
write_defs (GString           *out,
            const HearthScene *scene)
{
  const char *weights[] = { "normal", "bold" };
  gboolean any = FALSE;

  g_string_append (out, "<style>");
  for (guint f = 0; f < HEARTH_SCENE_N_FONTS; f++)
    {
      g_string_append_printf (out, ".f%u{font-family:'", f);
      append_escaped (out, scene->font_family[f] != NULL ? scene->font_family[f] : "sans-serif");
      g_string_append_printf (out, "',sans-serif;font-weight:%s;font-size:",
                              weights[scene->font_bold[f] ? 1 : 0]);
      append_number (out, scene->font_size[f]);
      g_string_append (out, "px;white-space:pre}");
    }
  g_string_append (out, "</style>\n");

  for (guint i = 0; i < scene->paints->len; i++)
    {
      const HearthScenePaint *paint = &g_array_index (scene->paints, HearthScenePaint, i);
      double s = HEARTH_SCENE_HATCH_SIZE;

      if (!paint->hatched)
        continue;
      if (!any)
        g_string_append (out, "<defs>\n");
      any = TRUE;
      g_string_append_printf (out, "<pattern id=\"h%u\" patternUnits=\"userSpaceOnUse\"", i);
      append_attr (out, "width", s);
      append_attr (out, "height", s);
      g_string_append (out, "><rect");
      append_attr (out, "width", s);
      append_attr (out, "height", s);
      g_string_append (out, " fill=\"");
      append_color (out, paint->ground);
      g_string_append (out, "\"/><path d=\"");
      for (int k = -1; k <= 1; k++)
        {
          g_string_append (out, k == -1 ? "M" : " M");
          append_number (out, k * s);
          g_string_append_c (out, ',');
          append_number (out, s);
          g_string_append (out, " L");
          append_number (out, (k + 1) * s);
          g_string_append (out, ",0");
        }
      g_string_append (out, "\" stroke=\"");
      append_color (out, paint->color);
      g_string_append (out, "\"");
      append_attr (out, "stroke-width", HEARTH_SCENE_HATCH_LINE);
      g_string_append (out, "/></pattern>\n");
    }
  if (any)
    g_string_append (out, "</defs>\n");
}

static void
write_item (GString               *out,
            const HearthScene     *scene,
            const HearthSceneItem *item)
{
  const HearthScenePaint *paint = NULL;

  if (item->kind != HEARTH_SCENE_BEGIN && item->kind != HEARTH_SCENE_END)
    paint = &g_array_index (scene->paints, HearthScenePaint, item->paint);

  switch (item->kind)
    {
    case HEARTH_SCENE_FILL:
      g_string_append (out, "<rect");
      append_attr (out, "x", item->x);
      append_attr (out, "y", item->y);
      append_attr (out, "width", item->w);
      append_attr (out, "height", item->h);
      g_string_append (out, " fill=\"");
      append_paint (out, paint, item->paint);
      g_string_append (out, "\"/>\n");
      break;

    case HEARTH_SCENE_OUTLINE:
      g_string_append (out, "<rect");
      append_attr (out, "x", item->x + item->line_width / 2);
      append_attr (out, "y", item->y + item->line_width / 2);
      append_attr (out, "width", MAX (0, item->w - item->line_width));
      append_attr (out, "height", MAX (0, item->h - item->line_width));
      g_string_append (out, " fill=\"none\" stroke=\"");
      append_color (out, paint->color);
      g_string_append (out, "\"");
      append_attr (out, "stroke-width", item->line_width);
      if (item->dashed)
        g_string_append (out, " stroke-dasharray=\"3 2\"");
      g_string_append (out, "/>\n");
      break;

    case HEARTH_SCENE_LINE:
      g_string_append (out, "<line");
      append_attr (out, "x1", item->x);
      append_attr (out, "y1", item->y);
      append_attr (out, "x2", item->x + item->w);
      append_attr (out, "y2", item->y + item->h);
      g_string_append (out, " stroke=\"");
      append_color (out, paint->color);
      g_string_append (out, "\"");
      append_attr (out, "stroke-width", item->line_width);
      if (item->dashed)
        g_string_append (out, " stroke-dasharray=\"3 2\"");
      g_string_append (out, "/>\n");
      break;

    case HEARTH_SCENE_TEXT:
      if (item->text == NULL)
        break;
      g_string_append_printf (out, "<text class=\"f%u\"", MIN (item->font, HEARTH_SCENE_N_FONTS - 1));
      append_attr (out, "x", item->x);
      append_attr (out, "y", item->y + scene->font_baseline[MIN (item->font,
                                                                   HEARTH_SCENE_N_FONTS - 1)]);
      /* the width pango measured: another font in the viewer cannot overflow the bar */
      append_attr (out, "textLength", item->w);
      g_string_append (out, " lengthAdjust=\"spacingAndGlyphs\" fill=\"");
      append_color (out, paint->color);
      g_string_append (out, "\">");
      append_escaped (out, item->text);
      g_string_append (out, "</text>\n");
      break;

    case HEARTH_SCENE_BEGIN:
      g_string_append (out, "<g><title>");
      append_escaped (out, item->text != NULL ? item->text : "");
      g_string_append (out, "</title>\n");
      break;

    case HEARTH_SCENE_END:
      g_string_append (out, "</g>\n");
      break;

    default:
      break;
    }
}

/**
 * hearth_svg_writer_write:
 * @scene: a scene built with hover texts
 * @title: (nullable): the document title
 *
 * Writes a scene as a standalone SVG document. Each bar is a group whose `<title>` holds its
 * full name, time and share, which browsers show on hover.
 *
 * Returns: (transfer full): the document, UTF-8
 */
GBytes *
hearth_svg_writer_write (const HearthScene *scene,
                         const char        *title)
{
  GString *out;

  g_return_val_if_fail (scene != NULL, NULL);

  out = g_string_sized_new (4096 + scene->items->len * 96);
  g_string_append (out, "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
                        "<svg xmlns=\"http://www.w3.org/2000/svg\" version=\"1.1\"");
  append_attr (out, "width", scene->width);
  append_attr (out, "height", scene->height);
  g_string_append (out, " viewBox=\"0 0 ");
  append_number (out, scene->width);
  g_string_append_c (out, ' ');
  append_number (out, scene->height);
  g_string_append (out, "\">\n");
  if (title != NULL)
    {
      g_string_append (out, "<title>");
      append_escaped (out, title);
      g_string_append (out, "</title>\n");
    }
  write_defs (out, scene);
  if (scene->background != G_MAXUINT32)
    {
      g_string_append (out, "<rect");
      append_attr (out, "width", scene->width);
      append_attr (out, "height", scene->height);
      g_string_append (out, " fill=\"");
      append_color (out, scene->background);
      g_string_append (out, "\"/>\n");
    }

  /* list order is drawing order: a bar's fills, marks and label sit in its group, and
   * bars never overlap */
  for (guint layer = 0; layer < HEARTH_SCENE_N_LAYERS; layer++)
    for (guint i = 0; i < scene->items->len; i++)
      {
        const HearthSceneItem *item = &g_array_index (scene->items, HearthSceneItem, i);

        if (layer == HEARTH_SCENE_LAYER_BACK ? item->layer == HEARTH_SCENE_LAYER_BACK
                                             : layer == HEARTH_SCENE_LAYER_FILL &&
                                               item->layer != HEARTH_SCENE_LAYER_BACK)
          write_item (out, scene, item);
      }
  g_string_append (out, "</svg>\n");
  return g_string_free_to_bytes (out);
}
