/* hearth-profile-command.h: the command line that profiles a Python script, for
 * `hearth --profile` and the window's Profile a Script.
 *
 * Copyright 2026 The Hearth authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <glib.h>

G_BEGIN_DECLS

typedef enum
{
  HEARTH_PROFILER_CPROFILE,
  HEARTH_PROFILER_SAMPLER,
  HEARTH_PROFILER_PY_SPY,
  HEARTH_PROFILER_PROFILING_SAMPLING,
} HearthProfiler;

/* How long `profiling.sampling run` may sample (its -d, which ends the script after it). */
#define HEARTH_PROFILE_COMMAND_MAX_SECONDS 86400

typedef struct
{
  const char         *python;   /* NULL: python3 on PATH */
  const char         *out;      /* NULL: a new file in the current folder */
  gboolean            sample;   /* Hearth's sampler instead of cProfile */
  HearthProfiler      other;    /* py-spy or profiling.sampling instead of both */
  gboolean            cpu;
  gboolean            threads;
  const char * const *command;  /* SCRIPT ARGS... or -m MODULE ARGS... */
} HearthProfileRun;

char  *hearth_profile_command_find_sampler (void);
char  *hearth_profile_command_reserve_out  (const char * const  *command,
                                            HearthProfiler       profiler,
                                            const char          *folder,
                                            GError             **error);
GStrv  hearth_profile_command_argv         (const HearthProfileRun *run,
                                            const char             *sampler,
                                            const char             *out);
gboolean hearth_profile_command_wrote      (const char             *out);
const char *hearth_profile_command_extension (HearthProfiler        profiler);
char    *hearth_profile_command_find_py_spy (void);
GStrv    hearth_profile_command_probe_argv (const char             *python);
char    *hearth_profile_command_flatpak_info (void);
char    *hearth_profile_command_out_folder (const char             *folder,
                                            const char             *flatpak_info);
GStrv    hearth_profile_command_for_host   (const char * const     *argv,
                                            const char             *folder,
                                            const char             *flatpak_info,
                                            GError                **error);

G_END_DECLS
