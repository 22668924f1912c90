/* hearth-sandwich.h: one function with its callers below and its callees above.
 *
 * Copyright 2026 The Hearth authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include "hearth-call-tree.h"

G_BEGIN_DECLS

#define HEARTH_TYPE_SANDWICH (hearth_sandwich_get_type ())

G_DECLARE_FINAL_TYPE (HearthSandwich, hearth_sandwich, HEARTH, SANDWICH, GObject)

HearthSandwich *hearth_sandwich_new              (HearthProfile               *profile,
                                                  guint                        function,
                                                  const HearthCallTreeOptions *options,
                                                  GError                     **error);
HearthProfile  *hearth_sandwich_get_profile      (HearthSandwich              *self);
guint           hearth_sandwich_get_function     (HearthSandwich              *self);
double          hearth_sandwich_get_total        (HearthSandwich              *self);
HearthCallTree *hearth_sandwich_get_callees      (HearthSandwich              *self);
HearthCallTree *hearth_sandwich_get_callers      (HearthSandwich              *self);
const guint    *hearth_sandwich_get_caller_edges (HearthSandwich              *self,
                                                  guint                       *n_edges);
const guint    *hearth_sandwich_get_callee_edges (HearthSandwich              *self,
                                                  guint                       *n_edges);

G_END_DECLS
