/* hearth-categories.h: where a function lives, and the profiled script.
 *
 * Copyright 2026 The Hearth authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include "hearth-profile.h"

G_BEGIN_DECLS

/**
 * HearthCategory:
 * @HEARTH_CATEGORY_MINE: the user's own code (drawn warm)
 * @HEARTH_CATEGORY_INSTALLED: an installed package (site-packages, a virtualenv)
 * @HEARTH_CATEGORY_PYTHON: Python itself: the standard library, built-ins, import machinery
 *
 * Where a function lives; hearth-categories.c documents the rules.
 */
typedef enum
{
  HEARTH_CATEGORY_MINE,
  HEARTH_CATEGORY_INSTALLED,
  HEARTH_CATEGORY_PYTHON,
} HearthCategory;

#define HEARTH_N_CATEGORIES 3

HearthCategory  hearth_names_categorize_path  (const char          *file,
                                               gint64               line,
                                               const char          *script_dir,
                                               const char * const  *mine_paths);
const char     *hearth_category_to_string     (HearthCategory       category);
gint            hearth_names_find_main_module (HearthProfile       *profile);
char           *hearth_categories_find_script (HearthProfile       *profile,
                                               gint                 main_module,
                                               const char         **script_file);
void            hearth_categories_compute     (HearthProfile       *profile,
                                               const char          *script_file,
                                               const char          *script_dir,
                                               const char * const  *mine_paths,
                                               guint8              *categories);

G_END_DECLS
