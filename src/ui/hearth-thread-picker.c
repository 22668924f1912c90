/* hearth-thread-picker.c
 *
 * Copyright 2026 The Hearth authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#define G_LOG_DOMAIN "hearth-thread-picker"

#include "hearth-thread-picker.h"

#include <glib/gi18n.h>

#include "hearth-format.h"
#include "hearth-profile-threads.h"

/**
 * HearthThreadPicker:
 *
 * A drop-down of the loaded profile's threads (a speedscope file's profiles, a folded file's
 * `thread (…)` root frames), shown only when there are several. Choosing one puts that
 * thread's profile in the session, so that the graph, the panes, export and compare all
 * see the thread alone; "All Threads" puts the loaded profile back. A profile loaded anew
 * starts with all threads, unless it is the file shown read again (a reload, a new run
 * written over it): that keeps the thread chosen, found by its name.
 */

struct _HearthThreadPicker
{
  HearthPane     parent_instance;

  GtkWidget     *dropdown;
  GtkStringList *choices;
  GPtrArray     *threads;     /* HearthThread, of whole */
  HearthProfile *whole;       /* the profile as loaded */
  HearthNames   *whole_names;
  HearthProfile *shown;       /* the thread's profile this picker put in the session */
  gboolean       filling;
};

G_DEFINE_FINAL_TYPE (HearthThreadPicker, hearth_thread_picker, HEARTH_TYPE_PANE)

static void
forget (HearthThreadPicker *self)
{
  g_clear_object (&self->whole);
  g_clear_object (&self->whole_names);
  g_clear_object (&self->shown);
  g_clear_pointer (&self->threads, g_ptr_array_unref);
}

static char *
choice_label (const HearthThread *thread,
              double              total)
{
  g_autofree char *share = hearth_format_percent (total > 0 ? thread->weight / total : 0);

  /* TRANSLATORS: a thread in the thread picker, its share of the run after it */
  return g_strdup_printf (_("%s · %s"), thread->name, share);
}

static void
fill (HearthThreadPicker *self)
{
  double total = hearth_profile_get_total (self->whole);
  g_autoptr (GPtrArray) labels = g_ptr_array_new_with_free_func (g_free);

  g_ptr_array_add (labels, g_strdup (_("All Threads")));
  for (guint i = 0; i < self->threads->len; i++)
    g_ptr_array_add (labels, choice_label (g_ptr_array_index (self->threads, i), total));
  g_ptr_array_add (labels, NULL);

  self->filling = TRUE;
  gtk_string_list_splice (self->choices, 0, g_list_model_get_n_items (G_LIST_MODEL (self->choices)),
                          (const char * const *) labels->pdata);
  gtk_drop_down_set_selected (GTK_DROP_DOWN (self->dropdown), 0);
  self->filling = FALSE;
}

/* A thread's name without its numbers in parentheses, "thread (17731): Thread-1 (worker)"
 * as "thread : Thread-1 (worker)": a new run of the program has new thread ids. */
static char *
name_without_ids (const char *name)
{
  g_autoptr (GRegex) ids = g_regex_new ("\\((0x[0-9a-fA-F]+|[0-9]+)\\)", 0, 0, NULL);

  return g_regex_replace_literal (ids, name, -1, 0, "", 0, NULL);
}

/* The position in the drop-down of the thread named @name: the same name, else the only one
 * whose name differs by ids alone; 0 (All Threads) when there is none. */
static guint
find_thread (HearthThreadPicker *self,
             const char         *name)
{
  g_autofree char *wanted = name_without_ids (name);
  guint found = 0, n_found = 0;

  for (guint i = 0; i < self->threads->len; i++)
    {
      const HearthThread *thread = g_ptr_array_index (self->threads, i);
      g_autofree char *plain = NULL;

      if (g_str_equal (thread->name, name))
        return i + 1;
      plain = name_without_ids (thread->name);
      if (g_str_equal (plain, wanted))
        {
          found = i + 1;
          n_found++;
        }
    }
  return n_found == 1 ? found : 0;
}

/* A profile the picker did not put there is a new load: its threads are listed afresh. */
static void
hearth_thread_picker_tree_changed (HearthPane *pane)
{
  HearthThreadPicker *self = HEARTH_THREAD_PICKER (pane);
  HearthSession *session = hearth_pane_get_session (pane);
  HearthProfile *profile = session != NULL ? hearth_session_get_profile (session) : NULL;
  g_autofree char *kept_name = NULL;
  g_autofree char *kept_path = NULL;

  if (profile != NULL && (profile == self->whole || profile == self->shown))
    return;
  if (self->shown != NULL && profile != NULL)
    {
      kept_name = g_strdup (hearth_thread_picker_get_thread_name (self));
      kept_path = g_strdup (hearth_profile_get_path (self->whole));
    }
  forget (self);
  if (profile != NULL)
    {
      self->whole = g_object_ref (profile);
      if (hearth_session_get_names (session) != NULL)
        self->whole_names = g_object_ref (hearth_session_get_names (session));
      self->threads = hearth_profile_list_threads (profile);
    }
  gtk_widget_set_visible (GTK_WIDGET (self), self->threads != NULL && self->threads->len > 1);
  if (self->threads == NULL)
    return;
  fill (self);
  /* the same file read again: the same thread, which puts its profile in the session */
  if (kept_name != NULL && kept_path != NULL &&
      g_strcmp0 (kept_path, hearth_profile_get_path (profile)) == 0)
    gtk_drop_down_set_selected (GTK_DROP_DOWN (self->dropdown), find_thread (self, kept_name));
}

static void
selected_changed (HearthThreadPicker *self)
{
  HearthSession *session = hearth_pane_get_session (HEARTH_PANE (self));
  guint selected = gtk_drop_down_get_selected (GTK_DROP_DOWN (self->dropdown));
  g_autoptr (HearthProfile) profile = NULL;
  g_autoptr (HearthNames) names = NULL;

  if (self->filling || session == NULL || self->whole == NULL || selected == GTK_INVALID_LIST_POSITION)
    return;
  g_clear_object (&self->shown);
  if (selected == 0 || selected > self->threads->len)
    {
      hearth_session_set_profile (session, self->whole, self->whole_names, NULL);
      return;
    }
  profile = hearth_profile_dup_thread (self->whole, g_ptr_array_index (self->threads, selected - 1));
  names = hearth_names_new (profile, hearth_session_get_mine_paths (session),
                            hearth_session_get_use_source (session));
  self->shown = g_object_ref (profile);
  hearth_session_set_profile (session, profile, names, NULL);
}

static void
hearth_thread_picker_dispose (GObject *object)
{
  HearthThreadPicker *self = HEARTH_THREAD_PICKER (object);

  forget (self);
  g_clear_pointer (&self->dropdown, gtk_widget_unparent);
  G_OBJECT_CLASS (hearth_thread_picker_parent_class)->dispose (object);
}

static void
hearth_thread_picker_class_init (HearthThreadPickerClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  HearthPaneClass *pane_class = HEARTH_PANE_CLASS (klass);

  object_class->dispose = hearth_thread_picker_dispose;
  pane_class->tree_changed = hearth_thread_picker_tree_changed;
}

static void
hearth_thread_picker_init (HearthThreadPicker *self)
{
  self->choices = gtk_string_list_new (NULL);
  self->dropdown = gtk_drop_down_new (G_LIST_MODEL (self->choices), NULL);
  gtk_widget_set_tooltip_text (self->dropdown, _("Which Thread the Graph Shows"));
  gtk_accessible_update_property (GTK_ACCESSIBLE (self->dropdown),
                                  GTK_ACCESSIBLE_PROPERTY_LABEL, _("Thread"), -1);
  gtk_widget_set_parent (self->dropdown, GTK_WIDGET (self));
  g_signal_connect_swapped (self->dropdown, "notify::selected", G_CALLBACK (selected_changed),
                            self);
  gtk_widget_set_visible (GTK_WIDGET (self), FALSE);
}

/**
 * hearth_thread_picker_new:
 *
 * Returns: (transfer floating): a thread picker, hidden until a profile has several threads
 */
GtkWidget *
hearth_thread_picker_new (void)
{
  return g_object_new (HEARTH_TYPE_THREAD_PICKER, NULL);
}

/**
 * hearth_thread_picker_get_dropdown:
 * @self: a #HearthThreadPicker
 *
 * Returns: (transfer none): its drop-down: "All Threads", then each thread
 */
GtkDropDown *
hearth_thread_picker_get_dropdown (HearthThreadPicker *self)
{
  g_return_val_if_fail (HEARTH_IS_THREAD_PICKER (self), NULL);
  return GTK_DROP_DOWN (self->dropdown);
}

/**
 * hearth_thread_picker_get_whole:
 * @self: a #HearthThreadPicker
 *
 * Returns: (transfer none) (nullable): the profile as loaded, all threads merged
 */
HearthProfile *
hearth_thread_picker_get_whole (HearthThreadPicker *self)
{
  g_return_val_if_fail (HEARTH_IS_THREAD_PICKER (self), NULL);
  return self->whole;
}

/**
 * hearth_thread_picker_get_thread_name:
 * @self: a #HearthThreadPicker
 *
 * Returns: (nullable): the name of the thread shown alone, %NULL for all threads
 */
const char *
hearth_thread_picker_get_thread_name (HearthThreadPicker *self)
{
  guint selected;

  g_return_val_if_fail (HEARTH_IS_THREAD_PICKER (self), NULL);

  selected = gtk_drop_down_get_selected (GTK_DROP_DOWN (self->dropdown));
  if (self->threads == NULL || selected == 0 || selected > self->threads->len)
    return NULL;
  return ((HearthThread *) g_ptr_array_index (self->threads, selected - 1))->name;
}

typedef struct
{
  GWeakRef  session;
  char     *name;
  gulong    handler;
} Follow;

static void
follow_free (Follow *follow)
{
  g_weak_ref_clear (&follow->session);
  g_free (follow->name);
  g_free (follow);
}

static void
follow_closure_free (gpointer  data,
                     GClosure *closure)
{
  follow_free (data);
}

/* In an idle: the session is still telling the others about the profile it loaded. */
static gboolean
follow_pick (gpointer data)
{
  Follow *follow = data;
  g_autoptr (HearthSession) session = g_weak_ref_get (&follow->session);
  HearthProfile *profile = session != NULL ? hearth_session_get_profile (session) : NULL;
  g_autoptr (GPtrArray) threads = NULL;
  g_autoptr (HearthProfile) thread = NULL;
  g_autoptr (HearthNames) names = NULL;

  if (profile == NULL)
    return G_SOURCE_REMOVE;
  threads = hearth_profile_list_threads (profile);
  for (guint i = 0; i < threads->len && thread == NULL; i++)
    if (g_str_equal (((HearthThread *) g_ptr_array_index (threads, i))->name, follow->name))
      thread = hearth_profile_dup_thread (profile, g_ptr_array_index (threads, i));
  if (thread == NULL)
    {
      g_autofree char *notice = g_strdup_printf (_("This run has no thread “%s”: all its "
                                                   "threads are shown"), follow->name);

      hearth_session_post_notice (session, notice);
      return G_SOURCE_REMOVE;
    }
  names = hearth_names_new (thread, hearth_session_get_mine_paths (session),
                            hearth_session_get_use_source (session));
  hearth_session_set_profile (session, thread, names, NULL);
  return G_SOURCE_REMOVE;
}

static Follow *
follow_new (HearthSession *session,
            const char    *name)
{
  Follow *follow = g_new0 (Follow, 1);

  g_weak_ref_init (&follow->session, session);
  follow->name = g_strdup (name);
  return follow;
}

/* The first profile the session gets: the thread is picked in an idle that owns a copy, and
 * the handler goes (freeing its own). */
static void
follow_profile (HearthSession *session,
                GParamSpec    *pspec,
                Follow        *follow)
{
  if (hearth_session_get_profile (session) == NULL)
    return;
  g_idle_add_full (G_PRIORITY_DEFAULT, follow_pick, follow_new (session, follow->name),
                   (GDestroyNotify) follow_free);
  g_signal_handler_disconnect (session, follow->handler);
}

/**
 * hearth_thread_picker_follow:
 * @self: a #HearthThreadPicker
 * @other: a session about to load another run (the "after" of a compare window)
 *
 * When a thread is shown alone, the run @other loads next shows the thread of the same name
 * alone too (or all its threads, with a notice, when it has none of that name).
 */
void
hearth_thread_picker_follow (HearthThreadPicker *self,
                             HearthSession      *other)
{
  const char *name;
  Follow *follow;

  g_return_if_fail (HEARTH_IS_THREAD_PICKER (self));
  g_return_if_fail (HEARTH_IS_SESSION (other));

  name = hearth_thread_picker_get_thread_name (self);
  if (name == NULL)
    return;
  follow = follow_new (other, name);
  follow->handler = g_signal_connect_data (other, "notify::profile", G_CALLBACK (follow_profile),
                                           follow, follow_closure_free, 0);
}
