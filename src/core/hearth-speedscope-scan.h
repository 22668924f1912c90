/* hearth-speedscope-scan.h: the big arrays of a speedscope file, read from its text.
 *
 * Copyright 2026 The Hearth authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <glib.h>

G_BEGIN_DECLS

typedef enum
{
  HEARTH_SPEEDSCOPE_SAMPLES,
  HEARTH_SPEEDSCOPE_WEIGHTS,
  HEARTH_SPEEDSCOPE_EVENTS,
  HEARTH_SPEEDSCOPE_N_MEMBERS
} HearthSpeedscopeMember;

/* The text of one array: from its '[' to one past its ']'. */
typedef struct
{
  gsize start;
  gsize end;
  guint n_elements;
} HearthSpeedscopeSpan;

typedef struct
{
  guint                profile;
  guint                member;
  HearthSpeedscopeSpan span;
} HearthSpeedscopeEntry;

/* What the scan found: the span of each member of a profile (by its index in the last root
 * "profiles" array) that json-glib keeps (the last one, when it is an array), by profile,
 * and every span to cut out of the text handed to json-glib, in text order. */
typedef struct
{
  GArray *entries;    /* HearthSpeedscopeEntry */
  GArray *cuts;       /* HearthSpeedscopeSpan */
  gsize   n_lone;     /* escaped UTF-16 surrogates not in a pair, in all strings */
} HearthSpeedscopeArrays;

typedef enum
{
  HEARTH_JSON_MISSING,
  HEARTH_JSON_NULL,
  HEARTH_JSON_NUMBER,   /* finite */
  HEARTH_JSON_OTHER,
} HearthJsonKind;

typedef struct
{
  HearthJsonKind kind;
  double         number;
} HearthJsonValue;

/* A walk over an array's elements in text the scan has checked. */
typedef struct
{
  const char *p;
  const char *end;
} HearthJsonCursor;

/* Checks the syntax (nesting at most @max_depth deep), counts the lone surrogates. */
gboolean  _hearth_speedscope_scan            (const guint8            *data,
                                              gsize                    len,
                                              guint                    max_depth,
                                              HearthSpeedscopeArrays  *out,
                                              GError                 **error);
void      _hearth_speedscope_arrays_clear    (HearthSpeedscopeArrays  *arrays);
const HearthSpeedscopeSpan *
          _hearth_speedscope_arrays_get      (const HearthSpeedscopeArrays *arrays,
                                              guint                    profile,
                                              HearthSpeedscopeMember   member);
/* The text with every cut span replaced by "[]"; @len_out gets its length. */
guint8   *_hearth_speedscope_arrays_skeleton (const HearthSpeedscopeArrays *arrays,
                                              const guint8            *data,
                                              gsize                    len,
                                              gsize                   *len_out);

void      _hearth_json_cursor_init           (HearthJsonCursor        *cursor,
                                              const guint8            *data,
                                              const HearthSpeedscopeSpan *span);
/* Steps to the next element: FALSE at the end of the array (then past its ']'). */
gboolean  _hearth_json_cursor_next           (HearthJsonCursor        *cursor);
/* At an element: whether it is an array or object, and if so, goes inside it. */
gboolean  _hearth_json_cursor_enter          (HearthJsonCursor        *cursor,
                                              char                     open);
/* At an element: reads it as a number, null or anything else (skipped). */
void      _hearth_json_cursor_value          (HearthJsonCursor        *cursor,
                                              HearthJsonValue         *value);
/* Inside an object: the next member's name into @name (decoded), FALSE at the object's end
 * (then past its '}'). The cursor is left at the member's value. */
gboolean  _hearth_json_cursor_member         (HearthJsonCursor        *cursor,
                                              GString                 *name);
gsize     _hearth_json_cursor_plain_array    (HearthJsonCursor        *cursor);
/* At an element: a string into @out (decoded), or FALSE (the element is skipped). */
gboolean  _hearth_json_cursor_string         (HearthJsonCursor        *cursor,
                                              GString                 *out);

G_END_DECLS
