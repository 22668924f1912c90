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

/* A 40 x 20 page on white, and the surface it is painted into. */
typedef struct
{
  HearthScene      scene;
  cairo_surface_t *surface;
} Page;

static Page *
page_new (void)
{
  Page *page = g_new0 (Page, 1);

  page->scene = (HearthScene) {
    .width = 40,
    .height = 20,
    .background = WHITE,
    .items = g_array_new (FALSE, TRUE, sizeof (HearthSceneItem)),
    .paints = g_array_new (FALSE, TRUE, sizeof (HearthScenePaint)),
  };
  page->surface = cairo_image_surface_create (CAIRO_FORMAT_RGB24, 40, 20);
  return page;
}

static void
page_free (Page *page)
{
  g_array_unref (page->scene.items);
  g_array_unref (page->scene.paints);
  cairo_surface_destroy (page->surface);
  g_free (page);
}

G_DEFINE_AUTOPTR_CLEANUP_FUNC (Page, page_free)

static guint
add_paint (Page     *page,
           guint32   color,
           guint32   ground,
           gboolean  hatched)
{
  HearthScenePaint paint = { color, ground, hatched };

  g_array_append_val (page->scene.paints, paint);
  return page->scene.paints->len - 1;
}

static HearthSceneItem *
add_item (Page              *page,
          guint              kind,
          guint              layer,
          guint              paint,
          cairo_rectangle_t  rect)
{
  HearthSceneItem item = {
    .kind = kind, .layer = layer, .paint = paint,
    .x = rect.x, .y = rect.y, .w = rect.width, .h = rect.height, .line_width = 1,
  };

  g_array_append_val (page->scene.items, item);
  return &g_array_index (page->scene.items, HearthSceneItem, page->scene.items->len - 1);
}

#define RECT(x, y, w, h) ((cairo_rectangle_t) { x, y, w, h })

/* a pixel and the colour it should have */
typedef struct
{
  int     x;
  int     y;
  guint32 color;
} Probe;

static void
assert_probes (Page        *page,
               const Probe *probes,
               guint        n)
{
  for (guint i = 0; i < n; i++)
    if (pixel (page->surface, probes[i].x, probes[i].y) != probes[i].color)
      g_error ("pixel (%d, %d) is #%06x, expected #%06x", probes[i].x, probes[i].y,
               pixel (page->surface, probes[i].x, probes[i].y), probes[i].color);
}

static void
paint (Page *page)
{
  cairo_t *cr = cairo_create (page->surface);

  hearth_scene_paint (&page->scene, cr);
  g_assert_cmpint (cairo_status (cr), ==, CAIRO_STATUS_SUCCESS);
  cairo_destroy (cr);
  cairo_surface_flush (page->surface);
}

/* The page is filled with the background, fills cover exactly their pixels. */
static void
test_fills (void)
{
  static const Probe probes[] = {
    { 0, 0, WHITE }, { 10, 5, RED }, { 19, 9, RED }, { 20, 9, WHITE }, { 19, 10, WHITE },
    { 9, 5, WHITE }
  };
  g_autoptr (Page) page = page_new ();

  add_item (page, HEARTH_SCENE_FILL, HEARTH_SCENE_LAYER_FILL, add_paint (page, RED, 0, FALSE),
            RECT (10, 5, 10, 5));
  paint (page);
  assert_probes (page, probes, G_N_ELEMENTS (probes));
}

/* Without a background nothing is painted outside the items. */
static void
test_no_background (void)
{
  g_autoptr (Page) page = page_new ();
  cairo_t *cr = cairo_create (page->surface);

  cairo_set_source_rgb (cr, 0.5, 0.5, 0.5);
  cairo_paint (cr);
  cairo_destroy (cr);
  page->scene.background = G_MAXUINT32;
  add_item (page, HEARTH_SCENE_FILL, HEARTH_SCENE_LAYER_FILL, add_paint (page, BLUE, 0, FALSE),
            RECT (0, 0, 5, 5));
  paint (page);
  g_assert_cmphex (pixel (page->surface, 2, 2), ==, BLUE);
  g_assert_cmphex (pixel (page->surface, 30, 10), ==, GRAY);
}

/* Layers go back to front whatever the order of the items: a mark added before the bar it
 * marks is still drawn on top of it, and grid lines below both. */
static void
test_layers (void)
{
  static const Probe probes[] = {
    { 5, 9, BLUE }, { 5, 7, RED },
    /* the grid line shows below the bar only */
    { 20, 5, RED }, { 20, 15, GRAY }, { 21, 15, WHITE }
  };
  g_autoptr (Page) page = page_new ();

  add_item (page, HEARTH_SCENE_FILL, HEARTH_SCENE_LAYER_MARK, add_paint (page, BLUE, 0, FALSE),
            RECT (0, 8, 40, 2));
  add_item (page, HEARTH_SCENE_FILL, HEARTH_SCENE_LAYER_FILL, add_paint (page, RED, 0, FALSE),
            RECT (0, 0, 40, 10));
  add_item (page, HEARTH_SCENE_LINE, HEARTH_SCENE_LAYER_BACK, add_paint (page, GRAY, 0, FALSE),
            RECT (20.5, 0, 0, 20));
  paint (page);
  assert_probes (page, probes, G_N_ELEMENTS (probes));
}

/* An outline lies inside its rectangle: a 2 px outline of 10 x 10 at (5, 5) covers columns
 * and rows 5 and 6 and 13 and 14, and leaves the inside alone. */
static void
test_outline_inside (void)
{
  static const Probe probes[] = {
    { 5, 5, BLUE }, { 6, 10, BLUE }, { 14, 14, BLUE }, { 13, 10, BLUE }, { 4, 4, WHITE },
    { 15, 10, WHITE }, { 7, 7, WHITE }, { 12, 12, WHITE }
  };
  g_autoptr (Page) page = page_new ();
  HearthSceneItem *item = add_item (page, HEARTH_SCENE_OUTLINE, HEARTH_SCENE_LAYER_MARK,
                                    add_paint (page, BLUE, 0, FALSE), RECT (5, 5, 10, 10));

  item->line_width = 2;
  paint (page);
  assert_probes (page, probes, G_N_ELEMENTS (probes));
}

/* A dashed line: 3 pixels on, 2 off, from its start. */
static void
test_dashed_line (void)
{
  g_autoptr (Page) page = page_new ();
  HearthSceneItem *item = add_item (page, HEARTH_SCENE_LINE, HEARTH_SCENE_LAYER_MARK,
                                    add_paint (page, RED, 0, FALSE), RECT (0, 10.5, 40, 0));

  item->dashed = TRUE;
  paint (page);
  for (int x = 0; x < 40; x++)
    g_assert_cmphex (pixel (page->surface, x, 10), ==, x % 5 < 3 ? RED : WHITE);
  g_assert_cmphex (pixel (page->surface, 1, 9), ==, WHITE);
  g_assert_cmphex (pixel (page->surface, 1, 11), ==, WHITE);
}

/* The hatch is one pattern for the page, not one per bar: two neighbouring hatched fills
 * (even with paints of their own) repeat every HEARTH_SCENE_HATCH_SIZE pixels across their
 * border, and show both the stripes and the ground. */
static void
test_hatch_continues (void)
{
  g_autoptr (Page) page = page_new ();
  int size = (int) HEARTH_SCENE_HATCH_SIZE;
  gboolean ground = FALSE, stripe = FALSE;

  g_assert_cmpfloat (HEARTH_SCENE_HATCH_SIZE, ==, size);
  add_item (page, HEARTH_SCENE_FILL, HEARTH_SCENE_LAYER_FILL, add_paint (page, BLUE, WHITE, TRUE),
            RECT (0, 0, 17, 20));
  add_item (page, HEARTH_SCENE_FILL, HEARTH_SCENE_LAYER_FILL, add_paint (page, BLUE, WHITE, TRUE),
            RECT (17, 0, 23, 20));
  page->scene.background = RED;
  paint (page);
  for (int y = 0; y < 20; y++)
    for (int x = 0; x + size < 40; x++)
      {
        guint32 c = pixel (page->surface, x, y);

        g_assert_cmphex (c, ==, pixel (page->surface, x + size, y));
        if (y + size < 20)
          g_assert_cmphex (c, ==, pixel (page->surface, x, y + size));
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

  g_test_add_func ("/scene/fills", test_fills);
  g_test_add_func ("/scene/no-background", test_no_background);
  g_test_add_func ("/scene/layers", test_layers);
  g_test_add_func ("/scene/outline-inside", test_outline_inside);
  g_test_add_func ("/scene/dashed-line", test_dashed_line);
  g_test_add_func ("/scene/hatch-continues", test_hatch_continues);

  return g_test_run ();
}
