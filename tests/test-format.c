/* test-format.c: shares of the run as people read them.
 *
 * Copyright 2026 The Hearth authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "hearth-format.h"

#include <math.h>

static void
check (char       *text,
       const char *expected)
{
  g_assert_cmpstr (text, ==, expected);
  g_free (text);
}

static void
test_percent (void)
{
  check (hearth_format_percent (0.622), "62.2%");
  check (hearth_format_percent (1), "100.0%");
  check (hearth_format_percent (0.001), "0.1%");
  /* rounds to 0.1 %: one decimal, as everywhere from 0.1 % up */
  check (hearth_format_percent (0.00096), "0.1%");
  check (hearth_format_percent (0.00094), "0.1%");
  /* below: no "0.0%", no "9.5e-05%" */
  check (hearth_format_percent (0.00044), "<0.1%");
  check (hearth_format_percent (1.2e-7), "<0.1%");
  check (hearth_format_percent (0), "0%");
  check (hearth_format_percent (-0.0), "0%");
  check (hearth_format_percent (-0.2), "0%");
  check (hearth_format_percent (NAN), "0%");
  check (hearth_format_percent (INFINITY), "0%");
}

static void
test_percent_change (void)
{
  check (hearth_format_percent_change (0.123), "+12.3%");
  check (hearth_format_percent_change (-0.04), "−4.0%");
  /* a change that rounds to nothing has no sign: never "−0.0%" */
  check (hearth_format_percent_change (-0.0004), "<0.1%");
  check (hearth_format_percent_change (0.0004), "<0.1%");
  check (hearth_format_percent_change (-0.0), "0%");
  check (hearth_format_percent_change (0), "0%");
  check (hearth_format_percent_change (NAN), "0%");
}

static void
test_count (void)
{
  check (hearth_format_count (0), "0");
  check (hearth_format_count (999), "999");
  check (hearth_format_count (2503), "2,503");
  check (hearth_format_count (1000000), "1,000,000");
  check (hearth_format_count (G_MAXUINT64), "18,446,744,073,709,551,615");
}

static void
test_chain_tail (void)
{
  check (hearth_format_chain_tail ("main > parse > nested_parse > run", " > ", 2),
         "… > nested_parse > run");
  /* one name more than kept: the name reads better than an ellipsis */
  check (hearth_format_chain_tail ("parse > nested_parse > run", " > ", 2),
         "parse > nested_parse > run");
  check (hearth_format_chain_tail ("run", " > ", 2), "run");
  check (hearth_format_chain_tail ("a > b > c > d", " > ", 0), "… > d");
}

int
main (int   argc,
      char *argv[])
{
  g_test_init (&argc, &argv, NULL);

  g_test_add_func ("/format/percent", test_percent);
  g_test_add_func ("/format/percent-change", test_percent_change);
  g_test_add_func ("/format/count", test_count);
  g_test_add_func ("/format/chain-tail", test_chain_tail);

  return g_test_run ();
}
