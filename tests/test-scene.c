/* test-scene.c: a scene built by hand and painted into an image surface.
 *
 * Copyright 2026 The Hearth authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "hearth-scene.h"
#include "hearth-test-render.h"

#define WHITE  0xffffff
#define RED    0xff0000
#define BLUE   0x0000ff
#define GRAY   0x808080

typedef struct
{
  HearthScene      scene;
  cairo_surface_t *surface;
} Fixture;

static void
fixture_set_up (Fixture       *fx,
                gconstpointer  data)
{
  fx->scene.width = 40;
  fx->scene.height = 20;
  fx->scene.background = WHITE;
  fx->scene.items = g_array_new (FALSE, TRUE, sizeof (HearthSceneItem));
  fx->scene.paints = g_array_new (FALSE, TRUE, sizeof (HearthScenePaint));
  fx->surface = cairo_image_surface_create (CAIRO_FORMAT_RGB24, 40, 20);
}

static void
fixture_tear_down (Fixture       *fx,
                   gconstpointer  data)
{
  g_array_unref (fx->scene.items);
  g_array_unref (fx->scene.paints);
  cairo_surface_destroy (fx->surface);
}

static guint
add_paint (Fixture  *fx,
           guint32   color,
           guint32   ground,
           gboolean  hatched)
{
  HearthScenePaint paint = { color, ground, hatched };

  g_array_append_val (fx->scene.paints, paint);
  return fx->scene.paints->len - 1;
}

static HearthSceneItem *
add_item (Fixture *fx,
          guint    kind,
          guint    layer,
          guint    paint,
          double   x,
          double   y,
          double   w,
          double   h)
{
  HearthSceneItem item = { 0 };

  item.kind = kind;
  item.layer = layer;
  item.paint = paint;
  item.x = x;
  item.y = y;
  item.w = w;
  item.h = h;
  item.line_width = 1;
  g_array_append_val (fx->scene.items, item);
  return &g_array_index (fx->scene.items, HearthSceneItem, fx->scene.items->len - 1);
}

static void
paint (Fixture *fx)
{
  cairo_t *cr = cairo_create (fx->surface);

  hearth_scene_paint (&fx->scene, cr);
  g_assert_cmpint (cairo_status (cr), ==, CAIRO_STATUS_SUCCESS);
  cairo_destroy (cr);
  cairo_surface_flush (fx->surface);
}

/* The page is filled with the background, fills cover exactly their pixels. */
static void
test_fills (Fixture       *fx,
            gconstpointer  data)
{
  add_item (fx, HEARTH_SCENE_FILL, HEARTH_SCENE_LAYER_FILL, add_paint (fx, RED, 0, FALSE),
            10, 5, 10, 5);
  paint (fx);
  g_assert_cmphex (pixel (fx->surface, 0, 0), ==, WHITE);
  g_assert_cmphex (pixel (fx->surface, 10, 5), ==, RED);
  g_assert_cmphex (pixel (fx->surface, 19, 9), ==, RED);
  g_assert_cmphex (pixel (fx->surface, 20, 9), ==, WHITE);
  g_assert_cmphex (pixel (fx->surface, 19, 10), ==, WHITE);
  g_assert_cmphex (pixel (fx->surface, 9, 5), ==, WHITE);
}

/* Without a background nothing is painted outside the items. */
static void
test_no_background (Fixture       *fx,
                    gconstpointer  data)
{
  cairo_t *cr = cairo_create (fx->surface);

  cairo_set_source_rgb (cr, 0.5, 0.5, 0.5);
  cairo_paint (cr);
  cairo_destroy (cr);
  fx->scene.background = G_MAXUINT32;
  add_item (fx, HEARTH_SCENE_FILL, HEARTH_SCENE_LAYER_FILL, add_paint (fx, BLUE, 0, FALSE),
            0, 0, 5, 5);
  paint (fx);
  g_assert_cmphex (pixel (fx->surface, 2, 2), ==, BLUE);
  g_assert_cmphex (pixel (fx->surface, 30, 10), ==, 0x808080);
}

/* Layers go back to front whatever the order of the items: a mark added before the bar it
 * marks is still drawn on top of it, and grid lines below both. */
static void
test_layers (Fixture       *fx,
             gconstpointer  data)
{
  add_item (fx, HEARTH_SCENE_FILL, HEARTH_SCENE_LAYER_MARK, add_paint (fx, BLUE, 0, FALSE),
            0, 8, 40, 2);
  add_item (fx, HEARTH_SCENE_FILL, HEARTH_SCENE_LAYER_FILL, add_paint (fx, RED, 0, FALSE),
            0, 0, 40, 10);
  add_item (fx, HEARTH_SCENE_LINE, HEARTH_SCENE_LAYER_BACK, add_paint (fx, GRAY, 0, FALSE),
            20.5, 0, 0, 20);
  paint (fx);
  g_assert_cmphex (pixel (fx->surface, 5, 9), ==, BLUE);
  g_assert_cmphex (pixel (fx->surface, 5, 7), ==, RED);
  /* the grid line shows below the bar only */
  g_assert_cmphex (pixel (fx->surface, 20, 5), ==, RED);
  g_assert_cmphex (pixel (fx->surface, 20, 15), ==, GRAY);
  g_assert_cmphex (pixel (fx->surface, 21, 15), ==, WHITE);
}

/* An outline lies inside its rectangle: a 2 px outline of 10 x 10 at (5, 5) covers columns
 * and rows 5 and 6 and 13 and 14, and leaves the inside alone. */
static void
test_outline_inside (Fixture       *fx,
                     gconstpointer  data)
{
  HearthSceneItem *item = add_item (fx, HEARTH_SCENE_OUTLINE, HEARTH_SCENE_LAYER_MARK,
                                    add_paint (fx, BLUE, 0, FALSE), 5, 5, 10, 10);

  item->line_width = 2;
  paint (fx);
  g_assert_cmphex (pixel (fx->surface, 5, 5), ==, BLUE);
  g_assert_cmphex (pixel (fx->surface, 6, 10), ==, BLUE);
  g_assert_cmphex (pixel (fx->surface, 14, 14), ==, BLUE);
  g_assert_cmphex (pixel (fx->surface, 13, 10), ==, BLUE);
  g_assert_cmphex (pixel (fx->surface, 4, 4), ==, WHITE);
  g_assert_cmphex (pixel (fx->surface, 15, 10), ==, WHITE);
  g_assert_cmphex (pixel (fx->surface, 7, 7), ==, WHITE);
  g_assert_cmphex (pixel (fx->surface, 12, 12), ==, WHITE);
}

/* A dashed line: 3 pixels on, 2 off, from its start. */
static void
test_dashed_line (Fixture       *fx,
                  gconstpointer  data)
{
  HearthSceneItem *item = add_item (fx, HEARTH_SCENE_LINE, HEARTH_SCENE_LAYER_MARK,
                                    add_paint (fx, RED, 0, FALSE), 0, 10.5, 40, 0);

  item->dashed = TRUE;
  paint (fx);
  for (int x = 0; x < 40; x++)
    g_assert_cmphex (pixel (fx->surface, x, 10), ==, x % 5 < 3 ? RED : WHITE);
  g_assert_cmphex (pixel (fx->surface, 1, 9), ==, WHITE);
  g_assert_cmphex (pixel (fx->surface, 1, 11), ==, WHITE);
}

/* The hatch is one pattern for the page, not one per bar: two neighbouring hatched fills
 * (even with paints of their own) repeat every HEARTH_SCENE_HATCH_SIZE pixels across their
 * border, and show both the stripes and the ground. */
static void
test_hatch_continues (Fixture       *fx,
                      gconstpointer  data)
{
  int size = (int) HEARTH_SCENE_HATCH_SIZE;
  gboolean ground = FALSE, stripe = FALSE;

  g_assert_cmpfloat (HEARTH_SCENE_HATCH_SIZE, ==, size);
  add_item (fx, HEARTH_SCENE_FILL, HEARTH_SCENE_LAYER_FILL, add_paint (fx, BLUE, WHITE, TRUE),
            0, 0, 17, 20);
  add_item (fx, HEARTH_SCENE_FILL, HEARTH_SCENE_LAYER_FILL, add_paint (fx, BLUE, WHITE, TRUE),
            17, 0, 23, 20);
  fx->scene.background = RED;
  paint (fx);
  for (int y = 0; y < 20; y++)
    for (int x = 0; x + size < 40; x++)
      {
        guint32 c = pixel (fx->surface, x, y);

        g_assert_cmphex (c, ==, pixel (fx->surface, x + size, y));
        if (y + size < 20)
          g_assert_cmphex (c, ==, pixel (fx->surface, x, y + size));
        g_assert_cmphex (c, !=, RED);
        ground |= c == WHITE;
        stripe |= (c & 0xff) == 0xff && (c >> 16) < 0x80;
      }
  g_assert_true (ground);
  g_assert_true (stripe);
}

int
main (int   argc,
      char *argv[])
{
  g_test_init (&argc, &argv, NULL);

#define ADD(path, func) \
  g_test_add (path, Fixture, NULL, fixture_set_up, func, fixture_tear_down)

  ADD ("/scene/fills", test_fills);
  ADD ("/scene/no-background", test_no_background);
  ADD ("/scene/layers", test_layers);
  ADD ("/scene/outline-inside", test_outline_inside);
  ADD ("/scene/dashed-line", test_dashed_line);
  ADD ("/scene/hatch-continues", test_hatch_continues);

#undef ADD

  return g_test_run ();
}
