/* hearth-profile-command.c
 *
 * Copyright 2026 The Hearth authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

/* The interpreter runs hearth-sampler.py, which runs the script under Hearth's sampler or
 * (with --cprofile) under cProfile as `python -m cProfile -o` does but passing on the
 * script's exit status, which `python -m cProfile` drops. */

#define G_LOG_DOMAIN "hearth-profile-command"

#include "hearth-profile-command.h"

#include <errno.h>
#include <fcntl.h>
#include <glib/gi18n.h>
#include <glib/gstdio.h>
#include <string.h>
#include <unistd.h>

/* How many numbered names (script-2.prof, ...) a default output name may try. */
#define HEARTH_PROFILE_COMMAND_MAX_NAMES 1000

/**
 * hearth_profile_command_find_sampler:
 *
 * The sampler script: $HEARTH_SAMPLER (the tests point it into the source tree), else the
 * installed copy in Hearth's data folder.
 *
 * Returns: (transfer full): its path, which may not exist
 */
char *
hearth_profile_command_find_sampler (void)
{
  const char *env = g_getenv ("HEARTH_SAMPLER");

  if (env != NULL && env[0] != '\0')
    return g_strdup (env);
  return g_strdup (HEARTH_SAMPLER_PATH);
}

/* The file name the command's script or module gives: `work.py` -> `work`. */
static char *
base_name (const char * const *command)
{
  const char *what = g_str_equal (command[0], "-m") ? command[1] : command[0];
  g_autofree char *base = g_path_get_basename (what);
  char *dot = g_str_has_suffix (base, ".py") ? strrchr (base, '.') : NULL;

  if (dot != NULL && dot != base)
    *dot = '\0';
  return g_steal_pointer (&base);
}

/**
 * hearth_profile_command_reserve_out:
 * @command: SCRIPT ARGS... or -m MODULE ARGS...
 * @profiler: the profiler that writes it
 * @folder: (nullable): where, %NULL for the current folder
 * @error: return location for an error
 *
 * A new file, made empty at once so that no other run takes its name: work.prof,
 * work-2.prof, ... (work.speedscope.json for the sampler; the name says py-spy's and
 * profiling.sampling's: work.py-spy.speedscope.json, work.sampling.txt).
 *
 * Returns: (transfer full): its path, or %NULL with @error set
 */
char *
hearth_profile_command_reserve_out (const char * const  *command,
                                    HearthProfiler       profiler,
                                    const char          *folder,
                                    GError             **error)
{
  g_autofree char *base = base_name (command);
  const char *ext = hearth_profile_command_extension (profiler);

  for (guint n = 1; n <= HEARTH_PROFILE_COMMAND_MAX_NAMES; n++)
    {
      g_autofree char *leaf = n == 1 ? g_strconcat (base, ext, NULL)
                                     : g_strdup_printf ("%s-%u%s", base, n, ext);
      g_autofree char *name = folder != NULL ? g_build_filename (folder, leaf, NULL)
                                             : g_strdup (leaf);
      int fd = g_open (name, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0666);

      if (fd >= 0)
        {
          close (fd);
          return g_steal_pointer (&name);
        }
      if (errno != EEXIST)
        {
          int saved = errno;

          g_set_error (error, G_FILE_ERROR, g_file_error_from_errno (saved),
                       "%s: %s", name, g_strerror (saved));
          return NULL;
        }
    }
  g_set_error (error, G_FILE_ERROR, G_FILE_ERROR_EXIST,
               _("%s%s and %u numbered names after it exist already; give one with --out"),
               base, ext, HEARTH_PROFILE_COMMAND_MAX_NAMES - 1);
  return NULL;
}

/**
 * hearth_profile_command_extension:
 * @profiler: a profiler
 *
 * Returns: the end of the name of the file @profiler writes
 */
const char *
hearth_profile_command_extension (HearthProfiler profiler)
{
  switch (profiler)
    {
    case HEARTH_PROFILER_SAMPLER:
      return ".speedscope.json";
    case HEARTH_PROFILER_PY_SPY:
      return ".py-spy.speedscope.json";
    case HEARTH_PROFILER_PROFILING_SAMPLING:
      return ".sampling.txt";
    case HEARTH_PROFILER_CPROFILE:
    default:
      return ".prof";
    }
}

/* py-spy starts the interpreter itself; --idle counts the time off the CPU, as wall-clock
 * time does, so only --cpu leaves it out. */
static GStrv
py_spy_argv (const HearthProfileRun *run,
             const char             *python,
             const char             *out)
{
  g_autoptr (GStrvBuilder) argv = g_strv_builder_new ();
  g_autofree char *py_spy = hearth_profile_command_find_py_spy ();

  g_strv_builder_add_many (argv, py_spy != NULL ? py_spy : "py-spy", "record", "--format",
                           "speedscope", "--output", out, NULL);
  if (!run->cpu)
    g_strv_builder_add (argv, "--idle");
  if (run->threads)
    g_strv_builder_add (argv, "--threads");
  g_strv_builder_add_many (argv, "--", python, NULL);
  g_strv_builder_addv (argv, (const char **) run->command);
  return g_strv_builder_end (argv);
}

/* Python 3.15's sampler, in collapsed stacks (whole chains; its pstats output has none). It
 * stops the script after -d seconds, 10 by default: a day instead. */
static GStrv
profiling_sampling_argv (const HearthProfileRun *run,
                         const char             *python,
                         const char             *out)
{
  g_autoptr (GStrvBuilder) argv = g_strv_builder_new ();
  g_autofree char *seconds = g_strdup_printf ("%d", HEARTH_PROFILE_COMMAND_MAX_SECONDS);

  g_strv_builder_add_many (argv, python, "-m", "profiling.sampling", "run", "--collapsed",
                           "-o", out, "-d", seconds, NULL);
  if (run->cpu)
    g_strv_builder_add_many (argv, "--mode", "cpu", NULL);
  if (run->threads)
    g_strv_builder_add (argv, "-a");
  g_strv_builder_addv (argv, (const char **) run->command);
  return g_strv_builder_end (argv);
}

/**
 * hearth_profile_command_find_py_spy:
 *
 * Returns: (transfer full) (nullable): py-spy's path, %NULL when it is not on PATH
 */
char *
hearth_profile_command_find_py_spy (void)
{
  return g_find_program_in_path ("py-spy");
}

/**
 * hearth_profile_command_probe_argv:
 * @python: the interpreter
 *
 * Returns: (transfer full): a command that exits with status 0 when @python has
 *   profiling.sampling (Python 3.15 and later)
 */
GStrv
hearth_profile_command_probe_argv (const char *python)
{
  const char *argv[] = { python, "-c",
                         "import importlib.util, sys; "
                         "sys.exit(importlib.util.find_spec('profiling.sampling') is None)",
                         NULL };

  return g_strdupv ((char **) argv);
}

/**
 * hearth_profile_command_argv:
 * @run: what to run and how
 * @sampler: the path of hearth-sampler.py
 * @out: the profile to write
 *
 * Returns: (transfer full): the command line to start
 */
GStrv
hearth_profile_command_argv (const HearthProfileRun *run,
                             const char             *sampler,
                             const char             *out)
{
  g_autoptr (GStrvBuilder) argv = g_strv_builder_new ();
  const char *python = run->python != NULL ? run->python : "python3";

  if (run->other == HEARTH_PROFILER_PY_SPY)
    return py_spy_argv (run, python, out);
  if (run->other == HEARTH_PROFILER_PROFILING_SAMPLING)
    return profiling_sampling_argv (run, python, out);
  g_strv_builder_add (argv, python);
  g_strv_builder_add (argv, sampler);
  if (!run->sample)
    g_strv_builder_add (argv, "--cprofile");
  if (run->cpu)
    g_strv_builder_add (argv, "--cpu");
  if (run->threads)
    g_strv_builder_add (argv, "--threads");
  g_strv_builder_add_many (argv, "-o", out, "--", NULL);
  g_strv_builder_addv (argv, (const char **) run->command);
  return g_strv_builder_end (argv);
}

/**
 * hearth_profile_command_wrote:
 * @out: the profile the command was to write
 *
 * Returns: whether the run wrote something there (an empty file is the reserved name alone)
 */
gboolean
hearth_profile_command_wrote (const char *out)
{
  GStatBuf st;

  return g_stat (out, &st) == 0 && st.st_size > 0;
}

/**
 * hearth_profile_command_flatpak_info:
 *
 * Returns: (transfer full) (nullable): the path of the sandbox's /.flatpak-info when Hearth
 *   runs inside a Flatpak ($HEARTH_FLATPAK_INFO in the tests), else %NULL
 */
char *
hearth_profile_command_flatpak_info (void)
{
  const char *env = g_getenv ("HEARTH_FLATPAK_INFO");
  const char *path = env != NULL ? env : "/.flatpak-info";

  return path[0] != '\0' && g_file_test (path, G_FILE_TEST_IS_REGULAR) ? g_strdup (path) : NULL;
}

/**
 * hearth_profile_command_out_folder:
 * @folder: (nullable): where the profile would go, %NULL for the current folder
 * @flatpak_info: (nullable): the sandbox's /.flatpak-info, %NULL outside a Flatpak
 *
 * The sandbox sees the home folder read-only, so there a profile goes to the app's own cache
 * folder (~/.var/app/ID/cache/profiles), which the host's interpreter sees at the same path.
 *
 * Returns: (transfer full) (nullable): the folder to write the profile in
 */
char *
hearth_profile_command_out_folder (const char *folder,
                                   const char *flatpak_info)
{
  char *cache;

  if (flatpak_info == NULL)
    return g_strdup (folder);
  cache = g_build_filename (g_get_user_cache_dir (), "profiles", NULL);
  g_mkdir_with_parents (cache, 0700);
  return cache;
}

/* /app/... as the host sees it: the app's files are under [Instance] app-path there. */
static char *
host_path (const char *arg,
           const char *app_path)
{
  if (app_path != NULL && (g_str_equal (arg, "/app") || g_str_has_prefix (arg, "/app/")))
    return g_strconcat (app_path, arg + strlen ("/app"), NULL);
  return g_strdup (arg);
}

/**
 * hearth_profile_command_for_host:
 * @argv: the command as hearth_profile_command_argv() makes it
 * @folder: the folder to run it in
 * @flatpak_info: the sandbox's /.flatpak-info
 * @error: return location for an error
 *
 * The user's interpreter is on the host, not in the sandbox: the command goes through
 * `flatpak-spawn --host`, in @folder, unbuffered, and the sampler's /app path becomes the
 * host's path of the same file. --watch-bus ends the host's process with Hearth.
 *
 * Returns: (transfer full): the command line to start in the sandbox, or %NULL with @error
 *   set when @flatpak_info cannot be read
 */
GStrv
hearth_profile_command_for_host (const char * const  *argv,
                                 const char          *folder,
                                 const char          *flatpak_info,
                                 GError             **error)
{
  g_autoptr (GKeyFile) info = g_key_file_new ();
  g_autoptr (GStrvBuilder) host = g_strv_builder_new ();
  g_autofree char *app_path = NULL;
  g_autofree char *directory = NULL;

  if (!g_key_file_load_from_file (info, flatpak_info, G_KEY_FILE_NONE, error))
    return NULL;
  app_path = g_key_file_get_string (info, "Instance", "app-path", NULL);
  directory = g_strconcat ("--directory=", folder, NULL);
  g_strv_builder_add_many (host, "flatpak-spawn", "--host", "--watch-bus", directory,
                           "--env=PYTHONUNBUFFERED=1", NULL);
  for (guint i = 0; argv[i] != NULL; i++)
    {
      g_autofree char *arg = host_path (argv[i], app_path);

      g_strv_builder_add (host, arg);
    }
  return g_strv_builder_end (host);
}
