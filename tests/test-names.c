/* test-names.c: HearthNames: labels and names told apart on hand-built profiles, and every
 * kind of name on real ones.
 *
 * Copyright 2026 The Hearth authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "hearth-names.h"
#include "hearth-profile-private.h"
#include "hearth-test-names.h"
#include "hearth-test-util.h"

#include <string.h>

/* ------------------------------------------------------------------------------------------ */
/* Labels */

/* Through HearthNames: built-ins are shortened, stack frames show their parsed name. */
static void
test_label_profile (void)
{
  g_autoptr (HearthProfile) p = new_pstats ();
  g_autoptr (HearthProfile) s = _hearth_profile_new (HEARTH_FORMAT_FOLDED, HEARTH_KIND_SAMPLED,
                                                     HEARTH_UNIT_SAMPLES);
  g_autoptr (HearthNames) names = NULL;
  g_autoptr (HearthNames) snames = NULL;
  guint exec, lam, gc, frame, stack[2];

  exec = add_function (p, "~", 0, "<built-in method builtins.exec>", 1.0);
  lam = add_function (p, "/nowhere/app.py", 3, "<lambda>", 1.0);
  _hearth_profile_finish (p);
  names = hearth_names_new (p, NULL, TRUE);
  g_assert_cmpstr (hearth_names_get_label (names, exec), ==, "exec");
  g_assert_cmpstr (hearth_names_get_qualified (names, exec), ==, "exec");
  g_assert_false (hearth_names_is_from_source (names, exec));
  g_assert_cmpstr (hearth_profile_get_function (p, exec)->name, ==,
                   "<built-in method builtins.exec>");
  g_assert_cmpstr (hearth_names_get_label (names, lam), ==, "<lambda>");
  g_assert_true (hearth_names_get_profile (names) == p);

  gc = _hearth_profile_intern_frame (s, "<GC>", "", 0, "<GC>");
  frame = _hearth_profile_intern_frame (s, "wait (threading.py:320)", "threading.py", 320, "wait");
  stack[0] = frame;
  stack[1] = gc;
  _hearth_profile_add_stack (s, stack, 2, 3);
  _hearth_profile_finish (s);
  snames = hearth_names_new (s, NULL, FALSE);
  g_assert_cmpstr (hearth_names_get_label (snames, gc), ==, "<GC>");
  g_assert_cmpstr (hearth_names_get_label (snames, frame), ==, "wait");
}

/* ------------------------------------------------------------------------------------------ */
/* Names told apart */

/* Two functions shown as `run` carry their file and line wherever they are named; a name no
 * other function shares stays as it is; files of one base name need the whole path. */
static void
test_distinct (void)
{
  g_autoptr (HearthProfile) p = new_pstats ();
  g_autoptr (HearthNames) names = NULL;
  guint run_a, run_b, main_, step_a, step_b, exec, exec_fn;

  run_a = add_function (p, "/usr/lib/python3/dist-packages/docutils/parsers/rst/states.py",
                        2800, "run", 1.0);
  run_b = add_function (p, "/usr/lib/python3/dist-packages/docutils/statemachine.py", 200,
                        "run", 1.0);
  main_ = add_function (p, "/home/u/app.py", 1, "main", 1.0);
  step_a = add_function (p, "/home/u/a/walk.py", 10, "step", 1.0);
  step_b = add_function (p, "/home/u/b/walk.py", 10, "step", 1.0);
  exec = add_function (p, "~", 0, "<built-in method builtins.exec>", 1.0);
  exec_fn = add_function (p, "/home/u/app.py", 40, "exec", 1.0);
  _hearth_profile_finish (p);
  names = hearth_names_new (p, NULL, FALSE);

  g_assert_cmpstr (hearth_names_get_distinct (names, run_a), ==, "run — states.py:2800");
  g_assert_cmpstr (hearth_names_get_distinct (names, run_b), ==, "run — statemachine.py:200");
  g_assert_cmpstr (hearth_names_get_distinct (names, main_), ==, "main");
  g_assert_cmpstr (hearth_names_get_distinct (names, step_a), ==, "step — /home/u/a/walk.py:10");
  g_assert_cmpstr (hearth_names_get_distinct (names, step_b), ==, "step — /home/u/b/walk.py:10");
  /* a built-in has no file: the profile's own name tells it apart */
  g_assert_cmpstr (hearth_names_get_distinct (names, exec), ==,
                   "exec — <built-in method builtins.exec>");
  g_assert_cmpstr (hearth_names_get_distinct (names, exec_fn), ==, "exec — app.py:40");
  {
    g_autofree char *placed = hearth_names_dup_placed (names, main_);
    g_autofree char *placed_run = hearth_names_dup_placed (names, run_a);

    g_assert_cmpstr (placed, ==, "main — app.py:1");
    g_assert_cmpstr (placed_run, ==, "run — states.py:2800");
  }
  /* the bar keeps its short label */
  g_assert_cmpstr (hearth_names_get_label (names, run_a), ==, "run");
}

/* ------------------------------------------------------------------------------------------ */
/* Real profiles (tests/data/workload.py is the profiled program's source) */

static gint
find_function (HearthProfile *p,
               const char    *file_suffix,
               gint64         line,
               const char    *name)
{
  for (guint i = 0; i < hearth_profile_get_n_functions (p); i++)
    {
      const HearthFunction *f = hearth_profile_get_function (p, i);

      if (g_str_has_suffix (f->file, file_suffix) && f->line == line && strcmp (f->name, name) == 0)
        return i;
    }
  g_error ("no function %s:%" G_GINT64_FORMAT " %s", file_suffix, line, name);
  return -1;
}

static HearthProfile *
load_fixture (const char *name)
{
  g_autofree char *path = hearth_test_data_path (name);
  g_autoptr (GError) error = NULL;
  HearthProfile *p = hearth_profile_load_path (path, &error);

  g_assert_no_error (error);
  g_assert_nonnull (p);
  return p;
}

typedef struct
{
  gint64          line;
  const char     *name;
  const char     *qualified;
} FixtureCase;

static const FixtureCase workload_defs[] = {
  { 18, "__init__", "Shape.__init__" },
  { 29, "__init__", "Rect.__init__" },
  { 39, "__init__", "Square.__init__" },
  { 24, "describe", "Shape.describe" },
  { 34, "area", "Rect.area" },
  { 43, "area", "Square.area" },
  { 53, "fib", "fib" },
};

/* cProfile run on a relative script path: the script is `workload.py`, next to the profile */
static void
test_fixture_cprofile_cli (void)
{
  g_autoptr (HearthProfile) p = load_fixture ("cprofile_cli_py311.prof");
  g_autoptr (HearthNames) names = hearth_names_new (p, NULL, TRUE);
  gint script = find_function (p, "workload.py", 1, "<module>");
  gint exec = find_function (p, "~", 0, "<built-in method builtins.exec>");
  gint numpy = find_function (p, "/usr/lib/python3/dist-packages/numpy/__init__.py", 1,
                              "<module>");
  gint listcomp = find_function (p, "workload.py", 76, "<listcomp>");
  gint lambda = find_function (p, "workload.py", 77, "<lambda>");

  g_assert_cmpint (hearth_names_get_main_module (names), ==, script);
  g_assert_cmpstr (hearth_names_get_script_dir (names), ==, ".");
  g_assert_cmpint (hearth_names_get_category (names, script), ==, MINE);
  g_assert_cmpint (hearth_names_get_category (names, numpy), ==, INSTALLED);
  g_assert_cmpint (hearth_names_get_category (names, exec), ==, PYTHON);
  g_assert_cmpstr (hearth_names_get_label (names, exec), ==, "exec");
  g_assert_cmpstr (hearth_names_get_qualified (names, listcomp), ==, "crunch.<locals>.<listcomp>");
  g_assert_cmpstr (hearth_names_get_qualified (names, lambda), ==, "crunch.<locals>.<lambda>");
  for (guint i = 0; i < G_N_ELEMENTS (workload_defs); i++)
    {
      gint f = find_function (p, "workload.py", workload_defs[i].line, workload_defs[i].name);

      g_assert_cmpstr (hearth_names_get_qualified (names, f), ==, workload_defs[i].qualified);
      g_assert_cmpint (hearth_names_get_category (names, f), ==, MINE);
    }
  for (guint i = 0; i < hearth_profile_get_n_functions (p); i++)
    {
      const HearthFunction *f = hearth_profile_get_function (p, i);

      if (g_str_has_prefix (f->file, "<frozen ") ||
          g_str_has_prefix (f->file, "/usr/lib/python3.11/"))
        g_assert_cmpint (hearth_names_get_category (names, i), ==, PYTHON);
    }
}

/* Absolute paths from another machine: the source is found by its base name. */
static void
test_fixture_cprofile_numpy (void)
{
  g_autoptr (HearthProfile) p = load_fixture ("cprofile_py311_numpy.prof");
  g_autoptr (HearthNames) names = hearth_names_new (p, NULL, TRUE);
  g_autoptr (HearthNames) plain = hearth_names_new (p, NULL, FALSE);
  gint reduce = find_function (p, "~", 0, "<method 'reduce' of 'numpy.ufunc' objects>");

  g_assert_cmpstr (hearth_names_get_label (names, reduce), ==, "reduce");
  g_assert_cmpint (hearth_names_get_category (names, reduce), ==, PYTHON);
  for (guint i = 0; i < G_N_ELEMENTS (workload_defs); i++)
    {
      gint f = find_function (p, "/workload.py", workload_defs[i].line, workload_defs[i].name);

      g_assert_cmpstr (hearth_names_get_qualified (names, f), ==, workload_defs[i].qualified);
      g_assert_cmpstr (hearth_names_get_qualified (plain, f), ==, workload_defs[i].name);
      g_assert_cmpint (hearth_names_get_category (names, f), ==, MINE);
    }
}

static void
test_fixture_python2 (void)
{
  g_autoptr (HearthProfile) p = load_fixture ("cprofile_py27.prof");
  g_autoptr (HearthNames) names = hearth_names_new (p, NULL, TRUE);
  gint len = find_function (p, "~", 0, "<len>");
  gint sqrt_ = find_function (p, "~", 0, "<math.sqrt>");
  gint append = find_function (p, "~", 0, "<method 'append' of 'list' objects>");
  gint init = find_function (p, "/workload.py", 29, "__init__");

  g_assert_cmpstr (hearth_names_get_label (names, len), ==, "len");
  g_assert_cmpstr (hearth_names_get_label (names, sqrt_), ==, "sqrt");
  g_assert_cmpstr (hearth_names_get_label (names, append), ==, "append");
  g_assert_cmpstr (hearth_names_get_qualified (names, init), ==, "Rect.__init__");
}

/* The pure-Python profile module: built-ins without a file, a `profile` pseudo file. */
static void
test_fixture_profile_module (void)
{
  g_autoptr (HearthProfile) p = load_fixture ("profile_py311.prof");
  g_autoptr (HearthNames) names = hearth_names_new (p, NULL, TRUE);
  gint len = find_function (p, "", 0, "len");
  gint profiler = find_function (p, "profile", 0, "profiler");

  g_assert_cmpstr (hearth_names_get_label (names, len), ==, "len");
  g_assert_cmpint (hearth_names_get_category (names, len), ==, PYTHON);
  g_assert_cmpint (hearth_names_get_category (names, profiler), ==, PYTHON);
  for (guint i = 0; i < hearth_profile_get_n_functions (p); i++)
    {
      const HearthFunction *f = hearth_profile_get_function (p, i);

      if (strcmp (f->file, "profile") == 0 && g_str_has_prefix (f->name, "<function main at"))
        {
          g_assert_cmpstr (hearth_names_get_label (names, i), ==, "main");
          g_assert_cmpint (hearth_names_get_category (names, i), ==, PYTHON);
        }
    }
}

/* py-spy records the line being run, and shortens paths. */
static void
test_fixture_pyspy (void)
{
  g_autoptr (HearthProfile) p = load_fixture ("pyspy_raw.txt");
  g_autoptr (HearthNames) names = hearth_names_new (p, NULL, TRUE);
  static const FixtureCase cases[] = {
    { 30, "__init__", "Rect.__init__" },
    { 40, "__init__", "Square.__init__" },
    { 35, "area", "Rect.area" },
    { 45, "area", "Square.area" },
    { 25, "describe", "Shape.describe" },
    { 76, "crunch", "crunch" },
    { 76, "<listcomp>", "crunch.<locals>.<listcomp>" },
    { 77, "<lambda>", "crunch.<locals>.<lambda>" },
    { 93, "<listcomp>", "main.<locals>.<listcomp>" },
  };
  gint wait;

  g_assert_cmpstr (hearth_names_get_script_dir (names), ==, ".");
  for (guint i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      gint f = find_function (p, "workload.py", cases[i].line, cases[i].name);

      g_assert_cmpstr (hearth_names_get_qualified (names, f), ==, cases[i].qualified);
      g_assert_cmpint (hearth_names_get_category (names, f), ==, MINE);
    }
  wait = find_function (p, "threading.py", 320, "wait");
  g_assert_cmpint (hearth_names_get_category (names, wait), ==, PYTHON);
}

/* ------------------------------------------------------------------------------------------ */
/* Size */

static void
test_large_profile (void)
{
  g_autoptr (HearthProfile) p = new_pstats ();
  g_autoptr (HearthNames) names = NULL;
  g_autofree char *file = names_data ("classes.py");
  g_autoptr (GTimer) timer = NULL;
  guint n = 200000;

  for (guint i = 0; i < n; i++)
    {
      g_autofree char *path = g_strdup_printf ("/home/u/proj/pkg%u/mod%u.py", i % 2000, i % 7);
      g_autofree char *fname = g_strdup_printf ("f%u", i);

      if (i % 10 == 0)
        add_function (p, "~", 0, "<built-in method builtins.exec>", 1.0);
      add_function (p, i % 3 == 0 ? file : path, i % 200, fname, 1.0);
    }
  add_function (p, "/home/u/proj/app.py", 1, "<module>", 5.0);
  _hearth_profile_finish (p);

  timer = g_timer_new ();
  names = hearth_names_new (p, NULL, TRUE);
  g_test_message ("%u functions named in %.3f s", hearth_profile_get_n_functions (p),
                  g_timer_elapsed (timer, NULL));
  g_assert_cmpstr (hearth_names_get_script_dir (names), ==, "/home/u/proj");
  g_assert_cmpuint (hearth_names_get_n_files_read (names), ==, 1);
  g_assert_cmpfloat (g_timer_elapsed (timer, NULL), <, 10.0);
}

int
main (int   argc,
      char *argv[])
{
  g_test_init (&argc, &argv, NULL);

  g_test_add_func ("/names/label/profile", test_label_profile);
  g_test_add_func ("/names/distinct", test_distinct);
  g_test_add_func ("/names/fixtures/cprofile-cli", test_fixture_cprofile_cli);
  g_test_add_func ("/names/fixtures/cprofile-numpy", test_fixture_cprofile_numpy);
  g_test_add_func ("/names/fixtures/python2", test_fixture_python2);
  g_test_add_func ("/names/fixtures/profile-module", test_fixture_profile_module);
  g_test_add_func ("/names/fixtures/pyspy", test_fixture_pyspy);
  g_test_add_func ("/names/large-profile", test_large_profile);

  return g_test_run ();
}
