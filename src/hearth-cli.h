/* hearth-cli.h: the headless command line (--print, --export, --profile), run before GTK
 * starts.
 *
 * Copyright 2026 The Hearth authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <glib.h>

G_BEGIN_DECLS

/* Returns the exit status when the command line asked for headless work, or -1 when the
 * window should open; then *files holds the files to open (NULL-terminated, owned), and
 * *window_argv, when set, the command line to give the application instead of argv. */
int hearth_cli_run (int     argc,
                    char  **argv,
                    char ***files,
                    char ***window_argv);

G_END_DECLS
