/* hearth-window.h: a window showing one profile.
 *
 * Copyright 2026 The Hearth authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <gtk/gtk.h>

#include "hearth-session.h"

G_BEGIN_DECLS

#define HEARTH_TYPE_WINDOW (hearth_window_get_type ())

G_DECLARE_FINAL_TYPE (HearthWindow, hearth_window, HEARTH, WINDOW, GtkApplicationWindow)

HearthWindow  *hearth_window_new         (GtkApplication *application);
void           hearth_window_open        (HearthWindow   *self,
                                          GFile          *file);
void           hearth_window_open_merged (HearthWindow   *self,
                                          GFile * const  *files,
                                          guint           n_files);
GFile         *hearth_window_get_file    (HearthWindow   *self);
gboolean       hearth_window_is_empty    (HearthWindow   *self);
HearthSession *hearth_window_get_session (HearthWindow   *self);
void           hearth_window_show_sandwich (HearthWindow *self,
                                            guint         function);
void           hearth_window_set_icicle  (HearthWindow   *self,
                                          gboolean        icicle);

G_END_DECLS
