/* hearth-test-names.h: hand-built pstats profiles and the sources in tests/data/names/, for
 * the tests of labels, categories, qualified names and HearthNames.
 *
 * Copyright 2026 The Hearth authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include "hearth-categories.h"
#include "hearth-profile-private.h"
#include "hearth-test-util.h"

G_BEGIN_DECLS

/* the categories, short enough for tables of cases */
#define MINE HEARTH_CATEGORY_MINE
#define INSTALLED HEARTH_CATEGORY_INSTALLED
#define PYTHON HEARTH_CATEGORY_PYTHON

static inline HearthProfile *
new_pstats (void)
{
  return _hearth_profile_new (HEARTH_FORMAT_PSTATS, HEARTH_KIND_DETERMINISTIC, HEARTH_UNIT_SECONDS);
}

/* a function called once, with @cum seconds of cumulative time, half of them its own */
static inline guint
add_function (HearthProfile *p,
              const char    *file,
              gint64         line,
              const char    *name,
              double         cum)
{
  guint f = _hearth_profile_intern_function (p, file, line, name);

  _hearth_profile_set_numbers (p, f, 1, 1, cum / 2, cum);
  return f;
}

/* The profile's path only matters for its folder: sources are looked up next to it. */
static inline char *
names_data_profile_path (void)
{
  return hearth_test_data_path ("names/profile.prof");
}

static inline char *
names_data (const char *name)
{
  g_autofree char *rel = g_build_filename ("names", name, NULL);

  return hearth_test_data_path (rel);
}

G_END_DECLS
