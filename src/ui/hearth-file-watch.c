/* hearth-file-watch.c
 *
 * Copyright 2026 The Hearth authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#define G_LOG_DOMAIN "hearth-file-watch"

#include "hearth-file-watch.h"

/**
 * HearthFileWatch:
 *
 * Watches one file and emits #HearthFileWatch::changed once a rewrite has settled.
 *
 * Profilers and editors write a file in several steps, or write a temporary file and rename
 * it over the old one. Acting on the first event would read a half-written file, so every
 * event restarts a timer and the signal comes only when the file has been quiet for the
 * settle time. While the writer still holds the file open (a change was seen, but not the
 * "changes done" hint that closing it gives), the wait is longer: a writer that pauses
 * between two halves is not done.
 */

#define DEFAULT_SETTLE_MS   300
#define OPEN_SETTLE_FACTOR  6     /* the writer has not closed the file yet */
#define MIN_OPEN_SETTLE_MS  2000

struct _HearthFileWatch
{
  GObject       parent_instance;

  /* owned */
  GFile        *file;
  GFileMonitor *monitor;
  guint         settle_id;

  guint         settle_ms;
  gboolean      open_for_writing;
};

G_DEFINE_FINAL_TYPE (HearthFileWatch, hearth_file_watch, G_TYPE_OBJECT)

enum
{
  PROP_0,
  PROP_FILE,
  PROP_SETTLE_MS,
  N_PROPS
};

static GParamSpec *properties[N_PROPS];

enum
{
  CHANGED,
  N_SIGNALS
};

static guint signals[N_SIGNALS];

static gboolean
settled (gpointer user_data)
{
  HearthFileWatch *self = user_data;

  self->settle_id = 0;
  self->open_for_writing = FALSE;
  /* removed, or moved away and not replaced: nothing to read until it comes back */
  if (g_file_query_file_type (self->file, G_FILE_QUERY_INFO_NONE, NULL) != G_FILE_TYPE_REGULAR)
    return G_SOURCE_REMOVE;
  g_signal_emit (self, signals[CHANGED], 0);
  return G_SOURCE_REMOVE;
}

static void
restart_timer (HearthFileWatch *self)
{
  guint delay = self->settle_ms;

  if (self->open_for_writing)
    delay = MAX (delay * OPEN_SETTLE_FACTOR, MIN_OPEN_SETTLE_MS);
  g_clear_handle_id (&self->settle_id, g_source_remove);
  self->settle_id = g_timeout_add (delay, settled, self);
}

static gboolean
is_our_file (HearthFileWatch *self,
             GFile           *file)
{
  return file != NULL && g_file_equal (file, self->file);
}

static void
monitor_changed (GFileMonitor      *monitor,
                 GFile             *file,
                 GFile             *other_file,
                 GFileMonitorEvent  event,
                 HearthFileWatch   *self)
{
  if (!is_our_file (self, file) && !is_our_file (self, other_file))
    return;

  switch (event)
    {
    case G_FILE_MONITOR_EVENT_CHANGED:
      self->open_for_writing = TRUE;
      break;
    case G_FILE_MONITOR_EVENT_CHANGES_DONE_HINT:
    case G_FILE_MONITOR_EVENT_CREATED:
    case G_FILE_MONITOR_EVENT_MOVED_IN:
    case G_FILE_MONITOR_EVENT_MOVED:
    case G_FILE_MONITOR_EVENT_RENAMED:
    case G_FILE_MONITOR_EVENT_DELETED:
    case G_FILE_MONITOR_EVENT_MOVED_OUT:
      /* a rename over the file replaces it whole; a removal may be followed by a new file */
      self->open_for_writing = FALSE;
      break;
    case G_FILE_MONITOR_EVENT_ATTRIBUTE_CHANGED:
    case G_FILE_MONITOR_EVENT_PRE_UNMOUNT:
    case G_FILE_MONITOR_EVENT_UNMOUNTED:
    default:
      return;
    }
  restart_timer (self);
}

static void
start_monitor (HearthFileWatch *self)
{
  g_autoptr (GError) error = NULL;

  /* WATCH_MOVES: a temporary file renamed over ours is reported as a rename to our name */
  self->monitor = g_file_monitor_file (self->file, G_FILE_MONITOR_WATCH_MOVES, NULL, &error);
  if (self->monitor == NULL)
    {
      g_autofree char *name = g_file_get_parse_name (self->file);

      g_debug ("%s is not watched: %s", name, error->message);
      return;
    }
  /* our own timer does the coalescing; GIO's would hold change events back */
  g_file_monitor_set_rate_limit (self->monitor, MAX (self->settle_ms / 3, 1));
  g_signal_connect_object (self->monitor, "changed", G_CALLBACK (monitor_changed), self, 0);
}

static void
hearth_file_watch_constructed (GObject *object)
{
  HearthFileWatch *self = HEARTH_FILE_WATCH (object);

  G_OBJECT_CLASS (hearth_file_watch_parent_class)->constructed (object);
  g_assert (self->file != NULL);
  start_monitor (self);
}

static void
hearth_file_watch_dispose (GObject *object)
{
  HearthFileWatch *self = HEARTH_FILE_WATCH (object);

  g_clear_handle_id (&self->settle_id, g_source_remove);
  if (self->monitor != NULL)
    g_file_monitor_cancel (self->monitor);
  g_clear_object (&self->monitor);
  g_clear_object (&self->file);

  G_OBJECT_CLASS (hearth_file_watch_parent_class)->dispose (object);
}

static void
hearth_file_watch_get_property (GObject    *object,
                                guint       prop_id,
                                GValue     *value,
                                GParamSpec *pspec)
{
  HearthFileWatch *self = HEARTH_FILE_WATCH (object);

  switch (prop_id)
    {
    case PROP_FILE:
      g_value_set_object (value, self->file);
      break;
    case PROP_SETTLE_MS:
      g_value_set_uint (value, self->settle_ms);
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
hearth_file_watch_set_property (GObject      *object,
                                guint         prop_id,
                                const GValue *value,
                                GParamSpec   *pspec)
{
  HearthFileWatch *self = HEARTH_FILE_WATCH (object);

  switch (prop_id)
    {
    case PROP_FILE:
      self->file = g_value_dup_object (value);
      break;
    case PROP_SETTLE_MS:
      hearth_file_watch_set_settle_ms (self, g_value_get_uint (value));
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
hearth_file_watch_class_init (HearthFileWatchClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);

  object_class->constructed = hearth_file_watch_constructed;
  object_class->dispose = hearth_file_watch_dispose;
  object_class->get_property = hearth_file_watch_get_property;
  object_class->set_property = hearth_file_watch_set_property;

  /** HearthFileWatch:file: the file watched */
  properties[PROP_FILE] =
    g_param_spec_object ("file", NULL, NULL, G_TYPE_FILE,
                         G_PARAM_READWRITE | G_PARAM_CONSTRUCT_ONLY | G_PARAM_STATIC_STRINGS);
  /** HearthFileWatch:settle-ms: how long the file must stay quiet after its writer closed it */
  properties[PROP_SETTLE_MS] =
    g_param_spec_uint ("settle-ms", NULL, NULL, 1, 60000, DEFAULT_SETTLE_MS,
                       G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  g_object_class_install_properties (object_class, N_PROPS, properties);

  /**
   * HearthFileWatch::changed:
   * @self: the watch
   *
   * The file was written, created or replaced, and has been quiet since for the settle
   * time. Emitted once per settled rewrite, never while the file is missing.
   */
  signals[CHANGED] = g_signal_new ("changed", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST, 0,
                                   NULL, NULL, NULL, G_TYPE_NONE, 0);
}

static void
hearth_file_watch_init (HearthFileWatch *self)
{
  self->settle_ms = DEFAULT_SETTLE_MS;
}

/**
 * hearth_file_watch_new:
 * @file: the file to watch (it may not exist yet)
 *
 * Returns: (transfer full): a new watch
 */
HearthFileWatch *
hearth_file_watch_new (GFile *file)
{
  g_return_val_if_fail (G_IS_FILE (file), NULL);
  return g_object_new (HEARTH_TYPE_FILE_WATCH, "file", file, NULL);
}

/**
 * hearth_file_watch_get_file:
 * @self: a #HearthFileWatch
 *
 * Returns: (transfer none): the file watched
 */
GFile *
hearth_file_watch_get_file (HearthFileWatch *self)
{
  g_return_val_if_fail (HEARTH_IS_FILE_WATCH (self), NULL);
  return self->file;
}

/**
 * hearth_file_watch_get_settle_ms:
 * @self: a #HearthFileWatch
 *
 * Returns: how long, in milliseconds, a closed file must stay quiet before it counts as written
 */
guint
hearth_file_watch_get_settle_ms (HearthFileWatch *self)
{
  g_return_val_if_fail (HEARTH_IS_FILE_WATCH (self), DEFAULT_SETTLE_MS);
  return self->settle_ms;
}

/**
 * hearth_file_watch_set_settle_ms:
 * @self: a #HearthFileWatch
 * @settle_ms: the settle time in milliseconds (at least 1); a file its writer still holds
 *   open waits longer
 */
void
hearth_file_watch_set_settle_ms (HearthFileWatch *self,
                                 guint            settle_ms)
{
  g_return_if_fail (HEARTH_IS_FILE_WATCH (self));

  settle_ms = MAX (settle_ms, 1);
  if (self->settle_ms == settle_ms)
    return;
  self->settle_ms = settle_ms;
  if (self->monitor != NULL)
    g_file_monitor_set_rate_limit (self->monitor, MAX (settle_ms / 3, 1));
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_SETTLE_MS]);
}

/**
 * hearth_file_watch_get_pending:
 * @self: a #HearthFileWatch
 *
 * Returns: whether a change was seen that has not settled yet
 */
gboolean
hearth_file_watch_get_pending (HearthFileWatch *self)
{
  g_return_val_if_fail (HEARTH_IS_FILE_WATCH (self), FALSE);
  return self->settle_id != 0;
}
