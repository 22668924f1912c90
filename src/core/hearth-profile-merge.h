/* hearth-profile-merge.h: several runs of one program added up into one profile.
 *
 * Copyright 2026 The Hearth authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include "hearth-profile.h"

G_BEGIN_DECLS

HearthProfile *hearth_profile_merge       (HearthProfile * const *profiles,
                                           guint                  n_profiles,
                                           GError               **error);
HearthProfile *hearth_profile_merge_paths (const char * const    *paths,
                                           GError               **error);

G_END_DECLS
