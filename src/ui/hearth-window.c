/* hearth-window.c
 *
 * Copyright 2026 The Hearth authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#define G_LOG_DOMAIN "hearth-window"

#include "hearth-window-private.h"

#include <glib/gi18n.h>
#include <string.h>

#include "hearth-format.h"
#include "hearth-gtk-compat.h"
#include "hearth-settings.h"
#include "hearth-source-pane.h"
#include "hearth-thread-picker.h"
#include "hearth-ui-resources.h"

/**
 * HearthWindow:
 *
 * One profile: a header bar (Open, the root picker, the file name and total, search, the
 * main menu), a welcome page while nothing is open, a loading page while a file loads (with
 * its progress and a Cancel button when it takes a while), and the graph with its side
 * panes. The window owns the #HearthSession the flame view and the panes observe; it only
 * turns session state into its own widgets (title, pages, banner, search results) and never
 * relays between the views.
 */

#define LOADING_DELAY_MS  150   /* small files appear without a spinner flashing */
#define RELOAD_DELAY_MS   500   /* a reload keeps the version shown unless it takes long */
#define RESPONSE_COMPARE_PREVIOUS 1
#define RESPONSE_MERGE            2
#define MAX_RECENT        6
#define MAX_ROOT_CHOICES  40

G_DEFINE_FINAL_TYPE (HearthWindow, hearth_window, GTK_TYPE_APPLICATION_WINDOW)

/* Pages and titles --------------------------------------------------------------------------- */

static void
update_page (HearthWindow *self)
{
  HearthCallTree *tree = hearth_session_get_tree (self->session);
  const char *page;

  if (hearth_session_get_loading (self->session) && self->show_spinner)
    page = "loading";
  else if (hearth_session_get_profile (self->session) == NULL || tree == NULL)
    page = "welcome";
  else if (hearth_call_tree_get_n_nodes (tree) == 0)
    page = "empty";
  else
    page = "graph";

  gtk_stack_set_visible_child_name (GTK_STACK (self->stack), page);
  gtk_widget_set_sensitive (self->search_button, g_str_equal (page, "graph"));
  if (!g_str_equal (page, "graph"))
    gtk_search_bar_set_search_mode (GTK_SEARCH_BAR (self->search_bar), FALSE);
}

static const char *
format_name (HearthProfile *profile)
{
  switch (hearth_profile_get_format (profile))
    {
    case HEARTH_FORMAT_PSTATS:
      return hearth_profile_get_kind (profile) == HEARTH_KIND_SAMPLED ? _("sampled pstats")
                                                                       : _("cProfile");
    case HEARTH_FORMAT_FOLDED:
      return _("folded stacks");
    case HEARTH_FORMAT_SPEEDSCOPE:
      return hearth_profile_get_kind (profile) == HEARTH_KIND_TRACED ? _("traced speedscope")
                                                                      : _("speedscope");
    default:
      return "";
    }
}

static void
update_title (HearthWindow *self)
{
  HearthProfile *profile = hearth_session_get_profile (self->session);
  GFile *file = hearth_session_get_file (self->session);
  g_autofree char *name = NULL;
  g_autofree char *subtitle = NULL;

  if (profile == NULL)
    {
      gtk_label_set_text (GTK_LABEL (self->title_label), _("Hearth"));
      gtk_widget_set_visible (self->subtitle_label, FALSE);
      gtk_window_set_title (GTK_WINDOW (self), _("Hearth"));
      return;
    }

  name = file != NULL ? g_file_get_basename (file) : g_strdup (hearth_profile_get_name (profile));
  if (name == NULL)
    name = g_strdup (_("Profile"));
  {
    g_autofree char *total = hearth_session_format_value (self->session,
                                                          hearth_profile_get_total (profile));

    HearthCallTree *tree = hearth_session_get_tree (self->session);

    if (hearth_session_get_root (self->session) >= 0 && tree != NULL)
      {
        /* the root's time as the shares and the exports' title give it */
        g_autofree char *root = hearth_session_format_value (self->session,
                                                             hearth_call_tree_get_total (tree));

        /* translators: the subtitle of a window with a chosen root: "Root 3.2 s of 14.6 s ·
         * cProfile" */
        subtitle = g_strdup_printf (_("Root %s of %s · %s"), root, total, format_name (profile));
      }
    else
      /* translators: the subtitle of a window: the run's total time, then the file's format */
      subtitle = g_strdup_printf (_("Total %s · %s"), total, format_name (profile));
  }
  gtk_label_set_text (GTK_LABEL (self->title_label), name);
  gtk_label_set_text (GTK_LABEL (self->subtitle_label), subtitle);
  gtk_widget_set_visible (self->subtitle_label, TRUE);
  gtk_window_set_title (GTK_WINDOW (self), name);
}

static void
update_root_label (HearthWindow *self)
{
  HearthCallTree *tree = hearth_session_get_tree (self->session);
  g_autofree char *tooltip = NULL;
  g_autofree char *label = NULL;
  g_autofree char *location = NULL;
  gint root;

  gtk_widget_set_visible (self->root_button,
                          tree != NULL && hearth_call_tree_get_n_nodes (tree) > 0);
  if (tree == NULL)
    return;
  root = hearth_call_tree_get_root_function (tree);
  label = hearth_session_dup_root_label (self->session);
  location = root >= 0 ? hearth_session_dup_location (self->session, root) : NULL;
  gtk_label_set_text (GTK_LABEL (self->root_label), label);
  /* the whole path in the tooltip */
  if (location != NULL)
    tooltip = g_strdup_printf (_("The graph starts at %s (%s). Pick another root."),
                               hearth_session_get_function_label (self->session, root), location);
  else
    tooltip = g_strdup_printf (_("The graph starts at %s. Pick another root."), label);
  gtk_widget_set_tooltip_text (self->root_button, tooltip);
}

static void
tree_changed (HearthWindow *self)
{
  HearthSpread *spread = hearth_session_get_spread (self->session);

  hearth_legend_set_spread (HEARTH_LEGEND (self->legend),
                            spread != NULL && hearth_spread_has_noisy (spread));
  update_title (self);
  update_root_label (self);
  update_page (self);
  _hearth_window_update_actions (self);
}

/* Messages ----------------------------------------------------------------------------------- */

/* Shows a banner above the graph; a %NULL message hides it. */
void
_hearth_window_show_message (HearthWindow   *self,
                             GtkMessageType  type,
                             const char     *title,
                             const char     *message)
{
  /* only the reload banner offers the comparison, only a folder's the merge: they show their
   * buttons after this */
  gtk_widget_set_visible (self->compare_previous_button, FALSE);
  gtk_widget_set_visible (self->merge_button, FALSE);
  if (message == NULL)
    {
      gtk_info_bar_set_revealed (GTK_INFO_BAR (self->message_bar), FALSE);
      return;
    }
  gtk_info_bar_set_message_type (GTK_INFO_BAR (self->message_bar), type);
  gtk_image_set_from_icon_name (GTK_IMAGE (self->message_icon),
                                type == GTK_MESSAGE_ERROR ? "dialog-error-symbolic"
                                                          : "dialog-information-symbolic");
  gtk_accessible_update_property (GTK_ACCESSIBLE (self->message_icon),
                                  GTK_ACCESSIBLE_PROPERTY_LABEL,
                                  type == GTK_MESSAGE_ERROR ? _("Error") : _("Information"), -1);
  gtk_label_set_text (GTK_LABEL (self->message_title), title);
  gtk_widget_set_visible (self->message_title, title != NULL);
  gtk_label_set_text (GTK_LABEL (self->message_label), message);
  gtk_info_bar_set_revealed (GTK_INFO_BAR (self->message_bar), TRUE);
}

static void
message_bar_response (HearthWindow *self,
                      int           response)
{
  gtk_info_bar_set_revealed (GTK_INFO_BAR (self->message_bar), FALSE);
  if (response == RESPONSE_COMPARE_PREVIOUS)
    gtk_widget_activate_action (GTK_WIDGET (self), "win.compare-previous", NULL);
  else if (response == RESPONSE_MERGE)
    _hearth_window_merge_offered (self);
}

static void
notice_changed (HearthWindow *self)
{
  const char *notice = hearth_session_get_notice (self->session);

  if (notice != NULL)
    _hearth_window_show_message (self, GTK_MESSAGE_INFO, NULL, notice);
}

/* Loading ------------------------------------------------------------------------------------ */

static gboolean
show_loading (gpointer user_data)
{
  HearthWindow *self = user_data;

  self->loading_timeout = 0;
  self->show_spinner = TRUE;
  update_page (self);
  return G_SOURCE_REMOVE;
}

static void
loading_changed (HearthWindow *self)
{
  g_clear_handle_id (&self->loading_timeout, g_source_remove);
  self->show_spinner = FALSE;
  /* a slow reload shows the loading page too: its Cancel goes back to the version shown */
  if (hearth_session_get_loading (self->session))
    self->loading_timeout = g_timeout_add (self->reloading ? RELOAD_DELAY_MS : LOADING_DELAY_MS,
                                           show_loading, self);
  else
    update_page (self);
  _hearth_window_update_actions (self);
}

static void
add_to_recent (GFile *file)
{
  g_autofree char *uri = g_file_get_uri (file);
  g_autofree char *basename = g_file_get_basename (file);
  g_autofree char *content_type = g_content_type_guess (basename, NULL, 0, NULL);
  g_autofree char *mime = g_content_type_get_mime_type (content_type);
  GtkRecentData data = {
    .display_name = NULL,
    .description = NULL,
    .mime_type = mime != NULL ? mime : (char *) "application/octet-stream",
    .app_name = (char *) "Hearth",
    .app_exec = (char *) "hearth %u",
    .groups = NULL,
    .is_private = FALSE,
  };

  gtk_recent_manager_add_full (gtk_recent_manager_get_default (), uri, &data);
}

static void file_changed_on_disk (HearthWindow *self);

/* Watches the file shown (a new one when another file was opened here). */
static void
watch_file (HearthWindow *self)
{
  GFile *file = hearth_session_get_file (self->session);

  _hearth_window_watch_runs (self);
  if (file == NULL || !g_file_is_native (file))
    {
      g_clear_object (&self->file_watch);
      return;
    }
  if (self->file_watch != NULL &&
      g_file_equal (hearth_file_watch_get_file (self->file_watch), file))
    return;
  g_clear_object (&self->file_watch);
  self->file_watch = hearth_file_watch_new (file);
  g_signal_connect_object (self->file_watch, "changed", G_CALLBACK (file_changed_on_disk), self,
                           G_CONNECT_SWAPPED);
}

static void
clear_previous (HearthWindow *self)
{
  g_clear_object (&self->previous_profile);
  g_clear_object (&self->previous_names);
  g_clear_object (&self->previous_tree);
}

void
_hearth_window_load_done (GObject      *source,
                          GAsyncResult *result,
                          gpointer      user_data)
{
  g_autoptr (HearthWindow) self = user_data;
  g_autofree char *title = NULL;
  g_autoptr (GError) error = NULL;

  if (!hearth_session_load_finish_titled (HEARTH_SESSION (source), result, &title, &error))
    {
      if (title != NULL)
        _hearth_window_show_message (self, GTK_MESSAGE_ERROR, title, error->message);
      update_page (self);
      return;
    }
  if (hearth_session_get_file (self->session) != NULL)
    add_to_recent (hearth_session_get_file (self->session));
  /* a file opened anew: the version kept from an earlier reload is of another file */
  clear_previous (self);
  watch_file (self);
  _hearth_window_update_actions (self);
  gtk_widget_grab_focus (self->flame_view);
}

/**
 * hearth_window_open:
 * @self: a #HearthWindow
 * @file: a profile file
 *
 * Loads @file in a thread; the window keeps what it shows until it is loaded, and shows the
 * reader's message in a banner when it cannot be.
 */
void
hearth_window_open (HearthWindow *self,
                    GFile        *file)
{
  g_return_if_fail (HEARTH_IS_WINDOW (self));
  g_return_if_fail (G_IS_FILE (file));

  /* a folder (pytest-profiling's prof/, say): its profiles are offered as one */
  if (g_file_query_file_type (file, G_FILE_QUERY_INFO_NONE, NULL) == G_FILE_TYPE_DIRECTORY)
    {
      _hearth_window_offer_folder (self, file);
      return;
    }
  hearth_loading_view_set_file (HEARTH_LOADING_VIEW (self->loading_view), file);
  if (gtk_info_bar_get_message_type (GTK_INFO_BAR (self->message_bar)) == GTK_MESSAGE_ERROR)
    _hearth_window_show_message (self, GTK_MESSAGE_ERROR, NULL, NULL);
  /* an open replaces a reload under way (the session cancels it) */
  self->reload_serial++;
  self->reloading = FALSE;
  hearth_session_load_async (self->session, file, NULL, _hearth_window_load_done,
                             g_object_ref (self));
}

/* Reloading ---------------------------------------------------------------------------------- */

/* What a reload keeps: the version shown, and the functions of its root, zoom and selection,
 * found again by name in the new version (function indices of two versions mean nothing to
 * each other). */
typedef struct
{
  HearthWindow   *window;
  HearthProfile  *before;
  HearthNames    *before_names;
  HearthCallTree *before_tree;
  gint            zoom_function;
  gint            selected_function;
  guint           serial;
  gboolean        changed_on_disk;
} ReloadRequest;

static void
reload_request_free (ReloadRequest *request)
{
  g_clear_object (&request->window);
  g_clear_object (&request->before);
  g_clear_object (&request->before_names);
  g_clear_object (&request->before_tree);
  g_free (request);
}

G_DEFINE_AUTOPTR_CLEANUP_FUNC (ReloadRequest, reload_request_free)

static gint
node_function (HearthCallTree *tree,
               gint            node)
{
  guint function;

  if (tree == NULL || node < 0 || (guint) node >= hearth_call_tree_get_n_nodes (tree))
    return -1;
  function = hearth_call_tree_get_node (tree, node)->function;
  return function == G_MAXUINT ? -1 : (gint) function;
}

/* The function of @after that is @function of @before: same file, line and name (or frame). */
static gint
same_function (HearthProfile *before,
               gint           function,
               HearthProfile *after)
{
  const HearthFunction *old;

  if (function < 0 || (guint) function >= hearth_profile_get_n_functions (before))
    return -1;
  old = hearth_profile_get_function (before, function);
  for (guint f = 0; f < hearth_profile_get_n_functions (after); f++)
    {
      const HearthFunction *fn = hearth_profile_get_function (after, f);

      if (fn->line == old->line && g_strcmp0 (fn->name, old->name) == 0 &&
          g_strcmp0 (fn->file, old->file) == 0 && g_strcmp0 (fn->frame, old->frame) == 0)
        return (gint) f;
    }
  return -1;
}

/* The root as `--root` takes it, so that the load finds it in the new version itself. */
static char *
root_spec_of (HearthProfile *profile,
              gint           function)
{
  const HearthFunction *fn;

  if (function < 0 || (guint) function >= hearth_profile_get_n_functions (profile))
    return NULL;
  fn = hearth_profile_get_function (profile, function);
  if ((fn->file == NULL || fn->file[0] == '\0') && fn->frame != NULL)
    return g_strdup (fn->frame);
  return g_strdup_printf ("%s:%" G_GINT64_FORMAT ":%s", fn->file != NULL ? fn->file : "",
                          fn->line, fn->name != NULL ? fn->name : "");
}

static void
show_reloaded (HearthWindow  *self,
               ReloadRequest *request)
{
  const char *notice = hearth_session_get_notice (self->session);
  g_autofree char *name = _hearth_window_dup_shown_name (self);
  g_autofree char *text = NULL;

  if (request->changed_on_disk)
    text = g_strdup_printf (_("“%s” changed on disk — reloaded"), name);
  else
    text = g_strdup_printf (_("“%s” reloaded"), name);
  /* a root that is gone from the new version: the session says so */
  if (notice != NULL)
    _hearth_window_show_message (self, GTK_MESSAGE_INFO, text, notice);
  else
    _hearth_window_show_message (self, GTK_MESSAGE_INFO, NULL, text);
  gtk_widget_set_visible (self->compare_previous_button, TRUE);
}

static void
show_reload_failed (HearthWindow  *self,
                    ReloadRequest *request,
                    const GError  *error)
{
  g_autofree char *name = _hearth_window_dup_shown_name (self);
  g_autofree char *title = NULL;
  g_autofree char *text = NULL;

  if (request->changed_on_disk)
    title = g_strdup_printf (_("“%s” changed on disk but could not be read"), name);
  else
    title = g_strdup_printf (_("Could not reload “%s”"), name);
  text = g_strdup_printf ("%s\n%s", error->message, _("The previous version is still shown."));
  _hearth_window_show_message (self, GTK_MESSAGE_ERROR, title, text);
}

/* Root, zoom and selection follow their functions into the new version when they are in it. */
static void
restore_view (HearthWindow  *self,
              ReloadRequest *request)
{
  HearthProfile *after = hearth_session_get_profile (self->session);
  HearthCallTree *tree = hearth_session_get_tree (self->session);
  gint root = tree != NULL ? hearth_call_tree_get_options (tree)->root : -1;
  gint zoom = same_function (request->before, request->zoom_function, after);
  gint selected = same_function (request->before, request->selected_function, after);

  /* the tree was laid out from the new version's root; the session takes it as its own */
  if (hearth_session_get_root (self->session) != root)
    hearth_session_set_root (self->session, root);
  if (zoom >= 0)
    {
      gint node = hearth_session_find_widest_node (self->session, zoom);

      if (node > 0)
        hearth_session_set_zoom (self->session, node);
    }
  if (selected >= 0)
    hearth_session_select_function (self->session, selected);
}

static void
reload_done (GObject      *source,
             GAsyncResult *result,
             gpointer      user_data)
{
  g_autoptr (ReloadRequest) request = user_data;
  HearthWindow *self = request->window;
  g_autoptr (GError) error = NULL;
  gboolean loaded = hearth_session_load_finish (HEARTH_SESSION (source), result, &error);

  /* the window was closed meanwhile, or another reload or an open took over */
  if (self->session == NULL || request->serial != self->reload_serial)
    return;
  self->reloading = FALSE;

  if (!loaded)
    {
      /* half-written or broken: the version shown stays; the next change tries again */
      hearth_session_set_root_spec (self->session, NULL);
      if (!g_error_matches (error, G_IO_ERROR, G_IO_ERROR_CANCELLED))
        show_reload_failed (self, request, error);
      update_page (self);
      return;
    }

  g_set_object (&self->previous_profile, request->before);
  g_set_object (&self->previous_names, request->before_names);
  g_set_object (&self->previous_tree, request->before_tree);
  restore_view (self, request);
  show_reloaded (self, request);
  watch_file (self);
  _hearth_window_update_actions (self);
}

/**
 * _hearth_window_reload:
 * @self: a #HearthWindow
 * @changed_on_disk: the file's watch asked for it (not the user)
 *
 * Reads the file shown again, in a thread as opening does. The version shown stays until the
 * new one is read; then it is kept for "Compare with the Previous Version". When the new
 * content cannot be read (a file still being written), the old version stays, with a banner
 * saying why.
 */
void
_hearth_window_reload (HearthWindow *self,
                       gboolean      changed_on_disk)
{
  GFile *file = hearth_session_get_file (self->session);
  HearthProfile *profile = hearth_session_get_profile (self->session);
  HearthCallTree *tree = hearth_session_get_tree (self->session);
  guint n_runs = 0;
  GFile * const *runs = hearth_session_get_merge_files (self->session, &n_runs);
  g_autofree char *root_spec = NULL;
  ReloadRequest *request;

  g_return_if_fail (HEARTH_IS_WINDOW (self));

  /* an open under way: reloading would cancel it, and the file shown is on its way out */
  if ((file == NULL && runs == NULL) ||
      (hearth_session_get_loading (self->session) && !self->reloading))
    return;
  if (profile == NULL && file != NULL)
    {
      hearth_window_open (self, file);
      return;
    }

  request = g_new0 (ReloadRequest, 1);
  request->window = g_object_ref (self);
  request->before = g_object_ref (profile);
  request->before_names = hearth_session_get_names (self->session) != NULL
                          ? g_object_ref (hearth_session_get_names (self->session)) : NULL;
  request->before_tree = tree != NULL ? g_object_ref (tree) : NULL;
  request->zoom_function = node_function (tree, hearth_session_get_zoom (self->session));
  request->selected_function = hearth_session_get_selected_function (self->session);
  request->changed_on_disk = changed_on_disk;
  request->serial = ++self->reload_serial;

  if (tree != NULL)
    root_spec = root_spec_of (profile, hearth_call_tree_get_options (tree)->root);
  hearth_session_set_root_spec (self->session, root_spec);
  self->reloading = TRUE;
  /* a merge reads all its runs again: any of them may have changed */
  if (runs != NULL)
    {
      hearth_loading_view_set_merge (HEARTH_LOADING_VIEW (self->loading_view), n_runs);
      hearth_session_load_merge_async (self->session, runs, n_runs, NULL, reload_done, request);
      return;
    }
  hearth_loading_view_set_file (HEARTH_LOADING_VIEW (self->loading_view), file);
  hearth_session_load_async (self->session, file, NULL, reload_done, request);
}

static void
file_changed_on_disk (HearthWindow *self)
{
  _hearth_window_reload (self, TRUE);
}

/* Search ------------------------------------------------------------------------------------- */

static void
update_match_label (HearthWindow *self)
{
  const char *text = hearth_session_get_search_text (self->session);
  const char *error = hearth_session_get_search_error (self->session);
  guint n = hearth_session_get_match_functions (self->session);
  double total = hearth_session_get_run_total (self->session);
  double share = total > 0 ? 100 * hearth_session_get_match_total (self->session) / total : 0;
  g_autofree char *label = NULL;

  if (error != NULL)
    {
      label = g_strdup (_("Invalid regular expression"));
      gtk_widget_set_tooltip_text (self->match_label, error);
      gtk_widget_add_css_class (self->search_entry, "error");
    }
  else
    {
      gtk_widget_set_tooltip_text (self->match_label, NULL);
      gtk_widget_remove_css_class (self->search_entry, "error");
      if (text == NULL)
        label = g_strdup ("");
      else if (n == 0)
        label = g_strdup (_("No matches"));
      else
        /* translators: "3 functions, 12.5% of the run" */
        {
          g_autofree char *share_text = hearth_format_percent (share / 100);

          if (hearth_session_get_root (self->session) >= 0)
            label = g_strdup_printf (g_dngettext (GETTEXT_PACKAGE, "%u function, %s of the root",
                                                  "%u functions, %s of the root", n),
                                     n, share_text);
          else
            label = g_strdup_printf (g_dngettext (GETTEXT_PACKAGE, "%u function, %s of the run",
                                                  "%u functions, %s of the run", n),
                                     n, share_text);
        }
    }
  gtk_label_set_text (GTK_LABEL (self->match_label), label);
}

static void
search_changed (HearthWindow *self)
{
  hearth_session_set_search_text (self->session,
                                  gtk_editable_get_text (GTK_EDITABLE (self->search_entry)));
}

static void
search_activate (HearthWindow *self)
{
  hearth_session_select_next_match (self->session, FALSE);
}

static void
search_next (HearthWindow *self)
{
  hearth_session_select_next_match (self->session, FALSE);
}

static void
search_previous (HearthWindow *self)
{
  hearth_session_select_next_match (self->session, TRUE);
}

static void
search_mode_changed (HearthWindow *self)
{
  if (gtk_search_bar_get_search_mode (GTK_SEARCH_BAR (self->search_bar)))
    return;
  gtk_editable_set_text (GTK_EDITABLE (self->search_entry), "");
  hearth_session_set_search_text (self->session, NULL);
  if (gtk_widget_get_mapped (self->flame_view))
    gtk_widget_grab_focus (self->flame_view);
}

/* Root picker -------------------------------------------------------------------------------- */

static GtkWidget *
root_row_new (HearthWindow *self,
              gint          function,
              const char   *title,
              const char   *subtitle)
{
  GtkWidget *row = gtk_list_box_row_new ();
  GtkWidget *box = gtk_box_new (GTK_ORIENTATION_VERTICAL, 2);
  GtkWidget *label = gtk_label_new (title);

  gtk_label_set_xalign (GTK_LABEL (label), 0);
  gtk_label_set_ellipsize (GTK_LABEL (label), PANGO_ELLIPSIZE_END);
  gtk_box_append (GTK_BOX (box), label);
  if (subtitle != NULL)
    {
      label = gtk_label_new (subtitle);
      gtk_label_set_xalign (GTK_LABEL (label), 0);
      gtk_label_set_ellipsize (GTK_LABEL (label), PANGO_ELLIPSIZE_MIDDLE);
      gtk_widget_add_css_class (label, "dim-label");
      gtk_widget_add_css_class (label, "caption");
      gtk_box_append (GTK_BOX (box), label);
    }
  gtk_widget_set_margin_top (box, 4);
  gtk_widget_set_margin_bottom (box, 4);
  gtk_widget_set_margin_start (box, 6);
  gtk_widget_set_margin_end (box, 6);
  gtk_list_box_row_set_child (GTK_LIST_BOX_ROW (row), box);
  g_object_set_data (G_OBJECT (row), "function", GINT_TO_POINTER (function));
  return row;
}

static gint
compare_by_cum (gconstpointer a,
                gconstpointer b,
                gpointer      user_data)
{
  HearthProfile *profile = user_data;
  double ca = hearth_profile_clamp (hearth_profile_get_function (profile, *(const guint *) a)->cum);
  double cb = hearth_profile_clamp (hearth_profile_get_function (profile, *(const guint *) b)->cum);

  return (ca < cb) - (ca > cb);
}

static gboolean
root_candidate (HearthWindow *self,
                guint         function,
                const char   *folded)
{
  HearthProfile *profile = hearth_session_get_profile (self->session);
  const HearthFunction *f = hearth_profile_get_function (profile, function);
  g_autofree char *label = NULL;

  if (folded == NULL)
    return g_strcmp0 (f->name, "<module>") == 0;
  label = g_utf8_casefold (hearth_session_get_function_label (self->session, function), -1);
  if (strstr (label, folded) != NULL)
    return TRUE;
  if (f->name != NULL)
    {
      g_autofree char *name = g_utf8_casefold (f->name, -1);

      return strstr (name, folded) != NULL;
    }
  return FALSE;
}

/* The <module> candidates when nothing is typed; else every function whose name holds the
 * text; widest first. */
static void
fill_root_list (HearthWindow *self)
{
  HearthProfile *profile = hearth_session_get_profile (self->session);
  const char *text = gtk_editable_get_text (GTK_EDITABLE (self->root_entry));
  g_autofree char *folded = NULL;
  g_autoptr (GArray) found = g_array_new (FALSE, FALSE, sizeof (guint));
  GtkWidget *child;
  guint n;

  while ((child = gtk_widget_get_first_child (self->root_list)) != NULL)
    gtk_list_box_remove (GTK_LIST_BOX (self->root_list), child);
  if (profile == NULL)
    return;

  if (text != NULL && text[0] != '\0')
    folded = g_utf8_casefold (text, -1);
  else
    gtk_list_box_append (GTK_LIST_BOX (self->root_list),
                         root_row_new (self, -1, _("Default Root"),
                                       _("The profiled script’s <module>, or all stacks")));

  n = hearth_profile_get_n_functions (profile);
  for (guint f = 0; f < n; f++)
    if (hearth_profile_get_function (profile, f)->cum > 0 && root_candidate (self, f, folded))
      g_array_append_val (found, f);
  g_array_sort_with_data (found, compare_by_cum, profile);

  for (guint i = 0; i < MIN (found->len, MAX_ROOT_CHOICES); i++)
    {
      guint f = g_array_index (found, guint, i);
      const HearthFunction *function = hearth_profile_get_function (profile, f);
      const char *label = hearth_session_get_function_label (self->session, f);
      g_autofree char *location = hearth_session_dup_location (self->session, f);
      g_autofree char *value = hearth_session_format_value (self->session,
                                                            hearth_profile_clamp (function->cum));
      g_autofree char *subtitle = g_strdup_printf ("%s · %s", value,
                                                   location != NULL ? location : function->file);

      gtk_list_box_append (GTK_LIST_BOX (self->root_list),
                           root_row_new (self, f, label, subtitle));
    }
}

static void
root_popover_show (HearthWindow *self)
{
  gtk_editable_set_text (GTK_EDITABLE (self->root_entry), "");
  fill_root_list (self);
  gtk_widget_grab_focus (self->root_entry);
}

static void
root_entry_changed (HearthWindow *self)
{
  fill_root_list (self);
}

static void
root_row_activated (HearthWindow  *self,
                    GtkListBoxRow *row)
{
  gint function = GPOINTER_TO_INT (g_object_get_data (G_OBJECT (row), "function"));

  gtk_popover_popdown (GTK_POPOVER (self->root_popover));
  hearth_session_set_root (self->session, function);
}

static void
root_entry_activate (HearthWindow *self)
{
  GtkListBoxRow *row = gtk_list_box_get_row_at_index (GTK_LIST_BOX (self->root_list), 0);

  if (row != NULL)
    root_row_activated (self, row);
}

/* Welcome ------------------------------------------------------------------------------------ */

static gint
compare_recent (gconstpointer a,
                gconstpointer b)
{
  GDateTime *ta = gtk_recent_info_get_modified ((GtkRecentInfo *) a);
  GDateTime *tb = gtk_recent_info_get_modified ((GtkRecentInfo *) b);

  return -g_date_time_compare (ta, tb);
}

static void
fill_recent (HearthWindow *self)
{
  GList *items = gtk_recent_manager_get_items (gtk_recent_manager_get_default ());
  GtkWidget *child;
  guint shown = 0;

  while ((child = gtk_widget_get_first_child (self->recent_list)) != NULL)
    gtk_list_box_remove (GTK_LIST_BOX (self->recent_list), child);

  items = g_list_sort (items, compare_recent);
  for (GList *l = items; l != NULL && shown < MAX_RECENT; l = l->next)
    {
      GtkRecentInfo *info = l->data;
      g_autoptr (GFile) file = NULL;
      g_autoptr (GFile) parent = NULL;
      g_autofree char *name = NULL;
      g_autofree char *folder = NULL;
      GtkWidget *row;

      if (!gtk_recent_info_has_application (info, "Hearth") || !gtk_recent_info_exists (info))
        continue;
      file = g_file_new_for_uri (gtk_recent_info_get_uri (info));
      parent = g_file_get_parent (file);
      name = g_file_get_basename (file);
      folder = parent != NULL ? g_file_get_parse_name (parent) : NULL;
      row = root_row_new (self, -1, name, folder);
      g_object_set_data_full (G_OBJECT (row), "file", g_object_ref (file), g_object_unref);
      gtk_list_box_append (GTK_LIST_BOX (self->recent_list), row);
      shown++;
    }
  g_list_free_full (items, (GDestroyNotify) gtk_recent_info_unref);

  gtk_widget_set_visible (self->recent_heading, shown > 0);
  gtk_widget_set_visible (self->recent_list, shown > 0);
}

static void
recent_row_activated (HearthWindow  *self,
                      GtkListBoxRow *row)
{
  GFile *file = g_object_get_data (G_OBJECT (row), "file");

  if (file != NULL)
    hearth_window_open (self, file);
}

/* Panes -------------------------------------------------------------------------------------- */

static void
show_callers (HearthWindow *self,
              gint          node)
{
  gtk_notebook_set_current_page (GTK_NOTEBOOK (self->notebook),
                                 gtk_notebook_page_num (GTK_NOTEBOOK (self->notebook),
                                                        self->callers_pane));
}

/* Sandwich: it takes the graph's place beside the panes ---------------------------------------- */

/**
 * hearth_window_show_sandwich:
 * @self: a #HearthWindow
 * @function: a function of the profile shown
 *
 * Shows @function's sandwich in place of the graph; its Back button returns.
 */
void
hearth_window_show_sandwich (HearthWindow *self,
                             guint         function)
{
  HearthCallTreeOptions options = HEARTH_CALL_TREE_OPTIONS_INIT;
  HearthProfile *profile;

  g_return_if_fail (HEARTH_IS_WINDOW (self));

  profile = hearth_session_get_profile (self->session);
  options.cutoff = hearth_session_get_cutoff (self->session);
  options.max_repeat = hearth_session_get_max_repeat (self->session);
  if (profile == NULL ||
      !hearth_sandwich_view_open (HEARTH_SANDWICH_VIEW (self->sandwich_view), profile,
                                  hearth_session_get_names (self->session), &options, function))
    return;
  gtk_stack_set_visible_child_name (GTK_STACK (self->graph_stack), "sandwich");
}

static void
show_sandwich_of_bar (HearthWindow *self,
                      gint          node)
{
  HearthCallTree *tree = hearth_session_get_tree (self->session);

  if (tree != NULL && node >= 0 && (guint) node < hearth_call_tree_get_n_nodes (tree))
    hearth_window_show_sandwich (self, hearth_call_tree_get_node (tree, (guint) node)->function);
}

static void
show_sandwich_of_function (HearthWindow *self,
                           guint         function)
{
  hearth_window_show_sandwich (self, function);
}

static void
sandwich_closed (HearthWindow *self)
{
  gtk_stack_set_visible_child_name (GTK_STACK (self->graph_stack), "flame");
  gtk_widget_grab_focus (self->flame_view);
}

/* Another profile (or the file again): the sandwich shown was of the old one. */
static void
profile_changed (HearthWindow *self)
{
  hearth_sandwich_view_clear (HEARTH_SANDWICH_VIEW (self->sandwich_view));
  gtk_stack_set_visible_child_name (GTK_STACK (self->graph_stack), "flame");
}

/* The row picked in the Functions table: all of its function's bars outlined in the graph. */
static void
functions_marked (HearthWindow *self)
{
  guint n = 0;
  const guint *bars =
    hearth_functions_pane_get_marked_bars (HEARTH_FUNCTIONS_PANE (self->functions_pane), &n);

  hearth_flame_view_set_marked (HEARTH_FLAME_VIEW (self->flame_view), bars, n);
}

static void
warnings_changed (HearthWindow *self)
{
  guint n = hearth_warnings_pane_get_n_warnings (HEARTH_WARNINGS_PANE (self->warnings_pane));
  g_autofree char *text = g_strdup_printf ("%u", n);

  gtk_label_set_text (GTK_LABEL (self->warnings_badge), text);
  gtk_widget_set_visible (self->warnings_badge, n > 0);
}

/* Drag and drop ------------------------------------------------------------------------------ */

/* A file dropped with Ctrl held is compared with the profile shown ("before"); two files
 * dropped together with Ctrl held, onto any page, are compared with each other. Without
 * Ctrl, dropped files open as they are. */
static gboolean
drop_compares (HearthWindow  *self,
               GtkDropTarget *target,
               GSList        *files)
{
  GdkModifierType state =
    gtk_event_controller_get_current_event_state (GTK_EVENT_CONTROLLER (target));
  guint n = g_slist_length (files);
  gboolean modifier = (state & GDK_CONTROL_MASK) != 0;

  if (n == 2 && modifier && _hearth_window_request_compare (self, files->data, files->next->data))
    return TRUE;
  if (n == 1 && modifier && hearth_session_get_profile (self->session) != NULL)
    {
      _hearth_window_compare_with (self, files->data);
      return TRUE;
    }
  return FALSE;
}

static gboolean
drop_files (GtkDropTarget *target,
            const GValue  *value,
            double         x,
            double         y,
            HearthWindow  *self)
{
  GSList *files;
  GtkApplication *app = gtk_window_get_application (GTK_WINDOW (self));
  g_autoptr (GPtrArray) together = g_ptr_array_new_with_free_func (g_object_unref);

  if (!G_VALUE_HOLDS (value, GDK_TYPE_FILE_LIST))
    return FALSE;
  files = gdk_file_list_get_files (g_value_get_boxed (value));
  if (drop_compares (self, target, files))
    {
      g_slist_free (files);
      return TRUE;
    }
  for (GSList *l = files; l != NULL; l = l->next)
    {
      if (l == files && (hearth_window_is_empty (self) || app == NULL))
        hearth_window_open (self, l->data);
      else
        _hearth_window_request_open (self, l->data);
      g_ptr_array_add (together, g_object_ref (l->data));
    }
  /* several profiles dropped at once: this window offers them as one */
  _hearth_window_offer_together (self, together);
  g_slist_free (files);
  return files != NULL;
}

/* Settings ----------------------------------------------------------------------------------- */

static gboolean
save_state (HearthWindow *self)
{
  int width = 0, height = 0;

  if (self->settings == NULL)
    return FALSE;
  gtk_window_get_default_size (GTK_WINDOW (self), &width, &height);
  g_settings_delay (self->settings);
  if (width > 0 && height > 0)
    {
      g_settings_set_int (self->settings, "window-width", width);
      g_settings_set_int (self->settings, "window-height", height);
    }
  g_settings_set_boolean (self->settings, "window-maximized",
                          gtk_window_is_maximized (GTK_WINDOW (self)));
  if (gtk_widget_get_mapped (self->paned))
    {
      int position = gtk_paned_get_position (GTK_PANED (self->paned));

      g_settings_set_int (self->settings, "pane-position",
                          position == self->auto_pane_position ? -1 : position);
    }
  g_settings_apply (self->settings);
  return FALSE;
}

/* The side pane takes about 30 % of the window, no less than its columns need, between 240
 * and 400 pixels; the divider's own width is left as slack so that the paned keeps it. */
static int
auto_pane_position (HearthWindow *self,
                    int           width)
{
  int pane = CLAMP (width * 3 / 10, 240, 400), needed = 0;

  gtk_widget_measure (self->notebook, GTK_ORIENTATION_HORIZONTAL, -1, &needed, NULL, NULL, NULL);
  return MAX (width - MAX (pane, needed) - 6, 200);
}

/* Until the user moves the divider, the pane keeps its share as the window is resized: the
 * divider is placed before the paned is laid out at the new width. */
static void
hearth_window_size_allocate (GtkWidget *widget,
                             int        width,
                             int        height,
                             int        baseline)
{
  HearthWindow *self = HEARTH_WINDOW (widget);

  if (width > 0 && gtk_paned_get_position (GTK_PANED (self->paned)) == self->auto_pane_position &&
      auto_pane_position (self, width) != self->auto_pane_position)
    {
      int last = gtk_widget_get_width (self->paned);

      self->auto_pane_position = auto_pane_position (self, width);
      /* the paned gives the change of its width to the graph itself: ahead of that */
      gtk_paned_set_position (GTK_PANED (self->paned),
                              self->auto_pane_position + (last > 0 ? last - width : 0));
    }
  GTK_WIDGET_CLASS (hearth_window_parent_class)->size_allocate (widget, width, height, baseline);
}

static void
restore_state (HearthWindow *self)
{
  int width = 1200, height = 760, position = -1;

  if (self->settings != NULL)
    {
      width = g_settings_get_int (self->settings, "window-width");
      height = g_settings_get_int (self->settings, "window-height");
      position = g_settings_get_int (self->settings, "pane-position");
      if (g_settings_get_boolean (self->settings, "window-maximized"))
        gtk_window_maximize (GTK_WINDOW (self));
      g_settings_bind (self->settings, "icicle", self->flame_view, "icicle", G_SETTINGS_BIND_GET);
      g_settings_bind (self->settings, "cutoff", self->session, "cutoff", G_SETTINGS_BIND_GET);
      g_settings_bind (self->settings, "mine-paths", self->session, "mine-paths",
                       G_SETTINGS_BIND_GET);
      g_settings_bind (self->settings, "show-side-pane", self->notebook, "visible",
                       G_SETTINGS_BIND_DEFAULT);
      g_settings_bind (self->settings, "show-legend", self->legend, "visible",
                       G_SETTINGS_BIND_DEFAULT);
    }
  gtk_window_set_default_size (GTK_WINDOW (self), width, height);
  self->auto_pane_position = auto_pane_position (self, width);
  if (position < 0)
    position = self->auto_pane_position;
  gtk_paned_set_position (GTK_PANED (self->paned), position);
}

/* GObject ------------------------------------------------------------------------------------ */

static gboolean
hearth_window_close_request (GtkWindow *window)
{
  save_state (HEARTH_WINDOW (window));
  return GTK_WINDOW_CLASS (hearth_window_parent_class)->close_request (window);
}

static void
hearth_window_dispose (GObject *object)
{
  HearthWindow *self = HEARTH_WINDOW (object);

  g_clear_handle_id (&self->loading_timeout, g_source_remove);
  g_clear_object (&self->file_watch);
  g_clear_pointer (&self->run_watches, g_ptr_array_unref);
  g_clear_pointer (&self->offered_files, g_ptr_array_unref);
  clear_previous (self);
  g_clear_object (&self->settings);
  g_clear_object (&self->session);

  G_OBJECT_CLASS (hearth_window_parent_class)->dispose (object);
}

static void
hearth_window_class_init (HearthWindowClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);
  GtkWindowClass *window_class = GTK_WINDOW_CLASS (klass);

  object_class->dispose = hearth_window_dispose;
  window_class->close_request = hearth_window_close_request;
  widget_class->size_allocate = hearth_window_size_allocate;

  _hearth_ui_register_resources ();
  g_type_ensure (HEARTH_TYPE_BREADCRUMBS);
  g_type_ensure (HEARTH_TYPE_ORDER_BAR);
  g_type_ensure (HEARTH_TYPE_FLAME_VIEW);
  g_type_ensure (HEARTH_TYPE_LEGEND);
  g_type_ensure (HEARTH_TYPE_LOADING_VIEW);
  g_type_ensure (HEARTH_TYPE_CALLERS_PANE);
  g_type_ensure (HEARTH_TYPE_CHAINS_PANE);
  g_type_ensure (HEARTH_TYPE_FUNCTIONS_PANE);
  g_type_ensure (HEARTH_TYPE_SANDWICH_VIEW);
  g_type_ensure (HEARTH_TYPE_WARNINGS_PANE);

  gtk_widget_class_set_template_from_resource (widget_class,
                                               HEARTH_RESOURCE_PATH "/hearth-window.ui");
  gtk_widget_class_bind_template_child (widget_class, HearthWindow, header_bar);
  gtk_widget_class_bind_template_child (widget_class, HearthWindow, open_button);
  gtk_widget_class_bind_template_child (widget_class, HearthWindow, root_button);
  gtk_widget_class_bind_template_child (widget_class, HearthWindow, root_popover);
  gtk_widget_class_bind_template_child (widget_class, HearthWindow, root_entry);
  gtk_widget_class_bind_template_child (widget_class, HearthWindow, root_list);
  gtk_widget_class_bind_template_child (widget_class, HearthWindow, root_label);
  gtk_widget_class_bind_template_child (widget_class, HearthWindow, title_label);
  gtk_widget_class_bind_template_child (widget_class, HearthWindow, subtitle_label);
  gtk_widget_class_bind_template_child (widget_class, HearthWindow, search_button);
  gtk_widget_class_bind_template_child (widget_class, HearthWindow, message_bar);
  gtk_widget_class_bind_template_child (widget_class, HearthWindow, message_label);
  gtk_widget_class_bind_template_child (widget_class, HearthWindow, message_title);
  gtk_widget_class_bind_template_child (widget_class, HearthWindow, message_icon);
  gtk_widget_class_bind_template_child (widget_class, HearthWindow, search_bar);
  gtk_widget_class_bind_template_child (widget_class, HearthWindow, search_entry);
  gtk_widget_class_bind_template_child (widget_class, HearthWindow, regex_button);
  gtk_widget_class_bind_template_child (widget_class, HearthWindow, match_label);
  gtk_widget_class_bind_template_child (widget_class, HearthWindow, stack);
  gtk_widget_class_bind_template_child (widget_class, HearthWindow, welcome_icon);
  gtk_widget_class_bind_template_child (widget_class, HearthWindow, recent_heading);
  gtk_widget_class_bind_template_child (widget_class, HearthWindow, recent_list);
  gtk_widget_class_bind_template_child (widget_class, HearthWindow, loading_view);
  gtk_widget_class_bind_template_child (widget_class, HearthWindow, paned);
  gtk_widget_class_bind_template_child (widget_class, HearthWindow, breadcrumbs);
  gtk_widget_class_bind_template_child (widget_class, HearthWindow, order_bar);
  gtk_widget_class_bind_template_child (widget_class, HearthWindow, graph_scroller);
  gtk_widget_class_bind_template_child (widget_class, HearthWindow, legend);
  gtk_widget_class_bind_template_child (widget_class, HearthWindow, menu_button);
  gtk_widget_class_bind_template_child (widget_class, HearthWindow, flame_view);
  gtk_widget_class_bind_template_child (widget_class, HearthWindow, notebook);
  gtk_widget_class_bind_template_child (widget_class, HearthWindow, callers_pane);
  gtk_widget_class_bind_template_child (widget_class, HearthWindow, functions_pane);
  gtk_widget_class_bind_template_child (widget_class, HearthWindow, graph_stack);
  gtk_widget_class_bind_template_child (widget_class, HearthWindow, sandwich_view);
  gtk_widget_class_bind_template_child (widget_class, HearthWindow, chains_pane);
  gtk_widget_class_bind_template_child (widget_class, HearthWindow, warnings_pane);
  gtk_widget_class_bind_template_child (widget_class, HearthWindow, warnings_badge);

  gtk_widget_class_bind_template_callback (widget_class, root_popover_show);
  gtk_widget_class_bind_template_callback (widget_class, root_entry_changed);
  gtk_widget_class_bind_template_callback (widget_class, root_entry_activate);
  gtk_widget_class_bind_template_callback (widget_class, root_row_activated);
  gtk_widget_class_bind_template_callback (widget_class, message_bar_response);
  gtk_widget_class_bind_template_callback (widget_class, search_mode_changed);
  gtk_widget_class_bind_template_callback (widget_class, search_changed);
  gtk_widget_class_bind_template_callback (widget_class, search_activate);
  gtk_widget_class_bind_template_callback (widget_class, search_next);
  gtk_widget_class_bind_template_callback (widget_class, search_previous);
  gtk_widget_class_bind_template_callback (widget_class, recent_row_activated);
  gtk_widget_class_bind_template_callback (widget_class, show_callers);
  gtk_widget_class_bind_template_callback (widget_class, show_sandwich_of_bar);
  gtk_widget_class_bind_template_callback (widget_class, show_sandwich_of_function);
  gtk_widget_class_bind_template_callback (widget_class, sandwich_closed);
  gtk_widget_class_bind_template_callback (widget_class, warnings_changed);
  gtk_widget_class_bind_template_callback (widget_class, functions_marked);

  _hearth_window_class_actions_init (widget_class);
}

static void
hearth_window_init (HearthWindow *self)
{
  GtkDropTarget *drop;
  GtkIconTheme *icons;
  const char *icon_name;

  gtk_widget_init_template (GTK_WIDGET (self));
  hearth_name_inner_buttons (GTK_WIDGET (self));
  self->compare_previous_button =
    gtk_info_bar_add_button (GTK_INFO_BAR (self->message_bar),
                             _("Compare with the Previous Version"), RESPONSE_COMPARE_PREVIOUS);
  gtk_widget_set_visible (self->compare_previous_button, FALSE);
  self->merge_button = gtk_info_bar_add_button (GTK_INFO_BAR (self->message_bar),
                                                _("Open as One Profile"), RESPONSE_MERGE);
  gtk_widget_set_visible (self->merge_button, FALSE);
  _hearth_ui_load_style (gtk_widget_get_display (GTK_WIDGET (self)));

  self->session = hearth_session_new ();
  self->settings = _hearth_settings_new ();

  hearth_flame_view_set_session (HEARTH_FLAME_VIEW (self->flame_view), self->session);
  hearth_breadcrumbs_set_session (HEARTH_BREADCRUMBS (self->breadcrumbs), self->session);
  hearth_order_bar_set_session (HEARTH_ORDER_BAR (self->order_bar), self->session);
  hearth_loading_view_set_session (HEARTH_LOADING_VIEW (self->loading_view), self->session);
  hearth_pane_set_session (HEARTH_PANE (self->callers_pane), self->session);
  hearth_pane_set_session (HEARTH_PANE (self->functions_pane), self->session);
  hearth_pane_set_session (HEARTH_PANE (self->chains_pane), self->session);
  hearth_pane_set_session (HEARTH_PANE (self->warnings_pane), self->session);
  self->thread_picker = hearth_thread_picker_new ();
  gtk_header_bar_pack_start (GTK_HEADER_BAR (self->header_bar), self->thread_picker);
  hearth_pane_set_session (HEARTH_PANE (self->thread_picker), self->session);
  self->source_pane = hearth_source_pane_new ();
  gtk_notebook_append_page (GTK_NOTEBOOK (self->notebook), self->source_pane,
                            gtk_label_new (_("Source")));
  hearth_pane_set_session (HEARTH_PANE (self->source_pane), self->session);
  g_object_bind_property (self->regex_button, "active", self->session, "search-regex",
                          G_BINDING_BIDIRECTIONAL | G_BINDING_SYNC_CREATE);

  g_signal_connect_object (self->session, "notify::tree", G_CALLBACK (tree_changed), self,
                           G_CONNECT_SWAPPED);
  g_signal_connect_object (self->session, "notify::profile", G_CALLBACK (tree_changed), self,
                           G_CONNECT_SWAPPED);
  g_signal_connect_object (self->session, "notify::profile", G_CALLBACK (profile_changed), self,
                           G_CONNECT_SWAPPED);
  g_signal_connect_object (self->session, "notify::loading", G_CALLBACK (loading_changed), self,
                           G_CONNECT_SWAPPED);
  g_signal_connect_object (self->session, "notify::notice", G_CALLBACK (notice_changed), self,
                           G_CONNECT_SWAPPED);
  g_signal_connect_object (self->session, "notify::match-total", G_CALLBACK (update_match_label),
                           self, G_CONNECT_SWAPPED);
  g_signal_connect_object (self->session, "notify::search-error", G_CALLBACK (update_match_label),
                           self, G_CONNECT_SWAPPED);
  g_signal_connect_object (self->session, "notify::search-text", G_CALLBACK (update_match_label),
                           self, G_CONNECT_SWAPPED);

  gtk_search_bar_connect_entry (GTK_SEARCH_BAR (self->search_bar),
                                GTK_EDITABLE (self->search_entry));
  gtk_search_bar_set_key_capture_widget (GTK_SEARCH_BAR (self->search_bar), self->paned);

  drop = gtk_drop_target_new (GDK_TYPE_FILE_LIST, GDK_ACTION_COPY);
  g_signal_connect (drop, "drop", G_CALLBACK (drop_files), self);
  gtk_widget_add_controller (GTK_WIDGET (self), GTK_EVENT_CONTROLLER (drop));

  /* the development flavour's icon is installed only; the release icon is also a resource */
  icons = gtk_icon_theme_get_for_display (gtk_widget_get_display (GTK_WIDGET (self)));
  icon_name = gtk_icon_theme_has_icon (icons, APP_ID) ? APP_ID : HEARTH_RELEASE_ID;
  gtk_image_set_from_icon_name (GTK_IMAGE (self->welcome_icon), icon_name);

  g_signal_connect_object (gtk_recent_manager_get_default (), "changed",
                           G_CALLBACK (fill_recent), self, G_CONNECT_SWAPPED);
  fill_recent (self);

  hearth_legend_set_close_action (HEARTH_LEGEND (self->legend), "win.legend");
  restore_state (self);
  _hearth_window_actions_init (self);
  tree_changed (self);
  update_match_label (self);
}

/**
 * hearth_window_new:
 * @application: (nullable): the application
 *
 * Returns: (transfer none): a new empty window (the welcome page)
 */
HearthWindow *
hearth_window_new (GtkApplication *application)
{
  return g_object_new (HEARTH_TYPE_WINDOW, "application", application, NULL);
}

/**
 * hearth_window_get_file:
 * @self: a #HearthWindow
 *
 * Returns: (transfer none) (nullable): the file shown
 */
GFile *
hearth_window_get_file (HearthWindow *self)
{
  g_return_val_if_fail (HEARTH_IS_WINDOW (self), NULL);
  return hearth_session_get_file (self->session);
}

/**
 * hearth_window_is_empty:
 * @self: a #HearthWindow
 *
 * Returns: whether the window shows nothing and loads nothing (a new file may go here)
 */
gboolean
hearth_window_is_empty (HearthWindow *self)
{
  g_return_val_if_fail (HEARTH_IS_WINDOW (self), FALSE);
  return hearth_session_get_profile (self->session) == NULL &&
         !hearth_session_get_loading (self->session);
}

/**
 * hearth_window_get_session:
 * @self: a #HearthWindow
 *
 * Returns: (transfer none): the window's session
 */
HearthSession *
hearth_window_get_session (HearthWindow *self)
{
  g_return_val_if_fail (HEARTH_IS_WINDOW (self), NULL);
  return self->session;
}

/**
 * hearth_window_set_icicle:
 * @self: a #HearthWindow
 * @icicle: draw the root at the top (for this window only, not saved)
 */
void
hearth_window_set_icicle (HearthWindow *self,
                          gboolean      icicle)
{
  g_return_if_fail (HEARTH_IS_WINDOW (self));
  if (self->settings != NULL)
    g_settings_unbind (self->flame_view, "icicle");
  hearth_flame_view_set_icicle (HEARTH_FLAME_VIEW (self->flame_view), icicle);
}

const char *
_hearth_window_get_message (HearthWindow *self)
{
  if (!gtk_info_bar_get_revealed (GTK_INFO_BAR (self->message_bar)))
    return NULL;
  return gtk_label_get_text (GTK_LABEL (self->message_label));
}

const char *
_hearth_window_get_page (HearthWindow *self)
{
  return gtk_stack_get_visible_child_name (GTK_STACK (self->stack));
}

const char *
_hearth_window_get_match_text (HearthWindow *self)
{
  return gtk_label_get_text (GTK_LABEL (self->match_label));
}

GtkWidget *
_hearth_window_get_compare_previous_button (HearthWindow *self)
{
  return self->compare_previous_button;
}

HearthFileWatch *
_hearth_window_get_file_watch (HearthWindow *self)
{
  return self->file_watch;
}
