/* hearth-marshal-private.h: the parser's state, shared by the value reader and its fast paths
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

#include <string.h>

#include "hearth-marshal.h"

G_BEGIN_DECLS

/* The parser keeps an explicit stack instead of recursing per level of nesting. Three kinds
 * of frames: an open container; a replay (a reference being read again from its target's
 * offset, remembering where to resume); and a code object being skipped. Only containers and
 * code objects count towards the depth limit, and every replay frame sits directly under a
 * container or code frame, so the stack never holds more than twice the limit. */

#define FLAG_REF       0x80
#define STACK_SIZE     (2 * HEARTH_MARSHAL_MAX_DEPTH + 4)

typedef enum
{
  FRAME_CONTAINER,
  FRAME_REPLAY,
  FRAME_CODE,
} FrameKind;

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

gboolean _hearth_marshal_fail_deep (HearthMarshal  *self,
                                    gsize           offset,
                                    GError        **error);

static inline gint32
peek_i32 (const guint8 *p)
{
  guint32 v;

  memcpy (&v, p, 4);
  return (gint32) GUINT32_FROM_LE (v);
}

/* Slots are numbered in pre-order: a flagged object takes the next number when its type
 * byte is read. Inside a replay nothing is stored again; the numbers are recounted from the
 * target's so that tokens carry the same slots as the first time. */
static inline gint
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

static inline void
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

static inline Frame *
top_frame (HearthMarshal *self)
{
  return self->n_frames > 0 ? &self->stack[self->n_frames - 1] : NULL;
}

/* Frames are pushed and popped, and a value completed, by these alone, so that the depth
 * counts and the replays stay right: inline, as they run for nearly every value. */
static inline gboolean
_hearth_marshal_push_frame (HearthMarshal  *self,
                            FrameKind       kind,
                            gsize           offset,
                            GError        **error)
{
  Frame *f;

  if (kind != FRAME_REPLAY && self->depth >= HEARTH_MARSHAL_MAX_DEPTH)
    return _hearth_marshal_fail_deep (self, offset, error);
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

static inline void
_hearth_marshal_pop_frame (HearthMarshal *self)
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

/* A value is complete: leave the replay that produced it, if any. */
static inline void
_hearth_marshal_after_value (HearthMarshal *self)
{
  Frame *top = top_frame (self);

  if (top != NULL && top->kind == FRAME_REPLAY)
    {
      self->pos = top->offset;
      _hearth_marshal_pop_frame (self);
    }
  if (self->n_frames == 0)
    self->end_pos = self->pos;
}

G_END_DECLS
