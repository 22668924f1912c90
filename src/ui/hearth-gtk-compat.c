/* hearth-gtk-compat.c
 *
 * Copyright 2026 The Hearth authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

/* Every GTK_CHECK_VERSION of Hearth lives here. The check is made at compile time: the
 * Debian 12 build (GTK 4.8) takes the first branch, the Flatpak build (a current GNOME
 * runtime) the second. The API level stays pinned at 4.8, so the newer calls are wrapped in
 * G_GNUC_BEGIN_IGNORE_DEPRECATIONS to keep the "not available before 4.10" warnings quiet. */

#define G_LOG_DOMAIN "hearth-gtk-compat"

#include "hearth-gtk-compat.h"

#include <glib/gi18n.h>
#include <string.h>

/**
 * hearth_widget_get_fg_color:
 * @widget: a widget
 * @color: (out caller-allocates): its CSS foreground colour
 */
void
hearth_widget_get_fg_color (GtkWidget *widget,
                            GdkRGBA   *color)
{
  g_return_if_fail (GTK_IS_WIDGET (widget));
  g_return_if_fail (color != NULL);

#if GTK_CHECK_VERSION (4, 10, 0)
  G_GNUC_BEGIN_IGNORE_DEPRECATIONS
  gtk_widget_get_color (widget, color);
  G_GNUC_END_IGNORE_DEPRECATIONS
#else
  gtk_style_context_get_color (gtk_widget_get_style_context (widget), color);
#endif
}

/**
 * hearth_widget_is_dark:
 * @widget: a widget
 *
 * Returns: whether @widget is drawn in a dark theme: its foreground is light
 */
gboolean
hearth_widget_is_dark (GtkWidget *widget)
{
  GdkRGBA fg;

  hearth_widget_get_fg_color (widget, &fg);
  return 0.2126 * fg.red + 0.7152 * fg.green + 0.0722 * fg.blue > 0.5;
}

/**
 * hearth_widget_is_high_contrast:
 * @widget: a widget
 *
 * Whether the theme is a high-contrast one: GTK 4.8's HighContrast and HighContrastInverse,
 * newer GTK's Default-hc and Default-hc-dark, named by GTK_THEME or the theme setting (the
 * variable wins, as in GTK).
 *
 * Returns: %TRUE in a high-contrast theme
 */
gboolean
hearth_widget_is_high_contrast (GtkWidget *widget)
{
  g_autofree char *setting = NULL;
  const char *theme = g_getenv ("GTK_THEME");

  g_return_val_if_fail (GTK_IS_WIDGET (widget), FALSE);

  if (theme == NULL || theme[0] == '\0')
    {
      g_object_get (gtk_widget_get_settings (widget), "gtk-theme-name", &setting, NULL);
      theme = setting;
    }
  return theme != NULL && (strstr (theme, "HighContrast") != NULL ||
                           strstr (theme, "-hc") != NULL);
}

/**
 * hearth_widget_lookup_color:
 * @widget: a widget
 * @name: a colour the theme names, such as "view_bg_color"
 * @color: (out caller-allocates): the colour
 *
 * Returns: %FALSE when the theme has no such colour
 */
gboolean
hearth_widget_lookup_color (GtkWidget  *widget,
                            const char *name,
                            GdkRGBA    *color)
{
  g_return_val_if_fail (GTK_IS_WIDGET (widget), FALSE);
  g_return_val_if_fail (name != NULL && color != NULL, FALSE);

  /* deprecated in 4.10, with nothing in its place for a named colour */
  G_GNUC_BEGIN_IGNORE_DEPRECATIONS
  return gtk_style_context_lookup_color (gtk_widget_get_style_context (widget), name, color);
  G_GNUC_END_IGNORE_DEPRECATIONS
}

/**
 * hearth_profile_file_filters:
 *
 * Returns: (transfer full): the filters of an open dialog: profiles first, then all files
 */
GListModel *
hearth_profile_file_filters (void)
{
  static const char * const suffixes[] = {
    "prof", "pstats", "folded", "collapsed", "txt", "json", "gz",
  };
  GListStore *filters = g_list_store_new (GTK_TYPE_FILE_FILTER);
  g_autoptr (GtkFileFilter) profiles = gtk_file_filter_new ();
  g_autoptr (GtkFileFilter) all = gtk_file_filter_new ();

  gtk_file_filter_set_name (profiles, _("Profiles"));
  for (guint i = 0; i < G_N_ELEMENTS (suffixes); i++)
    gtk_file_filter_add_suffix (profiles, suffixes[i]);
  gtk_file_filter_add_mime_type (profiles, "application/gzip");
  gtk_file_filter_set_name (all, _("All Files"));
  gtk_file_filter_add_pattern (all, "*");

  g_list_store_append (filters, profiles);
  g_list_store_append (filters, all);
  return G_LIST_MODEL (filters);
}

/* Open dialog ------------------------------------------------------------------------------- */

#if GTK_CHECK_VERSION (4, 10, 0)

/* The open and save dialogs answer alike: a file, or a dismissal the caller sees as cancelled. */
static void
return_choice (GTask  *task,
               GFile  *file,
               GError *error)
{
  gboolean dismissed;

  G_GNUC_BEGIN_IGNORE_DEPRECATIONS
  dismissed = g_error_matches (error, GTK_DIALOG_ERROR, GTK_DIALOG_ERROR_DISMISSED) ||
              g_error_matches (error, GTK_DIALOG_ERROR, GTK_DIALOG_ERROR_CANCELLED);
  G_GNUC_END_IGNORE_DEPRECATIONS

  if (file != NULL)
    g_task_return_pointer (task, file, g_object_unref);
  else if (dismissed)
    g_task_return_new_error (task, G_IO_ERROR, G_IO_ERROR_CANCELLED, "%s", error->message);
  else
    g_task_return_error (task, g_error_copy (error));
}

static void
file_dialog_done (GObject      *source,
                  GAsyncResult *result,
                  gpointer      user_data)
{
  g_autoptr (GTask) task = user_data;
  g_autoptr (GError) error = NULL;
  GFile *file;

  G_GNUC_BEGIN_IGNORE_DEPRECATIONS
  file = gtk_file_dialog_open_finish (GTK_FILE_DIALOG (source), result, &error);
  G_GNUC_END_IGNORE_DEPRECATIONS
  return_choice (task, file, error);
}

static void
folder_dialog_done (GObject      *source,
                    GAsyncResult *result,
                    gpointer      user_data)
{
  g_autoptr (GTask) task = user_data;
  g_autoptr (GError) error = NULL;
  GFile *file;

  G_GNUC_BEGIN_IGNORE_DEPRECATIONS
  file = gtk_file_dialog_select_folder_finish (GTK_FILE_DIALOG (source), result, &error);
  G_GNUC_END_IGNORE_DEPRECATIONS
  return_choice (task, file, error);
}

/* A dialog titled @title starting in @folder (may be %NULL). */
static GtkFileDialog *
file_dialog_new (const char *title,
                 GFile      *folder)
{
  GtkFileDialog *dialog;

  G_GNUC_BEGIN_IGNORE_DEPRECATIONS
  dialog = gtk_file_dialog_new ();
  gtk_file_dialog_set_title (dialog, title);
  if (folder != NULL)
    gtk_file_dialog_set_initial_folder (dialog, folder);
  G_GNUC_END_IGNORE_DEPRECATIONS
  return dialog;
}

#else

/* A modal native chooser offering @filters (#GtkFileFilter items; may be %NULL). */
static GtkFileChooserNative *
chooser_new (GtkWindow            *parent,
             const char           *title,
             GtkFileChooserAction  action,
             const char           *accept_label,
             GListModel           *filters,
             GFile                *folder)
{
  GtkFileChooserNative *native;

  native = gtk_file_chooser_native_new (title, parent, action, accept_label, _("_Cancel"));
  gtk_native_dialog_set_modal (GTK_NATIVE_DIALOG (native), TRUE);
  for (guint i = 0; filters != NULL && i < g_list_model_get_n_items (filters); i++)
    {
      g_autoptr (GtkFileFilter) filter = g_list_model_get_item (filters, i);

      gtk_file_chooser_add_filter (GTK_FILE_CHOOSER (native), filter);
    }
  if (folder != NULL)
    gtk_file_chooser_set_current_folder (GTK_FILE_CHOOSER (native), folder, NULL);
  return native;
}

static void
file_chooser_response (GtkNativeDialog *native,
                       int              response,
                       gpointer         user_data)
{
  g_autoptr (GTask) task = user_data;

  if (response == GTK_RESPONSE_ACCEPT)
    g_task_return_pointer (task, gtk_file_chooser_get_file (GTK_FILE_CHOOSER (native)),
                           g_object_unref);
  else
    g_task_return_new_error (task, G_IO_ERROR, G_IO_ERROR_CANCELLED, "%s",
                             _("No file was chosen"));
  gtk_native_dialog_destroy (native);
  g_object_unref (native);
}

#endif

/**
 * hearth_open_file_async:
 * @parent: (nullable): the window the dialog belongs to
 * @title: the dialog's title
 * @accept_label: the label of its accept button
 * @folder: (nullable): the folder it starts in
 * @cancellable: (nullable): a #GCancellable
 * @callback: called with the choice
 * @user_data: data for @callback
 *
 * Asks for a profile file: #GtkFileDialog with GTK 4.10 and later, #GtkFileChooserNative
 * before; both go through the desktop portal where there is one.
 */
void
hearth_open_file_async (GtkWindow           *parent,
                        const char          *title,
                        const char          *accept_label,
                        GFile               *folder,
                        GCancellable        *cancellable,
                        GAsyncReadyCallback  callback,
                        gpointer             user_data)
{
  g_autoptr (GListModel) filters = hearth_profile_file_filters ();

  hearth_open_file_filtered_async (parent, title, accept_label, folder, filters, cancellable,
                                   callback, user_data);
}

/**
 * hearth_open_folder_async:
 *
 * hearth_open_file_async () for a folder (pytest-profiling's `prof/`, say); finish with
 * hearth_open_file_finish ().
 */
void
hearth_open_folder_async (GtkWindow           *parent,
                          const char          *title,
                          const char          *accept_label,
                          GFile               *folder,
                          GCancellable        *cancellable,
                          GAsyncReadyCallback  callback,
                          gpointer             user_data)
{
  GTask *task = g_task_new (parent, cancellable, callback, user_data);

#if GTK_CHECK_VERSION (4, 10, 0)
  G_GNUC_BEGIN_IGNORE_DEPRECATIONS
  {
    g_autoptr (GtkFileDialog) dialog = file_dialog_new (title, folder);

    gtk_file_dialog_set_accept_label (dialog, accept_label);
    gtk_file_dialog_select_folder (dialog, parent, cancellable, folder_dialog_done, task);
  }
  G_GNUC_END_IGNORE_DEPRECATIONS
#else
  {
    GtkFileChooserNative *native = chooser_new (parent, title,
                                                GTK_FILE_CHOOSER_ACTION_SELECT_FOLDER,
                                                accept_label, NULL, folder);

    g_signal_connect (native, "response", G_CALLBACK (file_chooser_response), task);
    gtk_native_dialog_show (GTK_NATIVE_DIALOG (native));
  }
#endif
}

/**
 * hearth_open_file_filtered_async:
 * @filters: the file filters offered, the first one chosen
 *
 * hearth_open_file_async () for files other than profiles (a script to profile).
 */
void
hearth_open_file_filtered_async (GtkWindow           *parent,
                                 const char          *title,
                                 const char          *accept_label,
                                 GFile               *folder,
                                 GListModel          *filters,
                                 GCancellable        *cancellable,
                                 GAsyncReadyCallback  callback,
                                 gpointer             user_data)
{
  g_autoptr (GtkFileFilter) first = g_list_model_get_item (filters, 0);
  GTask *task = g_task_new (parent, cancellable, callback, user_data);


#if GTK_CHECK_VERSION (4, 10, 0)
  G_GNUC_BEGIN_IGNORE_DEPRECATIONS
  {
    g_autoptr (GtkFileDialog) dialog = file_dialog_new (title, folder);

    gtk_file_dialog_set_accept_label (dialog, accept_label);
    gtk_file_dialog_set_filters (dialog, filters);
    gtk_file_dialog_set_default_filter (dialog, first);
    gtk_file_dialog_open (dialog, parent, cancellable, file_dialog_done, task);
  }
  G_GNUC_END_IGNORE_DEPRECATIONS
#else
  {
    GtkFileChooserNative *native = chooser_new (parent, title, GTK_FILE_CHOOSER_ACTION_OPEN,
                                                accept_label, filters, folder);

    gtk_file_chooser_set_filter (GTK_FILE_CHOOSER (native), first);
    g_signal_connect (native, "response", G_CALLBACK (file_chooser_response), task);
    gtk_native_dialog_show (GTK_NATIVE_DIALOG (native));
  }
#endif
}

/**
 * hearth_open_file_finish:
 * @result: the result given to the callback
 * @error: return location for an error; %G_IO_ERROR_CANCELLED when the user cancelled
 *
 * Returns: (transfer full) (nullable): the chosen file
 */
GFile *
hearth_open_file_finish (GAsyncResult  *result,
                         GError       **error)
{
  g_return_val_if_fail (G_IS_TASK (result), NULL);

  return g_task_propagate_pointer (G_TASK (result), error);
}

/* Save dialog ------------------------------------------------------------------------------- */

#if GTK_CHECK_VERSION (4, 10, 0)

static void
save_dialog_done (GObject      *source,
                  GAsyncResult *result,
                  gpointer      user_data)
{
  g_autoptr (GTask) task = user_data;
  g_autoptr (GError) error = NULL;
  GFile *file;

  G_GNUC_BEGIN_IGNORE_DEPRECATIONS
  file = gtk_file_dialog_save_finish (GTK_FILE_DIALOG (source), result, &error);
  G_GNUC_END_IGNORE_DEPRECATIONS
  return_choice (task, file, error);
}

#endif

/**
 * hearth_save_file_async:
 * @parent: (nullable): the window the dialog belongs to
 * @title: the dialog's title
 * @initial_name: the file name it proposes
 * @folder: (nullable): the folder it starts in
 * @filters: (nullable): #GtkFileFilter items, the first one chosen
 * @cancellable: (nullable): a #GCancellable
 * @callback: called with the choice
 * @user_data: data for @callback
 *
 * Asks where to save: #GtkFileDialog with GTK 4.10 and later, #GtkFileChooserNative before.
 */
void
hearth_save_file_async (GtkWindow           *parent,
                        const char          *title,
                        const char          *initial_name,
                        GFile               *folder,
                        GListModel          *filters,
                        GCancellable        *cancellable,
                        GAsyncReadyCallback  callback,
                        gpointer             user_data)
{
  GTask *task = g_task_new (parent, cancellable, callback, user_data);

#if GTK_CHECK_VERSION (4, 10, 0)
  G_GNUC_BEGIN_IGNORE_DEPRECATIONS
  {
    g_autoptr (GtkFileDialog) dialog = file_dialog_new (title, folder);

    gtk_file_dialog_set_initial_name (dialog, initial_name);
    if (filters != NULL)
      gtk_file_dialog_set_filters (dialog, filters);
    gtk_file_dialog_save (dialog, parent, cancellable, save_dialog_done, task);
  }
  G_GNUC_END_IGNORE_DEPRECATIONS
#else
  {
    GtkFileChooserNative *native = chooser_new (parent, title, GTK_FILE_CHOOSER_ACTION_SAVE,
                                                _("_Save"), filters, folder);

    gtk_file_chooser_set_current_name (GTK_FILE_CHOOSER (native), initial_name);
    g_signal_connect (native, "response", G_CALLBACK (file_chooser_response), task);
    gtk_native_dialog_show (GTK_NATIVE_DIALOG (native));
  }
#endif
}

/**
 * hearth_save_file_finish:
 * @result: the result given to the callback
 * @error: return location for an error; %G_IO_ERROR_CANCELLED when the user cancelled
 *
 * Returns: (transfer full) (nullable): the chosen file
 */
GFile *
hearth_save_file_finish (GAsyncResult  *result,
                         GError       **error)
{
  g_return_val_if_fail (G_IS_TASK (result), NULL);

  return g_task_propagate_pointer (G_TASK (result), error);
}

/* Launching a file -------------------------------------------------------------------------- */

static void
launch_done (GObject      *source,
             GAsyncResult *result,
             gpointer      user_data)
{
  g_autoptr (GTask) task = user_data;
  g_autoptr (GError) error = NULL;
  gboolean ok;

#if GTK_CHECK_VERSION (4, 10, 0)
  G_GNUC_BEGIN_IGNORE_DEPRECATIONS
  ok = gtk_file_launcher_launch_finish (GTK_FILE_LAUNCHER (source), result, &error);
  G_GNUC_END_IGNORE_DEPRECATIONS
#else
  ok = g_app_info_launch_default_for_uri_finish (result, &error);
#endif
  if (ok)
    g_task_return_boolean (task, TRUE);
  else
    g_task_return_error (task, g_steal_pointer (&error));
}

/**
 * hearth_launch_file_async:
 * @parent: (nullable): the window asking
 * @file: the file to open
 * @cancellable: (nullable): a #GCancellable
 * @callback: called when the file was handed over, or not
 * @user_data: data for @callback
 *
 * Opens @file in the default application for its type: #GtkFileLauncher with GTK 4.10 and
 * later (through the portal in a sandbox), g_app_info_launch_default_for_uri_async() before.
 */
void
hearth_launch_file_async (GtkWindow           *parent,
                          GFile               *file,
                          GCancellable        *cancellable,
                          GAsyncReadyCallback  callback,
                          gpointer             user_data)
{
  GTask *task = g_task_new (parent, cancellable, callback, user_data);

  g_return_if_fail (G_IS_FILE (file));


#if GTK_CHECK_VERSION (4, 10, 0)
  G_GNUC_BEGIN_IGNORE_DEPRECATIONS
  {
    g_autoptr (GtkFileLauncher) launcher = gtk_file_launcher_new (file);

    gtk_file_launcher_launch (launcher, parent, cancellable, launch_done, task);
  }
  G_GNUC_END_IGNORE_DEPRECATIONS
#else
  {
    g_autofree char *uri = g_file_get_uri (file);
    g_autoptr (GdkAppLaunchContext) context = NULL;
    GdkDisplay *display = parent != NULL ? gtk_widget_get_display (GTK_WIDGET (parent))
                                         : gdk_display_get_default ();

    if (display != NULL)
      context = gdk_display_get_app_launch_context (display);
    g_app_info_launch_default_for_uri_async (uri, G_APP_LAUNCH_CONTEXT (context), cancellable,
                                             launch_done, task);
  }
#endif
}

/**
 * hearth_launch_file_finish:
 * @result: the result given to the callback
 * @error: return location for an error
 *
 * Returns: %TRUE when the file was handed to an application
 */
gboolean
hearth_launch_file_finish (GAsyncResult  *result,
                           GError       **error)
{
  g_return_val_if_fail (G_IS_TASK (result), FALSE);

  return g_task_propagate_boolean (G_TASK (result), error);
}

static void
set_label (GtkWidget  *widget,
           const char *label)
{
  gtk_accessible_update_property (GTK_ACCESSIBLE (widget), GTK_ACCESSIBLE_PROPERTY_LABEL, label,
                                  -1);
}

/* "Open the _Example" → "Open the Example"; "__" is an underline */
static char *
without_mnemonic (const char *label)
{
  GString *text = g_string_new (NULL);

  for (const char *p = label; *p != '\0'; p++)
    {
      if (*p == '_' && p[1] == '_')
        p++;
      else if (*p == '_')
        continue;
      g_string_append_c (text, *p);
    }
  return g_string_free (text, FALSE);
}

/**
 * hearth_name_inner_buttons:
 * @root: a widget, usually a window after its template is built
 *
 * Names the buttons under @root that GTK 4.8 builds itself and leaves without an accessible
 * name, so that a screen reader hears more than "button": a menu button (and so the toggle
 * inside it, which it labels) gets its tooltip, the close button of an info bar "Close", a
 * button with a mnemonic its label once.
 */
void
hearth_name_inner_buttons (GtkWidget *root)
{
  for (GtkWidget *child = gtk_widget_get_first_child (root); child != NULL;
       child = gtk_widget_get_next_sibling (child))
    {
      /* the toggle inside is labelled by the menu button */
      if (GTK_IS_MENU_BUTTON (child) && gtk_widget_get_tooltip_text (child) != NULL)
        {
          set_label (child, gtk_widget_get_tooltip_text (child));
          continue;
        }
      /* GTK 4.8 reads a mnemonic button's label twice, once with its underline */
      if (GTK_IS_BUTTON (child) && gtk_button_get_use_underline (GTK_BUTTON (child)) &&
          gtk_button_get_label (GTK_BUTTON (child)) != NULL)
        {
          g_autofree char *plain = without_mnemonic (gtk_button_get_label (GTK_BUTTON (child)));

          /* the name is the label property and what labels the button, its own label */
          gtk_accessible_reset_relation (GTK_ACCESSIBLE (child),
                                         GTK_ACCESSIBLE_RELATION_LABELLED_BY);
          set_label (child, plain);
        }
      if (GTK_IS_BUTTON (child) && gtk_widget_has_css_class (child, "close") &&
          gtk_widget_get_ancestor (child, GTK_TYPE_INFO_BAR) != NULL)
        set_label (child, _("Close"));
      hearth_name_inner_buttons (child);
    }
}
