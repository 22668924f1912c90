/* hearth-session.c
 *
 * Copyright 2026 The Hearth authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#define G_LOG_DOMAIN "hearth-session"

#include "hearth-session-private.h"

#include "hearth-flame-renderer.h"

/**
 * HearthSession:
 *
 * What one window shows: the loaded profile with its names and call tree, the options the
 * tree was laid out with (root, cutoff, repeats, the user's own folders), the selected and
 * the zoomed bar, and the search. The flame view and the side panes observe it through its
 * properties and never talk to each other. Loading and laying out run in a thread on
 * immutable inputs; results are swapped in on the main thread.
 *
 * This file holds the GObject, the accessors, the layout options and the texts the views
 * ask for; beside it, sharing the struct through hearth-session-private.h: loading and
 * laying out (-loading.c), the selected and zoomed bar (-selection.c), and the search
 * (-search.c).
 */

G_DEFINE_FINAL_TYPE (HearthSession, hearth_session, G_TYPE_OBJECT)

GParamSpec *_hearth_session_props[N_PROPS];

/* Replaces a string field with a copy of @value. */
void
_hearth_session_set_string (char       **field,
                            const char  *value)
{
  g_free (*field);
  *field = g_strdup (value);
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
  _hearth_session_stop_progress (self);
  g_clear_object (&self->file);
  g_clear_pointer (&self->merge_files, g_ptr_array_unref);
  g_clear_pointer (&self->runs, g_ptr_array_unref);
  g_clear_object (&self->spread);
  g_clear_object (&self->tree);
  g_clear_object (&self->pane_tree);
  g_clear_object (&self->names);
  g_clear_object (&self->profile);
  g_clear_object (&self->full_profile);
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
    case PROP_LOAD_READ:
      g_value_set_uint64 (value, self->load_read);
      break;
    case PROP_LOAD_SIZE:
      g_value_set_uint64 (value, self->load_size);
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
    case PROP_TIME_ORDER:
      g_value_set_boolean (value, self->time_order);
      break;
    case PROP_HAS_RANGE:
      g_value_set_boolean (value, hearth_session_get_range (self, NULL, NULL));
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
    case PROP_TIME_ORDER:
      hearth_session_set_time_order (self, g_value_get_boolean (value));
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
  /** HearthSession:load-read: bytes of the file read so far while loading (some ten
   * updates a second) */
  properties[PROP_LOAD_READ] = g_param_spec_uint64 ("load-read", NULL, NULL, 0, G_MAXUINT64,
                                                    0, ro);
  /** HearthSession:load-size: the size of the file loading, 0 when not known */
  properties[PROP_LOAD_SIZE] = g_param_spec_uint64 ("load-size", NULL, NULL, 0, G_MAXUINT64,
                                                    0, ro);
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
  /** HearthSession:time-order: the flame chart (calls in time order) instead of the merged
   * graph; only for profiles that keep time order */
  properties[PROP_TIME_ORDER] = g_param_spec_boolean ("time-order", NULL, NULL, FALSE, rw);
  /** HearthSession:has-range: the profile shown is a time range of the loaded one */
  properties[PROP_HAS_RANGE] = g_param_spec_boolean ("has-range", NULL, NULL, FALSE, ro);

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
 * hearth_session_get_merge_files:
 * @self: a #HearthSession
 * @n_files: (out) (optional): how many
 *
 * Returns: (transfer none) (array length=n_files) (nullable): the files of the runs a merged
 *   profile shown was added up from, %NULL when the profile is one file's
 */
GFile * const *
hearth_session_get_merge_files (HearthSession *self,
                                guint         *n_files)
{
  g_return_val_if_fail (HEARTH_IS_SESSION (self), NULL);

  if (n_files != NULL)
    *n_files = self->merge_files != NULL ? self->merge_files->len : 0;
  return self->merge_files != NULL ? (GFile * const *) self->merge_files->pdata : NULL;
}

/**
 * hearth_session_get_spread:
 * @self: a #HearthSession
 *
 * Returns: (transfer none) (nullable): for a merged profile, each bar of the tree shown with
 *   its width in each run; %NULL otherwise
 */
HearthSpread *
hearth_session_get_spread (HearthSession *self)
{
  g_return_val_if_fail (HEARTH_IS_SESSION (self), NULL);

  if (self->spread == NULL || hearth_spread_get_tree (self->spread) != self->tree)
    return NULL;
  return self->spread;
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
 * hearth_session_get_pane_tree:
 * @self: a #HearthSession
 *
 * The tree the chains and callers panes describe: the merged tree of the profile shown (the
 * range, if one is chosen), also while the graph is the flame chart. Its nodes are not the
 * graph's when hearth_session_get_tree() differs.
 *
 * Returns: (nullable) (transfer none): the tree
 */
HearthCallTree *
hearth_session_get_pane_tree (HearthSession *self)
{
  g_return_val_if_fail (HEARTH_IS_SESSION (self), NULL);
  return self->pane_tree != NULL ? self->pane_tree : self->tree;
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
  _hearth_session_set_notice (self, notice);
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
  _hearth_session_schedule_layout (self, FALSE);
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
  _hearth_session_schedule_layout (self, FALSE);
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
  _hearth_session_schedule_layout (self, FALSE);
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
  _hearth_session_schedule_layout (self, TRUE);
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
  _hearth_session_schedule_layout (self, TRUE);
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
  g_return_val_if_fail (HEARTH_IS_SESSION (self), NULL);

  return hearth_session_dup_tree_chain_text (self, self->tree, node, separator, with_root);
}

/* Returns: hearth_session_dup_chain_text() of @node of @tree (the session's or its
 * hearth_session_get_pane_tree()). */
char *
hearth_session_dup_tree_chain_text (HearthSession  *self,
                                    HearthCallTree *tree,
                                    guint           node,
                                    const char     *separator,
                                    gboolean        with_root)
{
  g_autofree guint *chain = NULL;
  GString *text = g_string_new (NULL);
  guint n = 0;

  if (tree == NULL || node >= hearth_call_tree_get_n_nodes (tree))
    return g_string_free (text, FALSE);
  chain = hearth_call_tree_dup_chain (tree, node, &n);
  for (guint i = with_root || n < 2 ? 0 : 1; i < n; i++)
    {
      guint f = hearth_call_tree_get_node (tree, chain[i])->function;

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
