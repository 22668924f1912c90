/* hearth-session-loading.c: how a session gets its profile and tree: reading a file, naming
 * its functions and laying out the tree run in threads on immutable inputs, and the results
 * are swapped in on the main thread; a change of the layout options lays the tree out again.
 *
 * Copyright 2026 The Hearth authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#define G_LOG_DOMAIN "hearth-session"

#include "hearth-session-private.h"

#include <glib/gi18n.h>

#include "hearth-timeline.h"
#include "hearth-profile-merge.h"

/* how often the load's progress is looked at: often enough for a bar to move smoothly */
#define PROGRESS_INTERVAL_MS 100

/* Threads ----------------------------------------------------------------------------------- */

typedef struct
{
  GFile                 *file;
  GPtrArray             *files;         /* for a merge: the runs' files */
  GPtrArray             *runs;          /* for a layout of a merge: the runs read */
  HearthSpread          *spread;        /* for a layout of a merge: the last, to reuse */
  HearthLoadProgress    *progress;      /* for a load: what the reader tells */
  HearthProfile         *profile;       /* for a layout: the profile to lay out again */
  HearthNames           *names;         /* for a layout: the names to keep, or NULL */
  char                 **mine_paths;
  gboolean               use_source;
  char                  *root_spec;
  HearthCallTreeOptions  options;
  guint                  serial;
  gboolean               new_file;
  gboolean               time_order;
  double                 range_start;
  double                 range_end;
} Job;

typedef struct
{
  HearthProfile  *profile;
  HearthNames    *names;
  HearthCallTree *tree;
  HearthCallTree *pane_tree;  /* beside a chart: the merged tree of the profile shown */
  GPtrArray      *runs;       /* HearthProfile: a merge's runs */
  HearthSpread   *spread;
  char           *notice;
} Result;

static void
job_free (gpointer data)
{
  Job *job = data;

  g_clear_object (&job->file);
  g_clear_pointer (&job->files, g_ptr_array_unref);
  g_clear_pointer (&job->runs, g_ptr_array_unref);
  g_clear_object (&job->spread);
  g_clear_pointer (&job->progress, hearth_load_progress_unref);
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
  g_clear_object (&result->pane_tree);
  g_clear_pointer (&result->runs, g_ptr_array_unref);
  g_clear_object (&result->spread);
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
  job->time_order = self->time_order;
  job->range_start = self->range_start;
  job->range_end = self->range_end;
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

  /* the chart is of the whole clock, whatever range the other views show; the panes keep
   * describing the merged profile shown (the range, if one is chosen) */
  if (job->time_order && job->profile != NULL && hearth_profile_get_timeline (job->profile))
    {
      result->tree = hearth_call_tree_new_chart (job->profile, error);
      if (result->tree != NULL)
        result->pane_tree = hearth_call_tree_new (result->profile, &options, error);
      return result->pane_tree != NULL &&
             !g_cancellable_set_error_if_cancelled (cancellable, error);
    }

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
  /* a merge: each bar's width in each run, for the tooltip and the noisy marks */
  if (result->runs != NULL && result->runs->len > 0)
    {
      result->spread = hearth_spread_new_reusing (job->spread, result->tree,
                                                  (HearthProfile * const *) result->runs->pdata,
                                                  result->runs->len, cancellable, error);
      if (result->spread == NULL)
        return FALSE;
    }
  return !g_cancellable_set_error_if_cancelled (cancellable, error);
}

/* The runs of a merge read one after the other (the progress tells of the one being read)
 * and added up. */
static HearthProfile *
load_merge (Job           *job,
            Result        *result,
            GCancellable  *cancellable,
            GError       **error)
{
  result->runs = g_ptr_array_new_with_free_func (g_object_unref);
  for (guint i = 0; i < job->files->len; i++)
    {
      HearthProfile *run = hearth_profile_load_file_with_progress (job->files->pdata[i],
                                                                   job->progress,
                                                                   cancellable, error);

      if (run == NULL)
        return NULL;
      g_ptr_array_add (result->runs, run);
    }
  if (g_cancellable_set_error_if_cancelled (cancellable, error))
    return NULL;
  return hearth_profile_merge ((HearthProfile * const *) result->runs->pdata, result->runs->len,
                               error);
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
  gint64 begin = g_get_monotonic_time (), read;
  HearthNamesJob *names_job;
  gboolean laid_out;

  if (job->files != NULL)
    result->profile = load_merge (job, result, cancellable, &error);
  else
    result->profile = hearth_profile_load_file_with_progress (job->file, job->progress,
                                                              cancellable, &error);
  /* a cancel after the last read: naming and laying out a big profile take a while too */
  if (result->profile == NULL || g_cancellable_set_error_if_cancelled (cancellable, &error))
    {
      g_task_return_error (task, error);
      return;
    }
  read = g_get_monotonic_time ();
  /* the names are made beside the layout */
  names_job = hearth_names_job_start (result->profile, (const char * const *) job->mine_paths,
                                      job->use_source);
  laid_out = layout_in_thread (job, result, cancellable, &error);
  result->names = hearth_names_job_finish (names_job);
  if (!laid_out)
    {
      g_task_return_error (task, error);
      return;
    }
  /* for G_MESSAGES_DEBUG: the flame view logs when the tree's first frame is drawn */
  g_debug ("file read in %.1f ms, ending at %.1f ms; names and layout %.1f ms",
           (read - begin) / 1000.0, read / 1000.0, (g_get_monotonic_time () - read) / 1000.0);
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
  HearthNamesJob *names_job = NULL;
  GError *error = NULL;
  gboolean laid_out;

  if (job->range_end > job->range_start && hearth_profile_get_timeline (job->profile) != NULL)
    {
      result->profile = hearth_timeline_dup_range (hearth_profile_get_timeline (job->profile),
                                                   job->profile, job->range_start,
                                                   job->range_end);
      g_clear_object (&job->names);
    }
  else
    result->profile = g_object_ref (job->profile);
  if (job->runs != NULL)
    result->runs = g_ptr_array_ref (job->runs);
  if (job->names != NULL)
    result->names = g_object_ref (job->names);
  else
    names_job = hearth_names_job_start (result->profile,
                                        (const char * const *) job->mine_paths,
                                        job->use_source);
  laid_out = layout_in_thread (job, result, cancellable, &error);
  if (names_job != NULL)
    result->names = hearth_names_job_finish (names_job);
  if (!laid_out)
    {
      g_task_return_error (task, error);
      return;
    }
  g_task_return_pointer (task, g_steal_pointer (&result), result_free);
}

/* Progress ----------------------------------------------------------------------------------- */

static void
set_progress (HearthSession *self,
              guint64        read,
              guint64        size)
{
  g_object_freeze_notify (G_OBJECT (self));
  if (self->load_size != size)
    {
      self->load_size = size;
      g_object_notify_by_pspec (G_OBJECT (self), _hearth_session_props[PROP_LOAD_SIZE]);
    }
  if (self->load_read != read)
    {
      self->load_read = read;
      g_object_notify_by_pspec (G_OBJECT (self), _hearth_session_props[PROP_LOAD_READ]);
    }
  g_object_thaw_notify (G_OBJECT (self));
}

/* The reader thread only stores a counter; the main thread looks at it on a timer, so that
 * a fast reader does not flood the main loop with one notification per chunk. */
static gboolean
poll_progress (gpointer user_data)
{
  HearthSession *self = user_data;

  set_progress (self, hearth_load_progress_get_read (self->load_progress),
                hearth_load_progress_get_size (self->load_progress));
  return G_SOURCE_CONTINUE;
}

static void
start_progress (HearthSession      *self,
                HearthLoadProgress *progress)
{
  _hearth_session_stop_progress (self);
  self->load_progress = hearth_load_progress_ref (progress);
  self->progress_source = g_timeout_add (PROGRESS_INTERVAL_MS, poll_progress, self);
  g_source_set_name_by_id (self->progress_source, "[hearth] load progress");
  set_progress (self, 0, 0);
}

void
_hearth_session_stop_progress (HearthSession *self)
{
  g_clear_handle_id (&self->progress_source, g_source_remove);
  g_clear_pointer (&self->load_progress, hearth_load_progress_unref);
}

/* Swapping results in -------------------------------------------------------------------- */

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

void
_hearth_session_set_notice (HearthSession *self,
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

/* Installs a new tree (and beside a chart, the panes' merged tree); the selection and zoom
 * follow their functions when @keep is set. */
static void
swap_tree (HearthSession  *self,
           HearthCallTree *tree,
           HearthCallTree *pane_tree,
           gboolean        keep)
{
  gint selected_function = keep ? _hearth_session_function_of (self->tree, self->selected) : -2;
  gint zoom_function = keep ? _hearth_session_function_of (self->tree, self->zoom) : -2;
  gint selected = -1, zoom = -1;

  g_set_object (&self->tree, tree);
  g_set_object (&self->pane_tree, pane_tree);
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
         (self->root < 0 || options->root == self->root) &&
         hearth_call_tree_is_chart (self->tree) == self->time_order;
}

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
  gint root;

  result = g_task_propagate_pointer (G_TASK (async_result), &error);
  if (job->serial != self->load_serial)
    {
      g_task_return_new_error (outer, G_IO_ERROR, G_IO_ERROR_CANCELLED,
                               "%s", _("Another file was opened meanwhile"));
      return;
    }
  g_clear_object (&self->load_cancellable);
  /* the figures the load ended on, which a load quicker than one poll never showed */
  if (self->load_progress != NULL)
    poll_progress (self);
  _hearth_session_stop_progress (self);
  g_debug ("load done on the main thread at %.1f ms", g_get_monotonic_time () / 1000.0);

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
  root = job->new_file ? -1 : self->root;
  /* a root spec that resolved is the session's root from now on: later layouts keep it */
  if (job->root_spec != NULL && !hearth_call_tree_is_chart (result->tree))
    root = hearth_call_tree_get_options (result->tree)->root;
  if (self->root != root)
    {
      self->root = root;
      g_object_notify_by_pspec (G_OBJECT (self), _hearth_session_props[PROP_ROOT]);
    }
  g_set_object (&self->file, job->file);
  g_clear_pointer (&self->merge_files, g_ptr_array_unref);
  if (job->files != NULL)
    self->merge_files = g_ptr_array_ref (job->files);
  g_clear_pointer (&self->runs, g_ptr_array_unref);
  if (result->runs != NULL)
    self->runs = g_ptr_array_ref (result->runs);
  g_set_object (&self->profile, result->profile);
  g_set_object (&self->full_profile, result->profile);
  _hearth_session_reset_order (self);
  g_set_object (&self->names, result->names);
  g_clear_pointer (&self->root_spec, g_free);
  if (self->error != NULL)
    {
      g_clear_pointer (&self->error, g_free);
      g_object_notify_by_pspec (G_OBJECT (self), _hearth_session_props[PROP_ERROR]);
    }
  _hearth_session_set_notice (self, result->notice);
  g_set_object (&self->spread, result->spread);
  swap_tree (self, result->tree, NULL, FALSE);
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
    _hearth_session_schedule_layout (self, mine_changed);

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
  if (job->serial != self->layout_serial || job->profile != self->full_profile)
    return;
  g_clear_object (&self->layout_cancellable);

  if (result == NULL)
    {
      if (!g_error_matches (error, G_IO_ERROR, G_IO_ERROR_CANCELLED))
        _hearth_session_set_notice (self, error->message);
      set_busy (self, FALSE);
      return;
    }

  g_object_freeze_notify (G_OBJECT (self));
  if (result->profile != self->profile)
    {
      g_set_object (&self->profile, result->profile);
      g_object_notify_by_pspec (G_OBJECT (self), _hearth_session_props[PROP_PROFILE]);
    }
  if (result->names != self->names)
    {
      g_set_object (&self->names, result->names);
      g_object_notify_by_pspec (G_OBJECT (self), _hearth_session_props[PROP_NAMES]);
    }
  _hearth_session_set_notice (self, result->notice);
  g_set_object (&self->spread, result->spread);
  swap_tree (self, result->tree, result->pane_tree, TRUE);
  set_busy (self, FALSE);
  g_object_thaw_notify (G_OBJECT (self));
}

void
_hearth_session_schedule_layout (HearthSession *self,
                                 gboolean       names_too)
{
  g_autoptr (GTask) task = NULL;
  Job *job;

  if (self->full_profile == NULL || self->loading)
    return;

  if (self->layout_cancellable != NULL)
    g_cancellable_cancel (self->layout_cancellable);
  g_clear_object (&self->layout_cancellable);
  self->layout_cancellable = g_cancellable_new ();

  job = job_new (self);
  job->profile = g_object_ref (self->full_profile);
  /* the names of a range's profile are made for it: reused only within the same profile */
  if (self->runs != NULL)
    job->runs = g_ptr_array_ref (self->runs);
  if (self->spread != NULL)
    job->spread = g_object_ref (self->spread);
  job->names = names_too || self->names == NULL || self->profile != self->full_profile ||
               job->range_end > job->range_start ? NULL : g_object_ref (self->names);
  job->serial = ++self->layout_serial;

  set_busy (self, TRUE);
  task = g_task_new (self, self->layout_cancellable, layout_done, NULL);
  g_task_set_task_data (task, job, job_free);
  g_task_run_in_thread (task, layout_thread);
}

/* Loading ------------------------------------------------------------------------------------ */

static gboolean
same_files (GPtrArray *a,
            GPtrArray *b)
{
  if (a == NULL || b == NULL || a->len != b->len)
    return FALSE;
  for (guint i = 0; i < a->len; i++)
    if (!g_file_equal (a->pdata[i], b->pdata[i]))
      return FALSE;
  return TRUE;
}

/* Starts @job (a file or a merge) in a thread; the outer task keeps @title_file for the
 * title of a failure. */
static void
start_load (HearthSession       *self,
            Job                 *job,
            GFile               *title_file,
            GCancellable        *cancellable,
            GAsyncReadyCallback  callback,
            gpointer             user_data)
{
  g_autoptr (GTask) inner = NULL;
  GTask *outer;

  if (self->load_cancellable != NULL)
    g_cancellable_cancel (self->load_cancellable);
  g_clear_object (&self->load_cancellable);
  self->load_cancellable = g_cancellable_new ();

  outer = g_task_new (self, cancellable, callback, user_data);
  /* kept for the title of a failure: on failure the session still names the file it showed */
  g_task_set_task_data (outer, g_object_ref (title_file), g_object_unref);
  if (job->files != NULL)
    g_object_set_data (G_OBJECT (outer), "hearth-merge-runs", GUINT_TO_POINTER (job->files->len));

  job->progress = hearth_load_progress_new ();
  job->root_spec = g_strdup (self->root_spec);
  job->serial = ++self->load_serial;
  /* a new file: function indices of the old one mean nothing */
  if (job->new_file)
    job->options.root = -1;

  start_progress (self, job->progress);
  set_loading (self, TRUE);
  inner = g_task_new (self, self->load_cancellable, load_done, outer);
  g_task_set_task_data (inner, job, job_free);
  g_task_run_in_thread (inner, load_thread);
}

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
  Job *job;

  g_return_if_fail (HEARTH_IS_SESSION (self));
  g_return_if_fail (G_IS_FILE (file));

  job = job_new (self);
  job->file = g_object_ref (file);
  job->new_file = self->file == NULL || !g_file_equal (self->file, file);
  start_load (self, job, file, cancellable, callback, user_data);
}

/**
 * hearth_session_load_merge_async:
 * @self: a #HearthSession
 * @files: (array length=n_files): the profile files of the runs, in order
 * @n_files: how many, at least one
 * @cancellable: (nullable): a #GCancellable
 * @callback: called when the runs are merged or failed to load
 * @user_data: data for @callback
 *
 * As hearth_session_load_async(), for several runs of one program added up into one
 * profile (hearth_profile_merge()), read one after the other in the thread. The session then
 * has no #HearthSession:file; hearth_session_get_merge_files() gives the runs' files and
 * hearth_session_get_spread() each bar's width in each run. Finish with
 * hearth_session_load_finish().
 */
void
hearth_session_load_merge_async (HearthSession       *self,
                                 GFile * const       *files,
                                 guint                n_files,
                                 GCancellable        *cancellable,
                                 GAsyncReadyCallback  callback,
                                 gpointer             user_data)
{
  Job *job;

  g_return_if_fail (HEARTH_IS_SESSION (self));
  g_return_if_fail (files != NULL && n_files > 0);

  job = job_new (self);
  job->files = g_ptr_array_new_full (n_files, g_object_unref);
  for (guint i = 0; i < n_files; i++)
    g_ptr_array_add (job->files, g_object_ref (files[i]));
  job->new_file = !same_files (self->merge_files, job->files);
  start_load (self, job, files[0], cancellable, callback, user_data);
}

/**
 * hearth_session_get_merge_runs:
 * @self: a #HearthSession
 *
 * Returns: (transfer none) (nullable) (element-type HearthProfile): a merge's runs as read,
 *   one profile each, in the order of hearth_session_get_merge_files(); %NULL when the
 *   session shows no merge
 */
GPtrArray *
hearth_session_get_merge_runs (HearthSession *self)
{
  g_return_val_if_fail (HEARTH_IS_SESSION (self), NULL);

  return self->runs;
}

/**
 * hearth_session_cancel_load:
 * @self: a #HearthSession
 *
 * Stops the load under way, if any: its thread stops within a few MB of reading, the
 * session keeps what it showed, and the load's callback gets %G_IO_ERROR_CANCELLED.
 * #HearthSession:loading turns %FALSE when the thread has ended and its memory is freed.
 */
void
hearth_session_cancel_load (HearthSession *self)
{
  g_return_if_fail (HEARTH_IS_SESSION (self));

  if (self->load_cancellable != NULL)
    g_cancellable_cancel (self->load_cancellable);
}

/**
 * hearth_session_get_load_read:
 * @self: a #HearthSession
 *
 * Returns: the bytes of the file loading read so far, as last looked at
 */
guint64
hearth_session_get_load_read (HearthSession *self)
{
  g_return_val_if_fail (HEARTH_IS_SESSION (self), 0);

  return self->load_read;
}

/**
 * hearth_session_get_load_size:
 * @self: a #HearthSession
 *
 * Returns: the size of the file loading, 0 when not known (yet)
 */
guint64
hearth_session_get_load_size (HearthSession *self)
{
  g_return_val_if_fail (HEARTH_IS_SESSION (self), 0);

  return self->load_size;
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
      guint runs = GPOINTER_TO_UINT (g_object_get_data (G_OBJECT (result), "hearth-merge-runs"));

      name = g_file_get_basename (g_task_get_task_data (G_TASK (result)));
      if (runs > 0)
        *title = g_strdup_printf (g_dngettext (GETTEXT_PACKAGE, "Could not merge %u profile",
                                               "Could not merge %u profiles", runs), runs);
      else
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
      job->time_order = FALSE;
      if (layout_in_thread (job, result, NULL, NULL))
        tree = own_tree = g_steal_pointer (&result->tree);
      job_free (job);
    }

  g_object_freeze_notify (G_OBJECT (self));
  /* laid out from its default root: a root of the profile before names no function here */
  self->root = -1;
  g_set_object (&self->profile, profile);
  g_set_object (&self->full_profile, profile);
  _hearth_session_reset_order (self);
  g_set_object (&self->names, (profile != NULL ? names : NULL));
  g_clear_object (&self->file);
  g_clear_pointer (&self->merge_files, g_ptr_array_unref);
  g_clear_pointer (&self->runs, g_ptr_array_unref);
  g_clear_object (&self->spread);
  if (profile != NULL && hearth_profile_get_path (profile) != NULL)
    self->file = g_file_new_for_path (hearth_profile_get_path (profile));
  swap_tree (self, profile != NULL ? tree : NULL, NULL, FALSE);
  g_object_notify_by_pspec (G_OBJECT (self), _hearth_session_props[PROP_FILE]);
  g_object_notify_by_pspec (G_OBJECT (self), _hearth_session_props[PROP_PROFILE]);
  g_object_notify_by_pspec (G_OBJECT (self), _hearth_session_props[PROP_NAMES]);
  g_object_thaw_notify (G_OBJECT (self));
}
