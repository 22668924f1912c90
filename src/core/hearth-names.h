/* hearth-names.h
 *
 * Copyright 2026 The Hearth authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include "hearth-categories.h"
#include "hearth-labels.h"
#include "hearth-profile.h"

G_BEGIN_DECLS

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

/* The names of a profile made on a thread of their own (when there is a second core) while
 * the caller lays out its call tree: both only read the finished profile. */
typedef struct _HearthNamesJob HearthNamesJob;

HearthNamesJob *hearth_names_job_start        (HearthProfile       *profile,
                                               const char * const  *mine_paths,
                                               gboolean             use_source);
HearthNames    *hearth_names_job_finish       (HearthNamesJob      *job);

G_END_DECLS
