/* hearth-session.h: the state of one window: the profile, its tree, selection, zoom, search.
 *
 * Copyright 2026 The Hearth authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <gio/gio.h>

#include "hearth-call-tree.h"
#include "hearth-names.h"
#include "hearth-spread.h"

G_BEGIN_DECLS

/* The functions a search matches, shared with the renderer (it outlives a search change). */
typedef struct _HearthSearchHits HearthSearchHits;

#define HEARTH_TYPE_SESSION (hearth_session_get_type ())

G_DECLARE_FINAL_TYPE (HearthSession, hearth_session, HEARTH, SESSION, GObject)

HearthSession      *hearth_session_new                (void);

void                hearth_session_load_async         (HearthSession        *self,
                                                       GFile                *file,
                                                       GCancellable         *cancellable,
                                                       GAsyncReadyCallback   callback,
                                                       gpointer              user_data);
gboolean            hearth_session_load_finish        (HearthSession        *self,
                                                       GAsyncResult         *result,
                                                       GError              **error);
gboolean            hearth_session_load_finish_titled (HearthSession        *self,
                                                       GAsyncResult         *result,
                                                       char                **title,
                                                       GError              **error);
void                hearth_session_load_merge_async   (HearthSession        *self,
                                                       GFile * const        *files,
                                                       guint                 n_files,
                                                       GCancellable         *cancellable,
                                                       GAsyncReadyCallback   callback,
                                                       gpointer              user_data);
GFile * const      *hearth_session_get_merge_files    (HearthSession        *self,
                                                       guint                *n_files);
GPtrArray          *hearth_session_get_merge_runs     (HearthSession        *self);
HearthSpread       *hearth_session_get_spread         (HearthSession        *self);
void                hearth_session_set_profile        (HearthSession        *self,
                                                       HearthProfile        *profile,
                                                       HearthNames          *names,
                                                       HearthCallTree       *tree);

GFile              *hearth_session_get_file           (HearthSession        *self);
HearthProfile      *hearth_session_get_profile        (HearthSession        *self);
HearthNames        *hearth_session_get_names          (HearthSession        *self);
HearthCallTree     *hearth_session_get_tree           (HearthSession        *self);
HearthCallTree     *hearth_session_get_pane_tree      (HearthSession        *self);
gboolean            hearth_session_get_loading        (HearthSession        *self);
void                hearth_session_cancel_load        (HearthSession        *self);
guint64             hearth_session_get_load_read      (HearthSession        *self);
guint64             hearth_session_get_load_size      (HearthSession        *self);
gboolean            hearth_session_get_busy           (HearthSession        *self);
const char         *hearth_session_get_error          (HearthSession        *self);
const char         *hearth_session_get_notice         (HearthSession        *self);
void                hearth_session_post_notice        (HearthSession        *self,
                                                       const char           *notice);

gint                hearth_session_get_root           (HearthSession        *self);
void                hearth_session_set_root           (HearthSession        *self,
                                                       gint                  function);
void                hearth_session_set_root_spec      (HearthSession        *self,
                                                       const char           *spec);
double              hearth_session_get_cutoff         (HearthSession        *self);
void                hearth_session_set_cutoff         (HearthSession        *self,
                                                       double                cutoff);
guint               hearth_session_get_max_repeat     (HearthSession        *self);
void                hearth_session_set_max_repeat     (HearthSession        *self,
                                                       guint                 max_repeat);
const char * const *hearth_session_get_mine_paths     (HearthSession        *self);
void                hearth_session_set_mine_paths     (HearthSession        *self,
                                                       const char * const   *paths);
gboolean            hearth_session_get_use_source     (HearthSession        *self);
void                hearth_session_set_use_source     (HearthSession        *self,
                                                       gboolean              use_source);

/* time order and time ranges (hearth-session-order.c) */
HearthProfile      *hearth_session_get_full_profile   (HearthSession        *self);
gboolean            hearth_session_keeps_order        (HearthSession        *self);
gboolean            hearth_session_get_time_order     (HearthSession        *self);
void                hearth_session_set_time_order     (HearthSession        *self,
                                                       gboolean              time_order);
gboolean            hearth_session_get_range          (HearthSession        *self,
                                                       double               *start,
                                                       double               *end);
void                hearth_session_set_range          (HearthSession        *self,
                                                       double                start,
                                                       double                end);
void                hearth_session_clear_range        (HearthSession        *self);
char               *hearth_session_dup_range_label    (HearthSession        *self);

gint                hearth_session_get_selected       (HearthSession        *self);
void                hearth_session_set_selected       (HearthSession        *self,
                                                       gint                  node);
gint                hearth_session_get_selected_function (HearthSession     *self);
void                hearth_session_select_function    (HearthSession        *self,
                                                       guint                 function);
gint                hearth_session_get_zoom           (HearthSession        *self);
void                hearth_session_set_zoom           (HearthSession        *self,
                                                       gint                  node);

const char         *hearth_session_get_search_text    (HearthSession        *self);
void                hearth_session_set_search_text    (HearthSession        *self,
                                                       const char           *text);
gboolean            hearth_session_get_search_regex   (HearthSession        *self);
void                hearth_session_set_search_regex   (HearthSession        *self,
                                                       gboolean              regex);
const char         *hearth_session_get_search_error   (HearthSession        *self);
guint               hearth_session_get_match_functions (HearthSession       *self);
double              hearth_session_get_match_total    (HearthSession        *self);
gboolean            hearth_session_select_next_match  (HearthSession        *self,
                                                       gboolean              backwards);
HearthSearchHits   *hearth_session_ref_search_hits    (HearthSession        *self);

gint                hearth_session_find_widest_node   (HearthSession        *self,
                                                       guint                 function);
guint               hearth_session_get_n_callers      (HearthSession        *self,
                                                       guint                 function);
const char         *hearth_session_get_function_label (HearthSession        *self,
                                                       gint                  function);
char               *hearth_session_dup_root_label     (HearthSession        *self);
const char         *hearth_session_get_node_label     (HearthSession        *self,
                                                       guint                 node);
char               *hearth_session_dup_location       (HearthSession        *self,
                                                       guint                 function);
char               *hearth_session_dup_chain_text     (HearthSession        *self,
                                                       guint                 node,
                                                       const char           *separator,
                                                       gboolean              with_root);
char               *hearth_session_dup_tree_chain_text (HearthSession       *self,
                                                        HearthCallTree      *tree,
                                                        guint                node,
                                                        const char          *separator,
                                                        gboolean             with_root);
char               *hearth_session_format_value       (HearthSession        *self,
                                                       double                value);
double              hearth_session_get_run_total      (HearthSession        *self);

gboolean            hearth_search_hits_match          (HearthProfile        *profile,
                                                       guint                 function,
                                                       gpointer              hits);
HearthSearchHits   *hearth_search_hits_ref            (HearthSearchHits     *hits);
void                hearth_search_hits_unref          (gpointer              hits);

G_END_DECLS
