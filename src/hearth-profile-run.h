/* hearth-profile-run.h: running a Python script under cProfile or Hearth's sampler.
 *
 * Copyright 2026 The Hearth authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include "hearth-profile-command.h"

G_BEGIN_DECLS

int hearth_profile_run (const HearthProfileRun  *run,
                        char                   **written,
                        GError                 **error);

G_END_DECLS
