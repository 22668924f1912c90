/* hearth-format.c: shares of the run written for people, the same way everywhere.
 *
 * Copyright 2026 The Hearth authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#define G_LOG_DOMAIN "hearth-format"

#include "hearth-format.h"

#include <math.h>

/* Tenths of a percent, rounded: what "%.1f" would print, without a sign. */
static double
tenths (double percent)
{
  return round (fabs (percent) * 10);
}

/**
 * hearth_format_percent:
 * @fraction: a share, 0 to 1
 *
 * One decimal from 0.1 % up ("12.3%"), "<0.1%" for a share that rounds to less, "0%" for
 * nothing: never scientific notation and never a sign. A share that is not a number, or
 * negative, reads as nothing.
 *
 * Returns: (transfer full): the text
 */
char *
hearth_format_percent (double fraction)
{
  double percent = 100 * fraction;

  if (!isfinite (percent) || percent <= 0)
    return g_strdup ("0%");
  if (tenths (percent) < 1)
    return g_strdup ("<0.1%");
  return g_strdup_printf ("%.1f%%", tenths (percent) / 10);
}

/**
 * hearth_format_percent_change:
 * @fraction: a change as a share, negative when it shrank
 *
 * Like hearth_format_percent() with a sign ("+12.3%", "−4.0%"); a change that rounds to
 * less than 0.1 % reads "<0.1%" without a sign, so that no "−0.0%" is ever written.
 *
 * Returns: (transfer full): the text
 */
char *
hearth_format_percent_change (double fraction)
{
  double percent = 100 * fraction;

  if (!isfinite (percent) || percent == 0)
    return g_strdup ("0%");
  if (tenths (percent) < 1)
    return g_strdup ("<0.1%");
  return g_strdup_printf ("%s%.1f%%", percent < 0 ? "−" : "+", tenths (percent) / 10);
}
