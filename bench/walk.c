/* walk.c: the floor for any .prof reader: a walk of the marshal stream that visits every
 * value and builds nothing.
 *
 * Copyright 2026 The Hearth authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * Each value's type byte is read and its payload stepped over; containers are counted
 * down on a small stack; a reference is a value of 5 bytes (its target is not visited
 * again), as are the values a reader must look at to know where the next one starts.
 * Code objects do not occur in cProfile files: the walk stops at one, as at anything it
 * does not know.
 */

#include "walk.h"

#include <string.h>

#define WALK_MAX_DEPTH 64

static inline guint32
walk_u32 (const guint8 *p)
{
  guint32 v;

  memcpy (&v, p, 4);
  return GUINT32_FROM_LE (v);
}

/* The size of the payload of a scalar at @p (type byte included), or 0 for a container
 * start, or G_MAXSIZE when the value is unknown or runs past @end. */
static inline gsize
walk_scalar (const guint8 *p,
             const guint8 *end)
{
  gsize left = (gsize) (end - p);

  switch (p[0] & 0x7f)
    {
    case '0': case 'N': case 'T': case 'F': case 'S': case '.':
      return 1;
    case 'i': case 'r':
      return left >= 5 ? 5 : G_MAXSIZE;
    case 'g': case 'I':
      return left >= 9 ? 9 : G_MAXSIZE;
    case 'y':
      return left >= 17 ? 17 : G_MAXSIZE;
    case 'z': case 'Z':
      return left >= 2 && left - 2 >= p[1] ? 2 + (gsize) p[1] : G_MAXSIZE;
    case 'a': case 'A': case 'u': case 't': case 's':
      return left >= 5 && left - 5 >= walk_u32 (p + 1) ? 5 + (gsize) walk_u32 (p + 1)
                                                      : G_MAXSIZE;
    case 'l':
      if (left < 5)
        return G_MAXSIZE;
      {
        gint32 n = (gint32) walk_u32 (p + 1);
        guint64 digits = n < 0 ? -(gint64) n : n;

        return left - 5 >= 2 * digits ? 5 + 2 * digits : G_MAXSIZE;
      }
    case ')': case '(': case '[': case '<': case '>': case '{':
      return 0;
    default:
      return G_MAXSIZE;
    }
}

/**
 * hearth_bench_walk:
 * @data: a marshalled value
 * @length: its size
 * @n_values: (out): how many values were visited
 *
 * Returns: %TRUE if the walk reached the end of the top-level value
 */
gboolean
hearth_bench_walk (const guint8 *data,
                   gsize         length,
                   guint64      *n_values)
{
  const guint8 *p = data, *end = data + length;
  gint64 remaining[WALK_MAX_DEPTH + 1];   /* per open container; -1: a dict */
  guint depth = 0;
  guint64 n = 0;

  remaining[0] = 1;   /* the top-level value */
  for (;;)
    {
      gsize size;

      if (remaining[depth] == 0)
        {
          if (depth == 0)
            break;
          depth--;
          continue;
        }
      if (p >= end)
        return FALSE;
      if (remaining[depth] < 0 && p[0] == '0')
        {
          p++;
          depth--;
          continue;
        }
      if (remaining[depth] > 0)
        remaining[depth]--;
      n++;
      size = walk_scalar (p, end);
      if (size == G_MAXSIZE)
        return FALSE;
      if (size > 0)
        {
          p += size;
          continue;
        }
      if (depth == WALK_MAX_DEPTH)
        return FALSE;
      switch (p[0] & 0x7f)
        {
        case '{':
          remaining[++depth] = -1;
          p += 1;
          break;
        case ')':
          if (end - p < 2)
            return FALSE;
          remaining[++depth] = p[1];
          p += 2;
          break;
        default:
          if (end - p < 5)
            return FALSE;
          remaining[++depth] = walk_u32 (p + 1);
          p += 5;
          break;
        }
    }
  *n_values = n;
  return TRUE;
}
