/* hearth-profile-threads.h: the threads (or profiles) of a stack profile, and one of them
 * on its own.
 *
 * Copyright 2026 The Hearth authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include "hearth-profile.h"

G_BEGIN_DECLS

/**
 * HearthThread:
 * @node: the stack node of its last leading frame: everything it ran is under this node
 * @depth: how many leading frames it has (a `process …` frame and a `thread (…)` frame: 2)
 * @name: its leading frames' texts, joined by " / "
 * @weight: the weight of its stacks summed, in the profile's unit
 *
 * One thread of a profile: a speedscope file's profile (they are merged under a root frame
 * each), or the stacks under the `thread (…)` / `process …` / `tid:N` root frames of a
 * folded file.
 */
typedef struct
{
  guint   node;
  guint   depth;
  char   *name;
  double  weight;
} HearthThread;

#define HEARTH_THREAD_ERROR (hearth_thread_error_quark ())

/**
 * HearthThreadError:
 * @HEARTH_THREAD_ERROR_UNKNOWN: no thread goes by that name or number, or several do
 */
typedef enum
{
  HEARTH_THREAD_ERROR_UNKNOWN,
} HearthThreadError;

GQuark         hearth_thread_error_quark     (void);

GPtrArray     *hearth_profile_list_threads   (HearthProfile       *self);
gint           hearth_profile_find_thread    (HearthProfile       *self,
                                              GPtrArray           *threads,
                                              const char          *spec,
                                              GError             **error);
HearthProfile *hearth_profile_dup_thread     (HearthProfile       *self,
                                              const HearthThread  *thread);

G_END_DECLS
