/* test-flame-frame.c: where a frame puts its rows and runs, and the geometry queries.
 *
 * Copyright 2026 The Hearth authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "hearth-flame-renderer.h"
#include "hearth-test-render.h"
#include "hearth-test-util.h"

#include <math.h>

/* Two runs share seconds per pixel: the after root is after/before as wide, to the pixel. */
static void
check_shared_axis (HearthCallTree *before,
                   HearthCallTree *after,
                   double          width)
{
  g_autoptr (HearthNames) before_names = names_of (before);
  g_autoptr (HearthNames) after_names = names_of (after);
  g_autoptr (HearthFlameRenderer) renderer = hearth_flame_renderer_new ();
  HearthFlameViewport vp = HEARTH_FLAME_VIEWPORT_INIT;
  cairo_surface_t *surface;
  double extent[2];
  guint32 background = hearth_rgb_to_uint (&hearth_palette_get (FALSE)->background);

  hearth_flame_renderer_set_compare (renderer, before, before_names, after, after_names);
  hearth_flame_renderer_set_decorations (renderer, HEARTH_FLAME_DECORATION_ALL);
  hearth_flame_renderer_set_margin (renderer, 16);
  vp.width = width;
  surface = draw (renderer, &vp);

  /* measure the drawn root bars: from their left edge to the first background pixel */
  for (guint r = 0; r < 2; r++)
    {
      HearthCallTree *tree = r == 0 ? before : after;
      guint n = 0;
      const guint *row = hearth_call_tree_get_row (tree, 0, &n);
      cairo_rectangle_t rect = rect_of (renderer, &vp, r, row[0]);
      double x = rect.x;

      g_assert_cmpuint (n, ==, 1);
      g_assert_cmpuint (pixel (surface, x, rect.y + 1), !=, background);
      while (x + 1 < width && pixel (surface, x + 1, rect.y + 1) != background)
        x++;
      extent[r] = x + 1 - rect.x + 1;     /* plus the gap a bar leaves on its right */
    }
  g_test_message ("root bars %.0f and %.0f px", extent[0], extent[1]);
  g_assert_cmpfloat (fabs (extent[1] - extent[0] * hearth_call_tree_get_total (after) /
                           hearth_call_tree_get_total (before)), <=, 1.0);
  cairo_surface_destroy (surface);
}

static void
test_shared_axis (void)
{
  g_autoptr (HearthProfile) before = folded ("main;work 200\nmain;other 100\n");
  g_autoptr (HearthProfile) after = folded ("main;work 50\nmain;other 50\n");
  g_autoptr (HearthCallTree) before_tree = hearth_test_tree_of (before, 0.01);
  g_autoptr (HearthCallTree) after_tree = hearth_test_tree_of (after, 0.01);

  check_shared_axis (before_tree, after_tree, 900);
  check_shared_axis (before_tree, after_tree, 1201);
  /* the longer run second */
  check_shared_axis (after_tree, before_tree, 1000);
}

static void
test_shared_axis_examples (void)
{
  g_autofree char *before_path = g_test_build_filename (G_TEST_DIST, "..", "data", "examples",
                                                        "before.prof", NULL);
  g_autofree char *after_path = g_test_build_filename (G_TEST_DIST, "..", "data", "examples",
                                                       "after.prof", NULL);
  g_autoptr (GError) error = NULL;
  g_autoptr (HearthProfile) before = hearth_profile_load_path (before_path, &error);
  g_autoptr (HearthProfile) after = NULL;
  g_autoptr (HearthCallTree) before_tree = NULL;
  g_autoptr (HearthCallTree) after_tree = NULL;

  g_assert_no_error (error);
  after = hearth_profile_load_path (after_path, &error);
  g_assert_no_error (error);
  before_tree = hearth_test_tree_of (before, 0.01);
  after_tree = hearth_test_tree_of (after, 0.01);
  check_shared_axis (before_tree, after_tree, 1200);
}

static void
test_icicle (void)
{
  g_autoptr (HearthProfile) p = folded ("main;a;b 10\nmain;c 5\n");
  g_autoptr (HearthCallTree) tree = hearth_test_tree_of (p, 0.01);
  g_autoptr (HearthNames) names = names_of (tree);
  g_autoptr (HearthFlameRenderer) renderer = hearth_flame_renderer_new ();
  HearthFlameViewport vp = HEARTH_FLAME_VIEWPORT_INIT;
  guint b = find_node (tree, "b", 3);
  guint root = 0;
  cairo_rectangle_t flame_root, flame_b, icicle_root, icicle_b;
  double height;

  hearth_flame_renderer_set_tree (renderer, tree, names);
  vp.width = 500;
  height = hearth_flame_renderer_get_height (renderer, &vp);
  flame_root = rect_of (renderer, &vp, 0, root);
  flame_b = rect_of (renderer, &vp, 0, b);
  vp.icicle = TRUE;
  g_assert_cmpfloat (hearth_flame_renderer_get_height (renderer, &vp), ==, height);
  icicle_root = rect_of (renderer, &vp, 0, root);
  icicle_b = rect_of (renderer, &vp, 0, b);

  /* flame: the root at the bottom; icicle: at the top, the rows mirrored */
  g_assert_cmpfloat (flame_root.y, >, flame_b.y);
  g_assert_cmpfloat (icicle_root.y, <, icicle_b.y);
  g_assert_cmpfloat (icicle_root.y, ==, flame_b.y);
  g_assert_cmpfloat (icicle_b.y, ==, flame_root.y);
  g_assert_cmpfloat (icicle_b.x, ==, flame_b.x);

  for (int icicle = 0; icicle <= 1; icicle++)
    {
      cairo_surface_t *surface;
      guint run = 9;
      cairo_rectangle_t r;
      HearthRgb want;
      guint function = hearth_call_tree_get_node (tree, b)->function;

      vp.icicle = icicle;
      surface = draw (renderer, &vp);
      r = rect_of (renderer, &vp, 0, b);
      g_assert_cmpint (hearth_flame_renderer_node_at (renderer, &vp, r.x + r.width / 2,
                                                      r.y + r.height / 2, &run), ==, (gint) b);
      g_assert_cmpuint (run, ==, 0);
      bar_color (names, p, function, &want);
      assert_color (bar_pixel (surface, r), &want);
      cairo_surface_destroy (surface);
    }
}

/* The row height follows the font: about one and a half lines. */
static void
test_row_height (void)
{
  g_autoptr (HearthFlameRenderer) renderer = hearth_flame_renderer_new ();
  g_autoptr (PangoFontDescription) big = pango_font_description_from_string ("Sans 18");
  HearthFlameViewport vp = HEARTH_FLAME_VIEWPORT_INIT;
  double small_row, big_row;

  vp.width = 300;
  small_row = hearth_flame_renderer_get_row_height (renderer, &vp);
  hearth_flame_renderer_set_font (renderer, big);
  big_row = hearth_flame_renderer_get_row_height (renderer, &vp);
  g_test_message ("rows of %.0f and %.0f px", small_row, big_row);
  g_assert_cmpfloat (small_row, >=, 16);
  g_assert_cmpfloat (small_row, <=, 26);
  g_assert_cmpfloat (big_row, >, small_row * 1.7);
  vp.row_height = 30;
  g_assert_cmpfloat (hearth_flame_renderer_get_row_height (renderer, &vp), ==, 30);
}

int
main (int   argc,
      char *argv[])
{
  g_test_init (&argc, &argv, NULL);

  g_test_add_func ("/renderer/shared-axis", test_shared_axis);
  g_test_add_func ("/renderer/shared-axis-examples", test_shared_axis_examples);
  g_test_add_func ("/renderer/icicle", test_icicle);
  g_test_add_func ("/renderer/row-height", test_row_height);

  return g_test_run ();
}
