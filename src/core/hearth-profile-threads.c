/* hearth-profile-threads.c: the threads of a stack profile and one thread on its own.
 *
 * A thread is recognised by its root frames: a speedscope file with several profiles has
 * each under a root frame named after it (the reader marks such a profile); py-spy
 * `--threads` writes `thread (TID): NAME` first, `--subprocesses` puts `process PID:"…"`
 * frames before it; CPython 3.15's sampler writes `tid:N`; Hearth's sampler `Thread "NAME"`
 * in one speedscope profile. One thread's profile keeps those
 * frames, so its tree is exactly the merged tree's branch under them.
 *
 * Copyright 2026 The Hearth authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#define G_LOG_DOMAIN "hearth-core"

#include "hearth-profile-threads.h"

#include <glib/gi18n-lib.h>
#include <stdlib.h>
#include <string.h>

#include "hearth-profile-private.h"

G_DEFINE_QUARK (hearth-thread-error-quark, hearth_thread_error)

static void
hearth_thread_free (gpointer data)
{
  HearthThread *thread = data;

  g_free (thread->name);
  g_free (thread);
}

static gboolean
starts_with_digit_after (const char *text,
                         const char *prefix)
{
  gsize len = strlen (prefix);

  return strncmp (text, prefix, len) == 0 && g_ascii_isdigit (text[len]);
}

/* The root frames py-spy, CPython's sampler and Hearth's sampler (`Thread "NAME"`) write for
 * a thread or a process. */
static gboolean
is_thread_frame (const char *frame)
{
  return frame != NULL && (g_str_has_prefix (frame, "thread (")
                           || g_str_has_prefix (frame, "Thread \"")
                           || starts_with_digit_after (frame, "process ")
                           || starts_with_digit_after (frame, "tid:"));
}

static const char *
frame_text (HearthProfile *self,
            guint          function)
{
  const HearthFunction *f = hearth_profile_get_function (self, function);

  return f->frame != NULL ? f->frame : f->name;
}

/* Whether each node is a leading frame: a thread's (or process's) root frame, or one under
 * such frames only. */
static gboolean *
find_leading (HearthProfile         *self,
              const HearthStackNode *nodes,
              guint                  n_nodes)
{
  gboolean roots = _hearth_profile_has_thread_roots (self);
  gboolean *leading = g_new0 (gboolean, MAX (n_nodes, 1));

  for (guint i = 1; i < n_nodes; i++)
    {
      guint parent = nodes[i].parent;

      if (parent == 0)
        leading[i] = roots || is_thread_frame (frame_text (self, nodes[i].function));
      else
        leading[i] = leading[parent] && !roots
                     && is_thread_frame (frame_text (self, nodes[i].function));
    }
  return leading;
}

static char *
thread_name (HearthProfile         *self,
             const HearthStackNode *nodes,
             guint                  node,
             guint                 *depth)
{
  g_autoptr (GPtrArray) parts = g_ptr_array_new ();
  GString *name = g_string_new (NULL);

  for (guint n = node; n != 0; n = nodes[n].parent)
    g_ptr_array_add (parts, (gpointer) frame_text (self, nodes[n].function));
  for (guint i = parts->len; i > 0; i--)
    {
      if (name->len > 0)
        g_string_append (name, " / ");
      g_string_append (name, g_ptr_array_index (parts, i - 1));
    }
  *depth = parts->len;
  return g_string_free (name, FALSE);
}

/**
 * hearth_profile_list_threads:
 * @self: a finished profile
 *
 * The threads of a stack profile, in the order of their first stack in the file: each is
 * the last of a chain of leading root frames under which some stack goes on (or ends). A
 * `process …` frame whose stacks all go on into `thread (…)` frames is not a thread of its
 * own. Stacks outside every thread count in the merged profile only.
 *
 * Returns: (transfer full) (element-type HearthThread): the threads, empty when the file
 *   names none (a profile without stacks, or one without thread root frames)
 */
GPtrArray *
hearth_profile_list_threads (HearthProfile *self)
{
  GPtrArray *threads = g_ptr_array_new_with_free_func (hearth_thread_free);
  guint n_nodes;
  const HearthStackNode *nodes;
  g_autofree gboolean *leading = NULL;
  g_autofree gboolean *body = NULL;
  g_autofree double *under = NULL;

  g_return_val_if_fail (HEARTH_IS_PROFILE (self), threads);

  nodes = hearth_profile_get_stack_nodes (self, &n_nodes);
  if (nodes == NULL || n_nodes < 2)
    return threads;
  leading = find_leading (self, nodes, n_nodes);
  body = g_new0 (gboolean, n_nodes);
  under = g_new0 (double, n_nodes);
  /* children come after their parents: summed from the last node back */
  for (guint i = n_nodes - 1; i > 0; i--)
    {
      under[i] += hearth_profile_clamp (nodes[i].weight);
      under[nodes[i].parent] += under[i];
      if (leading[i] && nodes[i].n_stacks > 0)
        body[i] = TRUE;
      if (!leading[i] && leading[nodes[i].parent])
        body[nodes[i].parent] = TRUE;
    }
  for (guint i = 1; i < n_nodes; i++)
    if (leading[i] && body[i])
      {
        HearthThread *thread = g_new0 (HearthThread, 1);

        thread->node = i;
        thread->name = thread_name (self, nodes, i, &thread->depth);
        thread->weight = under[i];
        g_ptr_array_add (threads, thread);
      }
  return threads;
}

static gint
find_by_number (GPtrArray  *threads,
                const char *spec)
{
  char *end = NULL;
  guint64 number;

  if (!g_ascii_isdigit (spec[0]))
    return -1;
  number = g_ascii_strtoull (spec, &end, 10);
  if (*end != '\0' || number < 1 || number > threads->len)
    return -1;
  return (gint) number - 1;
}

static gboolean
all_digits (const char *text)
{
  for (; *text != '\0'; text++)
    if (!g_ascii_isdigit (*text))
      return FALSE;
  return TRUE;
}

/* Whether @spec is in @name; digits only as a whole number (a thread id), so that "3" is
 * not found in "17731". */
static gboolean
name_has (const char *name,
          const char *spec,
          gboolean    number)
{
  gsize len = strlen (spec);

  for (const char *at = strstr (name, spec); at != NULL; at = strstr (at + 1, spec))
    if (!number || ((at == name || !g_ascii_isdigit (at[-1])) && !g_ascii_isdigit (at[len])))
      return TRUE;
  return FALSE;
}

/* A name as it is, else a part of exactly one name (`MainThread`, `17715`). */
static gint
find_by_name (GPtrArray  *threads,
              const char *spec,
              guint      *n_found)
{
  gboolean number = all_digits (spec);
  gint found = -1;

  *n_found = 0;
  if (*spec == '\0')
    return -1;
  for (guint i = 0; i < threads->len; i++)
    if (strcmp (((HearthThread *) threads->pdata[i])->name, spec) == 0)
      {
        *n_found = 1;
        return (gint) i;
      }
  for (guint i = 0; i < threads->len; i++)
    if (name_has (((HearthThread *) threads->pdata[i])->name, spec, number))
      {
        found = (gint) i;
        (*n_found)++;
      }
  return *n_found == 1 ? found : -1;
}

static char *
describe_choices (GPtrArray *threads)
{
  GString *text = g_string_new (NULL);

  for (guint i = 0; i < threads->len; i++)
    g_string_append_printf (text, "%s%u \"%s\"", i > 0 ? ", " : "", i + 1,
                            ((HearthThread *) threads->pdata[i])->name);
  return g_string_free (text, FALSE);
}

/**
 * hearth_profile_find_thread:
 * @self: a finished profile
 * @threads: (element-type HearthThread): its threads, from hearth_profile_list_threads ()
 * @spec: a thread's name, a part of exactly one name, or its number counted from 1
 * @error: where to say that no thread (or several) match, naming the choices
 *
 * Returns: the index of the thread in @threads, or -1 with @error set
 */
gint
hearth_profile_find_thread (HearthProfile  *self,
                            GPtrArray      *threads,
                            const char     *spec,
                            GError        **error)
{
  g_autofree char *choices = NULL;
  guint n_found = 0;
  gint index;

  g_return_val_if_fail (HEARTH_IS_PROFILE (self) && threads != NULL && spec != NULL, -1);

  index = find_by_number (threads, spec);
  if (index < 0)
    index = find_by_name (threads, spec, &n_found);
  if (index >= 0)
    return index;
  if (threads->len == 0)
    {
      g_set_error (error, HEARTH_THREAD_ERROR, HEARTH_THREAD_ERROR_UNKNOWN,
                   _("no thread \"%s\": the profile names no threads"), spec);
      return -1;
    }
  choices = describe_choices (threads);
  if (n_found > 1)
    g_set_error (error, HEARTH_THREAD_ERROR, HEARTH_THREAD_ERROR_UNKNOWN,
                 _("\"%s\" is part of %u thread names; the threads: %s"), spec, n_found,
                 choices);
  else
    g_set_error (error, HEARTH_THREAD_ERROR, HEARTH_THREAD_ERROR_UNKNOWN,
                 _("no thread \"%s\"; the threads: %s"), spec, choices);
  return -1;
}

/* The function of @from as a function of @to, interned the first time it is asked for so
 * that the thread's profile lists only its own functions. */
static guint
map_function (HearthProfile *from,
              HearthProfile *to,
              guint         *map,
              guint          function)
{
  const HearthFunction *f;

  if (map[function] != G_MAXUINT)
    return map[function];
  f = hearth_profile_get_function (from, function);
  if (f->frame != NULL)
    map[function] = _hearth_profile_intern_frame (to, f->frame, f->file, f->line, f->name);
  else
    map[function] = _hearth_profile_intern_function (to, f->file, f->line, f->name);
  return map[function];
}

/* The chain of nodes from the root down to @thread's node, copied. */
static guint
copy_leading (HearthProfile         *self,
              HearthProfile         *copy,
              const HearthStackNode *nodes,
              guint                 *map,
              const HearthThread    *thread)
{
  g_autofree guint *chain = g_new (guint, thread->depth);
  guint node = 0, d = thread->depth;

  for (guint n = thread->node; n != 0 && d > 0; n = nodes[n].parent)
    chain[--d] = n;
  for (guint i = 0; i < thread->depth; i++)
    node = _hearth_profile_stack_child (copy, node,
                                        map_function (self, copy, map, nodes[chain[i]].function));
  return node;
}

static void
add_stacks_at (HearthProfile *copy,
               guint          node,
               double         weight,
               guint          n_stacks)
{
  if (n_stacks == 0)
    return;
  _hearth_profile_add_stack_at (copy, node, weight);
  for (guint k = 1; k < n_stacks; k++)
    _hearth_profile_add_stack_at (copy, node, 0);
}

/**
 * hearth_profile_dup_thread:
 * @self: a finished stack profile
 * @thread: one of its threads (from hearth_profile_list_threads ())
 *
 * One thread's stacks as a profile of their own: its root frames kept, so that its tree is
 * the merged tree's branch under them. The copy has the file's path (its sources are found
 * the same way), name and warnings, and no time order.
 *
 * Returns: (transfer full): the thread's profile
 */
HearthProfile *
hearth_profile_dup_thread (HearthProfile      *self,
                           const HearthThread *thread)
{
  HearthProfile *copy;
  guint n_nodes, n_functions;
  const HearthStackNode *nodes;
  const char * const *warnings;
  g_autofree guint *map = NULL;
  g_autofree guint *node_map = NULL;

  g_return_val_if_fail (HEARTH_IS_PROFILE (self) && thread != NULL, NULL);

  nodes = hearth_profile_get_stack_nodes (self, &n_nodes);
  g_return_val_if_fail (thread->node > 0 && thread->node < n_nodes, NULL);

  copy = _hearth_profile_new (hearth_profile_get_format (self), hearth_profile_get_kind (self),
                              hearth_profile_get_unit (self));
  n_functions = hearth_profile_get_n_functions (self);
  map = g_new (guint, MAX (n_functions, 1));
  memset (map, 0xff, sizeof (guint) * MAX (n_functions, 1));
  node_map = g_new0 (guint, n_nodes);

  node_map[thread->node] = copy_leading (self, copy, nodes, map, thread);
  add_stacks_at (copy, node_map[thread->node], nodes[thread->node].weight,
                 nodes[thread->node].n_stacks);
  /* a node's descendants come after it; a node is under the thread when its parent is */
  for (guint i = thread->node + 1; i < n_nodes; i++)
    {
      guint parent = node_map[nodes[i].parent];

      if (parent == 0)
        continue;
      node_map[i] = _hearth_profile_stack_child (copy, parent,
                                                 map_function (self, copy, map,
                                                               nodes[i].function));
      add_stacks_at (copy, node_map[i], nodes[i].weight, nodes[i].n_stacks);
    }

  warnings = hearth_profile_get_warnings (self);
  for (guint i = 0; warnings != NULL && warnings[i] != NULL; i++)
    _hearth_profile_add_warning (copy, "%s", warnings[i]);
  _hearth_profile_finish (copy);
  _hearth_profile_set_name (copy, hearth_profile_get_name (self));
  _hearth_profile_set_path (copy, hearth_profile_get_path (self));
  return copy;
}
