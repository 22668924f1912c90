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

#include <glib/gi18n-lib.h>
#include <math.h>
#include <stdarg.h>
#include <string.h>

#include "hearth-marshal.h"
#include "hearth-profile-private.h"

/* The dictionary is read straight from the token stream into the profile, never as a tree
 * of objects. Keys are often references to key tuples seen before: the function found for
 * a stored tuple is attached to its slot, so a repeated key costs neither string work nor a
 * second look at the tuple. */

typedef enum
{
  KEY_OK,
  KEY_BAD,
  KEY_MARKER,
  KEY_ERROR,
} KeyResult;

typedef struct
{
  HearthMarshal  *m;
  HearthProfile  *profile;

  /* the key being read: its strings, then their text */
  HearthMarshalToken file_token;
  HearthMarshalToken name_token;
  GString        *file;
  GString        *name;

  /* per function: the slots of its file and name strings when it was interned, so a key
   * made of the same stored strings is recognised without reading them as text */
  gint32         *function_file_slots;
  gint64         *function_lines;
  guint           n_function_slots;

  guint8         *listed;           /* per function: an entry of its own was read */
  guint           n_listed;

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
  g_clear_pointer (&r->m, hearth_marshal_free);
  g_clear_object (&r->profile);
  g_string_free (r->file, TRUE);
  g_string_free (r->name, TRUE);
  g_free (r->listed);
  g_free (r->function_file_slots);
  g_free (r->function_lines);
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

/* The number attached to a stored object: (function + 1) * 2 for a key tuple, plus one for
 * the name string of a key. */
#define TUPLE_DATA(function)   (((guint32) (function) + 1) << 1)
#define NAME_DATA(function)    (TUPLE_DATA (function) | 1)
#define DATA_FUNCTION(data)    (((data) >> 1) - 1)
#define MAX_FUNCTIONS          (G_MAXUINT32 >> 2)

static void
remember_slot (PstatsReader *r,
               gint          slot,
               guint         function)
{
  if (slot >= 0 && function < MAX_FUNCTIONS)
    hearth_marshal_set_slot_data (r->m, slot, TUPLE_DATA (function));
}

/* A key that refers to a tuple already read as a key: its function, without reading it. */
static gboolean
known_key (PstatsReader *r,
           guint        *function)
{
  guint slot;
  guint32 data;

  if (!hearth_marshal_peek_ref (r->m, &slot, &data) || data == 0 || (data & 1) != 0)
    return FALSE;
  hearth_marshal_skip_ref (r->m);
  *function = DATA_FUNCTION (data);
  return TRUE;
}

static gboolean
mark_listed (PstatsReader *r,
             guint         function)
{
  gboolean was;

  if (function >= r->n_listed)
    {
      guint size = MAX (MAX (1024, function + 1), r->n_listed * 2);

      r->listed = g_renew (guint8, r->listed, size);
      memset (r->listed + r->n_listed, 0, size - r->n_listed);
      r->n_listed = size;
    }
  was = r->listed[function];
  r->listed[function] = 1;
  return was;
}

static void
append_text (PstatsReader             *r,
             GString                  *out,
             const HearthMarshalToken *token)
{
  if (hearth_marshal_append_utf8 (out, token->string, token->length, token->encoding))
    r->replaced_text = TRUE;
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
      note_bad (r, token->offset, _("the key is a tuple of %" G_GINT64_FORMAT " items"),
                token->count);
      return hearth_marshal_skip_to_depth (r->m, depth, error) ? KEY_BAD : KEY_ERROR;
    }

  if (!next (r, &r->file_token, error))
    return KEY_ERROR;
  if (r->file_token.type != HEARTH_MARSHAL_STRING)
    {
      note_bad (r, token->offset, _("the file name is %s"),
                hearth_marshal_token_describe (&r->file_token));
      return hearth_marshal_skip_to_depth (r->m, depth, error) ? KEY_BAD : KEY_ERROR;
    }

  if (!next (r, &item, error))
    return KEY_ERROR;
  if (item.type != HEARTH_MARSHAL_INT)
    {
      note_bad (r, token->offset, _("the line number is %s"),
                hearth_marshal_token_describe (&item));
      return hearth_marshal_skip_to_depth (r->m, depth, error) ? KEY_BAD : KEY_ERROR;
    }
  *line = item.integer;

  if (!next (r, &r->name_token, error))
    return KEY_ERROR;
  if (r->name_token.type != HEARTH_MARSHAL_STRING && r->name_token.type != HEARTH_MARSHAL_CODE)
    {
      note_bad (r, token->offset, _("the function name is %s"),
                hearth_marshal_token_describe (&r->name_token));
      return hearth_marshal_skip_to_depth (r->m, depth, error) ? KEY_BAD : KEY_ERROR;
    }

  if (!next (r, &item, error))
    return KEY_ERROR;
  g_assert (item.type == HEARTH_MARSHAL_END);
  return KEY_OK;
}

/* The function of the key read last, if its strings are stored objects that made up the
 * key of a function before (Python writes each key tuple anew, with the same strings). */
static gboolean
recognise_key (PstatsReader *r,
               gint64        line,
               guint        *function)
{
  gint file_slot = r->file_token.slot;
  gint name_slot = r->name_token.slot;
  guint32 data;

  if (file_slot < 0 || name_slot < 0 || r->name_token.type != HEARTH_MARSHAL_STRING)
    return FALSE;
  data = hearth_marshal_get_slot_data (r->m, name_slot);
  if ((data & 1) == 0 || DATA_FUNCTION (data) >= r->n_function_slots ||
      r->function_file_slots[DATA_FUNCTION (data)] != file_slot ||
      r->function_lines[DATA_FUNCTION (data)] != line)
    return FALSE;
  *function = DATA_FUNCTION (data);
  return TRUE;
}

/* Finds or adds the function of the key read last. */
static guint
intern_key (PstatsReader *r,
            gint64        line)
{
  guint function;

  if (recognise_key (r, line, &function))
    return function;

  g_string_truncate (r->file, 0);
  g_string_truncate (r->name, 0);
  append_text (r, r->file, &r->file_token);
  if (r->name_token.type == HEARTH_MARSHAL_CODE)
    {
      /* python -m profile keys the script by its code object */
      g_string_append (r->name, "<code object ");
      append_text (r, r->name, &r->name_token);
      g_string_append_c (r->name, '>');
    }
  else
    append_text (r, r->name, &r->name_token);
  function = _hearth_profile_intern_function (r->profile, r->file->str, line, r->name->str);

  if (r->file_token.slot >= 0 && r->name_token.slot >= 0 &&
      r->name_token.type == HEARTH_MARSHAL_STRING && function < MAX_FUNCTIONS)
    {
      if (function >= r->n_function_slots)
        {
          guint size = MAX (MAX (1024, function + 1), r->n_function_slots * 2);

          r->function_file_slots = g_renew (gint32, r->function_file_slots, size);
          r->function_lines = g_renew (gint64, r->function_lines, size);
          for (guint i = r->n_function_slots; i < size; i++)
            r->function_file_slots[i] = -1;
          r->n_function_slots = size;
        }
      r->function_file_slots[function] = r->file_token.slot;
      r->function_lines[function] = line;
      hearth_marshal_set_slot_data (r->m, r->name_token.slot, NAME_DATA (function));
    }
  return function;
}

/* A caller key read in full, then interned. */
static KeyResult
read_caller (PstatsReader              *r,
             const HearthMarshalToken  *token,
             guint                     *function,
             GError                   **error)
{
  KeyResult result;
  gint64 line = 0;

  result = read_key (r, token, &line, error);
  if (result == KEY_MARKER)
    {
      note_bad (r, token->offset, _("a caller key is the sampling marker"));
      return KEY_BAD;
    }
  if (result != KEY_OK)
    return result;

  *function = intern_key (r, line);
  remember_slot (r, token->slot, *function);
  return KEY_OK;
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
      if (isnan (token->number))
        *integer = 0;
      else if (token->number >= 9.2233720368547758e18)
        *integer = G_MAXINT64;
      else if (token->number <= -9.2233720368547758e18)
        *integer = G_MININT64;
      else
        *integer = (gint64) token->number;
      return TRUE;
    default:
      return FALSE;
    }
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

  *bad = NULL;
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
  guint  function;
  gint64 prim_calls;
  gint64 calls;
  double own;
  double cum;
} Callee;

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
      _hearth_profile_set_edge (r->profile, caller, callee->function, integers[0], integers[0],
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

  if (integers[0] < 0 || integers[1] < 0 || is_weird_time (numbers[2]) ||
      is_weird_time (numbers[3]))
    r->n_weird++;
  _hearth_profile_set_edge (r->profile, caller, callee->function, integers[0], integers[1],
                            numbers[2], numbers[3]);
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

      if (known_key (r, &caller))
        {
          if (!read_caller_value (r, caller, callee, error))
            return FALSE;
          continue;
        }

      if (!next (r, &token, error))
        return FALSE;
      if (token.type == HEARTH_MARSHAL_END)
        return TRUE;

      switch (read_caller (r, &token, &caller, error))
        {
        case KEY_OK:
          if (!read_caller_value (r, caller, callee, error))
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

/* One entry of the top-level dict: key, then (cc, nc, tt, ct, callers). The key is either
 * @key, its first token, or (@key %NULL) a reference to a known key of function @known. */
static gboolean
read_entry (PstatsReader              *r,
            const HearthMarshalToken  *key,
            guint                      known,
            GError                   **error)
{
  HearthMarshalToken token;
  gint64 integers[4];
  double numbers[4];
  const char *bad;
  Callee callee;
  gint64 line = 0;
  guint depth = 1;   /* inside the top-level dict (the key may be open already) */

  switch (key == NULL ? KEY_OK : read_key (r, key, &line, error))
    {
    case KEY_OK:
      break;
    case KEY_MARKER:
      r->sampled = TRUE;
      return next (r, &token, error) && hearth_marshal_skip (r->m, error);
    case KEY_BAD:
      return next (r, &token, error) && hearth_marshal_skip (r->m, error);
    case KEY_ERROR:
    default:
      return FALSE;
    }

  if (!next (r, &token, error))
    return FALSE;
  if (token.type != HEARTH_MARSHAL_BEGIN || token.container != HEARTH_MARSHAL_TUPLE ||
      token.count != 5)
    {
      note_bad (r, token.offset, _("the value is %s"), hearth_marshal_token_describe (&token));
      return hearth_marshal_skip (r->m, error);
    }
  if (!read_numbers (r, 4, integers, numbers, &bad, error))
    return FALSE;
  if (bad != NULL)
    {
      note_bad (r, token.offset, _("the value holds %s"), bad);
      return hearth_marshal_skip_to_depth (r->m, depth, error);
    }
  if (!next (r, &token, error))
    return FALSE;
  if (token.type != HEARTH_MARSHAL_BEGIN || token.container != HEARTH_MARSHAL_DICT)
    {
      note_bad (r, token.offset, _("the callers are %s"), hearth_marshal_token_describe (&token));
      return hearth_marshal_skip_to_depth (r->m, depth, error);
    }

  /* the entry is sound: like Python's dict, a repeated key replaces the earlier entry */
  if (key == NULL)
    callee.function = known;
  else
    {
      callee.function = intern_key (r, line);
      remember_slot (r, key->slot, callee.function);
    }
  callee.prim_calls = integers[0];
  callee.calls = integers[1];
  callee.own = numbers[2];
  callee.cum = numbers[3];
  if (mark_listed (r, callee.function))
    _hearth_profile_clear_callers (r->profile, callee.function);
  _hearth_profile_set_numbers (r->profile, callee.function, callee.prim_calls, callee.calls,
                               callee.own, callee.cum);
  if (callee.prim_calls < 0 || callee.calls < 0 || is_weird_time (callee.own) ||
      is_weird_time (callee.cum))
    r->n_weird++;
  r->n_good++;

  if (!read_callers (r, &callee, error))
    return FALSE;
  if (!next (r, &token, error))
    return FALSE;
  g_assert (token.type == HEARTH_MARSHAL_END);
  return TRUE;
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
                                              "(at offset 0x%" G_GSIZE_MODIFIER "x: %s).",
                                              "%u entries of an unexpected shape were skipped "
                                              "(the first at offset 0x%" G_GSIZE_MODIFIER
                                              "x: %s).", r->n_bad),
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
                                              "%" G_GSIZE_FORMAT " byte after the profile data "
                                              "was ignored.",
                                              "%" G_GSIZE_FORMAT " bytes after the profile data "
                                              "were ignored.", trailing),
                                 trailing);
}

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
                   _("expected a pstats dictionary, found %s"),
                   hearth_marshal_token_describe (&token));
      return FALSE;
    }

  for (;;)
    {
      guint known;

      if (known_key (r, &known))
        {
          if (!read_entry (r, NULL, known, error))
            return FALSE;
          continue;
        }
      if (!next (r, &token, error))
        return FALSE;
      if (token.type == HEARTH_MARSHAL_END)
        break;
      if (!read_entry (r, &token, 0, error))
        return FALSE;
    }

  if (!next (r, &token, error))
    return FALSE;
  g_assert (token.type == HEARTH_MARSHAL_DONE);

  if (r->n_good == 0 && r->n_bad > 0 && !r->sampled)
    {
      g_set_error (error, HEARTH_PROFILE_ERROR, HEARTH_PROFILE_ERROR_BAD_SHAPE,
                   _("expected pstats entries (file, line, name): (cc, nc, tt, ct, callers), "
                     "but at offset 0x%" G_GSIZE_MODIFIER "x %s"),
                   r->first_bad_offset, r->first_bad);
      return FALSE;
    }
  return TRUE;
}

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
  PstatsReader r = { 0 };
  HearthProfile *profile = NULL;

  g_return_val_if_fail (data != NULL || len == 0, NULL);
  g_return_val_if_fail (error == NULL || *error == NULL, NULL);

  r.m = hearth_marshal_new (data, len);
  r.profile = _hearth_profile_new (HEARTH_FORMAT_PSTATS, HEARTH_KIND_DETERMINISTIC,
                                   HEARTH_UNIT_SECONDS);
  r.file = g_string_sized_new (256);
  r.name = g_string_sized_new (256);

  if (read_profile (&r, error))
    {
      if (r.sampled)
        _hearth_profile_set_kind (r.profile, HEARTH_KIND_SAMPLED);
      add_warnings (&r);
      _hearth_profile_finish (r.profile);
      profile = g_steal_pointer (&r.profile);
    }

  reader_clear (&r);
  return profile;
}
