/* hearth-profile-run.h: running a Python script under cProfile or Hearth's sampler.
 *
 * Copyright 2026 The Hearth authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <glib.h>

G_BEGIN_DECLS

typedef struct
{
  const char         *python;   /* NULL: python3 on PATH */
  const char         *out;      /* NULL: a new file in the current folder */
  gboolean            sample;   /* Hearth's sampler instead of cProfile */
  gboolean            cpu;
  gboolean            threads;
  const char * const *command;  /* SCRIPT ARGS... or -m MODULE ARGS... */
} HearthProfileRun;

char *hearth_profile_run_find_sampler (void);
int   hearth_profile_run             (const HearthProfileRun  *run,
                                      char                   **written,
                                      GError                 **error);

G_END_DECLS
