/* bench-measure.h: what the benchmarks measure with: medians, CPU time, memory.
 *
 * Copyright 2026 The Hearth authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <glib.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>

static inline int
bench_compare_doubles (const void *a,
                       const void *b)
{
  double x = *(const double *) a, y = *(const double *) b;

  return (x > y) - (x < y);
}

/* Sorts @values. */
static inline double
bench_median (double *values,
              guint   n)
{
  qsort (values, n, sizeof *values, bench_compare_doubles);
  return (n % 2) ? values[n / 2] : (values[n / 2 - 1] + values[n / 2]) / 2;
}

/* The CPU time (user + system) this process has used, in seconds: a busy machine disturbs
 * it much less than the wall-clock time. */
static inline double
bench_cpu_seconds (void)
{
  struct rusage usage;

  if (getrusage (RUSAGE_SELF, &usage) != 0)
    return 0;
  return usage.ru_utime.tv_sec + usage.ru_utime.tv_usec / 1e6 +
         usage.ru_stime.tv_sec + usage.ru_stime.tv_usec / 1e6;
}

/* A line of /proc/self/status (VmRSS:, VmHWM: ...) in kB, 0 when it cannot be read. */
static inline long
bench_status_kb (const char *field)
{
  g_autofree char *status = NULL;
  const char *at;

  if (!g_file_get_contents ("/proc/self/status", &status, NULL, NULL) ||
      (at = strstr (status, field)) == NULL)
    return 0;
  return strtol (at + strlen (field), NULL, 10);
}
