/* hearth-loading-view.c
 *
 * Copyright 2026 The Hearth authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#define G_LOG_DOMAIN "hearth-loading-view"

#include "hearth-loading-view.h"

#include <glib/gi18n.h>

/**
 * HearthLoadingView:
 *
 * A spinner and the name of the file loading; once a load has taken longer than
 * %DETAIL_DELAY_MS, also how much of the file is read (a progress bar, "45 MB of 200 MB")
 * and a Cancel button that stops the session's load. It follows a #HearthSession, or
 * several loading side by side (the two runs of a compare window: their bytes add up, and
 * Cancel stops them all): the sessions poll the readers, this view only shows what they say.
 */

/* a load this quick needs no bar and no way out */
#define DETAIL_DELAY_MS 500

struct _HearthLoadingView
{
  GtkWidget      parent_instance;

  GPtrArray     *sessions;   /* HearthSession */
  guint          detail_timeout;

  GtkWidget     *box;
  GtkWidget     *label;
  GtkWidget     *progress_bar;
  GtkWidget     *cancel_button;
};

G_DEFINE_FINAL_TYPE (HearthLoadingView, hearth_loading_view, GTK_TYPE_WIDGET)

enum
{
  CANCELLED,
  N_SIGNALS
};

static guint signals[N_SIGNALS];

static gboolean
any_loading (HearthLoadingView *self)
{
  for (guint i = 0; i < self->sessions->len; i++)
    if (hearth_session_get_loading (self->sessions->pdata[i]))
      return TRUE;
  return FALSE;
}

static void
update_progress (HearthLoadingView *self)
{
  guint64 read = 0, size = 0;
  gboolean sized = TRUE;
  g_autofree char *read_text = NULL;
  g_autofree char *text = NULL;

  /* a session done loading has read its whole file; one that does not know its size makes
   * the total unknown */
  for (guint i = 0; i < self->sessions->len; i++)
    {
      HearthSession *session = self->sessions->pdata[i];
      gboolean loading = hearth_session_get_loading (session);

      size += hearth_session_get_load_size (session);
      read += loading ? hearth_session_get_load_read (session) :
                        hearth_session_get_load_size (session);
      if (loading && hearth_session_get_load_size (session) == 0)
        sized = FALSE;
    }
  read_text = g_format_size (read);
  if (sized && size > 0)
    {
      g_autofree char *size_text = g_format_size (size);

      /* TRANSLATORS: how much of a file is read, e.g. "45.0 MB of 200.0 MB" */
      text = g_strdup_printf (C_("load progress", "%s of %s"), read_text, size_text);
      gtk_progress_bar_set_fraction (GTK_PROGRESS_BAR (self->progress_bar),
                                     MIN ((double) read / (double) size, 1.0));
    }
  else
    {
      /* standard input, or a location that does not tell its size */
      text = g_strdup_printf (C_("load progress", "%s read"), read_text);
      gtk_progress_bar_pulse (GTK_PROGRESS_BAR (self->progress_bar));
    }
  gtk_progress_bar_set_text (GTK_PROGRESS_BAR (self->progress_bar), text);
}

static void
set_detailed (HearthLoadingView *self,
              gboolean           detailed)
{
  gtk_widget_set_visible (self->progress_bar, detailed);
  gtk_widget_set_visible (self->cancel_button, detailed);
  gtk_widget_set_sensitive (self->cancel_button, TRUE);
  if (detailed)
    update_progress (self);
}

static gboolean
show_details (gpointer user_data)
{
  HearthLoadingView *self = user_data;

  self->detail_timeout = 0;
  set_detailed (self, TRUE);
  return G_SOURCE_REMOVE;
}

static void
progress_changed (HearthLoadingView *self)
{
  if (gtk_widget_get_visible (self->progress_bar))
    update_progress (self);
}

static void
loading_changed (HearthLoadingView *self)
{
  /* one of two runs done: the other's progress goes on showing */
  if (any_loading (self) &&
      (self->detail_timeout != 0 || gtk_widget_get_visible (self->cancel_button)))
    {
      progress_changed (self);
      return;
    }
  g_clear_handle_id (&self->detail_timeout, g_source_remove);
  set_detailed (self, FALSE);
  if (any_loading (self))
    self->detail_timeout = g_timeout_add (DETAIL_DELAY_MS, show_details, self);
}

static void
cancel_clicked (HearthLoadingView *self)
{
  /* the thread ends within a few MB; the window leaves this page when the session says so */
  gtk_widget_set_sensitive (self->cancel_button, FALSE);
  for (guint i = 0; i < self->sessions->len; i++)
    hearth_session_cancel_load (self->sessions->pdata[i]);
  g_signal_emit (self, signals[CANCELLED], 0);
}

static void
disconnect_sessions (HearthLoadingView *self)
{
  for (guint i = 0; i < self->sessions->len; i++)
    g_signal_handlers_disconnect_by_data (self->sessions->pdata[i], self);
  g_ptr_array_set_size (self->sessions, 0);
}

/**
 * hearth_loading_view_set_sessions:
 * @self: a #HearthLoadingView
 * @sessions: (array length=n_sessions): the sessions whose loads to show together
 * @n_sessions: how many; 0 to follow none
 */
void
hearth_loading_view_set_sessions (HearthLoadingView    *self,
                                  HearthSession * const *sessions,
                                  guint                 n_sessions)
{
  g_return_if_fail (HEARTH_IS_LOADING_VIEW (self));
  g_return_if_fail (sessions != NULL || n_sessions == 0);

  disconnect_sessions (self);
  for (guint i = 0; i < n_sessions; i++)
    {
      g_return_if_fail (HEARTH_IS_SESSION (sessions[i]));
      g_ptr_array_add (self->sessions, g_object_ref (sessions[i]));
      g_signal_connect_swapped (sessions[i], "notify::loading", G_CALLBACK (loading_changed),
                                self);
      g_signal_connect_swapped (sessions[i], "notify::load-read", G_CALLBACK (progress_changed),
                                self);
      g_signal_connect_swapped (sessions[i], "notify::load-size", G_CALLBACK (progress_changed),
                                self);
    }
  loading_changed (self);
}

/**
 * hearth_loading_view_set_session:
 * @self: a #HearthLoadingView
 * @session: (nullable): the session whose loads to show
 */
void
hearth_loading_view_set_session (HearthLoadingView *self,
                                 HearthSession     *session)
{
  g_return_if_fail (HEARTH_IS_LOADING_VIEW (self));
  g_return_if_fail (session == NULL || HEARTH_IS_SESSION (session));

  hearth_loading_view_set_sessions (self, &session, session != NULL ? 1 : 0);
}

/**
 * hearth_loading_view_set_file:
 * @self: a #HearthLoadingView
 * @file: the file loading
 */
void
hearth_loading_view_set_file (HearthLoadingView *self,
                              GFile             *file)
{
  g_autofree char *name = NULL;
  g_autofree char *text = NULL;

  g_return_if_fail (HEARTH_IS_LOADING_VIEW (self));
  g_return_if_fail (G_IS_FILE (file));

  name = g_file_get_basename (file);
  text = g_strdup_printf (_("Reading %s…"), name);
  gtk_label_set_text (GTK_LABEL (self->label), text);
}

/**
 * hearth_loading_view_set_merge:
 * @self: a #HearthLoadingView
 * @n_files: how many runs are read and merged
 */
void
hearth_loading_view_set_merge (HearthLoadingView *self,
                               guint              n_files)
{
  g_autofree char *text = NULL;

  g_return_if_fail (HEARTH_IS_LOADING_VIEW (self));

  /* the progress below is that of the run being read */
  text = g_strdup_printf (g_dngettext (GETTEXT_PACKAGE, "Reading and merging %u profile…",
                                       "Reading and merging %u profiles…", n_files), n_files);
  gtk_label_set_text (GTK_LABEL (self->label), text);
}

/**
 * hearth_loading_view_set_text:
 * @self: a #HearthLoadingView
 * @text: what is loading, such as "Reading both runs…"
 */
void
hearth_loading_view_set_text (HearthLoadingView *self,
                              const char        *text)
{
  g_return_if_fail (HEARTH_IS_LOADING_VIEW (self));
  g_return_if_fail (text != NULL);

  gtk_label_set_text (GTK_LABEL (self->label), text);
}

/**
 * hearth_loading_view_get_detailed:
 * @self: a #HearthLoadingView
 *
 * Returns: whether the progress and the Cancel button are shown (the load has taken a while)
 */
gboolean
hearth_loading_view_get_detailed (HearthLoadingView *self)
{
  g_return_val_if_fail (HEARTH_IS_LOADING_VIEW (self), FALSE);

  return gtk_widget_get_visible (self->cancel_button);
}

/**
 * _hearth_loading_view_get_progress_bar:
 * @self: a #HearthLoadingView
 *
 * Returns: (transfer none): the progress bar, for the tests
 */
GtkWidget *
_hearth_loading_view_get_progress_bar (HearthLoadingView *self)
{
  return self->progress_bar;
}

/**
 * _hearth_loading_view_get_cancel_button:
 * @self: a #HearthLoadingView
 *
 * Returns: (transfer none): the Cancel button, for the tests
 */
GtkWidget *
_hearth_loading_view_get_cancel_button (HearthLoadingView *self)
{
  return self->cancel_button;
}

static void
hearth_loading_view_dispose (GObject *object)
{
  HearthLoadingView *self = HEARTH_LOADING_VIEW (object);

  g_clear_handle_id (&self->detail_timeout, g_source_remove);
  if (self->sessions != NULL)
    disconnect_sessions (self);
  g_clear_pointer (&self->box, gtk_widget_unparent);

  G_OBJECT_CLASS (hearth_loading_view_parent_class)->dispose (object);
}

static void
hearth_loading_view_finalize (GObject *object)
{
  HearthLoadingView *self = HEARTH_LOADING_VIEW (object);

  g_ptr_array_unref (self->sessions);

  G_OBJECT_CLASS (hearth_loading_view_parent_class)->finalize (object);
}

static void
hearth_loading_view_class_init (HearthLoadingViewClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  object_class->dispose = hearth_loading_view_dispose;
  object_class->finalize = hearth_loading_view_finalize;

  /**
   * HearthLoadingView::cancelled:
   *
   * The user pressed Cancel; the sessions are told to stop, and their loads end soon after.
   */
  signals[CANCELLED] = g_signal_new ("cancelled", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST,
                                     0, NULL, NULL, NULL, G_TYPE_NONE, 0);

  gtk_widget_class_set_template_from_resource (widget_class, "/io/github/hearthprof/Hearth/"
                                               "hearth-loading-view.ui");
  gtk_widget_class_bind_template_child (widget_class, HearthLoadingView, box);
  gtk_widget_class_bind_template_child (widget_class, HearthLoadingView, label);
  gtk_widget_class_bind_template_child (widget_class, HearthLoadingView, progress_bar);
  gtk_widget_class_bind_template_child (widget_class, HearthLoadingView, cancel_button);
  gtk_widget_class_bind_template_callback (widget_class, cancel_clicked);
  gtk_widget_class_set_layout_manager_type (widget_class, GTK_TYPE_BIN_LAYOUT);
}

static void
hearth_loading_view_init (HearthLoadingView *self)
{
  self->sessions = g_ptr_array_new_with_free_func (g_object_unref);
  gtk_widget_init_template (GTK_WIDGET (self));
}

/**
 * hearth_loading_view_new:
 *
 * Returns: (transfer floating): a loading view following no session yet
 */
GtkWidget *
hearth_loading_view_new (void)
{
  return g_object_new (HEARTH_TYPE_LOADING_VIEW, NULL);
}
