/* hearth-speedscope-scan.c: the big arrays of a speedscope file, read from its text.
 *
 * Copyright 2026 The Hearth authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * json-glib makes a node for every number of a document: a py-spy recording of 10 million
 * samples (1 GB) takes minutes and many times its size. Almost all of such a file is the
 * "samples", "weights" and "events" arrays of its profiles. One pass here checks the syntax
 * of the whole text (strict JSON, with no stack and no allocation per value) and notes where
 * those arrays are; json-glib then reads the rest with them cut out, and the reader walks
 * their text with a cursor.
 */

#define G_LOG_DOMAIN "hearth-speedscope"

#include "hearth-speedscope-scan.h"
#include "hearth-profile.h"

#include <math.h>
#include <string.h>

typedef enum
{
  ROLE_NONE,
  ROLE_ROOT,       /* the top-level object */
  ROLE_PROFILES,   /* its "profiles" array */
  ROLE_PROFILE,    /* an object in that array */
  ROLE_BIG,        /* a "samples", "weights" or "events" array of a profile */
} Role;

typedef struct
{
  char   close;
  guint8 role;
  guint8 member;
  guint  profile;
  gsize  start;
  guint  count;
} Level;

typedef struct
{
  const guint8           *data;
  gsize                   len;
  gsize                   pos;
  HearthSpeedscopeArrays *out;
} Scan;

static gint
hex4 (const guint8 *p)
{
  gint v = 0;

  for (guint i = 0; i < 4; i++)
    v = v * 16 + g_ascii_xdigit_value (p[i]);
  return v;
}

static const char *const member_names[HEARTH_SPEEDSCOPE_N_MEMBERS] = {
  "samples", "weights", "events",
};

static inline gboolean
is_blank (guint8 c)
{
  return c == ' ' || c == '\n' || c == '\r' || c == '\t';
}

static inline gsize
skip_blanks (const guint8 *data,
             gsize         len,
             gsize         pos)
{
  while (pos < len && is_blank (data[pos]))
    pos++;
  return pos;
}

/* Reports a syntax error as json-glib does: line and column, counted from 1. */
static gboolean
syntax_error (Scan        *scan,
              const char  *problem,
              GError     **error)
{
  guint line = 1;
  gsize line_start = 0;

  for (const guint8 *nl = scan->data;
       (nl = memchr (nl, '\n', scan->pos - (nl - scan->data))) != NULL; nl++)
    {
      line++;
      line_start = nl + 1 - scan->data;
    }
  if (scan->pos >= scan->len)
    g_set_error (error, HEARTH_PROFILE_ERROR, HEARTH_PROFILE_ERROR_BAD_TYPE,
                 "speedscope: invalid JSON: <data>:%u:%" G_GSIZE_FORMAT ": Parse error: "
                 "unexpected end of data, %s", line, scan->pos - line_start + 1, problem);
  else if (scan->data[scan->pos] >= 0x20 && scan->data[scan->pos] < 0x7F)
    g_set_error (error, HEARTH_PROFILE_ERROR, HEARTH_PROFILE_ERROR_BAD_TYPE,
                 "speedscope: invalid JSON: <data>:%u:%" G_GSIZE_FORMAT ": Parse error: "
                 "unexpected character `%c', %s", line, scan->pos - line_start + 1,
                 scan->data[scan->pos], problem);
  else
    g_set_error (error, HEARTH_PROFILE_ERROR, HEARTH_PROFILE_ERROR_BAD_TYPE,
                 "speedscope: invalid JSON: <data>:%u:%" G_GSIZE_FORMAT ": Parse error: "
                 "unexpected byte 0x%02x, %s", line, scan->pos - line_start + 1,
                 scan->data[scan->pos], problem);
  return FALSE;
}

/* A string from its opening quote; sets *escaped when it has a backslash. Bytes of 0x80 and
 * up pass (invalid UTF-8 is repaired elsewhere), as do control characters (json-glib takes
 * them too). */
static gboolean
scan_string (Scan      *scan,
             gboolean  *escaped,
             GError   **error)
{
  const guint8 *data = scan->data;
  gsize pos = scan->pos + 1, len = scan->len;

  *escaped = FALSE;
  for (;;)
    {
      const guint8 *quote = memchr (data + pos, '"', len - pos);
      const guint8 *slash = memchr (data + pos, '\\', (quote != NULL ? quote : data + len) -
                                                      (data + pos));

      if (slash == NULL)
        {
          if (quote == NULL)
            {
              scan->pos = len;
              return syntax_error (scan, "unterminated string", error);
            }
          scan->pos = quote + 1 - data;
          return TRUE;
        }
      *escaped = TRUE;
      pos = slash + 1 - data;
      if (pos < len && data[pos] == 'u')
        {
          gint v;

          for (guint i = 1; i <= 4; i++)
            if (pos + i >= len || !g_ascii_isxdigit (data[pos + i]))
              {
                scan->pos = MIN (pos + i, len);
                return syntax_error (scan, "expected four hex digits after \\u", error);
              }
          /* a UTF-16 surrogate not in a pair (json-glib refuses it; the reader mends it) */
          v = hex4 (data + pos + 1);
          if (v >= 0xD800 && v <= 0xDBFF && pos + 10 < len && data[pos + 5] == '\\' &&
              data[pos + 6] == 'u' && g_ascii_isxdigit (data[pos + 7]) &&
              g_ascii_isxdigit (data[pos + 8]) && g_ascii_isxdigit (data[pos + 9]) &&
              g_ascii_isxdigit (data[pos + 10]) && hex4 (data + pos + 7) >= 0xDC00 &&
              hex4 (data + pos + 7) <= 0xDFFF)
            pos += 6;
          else if (v >= 0xD800 && v <= 0xDFFF)
            scan->out->n_lone++;
          pos += 5;
        }
      else if (pos < len && strchr ("\"\\/bfnrt", data[pos]) != NULL && data[pos] != '\0')
        pos++;
      else
        {
          scan->pos = pos;
          return syntax_error (scan, "invalid escape", error);
        }
    }
}

static gboolean
scan_digits (Scan *scan)
{
  gsize start = scan->pos;

  while (scan->pos < scan->len && g_ascii_isdigit (scan->data[scan->pos]))
    scan->pos++;
  return scan->pos > start;
}

/* RFC 8259 numbers: -?(0|[1-9][0-9]*)(\.[0-9]+)?([eE][+-]?[0-9]+)? */
static gboolean
scan_number (Scan    *scan,
             GError **error)
{
  if (scan->data[scan->pos] == '-')
    scan->pos++;
  if (scan->pos < scan->len && scan->data[scan->pos] == '0')
    scan->pos++;
  else if (!scan_digits (scan))
    return syntax_error (scan, "expected a digit", error);
  if (scan->pos < scan->len && scan->data[scan->pos] == '.')
    {
      scan->pos++;
      if (!scan_digits (scan))
        return syntax_error (scan, "expected a digit after the decimal point", error);
    }
  if (scan->pos < scan->len && (scan->data[scan->pos] | 0x20) == 'e')
    {
      scan->pos++;
      if (scan->pos < scan->len && (scan->data[scan->pos] == '+' || scan->data[scan->pos] == '-'))
        scan->pos++;
      if (!scan_digits (scan))
        return syntax_error (scan, "expected a digit in the exponent", error);
    }
  return TRUE;
}

static gboolean
scan_literal (Scan    *scan,
              GError **error)
{
  static const char *const words[] = { "true", "false", "null" };

  for (guint i = 0; i < G_N_ELEMENTS (words); i++)
    {
      gsize n = strlen (words[i]);

      if (scan->len - scan->pos >= n && memcmp (scan->data + scan->pos, words[i], n) == 0)
        {
          scan->pos += n;
          return TRUE;
        }
    }
  return syntax_error (scan, "expected a value", error);
}

/* Whether the key [start, end) of the text says @word, escapes decoded. */
static gboolean
key_is (const guint8 *data,
        gsize         start,
        gsize         end,
        gboolean      escaped,
        const char   *word)
{
  gsize n = strlen (word), k = 0;

  if (!escaped)
    return end - start == n && memcmp (data + start, word, n) == 0;
  for (gsize i = start; i < end; k++)
    {
      guint c = data[i];

      if (c == '\\' && data[i + 1] == 'u')
        {
          c = 0;
          for (guint d = 2; d < 6; d++)
            c = c * 16 + g_ascii_xdigit_value (data[i + d]);
          i += 6;
        }
      else if (c == '\\')
        {
          c = data[i + 1];
          i += 2;
        }
      else
        i++;
      if (k >= n || c != (guchar) word[k])
        return FALSE;
    }
  return k == n;
}

/* Which member of a profile the key names, or -1. */
static gint
key_member (const guint8 *data,
            gsize         start,
            gsize         end,
            gboolean      escaped)
{
  for (guint m = 0; m < HEARTH_SPEEDSCOPE_N_MEMBERS; m++)
    if (key_is (data, start, end, escaped, member_names[m]))
      return m;
  return -1;
}

/* Forgets what the scan noted for @member of @profile: entries are in profile order, and
 * only the profile being scanned can still change. */
static void
forget_entry (HearthSpeedscopeArrays *out,
              guint                   profile,
              guint                   member)
{
  for (guint i = out->entries->len; i-- > 0;)
    {
      HearthSpeedscopeEntry *entry = &g_array_index (out->entries, HearthSpeedscopeEntry, i);

      if (entry->profile != profile)
        break;
      if (entry->member == member)
        {
          g_array_remove_index (out->entries, i);
          break;
        }
    }
}

/* Sets up the level of a container about to open at scan->pos, from where it stands: its
 * parent's level and, in an object, the member it is the value of (-1 for any other). */
static void
open_level (Scan  *scan,
            Level *parent,
            gint   key,
            Level *level)
{
  level->close = scan->data[scan->pos] == '{' ? '}' : ']';
  level->role = ROLE_NONE;
  level->count = 0;
  if (parent == NULL)
    level->role = level->close == '}' ? ROLE_ROOT : ROLE_NONE;
  else if (parent->role == ROLE_ROOT && key == 0 && level->close == ']')
    level->role = ROLE_PROFILES;
  else if (parent->role == ROLE_PROFILES && level->close == '}')
    {
      level->role = ROLE_PROFILE;
      level->profile = parent->count - 1;
    }
  else if (parent->role == ROLE_PROFILE && key >= 0 && level->close == ']')
    {
      level->role = ROLE_BIG;
      level->member = key;
      level->profile = parent->profile;
      level->start = scan->pos;
    }
}

/* Notes a value starting at scan->pos in @parent (NULL for the top level), as the member
 * @key (-1 for another key or an array element). Last one wins, as in json-glib: a member
 * given again replaces what the scan noted for it. */
static void
note_value (Scan  *scan,
            Level *parent,
            gint   key)
{
  if (parent == NULL)
    return;
  if (parent->role == ROLE_ROOT && key == 0)
    g_array_set_size (scan->out->entries, 0);
  else if (parent->role == ROLE_PROFILE && key >= 0)
    forget_entry (scan->out, parent->profile, key);
  if (parent->close == ']')
    parent->count++;
}

static void
close_level (Scan  *scan,
             Level *level)
{
  HearthSpeedscopeEntry entry = { level->profile, level->member,
                                  { level->start, scan->pos, level->count } };

  if (level->role != ROLE_BIG)
    return;
  g_array_append_val (scan->out->entries, entry);
  g_array_append_val (scan->out->cuts, entry.span);
}

/* The key of a member, then its colon; sets *key to the member it is, if it matters. */
static gboolean
scan_key (Scan    *scan,
          Level   *level,
          gint    *key,
          GError **error)
{
  gsize start = scan->pos + 1;
  gboolean escaped;

  if (scan->pos >= scan->len || scan->data[scan->pos] != '"')
    return syntax_error (scan, "expected a member name", error);
  if (!scan_string (scan, &escaped, error))
    return FALSE;
  *key = -1;
  if (level->role == ROLE_ROOT)
    *key = key_is (scan->data, start, scan->pos - 1, escaped, "profiles") ? 0 : -1;
  else if (level->role == ROLE_PROFILE)
    *key = key_member (scan->data, start, scan->pos - 1, escaped);
  scan->pos = skip_blanks (scan->data, scan->len, scan->pos);
  if (scan->pos >= scan->len || scan->data[scan->pos] != ':')
    return syntax_error (scan, "expected `:'", error);
  scan->pos = skip_blanks (scan->data, scan->len, scan->pos + 1);
  return TRUE;
}

static gboolean
scan_scalar (Scan    *scan,
             GError **error)
{
  guint8 c = scan->data[scan->pos];
  gboolean escaped;

  if (c == '"')
    return scan_string (scan, &escaped, error);
  if (c == '-' || g_ascii_isdigit (c))
    return scan_number (scan, error);
  return scan_literal (scan, error);
}

static inline gboolean
is_digit (guint8 c)
{
  return (guint8) (c - '0') < 10;
}

/* A flat array of numbers (a sample, the weights: the bulk of a recording) in one tight
 * loop, its element count in @count. At anything else it returns FALSE with the position
 * where it was: the general path then reads the array, and words any error. */
static gboolean
scan_flat_numbers (Scan  *scan,
                   guint *count)
{
  const guint8 *d = scan->data;
  gsize pos = skip_blanks (d, scan->len, scan->pos + 1), len = scan->len;
  guint n = 0;

  if (pos < len && d[pos] == ']')
    goto done;
  for (;;)
    {
      if (pos < len && d[pos] == '-')
        pos++;
      if (pos < len && d[pos] == '0')
        pos++;
      else if (pos < len && is_digit (d[pos]) && d[pos] != '0')
        while (++pos < len && is_digit (d[pos]))
          ;
      else
        return FALSE;
      if (pos < len && d[pos] == '.')
        {
          if (++pos >= len || !is_digit (d[pos]))
            return FALSE;
          while (++pos < len && is_digit (d[pos]))
            ;
        }
      if (pos < len && (d[pos] | 0x20) == 'e')
        {
          if (++pos < len && (d[pos] == '+' || d[pos] == '-'))
            pos++;
          if (pos >= len || !is_digit (d[pos]))
            return FALSE;
          while (++pos < len && is_digit (d[pos]))
            ;
        }
      n++;
      pos = skip_blanks (d, len, pos);
      if (pos < len && d[pos] == ',')
        pos = skip_blanks (d, len, pos + 1);
      else if (pos < len && d[pos] == ']')
        break;
      else
        return FALSE;
    }
done:
  scan->pos = pos + 1;
  *count = n;
  return TRUE;
}

static gboolean
scan_document (Scan    *scan,
               Level   *stack,
               guint    max_depth,
               GError **error)
{
  guint depth = 0;
  gint key = -1;

  scan->pos = skip_blanks (scan->data, scan->len, 0);
  if (scan->pos == scan->len)
    return TRUE;   /* json-glib takes an empty document: no root */
  for (;;)
    {
      Level *top;

      /* a value */
      if (scan->pos >= scan->len)
        return syntax_error (scan, "expected a value", error);
      note_value (scan, depth > 0 ? &stack[depth - 1] : NULL, key);
      if (scan->data[scan->pos] == '{' || scan->data[scan->pos] == '[')
        {
          if (depth >= max_depth)
            {
              g_set_error (error, HEARTH_PROFILE_ERROR, HEARTH_PROFILE_ERROR_TOO_LARGE,
                           "speedscope: JSON nested more than %u levels deep", max_depth);
              return FALSE;
            }
          open_level (scan, depth > 0 ? &stack[depth - 1] : NULL, key, &stack[depth]);
          if (stack[depth].close == ']' &&
              (stack[depth].role == ROLE_BIG || (depth > 0 && stack[depth - 1].role == ROLE_BIG)) &&
              scan_flat_numbers (scan, &stack[depth].count))
            close_level (scan, &stack[depth]);
          else
            {
              depth++;
              scan->pos = skip_blanks (scan->data, scan->len, scan->pos + 1);
              if (scan->pos >= scan->len)
                return syntax_error (scan, "expected a value", error);
              if (scan->data[scan->pos] != stack[depth - 1].close)
                {
                  key = -1;
                  if (stack[depth - 1].close == '}' &&
                      !scan_key (scan, &stack[depth - 1], &key, error))
                    return FALSE;
                  continue;   /* to its first value */
                }
              scan->pos++;
              close_level (scan, &stack[--depth]);
            }
        }
      else if (!scan_scalar (scan, error))
        return FALSE;

      /* after a value: a comma, or the end of containers */
      for (;;)
        {
          scan->pos = skip_blanks (scan->data, scan->len, scan->pos);
          if (depth == 0)
            return scan->pos == scan->len || syntax_error (scan, "expected the end", error);
          top = &stack[depth - 1];
          if (scan->pos < scan->len && scan->data[scan->pos] == top->close)
            {
              scan->pos++;
              close_level (scan, &stack[--depth]);
              continue;
            }
          if (scan->pos >= scan->len || scan->data[scan->pos] != ',')
            return syntax_error (scan, top->close == '}' ? "expected `,' or `}'"
                                                         : "expected `,' or `]'", error);
          scan->pos = skip_blanks (scan->data, scan->len, scan->pos + 1);
          key = -1;
          if (top->close == '}' && !scan_key (scan, top, &key, error))
            return FALSE;
          break;
        }
    }
}

/**
 * _hearth_speedscope_scan:
 * @data: the JSON text
 * @len: its length
 * @max_depth: the deepest nesting allowed
 * @out: (out caller-allocates): where the big arrays are; clear with
 *   _hearth_speedscope_arrays_clear ()
 * @error: return location for an error
 *
 * Checks that @data is one JSON value (or nothing but blanks) and finds the big arrays of
 * its profiles.
 *
 * Returns: %FALSE with @error set ("speedscope: invalid JSON: ...") when it is not
 */
gboolean
_hearth_speedscope_scan (const guint8            *data,
                         gsize                    len,
                         guint                    max_depth,
                         HearthSpeedscopeArrays  *out,
                         GError                 **error)
{
  g_autofree Level *stack = g_new (Level, max_depth + 1);
  Scan scan = { data, len, 0, out };

  out->n_lone = 0;
  out->entries = g_array_new (FALSE, FALSE, sizeof (HearthSpeedscopeEntry));
  out->cuts = g_array_new (FALSE, FALSE, sizeof (HearthSpeedscopeSpan));
  return scan_document (&scan, stack, max_depth, error);
}

void
_hearth_speedscope_arrays_clear (HearthSpeedscopeArrays *arrays)
{
  g_clear_pointer (&arrays->entries, g_array_unref);
  g_clear_pointer (&arrays->cuts, g_array_unref);
}

/* The span of @member of profile @profile, or %NULL when the scan kept none. */
const HearthSpeedscopeSpan *
_hearth_speedscope_arrays_get (const HearthSpeedscopeArrays *arrays,
                               guint                         profile,
                               HearthSpeedscopeMember        member)
{
  guint lo = 0, hi;

  if (arrays->entries == NULL)
    return NULL;
  hi = arrays->entries->len;
  while (lo < hi)
    {
      guint mid = lo + (hi - lo) / 2;

      if (g_array_index (arrays->entries, HearthSpeedscopeEntry, mid).profile < profile)
        lo = mid + 1;
      else
        hi = mid;
    }
  for (; lo < arrays->entries->len; lo++)
    {
      const HearthSpeedscopeEntry *entry = &g_array_index (arrays->entries,
                                                           HearthSpeedscopeEntry, lo);

      if (entry->profile != profile)
        break;
      if (entry->member == member)
        return &entry->span;
    }
  return NULL;
}

guint8 *
_hearth_speedscope_arrays_skeleton (const HearthSpeedscopeArrays *arrays,
                                    const guint8                 *data,
                                    gsize                         len,
                                    gsize                        *len_out)
{
  gsize size = len, from = 0, at = 0;
  guint8 *out;

  for (guint i = 0; i < arrays->cuts->len; i++)
    {
      const HearthSpeedscopeSpan *cut = &g_array_index (arrays->cuts, HearthSpeedscopeSpan, i);

      size -= cut->end - cut->start - 2;
    }
  out = g_malloc (size + 1);
  for (guint i = 0; i < arrays->cuts->len; i++)
    {
      const HearthSpeedscopeSpan *cut = &g_array_index (arrays->cuts, HearthSpeedscopeSpan, i);

      memcpy (out + at, data + from, cut->start - from);
      at += cut->start - from;
      memcpy (out + at, "[]", 2);
      at += 2;
      from = cut->end;
    }
  memcpy (out + at, data + from, len - from);
  at += len - from;
  out[at] = '\0';
  *len_out = at;
  return out;
}

/* Cursor ----------------------------------------------------------------------------------- */

void
_hearth_json_cursor_init (HearthJsonCursor           *cursor,
                          const guint8               *data,
                          const HearthSpeedscopeSpan *span)
{
  cursor->p = (const char *) data + span->start + 1;
  cursor->end = (const char *) data + span->end;
}

static inline void
cursor_blanks (HearthJsonCursor *cursor)
{
  while (cursor->p < cursor->end && is_blank (*cursor->p))
    cursor->p++;
}

gboolean
_hearth_json_cursor_next (HearthJsonCursor *cursor)
{
  cursor_blanks (cursor);
  if (cursor->p < cursor->end && *cursor->p == ',')
    {
      cursor->p++;
      cursor_blanks (cursor);
    }
  if (cursor->p >= cursor->end)
    return FALSE;
  if (*cursor->p == ']' || *cursor->p == '}')
    {
      cursor->p++;
      return FALSE;
    }
  return TRUE;
}

gboolean
_hearth_json_cursor_enter (HearthJsonCursor *cursor,
                           char              open)
{
  if (cursor->p >= cursor->end || *cursor->p != open)
    return FALSE;
  cursor->p++;
  return TRUE;
}

/* At an element: the length of its text when it is an array of numbers alone ("[0,1,2]"),
 * else 0. Such a text means the same wherever it stands. */
gsize
_hearth_json_cursor_plain_array (HearthJsonCursor *cursor)
{
  const char *p = cursor->p;

  if (p >= cursor->end || *p != '[')
    return 0;
  for (p++; p < cursor->end; p++)
    {
      if (*p == ']')
        return p + 1 - cursor->p;
      if (*p == '[' || *p == '{' || *p == '"' || *p == 'n' || *p == 't' || *p == 'f')
        return 0;
    }
  return 0;
}

static void
cursor_skip_string (HearthJsonCursor *cursor)
{
  for (cursor->p++; cursor->p < cursor->end && *cursor->p != '"'; cursor->p++)
    if (*cursor->p == '\\')
      cursor->p++;
  cursor->p++;
}

/* Skips the element the cursor is at (checked text: brackets match, strings end). */
static void
cursor_skip (HearthJsonCursor *cursor)
{
  guint depth = 0;

  while (cursor->p < cursor->end)
    {
      char c = *cursor->p;

      if (c == '"')
        {
          cursor_skip_string (cursor);
          if (depth == 0)
            return;
          continue;
        }
      if (c == '[' || c == '{')
        depth++;
      else if (c == ']' || c == '}')
        {
          if (depth == 0)
            return;
          if (--depth == 0)
            {
              cursor->p++;
              return;
            }
        }
      else if (depth == 0 && (c == ',' || is_blank (c)))
        return;
      cursor->p++;
    }
}

static const double powers_of_ten[] = {
  1e0, 1e1, 1e2, 1e3, 1e4, 1e5, 1e6, 1e7, 1e8, 1e9, 1e10, 1e11, 1e12, 1e13, 1e14, 1e15,
  1e16, 1e17, 1e18, 1e19, 1e20, 1e21, 1e22,
};

/* A checked number token. Integers are json-glib's: the digits as an unsigned 64-bit value
 * (saturated), then taken as signed; others are rounded correctly like strtod, by exact
 * arithmetic when mantissa and scale are small enough (the common "0.01"). */
static double
cursor_number (HearthJsonCursor *cursor)
{
  const char *start = cursor->p, *p = start;
  gboolean negative = *p == '-', simple = TRUE;
  guint64 mantissa = 0;
  gint scale = 0, digits = 0;

  if (negative)
    p++;
  for (; p < cursor->end && g_ascii_isdigit (*p); p++, digits++)
    mantissa = mantissa > (G_MAXUINT64 - 9) / 10 ? G_MAXUINT64 : mantissa * 10 + (*p - '0');
  if (p >= cursor->end || (*p != '.' && (*p | 0x20) != 'e'))
    {
      cursor->p = p;
      return (double) (gint64) (negative ? 0 - mantissa : mantissa);
    }
  if (*p == '.')
    for (p++; p < cursor->end && g_ascii_isdigit (*p); p++, digits++, scale--)
      mantissa = mantissa * 10 + (*p - '0');
  if (p < cursor->end && (*p | 0x20) == 'e')
    {
      simple = FALSE;
      for (p++; p < cursor->end && (*p == '+' || *p == '-' || g_ascii_isdigit (*p)); p++)
        ;
    }
  cursor->p = p;
  if (simple && digits <= 15 && -scale < (gint) G_N_ELEMENTS (powers_of_ten))
    {
      double v = (double) mantissa / powers_of_ten[-scale];

      return negative ? -v : v;
    }
  return g_ascii_strtod (start, NULL);
}

void
_hearth_json_cursor_value (HearthJsonCursor *cursor,
                           HearthJsonValue  *value)
{
  char c = *cursor->p;

  if (c == '-' || g_ascii_isdigit (c))
    {
      value->number = cursor_number (cursor);
      value->kind = isfinite (value->number) ? HEARTH_JSON_NUMBER : HEARTH_JSON_OTHER;
      return;
    }
  value->kind = c == 'n' ? HEARTH_JSON_NULL : HEARTH_JSON_OTHER;
  cursor_skip (cursor);
}

static guint
text_hex4 (const char *p)
{
  return hex4 ((const guint8 *) p);
}

static void
cursor_decode_string (HearthJsonCursor *cursor,
                      GString          *out)
{
  const char *p = cursor->p + 1;

  g_string_truncate (out, 0);
  while (p < cursor->end && *p != '"')
    {
      const char *run = p;
      guint c;

      while (p < cursor->end && *p != '"' && *p != '\\' && *p != '\0')
        p++;
      g_string_append_len (out, run, p - run);
      if (p >= cursor->end || *p == '"')
        break;
      if (*p == '\0')
        {
          /* as in the repaired text json-glib reads */
          g_string_append (out, "\xef\xbf\xbd");
          p++;
          continue;
        }
      switch (p[1])
        {
        case 'b': g_string_append_c (out, '\b'); p += 2; continue;
        case 'f': g_string_append_c (out, '\f'); p += 2; continue;
        case 'n': g_string_append_c (out, '\n'); p += 2; continue;
        case 'r': g_string_append_c (out, '\r'); p += 2; continue;
        case 't': g_string_append_c (out, '\t'); p += 2; continue;
        case 'u': break;
        default: g_string_append_c (out, p[1]); p += 2; continue;
        }
      c = text_hex4 (p + 2);
      p += 6;
      if (c >= 0xD800 && c <= 0xDBFF && p + 6 <= cursor->end && p[0] == '\\' && p[1] == 'u' &&
          text_hex4 (p + 2) >= 0xDC00 && text_hex4 (p + 2) <= 0xDFFF)
        {
          c = 0x10000 + ((c - 0xD800) << 10) + (text_hex4 (p + 2) - 0xDC00);
          p += 6;
        }
      else if (c >= 0xD800 && c <= 0xDFFF)
        c = 0xFFFD;   /* a lone surrogate, as the rest of the document has it */
      g_string_append_unichar (out, c);
    }
  cursor->p = p + 1;
}

gboolean
_hearth_json_cursor_member (HearthJsonCursor *cursor,
                            GString          *name)
{
  if (!_hearth_json_cursor_next (cursor))
    return FALSE;
  cursor_decode_string (cursor, name);
  cursor_blanks (cursor);
  cursor->p++;   /* the colon */
  cursor_blanks (cursor);
  return TRUE;
}

gboolean
_hearth_json_cursor_string (HearthJsonCursor *cursor,
                            GString          *out)
{
  if (*cursor->p != '"')
    {
      cursor_skip (cursor);
      return FALSE;
    }
  cursor_decode_string (cursor, out);
  return TRUE;
}
