/* hearth-flame-axis.h: the time axis under the graph.
 *
 * Copyright 2026 The Hearth authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include "hearth-flame-build.h"

G_BEGIN_DECLS

void _hearth_flame_emit_axis (Build *b);

G_END_DECLS
