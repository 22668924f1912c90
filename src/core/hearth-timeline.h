/* hearth-timeline.h: a profile's calls in time order, where its file keeps that order.
 *
 * Copyright 2026 The Hearth authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <glib.h>

#include "hearth-profile.h"

G_BEGIN_DECLS

/**
 * HearthTimelineBlock:
 * @start: when it starts, on a clock from the start of the profile (the profile's unit)
 * @duration: how long it lasts
 * @depth: how deep on the stack (0 for the outermost frame)
 * @function: its function in the profile
 *
 * One call (evented profiles) or one run of consecutive samples with the same stack prefix
 * (sampled profiles).
 */
typedef struct
{
  double start;
  double duration;
  guint  depth;
  guint  function;
} HearthTimelineBlock;

/**
 * HearthTimeline:
 *
 * The order of a profile's samples (one stack node and weight each) and calls (one block
 * each), profile after profile on one clock. Immutable once its profile is finished;
 * owned by the profile.
 */
typedef struct _HearthTimeline HearthTimeline;

HearthTimeline *hearth_profile_get_timeline   (HearthProfile  *profile);

guint           hearth_timeline_get_n_samples (HearthTimeline *self);
guint           hearth_timeline_get_n_calls   (HearthTimeline *self);
double          hearth_timeline_get_length    (HearthTimeline *self);
GArray         *hearth_timeline_get_blocks    (HearthTimeline *self,
                                               HearthProfile  *profile);
HearthProfile  *hearth_timeline_dup_range     (HearthTimeline *self,
                                               HearthProfile  *profile,
                                               double          start,
                                               double          end);

/* For the readers. A part is one profile of the file: sampled (its samples follow) or
 * evented (its calls follow); the next part starts on the clock where this one ends. */
HearthTimeline *_hearth_timeline_new          (void);
void            _hearth_timeline_free         (HearthTimeline *self);
void            _hearth_timeline_begin_part   (HearthTimeline *self,
                                               gboolean        sampled,
                                               double          origin,
                                               double          factor);
void            _hearth_timeline_end_part     (HearthTimeline *self,
                                               double          end);
void            _hearth_timeline_add_sample   (HearthTimeline *self,
                                               guint           node,
                                               double          weight);
guint           _hearth_timeline_open         (HearthTimeline *self,
                                               double          at,
                                               guint           depth,
                                               guint           function);
void            _hearth_timeline_close        (HearthTimeline *self,
                                               guint           call,
                                               double          at);
gsize           _hearth_timeline_get_size     (HearthTimeline *self);
void            _hearth_profile_set_timeline  (HearthProfile  *profile,
                                               HearthTimeline *timeline);

G_END_DECLS
