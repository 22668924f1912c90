/* hearth-spread.h: each bar of a merged profile's tree with its width in each run.
 *
 * Copyright 2026 The Hearth authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include "hearth-call-tree.h"

G_BEGIN_DECLS

/* a bar whose widths over the runs have a coefficient of variation above this is noisy */
#define HEARTH_SPREAD_NOISY_CV 0.2

typedef struct
{
  double mean;      /* over all runs, a run without the bar counting 0 */
  double min;
  double max;
  double cv;        /* sample standard deviation / mean; 0 for one run or a mean of 0 */
  guint  present;   /* runs that have the bar */
  guint  n_runs;
} HearthSpreadStats;

#define HEARTH_TYPE_SPREAD (hearth_spread_get_type ())

G_DECLARE_FINAL_TYPE (HearthSpread, hearth_spread, HEARTH, SPREAD, GObject)

HearthSpread   *hearth_spread_new        (HearthCallTree        *merged,
                                          HearthProfile * const *runs,
                                          guint                  n_runs,
                                          GCancellable          *cancellable,
                                          GError               **error);
HearthSpread   *hearth_spread_new_reusing (HearthSpread         *previous,
                                           HearthCallTree       *merged,
                                           HearthProfile * const *runs,
                                           guint                 n_runs,
                                           GCancellable         *cancellable,
                                           GError              **error);
HearthCallTree *hearth_spread_get_tree   (HearthSpread          *self);
guint           hearth_spread_get_n_runs (HearthSpread          *self);
double          hearth_spread_get_width  (HearthSpread          *self,
                                          guint                  node,
                                          guint                  run);
void            hearth_spread_get_stats  (HearthSpread          *self,
                                          guint                  node,
                                          HearthSpreadStats     *stats);
gboolean        hearth_spread_is_noisy   (HearthSpread          *self,
                                          guint                  node);
gboolean        hearth_spread_has_noisy  (HearthSpread          *self);

G_END_DECLS
