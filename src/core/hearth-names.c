/* hearth-names.c
 *
 * Copyright 2026 The Hearth authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

/* What Hearth calls each function of a profile, and where the function lives, computed once
 * per profile:
 *  - labels, the text on a bar (`<built-in method builtins.exec>` -> `exec`): hearth-labels.c;
 *  - qualified names read from the profiled program's source (`Event.run`):
 *    hearth-python-scanner.c;
 *  - categories (MINE, INSTALLED, PYTHON) and the profiled script: hearth-categories.c;
 *  - here, names told apart by their place where two functions show the same one
 *    (`run — states.py:2800`).
 */

#define G_LOG_DOMAIN "hearth-names"

#include "hearth-names.h"
#include "hearth-labels.h"
#include "hearth-path-private.h"
#include "hearth-profile-private.h"
#include "hearth-python-scanner.h"

#include <string.h>

struct _HearthNames
{
  GObject         parent_instance;

  /* owned */
  HearthProfile  *profile;
  GStringChunk   *chunk;
  char           *script_dir;

  /* per function; strings point into the profile or into @chunk */
  guint           n_functions;
  const char    **labels;
  const char    **qualified;
  const char    **distinct;
  guint8         *categories;
  guint8         *from_source;

  gint            main_module;
  guint           n_files_read;
};

G_DEFINE_FINAL_TYPE (HearthNames, hearth_names, G_TYPE_OBJECT)

/* How far ahead passes over every function fetch what they will read at random. */
#define HEARTH_NAMES_AHEAD 8

/* ------------------------------------------------------------------------------------------ */
/* HearthNames */

static void
hearth_names_resolve (HearthNames       *self,
                      HearthSourceCache *cache,
                      guint              i,
                      gboolean           sampled)
{
  const HearthFunction *f = hearth_profile_get_function (self->profile, i);
  HearthSourceIndex *index;
  const char *q = NULL;

  if (f->line <= 0 || f->line > G_MAXINT || !_hearth_path_is_real_file (f->file) ||
      !hearth_source_can_qualify (f->name))
    return;
  index = hearth_source_cache_get (cache, f->file);
  if (index == NULL)
    return;
  if (f->name[0] == '<')
    q = hearth_source_index_find_construct (index, self->chunk, f->line, f->name);
  else
    {
      const char *found = hearth_source_index_find_def (index, f->line, f->name,
                                                        sampled || f->frame != NULL);

      if (found != NULL)
        q = g_string_chunk_insert_const (self->chunk, found);
    }
  if (q != NULL)
    {
      self->qualified[i] = q;
      self->from_source[i] = TRUE;
    }
}

static void
hearth_names_compute_labels (HearthNames *self)
{
  for (guint i = 0; i < self->n_functions; i++)
    {
      const HearthFunction *f = hearth_profile_get_function (self->profile, i);
      gsize start, len;

      if (f->frame == NULL && hearth_labels_find_span (f->name, strlen (f->name), &start, &len))
        self->labels[i] = g_string_chunk_insert_len (self->chunk, f->name + start, len);
      else
        self->labels[i] = f->name;
      self->qualified[i] = self->labels[i];
    }
}

static void
hearth_names_compute_qualified (HearthNames *self)
{
  gboolean sampled = hearth_profile_get_kind (self->profile) != HEARTH_KIND_DETERMINISTIC;
  g_autoptr (HearthSourceCache) cache = NULL;

  cache = hearth_source_cache_new (hearth_profile_get_path (self->profile));
  for (guint i = 0; i < self->n_functions; i++)
    {
      /* a function's name is read first here: fetched a few functions ahead */
      if (i + HEARTH_NAMES_AHEAD < self->n_functions)
        __builtin_prefetch (hearth_profile_get_function (self->profile,
                                                         i + HEARTH_NAMES_AHEAD)->name);
      hearth_names_resolve (self, cache, i, sampled);
    }
  self->n_files_read = hearth_source_cache_get_n_files_read (cache);
}

/* ------------------------------------------------------------------------------------------ */
/* Names that can be told apart */

static const char *
hearth_names_shown (HearthNames *self,
                    guint        function)
{
  const char *text = self->qualified[function];

  if (text == NULL || text[0] == '\0')
    text = self->labels[function];
  if (text == NULL || text[0] == '\0')
    text = hearth_profile_get_function (self->profile, function)->name;
  return text != NULL && text[0] != '\0' ? text : "?";
}

/* Into @text, `shown — where`: the base name and line, the whole path when @full, or for a
 * built-in the name as the profile wrote it. FALSE when there is nothing to add. */
static gboolean
hearth_names_format_placed (HearthNames *self,
                            guint        function,
                            gboolean     full,
                            GString     *text)
{
  const HearthFunction *f = hearth_profile_get_function (self->profile, function);
  const char *shown = hearth_names_shown (self, function);

  g_string_assign (text, shown);
  g_string_append (text, " — ");
  if (_hearth_path_is_real_file (f->file))
    {
      g_string_append (text, full ? f->file : _hearth_path_base_name (f->file));
      if (f->line > 0)
        {
          char digits[24];
          gsize at = sizeof digits;

          /* by hand: a printf per function was a third of this */
          for (guint64 line = (guint64) f->line; line > 0; line /= 10)
            digits[--at] = (char) ('0' + line % 10);
          g_string_append_c (text, ':');
          g_string_append_len (text, digits + at, sizeof digits - at);
        }
      return TRUE;
    }
  if (f->name != NULL && g_strcmp0 (f->name, shown) != 0)
    {
      g_string_append (text, f->name);
      return TRUE;
    }
  return FALSE;
}

/* The shown name placed, kept in the chunk; @text is scratch. */
static const char *
hearth_names_make_distinct (HearthNames *self,
                            guint        function,
                            gboolean     full,
                            GString     *text)
{
  if (!hearth_names_format_placed (self, function, full, text))
    return hearth_names_shown (self, function);
  /* not looked up in the chunk: such a text is nearly always new */
  return g_string_chunk_insert_len (self->chunk, text->str, text->len);
}

/* Into @counts, how many of the @n names have each one's text, in an open-addressing table
 * of the texts (a GHashTable costs twice as much here, on every function of a profile);
 * @hashes are the names' g_str_hash(). The table is far bigger than the caches: each slot
 * is fetched a few names ahead of its probe (waiting for each was two thirds of this). */
static void
count_names (const char  **names,
             const guint  *hashes,
             guint         n,
             guint        *counts)
{
  typedef struct
  {
    const char *text;
    guint       hash;
    guint       total;
  } NameSlot;
  gsize mask = 15;
  g_autofree NameSlot *slots = NULL;
  g_autofree gsize *slot_of = g_new (gsize, MAX (n, 1));

  while (mask < 2 * (gsize) n)
    mask = mask * 2 + 1;
  slots = g_new0 (NameSlot, mask + 1);
  for (guint f = 0; f < n; f++)
    {
      guint hash = hashes[f];
      gsize j = hash & mask;

      if (f + HEARTH_NAMES_AHEAD < n)
        __builtin_prefetch (&slots[hashes[f + HEARTH_NAMES_AHEAD] & mask], 1);
      while (slots[j].text != NULL &&
             !(slots[j].hash == hash &&
               (slots[j].text == names[f] || strcmp (slots[j].text, names[f]) == 0)))
        j = (j + 1) & mask;
      if (slots[j].text == NULL)
        {
          slots[j].text = names[f];
          slots[j].hash = hash;
        }
      slots[j].total++;
      slot_of[f] = j;
    }
  for (guint f = 0; f < n; f++)
    {
      if (f + HEARTH_NAMES_AHEAD < n)
        __builtin_prefetch (&slots[slot_of[f + HEARTH_NAMES_AHEAD]]);
      counts[f] = slots[slot_of[f]].total;
    }
}

/* A name two functions share carries its file and line; where even that is shared (two
 * files of one base name), the whole path. Only the names a pass changed are hashed again. */
static void
hearth_names_compute_distinct (HearthNames *self)
{
  guint n = self->n_functions;
  g_autofree guint *counts = g_new (guint, MAX (n, 1));
  g_autofree guint *hashes = g_new (guint, MAX (n, 1));
  g_autoptr (GString) text = g_string_new (NULL);
  gboolean changed = TRUE;

  self->distinct = g_new (const char *, MAX (n, 1));
  for (guint f = 0; f < n; f++)
    {
      if (f + HEARTH_NAMES_AHEAD < n)
        __builtin_prefetch (self->qualified[f + HEARTH_NAMES_AHEAD]);
      self->distinct[f] = hearth_names_shown (self, f);
      hashes[f] = g_str_hash (self->distinct[f]);
    }

  for (guint pass = 0; pass < 2 && changed; pass++)
    {
      count_names (self->distinct, hashes, n, counts);
      changed = FALSE;
      for (guint f = 0; f < n; f++)
        if (counts[f] > 1)
          {
            self->distinct[f] = hearth_names_make_distinct (self, f, pass == 1, text);
            if (pass == 0)
              hashes[f] = g_str_hash (self->distinct[f]);
            changed = TRUE;
          }
    }
}

/**
 * hearth_names_new:
 * @profile: a finished profile
 * @mine_paths: (nullable) (array zero-terminated=1): folders the user calls their own
 * @use_source: whether to read source files to qualify names
 *
 * Computes the label, qualified name and category of every function of @profile, once.
 * With @use_source, this reads the profiled program's source files: call it off the main
 * thread for large profiles.
 *
 * Returns: (transfer full): the names
 */
HearthNames *
hearth_names_new (HearthProfile      *profile,
                  const char * const *mine_paths,
                  gboolean            use_source)
{
  HearthNames *self;
  const char *script_file = NULL;

  g_return_val_if_fail (HEARTH_IS_PROFILE (profile), NULL);

  self = g_object_new (HEARTH_TYPE_NAMES, NULL);
  self->profile = g_object_ref (profile);
  self->n_functions = hearth_profile_get_n_functions (profile);
  self->labels = g_new (const char *, self->n_functions);
  self->qualified = g_new (const char *, self->n_functions);
  self->categories = g_new0 (guint8, self->n_functions);
  self->from_source = g_new0 (guint8, self->n_functions);

  hearth_names_compute_labels (self);

  self->main_module = hearth_names_find_main_module (profile);
  self->script_dir = hearth_categories_find_script (profile, self->main_module, &script_file);
  hearth_categories_compute (profile, script_file, self->script_dir, mine_paths,
                             self->categories);
  if (use_source)
    hearth_names_compute_qualified (self);
  hearth_names_compute_distinct (self);
  return self;
}

/* ------------------------------------------------------------------------------------------ */
/* Names made beside the layout */

struct _HearthNamesJob
{
  HearthProfile  *profile;
  char          **mine_paths;
  gboolean        use_source;
  HearthNames    *names;
  GThread        *thread;
};

static gpointer
hearth_names_job_run (gpointer data)
{
  HearthNamesJob *job = data;

  job->names = hearth_names_new (job->profile, (const char * const *) job->mine_paths,
                                 job->use_source);
  return NULL;
}

/**
 * hearth_names_job_start:
 * @profile: a finished profile
 * @mine_paths: (nullable) (array zero-terminated=1): as for hearth_names_new ()
 * @use_source: as for hearth_names_new ()
 *
 * Starts making the names of @profile on a thread of their own, when a second thread is
 * allowed (see _hearth_second_thread_allowed ()); else they are made by
 * hearth_names_job_finish ().
 *
 * Returns: (transfer full): the job, to finish
 */
HearthNamesJob *
hearth_names_job_start (HearthProfile      *profile,
                        const char * const *mine_paths,
                        gboolean            use_source)
{
  HearthNamesJob *job;

  g_return_val_if_fail (HEARTH_IS_PROFILE (profile), NULL);

  job = g_new0 (HearthNamesJob, 1);
  job->profile = g_object_ref (profile);
  job->mine_paths = g_strdupv ((char **) mine_paths);
  job->use_source = use_source;
  if (_hearth_second_thread_allowed ())
    job->thread = g_thread_try_new ("hearth-names", hearth_names_job_run, job, NULL);
  return job;
}

/**
 * hearth_names_job_finish:
 * @job: (transfer full): a job from hearth_names_job_start ()
 *
 * Waits for the names (or makes them, when no thread was started).
 *
 * Returns: (transfer full): the names
 */
HearthNames *
hearth_names_job_finish (HearthNamesJob *job)
{
  HearthNames *names;

  if (job->thread != NULL)
    g_thread_join (job->thread);
  else
    hearth_names_job_run (job);
  names = job->names;
  g_object_unref (job->profile);
  g_strfreev (job->mine_paths);
  g_free (job);
  return names;
}

/**
 * hearth_names_get_profile:
 * @self: names
 *
 * Returns: (transfer none): the profile the names are for
 */
HearthProfile *
hearth_names_get_profile (HearthNames *self)
{
  g_return_val_if_fail (HEARTH_IS_NAMES (self), NULL);
  return self->profile;
}

/**
 * hearth_names_get_label:
 * @self: names
 * @function: a function index
 *
 * Returns: the short name to show on the function's bar (the full name is the function's
 *   `name`, for tooltips)
 */
const char *
hearth_names_get_label (HearthNames *self,
                        guint        function)
{
  g_return_val_if_fail (HEARTH_IS_NAMES (self), NULL);
  g_return_val_if_fail (function < self->n_functions, NULL);
  return self->labels[function];
}

/**
 * hearth_names_get_qualified:
 * @self: names
 * @function: a function index
 *
 * Returns: the qualified name found in the source (`Event.run`), else the label
 */
const char *
hearth_names_get_qualified (HearthNames *self,
                            guint        function)
{
  g_return_val_if_fail (HEARTH_IS_NAMES (self), NULL);
  g_return_val_if_fail (function < self->n_functions, NULL);
  return self->qualified[function];
}

/**
 * hearth_names_get_distinct:
 * @self: names
 * @function: a function index
 *
 * The name to use wherever a function is named in a list or a message: the qualified name,
 * and when another function of the profile shows the same, its file and line besides
 * (`run — states.py:2800`; the whole path where the base names are shared too).
 *
 * Returns: the name
 */
const char *
hearth_names_get_distinct (HearthNames *self,
                           guint        function)
{
  g_return_val_if_fail (HEARTH_IS_NAMES (self), NULL);
  g_return_val_if_fail (function < self->n_functions, NULL);
  return self->distinct[function];
}

/**
 * hearth_names_dup_placed:
 * @self: names
 * @function: a function index
 *
 * The name with its file and line even when no other function shares it
 * (`nested_parse — states.py:280`), for where one function stands for the whole graph.
 *
 * Returns: (transfer full): the name
 */
char *
hearth_names_dup_placed (HearthNames *self,
                         guint        function)
{
  g_autoptr (GString) text = NULL;

  g_return_val_if_fail (HEARTH_IS_NAMES (self), NULL);
  g_return_val_if_fail (function < self->n_functions, NULL);

  if (self->distinct[function] != hearth_names_shown (self, function))
    return g_strdup (self->distinct[function]);
  text = g_string_new (NULL);
  if (hearth_names_format_placed (self, function, FALSE, text))
    return g_string_free (g_steal_pointer (&text), FALSE);
  return g_strdup (hearth_names_shown (self, function));
}

/**
 * hearth_names_is_from_source:
 * @self: names
 * @function: a function index
 *
 * Returns: whether the qualified name was read from the source file
 */
gboolean
hearth_names_is_from_source (HearthNames *self,
                             guint        function)
{
  g_return_val_if_fail (HEARTH_IS_NAMES (self), FALSE);
  g_return_val_if_fail (function < self->n_functions, FALSE);
  return self->from_source[function];
}

/**
 * hearth_names_get_category:
 * @self: names
 * @function: a function index
 *
 * Returns: where the function lives
 */
HearthCategory
hearth_names_get_category (HearthNames *self,
                           guint        function)
{
  g_return_val_if_fail (HEARTH_IS_NAMES (self), HEARTH_CATEGORY_MINE);
  g_return_val_if_fail (function < self->n_functions, HEARTH_CATEGORY_MINE);
  return self->categories[function];
}

/**
 * hearth_names_get_script_dir:
 * @self: names
 *
 * Returns: (nullable): the profiled script's folder as recorded ("." for a bare file name),
 *   or %NULL when the script is unknown
 */
const char *
hearth_names_get_script_dir (HearthNames *self)
{
  g_return_val_if_fail (HEARTH_IS_NAMES (self), NULL);
  return self->script_dir;
}

/**
 * hearth_names_get_main_module:
 * @self: names
 *
 * Returns: hearth_names_find_main_module() of the profile
 */
gint
hearth_names_get_main_module (HearthNames *self)
{
  g_return_val_if_fail (HEARTH_IS_NAMES (self), -1);
  return self->main_module;
}

/**
 * hearth_names_get_n_files_read:
 * @self: names
 *
 * Returns: how many source files were read and indexed
 */
guint
hearth_names_get_n_files_read (HearthNames *self)
{
  g_return_val_if_fail (HEARTH_IS_NAMES (self), 0);
  return self->n_files_read;
}

static void
hearth_names_dispose (GObject *object)
{
  HearthNames *self = HEARTH_NAMES (object);

  g_clear_object (&self->profile);

  G_OBJECT_CLASS (hearth_names_parent_class)->dispose (object);
}

static void
hearth_names_finalize (GObject *object)
{
  HearthNames *self = HEARTH_NAMES (object);

  g_free (self->labels);
  g_free (self->qualified);
  g_free (self->distinct);
  g_free (self->categories);
  g_free (self->from_source);
  g_free (self->script_dir);
  g_clear_pointer (&self->chunk, g_string_chunk_free);

  G_OBJECT_CLASS (hearth_names_parent_class)->finalize (object);
}

static void
hearth_names_class_init (HearthNamesClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);

  object_class->dispose = hearth_names_dispose;
  object_class->finalize = hearth_names_finalize;
}

static void
hearth_names_init (HearthNames *self)
{
  self->chunk = g_string_chunk_new (4096);
  self->main_module = -1;
}
