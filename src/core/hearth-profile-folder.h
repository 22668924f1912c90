/* hearth-profile-folder.h: the profiles of a folder, as runs of one program.
 *
 * Copyright 2026 The Hearth authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <gio/gio.h>

G_BEGIN_DECLS

/* pytest-profiling writes this beside the tests' profiles: their sum, which a merge of the
 * folder would count twice */
#define HEARTH_PROFILE_FOLDER_COMBINED "combined.prof"

gboolean   hearth_profile_folder_is_profile_name (const char  *name);
GPtrArray *hearth_profile_folder_list            (GFile       *folder,
                                                  GFile      **left_out,
                                                  GError     **error);
GPtrArray *hearth_profile_folder_expand          (GPtrArray   *files,
                                                  GFile      **left_out,
                                                  GError     **error);

const char *hearth_profile_folder_left_out_note (void);

G_END_DECLS
