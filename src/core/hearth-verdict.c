/* hearth-verdict.c
 *
 * Copyright 2026 The Hearth authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#define G_LOG_DOMAIN "hearth-verdict"

#include "hearth-verdict.h"

#include <gio/gio.h>
#include <glib/gi18n-lib.h>
#include <math.h>

/**
 * hearth_verdict_to_string:
 * @verdict: a #HearthVerdict
 *
 * Returns: `real`, `noise` or `unknown`, as `--print changes` writes them (not translated)
 */
const char *
hearth_verdict_to_string (HearthVerdict verdict)
{
  switch (verdict)
    {
    case HEARTH_VERDICT_REAL:
      return "real";
    case HEARTH_VERDICT_NOISE:
      return "noise";
    case HEARTH_VERDICT_UNKNOWN:
    default:
      return "unknown";
    }
}

static double
share_of (double count,
          double total)
{
  return CLAMP (count / total, 0.0, 1.0);
}

/**
 * hearth_verdict_from_samples:
 * @before: a chain's samples in the first run
 * @before_total: the first run's samples
 * @after: the chain's samples in the second run
 * @after_total: the second run's samples
 *
 * A chain's share p of n samples is off by about sqrt (p (1 - p) / n) from run to run; the
 * difference of two shares, by the square root of the sum of both squares. The change is
 * real when the shares differ by more than #HEARTH_VERDICT_SIGMAS of those errors and by at
 * least #HEARTH_VERDICT_MIN_SHARE (a change too small to matter is noise however sure).
 *
 * Returns: the verdict; unknown when a run has no samples
 */
HearthVerdict
hearth_verdict_from_samples (double before,
                             double before_total,
                             double after,
                             double after_total)
{
  double p1, p2, se, diff;

  if (!(before_total > 0) || !(after_total > 0) || !isfinite (before_total) ||
      !isfinite (after_total))
    return HEARTH_VERDICT_UNKNOWN;
  p1 = share_of (isfinite (before) ? before : 0, before_total);
  p2 = share_of (isfinite (after) ? after : 0, after_total);
  se = sqrt (p1 * (1 - p1) / before_total + p2 * (1 - p2) / after_total);
  diff = fabs (p2 - p1);
  if (diff > HEARTH_VERDICT_SIGMAS * se && diff >= HEARTH_VERDICT_MIN_SHARE)
    return HEARTH_VERDICT_REAL;
  return HEARTH_VERDICT_NOISE;
}

static void
range_of (const double *values,
          guint         n,
          double       *min,
          double       *max,
          double       *mean)
{
  double sum = 0;

  *min = INFINITY;
  *max = -INFINITY;
  for (guint i = 0; i < n; i++)
    {
      double v = isfinite (values[i]) ? values[i] : 0;

      *min = MIN (*min, v);
      *max = MAX (*max, v);
      sum += v;
    }
  *mean = sum / n;
}

/**
 * hearth_verdict_from_runs:
 * @before: (array length=n_before): a chain's time in each run of the first side (0 in a
 *   run without the chain)
 * @n_before: how many runs
 * @after: (array length=n_after): the same on the second side
 * @n_after: how many runs
 *
 * Deterministic runs count every call, but their timings still vary from run to run; only
 * several runs on each side show by how much. The change is real when the ranges of the two
 * sides (lowest to highest run) do not overlap and the means differ by more than the wider
 * of the two ranges.
 *
 * Returns: the verdict; unknown with fewer than two runs on a side
 */
HearthVerdict
hearth_verdict_from_runs (const double *before,
                          guint         n_before,
                          const double *after,
                          guint         n_after)
{
  double min1, max1, mean1, min2, max2, mean2;

  if (n_before < 2 || n_after < 2 || before == NULL || after == NULL)
    return HEARTH_VERDICT_UNKNOWN;
  range_of (before, n_before, &min1, &max1, &mean1);
  range_of (after, n_after, &min2, &max2, &mean2);
  if (max1 >= min2 && max2 >= min1)
    return HEARTH_VERDICT_NOISE;
  if (fabs (mean2 - mean1) > MAX (max1 - min1, max2 - min2))
    return HEARTH_VERDICT_REAL;
  return HEARTH_VERDICT_NOISE;
}

/**
 * hearth_verdict_check_comparable:
 * @before: the first side's profile
 * @before_name: what to call it in a message (its file, or its files)
 * @after: the second side's profile
 * @after_name: the same for it
 * @error: where a refusal goes
 *
 * Seconds are not samples, and a deterministic run's time is not a sampled one's: a change
 * between them would be a change of profiler.
 *
 * Returns: %TRUE when both are of one kind and one unit
 */
gboolean
hearth_verdict_check_comparable (HearthProfile  *before,
                                 const char     *before_name,
                                 HearthProfile  *after,
                                 const char     *after_name,
                                 GError        **error)
{
  g_return_val_if_fail (HEARTH_IS_PROFILE (before), FALSE);
  g_return_val_if_fail (HEARTH_IS_PROFILE (after), FALSE);

  if (hearth_profile_get_kind (before) != hearth_profile_get_kind (after))
    g_set_error (error, G_IO_ERROR, G_IO_ERROR_INVALID_ARGUMENT,
                 _("%s and %s cannot be compared: one is a %s profile, the other a %s one"),
                 before_name, after_name,
                 hearth_profile_kind_to_string (hearth_profile_get_kind (before)),
                 hearth_profile_kind_to_string (hearth_profile_get_kind (after)));
  else if (hearth_profile_get_unit (before) != hearth_profile_get_unit (after))
    g_set_error (error, G_IO_ERROR, G_IO_ERROR_INVALID_ARGUMENT,
                 _("%s and %s cannot be compared: one counts %s, the other %s"),
                 before_name, after_name,
                 hearth_unit_to_string (hearth_profile_get_unit (before)),
                 hearth_unit_to_string (hearth_profile_get_unit (after)));
  else
    return TRUE;
  return FALSE;
}
