/* render.c: the cost of one full frame of a big flame graph, next to its floor.
 *
 * Copyright 2026 The Hearth authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * Generates folded stacks with at least 200,000 distinct stacks (a deterministic random
 * program: a few thousand functions, heavy-tailed weights, chains up to 48 deep), lays out
 * the tree with no cutoff, then times hearth_flame_renderer_draw() on a 1920x1080 image
 * (median of many frames). The floor is filling the same visible rectangles in the same
 * colours with no labels and no layout work. Targets: within 3x of the floor, under 8 ms.
 *
 * Usage: render [N_STACKS [FRAMES]]
 */

#include "bench-measure.h"
#include "hearth-flame-renderer.h"

#include <math.h>
#include <pango/pangocairo.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#define WIDTH  1920
#define HEIGHT 1080

static double
now_ms (void)
{
  return g_get_monotonic_time () / 1000.0;
}

/* CPU time of this thread: on a busy machine, wall time also counts other processes' turns */
static double
cpu_ms (void)
{
  struct timespec ts;

  clock_gettime (CLOCK_THREAD_CPUTIME_ID, &ts);
  return ts.tv_sec * 1e3 + ts.tv_nsec / 1e6;
}

/* A function name drawn with a skew, so a few functions are everywhere. */
static void
append_frame (GString *out,
              GRand   *rand)
{
  double u = g_rand_double (rand);
  guint f = (guint) (4000 * u * u * u);

  g_string_append_printf (out, ";m%u.C%u.method_%u", f % 97, f % 13, f);
}

/* Each new stack extends an earlier one by a frame, recent ones more often: a tree with
 * about as many bars as stacks, chains up to 48 deep, and heavy-tailed weights. */
static char *
make_stacks (guint  n_stacks,
             guint *n_distinct)
{
  g_autoptr (GRand) rand = g_rand_new_with_seed (20260101);
  g_autoptr (GHashTable) seen = g_hash_table_new (g_str_hash, g_str_equal);
  g_autoptr (GPtrArray) stacks = g_ptr_array_new_with_free_func (g_free);
  GString *out = g_string_new (NULL);
  GString *stack = g_string_new (NULL);
  guint attempts = 0;

  g_ptr_array_add (stacks, g_strdup ("main;run_all"));
  g_hash_table_add (seen, stacks->pdata[0]);
  while (stacks->len < n_stacks && attempts++ < n_stacks * 20)
    {
      double u = g_rand_double (rand);
      guint from = stacks->len - 1 - (guint) ((stacks->len - 1) * u * u * u);
      const char *base = stacks->pdata[from];
      guint depth = 1;

      for (const char *c = base; *c != '\0'; c++)
        depth += *c == ';';
      if (depth >= 48)
        continue;
      g_string_assign (stack, base);
      append_frame (stack, rand);
      if (g_hash_table_contains (seen, stack->str))
        continue;
      g_ptr_array_add (stacks, g_strdup (stack->str));
      g_hash_table_add (seen, stacks->pdata[stacks->len - 1]);
    }

  for (guint i = 0; i < stacks->len; i++)
    {
      double weight = floor (30 + 40 / pow (g_rand_double_range (rand, 1e-6, 1), 0.9));

      g_string_append_printf (out, "%s %.0f\n", (const char *) stacks->pdata[i], weight);
    }
  *n_distinct = stacks->len;
  g_string_free (stack, TRUE);
  return g_string_free (out, FALSE);
}

/* The floor: the scene's bar rectangles, one fill per colour, no labels, no layout. */
static void
paint_floor (const HearthScene *scene,
             cairo_t           *cr,
             guint             *order,
             guint             *start)
{
  const HearthSceneItem *items = (const HearthSceneItem *) (gpointer) scene->items->data;
  guint n_paints = scene->paints->len;

  memset (start, 0, sizeof (guint) * (n_paints + 1));
  for (guint i = 0; i < scene->items->len; i++)
    if (items[i].kind == HEARTH_SCENE_FILL)
      start[items[i].paint + 1]++;
  for (guint p = 0; p < n_paints; p++)
    start[p + 1] += start[p];
  for (guint i = 0; i < scene->items->len; i++)
    if (items[i].kind == HEARTH_SCENE_FILL)
      order[start[items[i].paint]++] = i;

  cairo_set_source_rgb (cr, 0.98, 0.98, 0.98);
  cairo_paint (cr);
  for (guint k = 0, p = 0; p < n_paints; p++)
    {
      guint32 c = g_array_index (scene->paints, HearthScenePaint, p).color;

      if (k == start[p])
        continue;
      for (; k < start[p]; k++)
        cairo_rectangle (cr, items[order[k]].x, items[order[k]].y, items[order[k]].w,
                         items[order[k]].h);
      cairo_set_source_rgb (cr, (c >> 16 & 0xff) / 255.0, (c >> 8 & 0xff) / 255.0,
                            (c & 0xff) / 255.0);
      cairo_fill (cr);
    }
}

int
main (int   argc,
      char *argv[])
{
  guint n_stacks = argc > 1 ? (guint) atoi (argv[1]) : 200000;
  guint frames = argc > 2 ? (guint) atoi (argv[2]) : 60;
  g_autofree char *text = NULL;
  g_autoptr (GBytes) bytes = NULL;
  g_autoptr (HearthProfile) profile = NULL;
  g_autoptr (HearthCallTree) tree = NULL;
  g_autoptr (HearthNames) names = NULL;
  g_autoptr (HearthFlameRenderer) renderer = NULL;
  g_autoptr (GError) error = NULL;
  HearthCallTreeOptions options = HEARTH_CALL_TREE_OPTIONS_INIT;
  HearthFlameViewport vp = HEARTH_FLAME_VIEWPORT_INIT;
  cairo_surface_t *surface;
  cairo_t *cr;
  const HearthScene *scene;
  guint n_distinct = 0, n_fills = 0, n_texts = 0;
  double t0, c0, *full, *floor_ms, *build, *paint, *paint_no_text, *full_cpu, *floor_cpu;
  g_autofree guint *order = NULL;
  g_autofree guint *start = NULL;

  if (frames < 3)
    frames = 3;

  t0 = now_ms ();
  text = make_stacks (n_stacks, &n_distinct);
  g_print ("stacks: %u distinct, %.1f MB of folded text, generated in %.0f ms\n", n_distinct,
           strlen (text) / 1e6, now_ms () - t0);

  t0 = now_ms ();
  bytes = g_bytes_new_static (text, strlen (text));
  profile = hearth_profile_load_bytes (bytes, "bench.folded", &error);
  if (profile == NULL)
    g_error ("%s", error->message);
  options.cutoff = 0;
  tree = hearth_call_tree_new (profile, &options, &error);
  if (tree == NULL)
    g_error ("%s", error->message);
  names = hearth_names_new (profile, NULL, FALSE);
  for (const char * const *w = hearth_profile_get_warnings (profile); *w != NULL; w++)
    g_print ("warning: %s\n", *w);
  g_print ("tree: %u nodes, %u rows, loaded and laid out in %.0f ms\n",
           hearth_call_tree_get_n_nodes (tree), hearth_call_tree_get_max_depth (tree) + 1,
           now_ms () - t0);

  renderer = hearth_flame_renderer_new ();
  hearth_flame_renderer_set_tree (renderer, tree, names);
  hearth_flame_renderer_set_decorations (renderer, HEARTH_FLAME_DECORATION_BACKGROUND |
                                                   HEARTH_FLAME_DECORATION_AXIS);
  vp.width = WIDTH;

  surface = cairo_image_surface_create (CAIRO_FORMAT_RGB24, WIDTH, HEIGHT);
  cr = cairo_create (surface);

  /* one warm-up frame: the first measures every visible label once */
  t0 = now_ms ();
  hearth_flame_renderer_draw (renderer, cr, &vp);
  g_print ("first frame (labels measured): %.2f ms\n", now_ms () - t0);

  full = g_new (double, frames);
  floor_ms = g_new (double, frames);
  full_cpu = g_new (double, frames);
  floor_cpu = g_new (double, frames);
  build = g_new (double, frames);
  paint = g_new (double, frames);
  paint_no_text = g_new (double, frames);

  /* the same scene without its texts, to tell label cost from the rest */
  scene = hearth_flame_renderer_build_scene (renderer, cr, &vp, FALSE);
  order = g_new (guint, scene->items->len + 1);
  start = g_new (guint, scene->paints->len + 1);

  /* the variants alternate frame by frame, so that load from elsewhere hits them alike */
  for (guint i = 0; i < frames; i++)
    {
      HearthScene bare;

      t0 = now_ms ();
      c0 = cpu_ms ();
      hearth_flame_renderer_draw (renderer, cr, &vp);
      cairo_surface_flush (surface);
      full[i] = now_ms () - t0;
      full_cpu[i] = cpu_ms () - c0;

      t0 = now_ms ();
      scene = hearth_flame_renderer_build_scene (renderer, cr, &vp, FALSE);
      build[i] = now_ms () - t0;

      t0 = now_ms ();
      c0 = cpu_ms ();
      paint_floor (scene, cr, order, start);
      cairo_surface_flush (surface);
      floor_ms[i] = now_ms () - t0;
      floor_cpu[i] = cpu_ms () - c0;

      t0 = now_ms ();
      hearth_scene_paint (scene, cr);
      cairo_surface_flush (surface);
      paint[i] = now_ms () - t0;

      bare = *scene;
      bare.items = g_array_new (FALSE, FALSE, sizeof (HearthSceneItem));
      for (guint k = 0; k < scene->items->len; k++)
        if (g_array_index (scene->items, HearthSceneItem, k).kind != HEARTH_SCENE_TEXT)
          g_array_append_val (bare.items, g_array_index (scene->items, HearthSceneItem, k));
      t0 = now_ms ();
      hearth_scene_paint (&bare, cr);
      cairo_surface_flush (surface);
      paint_no_text[i] = now_ms () - t0;
      g_array_unref (bare.items);
    }

  for (guint i = 0; i < scene->items->len; i++)
    {
      const HearthSceneItem *item = &g_array_index (scene->items, HearthSceneItem, i);

      n_fills += item->kind == HEARTH_SCENE_FILL;
      n_texts += item->kind == HEARTH_SCENE_TEXT;
    }

  {
    double m_full = bench_median (full, frames), m_floor = bench_median (floor_ms, frames);
    double m_build = bench_median (build, frames);

    g_print ("frame %dx%d: %u rectangles, %u labels, %u paints\n", WIDTH, HEIGHT, n_fills,
             n_texts, scene->paints->len);
    g_print ("full frame: median %.2f ms over %u frames, best %.2f ms (layout part %.2f ms)\n",
             m_full, frames, full[0], m_build);
    g_print ("painting alone: median %.2f ms, without the labels %.2f ms\n",
             bench_median (paint, frames), bench_median (paint_no_text, frames));
    g_print ("floor (same rectangles, no labels): median %.2f ms\n", m_floor);
    g_print ("ratio: %.2fx the floor (target <= 3x), %s 8 ms\n", m_full / m_floor,
             m_full < 8 ? "under" : "OVER");
    m_full = bench_median (full_cpu, frames);
    m_floor = bench_median (floor_cpu, frames);
    g_print ("in CPU time of this thread: full frame %.2f ms, floor %.2f ms, %.2fx, %s 8 ms\n",
             m_full, m_floor, m_full / m_floor, m_full < 8 ? "under" : "OVER");
  }

  if (g_getenv ("HEARTH_BENCH_PNG") != NULL)
    {
      hearth_flame_renderer_draw (renderer, cr, &vp);
      cairo_surface_write_to_png (surface, g_getenv ("HEARTH_BENCH_PNG"));
    }

  g_free (full);
  g_free (floor_ms);
  g_free (build);
  g_free (paint);
  g_free (paint_no_text);
  g_free (full_cpu);
  g_free (floor_cpu);
  cairo_destroy (cr);
  cairo_surface_destroy (surface);
  return 0;
}
