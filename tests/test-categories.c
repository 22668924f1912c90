/* test-categories.c: where functions live, and which one is the profiled script.
 *
 * Copyright 2026 The Hearth authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "hearth-names.h"
#include "hearth-profile-private.h"
#include "hearth-test-names.h"
#include "hearth-test-util.h"

#include <glib/gstdio.h>
#include <math.h>

/* ------------------------------------------------------------------------------------------ */
/* Categories */

typedef struct
{
  const char     *file;
  gint64          line;
  const char     *script_dir;
  const char     *mine;
  HearthCategory  category;
} CategoryCase;

static const CategoryCase category_cases[] = {
  /* pseudo files */
  { "~", 0, NULL, NULL, PYTHON },
  { "", 0, NULL, NULL, PYTHON },
  { "<frozen importlib._bootstrap>", 1, NULL, NULL, PYTHON },
  { "<frozen os>", 10, "/home/u/proj", NULL, PYTHON },
  { "<string>", 1, NULL, NULL, PYTHON },
  { "<stdin>", 1, NULL, NULL, PYTHON },
  { "<__array_function__ internals>", 177, NULL, NULL, PYTHON },
  { "<ipython-input-3-4f2a>", 1, NULL, NULL, MINE },
  { "profile", 0, NULL, NULL, PYTHON },
  /* POSIX: the standard library */
  { "/usr/lib/python3.11/threading.py", 1, "/home/u/proj", NULL, PYTHON },
  { "/usr/lib/python3.11/json/decoder.py", 1, NULL, NULL, PYTHON },
  { "/usr/lib/python3.11/venv/__init__.py", 1, NULL, NULL, PYTHON },
  { "/usr/lib64/python3.12/os.py", 1, NULL, NULL, PYTHON },
  { "/usr/local/lib/python3.13t/re/__init__.py", 1, NULL, NULL, PYTHON },
  { "/home/u/.pyenv/versions/3.11.4/lib/python3.11/os.py", 1, "/home/u", NULL, PYTHON },
  { "/opt/conda/envs/x/lib/python3.10/abc.py", 1, NULL, NULL, PYTHON },
  { "/Library/Frameworks/Python.framework/Versions/3.11/lib/python3.11/os.py", 1, NULL, NULL,
    PYTHON },
  { "/usr/lib/pypy3.9/os.py", 1, NULL, NULL, PYTHON },
  { "/opt/pypy/lib-python/3/os.py", 1, NULL, NULL, PYTHON },
  /* POSIX: installed packages */
  { "/usr/lib/python3/dist-packages/numpy/core/_methods.py", 47, NULL, NULL, INSTALLED },
  { "/usr/lib/python3.11/site-packages/requests/api.py", 1, NULL, NULL, INSTALLED },
  { "/home/u/proj/.venv/lib/python3.11/site-packages/numpy/__init__.py", 1, "/home/u/proj",
    NULL, INSTALLED },
  { "/home/u/proj/.venv/bin/pytest", 1, "/home/u/proj", NULL, INSTALLED },
  { "/home/u/proj/venv/lib/tool.py", 1, "/home/u/proj", NULL, INSTALLED },
  { "/usr/lib/python2.7/site-packages/foo-1.0-py2.7.egg/foo/bar.py", 1, NULL, NULL, INSTALLED },
  { "/home/u/eggs/foo-1.0.egg/foo.py", 1, NULL, NULL, INSTALLED },
  /* POSIX: the user's code */
  { "/home/u/proj/app.py", 1, "/home/u/proj", NULL, MINE },
  { "/home/u/proj/pkg/mod.py", 1, "/home/u/proj", NULL, MINE },
  { "/home/u/other/lib.py", 1, "/home/u/proj", NULL, MINE },
  { "/home/u/python/lib/util.py", 1, NULL, NULL, MINE },
  { "/home/u/proj/lib/helpers.py", 1, NULL, NULL, MINE },
  { "/srv/app/main.py", 1, NULL, NULL, MINE },
  { "workload.py", 1, ".", NULL, MINE },
  { "pkg/mod.py", 1, NULL, NULL, MINE },
  /* a "mine" folder wins over the markers above it, not over those below it */
  { "/usr/lib/python3/dist-packages/mylib/core.py", 1, NULL,
    "/usr/lib/python3/dist-packages/mylib", MINE },
  { "/usr/lib/python3/dist-packages/mylib/core.py", 1, NULL,
    "/usr/lib/python3/dist-packages/mylib/", MINE },
  { "/usr/lib/python3/dist-packages/other/core.py", 1, NULL,
    "/usr/lib/python3/dist-packages/mylib", INSTALLED },
  { "/home/u/cpython/Lib/json/decoder.py", 1, NULL, "/home/u/cpython/Lib", MINE },
  { "/home/u/ws/.venv/lib/python3.11/site-packages/x.py", 1, NULL, "/home/u/ws", INSTALLED },
  { "/usr/lib/python3.11/json/tool.py", 1, "/usr/lib/python3.11/json", NULL, MINE },
  /* relative paths as py-spy shortens them */
  { "threading.py", 962, ".", NULL, PYTHON },
  { "json/decoder.py", 1, NULL, NULL, PYTHON },
  { "importlib/__init__.py", 1, NULL, NULL, PYTHON },
  { "_collections_abc.py", 1, NULL, NULL, PYTHON },
  { "code.py", 1, NULL, NULL, MINE },
  { "test.py", 1, NULL, NULL, MINE },
  { "src/json/x.py", 1, "src", NULL, MINE },
  /* Windows */
  { "C:\\Python311\\Lib\\threading.py", 1, NULL, NULL, PYTHON },
  { "C:\\Users\\u\\AppData\\Local\\Programs\\Python\\Python312\\Lib\\json\\decoder.py", 1,
    NULL, NULL, PYTHON },
  { "C:\\Python311\\Lib\\site-packages\\numpy\\core\\_methods.py", 1, NULL, NULL, INSTALLED },
  { "C:\\proj\\.venv\\Lib\\site-packages\\requests\\api.py", 1, "C:\\proj", NULL, INSTALLED },
  { "c:\\proj\\.VENV\\Scripts\\tool.py", 1, "C:\\proj", NULL, INSTALLED },
  { "C:\\proj\\app.py", 1, "C:\\proj", NULL, MINE },
  { "C:\\proj\\lib\\util.py", 1, "C:\\proj", NULL, MINE },
  { "C:/proj/lib/util.py", 1, NULL, NULL, MINE },
  { "D:\\work\\tool\\run.py", 1, "C:\\proj", NULL, MINE },
  { "C:\\Python311\\Lib\\mine\\x.py", 1, NULL, "c:\\python311\\lib\\mine", MINE },
  { "\\\\server\\share\\Python39\\Lib\\os.py", 1, NULL, NULL, PYTHON },
  { "json\\decoder.py", 1, NULL, NULL, PYTHON },
};

static void
test_category_table (void)
{
  for (guint i = 0; i < G_N_ELEMENTS (category_cases); i++)
    {
      const CategoryCase *c = &category_cases[i];
      const char *mine[] = { c->mine, NULL };
      HearthCategory got;

      got = hearth_names_categorize_path (c->file, c->line, c->script_dir,
                                          c->mine != NULL ? mine : NULL);
      g_test_message ("%s (script %s, mine %s)", c->file, c->script_dir, c->mine);
      g_assert_cmpstr (hearth_category_to_string (got), ==,
                       hearth_category_to_string (c->category));
    }
}

/* A relative "mine" folder is taken under the current folder. */
static void
test_category_relative_mine (void)
{
  g_autofree char *cwd = g_get_current_dir ();
  g_autofree char *inside = g_build_filename (cwd, "sub", "dist-packages", "x", "y.py", NULL);
  const char *mine[] = { "sub/dist-packages/x", NULL };

  g_assert_cmpint (hearth_names_categorize_path (inside, 1, NULL, mine), ==, MINE);
  g_assert_cmpint (hearth_names_categorize_path (inside, 1, NULL, NULL), ==, INSTALLED);
}

static void
test_category_profile (void)
{
  g_autoptr (HearthProfile) p = new_pstats ();
  g_autoptr (HearthProfile) plain = _hearth_profile_new (HEARTH_FORMAT_FOLDED,
                                                         HEARTH_KIND_SAMPLED, HEARTH_UNIT_SAMPLES);
  g_autoptr (HearthNames) names = NULL;
  g_autoptr (HearthNames) plain_names = NULL;
  const char *mine[] = { "/elsewhere/lib", NULL };
  guint script, helper, len_, numpy, stdlib, json_rel, own_lib, frozen, other;
  guint stack[3];

  script = add_function (p, "json.py", 1, "<module>", 5.0);
  json_rel = add_function (p, "json/decoder.py", 10, "decode", 1.0);
  helper = add_function (p, "helpers.py", 4, "help", 1.0);
  len_ = add_function (p, "", 0, "len", 1.0);
  numpy = add_function (p, "/usr/lib/python3/dist-packages/numpy/__init__.py", 1, "<module>", 9.0);
  stdlib = add_function (p, "/usr/lib/python3.11/os.py", 1, "<module>", 1.0);
  own_lib = add_function (p, "/elsewhere/lib/site-packages/x.py", 1, "f", 1.0);
  frozen = add_function (p, "<frozen importlib._bootstrap>", 1, "<module>", 50.0);
  other = add_function (p, "/usr/lib/python3.11/site-packages/x.py", 1, "f", 1.0);
  _hearth_profile_finish (p);

  names = hearth_names_new (p, mine, FALSE);
  g_assert_cmpint (hearth_names_get_main_module (names), ==, script);
  g_assert_cmpstr (hearth_names_get_script_dir (names), ==, ".");
  /* the script is the user's even with a standard library name */
  g_assert_cmpint (hearth_names_get_category (names, script), ==, MINE);
  g_assert_cmpint (hearth_names_get_category (names, json_rel), ==, PYTHON);
  g_assert_cmpint (hearth_names_get_category (names, helper), ==, MINE);
  g_assert_cmpint (hearth_names_get_category (names, len_), ==, PYTHON);
  g_assert_cmpint (hearth_names_get_category (names, numpy), ==, INSTALLED);
  g_assert_cmpint (hearth_names_get_category (names, stdlib), ==, PYTHON);
  g_assert_cmpint (hearth_names_get_category (names, own_lib), ==, INSTALLED);
  g_assert_cmpint (hearth_names_get_category (names, frozen), ==, PYTHON);
  g_assert_cmpint (hearth_names_get_category (names, other), ==, INSTALLED);

  /* without any file name (plain folded stacks, perf) everything is the user's */
  stack[0] = _hearth_profile_intern_frame (plain, "main", "", 0, "main");
  stack[1] = _hearth_profile_intern_frame (plain, "crunch", "", 0, "crunch");
  stack[2] = _hearth_profile_intern_frame (plain, "<GC>", "", 0, "<GC>");
  _hearth_profile_add_stack (plain, stack, 3, 2);
  _hearth_profile_finish (plain);
  plain_names = hearth_names_new (plain, NULL, TRUE);
  for (guint i = 0; i < 3; i++)
    g_assert_cmpint (hearth_names_get_category (plain_names, stack[i]), ==, MINE);
  g_assert_null (hearth_names_get_script_dir (plain_names));
}

/* py-spy: thread frames have no file and are Python's; the script folder is the outermost
 * <module> frame's. */
static void
test_category_stacks (void)
{
  g_autoptr (HearthProfile) p = _hearth_profile_new (HEARTH_FORMAT_FOLDED, HEARTH_KIND_SAMPLED,
                                                     HEARTH_UNIT_SAMPLES);
  g_autoptr (HearthNames) names = NULL;
  guint thread, module, main_, wait, nested, s1[4], s2[3];

  thread = _hearth_profile_intern_frame (p, "thread (17715): MainThread", "", 0,
                                         "thread (17715): MainThread");
  module = _hearth_profile_intern_frame (p, "<module> (/home/u/proj/run.py:205)",
                                         "/home/u/proj/run.py", 205, "<module>");
  main_ = _hearth_profile_intern_frame (p, "main (/home/u/proj/lib/work.py:69)",
                                        "/home/u/proj/lib/work.py", 69, "main");
  wait = _hearth_profile_intern_frame (p, "wait (/usr/lib/python3.11/threading.py:320)",
                                       "/usr/lib/python3.11/threading.py", 320, "wait");
  nested = _hearth_profile_intern_frame (p, "<module> (/usr/lib/python3.11/runpy.py:1)",
                                         "/usr/lib/python3.11/runpy.py", 1, "<module>");
  s1[0] = thread;
  s1[1] = module;
  s1[2] = main_;
  s1[3] = wait;
  _hearth_profile_add_stack (p, s1, 4, 10);
  s2[0] = thread;
  s2[1] = module;
  s2[2] = nested;
  _hearth_profile_add_stack (p, s2, 3, 1);
  _hearth_profile_finish (p);

  names = hearth_names_new (p, NULL, FALSE);
  g_assert_cmpstr (hearth_names_get_script_dir (names), ==, "/home/u/proj");
  g_assert_cmpint (hearth_names_get_category (names, thread), ==, PYTHON);
  g_assert_cmpint (hearth_names_get_category (names, module), ==, MINE);
  g_assert_cmpint (hearth_names_get_category (names, main_), ==, MINE);
  g_assert_cmpint (hearth_names_get_category (names, wait), ==, PYTHON);
}

/* py-spy writes relative paths as found on sys.path: a standard library module is Python's,
 * a file under the profile's folder is the user's, anything else an installed package. */
static void
test_category_relative_stacks (void)
{
  g_autofree char *dir = g_dir_make_tmp ("hearth-names-XXXXXX", NULL);
  g_autofree char *lib = g_build_filename (dir, "lib", NULL);
  g_autofree char *app = g_build_filename (dir, "app.py", NULL);
  g_autofree char *helper = g_build_filename (lib, "helper.py", NULL);
  g_autofree char *folded = g_build_filename (dir, "out.folded", NULL);
  g_autoptr (GError) error = NULL;
  g_autoptr (HearthProfile) p = NULL;
  g_autoptr (HearthNames) names = NULL;
  static const struct
  {
    const char     *frame;
    HearthCategory  category;
  } frames[] = {
    { "<module> (app.py:1)", MINE },
    { "helper (lib/helper.py:3)", MINE },
    { "main (pytest/main.py:320)", INSTALLED },
    { "runtestprotocol (_pytest/runner.py:120)", INSTALLED },
    { "wait (threading.py:320)", PYTHON },
    { "loads (json/decoder.py:337)", PYTHON },
  };

  g_assert_nonnull (dir);
  g_assert_cmpint (g_mkdir (lib, 0700), ==, 0);
  g_assert_true (g_file_set_contents (app, "import lib.helper\n", -1, NULL));
  g_assert_true (g_file_set_contents (helper, "def helper():\n    pass\n", -1, NULL));
  g_assert_true (g_file_set_contents (folded,
                                      "<module> (app.py:1);helper (lib/helper.py:3) 2\n"
                                      "<module> (app.py:1);main (pytest/main.py:320);"
                                      "runtestprotocol (_pytest/runner.py:120);"
                                      "wait (threading.py:320) 5\n"
                                      "<module> (app.py:1);loads (json/decoder.py:337) 1\n",
                                      -1, NULL));
  p = hearth_profile_load_path (folded, &error);
  g_assert_no_error (error);
  names = hearth_names_new (p, NULL, FALSE);
  for (guint i = 0; i < G_N_ELEMENTS (frames); i++)
    {
      const HearthFunction *f = hearth_test_find_frame (p, frames[i].frame);
      guint index = (guint) (f - hearth_profile_get_function (p, 0));

      g_test_message ("%s: %s", frames[i].frame,
                      hearth_category_to_string (hearth_names_get_category (names, index)));
      g_assert_cmpint (hearth_names_get_category (names, index), ==, frames[i].category);
    }

  g_remove (folded);
  g_remove (helper);
  g_remove (app);
  g_rmdir (lib);
  g_rmdir (dir);
}

/* ------------------------------------------------------------------------------------------ */
/* The profiled script */

static void
test_main_module (void)
{
  g_autoptr (HearthProfile) p = new_pstats ();
  g_autoptr (HearthProfile) none = new_pstats ();
  g_autoptr (HearthProfile) ties = new_pstats ();
  g_autoptr (HearthProfile) empty = new_pstats ();
  g_autoptr (HearthNames) names = NULL;
  guint script, a, b, c;

  add_function (p, "<frozen importlib._bootstrap>", 1, "<module>", 100.0);
  add_function (p, "~", 0, "<module>", 100.0);
  add_function (p, "/usr/lib/python3/dist-packages/numpy/__init__.py", 1, "<module>", 50.0);
  add_function (p, "C:\\Python311\\Lib\\site-packages\\x\\__init__.py", 1, "<module>", 50.0);
  add_function (p, "/home/u/proj/main.py", 3, "main", 40.0);
  add_function (p, "/usr/lib/python3.11/json/__init__.py", 1, "<module>", 1.0);
  script = add_function (p, "/home/u/proj/app.py", 1, "<module>", 30.0);
  add_function (p, "/home/u/proj/nan.py", 1, "<module>", NAN);
  add_function (p, "/home/u/proj/inf.py", 1, "<module>", INFINITY);
  add_function (p, "/home/u/proj/neg.py", 1, "<module>", -1000.0);
  _hearth_profile_finish (p);
  g_assert_cmpint (hearth_names_find_main_module (p), ==, script);
  names = hearth_names_new (p, NULL, FALSE);
  g_assert_cmpint (hearth_names_get_main_module (names), ==, script);
  g_assert_cmpstr (hearth_names_get_script_dir (names), ==, "/home/u/proj");

  add_function (none, "<frozen os>", 1, "<module>", 1.0);
  add_function (none, "/x/site-packages/y.py", 1, "<module>", 1.0);
  add_function (none, "/x/app.py", 1, "main", 1.0);
  _hearth_profile_finish (none);
  g_assert_cmpint (hearth_names_find_main_module (none), ==, -1);

  /* equal times: the smaller file name, then the smaller line */
  a = add_function (ties, "/b.py", 1, "<module>", 2.0);
  b = add_function (ties, "/a.py", 7, "<module>", 2.0);
  c = add_function (ties, "/a.py", 5, "<module>", 2.0);
  add_function (ties, "<string>", 1, "<module>", 1.0);
  _hearth_profile_finish (ties);
  g_assert_cmpint (hearth_names_find_main_module (ties), ==, c);
  g_assert_cmpint (a, !=, b);

  _hearth_profile_finish (empty);
  g_assert_cmpint (hearth_names_find_main_module (empty), ==, -1);
}

/* `python -m cProfile -m pkg` and cProfile.run(): the run is a `<string>` module; there is no
 * script folder then. */
static void
test_main_module_string (void)
{
  g_autoptr (HearthProfile) p = new_pstats ();
  g_autoptr (HearthNames) names = NULL;
  guint s;

  s = add_function (p, "<string>", 1, "<module>", 10.0);
  add_function (p, "/home/u/proj/pkg/__main__.py", 1, "<module>", 9.0);
  _hearth_profile_finish (p);
  names = hearth_names_new (p, NULL, FALSE);
  g_assert_cmpint (hearth_names_get_main_module (names), ==, s);
  g_assert_null (hearth_names_get_script_dir (names));
  g_assert_cmpint (hearth_names_get_category (names, s), ==, PYTHON);
}

static void
test_main_module_windows (void)
{
  g_autoptr (HearthProfile) p = new_pstats ();
  g_autoptr (HearthNames) names = NULL;
  guint s, lib;

  s = add_function (p, "C:\\proj\\app.py", 1, "<module>", 10.0);
  lib = add_function (p, "C:\\proj\\pkg\\mod.py", 1, "f", 1.0);
  _hearth_profile_finish (p);
  names = hearth_names_new (p, NULL, FALSE);
  g_assert_cmpint (hearth_names_get_main_module (names), ==, s);
  g_assert_cmpstr (hearth_names_get_script_dir (names), ==, "C:\\proj");
  g_assert_cmpint (hearth_names_get_category (names, lib), ==, MINE);
}

int
main (int   argc,
      char *argv[])
{
  g_test_init (&argc, &argv, NULL);

  g_test_add_func ("/names/category/table", test_category_table);
  g_test_add_func ("/names/category/relative-mine", test_category_relative_mine);
  g_test_add_func ("/names/category/profile", test_category_profile);
  g_test_add_func ("/names/category/stacks", test_category_stacks);
  g_test_add_func ("/names/category/relative-stacks", test_category_relative_stacks);
  g_test_add_func ("/names/main-module/choice", test_main_module);
  g_test_add_func ("/names/main-module/string", test_main_module_string);
  g_test_add_func ("/names/main-module/windows", test_main_module_windows);

  return g_test_run ();
}
