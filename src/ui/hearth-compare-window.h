/* hearth-compare-window.h: two runs of a program, before and after, on one time axis.
 *
 * Copyright 2026 The Hearth authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <gtk/gtk.h>

#include "hearth-session.h"

G_BEGIN_DECLS

#define HEARTH_TYPE_COMPARE_WINDOW (hearth_compare_window_get_type ())

G_DECLARE_FINAL_TYPE (HearthCompareWindow, hearth_compare_window, HEARTH, COMPARE_WINDOW,
                      GtkApplicationWindow)

HearthCompareWindow *hearth_compare_window_new         (GtkApplication      *application);
void                 hearth_compare_window_open        (HearthCompareWindow *self,
                                                        GFile               *before,
                                                        GFile               *after);
void                 hearth_compare_window_open_groups (HearthCompareWindow *self,
                                                        GFile * const       *before,
                                                        guint                n_before,
                                                        GFile * const       *after,
                                                        guint                n_after);
gboolean             hearth_compare_window_open_folders (HearthCompareWindow *self,
                                                         GFile               *before,
                                                         GFile               *after,
                                                         GFile              **left_out,
                                                         GError             **error);
void                 hearth_compare_window_load_run    (HearthCompareWindow *self,
                                                        guint                run,
                                                        GFile               *file);
void                 hearth_compare_window_set_run     (HearthCompareWindow *self,
                                                        guint                run,
                                                        HearthProfile       *profile,
                                                        HearthNames         *names,
                                                        HearthCallTree      *tree);
void                 hearth_compare_window_select_when_matched (HearthCompareWindow *self,
                                                                guint                run,
                                                                gint                 node);
void                 hearth_compare_window_set_run_name (HearthCompareWindow *self,
                                                        guint                run,
                                                        const char          *name);
HearthSession       *hearth_compare_window_get_session (HearthCompareWindow *self,
                                                        guint                run);
void                 hearth_compare_window_set_icicle  (HearthCompareWindow *self,
                                                        gboolean             icicle);

/* for the widget tests */
GtkWidget           *_hearth_compare_window_get_view   (HearthCompareWindow *self,
                                                        guint                run);
GtkWidget           *_hearth_compare_window_get_changes_pane (HearthCompareWindow *self);
GtkWidget           *_hearth_compare_window_get_chains_pane  (HearthCompareWindow *self,
                                                              guint                run);
gboolean             _hearth_compare_window_is_matched (HearthCompareWindow *self);
const char          *_hearth_compare_window_get_status (HearthCompareWindow *self);
const char          *_hearth_compare_window_get_message (HearthCompareWindow *self);
const char          *_hearth_compare_window_get_page   (HearthCompareWindow *self);
GtkWidget           *_hearth_compare_window_get_loading_view (HearthCompareWindow *self);
gboolean             _hearth_compare_window_export     (HearthCompareWindow *self,
                                                        const char          *path,
                                                        GError             **error);

G_END_DECLS
