/* hearth-flame-diff.h: two runs compared, for the differential colours.
 *
 * Copyright 2026 The Hearth authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include "hearth-flame-renderer-private.h"

G_BEGIN_DECLS

/* per node of the second run */
enum
{
  DIFF_NEW       = 1 << 0,
  DIFF_ESTIMATED = 1 << 1,
};

void     _hearth_flame_compute_changes (HearthFlameRenderer *self);
gboolean _hearth_flame_diff_colours    (HearthFlameRenderer *self);

G_END_DECLS
