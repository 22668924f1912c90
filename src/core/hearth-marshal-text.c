/* hearth-marshal-text.c: the marshal parser's strings as UTF-8, and its tokens described
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

#include <glib/gi18n-lib.h>
#include <string.h>

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
