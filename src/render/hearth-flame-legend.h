/* hearth-flame-legend.h: the legend under the graph.
 *
 * Copyright 2026 The Hearth authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include "hearth-flame-build.h"

G_BEGIN_DECLS

/* the legend's entries, collected and laid out in lines (returns how many) */
void  _hearth_flame_collect_legend (HearthFlameRenderer *self,
                                    Frame               *f);
guint _hearth_flame_flow_legend    (HearthFlameRenderer *self,
                                    Frame               *f);

void _hearth_flame_emit_legend (Build *b);

G_END_DECLS
