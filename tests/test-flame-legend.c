/* test-flame-legend.c: the legend under the graph and its swatches.
 *
 * Copyright 2026 The Hearth authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "hearth-flame-renderer.h"
#include "hearth-profile-private.h"
#include "hearth-test-render.h"
#include "hearth-test-util.h"

/* The window's legend paints its swatches with the graph's own painter and palette: a
 * category swatch is the bar colour, a hatch swatch a solid quarter and then exactly the
 * stripes and ground of an estimated bar, in both palettes. */
static void
test_swatches (void)
{
  for (int dark = 0; dark <= 1; dark++)
    {
      const HearthPalette *palette = hearth_palette_get (dark);
      HearthRgb bar, tint, stripe;
      gboolean seen_tint = FALSE, seen_stripe = FALSE;
      cairo_surface_t *surface = cairo_image_surface_create (CAIRO_FORMAT_RGB24, 40, 20);
      cairo_t *cr = cairo_create (surface);

      hearth_palette_bar (palette, HEARTH_CATEGORY_INSTALLED, HEARTH_PALETTE_N_VARIANTS / 2, &bar);
      hearth_swatch_paint (cr, dark, HEARTH_SWATCH_FILL, &bar, 40, 20);
      cairo_surface_flush (surface);
      assert_color (pixel (surface, 20, 10), &bar);

      hearth_palette_hatch (palette, &bar, &tint, &stripe);
      hearth_swatch_paint (cr, dark, HEARTH_SWATCH_HATCH, &bar, 40, 20);
      cairo_surface_flush (surface);
      assert_color (pixel (surface, 4, 10), &bar);
      for (int x = 12; x < 40; x++)
        {
          guint32 got = pixel (surface, x, 10);

          int to_tint = 0, to_stripe = 0;

          /* the stripes are antialiased lines: a pixel nearer the stripe colour than the
           * ground is on one */
          for (int shift = 0; shift <= 16; shift += 8)
            {
              int c = (got >> shift) & 0xff;

              to_tint += ABS (c - (int) ((hearth_rgb_to_uint (&tint) >> shift) & 0xff));
              to_stripe += ABS (c - (int) ((hearth_rgb_to_uint (&stripe) >> shift) & 0xff));
            }
          seen_tint |= to_tint <= 3;
          seen_stripe |= to_stripe < to_tint;
        }
      g_assert_true (seen_tint);
      g_assert_true (seen_stripe);

      /* underlined: the shrunk mark along the bottom */
      hearth_swatch_paint (cr, dark, HEARTH_SWATCH_SHRUNK, &bar, 40, 20);
      cairo_surface_flush (surface);
      assert_color (pixel (surface, 20, 5), &bar);
      assert_color (pixel (surface, 20, 19), &palette->shrunk);
      cairo_destroy (cr);
      cairo_surface_destroy (surface);
    }
}

/* The legend lists what the drawing uses and nothing else: the categories present, the
 * marks present, and with differential colours the colours of a change. */
static void
test_legend_lists_what_is_used (void)
{
  g_autoptr (HearthProfile) p = hearth_test_new_pstats ();
  guint m = hearth_test_fn_in (p, "/home/u/proj/app.py", 1, "main", 10);
  guint js = hearth_test_fn_in (p, "/usr/lib/python3.11/json/decoder.py", 20, "decode", 4);
  const char *mine[] = { "/home/u/proj", NULL };
  g_autoptr (HearthCallTree) tree = NULL;
  g_autoptr (HearthNames) names = NULL;
  g_autoptr (HearthFlameRenderer) renderer = hearth_flame_renderer_new ();
  HearthFlameViewport vp = HEARTH_FLAME_VIEWPORT_INIT;
  const HearthScene *scene;

  hearth_test_edge (p, m, js, 4);
  _hearth_profile_finish (p);
  tree = tree_at_root (p, m);
  names = hearth_names_new (p, mine, FALSE);
  hearth_flame_renderer_set_tree (renderer, tree, names);
  hearth_flame_renderer_set_decorations (renderer, HEARTH_FLAME_DECORATION_ALL);
  vp.width = 1200;
  scene = hearth_flame_renderer_build_scene (renderer, NULL, &vp, FALSE);
  g_assert_true (scene_has_text (scene, "your code"));
  g_assert_true (scene_has_text (scene, "Python and its standard library"));
  g_assert_false (scene_has_text (scene, "installed packages"));
  g_assert_false (scene_has_text (scene, "hatched: estimated from a multi-caller split (solid: "
                                         "proven)"));
  g_assert_false (scene_has_text (scene, "first run:"));
  g_assert_false (scene_has_text (scene, "slower chain"));

  /* without the legend decoration: none of it */
  hearth_flame_renderer_set_decorations (renderer, HEARTH_FLAME_DECORATION_AXIS);
  scene = hearth_flame_renderer_build_scene (renderer, NULL, &vp, FALSE);
  g_assert_false (scene_has_text (scene, "your code"));

  /* two runs in differential colours: the first run's categories, then the changes */
  hearth_flame_renderer_set_compare (renderer, tree, names, tree, names);
  hearth_flame_renderer_set_decorations (renderer, HEARTH_FLAME_DECORATION_ALL);
  scene = hearth_flame_renderer_build_scene (renderer, NULL, &vp, FALSE);
  g_assert_true (scene_has_text (scene, "first run:"));
  g_assert_true (scene_has_text (scene, "your code"));
  g_assert_true (scene_has_text (scene, "Python and its standard library"));
  g_assert_false (scene_has_text (scene, "installed packages"));
  g_assert_true (scene_has_text (scene, "second run:"));
  g_assert_true (scene_has_text (scene, "slower chain"));
  g_assert_true (scene_has_text (scene, "faster chain"));
  g_assert_true (scene_has_text (scene, "new chain"));

  hearth_flame_renderer_set_differential (renderer, FALSE);
  scene = hearth_flame_renderer_build_scene (renderer, NULL, &vp, FALSE);
  g_assert_false (scene_has_text (scene, "first run:"));
  g_assert_false (scene_has_text (scene, "slower chain"));
  g_assert_true (scene_has_text (scene, "your code"));
}

int
main (int   argc,
      char *argv[])
{
  g_test_init (&argc, &argv, NULL);

  g_test_add_func ("/palette/swatches", test_swatches);
  g_test_add_func ("/renderer/legend", test_legend_lists_what_is_used);

  return g_test_run ();
}
