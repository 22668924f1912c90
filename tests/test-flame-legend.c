/* test-flame-legend.c: the legend under the graph and its swatches.
 *
 * Copyright 2026 The Hearth authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "hearth-flame-renderer.h"
#include "hearth-profile-merge.h"
#include "hearth-profile-private.h"
#include "hearth-spread.h"
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

      /* varies across runs: the bar, then the whisker's beam at mid-height to the right
       * edge with a tick at each end, off the bar's bottom row */
      {
        HearthRgb whisker, white = { 1, 1, 1 };

        hearth_palette_whisker (palette, &whisker);
        cairo_set_source_rgb (cr, 1, 1, 1);
        cairo_paint (cr);
        hearth_swatch_paint (cr, dark, HEARTH_SWATCH_WHISKER, &bar, 40, 20);
        cairo_surface_flush (surface);
        assert_color (pixel (surface, 4, 10), &bar);
        assert_color (pixel (surface, 24, 10), &whisker);
        assert_color (pixel (surface, 34, 10), &whisker);
        assert_color (pixel (surface, 18, 7), &whisker);
        assert_color (pixel (surface, 39, 13), &whisker);
        assert_color (pixel (surface, 24, 7), &bar);
        assert_color (pixel (surface, 24, 19), &bar);
        assert_color (pixel (surface, 34, 7), &white);
      }
      cairo_destroy (cr);
      cairo_surface_destroy (surface);
    }
}

/* Which of the legend's entries a scene shows: each of @shown, none of @hidden. */
static void
assert_legend (const HearthScene *scene,
               const char *const *shown,
               const char *const *hidden)
{
  for (guint i = 0; shown[i] != NULL; i++)
    if (!scene_has_text (scene, shown[i]))
      g_error ("the legend lacks \"%s\"", shown[i]);
  for (guint i = 0; hidden[i] != NULL; i++)
    if (scene_has_text (scene, hidden[i]))
      g_error ("the legend shows \"%s\", which the drawing does not use", hidden[i]);
}

/* The legend lists what the drawing uses and nothing else: the categories present, the
 * marks present, and with differential colours the colours of a change. */
static void
test_legend_lists_what_is_used (void)
{
  static const char *const mine_and_python[] = {
    "your code", "Python and its standard library", NULL
  };
  static const char *const changes[] = {
    "first run:", "your code", "Python and its standard library", "second run:",
    "slower chain", "faster chain", "new chain", NULL
  };
  static const char *const unused[] = {
    "installed packages", "hatched: estimated from a multi-caller split (solid: proven)",
    "underlined: callees scaled down (the profile counts them twice)",
    "dashed: time in re-entered calls, not self time", "varies across runs", NULL
  };
  static const char *const unused_or_changes[] = {
    "installed packages", "first run:", "second run:", "slower chain", "new chain", NULL
  };
  static const char *const none[] = { NULL };
  const char *mine[] = { "/home/u/proj", NULL };
  g_autoptr (HearthProfile) p = hearth_test_new_pstats ();
  guint app = hearth_test_fn_in (p, "/home/u/proj/app.py", 1, "main", 10);
  g_autoptr (HearthCallTree) tree = NULL;
  g_autoptr (HearthNames) names = NULL;
  g_autoptr (HearthFlameRenderer) renderer = hearth_flame_renderer_new ();
  HearthFlameViewport vp = HEARTH_FLAME_VIEWPORT_INIT;

  /* your code calling the standard library */
  hearth_test_edge (p, app, hearth_test_fn_in (p, "/usr/lib/python3.11/json/decoder.py", 20,
                                               "decode", 4), 4);
  _hearth_profile_finish (p);
  tree = tree_at_root (p, app);
  names = hearth_names_new (p, mine, FALSE);
  vp.width = 1200;

  hearth_flame_renderer_set_tree (renderer, tree, names);
  hearth_flame_renderer_set_decorations (renderer, HEARTH_FLAME_DECORATION_ALL);
  assert_legend (hearth_flame_renderer_build_scene (renderer, NULL, &vp, FALSE),
                 mine_and_python, unused_or_changes);
  assert_legend (hearth_flame_renderer_build_scene (renderer, NULL, &vp, FALSE), none, unused);

  /* without the legend decoration: none of it */
  hearth_flame_renderer_set_decorations (renderer, HEARTH_FLAME_DECORATION_AXIS);
  assert_legend (hearth_flame_renderer_build_scene (renderer, NULL, &vp, FALSE), none,
                 mine_and_python);

  /* two runs in differential colours: the first run's categories, then the changes */
  hearth_flame_renderer_set_compare (renderer, tree, names, tree, names);
  hearth_flame_renderer_set_decorations (renderer, HEARTH_FLAME_DECORATION_ALL);
  assert_legend (hearth_flame_renderer_build_scene (renderer, NULL, &vp, FALSE), changes, unused);

  /* the same runs in category colours */
  hearth_flame_renderer_set_differential (renderer, FALSE);
  assert_legend (hearth_flame_renderer_build_scene (renderer, NULL, &vp, FALSE),
                 mine_and_python, unused_or_changes);
}

/* Merged runs: "varies across runs" only when some bar is noisy (a: 6, 2 and 4 wide), not
 * for runs that agree, nor for one profile. */
static void
test_legend_whisker (void)
{
  static const char *const whisker[] = { "varies across runs", NULL };
  static const char *const none[] = { NULL };
  const char *const texts[2][3] = {
    { "main;a 6\nmain;b 2\n", "main;a 2\nmain;b 2\n", "main;a 4\nmain;b 2\n" },
    { "main;a 4\nmain;b 2\n", "main;a 4\nmain;b 2\n", "main;a 4\nmain;b 2\n" },
  };
  HearthFlameViewport vp = HEARTH_FLAME_VIEWPORT_INIT;

  vp.width = 1200;
  for (guint noisy = 0; noisy < 2; noisy++)
    {
      HearthProfile *runs[3];
      g_autoptr (GError) error = NULL;
      g_autoptr (HearthProfile) merged = NULL;
      g_autoptr (HearthCallTree) tree = NULL;
      g_autoptr (HearthSpread) spread = NULL;
      g_autoptr (HearthFlameRenderer) renderer = hearth_flame_renderer_new ();
      HearthCallTreeOptions options = HEARTH_CALL_TREE_OPTIONS_INIT;

      for (guint i = 0; i < 3; i++)
        runs[i] = folded (texts[noisy][i]);
      merged = hearth_profile_merge (runs, 3, &error);
      g_assert_no_error (error);
      tree = hearth_call_tree_new (merged, &options, &error);
      g_assert_no_error (error);
      spread = hearth_spread_new (tree, runs, 3, NULL, &error);
      g_assert_no_error (error);
      g_assert_true (hearth_spread_has_noisy (spread) == (noisy == 0));

      hearth_flame_renderer_set_tree (renderer, tree, NULL);
      hearth_flame_renderer_set_decorations (renderer, HEARTH_FLAME_DECORATION_ALL);
      assert_legend (hearth_flame_renderer_build_scene (renderer, NULL, &vp, FALSE), none,
                     whisker);
      hearth_flame_renderer_set_spread (renderer, spread);
      if (noisy == 0)
        assert_legend (hearth_flame_renderer_build_scene (renderer, NULL, &vp, FALSE), whisker,
                       none);
      else
        assert_legend (hearth_flame_renderer_build_scene (renderer, NULL, &vp, FALSE), none,
                       whisker);
      for (guint i = 0; i < 3; i++)
        g_object_unref (runs[i]);
    }
}

int
main (int   argc,
      char *argv[])
{
  g_test_init (&argc, &argv, NULL);

  g_test_add_func ("/palette/swatches", test_swatches);
  g_test_add_func ("/renderer/legend", test_legend_lists_what_is_used);
  g_test_add_func ("/renderer/legend-whisker", test_legend_whisker);

  return g_test_run ();
}
