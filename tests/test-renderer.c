/* test-renderer.c: the palette, and whole frames of the flame renderer: nothing to draw, and
 * any viewport at all.
 *
 * Copyright 2026 The Hearth authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "hearth-flame-renderer.h"
#include "hearth-profile-private.h"
#include "hearth-test-render.h"
#include "hearth-test-util.h"

#include <math.h>

/* Palette ------------------------------------------------------------------------------------ */

static void
check_text (const HearthPalette *palette,
            const HearthRgb     *bar,
            gboolean             dim)
{
  HearthRgb colour = *bar, both[2], text;

  if (dim)
    hearth_palette_dim (palette, &colour, &colour);
  hearth_palette_text_for (palette, &colour, 1, dim, &text);
  g_assert_cmpfloat (hearth_rgb_contrast (&text, &colour), >=, 4.5);
  hearth_palette_hatch (palette, &colour, &both[0], &both[1]);
  hearth_palette_text_for (palette, both, 2, dim, &text);
  g_assert_cmpfloat (hearth_rgb_contrast (&text, &both[0]), >=, 4.5);
  g_assert_cmpfloat (hearth_rgb_contrast (&text, &both[1]), >=, 4.5);
}

/* Every label colour reaches WCAG AA against every bar it can be drawn on. */
static void
test_palette_contrast (void)
{
  for (int dark = 0; dark <= 1; dark++)
    {
      const HearthPalette *palette = hearth_palette_get (dark);

      for (guint c = 0; c < HEARTH_N_CATEGORIES; c++)
        for (guint v = 0; v < HEARTH_PALETTE_N_VARIANTS; v++)
          {
            HearthRgb bar;

            hearth_palette_bar (palette, c, v, &bar);
            check_text (palette, &bar, FALSE);
            check_text (palette, &bar, TRUE);
          }
      for (int level = -HEARTH_PALETTE_N_DIFF_LEVELS; level <= HEARTH_PALETTE_N_DIFF_LEVELS; level++)
        {
          HearthRgb bar;

          hearth_palette_diff (palette, 0.25 * level / HEARTH_PALETTE_N_DIFF_LEVELS, FALSE, &bar);
          check_text (palette, &bar, FALSE);
          check_text (palette, &bar, TRUE);
        }
      {
        HearthRgb bar;

        hearth_palette_diff (palette, 0, TRUE, &bar);
        check_text (palette, &bar, FALSE);
      }
      /* captions and axis labels on the page */
      g_assert_cmpfloat (hearth_rgb_contrast (&palette->muted, &palette->background), >=, 4.5);
      g_assert_cmpfloat (hearth_rgb_contrast (&palette->foreground, &palette->background), >=, 7);
    }
}

/* CIE L*, the perceived lightness (0 to 100) of a colour of relative luminance @y. */
static double
lightness (const HearthRgb *color)
{
  double y = hearth_rgb_luminance (color);

  return y > 216.0 / 24389 ? 116 * cbrt (y) - 16 : y * 24389.0 / 27;
}

/* The weakest difference in lightness between the stripes of a hatched part and its ground,
 * over every bar colour of a category; @ratio gets the weakest contrast ratio. */
static double
weakest_hatch (const HearthPalette *palette,
               double              *ratio)
{
  double weakest = G_MAXDOUBLE;

  *ratio = G_MAXDOUBLE;
  for (guint c = 0; c < HEARTH_N_CATEGORIES; c++)
    for (guint v = 0; v < HEARTH_PALETTE_N_VARIANTS; v++)
      {
        HearthRgb bar, tint, stripe;

        hearth_palette_bar (palette, c, v, &bar);
        hearth_palette_hatch (palette, &bar, &tint, &stripe);
        weakest = MIN (weakest, fabs (lightness (&stripe) - lightness (&tint)));
        *ratio = MIN (*ratio, hearth_rgb_contrast (&stripe, &tint));
      }
  return weakest;
}

/* Estimated bars are as visibly hatched in the dark palette as in the light one. */
static void
test_palette_hatch (void)
{
  double light_ratio, dark_ratio;
  double light = weakest_hatch (hearth_palette_get (FALSE), &light_ratio);
  double dark = weakest_hatch (hearth_palette_get (TRUE), &dark_ratio);

  g_test_message ("weakest stripes against their ground: light dL* %.1f (%.2f:1), "
                  "dark dL* %.1f (%.2f:1)", light, light_ratio, dark, dark_ratio);
  /* ten steps of L* read as a texture at a glance on both pages */
  g_assert_cmpfloat (light, >=, 10);
  g_assert_cmpfloat (dark, >=, light);
  g_assert_cmpfloat (dark_ratio, >=, 1.3);
  g_assert_cmpfloat (light_ratio, >=, 1.3);
}

/* Categories look like what they are: warm red, blue, gray; variants stay close. */
static void
test_palette_categories (void)
{
  for (int dark = 0; dark <= 1; dark++)
    {
      const HearthPalette *palette = hearth_palette_get (dark);

      for (guint v = 0; v < HEARTH_PALETTE_N_VARIANTS; v++)
        {
          HearthRgb mine, installed, python, base;

          hearth_palette_bar (palette, HEARTH_CATEGORY_MINE, v, &mine);
          hearth_palette_bar (palette, HEARTH_CATEGORY_INSTALLED, v, &installed);
          hearth_palette_bar (palette, HEARTH_CATEGORY_PYTHON, v, &python);
          g_assert_cmpfloat (mine.red, >, mine.green + 0.2);
          g_assert_cmpfloat (mine.red, >, mine.blue + 0.2);
          g_assert_cmpfloat (installed.blue, >, installed.red + 0.2);
          g_assert_cmpfloat (fabs (python.red - python.blue), <, 0.1);
          g_assert_cmpfloat (fabs (python.red - python.green), <, 0.1);
          hearth_palette_bar (palette, HEARTH_CATEGORY_MINE, HEARTH_PALETTE_N_VARIANTS / 2, &base);
          g_assert_cmpfloat (hearth_rgb_contrast (&mine, &base), <, 1.3);
        }
      g_assert_cmpuint (hearth_palette_variant_for ("a.py", "f"), ==,
                        hearth_palette_variant_for ("a.py", "f"));
    }
}

/* Whole frames --------------------------------------------------------------------------------- */

static void
test_empty (void)
{
  g_autoptr (HearthProfile) p = _hearth_profile_new (HEARTH_FORMAT_FOLDED, HEARTH_KIND_SAMPLED,
                                                     HEARTH_UNIT_SAMPLES);
  g_autoptr (HearthCallTree) tree = NULL;
  g_autoptr (HearthFlameRenderer) renderer = hearth_flame_renderer_new ();
  HearthFlameViewport vp = HEARTH_FLAME_VIEWPORT_INIT;
  cairo_surface_t *surface;

  _hearth_profile_finish (p);
  tree = hearth_test_tree_of (p, 0.01);
  hearth_flame_renderer_set_tree (renderer, tree, NULL);
  hearth_flame_renderer_set_decorations (renderer, HEARTH_FLAME_DECORATION_ALL);
  vp.width = 300;
  surface = draw (renderer, &vp);
  g_assert_cmpint (hearth_flame_renderer_node_at (renderer, &vp, 10, 10, NULL), ==, -1);
  cairo_surface_destroy (surface);

  /* nothing set at all */
  g_clear_object (&renderer);
  renderer = hearth_flame_renderer_new ();
  surface = draw (renderer, &vp);
  cairo_surface_destroy (surface);
}

/* Any viewport: bars stay inside the graph area, labels inside their bars, nothing crashes. */
static void
test_random_viewports (void)
{
  g_autoptr (GRand) rand = g_rand_new_with_seed (4);
  GString *stacks = g_string_new (NULL);
  g_autoptr (HearthProfile) p = NULL;
  g_autoptr (HearthCallTree) tree = NULL;
  g_autoptr (HearthNames) names = NULL;
  g_autoptr (HearthFlameRenderer) renderer = hearth_flame_renderer_new ();

  for (guint i = 0; i < 3000; i++)
    {
      guint depth = g_rand_int_range (rand, 1, 12);

      g_string_append (stacks, "main");
      for (guint d = 0; d < depth; d++)
        g_string_append_printf (stacks, ";Cls.f%d", g_rand_int_range (rand, 0, 6 + d * 4));
      g_string_append_printf (stacks, " %d\n", g_rand_int_range (rand, 1, 1000));
    }
  p = folded (stacks->str);
  g_string_free (stacks, TRUE);
  tree = hearth_test_tree_of (p, 0);
  names = names_of (tree);
  hearth_flame_renderer_set_tree (renderer, tree, names);
  hearth_flame_renderer_set_decorations (renderer, HEARTH_FLAME_DECORATION_ALL);

  for (guint k = 0; k < 200; k++)
    {
      HearthFlameViewport vp = HEARTH_FLAME_VIEWPORT_INIT;
      double total = hearth_call_tree_get_total (tree);
      guint n = hearth_call_tree_get_n_nodes (tree);
      const HearthScene *scene;
      cairo_surface_t *surface;

      vp.width = g_rand_int_range (rand, 50, 1500);
      vp.icicle = g_rand_boolean (rand);
      vp.row_height = g_rand_boolean (rand) ? 0 : g_rand_int_range (rand, 3, 40);
      if (g_rand_boolean (rand))
        {
          const HearthNode *node;

          vp.zoom_node = g_rand_int_range (rand, 0, (gint) n);
          node = hearth_call_tree_get_node (tree, vp.zoom_node);
          vp.x_start = node->left;
          vp.x_end = node->left + node->width;
        }
      else if (g_rand_boolean (rand))
        {
          vp.x_start = g_rand_double_range (rand, -0.1, 1) * total;
          vp.x_end = vp.x_start + g_rand_double_range (rand, 1e-9, 1.2) * total;
        }
      hearth_flame_renderer_set_search_text (renderer, g_rand_boolean (rand) ? "f1" : NULL);
      hearth_flame_renderer_set_selected (renderer, 0, g_rand_int_range (rand, -1, (gint) n));
      hearth_flame_renderer_set_margin (renderer, g_rand_int_range (rand, 0, 30));

      scene = hearth_flame_renderer_build_scene (renderer, NULL, &vp, FALSE);
      for (guint i = 0; i < scene->items->len; i++)
        {
          const HearthSceneItem *item = &g_array_index (scene->items, HearthSceneItem, i);

          if (item->kind != HEARTH_SCENE_FILL)
            continue;
          g_assert_cmpfloat (item->x, >=, 0);
          g_assert_cmpfloat (item->x + item->w, <=, vp.width);
          g_assert_cmpfloat (item->w, >, 0);
          g_assert_cmpfloat (item->y + item->h, <=, scene->height);
        }
      if (k % 20 == 0)
        {
          surface = draw (renderer, &vp);
          cairo_surface_destroy (surface);
        }
    }
}

int
main (int   argc,
      char *argv[])
{
  g_test_init (&argc, &argv, NULL);

  g_test_add_func ("/palette/contrast", test_palette_contrast);
  g_test_add_func ("/palette/categories", test_palette_categories);
  g_test_add_func ("/palette/hatch", test_palette_hatch);
  g_test_add_func ("/renderer/empty", test_empty);
  g_test_add_func ("/renderer/random-viewports", test_random_viewports);

  return g_test_run ();
}
