/* hearth-folded-line-private.h: one line of folded stacks taken apart, and a frame's hash,
 * for the folded reader and its parallel parts.
 *
 * Copyright 2026 The Hearth authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <glib.h>
#include <string.h>

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

/* Frames are hashed 8 bytes at a time with a multiply-xorshift mix, keyed per file: some
 * times faster than SipHash on the bulk of a large file, where every byte is a frame's. */
static inline guint64
hearth_folded_mix (guint64 h)
{
  h ^= h >> 32;
  h *= G_GUINT64_CONSTANT (0xd6e8feb86659fd93);
  h ^= h >> 32;
  return h;
}

static inline guint64
hearth_folded_hash (guint64     seed,
                    const char *s,
                    gsize       n)
{
  guint64 h = seed ^ (n * G_GUINT64_CONSTANT (0x9e3779b97f4a7c15));
  guint64 w;
  gsize whole = n;

  for (; n >= 8; s += 8, n -= 8)
    {
      memcpy (&w, s, 8);
      h = (h ^ w) * G_GUINT64_CONSTANT (0xbf58476d1ce4e5b9);
      h ^= h >> 29;
    }
  /* the last bytes as one load of the word that ends with them, not byte by byte into a
   * word read back at once (a stall on every frame) */
  if (n == 0)
    w = 0;
  else if (whole >= 8)
    {
      memcpy (&w, s + n - 8, 8);
      w = G_BYTE_ORDER == G_LITTLE_ENDIAN ? w >> (8 * (8 - n)) : w << (8 * (8 - n));
    }
  else
    {
      w = 0;
      memcpy (&w, s, n);
    }
  return hearth_folded_mix (h ^ w);
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
