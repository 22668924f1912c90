/* export.c: what a PNG and an SVG export of a big loaded folded profile cost, next to the load.
 *
 * Copyright 2026 The Hearth authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * Generates py-spy-like folded stacks (`func (pkg/file.py:line)` frames, deep chains, many
 * distinct stacks, about MB megabytes), writes them to a file and, in one run, times the
 * load (hearth_profile_load_path()), the call-tree layout with the command line's defaults,
 * the names, the two side by side as `hearth --export` makes them (the names on a thread of
 * their own), and the PNG and SVG renderings (into memory), each on its own. Prints each,
 * and what `--export` pays after the load (layout and names side by side, then rendering),
 * as a ratio of the load. Target: the latter at most 0.5x, in wall-clock time (exit status
 * 1 when missed).
 *
 * Usage: bench-export [--mb MB] [--runs N] [--keep FILE] [FILE]
 *
 * With FILE, measures that file instead of a generated one.
 */

#include "bench-measure.h"
#include "hearth-export.h"

#include <glib/gstdio.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#define HEARTH_BENCH_EXPORT_TARGET 0.5

static double
now_s (void)
{
  return g_get_monotonic_time () / 1e6;
}

/* The generator: a fixed random program of functions in files, each calling a few others,
 * and stacks that walk down its calls from one of a few entry points. */

#define GEN_FUNCTIONS 30000
#define GEN_CALLEES   6

static const char *const gen_dirs[] = {
  "/srv/shop/app", "/srv/shop/app/orders", "/srv/shop/app/db", "/srv/shop/tests",
  "/usr/lib/python3.11", "/usr/lib/python3.11/email", "/usr/lib/python3.11/concurrent/futures",
  "/srv/shop/.venv/lib/python3.11/site-packages/django/db/models",
  "/srv/shop/.venv/lib/python3.11/site-packages/celery/worker",
  "/srv/shop/.venv/lib/python3.11/site-packages/urllib3",
};

static const char *const gen_verbs[] = {
  "get", "put", "load", "save", "parse", "emit", "check", "apply", "merge", "scan", "send",
  "recv", "open", "close", "sort", "find", "hash", "copy", "wait", "poll", "make", "drop",
};

static const char *const gen_nouns[] = {
  "order", "item", "cart", "user", "row", "query", "batch", "token", "frame", "page", "price",
  "stock", "event", "task", "result", "header", "body", "cache", "lock", "queue",
};

typedef struct
{
  char  *frame;
  guint  callees[GEN_CALLEES];
} GenFunction;

/* Lower indices far more often: a program's hot paths. */
static guint
gen_skewed (GRand *rand,
            guint  n)
{
  double u = g_rand_double (rand);

  return MIN (n - 1, (guint) (n * u * u));
}

static GenFunction *
gen_program (GRand *rand)
{
  GenFunction *program = g_new0 (GenFunction, GEN_FUNCTIONS);

  for (guint i = 0; i < GEN_FUNCTIONS; i++)
    {
      const char *dir = gen_dirs[g_rand_int_range (rand, 0, G_N_ELEMENTS (gen_dirs))];
      guint file = (guint) g_rand_int_range (rand, 0, 3000);

      program[i].frame = g_strdup_printf ("%s_%s%s (%s/%s_%u.py:%d)",
                                          gen_verbs[i % G_N_ELEMENTS (gen_verbs)],
                                          gen_nouns[(i / 7) % G_N_ELEMENTS (gen_nouns)],
                                          i % 5 == 0 ? "" : "_inner", dir,
                                          gen_nouns[file % G_N_ELEMENTS (gen_nouns)], file,
                                          g_rand_int_range (rand, 1, 2400));
      /* callees further down the program, so walks are acyclic but for rare recursion */
      for (guint c = 0; c < GEN_CALLEES; c++)
        program[i].callees[c] = MIN (GEN_FUNCTIONS - 1,
                                     i + 1 + gen_skewed (rand, GEN_FUNCTIONS / 8));
    }
  return program;
}

/* Stacks 10 to 50 frames deep down the program's calls, nearly every line distinct. */
static GString *
make_folded (double mb)
{
  g_autoptr (GRand) rand = g_rand_new_with_seed (20261201);
  GenFunction *program = gen_program (rand);
  GString *out = g_string_sized_new ((gsize) (mb * 1e6) + 4096);

  while (out->len < mb * 1e6)
    {
      guint f = gen_skewed (rand, 16), depth = (guint) g_rand_int_range (rand, 10, 51);

      g_string_append (out, "<module> (/srv/shop/manage.py:1)");
      for (guint d = 0; d < depth && f < GEN_FUNCTIONS - 1; d++)
        {
          g_string_append_c (out, ';');
          g_string_append (out, program[f].frame);
          f = program[f].callees[gen_skewed (rand, GEN_CALLEES)];
        }
      g_string_append_printf (out, " %u\n", 1 + gen_skewed (rand, 400));
    }
  for (guint i = 0; i < GEN_FUNCTIONS; i++)
    g_free (program[i].frame);
  g_free (program);
  return out;
}

/* A phase's cost: wall time, and the CPU time of the process (all threads), which a busy
 * machine disturbs much less. */
typedef struct
{
  double wall, cpu;
} Cost;

#define N_PHASES 6
enum { LOAD, LAYOUT, NAMES, BESIDE, PNG, SVG };
static const char *const phase_names[N_PHASES] = {
  "load", "layout", "names", "both", "png", "svg"
};

static double
cpu_s (void)
{
  struct timespec ts;

  clock_gettime (CLOCK_PROCESS_CPUTIME_ID, &ts);
  return ts.tv_sec + ts.tv_nsec / 1e9;
}

static void
start_phase (Cost *c)
{
  c->wall = -now_s ();
  c->cpu = -cpu_s ();
}

static void
end_phase (Cost *c)
{
  c->wall += now_s ();
  c->cpu += cpu_s ();
}

static GBytes *
render (HearthCallTree     *tree,
        HearthNames        *names,
        HearthExportFormat  format)
{
  HearthExportOptions options = HEARTH_EXPORT_OPTIONS_INIT;
  HearthFlameViewport viewport = HEARTH_FLAME_VIEWPORT_INIT;
  g_autoptr (HearthFlameRenderer) renderer = NULL;
  g_autoptr (GError) error = NULL;
  GBytes *bytes;

  renderer = hearth_export_make_renderer (tree, names, NULL, NULL, &options);
  viewport.width = 1200;  /* the command line's default width */
  bytes = hearth_export_render (renderer, &viewport, format, &error);
  if (bytes == NULL)
    g_error ("export: %s", error->message);
  return bytes;
}

/* One run as `hearth --export` does it, with the command line's defaults. */
static void
run_once (const char *path,
          Cost       *cost,
          guint      *n_nodes,
          gsize      *sizes)
{
  HearthCallTreeOptions options = HEARTH_CALL_TREE_OPTIONS_INIT;
  g_autoptr (HearthProfile) profile = NULL;
  g_autoptr (HearthCallTree) tree = NULL;
  g_autoptr (HearthNames) names = NULL;
  g_autoptr (GBytes) png = NULL;
  g_autoptr (GBytes) svg = NULL;
  g_autoptr (GError) error = NULL;

  start_phase (&cost[LOAD]);
  profile = hearth_profile_load_path (path, &error);
  if (profile == NULL)
    g_error ("%s: %s", path, error->message);
  end_phase (&cost[LOAD]);

  start_phase (&cost[LAYOUT]);
  tree = hearth_call_tree_new (profile, &options, &error);
  if (tree == NULL)
    g_error ("%s", error->message);
  end_phase (&cost[LAYOUT]);
  *n_nodes = hearth_call_tree_get_n_nodes (tree);

  start_phase (&cost[NAMES]);
  names = hearth_names_new (profile, NULL, TRUE);
  end_phase (&cost[NAMES]);

  /* as --export makes them: the names on a thread of their own beside the layout */
  g_clear_object (&tree);
  g_clear_object (&names);
  start_phase (&cost[BESIDE]);
  {
    HearthNamesJob *job = hearth_names_job_start (profile, NULL, TRUE);

    tree = hearth_call_tree_new (profile, &options, &error);
    names = hearth_names_job_finish (job);
  }
  if (tree == NULL)
    g_error ("%s", error->message);
  end_phase (&cost[BESIDE]);

  start_phase (&cost[PNG]);
  png = render (tree, names, HEARTH_EXPORT_PNG);
  end_phase (&cost[PNG]);
  sizes[0] = g_bytes_get_size (png);

  start_phase (&cost[SVG]);
  svg = render (tree, names, HEARTH_EXPORT_SVG);
  end_phase (&cost[SVG]);
  sizes[1] = g_bytes_get_size (svg);
}

static char *
write_generated (double  mb,
                 char   *keep)
{
  g_autoptr (GError) error = NULL;
  char *path = NULL;
  double t0 = now_s ();
  GString *text = make_folded (mb);

  if (keep != NULL)
    path = g_strdup (keep);
  else
    {
      int fd = g_file_open_tmp ("hearth-bench-export-XXXXXX.folded", &path, &error);

      if (fd < 0)
        g_error ("%s", error->message);
      close (fd);
    }
  if (!g_file_set_contents (path, text->str, (gssize) text->len, &error))
    g_error ("%s", error->message);
  g_print ("file: %.1f MB of folded stacks, generated in %.2f s\n", text->len / 1e6,
           now_s () - t0);
  g_string_free (text, TRUE);
  return path;
}

int
main (int   argc,
      char *argv[])
{
  double mb = 100;
  int runs = 3;
  g_autofree char *keep = NULL;
  g_autofree char *path = NULL;
  g_autoptr (GError) error = NULL;
  GOptionEntry entries[] = {
    { "mb", 0, 0, G_OPTION_ARG_DOUBLE, &mb, "Size of the generated folded file", "MB" },
    { "runs", 0, 0, G_OPTION_ARG_INT, &runs, "Runs, of which the medians are printed", "N" },
    { "keep", 0, 0, G_OPTION_ARG_FILENAME, &keep, "Write the generated file here and keep it",
      "FILE" },
    { NULL }
  };
  g_autoptr (GOptionContext) context = g_option_context_new ("[FILE]");
  double *samples[N_PHASES][2], m[N_PHASES][2], after[2][2];
  gsize sizes[2] = { 0 };
  guint n_nodes = 0;

  g_option_context_add_main_entries (context, entries, NULL);
  if (!g_option_context_parse (context, &argc, &argv, &error))
    g_error ("%s", error->message);
  runs = MAX (runs, 1);

  path = argc > 1 ? g_strdup (argv[1]) : write_generated (mb, keep);
  for (guint p = 0; p < N_PHASES; p++)
    for (guint k = 0; k < 2; k++)
      samples[p][k] = g_new (double, runs);
  for (int i = 0; i < runs; i++)
    {
      Cost cost[N_PHASES];

      run_once (path, cost, &n_nodes, sizes);
      for (guint p = 0; p < N_PHASES; p++)
        {
          samples[p][0][i] = cost[p].wall;
          samples[p][1][i] = cost[p].cpu;
        }
    }
  if (argc <= 1 && keep == NULL)
    g_unlink (path);

  for (guint p = 0; p < N_PHASES; p++)
    for (guint k = 0; k < 2; k++)
      {
        m[p][k] = bench_median (samples[p][k], (guint) runs);
        g_free (samples[p][k]);
      }
  for (guint k = 0; k < 2; k++)
    {
      after[0][k] = m[BESIDE][k] + m[PNG][k];
      after[1][k] = m[BESIDE][k] + m[SVG][k];
    }

  g_print ("medians of %d runs, %u bars, png %.2f MB, svg %.2f MB\n", runs, n_nodes,
           sizes[0] / 1e6, sizes[1] / 1e6);
  for (guint p = 0; p < N_PHASES; p++)
    g_print ("%-7s %.3f s, cpu %.3f s (%.2fx the load, cpu %.2fx)\n", phase_names[p], m[p][0],
             m[p][1], m[p][0] / m[LOAD][0], m[p][1] / m[LOAD][1]);
  for (guint f = 0; f < 2; f++)
    g_print ("export %s after the load (layout and names side by side, drawing): %.3f s, "
             "cpu %.3f s: %.2fx the load, cpu %.2fx (target <= %.1fx)\n",
             f == 0 ? "png" : "svg", after[f][0], after[f][1], after[f][0] / m[LOAD][0],
             after[f][1] / m[LOAD][1], HEARTH_BENCH_EXPORT_TARGET);

  /* both use a second core: the wall-clock times are what a user waits */
  return after[0][0] <= HEARTH_BENCH_EXPORT_TARGET * m[LOAD][0] &&
         after[1][0] <= HEARTH_BENCH_EXPORT_TARGET * m[LOAD][0] ? 0 : 1;
}
