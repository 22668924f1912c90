/* hearth-labels.c
 *
 * Copyright 2026 The Hearth authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

/* Labels: the text on a bar for a function name as a profile records it. A stack profile's
 * frame shows the name its reader parsed out of it. A cProfile built-in shows its plain name,
 * the full description stays in the function's name for tooltips:
 *   <method 'reduce' of 'numpy.ufunc' objects>          -> reduce
 *   <built-in method builtins.exec>                     -> exec
 *   <built-in method __new__ of type object at 0x9534a0> -> __new__
 *   <function Random.seed at 0x7f6aaf572ca0>            -> Random.seed
 *   <code object <module> at 0x7f.., file "x.py", line 1> -> <module>
 *   <len>, <math.sqrt> (Python 2)                       -> len, sqrt
 * Compiler-made names (<module>, <lambda>, <listcomp>, <dictcomp>, <setcomp>, <genexpr>) and
 * anything that does not have one of these shapes are shown as they are.
 */

#define G_LOG_DOMAIN "hearth-labels"

#include "hearth-labels.h"
#include "hearth-python-scanner.h"

#include <string.h>

static const char * const hearth_compiler_names[] = {
  "<module>", "<lambda>", "<listcomp>", "<dictcomp>", "<setcomp>", "<genexpr>", NULL,
};

static gboolean
hearth_is_compiler_name (const char *name)
{
  for (guint i = 0; hearth_compiler_names[i] != NULL; i++)
    if (strcmp (name, hearth_compiler_names[i]) == 0)
      return TRUE;
  return FALSE;
}

static gboolean
hearth_has_prefix_len (const char *s,
                       gsize       n,
                       const char *prefix)
{
  gsize p = strlen (prefix);

  return n >= p && memcmp (s, prefix, p) == 0;
}

/* `<method 'NAME' of 'TYPE' objects>` and its kin (`slot wrapper`, `method-wrapper`). */
static gboolean
hearth_label_quoted (const char *in,
                     gsize       m,
                     gsize      *start,
                     gsize      *len)
{
  const char *q = memchr (in, '\'', m);
  const char *close;
  gsize a;

  if (q == NULL || q == in || q[-1] != ' ')
    return FALSE;
  for (const char *p = in; p < q; p++)
    if (!g_ascii_islower (*p) && *p != ' ' && *p != '-')
      return FALSE;
  a = q + 1 - in;
  close = memchr (in + a, '\'', m - a);
  if (close == NULL || close == in + a ||
      !hearth_has_prefix_len (close, in + m - close, "' of "))
    return FALSE;
  *start = a;
  *len = close - (in + a);
  return TRUE;
}

/* The word after @prefix, up to a space; the rest must be empty or start with " of " or
 * " at ". With @last_component, only what follows its last dot. */
static gboolean
hearth_label_word (const char *in,
                   gsize       m,
                   const char *prefix,
                   gboolean    last_component,
                   gsize      *start,
                   gsize      *len)
{
  gsize a = strlen (prefix), b;

  if (!hearth_has_prefix_len (in, m, prefix))
    return FALSE;
  for (b = a; b < m && in[b] != ' '; b++)
    ;
  if (b == a)
    return FALSE;
  if (b < m && !hearth_has_prefix_len (in + b, m - b, " of ") &&
      !hearth_has_prefix_len (in + b, m - b, " at "))
    return FALSE;
  if (last_component)
    {
      gsize dot = b;

      while (dot > a && in[dot - 1] != '.')
        dot--;
      if (dot == b)
        return FALSE;
      if (dot > a)
        a = dot;
    }
  *start = a;
  *len = b - a;
  return TRUE;
}

/* Python 2 built-ins: `<len>`, `<math.sqrt>`. */
static gboolean
hearth_label_dotted (const char *in,
                     gsize       m,
                     gsize      *start,
                     gsize      *len)
{
  gsize last = 0;

  for (gsize i = 0; i < m; i++)
    {
      guchar c = in[i];

      if (c == '.')
        {
          if (i == last || i + 1 == m)
            return FALSE;
          last = i + 1;
        }
      else if (!hearth_python_is_ident_byte (c) || (i == last && g_ascii_isdigit (c)))
        return FALSE;
    }
  if (m == 0)
    return FALSE;
  *start = last;
  *len = m - last;
  return TRUE;
}

/**
 * hearth_labels_find_span:
 * @name: a function name as recorded
 * @n: its length in bytes
 * @start: (out): where the label starts in @name
 * @len: (out): its length
 *
 * Finds the part of @name to show on a bar.
 *
 * Returns: %FALSE when all of @name is shown
 */
gboolean
hearth_labels_find_span (const char *name,
                         gsize       n,
                         gsize      *start,
                         gsize      *len)
{
  const char *in;
  gsize m, s = 0, l = 0;
  gboolean found;

  g_return_val_if_fail (name != NULL, FALSE);
  g_return_val_if_fail (start != NULL && len != NULL, FALSE);

  if (n < 3 || name[0] != '<' || name[n - 1] != '>' || hearth_is_compiler_name (name))
    return FALSE;
  in = name + 1;
  m = n - 2;

  if (hearth_has_prefix_len (in, m, "code object "))
    {
      const char *at = memmem (in, m, " at ", 4);

      s = strlen ("code object ");
      l = (at != NULL ? (gsize) (at - in) : m) - s;
      found = l > 0;
    }
  else
    {
      found = hearth_label_word (in, m, "built-in method ", TRUE, &s, &l) ||
              hearth_label_word (in, m, "built-in function ", TRUE, &s, &l) ||
              hearth_label_word (in, m, "function ", FALSE, &s, &l) ||
              hearth_label_word (in, m, "cyfunction ", FALSE, &s, &l) ||
              hearth_label_word (in, m, "bound method ", FALSE, &s, &l) ||
              hearth_label_quoted (in, m, &s, &l) ||
              hearth_label_dotted (in, m, &s, &l);
    }
  if (!found)
    return FALSE;
  *start = s + 1;
  *len = l;
  return TRUE;
}

/**
 * hearth_names_make_label:
 * @name: a function name as recorded
 *
 * Returns: (transfer full): the text to show on the function's bar (see the rules at the top
 *   of hearth-labels.c); stack frames use their parsed name instead
 */
char *
hearth_names_make_label (const char *name)
{
  gsize start, len;

  g_return_val_if_fail (name != NULL, NULL);

  if (hearth_labels_find_span (name, strlen (name), &start, &len))
    return g_strndup (name + start, len);
  return g_strdup (name);
}
