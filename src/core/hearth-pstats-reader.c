/* hearth-pstats-reader.c: reads the marshalled pstats dictionary of cProfile and profile
 *
 * Copyright 2026 The Hearth authors
 *
 * This program is free software: you can redistribute it and/or modify it under the terms of
 * the GNU General Public License as published by the Free Software Foundation, either version 3
 * of the License, or (at your option) any later version.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#define G_LOG_DOMAIN "hearth-pstats"

#include "hearth-pstats-reader.h"

#include <inttypes.h>
#include <glib/gi18n-lib.h>
#include <math.h>
#include <stdarg.h>
#include <string.h>

#include "hearth-marshal.h"
#include "hearth-profile-private.h"
#include "hearth-pstats-builder.h"

/* The dictionary is read straight from the token stream, never as a tree of objects, and
 * what it holds goes to the profile through a HearthPstatsBuilder, which interns it on a
 * thread of its own for a large file. Keys are often references to key tuples seen before:
 * the number the builder gave a stored tuple is attached to its slot, so a repeated key
 * costs neither string work nor a second look at the tuple. Likewise the number of a
 * string is attached to the slot of the stored string, so a reference to a file or
 * function name seen before is neither followed, decoded nor interned again. Tuples of
 * numbers are read in one go when they hold nothing but plain numbers. */

typedef enum
{
  KEY_OK,
  KEY_BAD,
  KEY_MARKER,
  KEY_ERROR,
} KeyResult;

/* A string of a key: either known by its number (a reference to a stored string that was
 * interned before), or a token still to intern. */
typedef struct
{
  guint               id;          /* NO_STRING: intern @token */
  HearthMarshalToken  token;
} KeyString;

#define NO_STRING G_MAXUINT

typedef struct
{
  HearthMarshal  *m;
  HearthProfile  *profile;
  HearthPstatsBuilder *builder;
  const HearthReadWatch *watch;     /* nullable */
  gsize           next_watch;       /* the offset at which to tell it next */

  /* the key being read: its strings, as numbers or as tokens to intern */
  KeyString       file;
  KeyString       name;

  guint           n_good;
  guint           n_bad;
  gsize           first_bad_offset;
  char           *first_bad;
  guint           n_weird;
  gboolean        int_callers;
  gboolean        replaced_text;
  gboolean        sampled;
} PstatsReader;

static void
reader_clear (PstatsReader *r)
{
  /* the builder first: its thread may still be filling the profile */
  g_clear_pointer (&r->builder, _hearth_pstats_builder_free);
  g_clear_pointer (&r->m, hearth_marshal_free);
  g_clear_object (&r->profile);
  g_free (r->first_bad);
}

static gboolean
next (PstatsReader        *r,
      HearthMarshalToken  *token,
      GError             **error)
{
  return hearth_marshal_next (r->m, token, error);
}

static void G_GNUC_PRINTF (3, 4)
note_bad (PstatsReader  *r,
          gsize          offset,
          const char    *format,
          ...)
{
  va_list args;

  if (r->n_bad++ > 0)
    return;
  r->first_bad_offset = offset;
  va_start (args, format);
  r->first_bad = g_strdup_vprintf (format, args);
  va_end (args);
}

static gboolean
is_weird_time (double value)
{
  return !isfinite (value) || value < 0;
}

/* The number attached to a stored object: (key + 1) * 2 for a key tuple, (string + 1) * 2 +
 * 1 for a string interned as the file or function name of a key (the builder's numbers). */
#define TUPLE_DATA(key)        (((guint32) (key) + 1) << 1)
#define STRING_DATA(string)    (TUPLE_DATA (string) | 1)
#define DATA_KEY(data)         (((data) >> 1) - 1)
#define DATA_STRING(data)      DATA_KEY (data)
#define MAX_NUMBERS            (G_MAXUINT32 >> 2)

/* What a caller edge of cProfile takes at least: a reference to its key, and a tuple of
 * four numbers, each a reference or an 'i' (the profile module's plain counts take less,
 * and their edges are made room for as they come). */
#define CPROFILE_EDGE_BYTES    (5 + 2 + 4 * 5)
/* The most edges made room for at once (640 MB of address space): past it, they grow. */
#define MAX_EDGE_ROOM          ((gsize) 16 * 1024 * 1024)
/* What a function of a large cProfile file takes, with its share of the callers: some 250
 * bytes in both benchmark files, real ones alike (the room is a hint, not a bound). */
#define CPROFILE_FUNCTION_BYTES 256
/* The most functions made room for at once (72 MB of address space). */
#define MAX_FUNCTION_ROOM      ((gsize) 1024 * 1024)

static void
remember_slot (PstatsReader *r,
               gint          slot,
               guint         key)
{
  if (slot >= 0 && key < MAX_NUMBERS)
    hearth_marshal_set_slot_data (r->m, slot, TUPLE_DATA (key));
}

/* A key that refers to a tuple already read as a key: its number, without reading it. */
static gboolean
known_key (PstatsReader *r,
           guint        *key)
{
  guint slot;
  guint32 data;

  if (!hearth_marshal_peek_ref (r->m, &slot, &data) || data == 0 || (data & 1) != 0)
    return FALSE;
  hearth_marshal_skip_ref (r->m);
  *key = DATA_KEY (data);
  return TRUE;
}

/* Reads a string of a key: a reference to a stored string interned before gives its number
 * at once, without the parser going back to it; anything else is read as a token. */
static gboolean
read_key_string (PstatsReader  *r,
                 KeyString     *out,
                 GError       **error)
{
  guint slot;
  guint32 data;

  if (hearth_marshal_peek_ref (r->m, &slot, &data) && (data & 1) != 0)
    {
      hearth_marshal_skip_ref (r->m);
      out->id = DATA_STRING (data);
      return TRUE;
    }
  out->id = NO_STRING;
  return next (r, &out->token, error);
}

/* Reads the line of a key: an int at once, or else a token (@item) to check. */
static gboolean
read_line (PstatsReader        *r,
           gint64              *line,
           HearthMarshalToken  *item,
           GError             **error)
{
  double number;

  if (hearth_marshal_read_numbers (r->m, 1, line, &number, NULL))
    {
      item->type = HEARTH_MARSHAL_INT;
      return TRUE;
    }
  if (!next (r, item, error))
    return FALSE;
  *line = item->integer;
  return TRUE;
}

/* Reads the end of a container whose items are all read. */
static gboolean
read_end (PstatsReader  *r,
          GError       **error)
{
  HearthMarshalToken token;

  if (hearth_marshal_read_end (r->m))
    return TRUE;
  if (!next (r, &token, error))
    return FALSE;
  g_assert (token.type == HEARTH_MARSHAL_END);
  return TRUE;
}

/* Reads a key whose first token is @token into r->file, @line and r->name. A key of another
 * shape is skipped whole; the 1-tuple ('__sampled__',) of Python 3.15's sampler is reported
 * as KEY_MARKER. */
static KeyResult
read_key (PstatsReader              *r,
          const HearthMarshalToken  *token,
          gint64                    *line,
          GError                   **error)
{
  HearthMarshalToken item;
  guint depth;

  if (token->type != HEARTH_MARSHAL_BEGIN || token->container != HEARTH_MARSHAL_TUPLE)
    {
      note_bad (r, token->offset, _("the key is %s"), hearth_marshal_token_describe (token));
      return hearth_marshal_skip (r->m, error) ? KEY_BAD : KEY_ERROR;
    }
  depth = hearth_marshal_get_depth (r->m) - 1;

  if (token->count == 1)
    {
      if (!next (r, &item, error))
        return KEY_ERROR;
      if (item.type == HEARTH_MARSHAL_STRING && item.length == 11 &&
          memcmp (item.string, "__sampled__", 11) == 0)
        return hearth_marshal_skip_to_depth (r->m, depth, error) ? KEY_MARKER : KEY_ERROR;
    }

  if (token->count != 3)
    {
      note_bad (r, token->offset, _("the key is a tuple of %" PRId64 " items"),
                token->count);
      return hearth_marshal_skip_to_depth (r->m, depth, error) ? KEY_BAD : KEY_ERROR;
    }

  if (!read_key_string (r, &r->file, error))
    return KEY_ERROR;
  if (r->file.id == NO_STRING && r->file.token.type != HEARTH_MARSHAL_STRING)
    {
      note_bad (r, token->offset, _("the file name is %s"),
                hearth_marshal_token_describe (&r->file.token));
      return hearth_marshal_skip_to_depth (r->m, depth, error) ? KEY_BAD : KEY_ERROR;
    }

  if (!read_line (r, line, &item, error))
    return KEY_ERROR;
  if (item.type != HEARTH_MARSHAL_INT)
    {
      note_bad (r, token->offset, _("the line number is %s"),
                hearth_marshal_token_describe (&item));
      return hearth_marshal_skip_to_depth (r->m, depth, error) ? KEY_BAD : KEY_ERROR;
    }

  if (!read_key_string (r, &r->name, error))
    return KEY_ERROR;
  if (r->name.id == NO_STRING && r->name.token.type != HEARTH_MARSHAL_STRING &&
      r->name.token.type != HEARTH_MARSHAL_CODE)
    {
      note_bad (r, token->offset, _("the function name is %s"),
                hearth_marshal_token_describe (&r->name.token));
      return hearth_marshal_skip_to_depth (r->m, depth, error) ? KEY_BAD : KEY_ERROR;
    }

  if (!read_end (r, error))
    return KEY_ERROR;
  return KEY_OK;
}

/* The number of a string of the key read last: interned unless known, and then remembered
 * on its slot for the references to come. */
static guint
key_string_id (PstatsReader *r,
               KeyString    *string)
{
  const HearthMarshalToken *token = &string->token;

  if (string->id != NO_STRING)
    return string->id;

  string->id = _hearth_pstats_builder_string (r->builder, token);
  if (token->type == HEARTH_MARSHAL_STRING && token->slot >= 0 && string->id < MAX_NUMBERS)
    hearth_marshal_set_slot_data (r->m, token->slot, STRING_DATA (string->id));
  return string->id;
}

/* Interns the key read last; returns its number. */
static guint
intern_key (PstatsReader *r,
            gint64        line)
{
  guint file = key_string_id (r, &r->file);
  guint name = key_string_id (r, &r->name);

  return _hearth_pstats_builder_key (r->builder, file, line, name);
}

/* A key tuple (file, line, name) whose strings are known by the numbers attached to them,
 * read whole without a token: the common key of a large profile. */
static gboolean
read_plain_key (PstatsReader *r,
                gint64       *line,
                gint         *slot)
{
  guint32 data[3];
  gint64 integers[3];

  if (!hearth_marshal_read_ref_tuple (r->m, 3, 1u << 1, 1, 1, data, integers, slot))
    return FALSE;
  r->file.id = DATA_STRING (data[0]);
  r->name.id = DATA_STRING (data[2]);
  *line = integers[1];
  return TRUE;
}

/* A caller key read in full, not interned yet. */
static KeyResult
read_caller_key (PstatsReader              *r,
                 const HearthMarshalToken  *token,
                 gint64                    *line,
                 GError                   **error)
{
  KeyResult result;

  result = read_key (r, token, line, error);
  if (result == KEY_MARKER)
    {
      note_bad (r, token->offset, _("a caller key is the sampling marker"));
      return KEY_BAD;
    }
  return result;
}

/* A float where a count is expected: truncated, and saturated at the ends. */
static gint64
float_count (double number)
{
  if (isnan (number))
    return 0;
  if (number >= 9.2233720368547758e18)
    return G_MAXINT64;
  if (number <= -9.2233720368547758e18)
    return G_MININT64;
  return (gint64) number;
}

/* Any numeric code may hold any number: the profile module writes int 0 for times. */
static gboolean
read_number (const HearthMarshalToken *token,
             gint64                   *integer,
             double                   *number)
{
  switch (token->type)
    {
    case HEARTH_MARSHAL_INT:
    case HEARTH_MARSHAL_BOOL:
      *integer = token->integer;
      *number = token->number;
      return TRUE;
    case HEARTH_MARSHAL_FLOAT:
      *number = token->number;
      *integer = float_count (token->number);
      return TRUE;
    default:
      return FALSE;
    }
}

/* After a fast read of numbers: the floats' integers as read_number() gives them. */
static void
fix_float_counts (guint         n,
                  guint         floats,
                  gint64       *integers,
                  const double *numbers)
{
  for (guint i = 0; i < n; i++)
    if (floats & (1u << i))
      integers[i] = float_count (numbers[i]);
}

/* Reads @n numbers; on a token of another kind, describes it in @bad. */
static gboolean
read_numbers (PstatsReader         *r,
              guint                 n,
              gint64               *integers,
              double               *numbers,
              const char          **bad,
              GError              **error)
{
  HearthMarshalToken token;
  guint floats;

  *bad = NULL;
  if (hearth_marshal_read_numbers (r->m, n, integers, numbers, &floats))
    {
      fix_float_counts (n, floats, integers, numbers);
      return TRUE;
    }
  for (guint i = 0; i < n; i++)
    {
      if (!next (r, &token, error))
        return FALSE;
      if (!read_number (&token, &integers[i], &numbers[i]))
        {
          *bad = hearth_marshal_token_describe (&token);
          return TRUE;
        }
    }
  return TRUE;
}

typedef struct
{
  guint  key;
  gint64 prim_calls;
  gint64 calls;
  double own;
  double cum;
} Callee;

/* A caller's (nc, cc, tt, ct). */
static void
add_edge (PstatsReader *r,
          guint         caller,
          const Callee *callee,
          const gint64 *integers,
          const double *numbers)
{
  if (integers[0] < 0 || integers[1] < 0 || is_weird_time (numbers[2]) ||
      is_weird_time (numbers[3]))
    r->n_weird++;
  _hearth_pstats_builder_edge (r->builder, caller, integers[0], integers[1], numbers[2],
                               numbers[3]);
}

#define BATCH_EDGES 64

/* The callers of a dict seen before as keys, each with (nc, cc, tt, ct) of plain numbers:
 * the bulk of a large profile. Read a few dozen at a time straight into the builder's
 * records (each batch before any edge read otherwise, so that the file's order stays). */
static void
read_known_callers (PstatsReader *r)
{
  guint n;

  do
    {
      HearthMarshalEntry *entries = _hearth_pstats_builder_callers_room (r->builder,
                                                                         BATCH_EDGES);

      n = hearth_marshal_read_known_entries (r->m, 1, 0, entries, BATCH_EDGES);
      for (guint i = 0; i < n; i++)
        if (entries[i].counts[0] < 0 || entries[i].counts[1] < 0 ||
            is_weird_time (entries[i].times[0]) || is_weird_time (entries[i].times[1]))
          r->n_weird++;
      _hearth_pstats_builder_callers_commit (r->builder, n);
    }
  while (n == BATCH_EDGES);
}

/* One entry of a callers dict, its key already read. Tuples are (nc, cc, tt, ct); a plain
 * count (the profile module, the 3.15 sampler) gets times in proportion to its calls. */
static gboolean
read_caller_value (PstatsReader   *r,
                   guint           caller,
                   const Callee   *callee,
                   GError        **error)
{
  HearthMarshalToken token;
  gint64 integers[4];
  double numbers[4];
  const char *bad;
  guint depth = hearth_marshal_get_depth (r->m);
  guint floats;

  if (hearth_marshal_read_number_tuple (r->m, 4, integers, numbers, &floats))
    {
      fix_float_counts (4, floats, integers, numbers);
      add_edge (r, caller, callee, integers, numbers);
      return TRUE;
    }

  if (!next (r, &token, error))
    return FALSE;

  if (token.type == HEARTH_MARSHAL_INT || token.type == HEARTH_MARSHAL_FLOAT)
    {
      double share;

      read_number (&token, &integers[0], &numbers[0]);
      share = callee->calls > 0 ? numbers[0] / (double) callee->calls : 0.0;
      r->int_callers = TRUE;
      if (integers[0] < 0)
        r->n_weird++;
      _hearth_pstats_builder_edge (r->builder, caller, integers[0], integers[0],
                                   callee->own * share, callee->cum * share);
      return TRUE;
    }

  if (token.type != HEARTH_MARSHAL_BEGIN || token.container != HEARTH_MARSHAL_TUPLE ||
      token.count != 4)
    {
      note_bad (r, token.offset, _("a caller's value is %s"),
                hearth_marshal_token_describe (&token));
      return hearth_marshal_skip (r->m, error);
    }

  if (!read_numbers (r, 4, integers, numbers, &bad, error))
    return FALSE;
  if (bad != NULL)
    {
      note_bad (r, token.offset, _("a caller's value holds %s"), bad);
      return hearth_marshal_skip_to_depth (r->m, depth, error);
    }
  if (!next (r, &token, error))
    return FALSE;
  g_assert (token.type == HEARTH_MARSHAL_END);

  add_edge (r, caller, callee, integers, numbers);
  return TRUE;
}

/* A caller whose key was read just now (into r->file, @line and r->name; its tuple's slot
 * is @slot), then its value. The key is interned after the value is read: the caller is a
 * function whether the value is sound or not. */
static gboolean
read_new_caller (PstatsReader  *r,
                 const Callee  *callee,
                 gint64         line,
                 gint           slot,
                 GError       **error)
{
  HearthMarshalEntry value;
  gint64 integers[4];
  double numbers[4];
  guint floats = 0;
  gboolean fast;
  guint caller;

  if (hearth_marshal_read_counts (r->m, &value))
    {
      integers[0] = value.counts[0];
      integers[1] = value.counts[1];
      numbers[2] = value.times[0];
      numbers[3] = value.times[1];
      fast = TRUE;
    }
  else
    fast = hearth_marshal_read_number_tuple (r->m, 4, integers, numbers, &floats);
  caller = intern_key (r, line);
  remember_slot (r, slot, caller);
  if (!fast)
    return read_caller_value (r, caller, callee, error);
  fix_float_counts (4, floats, integers, numbers);
  add_edge (r, caller, callee, integers, numbers);
  return TRUE;
}

static gboolean
read_callers (PstatsReader   *r,
              const Callee   *callee,
              GError        **error)
{
  for (;;)
    {
      HearthMarshalToken token;
      guint caller = 0;
      gint64 line = 0;
      gint slot;

      read_known_callers (r);
      if (known_key (r, &caller))
        {
          if (!read_caller_value (r, caller, callee, error))
            return FALSE;
          continue;
        }
      if (hearth_marshal_read_end (r->m))
        return TRUE;
      if (read_plain_key (r, &line, &slot))
        {
          if (!read_new_caller (r, callee, line, slot, error))
            return FALSE;
          continue;
        }

      if (!next (r, &token, error))
        return FALSE;
      if (token.type == HEARTH_MARSHAL_END)
        return TRUE;

      switch (read_caller_key (r, &token, &line, error))
        {
        case KEY_OK:
          if (!read_new_caller (r, callee, line, token.slot, error))
            return FALSE;
          break;
        case KEY_BAD:
        case KEY_MARKER:
          if (!next (r, &token, error) || !hearth_marshal_skip (r->m, error))
            return FALSE;
          break;
        case KEY_ERROR:
        default:
          return FALSE;
        }
    }
}

/* The key of an entry of the top-level dict: a known key's number, or a key just read into
 * r->file, @line and r->name, to be interned, and the slot of its tuple. */
typedef struct
{
  guint  known;      /* G_MAXUINT: intern the key */
  gint64 line;
  gint   slot;
} EntryKey;

/* The start of an entry's value, (cc, nc, tt, ct, callers), as far as the callers dict:
 * its numbers into @integers and @numbers. @sound is cleared (the value skipped, as far as
 * needed) when the value is of another shape. */
static gboolean
read_value_start (PstatsReader  *r,
                  gint64        *integers,
                  double        *numbers,
                  gboolean      *sound,
                  GError       **error)
{
  HearthMarshalEntry value;
  HearthMarshalToken token;
  const char *bad;
  guint depth = 1;   /* inside the top-level dict */
  gsize offset;
  gint slot;

  *sound = TRUE;
  /* the common value at once; else item by item */
  if (hearth_marshal_read_entry_value (r->m, &value))
    {
      integers[0] = value.counts[0];
      integers[1] = value.counts[1];
      numbers[2] = value.times[0];
      numbers[3] = value.times[1];
      return TRUE;
    }

  *sound = FALSE;
  if (!hearth_marshal_read_begin (r->m, HEARTH_MARSHAL_TUPLE, 5, &slot, &offset))
    {
      if (!next (r, &token, error))
        return FALSE;
      if (token.type != HEARTH_MARSHAL_BEGIN || token.container != HEARTH_MARSHAL_TUPLE ||
          token.count != 5)
        {
          note_bad (r, token.offset, _("the value is %s"),
                    hearth_marshal_token_describe (&token));
          return hearth_marshal_skip (r->m, error);
        }
      offset = token.offset;
    }
  if (!read_numbers (r, 4, integers, numbers, &bad, error))
    return FALSE;
  if (bad != NULL)
    {
      note_bad (r, offset, _("the value holds %s"), bad);
      return hearth_marshal_skip_to_depth (r->m, depth, error);
    }
  if (!hearth_marshal_read_begin (r->m, HEARTH_MARSHAL_DICT, -1, &slot, &offset))
    {
      if (!next (r, &token, error))
        return FALSE;
      if (token.type != HEARTH_MARSHAL_BEGIN || token.container != HEARTH_MARSHAL_DICT)
        {
          note_bad (r, token.offset, _("the callers are %s"),
                    hearth_marshal_token_describe (&token));
          return hearth_marshal_skip_to_depth (r->m, depth, error);
        }
    }
  *sound = TRUE;
  return TRUE;
}

/* The value of an entry of the top-level dict, its key read: (cc, nc, tt, ct, callers). */
static gboolean
read_entry (PstatsReader    *r,
            const EntryKey  *key,
            GError         **error)
{
  gint64 integers[4];
  double numbers[4];
  gboolean sound;
  Callee callee;

  if (!read_value_start (r, integers, numbers, &sound, error))
    return FALSE;
  if (!sound)
    return TRUE;

  /* the entry is sound: like Python's dict, a repeated key replaces the earlier entry */
  if (key->known != G_MAXUINT)
    callee.key = key->known;
  else
    {
      callee.key = intern_key (r, key->line);
      remember_slot (r, key->slot, callee.key);
    }
  callee.prim_calls = integers[0];
  callee.calls = integers[1];
  callee.own = numbers[2];
  callee.cum = numbers[3];
  _hearth_pstats_builder_entry (r->builder, callee.key);
  if (callee.prim_calls < 0 || callee.calls < 0 || is_weird_time (callee.own) ||
      is_weird_time (callee.cum))
    r->n_weird++;
  r->n_good++;

  /* the numbers are set after the callers are read: nothing there reads them */
  if (!read_callers (r, &callee, error))
    return FALSE;
  _hearth_pstats_builder_numbers (r->builder, callee.key, callee.prim_calls, callee.calls,
                                  callee.own, callee.cum);
  return read_end (r, error);
}

/* An entry of the top-level dict whose key is not known: @token is its first token. */
static gboolean
read_keyed_entry (PstatsReader              *r,
                  const HearthMarshalToken  *token,
                  GError                   **error)
{
  HearthMarshalToken value;
  EntryKey key = { G_MAXUINT, 0, token->slot };

  switch (read_key (r, token, &key.line, error))
    {
    case KEY_OK:
      return read_entry (r, &key, error);
    case KEY_MARKER:
      r->sampled = TRUE;
      return next (r, &value, error) && hearth_marshal_skip (r->m, error);
    case KEY_BAD:
      return next (r, &value, error) && hearth_marshal_skip (r->m, error);
    case KEY_ERROR:
    default:
      return FALSE;
    }
}

static void
add_warnings (PstatsReader *r)
{
  gsize trailing = hearth_marshal_get_trailing (r->m);

  if (r->sampled)
    _hearth_profile_add_warning (r->profile,
                                 _("This profile was recorded by sampling and holds caller "
                                   "edges only: its call chains are estimated from them."));
  if (r->int_callers)
    _hearth_profile_add_warning (r->profile,
                                 _("The callers in this profile have call counts but no times "
                                   "(as the profile module writes them): the time of each "
                                   "caller edge is estimated in proportion to its calls."));
  if (r->n_bad > 0)
    _hearth_profile_add_warning (r->profile,
                                 g_dngettext (GETTEXT_PACKAGE,
                                              "%u entry of an unexpected shape was skipped "
                                              "(at offset 0x%zx: %s).",
                                              "%u entries of an unexpected shape were skipped "
                                              "(the first at offset 0x%zx: %s).", r->n_bad),
                                 r->n_bad, r->first_bad_offset, r->first_bad);
  if (r->n_weird > 0)
    _hearth_profile_add_warning (r->profile,
                                 g_dngettext (GETTEXT_PACKAGE,
                                              "%u entry has times or counts that are not a "
                                              "number, infinite or negative; the graph counts "
                                              "them as 0.",
                                              "%u entries have times or counts that are not a "
                                              "number, infinite or negative; the graph counts "
                                              "them as 0.", r->n_weird),
                                 r->n_weird);
  if (r->replaced_text)
    _hearth_profile_add_warning (r->profile,
                                 _("Some names are not valid text; the characters that could "
                                   "not be decoded are shown as \xef\xbf\xbd."));
  if (trailing > 0)
    _hearth_profile_add_warning (r->profile,
                                 g_dngettext (GETTEXT_PACKAGE,
                                              "%zu byte after the profile data "
                                              "was ignored.",
                                              "%zu bytes after the profile data "
                                              "were ignored.", trailing),
                                 trailing);
}

/* How many bytes the reader parses between two looks at the load's watch. */
#define WATCH_STEP             ((gsize) 4 << 20)

static gboolean
read_profile (PstatsReader  *r,
              GError       **error)
{
  HearthMarshalToken token;

  if (!next (r, &token, error))
    return FALSE;
  if (token.type != HEARTH_MARSHAL_BEGIN || token.container != HEARTH_MARSHAL_DICT)
    {
      g_set_error (error, HEARTH_PROFILE_ERROR, HEARTH_PROFILE_ERROR_BAD_SHAPE,
                   _("a pstats file holds a dict; this one holds %s"),
                   hearth_marshal_token_describe (&token));
      return FALSE;
    }

  for (;;)
    {
      EntryKey key = { G_MAXUINT, 0, -1 };

      if (G_UNLIKELY (hearth_marshal_get_offset (r->m) >= r->next_watch))
        {
          gsize offset = hearth_marshal_get_offset (r->m);

          if (!_hearth_read_watch_check (r->watch, offset, error))
            return FALSE;
          r->next_watch = offset + WATCH_STEP;
        }
      if (known_key (r, &key.known) || read_plain_key (r, &key.line, &key.slot))
        {
          if (!read_entry (r, &key, error))
            return FALSE;
          continue;
        }
      if (hearth_marshal_read_end (r->m))
        break;
      if (!next (r, &token, error))
        return FALSE;
      if (token.type == HEARTH_MARSHAL_END)
        break;
      if (!read_keyed_entry (r, &token, error))
        return FALSE;
    }

  if (!next (r, &token, error))
    return FALSE;
  g_assert (token.type == HEARTH_MARSHAL_DONE);

  if (r->n_good == 0 && r->n_bad > 0 && !r->sampled)
    {
      g_set_error (error, HEARTH_PROFILE_ERROR, HEARTH_PROFILE_ERROR_BAD_SHAPE,
                   _("expected pstats entries (file, line, name): (cc, nc, tt, ct, callers), "
                     "but at offset 0x%zx %s"),
                   r->first_bad_offset, r->first_bad);
      return FALSE;
    }
  return TRUE;
}

/* From this many bytes on, the builder runs on a thread of its own beside the reader when
 * it may: a smaller file is read before the thread would be of use. */
#define THREADED_FROM          ((gsize) 1024 * 1024)

/**
 * _hearth_pstats_read:
 * @data: the file's bytes: a marshalled pstats dictionary
 * @len: their number
 * @error: what is wrong with the data
 *
 * Reads a `.prof` file as written by cProfile, profile, pstats.Stats.dump_stats() and
 * Python 3.15's sampling profiler, from Python 2.7 on.
 *
 * Returns: (transfer full): a finished profile, or %NULL with @error set
 */
HearthProfile *
_hearth_pstats_read (const guint8  *data,
                     gsize          len,
                     GError       **error)
{
  return _hearth_pstats_read_full (data, len, HEARTH_PSTATS_THREADS_AUTO, NULL, error);
}

/**
 * _hearth_pstats_read_full:
 * @data: the file's bytes: a marshalled pstats dictionary
 * @len: their number
 * @threads: whether the profile is built on a thread of its own beside the reader (the
 *   profile is the same either way)
 * @watch: (nullable): told how far the reader has come every few MB; a cancelled load
 *   stops the reader
 * @error: what is wrong with the data
 *
 * _hearth_pstats_read () with the choice of threads made, for a load that watches.
 *
 * Returns: (transfer full): a finished profile, or %NULL with @error set
 */
HearthProfile *
_hearth_pstats_read_full (const guint8          *data,
                          gsize                  len,
                          HearthPstatsThreads    threads,
                          const HearthReadWatch *watch,
                          GError               **error)
{
  PstatsReader r = { 0 };
  HearthProfile *profile = NULL;
  gboolean threaded;

  g_return_val_if_fail (data != NULL || len == 0, NULL);
  g_return_val_if_fail (error == NULL || *error == NULL, NULL);

  if (threads == HEARTH_PSTATS_THREADS_AUTO)
    threaded = len >= THREADED_FROM && _hearth_second_thread_allowed ();
  else
    threaded = threads == HEARTH_PSTATS_THREADS_BUILDER;

  r.watch = watch;
  r.next_watch = watch != NULL ? 0 : G_MAXSIZE;
  r.m = hearth_marshal_new (data, len);
  r.profile = _hearth_profile_new (HEARTH_FORMAT_PSTATS, HEARTH_KIND_DETERMINISTIC,
                                   HEARTH_UNIT_SECONDS);
  _hearth_profile_reserve_edges (r.profile, MIN (len / CPROFILE_EDGE_BYTES, MAX_EDGE_ROOM));
  _hearth_profile_reserve_functions (r.profile, MIN (len / CPROFILE_FUNCTION_BYTES,
                                                     MAX_FUNCTION_ROOM));
  /* from here until the builder is complete, the profile is the builder's */
  r.builder = _hearth_pstats_builder_new (r.profile, threaded);

  if (read_profile (&r, error))
    {
      r.replaced_text = _hearth_pstats_builder_complete (r.builder);
      if (r.sampled)
        _hearth_profile_set_kind (r.profile, HEARTH_KIND_SAMPLED);
      add_warnings (&r);
      _hearth_profile_finish (r.profile);
      profile = g_steal_pointer (&r.profile);
    }

  reader_clear (&r);
  return profile;
}
