/* test-marshal.c: the marshal pull parser
 *
 * Copyright 2026 The Hearth authors
 *
 * This program is free software: you can redistribute it and/or modify it under the terms of
 * the GNU General Public License as published by the Free Software Foundation, either version 3
 * of the License, or (at your option) any later version.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "hearth-marshal.h"
#include "hearth-test-util.h"
#include "hearth-types.h"

#include <math.h>
#include <string.h>

/* Byte builders for hand-made streams. */

static void
put (GByteArray *b,
     const char *bytes,
     gsize       n)
{
  g_byte_array_append (b, (const guint8 *) bytes, (guint) n);
}

static void
put_u8 (GByteArray *b,
        guint8      v)
{
  g_byte_array_append (b, &v, 1);
}

static void
put_i32 (GByteArray *b,
         gint32      v)
{
  guint32 le = GUINT32_TO_LE ((guint32) v);

  g_byte_array_append (b, (const guint8 *) &le, 4);
}

static void
put_f64 (GByteArray *b,
         double      v)
{
  guint64 bits;

  memcpy (&bits, &v, 8);
  bits = GUINT64_TO_LE (bits);
  g_byte_array_append (b, (const guint8 *) &bits, 8);
}

/* A string object: z/Z take a u8 length, the others an i32. */
static void
put_str (GByteArray *b,
         guint8      code,
         const char *s)
{
  gsize n = strlen (s);

  put_u8 (b, code);
  if ((code & 0x7f) == 'z' || (code & 0x7f) == 'Z')
    put_u8 (b, (guint8) n);
  else
    put_i32 (b, (gint32) n);
  put (b, s, n);
}

static void
append_token (GString                  *out,
              const HearthMarshalToken *t)
{
  g_autoptr (GString) text = g_string_new (NULL);

  switch (t->type)
    {
    case HEARTH_MARSHAL_NONE: g_string_append (out, "None"); break;
    case HEARTH_MARSHAL_STOP_ITERATION: g_string_append (out, "StopIteration"); break;
    case HEARTH_MARSHAL_ELLIPSIS: g_string_append (out, "Ellipsis"); break;
    case HEARTH_MARSHAL_BOOL: g_string_append (out, t->integer ? "True" : "False"); break;
    case HEARTH_MARSHAL_INT:
      if (t->saturated)
        g_string_append (out, "big");
      else
        g_string_append_printf (out, "%" G_GINT64_FORMAT, t->integer);
      break;
    case HEARTH_MARSHAL_FLOAT:
      hearth_test_append_double (out, t->number);
      break;
    case HEARTH_MARSHAL_COMPLEX:
      g_string_append (out, "complex(");
      hearth_test_append_double (out, t->number);
      g_string_append_c (out, ',');
      hearth_test_append_double (out, t->imag);
      g_string_append_c (out, ')');
      break;
    case HEARTH_MARSHAL_STRING:
      if (t->encoding == HEARTH_MARSHAL_BYTES)
        {
          /* bytes print as Latin-1 code points, like the reference decoder */
          g_string_append_c (out, 'b');
          hearth_marshal_append_utf8 (text, t->string, t->length, HEARTH_MARSHAL_LATIN1);
        }
      else
        hearth_marshal_append_utf8 (text, t->string, t->length, t->encoding);
      hearth_test_append_json (out, text->str);
      break;
    case HEARTH_MARSHAL_CODE:
      hearth_marshal_append_utf8 (text, t->string, t->length, t->encoding);
      g_string_append_printf (out, "<code %s>", text->str);
      break;
    case HEARTH_MARSHAL_BEGIN:
      switch (t->container)
        {
        case HEARTH_MARSHAL_TUPLE: g_string_append_c (out, '('); break;
        case HEARTH_MARSHAL_LIST: g_string_append_c (out, '['); break;
        case HEARTH_MARSHAL_DICT: g_string_append_c (out, '{'); break;
        case HEARTH_MARSHAL_SET: g_string_append (out, "set("); break;
        case HEARTH_MARSHAL_FROZENSET: g_string_append (out, "frozenset("); break;
        case HEARTH_MARSHAL_SLICE: g_string_append (out, "slice("); break;
        default: g_assert_not_reached ();
        }
      break;
    case HEARTH_MARSHAL_END:
      switch (t->container)
        {
        case HEARTH_MARSHAL_LIST: g_string_append_c (out, ']'); break;
        case HEARTH_MARSHAL_DICT: g_string_append_c (out, '}'); break;
        default: g_string_append_c (out, ')'); break;
        }
      break;
    case HEARTH_MARSHAL_DONE:
    default:
      g_assert_not_reached ();
    }
}

/* Prints the whole stream as one value: the form tools/pstats_truth.py --render prints. */
static gboolean
render (const guint8  *data,
        gsize          len,
        GString       *out,
        GError       **error)
{
  g_autoptr (HearthMarshal) m = hearth_marshal_new (data, len);
  guint counts[HEARTH_MARSHAL_MAX_DEPTH + 1];
  gboolean dict[HEARTH_MARSHAL_MAX_DEPTH + 1];
  guint depth = 0;

  for (;;)
    {
      HearthMarshalToken t;

      if (!hearth_marshal_next (m, &t, error))
        return FALSE;
      if (t.type == HEARTH_MARSHAL_DONE)
        return TRUE;
      g_assert_cmpuint (hearth_marshal_get_depth (m), <=, HEARTH_MARSHAL_MAX_DEPTH);

      if (t.type == HEARTH_MARSHAL_END)
        {
          g_assert_cmpuint (depth, >, 0);
          depth--;
          append_token (out, &t);
          g_assert_cmpuint (hearth_marshal_get_depth (m), ==, depth);
          continue;
        }
      if (depth > 0 && counts[depth - 1]++ > 0)
        g_string_append_c (out, dict[depth - 1] && counts[depth - 1] % 2 == 0 ? ':' : ',');
      append_token (out, &t);
      if (t.type == HEARTH_MARSHAL_BEGIN)
        {
          g_assert_cmpuint (depth, <, HEARTH_MARSHAL_MAX_DEPTH);
          dict[depth] = t.container == HEARTH_MARSHAL_DICT;
          counts[depth++] = 0;
          g_assert_cmpuint (hearth_marshal_get_depth (m), ==, depth);
        }
    }
}

static char *
render_bytes (GByteArray  *b,
              GError     **error)
{
  g_autoptr (GString) out = g_string_new (NULL);

  if (!render (b->data, b->len, out, error))
    return NULL;
  return g_string_free (g_steal_pointer (&out), FALSE);
}

/* Reads every token without printing anything: the fast path of the robustness tests. */
static gboolean
parse_all (const guint8  *data,
           gsize          len,
           GError       **error)
{
  g_autoptr (HearthMarshal) m = hearth_marshal_new (data, len);
  HearthMarshalToken t;

  do
    {
      if (!hearth_marshal_next (m, &t, error))
        return FALSE;
    }
  while (t.type != HEARTH_MARSHAL_DONE);
  return TRUE;
}

static void
assert_renders (GByteArray *b,
                const char *expected)
{
  g_autoptr (GError) error = NULL;
  g_autofree char *text = render_bytes (b, &error);

  g_assert_no_error (error);
  g_assert_cmpstr (text, ==, expected);
}

static void
assert_fails (GByteArray *b,
              gint        code,
              const char *fragment)
{
  g_autoptr (GError) error = NULL;
  g_autofree char *text = render_bytes (b, &error);

  g_assert_null (text);
  g_assert_error (error, HEARTH_PROFILE_ERROR, code);
  if (fragment != NULL && strstr (error->message, fragment) == NULL)
    g_error ("message \"%s\" lacks \"%s\"", error->message, fragment);
}

static GByteArray *
bytes_of (const char *s,
          gsize       n)
{
  GByteArray *b = g_byte_array_new ();

  put (b, s, n);
  return b;
}

#define BYTES(s) bytes_of (s, sizeof (s) - 1)

/* Reads the first token of @b. */
static HearthMarshalToken
first_token (GByteArray *b)
{
  g_autoptr (HearthMarshal) m = hearth_marshal_new (b->data, b->len);
  g_autoptr (GError) error = NULL;
  HearthMarshalToken t;

  g_assert_true (hearth_marshal_next (m, &t, &error));
  g_assert_no_error (error);
  return t;
}

static void
test_singletons (void)
{
  const struct { const char *bytes; const char *text; } cases[] = {
    { "N", "None" }, { "F", "False" }, { "T", "True" }, { "S", "StopIteration" },
    { ".", "Ellipsis" }, { "\xce", "None" }, { "\xd4", "True" }, { "\xc6", "False" },
    { "\xd3", "StopIteration" }, { "\xae", "Ellipsis" },
  };

  for (guint i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      g_autoptr (GByteArray) b = bytes_of (cases[i].bytes, 1);
      g_autoptr (HearthMarshal) m = hearth_marshal_new (b->data, b->len);
      HearthMarshalToken t;

      assert_renders (b, cases[i].text);
      /* the flag is ignored on singletons: no slot */
      g_assert_true (hearth_marshal_next (m, &t, NULL));
      g_assert_cmpint (t.slot, ==, -1);
      g_assert_cmpuint (hearth_marshal_get_n_slots (m), ==, 0);
      g_assert_true (hearth_marshal_next (m, &t, NULL));
      g_assert_cmpint (t.type, ==, HEARTH_MARSHAL_DONE);
    }

  /* a flagged singleton inside a tuple does not shift the slots after it */
  {
    g_autoptr (GByteArray) b = BYTES ("\xa9\x03\xce\xe9\x05\x00\x00\x00\x72\x01\x00\x00\x00");

    assert_renders (b, "(None,5,5)");
  }
}

static void
test_ints (void)
{
  g_autoptr (GByteArray) b = g_byte_array_new ();
  HearthMarshalToken t;

  put (b, "(\x05\x00\x00\x00", 5);
  put_u8 (b, 'i');
  put_i32 (b, 10);
  put_u8 (b, 'i');
  put_i32 (b, -7);
  put_u8 (b, 'I');
  put (b, "\x00\x00\x00\x00\x01\x00\x00\x00", 8);
  put_u8 (b, 'I');
  put (b, "\xff\xff\xff\xff\xff\xff\xff\xff", 8);
  put_u8 (b, 0xe9);
  put_i32 (b, G_MININT32);
  assert_renders (b, "(10,-7,4294967296,-1,-2147483648)");

  g_byte_array_set_size (b, 0);
  put_u8 (b, 'i');
  put_i32 (b, 42);
  t = first_token (b);
  g_assert_cmpint (t.type, ==, HEARTH_MARSHAL_INT);
  g_assert_cmpint (t.integer, ==, 42);
  g_assert_cmpfloat (t.number, ==, 42.0);
  g_assert_cmpint (t.code, ==, 'i');
  g_assert_false (t.saturated);
}

static void
test_longs (void)
{
  const struct { const char *bytes; gsize n; const char *text; } cases[] = {
    /* 0, 2^40 (FORMATS 1.4), -(1 + 2 * 2^15), 2^63 - 1 exactly, 2^63 (saturates), 2^70 */
    { "l\x00\x00\x00\x00", 5, "0" },
    { "l\x03\x00\x00\x00\x00\x00\x00\x00\x00\x04", 11, "1099511627776" },
    { "l\xfe\xff\xff\xff\x01\x00\x02\x00", 9, "-65537" },
    { "l\x05\x00\x00\x00\xff\x7f\xff\x7f\xff\x7f\xff\x7f\x07\x00", 15, "9223372036854775807" },
    { "l\x05\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x08\x00", 15, "big" },
    { "l\xfb\xff\xff\xff\x00\x00\x00\x00\x00\x00\x00\x00\x08\x00", 15, "-9223372036854775808" },
    { "l\x05\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x04", 15, "big" },
  };

  for (guint i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      g_autoptr (GByteArray) b = bytes_of (cases[i].bytes, cases[i].n);

      assert_renders (b, cases[i].text);
    }

  /* saturated: clamped integer, nearest double */
  {
    g_autoptr (GByteArray) b = bytes_of (cases[6].bytes, cases[6].n);
    HearthMarshalToken t = first_token (b);

    g_assert_true (t.saturated);
    g_assert_cmpint (t.integer, ==, G_MAXINT64);
    g_assert_cmpfloat (t.number, ==, ldexp (1.0, 70));
  }

  {
    g_autoptr (GByteArray) b = BYTES ("l\x02\x00\x00\x00\x01\x00\x00\x00");

    assert_fails (b, HEARTH_PROFILE_ERROR_BAD_TYPE, "unnormalised");
  }
  {
    g_autoptr (GByteArray) b = BYTES ("l\x01\x00\x00\x00\x00\x80");

    assert_fails (b, HEARTH_PROFILE_ERROR_BAD_TYPE, "out of range");
  }
  {
    g_autoptr (GByteArray) b = BYTES ("l\xff\xff\xff\x7f\x01\x00");

    assert_fails (b, HEARTH_PROFILE_ERROR_TOO_LARGE, "2147483647 digits");
  }
  {
    g_autoptr (GByteArray) b = BYTES ("l\x00\x00\x00\x80");

    assert_fails (b, HEARTH_PROFILE_ERROR_BAD_TYPE, NULL);
  }
}

static void
test_floats (void)
{
  g_autoptr (GByteArray) b = g_byte_array_new ();

  put (b, "(\x09\x00\x00\x00", 5);
  put_u8 (b, 'g');
  put_f64 (b, 0.25);
  put_u8 (b, 0xe7);
  put_f64 (b, -1.5e-6);
  put (b, "f\x04" "0.25", 6);
  put (b, "f\x05" "1e-06", 7);
  put (b, "f\x03" "nan", 5);
  put (b, "f\x03" "inf", 5);
  put (b, "f\x04" "-inf", 6);
  put (b, "x\x03" "1.5\x04" "-2.0", 10);
  put_u8 (b, 'y');
  put_f64 (b, 0.5);
  put_f64 (b, 3.0);
  assert_renders (b, "(0.25,-1.5e-06,0.25,9.9999999999999995e-07,nan,inf,-inf,"
                  "complex(1.5,-2),complex(0.5,3))");

  g_byte_array_set_size (b, 0);
  put (b, "f\x03" "abc", 5);
  assert_fails (b, HEARTH_PROFILE_ERROR_BAD_TYPE, "invalid float text at offset 0x0");

  g_byte_array_set_size (b, 0);
  put (b, "f\x00", 2);
  assert_fails (b, HEARTH_PROFILE_ERROR_BAD_TYPE, "invalid float text");

  g_byte_array_set_size (b, 0);
  put (b, "f\x09" "1", 3);
  assert_fails (b, HEARTH_PROFILE_ERROR_TRUNCATED, "need 9 bytes at offset 0x2");
}

static void
test_strings (void)
{
  g_autoptr (GByteArray) b = g_byte_array_new ();
  HearthMarshalToken t;

  put (b, "(\x0a\x00\x00\x00", 5);
  put_str (b, 'u', "caf\xc3\xa9");
  put_str (b, 't', "main");
  put_str (b, 'a', "long ascii");
  put_str (b, 'A', "interned");
  put_str (b, 'z', "short");
  put_str (b, 'Z', "name");
  put_str (b, 's', "raw\xe9");
  put_str (b, 0xfa, "");
  put_str (b, 'u', "/tmp/bad_\xed\xb3\xa9name.py");
  put_str (b, 'z', "Latin-1 \xe9");
  assert_renders (b, "(\"caf\\u00e9\",\"main\",\"long ascii\",\"interned\",\"short\",\"name\","
                  "b\"raw\\u00e9\",\"\",\"/tmp/bad_\\ufffdname.py\",\"Latin-1 \\u00e9\")");

  g_byte_array_set_size (b, 0);
  put_str (b, 0xda, "fib");
  t = first_token (b);
  g_assert_cmpint (t.type, ==, HEARTH_MARSHAL_STRING);
  g_assert_cmpint (t.code, ==, 'Z');
  g_assert_cmpint (t.encoding, ==, HEARTH_MARSHAL_LATIN1);
  g_assert_cmpuint (t.length, ==, 3);
  g_assert_true (t.string == b->data + 2);
  g_assert_cmpint (t.slot, ==, 0);

  /* a declared length larger than the data: refused before anything is allocated */
  g_byte_array_set_size (b, 0);
  put_u8 (b, 'u');
  put_i32 (b, G_MAXINT32);
  put (b, "abcdef", 6);
  assert_fails (b, HEARTH_PROFILE_ERROR_TOO_LARGE,
                "string of 2147483647 bytes at offset 0x0 exceeds the 6 bytes left");

  /* 2^31 is negative as an i32 */
  g_byte_array_set_size (b, 0);
  put_u8 (b, 's');
  put_i32 (b, G_MININT32);
  assert_fails (b, HEARTH_PROFILE_ERROR_BAD_TYPE, "negative string size -2147483648");

  g_byte_array_set_size (b, 0);
  put (b, "z\x05" "abc", 5);
  assert_fails (b, HEARTH_PROFILE_ERROR_TOO_LARGE, "string of 5 bytes at offset 0x0");
}

static void
test_utf8 (void)
{
  const struct { const char *in; gsize n; HearthMarshalEncoding enc; const char *out;
                 gboolean replaced; } cases[] = {
    { "plain", 5, HEARTH_MARSHAL_UTF8, "plain", FALSE },
    { "caf\xc3\xa9", 5, HEARTH_MARSHAL_UTF8, "caf\xc3\xa9", FALSE },
    { "\xf0\x9f\x94\xa5", 4, HEARTH_MARSHAL_UTF8, "\xf0\x9f\x94\xa5", FALSE },
    /* a lone surrogate is one replacement */
    { "a\xed\xb3\xa9z", 5, HEARTH_MARSHAL_UTF8, "a\xef\xbf\xbdz", TRUE },
    /* a surrogate pair written as two surrogates: two */
    { "\xed\xa0\xbd\xed\xb8\x80", 6, HEARTH_MARSHAL_UTF8, "\xef\xbf\xbd\xef\xbf\xbd", TRUE },
    { "\xff" "a", 2, HEARTH_MARSHAL_UTF8, "\xef\xbf\xbd" "a", TRUE },
    /* overlong forms, truncated sequences, out-of-range code points */
    { "\xc0\x80", 2, HEARTH_MARSHAL_UTF8, "\xef\xbf\xbd\xef\xbf\xbd", TRUE },
    { "\xe2\x82", 2, HEARTH_MARSHAL_UTF8, "\xef\xbf\xbd", TRUE },
    { "\xe2\x82" "x", 3, HEARTH_MARSHAL_UTF8, "\xef\xbf\xbd" "x", TRUE },
    { "\xe0\x80\x80", 3, HEARTH_MARSHAL_UTF8, "\xef\xbf\xbd\xef\xbf\xbd\xef\xbf\xbd", TRUE },
    { "\xf4\x90\x80\x80", 4, HEARTH_MARSHAL_UTF8,
      "\xef\xbf\xbd\xef\xbf\xbd\xef\xbf\xbd\xef\xbf\xbd", TRUE },
    { "\xf0\x9f\x94", 3, HEARTH_MARSHAL_UTF8, "\xef\xbf\xbd", TRUE },
    { "a\0b", 3, HEARTH_MARSHAL_UTF8, "a\xef\xbf\xbd" "b", TRUE },
    { "\xe9t\xe9", 3, HEARTH_MARSHAL_LATIN1, "\xc3\xa9t\xc3\xa9", FALSE },
    { "\xff", 1, HEARTH_MARSHAL_LATIN1, "\xc3\xbf", FALSE },
    { "raw\xe9", 4, HEARTH_MARSHAL_BYTES, "raw\xef\xbf\xbd", TRUE },
    { "", 0, HEARTH_MARSHAL_BYTES, "", FALSE },
  };

  for (guint i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      g_autoptr (GString) out = g_string_new ("");
      gboolean replaced = hearth_marshal_append_utf8 (out, (const guint8 *) cases[i].in,
                                                      cases[i].n, cases[i].enc);

      g_assert_cmpstr (out->str, ==, cases[i].out);
      g_assert_cmpint (replaced, ==, cases[i].replaced);
      g_assert_true (g_utf8_validate (out->str, out->len, NULL));
      g_assert_cmpuint (strlen (out->str), ==, out->len);
    }
}

static void
test_containers (void)
{
  {
    g_autoptr (GByteArray) b = g_byte_array_new ();

    put (b, "[\x02\x00\x00\x00", 5);
    put (b, "(\x00\x00\x00\x00", 5);
    put (b, ")\x00", 2);
    assert_renders (b, "[(),()]");
  }
  {
    g_autoptr (GByteArray) b = g_byte_array_new ();

    put (b, "{", 1);
    put_str (b, 'z', "k");
    put (b, "<\x02\x00\x00\x00", 5);
    put (b, "N", 1);
    put (b, "T", 1);
    put_str (b, 'z', "f");
    put (b, ">\x01\x00\x00\x00", 5);
    put (b, "F", 1);
    put_str (b, 'z', "s");
    put (b, ":NNN", 4);
    put (b, "0", 1);
    assert_renders (b, "{\"k\":set(None,True),\"f\":frozenset(False),\"s\":slice(None,None,None)}");
  }
  {
    g_autoptr (GByteArray) b = BYTES ("{0");
    HearthMarshalToken t = first_token (b);

    assert_renders (b, "{}");
    g_assert_cmpint (t.type, ==, HEARTH_MARSHAL_BEGIN);
    g_assert_cmpint (t.container, ==, HEARTH_MARSHAL_DICT);
    g_assert_cmpint (t.count, ==, -1);
  }
  {
    g_autoptr (GByteArray) b = BYTES (")\x03NNN");
    HearthMarshalToken t = first_token (b);

    g_assert_cmpint (t.count, ==, 3);
  }

  /* NULL is only a dict terminator */
  {
    g_autoptr (GByteArray) b = BYTES ("0");

    assert_fails (b, HEARTH_PROFILE_ERROR_BAD_TYPE, "misplaced NULL object at offset 0x0");
  }
  {
    g_autoptr (GByteArray) b = BYTES (")\x02N0");

    assert_fails (b, HEARTH_PROFILE_ERROR_BAD_TYPE, "misplaced NULL object at offset 0x3");
  }
  {
    g_autoptr (GByteArray) b = BYTES ("{N0");

    assert_fails (b, HEARTH_PROFILE_ERROR_BAD_TYPE, "misplaced NULL object at offset 0x2");
  }
  {
    g_autoptr (GByteArray) b = BYTES ("(\xff\xff\xff\x7fN");

    assert_fails (b, HEARTH_PROFILE_ERROR_TOO_LARGE,
                  "tuple of 2147483647 items at offset 0x0 exceeds the 1 bytes left");
  }
  {
    g_autoptr (GByteArray) b = BYTES ("[\xff\xff\xff\xff");

    assert_fails (b, HEARTH_PROFILE_ERROR_BAD_TYPE, "negative list size -1");
  }
  {
    g_autoptr (GByteArray) b = BYTES ("{N");

    assert_fails (b, HEARTH_PROFILE_ERROR_TRUNCATED, "need 1 bytes at offset 0x2");
  }
}

static void
test_unknown_codes (void)
{
  for (guint code = 0; code < 256; code++)
    {
      g_autoptr (GByteArray) b = g_byte_array_new ();
      g_autoptr (GError) error = NULL;
      g_autoptr (GString) out = g_string_new (NULL);
      g_autofree char *expected = NULL;

      if (strchr ("0NFTS.iIlfgxysutRaAzZ()[{<>c:r", code & 0x7f) != NULL && (code & 0x7f) != 0)
        continue;
      put_u8 (b, 'N');
      put_u8 (b, (guint8) code);
      put (b, "\x00\x00\x00\x00", 4);
      /* the byte as the second item of a list */
      g_byte_array_remove_index (b, 0);
      g_byte_array_prepend (b, (const guint8 *) "[\x02\x00\x00\x00N", 6);
      g_assert_false (render (b->data, b->len, out, &error));
      g_assert_error (error, HEARTH_PROFILE_ERROR, HEARTH_PROFILE_ERROR_BAD_TYPE);
      expected = g_strdup_printf ("unknown marshal type code 0x%02x at offset 0x6", code);
      g_assert_cmpstr (error->message, ==, expected);
    }
}

static void
test_refs (void)
{
  g_autoptr (GByteArray) b = g_byte_array_new ();
  g_autoptr (HearthMarshal) m = NULL;
  HearthMarshalToken t;
  gint slots[32];
  guint n = 0;

  /* [ &0=( &1='a', &2=1 ), r0, r1, ( r2 ) ] with the list itself unflagged */
  put (b, "[\x04\x00\x00\x00", 5);
  put (b, "\xa9\x02", 2);
  put_str (b, 0xfa, "a");
  put_u8 (b, 0xe9);
  put_i32 (b, 1);
  put_u8 (b, 'r');
  put_i32 (b, 0);
  put_u8 (b, 'r');
  put_i32 (b, 1);
  put (b, ")\x01", 2);
  put_u8 (b, 'r');
  put_i32 (b, 2);
  assert_renders (b, "[(\"a\",1),(\"a\",1),\"a\",(1)]");

  /* every token carries the slot it came from, replayed ones too */
  m = hearth_marshal_new (b->data, b->len);
  while (hearth_marshal_next (m, &t, NULL) && t.type != HEARTH_MARSHAL_DONE)
    slots[n++] = t.slot;
  g_assert_cmpuint (hearth_marshal_get_n_slots (m), ==, 3);
  {
    const gint expected[] = { -1, 0, 1, 2, 0, 0, 1, 2, 0, 1, -1, 2, -1, -1 };

    g_assert_cmpuint (n, ==, G_N_ELEMENTS (expected));
    for (guint i = 0; i < n; i++)
      g_assert_cmpint (slots[i], ==, expected[i]);
  }
}

static void
test_bad_refs (void)
{
  /* to a slot never assigned */
  {
    g_autoptr (GByteArray) b = BYTES ("\xfbr\x63\x00\x00\x00");

    assert_fails (b, HEARTH_PROFILE_ERROR_BAD_REF,
                  "reference to unknown object 99 at offset 0x1 (1 stored so far)");
  }
  {
    g_autoptr (GByteArray) b = BYTES ("r\xff\xff\xff\xff");

    assert_fails (b, HEARTH_PROFILE_ERROR_BAD_REF, "reference to unknown object -1");
  }
  /* to the tuple being read (CPython would return a half-built object) */
  {
    g_autoptr (GByteArray) b = BYTES ("\xa9\x01r\x00\x00\x00\x00");

    assert_fails (b, HEARTH_PROFILE_ERROR_BAD_REF,
                  "reference to unfinished object 0 at offset 0x2");
  }
  /* to a dict still open, from deeper down */
  {
    g_autoptr (GByteArray) b = BYTES ("\xfb\xa9\x01\x29\x01r\x00\x00\x00\x00");

    assert_fails (b, HEARTH_PROFILE_ERROR_BAD_REF, "unfinished object 0 at offset 0x5");
  }
  /* Python 2 string references */
  {
    g_autoptr (GByteArray) b = BYTES ("(\x01\x00\x00\x00R\x00\x00\x00\x00");

    assert_fails (b, HEARTH_PROFILE_ERROR_BAD_REF,
                  "reference to unknown string 0 at offset 0x5 (0 stored so far)");
  }
}

static void
test_py2_strings (void)
{
  g_autoptr (GByteArray) b = g_byte_array_new ();

  put (b, "(\x05\x00\x00\x00", 5);
  put_str (b, 't', "is_odd");
  put_str (b, 's', "file.py");
  put_str (b, 't', "area");
  put (b, "R\x01\x00\x00\x00", 5);
  put (b, "R\x00\x00\x00\x00", 5);
  assert_renders (b, "(\"is_odd\",b\"file.py\",\"area\",\"area\",\"is_odd\")");

  /* strings read again through R are not numbered again */
  g_byte_array_set_size (b, 0);
  put (b, "(\x04\x00\x00\x00", 5);
  put_str (b, 't', "x");
  put (b, "R\x00\x00\x00\x00", 5);
  put (b, "R\x00\x00\x00\x00", 5);
  put (b, "R\x01\x00\x00\x00", 5);
  assert_fails (b, HEARTH_PROFILE_ERROR_BAD_REF, "unknown string 1");
}

/* A minimal code object in a given layout: raw fields, then the typed fields. */
static void
put_code (GByteArray *b,
          guint       n_raw,
          gboolean    py311,
          const char *name,
          gboolean    nested)
{
  put_u8 (b, 'c');
  for (guint i = 0; i < n_raw; i++)
    put_i32 (b, i == n_raw - 1 ? 0x43 : 0);
  put_str (b, 's', "d\x00S\x00");
  if (nested)
    {
      put (b, ")\x02N", 3);
      put_code (b, n_raw, py311, "inner", FALSE);
    }
  else
    put (b, ")\x01N", 3);
  put (b, ")\x00", 2);
  put (b, ")\x00", 2);
  if (py311)
    {
      put_str (b, 's', "");
      put_str (b, 'z', "file.py");
      put_str (b, 't', name);
      put_str (b, 'Z', "qual.name");
      put_i32 (b, 1);
      put_str (b, 's', "\x01\x02");
      put_str (b, 's', "");
    }
  else
    {
      put (b, ")\x00", 2);
      put (b, ")\x00", 2);
      put_str (b, 'u', "file.py");
      put_str (b, 't', name);
      put_i32 (b, 1);
      put_str (b, 's', "\x01\x02");
    }
}

static void
test_code_layouts (void)
{
  const struct { guint n_raw; gboolean py311; } layouts[] = {
    { 4, FALSE }, { 5, FALSE }, { 6, FALSE }, { 5, TRUE },
  };

  for (guint i = 0; i < G_N_ELEMENTS (layouts); i++)
    for (guint nested = 0; nested < 2; nested++)
      {
        g_autoptr (GByteArray) b = g_byte_array_new ();

        /* as python -m profile writes it: the name of a key */
        put (b, "{)\x03", 3);
        put_str (b, 'z', "profile");
        put (b, "i\x00\x00\x00\x00", 5);
        put_code (b, layouts[i].n_raw, layouts[i].py311, "<module>", nested);
        put (b, ")\x02NN", 4);
        put (b, "0", 1);
        assert_renders (b, "{(\"profile\",0,<code <module>>):(None,None)}");

        /* alone, and followed by nothing */
        g_byte_array_set_size (b, 0);
        put_code (b, layouts[i].n_raw, layouts[i].py311, "f\xc3\xa9", nested);
        assert_renders (b, "<code f\xc3\xa9>");

        /* cut anywhere, it fails cleanly */
        for (guint cut = 1; cut < b->len; cut++)
          {
            g_autoptr (GString) out = g_string_new (NULL);
            g_autoptr (GError) error = NULL;

            g_assert_false (render (b->data, cut, out, &error));
            g_assert_nonnull (error);
            g_assert_true (g_str_has_prefix (error->message, "in the code object at offset 0x0"));
          }
      }
}

/* Code objects nested in each other's constants, alternating between two layouts that only
 * differ at the fifth field, after the constants: every wrong guess reads the whole nest
 * below it again. The work stays bounded either way. */
static void
put_alternating_code (GByteArray *b,
                      guint       depth)
{
  for (guint level = 0; level < depth; level++)
    {
      put_u8 (b, 'c');
      for (guint i = 0; i < 5; i++)
        put_i32 (b, 0);
      put_str (b, 's', "d\x00S\x00");
      put (b, ")\x01", 2);
    }
  for (guint level = depth; level-- > 0;)
    {
      gboolean py311 = level % 2 == 0;

      if (level == depth - 1)
        put_u8 (b, 'N');
      put (b, ")\x00)\x00", 4);
      if (py311)
        {
          put_str (b, 's', "");
          put_str (b, 'z', "file.py");
          put_str (b, 'z', "f");
          put_str (b, 'z', "f");
          put_i32 (b, 1);
          put_str (b, 's', "");
          put_str (b, 's', "");
        }
      else
        {
          put (b, ")\x00)\x00", 4);
          put_str (b, 'z', "file.py");
          put_str (b, 'z', "g");
          put_i32 (b, 1);
          put_str (b, 's', "");
        }
    }
}

static void
test_code_nested (void)
{
  for (guint depth = 2; depth <= 30; depth += 7)
    {
      g_autoptr (GByteArray) b = g_byte_array_new ();
      g_autoptr (GError) error = NULL;
      g_autofree char *text = NULL;
      gint64 start = g_get_monotonic_time ();

      put_alternating_code (b, depth);
      text = render_bytes (b, &error);
      g_test_message ("depth %u: %s in %.3f s", depth, text ? text : error->message,
                      (g_get_monotonic_time () - start) / 1e6);
      if (text != NULL)
        g_assert_cmpstr (text, ==, "<code f>");
      else
        g_assert_error (error, HEARTH_PROFILE_ERROR, HEARTH_PROFILE_ERROR_TOO_LARGE);
      g_assert_cmpint (g_get_monotonic_time () - start, <, 10 * G_USEC_PER_SEC);
    }
}

static void
test_code_refs (void)
{
  g_autoptr (GByteArray) b = g_byte_array_new ();

  /* A flagged 3.0-3.7 code object (slot 0) full of flagged objects and references, then a
   * reference to it. The first guess (3.11 layout) reads three flagged objects before the
   * fifth field shows it wrong; their slots must be given back, or the references after
   * the code object would point at the wrong objects. */
  put (b, "[\x03\x00\x00\x00", 5);
  put_u8 (b, 0xe3);
  put_i32 (b, 0);
  put_i32 (b, 0);
  put_i32 (b, 0);
  put_i32 (b, 0);
  put_i32 (b, 0x43);
  put_str (b, 0xf3, "d\x00S\x00");
  put (b, "\xa9\x00", 2);
  put (b, "r\x02\x00\x00\x00", 5);
  put (b, "r\x02\x00\x00\x00", 5);
  put (b, "r\x02\x00\x00\x00", 5);
  put (b, "r\x02\x00\x00\x00", 5);
  put_str (b, 0xf5, "file.py");
  put_str (b, 0xf4, "g");
  put_i32 (b, 7);
  put_str (b, 's', "");
  put (b, "r\x00\x00\x00\x00", 5);
  put (b, "\xa9\x02r\x04\x00\x00\x00r\x03\x00\x00\x00", 12);
  assert_renders (b, "[<code g>,<code g>,(\"g\",\"file.py\")]");
}

static void
test_skip (void)
{
  g_autoptr (GByteArray) b = g_byte_array_new ();
  g_autoptr (HearthMarshal) m = NULL;
  g_autoptr (GError) error = NULL;
  HearthMarshalToken t;

  /* [ &0=(1, (2, 3)), r0, 'end' ] */
  put (b, "[\x03\x00\x00\x00", 5);
  put (b, "\xa9\x02i\x01\x00\x00\x00)\x02i\x02\x00\x00\x00i\x03\x00\x00\x00", 19);
  put (b, "r\x00\x00\x00\x00", 5);
  put_str (b, 'z', "end");

  m = hearth_marshal_new (b->data, b->len);
  g_assert_true (hearth_marshal_next (m, &t, &error));
  g_assert_cmpuint (hearth_marshal_get_depth (m), ==, 1);

  /* skip a fresh container */
  g_assert_true (hearth_marshal_next (m, &t, &error));
  g_assert_cmpint (t.type, ==, HEARTH_MARSHAL_BEGIN);
  g_assert_cmpint (t.slot, ==, 0);
  g_assert_true (hearth_marshal_skip (m, &error));
  g_assert_cmpuint (hearth_marshal_get_depth (m), ==, 1);

  /* skip a replayed one, from inside it */
  g_assert_true (hearth_marshal_next (m, &t, &error));
  g_assert_cmpint (t.type, ==, HEARTH_MARSHAL_BEGIN);
  g_assert_cmpint (t.slot, ==, 0);
  g_assert_true (hearth_marshal_next (m, &t, &error));
  g_assert_cmpint (t.integer, ==, 1);
  g_assert_true (hearth_marshal_next (m, &t, &error));
  g_assert_cmpint (t.type, ==, HEARTH_MARSHAL_BEGIN);
  g_assert_cmpuint (hearth_marshal_get_depth (m), ==, 3);
  g_assert_true (hearth_marshal_skip_to_depth (m, 1, &error));
  g_assert_cmpuint (hearth_marshal_get_depth (m), ==, 1);

  /* skipping after a scalar does nothing */
  g_assert_true (hearth_marshal_next (m, &t, &error));
  g_assert_cmpint (t.type, ==, HEARTH_MARSHAL_STRING);
  g_assert_true (hearth_marshal_skip (m, &error));
  g_assert_true (hearth_marshal_next (m, &t, &error));
  g_assert_cmpint (t.type, ==, HEARTH_MARSHAL_END);
  g_assert_true (hearth_marshal_next (m, &t, &error));
  g_assert_cmpint (t.type, ==, HEARTH_MARSHAL_DONE);
  g_assert_true (hearth_marshal_next (m, &t, &error));
  g_assert_cmpint (t.type, ==, HEARTH_MARSHAL_DONE);
  g_assert_cmpuint (hearth_marshal_get_trailing (m), ==, 0);
  g_assert_no_error (error);
}

static void
test_trailing (void)
{
  g_autoptr (GByteArray) b = BYTES ("{0garbage");
  g_autoptr (HearthMarshal) m = hearth_marshal_new (b->data, b->len);
  HearthMarshalToken t;

  while (hearth_marshal_next (m, &t, NULL) && t.type != HEARTH_MARSHAL_DONE)
    ;
  g_assert_cmpint (t.type, ==, HEARTH_MARSHAL_DONE);
  g_assert_cmpuint (hearth_marshal_get_trailing (m), ==, 7);
}

static void
test_deep (void)
{
  g_autoptr (GByteArray) b = g_byte_array_new ();

  for (guint i = 0; i < 100000; i++)
    put (b, ")\x01", 2);
  put_u8 (b, 'N');
  assert_fails (b, HEARTH_PROFILE_ERROR_TOO_LARGE, "nesting deeper than 64 at offset 0x80");

  /* 64 levels are fine */
  g_byte_array_set_size (b, 0);
  for (guint i = 0; i < 64; i++)
    put (b, ")\x01", 2);
  put_u8 (b, 'N');
  {
    g_autoptr (GError) error = NULL;
    g_autofree char *text = render_bytes (b, &error);

    g_assert_no_error (error);
    g_assert_nonnull (text);
  }

  /* nesting built from references counts too */
  g_byte_array_set_size (b, 0);
  put (b, "[\x63\x00\x00\x00", 5);
  put (b, "\xa9\x01N", 3);
  for (guint i = 1; i < 99; i++)
    {
      put (b, "\xa9\x01r", 3);
      put_i32 (b, (gint32) i - 1);
    }
  assert_fails (b, HEARTH_PROFILE_ERROR_TOO_LARGE, "nesting deeper than 64");
}

/* Each level holds the previous one twice: 2^60 objects from a few hundred bytes. */
static void
test_billion_laughs (void)
{
  g_autoptr (GByteArray) b = g_byte_array_new ();
  gint64 start = g_get_monotonic_time ();

  put (b, "[\x3d\x00\x00\x00", 5);
  put (b, "\xa9\x02", 2);
  put_str (b, 'z', "lol");
  put_str (b, 'z', "lol");
  for (guint i = 1; i <= 60; i++)
    {
      put (b, "\xa9\x02r", 3);
      put_i32 (b, (gint32) i - 1);
      put_u8 (b, 'r');
      put_i32 (b, (gint32) i - 1);
    }
  /* fails on nesting depth before it can expand */
  assert_fails (b, HEARTH_PROFILE_ERROR_TOO_LARGE, NULL);

  /* flat variant: each level is a list of ten references to the level before, nested only
   * through references: depth stays small, the work budget stops it */
  g_byte_array_set_size (b, 0);
  put (b, "[\x0a\x00\x00\x00", 5);
  put (b, "\xdb\x0a\x00\x00\x00", 5);
  for (guint j = 0; j < 10; j++)
    put_str (b, 'z', "lol");
  for (guint i = 1; i <= 9; i++)
    {
      put (b, "\xdb\x0a\x00\x00\x00", 5);
      for (guint j = 0; j < 10; j++)
        {
          put_u8 (b, 'r');
          put_i32 (b, (gint32) i - 1);
        }
    }
  assert_fails (b, HEARTH_PROFILE_ERROR_TOO_LARGE, "references expand the data more than 64");
  g_assert_cmpint (g_get_monotonic_time () - start, <, 10 * G_USEC_PER_SEC);
}

static void
test_random (void)
{
  g_autoptr (GRand) rand = g_rand_new_with_seed (20260101);
  gsize len = 1024 * 1024;
  g_autofree guint8 *data = g_malloc (len);
  gint64 start = g_get_monotonic_time ();

  for (guint round = 0; round < 8; round++)
    {
      g_autoptr (GString) out = g_string_new (NULL);
      g_autoptr (GError) error = NULL;

      for (gsize i = 0; i < len; i++)
        data[i] = (guint8) g_rand_int (rand);
      if (round % 2 == 1)
        data[0] = 0xfb;
      if (!render (data, len, out, &error))
        {
          g_assert_nonnull (error);
          g_assert_true (error->domain == HEARTH_PROFILE_ERROR);
          g_assert_true (strstr (error->message, "offset 0x") != NULL);
        }
    }
  g_assert_cmpint (g_get_monotonic_time () - start, <, 20 * G_USEC_PER_SEC);
}

static GBytes *
load_fixture (const char *name)
{
  g_autofree char *path = hearth_test_data_path (name);
  g_autoptr (GError) error = NULL;
  g_autoptr (GMappedFile) file = g_mapped_file_new (path, FALSE, &error);

  g_assert_no_error (error);
  return g_mapped_file_get_bytes (file);
}

static void
test_bad_fixtures (void)
{
  const struct { const char *name; gint code; const char *message; } cases[] = {
    { "bad_code.prof", HEARTH_PROFILE_ERROR_BAD_TYPE,
      "unknown marshal type code 0x51 at offset 0x1" },
    { "bad_deep.prof", HEARTH_PROFILE_ERROR_TOO_LARGE, "nesting deeper than 64 at offset 0x80" },
    { "bad_hugelen.prof", HEARTH_PROFILE_ERROR_TOO_LARGE,
      "string of 2147483647 bytes at offset 0x3 exceeds the 3 bytes left" },
    { "bad_ref.prof", HEARTH_PROFILE_ERROR_BAD_REF,
      "reference to unknown object 99 at offset 0x1 (1 stored so far)" },
    { "bad_truncated.prof", HEARTH_PROFILE_ERROR_TRUNCATED,
      "truncated marshal data: need 1 bytes at offset 0x81" },
  };

  for (guint i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      g_autoptr (GBytes) bytes = load_fixture (cases[i].name);
      g_autoptr (GString) out = g_string_new (NULL);
      g_autoptr (GError) error = NULL;
      gsize len;
      const guint8 *data = g_bytes_get_data (bytes, &len);

      g_assert_false (render (data, len, out, &error));
      g_assert_error (error, HEARTH_PROFILE_ERROR, cases[i].code);
      g_assert_cmpstr (error->message, ==, cases[i].message);
    }
}

static const char *valid_fixtures[] = {
  "cprofile_cli_py311.prof", "cprofile_cli_py312.prof", "cprofile_py27.prof",
  "cprofile_py311_numpy.prof", "cprofile_py312.prof", "cprofile_py313.prof",
  "cprofile_py36.prof", "dup_key.prof", "empty.prof", "merged_py311_py312.prof",
  "profile_py27.prof", "profile_py311.prof", "sampled_marker.prof",
  "surrogate_filename.prof", "tiny_marshal_v0.prof", "tiny_marshal_v1.prof",
  "tiny_marshal_v2.prof", "tiny_marshal_v3.prof", "tiny_marshal_v4.prof",
  "weird_values.prof", "bad_types.prof",
  "profile_cli_py27.prof", "profile_cli_py36.prof", "profile_cli_py38.prof",
  "profile_cli_py310.prof", "profile_cli_py311.prof", "profile_cli_py312.prof",
  "profile_cli_py313.prof",
};

/* Cutting a valid file anywhere must give an error, never a crash or a hang. */
static void
test_truncation (void)
{
  for (guint i = 0; i < G_N_ELEMENTS (valid_fixtures); i++)
    {
      g_autoptr (GBytes) bytes = load_fixture (valid_fixtures[i]);
      gsize len;
      const guint8 *data = g_bytes_get_data (bytes, &len);

      if (len > 20000)
        continue;
      for (gsize cut = 0; cut < len; cut++)
        {
          g_autoptr (GError) error = NULL;
          g_autofree guint8 *copy = g_memdup2 (data, cut);

          g_assert_false (parse_all (copy, cut, &error));
          g_assert_nonnull (error);
          g_assert_true (error->code == HEARTH_PROFILE_ERROR_TRUNCATED ||
                         error->code == HEARTH_PROFILE_ERROR_TOO_LARGE ||
                         g_str_has_prefix (error->message, "in the code object"));
        }
    }
}

/* Every byte changed to other type codes and bit flips: errors or values, never a crash. */
static void
test_flipped (void)
{
  const char *names[] = { "tiny_marshal_v4.prof", "tiny_marshal_v2.prof",
                          "cprofile_py27.prof", "profile_cli_py311.prof",
                          "profile_cli_py27.prof" };
  const guint8 replacements[] = { 0x00, 0x01, 0x80, 0xff, '?', '0', 'r', 'R', 'c', '{', '(',
                                  ')', 'l', 'u', 0xfb, 0xa9, 0xe3 };

  for (guint n = 0; n < G_N_ELEMENTS (names); n++)
    {
      g_autoptr (GBytes) bytes = load_fixture (names[n]);
      gsize len;
      const guint8 *data = g_bytes_get_data (bytes, &len);
      g_autofree guint8 *copy = g_memdup2 (data, len);
      guint ok = 0, failed = 0;

      for (gsize i = 0; i < len; i++)
        for (guint k = 0; k < G_N_ELEMENTS (replacements) + 8; k++)
          {
            g_autoptr (GError) error = NULL;

            copy[i] = k < G_N_ELEMENTS (replacements) ?
                      replacements[k] : data[i] ^ (1u << (k - G_N_ELEMENTS (replacements)));
            if (parse_all (copy, len, &error))
              ok++;
            else
              {
                g_assert_nonnull (error);
                g_assert_true (strstr (error->message, "offset 0x") != NULL);
                failed++;
              }
            copy[i] = data[i];
          }
      g_test_message ("%s: %u variants read, %u refused", names[n], ok, failed);
      g_assert_cmpuint (failed, >, 0);
    }
}

static void
test_code_fixtures (void)
{
  const char *names[] = { "profile_cli_py27.prof", "profile_cli_py36.prof",
                          "profile_cli_py38.prof", "profile_cli_py310.prof",
                          "profile_cli_py311.prof", "profile_cli_py312.prof",
                          "profile_cli_py313.prof" };

  for (guint i = 0; i < G_N_ELEMENTS (names); i++)
    {
      g_autoptr (GBytes) bytes = load_fixture (names[i]);
      g_autoptr (GString) out = g_string_new (NULL);
      g_autoptr (GError) error = NULL;
      gsize len;
      const guint8 *data = g_bytes_get_data (bytes, &len);

      g_assert_true (render (data, len, out, &error));
      g_assert_no_error (error);
      g_assert_true (strstr (out->str, ",0,<code <module>>):") != NULL);
    }
}

/* The rest of a stream token by token, each with its slot and offset, and the slots then
 * stored: what a fast path must leave the same. */
static char *
rest_of (HearthMarshal *m)
{
  GString *out = g_string_new (NULL);
  HearthMarshalToken t;

  while (hearth_marshal_next (m, &t, NULL) && t.type != HEARTH_MARSHAL_DONE)
    {
      append_token (out, &t);
      g_string_append_printf (out, "@%d/0x%zx ", t.slot, t.offset);
    }
  g_string_append_printf (out, "%u slots", hearth_marshal_get_n_slots (m));
  return g_string_free (out, FALSE);
}

/* A pstats dict read with the fast paths for its shapes, by hand: each gives the values of
 * the tokens it stands for, and leaves the parser where they would (the same tokens, slots
 * and offsets after it); an item it does not take (a flagged int) ends its run. */
static void
test_pstats_paths (void)
{
  g_autoptr (GByteArray) b = g_byte_array_new ();
  g_autoptr (HearthMarshal) fast = NULL;
  g_autoptr (HearthMarshal) slow = NULL;
  g_autofree char *fast_rest = NULL;
  g_autofree char *slow_rest = NULL;
  HearthMarshalEntry entries[8];
  HearthMarshalToken t;
  guint32 data[3];
  gint64 integers[3];
  gint slot;

  /* {('a.py', &1=1, &2='f'): (r1, r1, 0.5, 1.5, {  with 'a.py' as &0 */
  put (b, "{)\x03", 3);
  put_str (b, 0xfa, "a.py");
  put_u8 (b, 0xe9);
  put_i32 (b, 1);
  put_str (b, 0xda, "f");
  put (b, ")\x05r\x01\x00\x00\x00r\x01\x00\x00\x00", 12);
  put_u8 (b, 'g');
  put_f64 (b, 0.5);
  put_u8 (b, 'g');
  put_f64 (b, 1.5);
  put_u8 (b, '{');
  /* &3=(r0, 7, r2): (2, r1, 0.25, 0.75) */
  put (b, "\xa9\x03r\x00\x00\x00\x00i\x07\x00\x00\x00r\x02\x00\x00\x00", 17);
  put (b, ")\x04i\x02\x00\x00\x00r\x01\x00\x00\x00", 12);
  put_u8 (b, 'g');
  put_f64 (b, 0.25);
  put_u8 (b, 'g');
  put_f64 (b, 0.75);
  /* r3: (3, r1, 2.0, 3.0), r3: (4, 5, 6, 4.0), r3: (&4=8, 9, 5.0, 6.0) */
  put (b, "r\x03\x00\x00\x00)\x04i\x03\x00\x00\x00r\x01\x00\x00\x00", 17);
  put_u8 (b, 'g');
  put_f64 (b, 2.0);
  put_u8 (b, 'g');
  put_f64 (b, 3.0);
  put (b, "r\x03\x00\x00\x00)\x04i\x04\x00\x00\x00i\x05\x00\x00\x00"
          "i\x06\x00\x00\x00", 22);
  put_u8 (b, 'g');
  put_f64 (b, 4.0);
  put (b, "r\x03\x00\x00\x00)\x04\xe9\x08\x00\x00\x00i\x09\x00\x00\x00", 17);
  put_u8 (b, 'g');
  put_f64 (b, 5.0);
  put_u8 (b, 'g');
  put_f64 (b, 6.0);
  /* }), then (r0, 2, r2): (1, 1, 0, 0, {}) } */
  put (b, "0)\x03r\x00\x00\x00\x00i\x02\x00\x00\x00r\x02\x00\x00\x00", 18);
  put (b, ")\x05i\x01\x00\x00\x00i\x01\x00\x00\x00i\x00\x00\x00\x00"
          "i\x00\x00\x00\x00{00", 25);

  fast = hearth_marshal_new (b->data, b->len);
  g_assert_true (hearth_marshal_next (fast, &t, NULL) && t.type == HEARTH_MARSHAL_BEGIN);
  /* a key of strings not known yet is read by tokens; the strings are then known by data */
  g_assert_false (hearth_marshal_read_ref_tuple (fast, 3, 1u << 1, 1, 1, data, integers, &slot));
  for (guint i = 0; i < 5; i++)
    g_assert_true (hearth_marshal_next (fast, &t, NULL));
  g_assert_cmpint (t.type, ==, HEARTH_MARSHAL_END);
  hearth_marshal_set_slot_data (fast, 0, 3);
  hearth_marshal_set_slot_data (fast, 2, 5);

  g_assert_true (hearth_marshal_read_entry_value (fast, &entries[0]));
  g_assert_cmpint (entries[0].counts[0], ==, 1);
  g_assert_cmpint (entries[0].counts[1], ==, 1);
  g_assert_cmpfloat (entries[0].times[0], ==, 0.5);
  g_assert_cmpfloat (entries[0].times[1], ==, 1.5);
  g_assert_cmpuint (hearth_marshal_get_depth (fast), ==, 3);

  /* a new key is no known entry; made of known strings, it is read whole */
  g_assert_cmpuint (hearth_marshal_read_known_entries (fast, 1, 0, entries, 8), ==, 0);
  g_assert_true (hearth_marshal_read_ref_tuple (fast, 3, 1u << 1, 1, 1, data, integers, &slot));
  g_assert_cmpuint (data[0], ==, 3);
  g_assert_cmpint (integers[1], ==, 7);
  g_assert_cmpuint (data[2], ==, 5);
  g_assert_cmpint (slot, ==, 3);
  hearth_marshal_set_slot_data (fast, slot, 2);
  g_assert_true (hearth_marshal_read_counts (fast, &entries[0]));
  g_assert_cmpint (entries[0].counts[0], ==, 2);
  g_assert_cmpint (entries[0].counts[1], ==, 1);
  g_assert_cmpfloat (entries[0].times[0], ==, 0.25);
  g_assert_cmpfloat (entries[0].times[1], ==, 0.75);

  /* two known entries (an int is a time too); the flagged count ends the run */
  g_assert_cmpuint (hearth_marshal_read_known_entries (fast, 1, 0, entries, 8), ==, 2);
  g_assert_cmpuint (entries[0].key_data, ==, 2);
  g_assert_cmpint (entries[0].counts[0], ==, 3);
  g_assert_cmpint (entries[0].counts[1], ==, 1);
  g_assert_cmpfloat (entries[0].times[0], ==, 2.0);
  g_assert_cmpfloat (entries[0].times[1], ==, 3.0);
  g_assert_cmpint (entries[1].counts[0], ==, 4);
  g_assert_cmpint (entries[1].counts[1], ==, 5);
  g_assert_cmpfloat (entries[1].times[0], ==, 6.0);
  g_assert_cmpfloat (entries[1].times[1], ==, 4.0);
  g_assert_cmpuint (hearth_marshal_read_known_entries (fast, 1, 0, entries, 8), ==, 0);
  g_assert_cmpuint (hearth_marshal_get_n_slots (fast), ==, 4);

  /* token by token to the same place: the top BEGIN, a key (5 tokens), the value as far
   * as its dict (6), a key (5) and its value (6), two entries of 11 */
  slow = hearth_marshal_new (b->data, b->len);
  for (guint i = 0; i < 1 + 5 + 6 + 5 + 6 + 2 * 11; i++)
    g_assert_true (hearth_marshal_next (slow, &t, NULL));
  g_assert_cmpint (t.type, ==, HEARTH_MARSHAL_END);
  g_assert_cmpuint (hearth_marshal_get_n_slots (slow), ==, 4);
  fast_rest = rest_of (fast);
  slow_rest = rest_of (slow);
  g_assert_cmpstr (fast_rest, ==, slow_rest);
  g_assert_nonnull (strstr (fast_rest, "8@4/"));
  g_assert_true (g_str_has_suffix (fast_rest, "5 slots"));
}

/* Compares the parser with the independent reference decoder on every readable fixture. */
static void
test_reference_decoder (void)
{
  g_autofree char *script = g_test_build_filename (G_TEST_DIST, "tools", "pstats_truth.py",
                                                   NULL);
  g_autofree char *data_dir = g_test_build_filename (G_TEST_DIST, "data", NULL);

  if (!hearth_test_have_python ())
    {
      g_test_skip ("python3 is not available");
      return;
    }

  for (guint i = 0; i < G_N_ELEMENTS (valid_fixtures); i++)
    {
      g_autofree char *path = NULL;
      g_autofree char *python_out = NULL;
      g_autofree char *python_err = NULL;
      g_autoptr (GBytes) bytes = NULL;
      g_autoptr (GString) out = g_string_new (NULL);
      g_autoptr (GError) error = NULL;
      const guint8 *data;
      gsize len;
      gint status = 0;

      /* the reference decoder rejects code objects, and a dict drops duplicate keys */
      if (g_str_has_prefix (valid_fixtures[i], "profile_cli") ||
          strcmp (valid_fixtures[i], "dup_key.prof") == 0)
        continue;

      path = hearth_test_data_path (valid_fixtures[i]);
      {
        const char *argv[] = { "python3", script, "--render", data_dir, path, NULL };

        g_assert_true (g_spawn_sync (NULL, (char **) argv, NULL, G_SPAWN_SEARCH_PATH, NULL, NULL,
                                     &python_out, &python_err, &status, &error));
      }
      g_assert_no_error (error);
      if (status != 0)
        g_error ("%s: %s", valid_fixtures[i], python_err);

      bytes = load_fixture (valid_fixtures[i]);
      data = g_bytes_get_data (bytes, &len);
      g_assert_true (render (data, len, out, &error));
      g_assert_no_error (error);
      g_string_append_c (out, '\n');
      g_assert_cmpstr (out->str, ==, python_out);
    }
}

int
main (int   argc,
      char *argv[])
{
  g_test_init (&argc, &argv, NULL);

  g_test_add_func ("/marshal/scalars/singletons", test_singletons);
  g_test_add_func ("/marshal/scalars/ints", test_ints);
  g_test_add_func ("/marshal/scalars/longs", test_longs);
  g_test_add_func ("/marshal/scalars/floats", test_floats);
  g_test_add_func ("/marshal/scalars/strings", test_strings);
  g_test_add_func ("/marshal/utf8", test_utf8);
  g_test_add_func ("/marshal/containers", test_containers);
  g_test_add_func ("/marshal/unknown-codes", test_unknown_codes);
  g_test_add_func ("/marshal/refs/slots", test_refs);
  g_test_add_func ("/marshal/refs/bad", test_bad_refs);
  g_test_add_func ("/marshal/refs/python2", test_py2_strings);
  g_test_add_func ("/marshal/code/layouts", test_code_layouts);
  g_test_add_func ("/marshal/code/refs", test_code_refs);
  g_test_add_func ("/marshal/code/nested", test_code_nested);
  g_test_add_func ("/marshal/code/fixtures", test_code_fixtures);
  g_test_add_func ("/marshal/skip", test_skip);
  g_test_add_func ("/marshal/trailing", test_trailing);
  g_test_add_func ("/marshal/bad/deep", test_deep);
  g_test_add_func ("/marshal/bad/billion-laughs", test_billion_laughs);
  g_test_add_func ("/marshal/bad/random", test_random);
  g_test_add_func ("/marshal/bad/fixtures", test_bad_fixtures);
  g_test_add_func ("/marshal/bad/truncation", test_truncation);
  g_test_add_func ("/marshal/bad/flipped", test_flipped);
  g_test_add_func ("/marshal/reference-decoder", test_reference_decoder);
  g_test_add_func ("/marshal/fast-paths/pstats", test_pstats_paths);

  return g_test_run ();
}
