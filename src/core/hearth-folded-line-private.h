/* hearth-folded-line-private.h: one line of folded stacks taken apart, for the folded
 * reader and its parallel parts.
 *
 * Copyright 2026 The Hearth authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <glib.h>

G_BEGIN_DECLS

/* Where a frame's name and file are in its text; plain names have file "" and line 0. */
typedef struct
{
  gsize  name_start, name_len;
  gsize  file_start, file_len;
  gint64 line;
} HearthFrameParts;

/* A data line: its stack and its count, and for difffolded.pl's `STACK BEFORE AFTER` the
 * first count too. */
typedef struct
{
  const char *stack;
  gsize       stack_len;
  double      count;
  gboolean    saturated;
  gboolean    has_pair;
  gsize       pair_len;
  double      first;
  gboolean    first_saturated;
} HearthFoldedLine;

static inline gboolean
hearth_is_blank (char c)
{
  return c == ' ' || c == '\t' || c == '\r' || c == '\v' || c == '\f';
}

static inline gsize
hearth_trim_end (const char *s,
                 gsize       len)
{
  while (len > 0 && hearth_is_blank (s[len - 1]))
    len--;
  return len;
}

/* Fills @parts with what to display for frame @f. @cpython: the file is CPython 3.15's
 * collapsed output (its `tid:N` root frames), so any `FILE:FUNC:LINE` frame is one of its
 * frames. */
void        _hearth_folded_parse_frame (const char       *f,
                                        gsize             n,
                                        gboolean          cpython,
                                        HearthFrameParts *parts);
/* Splits a data line into its stack and count(s). Returns %NULL, or why the line is
 * ignored. */
const char *_hearth_folded_parse_line  (GString          *num_buf,
                                        const char       *line,
                                        gsize             len,
                                        HearthFoldedLine *out);

G_END_DECLS
