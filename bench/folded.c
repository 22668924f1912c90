/* folded.c: how fast and how lean Hearth reads large folded stacks, next to `wc -l`.
 *
 * Copyright 2026 The Hearth authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * Usage: folded [--runs N] [--big-runs N] [--small-mb N] [--big-mb N] [--hearth EXE] [--check]
 *        folded --generate MB OUT
 *
 * Writes (once, into the build folder) two py-spy-like folded files of 100 MB and 1 GB:
 * frames `func (path/file.py:line)`, stacks from random walks of one fixed call graph,
 * about 500,000 stack lines in the 1 GB file, nearly all distinct. Then measures in one
 * run, on warm page cache: `wc -l` on the 1 GB file (the speed of reading it), `hearth
 * --print summary` on both files and `hearth --export x.png` on the 100 MB file, each in a
 * fresh process (wall and CPU time, median of the runs), and the peak memory of one load
 * next to what the loaded profile keeps. Prints the ratios of issue 14's targets; with
 * --check, exits with status 1 when one is missed.
 */

#include "bench-measure.h"
#include "hearth-profile.h"

#include <errno.h>
#include <malloc.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>
#include <sys/stat.h>
#include <sys/types.h>
#include <sys/wait.h>
#include <unistd.h>

#define HEARTH_BENCH_MB 1e6
/* Targets: the 1 GB file within 10x of wc -l, and at most 12x the 100 MB file. */
#define HEARTH_BENCH_WC_TARGET     10.0
#define HEARTH_BENCH_LINEAR_TARGET 12.0
/* Lines carry their own stack, so the per-file-byte share of the peak is what the reader
 * holds beyond the profile: at most half the file. */
#define HEARTH_BENCH_MEMORY_TARGET 0.5

/* ------------------------------------------------------------------------------------------ */
/* The generator: a fixed random program, and stacks that walk down its calls. */

#define GEN_FILES      2500
#define GEN_FUNCTIONS  30000
#define GEN_MAX_CALLEES 8

typedef struct
{
  guint   file;
  guint   name;
  guint   def_line;
  guint   n_callees;
  guint   callees[GEN_MAX_CALLEES];
} GenFunction;

static guint64 gen_state = 0x9E3779B97F4A7C15u;

static guint64
gen_next (void)
{
  /* xorshift64*: deterministic everywhere, unlike rand () */
  gen_state ^= gen_state >> 12;
  gen_state ^= gen_state << 25;
  gen_state ^= gen_state >> 27;
  return gen_state * 0x2545F4914F6CDD1Du;
}

static guint
gen_below (guint n)
{
  return (guint) (gen_next () % n);
}

/* Small indices far more often than large ones, as a program's hot paths are. */
static guint
gen_skewed (guint n)
{
  double u = (double) (gen_next () >> 11) / (double) (1ull << 53);

  return MIN (n - 1, (guint) (n * u * u * u));
}

static const char *const gen_words[] = {
  "load", "parse", "read", "write", "step", "walk", "visit", "build", "render", "emit",
  "fetch", "resolve", "compile", "check", "update", "apply", "merge", "split", "scan", "flush",
  "encode", "decode", "call", "dispatch", "handle", "process", "run", "execute", "wrap",
  "validate", "normalize", "convert", "transform", "collect", "gather", "reduce", "sort",
  "filter", "select", "lookup", "insert", "remove", "get", "set", "find", "match", "format",
  "config", "item", "node", "tree", "token", "request", "response", "record", "row", "batch",
  "frame", "chunk", "buffer", "cache", "state", "event", "task", "job", "worker", "query",
};

static const char *const gen_dirs[] = {
  "/home/dev/project/app", "/home/dev/project/app/core", "/home/dev/project/app/io",
  "/home/dev/project/tests", "/usr/lib/python3.11", "/usr/lib/python3.11/json",
  "/usr/lib/python3.11/asyncio", "/usr/lib/python3/dist-packages/numpy/core",
  "/home/dev/.venv/lib/python3.11/site-packages/requests",
  "/home/dev/.venv/lib/python3.11/site-packages/sqlalchemy/orm",
  "/home/dev/.venv/lib/python3.11/site-packages/pandas/core/internals",
};

#define N_WORDS G_N_ELEMENTS (gen_words)

static char *
gen_identifier (void)
{
  switch (gen_below (4))
    {
    case 0:
      return g_strdup_printf ("%s", gen_words[gen_below (N_WORDS)]);
    case 1:
      return g_strdup_printf ("_%s_%s", gen_words[gen_below (N_WORDS)],
                              gen_words[gen_below (N_WORDS)]);
    default:
      return g_strdup_printf ("%s_%s", gen_words[gen_below (N_WORDS)],
                              gen_words[gen_below (N_WORDS)]);
    }
}

static gboolean
generate (guint64      bytes,
          const char  *out,
          GError     **error)
{
  g_autofree GenFunction *functions = g_new0 (GenFunction, GEN_FUNCTIONS);
  g_autoptr (GPtrArray) files = g_ptr_array_new_with_free_func (g_free);
  g_autoptr (GPtrArray) names = g_ptr_array_new_with_free_func (g_free);
  g_autofree char *tmp = g_strconcat (out, ".part", NULL);
  GString *line = g_string_new (NULL);
  guint64 written = 0, n_lines = 0;
  FILE *f;

  gen_state = 0x9E3779B97F4A7C15u;
  for (guint i = 0; i < GEN_FILES; i++)
    {
      g_autofree char *stem = gen_identifier ();
      const char *dir = gen_dirs[gen_below (G_N_ELEMENTS (gen_dirs))];

      g_ptr_array_add (files, g_strdup_printf ("%s/%s.py", dir, stem));
    }
  for (guint i = 0; i < GEN_FUNCTIONS; i++)
    {
      GenFunction *fn = &functions[i];

      g_ptr_array_add (names, i == 0 ? g_strdup ("<module>") : gen_identifier ());
      fn->name = i;
      fn->file = i == 0 ? 0 : gen_below (GEN_FILES);
      fn->def_line = i == 0 ? 1 : 1 + gen_below (2000);
      /* callees mostly further down the list (a layered program), some anywhere (recursion,
       * shared helpers) */
      fn->n_callees = i + 1 >= GEN_FUNCTIONS ? 0 : 1 + gen_below (GEN_MAX_CALLEES);
      for (guint c = 0; c < fn->n_callees; c++)
        {
          guint near = i + 1 + gen_below (400);

          fn->callees[c] = gen_below (10) == 0 ? gen_below (GEN_FUNCTIONS)
                                               : MIN (GEN_FUNCTIONS - 1, near);
        }
    }

  f = fopen (tmp, "w");
  if (f == NULL)
    goto failed;
  while (written < bytes)
    {
      guint depth = 12 + gen_below (40), fn = 0;

      g_string_truncate (line, 0);
      for (guint d = 0; d < depth; d++)
        {
          const GenFunction *x = &functions[fn];
          guint pick = x->n_callees > 0 ? gen_skewed (x->n_callees) : 0;

          if (d > 0)
            g_string_append_c (line, ';');
          /* py-spy names the line each frame is at: the call of the next frame */
          g_string_append_printf (line, "%s (%s:%u)", (const char *) names->pdata[x->name],
                                  (const char *) files->pdata[x->file],
                                  x->def_line + 1 + (d + 1 < depth ? 3 * pick
                                                                   : gen_below (30)));
          if (x->n_callees == 0)
            break;
          fn = x->callees[pick];
        }
      /* most stacks were seen a few times, some very often */
      g_string_append_printf (line, " %u\n",
                              gen_below (8) == 0 ? 1 + gen_below (5000) : 1 + gen_below (12));
      if (fwrite (line->str, 1, line->len, f) != line->len)
        goto failed_close;
      written += line->len;
      n_lines++;
    }
  if (fclose (f) != 0)
    goto failed;
  g_string_free (line, TRUE);
  if (rename (tmp, out) != 0)
    goto failed;
  g_printerr ("wrote %s: %" G_GUINT64_FORMAT " lines, %.1f MB\n", out, n_lines,
              written / HEARTH_BENCH_MB);
  return TRUE;

failed_close:
  fclose (f);
failed:
  g_set_error (error, G_IO_ERROR, g_io_error_from_errno (errno), "%s: %s", out,
               g_strerror (errno));
  g_string_free (line, TRUE);
  return FALSE;
}

/* The files are costly to write: kept while the generator's version is the same. */
#define GEN_VERSION 1

static char *
bench_file (guint     mb,
            GError  **error)
{
  g_autofree char *name = g_strdup_printf ("big-%umb-v%d.folded", mb, GEN_VERSION);
  char *path = g_build_filename (HEARTH_BENCH_BUILD_DIR, name, NULL);

  if (g_file_test (path, G_FILE_TEST_IS_REGULAR))
    return path;
  g_printerr ("generating %s ...\n", path);
  if (!generate ((guint64) mb * 1000 * 1000, path, error))
    {
      g_free (path);
      return NULL;
    }
  return path;
}

/* ------------------------------------------------------------------------------------------ */
/* Measuring */

/* Runs @argv once with its output thrown away: wall seconds, CPU seconds (user + system,
 * all threads) and peak RSS in bytes. */
static gboolean
run_once (const char * const  *argv,
          double              *seconds,
          double              *cpu,
          double              *peak,
          GError             **error)
{
  struct rusage usage;
  gint64 start;
  int status;
  pid_t pid;

  fflush (NULL);
  start = g_get_monotonic_time ();
  pid = fork ();
  if (pid < 0)
    goto failed;
  if (pid == 0)
    {
      if (freopen ("/dev/null", "w", stdout) == NULL)
        _exit (127);
      execvp (argv[0], (char **) argv);
      _exit (127);
    }
  while (wait4 (pid, &status, 0, &usage) < 0)
    if (errno != EINTR)
      goto failed;
  *seconds = (g_get_monotonic_time () - start) / (double) G_USEC_PER_SEC;
  *peak = (double) usage.ru_maxrss * 1024;
  *cpu = usage.ru_utime.tv_sec + usage.ru_utime.tv_usec / 1e6 +
         usage.ru_stime.tv_sec + usage.ru_stime.tv_usec / 1e6;
  if (!WIFEXITED (status) || WEXITSTATUS (status) != 0)
    {
      g_set_error (error, G_IO_ERROR, G_IO_ERROR_FAILED, "%s %s %d", argv[0],
                   WIFEXITED (status) ? "exited with status" : "was killed by signal",
                   WIFEXITED (status) ? WEXITSTATUS (status) : WTERMSIG (status));
      return FALSE;
    }
  return TRUE;

failed:
  g_set_error (error, G_IO_ERROR, g_io_error_from_errno (errno), "%s", g_strerror (errno));
  return FALSE;
}

/* The median wall and CPU times of @runs runs. */
static gboolean
run_median (const char * const  *argv,
            guint                runs,
            double              *seconds,
            double              *cpu,
            GError             **error)
{
  g_autofree double *times = g_new (double, runs);
  g_autofree double *cpus = g_new (double, runs);

  for (guint i = 0; i < runs; i++)
    {
      double peak;

      if (!run_once (argv, &times[i], &cpus[i], &peak, error))
        return FALSE;
    }
  *seconds = bench_median (times, runs);
  *cpu = bench_median (cpus, runs);
  return TRUE;
}

/* The child half of the memory measurement: resident size before the load, at its peak,
 * and what the loaded profile keeps (heap given back first), in kB. */
static int
measure_once (const char *path)
{
  g_autoptr (GError) error = NULL;
  g_autoptr (HearthProfile) profile = NULL;
  long before;

  g_type_ensure (HEARTH_TYPE_PROFILE);
  before = bench_status_kb ("VmRSS:");
  profile = hearth_profile_load_path (path, &error);
  if (profile == NULL)
    {
      g_printerr ("%s\n", error->message);
      return 1;
    }
  malloc_trim (0);
  printf ("%ld %ld %ld %u\n", before, bench_status_kb ("VmHWM:"), bench_status_kb ("VmRSS:"),
          hearth_profile_get_n_stacks (profile));
  return 0;
}

static gboolean
measure_memory (const char  *self,
                const char  *path,
                double      *peak,
                double      *kept,
                guint       *n_stacks,
                GError     **error)
{
  const char *argv[] = { self, "--measure-once", path, NULL };
  g_autofree char *out = NULL;
  long before, hwm, rss;
  int status;

  if (!g_spawn_sync (NULL, (char **) argv, NULL, G_SPAWN_DEFAULT, NULL, NULL, &out, NULL,
                     &status, error) ||
      !g_spawn_check_wait_status (status, error))
    return FALSE;
  if (sscanf (out, "%ld %ld %ld %u", &before, &hwm, &rss, n_stacks) != 4)
    {
      g_set_error (error, G_IO_ERROR, G_IO_ERROR_INVALID_DATA, "unexpected output: %s", out);
      return FALSE;
    }
  *peak = (double) (hwm - before) * 1024;
  *kept = (double) (rss - before) * 1024;
  return TRUE;
}

static double
file_size (const char *path)
{
  struct stat st;

  return stat (path, &st) == 0 ? (double) st.st_size : 0;
}

static gboolean
parse_count (const char *text,
             guint      *value)
{
  guint64 v;

  if (!g_ascii_string_to_unsigned (text, 10, 1, 100000, &v, NULL))
    return FALSE;
  *value = (guint) v;
  return TRUE;
}

static void
usage_and_exit (void)
{
  g_printerr ("usage: folded [--runs N] [--big-runs N] [--small-mb N] [--big-mb N] "
              "[--hearth EXE] [--check]\n"
              "       folded --generate MB OUT\n");
  exit (2);
}

static char *
self_path (const char *argv0)
{
  char *link = g_file_read_link ("/proc/self/exe", NULL);

  return link != NULL ? link : g_strdup (argv0);
}

int
main (int   argc,
      char *argv[])
{
  g_autoptr (GError) error = NULL;
  g_autofree char *small = NULL;
  g_autofree char *big = NULL;
  g_autofree char *png = NULL;
  g_autofree char *self = self_path (argv[0]);
  guint runs = 3, big_runs = 3, small_mb = 100, big_mb = 1000, n_stacks = 0;
  const char *hearth = HEARTH_BENCH_HEARTH;
  gboolean check = FALSE, ok;
  double wc_s, small_s, big_s, export_s, wc_cpu, small_cpu, big_cpu, export_cpu;
  double peak, kept, unused, size;

  if (argc == 3 && strcmp (argv[1], "--measure-once") == 0)
    return measure_once (argv[2]);
  if (argc == 4 && strcmp (argv[1], "--generate") == 0)
    {
      guint mb;

      if (!parse_count (argv[2], &mb))
        usage_and_exit ();
      if (!generate ((guint64) mb * 1000 * 1000, argv[3], &error))
        goto failed;
      return 0;
    }
  for (int i = 1; i < argc; i++)
    {
      guint *target = NULL;

      if (strcmp (argv[i], "--check") == 0)
        {
          check = TRUE;
          continue;
        }
      if (strcmp (argv[i], "--hearth") == 0 && i + 1 < argc)
        {
          hearth = argv[++i];
          continue;
        }
      if (strcmp (argv[i], "--runs") == 0)
        target = &runs;
      else if (strcmp (argv[i], "--big-runs") == 0)
        target = &big_runs;
      else if (strcmp (argv[i], "--small-mb") == 0)
        target = &small_mb;
      else if (strcmp (argv[i], "--big-mb") == 0)
        target = &big_mb;
      if (target == NULL || i + 1 >= argc || !parse_count (argv[++i], target))
        usage_and_exit ();
    }

  if ((small = bench_file (small_mb, &error)) == NULL ||
      (big = bench_file (big_mb, &error)) == NULL)
    goto failed;
  png = g_build_filename (HEARTH_BENCH_BUILD_DIR, "folded-export.png", NULL);

  {
    const char *wc[] = { "wc", "-l", big, NULL };
    const char *sum_small[] = { hearth, "--print", "summary", small, NULL };
    const char *sum_big[] = { hearth, "--print", "summary", big, NULL };
    const char *export[] = { hearth, "--export", png, small, NULL };

    /* a first read brings the files into the page cache */
    if (!run_once (wc, &wc_s, &wc_cpu, &unused, &error) ||
        !run_median (wc, runs, &wc_s, &wc_cpu, &error) ||
        !run_median (sum_small, runs, &small_s, &small_cpu, &error) ||
        !run_median (sum_big, big_runs, &big_s, &big_cpu, &error) ||
        !run_median (export, runs, &export_s, &export_cpu, &error) ||
        !measure_memory (self, big, &peak, &kept, &n_stacks, &error))
      goto failed;
  }

  size = file_size (big);
  printf ("wc -l, %.0f MB: %.3f s, cpu %.3f s (median of %u)\n", size / HEARTH_BENCH_MB, wc_s,
          wc_cpu, runs);
  printf ("summary, %.0f MB: %.3f s, cpu %.3f s (median of %u)\n",
          file_size (small) / HEARTH_BENCH_MB, small_s, small_cpu, runs);
  printf ("summary, %.0f MB: %.3f s, cpu %.3f s (median of %u), %u stack lines\n",
          size / HEARTH_BENCH_MB, big_s, big_cpu, big_runs, n_stacks);
  printf ("export png, %.0f MB: %.3f s, cpu %.3f s (median of %u)\n",
          file_size (small) / HEARTH_BENCH_MB, export_s, export_cpu, runs);
  printf ("ratio big / wc -l: %.1fx (target %.0fx)\n", big_s / MAX (wc_s, 1e-9),
          HEARTH_BENCH_WC_TARGET);
  printf ("ratio big / small: %.1fx, cpu %.1fx (target %.0fx)\n", big_s / MAX (small_s, 1e-9),
          big_cpu / MAX (small_cpu, 1e-9), HEARTH_BENCH_LINEAR_TARGET);
  printf ("ratio export / load, small: %.2fx\n", export_s / MAX (small_s, 1e-9));
  printf ("memory, big: peak %.1f MB, profile kept %.1f MB, peak beyond the profile %.1f MB "
          "(%.2fx file, target %.2fx)\n", peak / HEARTH_BENCH_MB, kept / HEARTH_BENCH_MB,
          (peak - kept) / HEARTH_BENCH_MB, (peak - kept) / MAX (size, 1),
          HEARTH_BENCH_MEMORY_TARGET);

  ok = big_s <= HEARTH_BENCH_WC_TARGET * wc_s &&
       big_s <= HEARTH_BENCH_LINEAR_TARGET * small_s &&
       peak - kept <= HEARTH_BENCH_MEMORY_TARGET * size;
  return (check && !ok) ? 1 : 0;

failed:
  g_printerr ("folded: %s\n", error->message);
  return 1;
}
