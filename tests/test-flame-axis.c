/* test-flame-axis.c: the time axis: its ticks and its caption.
 *
 * Copyright 2026 The Hearth authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "hearth-flame-renderer.h"
#include "hearth-profile-private.h"
#include "hearth-test-render.h"
#include "hearth-test-util.h"

/* Ticks at 1, 2 or 5 times a power of ten, and a caption that says what the axis is not. */
static void
test_axis (void)
{
  g_autoptr (HearthProfile) samples = folded ("main;a 300\nmain;b 117\n");
  g_autoptr (HearthCallTree) tree = hearth_test_tree_of (samples, 0.01);
  g_autoptr (HearthProfile) seconds = hearth_test_new_pstats ();
  g_autoptr (HearthCallTree) timed = NULL;
  g_autoptr (HearthFlameRenderer) renderer = hearth_flame_renderer_new ();
  HearthFlameViewport vp = HEARTH_FLAME_VIEWPORT_INIT;
  const HearthScene *scene;
  guint m;

  hearth_flame_renderer_set_tree (renderer, tree, NULL);
  vp.width = 1000;
  scene = hearth_flame_renderer_build_scene (renderer, NULL, &vp, FALSE);
  g_assert_true (scene_has_text (scene, "samples, merged — not in call order"));
  g_assert_true (scene_has_text (scene, "0"));
  g_assert_true (scene_has_text (scene, "50"));
  g_assert_true (scene_has_text (scene, "400"));
  g_assert_false (scene_has_text (scene, "450"));
  g_assert_false (scene_has_text (scene, "25"));

  /* zoomed in: finer ticks */
  vp.x_start = 100;
  vp.x_end = 110;
  scene = hearth_flame_renderer_build_scene (renderer, NULL, &vp, FALSE);
  g_assert_true (scene_has_text (scene, "100"));
  g_assert_true (scene_has_text (scene, "102"));
  g_assert_true (scene_has_text (scene, "110"));
  g_assert_false (scene_has_text (scene, "101"));
  g_assert_false (scene_has_text (scene, "98"));

  m = hearth_test_fn_in (seconds, "app.py", 1, "main", 0.0423);
  _hearth_profile_finish (seconds);
  timed = tree_at_root (seconds, m);
  hearth_flame_renderer_set_tree (renderer, timed, NULL);
  vp.x_start = vp.x_end = 0;
  scene = hearth_flame_renderer_build_scene (renderer, NULL, &vp, FALSE);
  g_assert_true (scene_has_text (scene, "time / ms, merged — not in call order"));
  g_assert_true (scene_has_text (scene, "40"));
  g_assert_true (scene_has_text (scene, "5"));
}

int
main (int   argc,
      char *argv[])
{
  g_test_init (&argc, &argv, NULL);

  g_test_add_func ("/renderer/axis", test_axis);

  return g_test_run ();
}
