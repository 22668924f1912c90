/* hearth-folded-line.c: the grammar of one line of folded stacks: its count (or two, for a
 * differential file) and its frames in each dialect (py-spy, CPython 3.15, perf, plain).
 *
 * Copyright 2026 The Hearth authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#define G_LOG_DOMAIN "hearth-folded"

#include "hearth-folded-line-private.h"
#include "hearth-folded-reader.h"

#include <string.h>

/* Line numbers in frames are at most this many digits, so they fit in a gint64. */
#define HEARTH_FOLDED_MAX_LINE_DIGITS 18

/* Frames ------------------------------------------------------------------------------------ */

/* Parses 1..18 ASCII digits; anything else is not a line number. */
static gboolean
hearth_folded_parse_line_number (const char *s,
                                 gsize       len,
                                 gint64     *out)
{
  gint64 v = 0;

  if (len == 0 || len > HEARTH_FOLDED_MAX_LINE_DIGITS)
    return FALSE;
  for (gsize i = 0; i < len; i++)
    {
      if (!g_ascii_isdigit (s[i]))
        return FALSE;
      v = v * 10 + (s[i] - '0');
    }
  *out = v;
  return TRUE;
}

/* perf's `_[k]`, `_[j]`, `_[i]`, `_[w]` only choose colours in flamegraph.pl. */
static gboolean
hearth_frame_parse_perf (const char       *f,
                         gsize             n,
                         HearthFrameParts *parts)
{
  if (n <= 4 || f[n - 4] != '_' || f[n - 3] != '[' || f[n - 1] != ']' ||
      strchr ("kjiw", f[n - 2]) == NULL || f[n - 2] == '\0')
    return FALSE;
  parts->name_len = n - 4;
  return TRUE;
}

/* py-spy: `FUNC (FILE:LINE)` or `FUNC (FILE)`; the file is inside the LAST " (" and may
 * itself hold spaces, parentheses and a drive letter's ':'. */
static gboolean
hearth_frame_parse_pyspy (const char       *f,
                          gsize             n,
                          HearthFrameParts *parts)
{
  gsize open = 0, inner, inner_len, colon;
  gboolean found = FALSE;

  if (n < 4 || f[n - 1] != ')')
    return FALSE;
  for (gsize i = n - 2; i >= 1; i--)
    if (f[i] == ' ' && f[i + 1] == '(')
      {
        open = i;
        found = TRUE;
        break;
      }
  if (!found)
    return FALSE;

  inner = open + 2;
  inner_len = n - 1 - inner;
  parts->name_len = open;
  parts->file_start = inner;
  parts->file_len = inner_len;
  for (colon = inner_len; colon > 0 && f[inner + colon - 1] != ':'; colon--)
    ;
  if (colon > 1 &&
      hearth_folded_parse_line_number (f + inner + colon, inner_len - colon, &parts->line))
    parts->file_len = colon - 1;
  return TRUE;
}

/* A file part that only Python writes: `*.py`, `<frozen …>`, `<string>`. */
static gboolean
hearth_looks_like_python_file (const char *f,
                               gsize       n)
{
  return (n > 3 && memcmp (f + n - 3, ".py", 3) == 0) ||
         (n >= 8 && memcmp (f, "<frozen ", 8) == 0 && f[n - 1] == '>') ||
         (n == 8 && memcmp (f, "<string>", 8) == 0);
}

/* CPython 3.15 `profiling.sampling --collapsed`: `BASENAME:FUNC:LINE`, split at the first and
 * the last ':' (qualified names and task names may hold more); @dialect: the file is known
 * to be that output. */
static gboolean
hearth_frame_parse_cpython (const char       *f,
                            gsize             n,
                            gboolean          dialect,
                            HearthFrameParts *parts)
{
  const char *first = memchr (f, ':', n);
  gsize a, b;

  if (first == NULL)
    return FALSE;
  a = first - f;
  /* `LazyCompile:_tickDomainCallback node.js:387` has the shape but is no Python frame */
  if (!dialect && !hearth_looks_like_python_file (f, a))
    return FALSE;
  for (b = n - 1; b > a && f[b] != ':'; b--)
    ;
  if (a == 0 || b <= a + 1 ||
      !hearth_folded_parse_line_number (f + b + 1, n - b - 1, &parts->line))
    return FALSE;
  parts->file_start = 0;
  parts->file_len = a;
  parts->name_start = a + 1;
  parts->name_len = b - a - 1;
  return TRUE;
}

/* Fills @parts with what to display for frame @f; plain names have file "" and line 0.
 * @cpython: the file is CPython 3.15's collapsed output (its `tid:N` root frames), so any
 * `FILE:FUNC:LINE` frame is one of its frames. */
void
_hearth_folded_parse_frame (const char       *f,
                            gsize             n,
                            gboolean          cpython,
                            HearthFrameParts *parts)
{
  memset (parts, 0, sizeof *parts);
  parts->name_len = n;
  if (hearth_frame_parse_perf (f, n, parts))
    return;
  if (hearth_frame_parse_pyspy (f, n, parts))
    return;
  if (hearth_frame_parse_cpython (f, n, cpython, parts))
    return;
  memset (parts, 0, sizeof *parts);
  parts->name_len = n;
}

/**
 * _hearth_folded_split_frame:
 * @frame: the text of one frame (valid UTF-8)
 * @file: (out) (transfer full): the file name, "" when the frame has none
 * @line: (out): the line number, 0 when the frame has none
 * @name: (out) (transfer full): the function name to display
 *
 * Splits a frame of any folded dialect (py-spy, CPython 3.15, perf, plain names) into the
 * parts shown in tooltips.
 */
void
_hearth_folded_split_frame (const char  *frame,
                            char       **file,
                            gint64      *line,
                            char       **name)
{
  HearthFrameParts parts;

  g_return_if_fail (frame != NULL);

  _hearth_folded_parse_frame (frame, strlen (frame), FALSE, &parts);
  if (file != NULL)
    *file = g_strndup (frame + parts.file_start, parts.file_len);
  if (line != NULL)
    *line = parts.line;
  if (name != NULL)
    *name = g_strndup (frame + parts.name_start, parts.name_len);
}

/* Counts -------------------------------------------------------------------------------------- */

typedef enum
{
  HEARTH_COUNT_OK,
  HEARTH_COUNT_SATURATED,
  HEARTH_COUNT_NEGATIVE,
  HEARTH_COUNT_INVALID,
} HearthCountResult;

/* Index just after the last blank of s[0..len), or 0 when there is none. */
static gsize
hearth_last_token (const char *s,
                   gsize       len)
{
  while (len > 0 && !hearth_is_blank (s[len - 1]))
    len--;
  return len;
}

/* A count is flamegraph.pl's `\d+(\.\d*)?`; integers are exact up to 2^63 - 1, and larger
 * values are capped there. */
static HearthCountResult
hearth_folded_parse_count (GString    *num_buf,
                           const char *s,
                           gsize       len,
                           double     *out)
{
  gboolean negative = FALSE;
  gsize digits = 0, dot = G_MAXSIZE;
  guint64 v = 0;
  gboolean overflow = FALSE;

  if (len > 0 && s[0] == '-')
    {
      negative = TRUE;
      s++;
      len--;
    }
  for (gsize i = 0; i < len; i++)
    {
      if (g_ascii_isdigit (s[i]))
        {
          if (dot == G_MAXSIZE)
            {
              digits++;
              if (v > ((guint64) G_MAXINT64 - (s[i] - '0')) / 10)
                overflow = TRUE;
              else
                v = v * 10 + (guint64) (s[i] - '0');
            }
        }
      else if (s[i] == '.' && dot == G_MAXSIZE)
        dot = i;
      else
        return HEARTH_COUNT_INVALID;
    }
  if (digits == 0)
    return HEARTH_COUNT_INVALID;
  if (negative)
    return HEARTH_COUNT_NEGATIVE;
  if (overflow)
    {
      *out = (double) G_MAXINT64;
      return HEARTH_COUNT_SATURATED;
    }
  if (dot == G_MAXSIZE)
    {
      *out = (double) v;
      return HEARTH_COUNT_OK;
    }
  g_string_truncate (num_buf, 0);
  g_string_append_len (num_buf, s, len);
  *out = g_ascii_strtod (num_buf->str, NULL);
  return HEARTH_COUNT_OK;
}

/* Splits a data line into its stack and count(s). Returns %NULL, or why the line is ignored. */
const char *
_hearth_folded_parse_line (GString          *num_buf,
                           const char       *line,
                           gsize             len,
                           HearthFoldedLine *out)
{
  gsize tok = hearth_last_token (line, len);
  gsize pair_tok;
  HearthCountResult r;

  memset (out, 0, sizeof *out);
  if (tok == 0)
    return "no count";
  r = hearth_folded_parse_count (num_buf, line + tok, len - tok, &out->count);
  if (r == HEARTH_COUNT_NEGATIVE)
    return "negative count";
  if (r == HEARTH_COUNT_INVALID)
    return "no count";
  out->saturated = r == HEARTH_COUNT_SATURATED;
  out->stack = line;
  out->stack_len = hearth_trim_end (line, tok);
  if (out->stack_len == 0)
    return "no stack";

  /* difffolded.pl's `STACK BEFORE AFTER`: a second count before the last one */
  pair_tok = hearth_last_token (line, out->stack_len);
  if (pair_tok > 0)
    {
      r = hearth_folded_parse_count (num_buf, line + pair_tok, out->stack_len - pair_tok,
                                     &out->first);
      out->pair_len = hearth_trim_end (line, pair_tok);
      out->has_pair = (r == HEARTH_COUNT_OK || r == HEARTH_COUNT_SATURATED) && out->pair_len > 0;
      out->first_saturated = r == HEARTH_COUNT_SATURATED;
    }
  return NULL;
}
