/* hearth-session.c
 *
 * Copyright 2026 The Hearth authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#define G_LOG_DOMAIN "hearth-session"

#include "hearth-session-private.h"

#include <glib/gi18n.h>

#include "hearth-flame-renderer.h"

/**
 * HearthSession:
 *
 * What one window shows: the loaded profile with its names and call tree, the options the
 * tree was laid out with (root, cutoff, repeats, the user's own folders), the selected and
 * the zoomed bar, and the search. The flame view and the side panes observe it through its
 * properties and never talk to each other. Loading and laying out run in a thread on
 * immutable inputs; results are swapped in on the main thread.
 */

G_DEFINE_FINAL_TYPE (HearthSession, hearth_session, G_TYPE_OBJECT)

GParamSpec *_hearth_session_props[N_PROPS];

/* Threads ----------------------------------------------------------------------------------- */

typedef struct
{
  GFile                 *file;
  HearthProfile         *profile;       /* for a layout: the profile to lay out again */
  HearthNames           *names;         /* for a layout: the names to keep, or NULL */
  char                 **mine_paths;
  gboolean               use_source;
  char                  *root_spec;
  HearthCallTreeOptions  options;
  guint                  serial;
  gboolean               new_file;
} Job;

typedef struct
{
  HearthProfile  *profile;
  HearthNames    *names;
  HearthCallTree *tree;
  char           *notice;
} Result;

static void
job_free (gpointer data)
{
  Job *job = data;

  g_clear_object (&job->file);
  g_clear_object (&job->profile);
  g_clear_object (&job->names);
  g_strfreev (job->mine_paths);
  g_free (job->root_spec);
  g_free (job);
}

static void
result_free (gpointer data)
{
  Result *result = data;

  g_clear_object (&result->profile);
  g_clear_object (&result->names);
  g_clear_object (&result->tree);
  g_free (result->notice);
  g_free (result);
}

G_DEFINE_AUTOPTR_CLEANUP_FUNC (Result, result_free)

static Job *
job_new (HearthSession *self)
{
  Job *job = g_new0 (Job, 1);
  HearthCallTreeOptions defaults = HEARTH_CALL_TREE_OPTIONS_INIT;

  job->mine_paths = g_strdupv (self->mine_paths);
  job->use_source = self->use_source;
  job->options = defaults;
  job->options.root = self->root;
  job->options.cutoff = self->cutoff;
  job->options.max_repeat = self->max_repeat;
  return job;
}

/* Lays out the tree; a root that cannot be used falls back to the default with a notice. */
static gboolean
layout_in_thread (Job           *job,
                  Result        *result,
                  GCancellable  *cancellable,
                  GError       **error)
{
  g_autoptr (GError) local_error = NULL;
  HearthCallTreeOptions options = job->options;

  if (job->root_spec != NULL)
    {
      options.root = hearth_call_tree_parse_root (result->profile, job->root_spec, &local_error);
      if (options.root < 0)
        {
          result->notice = g_strdup_printf (_("%s; the graph starts at the default root."),
                                            local_error->message);
          g_clear_error (&local_error);
        }
    }
  if (options.root >= 0 && (guint) options.root >= hearth_profile_get_n_functions (result->profile))
    options.root = -1;

  result->tree = hearth_call_tree_new (result->profile, &options, &local_error);
  if (result->tree == NULL && options.root >= 0)
    {
      g_clear_error (&local_error);
      options.root = -1;
      result->tree = hearth_call_tree_new (result->profile, &options, &local_error);
    }
  if (result->tree == NULL)
    {
      g_propagate_error (error, g_steal_pointer (&local_error));
      return FALSE;
    }
  return !g_cancellable_set_error_if_cancelled (cancellable, error);
}

static void
load_thread (GTask        *task,
             gpointer      source_object,
             gpointer      task_data,
             GCancellable *cancellable)
{
  Job *job = task_data;
  g_autoptr (Result) result = g_new0 (Result, 1);
  GError *error = NULL;

  result->profile = hearth_profile_load_file (job->file, cancellable, &error);
  if (result->profile == NULL)
    {
      g_task_return_error (task, error);
      return;
    }
  result->names = hearth_names_new (result->profile, (const char * const *) job->mine_paths,
                                    job->use_source);
  if (!layout_in_thread (job, result, cancellable, &error))
    {
      g_task_return_error (task, error);
      return;
    }
  g_task_return_pointer (task, g_steal_pointer (&result), result_free);
}

static void
layout_thread (GTask        *task,
               gpointer      source_object,
               gpointer      task_data,
               GCancellable *cancellable)
{
  Job *job = task_data;
  g_autoptr (Result) result = g_new0 (Result, 1);
  GError *error = NULL;

  result->profile = g_object_ref (job->profile);
  if (job->names != NULL)
    result->names = g_object_ref (job->names);
  else
    result->names = hearth_names_new (result->profile, (const char * const *) job->mine_paths,
                                      job->use_source);
  if (!layout_in_thread (job, result, cancellable, &error))
    {
      g_task_return_error (task, error);
      return;
    }
  g_task_return_pointer (task, g_steal_pointer (&result), result_free);
}

/* Swapping results in -------------------------------------------------------------------- */

void
_hearth_session_set_string (char       **field,
                            const char  *value)
{
  g_free (*field);
  *field = g_strdup (value);
}

static void
set_loading (HearthSession *self,
             gboolean       loading)
{
  if (self->loading == loading)
    return;
  self->loading = loading;
  g_object_notify_by_pspec (G_OBJECT (self), _hearth_session_props[PROP_LOADING]);
}

static void
set_busy (HearthSession *self,
          gboolean       busy)
{
  if (self->busy == busy)
    return;
  self->busy = busy;
  g_object_notify_by_pspec (G_OBJECT (self), _hearth_session_props[PROP_BUSY]);
}

static void
set_notice (HearthSession *self,
            const char    *notice)
{
  if (g_strcmp0 (self->notice, notice) == 0)
    return;
  _hearth_session_set_string (&self->notice, notice);
  g_object_notify_by_pspec (G_OBJECT (self), _hearth_session_props[PROP_NOTICE]);
}

static void
index_multi_callers (HearthSession *self)
{
  const HearthMultiCaller *multi;
  guint n = 0;

  g_hash_table_remove_all (self->multi_callers);
  if (self->tree == NULL)
    return;
  multi = hearth_call_tree_get_multi_callers (self->tree, &n);
  for (guint i = 0; i < n; i++)
    g_hash_table_insert (self->multi_callers, GUINT_TO_POINTER (multi[i].function + 1),
                         GUINT_TO_POINTER (multi[i].n_callers));
}

/* Installs a new tree; the selection and zoom follow their functions when @keep is set. */
static void
swap_tree (HearthSession  *self,
           HearthCallTree *tree,
           gboolean        keep)
{
  gint selected_function = keep ? _hearth_session_function_of (self->tree, self->selected) : -2;
  gint zoom_function = keep ? _hearth_session_function_of (self->tree, self->zoom) : -2;
  gint selected = -1, zoom = -1;

  g_set_object (&self->tree, tree);
  index_multi_callers (self);

  if (selected_function != -2)
    selected = _hearth_session_widest_node_of (self->tree, selected_function);
  if (zoom_function != -2)
    zoom = _hearth_session_widest_node_of (self->tree, zoom_function);
  if (zoom == 0)
    zoom = -1;

  self->selected = selected;
  self->zoom = zoom;
  _hearth_session_update_search (self);

  g_object_notify_by_pspec (G_OBJECT (self), _hearth_session_props[PROP_TREE]);
  g_object_notify_by_pspec (G_OBJECT (self), _hearth_session_props[PROP_ROOT]);
  g_object_notify_by_pspec (G_OBJECT (self), _hearth_session_props[PROP_ZOOM]);
  g_object_notify_by_pspec (G_OBJECT (self), _hearth_session_props[PROP_SELECTED]);
}

static gboolean
tree_is_current (HearthSession *self)
{
  const HearthCallTreeOptions *options;

  if (self->tree == NULL)
    return TRUE;
  options = hearth_call_tree_get_options (self->tree);
  return options->cutoff == self->cutoff && options->max_repeat == self->max_repeat &&
         (self->root < 0 || options->root == self->root);
}

static void schedule_layout (HearthSession *self,
                             gboolean       names_too);

static void
load_done (GObject      *source,
           GAsyncResult *async_result,
           gpointer      user_data)
{
  HearthSession *self = HEARTH_SESSION (source);
  g_autoptr (GTask) outer = user_data;
  Job *job = g_task_get_task_data (G_TASK (async_result));
  g_autoptr (Result) result = NULL;
  g_autoptr (GError) error = NULL;
  gboolean mine_changed;

  result = g_task_propagate_pointer (G_TASK (async_result), &error);
  if (job->serial != self->load_serial)
    {
      g_task_return_new_error (outer, G_IO_ERROR, G_IO_ERROR_CANCELLED,
                               "%s", _("Another file was opened meanwhile"));
      return;
    }
  g_clear_object (&self->load_cancellable);

  if (result == NULL)
    {
      if (!g_error_matches (error, G_IO_ERROR, G_IO_ERROR_CANCELLED))
        {
          _hearth_session_set_string (&self->error, error->message);
          g_object_notify_by_pspec (G_OBJECT (self), _hearth_session_props[PROP_ERROR]);
        }
      set_loading (self, FALSE);
      g_task_return_error (outer, g_steal_pointer (&error));
      return;
    }

  g_object_freeze_notify (G_OBJECT (self));
  if (job->new_file && self->root != -1)
    {
      self->root = -1;
      g_object_notify_by_pspec (G_OBJECT (self), _hearth_session_props[PROP_ROOT]);
    }
  g_set_object (&self->file, job->file);
  g_set_object (&self->profile, result->profile);
  g_set_object (&self->names, result->names);
  g_clear_pointer (&self->root_spec, g_free);
  if (self->error != NULL)
    {
      g_clear_pointer (&self->error, g_free);
      g_object_notify_by_pspec (G_OBJECT (self), _hearth_session_props[PROP_ERROR]);
    }
  set_notice (self, result->notice);
  swap_tree (self, result->tree, FALSE);
  g_object_notify_by_pspec (G_OBJECT (self), _hearth_session_props[PROP_FILE]);
  g_object_notify_by_pspec (G_OBJECT (self), _hearth_session_props[PROP_PROFILE]);
  g_object_notify_by_pspec (G_OBJECT (self), _hearth_session_props[PROP_NAMES]);
  set_loading (self, FALSE);
  g_object_thaw_notify (G_OBJECT (self));

  /* options changed while the file was loading */
  mine_changed = !g_strv_equal ((const char * const *) job->mine_paths,
                                (const char * const *) self->mine_paths) ||
                 job->use_source != self->use_source;
  if (mine_changed || !tree_is_current (self))
    schedule_layout (self, mine_changed);

  g_task_return_boolean (outer, TRUE);
}

static void
layout_done (GObject      *source,
             GAsyncResult *async_result,
             gpointer      user_data)
{
  HearthSession *self = HEARTH_SESSION (source);
  Job *job = g_task_get_task_data (G_TASK (async_result));
  g_autoptr (Result) result = NULL;
  g_autoptr (GError) error = NULL;

  result = g_task_propagate_pointer (G_TASK (async_result), &error);
  if (job->serial != self->layout_serial || job->profile != self->profile)
    return;
  g_clear_object (&self->layout_cancellable);

  if (result == NULL)
    {
      if (!g_error_matches (error, G_IO_ERROR, G_IO_ERROR_CANCELLED))
        set_notice (self, error->message);
      set_busy (self, FALSE);
      return;
    }

  g_object_freeze_notify (G_OBJECT (self));
  if (result->names != self->names)
    {
      g_set_object (&self->names, result->names);
      g_object_notify_by_pspec (G_OBJECT (self), _hearth_session_props[PROP_NAMES]);
    }
  set_notice (self, result->notice);
  swap_tree (self, result->tree, TRUE);
  set_busy (self, FALSE);
  g_object_thaw_notify (G_OBJECT (self));
}

static void
schedule_layout (HearthSession *self,
                 gboolean       names_too)
{
  g_autoptr (GTask) task = NULL;
  Job *job;

  if (self->profile == NULL || self->loading)
    return;

  if (self->layout_cancellable != NULL)
    g_cancellable_cancel (self->layout_cancellable);
  g_clear_object (&self->layout_cancellable);
  self->layout_cancellable = g_cancellable_new ();

  job = job_new (self);
  job->profile = g_object_ref (self->profile);
  job->names = names_too || self->names == NULL ? NULL : g_object_ref (self->names);
  job->serial = ++self->layout_serial;

  set_busy (self, TRUE);
  task = g_task_new (self, self->layout_cancellable, layout_done, NULL);
  g_task_set_task_data (task, job, job_free);
  g_task_run_in_thread (task, layout_thread);
}

/* GObject ----------------------------------------------------------------------------------- */

static void
hearth_session_dispose (GObject *object)
{
  HearthSession *self = HEARTH_SESSION (object);

  if (self->load_cancellable != NULL)
    g_cancellable_cancel (self->load_cancellable);
  if (self->layout_cancellable != NULL)
    g_cancellable_cancel (self->layout_cancellable);
  g_clear_object (&self->load_cancellable);
  g_clear_object (&self->layout_cancellable);
  g_clear_object (&self->file);
  g_clear_object (&self->tree);
  g_clear_object (&self->names);
  g_clear_object (&self->profile);
  g_clear_pointer (&self->hits, hearth_search_hits_unref);

  G_OBJECT_CLASS (hearth_session_parent_class)->dispose (object);
}

static void
hearth_session_finalize (GObject *object)
{
  HearthSession *self = HEARTH_SESSION (object);

  g_clear_pointer (&self->multi_callers, g_hash_table_unref);
  g_clear_pointer (&self->root_spec, g_free);
  g_clear_pointer (&self->mine_paths, g_strfreev);
  g_clear_pointer (&self->search_text, g_free);
  g_clear_pointer (&self->search_error, g_free);
  g_clear_pointer (&self->error, g_free);
  g_clear_pointer (&self->notice, g_free);

  G_OBJECT_CLASS (hearth_session_parent_class)->finalize (object);
}

static void
hearth_session_get_property (GObject    *object,
                             guint       prop_id,
                             GValue     *value,
                             GParamSpec *pspec)
{
  HearthSession *self = HEARTH_SESSION (object);

  switch (prop_id)
    {
    case PROP_FILE:
      g_value_set_object (value, self->file);
      break;
    case PROP_PROFILE:
      g_value_set_object (value, self->profile);
      break;
    case PROP_NAMES:
      g_value_set_object (value, self->names);
      break;
    case PROP_TREE:
      g_value_set_object (value, self->tree);
      break;
    case PROP_LOADING:
      g_value_set_boolean (value, self->loading);
      break;
    case PROP_BUSY:
      g_value_set_boolean (value, self->busy);
      break;
    case PROP_ERROR:
      g_value_set_string (value, self->error);
      break;
    case PROP_NOTICE:
      g_value_set_string (value, self->notice);
      break;
    case PROP_ROOT:
      g_value_set_int (value, hearth_session_get_root (self));
      break;
    case PROP_CUTOFF:
      g_value_set_double (value, self->cutoff);
      break;
    case PROP_MAX_REPEAT:
      g_value_set_uint (value, self->max_repeat);
      break;
    case PROP_MINE_PATHS:
      g_value_set_boxed (value, self->mine_paths);
      break;
    case PROP_USE_SOURCE:
      g_value_set_boolean (value, self->use_source);
      break;
    case PROP_SELECTED:
      g_value_set_int (value, self->selected);
      break;
    case PROP_ZOOM:
      g_value_set_int (value, self->zoom);
      break;
    case PROP_SEARCH_TEXT:
      g_value_set_string (value, self->search_text);
      break;
    case PROP_SEARCH_REGEX:
      g_value_set_boolean (value, self->search_regex);
      break;
    case PROP_SEARCH_ERROR:
      g_value_set_string (value, self->search_error);
      break;
    case PROP_MATCH_FUNCTIONS:
      g_value_set_uint (value, self->match_functions);
      break;
    case PROP_MATCH_TOTAL:
      g_value_set_double (value, self->match_total);
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
hearth_session_set_property (GObject      *object,
                             guint         prop_id,
                             const GValue *value,
                             GParamSpec   *pspec)
{
  HearthSession *self = HEARTH_SESSION (object);

  switch (prop_id)
    {
    case PROP_ROOT:
      hearth_session_set_root (self, g_value_get_int (value));
      break;
    case PROP_CUTOFF:
      hearth_session_set_cutoff (self, g_value_get_double (value));
      break;
    case PROP_MAX_REPEAT:
      hearth_session_set_max_repeat (self, g_value_get_uint (value));
      break;
    case PROP_MINE_PATHS:
      hearth_session_set_mine_paths (self, g_value_get_boxed (value));
      break;
    case PROP_USE_SOURCE:
      hearth_session_set_use_source (self, g_value_get_boolean (value));
      break;
    case PROP_SELECTED:
      hearth_session_set_selected (self, g_value_get_int (value));
      break;
    case PROP_ZOOM:
      hearth_session_set_zoom (self, g_value_get_int (value));
      break;
    case PROP_SEARCH_TEXT:
      hearth_session_set_search_text (self, g_value_get_string (value));
      break;
    case PROP_SEARCH_REGEX:
      hearth_session_set_search_regex (self, g_value_get_boolean (value));
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
hearth_session_class_init (HearthSessionClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  const GParamFlags ro = G_PARAM_READABLE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS;
  const GParamFlags rw = G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS;
  GParamSpec **properties = _hearth_session_props;

  object_class->dispose = hearth_session_dispose;
  object_class->finalize = hearth_session_finalize;
  object_class->get_property = hearth_session_get_property;
  object_class->set_property = hearth_session_set_property;

  /** HearthSession:file: the file the profile was loaded from */
  properties[PROP_FILE] = g_param_spec_object ("file", NULL, NULL, G_TYPE_FILE, ro);
  /** HearthSession:profile: the loaded profile */
  properties[PROP_PROFILE] = g_param_spec_object ("profile", NULL, NULL, HEARTH_TYPE_PROFILE, ro);
  /** HearthSession:names: labels and categories of the profile's functions */
  properties[PROP_NAMES] = g_param_spec_object ("names", NULL, NULL, HEARTH_TYPE_NAMES, ro);
  /** HearthSession:tree: the call tree shown */
  properties[PROP_TREE] = g_param_spec_object ("tree", NULL, NULL, HEARTH_TYPE_CALL_TREE, ro);
  /** HearthSession:loading: a file is being read */
  properties[PROP_LOADING] = g_param_spec_boolean ("loading", NULL, NULL, FALSE, ro);
  /** HearthSession:busy: the tree is being laid out again */
  properties[PROP_BUSY] = g_param_spec_boolean ("busy", NULL, NULL, FALSE, ro);
  /** HearthSession:error: why the last file could not be loaded, with its name */
  properties[PROP_ERROR] = g_param_spec_string ("error", NULL, NULL, NULL, ro);
  /** HearthSession:notice: something the last layout could not do as asked */
  properties[PROP_NOTICE] = g_param_spec_string ("notice", NULL, NULL, NULL, ro);
  /** HearthSession:root: the function asked for as root, -1 for the default root */
  properties[PROP_ROOT] = g_param_spec_int ("root", NULL, NULL, -1, G_MAXINT, -1, rw);
  /** HearthSession:cutoff: callees narrower than this fraction of the root get no bar */
  properties[PROP_CUTOFF] = g_param_spec_double ("cutoff", NULL, NULL, 0, 1, 0.01, rw);
  /** HearthSession:max-repeat: how often a function may appear on one chain */
  properties[PROP_MAX_REPEAT] = g_param_spec_uint ("max-repeat", NULL, NULL, 1, 64, 1, rw);
  /** HearthSession:mine-paths: folders whose code counts as the user's own */
  properties[PROP_MINE_PATHS] = g_param_spec_boxed ("mine-paths", NULL, NULL, G_TYPE_STRV, rw);
  /** HearthSession:use-source: read source files to qualify function names */
  properties[PROP_USE_SOURCE] = g_param_spec_boolean ("use-source", NULL, NULL, TRUE, rw);
  /** HearthSession:selected: the selected bar, -1 for none */
  properties[PROP_SELECTED] = g_param_spec_int ("selected", NULL, NULL, -1, G_MAXINT, -1, rw);
  /** HearthSession:zoom: the bar zoomed into, -1 for the whole run */
  properties[PROP_ZOOM] = g_param_spec_int ("zoom", NULL, NULL, -1, G_MAXINT, -1, rw);
  /** HearthSession:search-text: what the search looks for, %NULL or "" for no search */
  properties[PROP_SEARCH_TEXT] = g_param_spec_string ("search-text", NULL, NULL, NULL, rw);
  /** HearthSession:search-regex: the search text is a regular expression */
  properties[PROP_SEARCH_REGEX] = g_param_spec_boolean ("search-regex", NULL, NULL, FALSE, rw);
  /** HearthSession:search-error: why the regular expression is invalid, or %NULL */
  properties[PROP_SEARCH_ERROR] = g_param_spec_string ("search-error", NULL, NULL, NULL, ro);
  /** HearthSession:match-functions: how many functions with a bar match the search */
  properties[PROP_MATCH_FUNCTIONS] = g_param_spec_uint ("match-functions", NULL, NULL,
                                                        0, G_MAXUINT, 0, ro);
  /** HearthSession:match-total: the time of the matching bars, nested ones counted once */
  properties[PROP_MATCH_TOTAL] = g_param_spec_double ("match-total", NULL, NULL,
                                                      0, G_MAXDOUBLE, 0, ro);

  g_object_class_install_properties (object_class, N_PROPS, properties);
}

static void
hearth_session_init (HearthSession *self)
{
  self->root = -1;
  self->cutoff = 0.01;
  self->max_repeat = 1;
  self->use_source = TRUE;
  self->selected = -1;
  self->zoom = -1;
  self->mine_paths = g_new0 (char *, 1);
  self->multi_callers = g_hash_table_new (NULL, NULL);
}

/**
 * hearth_session_new:
 *
 * Returns: (transfer full): a session with nothing loaded
 */
HearthSession *
hearth_session_new (void)
{
  return g_object_new (HEARTH_TYPE_SESSION, NULL);
}

/* Loading ------------------------------------------------------------------------------------ */

/**
 * hearth_session_load_async:
 * @self: a #HearthSession
 * @file: the profile file
 * @cancellable: (nullable): a #GCancellable
 * @callback: called when the file is loaded or failed to load
 * @user_data: data for @callback
 *
 * Reads @file, names its functions and lays out its tree in a thread. On success the
 * session shows the new profile; on failure it keeps what it showed and sets
 * #HearthSession:error. Loading another file cancels this one.
 */
void
hearth_session_load_async (HearthSession       *self,
                           GFile               *file,
                           GCancellable        *cancellable,
                           GAsyncReadyCallback  callback,
                           gpointer             user_data)
{
  g_autoptr (GTask) inner = NULL;
  GTask *outer;
  Job *job;

  g_return_if_fail (HEARTH_IS_SESSION (self));
  g_return_if_fail (G_IS_FILE (file));

  if (self->load_cancellable != NULL)
    g_cancellable_cancel (self->load_cancellable);
  g_clear_object (&self->load_cancellable);
  self->load_cancellable = g_cancellable_new ();

  outer = g_task_new (self, cancellable, callback, user_data);
  /* kept for the title of a failure: on failure the session still names the file it showed */
  g_task_set_task_data (outer, g_object_ref (file), g_object_unref);

  job = job_new (self);
  job->file = g_object_ref (file);
  job->root_spec = g_strdup (self->root_spec);
  job->serial = ++self->load_serial;
  /* a new file: function indices of the old one mean nothing */
  job->new_file = self->file == NULL || !g_file_equal (self->file, file);
  if (job->new_file)
    job->options.root = -1;

  set_loading (self, TRUE);
  inner = g_task_new (self, self->load_cancellable, load_done, outer);
  g_task_set_task_data (inner, job, job_free);
  g_task_run_in_thread (inner, load_thread);
}

/**
 * hearth_session_load_finish:
 * @self: a #HearthSession
 * @result: the result given to the callback
 * @error: return location for the loader's error
 *
 * Returns: %TRUE when the file was loaded and is shown
 */
gboolean
hearth_session_load_finish (HearthSession  *self,
                            GAsyncResult   *result,
                            GError        **error)
{
  g_return_val_if_fail (HEARTH_IS_SESSION (self), FALSE);
  g_return_val_if_fail (g_task_is_valid (result, self), FALSE);

  return g_task_propagate_boolean (G_TASK (result), error);
}

/**
 * hearth_session_load_finish_titled:
 * @self: a #HearthSession
 * @result: the result given to the callback
 * @title: (out) (optional): when the load failed other than by being cancelled, a title
 *   for a banner naming the file that could not be opened; %NULL otherwise
 * @error: return location for the loader's error
 *
 * As hearth_session_load_finish(), with the title a window shows above the error.
 *
 * Returns: %TRUE when the file was loaded and is shown
 */
gboolean
hearth_session_load_finish_titled (HearthSession  *self,
                                   GAsyncResult   *result,
                                   char          **title,
                                   GError        **error)
{
  g_autoptr (GError) local_error = NULL;
  g_autofree char *name = NULL;

  g_return_val_if_fail (HEARTH_IS_SESSION (self), FALSE);
  g_return_val_if_fail (g_task_is_valid (result, self), FALSE);

  if (title != NULL)
    *title = NULL;
  if (g_task_propagate_boolean (G_TASK (result), &local_error))
    return TRUE;
  if (title != NULL && !g_error_matches (local_error, G_IO_ERROR, G_IO_ERROR_CANCELLED))
    {
      name = g_file_get_basename (g_task_get_task_data (G_TASK (result)));
      *title = g_strdup_printf (_("Could not open “%s”"), name);
    }
  g_propagate_error (error, g_steal_pointer (&local_error));
  return FALSE;
}

/**
 * hearth_session_set_profile:
 * @self: a #HearthSession
 * @profile: (nullable): a profile, %NULL to show nothing
 * @names: (nullable): its names, %NULL to make them here (without reading sources)
 * @tree: (nullable): its tree, %NULL to lay it out here with the session's options
 *
 * Shows a profile at once, without a thread: for small profiles and tests.
 */
void
hearth_session_set_profile (HearthSession  *self,
                            HearthProfile  *profile,
                            HearthNames    *names,
                            HearthCallTree *tree)
{
  g_autoptr (HearthNames) own_names = NULL;
  g_autoptr (HearthCallTree) own_tree = NULL;

  g_return_if_fail (HEARTH_IS_SESSION (self));
  g_return_if_fail (profile == NULL || HEARTH_IS_PROFILE (profile));

  if (profile != NULL && names == NULL)
    names = own_names = hearth_names_new (profile, (const char * const *) self->mine_paths, FALSE);
  if (profile != NULL && tree == NULL)
    {
      g_autoptr (Result) result = g_new0 (Result, 1);
      Job *job = job_new (self);

      result->profile = g_object_ref (profile);
      job->options.root = -1;
      if (layout_in_thread (job, result, NULL, NULL))
        tree = own_tree = g_steal_pointer (&result->tree);
      job_free (job);
    }

  g_object_freeze_notify (G_OBJECT (self));
  g_set_object (&self->profile, profile);
  g_set_object (&self->names, (profile != NULL ? names : NULL));
  g_clear_object (&self->file);
  if (profile != NULL && hearth_profile_get_path (profile) != NULL)
    self->file = g_file_new_for_path (hearth_profile_get_path (profile));
  swap_tree (self, profile != NULL ? tree : NULL, FALSE);
  g_object_notify_by_pspec (G_OBJECT (self), _hearth_session_props[PROP_FILE]);
  g_object_notify_by_pspec (G_OBJECT (self), _hearth_session_props[PROP_PROFILE]);
  g_object_notify_by_pspec (G_OBJECT (self), _hearth_session_props[PROP_NAMES]);
  g_object_thaw_notify (G_OBJECT (self));
}

/* Accessors ---------------------------------------------------------------------------------- */

/**
 * hearth_session_get_file:
 * @self: a #HearthSession
 *
 * Returns: (transfer none) (nullable): the file shown
 */
GFile *
hearth_session_get_file (HearthSession *self)
{
  g_return_val_if_fail (HEARTH_IS_SESSION (self), NULL);
  return self->file;
}

/**
 * hearth_session_get_profile:
 * @self: a #HearthSession
 *
 * Returns: (transfer none) (nullable): the profile shown
 */
HearthProfile *
hearth_session_get_profile (HearthSession *self)
{
  g_return_val_if_fail (HEARTH_IS_SESSION (self), NULL);
  return self->profile;
}

/**
 * hearth_session_get_names:
 * @self: a #HearthSession
 *
 * Returns: (transfer none) (nullable): the names of the profile's functions
 */
HearthNames *
hearth_session_get_names (HearthSession *self)
{
  g_return_val_if_fail (HEARTH_IS_SESSION (self), NULL);
  return self->names;
}

/**
 * hearth_session_get_tree:
 * @self: a #HearthSession
 *
 * Returns: (transfer none) (nullable): the call tree shown
 */
HearthCallTree *
hearth_session_get_tree (HearthSession *self)
{
  g_return_val_if_fail (HEARTH_IS_SESSION (self), NULL);
  return self->tree;
}

/**
 * hearth_session_get_loading:
 * @self: a #HearthSession
 *
 * Returns: whether a file is being loaded
 */
gboolean
hearth_session_get_loading (HearthSession *self)
{
  g_return_val_if_fail (HEARTH_IS_SESSION (self), FALSE);
  return self->loading;
}

/**
 * hearth_session_get_busy:
 * @self: a #HearthSession
 *
 * Returns: whether the tree is being laid out again
 */
gboolean
hearth_session_get_busy (HearthSession *self)
{
  g_return_val_if_fail (HEARTH_IS_SESSION (self), FALSE);
  return self->busy;
}

/**
 * hearth_session_get_error:
 * @self: a #HearthSession
 *
 * Returns: (nullable): why the last file failed to load (the loader's one-line message)
 */
const char *
hearth_session_get_error (HearthSession *self)
{
  g_return_val_if_fail (HEARTH_IS_SESSION (self), NULL);
  return self->error;
}

/**
 * hearth_session_get_notice:
 * @self: a #HearthSession
 *
 * Returns: (nullable): what the last layout could not do as asked (a root not found)
 */
const char *
hearth_session_get_notice (HearthSession *self)
{
  g_return_val_if_fail (HEARTH_IS_SESSION (self), NULL);
  return self->notice;
}

/**
 * hearth_session_post_notice:
 * @self: a #HearthSession
 * @notice: (nullable): something to tell the user about this window, %NULL to clear it
 */
void
hearth_session_post_notice (HearthSession *self,
                            const char    *notice)
{
  g_return_if_fail (HEARTH_IS_SESSION (self));
  set_notice (self, notice);
}

/**
 * hearth_session_get_root:
 * @self: a #HearthSession
 *
 * Returns: the root function of the tree shown, or -1 for the default root
 */
gint
hearth_session_get_root (HearthSession *self)
{
  g_return_val_if_fail (HEARTH_IS_SESSION (self), -1);
  return self->root;
}

/**
 * hearth_session_set_root:
 * @self: a #HearthSession
 * @function: a function index, or -1 for the default root
 *
 * Lays the tree out again from @function.
 */
void
hearth_session_set_root (HearthSession *self,
                         gint           function)
{
  g_return_if_fail (HEARTH_IS_SESSION (self));

  if (function < -1)
    function = -1;
  if (self->root == function)
    return;
  self->root = function;
  g_object_notify_by_pspec (G_OBJECT (self), _hearth_session_props[PROP_ROOT]);
  schedule_layout (self, FALSE);
}

/**
 * hearth_session_set_root_spec:
 * @self: a #HearthSession
 * @spec: (nullable): a root as `--root` takes it (`FILE:LINE:NAME`), for the next file loaded
 */
void
hearth_session_set_root_spec (HearthSession *self,
                              const char    *spec)
{
  g_return_if_fail (HEARTH_IS_SESSION (self));
  _hearth_session_set_string (&self->root_spec, spec);
}

/**
 * hearth_session_get_cutoff:
 * @self: a #HearthSession
 *
 * Returns: the cutoff, a fraction of the root
 */
double
hearth_session_get_cutoff (HearthSession *self)
{
  g_return_val_if_fail (HEARTH_IS_SESSION (self), 0.01);
  return self->cutoff;
}

/**
 * hearth_session_set_cutoff:
 * @self: a #HearthSession
 * @cutoff: a fraction of the root between 0 and 1
 *
 * Lays the tree out again with another cutoff.
 */
void
hearth_session_set_cutoff (HearthSession *self,
                           double         cutoff)
{
  g_return_if_fail (HEARTH_IS_SESSION (self));

  if (!(cutoff >= 0))
    cutoff = 0;
  cutoff = MIN (cutoff, 1.0);
  if (self->cutoff == cutoff)
    return;
  self->cutoff = cutoff;
  g_object_notify_by_pspec (G_OBJECT (self), _hearth_session_props[PROP_CUTOFF]);
  schedule_layout (self, FALSE);
}

/**
 * hearth_session_get_max_repeat:
 * @self: a #HearthSession
 *
 * Returns: how often a function may appear on one chain
 */
guint
hearth_session_get_max_repeat (HearthSession *self)
{
  g_return_val_if_fail (HEARTH_IS_SESSION (self), 1);
  return self->max_repeat;
}

/**
 * hearth_session_set_max_repeat:
 * @self: a #HearthSession
 * @max_repeat: at least 1 (1: the guard drops a function already on the chain)
 *
 * Lays the tree out again.
 */
void
hearth_session_set_max_repeat (HearthSession *self,
                               guint          max_repeat)
{
  g_return_if_fail (HEARTH_IS_SESSION (self));

  max_repeat = CLAMP (max_repeat, 1, 64);
  if (self->max_repeat == max_repeat)
    return;
  self->max_repeat = max_repeat;
  g_object_notify_by_pspec (G_OBJECT (self), _hearth_session_props[PROP_MAX_REPEAT]);
  schedule_layout (self, FALSE);
}

/**
 * hearth_session_get_mine_paths:
 * @self: a #HearthSession
 *
 * Returns: (transfer none): the folders counted as the user's own code
 */
const char * const *
hearth_session_get_mine_paths (HearthSession *self)
{
  g_return_val_if_fail (HEARTH_IS_SESSION (self), NULL);
  return (const char * const *) self->mine_paths;
}

/**
 * hearth_session_set_mine_paths:
 * @self: a #HearthSession
 * @paths: (nullable): folders counted as the user's own code
 *
 * Names the functions again (the colours follow).
 */
void
hearth_session_set_mine_paths (HearthSession      *self,
                               const char * const *paths)
{
  const char * const empty[] = { NULL };

  g_return_if_fail (HEARTH_IS_SESSION (self));

  if (paths == NULL)
    paths = empty;
  if (g_strv_equal (paths, (const char * const *) self->mine_paths))
    return;
  g_strfreev (self->mine_paths);
  self->mine_paths = g_strdupv ((char **) paths);
  g_object_notify_by_pspec (G_OBJECT (self), _hearth_session_props[PROP_MINE_PATHS]);
  schedule_layout (self, TRUE);
}

/**
 * hearth_session_get_use_source:
 * @self: a #HearthSession
 *
 * Returns: whether source files are read to qualify names
 */
gboolean
hearth_session_get_use_source (HearthSession *self)
{
  g_return_val_if_fail (HEARTH_IS_SESSION (self), FALSE);
  return self->use_source;
}

/**
 * hearth_session_set_use_source:
 * @self: a #HearthSession
 * @use_source: read source files to qualify names
 */
void
hearth_session_set_use_source (HearthSession *self,
                               gboolean       use_source)
{
  g_return_if_fail (HEARTH_IS_SESSION (self));

  use_source = !!use_source;
  if (self->use_source == use_source)
    return;
  self->use_source = use_source;
  g_object_notify_by_pspec (G_OBJECT (self), _hearth_session_props[PROP_USE_SOURCE]);
  schedule_layout (self, TRUE);
}

/* Helpers for the views ------------------------------------------------------------------- */

/**
 * hearth_session_find_widest_node:
 * @self: a #HearthSession
 * @function: a function index
 *
 * Returns: the widest bar of @function, or -1 when it has none
 */
gint
hearth_session_find_widest_node (HearthSession *self,
                                 guint          function)
{
  g_return_val_if_fail (HEARTH_IS_SESSION (self), -1);
  return _hearth_session_widest_node_of (self->tree, (gint) function);
}

/**
 * hearth_session_get_n_callers:
 * @self: a #HearthSession
 * @function: a function index
 *
 * Returns: the callers of @function other than itself
 */
guint
hearth_session_get_n_callers (HearthSession *self,
                              guint          function)
{
  gpointer value;
  const guint *callers;
  guint n = 0, count = 0;

  g_return_val_if_fail (HEARTH_IS_SESSION (self), 0);

  if (self->profile == NULL || function >= hearth_profile_get_n_functions (self->profile))
    return 0;
  if (g_hash_table_lookup_extended (self->multi_callers, GUINT_TO_POINTER (function + 1),
                                    NULL, &value))
    return GPOINTER_TO_UINT (value);
  callers = hearth_profile_get_callers (self->profile, function, &n);
  for (guint i = 0; i < n; i++)
    if (hearth_profile_get_edge (self->profile, callers[i])->caller != function)
      count++;
  return count;
}

/**
 * hearth_session_get_function_label:
 * @self: a #HearthSession
 * @function: a function index, or -1 for the synthetic root of a stack profile
 *
 * Returns: the qualified name of @function for people (its label when none is known), with
 *   its file and line when another function of the profile has the same name
 *   (hearth_names_get_distinct())
 */
const char *
hearth_session_get_function_label (HearthSession *self,
                                   gint           function)
{
  const char *text = NULL;

  g_return_val_if_fail (HEARTH_IS_SESSION (self), "");

  if (self->profile == NULL || function < 0 ||
      (guint) function >= hearth_profile_get_n_functions (self->profile))
    return "all";
  if (self->names != NULL)
    text = hearth_names_get_distinct (self->names, function);
  if (text == NULL || text[0] == '\0')
    text = hearth_profile_get_function (self->profile, function)->name;
  return text != NULL && text[0] != '\0' ? text : "?";
}

/**
 * hearth_session_dup_root_label:
 * @self: a #HearthSession
 *
 * Returns: (transfer full): the name of the tree's root; a root the user chose carries its
 *   file and line (hearth_names_dup_placed())
 */
char *
hearth_session_dup_root_label (HearthSession *self)
{
  gint root;

  g_return_val_if_fail (HEARTH_IS_SESSION (self), NULL);

  root = self->tree != NULL ? hearth_call_tree_get_root_function (self->tree) : -1;
  if (self->root >= 0 && root >= 0 && self->names != NULL &&
      (guint) root < hearth_profile_get_n_functions (self->profile))
    return hearth_names_dup_placed (self->names, root);
  return g_strdup (hearth_session_get_function_label (self, root));
}

/**
 * hearth_session_get_node_label:
 * @self: a #HearthSession
 * @node: a bar of the tree
 *
 * Returns: the qualified name of the bar's function ("all" for a stack tree's root)
 */
const char *
hearth_session_get_node_label (HearthSession *self,
                               guint          node)
{
  guint function;

  g_return_val_if_fail (HEARTH_IS_SESSION (self), "");
  g_return_val_if_fail (_hearth_session_valid_node (self, node), "");

  function = hearth_call_tree_get_node (self->tree, node)->function;
  return hearth_session_get_function_label (self, function == G_MAXUINT ? -1 : (gint) function);
}

/**
 * hearth_session_dup_location:
 * @self: a #HearthSession
 * @function: a function index
 *
 * Returns: (transfer full) (nullable): `file:line` of @function, %NULL for built-ins and
 *   functions without a real file
 */
char *
hearth_session_dup_location (HearthSession *self,
                             guint          function)
{
  const HearthFunction *f;

  g_return_val_if_fail (HEARTH_IS_SESSION (self), NULL);

  if (self->profile == NULL || function >= hearth_profile_get_n_functions (self->profile))
    return NULL;
  f = hearth_profile_get_function (self->profile, function);
  if (f->file == NULL || f->file[0] == '\0' || g_str_equal (f->file, "~") || f->file[0] == '<')
    return NULL;
  if (f->line > 0)
    return g_strdup_printf ("%s:%" G_GINT64_FORMAT, f->file, f->line);
  return g_strdup (f->file);
}

/**
 * hearth_session_dup_chain_text:
 * @self: a #HearthSession
 * @node: a bar
 * @separator: put between names, e.g. " > "
 * @with_root: start with the root (else with its child, as the widest chains list does)
 *
 * Returns: (transfer full): the names from the root to @node
 */
char *
hearth_session_dup_chain_text (HearthSession *self,
                               guint          node,
                               const char    *separator,
                               gboolean       with_root)
{
  g_autofree guint *chain = NULL;
  GString *text;
  guint n = 0;

  g_return_val_if_fail (HEARTH_IS_SESSION (self), NULL);

  text = g_string_new (NULL);
  if (!_hearth_session_valid_node (self, node))
    return g_string_free (text, FALSE);
  chain = hearth_call_tree_dup_chain (self->tree, node, &n);
  for (guint i = with_root || n < 2 ? 0 : 1; i < n; i++)
    {
      guint f = hearth_call_tree_get_node (self->tree, chain[i])->function;

      if (text->len > 0)
        g_string_append (text, separator);
      g_string_append (text, hearth_session_get_function_label (self,
                                                                f == G_MAXUINT ? -1 : (gint) f));
    }
  return g_string_free (text, FALSE);
}

/**
 * hearth_session_format_value:
 * @self: a #HearthSession
 * @value: a width in the profile's unit
 *
 * Returns: (transfer full): @value for people (`24.2 s`, `1,234 samples`)
 */
char *
hearth_session_format_value (HearthSession *self,
                             double         value)
{
  g_return_val_if_fail (HEARTH_IS_SESSION (self), NULL);

  return hearth_format_value (value, self->profile != NULL ? hearth_profile_get_unit (self->profile)
                                                           : HEARTH_UNIT_SECONDS);
}

/**
 * hearth_session_get_run_total:
 * @self: a #HearthSession
 *
 * Returns: the width of the root bar: what "% of the run" refers to
 */
double
hearth_session_get_run_total (HearthSession *self)
{
  g_return_val_if_fail (HEARTH_IS_SESSION (self), 0);
  return self->tree != NULL ? hearth_call_tree_get_total (self->tree) : 0;
}
