/* hearth-format.c: shares of the run written for people, the same way everywhere.
 *
 * Copyright 2026 The Hearth authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#define G_LOG_DOMAIN "hearth-format"

#include "hearth-format.h"

#include <math.h>
#include <string.h>

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

/**
 * hearth_format_count:
 * @count: a count
 *
 * Returns: (transfer full): the count with its thousands grouped, "2,503"
 */
char *
hearth_format_count (guint64 count)
{
  g_autofree char *digits = g_strdup_printf ("%" G_GUINT64_FORMAT, count);
  GString *out = g_string_new (NULL);
  gsize n = strlen (digits);

  for (gsize i = 0; i < n; i++)
    {
      if (i > 0 && (n - i) % 3 == 0)
        g_string_append_c (out, ',');
      g_string_append_c (out, digits[i]);
    }
  return g_string_free (out, FALSE);
}

/**
 * hearth_format_chain_tail:
 * @chain: names joined by @separator, root first
 * @separator: e.g. " > "
 * @keep: how many names to keep at least (1 or more)
 *
 * A chain that is too long loses names from the root side, never its top:
 * "… > nested_parse > run". The full chain belongs in a tooltip.
 *
 * Returns: (transfer full): the chain, or its last @keep names after "…"
 */
char *
hearth_format_chain_tail (const char *chain,
                          const char *separator,
                          guint       keep)
{
  g_auto (GStrv) names = NULL;
  guint n;
  g_autofree char *tail = NULL;

  g_return_val_if_fail (chain != NULL, NULL);
  g_return_val_if_fail (separator != NULL && separator[0] != '\0', NULL);

  keep = MAX (keep, 1);
  names = g_strsplit (chain, separator, -1);
  n = g_strv_length (names);
  if (n <= keep + 1)
    return g_strdup (chain);
  tail = g_strjoinv (separator, names + (n - keep));
  return g_strconcat ("…", separator, tail, NULL);
}
