/* test-profile-recipe.c: the command Profile a Script runs (here and through
 * flatpak-spawn --host), and the per-script memory, in the schema's GSettings key with the
 * memory backend.
 *
 * Copyright 2026 The Hearth authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include <gio/gio.h>
#include <glib/gstdio.h>
#include <unistd.h>

#include "hearth-profile-command.h"
#include "hearth-profile-recipe.h"

static void
check_argv (GStrv       argv,
            const char *expected)
{
  g_autofree char *joined = g_strjoinv (" ", argv);

  g_assert_cmpstr (joined, ==, expected);
  g_strfreev (argv);
}

static void
test_argv (void)
{
  const char *script[] = { "work.py", "one", "two words", NULL };
  const char *module[] = { "-m", "tool", "a", NULL };
  HearthProfileRun run = { .command = script };

  check_argv (hearth_profile_command_argv (&run, "/s/hearth-sampler.py", "work.prof"),
              "python3 /s/hearth-sampler.py --cprofile -o work.prof -- work.py one two words");
  run.python = "/opt/py/bin/python3.12";
  run.sample = run.cpu = run.threads = TRUE;
  run.command = module;
  check_argv (hearth_profile_command_argv (&run, "/s/hearth-sampler.py", "t.speedscope.json"),
              "/opt/py/bin/python3.12 /s/hearth-sampler.py --cpu --threads -o t.speedscope.json "
              "-- -m tool a");
}

/* py-spy and Python 3.15's profiling.sampling, found where they are: here a stand-in py-spy
 * on PATH (its path is all the command needs). */
static void
test_other_profilers (void)
{
  const char *script[] = { "work.py", "one", NULL };
  const char *module[] = { "-m", "tool", NULL };
  g_autofree char *bin = g_dir_make_tmp ("hearth-bin-XXXXXX", NULL);
  g_autofree char *py_spy = g_build_filename (bin, "py-spy", NULL);
  g_autofree char *old_path = g_strdup (g_getenv ("PATH"));
  g_autofree char *path = g_strconcat (bin, ":", old_path, NULL);
  g_autofree char *expected = NULL;
  HearthProfileRun run = { .command = script, .other = HEARTH_PROFILER_PY_SPY };

  g_assert_true (g_file_set_contents (py_spy, "#!/bin/sh\nexit 0\n", -1, NULL));
  g_assert_cmpint (g_chmod (py_spy, 0755), ==, 0);
  g_setenv ("PATH", path, TRUE);
  expected = g_strdup_printf ("%s record --format speedscope --output w.py-spy.speedscope.json "
                              "--idle -- python3 work.py one", py_spy);
  check_argv (hearth_profile_command_argv (&run, "/s/hearth-sampler.py",
                                           "w.py-spy.speedscope.json"), expected);
  /* CPU time: py-spy's own default, without the idle time; all threads named */
  run.cpu = run.threads = TRUE;
  run.python = "python3.12";
  g_free (expected);
  expected = g_strdup_printf ("%s record --format speedscope --output o --threads -- python3.12 "
                              "work.py one", py_spy);
  check_argv (hearth_profile_command_argv (&run, "/s/hearth-sampler.py", "o"), expected);
  g_setenv ("PATH", old_path, TRUE);
  g_remove (py_spy);
  g_rmdir (bin);

  run.other = HEARTH_PROFILER_PROFILING_SAMPLING;
  run.python = "python3.15";
  run.cpu = run.threads = FALSE;
  check_argv (hearth_profile_command_argv (&run, "/s/hearth-sampler.py", "w.sampling.txt"),
              "python3.15 -m profiling.sampling run --collapsed -o w.sampling.txt -d 86400 "
              "work.py one");
  run.cpu = run.threads = TRUE;
  run.command = module;
  check_argv (hearth_profile_command_argv (&run, "/s/hearth-sampler.py", "o"),
              "python3.15 -m profiling.sampling run --collapsed -o o -d 86400 --mode cpu -a "
              "-m tool");

  /* the file's name says which profiler wrote it */
  g_assert_cmpstr (hearth_profile_command_extension (HEARTH_PROFILER_CPROFILE), ==, ".prof");
  g_assert_cmpstr (hearth_profile_command_extension (HEARTH_PROFILER_SAMPLER), ==,
                   ".speedscope.json");
  g_assert_cmpstr (hearth_profile_command_extension (HEARTH_PROFILER_PY_SPY), ==,
                   ".py-spy.speedscope.json");
  g_assert_cmpstr (hearth_profile_command_extension (HEARTH_PROFILER_PROFILING_SAMPLING), ==,
                   ".sampling.txt");
}

/* The probe for profiling.sampling, run by the interpreter of the tests: its answer is the
 * interpreter's own import system's. */
static void
test_probe (void)
{
  g_auto (GStrv) argv = hearth_profile_command_probe_argv ("python3");
  g_autofree char *out = NULL;
  int status = -1;
  gboolean has;
  const char *check[] = { "python3", "-c",
                          "import sys\n"
                          "try:\n"
                          "    import profiling.sampling\n"
                          "except ImportError:\n"
                          "    sys.exit(1)\n", NULL };
  int check_status = -1;

  g_assert_true (g_spawn_sync (NULL, argv, NULL,
                               G_SPAWN_SEARCH_PATH | G_SPAWN_STDERR_TO_DEV_NULL, NULL, NULL,
                               &out, NULL, &status, NULL));
  g_assert_true (g_spawn_sync (NULL, (char **) check, NULL,
                               G_SPAWN_SEARCH_PATH | G_SPAWN_STDERR_TO_DEV_NULL, NULL, NULL,
                               NULL, NULL, &check_status, NULL));
  has = g_spawn_check_wait_status (check_status, NULL);
  g_test_message ("python3 has profiling.sampling: %s", has ? "yes" : "no");
  g_assert_cmpint (g_spawn_check_wait_status (status, NULL), ==, has);
}

static char *
write_flatpak_info (const char *app_path)
{
  g_autofree char *text = g_strdup_printf ("[Application]\nname=io.github.hearthprof.Hearth\n\n"
                                           "[Instance]\napp-path=%s\n", app_path);
  char *path = NULL;
  int fd = g_file_open_tmp ("flatpak-info-XXXXXX", &path, NULL);

  g_assert_cmpint (fd, >=, 0);
  close (fd);
  g_assert_true (g_file_set_contents (path, text, -1, NULL));
  return path;
}

/* In the sandbox: flatpak-spawn --host in the working folder, the sampler's /app path as the
 * host has it; the script, the output and the interpreter are left as they are. */
static void
test_for_host (void)
{
  const char *script[] = { "/home/u/work.py", "--fast", NULL };
  const char *app = "/var/lib/flatpak/app/io.github.hearthprof.Hearth/x86_64/stable/abc/files";
  g_autofree char *info = write_flatpak_info (app);
  g_autoptr (GError) error = NULL;
  HearthProfileRun run = { .command = script, .sample = TRUE };
  g_auto (GStrv) argv = hearth_profile_command_argv (&run, "/app/share/hearth/hearth-sampler.py",
                                                     "/home/u/work.speedscope.json");
  g_autofree char *expected = g_strdup_printf ("flatpak-spawn --host --watch-bus "
                                               "--directory=/home/u --env=PYTHONUNBUFFERED=1 "
                                               "python3 %s/share/hearth/hearth-sampler.py -o "
                                               "/home/u/work.speedscope.json -- /home/u/work.py "
                                               "--fast", app);

  check_argv (hearth_profile_command_for_host ((const char * const *) argv, "/home/u", info,
                                               &error), expected);
  g_assert_no_error (error);
  g_remove (info);
  g_assert_null (hearth_profile_command_for_host ((const char * const *) argv, "/home/u", info,
                                                  &error));
  g_assert_error (error, G_FILE_ERROR, G_FILE_ERROR_NOENT);
}

static void
test_flatpak_info (void)
{
  g_autofree char *info = write_flatpak_info ("/x");
  g_autofree char *found = NULL;
  g_autofree char *folder = NULL;
  g_autofree char *cache = g_build_filename (g_get_user_cache_dir (), "profiles", NULL);
  g_autofree char *outside = NULL;

  g_setenv ("HEARTH_FLATPAK_INFO", info, TRUE);
  found = hearth_profile_command_flatpak_info ();
  g_assert_cmpstr (found, ==, info);
  /* the home folder is read-only in the sandbox: the app's cache folder instead */
  folder = hearth_profile_command_out_folder ("/home/u", found);
  g_assert_cmpstr (folder, ==, cache);
  g_assert_true (g_file_test (cache, G_FILE_TEST_IS_DIR));
  outside = hearth_profile_command_out_folder ("/home/u", NULL);
  g_assert_cmpstr (outside, ==, "/home/u");
  g_remove (info);
  g_assert_null (hearth_profile_command_flatpak_info ());
  g_setenv ("HEARTH_FLATPAK_INFO", "", TRUE);
  g_assert_null (hearth_profile_command_flatpak_info ());
  g_unsetenv ("HEARTH_FLATPAK_INFO");
}

static HearthProfileRecipe *
recipe (const char     *target,
        const char     *python,
        HearthProfiler  profiler)
{
  HearthProfileRecipe *r = hearth_profile_recipe_new (target, FALSE);

  g_free (r->python);
  r->python = g_strdup (python);
  r->profiler = profiler;
  return r;
}

static GSettings *
new_settings (void)
{
  g_autofree char *dir = g_build_filename (g_getenv ("G_TEST_BUILDDIR"), "..", "data", NULL);
  g_autoptr (GError) error = NULL;
  g_autoptr (GSettingsSchemaSource) source =
    g_settings_schema_source_new_from_directory (dir, NULL, FALSE, &error);
  g_autoptr (GSettingsSchema) schema = NULL;

  g_assert_no_error (error);
  schema = g_settings_schema_source_lookup (source, "io.github.hearthprof.Hearth", FALSE);
  g_assert_nonnull (schema);
  return g_settings_new_full (schema, NULL, NULL);
}

/* Each script keeps its own interpreter; running one again moves it first; a module is not a
 * script of the same name; the oldest goes past the bound. */
static void
test_memory (void)
{
  g_autoptr (GSettings) settings = new_settings ();
  g_autoptr (GVariant) memory = g_settings_get_value (settings, "profile-scripts");
  g_autoptr (HearthProfileRecipe) a = recipe ("/p/a.py", "/opt/3.8/bin/python3",
                                              HEARTH_PROFILER_CPROFILE);
  g_autoptr (HearthProfileRecipe) b = recipe ("/p/b.py", "python3.13", HEARTH_PROFILER_SAMPLER);
  g_autoptr (HearthProfileRecipe) got = NULL;
  g_autoptr (HearthProfileRecipe) last = NULL;
  g_autoptr (HearthProfileRecipe) module = NULL;

  g_assert_cmpuint (g_variant_n_children (memory), ==, 0);
  g_assert_null (hearth_profile_recipe_recall (memory, NULL, FALSE));
  b->cpu = b->threads = TRUE;
  g_free (b->arguments);
  b->arguments = g_strdup ("--n 3 'two words'");
  for (const HearthProfileRecipe *r = a; r != NULL; r = r == a ? b : NULL)
    {
      g_autoptr (GVariant) old = g_settings_get_value (settings, "profile-scripts");
      g_autoptr (GVariant) updated = hearth_profile_recipe_remember (old, r, 32);

      g_settings_set_value (settings, "profile-scripts", updated);
    }

  g_clear_pointer (&memory, g_variant_unref);
  memory = g_settings_get_value (settings, "profile-scripts");
  g_assert_cmpuint (g_variant_n_children (memory), ==, 2);
  got = hearth_profile_recipe_recall (memory, "/p/a.py", FALSE);
  g_assert_nonnull (got);
  g_assert_cmpstr (got->python, ==, "/opt/3.8/bin/python3");
  g_assert_cmpint (got->profiler, ==, HEARTH_PROFILER_CPROFILE);
  g_assert_false (got->cpu);
  last = hearth_profile_recipe_recall (memory, NULL, FALSE);
  g_assert_cmpstr (last->target, ==, "/p/b.py");
  g_assert_cmpstr (last->python, ==, "python3.13");
  g_assert_cmpstr (last->arguments, ==, "--n 3 'two words'");
  g_assert_cmpint (last->profiler, ==, HEARTH_PROFILER_SAMPLER);
  g_assert_true (last->cpu && last->threads);
  g_assert_null (hearth_profile_recipe_recall (memory, "/p/a.py", TRUE));
  g_assert_null (hearth_profile_recipe_recall (memory, "/p/c.py", FALSE));

  /* a again: first, and not twice */
  {
    g_autoptr (GVariant) again = hearth_profile_recipe_remember (memory, a, 32);
    g_autoptr (HearthProfileRecipe) first = hearth_profile_recipe_recall (again, NULL, FALSE);

    g_assert_cmpuint (g_variant_n_children (again), ==, 2);
    g_assert_cmpstr (first->target, ==, "/p/a.py");
  }
  /* a module: its own key */
  module = hearth_profile_recipe_new ("tool", TRUE);
  {
    g_autoptr (GVariant) with = hearth_profile_recipe_remember (memory, module, 32);
    g_autoptr (HearthProfileRecipe) m = hearth_profile_recipe_recall (with, "tool", TRUE);

    g_assert_cmpuint (g_variant_n_children (with), ==, 3);
    g_assert_nonnull (m);
    g_assert_true (m->module);
    g_assert_cmpstr (m->target, ==, "tool");
    g_assert_null (hearth_profile_recipe_recall (with, "tool", FALSE));
  }
  /* bounded: of 40 scripts run, the 32 last stay */
  {
    g_autoptr (GVariant) many = g_variant_ref (memory);

    for (guint i = 0; i < 40; i++)
      {
        g_autofree char *name = g_strdup_printf ("/p/s%u.py", i);
        g_autoptr (HearthProfileRecipe) r = recipe (name, "python3", HEARTH_PROFILER_CPROFILE);
        GVariant *next = hearth_profile_recipe_remember (many, r, HEARTH_PROFILE_MEMORY_MAX);

        g_variant_unref (many);
        many = next;
      }
    g_assert_cmpuint (g_variant_n_children (many), ==, HEARTH_PROFILE_MEMORY_MAX);
    g_assert_null (hearth_profile_recipe_recall (many, "/p/b.py", FALSE));
    g_assert_null (hearth_profile_recipe_recall (many, "/p/s7.py", FALSE));
    {
      g_autoptr (HearthProfileRecipe) kept = hearth_profile_recipe_recall (many, "/p/s8.py",
                                                                           FALSE);

      g_assert_nonnull (kept);
    }
    g_settings_set_value (settings, "profile-scripts", many);
  }
  g_settings_reset (settings, "profile-scripts");
}

/* The runs of this process: the profile written names the run that wrote it. */
static void
test_runs (void)
{
  g_autoptr (HearthProfileRecipe) r = recipe ("/p/a.py", "python3", HEARTH_PROFILER_SAMPLER);
  g_autoptr (HearthProfileRecipe) found = NULL;

  g_assert_null (hearth_profile_recipe_find_run ("/p/a.speedscope.json"));
  hearth_profile_recipe_note_run ("/p/./a.speedscope.json", r);
  found = hearth_profile_recipe_find_run ("/p/a.speedscope.json");
  g_assert_nonnull (found);
  g_assert_true (found != r);
  g_assert_cmpstr (found->target, ==, "/p/a.py");
  g_assert_cmpint (found->profiler, ==, HEARTH_PROFILER_SAMPLER);
  g_assert_null (hearth_profile_recipe_find_run ("/p/a.prof"));
}

int
main (int   argc,
      char *argv[])
{
  /* the cache folder the Flatpak case makes is a temporary one (set by hand: GLib's
   * G_TEST_OPTION_ISOLATE_DIRS keeps every folder set it made, which the leak check sees) */
  g_autofree char *cache = g_dir_make_tmp ("hearth-cache-XXXXXX", NULL);
  g_autofree char *profiles = g_build_filename (cache, "profiles", NULL);
  int status;

  g_assert_nonnull (cache);
  g_setenv ("XDG_CACHE_HOME", cache, TRUE);
  g_test_init (&argc, &argv, NULL);

  g_test_add_func ("/profile-recipe/argv", test_argv);
  g_test_add_func ("/profile-recipe/other-profilers", test_other_profilers);
  g_test_add_func ("/profile-recipe/probe", test_probe);
  g_test_add_func ("/profile-recipe/for-host", test_for_host);
  g_test_add_func ("/profile-recipe/flatpak-info", test_flatpak_info);
  g_test_add_func ("/profile-recipe/memory", test_memory);
  g_test_add_func ("/profile-recipe/runs", test_runs);

  status = g_test_run ();
  g_rmdir (profiles);
  g_rmdir (cache);
  return status;
}
