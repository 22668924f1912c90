/* hearth-marshal-pstats.c: fast paths of the marshal parser for the shapes of a pstats dict
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

#include <string.h>

/* A consumer that knows what it made of a stored object (a key tuple, an interned name)
 * takes references to it by that alone, and reads runs of plain numbers, key tuples and
 * tuple or dict openings without a token each. Every path leaves the parser as reading
 * the same values token by token would: slots, budget and depth alike. */

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

/* The target of the reference at @p, if it is to a complete stored object: such an object
 * was read whole, so its bytes are there. Otherwise %NULL. */
static inline __attribute__ ((always_inline)) const guint8 *
ref_target (const guint8  *data,
            const guint8  *p,
            const guint32 *offsets,
            const guint32 *complete,
            guint          n_slots)
{
  guint32 k = (guint32) peek_i32 (p + 1);

  if (k >= n_slots || !((complete[k / 32] >> (k % 32)) & 1))
    return NULL;
  return data + offsets[k];
}

/* Decodes the number at @v whose type code, flag removed, is @code: `i` or `I`, or `g` when
 * @floats. The values are its token's (a float's @integer is 0). Returns 0 when it is no such
 * number, 1 for an int, 2 for a float. */
static inline __attribute__ ((always_inline)) guint
decode_number (const guint8 *v,
               guint8        code,
               gboolean      floats,
               gint64       *integer,
               double       *number)
{
  guint64 bits;

  switch (code)
    {
    case 'i':
      *integer = peek_i32 (v + 1);
      *number = (double) *integer;
      return 1;
    case 'I':
      memcpy (&bits, v + 1, 8);
      *integer = (gint64) GUINT64_FROM_LE (bits);
      *number = (double) *integer;
      return 1;
    case 'g':
      if (!floats)
        return 0;
      memcpy (&bits, v + 1, 8);
      bits = GUINT64_FROM_LE (bits);
      memcpy (number, &bits, 8);
      *integer = 0;
      return 2;
    default:
      return 0;
    }
}

/* Decodes @n plain numbers ('i', 'I' or 'g', flagged or not), or references to stored ones,
 * from @pos on, without moving or storing anything; @floats NULL takes ints only. Returns
 * the position after them, or 0 when one of them is something else. @floats and @flagged
 * get a bit per item, @units the budget the tokens would take. The values are the tokens'.
 * Inlined everywhere: with @n known at the call, the loop unrolls. */
static inline __attribute__ ((always_inline)) gsize
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
      guint kind;
      gsize size;

      /* a reference, or any number, takes at least 5 bytes */
      if (pos > length || length - pos < 5)
        return 0;
      code = p[0] & 0x7f;
      if (code == 'r')
        {
          p = ref_target (data, p, offsets, complete, n_slots);
          if (p == NULL)
            return 0;
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

      kind = decode_number (p, code, !ints_only, &integers[i], &numbers[i]);
      if (kind == 0)
        return 0;
      if (kind == 2)
        float_bits |= 1u << i;
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
static inline __attribute__ ((always_inline)) gsize
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
  /* a pstats value's four numbers: unrolled */
  if (n == 4)
    end = scan_numbers (self, self->pos, 4, integers, numbers, floats, &flagged, &units);
  else
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
  _hearth_marshal_pop_frame (self);
  _hearth_marshal_after_value (self);
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
  if (n == 4)
    end = scan_number_tuple (self, self->pos, 4, integers, numbers, floats, &flagged, &units);
  else
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

/* The most bytes an entry hearth_marshal_read_known_entries() reads can take: a reference,
 * a tuple's header and four items of at most 9 bytes. With as many left, no item of it
 * needs a check of its own that it fits. */
#define KNOWN_ENTRY_MAX_BYTES (5 + 2 + 4 * 9)

/* Decodes an item of a known entry's value at @p: an int written as a plain (not flagged)
 * `i` or `I`, or for @time also a `g`, or a plain reference to a complete stored one.
 * Returns its size, or 0 when it is something else. The values are the item's token's. */
static inline __attribute__ ((always_inline)) gsize
scan_entry_item (const guint8   *data,
                 const guint8   *p,
                 const guint32  *offsets,
                 const guint32  *complete,
                 guint           n_slots,
                 gboolean        time,
                 gint64         *integer,
                 double         *number,
                 guint64        *units)
{
  const guint8 *v = p;
  guint8 code;
  gsize size;

  if (p[0] == 'r')
    {
      v = ref_target (data, p, offsets, complete, n_slots);
      if (v == NULL)
        return 0;
      code = v[0] & 0x7f;
      size = 5;
      *units += 2;   /* the reference, then its target */
    }
  else
    {
      /* a flagged item is left to the token path, which stores it */
      code = p[0];
      size = code == 'i' ? 5 : 9;
      *units += 1;
    }
  return decode_number (v, code, time, integer, number) != 0 ? size : 0;
}

/* Decodes the four items of a pstats value, (nc, cc, tt, ct), from @p on, into @entry's
 * counts and times: two ints, then two ints or floats, as scan_entry_item() takes them. The
 * caller has made sure that 4 * 9 bytes are left. Returns the end, or %NULL. */
static inline __attribute__ ((always_inline)) const guint8 *
scan_counts (HearthMarshal       *self,
             const guint8        *p,
             HearthMarshalEntry  *entry,
             guint64             *units)
{
  const guint8 *data = self->data;
  const guint32 *offsets = self->slot_offsets;
  const guint32 *complete = self->slot_complete;
  guint n_slots = self->n_slots;
  double unused;
  gint64 unused_int;
  gsize size;

  if ((size = scan_entry_item (data, p, offsets, complete, n_slots, FALSE, &entry->counts[0],
                               &unused, units)) == 0)
    return NULL;
  p += size;
  if ((size = scan_entry_item (data, p, offsets, complete, n_slots, FALSE, &entry->counts[1],
                               &unused, units)) == 0)
    return NULL;
  p += size;
  if ((size = scan_entry_item (data, p, offsets, complete, n_slots, TRUE, &unused_int,
                               &entry->times[0], units)) == 0)
    return NULL;
  p += size;
  if ((size = scan_entry_item (data, p, offsets, complete, n_slots, TRUE, &unused_int,
                               &entry->times[1], units)) == 0)
    return NULL;
  return p + size;
}

/**
 * hearth_marshal_read_known_entries:
 * @self: a parser inside a dict, before a key
 * @mask: bits of the data attached to a key's slot to look at
 * @want: what they must be for the entry to be read
 * @entries: (out) (array length=max): the entries read
 * @max: the most entries to read
 *
 * Reads entries of the dict as long as each key is a reference to a complete stored object
 * that has data attached (see hearth_marshal_set_slot_data()), in which the bits @mask are
 * @want, and each value is a tuple of two ints and two numbers (ints or floats), each
 * written out or a reference to a stored one: a pstats caller seen before. Stops before
 * the first other entry (one with a flagged item, a float count, or anything rarer, which
 * the token path reads), at the end of the dict (not read) or after @max entries.
 * This is hearth_marshal_peek_ref(), hearth_marshal_skip_ref() and
 * hearth_marshal_read_number_tuple() over and over, and leaves the parser as they would;
 * in one loop that stores nothing per entry.
 *
 * Returns: the number of entries read
 */
guint
hearth_marshal_read_known_entries (HearthMarshal      *self,
                                   guint32             mask,
                                   guint32             want,
                                   HearthMarshalEntry *entries,
                                   guint               max)
{
  /* in locals: the stores to @entries could otherwise be taken to change them (the
   * parser's own fields are read again by scan_counts(), but nothing it does is stored) */
  const guint8 *data = self->data;
  const guint32 *complete = self->slot_complete;
  const guint32 *slot_data = self->slot_data;
  guint n_slots = self->n_slots;
  gsize length = self->length, pos = self->pos;
  guint64 budget = self->budget;
  guint count = 0;
  Frame *top;

  g_return_val_if_fail (self != NULL && entries != NULL, 0);

  top = top_frame (self);
  if (self->failed || self->n_code > 0 || top == NULL || top->kind != FRAME_CONTAINER ||
      top->container != HEARTH_MARSHAL_DICT || top->dict_value ||
      self->depth >= HEARTH_MARSHAL_MAX_DEPTH)
    return 0;

  for (; count < max; count++)
    {
      HearthMarshalEntry *e = &entries[count];
      const guint8 *p = data + pos;
      guint64 units = 1;   /* the tuple */
      guint32 k, key_data;

      if (pos > length || length - pos < KNOWN_ENTRY_MAX_BYTES || p[0] != 'r')
        break;
      k = (guint32) peek_i32 (p + 1);
      if (k >= n_slots || !((complete[k / 32] >> (k % 32)) & 1))
        break;
      key_data = slot_data[k];
      if (key_data == 0 || (key_data & mask) != want || p[5] != ')' || p[6] != 4)
        break;
      p = scan_counts (self, p + 7, e, &units);
      if (p == NULL || units > budget)
        break;

      /* the key takes nothing, like hearth_marshal_skip_ref(); the dict is before a key again */
      budget -= units;
      e->key_data = key_data;
      pos = p - data;
    }

  if (count > 0)
    {
      self->pos = pos;
      self->budget = budget;
      self->last = HEARTH_MARSHAL_END;
    }
  return count;
}

/**
 * hearth_marshal_read_counts:
 * @self: a parser inside a container
 * @entry: (out): the value's counts and times (@key_data is left alone)
 *
 * If the next value is a tuple of two ints and two numbers as
 * hearth_marshal_read_known_entries() reads them (a pstats caller's value), written out
 * and not flagged, reads it, up to and including its end. Otherwise reads nothing.
 *
 * Returns: %TRUE if the tuple was read
 */
gboolean
hearth_marshal_read_counts (HearthMarshal      *self,
                            HearthMarshalEntry *entry)
{
  guint64 units = 1;   /* the tuple */
  const guint8 *p, *end;
  Frame *top;

  g_return_val_if_fail (self != NULL && entry != NULL, FALSE);

  top = fast_path_frame (self);
  if (top == NULL || self->depth >= HEARTH_MARSHAL_MAX_DEPTH ||
      self->length - self->pos < 2 + 4 * 9)
    return FALSE;
  p = self->data + self->pos;
  if (p[0] != ')' || p[1] != 4)
    return FALSE;
  end = scan_counts (self, p + 2, entry, &units);
  if (end == NULL || units > self->budget)
    return FALSE;

  self->budget -= units;
  self->pos = end - self->data;
  if (top->container == HEARTH_MARSHAL_DICT)
    top->dict_value = !top->dict_value;
  else
    top->remaining--;
  self->last = HEARTH_MARSHAL_END;
  return TRUE;
}

/* Opens a container read by a fast path (not flagged, so without a slot), as its BEGIN
 * token would; its header is at @offset. The depth is checked by the caller. */
static void
open_plain (HearthMarshal          *self,
            HearthMarshalContainer  container,
            gint64                  remaining,
            gsize                   offset)
{
  Frame *f;

  _hearth_marshal_push_frame (self, FRAME_CONTAINER, offset, NULL);
  f = top_frame (self);
  f->container = container;
  f->slot = -1;
  f->remaining = remaining;
}

/**
 * hearth_marshal_read_entry_value:
 * @self: a parser inside a container
 * @entry: (out): the value's counts and times (@key_data is left alone)
 *
 * If the next value is a tuple of five items, the first four two ints and two numbers as
 * hearth_marshal_read_known_entries() reads them and the fifth a dict (a pstats entry's
 * value: cc, nc, tt, ct, callers), the tuple and the dict written out and not flagged,
 * reads it up to the dict's first key: the parser is then inside the dict, and the tuple
 * ends after it. Otherwise reads nothing.
 *
 * Returns: %TRUE if the value was read as far as the dict
 */
gboolean
hearth_marshal_read_entry_value (HearthMarshal      *self,
                                 HearthMarshalEntry *entry)
{
  guint64 units = 2;   /* the tuple and the dict */
  const guint8 *p, *end;
  Frame *top;
  gsize start;

  g_return_val_if_fail (self != NULL && entry != NULL, FALSE);

  top = fast_path_frame (self);
  if (top == NULL || self->depth + 2 > HEARTH_MARSHAL_MAX_DEPTH ||
      self->length - self->pos < 2 + 4 * 9 + 1)
    return FALSE;
  start = self->pos;
  p = self->data + start;
  if (p[0] != ')' || p[1] != 5)
    return FALSE;
  end = scan_counts (self, p + 2, entry, &units);
  if (end == NULL || end[0] != '{' || units > self->budget)
    return FALSE;

  self->budget -= units;
  if (top->container == HEARTH_MARSHAL_DICT)
    top->dict_value = !top->dict_value;
  else
    top->remaining--;
  /* four items read, the fifth being read: nothing left once the dict ends */
  open_plain (self, HEARTH_MARSHAL_TUPLE, 0, start);
  open_plain (self, HEARTH_MARSHAL_DICT, -1, end - self->data);
  self->pos = end + 1 - self->data;
  self->last = HEARTH_MARSHAL_BEGIN;
  return TRUE;
}

/* The body of hearth_marshal_read_ref_tuple(), its arguments checked. */
static inline __attribute__ ((always_inline)) gboolean
read_ref_tuple (HearthMarshal *self,
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
  g_return_val_if_fail (self != NULL && n >= 1 && n <= 32, FALSE);
  g_return_val_if_fail (data != NULL && integers != NULL && slot != NULL, FALSE);

  /* a pstats key, (file, line, name): unrolled */
  if (n == 3 && int_items == 1u << 1)
    return read_ref_tuple (self, 3, 1u << 1, mask, want, data, integers, slot);
  return read_ref_tuple (self, n, int_items, mask, want, data, integers, slot);
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
  _hearth_marshal_push_frame (self, FRAME_CONTAINER, self->pos, NULL);
  f = top_frame (self);
  f->container = container;
  f->slot = *slot;
  f->remaining = container == HEARTH_MARSHAL_DICT ? -1 : count;
  *offset = self->pos;
  self->pos += header;
  self->last = HEARTH_MARSHAL_BEGIN;
  return TRUE;
}
