/* test-folded-reader.c: the folded-stacks reader.
 *
 * Copyright 2026 The Hearth authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "hearth-folded-reader.h"
#include "hearth-profile-private.h"
#include "hearth-test-util.h"

#include <string.h>

/* A stream that hands out at most a few bytes per read, so that lines straddle reads. */

#define TEST_TYPE_TRICKLE_STREAM (test_trickle_stream_get_type ())
G_DECLARE_FINAL_TYPE (TestTrickleStream, test_trickle_stream, TEST, TRICKLE_STREAM, GInputStream)

struct _TestTrickleStream
{
  GInputStream  parent_instance;
  GBytes       *bytes;
  gsize         pos;
  gsize         step;
};

G_DEFINE_TYPE (TestTrickleStream, test_trickle_stream, G_TYPE_INPUT_STREAM)

static gssize
test_trickle_stream_read (GInputStream  *stream,
                          void          *buffer,
                          gsize          count,
                          GCancellable  *cancellable,
                          GError       **error)
{
  TestTrickleStream *self = TEST_TRICKLE_STREAM (stream);
  gsize len;
  const guint8 *data = g_bytes_get_data (self->bytes, &len);
  gsize n = MIN (MIN (count, self->step), len - self->pos);

  memcpy (buffer, data + self->pos, n);
  self->pos += n;
  return n;
}

static gboolean
test_trickle_stream_close (GInputStream  *stream,
                           GCancellable  *cancellable,
                           GError       **error)
{
  return TRUE;
}

static void
test_trickle_stream_finalize (GObject *object)
{
  g_bytes_unref (TEST_TRICKLE_STREAM (object)->bytes);
  G_OBJECT_CLASS (test_trickle_stream_parent_class)->finalize (object);
}

static void
test_trickle_stream_class_init (TestTrickleStreamClass *klass)
{
  G_OBJECT_CLASS (klass)->finalize = test_trickle_stream_finalize;
  G_INPUT_STREAM_CLASS (klass)->read_fn = test_trickle_stream_read;
  G_INPUT_STREAM_CLASS (klass)->close_fn = test_trickle_stream_close;
}

static void
test_trickle_stream_init (TestTrickleStream *self)
{
}

static GInputStream *
trickle_stream_new (GBytes *bytes,
                    gsize   step)
{
  TestTrickleStream *self = g_object_new (TEST_TYPE_TRICKLE_STREAM, NULL);

  self->bytes = g_bytes_ref (bytes);
  self->step = step;
  return G_INPUT_STREAM (self);
}

/* Helpers */

static GBytes *
fixture_bytes (const char *name)
{
  g_autofree char *path = hearth_test_data_path (name);
  g_autoptr (GError) error = NULL;
  char *contents;
  gsize len;

  g_file_get_contents (path, &contents, &len, &error);
  g_assert_no_error (error);
  return g_bytes_new_take (contents, len);
}

static HearthProfile *
read_fixture (const char *name)
{
  g_autofree char *path = hearth_test_data_path (name);
  g_autoptr (GFile) file = g_file_new_for_path (path);
  g_autoptr (GError) error = NULL;
  g_autoptr (GFileInputStream) stream = g_file_read (file, NULL, &error);
  HearthProfile *profile;

  g_assert_no_error (error);
  profile = _hearth_folded_read (G_INPUT_STREAM (stream), NULL, &error);
  g_assert_no_error (error);
  g_assert_nonnull (profile);
  return profile;
}

static HearthProfile *
read_text (const char  *text,
           gssize       len,
           GError     **error)
{
  g_autoptr (GInputStream) stream = NULL;

  if (len < 0)
    len = strlen (text);
  stream = g_memory_input_stream_new_from_data (g_memdup2 (text, len), len, g_free);
  return _hearth_folded_read (stream, NULL, error);
}

static HearthProfile *
read_ok (const char *text)
{
  g_autoptr (GError) error = NULL;
  HearthProfile *profile = read_text (text, -1, &error);

  g_assert_no_error (error);
  g_assert_nonnull (profile);
  return profile;
}

/* Distinct stacks (identical stacks on several lines count once). */
static guint
n_distinct_stacks (HearthProfile *profile)
{
  guint n_nodes, n = 0;
  const HearthStackNode *nodes = hearth_profile_get_stack_nodes (profile, &n_nodes);

  for (guint i = 1; i < n_nodes; i++)
    if (nodes[i].n_stacks > 0)
      n++;
  return n;
}

static void
assert_plain_kind (HearthProfile *p)
{
  g_assert_cmpint (hearth_profile_get_format (p), ==, HEARTH_FORMAT_FOLDED);
  g_assert_cmpint (hearth_profile_get_kind (p), ==, HEARTH_KIND_SAMPLED);
  g_assert_cmpint (hearth_profile_get_unit (p), ==, HEARTH_UNIT_SAMPLES);
  g_assert_true (hearth_profile_has_stacks (p));
  g_assert_null (hearth_profile_get_baseline (p));
}

/* Fixtures: numbers checked by hand (and with a few lines of Python) from the files */

static void
test_plain (void)
{
  g_autoptr (HearthProfile) p = read_fixture ("plain_folded.txt");
  const HearthFunction *fib = hearth_test_find_frame (p, "fib");

  assert_plain_kind (p);
  g_assert_cmpfloat (hearth_profile_get_total (p), ==, 417);
  g_assert_cmpuint (hearth_profile_get_n_stacks (p), ==, 40);
  g_assert_cmpuint (n_distinct_stacks (p), ==, 40);
  g_assert_cmpuint (hearth_profile_get_n_functions (p), ==, 19);
  g_assert_cmpuint (hearth_test_n_warnings (p), ==, 0);
  hearth_test_assert_function (fib, "", 0, "fib");
  g_assert_cmpfloat (fib->cum, ==, 84);
  g_assert_cmpfloat (fib->own, ==, 84);
  g_assert_cmpfloat (hearth_test_find_frame (p, "shared_helper")->cum, ==, 166);
  g_assert_cmpfloat (hearth_test_find_frame (p, "<module>")->cum, ==, 417);
}

static void
test_pyspy (void)
{
  g_autoptr (HearthProfile) p = read_fixture ("pyspy_raw.txt");
  const HearthFunction *helper = hearth_test_find_frame (p, "shared_helper (workload.py:50)");

  assert_plain_kind (p);
  g_assert_cmpfloat (hearth_profile_get_total (p), ==, 417);
  g_assert_cmpuint (hearth_profile_get_n_stacks (p), ==, 58);
  g_assert_cmpuint (n_distinct_stacks (p), ==, 58);
  g_assert_cmpuint (hearth_profile_get_n_functions (p), ==, 52);
  hearth_test_assert_function (helper, "workload.py", 50, "shared_helper");
  g_assert_cmpfloat (helper->cum, ==, 101);
  g_assert_cmpfloat (helper->own, ==, 101);
  g_assert_cmpfloat (hearth_test_find_frame (p, "fib (workload.py:53)")->cum, ==, 83);
  hearth_test_assert_function (hearth_test_find_frame (p, "<module> (gen_folded.py:205)"),
                               "gen_folded.py", 205, "<module>");
  hearth_test_assert_function (hearth_test_find_frame (p, "_sum (_methods.py:49)"),
                               "_methods.py", 49, "_sum");
  g_assert_cmpuint (hearth_test_n_warnings (p), ==, 0);
}

static void
test_pyspy_threads (void)
{
  g_autoptr (HearthProfile) p = read_fixture ("pyspy_raw_threads.txt");
  const HearthFunction *thread = hearth_test_find_frame (p, "thread (17715): MainThread");

  g_assert_cmpfloat (hearth_profile_get_total (p), ==, 417);
  g_assert_cmpuint (hearth_profile_get_n_stacks (p), ==, 58);
  g_assert_cmpuint (hearth_profile_get_n_functions (p), ==, 53);
  hearth_test_assert_function (thread, "", 0, "thread (17715): MainThread");
  g_assert_cmpfloat (thread->cum, ==, 417);
  g_assert_cmpfloat (thread->own, ==, 0);
}

static void
test_pyspy_nolineno (void)
{
  g_autoptr (HearthProfile) p = read_fixture ("pyspy_raw_nolineno.txt");

  g_assert_cmpfloat (hearth_profile_get_total (p), ==, 417);
  g_assert_cmpuint (hearth_profile_get_n_stacks (p), ==, 40);
  g_assert_cmpuint (hearth_profile_get_n_functions (p), ==, 20);
  hearth_test_assert_function (hearth_test_find_frame (p, "_sum (_methods.py)"),
                               "_methods.py", 0, "_sum");
  hearth_test_assert_function (hearth_test_find_frame (p, "<lambda> (workload.py)"),
                               "workload.py", 0, "<lambda>");
}

static void
test_cpython315 (void)
{
  g_autoptr (HearthProfile) p = read_fixture ("cpython315_collapsed.txt");
  const HearthFunction *dot = hearth_test_find_frame (p, "<__array_function__ internals>:dot:200");
  const HearthFunction *crunch = hearth_test_find_frame (p, "workload.py:crunch:75");
  const HearthFunction *tid = hearth_test_find_frame (p, "tid:140080673144896");

  g_assert_cmpfloat (hearth_profile_get_total (p), ==, 417);
  g_assert_cmpuint (hearth_profile_get_n_stacks (p), ==, 58);
  g_assert_cmpuint (hearth_profile_get_n_functions (p), ==, 53);
  hearth_test_assert_function (dot, "<__array_function__ internals>", 200, "dot");
  g_assert_cmpfloat (dot->cum, ==, 19);
  hearth_test_assert_function (crunch, "workload.py", 75, "crunch");
  g_assert_cmpfloat (crunch->cum, ==, 191);
  g_assert_cmpfloat (crunch->own, ==, 36);
  hearth_test_assert_function (tid, "", 0, "tid:140080673144896");
  g_assert_cmpfloat (tid->cum, ==, 417);
}

static void
test_perf (void)
{
  g_autoptr (HearthProfile) p = read_fixture ("perf_annotated.txt");
  const HearthFunction *read = hearth_test_find_frame (p, "__x64_sys_read_[k]");

  g_assert_cmpfloat (hearth_profile_get_total (p), ==, 55);
  g_assert_cmpuint (hearth_profile_get_n_stacks (p), ==, 5);
  g_assert_cmpuint (hearth_profile_get_n_functions (p), ==, 20);
  hearth_test_assert_function (read, "", 0, "__x64_sys_read");
  g_assert_cmpfloat (read->own, ==, 4);
  hearth_test_assert_function (hearth_test_find_frame (p, "com/example/App:::run_[j]"),
                               "", 0, "com/example/App:::run");
  hearth_test_assert_function (hearth_test_find_frame (p, "com/example/App:::helper_[i]"),
                               "", 0, "com/example/App:::helper");
  hearth_test_assert_function (hearth_test_find_frame (p, "[unknown]"), "", 0, "[unknown]");
  hearth_test_assert_function (hearth_test_find_frame (p, "[libpython3.11.so.1.0]"),
                               "", 0, "[libpython3.11.so.1.0]");
  hearth_test_assert_function (hearth_test_find_frame (p, "java-1234/1240"),
                               "", 0, "java-1234/1240");
  g_assert_cmpfloat (hearth_test_find_frame (p, "cpu_idle_[k]")->own, ==, 30);
  g_assert_cmpfloat (hearth_test_find_frame (p, "python3")->cum, ==, 18);
}

static void
test_diff (void)
{
  g_autoptr (HearthProfile) p = read_fixture ("plain_folded_diff.txt");
  HearthProfile *before = hearth_profile_get_baseline (p);

  g_assert_nonnull (before);
  g_assert_cmpfloat (hearth_profile_get_total (p), ==, 501);
  g_assert_cmpfloat (hearth_profile_get_total (before), ==, 417);
  g_assert_cmpuint (hearth_profile_get_n_stacks (p), ==, 40);
  g_assert_cmpuint (hearth_profile_get_n_stacks (before), ==, 40);
  g_assert_cmpuint (hearth_profile_get_n_functions (p), ==, 19);
  g_assert_cmpfloat (hearth_test_find_frame (p, "fib")->cum, ==, 168);
  g_assert_cmpfloat (hearth_test_find_frame (before, "fib")->cum, ==, 84);
  g_assert_cmpfloat (hearth_test_find_frame (p, "shared_helper")->cum, ==, 166);
  g_assert_cmpfloat (hearth_test_find_frame (before, "shared_helper")->cum, ==, 166);
  g_assert_null (hearth_profile_get_baseline (before));
  g_assert_true (hearth_test_has_warning (p, "differential folded file: loaded the second count"));
  g_assert_cmpint (hearth_profile_get_format (before), ==, HEARTH_FORMAT_FOLDED);

  /* the same totals as the two files it was made from */
  {
    g_autoptr (HearthProfile) plain = read_fixture ("plain_folded.txt");
    g_autoptr (HearthProfile) after = read_fixture ("plain_folded_after.txt");

    g_assert_cmpfloat (hearth_profile_get_total (plain), ==, hearth_profile_get_total (before));
    g_assert_cmpfloat (hearth_profile_get_total (after), ==, hearth_profile_get_total (p));
  }
}

/* One one-count line makes the whole file one-count: the earlier "N M" endings were a frame
 * ending in a number and a count. */
static void
test_diff_undone (void)
{
  g_autoptr (HearthProfile) p = read_ok ("a;b 1 2\na;b 7 5\na;c 3\nd 4 6\n");

  g_assert_null (hearth_profile_get_baseline (p));
  g_assert_cmpfloat (hearth_profile_get_total (p), ==, 16);
  g_assert_cmpuint (hearth_profile_get_n_stacks (p), ==, 4);
  g_assert_cmpfloat (hearth_test_find_frame (p, "b 1")->own, ==, 2);
  g_assert_cmpfloat (hearth_test_find_frame (p, "b 7")->own, ==, 5);
  g_assert_cmpfloat (hearth_test_find_frame (p, "d 4")->own, ==, 6);
  g_assert_false (hearth_test_has_frame (p, "b"));
  g_assert_false (hearth_test_has_frame (p, "d"));
  g_assert_false (hearth_test_has_warning (p, "differential"));
}

static void
test_diff_edge (void)
{
  g_autoptr (HearthProfile) p = read_ok ("# header\na;b 1 2\n\nc 0 3\nbad line\na;b 2.5 0\n");
  HearthProfile *before = hearth_profile_get_baseline (p);

  g_assert_nonnull (before);
  g_assert_cmpfloat (hearth_profile_get_total (p), ==, 5);
  g_assert_cmpfloat (hearth_profile_get_total (before), ==, 3.5);
  g_assert_cmpfloat (hearth_test_find_frame (before, "b")->own, ==, 3.5);
  g_assert_cmpfloat (hearth_test_find_frame (p, "c")->own, ==, 3);
  g_assert_true (hearth_test_has_warning (p, "1 line ignored (first: line 5: no count)"));
}

static void
test_crlf (void)
{
  g_autoptr (HearthProfile) p = read_fixture ("edge_crlf.txt");

  g_assert_cmpfloat (hearth_profile_get_total (p), ==, 6);
  g_assert_cmpuint (hearth_profile_get_n_stacks (p), ==, 3);
  g_assert_cmpuint (hearth_profile_get_n_functions (p), ==, 3);
  g_assert_cmpfloat (hearth_test_find_frame (p, "c")->own, ==, 3);
  g_assert_cmpfloat (hearth_test_find_frame (p, "b")->cum, ==, 5);
  g_assert_cmpfloat (hearth_test_find_frame (p, "a")->cum, ==, 6);
  g_assert_cmpuint (hearth_test_n_warnings (p), ==, 0);
}

static void
test_misc (void)
{
  g_autoptr (HearthProfile) p = read_fixture ("edge_misc.txt");
  const HearthFunction *helper = hearth_test_find_frame (p, "helper (my file.py:3)");
  const HearthFunction *joined = hearth_test_find_frame (p, "name (a;b.py:1)");

  /* lines 3-8 and 11-13 are stacks; 9 (negative) and 10 (no count) are not */
  g_assert_cmpuint (hearth_profile_get_n_stacks (p), ==, 9);
  hearth_test_assert_function (helper, "my file.py", 3, "helper");
  g_assert_cmpfloat (helper->own, ==, 5);
  hearth_test_assert_function (joined, "a;b.py", 1, "name");
  g_assert_cmpfloat (joined->own, ==, 2);
  g_assert_cmpfloat (hearth_test_find_frame (p, "weird")->cum, ==, 2);
  g_assert_cmpfloat (hearth_test_find_frame (p, "empty_frame_between")->own, ==, 1);
  g_assert_false (hearth_test_has_frame (p, ""));
  g_assert_cmpfloat (hearth_test_find_frame (p, "main")->own, ==, 7);
  g_assert_cmpfloat (hearth_test_find_frame (p, "fractional")->own, ==, 2.5);
  g_assert_cmpfloat (hearth_test_find_frame (p, "zero")->cum, ==, 0);
  g_assert_cmpfloat (hearth_test_find_frame (p, "trailing_space")->own, ==, 4);
  g_assert_cmpfloat (hearth_test_find_frame (p, "caf\xc3\xa9")->cum, ==, 1);
  g_assert_cmpfloat (hearth_test_find_frame (p, "\xc3\xbcnicode")->own, ==, 1);
  g_assert_cmpfloat (hearth_test_find_frame (p, "big")->own, ==, (double) G_MAXINT64);
  g_assert_false (hearth_test_has_frame (p, "negative"));
  g_assert_false (hearth_test_has_frame (p, "no_count"));
  g_assert_true (hearth_test_has_warning (p, "2 lines ignored (first: line 9: negative count)"));
  g_assert_true (hearth_test_has_warning (p, "1 line with a count above 9223372036854775807, "
                                             "capped (first: line 13)"));
  g_assert_true (hearth_test_has_warning (p, "1 frame had a ';' in a file name, re-joined (first: "
                                             "line 4)"));
  g_assert_cmpuint (hearth_test_n_warnings (p), ==, 3);
}

static void
test_nonutf8 (void)
{
  g_autoptr (HearthProfile) p = read_fixture ("edge_nonutf8.txt");
  const HearthFunction *f = hearth_test_find_frame (p, "latin1_\xef\xbf\xbdt\xef\xbf\xbd");

  g_assert_cmpfloat (hearth_profile_get_total (p), ==, 4);
  g_assert_cmpfloat (f->own, ==, 3);
  g_assert_true (g_utf8_validate (f->name, -1, NULL));
  g_assert_true (hearth_test_has_warning (p, "1 line with invalid UTF-8, replaced by U+FFFD "
                                             "(first: line 1)"));
}

/* Inputs made in the test */

static void
test_empty (void)
{
  const char *inputs[] = { "", "\n", "\n\n  \n", "# only a comment\n", "# a\r\n\r\n# b" };

  for (guint i = 0; i < G_N_ELEMENTS (inputs); i++)
    {
      g_autoptr (HearthProfile) p = read_ok (inputs[i]);

      g_assert_cmpuint (hearth_profile_get_n_stacks (p), ==, 0);
      g_assert_cmpuint (hearth_profile_get_n_functions (p), ==, 0);
      g_assert_cmpfloat (hearth_profile_get_total (p), ==, 0);
      g_assert_cmpuint (hearth_test_n_warnings (p), ==, 0);
    }
}

static void
test_garbage (void)
{
  static const guint8 binary[] = { 0x7f, 'E', 'L', 'F', 2, 1, 1, 0, 0, 0, '\n', 0, 0, 0xff, ' ',
                                   '1', '\n', 0xfe, 0xfe, 0 };
  const char *texts[] = { "hello\nworld\n", "a;b\n;;; 5\n", "   7\n", "x -1\n",
                          "main;foo bar\n" };
  g_autoptr (GError) error = NULL;
  HearthProfile *p;

  p = read_text ((const char *) binary, sizeof binary, &error);
  g_assert_null (p);
  g_assert_error (error, HEARTH_PROFILE_ERROR, HEARTH_PROFILE_ERROR_BAD_SHAPE);
  g_assert_true (g_str_has_prefix (error->message, "no folded stack lines found"));
  g_clear_error (&error);

  for (guint i = 0; i < G_N_ELEMENTS (texts); i++)
    {
      p = read_text (texts[i], -1, &error);
      g_assert_null (p);
      g_assert_error (error, HEARTH_PROFILE_ERROR, HEARTH_PROFILE_ERROR_BAD_SHAPE);
      g_clear_error (&error);
    }
}

static void
test_ignored (void)
{
  g_autoptr (HearthProfile) p = read_ok ("a;b\n 5\n;; 3\na x\nok 2\nneg -1.5\n");

  g_assert_cmpuint (hearth_profile_get_n_stacks (p), ==, 1);
  g_assert_cmpfloat (hearth_profile_get_total (p), ==, 2);
  g_assert_true (hearth_test_has_warning (p, "5 lines ignored (first: line 1: no count)"));
  g_assert_cmpuint (hearth_test_n_warnings (p), ==, 1);
}

static void
test_counts (void)
{
  g_autoptr (HearthProfile) p = read_ok ("a 0.5\nb 1.\na 2.25\nc\t\t3 \t\r\n"
                                         "d 9223372036854775807\ne 9223372036854775808\n"
                                         "f 99999999999999999999999999.5\ng 0\n");

  g_assert_cmpfloat (hearth_test_find_frame (p, "a")->own, ==, 2.75);
  g_assert_cmpfloat (hearth_test_find_frame (p, "b")->own, ==, 1);
  g_assert_cmpfloat (hearth_test_find_frame (p, "c")->own, ==, 3);
  g_assert_cmpfloat (hearth_test_find_frame (p, "d")->own, ==, (double) G_MAXINT64);
  g_assert_cmpfloat (hearth_test_find_frame (p, "e")->own, ==, (double) G_MAXINT64);
  g_assert_cmpfloat (hearth_test_find_frame (p, "f")->own, ==, (double) G_MAXINT64);
  g_assert_cmpfloat (hearth_test_find_frame (p, "g")->own, ==, 0);
  g_assert_true (hearth_test_has_warning (p, "2 lines with a count above 9223372036854775807, "
                                             "capped (first: line 6)"));
}

static void
test_bom_and_blanks (void)
{
  g_autoptr (HearthProfile) p = read_ok ("\xef\xbb\xbf" "a;b 1\n  # indented comment\nlast;line 2");

  g_assert_true (hearth_test_has_frame (p, "a"));
  g_assert_cmpfloat (hearth_test_find_frame (p, "line")->own, ==, 2);
  g_assert_cmpuint (hearth_test_n_warnings (p), ==, 0);
}

static void
test_split_frame (void)
{
  static const struct
  {
    const char *frame, *file, *name;
    gint64      line;
  } cases[] = {
    { "main (app.py:10)", "app.py", "main", 10 },
    { "main (app.py)", "app.py", "main", 0 },
    { "f (C:\\x(1)\\y.py:12)", "C:\\x(1)\\y.py", "f", 12 },
    /* the file starts after the last " (" (FORMATS.md 3.3), even inside a file name */
    { "f (/a (b).py:3)", "b).py", "f (/a", 3 },
    { "f (C:\\y.py)", "C:\\y.py", "f", 0 },
    { "0x7f0012 (?)", "?", "0x7f0012", 0 },
    { "g (b.py:99999999999999999999)", "b.py:99999999999999999999", "g", 0 },
    { "h (:7)", ":7", "h", 0 },
    { "thread (17715): MainThread", "", "thread (17715): MainThread", 0 },
    { "process 12:\"python x.py\"", "", "process 12:\"python x.py\"", 0 },
    { "workload.py:Square.area:34", "workload.py", "Square.area", 34 },
    { "a.py:<task x:y>:5", "a.py", "<task x:y>", 5 },
    { "<frozen importlib._bootstrap>:_find_and_load:1360", "<frozen importlib._bootstrap>",
      "_find_and_load", 1360 },
    { "<string>:<module>:1", "<string>", "<module>", 1 },
    /* the shape of CPython's frames, but node's (from speedscope's and inferno's corpora) */
    { "LazyCompile:_tickDomainCallback node.js:387", "",
      "LazyCompile:_tickDomainCallback node.js:387", 0 },
    { "lib:work:12", "", "lib:work:12", 0 },
    { "tid:140080673144896", "", "tid:140080673144896", 0 },
    { "<GC>", "", "<GC>", 0 },
    { "a::5", "", "a::5", 0 },
    { ":f:5", "", ":f:5", 0 },
    { "x:y:z", "", "x:y:z", 0 },
    { "do_syscall_64_[k]", "", "do_syscall_64", 0 },
    { "waker_[w]", "", "waker", 0 },
    { "_[k]", "", "_[k]", 0 },
    { "odd_[x]", "", "odd_[x]", 0 },
    { "(x.py:3)", "", "(x.py:3)", 0 },
    { "plain", "", "plain", 0 },
    { "", "", "", 0 },
  };

  for (guint i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      g_autofree char *file = NULL;
      g_autofree char *name = NULL;
      gint64 line = -1;

      _hearth_folded_split_frame (cases[i].frame, &file, &line, &name);
      g_test_message ("%s", cases[i].frame);
      g_assert_cmpstr (file, ==, cases[i].file);
      g_assert_cmpstr (name, ==, cases[i].name);
      g_assert_cmpint (line, ==, cases[i].line);
    }
}

/* `tid:N` roots say the file is CPython's collapsed output: then FILE:FUNC:LINE is split
 * whatever FILE looks like. */
static void
test_cpython_dialect (void)
{
  g_autoptr (HearthProfile) plain = read_ok ("LazyCompile:_tickDomainCallback node.js:387;"
                                             "lib:work:12 2\n");
  g_autoptr (HearthProfile) cpython = read_ok ("tid:7;lib:work:12 2\n");

  hearth_test_assert_function (hearth_test_find_frame (plain, "lib:work:12"), "", 0,
                               "lib:work:12");
  hearth_test_assert_function (hearth_test_find_frame (plain,
                                                       "LazyCompile:_tickDomainCallback "
                                                       "node.js:387"),
                               "", 0, "LazyCompile:_tickDomainCallback node.js:387");
  hearth_test_assert_function (hearth_test_find_frame (cpython, "lib:work:12"), "lib", 12,
                               "work");
}

/* Text that is not folded stacks is said to be so, rather than loaded as a few accidental
 * samples or read to its end. */
static void
test_not_a_profile (void)
{
  g_autoptr (GString) mostly_bad = g_string_new (NULL);
  g_autoptr (GString) blank = g_string_new (NULL);
  g_autoptr (GError) error = NULL;
  g_autoptr (HearthProfile) few = NULL;
  HearthProfile *p;

  /* 100 ignored lines for 9 stacks: more than ten to one */
  for (guint i = 0; i < 100; i++)
    g_string_append (mostly_bad, "this is a log line\n");
  for (guint i = 0; i < 9; i++)
    g_string_append (mostly_bad, "main;work 1\n");
  p = read_text (mostly_bad->str, mostly_bad->len, &error);
  g_assert_null (p);
  g_assert_error (error, HEARTH_PROFILE_ERROR, HEARTH_PROFILE_ERROR_UNSUPPORTED);
  g_assert_true (g_str_has_prefix (error->message, "not a profile: "));
  g_assert_nonnull (strstr (error->message, "speedscope"));
  g_clear_error (&error);

  /* ... and ten to one is still a profile, with a warning */
  g_string_append (mostly_bad, "main;work 1\n");
  few = read_text (mostly_bad->str, mostly_bad->len, &error);
  g_assert_no_error (error);
  g_assert_true (hearth_test_has_warning (few, "100 lines ignored (first: line 1: no count)"));

  /* no stack line in the first 64 KiB: the rest is not read */
  for (guint i = 0; i < 70000; i++)
    g_string_append_c (blank, '\n');
  g_string_append (blank, "main;work 1\n");
  p = read_text (blank->str, blank->len, &error);
  g_assert_null (p);
  g_assert_error (error, HEARTH_PROFILE_ERROR, HEARTH_PROFILE_ERROR_UNSUPPORTED);
}

/* Lines are added by their prefix shared with the line before: the stacks must be the same
 * as read one by one. */
static void
test_shared_prefix (void)
{
  g_autoptr (HearthProfile) p = read_ok ("a;b;c 1\na;b;d 2\na;b 3\na;x;c 4\na;b;c 5\n"
                                         "b;c 6\na;b;c;d 7\n");
  guint n_nodes;
  const HearthStackNode *nodes = hearth_profile_get_stack_nodes (p, &n_nodes);

  /* a, a;b, a;b;c, a;b;d, a;x, a;x;c, b, b;c, a;b;c;d */
  g_assert_cmpuint (n_nodes, ==, 10);
  g_assert_cmpuint (n_distinct_stacks (p), ==, 6);
  g_assert_cmpfloat (hearth_test_find_frame (p, "a")->cum, ==, 22);
  g_assert_cmpfloat (hearth_test_find_frame (p, "b")->cum, ==, 24);
  g_assert_cmpfloat (hearth_test_find_frame (p, "c")->cum, ==, 23);
  g_assert_cmpfloat (hearth_test_find_frame (p, "c")->own, ==, 16);
  g_assert_cmpfloat (hearth_test_find_frame (p, "d")->cum, ==, 9);
  g_assert_cmpfloat (nodes[3].weight, ==, 6);
}

static void
test_rejoin_limits (void)
{
  /* an unclosed " (" followed by a new frame that opens is not joined */
  g_autoptr (HearthProfile) p = read_ok ("f (a;g (b.py:1) 1\nx (y;z;w) 2\n");

  g_assert_true (hearth_test_has_frame (p, "f (a"));
  g_assert_true (hearth_test_has_frame (p, "g (b.py:1)"));
  hearth_test_assert_function (hearth_test_find_frame (p, "x (y;z;w)"), "y;z;w", 0, "x");
  g_assert_true (hearth_test_has_warning (p, "1 frame had a ';'"));
}

static void
test_gzip (void)
{
  g_autoptr (GBytes) plain = fixture_bytes ("pyspy_raw.txt");
  g_autoptr (GZlibCompressor) compressor = g_zlib_compressor_new (G_ZLIB_COMPRESSOR_FORMAT_GZIP, 9);
  g_autoptr (GOutputStream) memory = g_memory_output_stream_new_resizable ();
  g_autoptr (GOutputStream) gz = g_converter_output_stream_new (memory, G_CONVERTER (compressor));
  g_autoptr (GBytes) compressed = NULL;
  g_autoptr (GInputStream) raw = NULL;
  g_autoptr (GZlibDecompressor) decompressor = NULL;
  g_autoptr (GInputStream) stream = NULL;
  g_autoptr (HearthProfile) p = NULL;
  g_autoptr (GError) error = NULL;
  gsize written;

  g_output_stream_write_all (gz, g_bytes_get_data (plain, NULL), g_bytes_get_size (plain),
                             &written, NULL, &error);
  g_assert_no_error (error);
  g_output_stream_close (gz, NULL, &error);
  g_assert_no_error (error);
  compressed = g_memory_output_stream_steal_as_bytes (G_MEMORY_OUTPUT_STREAM (memory));
  g_assert_cmpuint (g_bytes_get_size (compressed), <, g_bytes_get_size (plain));

  raw = g_memory_input_stream_new_from_bytes (compressed);
  decompressor = g_zlib_decompressor_new (G_ZLIB_COMPRESSOR_FORMAT_GZIP);
  stream = g_converter_input_stream_new (raw, G_CONVERTER (decompressor));
  p = _hearth_folded_read (stream, NULL, &error);
  g_assert_no_error (error);
  g_assert_cmpfloat (hearth_profile_get_total (p), ==, 417);
  g_assert_cmpuint (hearth_profile_get_n_stacks (p), ==, 58);
  g_assert_cmpuint (hearth_profile_get_n_functions (p), ==, 52);

  /* a cut-off gzip stream is an I/O error, not a crash */
  {
    g_autoptr (GBytes) cut = g_bytes_new_from_bytes (compressed, 0,
                                                     g_bytes_get_size (compressed) / 2);
    g_autoptr (GInputStream) raw2 = g_memory_input_stream_new_from_bytes (cut);
    g_autoptr (GZlibDecompressor) d2 = g_zlib_decompressor_new (G_ZLIB_COMPRESSOR_FORMAT_GZIP);
    g_autoptr (GInputStream) s2 = g_converter_input_stream_new (raw2, G_CONVERTER (d2));
    g_autoptr (GError) e2 = NULL;
    g_autoptr (HearthProfile) p2 = _hearth_folded_read (s2, NULL, &e2);

    g_assert_null (p2);
    g_assert_error (e2, HEARTH_PROFILE_ERROR, HEARTH_PROFILE_ERROR_IO);
  }
}

/* Lines straddling reads must give the same profile as whole reads. */
static void
test_trickle (void)
{
  const char *names[] = { "pyspy_raw.txt", "edge_misc.txt", "edge_crlf.txt",
                          "plain_folded_diff.txt", "cpython315_collapsed.txt" };
  const gsize steps[] = { 1, 2, 3, 7, 4096 };

  for (guint i = 0; i < G_N_ELEMENTS (names); i++)
    {
      g_autoptr (GBytes) bytes = fixture_bytes (names[i]);
      g_autoptr (HearthProfile) whole = read_fixture (names[i]);

      for (guint k = 0; k < G_N_ELEMENTS (steps); k++)
        {
          g_autoptr (GInputStream) stream = trickle_stream_new (bytes, steps[k]);
          g_autoptr (GError) error = NULL;
          g_autoptr (HearthProfile) p = _hearth_folded_read (stream, NULL, &error);

          g_assert_no_error (error);
          g_assert_cmpfloat (hearth_profile_get_total (p), ==, hearth_profile_get_total (whole));
          g_assert_cmpuint (hearth_profile_get_n_stacks (p), ==,
                            hearth_profile_get_n_stacks (whole));
          g_assert_cmpuint (hearth_profile_get_n_functions (p), ==,
                            hearth_profile_get_n_functions (whole));
          g_assert_cmpuint (hearth_test_n_warnings (p), ==, hearth_test_n_warnings (whole));
        }
    }
}

/* Asserts that @a and @b are the same profile, function by function and node by node. */
static void
assert_same_profile (HearthProfile *a,
                     HearthProfile *b)
{
  const char * const *wa = hearth_profile_get_warnings (a);
  const char * const *wb = hearth_profile_get_warnings (b);
  const HearthStackNode *na, *nb;
  guint n_a, n_b, i;

  g_assert_cmpuint (hearth_profile_get_n_functions (a), ==, hearth_profile_get_n_functions (b));
  for (i = 0; i < hearth_profile_get_n_functions (a); i++)
    {
      const HearthFunction *fa = hearth_profile_get_function (a, i);
      const HearthFunction *fb = hearth_profile_get_function (b, i);

      g_assert_cmpstr (fa->frame, ==, fb->frame);
      g_assert_cmpstr (fa->file, ==, fb->file);
      g_assert_cmpstr (fa->name, ==, fb->name);
      g_assert_cmpint (fa->line, ==, fb->line);
      g_assert_cmpint (fa->calls, ==, fb->calls);
      g_assert_cmpint (fa->prim_calls, ==, fb->prim_calls);
    }
  na = hearth_profile_get_stack_nodes (a, &n_a);
  nb = hearth_profile_get_stack_nodes (b, &n_b);
  g_assert_cmpuint (n_a, ==, n_b);
  for (i = 0; i < n_a; i++)
    {
      g_assert_cmpuint (na[i].parent, ==, nb[i].parent);
      g_assert_cmpuint (na[i].function, ==, nb[i].function);
      g_assert_cmpuint (na[i].n_stacks, ==, nb[i].n_stacks);
      g_assert_true (memcmp (&na[i].weight, &nb[i].weight, sizeof (double)) == 0);
    }
  g_assert_cmpuint (hearth_profile_get_n_stacks (a), ==, hearth_profile_get_n_stacks (b));
  g_assert_cmpuint (hearth_profile_get_n_edges (a), ==, hearth_profile_get_n_edges (b));
  g_assert_cmpfloat (hearth_profile_get_total (a), ==, hearth_profile_get_total (b));
  for (i = 0; wa[i] != NULL && wb[i] != NULL; i++)
    g_assert_cmpstr (wa[i], ==, wb[i]);
  g_assert_null (wa[i]);
  g_assert_null (wb[i]);
  g_assert_true ((hearth_profile_get_baseline (a) == NULL) ==
                 (hearth_profile_get_baseline (b) == NULL));
  if (hearth_profile_get_baseline (a) != NULL)
    assert_same_profile (hearth_profile_get_baseline (a), hearth_profile_get_baseline (b));
}

/* Reads @text line by line, then in parts of every size on worker threads: the parts must
 * give the same profile, or the same error, as the lines. */
static void
assert_parts_agree (const char *text,
                    gsize       len)
{
  const gsize sizes[] = { 1, 2, 5, 17, 64, 300, 4096, 1 << 20 };
  g_autoptr (GInputStream) stream = g_memory_input_stream_new_from_data (text, len, NULL);
  g_autoptr (GError) line_error = NULL;
  g_autoptr (HearthProfile) lines = NULL;

  lines = _hearth_folded_read_parts (stream, 1 << 20, 0, TRUE, NULL, &line_error);
  for (guint i = 0; i < G_N_ELEMENTS (sizes); i++)
    for (guint workers = 0; workers <= 2; workers += 2)
      {
        g_autoptr (GInputStream) s = g_memory_input_stream_new_from_data (text, len, NULL);
        g_autoptr (GError) error = NULL;
        g_autoptr (HearthProfile) parts = NULL;

        g_autofree char *shown = g_utf8_make_valid (text, MIN (len, 20));

        /* the text may be any bytes; TAP wants UTF-8 */
        g_test_message ("%s...: parts of %" G_GSIZE_FORMAT " bytes, %u workers", shown,
                        sizes[i], workers);
        parts = _hearth_folded_read_parts (s, sizes[i], workers, FALSE, NULL, &error);
        if (lines == NULL)
          {
            g_assert_null (parts);
            g_assert_cmpstr (error->message, ==, line_error->message);
            g_assert_true (g_error_matches (error, line_error->domain, line_error->code));
          }
        else
          {
            g_assert_no_error (error);
            assert_same_profile (parts, lines);
          }
      }
}

/* Parts parsed side by side are merged as if the file had been read line by line: the same
 * functions and stack nodes in the same order, the same warnings and line numbers. */
static void
test_parts (void)
{
  const char *names[] = { "pyspy_raw.txt", "pyspy_raw_threads.txt", "pyspy_raw_nolineno.txt",
                          "edge_misc.txt", "edge_crlf.txt", "edge_nonutf8.txt",
                          "plain_folded.txt", "plain_folded_diff.txt", "perf_annotated.txt",
                          "cpython315_collapsed.txt" };
  /* what a part cannot parse alone, between lines it can */
  const char *texts[] = {
    "a;b 1\nc;d 2\n\xef\xbb\xbf" "e 1\n# note\na;b;c 3\nnot a stack\na;b 4\n",
    "\xef\xbb\xbfmain;f 1\nmain;g 2\n",
    "a 1\nb 2\nx (odd;name.py:3);y 1\na;x (f.py:1) 2\nbad\xff line 1\na 1",
    "a;b 1 2\na;c 3 4\n",
    "a;b 1 2\na;c 3 4\nd;e 5\nf 1 2\n",
    "a;b 1\nf 1 2\na;c 3 4\n",
    "lib.py:f:1;lib.py:g:2 1\ntid:7;lib.py:f:1 2\nlib.py:h:3 1\nother.c:k:9 2\n",
    "main;f 1.5\nmain;g 0.25\nmain;f 99999999999999999999\nmain;h -1\nmain 1e3\n",
    "a;;b 1\n;;; 2\na;b   3  \n\t\n a;b 1\r\nlast 7",
  };
  static const char nul[] = "a 1\nc\0d 1\na 2\n";
  GString *junk = g_string_new (NULL);
  GString *deep = g_string_new (NULL);

  for (guint i = 0; i < G_N_ELEMENTS (names); i++)
    {
      g_autoptr (GBytes) bytes = fixture_bytes (names[i]);
      gsize len;
      const char *data = g_bytes_get_data (bytes, &len);

      assert_parts_agree (data, len);
    }
  for (guint i = 0; i < G_N_ELEMENTS (texts); i++)
    assert_parts_agree (texts[i], strlen (texts[i]));
  assert_parts_agree (nul, sizeof nul - 1);

  /* "not a profile" while reading: blank lines before the first stack, junk after */
  for (guint i = 0; i < 70000; i++)
    g_string_append (junk, "\n");
  g_string_append (junk, "a;b 1\n");
  assert_parts_agree (junk->str, junk->len);
  g_string_truncate (junk, 0);
  g_string_append (junk, "a;b 1\n");
  for (guint i = 0; i < 1200; i++)
    g_string_append (junk, "junk\n");
  assert_parts_agree (junk->str, junk->len);
  g_string_free (junk, TRUE);

  /* a stack too deep, after some that are not */
  g_string_append (deep, "a;b 1\nc 2\n");
  for (guint i = 0; i < 100001; i++)
    g_string_append (deep, "f;");
  g_string_append (deep, "g 1\n");
  assert_parts_agree (deep->str, deep->len);
  g_string_free (deep, TRUE);
}

static void
test_cancelled (void)
{
  g_autoptr (GBytes) bytes = fixture_bytes ("pyspy_raw.txt");
  g_autoptr (GInputStream) stream = g_memory_input_stream_new_from_bytes (bytes);
  g_autoptr (GCancellable) cancellable = g_cancellable_new ();
  g_autoptr (GError) error = NULL;
  g_autoptr (HearthProfile) p = NULL;

  g_cancellable_cancel (cancellable);
  p = _hearth_folded_read (stream, cancellable, &error);
  g_assert_null (p);
  g_assert_error (error, G_IO_ERROR, G_IO_ERROR_CANCELLED);
}

static void
test_long_line (void)
{
  gsize len = 16 * 1024 * 1024 + 10;
  g_autofree char *text = g_malloc (len + 1);
  g_autoptr (GError) error = NULL;
  g_autoptr (HearthProfile) p = NULL;

  memset (text, 'a', len);
  text[len] = '\0';
  memcpy (text, "ok 1\n", 5);
  p = read_text (text, len, &error);
  g_assert_null (p);
  g_assert_error (error, HEARTH_PROFILE_ERROR, HEARTH_PROFILE_ERROR_TOO_LARGE);
  g_assert_cmpstr (error->message, ==, "line 2: longer than 16 MiB");
}

static void
test_deep (void)
{
  GString *text = g_string_new (NULL);
  g_autoptr (GError) error = NULL;
  g_autoptr (HearthProfile) ok = NULL;
  HearthProfile *bad;
  guint depth;

  for (guint i = 0; i < 100000; i++)
    g_string_append (text, i ? ";f" : "f");
  g_string_append (text, " 3\n");
  ok = read_text (text->str, text->len, &error);
  g_assert_no_error (error);
  hearth_profile_get_stack_nodes (ok, &depth);
  g_assert_cmpuint (depth, ==, 100000 + 1);
  g_assert_cmpfloat (hearth_test_find_frame (ok, "f")->cum, ==, 3);

  g_string_insert (text, 0, "x\t1\nroot;");
  bad = read_text (text->str, text->len, &error);
  g_assert_null (bad);
  g_assert_error (error, HEARTH_PROFILE_ERROR, HEARTH_PROFILE_ERROR_TOO_LARGE);
  g_assert_cmpstr (error->message, ==, "line 2: stack has more than 100000 frames");
  g_string_free (text, TRUE);
}

static void
test_large (void)
{
  GString *text = g_string_new (NULL);
  g_autoptr (GError) error = NULL;
  g_autoptr (HearthProfile) p = NULL;
  gint64 start;
  double seconds;

  for (guint i = 0; i < 200000; i++)
    g_string_append_printf (text, "main (app.py:1);mod%u (m.py:%u);work%u (w.py:%u);leaf%u %u\n",
                            i % 100, i % 100 + 1, i % 1000, i % 1000 + 1, i % 5000, i % 9 + 1);
  start = g_get_monotonic_time ();
  p = read_text (text->str, text->len, &error);
  seconds = (g_get_monotonic_time () - start) / 1e6;
  g_assert_no_error (error);
  g_test_message ("200000 stacks (%" G_GSIZE_FORMAT " bytes) read in %.3f s", text->len, seconds);
  g_assert_cmpuint (hearth_profile_get_n_stacks (p), ==, 200000);
  /* weights cycle 1..9: 22222 full cycles of 45 and two more lines (1 + 2) */
  g_assert_cmpfloat (hearth_profile_get_total (p), ==, 22222.0 * 45 + 3);
  g_assert_cmpfloat (hearth_test_find_frame (p, "main (app.py:1)")->cum, ==,
                     hearth_profile_get_total (p));
  g_assert_cmpuint (hearth_profile_get_n_functions (p), ==, 1 + 100 + 1000 + 5000);
  g_assert_cmpfloat (seconds, <, 20);
  g_string_free (text, TRUE);
}

int
main (int   argc,
      char *argv[])
{
  g_test_init (&argc, &argv, NULL);

  g_test_add_func ("/folded/plain", test_plain);
  g_test_add_func ("/folded/cpython-dialect", test_cpython_dialect);
  g_test_add_func ("/folded/not-a-profile", test_not_a_profile);
  g_test_add_func ("/folded/shared-prefix", test_shared_prefix);
  g_test_add_func ("/folded/pyspy", test_pyspy);
  g_test_add_func ("/folded/pyspy-threads", test_pyspy_threads);
  g_test_add_func ("/folded/pyspy-nolineno", test_pyspy_nolineno);
  g_test_add_func ("/folded/cpython315", test_cpython315);
  g_test_add_func ("/folded/perf", test_perf);
  g_test_add_func ("/folded/diff", test_diff);
  g_test_add_func ("/folded/diff-undone", test_diff_undone);
  g_test_add_func ("/folded/diff-edge", test_diff_edge);
  g_test_add_func ("/folded/crlf", test_crlf);
  g_test_add_func ("/folded/misc", test_misc);
  g_test_add_func ("/folded/non-utf8", test_nonutf8);
  g_test_add_func ("/folded/empty", test_empty);
  g_test_add_func ("/folded/garbage", test_garbage);
  g_test_add_func ("/folded/ignored", test_ignored);
  g_test_add_func ("/folded/counts", test_counts);
  g_test_add_func ("/folded/bom-and-blanks", test_bom_and_blanks);
  g_test_add_func ("/folded/split-frame", test_split_frame);
  g_test_add_func ("/folded/rejoin-limits", test_rejoin_limits);
  g_test_add_func ("/folded/gzip", test_gzip);
  g_test_add_func ("/folded/trickle", test_trickle);
  g_test_add_func ("/folded/parts", test_parts);
  g_test_add_func ("/folded/cancelled", test_cancelled);
  g_test_add_func ("/folded/long-line", test_long_line);
  g_test_add_func ("/folded/deep", test_deep);
  g_test_add_func ("/folded/large", test_large);

  return g_test_run ();
}
