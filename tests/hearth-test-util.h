/* hearth-test-util.h
 *
 * Copyright 2026 The Hearth authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <glib.h>

#include "hearth-call-tree.h"
#include "hearth-profile.h"

G_BEGIN_DECLS

/* The path of a file in tests/data/ (freed by the caller). */
char     *hearth_test_data_path (const char *name);
/* TRUE when python3 can be run; tests that compare against Python skip otherwise. */
gboolean  hearth_test_have_python (void);
void      hearth_test_remove_tree (const char *path);
/* Writes @size bytes of @block repeated (the last copy cut); for big inputs made quickly. */
void      hearth_test_write_repeated  (const char *path,
                                       GString    *block,
                                       guint64     size);
/* Writes @size bytes of folded stacks: 20,000 distinct stack lines, repeated. */
void      hearth_test_write_big_folded (const char *path,
                                        guint64     size);

void      hearth_test_append_json_char (GString    *out,
                                        gunichar    c);
void      hearth_test_append_json      (GString    *out,
                                        const char *utf8);
void      hearth_test_append_double    (GString    *out,
                                        double      v);

const HearthFunction *hearth_test_find_frame  (HearthProfile *profile,
                                               const char    *frame);
gboolean              hearth_test_has_frame   (HearthProfile *profile,
                                               const char    *frame);
HearthProfile        *hearth_test_load_data   (const char    *name);
gboolean              hearth_test_has_warning (HearthProfile *profile,
                                               const char    *text);
guint                 hearth_test_n_warnings  (HearthProfile *profile);
void                  hearth_test_assert_function (const HearthFunction *f,
                                                   const char           *file,
                                                   gint64                line,
                                                   const char           *name);

HearthProfile  *hearth_test_new_pstats (void);
guint           hearth_test_fn_in      (HearthProfile *p,
                                        const char    *file,
                                        gint64         line,
                                        const char    *name,
                                        double         cum);
void            hearth_test_edge       (HearthProfile *p,
                                        guint          caller,
                                        guint          callee,
                                        double         cum);
HearthCallTree *hearth_test_tree_of    (HearthProfile *profile,
                                        double         cutoff);
char           *hearth_test_bars       (HearthCallTree *tree);
HearthProfile  *hearth_test_helper_profile (guint *run_out,
                                            guint *main_out);
HearthProfile  *hearth_test_load_folded (const char    *path,
                                         const char    *text);
guint           hearth_test_node_named (HearthCallTree *tree,
                                        const char     *name);

G_END_DECLS
