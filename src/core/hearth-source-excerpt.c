/* hearth-source-excerpt.c: the lines of one function's definition, read where and as the
 * names are read (hearth-python-scanner.c: the recorded path, then next to the profile;
 * 8 MiB a file), and each line's share of its samples.
 *
 * A stack profile that records the line being run (py-spy's default, CPython 3.15's
 * sampler, folded `file:line` frames) has one frame per line of a function: their times,
 * within the def's lines, are the heat of those lines. cProfile records the def's first line
 * only, so it has no heat.
 *
 * Copyright 2026 The Hearth authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#define G_LOG_DOMAIN "hearth-core"

#include "hearth-source-excerpt.h"

#include <glib/gi18n-lib.h>
#include <string.h>

#include "hearth-path-private.h"
#include "hearth-python-scanner.h"

/* lines shown around the recorded line when no def is found there (a `<module>`, a file
 * changed since) */
#define CONTEXT_BEFORE 5
#define CONTEXT_AFTER  30

G_DEFINE_QUARK (hearth-source-error-quark, hearth_source_error)

void
hearth_source_excerpt_free (HearthSourceExcerpt *excerpt)
{
  if (excerpt == NULL)
    return;
  g_free (excerpt->path);
  g_strfreev (excerpt->lines);
  g_free (excerpt->heat);
  g_free (excerpt);
}

/* co_qualname (`Square.area`, CPython 3.15) as the def's own name. */
static const char *
def_name (const char *name)
{
  const char *dot = strrchr (name, '.');

  return dot != NULL && dot[1] != '\0' ? dot + 1 : name;
}

/* Lines @first to @last (1-based, clamped to the text), without their line ends. */
static char **
cut_lines (GBytes *bytes,
           guint   first,
           guint   last,
           guint  *n_lines)
{
  gsize len;
  const char *text = g_bytes_get_data (bytes, &len);
  const char *end = text + len;
  GPtrArray *lines = g_ptr_array_new ();
  guint line = 1;

  for (const char *p = text; p < end && line <= last; line++)
    {
      const char *nl = memchr (p, '\n', end - p);
      const char *stop = nl != NULL ? nl : end;

      if (line >= first)
        {
          gsize n = stop - p;

          if (n > 0 && p[n - 1] == '\r')
            n--;
          g_ptr_array_add (lines, g_utf8_make_valid (p, n));
        }
      p = stop + 1;
    }
  *n_lines = lines->len;
  g_ptr_array_add (lines, NULL);
  return (char **) g_ptr_array_free (lines, FALSE);
}

/* Each shown line's share of the time of the frames of this function (same file, same
 * name) recorded at a line inside the excerpt; NULL when they are all at the def's own lines:
 * a sampler that records co_firstlineno (Hearth's, py-spy --function) says nothing of lines. */
static double *
line_heat (HearthProfile             *profile,
           const HearthFunction      *fn,
           const HearthSourceExcerpt *excerpt)
{
  g_autofree double *heat = g_new0 (double, MAX (excerpt->n_lines, 1));
  double total = 0;
  guint n_body = 0;

  if (!hearth_profile_has_stacks (profile))
    return NULL;
  for (guint i = 0; i < hearth_profile_get_n_functions (profile); i++)
    {
      const HearthFunction *f = hearth_profile_get_function (profile, i);
      gint64 at = f->line - (gint64) excerpt->first_line;

      if (at < 0 || at >= excerpt->n_lines || strcmp (f->name, fn->name) != 0 ||
          strcmp (f->file, fn->file) != 0)
        continue;
      heat[at] += hearth_profile_clamp (f->cum);
      total += hearth_profile_clamp (f->cum);
      if (f->line != excerpt->mark_line && f->line != excerpt->first_line)
        n_body++;
    }
  if (total <= 0 || n_body == 0)
    return NULL;
  for (guint i = 0; i < excerpt->n_lines; i++)
    heat[i] /= total;
  return g_steal_pointer (&heat);
}

static gboolean
check_file (const HearthFunction  *fn,
            GError               **error)
{
  if (_hearth_path_is_real_file (fn->file) && fn->line > 0 && fn->line <= G_MAXINT)
    return TRUE;
  g_set_error (error, HEARTH_SOURCE_ERROR, HEARTH_SOURCE_ERROR_NO_FILE,
               _("%s has no source file that Hearth can show"), fn->name);
  return FALSE;
}

/**
 * hearth_source_excerpt_new:
 * @profile: a finished profile
 * @function: one of its functions
 * @error: where to say why there is nothing to show
 *
 * The lines of @function's def, found around its recorded line (for a stack profile, the
 * line being run), the def line marked; or, when no def of its name is there, lines around
 * the recorded line with that line marked.
 *
 * Returns: (transfer full): the excerpt, or %NULL with @error set
 */
HearthSourceExcerpt *
hearth_source_excerpt_new (HearthProfile  *profile,
                           guint           function,
                           GError        **error)
{
  const HearthFunction *fn;
  g_autoptr (HearthSourceCache) cache = NULL;
  g_autoptr (GBytes) bytes = NULL;
  g_autofree char *path = NULL;
  HearthSourceIndex *index;
  HearthSourceExcerpt *excerpt;
  guint first, mark, last, line;
  gboolean executing;

  g_return_val_if_fail (HEARTH_IS_PROFILE (profile), NULL);
  g_return_val_if_fail (function < hearth_profile_get_n_functions (profile), NULL);

  fn = hearth_profile_get_function (profile, function);
  if (!check_file (fn, error))
    return NULL;
  cache = hearth_source_cache_new (hearth_profile_get_path (profile));
  bytes = hearth_source_cache_read (cache, fn->file, &path);
  if (bytes == NULL)
    {
      g_set_error (error, HEARTH_SOURCE_ERROR, HEARTH_SOURCE_ERROR_NOT_FOUND,
                   _("%s cannot be read: not at the path the profile recorded, nor next to "
                     "the profile (or it is over 8 MiB)"), fn->file);
      return NULL;
    }

  line = (guint) fn->line;
  executing = hearth_profile_has_stacks (profile) || fn->frame != NULL;
  index = hearth_source_cache_get (cache, fn->file);
  excerpt = g_new0 (HearthSourceExcerpt, 1);
  excerpt->found_def = index != NULL &&
                       hearth_source_index_find_def_lines (index, line, def_name (fn->name),
                                                           executing, &first, &mark, &last);
  if (!excerpt->found_def)
    {
      first = line > CONTEXT_BEFORE ? line - CONTEXT_BEFORE : 1;
      mark = line;
      last = line + CONTEXT_AFTER;
    }
  excerpt->path = g_steal_pointer (&path);
  excerpt->lines = cut_lines (bytes, first, last, &excerpt->n_lines);
  if (excerpt->n_lines == 0)
    {
      g_set_error (error, HEARTH_SOURCE_ERROR, HEARTH_SOURCE_ERROR_NOT_FOUND,
                   _("%s has no line %u: it changed since the profile was made"),
                   excerpt->path, line);
      hearth_source_excerpt_free (excerpt);
      return NULL;
    }
  excerpt->first_line = first;
  excerpt->mark_line = mark;
  excerpt->heat = line_heat (profile, fn, excerpt);
  return excerpt;
}
