/* speedscope.c: how fast and how lean Hearth loads a long py-spy recording, next to reading
 * the file.
 *
 * Copyright 2026 The Hearth authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * Usage: bench-speedscope [--samples N] [--runs N] [--whole-document] [--check] [FILE]
 *
 * Without FILE, writes a sampled speedscope file shaped like py-spy's (--samples samples,
 * 10 M by default: about 1 GB) into the build folder, once. Then prints, one line each: the
 * time of `cat FILE > /dev/null` and of `wc -l FILE` (the baseline: reading the bytes), the
 * median time of hearth_profile_load_path () and its ratio to the baseline, and the peak
 * memory of one load against the file size. With --whole-document, json-glib reads the whole
 * document, big arrays too (what the reader did before it read them from the text); with
 * --check, exits with status 1 when the load takes 15 s or more, or 2x the file or more.
 */

#include "hearth-profile.h"
#include "hearth-speedscope-reader.h"
#include "bench-measure.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>
#include <sys/stat.h>

#define BENCH_MB 1e6
#define BENCH_TIME_TARGET 15.0
#define BENCH_MEMORY_TARGET 2.0
#define BENCH_N_FRAMES 3000
#define BENCH_N_STACKS 50000
#define BENCH_BASE_DEPTH 6
#define BENCH_MAX_DEPTH 40

typedef struct
{
  guint64 state;
} Random;

static guint32
random_next (Random *r)
{
  /* xorshift64*: the same file on every machine */
  r->state ^= r->state >> 12;
  r->state ^= r->state << 25;
  r->state ^= r->state >> 27;
  return (guint32) ((r->state * G_GUINT64_CONSTANT (2685821657736338717)) >> 32);
}

/* The program's stacks: each a few frames popped from an earlier one and a few pushed, under
 * a common base (interpreter start, the script, its main loop), as a sampler sees them. */
static GPtrArray *
make_stacks (Random *r)
{
  GPtrArray *stacks = g_ptr_array_new_with_free_func ((GDestroyNotify) g_array_unref);
  GArray *base = g_array_new (FALSE, FALSE, sizeof (guint));

  for (guint i = 0; i < BENCH_BASE_DEPTH; i++)
    g_array_append_val (base, i);
  g_ptr_array_add (stacks, base);
  for (guint i = 1; i < BENCH_N_STACKS; i++)
    {
      GArray *from = g_ptr_array_index (stacks, i - 1 - random_next (r) % MIN (i, 64));
      GArray *stack = g_array_copy (from);
      guint pop = random_next (r) % 5, push = 1 + random_next (r) % 3;

      g_array_set_size (stack, MAX (stack->len - MIN (pop, stack->len), BENCH_BASE_DEPTH));
      for (guint k = 0; k < push && stack->len < BENCH_MAX_DEPTH; k++)
        {
          guint frame = BENCH_BASE_DEPTH + random_next (r) % (BENCH_N_FRAMES - BENCH_BASE_DEPTH);

          g_array_append_val (stack, frame);
        }
      g_ptr_array_add (stacks, stack);
    }
  return stacks;
}

static void
write_samples (FILE      *out,
               GPtrArray *stacks,
               Random    *r,
               guint64    n)
{
  guint current = 0;

  fputs ("\"samples\":[", out);
  for (guint64 s = 0; s < n; s++)
    {
      GArray *stack;

      /* a sample often repeats the one before; hot stacks come up more often */
      if (random_next (r) % 10 >= 6)
        {
          guint64 x = random_next (r) % BENCH_N_STACKS;

          current = (guint) (x * x / BENCH_N_STACKS);
        }
      stack = g_ptr_array_index (stacks, current);
      fputs (s ? ",[" : "[", out);
      for (guint k = 0; k < stack->len; k++)
        fprintf (out, k ? ",%u" : "%u", g_array_index (stack, guint, k));
      fputc (']', out);
    }
  fputs ("],\"weights\":[", out);
  for (guint64 s = 0; s < n; s++)
    fputs (s ? ",0.01" : "0.01", out);
  fputc (']', out);
}

/* py-spy's layout (serde's member order): two threads, most samples on the main one. */
static gboolean
write_file (const char  *path,
            guint64      n_samples,
            GError     **error)
{
  g_autofree char *tmp = g_strconcat (path, ".part", NULL);
  g_autoptr (GPtrArray) stacks = NULL;
  Random r = { G_GUINT64_CONSTANT (0x9E3779B97F4A7C15) };
  guint64 main_samples = n_samples * 4 / 5;
  FILE *out = fopen (tmp, "w");

  if (out == NULL)
    {
      g_set_error (error, G_IO_ERROR, g_io_error_from_errno (errno), "%s: %s", tmp,
                   g_strerror (errno));
      return FALSE;
    }
  stacks = make_stacks (&r);
  fputs ("{\"$schema\":\"https://www.speedscope.app/file-format-schema.json\",\"profiles\":[",
         out);
  for (guint t = 0; t < 2; t++)
    {
      guint64 n = t == 0 ? main_samples : n_samples - main_samples;

      fprintf (out, "%s{\"type\":\"sampled\",\"name\":\"Thread %u \\\"%s\\\"\",\"unit\":"
               "\"seconds\",\"startValue\":0.0,\"endValue\":%.2f,", t ? "," : "", 4242 + t,
               t == 0 ? "MainThread" : "worker", n * 0.01);
      write_samples (out, stacks, &r, n);
      fputc ('}', out);
    }
  fputs ("],\"shared\":{\"frames\":[", out);
  for (guint i = 0; i < BENCH_N_FRAMES; i++)
    fprintf (out, "%s{\"name\":\"%s_%u\",\"file\":\"/usr/lib/python3/dist-packages/pkg%u/"
             "module%u.py\",\"line\":%u,\"col\":null}", i ? "," : "",
             i % 7 == 0 ? "<module>" : "handle", i, i % 40, i % 300, 1 + (i * 37) % 900);
  fputs ("]},\"activeProfileIndex\":null,\"exporter\":\"py-spy@0.3.14\","
         "\"name\":\"py-spy profile\"}\n", out);
  if (fclose (out) != 0 || rename (tmp, path) != 0)
    {
      g_set_error (error, G_IO_ERROR, g_io_error_from_errno (errno), "%s: %s", path,
                   g_strerror (errno));
      return FALSE;
    }
  return TRUE;
}

/* The time of `PROGRAM FILE >/dev/null`. */
static gboolean
time_command (const char  *program,
              const char  *path,
              double      *seconds,
              GError     **error)
{
  g_autofree char *quoted = g_shell_quote (path);
  g_autofree char *line = g_strconcat (program, " ", quoted, " >/dev/null", NULL);
  const char *argv[] = { "/bin/sh", "-c", line, NULL };
  gint64 start = g_get_monotonic_time ();
  int status;

  if (!g_spawn_sync (NULL, (char **) argv, NULL, G_SPAWN_DEFAULT, NULL, NULL, NULL, NULL,
                     &status, error) ||
      !g_spawn_check_wait_status (status, error))
    return FALSE;
  *seconds = (g_get_monotonic_time () - start) / (double) G_USEC_PER_SEC;
  return TRUE;
}

static HearthProfile *
load (const char  *path,
      gboolean     whole,
      GError     **error)
{
  g_autofree char *contents = NULL;
  gsize len;

  if (!whole)
    return hearth_profile_load_path (path, error);
  /* as the loader did: the whole file in memory, then the reader */
  if (!g_file_get_contents (path, &contents, &len, error))
    return NULL;
  return _hearth_speedscope_read_document ((const guint8 *) contents, len, error);
}

/* The peak resident memory of one load above what the process held before it. Writing 5
 * to clear_refs resets the peak (Linux 4.0 and later). */
static gboolean
measure_peak (const char  *path,
              gboolean     whole,
              double      *peak,
              GError     **error)
{
  HearthProfile *profile;
  double before;
  guint n_nodes;
  FILE *clear;

  if ((clear = fopen ("/proc/self/clear_refs", "w")) != NULL)
    {
      fputs ("5", clear);
      fclose (clear);
    }
  before = bench_status_kb ("VmRSS:") * 1024.0;
  profile = load (path, whole, error);
  if (profile == NULL)
    return FALSE;
  *peak = bench_status_kb ("VmHWM:") * 1024.0 - before;
  hearth_profile_get_stack_nodes (profile, &n_nodes);
  g_printerr ("%u functions, %u stacks, %u stack nodes\n",
              hearth_profile_get_n_functions (profile), hearth_profile_get_n_stacks (profile),
              n_nodes);
  g_object_unref (profile);
  return TRUE;
}

static void
usage_and_exit (void)
{
  g_printerr ("usage: bench-speedscope [--samples N] [--runs N] [--whole-document] [--check] "
              "[FILE]\n");
  exit (2);
}

int
main (int   argc,
      char *argv[])
{
  g_autoptr (GError) error = NULL;
  g_autofree char *path = NULL;
  g_autofree double *times = NULL;
  g_autofree double *cpu_times = NULL;
  guint64 n_samples = 10000000, runs = 3;
  gboolean whole = FALSE, check = FALSE;
  double cat_s, wc_s, load_s, peak;
  struct stat st;

  for (int i = 1; i < argc; i++)
    {
      if (strcmp (argv[i], "--samples") == 0 && i + 1 < argc)
        {
          if (!g_ascii_string_to_unsigned (argv[++i], 10, 1, G_MAXUINT32, &n_samples, NULL))
            usage_and_exit ();
        }
      else if (strcmp (argv[i], "--runs") == 0 && i + 1 < argc)
        {
          if (!g_ascii_string_to_unsigned (argv[++i], 10, 1, 100, &runs, NULL))
            usage_and_exit ();
        }
      else if (strcmp (argv[i], "--whole-document") == 0)
        whole = TRUE;
      else if (strcmp (argv[i], "--check") == 0)
        check = TRUE;
      else if (argv[i][0] == '-' || path != NULL)
        usage_and_exit ();
      else
        path = g_strdup (argv[i]);
    }

  if (path == NULL)
    {
      path = g_strdup_printf ("%s/big-%" G_GUINT64_FORMAT ".speedscope.json",
                              HEARTH_BENCH_BUILD_DIR, n_samples);
      if (!g_file_test (path, G_FILE_TEST_EXISTS))
        {
          g_printerr ("generating %s ...\n", path);
          if (!write_file (path, n_samples, &error))
            goto failed;
        }
    }
  if (stat (path, &st) != 0)
    {
      g_set_error (&error, G_IO_ERROR, g_io_error_from_errno (errno), "%s: %s", path,
                   g_strerror (errno));
      goto failed;
    }

  /* the first read brings the file into the page cache for all that follow */
  if (!time_command ("cat", path, &cat_s, &error) ||
      !time_command ("cat", path, &cat_s, &error) ||
      !time_command ("wc -l", path, &wc_s, &error))
    goto failed;
  printf ("file: %.1f MB\n", st.st_size / BENCH_MB);
  printf ("cat > /dev/null: %.3f s, wc -l: %.3f s\n", cat_s, wc_s);
  fflush (stdout);

  if (!measure_peak (path, whole, &peak, &error))
    goto failed;
  times = g_new (double, runs);
  cpu_times = g_new (double, runs);
  for (guint i = 0; i < runs; i++)
    {
      gint64 start = g_get_monotonic_time ();
      double cpu_start = bench_cpu_seconds ();
      HearthProfile *profile = load (path, whole, &error);

      if (profile == NULL)
        goto failed;
      g_object_unref (profile);
      times[i] = (g_get_monotonic_time () - start) / (double) G_USEC_PER_SEC;
      cpu_times[i] = bench_cpu_seconds () - cpu_start;
    }
  load_s = bench_median (times, runs);
  printf ("hearth load%s: %.3f s (median of %u), cpu %.3f s: %.1fx cat, %.1fx wc -l\n",
          whole ? " (json-glib, whole document)" : "", load_s, (guint) runs,
          bench_median (cpu_times, runs), load_s / MAX (cat_s, 1e-9), load_s / MAX (wc_s, 1e-9));
  printf ("peak memory: %.1f MB (%.2fx file)\n", peak / BENCH_MB, peak / MAX (st.st_size, 1));

  return (check && (load_s >= BENCH_TIME_TARGET ||
                    peak >= BENCH_MEMORY_TARGET * st.st_size)) ? 1 : 0;

failed:
  g_printerr ("bench-speedscope: %s\n", error->message);
  return 1;
}
