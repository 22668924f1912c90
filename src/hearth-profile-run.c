/* hearth-profile-run.c
 *
 * Copyright 2026 The Hearth authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

/* `hearth --profile`: runs the user's interpreter on hearth-sampler.py, which runs the script
 * under Hearth's sampler or (with --cprofile) under cProfile as `python -m cProfile -o` does
 * but passing on the script's exit status, which `python -m cProfile` drops. The script
 * shares Hearth's terminal: its output, its traceback and Ctrl+C (the script gets the
 * interrupt and still writes the part that ran; Hearth waits for it). */

#define G_LOG_DOMAIN "hearth-profile-run"

#include "hearth-profile-run.h"

#include <errno.h>
#include <fcntl.h>
#include <gio/gio.h>
#include <glib-unix.h>
#include <glib/gi18n.h>
#include <glib/gstdio.h>
#include <signal.h>
#include <string.h>
#include <unistd.h>

/* How many numbered names (script-2.prof, ...) a default output name may try. */
#define HEARTH_PROFILE_RUN_MAX_NAMES 1000

/**
 * hearth_profile_run_find_sampler:
 *
 * The sampler script: $HEARTH_SAMPLER (the tests point it into the source tree), else the
 * installed copy in Hearth's data folder.
 *
 * Returns: (transfer full): its path, which may not exist
 */
char *
hearth_profile_run_find_sampler (void)
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

/* A new file in the current folder, made empty at once so that no other run takes its name:
 * work.prof, work-2.prof, ... (work.speedscope.json for the sampler). */
static char *
reserve_name (const char * const  *command,
              gboolean             sample,
              GError             **error)
{
  g_autofree char *base = base_name (command);
  const char *ext = sample ? ".speedscope.json" : ".prof";

  for (guint n = 1; n <= HEARTH_PROFILE_RUN_MAX_NAMES; n++)
    {
      g_autofree char *name = n == 1 ? g_strconcat (base, ext, NULL)
                                     : g_strdup_printf ("%s-%u%s", base, n, ext);
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
               base, ext, HEARTH_PROFILE_RUN_MAX_NAMES - 1);
  return NULL;
}

static GStrv
build_argv (const HearthProfileRun *run,
            const char             *sampler,
            const char             *out)
{
  g_autoptr (GStrvBuilder) argv = g_strv_builder_new ();

  g_strv_builder_add (argv, run->python != NULL ? run->python : "python3");
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

typedef struct
{
  GMainLoop *loop;
  gboolean   done;
} Wait;

static void
child_done (GObject      *source,
            GAsyncResult *result,
            gpointer      user_data)
{
  Wait *wait = user_data;

  g_subprocess_wait_finish (G_SUBPROCESS (source), result, NULL);
  wait->done = TRUE;
  g_main_loop_quit (wait->loop);
}

/* Ctrl+C reaches the script too (one process group): it writes what ran and exits, and
 * Hearth waits to pass its status on. A handler, not SIG_IGN, which the child would keep. */
static gboolean
interrupted (gpointer user_data)
{
  return G_SOURCE_CONTINUE;
}

/* The child's status as a shell gives it: 128 + the signal when one ended it. */
static int
wait_for (GSubprocess *child)
{
  Wait wait = { g_main_loop_new (NULL, FALSE), FALSE };
  guint sigint = g_unix_signal_add (SIGINT, interrupted, NULL);

  g_subprocess_wait_async (child, NULL, child_done, &wait);
  while (!wait.done)
    g_main_loop_run (wait.loop);
  g_source_remove (sigint);
  g_main_loop_unref (wait.loop);

  if (g_subprocess_get_if_exited (child))
    return g_subprocess_get_exit_status (child);
  return 128 + g_subprocess_get_term_sig (child);
}

static gboolean
has_data (const char *path)
{
  GStatBuf st;

  return g_stat (path, &st) == 0 && st.st_size > 0;
}

/**
 * hearth_profile_run:
 * @run: what to run and how
 * @written: (out) (transfer full): the profile written, or %NULL when there is none
 * @error: return location for an error
 *
 * Runs the script in the foreground, its output on Hearth's terminal, and waits for it.
 *
 * Returns: the script's exit status, or -1 with @error set when it could not be started
 */
int
hearth_profile_run (const HearthProfileRun  *run,
                    char                   **written,
                    GError                 **error)
{
  g_autofree char *sampler = hearth_profile_run_find_sampler ();
  g_autofree char *out = NULL;
  g_auto (GStrv) argv = NULL;
  g_autoptr (GSubprocess) child = NULL;
  int status;

  *written = NULL;
  if (!g_file_test (sampler, G_FILE_TEST_IS_REGULAR))
    {
      g_set_error (error, G_FILE_ERROR, G_FILE_ERROR_NOENT,
                   _("Hearth's profiling script %s is missing (set HEARTH_SAMPLER to its path)"),
                   sampler);
      return -1;
    }
  out = run->out != NULL ? g_strdup (run->out) : reserve_name (run->command, run->sample, error);
  if (out == NULL)
    return -1;
  /* an earlier file of that name must not pass for this run's profile */
  if (run->out != NULL && g_unlink (out) != 0 && errno != ENOENT)
    {
      int saved = errno;

      g_set_error (error, G_FILE_ERROR, g_file_error_from_errno (saved),
                   "%s: %s", out, g_strerror (saved));
      return -1;
    }

  argv = build_argv (run, sampler, out);
  child = g_subprocess_newv ((const char * const *) argv, G_SUBPROCESS_FLAGS_NONE, error);
  if (child == NULL)
    {
      if (run->out == NULL)
        g_unlink (out);
      return -1;
    }
  status = wait_for (child);

  if (has_data (out))
    *written = g_steal_pointer (&out);
  else if (run->out == NULL)
    g_unlink (out);  /* the name reserved for nothing: the script never ran */
  return status;
}
