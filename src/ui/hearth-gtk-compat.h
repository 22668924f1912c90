/* hearth-gtk-compat.h: the few places where GTK 4.8 and newer GTK need different code.
 *
 * Copyright 2026 The Hearth authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <gtk/gtk.h>

G_BEGIN_DECLS

/* GTK 4.10 lets objects that are not widgets implement GtkAccessible: there the flame view's
 * visible bars are its accessible children (hearth-flame-view-bars-a11y.c); GTK 4.8 has the
 * view's description alone. */
#if GTK_CHECK_VERSION (4, 10, 0)
#define HEARTH_HAVE_ACCESSIBLE_CHILDREN 1
#else
#define HEARTH_HAVE_ACCESSIBLE_CHILDREN 0
#endif

gboolean  hearth_widget_lookup_color    (GtkWidget            *widget,
                                         const char           *name,
                                         GdkRGBA              *color);
void      hearth_widget_get_fg_color    (GtkWidget            *widget,
                                         GdkRGBA              *color);
gboolean  hearth_widget_is_dark         (GtkWidget            *widget);
gboolean  hearth_widget_is_high_contrast (GtkWidget           *widget);

void      hearth_open_file_async        (GtkWindow            *parent,
                                         const char           *title,
                                         const char           *accept_label,
                                         GFile                *folder,
                                         GCancellable         *cancellable,
                                         GAsyncReadyCallback   callback,
                                         gpointer              user_data);
void      hearth_open_file_filtered_async (GtkWindow          *parent,
                                           const char         *title,
                                           const char         *accept_label,
                                           GFile              *folder,
                                           GListModel         *filters,
                                           GCancellable       *cancellable,
                                           GAsyncReadyCallback callback,
                                           gpointer            user_data);
void      hearth_open_folder_async      (GtkWindow            *parent,
                                         const char           *title,
                                         const char           *accept_label,
                                         GFile                *folder,
                                         GCancellable         *cancellable,
                                         GAsyncReadyCallback   callback,
                                         gpointer              user_data);
GFile    *hearth_open_file_finish       (GAsyncResult         *result,
                                         GError              **error);

void      hearth_save_file_async        (GtkWindow            *parent,
                                         const char           *title,
                                         const char           *initial_name,
                                         GFile                *folder,
                                         GListModel           *filters,
                                         GCancellable         *cancellable,
                                         GAsyncReadyCallback   callback,
                                         gpointer              user_data);
GFile    *hearth_save_file_finish       (GAsyncResult         *result,
                                         GError              **error);

void      hearth_launch_file_async      (GtkWindow            *parent,
                                         GFile                *file,
                                         GCancellable         *cancellable,
                                         GAsyncReadyCallback   callback,
                                         gpointer              user_data);
gboolean  hearth_launch_file_finish     (GAsyncResult         *result,
                                         GError              **error);

GListModel *hearth_profile_file_filters (void);

void      hearth_name_inner_buttons     (GtkWidget            *root);

G_END_DECLS
