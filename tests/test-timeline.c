/* test-timeline.c: a profile's calls in time order, as the speedscope reader records them.
 *
 * Copyright 2026 The Hearth authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "hearth-speedscope-reader.h"
#include "hearth-timeline.h"
#include "hearth-test-util.h"

#include <string.h>

#define SCHEMA "\"$schema\": \"https://www.speedscope.app/file-format-schema.json\""

typedef struct
{
  double      start;
  double      duration;
  guint       depth;
  const char *name;
} Expected;

static void
assert_blocks (HearthProfile  *profile,
               const Expected *want,
               guint           n_want)
{
  HearthTimeline *timeline = hearth_profile_get_timeline (profile);
  g_autoptr (GArray) blocks = NULL;

  g_assert_nonnull (timeline);
  blocks = hearth_timeline_get_blocks (timeline, profile);
  g_assert_cmpuint (blocks->len, ==, n_want);
  for (guint i = 0; i < n_want; i++)
    {
      const HearthTimelineBlock *b = &g_array_index (blocks, HearthTimelineBlock, i);

      g_assert_cmpfloat_with_epsilon (b->start, want[i].start, 1e-12);
      g_assert_cmpfloat_with_epsilon (b->duration, want[i].duration, 1e-12);
      g_assert_cmpuint (b->depth, ==, want[i].depth);
      g_assert_cmpstr (hearth_profile_get_function (profile, b->function)->frame, ==,
                       want[i].name);
    }
}

/* Both ways the reader reads the big arrays (from the text, and json-glib's nodes) keep the
 * same order. */
static void
assert_file_blocks (const char     *name,
                    const Expected *want,
                    guint           n_want)
{
  g_autofree char *path = hearth_test_data_path (name);
  g_autofree char *text = NULL;
  g_autoptr (GError) error = NULL;
  g_autoptr (HearthProfile) profile = NULL;
  g_autoptr (HearthProfile) whole = NULL;
  gsize len;

  g_assert_true (g_file_get_contents (path, &text, &len, &error));
  profile = _hearth_speedscope_read ((const guint8 *) text, len, &error);
  g_assert_no_error (error);
  whole = _hearth_speedscope_read_document ((const guint8 *) text, len, &error);
  g_assert_no_error (error);
  assert_blocks (profile, want, n_want);
  assert_blocks (whole, want, n_want);
}

/* a;b a;b a;c, a gap of 2, d, a;b (weights 1): a frame staying on the stack over
 * consecutive samples is one block. */
static void
test_sampled (void)
{
  static const Expected want[] = {
    { 0, 3, 0, "a" }, { 0, 2, 1, "b" }, { 2, 1, 1, "c" },
    { 5, 1, 0, "d" }, { 6, 1, 0, "a" }, { 6, 1, 1, "b" },
  };
  g_autofree char *path = hearth_test_data_path ("chart_sampled.speedscope.json");
  g_autoptr (GError) error = NULL;
  g_autoptr (HearthProfile) profile = hearth_profile_load_path (path, &error);
  HearthTimeline *timeline;

  g_assert_no_error (error);
  timeline = hearth_profile_get_timeline (profile);
  g_assert_nonnull (timeline);
  /* one entry per sample, the gap too; no blocks kept */
  g_assert_cmpuint (hearth_timeline_get_n_samples (timeline), ==, 6);
  g_assert_cmpuint (hearth_timeline_get_n_calls (timeline), ==, 0);
  g_assert_cmpfloat (hearth_timeline_get_length (timeline), ==, 7);
  assert_file_blocks ("chart_sampled.speedscope.json", want, G_N_ELEMENTS (want));
}

/* milliseconds from startValue 10, in seconds: a 10-20 holding b 11-13 and c 13-16 (holding
 * b 14-15), then d 22-25. */
static void
test_evented (void)
{
  static const Expected want[] = {
    { 0, 0.010, 0, "a" }, { 0.001, 0.002, 1, "b" }, { 0.003, 0.003, 1, "c" },
    { 0.004, 0.001, 2, "b" }, { 0.012, 0.003, 0, "d" },
  };
  g_autofree char *path = hearth_test_data_path ("chart_evented.speedscope.json");
  g_autoptr (GError) error = NULL;
  g_autoptr (HearthProfile) profile = hearth_profile_load_path (path, &error);
  HearthTimeline *timeline;

  g_assert_no_error (error);
  timeline = hearth_profile_get_timeline (profile);
  g_assert_cmpuint (hearth_timeline_get_n_samples (timeline), ==, 0);
  g_assert_cmpuint (hearth_timeline_get_n_calls (timeline), ==, 5);
  g_assert_cmpfloat_with_epsilon (hearth_timeline_get_length (timeline), 0.015, 1e-12);
  assert_file_blocks ("chart_evented.speedscope.json", want, G_N_ELEMENTS (want));
}

/* Several profiles: one after the other, each under its root frame. */
static void
test_profiles (void)
{
  static const Expected want[] = {
    { 0, 1, 0, "Thread 1" }, { 0, 1, 1, "a" }, { 0.5, 0.5, 2, "b" },
    { 1, 1, 0, "Thread 2" }, { 1, 1, 1, "c" },
  };

  assert_file_blocks ("chart_threads.speedscope.json", want, G_N_ELEMENTS (want));
}

/* Frames still open at the end are closed at endValue, as the flame graph counts them;
 * without a startValue the clock starts at the first event. */
static void
test_open_at_end (void)
{
  static const char json[] =
    "{" SCHEMA ", \"shared\": {\"frames\": [{\"name\": \"a\"}, {\"name\": \"b\"}]},"
    " \"profiles\": [{\"type\": \"evented\", \"unit\": \"seconds\", \"endValue\": 9,"
    " \"events\": [{\"type\": \"O\", \"frame\": 0, \"at\": 4},"
    "              {\"type\": \"O\", \"frame\": 1, \"at\": 5}]}]}";
  static const Expected want[] = { { 0, 5, 0, "a" }, { 1, 4, 1, "b" } };
  g_autoptr (GError) error = NULL;
  g_autoptr (HearthProfile) profile =
    _hearth_speedscope_read ((const guint8 *) json, strlen (json), &error);

  g_assert_no_error (error);
  assert_blocks (profile, want, G_N_ELEMENTS (want));
}

/* cProfile and folded stacks keep no order. */
static void
test_no_order (void)
{
  static const char *const files[] = { "cprofile_py312.prof", "plain_folded.txt" };

  for (guint i = 0; i < G_N_ELEMENTS (files); i++)
    {
      g_autofree char *path = hearth_test_data_path (files[i]);
      g_autoptr (GError) error = NULL;
      g_autoptr (HearthProfile) profile = hearth_profile_load_path (path, &error);

      g_assert_no_error (error);
      g_assert_null (hearth_profile_get_timeline (profile));
    }
}

/* On a real recording the outermost blocks add up to the merged total. */
static void
test_total (void)
{
  static const char *const files[] = { "pyspy.speedscope.json", "evented.speedscope.json" };

  for (guint i = 0; i < G_N_ELEMENTS (files); i++)
    {
      g_autofree char *path = hearth_test_data_path (files[i]);
      g_autoptr (GError) error = NULL;
      g_autoptr (HearthProfile) profile = hearth_profile_load_path (path, &error);
      g_autoptr (GArray) blocks = NULL;
      double outer = 0, total;

      g_assert_no_error (error);
      blocks = hearth_timeline_get_blocks (hearth_profile_get_timeline (profile), profile);
      for (guint b = 0; b < blocks->len; b++)
        if (g_array_index (blocks, HearthTimelineBlock, b).depth == 0)
          outer += g_array_index (blocks, HearthTimelineBlock, b).duration;
      total = hearth_profile_get_total (profile);
      g_assert_cmpfloat (total, >, 0);
      g_assert_cmpfloat_with_epsilon (outer, total, 1e-9 * total);
    }
}

int
main (int   argc,
      char *argv[])
{
  g_test_init (&argc, &argv, NULL);

  g_test_add_func ("/timeline/sampled", test_sampled);
  g_test_add_func ("/timeline/evented", test_evented);
  g_test_add_func ("/timeline/profiles", test_profiles);
  g_test_add_func ("/timeline/open-at-end", test_open_at_end);
  g_test_add_func ("/timeline/no-order", test_no_order);
  g_test_add_func ("/timeline/total", test_total);

  return g_test_run ();
}
