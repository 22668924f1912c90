/* hearth-loading-view.h: what a window shows while a file loads.
 *
 * Copyright 2026 The Hearth authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <gtk/gtk.h>

#include "hearth-session.h"

G_BEGIN_DECLS

#define HEARTH_TYPE_LOADING_VIEW (hearth_loading_view_get_type ())

G_DECLARE_FINAL_TYPE (HearthLoadingView, hearth_loading_view, HEARTH, LOADING_VIEW, GtkWidget)

GtkWidget *hearth_loading_view_new         (void);
void       hearth_loading_view_set_session (HearthLoadingView *self,
                                            HearthSession     *session);
void       hearth_loading_view_set_sessions (HearthLoadingView    *self,
                                             HearthSession * const *sessions,
                                             guint                 n_sessions);
void       hearth_loading_view_set_text    (HearthLoadingView *self,
                                            const char        *text);
void       hearth_loading_view_set_file    (HearthLoadingView *self,
                                            GFile             *file);
void       hearth_loading_view_set_merge   (HearthLoadingView *self,
                                            guint              n_files);
gboolean   hearth_loading_view_get_detailed (HearthLoadingView *self);

/* for the tests */
GtkWidget *_hearth_loading_view_get_progress_bar  (HearthLoadingView *self);
GtkWidget *_hearth_loading_view_get_cancel_button (HearthLoadingView *self);

G_END_DECLS
