/* test-sandwich-render.c: a sandwich drawn as one picture, worked out by hand.
 *
 * Copyright 2026 The Hearth authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "hearth-profile-private.h"
#include "hearth-sandwich-render.h"
#include "hearth-test-util.h"

#include <math.h>
#include <string.h>

/* 1,000 pixels for run's 4 s: 250 pixels a second. */
#define WIDTH 1000.0

typedef struct
{
  HearthProfile        *profile;
  HearthSandwich       *sandwich;
  HearthSandwichRender *render;
  guint                 run;
  double                row;
  double                y;       /* the top of run's own row */
} Fixture;

static void
fixture_set_up (Fixture       *fx,
                gconstpointer  data)
{
  HearthCallTreeOptions options = HEARTH_CALL_TREE_OPTIONS_INIT;
  HearthFlameViewport vp = HEARTH_FLAME_VIEWPORT_INIT;
  g_autoptr (GError) error = NULL;
  guint main_function;

  (void) data;
  fx->profile = hearth_test_helper_profile (&fx->run, &main_function);
  options.cutoff = 0;
  fx->sandwich = hearth_sandwich_new (fx->profile, fx->run, &options, &error);
  g_assert_no_error (error);
  fx->render = hearth_sandwich_render_new (fx->sandwich, NULL);
  vp.width = WIDTH;
  fx->row = hearth_flame_renderer_get_row_height (
    hearth_sandwich_render_get_renderer (fx->render, HEARTH_SANDWICH_CALLEES), &vp);
  fx->y = hearth_sandwich_render_get_function_y (fx->render, WIDTH);
}

static void
fixture_tear_down (Fixture       *fx,
                   gconstpointer  data)
{
  (void) data;
  g_clear_object (&fx->render);
  g_clear_object (&fx->sandwich);
  g_clear_object (&fx->profile);
}

static const char *
name_at (Fixture            *fx,
         double              x,
         double              y,
         HearthSandwichPart  expect_part)
{
  HearthSandwichPart part = 99;
  gint node = hearth_sandwich_render_node_at (fx->render, WIDTH, x, y, &part);
  HearthCallTree *tree;

  if (node < 0)
    return "-";
  g_assert_cmpint (part, ==, expect_part);
  tree = expect_part == HEARTH_SANDWICH_CALLEES ? hearth_sandwich_get_callees (fx->sandwich)
                                                : hearth_sandwich_get_callers (fx->sandwich);
  return hearth_profile_get_function (fx->profile,
                                      hearth_call_tree_get_node (tree, node)->function)->name;
}

/* Above run: load [0, 2 s) and smooth [2, 4 s), read [0, 1 s) over load; below it prepare
 * [0, 3 s) and analyze [3, 4 s); under analyze main 2/3 and cli 1/3 of its second. */
static void
test_hit (Fixture       *fx,
          gconstpointer  data)
{
  double mid = fx->row / 2;

  (void) data;
  g_assert_cmpfloat (fx->y, ==, 2 * fx->row);   /* read, load, run: three rows */
  g_assert_cmpstr (name_at (fx, 10, fx->y + mid, HEARTH_SANDWICH_CALLEES), ==, "run");
  g_assert_cmpstr (name_at (fx, 990, fx->y + mid, HEARTH_SANDWICH_CALLEES), ==, "run");
  g_assert_cmpstr (name_at (fx, 490, fx->y - mid, HEARTH_SANDWICH_CALLEES), ==, "load");
  g_assert_cmpstr (name_at (fx, 510, fx->y - mid, HEARTH_SANDWICH_CALLEES), ==, "smooth");
  g_assert_cmpstr (name_at (fx, 240, fx->y - fx->row - mid, HEARTH_SANDWICH_CALLEES), ==,
                   "read");
  g_assert_cmpstr (name_at (fx, 260, fx->y - fx->row - mid, HEARTH_SANDWICH_CALLEES), ==, "-");
  g_assert_cmpstr (name_at (fx, 740, fx->y + fx->row + mid, HEARTH_SANDWICH_CALLERS), ==,
                   "prepare");
  g_assert_cmpstr (name_at (fx, 760, fx->y + fx->row + mid, HEARTH_SANDWICH_CALLERS), ==,
                   "analyze");
  g_assert_cmpstr (name_at (fx, 100, fx->y + 2 * fx->row + mid, HEARTH_SANDWICH_CALLERS), ==,
                   "main");
  g_assert_cmpstr (name_at (fx, 910, fx->y + 2 * fx->row + mid, HEARTH_SANDWICH_CALLERS), ==,
                   "main");
  g_assert_cmpstr (name_at (fx, 925, fx->y + 2 * fx->row + mid, HEARTH_SANDWICH_CALLERS), ==,
                   "cli");
  g_assert_cmpstr (name_at (fx, 500, fx->y + 3 * fx->row + mid, HEARTH_SANDWICH_CALLERS), ==,
                   "-");
}

static void
assert_rect (Fixture            *fx,
             HearthSandwichPart  part,
             const char         *name,
             double              y,
             double              x0,
             double              x1)
{
  HearthCallTree *tree = part == HEARTH_SANDWICH_CALLEES
                         ? hearth_sandwich_get_callees (fx->sandwich)
                         : hearth_sandwich_get_callers (fx->sandwich);
  cairo_rectangle_t rect;

  for (guint i = 0; i < hearth_call_tree_get_n_nodes (tree); i++)
    {
      const HearthNode *n = hearth_call_tree_get_node (tree, i);

      if (n->depth == 0 ||
          g_strcmp0 (hearth_profile_get_function (fx->profile, n->function)->name, name) != 0 ||
          fabs (n->left * 250 - x0) > 0.5)
        continue;
      g_assert_true (hearth_sandwich_render_get_node_rect (fx->render, WIDTH, part, i, &rect));
      g_assert_cmpfloat (rect.y, ==, y);
      g_assert_cmpfloat (rect.x, ==, x0);
      g_assert_cmpfloat (fabs (rect.x + rect.width - x1), <=, 1);
      return;
    }
  g_assert_not_reached ();
}

static void
test_rects (Fixture       *fx,
            gconstpointer  data)
{
  (void) data;
  assert_rect (fx, HEARTH_SANDWICH_CALLEES, "smooth", fx->y - fx->row, 500, 1000);
  assert_rect (fx, HEARTH_SANDWICH_CALLEES, "read", fx->y - 2 * fx->row, 0, 250);
  assert_rect (fx, HEARTH_SANDWICH_CALLERS, "analyze", fx->y + fx->row, 750, 1000);
  assert_rect (fx, HEARTH_SANDWICH_CALLERS, "cli", fx->y + 2 * fx->row, round (750 + 500.0 / 3),
               1000);
}

/* Fills in the scene per row: how many, how many hatched. */
static void
count_fills (const HearthScene *scene,
             double             y,
             guint             *n,
             guint             *hatched,
             double            *width)
{
  *n = *hatched = 0;
  *width = 0;
  for (guint i = 0; i < scene->items->len; i++)
    {
      const HearthSceneItem *item = &g_array_index (scene->items, HearthSceneItem, i);
      const HearthScenePaint *paint;

      if (item->kind != HEARTH_SCENE_FILL || item->layer != HEARTH_SCENE_LAYER_FILL ||
          fabs (item->y - y) > 0.5)
        continue;
      paint = &g_array_index (scene->paints, HearthScenePaint, item->paint);
      (*n)++;
      *width += item->w;
      if (paint->hatched)
        (*hatched)++;
    }
}

/* The function's row is drawn once; the first level both ways is exact (no hatch), the next
 * one is estimated where the function's callee or caller has more than one caller. */
static void
test_scene (Fixture       *fx,
            gconstpointer  data)
{
  const HearthScene *scene;
  guint n, hatched;
  double width;

  (void) data;
  scene = hearth_sandwich_render_build_scene (fx->render, NULL, WIDTH, TRUE);
  g_assert_cmpfloat (scene->width, ==, WIDTH);
  g_assert_cmpfloat (scene->height, ==, hearth_sandwich_render_get_height (fx->render, WIDTH));
  g_assert_cmpfloat (scene->height, >, fx->y + 3 * fx->row);

  count_fills (scene, fx->y, &n, &hatched, &width);
  g_assert_cmpuint (n, ==, 1);
  g_assert_cmpuint (hatched, ==, 0);
  g_assert_cmpfloat (width, >=, WIDTH - 2);
  count_fills (scene, fx->y - fx->row, &n, &hatched, &width);
  g_assert_cmpuint (n, ==, 2);
  g_assert_cmpuint (hatched, ==, 0);
  count_fills (scene, fx->y + fx->row, &n, &hatched, &width);
  g_assert_cmpuint (n, ==, 2);
  g_assert_cmpuint (hatched, ==, 0);
  count_fills (scene, fx->y - 2 * fx->row, &n, &hatched, &width);
  g_assert_cmpuint (hatched, >=, 1);
  /* main under prepare is exact (prepare has one caller); main and cli under analyze not */
  count_fills (scene, fx->y + 2 * fx->row, &n, &hatched, &width);
  g_assert_cmpuint (hatched, >=, 2);
}

static gboolean
scene_has_text (const HearthScene *scene,
                const char        *needle)
{
  for (guint i = 0; i < scene->items->len; i++)
    {
      const HearthSceneItem *item = &g_array_index (scene->items, HearthSceneItem, i);

      if (item->text != NULL && strstr (item->text, needle) != NULL)
        return TRUE;
    }
  return FALSE;
}

/* The export has a title, one legend for both halves and hover texts with the bounds. */
static void
test_export_scene (Fixture       *fx,
                   gconstpointer  data)
{
  const HearthScene *scene;
  g_autofree char *title = NULL;

  (void) data;
  hearth_sandwich_render_set_export (fx->render, NULL);
  title = hearth_sandwich_render_dup_title (fx->render);
  g_assert_true (g_str_has_prefix (title, "Sandwich of run"));
  scene = hearth_sandwich_render_build_scene (fx->render, NULL, WIDTH, TRUE);
  g_assert_true (scene_has_text (scene, "Sandwich of run"));
  g_assert_true (scene_has_text (scene, "estimated: somewhere between"));
  g_assert_true (scene->background != G_MAXUINT32);
}

static void
test_export_formats (Fixture       *fx,
                     gconstpointer  data)
{
  g_autoptr (GError) error = NULL;
  g_autoptr (GBytes) png = NULL;
  g_autoptr (GBytes) svg = NULL;
  g_autoptr (GBytes) pdf = NULL;
  g_autoptr (GBytes) html = NULL;
  const guint8 *bytes;
  gsize size;
  double height;

  (void) data;
  hearth_sandwich_render_set_export (fx->render, NULL);
  height = hearth_sandwich_render_get_height (fx->render, 800);
  png = hearth_sandwich_render_export (fx->render, 800, HEARTH_EXPORT_PNG, &error);
  g_assert_no_error (error);
  bytes = g_bytes_get_data (png, &size);
  g_assert_cmpuint (size, >, 24);
  g_assert_cmpmem (bytes, 8, "\x89PNG\r\n\x1a\n", 8);
  g_assert_cmpuint ((guint) bytes[16] << 24 | bytes[17] << 16 | bytes[18] << 8 | bytes[19], ==,
                    800);
  g_assert_cmpuint ((guint) bytes[20] << 24 | bytes[21] << 16 | bytes[22] << 8 | bytes[23], ==,
                    (guint) ceil (height));

  svg = hearth_sandwich_render_export (fx->render, 800, HEARTH_EXPORT_SVG, &error);
  g_assert_no_error (error);
  g_assert_nonnull (g_strstr_len (g_bytes_get_data (svg, NULL), g_bytes_get_size (svg),
                                  "Sandwich of run"));
  pdf = hearth_sandwich_render_export (fx->render, 800, HEARTH_EXPORT_PDF, &error);
  g_assert_no_error (error);
  g_assert_cmpmem (g_bytes_get_data (pdf, NULL), 5, "%PDF-", 5);
  html = hearth_sandwich_render_export (fx->render, 800, HEARTH_EXPORT_HTML, &error);
  g_assert_error (error, G_IO_ERROR, G_IO_ERROR_NOT_SUPPORTED);
  g_assert_null (html);
}

int
main (int   argc,
      char *argv[])
{
  g_test_init (&argc, &argv, NULL);

#define ADD(path, func) \
  g_test_add ("/sandwich-render/" path, Fixture, NULL, fixture_set_up, func, fixture_tear_down)
  ADD ("hit", test_hit);
  ADD ("rects", test_rects);
  ADD ("scene", test_scene);
  ADD ("export-scene", test_export_scene);
  ADD ("export-formats", test_export_formats);
#undef ADD

  return g_test_run ();
}
