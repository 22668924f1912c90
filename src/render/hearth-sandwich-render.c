/* hearth-sandwich-render.c: a sandwich drawn as one picture.
 *
 * Copyright 2026 The Hearth authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#define G_LOG_DOMAIN "hearth-sandwich-render"

#include "hearth-sandwich-render.h"

#include <glib/gi18n.h>
#include <math.h>

#include "hearth-value-format.h"

/* Two renderers, one per half, laid out on one page: the callees as a flame whose bottom row
 * is the function, the callers as an icicle whose top row is the function too. Both trees
 * are as wide as the function's cumulative time and are drawn at the same width, so they
 * share one x axis; the lower half is moved up until its root row lies on the upper half's,
 * and its own copy of that row is left out. The scenes of both are merged into one, which
 * cairo and the SVG writer draw as they draw the main graph. */

struct _HearthSandwichRender
{
  GObject              parent_instance;

  HearthSandwich      *sandwich;
  HearthNames         *names;
  HearthFlameRenderer *half[2];
  char                *title;
  HearthScene          scene;
};

G_DEFINE_FINAL_TYPE (HearthSandwichRender, hearth_sandwich_render, G_TYPE_OBJECT)

static void
hearth_sandwich_render_finalize (GObject *object)
{
  HearthSandwichRender *self = HEARTH_SANDWICH_RENDER (object);

  /* the callers' renderer borrows the callees' for its legend */
  g_clear_object (&self->half[HEARTH_SANDWICH_CALLERS]);
  g_clear_object (&self->half[HEARTH_SANDWICH_CALLEES]);
  g_clear_object (&self->sandwich);
  g_clear_object (&self->names);
  g_clear_pointer (&self->title, g_free);
  g_clear_pointer (&self->scene.items, g_array_unref);
  g_clear_pointer (&self->scene.paints, g_array_unref);
  for (guint f = 0; f < HEARTH_SCENE_N_FONTS; f++)
    g_clear_pointer (&self->scene.font_family[f], g_free);

  G_OBJECT_CLASS (hearth_sandwich_render_parent_class)->finalize (object);
}

static void
hearth_sandwich_render_class_init (HearthSandwichRenderClass *klass)
{
  G_OBJECT_CLASS (klass)->finalize = hearth_sandwich_render_finalize;
}

static void
hearth_sandwich_render_init (HearthSandwichRender *self)
{
  self->scene.items = g_array_new (FALSE, FALSE, sizeof (HearthSceneItem));
  self->scene.paints = g_array_new (FALSE, FALSE, sizeof (HearthScenePaint));
}

/**
 * hearth_sandwich_render_new:
 * @sandwich: the sandwich to draw
 * @names: (nullable): labels and categories of its profile
 *
 * Drawn as the window draws a graph: no title, no legend, the axis under the callers.
 *
 * Returns: (transfer full): a new #HearthSandwichRender
 */
HearthSandwichRender *
hearth_sandwich_render_new (HearthSandwich *sandwich,
                            HearthNames    *names)
{
  HearthSandwichRender *self;
  g_autofree char *total = NULL;
  HearthProfile *profile;
  const char *label;

  g_return_val_if_fail (HEARTH_IS_SANDWICH (sandwich), NULL);
  g_return_val_if_fail (names == NULL || HEARTH_IS_NAMES (names), NULL);

  self = g_object_new (HEARTH_TYPE_SANDWICH_RENDER, NULL);
  self->sandwich = g_object_ref (sandwich);
  self->names = names != NULL ? g_object_ref (names) : NULL;
  for (guint p = 0; p < 2; p++)
    self->half[p] = hearth_flame_renderer_new ();
  hearth_flame_renderer_set_tree (self->half[HEARTH_SANDWICH_CALLEES],
                                  hearth_sandwich_get_callees (sandwich), names);
  hearth_flame_renderer_set_tree (self->half[HEARTH_SANDWICH_CALLERS],
                                  hearth_sandwich_get_callers (sandwich), names);
  hearth_flame_renderer_set_decorations (self->half[HEARTH_SANDWICH_CALLEES],
                                         HEARTH_FLAME_DECORATION_NONE);
  hearth_flame_renderer_set_legend_also (self->half[HEARTH_SANDWICH_CALLERS],
                                         self->half[HEARTH_SANDWICH_CALLEES]);

  profile = hearth_sandwich_get_profile (sandwich);
  label = hearth_bar_label_text (profile, names, hearth_sandwich_get_function (sandwich));
  for (guint p = 0; p < 2; p++)
    hearth_flame_renderer_set_share_of (self->half[p], label, hearth_profile_get_total (profile),
                                        p == HEARTH_SANDWICH_CALLERS);
  total = hearth_format_value (hearth_sandwich_get_total (sandwich),
                               hearth_profile_get_unit (profile));
  /* TRANSLATORS: the title of a sandwich view: a function's name, then its cumulative time */
  self->title = g_strdup_printf (_("Sandwich of %s — %s"), label, total);
  return self;
}

/**
 * hearth_sandwich_render_get_sandwich:
 * @self: a #HearthSandwichRender
 *
 * Returns: (transfer none): what it draws
 */
HearthSandwich *
hearth_sandwich_render_get_sandwich (HearthSandwichRender *self)
{
  g_return_val_if_fail (HEARTH_IS_SANDWICH_RENDER (self), NULL);

  return self->sandwich;
}

/**
 * hearth_sandwich_render_get_renderer:
 * @self: a #HearthSandwichRender
 * @part: which half
 *
 * Returns: (transfer none): the renderer of that half (to set the palette, the font, a
 *   selected bar)
 */
HearthFlameRenderer *
hearth_sandwich_render_get_renderer (HearthSandwichRender *self,
                                     HearthSandwichPart    part)
{
  g_return_val_if_fail (HEARTH_IS_SANDWICH_RENDER (self), NULL);
  g_return_val_if_fail (part <= HEARTH_SANDWICH_CALLERS, NULL);

  return self->half[part];
}

/**
 * hearth_sandwich_render_set_export:
 * @self: a #HearthSandwichRender
 * @options: (nullable): the palette and the title (%NULL: the default title)
 *
 * Draws as exports do: the page filled, a title above the callees, the axis and one legend
 * for both halves under the callers, a margin around everything.
 */
void
hearth_sandwich_render_set_export (HearthSandwichRender      *self,
                                   const HearthExportOptions *options)
{
  HearthFlameRenderer *callees, *callers;

  g_return_if_fail (HEARTH_IS_SANDWICH_RENDER (self));

  callees = self->half[HEARTH_SANDWICH_CALLEES];
  callers = self->half[HEARTH_SANDWICH_CALLERS];
  if (options != NULL && options->title != NULL)
    {
      g_free (self->title);
      self->title = g_utf8_make_valid (options->title, -1);
    }
  hearth_flame_renderer_set_title (callees, self->title);
  hearth_flame_renderer_set_decorations (callees, HEARTH_FLAME_DECORATION_BACKGROUND |
                                                  HEARTH_FLAME_DECORATION_TITLE);
  hearth_flame_renderer_set_decorations (callers, HEARTH_FLAME_DECORATION_AXIS |
                                                  HEARTH_FLAME_DECORATION_LEGEND);
  /* the function's own row, outlined as a selected bar: where the two halves meet */
  hearth_flame_renderer_set_selected (callees, 0, 0);
  for (guint p = 0; p < 2; p++)
    {
      hearth_flame_renderer_set_dark (self->half[p], options != NULL && options->dark);
      hearth_flame_renderer_set_margin (self->half[p], HEARTH_EXPORT_MARGIN);
    }
}

/**
 * hearth_sandwich_render_dup_title:
 * @self: a #HearthSandwichRender
 *
 * Returns: (transfer full): "Sandwich of NAME — TIME", or the title an export set
 */
char *
hearth_sandwich_render_dup_title (HearthSandwichRender *self)
{
  g_return_val_if_fail (HEARTH_IS_SANDWICH_RENDER (self), NULL);

  return g_strdup (self->title);
}

/* Layout --------------------------------------------------------------------------------- */

static void
half_viewport (HearthSandwichPart   part,
               double               width,
               HearthFlameViewport *vp)
{
  HearthFlameViewport init = HEARTH_FLAME_VIEWPORT_INIT;

  *vp = init;
  vp->width = width;
  vp->icicle = part == HEARTH_SANDWICH_CALLERS;
}

/* The top of a half's root row, in that half's own drawing; -1 when the tree is empty. */
static double
root_row_y (HearthSandwichRender *self,
            HearthSandwichPart    part,
            double                width)
{
  HearthFlameViewport vp;
  cairo_rectangle_t rect;

  half_viewport (part, width, &vp);
  if (!hearth_flame_renderer_get_node_rect (self->half[part], &vp, 0, 0, &rect))
    return -1;
  return rect.y;
}

/* How far down the callers' drawing is moved so that its root row lies on the callees'. */
static double
callers_offset (HearthSandwichRender *self,
                double                width)
{
  double upper = root_row_y (self, HEARTH_SANDWICH_CALLEES, width);
  double lower = root_row_y (self, HEARTH_SANDWICH_CALLERS, width);
  HearthFlameViewport vp;

  half_viewport (HEARTH_SANDWICH_CALLEES, width, &vp);
  if (upper < 0 || lower < 0)
    return hearth_flame_renderer_get_height (self->half[HEARTH_SANDWICH_CALLEES], &vp);
  return upper - lower;
}

static double
row_height (HearthSandwichRender *self,
            double                width)
{
  HearthFlameViewport vp;

  half_viewport (HEARTH_SANDWICH_CALLEES, width, &vp);
  return hearth_flame_renderer_get_row_height (self->half[HEARTH_SANDWICH_CALLEES], &vp);
}

/**
 * hearth_sandwich_render_get_function_y:
 * @self: a #HearthSandwichRender
 * @width: the width drawn
 *
 * Returns: the top of the function's own row, between its callees and its callers
 */
double
hearth_sandwich_render_get_function_y (HearthSandwichRender *self,
                                       double                width)
{
  g_return_val_if_fail (HEARTH_IS_SANDWICH_RENDER (self), 0);

  return MAX (0, root_row_y (self, HEARTH_SANDWICH_CALLEES, width));
}

/**
 * hearth_sandwich_render_get_height:
 * @self: a #HearthSandwichRender
 * @width: the width drawn
 *
 * Returns: the height of the whole picture in pixels
 */
double
hearth_sandwich_render_get_height (HearthSandwichRender *self,
                                   double                width)
{
  HearthFlameViewport vp;

  g_return_val_if_fail (HEARTH_IS_SANDWICH_RENDER (self), 0);

  half_viewport (HEARTH_SANDWICH_CALLERS, width, &vp);
  return callers_offset (self, width) +
         hearth_flame_renderer_get_height (self->half[HEARTH_SANDWICH_CALLERS], &vp);
}

/* Scenes ----------------------------------------------------------------------------------- */

static void
take_fonts (HearthScene       *to,
            const HearthScene *from)
{
  for (guint f = 0; f < HEARTH_SCENE_N_FONTS; f++)
    {
      g_free (to->font_family[f]);
      to->font_family[f] = g_strdup (from->font_family[f]);
      to->font_size[f] = from->font_size[f];
      to->font_bold[f] = from->font_bold[f];
      to->font_baseline[f] = from->font_baseline[f];
    }
}

static gboolean
in_rows (const HearthSceneItem *item,
         double                 top,
         double                 bottom)
{
  return item->kind != HEARTH_SCENE_BEGIN && item->kind != HEARTH_SCENE_END &&
         item->layer != HEARTH_SCENE_LAYER_BACK && item->y >= top - 0.5 && item->y < bottom - 0.5;
}

/* The end of the group or item at @i, and whether any of it lies in [top, bottom). */
static guint
item_extent (const HearthSceneItem *items,
             guint                  n,
             guint                  i,
             double                 top,
             double                 bottom,
             gboolean              *inside)
{
  guint j = i;

  *inside = in_rows (&items[i], top, bottom);
  if (items[i].kind != HEARTH_SCENE_BEGIN)
    return i + 1;
  while (++j < n && items[j].kind != HEARTH_SCENE_END)
    *inside = *inside || in_rows (&items[j], top, bottom);
  return MIN (j + 1, n);
}

/* Appends @from's items moved down by @dy, without those in rows [skip_top, skip_bottom). */
static void
append_scene (HearthScene       *to,
              const HearthScene *from,
              double             dy,
              double             skip_top,
              double             skip_bottom)
{
  const HearthSceneItem *items = (const HearthSceneItem *) (void *) from->items->data;
  guint n = from->items->len, base = to->paints->len;

  g_array_append_vals (to->paints, from->paints->data, from->paints->len);
  for (guint i = 0; i < n;)
    {
      gboolean inside;
      guint end = item_extent (items, n, i, skip_top, skip_bottom, &inside);

      for (; !inside && i < end; i++)
        {
          HearthSceneItem item = items[i];

          item.y += dy;
          item.paint += base;
          g_array_append_val (to->items, item);
        }
      i = end;
    }
}

/**
 * hearth_sandwich_render_build_scene:
 * @self: a #HearthSandwichRender
 * @cr: (nullable): the target, as for hearth_flame_renderer_build_scene()
 * @width: the width to draw
 * @hover_texts: give each bar a group with its hover text (for SVG)
 *
 * Returns: (transfer none): both halves as one scene, valid until the next build
 */
const HearthScene *
hearth_sandwich_render_build_scene (HearthSandwichRender *self,
                                    cairo_t              *cr,
                                    double                width,
                                    gboolean              hover_texts)
{
  HearthFlameViewport vp;
  const HearthScene *upper, *lower;
  double dy, lower_root;

  g_return_val_if_fail (HEARTH_IS_SANDWICH_RENDER (self), NULL);

  dy = callers_offset (self, width);
  lower_root = root_row_y (self, HEARTH_SANDWICH_CALLERS, width);
  g_array_set_size (self->scene.items, 0);
  g_array_set_size (self->scene.paints, 0);

  half_viewport (HEARTH_SANDWICH_CALLEES, width, &vp);
  upper = hearth_flame_renderer_build_scene (self->half[HEARTH_SANDWICH_CALLEES], cr, &vp,
                                             hover_texts);
  append_scene (&self->scene, upper, 0, 0, 0);

  half_viewport (HEARTH_SANDWICH_CALLERS, width, &vp);
  if (cr != NULL)
    {
      cairo_save (cr);
      cairo_translate (cr, 0, dy);
    }
  lower = hearth_flame_renderer_build_scene (self->half[HEARTH_SANDWICH_CALLERS], cr, &vp,
                                             hover_texts);
  if (cr != NULL)
    cairo_restore (cr);
  if (lower_root >= 0)
    append_scene (&self->scene, lower, dy, lower_root, lower_root + row_height (self, width));
  else
    append_scene (&self->scene, lower, dy, 0, 0);

  take_fonts (&self->scene, upper);
  self->scene.width = upper->width;
  self->scene.height = dy + lower->height;
  self->scene.background = upper->background;
  return &self->scene;
}

/* Hit-testing ------------------------------------------------------------------------------ */

/**
 * hearth_sandwich_render_node_at:
 * @self: a #HearthSandwichRender
 * @width: the width drawn
 * @x: a point in pixels
 * @y: a point in pixels
 * @part: (out) (optional): the half whose tree the bar belongs to
 *
 * The function's own row belongs to the callees (node 0 of both trees is the function).
 *
 * Returns: the bar under the point, or -1
 */
gint
hearth_sandwich_render_node_at (HearthSandwichRender *self,
                                double                width,
                                double                x,
                                double                y,
                                HearthSandwichPart   *part)
{
  HearthSandwichPart p = HEARTH_SANDWICH_CALLEES;
  HearthFlameViewport vp;
  double root = root_row_y (self, HEARTH_SANDWICH_CALLEES, width);

  g_return_val_if_fail (HEARTH_IS_SANDWICH_RENDER (self), -1);

  if (root >= 0 && y >= root + row_height (self, width))
    {
      p = HEARTH_SANDWICH_CALLERS;
      y -= callers_offset (self, width);
    }
  if (part != NULL)
    *part = p;
  half_viewport (p, width, &vp);
  return hearth_flame_renderer_node_at (self->half[p], &vp, x, y, NULL);
}

/**
 * hearth_sandwich_render_get_node_rect:
 * @self: a #HearthSandwichRender
 * @width: the width drawn
 * @part: the half of @node
 * @node: a bar of that half's tree
 * @rect: (out caller-allocates): where it is drawn on the page
 *
 * Returns: %FALSE when there is no such bar
 */
gboolean
hearth_sandwich_render_get_node_rect (HearthSandwichRender *self,
                                      double                width,
                                      HearthSandwichPart    part,
                                      guint                 node,
                                      cairo_rectangle_t    *rect)
{
  HearthFlameViewport vp;

  g_return_val_if_fail (HEARTH_IS_SANDWICH_RENDER (self), FALSE);
  g_return_val_if_fail (part <= HEARTH_SANDWICH_CALLERS && rect != NULL, FALSE);

  half_viewport (part, width, &vp);
  if (!hearth_flame_renderer_get_node_rect (self->half[part], &vp, 0, node, rect))
    return FALSE;
  if (part == HEARTH_SANDWICH_CALLERS)
    rect->y += callers_offset (self, width);
  return TRUE;
}

/**
 * hearth_sandwich_render_dup_hover_text:
 * @self: a #HearthSandwichRender
 * @width: the width drawn
 * @x: a point in pixels
 * @y: a point in pixels
 *
 * The text an SVG export gives the bar under the point (its tooltip in a window).
 *
 * Returns: (transfer full) (nullable): the text, or %NULL when no bar is there
 */
char *
hearth_sandwich_render_dup_hover_text (HearthSandwichRender *self,
                                       double                width,
                                       double                x,
                                       double                y)
{
  const HearthScene *scene;
  const HearthSceneItem *items;
  const char *hover = NULL;

  g_return_val_if_fail (HEARTH_IS_SANDWICH_RENDER (self), NULL);

  scene = hearth_sandwich_render_build_scene (self, NULL, width, TRUE);
  items = (const HearthSceneItem *) (void *) scene->items->data;
  for (guint i = 0; i < scene->items->len; i++)
    {
      const HearthSceneItem *item = &items[i];

      if (item->kind == HEARTH_SCENE_BEGIN)
        hover = item->text;
      else if (item->kind == HEARTH_SCENE_END)
        hover = NULL;
      else if (hover != NULL && item->kind == HEARTH_SCENE_FILL && x >= item->x &&
               x < item->x + item->w && y >= item->y && y < item->y + item->h)
        return g_strdup (hover);
    }
  return NULL;
}

/* Export ---------------------------------------------------------------------------------- */

typedef struct
{
  HearthSandwichRender *self;
  double                width;
} ExportFrame;

static const HearthScene *
build_export_scene (gpointer  data,
                    cairo_t  *cr,
                    gboolean  hover_texts)
{
  ExportFrame *frame = data;

  return hearth_sandwich_render_build_scene (frame->self, cr, frame->width, hover_texts);
}

/**
 * hearth_sandwich_render_export:
 * @self: a #HearthSandwichRender, usually set up by hearth_sandwich_render_set_export()
 * @width: the width in pixels (PDF: points)
 * @format: PNG, SVG or PDF
 * @error: return location for an error
 *
 * Returns: (transfer full): the file's bytes, or %NULL with @error set
 */
GBytes *
hearth_sandwich_render_export (HearthSandwichRender  *self,
                               int                    width,
                               HearthExportFormat     format,
                               GError               **error)
{
  ExportFrame frame = { self, width };

  g_return_val_if_fail (HEARTH_IS_SANDWICH_RENDER (self), NULL);

  if (format == HEARTH_EXPORT_HTML)
    {
      g_set_error (error, G_IO_ERROR, G_IO_ERROR_NOT_SUPPORTED,
                   _("a sandwich is exported as .png, .svg or .pdf"));
      return NULL;
    }
  return hearth_export_render_scene (build_export_scene, &frame, width, self->title, format,
                                     error);
}

/**
 * hearth_sandwich_export_to_file:
 * @out_path: the file to write; its extension says the format (.png, .svg, .pdf)
 * @sandwich: what to draw
 * @names: (nullable): its labels and categories
 * @options: (nullable): the width, the palette, the title
 * @error: return location for an error naming @out_path
 *
 * Returns: %TRUE when the file was written (atomically)
 */
gboolean
hearth_sandwich_export_to_file (const char                 *out_path,
                                HearthSandwich             *sandwich,
                                HearthNames                *names,
                                const HearthExportOptions  *options,
                                GError                    **error)
{
  HearthExportOptions defaults = HEARTH_EXPORT_OPTIONS_INIT;
  g_autoptr (HearthSandwichRender) render = NULL;
  g_autoptr (GBytes) bytes = NULL;
  HearthExportFormat format;
  int width;

  g_return_val_if_fail (out_path != NULL, FALSE);
  g_return_val_if_fail (HEARTH_IS_SANDWICH (sandwich), FALSE);

  if (options == NULL)
    options = &defaults;
  if (!hearth_export_check_target (out_path, options, &format, &width, error))
    return FALSE;

  render = hearth_sandwich_render_new (sandwich, names);
  hearth_sandwich_render_set_export (render, options);
  bytes = hearth_sandwich_render_export (render, width, format, error);
  if (bytes == NULL || !hearth_export_write_atomically (out_path, bytes, error))
    {
      g_prefix_error (error, "%s: ", out_path);
      return FALSE;
    }
  return TRUE;
}
