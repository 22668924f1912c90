/* hearth-verdict.h: whether a chain's change between two runs is larger than the noise.
 *
 * Copyright 2026 The Hearth authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include "hearth-profile.h"

G_BEGIN_DECLS

/**
 * HearthVerdict:
 * @HEARTH_VERDICT_UNKNOWN: nothing tells how much the runs vary (one deterministic run on
 *   each side, or runs that cannot be compared)
 * @HEARTH_VERDICT_NOISE: the change is within what runs vary by
 * @HEARTH_VERDICT_REAL: the change is larger than the noise
 */
typedef enum
{
  HEARTH_VERDICT_UNKNOWN,
  HEARTH_VERDICT_NOISE,
  HEARTH_VERDICT_REAL,
} HearthVerdict;

/**
 * HearthVerdictTest:
 * @HEARTH_VERDICT_TEST_NONE: no test: every verdict is unknown
 * @HEARTH_VERDICT_TEST_SAMPLES: sampled runs: a chain's share of the samples in each run,
 *   with the binomial standard error of those shares
 * @HEARTH_VERDICT_TEST_RUNS: several deterministic runs on each side: the ranges of the runs
 *
 * Which rule gave the verdicts of a comparison.
 */
typedef enum
{
  HEARTH_VERDICT_TEST_NONE,
  HEARTH_VERDICT_TEST_SAMPLES,
  HEARTH_VERDICT_TEST_RUNS,
} HearthVerdictTest;

/* A sampled change is real beyond this many standard errors... */
#define HEARTH_VERDICT_SIGMAS 3.0
/* ...and when it moves the chain's share by at least this fraction of the run. */
#define HEARTH_VERDICT_MIN_SHARE 0.01

const char    *hearth_verdict_to_string       (HearthVerdict   verdict);
HearthVerdict  hearth_verdict_from_samples    (double          before,
                                               double          before_total,
                                               double          after,
                                               double          after_total);
HearthVerdict  hearth_verdict_from_runs       (const double   *before,
                                               guint           n_before,
                                               const double   *after,
                                               guint           n_after);
gboolean       hearth_verdict_check_comparable (HearthProfile  *before,
                                               const char     *before_name,
                                               HearthProfile  *after,
                                               const char     *after_name,
                                               GError        **error);

G_END_DECLS
