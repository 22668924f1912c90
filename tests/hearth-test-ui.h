/* hearth-test-ui.h: helpers of the widget tests.
 *
 * Copyright 2026 The Hearth authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <gtk/gtk.h>

#include "hearth-application.h"
#include "hearth-compare-window.h"
#include "hearth-session.h"

G_BEGIN_DECLS

typedef gboolean (*HearthTestCondition) (gpointer user_data);

gboolean  hearth_test_ui_init        (int                  *argc,
                                      char               ***argv);
gboolean  hearth_test_ui_have_display (void);
gboolean  hearth_test_ui_skip        (void);
char     *hearth_test_example_path   (const char           *name);
gboolean  hearth_test_wait_until     (HearthTestCondition   condition,
                                      gpointer              user_data,
                                      guint                 timeout_ms);
void      hearth_test_wait           (guint                 ms);
void      hearth_test_click          (GtkWidget            *widget,
                                      int                   n_press,
                                      double                x,
                                      double                y);
void      hearth_test_destroy_window (GtkWidget            *window);
void      hearth_test_close_windows  (HearthApplication    *app);
HearthCompareWindow *hearth_test_find_compare_window (HearthApplication *app);
gboolean  hearth_test_has_matched_compare_window (gpointer          user_data);
guint     hearth_test_root_node      (HearthSession        *session);
gboolean  hearth_test_window_has_tree (gpointer            window);
void      hearth_test_settle         (GtkWidget            *window);
GtkWidget *hearth_test_open_window   (HearthApplication    *app,
                                      const char           *path,
                                      int                   width,
                                      int                   height);

GtkWidget *hearth_test_find_button   (GtkWidget            *widget,
                                      const char           *label);
gboolean  hearth_test_press_key      (GtkWidget            *focus,
                                      guint                 keyval,
                                      GdkModifierType       modifiers);

HearthApplication *hearth_test_ui_new_application (int    *argc,
                                                   char ***argv);

G_END_DECLS
