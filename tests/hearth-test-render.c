/* hearth-test-render.c: what the render tests share: small profiles and trees, drawing into
 * an image surface, and sampling its pixels.
 *
 * Copyright 2026 The Hearth authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "hearth-test-render.h"

#include <math.h>
#include <string.h>

/* Builders ----------------------------------------------------------------------------------- */

HearthProfile *
folded (const char *text)
{
  g_autoptr (GBytes) bytes = g_bytes_new (text, strlen (text));
  g_autoptr (GError) error = NULL;
  HearthProfile *profile = hearth_profile_load_bytes (bytes, "stacks.txt", &error);

  g_assert_no_error (error);
  g_assert_nonnull (profile);
  return profile;
}

HearthCallTree *
tree_at_root (HearthProfile *profile,
              guint          root)
{
  HearthCallTreeOptions options = HEARTH_CALL_TREE_OPTIONS_INIT;
  g_autoptr (GError) error = NULL;
  HearthCallTree *tree;

  options.root = (gint) root;
  tree = hearth_call_tree_new (profile, &options, &error);
  g_assert_no_error (error);
  return tree;
}

HearthNames *
names_of (HearthCallTree *tree)
{
  return hearth_names_new (hearth_call_tree_get_profile (tree), NULL, FALSE);
}

/* a node by the name of its function and its depth */
guint
find_node (HearthCallTree *tree,
           const char     *name,
           guint           depth)
{
  HearthProfile *profile = hearth_call_tree_get_profile (tree);

  for (guint i = 0; i < hearth_call_tree_get_n_nodes (tree); i++)
    {
      const HearthNode *node = hearth_call_tree_get_node (tree, i);

      if (node->depth == depth && node->function < hearth_profile_get_n_functions (profile) &&
          strcmp (hearth_profile_get_function (profile, node->function)->name, name) == 0)
        return i;
    }
  g_error ("no bar %s at depth %u", name, depth);
  return 0;
}

/* Drawing ------------------------------------------------------------------------------------ */

cairo_surface_t *
draw (HearthFlameRenderer       *renderer,
      const HearthFlameViewport *vp)
{
  int height = (int) ceil (hearth_flame_renderer_get_height (renderer, vp));
  cairo_surface_t *surface = cairo_image_surface_create (CAIRO_FORMAT_RGB24, (int) vp->width,
                                                         height);
  cairo_t *cr = cairo_create (surface);

  g_assert_cmpint (height, >, 0);
  hearth_flame_renderer_draw (renderer, cr, vp);
  g_assert_cmpint (cairo_status (cr), ==, CAIRO_STATUS_SUCCESS);
  cairo_destroy (cr);
  cairo_surface_flush (surface);
  return surface;
}

guint32
pixel (cairo_surface_t *surface,
       double           x,
       double           y)
{
  int ix = (int) floor (x), iy = (int) floor (y);
  const guint8 *data = cairo_image_surface_get_data (surface);
  int stride = cairo_image_surface_get_stride (surface);

  g_assert_cmpint (ix, >=, 0);
  g_assert_cmpint (iy, >=, 0);
  g_assert_cmpint (ix, <, cairo_image_surface_get_width (surface));
  g_assert_cmpint (iy, <, cairo_image_surface_get_height (surface));
  return ((const guint32 *) (gconstpointer) (data + iy * stride))[ix] & 0xffffff;
}

void
assert_color (guint32          got,
              const HearthRgb *expected)
{
  guint32 want = hearth_rgb_to_uint (expected);

  for (int shift = 0; shift <= 16; shift += 8)
    {
      int a = (got >> shift) & 0xff, b = (want >> shift) & 0xff;

      if (ABS (a - b) > 1)
        g_error ("colour #%06x, expected #%06x", got, want);
    }
}

cairo_rectangle_t
rect_of (HearthFlameRenderer       *renderer,
         const HearthFlameViewport *vp,
         guint                      run,
         guint                      node)
{
  cairo_rectangle_t rect;

  g_assert_true (hearth_flame_renderer_get_node_rect (renderer, vp, run, node, &rect));
  return rect;
}

/* a pixel of the bar away from its label: the top right corner, inside */
guint32
bar_pixel (cairo_surface_t   *surface,
           cairo_rectangle_t  rect)
{
  return pixel (surface, rect.x + rect.width - 2, rect.y + 1);
}

void
bar_color (HearthNames    *names,
           HearthProfile  *profile,
           guint           function,
           HearthRgb      *out)
{
  const HearthFunction *f = hearth_profile_get_function (profile, function);

  hearth_palette_bar (hearth_palette_get (FALSE), hearth_names_get_category (names, function),
                      hearth_palette_variant_for (f->file, f->name), out);
}

gboolean
scene_has_text (const HearthScene *scene,
                const char        *text)
{
  for (guint i = 0; i < scene->items->len; i++)
    {
      const HearthSceneItem *item = &g_array_index (scene->items, HearthSceneItem, i);

      if (item->kind == HEARTH_SCENE_TEXT && strcmp (item->text, text) == 0)
        return TRUE;
    }
  return FALSE;
}

/* Under -fsanitize=address: fontconfig's configuration and pango's font loading thread keep
 * caches for the life of the process; they are not leaks of this program. */
const char *__lsan_default_suppressions (void);

const char *
__lsan_default_suppressions (void)
{
  return "leak:libfontconfig.so\nleak:libpangoft2-1.0.so\n";
}
