/* hearth-marshal.h: a pull parser for Python's marshal format
 *
 * Copyright 2026 The Hearth authors
 *
 * This program is free software: you can redistribute it and/or modify it under the terms of
 * the GNU General Public License as published by the Free Software Foundation, either version 3
 * of the License, or (at your option) any later version.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <glib.h>

G_BEGIN_DECLS

/* The parser reads a byte buffer it does not own and hands out one token at a time, in
 * pre-order. Nothing is allocated per token: strings point into the buffer. Back-references
 * ('r', and Python 2's 'R') are resolved by reading the target object again, so a consumer
 * never sees them; a token's @slot says which stored object it came from. */

#define HEARTH_MARSHAL_MAX_DEPTH 64

typedef struct _HearthMarshal HearthMarshal;

/* An entry read by hearth_marshal_read_known_entries(): the data attached to the key's slot,
 * and the value, a tuple of two ints and two numbers (a pstats caller's nc, cc, tt, ct), as
 * their tokens give them: @counts are the ints' @integer, @times the numbers' @number. */
typedef struct
{
  guint32 key_data;
  gint64  counts[2];
  double  times[2];
} HearthMarshalEntry;

/**
 * HearthMarshalTokenType:
 * @HEARTH_MARSHAL_DONE: the top-level object is complete (returned from then on)
 * @HEARTH_MARSHAL_NONE: `None`
 * @HEARTH_MARSHAL_STOP_ITERATION: `StopIteration`
 * @HEARTH_MARSHAL_ELLIPSIS: `Ellipsis`
 * @HEARTH_MARSHAL_BOOL: `True` or `False` (@integer is 1 or 0)
 * @HEARTH_MARSHAL_INT: an integer (`i`, `I`, `l`)
 * @HEARTH_MARSHAL_FLOAT: a float (`g`, `f`)
 * @HEARTH_MARSHAL_COMPLEX: a complex number (`y`, `x`)
 * @HEARTH_MARSHAL_STRING: a text or bytes string
 * @HEARTH_MARSHAL_CODE: a code object, skipped; @string is its `co_name`
 * @HEARTH_MARSHAL_BEGIN: a container starts (@container says which)
 * @HEARTH_MARSHAL_END: the innermost open container ends
 */
typedef enum
{
  HEARTH_MARSHAL_DONE,
  HEARTH_MARSHAL_NONE,
  HEARTH_MARSHAL_STOP_ITERATION,
  HEARTH_MARSHAL_ELLIPSIS,
  HEARTH_MARSHAL_BOOL,
  HEARTH_MARSHAL_INT,
  HEARTH_MARSHAL_FLOAT,
  HEARTH_MARSHAL_COMPLEX,
  HEARTH_MARSHAL_STRING,
  HEARTH_MARSHAL_CODE,
  HEARTH_MARSHAL_BEGIN,
  HEARTH_MARSHAL_END,
} HearthMarshalTokenType;

typedef enum
{
  HEARTH_MARSHAL_TUPLE,
  HEARTH_MARSHAL_LIST,
  HEARTH_MARSHAL_DICT,
  HEARTH_MARSHAL_SET,
  HEARTH_MARSHAL_FROZENSET,
  HEARTH_MARSHAL_SLICE,
} HearthMarshalContainer;

/**
 * HearthMarshalEncoding:
 * @HEARTH_MARSHAL_UTF8: `u`, `t`: UTF-8 in which lone surrogates may occur
 * @HEARTH_MARSHAL_LATIN1: `a`, `A`, `z`, `Z`: one byte per code point
 * @HEARTH_MARSHAL_BYTES: `s`: raw bytes (Python 2's `str`)
 */
typedef enum
{
  HEARTH_MARSHAL_UTF8,
  HEARTH_MARSHAL_LATIN1,
  HEARTH_MARSHAL_BYTES,
} HearthMarshalEncoding;

/**
 * HearthMarshalToken:
 * @type: what the token is
 * @code: the marshal type character, FLAG_REF removed (for a reference: the target's)
 * @container: for BEGIN and END
 * @encoding: for STRING and CODE
 * @saturated: for INT: the value did not fit and @integer is clamped to the int64 range
 * @count: for BEGIN: the number of items, or -1 for a dict (it ends with an END token)
 * @integer: for INT and BOOL
 * @number: for INT (nearest double), FLOAT, COMPLEX (real part)
 * @imag: for COMPLEX
 * @string: for STRING and CODE: the bytes, inside the parsed buffer (not NUL-terminated)
 * @length: the number of bytes at @string
 * @offset: byte offset of the object's type byte (for a reference: of the target)
 * @slot: the reference-table slot of the object, or -1 when it has none
 */
typedef struct
{
  HearthMarshalTokenType  type;
  char                    code;
  HearthMarshalContainer  container;
  HearthMarshalEncoding   encoding;
  gboolean                saturated;
  gint64                  count;
  gint64                  integer;
  double                  number;
  double                  imag;
  const guint8           *string;
  gsize                   length;
  gsize                   offset;
  gint                    slot;
} HearthMarshalToken;

HearthMarshal *hearth_marshal_new            (const guint8              *data,
                                              gsize                      length);
void           hearth_marshal_free           (HearthMarshal             *self);
gboolean       hearth_marshal_next           (HearthMarshal             *self,
                                              HearthMarshalToken        *token,
                                              GError                   **error);
gboolean       hearth_marshal_skip           (HearthMarshal             *self,
                                              GError                   **error);
guint          hearth_marshal_get_depth      (HearthMarshal             *self);
gboolean       hearth_marshal_skip_to_depth  (HearthMarshal             *self,
                                              guint                      depth,
                                              GError                   **error);
gsize          hearth_marshal_get_trailing   (HearthMarshal             *self);
gsize          hearth_marshal_get_offset     (HearthMarshal             *self);
guint          hearth_marshal_get_n_slots    (HearthMarshal             *self);
gboolean       hearth_marshal_read_numbers   (HearthMarshal             *self,
                                              guint                      n,
                                              gint64                    *integers,
                                              double                    *numbers,
                                              guint                     *floats);
gboolean       hearth_marshal_read_end       (HearthMarshal             *self);
gboolean       hearth_marshal_read_number_tuple (HearthMarshal          *self,
                                              guint                      n,
                                              gint64                    *integers,
                                              double                    *numbers,
                                              guint                     *floats);

/* Fast paths for the shapes of a pstats dict (hearth-marshal-pstats.c) */
gboolean       hearth_marshal_peek_ref       (HearthMarshal             *self,
                                              guint                     *slot,
                                              guint32                   *data);
void           hearth_marshal_skip_ref       (HearthMarshal             *self);
void           hearth_marshal_set_slot_data  (HearthMarshal             *self,
                                              gint                       slot,
                                              guint32                    data);
guint32        hearth_marshal_get_slot_data  (HearthMarshal             *self,
                                              gint                       slot);
guint          hearth_marshal_read_known_entries (HearthMarshal         *self,
                                              guint32                    mask,
                                              guint32                    want,
                                              HearthMarshalEntry        *entries,
                                              guint                      max);
gboolean       hearth_marshal_read_counts    (HearthMarshal             *self,
                                              HearthMarshalEntry        *entry);
gboolean       hearth_marshal_read_entry_value (HearthMarshal           *self,
                                              HearthMarshalEntry        *entry);
gboolean       hearth_marshal_read_ref_tuple (HearthMarshal             *self,
                                              guint                      n,
                                              guint                      int_items,
                                              guint32                    mask,
                                              guint32                    want,
                                              guint32                   *data,
                                              gint64                    *integers,
                                              gint                      *slot);
gboolean       hearth_marshal_read_begin     (HearthMarshal             *self,
                                              HearthMarshalContainer     container,
                                              gint64                     count,
                                              gint                      *slot,
                                              gsize                     *offset);

/* Text (hearth-marshal-text.c) */
gboolean       hearth_marshal_append_utf8    (GString                   *out,
                                              const guint8              *string,
                                              gsize                      length,
                                              HearthMarshalEncoding      encoding);
const char    *hearth_marshal_token_describe (const HearthMarshalToken  *token);

G_DEFINE_AUTOPTR_CLEANUP_FUNC (HearthMarshal, hearth_marshal_free)

G_END_DECLS
