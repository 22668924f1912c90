/* hearth-window-actions.c: the win.* actions.
 *
 * Copyright 2026 The Hearth authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#define G_LOG_DOMAIN "hearth-window"

#include "hearth-window-private.h"

#include <glib/gi18n.h>

#include "hearth-compare-window.h"
#include "hearth-export-dialog.h"
#include "hearth-gtk-compat.h"
#include "hearth-profile-dialog.h"
#include "hearth-thread-picker.h"

#define EXPORT_WIDTH 1600

/* The example profile: where HEARTH_EXAMPLES_DIR says, where it is installed, or in the
 * source tree when running from a build folder inside it. */
GFile *
_hearth_window_find_example (void)
{
  g_autoptr (GPtrArray) candidates = g_ptr_array_new_with_free_func (g_free);
  const char *env = g_getenv ("HEARTH_EXAMPLES_DIR");
  const char *source = g_getenv ("HEARTH_SOURCE_ROOT");
  g_autofree char *exe = g_file_read_link ("/proc/self/exe", NULL);

  if (env != NULL)
    g_ptr_array_add (candidates, g_build_filename (env, "before.prof", NULL));
  g_ptr_array_add (candidates, g_build_filename (EXAMPLESDIR, "before.prof", NULL));
  if (source != NULL)
    g_ptr_array_add (candidates,
                     g_build_filename (source, "data", "examples", "before.prof", NULL));
  if (exe != NULL)
    {
      g_autofree char *dir = g_path_get_dirname (exe);

      /* <build>/src/hearth, <build>/tests/test-window: the build folder is in the source tree */
      g_ptr_array_add (candidates, g_build_filename (dir, "..", "..", "data", "examples",
                                                     "before.prof", NULL));
    }

  for (guint i = 0; i < candidates->len; i++)
    if (g_file_test (candidates->pdata[i], G_FILE_TEST_IS_REGULAR))
      return g_file_new_for_path (candidates->pdata[i]);
  return NULL;
}

/**
 * _hearth_window_request_open:
 * @self: a #HearthWindow
 * @file: a profile file
 *
 * Asks the application to show @file (`app.open`): in the window that shows it already, in
 * an empty one, or in a new one.
 *
 * Returns: whether an application took the request (a window of none, or of an application
 *   without the action, cannot pass it on)
 */
gboolean
_hearth_window_request_open (HearthWindow *self,
                             GFile        *file)
{
  g_autofree char *uri = g_file_get_uri (file);

  return gtk_widget_activate_action (GTK_WIDGET (self), "app.open", "s", uri);
}

/**
 * _hearth_window_request_compare:
 * @self: a #HearthWindow
 * @before: the first run's profile file
 * @after: the second run's
 *
 * Asks the application for a compare window of the two files (`app.compare`).
 *
 * Returns: whether an application took the request
 */
gboolean
_hearth_window_request_compare (HearthWindow *self,
                                GFile        *before,
                                GFile        *after)
{
  g_autofree char *before_uri = g_file_get_uri (before);
  g_autofree char *after_uri = g_file_get_uri (after);

  return gtk_widget_activate_action (GTK_WIDGET (self), "app.compare", "(ss)", before_uri,
                                     after_uri);
}

/* A file chosen in this window goes here when the window is empty, else to a new window. */
static void
open_here_or_new (HearthWindow *self,
                  GFile        *file)
{
  if (hearth_window_is_empty (self) || !_hearth_window_request_open (self, file))
    hearth_window_open (self, file);
}

static void
open_chosen (GObject      *source,
             GAsyncResult *result,
             gpointer      user_data)
{
  g_autoptr (HearthWindow) self = user_data;
  g_autoptr (GError) error = NULL;
  g_autoptr (GFile) file = hearth_open_file_finish (result, &error);

  if (file != NULL)
    open_here_or_new (self, file);
  else if (!g_error_matches (error, G_IO_ERROR, G_IO_ERROR_CANCELLED))
    _hearth_window_show_message (self, GTK_MESSAGE_ERROR, _("No file was opened"), error->message);
}

static GFile *
current_folder (HearthWindow *self)
{
  GFile *file = hearth_session_get_file (self->session);

  return file != NULL ? g_file_get_parent (file) : NULL;
}

static void
open_action (GtkWidget  *widget,
             const char *action_name,
             GVariant   *parameter)
{
  HearthWindow *self = HEARTH_WINDOW (widget);
  g_autoptr (GFile) folder = current_folder (self);

  hearth_open_file_async (GTK_WINDOW (self), _("Open a Profile"), _("_Open"), folder, NULL,
                          open_chosen, g_object_ref (self));
}

static void
folder_chosen (GObject      *source,
               GAsyncResult *result,
               gpointer      user_data)
{
  g_autoptr (HearthWindow) self = user_data;
  g_autoptr (GError) error = NULL;
  g_autoptr (GFile) folder = hearth_open_file_finish (result, &error);

  if (folder != NULL)
    _hearth_window_offer_folder (self, folder);
  else if (!g_error_matches (error, G_IO_ERROR, G_IO_ERROR_CANCELLED))
    _hearth_window_show_message (self, GTK_MESSAGE_ERROR, _("No folder was opened"),
                                 error->message);
}

/* A folder of profiles, offered as one (Open as One Profile). */
static void
open_folder_action (GtkWidget  *widget,
                    const char *action_name,
                    GVariant   *parameter)
{
  HearthWindow *self = HEARTH_WINDOW (widget);
  g_autoptr (GFile) folder = current_folder (self);

  hearth_open_folder_async (GTK_WINDOW (self), _("Open a Folder of Profiles"), _("_Open"),
                            folder, NULL, folder_chosen, g_object_ref (self));
}

static void
profiled (HearthProfileDialog *dialog,
          GFile               *file,
          HearthWindow        *self)
{
  open_here_or_new (self, file);
}

static void
profile_action (GtkWidget  *widget,
                const char *action_name,
                GVariant   *parameter)
{
  HearthProfileDialog *dialog = hearth_profile_dialog_new (GTK_WINDOW (widget));

  g_signal_connect_object (dialog, "profiled", G_CALLBACK (profiled), widget, 0);
  gtk_window_present (GTK_WINDOW (dialog));
}

/* Profile Again and Get Exact Chains ------------------------------------------------------- */

/* The run that wrote the file shown, when this Hearth ran it. */
static HearthProfileRecipe *
shown_run (HearthWindow *self)
{
  GFile *file = hearth_session_get_file (self->session);
  g_autofree char *path = file != NULL ? g_file_get_path (file) : NULL;

  return path != NULL ? hearth_profile_recipe_find_run (path) : NULL;
}

/* A cProfile file does not say what ran; the widest <module> of a .py file that is still
 * there is the script's own (the others are modules it imported). */
static const HearthFunction *
script_module (HearthProfile *profile)
{
  const HearthFunction *best = NULL;

  for (guint i = 0; i < hearth_profile_get_n_functions (profile); i++)
    {
      const HearthFunction *function = hearth_profile_get_function (profile, i);

      if (g_strcmp0 (function->name, "<module>") == 0 && g_str_has_suffix (function->file, ".py")
          && g_path_is_absolute (function->file)
          && g_file_test (function->file, G_FILE_TEST_IS_REGULAR)
          && (best == NULL || function->cum > best->cum))
        best = function;
    }
  return best;
}

/* The estimated bar the user came for: the one selected, else the widest (nodes are in walk
 * order, so the first of a width is the one nearest the root); -1 when none is. */
static gint
estimated_node (HearthSession *session)
{
  HearthCallTree *tree = hearth_session_get_tree (session);
  gint selected = hearth_session_get_selected (session);
  gint widest = -1;

  if (tree == NULL)
    return -1;
  if (selected >= 0 && hearth_call_tree_get_node (tree, selected)->flags & HEARTH_NODE_ESTIMATED)
    return selected;
  for (guint i = 0; i < hearth_call_tree_get_n_nodes (tree); i++)
    {
      const HearthNode *node = hearth_call_tree_get_node (tree, i);

      if (node->flags & HEARTH_NODE_ESTIMATED &&
          (widest < 0 || node->width > hearth_call_tree_get_node (tree, widest)->width))
        widest = (gint) i;
    }
  return widest;
}

/* The new run opens compared with the one shown; for exact chains, with the estimated chain
 * selected in both. */
static void
profiled_again (HearthProfileDialog *dialog,
                GFile               *file,
                HearthWindow        *self)
{
  HearthCompareWindow *window;

  if (hearth_session_get_profile (self->session) == NULL)
    {
      open_here_or_new (self, file);
      return;
    }
  window = _hearth_window_compare_with_root (self, file, g_object_get_data (G_OBJECT (dialog),
                                                                            "root-spec"));
  if (g_object_get_data (G_OBJECT (dialog), "exact-chains") != NULL)
    hearth_compare_window_select_when_matched (window, 0, estimated_node (self->session));
}

/* The run of @dialog gets the exact chains of @profile: it starts at the script's <module>
 * too, so its chains meet cProfile's rather than sitting under the bar of the whole run. */
static void
exact_chains_run (HearthProfileDialog *dialog,
                  HearthProfile       *profile)
{
  const HearthFunction *module = profile != NULL ? script_module (profile) : NULL;

  g_object_set_data (G_OBJECT (dialog), "exact-chains", GINT_TO_POINTER (TRUE));
  if (module != NULL)
    g_object_set_data_full (G_OBJECT (dialog), "root-spec",
                            g_strdup_printf ("%s:%" G_GINT64_FORMAT ":%s", module->file,
                                             module->line, module->name), g_free);
}

static HearthProfileDialog *
new_run_dialog (HearthWindow *self)
{
  HearthProfileDialog *dialog = hearth_profile_dialog_new (GTK_WINDOW (self));

  g_signal_connect_object (dialog, "profiled", G_CALLBACK (profiled_again), self, 0);
  gtk_window_present (GTK_WINDOW (dialog));
  return dialog;
}

/* The same run again, its profile written next to the one shown under a new name. */
static void
run_again (HearthWindow              *self,
           const HearthProfileRecipe *recipe,
           gboolean                   exact)
{
  HearthProfileDialog *dialog = new_run_dialog (self);
  g_autoptr (GFile) folder = current_folder (self);
  g_autofree char *path = folder != NULL ? g_file_get_path (folder) : NULL;

  if (exact)
    exact_chains_run (dialog, hearth_session_get_profile (self->session));
  hearth_profile_dialog_set_recipe (dialog, recipe);
  hearth_profile_dialog_set_out_folder (dialog, path);
  gtk_widget_activate_action (GTK_WIDGET (dialog), "profile.run", NULL);
}

static void
profile_again_action (GtkWidget  *widget,
                      const char *action_name,
                      GVariant   *parameter)
{
  HearthWindow *self = HEARTH_WINDOW (widget);
  g_autoptr (HearthProfileRecipe) recipe = shown_run (self);

  if (recipe != NULL)
    run_again (self, recipe, FALSE);
}

/* Hearth's sampler on the run shown, or on the script the file names, which the user checks
 * and starts: a file from elsewhere does not say its arguments or its interpreter. */
static void
exact_chains_action (GtkWidget  *widget,
                     const char *action_name,
                     GVariant   *parameter)
{
  HearthWindow *self = HEARTH_WINDOW (widget);
  g_autoptr (HearthProfileRecipe) recipe = shown_run (self);
  HearthProfile *profile = hearth_session_get_profile (self->session);
  const HearthFunction *module = profile != NULL ? script_module (profile) : NULL;
  HearthProfileDialog *dialog;

  if (recipe != NULL)
    {
      recipe->profiler = HEARTH_PROFILER_SAMPLER;
      run_again (self, recipe, TRUE);
      return;
    }
  dialog = new_run_dialog (self);
  exact_chains_run (dialog, profile);
  if (module != NULL)
    hearth_profile_dialog_set_target (dialog, module->file, FALSE);
  hearth_profile_dialog_set_fields (dialog, NULL, NULL, NULL, TRUE);
}

static void
open_example_action (GtkWidget  *widget,
                     const char *action_name,
                     GVariant   *parameter)
{
  HearthWindow *self = HEARTH_WINDOW (widget);
  g_autoptr (GFile) example = _hearth_window_find_example ();

  if (example != NULL)
    open_here_or_new (self, example);
}

static void
reload_action (GtkWidget  *widget,
               const char *action_name,
               GVariant   *parameter)
{
  /* the same path as a change on disk: the version shown is kept for a comparison */
  _hearth_window_reload (HEARTH_WINDOW (widget), FALSE);
}

/**
 * _hearth_window_compare_with:
 * @self: a #HearthWindow showing a profile
 * @after: the profile to compare it with
 *
 * Opens a compare window: what this window shows is "before", @after is "after".
 *
 * Returns: (transfer none): the compare window
 */
HearthCompareWindow *
_hearth_window_compare_with (HearthWindow *self,
                             GFile        *after)
{
  return _hearth_window_compare_with_root (self, after, NULL);
}

/**
 * _hearth_window_compare_with_root:
 * @self: a #HearthWindow showing a profile
 * @after: the profile to compare it with
 * @root_spec: (nullable): where @after's graph starts, as `--root` takes it
 *
 * Returns: (transfer none): the compare window
 */
HearthCompareWindow *
_hearth_window_compare_with_root (HearthWindow *self,
                                  GFile        *after,
                                  const char   *root_spec)
{
  GtkApplication *app = gtk_window_get_application (GTK_WINDOW (self));
  HearthCompareWindow *window = hearth_compare_window_new (app);
  HearthFlameView *view = HEARTH_FLAME_VIEW (self->flame_view);

  hearth_compare_window_set_icicle (window, hearth_flame_view_get_icicle (view));
  /* the profile as shown, even when its file changed since */
  hearth_compare_window_set_run (window, 0, hearth_session_get_profile (self->session),
                                 hearth_session_get_names (self->session),
                                 hearth_session_get_tree (self->session));
  /* the thread shown alone is compared with the same thread of the other run */
  hearth_thread_picker_follow (HEARTH_THREAD_PICKER (self->thread_picker),
                               hearth_compare_window_get_session (window, 1));
  /* resolved by the load itself, so the first tree of the run is laid out from it */
  hearth_session_set_root_spec (hearth_compare_window_get_session (window, 1), root_spec);
  hearth_compare_window_load_run (window, 1, after);
  gtk_window_present (GTK_WINDOW (window));
  return window;
}

/**
 * _hearth_window_compare_previous:
 * @self: a #HearthWindow that reloaded its file
 *
 * Opens a compare window: the version shown before the last reload is "before", the one
 * shown now is "after". Both are in memory; the file is not read again.
 *
 * Returns: (transfer none) (nullable): the compare window, or %NULL without a previous version
 */
HearthCompareWindow *
_hearth_window_compare_previous (HearthWindow *self)
{
  GtkApplication *app = gtk_window_get_application (GTK_WINDOW (self));
  HearthProfile *profile = hearth_session_get_profile (self->session);
  HearthFlameView *view = HEARTH_FLAME_VIEW (self->flame_view);
  HearthCompareWindow *window;
  GFile *file;
  g_autofree char *name = NULL;
  g_autofree char *previous = NULL;

  if (self->previous_profile == NULL || profile == NULL)
    return NULL;
  window = hearth_compare_window_new (app);
  hearth_compare_window_set_icicle (window, hearth_flame_view_get_icicle (view));
  file = hearth_session_get_file (self->session);
  name = file != NULL ? g_file_get_basename (file) : g_strdup (hearth_profile_get_name (profile));
  if (name == NULL)
    name = g_strdup (_("Profile"));
  /* translators: the version of a file shown before it was reloaded, "live.prof (previous)" */
  previous = g_strdup_printf (_("%s (previous)"), name);
  hearth_compare_window_set_run_name (window, 0, previous);
  hearth_compare_window_set_run_name (window, 1, name);
  hearth_compare_window_set_run (window, 0, self->previous_profile, self->previous_names,
                                 self->previous_tree);
  hearth_compare_window_set_run (window, 1, profile, hearth_session_get_names (self->session),
                                 hearth_session_get_tree (self->session));
  gtk_window_present (GTK_WINDOW (window));
  return window;
}

static void
compare_previous_action (GtkWidget  *widget,
                         const char *action_name,
                         GVariant   *parameter)
{
  _hearth_window_compare_previous (HEARTH_WINDOW (widget));
}

static void
compare_chosen (GObject      *source,
                GAsyncResult *result,
                gpointer      user_data)
{
  g_autoptr (HearthWindow) self = user_data;
  g_autoptr (GError) error = NULL;
  g_autoptr (GFile) file = hearth_open_file_finish (result, &error);

  if (file == NULL)
    {
      if (!g_error_matches (error, G_IO_ERROR, G_IO_ERROR_CANCELLED))
        _hearth_window_show_message (self, GTK_MESSAGE_ERROR, _("No file was opened"),
                                     error->message);
      return;
    }
  if (hearth_session_get_profile (self->session) != NULL)
    _hearth_window_compare_with (self, file);
  else
    hearth_window_open (self, file);
}

static void
compare_action (GtkWidget  *widget,
                const char *action_name,
                GVariant   *parameter)
{
  HearthWindow *self = HEARTH_WINDOW (widget);
  g_autoptr (GFile) folder = current_folder (self);

  hearth_open_file_async (GTK_WINDOW (self), _("Compare With"), _("_Compare"), folder, NULL,
                          compare_chosen, g_object_ref (self));
}

static void
search_action (GtkWidget  *widget,
               const char *action_name,
               GVariant   *parameter)
{
  HearthWindow *self = HEARTH_WINDOW (widget);

  if (!gtk_widget_get_sensitive (self->search_button))
    return;
  gtk_search_bar_set_search_mode (GTK_SEARCH_BAR (self->search_bar), TRUE);
  gtk_widget_grab_focus (self->search_entry);
}

static void
close_action (GtkWidget  *widget,
              const char *action_name,
              GVariant   *parameter)
{
  gtk_window_close (GTK_WINDOW (widget));
}

/* Without the schema (tests without GSETTINGS_SCHEMA_DIR) the menu still works, unsaved. */
static void
icicle_activated (GSimpleAction *action,
                  GVariant      *parameter,
                  HearthWindow  *self)
{
  gboolean icicle = !hearth_flame_view_get_icicle (HEARTH_FLAME_VIEW (self->flame_view));

  hearth_flame_view_set_icicle (HEARTH_FLAME_VIEW (self->flame_view), icicle);
  g_simple_action_set_state (action, g_variant_new_boolean (icicle));
}

static void
cutoff_changed (GSimpleAction *action,
                GVariant      *value,
                HearthWindow  *self)
{
  hearth_session_set_cutoff (self->session, g_variant_get_double (value));
  g_simple_action_set_state (action, value);
}

static void
add_view_actions (HearthWindow *self)
{
  g_autoptr (GAction) icicle = NULL;
  g_autoptr (GAction) cutoff = NULL;
  g_autoptr (GAction) side_pane = NULL;
  g_autoptr (GAction) legend = NULL;

  if (self->settings != NULL)
    {
      icicle = g_settings_create_action (self->settings, "icicle");
      cutoff = g_settings_create_action (self->settings, "cutoff");
    }
  else
    {
      icicle = G_ACTION (g_simple_action_new_stateful ("icicle", NULL,
                                                       g_variant_new_boolean (FALSE)));
      g_signal_connect (icicle, "activate", G_CALLBACK (icicle_activated), self);
      cutoff = G_ACTION (g_simple_action_new_stateful ("cutoff", G_VARIANT_TYPE_DOUBLE,
                                                       g_variant_new_double (0.01)));
      g_signal_connect (cutoff, "change-state", G_CALLBACK (cutoff_changed), self);
    }
  g_action_map_add_action (G_ACTION_MAP (self), icicle);
  g_action_map_add_action (G_ACTION_MAP (self), cutoff);

  /* shown or hidden: the settings follow the widgets (see restore_state ()) */
  side_pane = G_ACTION (g_property_action_new ("side-pane", self->notebook, "visible"));
  g_action_map_add_action (G_ACTION_MAP (self), side_pane);
  legend = G_ACTION (g_property_action_new ("legend", self->legend, "visible"));
  g_action_map_add_action (G_ACTION_MAP (self), legend);
}

void
_hearth_window_update_actions (HearthWindow *self)
{
  HearthProfile *profile = hearth_session_get_profile (self->session);
  gboolean loaded = profile != NULL;
  HearthCallTree *tree = hearth_session_get_tree (self->session);
  g_autoptr (GFile) example = _hearth_window_find_example ();
  g_autoptr (HearthProfileRecipe) run = shown_run (self);

  gtk_widget_action_set_enabled (GTK_WIDGET (self), "win.reload",
                                 hearth_session_get_file (self->session) != NULL ||
                                 hearth_session_get_merge_files (self->session, NULL) != NULL);
  gtk_widget_action_set_enabled (GTK_WIDGET (self), "win.compare", loaded);
  gtk_widget_action_set_enabled (GTK_WIDGET (self), "win.compare-previous",
                                 loaded && self->previous_profile != NULL);
  gtk_widget_action_set_enabled (GTK_WIDGET (self), "win.search", loaded);
  gtk_widget_action_set_enabled (GTK_WIDGET (self), "win.profile-again", run != NULL);
  /* cProfile's files are the ones with estimated chains */
  gtk_widget_action_set_enabled (GTK_WIDGET (self), "win.exact-chains",
                                 loaded &&
                                 hearth_profile_get_format (profile) == HEARTH_FORMAT_PSTATS);
  gtk_widget_action_set_enabled (GTK_WIDGET (self), "win.open-example", example != NULL);
  gtk_widget_action_set_enabled (GTK_WIDGET (self), "win.export",
                                 tree != NULL && hearth_call_tree_get_n_nodes (tree) > 0);
}

/* Export ------------------------------------------------------------------------------------ */

static HearthExportJob *
export_job_new (GtkWindow  *window,
                const char *path)
{
  HearthWindow *self = HEARTH_WINDOW (window);
  HearthCallTree *tree = hearth_session_get_tree (self->session);
  HearthExportJob *job;

  if (tree == NULL)
    return NULL;
  job = hearth_export_job_new (path);
  job->trees[0] = g_object_ref (tree);
  job->names[0] = g_object_ref (hearth_session_get_names (self->session));
  job->options.width = EXPORT_WIDTH;
  job->options.icicle = hearth_flame_view_get_icicle (HEARTH_FLAME_VIEW (self->flame_view));
  /* merged runs: the export has the graph's whiskers too (the job owns this reference) */
  if (hearth_session_get_spread (self->session) != NULL)
    job->options.spread = g_object_ref (hearth_session_get_spread (self->session));
  return job;
}

static void
export_message (GtkWindow      *window,
                GtkMessageType  type,
                const char     *title,
                const char     *message)
{
  _hearth_window_show_message (HEARTH_WINDOW (window), type, title, message);
}

static void
export_action (GtkWidget  *widget,
               const char *action_name,
               GVariant   *parameter)
{
  static const HearthExportDialogFuncs funcs = { export_job_new, export_message };
  HearthWindow *self = HEARTH_WINDOW (widget);
  GFile *file = hearth_session_get_file (self->session);
  g_autoptr (GFile) folder = current_folder (self);
  g_autofree char *base = file != NULL ? g_file_get_basename (file) : g_strdup ("profile");
  g_autofree char *name = NULL;

  if (hearth_session_get_tree (self->session) == NULL)
    return;
  name = hearth_export_initial_name (base, NULL);
  hearth_export_dialog_open (GTK_WINDOW (self), _("Export the Graph"), name, folder, &funcs);
}

/* F6 and Shift+F6: the header bar, the graph and the side panes in turn, as GNOME
 * applications move between the regions of a window. */
static gboolean
focus_region (GtkWidget *target)
{
  return gtk_widget_get_mapped (target) && gtk_widget_grab_focus (target);
}

static void
next_region_action (GtkWidget  *widget,
                    const char *action_name,
                    GVariant   *parameter)
{
  HearthWindow *self = HEARTH_WINDOW (widget);
  GtkWidget *regions[] = { self->header_bar, self->flame_view, self->notebook };
  GtkWidget *targets[] = { self->open_button, self->flame_view, self->notebook };
  GtkWidget *focus = gtk_root_get_focus (GTK_ROOT (self));
  guint n = G_N_ELEMENTS (regions), current = n - 1;
  gboolean back = g_str_equal (action_name, "win.previous-region");

  for (guint i = 0; i < n; i++)
    if (focus != NULL && (focus == regions[i] || gtk_widget_is_ancestor (focus, regions[i])))
      current = i;
  for (guint step = 1; step < n; step++)
    if (focus_region (targets[(current + (back ? n - step : step)) % n]))
      {
        /* a move of the keyboard: show where it went */
        gtk_window_set_focus_visible (GTK_WINDOW (self), TRUE);
        return;
      }
}

/* In the capture phase: the paned would take F6 for its two sides alone. */
static void
add_region_key (GtkEventController *keys,
                GdkModifierType     modifiers,
                const char         *action)
{
  gtk_shortcut_controller_add_shortcut (GTK_SHORTCUT_CONTROLLER (keys),
                                        gtk_shortcut_new (gtk_keyval_trigger_new (GDK_KEY_F6,
                                                                                  modifiers),
                                                          gtk_named_action_new (action)));
}

static void
add_region_keys (HearthWindow *self)
{
  GtkEventController *keys = gtk_shortcut_controller_new ();

  gtk_event_controller_set_propagation_phase (keys, GTK_PHASE_CAPTURE);
  add_region_key (keys, 0, "win.next-region");
  add_region_key (keys, GDK_SHIFT_MASK, "win.previous-region");
  gtk_widget_add_controller (GTK_WIDGET (self), keys);
}

void
_hearth_window_actions_init (HearthWindow *self)
{
  add_view_actions (self);
  add_region_keys (self);
  _hearth_window_update_actions (self);
}

/* Registered once per class, from hearth_window_class_init (). */
void
_hearth_window_class_actions_init (GtkWidgetClass *widget_class)
{
  gtk_widget_class_install_action (widget_class, "win.open", NULL, open_action);
  gtk_widget_class_install_action (widget_class, "win.open-folder", NULL, open_folder_action);
  gtk_widget_class_install_action (widget_class, "win.open-example", NULL, open_example_action);
  gtk_widget_class_install_action (widget_class, "win.profile", NULL, profile_action);
  gtk_widget_class_install_action (widget_class, "win.profile-again", NULL,
                                   profile_again_action);
  gtk_widget_class_install_action (widget_class, "win.exact-chains", NULL, exact_chains_action);
  gtk_widget_class_install_action (widget_class, "win.reload", NULL, reload_action);
  gtk_widget_class_install_action (widget_class, "win.compare", NULL, compare_action);
  gtk_widget_class_install_action (widget_class, "win.compare-previous", NULL,
                                   compare_previous_action);
  gtk_widget_class_install_action (widget_class, "win.export", NULL, export_action);
  gtk_widget_class_install_action (widget_class, "win.search", NULL, search_action);
  gtk_widget_class_install_action (widget_class, "win.close", NULL, close_action);
  gtk_widget_class_install_action (widget_class, "win.next-region", NULL, next_region_action);
  gtk_widget_class_install_action (widget_class, "win.previous-region", NULL,
                                   next_region_action);

  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_o, GDK_CONTROL_MASK, "win.open", NULL);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_r, GDK_CONTROL_MASK,
                                       "win.reload", NULL);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_F5, 0, "win.reload", NULL);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_f, GDK_CONTROL_MASK,
                                       "win.search", NULL);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_w, GDK_CONTROL_MASK,
                                       "win.close", NULL);
}
