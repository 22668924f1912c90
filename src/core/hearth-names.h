/* hearth-names.h
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
 * Where a function lives; hearth-names.c documents the rule.
 */
typedef enum
{
  HEARTH_CATEGORY_MINE,
  HEARTH_CATEGORY_INSTALLED,
  HEARTH_CATEGORY_PYTHON,
} HearthCategory;

#define HEARTH_N_CATEGORIES 3

#define HEARTH_TYPE_NAMES (hearth_names_get_type ())

G_DECLARE_FINAL_TYPE (HearthNames, hearth_names, HEARTH, NAMES, GObject)

HearthNames    *hearth_names_new              (HearthProfile       *profile,
                                               const char * const  *mine_paths,
                                               gboolean             use_source);
HearthProfile  *hearth_names_get_profile      (HearthNames         *self);
const char     *hearth_names_get_label        (HearthNames         *self,
                                               guint                function);
const char     *hearth_names_get_qualified    (HearthNames         *self,
                                               guint                function);
const char     *hearth_names_get_distinct     (HearthNames         *self,
                                               guint                function);
char           *hearth_names_dup_placed       (HearthNames         *self,
                                               guint                function);
gboolean        hearth_names_is_from_source   (HearthNames         *self,
                                               guint                function);
HearthCategory  hearth_names_get_category     (HearthNames         *self,
                                               guint                function);
const char     *hearth_names_get_script_dir   (HearthNames         *self);
gint            hearth_names_get_main_module  (HearthNames         *self);
guint           hearth_names_get_n_files_read (HearthNames         *self);

gint            hearth_names_find_main_module (HearthProfile       *profile);
char           *hearth_names_make_label       (const char          *name);
HearthCategory  hearth_names_categorize_path  (const char          *file,
                                               gint64               line,
                                               const char          *script_dir,
                                               const char * const  *mine_paths);
const char     *hearth_category_to_string     (HearthCategory       category);

G_END_DECLS
