/* load.c: how fast and how lean Hearth loads a large cProfile file, next to pstats.
 *
 * Copyright 2026 The Hearth authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * Usage: load [--runs N] [--pstats-runs N] [--check] [FILE]
 *
 * Without FILE, two 200,000-function, 1,000,000-edge profiles are generated once into the
 * build folder (and again when their generator is newer): by gen_big_prof.py, which builds
 * the pstats dict itself, and by gen_real_prof.py, which profiles generated code with
 * cProfile; each is measured in turn.
 * Prints, one line each: Hearth's median load time, that of a walk of the marshal stream
 * that builds nothing (the floor for any reader: the file read, every value visited) and
 * their ratio, pstats' median in-process load time and its ratio to Hearth's, and the file
 * size with the peak memory of one load in a fresh process. The load's runs and the walk's
 * take turns. The times are wall-clock times; each line also gives the CPU time (user +
 * system, all threads) of the same runs.
 * With --check, exits with status 1 when a target is missed (Hearth at least 30x faster
 * than pstats and at most 2x the walk, in wall-clock time, since the load uses a second
 * core; peak memory at most 3x the file size plus HEARTH_BENCH_SLACK_MB).
 */

#include "hearth-profile.h"
#include "bench-measure.h"
#include "walk.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>
#include <sys/stat.h>
#include <sys/time.h>
#include <sys/types.h>
#include <sys/wait.h>
#include <unistd.h>

#define HEARTH_BENCH_SPEED_TARGET 30.0
#define HEARTH_BENCH_WALK_TARGET 2.0
#define HEARTH_BENCH_MEMORY_TARGET 3.0
#define HEARTH_BENCH_SLACK_MB 16.0
#define HEARTH_BENCH_MB 1e6

/* Times the pstats.Stats call only, so interpreter start-up is not counted: wall, then CPU. */
static const char hearth_bench_pstats_snippet[] =
  "import sys, time, pstats\n"
  "t = time.perf_counter()\n"
  "c = time.process_time()\n"
  "pstats.Stats(sys.argv[1])\n"
  "print(repr(time.perf_counter() - t), repr(time.process_time() - c))\n";

static gint64
file_mtime (const char *path)
{
  struct stat st;

  return stat (path, &st) == 0 ? (gint64) st.st_mtime : -1;
}

/* The default file is costly to make (tens of seconds): keep it while it is current. */
static char *
default_profile (const char  *generator,
                 const char  *out,
                 GError     **error)
{
  const char *argv[] = { "python3", generator, out, NULL };
  int status;

  if (file_mtime (out) >= file_mtime (generator))
    return g_strdup (out);

  g_printerr ("generating %s ...\n", out);
  if (!g_spawn_sync (NULL, (char **) argv, NULL, G_SPAWN_SEARCH_PATH | G_SPAWN_CHILD_INHERITS_STDIN,
                     NULL, NULL, NULL, NULL, &status, error) ||
      !g_spawn_check_wait_status (status, error))
    {
      g_prefix_error (error, "cannot generate %s: ", out);
      return NULL;
    }
  return g_strdup (out);
}

/* One timed run of a measurement: @i counts from 0. */
typedef gboolean (*HearthBenchRun) (const char  *path,
                                    guint        i,
                                    GError     **error);

/* Wall-clock and CPU times of a measurement's runs. */
typedef struct
{
  double *seconds;
  double *cpu;
} HearthBenchTimes;

static gboolean
time_run (const char        *path,
          guint              i,
          HearthBenchRun     run,
          HearthBenchTimes  *times,
          GError           **error)
{
  gint64 start = g_get_monotonic_time ();
  double cpu_start = bench_cpu_seconds ();

  if (!run (path, i, error))
    return FALSE;
  times->seconds[i] = (g_get_monotonic_time () - start) / (double) G_USEC_PER_SEC;
  times->cpu[i] = bench_cpu_seconds () - cpu_start;
  return TRUE;
}

/* The medians of @runs runs of @a and of @b, taking turns: a machine whose speed changes
 * from one minute to the next (a virtual machine sharing its host) changes both alike. */
static gboolean
time_runs_in_turn (const char      *path,
                   guint            runs,
                   HearthBenchRun   a,
                   HearthBenchRun   b,
                   double           medians[4],
                   GError         **error)
{
  g_autofree double *values = g_new (double, 4 * runs);
  HearthBenchTimes a_times = { values, values + runs };
  HearthBenchTimes b_times = { values + 2 * runs, values + 3 * runs };

  for (guint i = 0; i < runs; i++)
    if (!time_run (path, i, a, &a_times, error) || !time_run (path, i, b, &b_times, error))
      return FALSE;
  for (guint k = 0; k < 4; k++)
    medians[k] = bench_median (values + k * runs, runs);
  return TRUE;
}

static gboolean
load_run (const char  *path,
          guint        i,
          GError     **error)
{
  HearthProfile *profile = hearth_profile_load_path (path, error);

  if (profile == NULL)
    return FALSE;
  if (i == 0)
    g_printerr ("%u functions, %u edges\n", hearth_profile_get_n_functions (profile),
                hearth_profile_get_n_edges (profile));
  g_object_unref (profile);
  return TRUE;
}

/* The file read as Hearth reads it (to the end, into memory), then walked. */
static gboolean
walk_run (const char  *path,
          guint        i,
          GError     **error)
{
  g_autofree char *data = NULL;
  guint64 n_values = 0;
  gsize length;

  if (!g_file_get_contents (path, &data, &length, error))
    return FALSE;
  if (!hearth_bench_walk ((const guint8 *) data, length, &n_values))
    {
      g_set_error (error, G_IO_ERROR, G_IO_ERROR_INVALID_DATA,
                   "%s: not a marshal stream the walk knows", path);
      return FALSE;
    }
  if (i == 0)
    g_printerr ("%" G_GUINT64_FORMAT " values\n", n_values);
  return TRUE;
}

static gboolean
time_pstats (const char  *path,
             guint        runs,
             double      *seconds,
             double      *cpu,
             GError     **error)
{
  const char *argv[] = { "python3", "-c", hearth_bench_pstats_snippet, path, NULL };
  g_autofree double *times = g_new (double, runs);
  g_autofree double *cpu_times = g_new (double, runs);

  for (guint i = 0; i < runs; i++)
    {
      g_autofree char *out = NULL;
      char *end, *cpu_end;
      int status;

      if (!g_spawn_sync (NULL, (char **) argv, NULL, G_SPAWN_SEARCH_PATH, NULL, NULL,
                         &out, NULL, &status, error) ||
          !g_spawn_check_wait_status (status, error))
        return FALSE;
      times[i] = g_ascii_strtod (out, &end);
      cpu_times[i] = g_ascii_strtod (end, &cpu_end);
      if (end == out || cpu_end == end)
        {
          g_set_error (error, G_IO_ERROR, G_IO_ERROR_INVALID_DATA,
                       "unexpected output from python3: %s", out);
          return FALSE;
        }
    }
  *seconds = bench_median (times, runs);
  *cpu = bench_median (cpu_times, runs);
  return TRUE;
}

/* The child half of the memory measurement: report the resident size reached before
 * loading (after the libraries and the type system are set up), then load once. */
static int
measure_once (const char *path)
{
  g_autoptr (GError) error = NULL;
  HearthProfile *profile;
  struct rusage usage;

  g_type_ensure (HEARTH_TYPE_PROFILE);
  if (getrusage (RUSAGE_SELF, &usage) != 0)
    return 1;
  printf ("%ld\n", usage.ru_maxrss);
  fflush (stdout);

  if (path == NULL)
    return 0;
  profile = hearth_profile_load_path (path, &error);
  if (profile == NULL)
    {
      g_printerr ("%s\n", error->message);
      return 1;
    }
  g_object_unref (profile);
  return 0;
}

static char *
self_path (const char *argv0)
{
  char *link = g_file_read_link ("/proc/self/exe", NULL);

  return link != NULL ? link : g_strdup (argv0);
}

/* Peak resident memory of one load, in bytes, in a fresh process: the child's ru_maxrss
 * (from wait4) minus the baseline the child printed before loading. Run this before the
 * timed loads: a child inherits the parent's high-water mark across fork and exec. */
static gboolean
measure_peak (const char  *argv0,
              const char  *path,
              double      *bytes,
              GError     **error)
{
  g_autofree char *exe = self_path (argv0);
  char buffer[64] = "";
  gsize got = 0;
  struct rusage usage;
  int fds[2], status;
  long baseline;
  pid_t pid;

  if (pipe (fds) != 0)
    goto failed;
  fflush (NULL);   /* the child must not inherit unwritten output */
  pid = fork ();
  if (pid < 0)
    goto failed;
  if (pid == 0)
    {
      dup2 (fds[1], STDOUT_FILENO);
      close (fds[0]);
      close (fds[1]);
      execl (exe, exe, "--measure-once", path, (char *) NULL);
      _exit (127);
    }
  close (fds[1]);
  for (;;)
    {
      ssize_t n = read (fds[0], buffer + got, sizeof buffer - 1 - got);

      if (n < 0 && errno == EINTR)
        continue;
      if (n <= 0)
        break;
      got += n;
    }
  close (fds[0]);
  while (wait4 (pid, &status, 0, &usage) < 0)
    if (errno != EINTR)
      goto failed;

  if (!WIFEXITED (status) || WEXITSTATUS (status) != 0 || got == 0)
    {
      g_set_error (error, G_IO_ERROR, G_IO_ERROR_FAILED, "the measuring process %s %d",
                   WIFEXITED (status) ? "exited with status" : "was killed by signal",
                   WIFEXITED (status) ? WEXITSTATUS (status) : WTERMSIG (status));
      return FALSE;
    }
  baseline = strtol (buffer, NULL, 10);
  *bytes = (double) MAX (0, usage.ru_maxrss - baseline) * 1024;
  return TRUE;

failed:
  g_set_error (error, G_IO_ERROR, g_io_error_from_errno (errno), "%s", g_strerror (errno));
  return FALSE;
}

static gboolean
parse_count (const char *text,
             guint      *value)
{
  guint64 v;

  if (!g_ascii_string_to_unsigned (text, 10, 0, 1000, &v, NULL))
    return FALSE;
  *value = (guint) v;
  return TRUE;
}

static void
usage_and_exit (void)
{
  g_printerr ("usage: load [--runs N] [--pstats-runs N] [--check] [FILE]\n");
  exit (2);
}

/* Measures one file; @ok is cleared when it misses a target. */
static gboolean
bench_file (const char  *argv0,
            const char  *path,
            guint        runs,
            guint        pstats_runs,
            gboolean    *ok,
            GError     **error)
{
  double medians[4], hearth_s, hearth_cpu, walk_s, walk_cpu, pstats_s, pstats_cpu, peak;
  double file_size;
  struct stat st;

  if (stat (path, &st) != 0)
    {
      g_set_error (error, G_IO_ERROR, g_io_error_from_errno (errno), "%s: %s", path,
                   g_strerror (errno));
      return FALSE;
    }
  file_size = (double) st.st_size;
  printf ("%s\n", path);

  if (!measure_peak (argv0, path, &peak, error) ||
      !time_runs_in_turn (path, runs, load_run, walk_run, medians, error))
    return FALSE;
  hearth_s = medians[0];
  hearth_cpu = medians[1];
  walk_s = medians[2];
  walk_cpu = medians[3];
  printf ("hearth load: %.3f s (median of %u), cpu %.3f s\n", hearth_s, runs, hearth_cpu);
  printf ("marshal walk: %.3f s (median of %u), cpu %.3f s\n", walk_s, runs, walk_cpu);
  printf ("hearth / walk: %.2fx, cpu %.2fx\n", hearth_s / MAX (walk_s, 1e-9),
          hearth_cpu / MAX (walk_cpu, 1e-9));
  fflush (stdout);
  /* the load uses a second core: its wall-clock time is what a user waits */
  *ok = *ok && hearth_s <= HEARTH_BENCH_WALK_TARGET * walk_s;

  if (pstats_runs > 0)
    {
      if (!time_pstats (path, pstats_runs, &pstats_s, &pstats_cpu, error))
        return FALSE;
      printf ("pstats load: %.2f s (median of %u), cpu %.2f s\n", pstats_s, pstats_runs,
              pstats_cpu);
      printf ("speed ratio: %.1fx, cpu %.1fx\n", pstats_s / MAX (hearth_s, 1e-9),
              pstats_cpu / MAX (hearth_cpu, 1e-9));
      *ok = *ok && pstats_s >= HEARTH_BENCH_SPEED_TARGET * hearth_s;
    }

  printf ("file: %.1f MB, peak memory: %.1f MB (%.2fx file)\n", file_size / HEARTH_BENCH_MB,
          peak / HEARTH_BENCH_MB, peak / MAX (file_size, 1));
  fflush (stdout);
  *ok = *ok && peak <= HEARTH_BENCH_MEMORY_TARGET * file_size +
                       HEARTH_BENCH_SLACK_MB * HEARTH_BENCH_MB;
  return TRUE;
}

int
main (int   argc,
      char *argv[])
{
  g_autoptr (GError) error = NULL;
  g_autoptr (GPtrArray) paths = g_ptr_array_new_with_free_func (g_free);
  guint runs = 5, pstats_runs = 3;
  gboolean check = FALSE, ok = TRUE;

  if (argc >= 2 && strcmp (argv[1], "--measure-once") == 0)
    return measure_once (argc >= 3 ? argv[2] : NULL);

  for (int i = 1; i < argc; i++)
    {
      if (strcmp (argv[i], "--runs") == 0 && i + 1 < argc)
        {
          if (!parse_count (argv[++i], &runs) || runs == 0)
            usage_and_exit ();
        }
      else if (strcmp (argv[i], "--pstats-runs") == 0 && i + 1 < argc)
        {
          if (!parse_count (argv[++i], &pstats_runs))
            usage_and_exit ();
        }
      else if (strcmp (argv[i], "--check") == 0)
        check = TRUE;
      else if (argv[i][0] == '-' || paths->len > 0)
        usage_and_exit ();
      else
        g_ptr_array_add (paths, g_strdup (argv[i]));
    }

  if (paths->len == 0)
    {
      char *big = default_profile (HEARTH_BENCH_GENERATOR, HEARTH_BENCH_DEFAULT_PROF, &error);
      char *real = big ? default_profile (HEARTH_BENCH_REAL_GENERATOR, HEARTH_BENCH_REAL_PROF,
                                          &error) : NULL;

      if (real == NULL)
        {
          g_free (big);
          goto failed;
        }
      g_ptr_array_add (paths, big);
      g_ptr_array_add (paths, real);
    }

  for (guint i = 0; i < paths->len; i++)
    if (!bench_file (argv[0], paths->pdata[i], runs, pstats_runs, &ok, &error))
      goto failed;

  return (check && !ok) ? 1 : 0;

failed:
  g_printerr ("load: %s\n", error->message);
  return 1;
}
