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

#include <inttypes.h>
#include <glib/gi18n-lib.h>
#include <stdarg.h>
#include <string.h>

#include "hearth-types.h"

/* The parser keeps an explicit stack instead of recursing per level of nesting. Three kinds
 * of frames: an open container; a replay (a reference being read again from its target's
 * offset, remembering where to resume); and a code object being skipped. Only containers and
 * code objects count towards the depth limit, and every replay frame sits directly under a
 * container or code frame, so the stack never holds more than twice the limit. */

#define FLAG_REF       0x80
#define STACK_SIZE     (2 * HEARTH_MARSHAL_MAX_DEPTH + 4)
#define MARSHAL_MAX_INPUT      ((gsize) G_MAXINT32)
#define BUDGET_FACTOR  64
#define BUDGET_EXTRA   1000000

typedef enum
{
  FRAME_CONTAINER,
  FRAME_REPLAY,
  FRAME_CODE,
} FrameKind;

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

typedef struct
{
  guint8   kind;          /* FrameKind */

  /* container and code */
  guint8   container;     /* HearthMarshalContainer */
  gboolean dict_value;    /* dict: the next object is a value, not a key */
  gint     slot;          /* own slot, or -1 */
  gint64   remaining;     /* items left to read (-1: a dict, which ends at its NULL key);
                           * code: typed objects left in the current part */
  gsize    offset;        /* type byte; replay: where to resume */

  /* replay */
  gint     next_slot;     /* slot of the next flagged object read inside, -1 for none */
  gint     prev_replay;   /* the enclosing replay frame, or -1 */

  /* code */
  guint8   layout;
  guint8   tried;         /* bit set of the layouts tried */
  guint8   part;          /* 0: objects before co_firstlineno, 1: after */
  guint8   index;         /* index of the next typed object within the part */
  guint    saved_slots;   /* state to roll back to when a layout fails */
  guint    saved_rtab;
  gint     saved_replay;
  gint     saved_next_slot;
  gboolean have_name;
  gsize    name_offset;
  gsize    name_length;
  guint8   name_encoding;
  GError  *best_error;    /* the failure that got furthest among the layouts tried */
  gsize    best_pos;
} Frame;

struct _HearthMarshal
{
  const guint8 *data;
  gsize         length;
  gsize         pos;

  gboolean      started;
  gboolean      failed;
  gboolean      fatal;         /* the current error must not be taken for a wrong code layout */
  gsize         end_pos;       /* where the top-level object ended */
  HearthMarshalTokenType last; /* the last token handed to the caller */

  /* the 'r' table: per slot, the offset of the object's type byte, whether the object is
   * complete, and a number the consumer attached to the object. Apart, because a consumer
   * that knows objects by their numbers looks at nothing else: those of a large file still
   * fit in the caches when the offsets do not. */
  guint32      *slot_offsets;
  guint32      *slot_complete; /* a bit per slot */
  guint32      *slot_data;
  guint         n_slots;
  guint         slots_size;

  /* Python 2's 'R' table: offsets of the 't' strings, in order */
  guint32      *rtab;
  guint         n_rtab;
  guint         rtab_size;

  Frame         stack[STACK_SIZE];
  guint         n_frames;
  guint         depth;         /* open containers and code objects */
  guint         n_containers;
  guint         n_code;
  gint          replay;        /* innermost replay frame, or -1 */

  guint64       budget;        /* work left before references count as an expansion attack */
  guint8        preferred_layout;
};

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

static inline guint8
get_u8 (HearthMarshal *self)
{
  return self->data[self->pos++];
}

static inline gint32
peek_i32 (const guint8 *p)
{
  guint32 v;

  memcpy (&v, p, 4);
  return (gint32) GUINT32_FROM_LE (v);
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

/* Slots are numbered in pre-order: a flagged object takes the next number when its type
 * byte is read. Inside a replay nothing is stored again; the numbers are recounted from the
 * target's so that tokens carry the same slots as the first time. */
static gint
take_slot (HearthMarshal *self,
           guint8         byte,
           gsize          offset)
{
  Frame *replay;

  if (!(byte & FLAG_REF))
    return -1;
  if (self->replay >= 0)
    {
      replay = &self->stack[self->replay];
      return replay->next_slot < 0 ? -1 : replay->next_slot++;
    }
  if (self->n_slots == self->slots_size)
    {
      guint old_words = self->slots_size / 32;

      self->slots_size = MAX (256, self->slots_size * 2);
      self->slot_offsets = g_renew (guint32, self->slot_offsets, self->slots_size);
      self->slot_data = g_renew (guint32, self->slot_data, self->slots_size);
      self->slot_complete = g_renew (guint32, self->slot_complete, self->slots_size / 32);
      memset (self->slot_complete + old_words, 0,
              (self->slots_size / 32 - old_words) * sizeof (guint32));
    }
  self->slot_offsets[self->n_slots] = (guint32) offset;
  self->slot_data[self->n_slots] = 0;
  self->slot_complete[self->n_slots / 32] &= ~(1u << (self->n_slots % 32));
  return (gint) self->n_slots++;
}

static void
complete_slot (HearthMarshal *self,
               gint           slot)
{
  if (slot >= 0 && self->replay < 0)
    self->slot_complete[slot / 32] |= 1u << (slot % 32);
}

static inline gboolean
slot_is_complete (HearthMarshal *self,
                  guint          slot)
{
  return (self->slot_complete[slot / 32] >> (slot % 32)) & 1;
}

static inline gsize
slot_offset (HearthMarshal *self,
             guint          slot)
{
  return self->slot_offsets[slot];
}

static gboolean
push_frame (HearthMarshal  *self,
            FrameKind       kind,
            gsize           offset,
            GError        **error)
{
  Frame *f;

  if (kind != FRAME_REPLAY && self->depth >= HEARTH_MARSHAL_MAX_DEPTH)
    return fail (self, error, HEARTH_PROFILE_ERROR_TOO_LARGE,
                 _("nesting deeper than %d at offset 0x%zx"),
                 HEARTH_MARSHAL_MAX_DEPTH, offset);
  g_assert (self->n_frames < STACK_SIZE);

  /* the other fields are set by the code that pushes the frame */
  f = &self->stack[self->n_frames++];
  f->kind = kind;
  f->offset = offset;
  f->slot = -1;
  f->dict_value = FALSE;
  f->best_error = NULL;
  switch (kind)
    {
    case FRAME_CONTAINER:
      self->depth++;
      self->n_containers++;
      break;
    case FRAME_CODE:
      self->depth++;
      self->n_code++;
      break;
    case FRAME_REPLAY:
      f->prev_replay = self->replay;
      self->replay = (gint) self->n_frames - 1;
      break;
    default:
      g_assert_not_reached ();
    }
  return TRUE;
}

static void
pop_frame (HearthMarshal *self)
{
  Frame *f;

  g_assert (self->n_frames > 0);
  f = &self->stack[--self->n_frames];
  switch (f->kind)
    {
    case FRAME_CONTAINER:
      self->depth--;
      self->n_containers--;
      break;
    case FRAME_CODE:
      self->depth--;
      self->n_code--;
      g_clear_error (&f->best_error);
      break;
    case FRAME_REPLAY:
      self->replay = f->prev_replay;
      break;
    default:
      g_assert_not_reached ();
    }
}

static inline Frame *
top_frame (HearthMarshal *self)
{
  return self->n_frames > 0 ? &self->stack[self->n_frames - 1] : NULL;
}

/* A reference: read the value stored at @at again, then come back here. The flagged objects
 * read inside take slots from @first_slot on (-1: none, as for an interned string). */
static gboolean
start_replay (HearthMarshal  *self,
              gsize           at,
              gint            first_slot,
              GError        **error)
{
  if (!push_frame (self, FRAME_REPLAY, self->pos, error))
    return FALSE;
  top_frame (self)->next_slot = first_slot;
  self->pos = at;
  return TRUE;
}

/* A value is complete: leave the replay that produced it, if any. */
static void
after_value (HearthMarshal *self)
{
  Frame *top = top_frame (self);

  if (top != NULL && top->kind == FRAME_REPLAY)
    {
      self->pos = top->offset;
      pop_frame (self);
    }
  if (self->n_frames == 0)
    self->end_pos = self->pos;
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

  if (!push_frame (self, FRAME_CONTAINER, offset, error))
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

  if (!push_frame (self, FRAME_CODE, offset, error))
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
  after_value (self);
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
      pop_frame (self);
      after_value (self);
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
  pop_frame (self);
  after_value (self);
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
        pop_frame (self);
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
      pop_frame (self);
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
    pop_frame (self);
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
            pop_frame (self);
          after_value (self);
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
 * hearth_marshal_peek_ref:
 * @self: a parser, inside a container
 * @slot: (out): the slot the next value refers to
 * @data: (out): the number attached to that slot with hearth_marshal_set_slot_data()
 *
 * Looks at the next value without reading it: if it is a reference to a complete stored
 * object, the consumer may know that object already (by @data) and skip the reference with
 * hearth_marshal_skip_ref() without the parser touching the object again.
 *
 * Returns: %TRUE if the next value is such a reference
 */
gboolean
hearth_marshal_peek_ref (HearthMarshal *self,
                         guint         *slot,
                         guint32       *data)
{
  Frame *top;
  gint32 k;

  g_return_val_if_fail (self != NULL && slot != NULL && data != NULL, FALSE);

  top = top_frame (self);
  if (self->failed || top == NULL || top->kind != FRAME_CONTAINER || top->remaining == 0 ||
      self->length - self->pos < 5 || (self->data[self->pos] & 0x7f) != 'r')
    return FALSE;
  k = peek_i32 (self->data + self->pos + 1);
  if (k < 0 || (guint) k >= self->n_slots || !slot_is_complete (self, (guint) k))
    return FALSE;
  *slot = (guint) k;
  *data = self->slot_data[k];
  return TRUE;
}

/**
 * hearth_marshal_skip_ref:
 * @self: a parser on which hearth_marshal_peek_ref() just returned %TRUE
 *
 * Consumes the reference as a whole value, without reading its target.
 */
void
hearth_marshal_skip_ref (HearthMarshal *self)
{
  Frame *top;

  g_return_if_fail (self != NULL);

  top = top_frame (self);
  g_return_if_fail (top != NULL && top->kind == FRAME_CONTAINER);
  g_return_if_fail (self->length - self->pos >= 5 && (self->data[self->pos] & 0x7f) == 'r');

  if (top->container == HEARTH_MARSHAL_DICT)
    top->dict_value = !top->dict_value;
  else
    top->remaining--;
  self->pos += 5;
  self->last = HEARTH_MARSHAL_NONE;
}

/**
 * hearth_marshal_set_slot_data:
 * @self: a parser
 * @slot: a slot some token carried
 * @data: a number to attach to the stored object (0 means nothing)
 *
 * Lets the consumer remember what it made of a stored object, so that a later reference to
 * it can be recognised by hearth_marshal_peek_ref() alone.
 */
void
hearth_marshal_set_slot_data (HearthMarshal *self,
                              gint           slot,
                              guint32        data)
{
  g_return_if_fail (self != NULL);

  if (slot >= 0 && (guint) slot < self->n_slots)
    self->slot_data[slot] = data;
}

/**
 * hearth_marshal_get_slot_data:
 * @self: a parser
 * @slot: a slot some token carried
 *
 * Returns: the number attached to the stored object, or 0
 */
guint32
hearth_marshal_get_slot_data (HearthMarshal *self,
                              gint           slot)
{
  g_return_val_if_fail (self != NULL, 0);

  if (slot < 0 || (guint) slot >= self->n_slots)
    return 0;
  return self->slot_data[slot];
}

/* Fast paths for runs of numbers --------------------------------------------------------- */

/* Decodes @n plain numbers ('i', 'I' or 'g', flagged or not), or references to stored ones,
 * from @pos on, without moving or storing anything; @floats NULL takes ints only. Returns
 * the position after them, or 0 when one of them is something else. @floats and @flagged
 * get a bit per item, @units the budget the tokens would take. The values are the tokens'. */
static gsize
scan_numbers (HearthMarshal *self,
              gsize          pos,
              guint          n,
              gint64        *integers,
              double        *numbers,
              guint         *floats,
              guint         *flagged,
              guint64       *units)
{
  /* in locals: the stores below could otherwise be taken to change them */
  const guint8 *data = self->data;
  const guint32 *offsets = self->slot_offsets;
  const guint32 *complete = self->slot_complete;
  gsize length = self->length;
  guint n_slots = self->n_slots;
  guint float_bits = 0, flag_bits = 0;
  guint64 taken = 0;
  gboolean ints_only = floats == NULL;

  for (guint i = 0; i < n; i++)
    {
      const guint8 *p = data + pos;
      guint8 code;
      guint64 bits;
      gsize size;

      /* a reference, or any number, takes at least 5 bytes */
      if (pos > length || length - pos < 5)
        return 0;
      code = p[0] & 0x7f;
      if (code == 'r')
        {
          guint32 k = (guint32) peek_i32 (p + 1);

          if (k >= n_slots || !((complete[k / 32] >> (k % 32)) & 1))
            return 0;
          /* a complete stored object was read whole: its bytes are there */
          p = data + offsets[k];
          code = p[0] & 0x7f;
          size = 5;
          taken += 2;   /* the reference, then its target */
        }
      else
        {
          size = code == 'i' ? 5 : 9;
          if (length - pos < size)
            return 0;
          flag_bits |= (guint) (p[0] >> 7) << i;
          taken += 1;
        }

      if (code == 'g' && !ints_only)
        {
          memcpy (&bits, p + 1, 8);
          bits = GUINT64_FROM_LE (bits);
          memcpy (&numbers[i], &bits, 8);
          integers[i] = 0;
          float_bits |= 1u << i;
        }
      else if (code == 'i')
        {
          integers[i] = peek_i32 (p + 1);
          numbers[i] = (double) integers[i];
        }
      else if (code == 'I')
        {
          memcpy (&bits, p + 1, 8);
          integers[i] = (gint64) GUINT64_FROM_LE (bits);
          numbers[i] = (double) integers[i];
        }
      else
        return 0;
      pos += size;
    }

  if (!ints_only)
    *floats |= float_bits;
  *flagged |= flag_bits;
  *units += taken;
  return pos;
}

/* Stores the flagged numbers among @n scanned from @pos on, as reading them would. */
static void
take_number_slots (HearthMarshal *self,
                   gsize          pos,
                   guint          n,
                   guint          flagged)
{
  for (guint i = 0; i < n; i++)
    {
      guint8 code = self->data[pos] & 0x7f;

      if (flagged & (1u << i))
        complete_slot (self, take_slot (self, self->data[pos], pos));
      pos += (code == 'i' || code == 'r') ? 5 : 9;
    }
}

/* Scans a tuple of @n plain numbers at @pos without storing anything: returns the position
 * after it, or 0 when the value there is something else. */
static inline gsize
scan_number_tuple (HearthMarshal *self,
                   gsize          pos,
                   guint          n,
                   gint64        *integers,
                   double        *numbers,
                   guint         *floats,
                   guint         *flagged,
                   guint64       *units)
{
  const guint8 *p = self->data + pos;
  gsize left = self->length - pos;
  gsize start;

  if (left >= 2 && (p[0] & 0x7f) == ')' && p[1] == n)
    start = pos + 2;
  else if (left >= 5 && (p[0] & 0x7f) == '(' && peek_i32 (p + 1) == (gint32) n)
    start = pos + 5;
  else
    return 0;
  *units += 1;
  return scan_numbers (self, start, n, integers, numbers, floats, flagged, units);
}

/* Stores what reading the tuple scanned at @pos stores: its slot, its flagged numbers'. */
static inline void
store_number_tuple (HearthMarshal *self,
                    gsize          pos,
                    guint          n,
                    guint          flagged)
{
  gint slot = (self->data[pos] & FLAG_REF) ? take_slot (self, self->data[pos], pos) : -1;

  if (flagged != 0)
    take_number_slots (self, pos + ((self->data[pos] & 0x7f) == ')' ? 2 : 5), n, flagged);
  complete_slot (self, slot);
}

/* Whether the next value can be read by a fast path: a container is open and holds at
 * least one more item, and nothing is pending. (A dict may end before a key: the fast
 * paths look for a type byte that is not its end.) */
static Frame *
fast_path_frame (HearthMarshal *self)
{
  Frame *top = top_frame (self);

  if (self->failed || self->n_code > 0 || top == NULL || top->kind != FRAME_CONTAINER)
    return NULL;
  if (top->container != HEARTH_MARSHAL_DICT && top->remaining <= 0)
    return NULL;
  return top;
}

/**
 * hearth_marshal_read_numbers:
 * @self: a parser inside a tuple, list, set or frozenset
 * @n: how many items to read, 1 to 32
 * @integers: (out) (array fixed-size=n): each item's @integer, as its token would give it
 * @numbers: (out) (array fixed-size=n): each item's @number
 * @floats: (out) (optional): a bit per item (1 << i) that is a float; %NULL to read ints only
 *
 * Reads the next @n items at once if each is an int or a float written as `i`, `I` or `g`,
 * or a reference to one: the common case of a profile's numbers, without a token each.
 * Otherwise reads nothing, and the caller goes on token by token. The parser is left as
 * hearth_marshal_next() would leave it after those items (slots, budget, errors alike).
 *
 * Returns: %TRUE if the items were read
 */
gboolean
hearth_marshal_read_numbers (HearthMarshal *self,
                             guint          n,
                             gint64        *integers,
                             double        *numbers,
                             guint         *floats)
{
  guint flagged = 0;
  guint64 units = 0;
  Frame *top;
  gsize end;

  g_return_val_if_fail (self != NULL && n >= 1 && n <= 32, FALSE);
  g_return_val_if_fail (integers != NULL && numbers != NULL, FALSE);

  if (floats != NULL)
    *floats = 0;
  top = fast_path_frame (self);
  if (top == NULL || top->container == HEARTH_MARSHAL_DICT || top->remaining < n)
    return FALSE;
  end = scan_numbers (self, self->pos, n, integers, numbers, floats, &flagged, &units);
  if (end == 0 || units > self->budget)
    return FALSE;

  self->budget -= units;
  if (flagged != 0)
    take_number_slots (self, self->pos, n, flagged);
  self->pos = end;
  top->remaining -= n;
  self->last = (floats != NULL && (*floats & (1u << (n - 1)))) ? HEARTH_MARSHAL_FLOAT
                                                              : HEARTH_MARSHAL_INT;
  return TRUE;
}

/**
 * hearth_marshal_read_end:
 * @self: a parser inside a container
 *
 * Reads the end of the innermost container if it comes next, as hearth_marshal_next()
 * would as an END token, without a token: a tuple, list or set whose items are all read, a
 * dict before its closing `0`. A container that is read again through a reference ends
 * the same way.
 *
 * Returns: %TRUE if the container ended, %FALSE (nothing read) if an item comes next
 */
gboolean
hearth_marshal_read_end (HearthMarshal *self)
{
  Frame *top;

  g_return_val_if_fail (self != NULL, FALSE);

  top = top_frame (self);
  if (self->failed || self->n_code > 0 || top == NULL || top->kind != FRAME_CONTAINER)
    return FALSE;
  if (top->container == HEARTH_MARSHAL_DICT)
    {
      if (top->dict_value || self->pos >= self->length ||
          (self->data[self->pos] & 0x7f) != '0')
        return FALSE;
      self->pos++;
    }
  else if (top->remaining != 0)
    return FALSE;

  complete_slot (self, top->slot);
  pop_frame (self);
  after_value (self);
  self->last = HEARTH_MARSHAL_END;
  return TRUE;
}

/**
 * hearth_marshal_read_number_tuple:
 * @self: a parser inside a container
 * @n: the number of items the tuple must have, 1 to 32
 * @integers: (out) (array fixed-size=n): each item's @integer, as its token would give it
 * @numbers: (out) (array fixed-size=n): each item's @number
 * @floats: (out): a bit per item (1 << i) that is a float
 *
 * Like hearth_marshal_read_numbers() for a whole value: if the next value is a tuple of
 * exactly @n such numbers, reads it, up to and including its end.
 *
 * Returns: %TRUE if the tuple was read
 */
gboolean
hearth_marshal_read_number_tuple (HearthMarshal *self,
                                  guint          n,
                                  gint64        *integers,
                                  double        *numbers,
                                  guint         *floats)
{
  guint flagged = 0;
  guint64 units = 0;
  gsize end;
  Frame *top;

  g_return_val_if_fail (self != NULL && n >= 1 && n <= 32, FALSE);
  g_return_val_if_fail (integers != NULL && numbers != NULL && floats != NULL, FALSE);

  *floats = 0;
  top = fast_path_frame (self);
  if (top == NULL || self->depth >= HEARTH_MARSHAL_MAX_DEPTH)
    return FALSE;
  end = scan_number_tuple (self, self->pos, n, integers, numbers, floats, &flagged, &units);
  if (end == 0 || units > self->budget)
    return FALSE;

  self->budget -= units;
  store_number_tuple (self, self->pos, n, flagged);
  self->pos = end;
  if (top->container == HEARTH_MARSHAL_DICT)
    top->dict_value = !top->dict_value;
  else
    top->remaining--;
  self->last = HEARTH_MARSHAL_END;
  return TRUE;
}

/* Whether a reference at @pos is to a complete stored object whose data (nonzero) has the
 * bits @want in @mask: then it may be taken whole by its data. */
static inline gboolean
known_ref_at (HearthMarshal *self,
              gsize          pos,
              guint32        mask,
              guint32        want,
              guint32       *data)
{
  const guint8 *p = self->data + pos;
  guint32 k;

  if (pos >= self->length || self->length - pos < 5 || (p[0] & 0x7f) != 'r')
    return FALSE;
  k = (guint32) peek_i32 (p + 1);
  if (k >= self->n_slots || !slot_is_complete (self, k))
    return FALSE;
  *data = self->slot_data[k];
  return *data != 0 && (*data & mask) == want;
}

/**
 * hearth_marshal_read_known_entries:
 * @self: a parser inside a dict, before a key
 * @n: the number of items of each value, 1 to 32
 * @mask: bits of the data attached to a key's slot to look at
 * @want: what they must be for the entry to be read
 * @func: (scope call): called with each entry read, after it is read; it must not use @self
 * @user_data: for @func
 *
 * Reads entries of the dict as long as each key is a reference to a complete stored object
 * that has data attached (see hearth_marshal_set_slot_data()), in which the bits @mask are
 * @want, and each value is a tuple of @n numbers as hearth_marshal_read_number_tuple()
 * reads them. Stops before the first other entry, or at the end of the dict (not read).
 * This is hearth_marshal_peek_ref(), hearth_marshal_skip_ref() and
 * hearth_marshal_read_number_tuple() over and over, and leaves the parser as they would;
 * in one loop.
 *
 * Returns: the number of entries read
 */
guint
hearth_marshal_read_known_entries (HearthMarshal          *self,
                                   guint                   n,
                                   guint32                 mask,
                                   guint32                 want,
                                   HearthMarshalEntryFunc  func,
                                   gpointer                user_data)
{
  gint64 integers[32];
  double numbers[32];
  guint count = 0;
  Frame *top;

  g_return_val_if_fail (self != NULL && n >= 1 && n <= 32 && func != NULL, 0);

  top = top_frame (self);
  if (self->failed || self->n_code > 0 || top == NULL || top->kind != FRAME_CONTAINER ||
      top->container != HEARTH_MARSHAL_DICT || top->dict_value ||
      self->depth >= HEARTH_MARSHAL_MAX_DEPTH)
    return 0;

  for (;;)
    {
      guint flagged = 0, floats = 0;
      guint64 units = 0;
      guint32 data;
      gsize end;

      if (!known_ref_at (self, self->pos, mask, want, &data))
        break;
      end = scan_number_tuple (self, self->pos + 5, n, integers, numbers, &floats, &flagged,
                               &units);
      if (end == 0 || units > self->budget)
        break;

      /* the key takes nothing, like hearth_marshal_skip_ref(); the dict is before a key again */
      self->budget -= units;
      store_number_tuple (self, self->pos + 5, n, flagged);
      self->pos = end;
      self->last = HEARTH_MARSHAL_END;
      count++;
      func (user_data, data, integers, numbers, floats);
    }
  return count;
}

/**
 * hearth_marshal_read_ref_tuple:
 * @self: a parser inside a container
 * @n: the number of items the tuple must have, 1 to 32
 * @int_items: a bit per item (1 << i) that must be an int; the others must be references
 * @mask: bits of the data attached to a referenced object to look at
 * @want: what they must be
 * @data: (out) (array fixed-size=n): per reference, the data attached to its object
 * @integers: (out) (array fixed-size=n): per int, its value
 * @slot: (out): the tuple's own slot, or -1
 *
 * If the next value is a tuple of @n items, each an int written as `i` or `I` (or a
 * reference to one) where @int_items says so, and else a reference to a complete stored
 * object with data attached, in which the bits @mask are @want, reads it whole: the
 * references are taken by their data as with hearth_marshal_skip_ref(). Otherwise reads
 * nothing. A key made of strings seen before and a line number, in one call.
 *
 * Returns: %TRUE if the tuple was read
 */
gboolean
hearth_marshal_read_ref_tuple (HearthMarshal *self,
                               guint          n,
                               guint          int_items,
                               guint32        mask,
                               guint32        want,
                               guint32       *data,
                               gint64        *integers,
                               gint          *slot)
{
  guint flagged = 0;   /* found again below, when they are stored */
  guint64 units = 1;
  const guint8 *p;
  gsize left, pos;
  Frame *top;

  g_return_val_if_fail (self != NULL && n >= 1 && n <= 32, FALSE);
  g_return_val_if_fail (data != NULL && integers != NULL && slot != NULL, FALSE);

  top = fast_path_frame (self);
  if (top == NULL || self->depth >= HEARTH_MARSHAL_MAX_DEPTH)
    return FALSE;

  p = self->data + self->pos;
  left = self->length - self->pos;
  if (left >= 2 && (p[0] & 0x7f) == ')' && p[1] == n)
    pos = self->pos + 2;
  else if (left >= 5 && (p[0] & 0x7f) == '(' && peek_i32 (p + 1) == (gint32) n)
    pos = self->pos + 5;
  else
    return FALSE;

  for (guint i = 0; i < n; i++)
    {
      if (int_items & (1u << i))
        {
          double number;
          gsize end = scan_numbers (self, pos, 1, &integers[i], &number, NULL, &flagged, &units);

          if (end == 0)
            return FALSE;
          pos = end;
        }
      else
        {
          if (!known_ref_at (self, pos, mask, want, &data[i]))
            return FALSE;
          pos += 5;
        }
    }
  if (units > self->budget)
    return FALSE;

  self->budget -= units;
  *slot = take_slot (self, p[0], self->pos);
  {
    gsize item = self->pos + ((p[0] & 0x7f) == ')' ? 2 : 5);

    for (guint i = 0; i < n; i++)
      {
        guint8 byte = self->data[item];

        if ((int_items & (1u << i)) && (byte & 0x7f) != 'r' && (byte & FLAG_REF))
          complete_slot (self, take_slot (self, byte, item));
        item += (byte & 0x7f) == 'I' ? 9 : 5;
      }
  }
  complete_slot (self, *slot);
  self->pos = pos;
  if (top->container == HEARTH_MARSHAL_DICT)
    top->dict_value = !top->dict_value;
  else
    top->remaining--;
  self->last = HEARTH_MARSHAL_END;
  return TRUE;
}

/**
 * hearth_marshal_read_begin:
 * @self: a parser inside a container
 * @container: %HEARTH_MARSHAL_TUPLE or %HEARTH_MARSHAL_DICT
 * @count: for a tuple, the number of items it must have
 * @slot: (out): the container's own slot, or -1
 * @offset: (out): the offset of its type byte
 *
 * If the next value is a tuple of @count items, or a dict, as said (written out, not a
 * reference), opens it as its BEGIN token would, without a token. Otherwise reads nothing.
 *
 * Returns: %TRUE if the container was opened
 */
gboolean
hearth_marshal_read_begin (HearthMarshal          *self,
                           HearthMarshalContainer  container,
                           gint64                  count,
                           gint                   *slot,
                           gsize                  *offset)
{
  const guint8 *p;
  gsize left, header;
  Frame *top, *f;

  g_return_val_if_fail (self != NULL && slot != NULL && offset != NULL, FALSE);
  g_return_val_if_fail (container == HEARTH_MARSHAL_TUPLE || container == HEARTH_MARSHAL_DICT,
                        FALSE);

  top = fast_path_frame (self);
  if (top == NULL || self->depth >= HEARTH_MARSHAL_MAX_DEPTH || self->budget == 0)
    return FALSE;

  p = self->data + self->pos;
  left = self->length - self->pos;
  if (container == HEARTH_MARSHAL_DICT && left >= 1 && (p[0] & 0x7f) == '{')
    header = 1;
  else if (container == HEARTH_MARSHAL_TUPLE && left >= 2 && (p[0] & 0x7f) == ')' &&
           p[1] == count && count <= (gint64) (left - 2))
    header = 2;
  else if (container == HEARTH_MARSHAL_TUPLE && left >= 5 && (p[0] & 0x7f) == '(' &&
           count >= 0 && peek_i32 (p + 1) == count && count <= (gint64) (left - 5))
    header = 5;
  else
    return FALSE;

  /* as step_container() and read_value() do it */
  if (top->container == HEARTH_MARSHAL_DICT)
    top->dict_value = !top->dict_value;
  else
    top->remaining--;
  self->budget--;
  *slot = take_slot (self, p[0], self->pos);
  push_frame (self, FRAME_CONTAINER, self->pos, NULL);
  f = top_frame (self);
  f->container = container;
  f->slot = *slot;
  f->remaining = container == HEARTH_MARSHAL_DICT ? -1 : count;
  *offset = self->pos;
  self->pos += header;
  self->last = HEARTH_MARSHAL_BEGIN;
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

static void
append_replacement (GString *out)
{
  g_string_append_len (out, "\xef\xbf\xbd", 3);
}

/* Decodes UTF-8, replacing each maximal invalid subsequence with U+FFFD. An encoded
 * surrogate (ED A0..BF xx: Python writes these for undecodable file names) is one
 * replacement, not three. */
static gboolean
append_utf8_replacing (GString      *out,
                       const guint8 *s,
                       gsize         length)
{
  gboolean replaced = FALSE;
  gsize i = 0;

  while (i < length)
    {
      guint8 c = s[i];
      guint8 lower = 0x80, upper = 0xbf;
      guint n, k;

      if (c < 0x80)
        {
          gsize start = i;

          while (i < length && s[i] < 0x80 && s[i] != 0)
            i++;
          g_string_append_len (out, (const char *) s + start, i - start);
          if (i < length && s[i] == 0)
            {
              /* a NUL would cut the name short in every C string that follows */
              append_replacement (out);
              replaced = TRUE;
              i++;
            }
          continue;
        }

      if (c >= 0xc2 && c <= 0xdf)
        n = 1;
      else if (c >= 0xe0 && c <= 0xef)
        {
          n = 2;
          if (c == 0xe0)
            lower = 0xa0;
          else if (c == 0xed)
            {
              if (length - i >= 3 && s[i + 1] >= 0xa0 && s[i + 1] <= 0xbf &&
                  s[i + 2] >= 0x80 && s[i + 2] <= 0xbf)
                {
                  append_replacement (out);
                  replaced = TRUE;
                  i += 3;
                  continue;
                }
              upper = 0x9f;
            }
        }
      else if (c >= 0xf0 && c <= 0xf4)
        {
          n = 3;
          if (c == 0xf0)
            lower = 0x90;
          else if (c == 0xf4)
            upper = 0x8f;
        }
      else
        {
          append_replacement (out);
          replaced = TRUE;
          i++;
          continue;
        }

      for (k = 1; k <= n && i + k < length; k++)
        {
          guint8 b = s[i + k];

          if (b < (k == 1 ? lower : 0x80) || b > (k == 1 ? upper : 0xbf))
            break;
        }
      if (k <= n)
        {
          append_replacement (out);
          replaced = TRUE;
          i += k;
          continue;
        }
      g_string_append_len (out, (const char *) s + i, n + 1);
      i += n + 1;
    }
  return replaced;
}

/**
 * hearth_marshal_append_utf8:
 * @out: where to append
 * @string: the bytes of a STRING token
 * @length: their number
 * @encoding: the token's encoding
 *
 * Appends the text as valid UTF-8 without NUL bytes: Latin-1 bytes are converted, anything
 * that does not decode (lone surrogates, invalid sequences, NUL) becomes U+FFFD.
 *
 * Returns: %TRUE if something had to be replaced
 */
gboolean
hearth_marshal_append_utf8 (GString               *out,
                            const guint8          *string,
                            gsize                  length,
                            HearthMarshalEncoding  encoding)
{
  gboolean replaced = FALSE;

  g_return_val_if_fail (out != NULL, FALSE);
  g_return_val_if_fail (string != NULL || length == 0, FALSE);

  if (encoding != HEARTH_MARSHAL_LATIN1)
    return append_utf8_replacing (out, string, length);

  for (gsize i = 0; i < length;)
    {
      guint8 c = string[i];
      gsize start = i;

      /* ASCII is the same in Latin-1 and UTF-8: copied a run at a time */
      while (i < length && string[i] < 0x80 && string[i] != 0)
        i++;
      if (i > start)
        {
          g_string_append_len (out, (const char *) string + start, i - start);
          continue;
        }

      if (c == 0)
        {
          append_replacement (out);
          replaced = TRUE;
        }
      else
        {
          g_string_append_c (out, (char) (0xc0 | (c >> 6)));
          g_string_append_c (out, (char) (0x80 | (c & 0x3f)));
        }
      i++;
    }
  return replaced;
}

/**
 * hearth_marshal_token_describe:
 * @token: a token
 *
 * Returns: what the token is, for messages ("a list", "an int")
 */
const char *
hearth_marshal_token_describe (const HearthMarshalToken *token)
{
  g_return_val_if_fail (token != NULL, NULL);

  switch (token->type)
    {
    case HEARTH_MARSHAL_DONE: return _("nothing");
    case HEARTH_MARSHAL_NONE: return _("None");
    case HEARTH_MARSHAL_STOP_ITERATION: return _("StopIteration");
    case HEARTH_MARSHAL_ELLIPSIS: return _("Ellipsis");
    case HEARTH_MARSHAL_BOOL: return _("a bool");
    case HEARTH_MARSHAL_INT: return _("an int");
    case HEARTH_MARSHAL_FLOAT: return _("a float");
    case HEARTH_MARSHAL_COMPLEX: return _("a complex number");
    case HEARTH_MARSHAL_STRING:
      return token->encoding == HEARTH_MARSHAL_BYTES ? _("a bytes string") : _("a string");
    case HEARTH_MARSHAL_CODE: return _("a code object");
    case HEARTH_MARSHAL_END: return _("the end of a container");
    case HEARTH_MARSHAL_BEGIN:
      switch (token->container)
        {
        case HEARTH_MARSHAL_TUPLE: return _("a tuple");
        case HEARTH_MARSHAL_LIST: return _("a list");
        case HEARTH_MARSHAL_DICT: return _("a dict");
        case HEARTH_MARSHAL_SET: return _("a set");
        case HEARTH_MARSHAL_FROZENSET: return _("a frozenset");
        case HEARTH_MARSHAL_SLICE: return _("a slice");
        default: break;
        }
      break;
    default:
      break;
    }
  return _("an object");
}
