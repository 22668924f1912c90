/* test-value-format.c: times, counts and sizes as people read them.
 *
 * Copyright 2026 The Hearth authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "hearth-value-format.h"

#include <math.h>

static void
test_format_value (void)
{
  const struct { double v; HearthUnit u; const char *text; } cases[] = {
    { 24.2, HEARTH_UNIT_SECONDS, "24.2 s" },
    { 1.03, HEARTH_UNIT_SECONDS, "1.03 s" },
    { 0.512, HEARTH_UNIT_SECONDS, "512 ms" },
    { 0.0000042, HEARTH_UNIT_SECONDS, "4.20 µs" },
    { 40.96, HEARTH_UNIT_SECONDS, "41.0 s" },
    { 0.0469, HEARTH_UNIT_SECONDS, "46.9 ms" },
    { 0, HEARTH_UNIT_SECONDS, "0 s" },
    { 3600, HEARTH_UNIT_SECONDS, "3600 s" },
    { 1, HEARTH_UNIT_SAMPLES, "1 sample" },
    { 417, HEARTH_UNIT_SAMPLES, "417 samples" },
    { 1500000, HEARTH_UNIT_BYTES, "1.50 MB" },
    { 999, HEARTH_UNIT_BYTES, "999 B" },
    { NAN, HEARTH_UNIT_SECONDS, "?" },
  };

  for (guint i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      g_autofree char *text = hearth_format_value (cases[i].v, cases[i].u);

      g_assert_cmpstr (text, ==, cases[i].text);
    }
}

/* A mean over runs: 10 samples in 3 runs is 3.3 samples a run; whole means and other units
 * as any width. */
static void
test_format_mean (void)
{
  const struct { double v; HearthUnit u; const char *text; } cases[] = {
    { 10.0 / 3, HEARTH_UNIT_SAMPLES, "3.3 samples" },
    { 2.0 / 3, HEARTH_UNIT_SAMPLES, "0.7 samples" },
    { 4, HEARTH_UNIT_SAMPLES, "4 samples" },
    { 1, HEARTH_UNIT_SAMPLES, "1 sample" },
    { 1.4 / 3, HEARTH_UNIT_SECONDS, "467 ms" },
    { NAN, HEARTH_UNIT_SAMPLES, "?" },
  };

  for (guint i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      g_autofree char *text = hearth_format_mean (cases[i].v, cases[i].u);

      g_assert_cmpstr (text, ==, cases[i].text);
    }
}

int
main (int   argc,
      char *argv[])
{
  g_test_init (&argc, &argv, NULL);

  g_test_add_func ("/renderer/format-value", test_format_value);
  g_test_add_func ("/renderer/format-mean", test_format_mean);

  return g_test_run ();
}
