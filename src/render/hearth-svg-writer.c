/* hearth-svg-writer.c
 *
 * Copyright 2026 The Hearth authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#define G_LOG_DOMAIN "hearth-svg-writer"

#include "hearth-svg-writer.h"

#include <math.h>
#include <string.h>

/* cairo's SVG surface cannot give a shape a <title> (the hover text of a browser), so the
 * SVG export writes the renderer's scene itself: same layout, same colours, same labels. The
 * HTML page inlines the same drawing through the pieces below. */

/**
 * hearth_svg_append_number:
 * @out: where to write
 * @value: a number; not finite is written as 0
 * @decimals: at most this many decimals
 *
 * Writes a number locale-independently, without trailing zeros.
 */
void
hearth_svg_append_number (GString *out,
                          double   value,
                          int      decimals)
{
  char format[8];
  char buffer[G_ASCII_DTOSTR_BUF_SIZE];
  gsize len;

  if (!isfinite (value))
    value = 0;
  g_snprintf (format, sizeof format, "%%.%df", CLAMP (decimals, 0, 9));
  g_ascii_formatd (buffer, sizeof buffer, format, value);
  len = strlen (buffer);
  while (len > 0 && buffer[len - 1] == '0' && strchr (buffer, '.') != NULL)
    buffer[--len] = '\0';
  if (len > 0 && buffer[len - 1] == '.')
    buffer[--len] = '\0';
  if (strcmp (buffer, "-0") == 0)
    strcpy (buffer, "0");
  g_string_append (out, buffer);
}

/* a geometry attribute, to a hundredth of a pixel */
void
hearth_svg_append_attr (GString    *out,
                        const char *name,
                        double      value)
{
  g_string_append_c (out, ' ');
  g_string_append (out, name);
  g_string_append (out, "=\"");
  hearth_svg_append_number (out, value, 2);
  g_string_append_c (out, '"');
}

void
hearth_svg_append_color (GString *out,
                         guint32  color)
{
  g_string_append_printf (out, "#%06x", color & 0xffffff);
}

/**
 * hearth_svg_append_escaped:
 * @out: where to write
 * @text: (nullable): UTF-8 text, made valid first
 * @html: also escape what an HTML page needs: apostrophes, U+2028 and U+2029
 *
 * Writes text as XML 1.0 character data or a quoted attribute value: escaped, and the
 * characters XML cannot hold replaced.
 */
void
hearth_svg_append_escaped (GString    *out,
                           const char *text,
                           gboolean    html)
{
  g_autofree char *valid = g_utf8_make_valid (text != NULL ? text : "", -1);

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
          if (html && c == '\'')
            g_string_append (out, "&#39;");
          else if (html && (c == 0x2028 || c == 0x2029))
            /* line and paragraph separators: visible as what they are in the source */
            g_string_append_printf (out, "&#x%x;", c);
          else if (c < 0x20 || (c >= 0x7f && c < 0xa0) || c == 0xfffe || c == 0xffff)
            g_string_append (out, "\xef\xbf\xbd");
          else
            g_string_append_len (out, p, g_utf8_next_char (p) - p);
          break;
        }
    }
}

/* a colour attribute: ` name="#rrggbb"` */
static void
append_color_attr (GString    *out,
                   const char *name,
                   guint32     color)
{
  g_string_append_c (out, ' ');
  g_string_append (out, name);
  g_string_append (out, "=\"");
  hearth_svg_append_color (out, color);
  g_string_append_c (out, '"');
}

static void
append_paint (GString                *out,
              const HearthScenePaint *paint,
              guint                   index,
              const HearthSvgOptions *options)
{
  if (paint->hatched)
    g_string_append_printf (out, "url(#%s%u)", options->pattern_prefix, index);
  else
    hearth_svg_append_color (out, paint->color);
}

/* the stroke attributes of an outline or a line, and the end of its element */
static void
append_stroke (GString                *out,
               const HearthScenePaint *paint,
               const HearthSceneItem  *item)
{
  append_color_attr (out, "stroke", paint->color);
  hearth_svg_append_attr (out, "stroke-width", item->line_width);
  if (item->dashed)
    g_string_append (out, " stroke-dasharray=\"3 2\"");
  g_string_append (out, "/>\n");
}

/* the width, height and viewBox attributes of the <svg> element */
void
hearth_svg_writer_append_size (GString           *out,
                               const HearthScene *scene)
{
  hearth_svg_append_attr (out, "width", scene->width);
  hearth_svg_append_attr (out, "height", scene->height);
  g_string_append (out, " viewBox=\"0 0 ");
  hearth_svg_append_number (out, scene->width, 2);
  g_string_append_c (out, ' ');
  hearth_svg_append_number (out, scene->height, 2);
  g_string_append_c (out, '"');
}

/* one <pattern> per hatched paint, to go inside a <defs> element */
void
hearth_svg_writer_append_patterns (GString                *out,
                                   const HearthScene      *scene,
                                   const HearthSvgOptions *options)
{
  double s = HEARTH_SCENE_HATCH_SIZE;

  for (guint i = 0; i < scene->paints->len; i++)
    {
      const HearthScenePaint *paint = &g_array_index (scene->paints, HearthScenePaint, i);

      if (!paint->hatched)
        continue;
      g_string_append_printf (out, "<pattern id=\"%s%u\" patternUnits=\"userSpaceOnUse\"",
                              options->pattern_prefix, i);
      hearth_svg_append_attr (out, "width", s);
      hearth_svg_append_attr (out, "height", s);
      g_string_append (out, "><rect");
      hearth_svg_append_attr (out, "width", s);
      hearth_svg_append_attr (out, "height", s);
      append_color_attr (out, "fill", paint->ground);
      g_string_append (out, "/><path d=\"");
      for (int k = -1; k <= 1; k++)
        {
          g_string_append (out, k == -1 ? "M" : " M");
          hearth_svg_append_number (out, k * s, 2);
          g_string_append_c (out, ',');
          hearth_svg_append_number (out, s, 2);
          g_string_append (out, " L");
          hearth_svg_append_number (out, (k + 1) * s, 2);
          g_string_append (out, ",0");
        }
      g_string_append_c (out, '"');
      append_color_attr (out, "stroke", paint->color);
      hearth_svg_append_attr (out, "stroke-width", HEARTH_SCENE_HATCH_LINE);
      g_string_append (out, "/></pattern>\n");
    }
}

/* the scene's background as a rectangle under everything, if it has one */
void
hearth_svg_writer_append_background (GString           *out,
                                     const HearthScene *scene)
{
  if (scene->background == G_MAXUINT32)
    return;
  g_string_append (out, "<rect");
  hearth_svg_append_attr (out, "width", scene->width);
  hearth_svg_append_attr (out, "height", scene->height);
  append_color_attr (out, "fill", scene->background);
  g_string_append (out, "/>\n");
}

static void
write_defs (GString           *out,
            const HearthScene *scene)
{
  HearthSvgOptions options = HEARTH_SVG_OPTIONS_INIT;
  const char *weights[] = { "normal", "bold" };
  gsize start;

  g_string_append (out, "<style>");
  for (guint f = 0; f < HEARTH_SCENE_N_FONTS; f++)
    {
      g_string_append_printf (out, ".f%u{font-family:'", f);
      hearth_svg_append_escaped (out, scene->font_family[f] != NULL ? scene->font_family[f]
                                                                    : "sans-serif", FALSE);
      g_string_append_printf (out, "',sans-serif;font-weight:%s;font-size:",
                              weights[scene->font_bold[f] ? 1 : 0]);
      hearth_svg_append_number (out, scene->font_size[f], 2);
      g_string_append (out, "px;white-space:pre}");
    }
  g_string_append (out, "</style>\n");

  /* no <defs> element at all when nothing is hatched */
  start = out->len;
  g_string_append (out, "<defs>\n");
  hearth_svg_writer_append_patterns (out, scene, &options);
  if (out->len == start + strlen ("<defs>\n"))
    g_string_truncate (out, start);
  else
    g_string_append (out, "</defs>\n");
}

/**
 * hearth_svg_writer_append_item:
 * @out: where to write
 * @scene: the scene @item belongs to
 * @item: a fill, outline, line or text (groups are the caller's: their markup differs)
 * @options: (nullable): how to write it
 *
 * Writes one drawing item of a scene as an SVG element and a newline.
 */
void
hearth_svg_writer_append_item (GString                *out,
                               const HearthScene      *scene,
                               const HearthSceneItem  *item,
                               const HearthSvgOptions *options)
{
  HearthSvgOptions defaults = HEARTH_SVG_OPTIONS_INIT;
  const HearthScenePaint *paint;
  guint font = MIN (item->font, HEARTH_SCENE_N_FONTS - 1);

  if (item->kind == HEARTH_SCENE_BEGIN || item->kind == HEARTH_SCENE_END)
    return;
  if (options == NULL)
    options = &defaults;
  paint = &g_array_index (scene->paints, HearthScenePaint, item->paint);

  switch (item->kind)
    {
    case HEARTH_SCENE_FILL:
      g_string_append (out, "<rect");
      hearth_svg_append_attr (out, "x", item->x);
      hearth_svg_append_attr (out, "y", item->y);
      hearth_svg_append_attr (out, "width", item->w);
      hearth_svg_append_attr (out, "height", item->h);
      g_string_append (out, " fill=\"");
      append_paint (out, paint, item->paint, options);
      g_string_append (out, "\"/>\n");
      break;

    case HEARTH_SCENE_OUTLINE:
      g_string_append (out, "<rect");
      hearth_svg_append_attr (out, "x", item->x + item->line_width / 2);
      hearth_svg_append_attr (out, "y", item->y + item->line_width / 2);
      hearth_svg_append_attr (out, "width", MAX (0, item->w - item->line_width));
      hearth_svg_append_attr (out, "height", MAX (0, item->h - item->line_width));
      g_string_append (out, " fill=\"none\"");
      append_stroke (out, paint, item);
      break;

    case HEARTH_SCENE_LINE:
      g_string_append (out, "<line");
      hearth_svg_append_attr (out, "x1", item->x);
      hearth_svg_append_attr (out, "y1", item->y);
      hearth_svg_append_attr (out, "x2", item->x + item->w);
      hearth_svg_append_attr (out, "y2", item->y + item->h);
      append_stroke (out, paint, item);
      break;

    case HEARTH_SCENE_TEXT:
      if (item->text == NULL)
        break;
      g_string_append_printf (out, "<text class=\"f%u\"", font);
      hearth_svg_append_attr (out, "x", item->x);
      hearth_svg_append_attr (out, "y", item->y + scene->font_baseline[font]);
      /* the width pango measured: another font in the viewer cannot overflow the bar */
      hearth_svg_append_attr (out, "textLength", item->w);
      g_string_append (out, " lengthAdjust=\"spacingAndGlyphs\"");
      append_color_attr (out, "fill", paint->color);
      g_string_append_c (out, '>');
      hearth_svg_append_escaped (out, item->text, options->html);
      g_string_append (out, "</text>\n");
      break;

    default:
      break;
    }
}

static void
write_item (GString               *out,
            const HearthScene     *scene,
            const HearthSceneItem *item)
{
  switch (item->kind)
    {
    case HEARTH_SCENE_BEGIN:
      g_string_append (out, "<g><title>");
      hearth_svg_append_escaped (out, item->text, FALSE);
      g_string_append (out, "</title>\n");
      break;

    case HEARTH_SCENE_END:
      g_string_append (out, "</g>\n");
      break;

    default:
      hearth_svg_writer_append_item (out, scene, item, NULL);
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
  hearth_svg_writer_append_size (out, scene);
  g_string_append (out, ">\n");
  if (title != NULL)
    {
      g_string_append (out, "<title>");
      hearth_svg_append_escaped (out, title, FALSE);
      g_string_append (out, "</title>\n");
    }
  write_defs (out, scene);
  hearth_svg_writer_append_background (out, scene);

  /* the grid lines under everything; after them list order is drawing order: a bar's
   * fills, marks and label sit in its group, and bars never overlap */
  for (guint pass = 0; pass < 2; pass++)
    for (guint i = 0; i < scene->items->len; i++)
      {
        const HearthSceneItem *item = &g_array_index (scene->items, HearthSceneItem, i);

        if ((item->layer == HEARTH_SCENE_LAYER_BACK) == (pass == 0))
          write_item (out, scene, item);
      }
  g_string_append (out, "</svg>\n");
  return g_string_free_to_bytes (out);
}
