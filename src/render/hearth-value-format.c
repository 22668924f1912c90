/* hearth-value-format.c
 *
 * Copyright 2026 The Hearth authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#define G_LOG_DOMAIN "hearth-value-format"

#include "hearth-value-format.h"

#include <glib/gi18n.h>
#include <math.h>

/* three significant digits, and no fewer: 41.0 s, not 41 s */
static int
digits_after_point (double magnitude)
{
  if (magnitude >= 99.95)
    return 0;
  if (magnitude >= 9.995)
    return 1;
  return 2;
}

/**
 * hearth_format_value:
 * @value: a width in the profile's unit
 * @unit: the unit
 *
 * Formats a time, count or size for people: three significant digits and a unit
 * (`24.2 s`, `41.0 s`, `512 ms`, `417 samples`).
 *
 * Returns: (transfer full): the text
 */
char *
hearth_format_value (double     value,
                     HearthUnit unit)
{
  static const char *const byte_units[] = { "B", "kB", "MB", "GB", "TB" };
  double a = fabs (value);

  if (!isfinite (value))
    return g_strdup ("?");

  switch (unit)
    {
    case HEARTH_UNIT_SAMPLES:
      /* the plural of the count as written, rounded */
      return g_strdup_printf (g_dngettext (GETTEXT_PACKAGE, "%.0f sample", "%.0f samples",
                                           (gulong) MIN (round (a), 1e9)),
                              value);

    case HEARTH_UNIT_BYTES:
      {
        guint u = 0;

        while (a >= 999.5 && u + 1 < G_N_ELEMENTS (byte_units))
          {
            a /= 1000;
            value /= 1000;
            u++;
          }
        return u == 0 ? g_strdup_printf ("%.0f B", value)
                      : g_strdup_printf ("%.*f %s", digits_after_point (a), value, byte_units[u]);
      }

    case HEARTH_UNIT_SECONDS:
    default:
      if (a == 0)
        return g_strdup ("0 s");
      if (a >= 0.9995)
        return g_strdup_printf ("%.*f s", digits_after_point (a), value);
      if (a >= 0.0009995)
        return g_strdup_printf ("%.*f ms", digits_after_point (a * 1e3), value * 1e3);
      return g_strdup_printf ("%.*f µs", digits_after_point (a * 1e6), value * 1e6);
    }
}

/**
 * hearth_format_mean:
 * @value: a mean of widths in the profile's unit
 * @unit: the unit
 *
 * As hearth_format_value(), but a mean of sample counts keeps one decimal: the mean of 10
 * samples over 3 runs is `3.3 samples`, not `3 samples`.
 *
 * Returns: (transfer full): the text
 */
char *
hearth_format_mean (double     value,
                    HearthUnit unit)
{
  if (unit != HEARTH_UNIT_SAMPLES || !isfinite (value) || value == round (value))
    return hearth_format_value (value, unit);
  /* a fraction takes the plural of "many" (2 here, any number but 1) */
  return g_strdup_printf (g_dngettext (GETTEXT_PACKAGE, "%.1f sample", "%.1f samples", 2),
                          value);
}
