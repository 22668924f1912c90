/* walk.h: a walk of a marshal stream that builds nothing, the floor for any .prof reader
 *
 * Copyright 2026 The Hearth authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <glib.h>

gboolean hearth_bench_walk (const guint8 *data,
                            gsize         length,
                            guint64      *n_values);
