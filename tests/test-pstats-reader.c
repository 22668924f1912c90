/* test-pstats-reader.c: reading .prof files into a HearthProfile
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
#include "hearth-profile.h"
#include "hearth-pstats-reader.h"
#include "hearth-test-profile-diff.h"
#include "hearth-test-util.h"

#include <glib/gstdio.h>
#include <math.h>
#include <string.h>

/* The golden files (FORMATS.md section 8) hold the pstats dict as Python reads it. The
 * profile is dumped in the same form and compared line for line, after the differences
 * that are decisions rather than mistakes are applied to the golden text:
 *
 * - strings: lone surrogates (\udcXX) read as U+FFFD; bytes strings (b"...", Python 2) are
 *   decoded as UTF-8 with replacement, so b"abc" compares equal to "abc";
 * - integers beyond the int64 range are saturated;
 * - "X" lines (entries that are not function records, such as the sampling marker) are
 *   not in the model; the tests check the profile kind and warnings for them instead;
 * - callers that hold plain call counts are printed in that form (the model also has
 *   estimated times for them, checked separately).
 *
 * Lines are then sorted again, since the normalised strings may sort differently. */

/* ASCII-only JSON, as Python's json.dumps writes it. */
static void
append_json (GString    *out,
             const char *utf8)
{
  g_assert_true (g_utf8_validate (utf8, -1, NULL));
  hearth_test_append_json (out, utf8);
}

static void
append_key (GString              *out,
            const HearthFunction *f)
{
  g_string_append_c (out, '(');
  append_json (out, f->file);
  g_string_append_printf (out, ",%" G_GINT64_FORMAT ",", f->line);
  append_json (out, f->name);
  g_string_append_c (out, ')');
}

static gboolean
has_count_callers (HearthProfile *profile)
{
  return hearth_test_has_warning (profile, "call counts but no times");
}

static gint
compare_strings (gconstpointer a,
                 gconstpointer b)
{
  return strcmp (*(const char * const *) a, *(const char * const *) b);
}

/* A group: its F line first, then its C lines (sorted by join_groups, F line excepted). */
static gint
compare_groups (gconstpointer a,
                gconstpointer b)
{
  GPtrArray *ga = *(GPtrArray * const *) a;
  GPtrArray *gb = *(GPtrArray * const *) b;

  return strcmp (g_ptr_array_index (ga, 0), g_ptr_array_index (gb, 0));
}

static char *
join_sorted (GPtrArray *groups)
{
  GString *out = g_string_new (NULL);

  for (guint i = 0; i < groups->len; i++)
    {
      GPtrArray *group = g_ptr_array_index (groups, i);
      char *first = g_ptr_array_steal_index (group, 0);

      g_ptr_array_sort (group, compare_strings);
      g_ptr_array_insert (group, 0, first);
    }
  g_ptr_array_sort (groups, compare_groups);
  for (guint i = 0; i < groups->len; i++)
    {
      GPtrArray *group = g_ptr_array_index (groups, i);

      for (guint j = 0; j < group->len; j++)
        {
          g_string_append (out, g_ptr_array_index (group, j));
          g_string_append_c (out, '\n');
        }
    }
  return g_string_free (out, FALSE);
}

static char *
dump_profile (HearthProfile *profile)
{
  g_autoptr (GPtrArray) groups =
    g_ptr_array_new_with_free_func ((GDestroyNotify) g_ptr_array_unref);
  gboolean counts = has_count_callers (profile);

  for (guint i = 0; i < hearth_profile_get_n_functions (profile); i++)
    {
      const HearthFunction *f = hearth_profile_get_function (profile, i);
      GPtrArray *group;
      GString *line;
      const guint *callers;
      guint n_callers = 0;

      if (!f->listed)
        continue;
      group = g_ptr_array_new_with_free_func (g_free);
      g_ptr_array_add (groups, group);

      line = g_string_new ("F ");
      append_key (line, f);
      g_string_append_printf (line, " %" G_GINT64_FORMAT " %" G_GINT64_FORMAT " ",
                              f->prim_calls, f->calls);
      hearth_test_append_double (line, f->own);
      g_string_append_c (line, ' ');
      hearth_test_append_double (line, f->cum);
      g_ptr_array_add (group, g_string_free (line, FALSE));

      callers = hearth_profile_get_callers (profile, i, &n_callers);
      for (guint j = 0; j < n_callers; j++)
        {
          const HearthEdge *e = hearth_profile_get_edge (profile, callers[j]);

          g_assert_cmpuint (e->callee, ==, i);
          line = g_string_new ("C ");
          append_key (line, hearth_profile_get_function (profile, e->caller));
          if (counts)
            g_string_append_printf (line, " %" G_GINT64_FORMAT, e->calls);
          else
            {
              g_string_append_printf (line, " %" G_GINT64_FORMAT " %" G_GINT64_FORMAT " ",
                                      e->calls, e->prim_calls);
              hearth_test_append_double (line, e->own);
              g_string_append_c (line, ' ');
              hearth_test_append_double (line, e->cum);
            }
          g_ptr_array_add (group, g_string_free (line, FALSE));
        }
    }
  return join_sorted (groups);
}

/* Reads a JSON string starting at *p (just after its opening quote) into code points. */
static GArray *
parse_json_string (const char **p)
{
  GArray *points = g_array_new (FALSE, FALSE, sizeof (gunichar));
  const char *s = *p;

  while (*s != '"')
    {
      gunichar c;

      g_assert_true (*s != '\0');
      if (*s != '\\')
        {
          c = g_utf8_get_char (s);
          s = g_utf8_next_char (s);
        }
      else
        {
          s++;
          switch (*s++)
            {
            case 'n': c = '\n'; break;
            case 'r': c = '\r'; break;
            case 't': c = '\t'; break;
            case 'b': c = '\b'; break;
            case 'f': c = '\f'; break;
            case 'u':
              {
                char hex[5] = { 0 };

                memcpy (hex, s, 4);
                c = (gunichar) g_ascii_strtoull (hex, NULL, 16);
                s += 4;
                break;
              }
            default: c = (gunichar) s[-1]; break;
            }
        }
      g_array_append_val (points, c);
    }
  *p = s + 1;
  return points;
}

/* Surrogate pairs join; lone surrogates become U+FFFD, as the reader decodes them. */
static void
append_points (GString *out,
               GArray  *points)
{
  for (guint i = 0; i < points->len; i++)
    {
      gunichar c = g_array_index (points, gunichar, i);

      if (c >= 0xd800 && c <= 0xdbff && i + 1 < points->len &&
          g_array_index (points, gunichar, i + 1) >= 0xdc00 &&
          g_array_index (points, gunichar, i + 1) <= 0xdfff)
        {
          c = 0x10000 + ((c - 0xd800) << 10) + (g_array_index (points, gunichar, ++i) - 0xdc00);
        }
      else if (c >= 0xd800 && c <= 0xdfff)
        c = 0xfffd;
      hearth_test_append_json_char (out, c);
    }
}

static void
append_bytes_points (GString *out,
                     GArray  *points)
{
  g_autoptr (GByteArray) bytes = g_byte_array_new ();
  g_autoptr (GString) text = g_string_new (NULL);

  for (guint i = 0; i < points->len; i++)
    {
      guint8 byte = (guint8) g_array_index (points, gunichar, i);

      g_assert_cmpuint (g_array_index (points, gunichar, i), <, 256);
      g_byte_array_append (bytes, &byte, 1);
    }
  hearth_marshal_append_utf8 (text, bytes->data, bytes->len, HEARTH_MARSHAL_BYTES);
  for (const char *p = text->str; *p != '\0'; p = g_utf8_next_char (p))
    hearth_test_append_json_char (out, g_utf8_get_char (p));
}

/* Integers beyond int64 saturate in the model. */
static void
append_number_token (GString    *out,
                     const char *token,
                     gsize       length)
{
  g_autofree char *text = g_strndup (token, length);
  gboolean integer = length > 0;

  for (gsize i = 0; i < length; i++)
    if (!g_ascii_isdigit (text[i]) && !(i == 0 && text[i] == '-'))
      integer = FALSE;
  if (integer && length > 18)
    {
      gint64 v;

      if (!g_ascii_string_to_signed (text, 10, G_MININT64, G_MAXINT64, &v, NULL))
        v = text[0] == '-' ? G_MININT64 : G_MAXINT64;
      g_string_append_printf (out, "%" G_GINT64_FORMAT, v);
      return;
    }
  g_string_append (out, text);
}

static char *
normalise_line (const char *line)
{
  GString *out = g_string_new (NULL);
  const char *p = line;

  /* the key: strings rewritten, the rest copied */
  while (*p != '\0' && *p != ')')
    {
      if (*p == '"' || (p[0] == 'b' && p[1] == '"' && (p[-1] == '(' || p[-1] == ',')))
        {
          gboolean bytes = *p == 'b';
          g_autoptr (GArray) points = NULL;

          p += bytes ? 2 : 1;
          points = parse_json_string (&p);
          g_string_append_c (out, '"');
          if (bytes)
            append_bytes_points (out, points);
          else
            append_points (out, points);
          g_string_append_c (out, '"');
          continue;
        }
      g_string_append_c (out, *p++);
    }

  /* the numbers */
  while (*p != '\0')
    {
      const char *start = p;

      if (*p == ' ' || *p == ')')
        {
          g_string_append_c (out, *p++);
          continue;
        }
      while (*p != '\0' && *p != ' ')
        p++;
      append_number_token (out, start, p - start);
    }
  return g_string_free (out, FALSE);
}

static char *
normalise_golden (const char *text)
{
  g_auto (GStrv) lines = g_strsplit (text, "\n", -1);
  g_autoptr (GPtrArray) groups =
    g_ptr_array_new_with_free_func ((GDestroyNotify) g_ptr_array_unref);
  GPtrArray *group = NULL;

  for (guint i = 0; lines[i] != NULL; i++)
    {
      if (g_str_has_prefix (lines[i], "F "))
        {
          group = g_ptr_array_new_with_free_func (g_free);
          g_ptr_array_add (groups, group);
          g_ptr_array_add (group, normalise_line (lines[i]));
        }
      else if (g_str_has_prefix (lines[i], "C "))
        {
          g_assert_nonnull (group);
          g_ptr_array_add (group, normalise_line (lines[i]));
        }
      else if (g_str_has_prefix (lines[i], "X "))
        group = NULL;
      else
        g_assert_cmpstr (lines[i], ==, "");
    }
  return join_sorted (groups);
}

static void
assert_same_text (const char *name,
                  const char *got,
                  const char *expected)
{
  g_auto (GStrv) a = NULL;
  g_auto (GStrv) b = NULL;

  if (strcmp (got, expected) == 0)
    return;
  a = g_strsplit (got, "\n", -1);
  b = g_strsplit (expected, "\n", -1);
  for (guint i = 0; a[i] != NULL || b[i] != NULL; i++)
    if (a[i] == NULL || b[i] == NULL || strcmp (a[i], b[i]) != 0)
      g_error ("%s: line %u differs:\n  read:     %s\n  expected: %s", name, i + 1,
               a[i] ? a[i] : "(end)", b[i] ? b[i] : "(end)");
}

static HearthProfile *
read_fixture (const char  *name,
              GError     **error)
{
  g_autofree char *path = hearth_test_data_path (name);
  g_autofree char *contents = NULL;
  gsize len;

  g_assert_true (g_file_get_contents (path, &contents, &len, NULL));
  return _hearth_pstats_read ((const guint8 *) contents, len, error);
}

static char *
read_text (const char *path)
{
  g_autofree char *contents = NULL;
  g_autoptr (GError) error = NULL;

  g_file_get_contents (path, &contents, NULL, &error);
  g_assert_no_error (error);
  return g_steal_pointer (&contents);
}

static void
compare_with_golden (const char *name,
                     const char *golden_text)
{
  g_autoptr (GError) error = NULL;
  g_autoptr (HearthProfile) profile = read_fixture (name, &error);
  g_autofree char *got = NULL;
  g_autofree char *expected = NULL;

  g_assert_no_error (error);
  g_assert_nonnull (profile);
  got = dump_profile (profile);
  expected = normalise_golden (golden_text);
  assert_same_text (name, got, expected);
}

static void
test_golden (gconstpointer data)
{
  const char *name = data;
  g_autofree char *golden_name = g_strconcat (name, ".txt", NULL);
  g_autofree char *golden_path = g_test_build_filename (G_TEST_DIST, "data", "expected",
                                                        golden_name, NULL);
  g_autofree char *golden = read_text (golden_path);

  compare_with_golden (name, golden);
}

static void
test_normalise (void)
{
  g_autofree char *a = normalise_line ("F (b\"/tmp/x\\u00e9.py\",3,\"\\udce9\\ud83d\\ude00\") "
                                       "1 1180591620717411303424 0 nan");
  g_autofree char *b = normalise_line ("C (\"a\\\"b\",-1,b\"<len>\") 7");

  g_assert_cmpstr (a, ==, "F (\"/tmp/x\\ufffd.py\",3,\"\\ufffd\\ud83d\\ude00\") "
                   "1 9223372036854775807 0 nan");
  g_assert_cmpstr (b, ==, "C (\"a\\\"b\",-1,\"<len>\") 7");
}

static void
test_model (void)
{
  g_autoptr (GError) error = NULL;
  g_autoptr (HearthProfile) profile = read_fixture ("cprofile_py311_numpy.prof", &error);
  gint fib, main_f;
  const HearthFunction *f;
  const guint *callers;
  guint n = 0;
  gboolean from_main = FALSE, from_fib = FALSE;

  g_assert_no_error (error);
  g_assert_cmpint (hearth_profile_get_format (profile), ==, HEARTH_FORMAT_PSTATS);
  g_assert_cmpint (hearth_profile_get_kind (profile), ==, HEARTH_KIND_DETERMINISTIC);
  g_assert_cmpint (hearth_profile_get_unit (profile), ==, HEARTH_UNIT_SECONDS);
  g_assert_false (hearth_profile_has_stacks (profile));
  g_assert_null (hearth_profile_get_warnings (profile) ? hearth_profile_get_warnings (profile)[0]
                                                       : NULL);

  fib = hearth_profile_lookup (profile, "/home/dev/hearth/tests/fm____________t/workload.py", 53,
                               "fib");
  main_f = hearth_profile_lookup (profile, "/home/dev/hearth/tests/fm____________t/workload.py",
                                  91, "main");
  g_assert_cmpint (fib, >=, 0);
  g_assert_cmpint (main_f, >=, 0);
  f = hearth_profile_get_function (profile, fib);
  /* FORMATS.md 2.2: fib cc=1 nc=465, <- fib (nc=464, cc=2), <- main (nc=1, cc=1) */
  g_assert_cmpint (f->prim_calls, ==, 1);
  g_assert_cmpint (f->calls, ==, 465);
  g_assert_true (f->listed);
  callers = hearth_profile_get_callers (profile, fib, &n);
  g_assert_cmpuint (n, ==, 2);
  for (guint i = 0; i < n; i++)
    {
      const HearthEdge *e = hearth_profile_get_edge (profile, callers[i]);

      if (e->caller == (guint) fib)
        {
          g_assert_cmpint (e->calls, ==, 464);
          g_assert_cmpint (e->prim_calls, ==, 2);
          from_fib = TRUE;
        }
      else
        {
          g_assert_cmpint (e->caller, ==, main_f);
          g_assert_cmpint (e->calls, ==, 1);
          g_assert_cmpint (e->prim_calls, ==, 1);
          from_main = TRUE;
        }
    }
  g_assert_true (from_fib && from_main);

  g_assert_cmpint (hearth_profile_lookup (profile, "/tmp/d\xc3\xb6" "c/m\xc3\xb3" "dulo.py", 1,
                                          "caf\xc3\xa9"), >=, 0);
}

static void
test_count_callers (void)
{
  const char *names[] = { "profile_py311.prof", "profile_py27.prof", "profile_cli_py311.prof" };

  for (guint k = 0; k < G_N_ELEMENTS (names); k++)
    {
      g_autoptr (GError) error = NULL;
      g_autoptr (HearthProfile) profile = read_fixture (names[k], &error);
      guint checked = 0;

      g_assert_no_error (error);
      g_assert_true (has_count_callers (profile));
      g_assert_cmpint (hearth_profile_get_kind (profile), ==, HEARTH_KIND_DETERMINISTIC);

      /* edge times: the callee's, in proportion to the edge's calls */
      for (guint i = 0; i < hearth_profile_get_n_edges (profile); i++)
        {
          const HearthEdge *e = hearth_profile_get_edge (profile, i);
          const HearthFunction *callee = hearth_profile_get_function (profile, e->callee);
          double share = callee->calls > 0 ? (double) e->calls / callee->calls : 0;

          g_assert_cmpfloat_with_epsilon (e->cum, callee->cum * share,
                                          1e-12 + fabs (callee->cum) * 1e-12);
          g_assert_cmpfloat_with_epsilon (e->own, callee->own * share,
                                          1e-12 + fabs (callee->own) * 1e-12);
          checked++;
        }
      g_assert_cmpuint (checked, >, 5);
    }

  {
    g_autoptr (GError) error = NULL;
    g_autoptr (HearthProfile) profile = read_fixture ("cprofile_cli_py312.prof", &error);

    g_assert_no_error (error);
    g_assert_false (has_count_callers (profile));
  }
}

static void
test_code_names (void)
{
  const char *names[] = { "profile_cli_py27.prof", "profile_cli_py36.prof",
                          "profile_cli_py38.prof", "profile_cli_py310.prof",
                          "profile_cli_py311.prof", "profile_cli_py312.prof",
                          "profile_cli_py313.prof" };

  for (guint i = 0; i < G_N_ELEMENTS (names); i++)
    {
      g_autoptr (GError) error = NULL;
      g_autoptr (HearthProfile) profile = read_fixture (names[i], &error);
      gint script;

      g_assert_no_error (error);
      script = hearth_profile_lookup (profile, "profile", 0, "<code object <module>>");
      g_assert_cmpint (script, >=, 0);
      g_assert_true (hearth_profile_get_function (profile, script)->listed);
      g_assert_cmpint (hearth_profile_lookup (profile, "tiny_script.py", 4, "branch"), >=, 0);
    }
}

static void
test_sampled (void)
{
  g_autoptr (GError) error = NULL;
  g_autoptr (HearthProfile) profile = read_fixture ("sampled_marker.prof", &error);

  g_assert_no_error (error);
  g_assert_cmpint (hearth_profile_get_kind (profile), ==, HEARTH_KIND_SAMPLED);
  g_assert_cmpint (hearth_profile_get_unit (profile), ==, HEARTH_UNIT_SECONDS);
  g_assert_false (hearth_profile_has_stacks (profile));
  g_assert_true (hearth_test_has_warning (profile, "sampling"));
  g_assert_true (hearth_test_has_warning (profile, "estimated"));
  g_assert_false (hearth_test_has_warning (profile, "unexpected shape"));
  g_assert_cmpuint (hearth_profile_get_n_functions (profile), ==, 2);
}

static void
test_weird_values (void)
{
  g_autoptr (GError) error = NULL;
  g_autoptr (HearthProfile) profile = read_fixture ("weird_values.prof", &error);
  const HearthFunction *f;

  g_assert_no_error (error);
  g_assert_true (hearth_test_has_warning (profile, "2 entries have times or counts"));
  f = hearth_profile_get_function (profile, hearth_profile_lookup (profile, "w.py", 1,
                                                                   "nan_time"));
  g_assert_true (isnan (f->own));
  g_assert_true (isinf (f->cum));
  g_assert_cmpfloat (hearth_profile_clamp (f->own), ==, 0);
  f = hearth_profile_get_function (profile, hearth_profile_lookup (profile, "w.py", 2,
                                                                   "neg_time"));
  g_assert_cmpfloat (f->own, ==, -0.5);
  f = hearth_profile_get_function (profile, hearth_profile_lookup (profile, "w.py", 3,
                                                                   "big_count"));
  g_assert_cmpint (f->prim_calls, ==, G_GINT64_CONSTANT (1) << 40);
  g_assert_cmpint (f->calls, ==, G_MAXINT64);
}

static void
test_dup_key (void)
{
  g_autoptr (GError) error = NULL;
  g_autoptr (HearthProfile) profile = read_fixture ("dup_key.prof", &error);
  gint main_f;
  guint n = 0;

  g_assert_no_error (error);
  main_f = hearth_profile_lookup (profile, "app.py", 10, "main");
  g_assert_cmpint (main_f, >=, 0);
  hearth_profile_get_callers (profile, main_f, &n);
  g_assert_cmpuint (n, ==, 0);
  g_assert_cmpint (hearth_profile_get_function (profile, main_f)->calls, ==, 2);
}

static void
test_empty (void)
{
  const char *inputs[] = { "{0", "\xfb\x30", "{0trailing" };

  for (guint i = 0; i < G_N_ELEMENTS (inputs); i++)
    {
      g_autoptr (GError) error = NULL;
      g_autoptr (HearthProfile) profile = _hearth_pstats_read ((const guint8 *) inputs[i],
                                                               strlen (inputs[i]), &error);

      g_assert_no_error (error);
      g_assert_cmpuint (hearth_profile_get_n_functions (profile), ==, 0);
      g_assert_cmpuint (hearth_profile_get_n_edges (profile), ==, 0);
      g_assert_cmpint (hearth_test_has_warning (profile, "8 bytes after the profile data"), ==,
                       i == 2);
    }
}

static void
test_text (void)
{
  g_autoptr (GError) error = NULL;
  g_autoptr (HearthProfile) profile = read_fixture ("bad_utf8.prof", &error);
  g_autoptr (HearthProfile) surrogate = NULL;

  /* Python refuses this file; the names are readable with a replacement character */
  g_assert_no_error (error);
  g_assert_true (hearth_test_has_warning (profile, "not valid text"));
  for (guint i = 0; i < hearth_profile_get_n_functions (profile); i++)
    {
      const HearthFunction *f = hearth_profile_get_function (profile, i);

      g_assert_true (g_utf8_validate (f->file, -1, NULL));
      g_assert_true (g_utf8_validate (f->name, -1, NULL));
    }
  g_assert_cmpuint (hearth_profile_get_n_functions (profile), >, 0);

  surrogate = read_fixture ("surrogate_filename.prof", &error);
  g_assert_no_error (error);
  g_assert_cmpint (hearth_profile_lookup (surrogate, "/tmp/bad_\xef\xbf\xbdname.py", 1, "f"),
                   >=, 0);
}

static void
test_bad_fixtures (void)
{
  const struct { const char *name; gint code; const char *message; } cases[] = {
    { "bad_code.prof", HEARTH_PROFILE_ERROR_BAD_TYPE,
      "unknown marshal type code 0x51 at offset 0x1" },
    /* the nested tuples are refused at the first one, before their depth matters (the
     * depth limit inside a dict is checked in /pstats/bad/bombs) */
    { "bad_deep.prof", HEARTH_PROFILE_ERROR_BAD_SHAPE,
      "a pstats file holds a dict; this one holds a tuple" },
    { "bad_hugelen.prof", HEARTH_PROFILE_ERROR_TOO_LARGE,
      "string of 2147483647 bytes at offset 0x3 exceeds the 3 bytes left" },
    { "bad_ref.prof", HEARTH_PROFILE_ERROR_BAD_REF,
      "reference to unknown object 99 at offset 0x1 (1 stored so far)" },
    { "bad_truncated.prof", HEARTH_PROFILE_ERROR_TRUNCATED,
      "truncated marshal data: need 1 bytes at offset 0x81" },
    /* a valid marshal file with nothing of the pstats shape in it */
    { "bad_types.prof", HEARTH_PROFILE_ERROR_BAD_SHAPE,
      "expected pstats entries (file, line, name): (cc, nc, tt, ct, callers), but at offset "
      "0x1 the key is a tuple of 2 items" },
  };

  for (guint i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      g_autoptr (GError) error = NULL;
      g_autoptr (HearthProfile) profile = read_fixture (cases[i].name, &error);

      g_assert_null (profile);
      g_assert_error (error, HEARTH_PROFILE_ERROR, cases[i].code);
      g_assert_cmpstr (error->message, ==, cases[i].message);
    }
}

static HearthProfile *
read_bytes (GByteArray  *b,
            GError     **error)
{
  return _hearth_pstats_read (b->data, b->len, error);
}

static void
put (GByteArray *b,
     const char *bytes,
     gsize       n)
{
  g_byte_array_append (b, (const guint8 *) bytes, (guint) n);
}

#define PUT(b, s) put (b, s, sizeof (s) - 1)

static void
test_shapes (void)
{
  const struct { const char *bytes; gsize n; const char *message; } wrong[] = {
    { "[\x00\x00\x00\x00", 5, "a pstats file holds a dict; this one holds a list" },
    { ")\x00", 2, "a pstats file holds a dict; this one holds a tuple" },
    { "N", 1, "a pstats file holds a dict; this one holds None" },
    { "i\x01\x00\x00\x00", 5, "a pstats file holds a dict; this one holds an int" },
    { "z\x01x", 3, "a pstats file holds a dict; this one holds a string" },
  };

  for (guint i = 0; i < G_N_ELEMENTS (wrong); i++)
    {
      g_autoptr (GError) error = NULL;
      g_autoptr (HearthProfile) profile =
        _hearth_pstats_read ((const guint8 *) wrong[i].bytes, wrong[i].n, &error);

      g_assert_null (profile);
      g_assert_error (error, HEARTH_PROFILE_ERROR, HEARTH_PROFILE_ERROR_BAD_SHAPE);
      g_assert_cmpstr (error->message, ==, wrong[i].message);
    }

  /* good entries next to bad ones: the good ones load, one warning counts the others */
  {
    g_autoptr (GByteArray) b = g_byte_array_new ();
    g_autoptr (GError) error = NULL;
    g_autoptr (HearthProfile) profile = NULL;
    gint main_f, g;
    guint n = 0;

    PUT (b, "{");
    /* ('a.py', 1, 'main'): (1, 1, 0.5, 1.0, {('a.py', 2, 'g'): [1]  <- bad caller value,
     *                                        ('a.py', 3, 'h'): (1, 1, 0.1, 0.1)}) */
    PUT (b, "\xa9\x03z\x04" "a.py" "i\x01\x00\x00\x00" "z\x04" "main");
    PUT (b, ")\x05i\x01\x00\x00\x00i\x01\x00\x00\x00" "f\x03" "0.5" "f\x03" "1.0" "{");
    PUT (b, ")\x03z\x04" "a.py" "i\x02\x00\x00\x00" "z\x01" "g"
            "[\x01\x00\x00\x00i\x01\x00\x00\x00");
    PUT (b, ")\x03z\x04" "a.py" "i\x03\x00\x00\x00" "z\x01" "h"
            ")\x04i\x01\x00\x00\x00i\x01\x00\x00\x00" "f\x03" "0.1" "f\x03" "0.1");
    PUT (b, "0");
    /* a 2-tuple key; a value that is a list; a value with a string count; one with None times */
    PUT (b, ")\x02z\x01" "x" "i\x01\x00\x00\x00" "N");
    PUT (b, ")\x03z\x01" "x" "i\x01\x00\x00\x00" "z\x01" "y" "[\x00\x00\x00\x00");
    PUT (b, ")\x03z\x01" "x" "i\x02\x00\x00\x00" "z\x01" "y"
            ")\x05z\x01" "1" "i\x01\x00\x00\x00NN{0");
    PUT (b, ")\x03z\x01" "x" "i\x03\x00\x00\x00" "z\x01" "y"
            ")\x05i\x01\x00\x00\x00i\x01\x00\x00\x00NN[\x00\x00\x00\x00");
    /* a caller key that refers back to the first key tuple (slot 0) */
    PUT (b, ")\x03z\x04" "a.py" "i\x02\x00\x00\x00" "z\x01" "g"
            ")\x05i\x01\x00\x00\x00i\x01\x00\x00\x00g\x00\x00\x00\x00\x00\x00\xe0\x3f"
            "g\x00\x00\x00\x00\x00\x00\xe0\x3f{r\x00\x00\x00\x00"
            ")\x04i\x01\x00\x00\x00i\x01\x00\x00\x00"
            "g\x00\x00\x00\x00\x00\x00\xe0\x3fg\x00\x00\x00\x00\x00\x00\xe0\x3f" "0");
    PUT (b, "0");

    profile = read_bytes (b, &error);
    g_assert_no_error (error);
    g_assert_true (hearth_test_has_warning (profile, "5 entries of an unexpected shape were "
                                                     "skipped (the first at offset 0x3b: a "
                                                     "caller's value is a list)"));
    main_f = hearth_profile_lookup (profile, "a.py", 1, "main");
    g = hearth_profile_lookup (profile, "a.py", 2, "g");
    g_assert_cmpint (main_f, >=, 0);
    g_assert_cmpint (g, >=, 0);
    g_assert_cmpint (hearth_profile_lookup (profile, "x", 1, "y"), <, 0);
    g_assert_cmpint (hearth_profile_lookup (profile, "a.py", 3, "h"), >=, 0);
    hearth_profile_get_callers (profile, main_f, &n);
    g_assert_cmpuint (n, ==, 1);
    hearth_profile_get_callers (profile, g, &n);
    g_assert_cmpuint (n, ==, 1);
  }
}

/* Keys recognised from stored objects: a reference to a key tuple, and a new tuple made of
 * stored strings, must give the function of the same (file, line, name) and no other. */
static void
test_stored_keys (void)
{
  g_autoptr (GByteArray) b = g_byte_array_new ();
  g_autoptr (GError) error = NULL;
  g_autoptr (HearthProfile) profile = NULL;
  gint first, second;
  guint n = 0;

  /* &0 = (&1 'a.py', 1, &2 'f'): (1, 1, False, False, {}): a bool is an int to Python */
  PUT (b, "{\xa9\x03\xfa\x04" "a.py" "i\x01\x00\x00\x00" "\xfa\x01" "f"
          ")\x05i\x01\x00\x00\x00i\x01\x00\x00\x00" "FF{0");
  /* (r1, 2, r2): same strings, another line; its caller is a reference to the string 'f' */
  PUT (b, ")\x03r\x01\x00\x00\x00i\x02\x00\x00\x00r\x02\x00\x00\x00"
          ")\x05i\x01\x00\x00\x00i\x01\x00\x00\x00" "FF"
          "{r\x02\x00\x00\x00)\x04i\x01\x00\x00\x00i\x01\x00\x00\x00" "FF0");
  /* (r1, 1, r2) again, and r0 as a caller key: the first function */
  PUT (b, ")\x03r\x01\x00\x00\x00i\x01\x00\x00\x00r\x02\x00\x00\x00"
          ")\x05i\x02\x00\x00\x00i\x02\x00\x00\x00" "FF"
          "{r\x00\x00\x00\x00)\x04i\x03\x00\x00\x00i\x03\x00\x00\x00" "FF0");
  PUT (b, "0");

  profile = read_bytes (b, &error);
  g_assert_no_error (error);
  g_assert_cmpuint (hearth_profile_get_n_functions (profile), ==, 2);
  first = hearth_profile_lookup (profile, "a.py", 1, "f");
  second = hearth_profile_lookup (profile, "a.py", 2, "f");
  g_assert_cmpint (first, >=, 0);
  g_assert_cmpint (second, >=, 0);
  g_assert_cmpint (hearth_profile_get_function (profile, first)->calls, ==, 2);
  g_assert_cmpint (hearth_profile_get_function (profile, second)->calls, ==, 1);
  hearth_profile_get_callers (profile, second, &n);
  g_assert_cmpuint (n, ==, 0);
  g_assert_true (hearth_test_has_warning (profile, "1 entry of an unexpected shape was skipped "
                                                   "(at offset 0xe: the key is a string)"));
  {
    const guint *callers = hearth_profile_get_callers (profile, first, &n);

    g_assert_cmpuint (n, ==, 1);
    g_assert_cmpint (hearth_profile_get_edge (profile, callers[0])->caller, ==, first);
    g_assert_cmpint (hearth_profile_get_edge (profile, callers[0])->calls, ==, 3);
  }
}

/* Every cut of a valid file is an error; never a crash, never a partial profile. */
static void
test_truncation (void)
{
  const char *names[] = { "tiny_marshal_v0.prof", "tiny_marshal_v2.prof", "tiny_marshal_v4.prof",
                          "cprofile_py27.prof", "profile_py311.prof", "sampled_marker.prof",
                          "profile_cli_py312.prof", "profile_cli_py36.prof" };

  for (guint i = 0; i < G_N_ELEMENTS (names); i++)
    {
      g_autofree char *path = hearth_test_data_path (names[i]);
      g_autofree char *contents = NULL;
      gsize len;

      g_assert_true (g_file_get_contents (path, &contents, &len, NULL));
      for (gsize cut = 0; cut < len; cut++)
        {
          g_autoptr (GError) error = NULL;
          g_autofree guint8 *copy = g_memdup2 (contents, cut);
          g_autoptr (HearthProfile) profile = _hearth_pstats_read (copy, cut, &error);

          g_assert_null (profile);
          g_assert_nonnull (error);
          g_assert_true (strstr (error->message, "offset 0x") != NULL);
          g_assert_null (strstr (error->message, ".prof"));
        }
    }
}

static void
test_bombs (void)
{
  g_autoptr (GByteArray) b = g_byte_array_new ();
  gint64 start = g_get_monotonic_time ();

  /* 100,000 nested tuples as a key */
  PUT (b, "{");
  for (guint i = 0; i < 100000; i++)
    PUT (b, ")\x01");
  PUT (b, "N");
  {
    g_autoptr (GError) error = NULL;
    g_autoptr (HearthProfile) profile = read_bytes (b, &error);

    g_assert_null (profile);
    g_assert_error (error, HEARTH_PROFILE_ERROR, HEARTH_PROFILE_ERROR_TOO_LARGE);
  }

  /* references that expand exponentially, in places the reader reads */
  g_byte_array_set_size (b, 0);
  PUT (b, "{)\x03" "z\x01" "a" "i\x01\x00\x00\x00" "[\x0a\x00\x00\x00" "\xdb\x0a\x00\x00\x00");
  for (guint j = 0; j < 10; j++)
    PUT (b, "z\x03lol");
  for (guint i = 1; i <= 9; i++)
    {
      PUT (b, "\xdb\x0a\x00\x00\x00");
      for (guint j = 0; j < 10; j++)
        {
          guint32 k = GUINT32_TO_LE (i - 1);

          PUT (b, "r");
          put (b, (const char *) &k, 4);
        }
    }
  /* the bomb is a key's name: skipped whole, unexpanded; then a good entry */
  PUT (b, ")\x05i\x01\x00\x00\x00i\x01\x00\x00\x00NN{0");
  PUT (b, ")\x03" "z\x01" "a" "i\x02\x00\x00\x00" "z\x02" "ok"
          ")\x05i\x01\x00\x00\x00i\x01\x00\x00\x00" "i\x00\x00\x00\x00" "i\x00\x00\x00\x00"
          "{r\x00\x00\x00\x00" ")\x04i\x01\x00\x00\x00i\x01\x00\x00\x00"
          "i\x00\x00\x00\x00" "i\x00\x00\x00\x00" "0" "0");
  {
    g_autoptr (GError) error = NULL;
    g_autoptr (HearthProfile) profile = read_bytes (b, &error);

    /* slot 0 is the bomb's first level, a list: as a caller key it is of the wrong shape */
    g_assert_no_error (error);
    g_assert_true (hearth_test_has_warning (profile, "2 entries of an unexpected shape were "
                                                     "skipped (the first at offset 0x1: the "
                                                     "function name is a list)"));
    g_assert_cmpint (hearth_profile_lookup (profile, "a", 2, "ok"), >=, 0);
  }
  g_assert_cmpint (g_get_monotonic_time () - start, <, 10 * G_USEC_PER_SEC);
}

static void
test_random (void)
{
  g_autoptr (GRand) rand = g_rand_new_with_seed (4242);
  gsize len = 1024 * 1024;
  g_autofree guint8 *data = g_malloc (len);

  for (guint round = 0; round < 6; round++)
    {
      g_autoptr (GError) error = NULL;
      g_autoptr (HearthProfile) profile = NULL;

      for (gsize i = 0; i < len; i++)
        data[i] = (guint8) g_rand_int (rand);
      data[0] = round % 2 ? 0xfb : '{';
      profile = _hearth_pstats_read (data, len, &error);
      g_assert_true ((profile == NULL) != (error == NULL));
    }
}

static gboolean
run (const char * const  *argv,
     const char          *cwd,
     char               **out)
{
  g_autofree char *err = NULL;
  g_autoptr (GError) error = NULL;
  gint status = 0;

  if (!g_spawn_sync (cwd, (char **) argv, NULL, G_SPAWN_SEARCH_PATH, NULL, NULL, out, &err,
                     &status, &error))
    g_error ("%s: %s", argv[0], error->message);
  if (!g_spawn_check_wait_status (status, NULL))
    {
      g_test_message ("%s failed: %s", argv[2], err);
      return FALSE;
    }
  return TRUE;
}

static const char workload[] =
  "# -*- coding: utf-8 -*-\n"
  "class Shape(object):\n"
  "    def __init__(self, n):\n"
  "        self.n = n\n"
  "    def area(self):\n"
  "        return helper(self.n)\n"
  "def helper(n):\n"
  "    return sum(i * i for i in range(n))\n"
  "def fib(n):\n"
  "    return n if n < 2 else fib(n - 1) + fib(n - 2)\n"
  "def caf\xc3\xa9():\n"
  "    return [helper(k) for k in range(20)]\n"
  "def gen(n):\n"
  "    for i in range(n):\n"
  "        yield i\n"
  "def main():\n"
  "    fib(12)\n"
  "    caf\xc3\xa9()\n"
  "    sum(gen(50))\n"
  "    [Shape(i).area() for i in range(30)]\n"
  "    sorted(range(100), key=lambda x: -x)\n"
  "main()\n";

/* Profiles a script with the Python at hand (cProfile and profile) and compares the reader
 * with what Python's own pstats module reads from the same files. */
static void
test_python (void)
{
  g_autofree char *dir = NULL;
  g_autofree char *script = NULL;
  g_autofree char *truth = g_test_build_filename (G_TEST_DIST, "tools", "pstats_truth.py", NULL);
  const char *modules[] = { "cProfile", "profile" };
  g_autoptr (GError) error = NULL;

  if (!hearth_test_have_python ())
    {
      g_test_skip ("python3 is not available");
      return;
    }

  dir = g_dir_make_tmp ("hearth-pstats-XXXXXX", &error);
  g_assert_no_error (error);
  script = g_build_filename (dir, "script_\xc3\xa9.py", NULL);
  g_assert_true (g_file_set_contents (script, workload, -1, NULL));

  for (guint i = 0; i < G_N_ELEMENTS (modules); i++)
    {
      g_autofree char *prof = g_build_filename (dir, "out.prof", NULL);
      g_autofree char *expected = NULL;
      g_autofree char *ignored = NULL;
      g_autofree char *contents = NULL;
      g_autofree char *got = NULL;
      g_autofree char *normalised = NULL;
      g_autoptr (HearthProfile) profile = NULL;
      gsize len;
      const char *profile_argv[] = { "python3", "-m", modules[i], "-o", prof, script, NULL };
      const char *truth_argv[] = { "python3", truth, prof, NULL };

      if (!run (profile_argv, dir, &ignored))
        {
          g_test_skip ("python3 cannot profile");
          break;
        }
      g_assert_true (run (truth_argv, dir, &expected));
      g_assert_true (g_file_get_contents (prof, &contents, &len, NULL));
      profile = _hearth_pstats_read ((const guint8 *) contents, len, &error);
      g_assert_no_error (error);
      g_assert_cmpint (has_count_callers (profile), ==, i == 1);
      got = dump_profile (profile);
      normalised = normalise_golden (expected);
      assert_same_text (modules[i], got, normalised);
      g_assert_cmpuint (strlen (got), >, 1000);
      g_unlink (prof);
    }

  g_unlink (script);
  g_rmdir (dir);
}

/* The same bytes read with the builder on a thread of its own and in the reader's thread:
 * the same profile, or the same error. */
static void
assert_same_threaded (const guint8 *data,
                      gsize         len,
                      const char   *what)
{
  g_autoptr (GError) inline_error = NULL;
  g_autoptr (GError) threaded_error = NULL;
  g_autoptr (HearthProfile) inline_profile = NULL;
  g_autoptr (HearthProfile) threaded_profile = NULL;

  inline_profile = _hearth_pstats_read_full (data, len, HEARTH_PSTATS_THREADS_NONE, NULL,
                                             &inline_error);
  threaded_profile = _hearth_pstats_read_full (data, len, HEARTH_PSTATS_THREADS_BUILDER, NULL,
                                               &threaded_error);

  if (inline_profile == NULL)
    {
      g_assert_nonnull (inline_error);
      g_assert_nonnull (threaded_error);
      g_assert_cmpstr (threaded_error->message, ==, inline_error->message);
      g_assert_true (g_error_matches (threaded_error, inline_error->domain, inline_error->code));
      g_assert_null (threaded_profile);
    }
  else
    {
      g_autofree char *diff = NULL;

      g_assert_no_error (threaded_error);
      g_assert_nonnull (threaded_profile);
      diff = hearth_test_profile_diff (inline_profile, threaded_profile);
      if (diff != NULL)
        g_error ("%s: read on a thread, %s differs", what, diff);
    }
}

/* Every .prof of the test data, whole and cut at a few places. */
static void
test_threaded_fixtures (void)
{
  g_autofree char *dir_path = hearth_test_data_path ("");
  g_autoptr (GDir) dir = g_dir_open (dir_path, 0, NULL);
  const char *name;
  guint n_files = 0;

  g_assert_nonnull (dir);
  while ((name = g_dir_read_name (dir)) != NULL)
    {
      g_autofree char *path = NULL;
      g_autofree char *contents = NULL;
      gsize len;

      if (!g_str_has_suffix (name, ".prof"))
        continue;
      path = g_build_filename (dir_path, name, NULL);
      g_assert_true (g_file_get_contents (path, &contents, &len, NULL));
      assert_same_threaded ((const guint8 *) contents, len, name);
      for (guint i = 1; i < 8; i++)
        {
          g_autofree guint8 *cut = g_memdup2 (contents, len * i / 8);

          assert_same_threaded (cut, len * i / 8, name);
        }
      n_files++;
    }
  g_assert_cmpuint (n_files, >=, 30);
}

/* A profile of 6,000 functions with 40 callers each, as Python's marshal writes a dict whose
 * keys are shared: its records go round the builder's ring many times. */
static const char many_callers[] =
  "import marshal, random, sys\n"
  "random.seed(7)\n"
  "n = 6000\n"
  "keys = [('/src/pkg/mod%d.py' % (i % 60), 10 + i, 'f%d' % i) for i in range(n)]\n"
  "stats = {}\n"
  "for i, k in enumerate(keys):\n"
  "    callers = {}\n"
  "    for j in random.sample(range(n), 40):\n"
  "        c = keys[j] if j % 11 else (keys[j][0], keys[j][1], 'f%d' % j)\n"
  "        callers[c] = (j % 7 + 1, j % 5 + 1, j * 1e-6, j * 2.5e-6)\n"
  "    stats[k] = (i % 9 + 1, i % 9 + 1, i * 1e-5, i * 3e-5, callers)\n"
  "    if i % 1000 == 999:\n"
  "        stats[(k[0], k[1], k[2] + '\\xe9')] = (1, 1, 0.5, 0.5, {keys[0]: 1})\n"
  "with open(sys.argv[1], 'wb') as f:\n"
  "    marshal.dump(stats, f)\n";

static void
test_threaded_large (void)
{
  g_autofree char *dir = NULL;
  g_autofree char *script = NULL;
  g_autofree char *prof = NULL;
  g_autofree char *contents = NULL;
  g_autofree char *out = NULL;
  g_autoptr (GError) error = NULL;
  g_autoptr (HearthProfile) profile = NULL;
  gsize len;

  if (!hearth_test_have_python ())
    {
      g_test_skip ("python3 is not available");
      return;
    }
  dir = g_dir_make_tmp ("hearth-pstats-XXXXXX", &error);
  g_assert_no_error (error);
  script = g_build_filename (dir, "many_callers.py", NULL);
  prof = g_build_filename (dir, "many_callers.prof", NULL);
  g_assert_true (g_file_set_contents (script, many_callers, -1, NULL));
  {
    const char *argv[] = { "python3", script, prof, NULL };

    g_assert_true (run (argv, dir, &out));
  }
  g_assert_true (g_file_get_contents (prof, &contents, &len, NULL));
  assert_same_threaded ((const guint8 *) contents, len, "many_callers.prof");

  /* what the reader found, as Python wrote it */
  profile = _hearth_pstats_read_full ((const guint8 *) contents, len,
                                      HEARTH_PSTATS_THREADS_BUILDER, NULL, &error);
  g_assert_no_error (error);
  g_assert_cmpuint (hearth_profile_get_n_functions (profile), ==, 6000 + 6);
  g_assert_cmpuint (hearth_profile_get_n_edges (profile), ==, 6000 * 40 + 6);
  g_assert_true (hearth_test_has_warning (profile, "call counts but no times"));
  /* cut in the middle of the edges, while the builder has work queued */
  assert_same_threaded ((const guint8 *) contents, len / 2, "many_callers.prof, cut");

  g_unlink (script);
  g_unlink (prof);
  g_rmdir (dir);
}

static const char *golden_fixtures[] = {
  "cprofile_cli_py311.prof", "cprofile_cli_py312.prof", "cprofile_py27.prof",
  "cprofile_py311_numpy.prof", "cprofile_py312.prof", "cprofile_py313.prof",
  "cprofile_py36.prof", "dup_key.prof", "empty.prof", "merged_py311_py312.prof",
  "profile_py27.prof", "profile_py311.prof", "sampled_marker.prof",
  "surrogate_filename.prof", "tiny_marshal_v0.prof", "tiny_marshal_v1.prof",
  "tiny_marshal_v2.prof", "tiny_marshal_v3.prof", "tiny_marshal_v4.prof",
  "weird_values.prof",
  /* golden dumps written by each real interpreter's pstats (tools/pstats_truth.py) */
  "profile_cli_py27.prof", "profile_cli_py36.prof", "profile_cli_py38.prof",
  "profile_cli_py310.prof", "profile_cli_py311.prof", "profile_cli_py312.prof",
  "profile_cli_py313.prof",
};

int
main (int   argc,
      char *argv[])
{
  g_test_init (&argc, &argv, NULL);

  for (guint i = 0; i < G_N_ELEMENTS (golden_fixtures); i++)
    {
      g_autofree char *path = g_strconcat ("/pstats/golden/", golden_fixtures[i], NULL);

      g_test_add_data_func (path, golden_fixtures[i], test_golden);
    }
  g_test_add_func ("/pstats/normalise", test_normalise);
  g_test_add_func ("/pstats/model", test_model);
  g_test_add_func ("/pstats/count-callers", test_count_callers);
  g_test_add_func ("/pstats/code-names", test_code_names);
  g_test_add_func ("/pstats/sampled", test_sampled);
  g_test_add_func ("/pstats/weird-values", test_weird_values);
  g_test_add_func ("/pstats/dup-key", test_dup_key);
  g_test_add_func ("/pstats/empty", test_empty);
  g_test_add_func ("/pstats/text", test_text);
  g_test_add_func ("/pstats/stored-keys", test_stored_keys);
  g_test_add_func ("/pstats/bad/fixtures", test_bad_fixtures);
  g_test_add_func ("/pstats/bad/shapes", test_shapes);
  g_test_add_func ("/pstats/bad/truncation", test_truncation);
  g_test_add_func ("/pstats/bad/bombs", test_bombs);
  g_test_add_func ("/pstats/bad/random", test_random);
  g_test_add_func ("/pstats/python", test_python);
  g_test_add_func ("/pstats/threaded/fixtures", test_threaded_fixtures);
  g_test_add_func ("/pstats/threaded/large", test_threaded_large);

  return g_test_run ();
}
