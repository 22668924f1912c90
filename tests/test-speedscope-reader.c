/* test-speedscope-reader.c: the speedscope JSON reader.
 *
 * Copyright 2026 The Hearth authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "hearth-speedscope-reader.h"
#include "hearth-profile-private.h"
#include "hearth-test-util.h"
#include "hearth-test-profile-diff.h"

#include <math.h>
#include <string.h>

#define WORKLOAD "/home/dev/hearth/tests/fm____________t/workload.py"
#define SCHEMA "\"$schema\": \"https://www.speedscope.app/file-format-schema.json\""

/* Reads @data as Hearth does, and again with json-glib reading the whole document (big
 * arrays too, as the reader did before it read them from the text): both must give the same
 * profile, or the same error. */
static HearthProfile *
read_both (const guint8  *data,
           gsize          len,
           GError       **error)
{
  g_autoptr (GError) local = NULL;
  g_autoptr (GError) whole_error = NULL;
  g_autoptr (HearthProfile) whole = _hearth_speedscope_read_document (data, len, &whole_error);
  HearthProfile *profile = _hearth_speedscope_read (data, len, &local);

  if (profile != NULL)
    {
      g_autofree char *diff = NULL;

      g_assert_no_error (whole_error);
      diff = hearth_test_profile_diff (profile, whole);
      g_assert_cmpstr (diff, ==, NULL);
    }
  else
    {
      g_assert_null (whole);
      g_assert_nonnull (local);
      g_assert_error (whole_error, local->domain, local->code);
      g_assert_cmpstr (whole_error->message, ==, local->message);
      g_propagate_error (error, g_steal_pointer (&local));
    }
  return profile;
}

static HearthProfile *
read_fixture (const char *name)
{
  g_autofree char *path = hearth_test_data_path (name);
  g_autofree char *contents = NULL;
  g_autoptr (GError) error = NULL;
  HearthProfile *profile;
  gsize len;

  g_file_get_contents (path, &contents, &len, &error);
  g_assert_no_error (error);
  profile = read_both ((const guint8 *) contents, len, &error);
  g_assert_no_error (error);
  g_assert_nonnull (profile);
  return profile;
}

static HearthProfile *
read_text (const char  *text,
           GError     **error)
{
  return read_both ((const guint8 *) text, strlen (text), error);
}

static HearthProfile *
read_ok (const char *text)
{
  g_autoptr (GError) error = NULL;
  HearthProfile *profile = read_text (text, &error);

  g_assert_no_error (error);
  g_assert_nonnull (profile);
  return profile;
}

static void
assert_fails (const char *text,
              gint        code,
              const char *message)
{
  g_autoptr (GError) error = NULL;
  g_autoptr (HearthProfile) profile = read_text (text, &error);

  g_assert_null (profile);
  g_assert_error (error, HEARTH_PROFILE_ERROR, code);
  if (message != NULL)
    g_assert_cmpstr (error->message, ==, message);
}

/* Fixtures */

static void
test_pyspy (void)
{
  g_autoptr (HearthProfile) p = read_fixture ("pyspy.speedscope.json");
  const HearthFunction *helper = hearth_test_find_frame (p, "shared_helper (" WORKLOAD ":50)");

  g_assert_cmpint (hearth_profile_get_format (p), ==, HEARTH_FORMAT_SPEEDSCOPE);
  g_assert_cmpint (hearth_profile_get_kind (p), ==, HEARTH_KIND_SAMPLED);
  g_assert_cmpint (hearth_profile_get_unit (p), ==, HEARTH_UNIT_SECONDS);
  g_assert_cmpstr (hearth_profile_get_name (p), ==, "py-spy profile");
  g_assert_true (hearth_profile_has_stacks (p));
  g_assert_cmpuint (hearth_profile_get_n_stacks (p), ==, 417);
  g_assert_cmpfloat_with_epsilon (hearth_profile_get_total (p), 4.17, 1e-9);
  /* one profile: no thread root; 52 shared frames, all used */
  g_assert_cmpuint (hearth_profile_get_n_functions (p), ==, 52);
  hearth_test_assert_function (helper, WORKLOAD, 50, "shared_helper");
  g_assert_cmpfloat_with_epsilon (helper->cum, 1.01, 1e-9);
  g_assert_cmpfloat_with_epsilon (helper->own, 1.01, 1e-9);
  g_assert_cmpfloat_with_epsilon (hearth_test_find_frame (p, "shared_helper ("
                                                             WORKLOAD ":48)")->cum, 0.65, 1e-9);
  g_assert_cmpuint (hearth_test_n_warnings (p), ==, 0);
}

static void
test_evented (void)
{
  g_autoptr (HearthProfile) p = read_fixture ("evented.speedscope.json");
  const HearthFunction *init39 = hearth_test_find_frame (p, "__init__ (" WORKLOAD ":39)");
  const HearthFunction *describe = hearth_test_find_frame (p, "describe (" WORKLOAD ":24)");
  const HearthFunction *fib = hearth_test_find_frame (p, "fib (" WORKLOAD ":53)");
  const HearthFunction *abs_ = hearth_test_find_frame (p, "abs");

  g_assert_cmpint (hearth_profile_get_unit (p), ==, HEARTH_UNIT_SECONDS);
  /* entries and exits of every call: traced, not sampled */
  g_assert_cmpint (hearth_profile_get_kind (p), ==, HEARTH_KIND_TRACED);
  g_assert_cmpstr (hearth_profile_get_name (p), ==, "evented example");
  g_assert_cmpuint (hearth_profile_get_n_functions (p), ==, 11);
  /* 70 stretches of time with a frame open, in microseconds, summed by hand from the events */
  g_assert_cmpuint (hearth_profile_get_n_stacks (p), ==, 70);
  g_assert_cmpfloat_with_epsilon (hearth_profile_get_total (p), 122.129e-6, 1e-12);
  g_assert_cmpfloat_with_epsilon (fib->cum, 56.29499992210185e-6, 1e-12);
  g_assert_cmpfloat_with_epsilon (fib->own, 56.29499992210185e-6, 1e-12);
  g_assert_cmpfloat_with_epsilon (init39->cum, 21.200000105636718e-6, 1e-12);
  g_assert_cmpfloat_with_epsilon (init39->own, 11.392000146770442e-6, 1e-12);
  g_assert_cmpfloat_with_epsilon (describe->cum, 38.16200000983372e-6, 1e-12);
  g_assert_cmpfloat_with_epsilon (describe->own, 7.88600004852924e-6, 1e-12);
  hearth_test_assert_function (abs_, "", 0, "abs");
  g_assert_cmpfloat_with_epsilon (abs_->own, 9.627999929762154e-6, 1e-12);
  g_assert_cmpfloat_with_epsilon (hearth_test_find_frame (p, "setprofile")->own,
                                  6.471999995483202e-6, 1e-12);
  hearth_test_assert_function (init39, WORKLOAD, 39, "__init__");
  g_assert_cmpuint (hearth_test_n_warnings (p), ==, 0);
}

/* Inputs made in the test */

#define FRAMES \
  "\"shared\": {\"frames\": [{\"name\": \"main\", \"file\": \"app.py\", \"line\": 1}," \
  " {\"name\": \"work\", \"file\": \"app.py\"}, {\"name\": \"leaf\"}]}"

static void
test_threads (void)
{
  g_autoptr (HearthProfile) p = read_ok (
    "{" SCHEMA ", " FRAMES ", \"activeProfileIndex\": null, \"profiles\": ["
    " {\"type\": \"sampled\", \"name\": \"Thread 1 \\\"Main\\\"\", \"unit\": \"milliseconds\","
    "  \"startValue\": 0, \"endValue\": 30,"
    "  \"samples\": [[0, 1], [0, 1, 2], [0]], \"weights\": [10, 15, 5]},"
    " {\"type\": \"sampled\", \"name\": \"Thread 2\", \"unit\": \"seconds\","
    "  \"samples\": [[0, 2], [0, 2]], \"weights\": [0.25, 0.5]},"
    " {\"type\": \"sampled\", \"name\": \"Heap\", \"unit\": \"bytes\","
    "  \"samples\": [[0]], \"weights\": [4096]},"
    " {\"type\": \"frobbed\", \"name\": \"Odd\"}"
    "]}");
  const HearthFunction *t1 = hearth_test_find_frame (p, "Thread 1 \"Main\"");
  const HearthFunction *t2 = hearth_test_find_frame (p, "Thread 2");
  const HearthFunction *main_ = hearth_test_find_frame (p, "main (app.py:1)");
  g_autoptr (GArray) stack = g_array_new (FALSE, FALSE, sizeof (guint));
  const HearthStackNode *nodes;
  guint n_nodes;

  g_assert_cmpint (hearth_profile_get_unit (p), ==, HEARTH_UNIT_SECONDS);
  g_assert_null (hearth_profile_get_name (p));
  g_assert_cmpuint (hearth_profile_get_n_stacks (p), ==, 5);
  g_assert_cmpfloat_with_epsilon (hearth_profile_get_total (p), 0.78, 1e-12);
  hearth_test_assert_function (t1, "", 0, "Thread 1 \"Main\"");
  g_assert_cmpfloat_with_epsilon (t1->cum, 0.03, 1e-12);
  g_assert_cmpfloat_with_epsilon (t2->cum, 0.75, 1e-12);
  hearth_test_assert_function (main_, "app.py", 1, "main");
  g_assert_cmpfloat_with_epsilon (main_->cum, 0.78, 1e-12);
  g_assert_cmpfloat_with_epsilon (main_->own, 0.005, 1e-12);
  hearth_test_assert_function (hearth_test_find_frame (p, "work (app.py)"), "app.py", 0, "work");
  g_assert_cmpfloat_with_epsilon (hearth_test_find_frame (p, "leaf")->own, 0.765, 1e-12);

  /* the first sample made nodes 1, 2 and 3: Thread 1, then main, then work */
  nodes = hearth_profile_get_stack_nodes (p, &n_nodes);
  g_assert_cmpuint (n_nodes, >, 3);
  g_assert_cmpuint (nodes[3].n_stacks, ==, 1);
  g_assert_cmpfloat_with_epsilon (nodes[3].weight, 0.010, 1e-12);
  hearth_profile_get_stack_frames (p, 3, stack);
  g_assert_cmpuint (stack->len, ==, 3);
  g_assert_cmpstr (hearth_profile_get_function (p, g_array_index (stack, guint, 0))->frame, ==,
                   "Thread 1 \"Main\"");
  g_assert_cmpstr (hearth_profile_get_function (p, g_array_index (stack, guint, 2))->frame, ==,
                   "work (app.py)");

  g_assert_true (hearth_test_has_warning (p, "speedscope: profile 3 (\"Heap\"): unit \"bytes\" "
                                             "does not match \"milliseconds\" of profile 1, "
                                             "skipped"));
  g_assert_true (hearth_test_has_warning (p, "speedscope: profile 4 (\"Odd\"): type \"frobbed\" is "
                                             "not supported, skipped"));
  g_assert_cmpuint (hearth_test_n_warnings (p), ==, 2);
}

static void
test_active_profile (void)
{
  /* the active profile's unit wins; a single kept profile gets no root and names the result */
  g_autoptr (HearthProfile) p = read_ok (
    "{" FRAMES ", \"activeProfileIndex\": 1, \"profiles\": ["
    " {\"type\": \"sampled\", \"name\": \"CPU\", \"unit\": \"nanoseconds\","
    "  \"samples\": [[0]], \"weights\": [1000]},"
    " {\"type\": \"sampled\", \"name\": \"Heap\", \"unit\": \"bytes\","
    "  \"samples\": [[0, 2], [0, 1]], \"weights\": [4096, 1024]}]}");

  g_assert_cmpint (hearth_profile_get_unit (p), ==, HEARTH_UNIT_BYTES);
  g_assert_cmpstr (hearth_profile_get_name (p), ==, "Heap");
  g_assert_cmpfloat (hearth_profile_get_total (p), ==, 5120);
  g_assert_cmpuint (hearth_profile_get_n_functions (p), ==, 3);
  g_assert_true (hearth_test_has_warning (p, "profile 1 (\"CPU\"): unit \"nanoseconds\" does not "
                                             "match \"bytes\" of profile 2, skipped"));
}

static void
test_units (void)
{
  static const struct
  {
    const char *unit;
    HearthUnit  expected;
    double      total;
  } cases[] = {
    { "\"none\"", HEARTH_UNIT_SAMPLES, 3 },
    { "null", HEARTH_UNIT_SAMPLES, 3 },
    { "\"nanoseconds\"", HEARTH_UNIT_SECONDS, 3e-9 },
    { "\"microseconds\"", HEARTH_UNIT_SECONDS, 3e-6 },
    { "\"milliseconds\"", HEARTH_UNIT_SECONDS, 3e-3 },
    { "\"seconds\"", HEARTH_UNIT_SECONDS, 3 },
    { "\"bytes\"", HEARTH_UNIT_BYTES, 3 },
    { "\"furlongs\"", HEARTH_UNIT_SAMPLES, 3 },
  };

  for (guint i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      g_autofree char *text = g_strdup_printf (
        "{" FRAMES ", \"profiles\": [{\"type\": \"sampled\", \"unit\": %s,"
        " \"samples\": [[0], [0, 1]], \"weights\": [1, 2]}]}", cases[i].unit);
      g_autoptr (HearthProfile) p = read_ok (text);

      g_assert_cmpint (hearth_profile_get_unit (p), ==, cases[i].expected);
      g_assert_cmpfloat_with_epsilon (hearth_profile_get_total (p), cases[i].total,
                                      cases[i].total * 1e-12);
      g_assert_cmpstr (hearth_profile_get_name (p), ==, "profile 1");
      g_assert_cmpint (hearth_test_has_warning (p, "unknown unit \"furlongs\", read as counts"), ==,
                       i == G_N_ELEMENTS (cases) - 1);
    }
}

static void
test_nulls (void)
{
  g_autoptr (HearthProfile) p = read_ok (
    "{\"shared\": {\"frames\": [{\"name\": null, \"file\": null, \"line\": null, \"col\": null},"
    " {\"file\": \"x.py\", \"line\": 3}, {\"name\": \"f\", \"file\": \"\", \"line\": 0},"
    " {\"name\": \"g\", \"file\": \"y.py\", \"line\": 2.5, \"extra\": [1, {\"a\": 2}]}, 7]},"
    " \"name\": null, \"exporter\": null, \"activeProfileIndex\": 99,"
    " \"profiles\": [{\"type\": \"sampled\", \"name\": null, \"unit\": \"none\","
    "  \"startValue\": null, \"endValue\": null,"
    "  \"samples\": [[0, 1], [2, 3.0], [4], []], \"weights\": [1, 2, 3, 4]}]}");

  hearth_test_assert_function (hearth_test_find_frame (p, "(unnamed)"), "", 0, "(unnamed)");
  hearth_test_assert_function (hearth_test_find_frame (p, "(unnamed) (x.py:3)"),
                               "x.py", 3, "(unnamed)");
  hearth_test_assert_function (hearth_test_find_frame (p, "f"), "", 0, "f");
  hearth_test_assert_function (hearth_test_find_frame (p, "g (y.py)"), "y.py", 0, "g");
  /* the empty sample has no frame to give its weight to */
  g_assert_cmpfloat (hearth_profile_get_total (p), ==, 6);
  g_assert_cmpuint (hearth_profile_get_n_stacks (p), ==, 3);
  g_assert_cmpuint (hearth_profile_get_n_functions (p), ==, 4);
  g_assert_true (hearth_test_has_warning (p, "speedscope: 3 frames without a name, shown as "
                                             "\"(unnamed)\""));
}

static void
test_negative_weight (void)
{
  g_autoptr (HearthProfile) p = read_ok (
    "{" FRAMES ", \"profiles\": [{\"type\": \"sampled\", \"name\": \"T\", \"unit\": \"none\","
    " \"samples\": [[0], [1]], \"weights\": [2, -5]}]}");

  g_assert_cmpfloat (hearth_profile_get_total (p), ==, 2);
  g_assert_true (hearth_test_has_warning (p, "speedscope: 1 negative weight counted as 0 (first: "
                                             "speedscope: profile 1 (\"T\"): weight 1)"));
}

static void
test_sampled_errors (void)
{
  assert_fails ("{" FRAMES ", \"profiles\": ["
                " {\"type\": \"sampled\", \"name\": \"Thread 0\","
                "  \"samples\": [], \"weights\": []},"
                " {\"type\": \"sampled\", \"name\": \"Thread 1\","
                "  \"samples\": [[0], [0], [1]], \"weights\": [1, 2]}]}",
                HEARTH_PROFILE_ERROR_BAD_SHAPE,
                "speedscope: profile 2 (\"Thread 1\"): 3 samples but 2 weights");
  assert_fails ("{" FRAMES ", \"profiles\": [{\"type\": \"sampled\", \"samples\": [[0]]}]}",
                HEARTH_PROFILE_ERROR_BAD_SHAPE,
                "speedscope: profile 1: 1 samples but 0 weights");
  assert_fails ("{" FRAMES ", \"profiles\": [{\"type\": \"sampled\", \"name\": \"T\","
                " \"samples\": [[0, 3]], \"weights\": [1]}]}",
                HEARTH_PROFILE_ERROR_BAD_REF,
                "speedscope: profile 1 (\"T\"): sample 0: frame 3 is not an index of the 3 "
                "shared frames");
  assert_fails ("{" FRAMES ", \"profiles\": [{\"type\": \"sampled\", \"name\": \"T\","
                " \"samples\": [[-1]], \"weights\": [1]}]}",
                HEARTH_PROFILE_ERROR_BAD_REF, NULL);
  assert_fails ("{" FRAMES ", \"profiles\": [{\"type\": \"sampled\", \"name\": \"T\","
                " \"samples\": [[0.5]], \"weights\": [1]}]}",
                HEARTH_PROFILE_ERROR_BAD_REF, NULL);
  assert_fails ("{" FRAMES ", \"profiles\": [{\"type\": \"sampled\", \"name\": \"T\","
                " \"samples\": [[\"0\"]], \"weights\": [1]}]}",
                HEARTH_PROFILE_ERROR_BAD_REF,
                "speedscope: profile 1 (\"T\"): sample 0: frame index is not a number");
  assert_fails ("{\"profiles\": [{\"type\": \"sampled\", \"samples\": [[0]], \"weights\": [1]}]}",
                HEARTH_PROFILE_ERROR_BAD_REF, NULL);
  assert_fails ("{" FRAMES ", \"profiles\": [{\"type\": \"sampled\", \"name\": \"T\","
                " \"samples\": [0], \"weights\": [1]}]}",
                HEARTH_PROFILE_ERROR_BAD_SHAPE,
                "speedscope: profile 1 (\"T\"): sample 0 is not an array");
  assert_fails ("{" FRAMES ", \"profiles\": [{\"type\": \"sampled\", \"name\": \"T\","
                " \"samples\": [[0]], \"weights\": [\"1\"]}]}",
                HEARTH_PROFILE_ERROR_BAD_SHAPE,
                "speedscope: profile 1 (\"T\"): weight 0 is not a number");
  assert_fails ("{" FRAMES ", \"profiles\": [{\"type\": \"sampled\", \"name\": \"T\","
                " \"samples\": {}, \"weights\": [1]}]}",
                HEARTH_PROFILE_ERROR_BAD_SHAPE,
                "speedscope: profile 1 (\"T\"): \"samples\" is not an array");
}

#define EVENTED(events) \
  "{" FRAMES ", \"profiles\": [{\"type\": \"evented\", \"name\": \"E\", \"unit\": \"seconds\"," \
  " \"startValue\": 0, \"endValue\": 20, \"events\": [" events "]}]}"

static void
test_evented_small (void)
{
  /* main 0-10 (own 0-2, 9-10), work 2-9 (own 2-4, 6-9), leaf 4-6 */
  g_autoptr (HearthProfile) p = read_ok (EVENTED (
    "{\"type\": \"O\", \"frame\": 0, \"at\": 0}, {\"type\": \"O\", \"frame\": 1, \"at\": 2},"
    "{\"type\": \"O\", \"frame\": 2, \"at\": 4}, {\"type\": \"C\", \"frame\": 2, \"at\": 6},"
    "{\"type\": \"C\", \"frame\": 1, \"at\": 9}, {\"type\": \"C\", \"frame\": 0, \"at\": 10},"
    "{\"type\": \"O\", \"frame\": 2, \"at\": 12}, {\"type\": \"C\", \"frame\": 2, \"at\": 12}"));
  const HearthFunction *main_ = hearth_test_find_frame (p, "main (app.py:1)");
  const HearthFunction *work = hearth_test_find_frame (p, "work (app.py)");
  const HearthFunction *leaf = hearth_test_find_frame (p, "leaf");

  g_assert_cmpfloat (hearth_profile_get_total (p), ==, 10);
  g_assert_cmpfloat (main_->cum, ==, 10);
  g_assert_cmpfloat (main_->own, ==, 3);
  g_assert_cmpfloat (work->cum, ==, 7);
  g_assert_cmpfloat (work->own, ==, 5);
  g_assert_cmpfloat (leaf->cum, ==, 2);
  g_assert_cmpuint (hearth_test_n_warnings (p), ==, 0);
}

static void
test_evented_repair (void)
{
  /* frames left open are closed at endValue (20) */
  g_autoptr (HearthProfile) p = read_ok (EVENTED (
    "{\"type\": \"O\", \"frame\": 0, \"at\": 1}, {\"type\": \"O\", \"frame\": 1, \"at\": 5}"));

  g_assert_cmpfloat (hearth_profile_get_total (p), ==, 19);
  g_assert_cmpfloat (hearth_test_find_frame (p, "work (app.py)")->own, ==, 15);
  g_assert_true (hearth_test_has_warning (p, "speedscope: profile 1 (\"E\"): 2 frames still open "
                                             "at the end, closed at 20"));
}

static void
test_evented_errors (void)
{
  assert_fails (EVENTED ("{\"type\": \"O\", \"frame\": 0, \"at\": 5},"
                         "{\"type\": \"C\", \"frame\": 0, \"at\": 4}"),
                HEARTH_PROFILE_ERROR_BAD_SHAPE,
                "speedscope: profile 1 (\"E\"): event 1: at 4 comes before 5");
  assert_fails (EVENTED ("{\"type\": \"O\", \"frame\": 0, \"at\": 1},"
                         "{\"type\": \"O\", \"frame\": 1, \"at\": 2},"
                         "{\"type\": \"C\", \"frame\": 0, \"at\": 3}"),
                HEARTH_PROFILE_ERROR_BAD_SHAPE,
                "speedscope: profile 1 (\"E\"): event 2: closes frame 0, but frame 1 is open");
  assert_fails (EVENTED ("{\"type\": \"C\", \"frame\": 0, \"at\": 1}"),
                HEARTH_PROFILE_ERROR_BAD_SHAPE,
                "speedscope: profile 1 (\"E\"): event 0: closes frame 0, but no frame is open");
  assert_fails (EVENTED ("{\"type\": \"X\", \"frame\": 0, \"at\": 1}"),
                HEARTH_PROFILE_ERROR_BAD_SHAPE,
                "speedscope: profile 1 (\"E\"): event 0: type is not \"O\" or \"C\"");
  assert_fails (EVENTED ("{\"type\": \"O\", \"frame\": 0}"),
                HEARTH_PROFILE_ERROR_BAD_SHAPE,
                "speedscope: profile 1 (\"E\"): event 0: \"at\" is not a number");
  assert_fails (EVENTED ("{\"type\": \"O\", \"frame\": 9, \"at\": 1}"),
                HEARTH_PROFILE_ERROR_BAD_REF,
                "speedscope: profile 1 (\"E\"): event 0: frame 9 is not an index of the 3 "
                "shared frames");
  assert_fails (EVENTED ("{\"type\": \"O\", \"frame\": 0, \"at\": 1},"
                         "{\"type\": \"C\", \"frame\": 7, \"at\": 2}"),
                HEARTH_PROFILE_ERROR_BAD_REF, NULL);
  assert_fails (EVENTED ("[]"), HEARTH_PROFILE_ERROR_BAD_SHAPE,
                "speedscope: profile 1 (\"E\"): event 0: not an object");
}

static void
test_document_errors (void)
{
  GString *deep = g_string_new ("{\"profiles\": [], \"x\": ");

  assert_fails ("{", HEARTH_PROFILE_ERROR_BAD_TYPE, NULL);
  assert_fails ("{\"profiles\": [}", HEARTH_PROFILE_ERROR_BAD_TYPE, NULL);
  assert_fails ("", HEARTH_PROFILE_ERROR_BAD_SHAPE, NULL);
  assert_fails ("[]", HEARTH_PROFILE_ERROR_BAD_SHAPE,
                "speedscope: the document is not a JSON object");
  assert_fails ("{}", HEARTH_PROFILE_ERROR_BAD_SHAPE, "speedscope: no \"profiles\" array");
  assert_fails ("{\"profiles\": {}}", HEARTH_PROFILE_ERROR_BAD_SHAPE, NULL);
  assert_fails ("{\"shared\": [], \"profiles\": []}", HEARTH_PROFILE_ERROR_BAD_SHAPE,
                "speedscope: \"shared\" is not an object");
  assert_fails ("{\"shared\": {\"frames\": 3}, \"profiles\": []}",
                HEARTH_PROFILE_ERROR_BAD_SHAPE, "speedscope: \"shared.frames\" is not an array");

  for (guint i = 0; i < 100000; i++)
    g_string_append_c (deep, '[');
  for (guint i = 0; i < 100000; i++)
    g_string_append_c (deep, ']');
  g_string_append_c (deep, '}');
  assert_fails (deep->str, HEARTH_PROFILE_ERROR_TOO_LARGE,
                "speedscope: JSON nested more than 256 levels deep");
  g_string_free (deep, TRUE);

  /* brackets inside strings do not count */
  {
    GString *text = g_string_new ("{\"profiles\": [], \"x\": \"");
    g_autoptr (HearthProfile) p = NULL;

    for (guint i = 0; i < 1000; i++)
      g_string_append (text, "[{\\\"");
    g_string_append (text, "\"}");
    p = read_ok (text->str);
    g_assert_cmpuint (hearth_profile_get_n_stacks (p), ==, 0);
    g_string_free (text, TRUE);
  }
}

static void
test_empty (void)
{
  g_autoptr (HearthProfile) p = read_ok ("{" SCHEMA ", \"profiles\": [], \"shared\": {}}");

  g_assert_cmpuint (hearth_profile_get_n_stacks (p), ==, 0);
  g_assert_cmpuint (hearth_profile_get_n_functions (p), ==, 0);
  g_assert_cmpfloat (hearth_profile_get_total (p), ==, 0);
  g_assert_cmpuint (hearth_test_n_warnings (p), ==, 0);
}

static void
test_non_utf8 (void)
{
  /* raw invalid UTF-8, and escaped lone surrogates (Python's json writes them for file names
   * that were not UTF-8): both become U+FFFD; a real surrogate pair stays */
  g_autoptr (HearthProfile) raw = read_ok (
    "{\"shared\": {\"frames\": [{\"name\": \"caf\xe9\"}]}, \"profiles\": [{\"type\": "
    "\"sampled\", \"samples\": [[0]], \"weights\": [1]}]}");
  g_autoptr (HearthProfile) escaped = read_ok (
    "{\"shared\": {\"frames\": [{\"name\": \"x\\ud800y\", \"file\": \"\\udce9.py\"},"
    " {\"name\": \"\\ud83d\\ude00\\\\ud800\"}]},"
    " \"profiles\": [{\"type\": \"sampled\", \"name\": \"\\uDBFF\", \"samples\": [[0, 1]],"
    " \"weights\": [1]}]}");
  const HearthFunction *f;

  hearth_test_assert_function (hearth_test_find_frame (raw, "caf\xef\xbf\xbd"),
                               "", 0, "caf\xef\xbf\xbd");
  g_assert_true (hearth_test_has_warning (raw, "speedscope: invalid UTF-8 replaced by U+FFFD"));

  f = hearth_test_find_frame (escaped, "x\xef\xbf\xbdy (\xef\xbf\xbd.py)");
  hearth_test_assert_function (f, "\xef\xbf\xbd.py", 0, "x\xef\xbf\xbdy");
  /* an escaped backslash before "ud800" is not an escape */
  hearth_test_assert_function (hearth_test_find_frame (escaped, "\xf0\x9f\x98\x80\\ud800"),
                               "", 0, "\xf0\x9f\x98\x80\\ud800");
  g_assert_cmpstr (hearth_profile_get_name (escaped), ==, "\xef\xbf\xbd");
  g_assert_true (hearth_test_has_warning (escaped, "speedscope: 3 unpaired UTF-16 surrogates "
                                                   "replaced by U+FFFD"));
}

static void
test_long_name (void)
{
  g_autofree char *name = g_strnfill (200, 'n');
  g_autofree char *text = g_strdup_printf ("{" FRAMES ", \"profiles\": [{\"type\": \"sampled\","
                                           " \"name\": \"%s\", \"samples\": [[0]],"
                                           " \"weights\": []}]}", name);
  g_autoptr (GError) error = NULL;
  g_autoptr (HearthProfile) p = read_text (text, &error);

  g_assert_null (p);
  g_assert_error (error, HEARTH_PROFILE_ERROR, HEARTH_PROFILE_ERROR_BAD_SHAPE);
  g_assert_true (g_str_has_suffix (error->message, "n…\"): 1 samples but 0 weights"));
  g_assert_cmpuint (strlen (error->message), <, 120);
}

/* What the scan of the text must see as json-glib does: members given twice (the last
 * wins), escaped names, "profiles" below the top level, values of every kind inside the big
 * arrays, and numbers in every notation. Each goes through read_both (). */
static void
test_text_as_json_glib (void)
{
  static const char *const cases[] = {
    "{" FRAMES ", \"profiles\": [{\"type\": \"sampled\", \"samples\": [[9]], \"weights\": [1],"
    " \"samples\": [[0, 1]], \"weights\": [2]}]}",
    "{" FRAMES ", \"profiles\": [{\"type\": \"sampled\", \"samples\": [[0]], \"weights\": [1],"
    " \"samples\": null}]}",
    "{" FRAMES ", \"profiles\": [{\"type\": \"sampled\", \"samples\": [[0]], \"weights\": [1],"
    " \"samples\": 5}]}",
    "{" FRAMES ", \"profiles\": [{\"type\": \"sampled\", \"samples\": [[7]], \"weights\": [1]}],"
    " \"profiles\": [{\"type\": \"sampled\", \"samples\": [[2]], \"weights\": [3]}]}",
    "{" FRAMES ", \"\\u0070rofiles\": [{\"type\": \"sampled\", \"s\\u0061mples\": [[0, 2]],"
    " \"weights\": [1]}]}",
    "{" FRAMES ", \"x\": {\"profiles\": [{\"samples\": [[5]]}]}, \"profiles\": [{\"type\":"
    " \"sampled\", \"samples\": [ [ 0 ,\t1 ]\r\n, [2] ], \"weights\": [ 1e-2 , 2.5E+1 ]}]}",
    "{" FRAMES ", \"profiles\": [{\"type\": \"sampled\", \"samples\": [[0, [1]]],"
    " \"weights\": [1]}]}",
    "{" FRAMES ", \"profiles\": [{\"type\": \"sampled\", \"samples\": [[0, \"]\"]],"
    " \"weights\": [1]}]}",
    "{" FRAMES ", \"profiles\": [{\"type\": \"sampled\", \"samples\": [[0, true]],"
    " \"weights\": [1]}]}",
    "{" FRAMES ", \"profiles\": [{\"type\": \"sampled\", \"samples\": [[0], [1]],"
    " \"weights\": [0.1, null]}]}",
    "{" FRAMES ", \"profiles\": [{\"type\": \"sampled\", \"samples\": [[0], [1], [2], [0, 2]],"
    " \"weights\": [0.1, 0.3, 123456.789012345, 1.7976931348623157e308]}]}",
    "{" FRAMES ", \"profiles\": [{\"type\": \"sampled\", \"samples\": [[0], [1], [2], [0]],"
    " \"weights\": [0.000001234, -0.0, 9007199254740993, \"1\"]}]}",
    "{" FRAMES ", \"profiles\": [{\"type\": \"sampled\", \"samples\": [[0], [1], [2]],"
    " \"weights\": [0.000001234, -0.0, 9007199254740993]}]}",
    "{" FRAMES ", \"profiles\": [{\"type\": \"sampled\", \"samples\": [[0], {}],"
    " \"weights\": [1, 2]}]}",
    EVENTED ("{\"type\": \"\\u004F\", \"frame\": 0, \"at\": 1, \"x\": [{\"at\": 9}]},"
             "{\"at\": 2, \"frame\": 1, \"type\": \"O\", \"type\": \"C\", \"frame\": 0}"),
    EVENTED ("{\"type\": \"O\", \"frame\": 0, \"at\": 1, \"at\": \"2\"}"),
    EVENTED ("{\"type\": \"O\", \"frame\": 0, \"at\": 1}, {\"type\": \"C\", \"frame\": null,"
             " \"at\": 2}"),
    EVENTED ("{\"type\": [\"O\"], \"frame\": 0, \"at\": 1}"),
    EVENTED ("{\"type\": \"O\", \"frame\": 1.0, \"at\": 1.5e0}, {\"type\": \"C\","
             " \"frame\": 1, \"at\": 3}, 4"),
    "{" FRAMES ", \"profiles\": [{\"type\": \"evented\", \"events\": {}}]}",
    "{" FRAMES ", \"profiles\": [{\"type\": \"sampled\", \"samples\": [[0]], \"weights\": [1]},"
    " 3, {\"type\": \"sampled\", \"name\": \"\\\"two\\\"\", \"samples\": [[1]],"
    " \"weights\": [1]}]}",
    "{" FRAMES ", \"profiles\": [{\"type\": \"sampled\", \"samples\": [[0]], \"weights\": [1]}]}"
    " x",
    "{" FRAMES ", \"profiles\": [{\"type\": \"sampled\", \"samples\": [[0,]], \"weights\": [1]}]}",
    "{" FRAMES ", \"profiles\": [{\"type\": \"sampled\", \"samples\": [[0]], \"weights\": [1"
  };

  for (guint i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      g_autoptr (GError) error = NULL;
      g_autoptr (HearthProfile) p = read_text (cases[i], &error);

      g_test_message ("case %u: %s", i, p != NULL ? "read" : error->message);
    }

  /* NUL bytes: U+FFFD inside strings (an event type "O" then NUL is no "O"), an error outside */
  {
    static const char in_string[] = "{" FRAMES ", \"profiles\": [{\"type\": \"evented\","
                                    " \"events\": [{\"type\": \"O\0\", \"frame\": 0,"
                                    " \"at\": 1}]}]}";
    static const char first[] = "\0{\"profiles\": []}";
    g_autoptr (GError) error = NULL;
    g_autoptr (HearthProfile) p = read_both ((const guint8 *) in_string, sizeof in_string - 1,
                                             &error);

    g_assert_null (p);
    g_assert_cmpstr (error->message, ==, "speedscope: profile 1: event 0: type is not \"O\" or "
                                         "\"C\"");
    g_clear_error (&error);
    g_assert_null (read_both ((const guint8 *) first, sizeof first - 1, &error));
    g_assert_error (error, HEARTH_PROFILE_ERROR, HEARTH_PROFILE_ERROR_BAD_TYPE);
  }

  /* a few of them worked by hand: the second "samples" wins, escapes name members */
  {
    g_autoptr (HearthProfile) p = read_ok (cases[0]);

    g_assert_cmpfloat (hearth_profile_get_total (p), ==, 2);
    g_assert_nonnull (hearth_test_find_frame (p, "work (app.py)"));
  }
  {
    g_autoptr (HearthProfile) p = read_ok (cases[4]);

    g_assert_nonnull (hearth_test_find_frame (p, "leaf"));
  }
  {
    g_autoptr (HearthProfile) p = read_ok (cases[3]);

    g_assert_cmpfloat (hearth_profile_get_total (p), ==, 3);
    g_assert_cmpuint (hearth_profile_get_n_functions (p), ==, 1);
  }
  assert_fails (cases[2], HEARTH_PROFILE_ERROR_BAD_SHAPE,
                "speedscope: profile 1: \"samples\" is not an array");
  assert_fails (cases[6], HEARTH_PROFILE_ERROR_BAD_REF,
                "speedscope: profile 1: sample 0: frame index is not a number");
  assert_fails (cases[11], HEARTH_PROFILE_ERROR_BAD_SHAPE,
                "speedscope: profile 1: weight 3 is not a number");
  {
    /* the last "type" and "frame" of the second event: it closes frame 0 */
    g_autoptr (HearthProfile) p = read_ok (cases[14]);

    g_assert_cmpfloat (hearth_profile_get_total (p), ==, 1);
  }
}

/* Past the size json-glib reads whole, the scan's word on the syntax is final: strict JSON,
 * an error with json-glib's line and column (in bytes). Without the error the file reads as
 * json-glib reads it, its invalid UTF-8 (checked beside the scan) repaired the same way. */
static void
test_big_text (void)
{
  GString *text = g_string_new ("{" FRAMES ",\n\"profiles\": [{\"type\": \"sampled\", "
                                "\"name\": \"caf\xe9\", \"samples\": [");
  g_autoptr (GError) error = NULL;
  g_autoptr (HearthProfile) p = NULL;
  gsize bad;

  for (guint i = 0; i < 600000; i++)
    g_string_append_printf (text, "%s[0, %u, 2]", i ? "," : "", 1 + i % 2);
  g_string_append (text, "], \"weights\": [");
  for (guint i = 0; i < 600000; i++)
    g_string_append_printf (text, "%s%u.%02u", i ? ", " : "", i % 3, i % 97);
  g_string_append (text, "]}]}");
  g_assert_cmpuint (text->len, >, 8 << 20);

  p = read_both ((const guint8 *) text->str, text->len, &error);
  g_assert_no_error (error);
  g_assert_cmpuint (hearth_profile_get_n_stacks (p), ==, 600000);
  g_assert_cmpstr (hearth_profile_get_name (p), ==, "caf\xef\xbf\xbd");
  g_assert_true (hearth_test_has_warning (p, "speedscope: invalid UTF-8 replaced by U+FFFD"));

  bad = strstr (text->str, "[0, 1, 2],[0, 2, 2]") - text->str + 5;
  text->str[bad] = '}';
  g_clear_object (&p);
  p = _hearth_speedscope_read ((const guint8 *) text->str, text->len, &error);
  g_assert_null (p);
  g_assert_error (error, HEARTH_PROFILE_ERROR, HEARTH_PROFILE_ERROR_BAD_TYPE);
  g_assert_cmpstr (error->message, ==,
                   "speedscope: invalid JSON: <data>:2:67: Parse error: unexpected character "
                   "`}', expected `,' or `]'");
  g_string_free (text, TRUE);
}

static void
test_large (void)
{
  GString *text = g_string_new ("{\"shared\": {\"frames\": [");
  g_autoptr (GError) error = NULL;
  g_autoptr (HearthProfile) p = NULL;
  gint64 start;

  for (guint i = 0; i < 1000; i++)
    g_string_append_printf (text, "%s{\"name\": \"f%u\", \"file\": \"m%u.py\", \"line\": %u}",
                            i ? ", " : "", i, i % 10, i + 1);
  g_string_append (text, "]}, \"profiles\": [{\"type\": \"sampled\", \"unit\": \"seconds\","
                   " \"samples\": [");
  for (guint i = 0; i < 100000; i++)
    g_string_append_printf (text, "%s[0, %u, %u]", i ? ", " : "", 1 + i % 999, 1 + (i * 7) % 999);
  g_string_append (text, "], \"weights\": [");
  for (guint i = 0; i < 100000; i++)
    g_string_append (text, i ? ", 0.01" : "0.01");
  g_string_append (text, "]}]}");

  start = g_get_monotonic_time ();
  p = _hearth_speedscope_read ((const guint8 *) text->str, text->len, &error);
  g_assert_no_error (error);
  g_test_message ("100000 samples (%" G_GSIZE_FORMAT " bytes) read in %.3f s", text->len,
                  (g_get_monotonic_time () - start) / 1e6);
  g_assert_cmpuint (hearth_profile_get_n_stacks (p), ==, 100000);
  g_assert_cmpfloat_with_epsilon (hearth_profile_get_total (p), 1000, 1e-6);
  g_assert_cmpuint (hearth_profile_get_n_functions (p), ==, 1000);
  g_string_free (text, TRUE);
}

int
main (int   argc,
      char *argv[])
{
  g_test_init (&argc, &argv, NULL);

  g_test_add_func ("/speedscope/pyspy", test_pyspy);
  g_test_add_func ("/speedscope/evented", test_evented);
  g_test_add_func ("/speedscope/threads", test_threads);
  g_test_add_func ("/speedscope/active-profile", test_active_profile);
  g_test_add_func ("/speedscope/units", test_units);
  g_test_add_func ("/speedscope/nulls", test_nulls);
  g_test_add_func ("/speedscope/negative-weight", test_negative_weight);
  g_test_add_func ("/speedscope/sampled-errors", test_sampled_errors);
  g_test_add_func ("/speedscope/evented-small", test_evented_small);
  g_test_add_func ("/speedscope/evented-repair", test_evented_repair);
  g_test_add_func ("/speedscope/evented-errors", test_evented_errors);
  g_test_add_func ("/speedscope/document-errors", test_document_errors);
  g_test_add_func ("/speedscope/empty", test_empty);
  g_test_add_func ("/speedscope/non-utf8", test_non_utf8);
  g_test_add_func ("/speedscope/long-name", test_long_name);
  g_test_add_func ("/speedscope/large", test_large);
  g_test_add_func ("/speedscope/text-as-json-glib", test_text_as_json_glib);
  g_test_add_func ("/speedscope/big-text", test_big_text);

  return g_test_run ();
}
