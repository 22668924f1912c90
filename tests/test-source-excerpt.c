/* test-source-excerpt.c: a function's def read from tests/data/workload.py, found as the names
 * find it, and its lines' heat from py-spy's and CPython 3.15's per-line frames (worked out
 * from the files: crunch's frames at lines 74-77 are on 17, 191, 14 and 10 of the samples).
 *
 * Copyright 2026 The Hearth authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "hearth-source-excerpt.h"
#include "hearth-test-util.h"

#include <string.h>

static guint
function_of (HearthProfile *profile,
             const char    *frame)
{
  const HearthFunction *f = hearth_test_find_frame (profile, frame);

  return (guint) (f - hearth_profile_get_function (profile, 0));
}

static gint
find_function (HearthProfile *profile,
               const char    *name)
{
  for (guint i = 0; i < hearth_profile_get_n_functions (profile); i++)
    if (strcmp (hearth_profile_get_function (profile, i)->name, name) == 0)
      return (gint) i;
  return -1;
}

/* crunch, lines 72 (def) to 78 (return): 7 lines, the heat on 74-77 */
static void
assert_crunch (HearthSourceExcerpt *excerpt)
{
  static const double samples[] = { 0, 0, 17, 191, 14, 10, 0 };

  g_assert_true (excerpt->found_def);
  g_assert_true (g_str_has_suffix (excerpt->path, "workload.py"));
  g_assert_cmpuint (excerpt->first_line, ==, 72);
  g_assert_cmpuint (excerpt->mark_line, ==, 72);
  g_assert_cmpuint (excerpt->n_lines, ==, 7);
  g_assert_cmpstr (excerpt->lines[0], ==, "def crunch(n):");
  g_assert_cmpstr (excerpt->lines[6], ==, "    return total");
  g_assert_null (excerpt->lines[7]);
  g_assert_nonnull (excerpt->heat);
  for (guint i = 0; i < 7; i++)
    g_assert_cmpfloat_with_epsilon (excerpt->heat[i], samples[i] / 232, 1e-12);
}

static void
test_pyspy_lines (void)
{
  g_autoptr (HearthProfile) profile = hearth_test_load_data ("pyspy_raw.txt");
  g_autoptr (GError) error = NULL;
  g_autoptr (HearthSourceExcerpt) excerpt = NULL;

  /* any of crunch's lines finds the same def */
  excerpt = hearth_source_excerpt_new (profile, function_of (profile, "crunch (workload.py:76)"),
                                       &error);
  g_assert_no_error (error);
  assert_crunch (excerpt);
}

static void
test_cpython_lines (void)
{
  g_autoptr (HearthProfile) profile = hearth_test_load_data ("cpython315_collapsed.txt");
  g_autoptr (GError) error = NULL;
  g_autoptr (HearthSourceExcerpt) excerpt = NULL;

  excerpt = hearth_source_excerpt_new (profile, function_of (profile, "workload.py:crunch:75"),
                                       &error);
  g_assert_no_error (error);
  assert_crunch (excerpt);
}

/* cProfile records the def's first line only: the def, no heat. */
static void
test_cprofile (void)
{
  g_autoptr (HearthProfile) profile = hearth_test_load_data ("cprofile_py312.prof");
  g_autoptr (GError) error = NULL;
  g_autoptr (HearthSourceExcerpt) excerpt = NULL;
  gint crunch = find_function (profile, "crunch");
  gint builtin = find_function (profile, "<built-in method builtins.sum>");

  g_assert_cmpint (crunch, >=, 0);
  excerpt = hearth_source_excerpt_new (profile, (guint) crunch, &error);
  g_assert_no_error (error);
  g_assert_true (excerpt->found_def);
  g_assert_cmpuint (excerpt->mark_line, ==, 72);
  g_assert_cmpuint (excerpt->n_lines, ==, 7);
  g_assert_null (excerpt->heat);

  g_assert_cmpint (builtin, >=, 0);
  g_assert_null (hearth_source_excerpt_new (profile, (guint) builtin, &error));
  g_assert_error (error, HEARTH_SOURCE_ERROR, HEARTH_SOURCE_ERROR_NO_FILE);
}

/* Frames only at the def line (Hearth's sampler records co_firstlineno): the def, no heat. */
static void
test_def_lines_only (void)
{
  g_autofree char *path = hearth_test_data_path ("workload.py");
  g_autofree char *text = g_strdup_printf ("crunch (%s:72) 5\nmain;crunch (%s:72) 2\n", path,
                                           path);
  g_autoptr (GBytes) bytes = g_bytes_new (text, strlen (text));
  g_autoptr (GError) error = NULL;
  g_autoptr (HearthProfile) profile = hearth_profile_load_bytes (bytes, "s.txt", &error);
  g_autoptr (HearthSourceExcerpt) excerpt = NULL;

  g_assert_no_error (error);
  excerpt = hearth_source_excerpt_new (profile, 0, &error);
  g_assert_no_error (error);
  g_assert_true (excerpt->found_def);
  g_assert_cmpuint (excerpt->mark_line, ==, 72);
  g_assert_null (excerpt->heat);
}

/* A file that is nowhere, and a line past the end of the file. */
static void
test_missing (void)
{
  const char *text = "main (no_such_file_here.py:3) 2\n";
  g_autoptr (GBytes) bytes = g_bytes_new_static (text, strlen (text));
  g_autoptr (GError) error = NULL;
  g_autoptr (HearthProfile) profile = hearth_profile_load_bytes (bytes, "x.txt", &error);
  g_autoptr (HearthProfile) pyspy = hearth_test_load_data ("pyspy_raw.txt");
  g_autofree char *path = hearth_test_data_path ("workload.py");
  g_autofree char *past = g_strdup_printf ("f (%s:5000) 1\n", path);
  g_autoptr (GBytes) past_bytes = g_bytes_new (past, strlen (past));
  g_autoptr (HearthProfile) changed = hearth_profile_load_bytes (past_bytes, "y.txt", &error);

  g_assert_no_error (error);
  g_assert_null (hearth_source_excerpt_new (profile, 0, &error));
  g_assert_error (error, HEARTH_SOURCE_ERROR, HEARTH_SOURCE_ERROR_NOT_FOUND);
  g_assert_nonnull (strstr (error->message, "no_such_file_here.py cannot be read"));
  g_clear_error (&error);

  g_assert_null (hearth_source_excerpt_new (changed, 0, &error));
  g_assert_error (error, HEARTH_SOURCE_ERROR, HEARTH_SOURCE_ERROR_NOT_FOUND);
  g_assert_nonnull (strstr (error->message, "has no line 5000"));
  g_clear_error (&error);

  /* a line of main's body finds the def around it, above that line */
  {
    g_autoptr (HearthSourceExcerpt) module = NULL;

    module = hearth_source_excerpt_new (pyspy, function_of (pyspy, "main (workload.py:94)"),
                                        &error);
    g_assert_no_error (error);
    g_assert_true (module->found_def);
    g_assert_cmpuint (module->mark_line, <, 94);
  }
}

int
main (int   argc,
      char *argv[])
{
  g_test_init (&argc, &argv, NULL);

  g_test_add_func ("/source-excerpt/pyspy-lines", test_pyspy_lines);
  g_test_add_func ("/source-excerpt/cpython-lines", test_cpython_lines);
  g_test_add_func ("/source-excerpt/cprofile", test_cprofile);
  g_test_add_func ("/source-excerpt/def-lines-only", test_def_lines_only);
  g_test_add_func ("/source-excerpt/missing", test_missing);

  return g_test_run ();
}
