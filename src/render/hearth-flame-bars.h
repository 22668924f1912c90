/* hearth-flame-bars.h: the bars of a run.
 *
 * Copyright 2026 The Hearth authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include "hearth-flame-build.h"

G_BEGIN_DECLS

void _hearth_flame_emit_run (Build *b,
                            guint  run_index);

G_END_DECLS
