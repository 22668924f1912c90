/* test-flame-bars.c: the bars of a run on an image surface: colours, hatches, labels,
 * merged runs, marks and time in re-entered calls.
 *
 * Copyright 2026 The Hearth authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "hearth-flame-renderer.h"
#include "hearth-profile-merge.h"
#include "hearth-profile-private.h"
#include "hearth-test-render.h"
#include "hearth-test-util.h"

#include <math.h>

static void
test_category_colours (void)
{
  g_autoptr (HearthProfile) p = hearth_test_new_pstats ();
  guint m = hearth_test_fn_in (p, "/home/u/proj/app.py", 1, "main", 10);
  guint np = hearth_test_fn_in (p, "/usr/lib/python3/dist-packages/numpy/core/fromnumeric.py", 10,
                                "sum", 6);
  guint js = hearth_test_fn_in (p, "/usr/lib/python3.11/json/decoder.py", 20, "decode", 3);
  const char *mine[] = { "/home/u/proj", NULL };
  g_autoptr (HearthCallTree) tree = NULL;
  g_autoptr (HearthNames) names = NULL;
  g_autoptr (HearthFlameRenderer) renderer = hearth_flame_renderer_new ();
  HearthFlameViewport vp = HEARTH_FLAME_VIEWPORT_INIT;
  cairo_surface_t *surface;
  guint functions[] = { m, np, js };
  HearthCategory expected[] = { HEARTH_CATEGORY_MINE, HEARTH_CATEGORY_INSTALLED,
                                HEARTH_CATEGORY_PYTHON };

  hearth_test_edge (p, m, np, 6);
  hearth_test_edge (p, m, js, 3);
  _hearth_profile_finish (p);
  tree = tree_at_root (p, m);
  names = hearth_names_new (p, mine, FALSE);
  hearth_flame_renderer_set_tree (renderer, tree, names);
  vp.width = 600;
  surface = draw (renderer, &vp);

  for (guint i = 0; i < G_N_ELEMENTS (functions); i++)
    {
      guint node = find_node (tree, hearth_profile_get_function (p, functions[i])->name, i > 0);
      HearthRgb want;

      g_assert_cmpint (hearth_names_get_category (names, functions[i]), ==, expected[i]);
      bar_color (names, p, functions[i], &want);
      assert_color (bar_pixel (surface, rect_of (renderer, &vp, 0, node)), &want);
    }
  cairo_surface_destroy (surface);
}

/* DESIGN.md's helper run(task) called from two places, with an uneven split. */
/* main calls prepare (3 s) and analyze (1 s), both call run, which calls load (3 s) and
 * smooth (1 s): run's callees are shared out between its callers, estimated. */
static HearthProfile *
new_shared_profile (guint *main_function)
{
  HearthProfile *p = hearth_test_new_pstats ();
  guint m = hearth_test_fn_in (p, "app.py", 1, "main", 4);
  guint pr = hearth_test_fn_in (p, "app.py", 2, "prepare", 3);
  guint an = hearth_test_fn_in (p, "app.py", 3, "analyze", 1);
  guint run = hearth_test_fn_in (p, "app.py", 4, "run", 4);
  guint load = hearth_test_fn_in (p, "app.py", 5, "load", 3);
  guint smooth = hearth_test_fn_in (p, "app.py", 6, "smooth", 1);

  hearth_test_edge (p, m, pr, 3);
  hearth_test_edge (p, m, an, 1);
  hearth_test_edge (p, pr, run, 3);
  hearth_test_edge (p, an, run, 1);
  hearth_test_edge (p, run, load, 3);
  hearth_test_edge (p, run, smooth, 1);
  _hearth_profile_finish (p);
  *main_function = m;
  return p;
}

static void
test_estimated (void)
{
  guint m;
  g_autoptr (HearthProfile) p = new_shared_profile (&m);
  g_autoptr (HearthCallTree) tree = NULL;
  g_autoptr (HearthNames) names = NULL;
  g_autoptr (HearthFlameRenderer) renderer = hearth_flame_renderer_new ();
  HearthFlameViewport vp = HEARTH_FLAME_VIEWPORT_INIT;
  cairo_surface_t *surface;
  const HearthNode *node;
  cairo_rectangle_t r;
  guint index, distinct = 0;
  guint32 seen[8] = { 0 };
  HearthRgb solid, tint, stripe;
  double split;

  tree = tree_at_root (p, m);
  names = names_of (tree);
  hearth_flame_renderer_set_tree (renderer, tree, names);
  vp.width = 801;
  surface = draw (renderer, &vp);

  /* load under prepare: 2.25 wide, 2 of it proven */
  index = find_node (tree, "load", 3);
  node = hearth_call_tree_get_node (tree, index);
  g_assert_true (node->flags & HEARTH_NODE_ESTIMATED);
  g_assert_cmpfloat (node->low, >, 0);
  g_assert_cmpfloat (node->low, <, node->width);
  r = rect_of (renderer, &vp, 0, index);
  bar_color (names, p, node->function, &solid);
  hearth_palette_hatch (hearth_palette_get (FALSE), &solid, &tint, &stripe);
  split = round (r.x + node->low * 800 / 4) - r.x;

  /* solid from the left edge to the lower bound */
  for (double x = r.x; x < r.x + split - 1; x++)
    assert_color (pixel (surface, x, r.y + 1), &solid);
  /* hatched after it: the ground and the stripes of the same hue */
  for (double x = r.x + split + 1; x < r.x + r.width; x++)
    {
      guint32 c = pixel (surface, x, r.y + 1);
      guint k;

      for (k = 0; k < distinct && seen[k] != c; k++)
        ;
      if (k == distinct && distinct < G_N_ELEMENTS (seen))
        seen[distinct++] = c;
    }
  g_assert_cmpuint (distinct, >=, 2);
  {
    gboolean has_tint = FALSE;

    for (guint k = 0; k < distinct; k++)
      if (seen[k] == hearth_rgb_to_uint (&tint))
        has_tint = TRUE;
    g_assert_true (has_tint);
  }

  /* smooth under analyze never needs to have happened: all hatched */
  index = find_node (tree, "smooth", 3);
  for (guint i = 0; i < hearth_call_tree_get_n_nodes (tree); i++)
    {
      node = hearth_call_tree_get_node (tree, i);
      if (node->depth == 3 && node->low == 0)
        {
          r = rect_of (renderer, &vp, 0, i);
          g_assert_cmpuint (bar_pixel (surface, r), !=,
                            hearth_rgb_to_uint (&solid));
        }
    }
  cairo_surface_destroy (surface);
}

/* In a high-contrast theme every bar has an edge in the foreground colour and the stripes of
 * estimated time are that colour too, well apart from their ground (WCAG's 3:1 for what is
 * not text), where the usual stripes stay near the bar's colour. */
static void
test_high_contrast (void)
{
  guint m;
  g_autoptr (HearthProfile) p = new_shared_profile (&m);
  g_autoptr (HearthCallTree) tree = tree_at_root (p, m);
  g_autoptr (HearthNames) names = names_of (tree);
  g_autoptr (HearthFlameRenderer) renderer = hearth_flame_renderer_new ();
  HearthFlameViewport vp = HEARTH_FLAME_VIEWPORT_INIT;
  const HearthPalette *plain = hearth_palette_get (FALSE);
  const HearthPalette *strong = hearth_palette_get_for (FALSE, TRUE);
  cairo_surface_t *surfaces[2];
  HearthRgb solid, tint, stripe;
  const HearthNode *node;
  cairo_rectangle_t r;
  guint index, stripes = 0;

  g_assert_false (plain->high_contrast);
  g_assert_true (strong->high_contrast);
  hearth_flame_renderer_set_tree (renderer, tree, names);
  vp.width = 801;
  surfaces[0] = draw (renderer, &vp);
  hearth_flame_renderer_set_high_contrast (renderer, TRUE);
  surfaces[1] = draw (renderer, &vp);

  index = find_node (tree, "load", 3);
  node = hearth_call_tree_get_node (tree, index);
  g_assert_true (node->flags & HEARTH_NODE_ESTIMATED);
  r = rect_of (renderer, &vp, 0, index);
  bar_color (names, p, node->function, &solid);

  /* the bar's top left corner: its colour, or the edge */
  assert_color (pixel (surfaces[0], r.x, r.y), &solid);
  assert_color (pixel (surfaces[1], r.x, r.y), &strong->foreground);
  assert_color (pixel (surfaces[1], r.x + 2, r.y + 2), &solid);

  hearth_palette_hatch (plain, &solid, &tint, &stripe);
  g_assert_cmpfloat (hearth_rgb_contrast (&tint, &stripe), <, 3);
  hearth_palette_hatch (strong, &solid, &tint, &stripe);
  g_assert_cmpfloat (hearth_rgb_contrast (&tint, &stripe), >=, 3);
  assert_color (hearth_rgb_to_uint (&stripe), &strong->foreground);
  /* and so they are drawn, inside the hatched part of the bar (past its label): nearly
   * black pixels, where the usual hatch has none */
  for (guint s = 0; s < 2; s++)
    {
      stripes = 0;
      for (double x = r.x + r.width - 20; x < r.x + r.width - 2; x++)
        for (double y = r.y + 2; y < r.y + r.height - 2; y++)
          {
            guint32 c = pixel (surfaces[s], x, y);

            if ((c >> 16 & 0xff) < 0x50 && (c >> 8 & 0xff) < 0x50 && (c & 0xff) < 0x50)
              stripes++;
          }
      if (s == 0)
        g_assert_cmpuint (stripes, ==, 0);
      else
        g_assert_cmpuint (stripes, >, 20);
    }

  cairo_surface_destroy (surfaces[0]);
  cairo_surface_destroy (surfaces[1]);
}

/* Every label lies inside its bar, padding included. */
static void
test_labels_inside (void)
{
  GString *stacks = g_string_new (NULL);
  g_autoptr (HearthProfile) p = NULL;
  g_autoptr (HearthCallTree) tree = NULL;
  g_autoptr (HearthNames) names = NULL;
  g_autoptr (HearthFlameRenderer) renderer = hearth_flame_renderer_new ();
  HearthFlameViewport vp = HEARTH_FLAME_VIEWPORT_INIT;
  const HearthScene *scene;
  guint n_labels = 0;

  for (guint i = 1; i < 60; i++)
    g_string_append_printf (stacks, "main;Module.function_number_%u;helper_%u;leaf %u\n", i,
                            i % 7, i * i);
  p = folded (stacks->str);
  g_string_free (stacks, TRUE);
  tree = hearth_test_tree_of (p, 0);
  names = names_of (tree);
  hearth_flame_renderer_set_tree (renderer, tree, names);

  for (double width = 300; width <= 1500; width += 300)
    {
      double left = G_MAXDOUBLE, right = -G_MAXDOUBLE;
      gboolean in_bar = FALSE;

      vp.width = width;
      scene = hearth_flame_renderer_build_scene (renderer, NULL, &vp, TRUE);
      for (guint i = 0; i < scene->items->len; i++)
        {
          const HearthSceneItem *item = &g_array_index (scene->items, HearthSceneItem, i);

          switch (item->kind)
            {
            case HEARTH_SCENE_BEGIN:
              in_bar = TRUE;
              left = G_MAXDOUBLE;
              right = -G_MAXDOUBLE;
              break;
            case HEARTH_SCENE_FILL:
              left = MIN (left, item->x);
              right = MAX (right, item->x + item->w);
              break;
            case HEARTH_SCENE_TEXT:
              if (in_bar)
                {
                  n_labels++;
                  g_assert_cmpfloat (item->x, >=, left + 2);
                  g_assert_cmpfloat (item->x + item->w, <=, right - 2);
                }
              break;
            case HEARTH_SCENE_END:
              in_bar = FALSE;
              break;
            default:
              break;
            }
        }
    }
  g_assert_cmpuint (n_labels, >, 20);
}

/* A row of 20,000 bars narrower than a pixel costs a few items, and still shows. */
static void
test_narrow_bars (void)
{
  GString *stacks = g_string_new (NULL);
  g_autoptr (HearthProfile) p = NULL;
  g_autoptr (HearthCallTree) tree = NULL;
  g_autoptr (HearthNames) names = NULL;
  g_autoptr (HearthFlameRenderer) renderer = hearth_flame_renderer_new ();
  HearthFlameViewport vp = HEARTH_FLAME_VIEWPORT_INIT;
  const HearthScene *scene;
  cairo_surface_t *surface;
  cairo_rectangle_t r;
  guint leaf;
  guint32 background = hearth_rgb_to_uint (&hearth_palette_get (FALSE)->background);

  g_string_append (stacks, "main;big 30000\n");
  for (guint i = 0; i < 20000; i++)
    g_string_append_printf (stacks, "main;work;f%05u 1\n", i);
  p = folded (stacks->str);
  g_string_free (stacks, TRUE);
  tree = hearth_test_tree_of (p, 0);
  g_assert_cmpuint (hearth_call_tree_get_n_nodes (tree), >, 20000);
  names = names_of (tree);
  hearth_flame_renderer_set_tree (renderer, tree, names);
  vp.width = 400;
  scene = hearth_flame_renderer_build_scene (renderer, NULL, &vp, FALSE);
  g_test_message ("%u items", scene->items->len);
  g_assert_cmpuint (scene->items->len, <, 200);

  surface = draw (renderer, &vp);
  leaf = find_node (tree, "f00000", 3);
  r = rect_of (renderer, &vp, 0, find_node (tree, "work", 2));
  /* the merged run covers the leaves' row above "work" */
  (void) leaf;
  g_assert_cmpuint (pixel (surface, r.x + r.width / 2, r.y - r.height / 2), !=, background);
  cairo_surface_destroy (surface);
}

static void
test_search_and_selection (void)
{
  g_autoptr (HearthProfile) p = folded ("main;alpha 50\nmain;beta 40\n");
  g_autoptr (HearthCallTree) tree = hearth_test_tree_of (p, 0.01);
  g_autoptr (HearthNames) names = names_of (tree);
  g_autoptr (HearthFlameRenderer) renderer = hearth_flame_renderer_new ();
  HearthFlameViewport vp = HEARTH_FLAME_VIEWPORT_INIT;
  const HearthPalette *palette = hearth_palette_get (FALSE);
  guint alpha = find_node (tree, "alpha", 2), beta = find_node (tree, "beta", 2);
  cairo_surface_t *surface;
  cairo_rectangle_t ra, rb;
  HearthRgb a_colour, b_colour, dimmed;

  hearth_flame_renderer_set_tree (renderer, tree, names);
  hearth_flame_renderer_set_search_text (renderer, "ALPH");
  hearth_flame_renderer_set_selected (renderer, 0, (gint) beta);
  vp.width = 700;
  surface = draw (renderer, &vp);
  ra = rect_of (renderer, &vp, 0, alpha);
  rb = rect_of (renderer, &vp, 0, beta);
  bar_color (names, p, hearth_call_tree_get_node (tree, alpha)->function, &a_colour);
  bar_color (names, p, hearth_call_tree_get_node (tree, beta)->function, &b_colour);
  hearth_palette_dim (palette, &b_colour, &dimmed);

  /* the match keeps its colour inside its highlight outline; the other bar is dimmed */
  assert_color (pixel (surface, ra.x + ra.width - 5, ra.y + 3), &a_colour);
  assert_color (pixel (surface, ra.x, ra.y + ra.height / 2), &palette->search);
  assert_color (pixel (surface, rb.x + rb.width - 5, rb.y + 3), &dimmed);
  /* the selected bar is outlined */
  assert_color (pixel (surface, rb.x, rb.y + rb.height / 2), &palette->selection);
  assert_color (pixel (surface, rb.x + rb.width - 1, rb.y + rb.height / 2), &palette->selection);
  cairo_surface_destroy (surface);

  hearth_flame_renderer_set_search_text (renderer, NULL);
  hearth_flame_renderer_set_selected (renderer, 0, -1);
  surface = draw (renderer, &vp);
  assert_color (pixel (surface, rb.x + rb.width - 5, rb.y + 3), &b_colour);
  assert_color (pixel (surface, rb.x, rb.y + rb.height / 2), &b_colour);
  cairo_surface_destroy (surface);
}

/* Zooming into a bar: it fills the width, its ancestors are dimmed. */
static void
test_zoom (void)
{
  g_autoptr (HearthProfile) p = folded ("main;a;b 30\nmain;c 70\n");
  g_autoptr (HearthCallTree) tree = hearth_test_tree_of (p, 0.01);
  g_autoptr (HearthNames) names = names_of (tree);
  g_autoptr (HearthFlameRenderer) renderer = hearth_flame_renderer_new ();
  HearthFlameViewport vp = HEARTH_FLAME_VIEWPORT_INIT;
  guint a = find_node (tree, "a", 2), b = find_node (tree, "b", 3), m = find_node (tree, "main", 1);
  const HearthNode *node = hearth_call_tree_get_node (tree, a);
  cairo_surface_t *surface;
  cairo_rectangle_t r;
  HearthRgb colour;

  hearth_flame_renderer_set_tree (renderer, tree, names);
  vp.width = 400;
  vp.x_start = node->left;
  vp.x_end = node->left + node->width;
  vp.zoom_node = (gint) a;
  surface = draw (renderer, &vp);
  r = rect_of (renderer, &vp, 0, b);
  g_assert_cmpfloat (r.x, ==, 0);
  g_assert_cmpfloat (r.width, >=, 398);
  bar_color (names, p, hearth_call_tree_get_node (tree, a)->function, &colour);
  assert_color (pixel (surface, 398, rect_of (renderer, &vp, 0, a).y + 1), &colour);
  bar_color (names, p, hearth_call_tree_get_node (tree, m)->function, &colour);
  hearth_palette_dim (hearth_palette_get (FALSE), &colour, &colour);
  assert_color (pixel (surface, 398, rect_of (renderer, &vp, 0, m).y + 1), &colour);
  cairo_surface_destroy (surface);
}

/* Time the guard dropped is drawn above the bar, dashed, not left empty like self time. */
static void
test_guarded (void)
{
  g_autoptr (HearthProfile) p = hearth_test_new_pstats ();
  guint m = hearth_test_fn_in (p, "app.py", 1, "main", 10);
  guint f = hearth_test_fn_in (p, "app.py", 2, "f", 8);
  guint g = hearth_test_fn_in (p, "app.py", 3, "g", 6);
  g_autoptr (HearthCallTree) tree = NULL;
  g_autoptr (HearthNames) names = NULL;
  g_autoptr (HearthFlameRenderer) renderer = hearth_flame_renderer_new ();
  HearthFlameViewport vp = HEARTH_FLAME_VIEWPORT_INIT;
  const HearthScene *scene;
  gboolean dashed = FALSE, guarded = FALSE;

  /* f -> g -> f: the guard drops the inner f */
  hearth_test_edge (p, m, f, 8);
  hearth_test_edge (p, f, g, 6);
  hearth_test_edge (p, g, f, 4);
  _hearth_profile_finish (p);
  tree = tree_at_root (p, m);
  for (guint i = 0; i < hearth_call_tree_get_n_nodes (tree); i++)
    guarded |= hearth_call_tree_get_node (tree, i)->guarded_width > 0;
  g_assert_true (guarded);
  names = names_of (tree);
  hearth_flame_renderer_set_tree (renderer, tree, names);
  vp.width = 500;
  scene = hearth_flame_renderer_build_scene (renderer, NULL, &vp, TRUE);
  for (guint i = 0; i < scene->items->len; i++)
    {
      const HearthSceneItem *item = &g_array_index (scene->items, HearthSceneItem, i);

      if (item->kind == HEARTH_SCENE_OUTLINE && item->dashed)
        {
          dashed = TRUE;
          /* above every row of bars of g's depth: in its own row */
          g_assert_cmpfloat (item->y, <, rect_of (renderer, &vp, 0, find_node (tree, "g", 2)).y);
        }
    }
  g_assert_true (dashed);
}

/* Merged runs whose bar a is 6, 2 and 4 wide (CV 0.5): a whisker from where the bar would end
 * were every run like the narrowest (3 × 2) to the widest (3 × 6); b, 2 in each run, none.
 * Within 3 px: the rectangles measured leave out the gaps between bars. */
static guint
count_whiskers (const HearthScene *scene,
                double             x0,
                double             x1,
                HearthSceneItem   *beam)
{
  guint n = 0;

  for (guint i = 0; i < scene->items->len; i++)
    {
      const HearthSceneItem *item = &g_array_index (scene->items, HearthSceneItem, i);

      if (item->kind == HEARTH_SCENE_FILL && item->layer == HEARTH_SCENE_LAYER_MARK &&
          item->h == 1 && fabs (item->x - x0) <= 3 && fabs (item->x + item->w - x1) <= 3)
        {
          n++;
          if (beam != NULL)
            *beam = *item;
        }
    }
  return n;
}

static void
test_spread_whisker (void)
{
  HearthProfile *runs[3] = { folded ("main;a 6\nmain;b 2\n"), folded ("main;a 2\nmain;b 2\n"),
                             folded ("main;a 4\nmain;b 2\n") };
  g_autoptr (GError) error = NULL;
  g_autoptr (HearthProfile) merged = hearth_profile_merge (runs, 3, &error);
  HearthCallTreeOptions options = HEARTH_CALL_TREE_OPTIONS_INIT;
  g_autoptr (HearthCallTree) tree = hearth_call_tree_new (merged, &options, &error);
  g_autoptr (HearthSpread) spread = hearth_spread_new (tree, runs, 3, NULL, &error);
  g_autoptr (HearthFlameRenderer) renderer = hearth_flame_renderer_new ();
  HearthFlameViewport vp = HEARTH_FLAME_VIEWPORT_INIT;
  cairo_surface_t *surface = cairo_image_surface_create (CAIRO_FORMAT_ARGB32, 10, 10);
  cairo_t *cr = cairo_create (surface);
  guint a = find_node (tree, "a", 2), b = find_node (tree, "b", 2);
  cairo_rectangle_t ra, rb;
  double per_unit, left;
  HearthSceneItem beam;

  g_assert_no_error (error);
  hearth_flame_renderer_set_tree (renderer, tree, NULL);
  vp.width = 800;
  ra = rect_of (renderer, &vp, 0, a);
  rb = rect_of (renderer, &vp, 0, b);
  per_unit = (ra.width + rb.width) / 18;   /* a and b side by side, 12 + 6 wide */
  left = MIN (ra.x, rb.x) + (ra.x < rb.x ? 0 : rb.width);

  g_assert_cmpuint (count_whiskers (hearth_flame_renderer_build_scene (renderer, cr, &vp, FALSE),
                                    left + 6 * per_unit, left + 18 * per_unit, NULL), ==, 0);
  hearth_flame_renderer_set_spread (renderer, spread);
  g_assert_true (hearth_spread_is_noisy (spread, a));
  g_assert_false (hearth_spread_is_noisy (spread, b));
  g_assert_cmpuint (count_whiskers (hearth_flame_renderer_build_scene (renderer, cr, &vp, FALSE),
                                    left + 6 * per_unit, left + 18 * per_unit, &beam), ==, 1);
  cairo_destroy (cr);
  cairo_surface_destroy (surface);

  g_assert_cmpfloat (beam.y, ==, ra.y + floor (ra.height / 2));

  /* its pixels, light and dark: the beam at mid-height across a's right end, a tick at each
   * end, the bar's own colour above and below the beam and along its bottom row (where the
   * "counted twice" underline goes) */
  for (int dark = 0; dark <= 1; dark++)
    {
      const HearthPalette *palette = hearth_palette_get (dark);
      double x0 = beam.x, x1 = beam.x + beam.w, mid = beam.y;
      double inside = round (left + 9 * per_unit);
      HearthRgb whisker, bar;
      g_autoptr (HearthNames) names = names_of (tree);

      hearth_flame_renderer_set_tree (renderer, tree, names);
      hearth_flame_renderer_set_spread (renderer, spread);
      hearth_flame_renderer_set_dark (renderer, dark);
      hearth_palette_whisker (palette, &whisker);
      {
        guint fn = hearth_call_tree_get_node (tree, a)->function;
        const HearthFunction *f = hearth_profile_get_function (merged, fn);

        hearth_palette_bar (palette, hearth_names_get_category (names, fn),
                            hearth_palette_variant_for (f->file, f->name), &bar);
      }
      surface = draw (renderer, &vp);
      assert_color (pixel (surface, inside, mid), &whisker);
      assert_color (pixel (surface, x0, mid - 2), &whisker);
      assert_color (pixel (surface, x1 - 1, mid + 2), &whisker);
      assert_color (pixel (surface, inside, mid - 2), &bar);
      assert_color (pixel (surface, inside, ra.y + ra.height - 1), &bar);
      cairo_surface_destroy (surface);
    }
  for (guint i = 0; i < 3; i++)
    g_object_unref (runs[i]);
}

int
main (int   argc,
      char *argv[])
{
  g_test_init (&argc, &argv, NULL);

  g_test_add_func ("/renderer/category-colours", test_category_colours);
  g_test_add_func ("/renderer/estimated", test_estimated);
  g_test_add_func ("/renderer/high-contrast", test_high_contrast);
  g_test_add_func ("/renderer/labels-inside", test_labels_inside);
  g_test_add_func ("/renderer/narrow-bars", test_narrow_bars);
  g_test_add_func ("/renderer/search-and-selection", test_search_and_selection);
  g_test_add_func ("/renderer/zoom", test_zoom);
  g_test_add_func ("/renderer/guarded", test_guarded);
  g_test_add_func ("/renderer/spread-whisker", test_spread_whisker);

  return g_test_run ();
}
