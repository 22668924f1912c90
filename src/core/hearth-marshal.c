/* hearth-marshal.c: a pull parser for Python's marshal format
 *
 * Copyright 2026 The Hearth authors
 *
 * This program is free software: you can redistribute it and/or modify it under the terms of
 * the GNU General Public License as published by the Free Software Foundation, either version 3
 * of the License, or (at your option) any later version.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#define G_LOG_DOMAIN "hearth-marshal"

#include "hearth-marshal.h"
#include "hearth-marshal-private.h"

#include <inttypes.h>
#include <glib/gi18n-lib.h>
#include <stdarg.h>
#include <string.h>

#include "hearth-types.h"

#define MARSHAL_MAX_INPUT      ((gsize) G_MAXINT32)
#define BUDGET_FACTOR  64
#define BUDGET_EXTRA   1000000

typedef enum
{
  CLASS_BYTES,
  CLASS_STRING,
  CLASS_TUPLE,
} ObjectClass;

/* Code objects have no version mark: the raw i32 fields and the objects that follow differ
 * between Python versions (FORMATS.md 1.8). Each layout is tried in turn; the classes of the
 * typed fields and the byte after the object tell a wrong guess from the right one. */
typedef struct
{
  guint8 n_raw;
  guint8 n_after;
  guint8 name_index;
  guint8 before[8];
  guint8 after[2];
} CodeLayout;

#define N_LAYOUTS 4

static const CodeLayout code_layouts[N_LAYOUTS] = {
  /* 3.11 to 3.14: code, consts, names, localsplusnames, localspluskinds, filename, name,
   * qualname; firstlineno; linetable, exceptiontable */
  { 5, 2, 6,
    { CLASS_BYTES, CLASS_TUPLE, CLASS_TUPLE, CLASS_TUPLE,
      CLASS_BYTES, CLASS_STRING, CLASS_STRING, CLASS_STRING },
    { CLASS_BYTES, CLASS_BYTES } },
  /* 3.8 to 3.10: posonlyargcount added; code, consts, names, varnames, freevars, cellvars,
   * filename, name; firstlineno; lnotab */
  { 6, 1, 7,
    { CLASS_BYTES, CLASS_TUPLE, CLASS_TUPLE, CLASS_TUPLE,
      CLASS_TUPLE, CLASS_TUPLE, CLASS_STRING, CLASS_STRING },
    { CLASS_BYTES } },
  /* 3.0 to 3.7: kwonlyargcount */
  { 5, 1, 7,
    { CLASS_BYTES, CLASS_TUPLE, CLASS_TUPLE, CLASS_TUPLE,
      CLASS_TUPLE, CLASS_TUPLE, CLASS_STRING, CLASS_STRING },
    { CLASS_BYTES } },
  /* 2.7 */
  { 4, 1, 7,
    { CLASS_BYTES, CLASS_TUPLE, CLASS_TUPLE, CLASS_TUPLE,
      CLASS_TUPLE, CLASS_TUPLE, CLASS_STRING, CLASS_STRING },
    { CLASS_BYTES } },
};

#define CODE_OBJECTS_BEFORE 8


static gboolean G_GNUC_PRINTF (4, 5)
fail (HearthMarshal  *self,
      GError        **error,
      gint            code,
      const char     *format,
      ...)
{
  va_list args;

  va_start (args, format);
  if (error != NULL)
    {
      g_autofree char *message = g_strdup_vprintf (format, args);

      g_set_error_literal (error, HEARTH_PROFILE_ERROR, code, message);
    }
  va_end (args);
  return FALSE;
}

static gboolean
need (HearthMarshal  *self,
      gsize           n,
      GError        **error)
{
  if (self->length - self->pos >= n)
    return TRUE;
  return fail (self, error, HEARTH_PROFILE_ERROR_TRUNCATED,
               _("truncated marshal data: need %zu bytes at offset 0x%zx"), n, self->pos);
}

static gboolean
charge (HearthMarshal  *self,
        guint64         units,
        GError        **error)
{
  if (units <= self->budget)
    {
      self->budget -= units;
      return TRUE;
    }
  self->fatal = TRUE;
  return fail (self, error, HEARTH_PROFILE_ERROR_TOO_LARGE,
               _("references expand the data more than %d times at offset 0x%zx"),
               BUDGET_FACTOR, self->pos);
}

/* The error of a value nested deeper than the parser goes (out of line: it has a message). */
gboolean
_hearth_marshal_fail_deep (HearthMarshal  *self,
                           gsize           offset,
                           GError        **error)
{
  return fail (self, error, HEARTH_PROFILE_ERROR_TOO_LARGE,
               _("nesting deeper than %d at offset 0x%zx"), HEARTH_MARSHAL_MAX_DEPTH, offset);
}

static inline guint8
get_u8 (HearthMarshal *self)
{
  return self->data[self->pos++];
}

static inline gint32
get_i32 (HearthMarshal *self)
{
  gint32 v = peek_i32 (self->data + self->pos);

  self->pos += 4;
  return v;
}

static inline guint64
get_u64 (HearthMarshal *self)
{
  guint64 v;

  memcpy (&v, self->data + self->pos, 8);
  self->pos += 8;
  return GUINT64_FROM_LE (v);
}

static inline double
get_f64 (HearthMarshal *self)
{
  guint64 bits = get_u64 (self);
  double v;

  memcpy (&v, &bits, 8);
  return v;
}

static void
grow_rtab (HearthMarshal *self)
{
  if (self->n_rtab < self->rtab_size)
    return;
  self->rtab_size = MAX (64, self->rtab_size * 2);
  self->rtab = g_renew (guint32, self->rtab, self->rtab_size);
}

static inline gsize
slot_offset (HearthMarshal *self,
             guint          slot)
{
  return self->slot_offsets[slot];
}

/* A reference: read the value stored at @at again, then come back here. The flagged objects
 * read inside take slots from @first_slot on (-1: none, as for an interned string). */
static gboolean
start_replay (HearthMarshal  *self,
              gsize           at,
              gint            first_slot,
              GError        **error)
{
  if (!_hearth_marshal_push_frame (self, FRAME_REPLAY, self->pos, error))
    return FALSE;
  top_frame (self)->next_slot = first_slot;
  self->pos = at;
  return TRUE;
}

static void
token_init (HearthMarshalToken     *token,
            HearthMarshalTokenType  type,
            char                    code,
            gsize                   offset,
            gint                    slot)
{
  /* field by field: this runs for every token */
  token->type = type;
  token->code = code;
  token->container = HEARTH_MARSHAL_TUPLE;
  token->encoding = HEARTH_MARSHAL_UTF8;
  token->saturated = FALSE;
  token->count = 0;
  token->integer = 0;
  token->number = 0;
  token->imag = 0;
  token->string = NULL;
  token->length = 0;
  token->offset = offset;
  token->slot = slot;
}

/* Reads an i32 length or count (u8 for the short forms) and checks it against the bytes
 * left before anything is done with it: every item takes at least one byte. */
static gboolean
read_size (HearthMarshal  *self,
           gboolean        short_form,
           const char     *what,
           gsize           offset,
           guint32        *out,
           GError        **error)
{
  gint64 n;

  if (!need (self, short_form ? 1 : 4, error))
    return FALSE;
  if (short_form)
    n = get_u8 (self);
  else
    n = get_i32 (self);

  if (n < 0)
    return fail (self, error, HEARTH_PROFILE_ERROR_BAD_TYPE,
                 _("negative %s size %" PRId64 " at offset 0x%zx"),
                 what, n, offset);
  if ((guint64) n > self->length - self->pos)
    {
      if (strcmp (what, "string") == 0)
        return fail (self, error, HEARTH_PROFILE_ERROR_TOO_LARGE,
                     _("string of %" PRId64 " bytes at offset 0x%zx exceeds the %zu bytes left"),
                     n, offset, self->length - self->pos);
      return fail (self, error, HEARTH_PROFILE_ERROR_TOO_LARGE,
                   _("%s of %" PRId64 " items at offset 0x%zx exceeds the %zu bytes left"),
                   what, n, offset, self->length - self->pos);
    }
  *out = (guint32) n;
  return TRUE;
}

static gboolean
read_text_float (HearthMarshal  *self,
                 gsize           offset,
                 double         *out,
                 GError        **error)
{
  char buffer[256];
  char *end = NULL;
  guint8 n;

  if (!need (self, 1, error))
    return FALSE;
  n = get_u8 (self);
  if (!need (self, n, error))
    return FALSE;
  memcpy (buffer, self->data + self->pos, n);
  buffer[n] = '\0';
  self->pos += n;

  *out = g_ascii_strtod (buffer, &end);
  if (n == 0 || end != buffer + n || memchr (buffer, '\0', n) != NULL)
    return fail (self, error, HEARTH_PROFILE_ERROR_BAD_TYPE,
                 _("invalid float text at offset 0x%zx"), offset);
  return TRUE;
}

/* 'l': |n| base-2^15 digits, least significant first. Values beyond int64 saturate; the
 * double is exact as far as a double goes. */
static gboolean
read_long (HearthMarshal       *self,
           gsize                offset,
           HearthMarshalToken  *token,
           GError             **error)
{
  gboolean negative, saturated = FALSE;
  guint64 value = 0;
  double number = 0;
  guint32 n_digits;
  gint32 n;
  gsize start;

  if (!need (self, 4, error))
    return FALSE;
  n = get_i32 (self);
  if (n == G_MININT32)
    return fail (self, error, HEARTH_PROFILE_ERROR_BAD_TYPE,
                 _("integer size out of range at offset 0x%zx"), offset);
  negative = n < 0;
  n_digits = (guint32) ABS (n);
  if ((guint64) n_digits * 2 > self->length - self->pos)
    return fail (self, error, HEARTH_PROFILE_ERROR_TOO_LARGE,
                 _("integer of %u digits at offset 0x%zx exceeds the %zu bytes left"),
                 n_digits, offset, self->length - self->pos);
  if (!charge (self, n_digits / 4, error))
    return FALSE;

  start = self->pos;
  for (guint32 k = n_digits; k > 0; k--)
    {
      const guint8 *p = self->data + start + 2 * (k - 1);
      guint digit = p[0] | (p[1] << 8);

      if (digit > 0x7fff || (k == n_digits && digit == 0))
        {
          self->pos = start + 2 * (k - 1);
          return fail (self, error, HEARTH_PROFILE_ERROR_BAD_TYPE,
                       digit > 0x7fff ?
                       _("integer digit out of range at offset 0x%zx") :
                       _("unnormalised integer at offset 0x%zx"),
                       self->pos);
        }
      number = number * 32768.0 + digit;
      if (value >> 49)
        saturated = TRUE;
      else
        value = (value << 15) | digit;
    }
  self->pos = start + 2 * (gsize) n_digits;

  if (negative)
    {
      number = -number;
      if (saturated || value > (guint64) G_MAXINT64 + 1)
        {
          saturated = TRUE;
          token->integer = G_MININT64;
        }
      else
        token->integer = (gint64) (0 - value);
    }
  else if (saturated || value > G_MAXINT64)
    {
      saturated = TRUE;
      token->integer = G_MAXINT64;
    }
  else
    token->integer = (gint64) value;
  token->number = number;
  token->saturated = saturated;
  return TRUE;
}

static gboolean
read_string (HearthMarshal       *self,
             char                 code,
             gsize                offset,
             HearthMarshalToken  *token,
             GError             **error)
{
  guint32 n = 0;

  if (!read_size (self, code == 'z' || code == 'Z', "string", offset, &n, error))
    return FALSE;
  if (!charge (self, n / 8, error))
    return FALSE;
  token->string = self->data + self->pos;
  token->length = n;
  self->pos += n;

  switch (code)
    {
    case 's':
      token->encoding = HEARTH_MARSHAL_BYTES;
      break;
    case 'u':
    case 't':
      token->encoding = HEARTH_MARSHAL_UTF8;
      break;
    default:
      token->encoding = HEARTH_MARSHAL_LATIN1;
      break;
    }

  /* Python 2 numbers every interned string for 'R'; reading one again adds nothing */
  if (code == 't' && self->replay < 0)
    {
      grow_rtab (self);
      self->rtab[self->n_rtab++] = (guint32) offset;
    }
  return TRUE;
}

static gboolean
begin_container (HearthMarshal           *self,
                 char                     code,
                 gsize                    offset,
                 gint                     slot,
                 HearthMarshalToken      *token,
                 GError                 **error)
{
  HearthMarshalContainer container;
  const char *what;
  gint64 count = -1;
  Frame *f;

  switch (code)
    {
    case '(': case ')': container = HEARTH_MARSHAL_TUPLE; what = "tuple"; break;
    case '[': container = HEARTH_MARSHAL_LIST; what = "list"; break;
    case '<': container = HEARTH_MARSHAL_SET; what = "set"; break;
    case '>': container = HEARTH_MARSHAL_FROZENSET; what = "frozenset"; break;
    case '{': container = HEARTH_MARSHAL_DICT; what = "dict"; break;
    case ':': container = HEARTH_MARSHAL_SLICE; what = "slice"; count = 3; break;
    default: g_assert_not_reached ();
    }

  if (code != '{' && code != ':')
    {
      guint32 n = 0;

      if (!read_size (self, code == ')', what, offset, &n, error))
        return FALSE;
      count = n;
    }

  if (!_hearth_marshal_push_frame (self, FRAME_CONTAINER, offset, error))
    return FALSE;
  f = top_frame (self);
  f->container = container;
  f->slot = slot;
  f->remaining = count;

  token->type = HEARTH_MARSHAL_BEGIN;
  token->container = container;
  token->count = count;
  return TRUE;
}

static gboolean start_code_layout (HearthMarshal  *self,
                                   Frame          *f,
                                   GError        **error);

static gboolean
begin_code (HearthMarshal  *self,
            gsize           offset,
            gint            slot,
            GError        **error)
{
  Frame *f;

  if (!_hearth_marshal_push_frame (self, FRAME_CODE, offset, error))
    return FALSE;
  f = top_frame (self);
  f->slot = slot;
  f->tried = 0;
  f->saved_slots = self->n_slots;
  f->saved_rtab = self->n_rtab;
  f->saved_replay = self->replay;
  f->saved_next_slot = self->replay >= 0 ? self->stack[self->replay].next_slot : 0;
  return start_code_layout (self, f, error);
}

/* Reads one object whose type byte is at the current position. Scalars give their token;
 * containers give BEGIN and push a frame; a code object pushes a frame and gives nothing
 * yet; a reference moves to its target and reads that instead. */
static gboolean
read_value (HearthMarshal       *self,
            HearthMarshalToken  *token,
            gboolean            *emitted,
            GError             **error)
{
  gsize offset;
  guint8 byte;
  char code;
  gint slot;

again:
  offset = self->pos;
  if (!charge (self, 1, error) || !need (self, 1, error))
    return FALSE;
  byte = get_u8 (self);
  code = byte & 0x7f;

  switch (code)
    {
    case 'N':
      token_init (token, HEARTH_MARSHAL_NONE, code, offset, -1);
      goto scalar;
    case 'S':
      token_init (token, HEARTH_MARSHAL_STOP_ITERATION, code, offset, -1);
      goto scalar;
    case '.':
      token_init (token, HEARTH_MARSHAL_ELLIPSIS, code, offset, -1);
      goto scalar;
    case 'T':
    case 'F':
      token_init (token, HEARTH_MARSHAL_BOOL, code, offset, -1);
      token->integer = code == 'T';
      token->number = token->integer;
      goto scalar;

    case '0':
      return fail (self, error, HEARTH_PROFILE_ERROR_BAD_TYPE,
                   _("misplaced NULL object at offset 0x%zx"), offset);

    case 'r':
      {
        gint32 k;

        if (!need (self, 4, error))
          return FALSE;
        k = get_i32 (self);
        if (k < 0 || (guint) k >= self->n_slots)
          return fail (self, error, HEARTH_PROFILE_ERROR_BAD_REF,
                       _("reference to unknown object %d at offset 0x%zx"
                         " (%u stored so far)"), k, offset, self->n_slots);
        if (!slot_is_complete (self, (guint) k))
          return fail (self, error, HEARTH_PROFILE_ERROR_BAD_REF,
                       _("reference to unfinished object %d at offset 0x%zx"), k, offset);
        if (!start_replay (self, slot_offset (self, k), k, error))
          return FALSE;
        goto again;
      }

    case 'R':
      {
        gint32 k;

        if (!need (self, 4, error))
          return FALSE;
        k = get_i32 (self);
        if (k < 0 || (guint) k >= self->n_rtab)
          return fail (self, error, HEARTH_PROFILE_ERROR_BAD_REF,
                       _("reference to unknown string %d at offset 0x%zx"
                         " (%u stored so far)"), k, offset, self->n_rtab);
        if (!start_replay (self, self->rtab[k], -1, error))
          return FALSE;
        goto again;
      }

    default:
      break;
    }

  slot = take_slot (self, byte, offset);
  token_init (token, HEARTH_MARSHAL_INT, code, offset, slot);

  switch (code)
    {
    case 'i':
      if (!need (self, 4, error))
        return FALSE;
      token->integer = get_i32 (self);
      token->number = (double) token->integer;
      break;

    case 'I':
      if (!need (self, 8, error))
        return FALSE;
      token->integer = (gint64) get_u64 (self);
      token->number = (double) token->integer;
      break;

    case 'l':
      if (!read_long (self, offset, token, error))
        return FALSE;
      break;

    case 'g':
      if (!need (self, 8, error))
        return FALSE;
      token->type = HEARTH_MARSHAL_FLOAT;
      token->number = get_f64 (self);
      break;

    case 'f':
      token->type = HEARTH_MARSHAL_FLOAT;
      if (!read_text_float (self, offset, &token->number, error))
        return FALSE;
      break;

    case 'y':
      if (!need (self, 16, error))
        return FALSE;
      token->type = HEARTH_MARSHAL_COMPLEX;
      token->number = get_f64 (self);
      token->imag = get_f64 (self);
      break;

    case 'x':
      token->type = HEARTH_MARSHAL_COMPLEX;
      if (!read_text_float (self, offset, &token->number, error) ||
          !read_text_float (self, offset, &token->imag, error))
        return FALSE;
      break;

    case 's': case 't': case 'u': case 'a': case 'A': case 'z': case 'Z':
      token->type = HEARTH_MARSHAL_STRING;
      if (!read_string (self, code, offset, token, error))
        return FALSE;
      break;

    case '(': case ')': case '[': case '<': case '>': case '{': case ':':
      if (!begin_container (self, code, offset, slot, token, error))
        return FALSE;
      *emitted = TRUE;
      return TRUE;

    case 'c':
      return begin_code (self, offset, slot, error);

    default:
      return fail (self, error, HEARTH_PROFILE_ERROR_BAD_TYPE,
                   _("unknown marshal type code 0x%02x at offset 0x%zx"),
                   byte, offset);
    }

  complete_slot (self, slot);

scalar:
  _hearth_marshal_after_value (self);
  *emitted = TRUE;
  return TRUE;
}

static gboolean
step_container (HearthMarshal       *self,
                Frame               *f,
                HearthMarshalToken  *token,
                gboolean            *emitted,
                GError             **error)
{
  if (f->container == HEARTH_MARSHAL_DICT && !f->dict_value)
    {
      if (!need (self, 1, error))
        return FALSE;
      if ((self->data[self->pos] & 0x7f) == '0')
        {
          self->pos++;
          f->remaining = 0;
        }
    }

  if (f->remaining == 0)
    {
      token_init (token, HEARTH_MARSHAL_END, (char) (self->data[f->offset] & 0x7f), f->offset,
                  f->slot);
      token->container = f->container;
      complete_slot (self, f->slot);
      _hearth_marshal_pop_frame (self);
      _hearth_marshal_after_value (self);
      *emitted = TRUE;
      return TRUE;
    }

  if (f->container == HEARTH_MARSHAL_DICT)
    f->dict_value = !f->dict_value;
  else
    f->remaining--;
  return read_value (self, token, emitted, error);
}

/* The type of the object at the current position, looking through references. */
static char
peek_code (HearthMarshal *self)
{
  char code = self->data[self->pos] & 0x7f;

  if (code == 'r' && self->length - self->pos >= 5)
    {
      gint32 k = peek_i32 (self->data + self->pos + 1);

      if (k >= 0 && (guint) k < self->n_slots)
        code = self->data[slot_offset (self, k)] & 0x7f;
    }
  else if (code == 'R')
    code = 't';
  return code;
}

static gboolean
code_field_fits (char        code,
                 ObjectClass klass)
{
  switch (klass)
    {
    case CLASS_BYTES:
      return code == 's' || code == 't';
    case CLASS_STRING:
      return code != '\0' && strchr ("stuaAzZ", code) != NULL;
    case CLASS_TUPLE:
      return code == '(' || code == ')';
    default:
      g_assert_not_reached ();
    }
  return FALSE;
}

static gboolean
start_code_layout (HearthMarshal  *self,
                   Frame          *f,
                   GError        **error)
{
  guint layout = self->preferred_layout;

  if (f->tried & (1u << layout))
    for (layout = 0; layout < N_LAYOUTS && (f->tried & (1u << layout)); layout++)
      ;
  g_assert (layout < N_LAYOUTS);

  f->tried |= 1u << layout;
  f->layout = layout;
  f->part = 0;
  f->index = 0;
  f->remaining = CODE_OBJECTS_BEFORE;
  f->have_name = FALSE;
  self->pos = f->offset + 1;
  if (!need (self, 4 * code_layouts[layout].n_raw, error))
    return FALSE;
  self->pos += 4 * code_layouts[layout].n_raw;
  return TRUE;
}

/* After a code object, the stream must go on with something a marshal stream can hold. */
static gboolean
code_end_plausible (HearthMarshal *self)
{
  gsize next = self->pos;
  gboolean open = FALSE;

  for (guint i = 0; i + 1 < self->n_frames; i++)
    if (self->stack[i].kind != FRAME_REPLAY)
      open = TRUE;
  if (self->n_frames >= 2 && self->stack[self->n_frames - 2].kind == FRAME_REPLAY)
    next = self->stack[self->n_frames - 2].offset;

  if (next >= self->length)
    return !open;
  return strchr ("0NFTS.iIlfgxysutRaAzZ()[{<>c:r", self->data[next] & 0x7f) != NULL;
}

static gboolean
step_code (HearthMarshal       *self,
           Frame               *f,
           HearthMarshalToken  *token,
           gboolean            *emitted,
           GError             **error)
{
  const CodeLayout *layout = &code_layouts[f->layout];

  if (f->remaining > 0)
    {
      ObjectClass klass = f->part == 0 ? layout->before[f->index] : layout->after[f->index];

      if (!need (self, 1, error))
        return FALSE;
      if (!code_field_fits (peek_code (self), klass))
        return fail (self, error, HEARTH_PROFILE_ERROR_BAD_TYPE,
                     _("unexpected object in a code object at offset 0x%zx"), self->pos);
      f->remaining--;
      f->index++;
      return read_value (self, token, emitted, error);
    }

  if (f->part == 0)
    {
      /* co_firstlineno, then the line and exception tables */
      if (!need (self, 4, error))
        return FALSE;
      self->pos += 4;
      f->part = 1;
      f->index = 0;
      f->remaining = layout->n_after;
      return TRUE;
    }

  if (!code_end_plausible (self))
    return fail (self, error, HEARTH_PROFILE_ERROR_BAD_TYPE,
                 _("unexpected data after a code object at offset 0x%zx"),
                 self->pos);

  g_assert (f->have_name);
  token_init (token, HEARTH_MARSHAL_CODE, 'c', f->offset, f->slot);
  token->string = self->data + f->name_offset;
  token->length = f->name_length;
  token->encoding = f->name_encoding;
  self->preferred_layout = f->layout;
  complete_slot (self, f->slot);
  _hearth_marshal_pop_frame (self);
  _hearth_marshal_after_value (self);
  *emitted = TRUE;
  return TRUE;
}

static gboolean
step (HearthMarshal       *self,
      HearthMarshalToken  *token,
      gboolean            *emitted,
      GError             **error)
{
  Frame *top = top_frame (self);

  *emitted = FALSE;
  if (top == NULL)
    {
      if (self->started)
        {
          token_init (token, HEARTH_MARSHAL_DONE, '\0', self->end_pos, -1);
          *emitted = TRUE;
          return TRUE;
        }
      self->started = TRUE;
      if (self->length > MARSHAL_MAX_INPUT)
        {
          self->fatal = TRUE;
          return fail (self, error, HEARTH_PROFILE_ERROR_TOO_LARGE,
                       _("marshal data of %zu bytes exceeds the limit of 2 GiB"),
                       self->length);
        }
      return read_value (self, token, emitted, error);
    }

  g_assert (top->kind != FRAME_REPLAY);
  if (top->kind == FRAME_CODE)
    return step_code (self, top, token, emitted, error);
  return step_container (self, top, token, emitted, error);
}

/* A token read inside a code object: only its name matters. */
static void
note_code_token (HearthMarshal            *self,
                 const HearthMarshalToken *token)
{
  Frame *f = top_frame (self);

  if (token->type != HEARTH_MARSHAL_STRING || f == NULL || f->kind != FRAME_CODE ||
      f->part != 0 || f->index != code_layouts[f->layout].name_index + 1)
    return;
  f->have_name = TRUE;
  f->name_offset = token->string - self->data;
  f->name_length = token->length;
  f->name_encoding = token->encoding;
}

static gint
innermost_code (HearthMarshal *self)
{
  for (gint i = (gint) self->n_frames - 1; i >= 0; i--)
    if (self->stack[i].kind == FRAME_CODE)
      return i;
  return -1;
}

static void
keep_best_error (Frame  *f,
                 GError *error,
                 gsize   pos)
{
  if (f->best_error == NULL || pos >= f->best_pos)
    {
      g_clear_error (&f->best_error);
      f->best_error = error;
      f->best_pos = pos;
    }
  else
    g_error_free (error);
}

/* A layout guess failed inside a code object: undo what it read and try the next layout;
 * when none is left, the failure belongs to the enclosing code object, or to the caller. */
static gboolean
recover_in_code (HearthMarshal  *self,
                 GError         *failure,
                 GError        **error)
{
  gsize pos = self->pos;

  for (;;)
    {
      gint index = innermost_code (self);
      Frame *f = &self->stack[index];
      gsize offset;

      keep_best_error (f, failure, pos);
      while (self->n_frames > (guint) index + 1)
        _hearth_marshal_pop_frame (self);
      self->n_slots = f->saved_slots;
      self->n_rtab = f->saved_rtab;
      self->replay = f->saved_replay;
      if (self->replay >= 0)
        self->stack[self->replay].next_slot = f->saved_next_slot;

      while (f->tried != (1u << N_LAYOUTS) - 1)
        {
          GError *local = NULL;

          if (start_code_layout (self, f, &local))
            return TRUE;
          keep_best_error (f, local, self->pos);
        }

      failure = g_steal_pointer (&f->best_error);
      pos = f->best_pos;
      offset = f->offset;
      _hearth_marshal_pop_frame (self);
      if (self->n_code == 0)
        {
          g_prefix_error (&failure, _("in the code object at offset 0x%zx: "), offset);
          g_propagate_error (error, failure);
          return FALSE;
        }
    }
}

/**
 * hearth_marshal_new:
 * @data: the marshal data; must stay alive and unchanged as long as the parser
 * @length: its length in bytes
 *
 * Returns: (transfer full): a parser positioned before the top-level object
 */
HearthMarshal *
hearth_marshal_new (const guint8 *data,
                    gsize         length)
{
  HearthMarshal *self = g_new0 (HearthMarshal, 1);

  g_return_val_if_fail (data != NULL || length == 0, NULL);

  self->data = data;
  self->length = length;
  self->replay = -1;
  self->last = HEARTH_MARSHAL_DONE;
  /* replaying references may read the input again, but only so many times over */
  self->budget = (guint64) length * BUDGET_FACTOR + BUDGET_EXTRA;
  return self;
}

/**
 * hearth_marshal_free:
 * @self: a parser
 */
void
hearth_marshal_free (HearthMarshal *self)
{
  if (self == NULL)
    return;
  while (self->n_frames > 0)
    _hearth_marshal_pop_frame (self);
  g_free (self->slot_offsets);
  g_free (self->slot_complete);
  g_free (self->slot_data);
  g_free (self->rtab);
  g_free (self);
}

/**
 * hearth_marshal_next:
 * @self: a parser
 * @token: (out caller-allocates): the next token
 * @error: the problem with the data
 *
 * Reads the next token in pre-order. After the top-level object, every call gives
 * %HEARTH_MARSHAL_DONE. After an error the parser must not be used again.
 *
 * Returns: %FALSE on error
 */
gboolean
hearth_marshal_next (HearthMarshal       *self,
                     HearthMarshalToken  *token,
                     GError             **error)
{
  g_return_val_if_fail (self != NULL && token != NULL, FALSE);
  g_return_val_if_fail (!self->failed, FALSE);

  for (;;)
    {
      GError *local = NULL;
      gboolean emitted;

      if (step (self, token, &emitted, &local))
        {
          if (!emitted)
            continue;
          if (self->n_code > 0)
            {
              note_code_token (self, token);
              continue;
            }
          self->last = token->type;
          return TRUE;
        }

      if (self->n_code == 0 || self->fatal)
        {
          self->failed = TRUE;
          g_propagate_error (error, local);
          return FALSE;
        }
      if (!recover_in_code (self, local, error))
        {
          self->failed = TRUE;
          return FALSE;
        }
    }
}

/**
 * hearth_marshal_get_depth:
 * @self: a parser
 *
 * Returns: the number of open containers
 */
guint
hearth_marshal_get_depth (HearthMarshal *self)
{
  g_return_val_if_fail (self != NULL, 0);

  return self->n_containers;
}

/**
 * hearth_marshal_skip_to_depth:
 * @self: a parser
 * @depth: the depth to return to
 * @error: the problem with the data
 *
 * Reads on until only @depth containers are open. A container that is being read again
 * through a reference was checked the first time, so it is left at once.
 *
 * Returns: %FALSE on error
 */
gboolean
hearth_marshal_skip_to_depth (HearthMarshal  *self,
                              guint           depth,
                              GError        **error)
{
  g_return_val_if_fail (self != NULL, FALSE);
  g_return_val_if_fail (!self->failed, FALSE);

  while (self->n_containers > depth)
    {
      HearthMarshalToken token;
      guint level = 0;
      gint cut = -1;

      for (guint i = 0; self->replay >= 0 && i < self->n_frames; i++)
        {
          if (self->stack[i].kind == FRAME_CONTAINER)
            level++;
          else if (self->stack[i].kind == FRAME_REPLAY && level >= depth)
            {
              cut = (gint) i;
              break;
            }
        }

      if (cut >= 0)
        {
          self->pos = self->stack[cut].offset;
          while (self->n_frames > (guint) cut)
            _hearth_marshal_pop_frame (self);
          _hearth_marshal_after_value (self);
          self->last = HEARTH_MARSHAL_END;
          continue;
        }

      if (!hearth_marshal_next (self, &token, error))
        return FALSE;
    }
  return TRUE;
}

/**
 * hearth_marshal_skip:
 * @self: a parser
 * @error: the problem with the data
 *
 * Skips the rest of the value whose first token was the last one read: after a BEGIN token,
 * up to and including the matching END; after any other token, nothing.
 *
 * Returns: %FALSE on error
 */
gboolean
hearth_marshal_skip (HearthMarshal  *self,
                     GError        **error)
{
  g_return_val_if_fail (self != NULL, FALSE);

  if (self->last != HEARTH_MARSHAL_BEGIN)
    return TRUE;
  g_assert (self->n_containers > 0);
  if (!hearth_marshal_skip_to_depth (self, self->n_containers - 1, error))
    return FALSE;
  self->last = HEARTH_MARSHAL_END;
  return TRUE;
}

/**
 * hearth_marshal_get_trailing:
 * @self: a parser that has read the whole top-level object
 *
 * Returns: the number of bytes after the top-level object (Python ignores them)
 */
gsize
hearth_marshal_get_trailing (HearthMarshal *self)
{
  g_return_val_if_fail (self != NULL, 0);

  if (!self->started || self->n_frames > 0 || self->failed)
    return 0;
  return self->length - self->end_pos;
}

/**
 * hearth_marshal_get_offset:
 * @self: a parser
 *
 * Returns: the offset of the next byte to read
 */
gsize
hearth_marshal_get_offset (HearthMarshal *self)
{
  g_return_val_if_fail (self != NULL, 0);

  return self->pos;
}

/**
 * hearth_marshal_get_n_slots:
 * @self: a parser
 *
 * Returns: the number of objects stored in the reference table so far
 */
guint
hearth_marshal_get_n_slots (HearthMarshal *self)
{
  g_return_val_if_fail (self != NULL, 0);

  return self->n_slots;
}
