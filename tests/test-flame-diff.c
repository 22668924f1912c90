/* test-flame-diff.c: two runs compared: each chain's change and its colour.
 *
 * Copyright 2026 The Hearth authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "hearth-flame-renderer.h"
#include "hearth-test-render.h"
#include "hearth-test-util.h"

static void
test_differential (void)
{
  g_autoptr (HearthProfile) before = folded ("main;grow 10\nmain;shrink 50\nmain;same 40\n"
                                             "main;bit 20\n");
  g_autoptr (HearthProfile) after = folded ("main;grow 40\nmain;shrink 10\nmain;same 40\n"
                                            "main;fresh 10\nmain;bit 22\n");
  g_autoptr (HearthCallTree) before_tree = hearth_test_tree_of (before, 0.01);
  g_autoptr (HearthCallTree) after_tree = hearth_test_tree_of (after, 0.01);
  g_autoptr (HearthNames) before_names = names_of (before_tree);
  g_autoptr (HearthNames) after_names = names_of (after_tree);
  g_autoptr (HearthFlameRenderer) renderer = hearth_flame_renderer_new ();
  HearthFlameViewport vp = HEARTH_FLAME_VIEWPORT_INIT;
  const HearthPalette *palette = hearth_palette_get (FALSE);
  cairo_surface_t *surface;
  guint grow = find_node (after_tree, "grow", 2), shrink = find_node (after_tree, "shrink", 2);
  guint same = find_node (after_tree, "same", 2), fresh = find_node (after_tree, "fresh", 2);
  guint bit = find_node (after_tree, "bit", 2);
  double was = 0;
  gboolean is_new = TRUE, estimated = TRUE;
  guint32 small;
  HearthRgb neutral = palette->diff_neutral;

  hearth_flame_renderer_set_compare (renderer, before_tree, before_names, after_tree, after_names);
  vp.width = 1000;
  surface = draw (renderer, &vp);

  g_assert_true (hearth_flame_renderer_get_change (renderer, grow, &was, &is_new, &estimated));
  g_assert_cmpfloat (was, ==, 10);
  g_assert_false (is_new);
  g_assert_false (estimated);
  g_assert_true (hearth_flame_renderer_get_change (renderer, fresh, &was, &is_new, NULL));
  g_assert_true (is_new);

  /* +30 of a 120 run: full red; -40: full blue; unchanged: neutral; new: its own colour */
  assert_color (bar_pixel (surface, rect_of (renderer, &vp, 1, grow)), &palette->diff_slower);
  assert_color (bar_pixel (surface, rect_of (renderer, &vp, 1, shrink)), &palette->diff_faster);
  assert_color (bar_pixel (surface, rect_of (renderer, &vp, 1, same)), &neutral);
  assert_color (bar_pixel (surface, rect_of (renderer, &vp, 1, fresh)), &palette->diff_new);

  /* +2 of 120: a little red, not the full colour */
  small = bar_pixel (surface, rect_of (renderer, &vp, 1, bit));
  g_assert_cmpuint ((small >> 8) & 0xff, <, hearth_rgb_to_uint (&neutral) >> 8 & 0xff);
  g_assert_cmpuint ((small >> 8) & 0xff, >,
                    hearth_rgb_to_uint (&palette->diff_slower) >> 8 & 0xff);
  g_assert_cmpuint (small >> 16, >, small & 0xff);

  /* the first run keeps its category colours */
  {
    HearthProfile *p = hearth_call_tree_get_profile (before_tree);
    guint node = find_node (before_tree, "grow", 2);
    HearthRgb want;

    bar_color (before_names, p, hearth_call_tree_get_node (before_tree, node)->function, &want);
    assert_color (bar_pixel (surface, rect_of (renderer, &vp, 0, node)), &want);
  }
  cairo_surface_destroy (surface);

  /* without differential colours the second run has category colours too */
  hearth_flame_renderer_set_differential (renderer, FALSE);
  surface = draw (renderer, &vp);
  {
    HearthRgb want;

    bar_color (after_names, after, hearth_call_tree_get_node (after_tree, grow)->function, &want);
    assert_color (bar_pixel (surface, rect_of (renderer, &vp, 1, grow)), &want);
  }
  cairo_surface_destroy (surface);
}

int
main (int   argc,
      char *argv[])
{
  g_test_init (&argc, &argv, NULL);

  g_test_add_func ("/renderer/differential", test_differential);

  return g_test_run ();
}
