/* hearth-profile-run.c
 *
 * Copyright 2026 The Hearth authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

/* `hearth --profile`: runs the command of hearth-profile-command.c. The script shares Hearth's terminal: its output, its traceback and Ctrl+C (the script gets the
 * interrupt and still writes the part that ran; Hearth waits for it). */

#define G_LOG_DOMAIN "hearth-profile-run"

#include "hearth-profile-run.h"

#include <errno.h>
#include <gio/gio.h>
#include <glib-unix.h>
#include <glib/gi18n.h>
#include <glib/gstdio.h>
#include <signal.h>

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
  g_autofree char *sampler = hearth_profile_command_find_sampler ();
  g_autofree char *out = NULL;
  g_autofree char *flatpak_info = NULL;
  g_auto (GStrv) argv = NULL;
  g_autoptr (GSubprocess) child = NULL;
  int status;

  *written = NULL;
  flatpak_info = hearth_profile_command_flatpak_info ();
  if (!g_file_test (sampler, G_FILE_TEST_IS_REGULAR))
    {
      g_set_error (error, G_FILE_ERROR, G_FILE_ERROR_NOENT,
                   _("Hearth's profiling script %s is missing (set HEARTH_SAMPLER to its path)"),
                   sampler);
      return -1;
    }
  if (run->out != NULL)
    out = g_strdup (run->out);
  else
    {
      g_autofree char *folder = hearth_profile_command_out_folder (NULL, flatpak_info);
      HearthProfiler profiler = run->sample ? HEARTH_PROFILER_SAMPLER : HEARTH_PROFILER_CPROFILE;

      out = hearth_profile_command_reserve_out (run->command, profiler, folder, error);
    }
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

  argv = hearth_profile_command_argv (run, sampler, out);
  /* in the Flatpak the user's interpreter and script are the host's */
  if (flatpak_info != NULL)
    {
      g_autofree char *here = g_get_current_dir ();
      GStrv host = hearth_profile_command_for_host ((const char * const *) argv, here,
                                                    flatpak_info, error);

      if (host == NULL)
        {
          if (run->out == NULL)
            g_unlink (out);
          return -1;
        }
      g_strfreev (argv);
      argv = host;
    }
  /* the script reads and writes the terminal, as it would run without Hearth */
  child = g_subprocess_newv ((const char * const *) argv, G_SUBPROCESS_FLAGS_STDIN_INHERIT,
                             error);
  if (child == NULL)
    {
      if (run->out == NULL)
        g_unlink (out);
      return -1;
    }
  status = wait_for (child);

  if (hearth_profile_command_wrote (out))
    *written = g_steal_pointer (&out);
  else if (run->out == NULL)
    g_unlink (out);  /* the name reserved for nothing: the script never ran */
  return status;
}
