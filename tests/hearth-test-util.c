/* hearth-test-util.c
 *
 * Copyright 2026 The Hearth authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "hearth-test-util.h"

char *
hearth_test_data_path (const char *name)
{
  return g_test_build_filename (G_TEST_DIST, "data", name, NULL);
}

gboolean
hearth_test_have_python (void)
{
  g_autofree char *python = g_find_program_in_path ("python3");

  return python != NULL;
}
