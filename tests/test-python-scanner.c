/* test-python-scanner.c: qualified names read from the profiled program's source, against
 * Python's own co_qualname where python3 is there.
 *
 * Copyright 2026 The Hearth authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "hearth-names.h"
#include "hearth-profile-private.h"
#include "hearth-test-names.h"
#include "hearth-test-util.h"

#include <glib/gstdio.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/types.h>

/* ------------------------------------------------------------------------------------------ */
/* Qualified names against Python's co_qualname */

typedef struct
{
  guint  line;
  char  *name;
  char  *qualname;
  GArray *lines;      /* guint: lines of its instructions */
} CodeObject;

static void
code_object_clear (gpointer data)
{
  CodeObject *c = data;

  g_free (c->name);
  g_free (c->qualname);
  g_clear_pointer (&c->lines, g_array_unref);
}

/* Runs the dump script over @file; NULL (and a skip) without a usable python3. */
static GArray *
python_code_objects (const char *file,
                     gboolean    with_lines)
{
  g_autofree char *script = names_data ("dump_qualnames.py");
  g_autofree char *out = NULL;
  g_autofree char *err = NULL;
  g_autoptr (GError) error = NULL;
  g_auto (GStrv) lines = NULL;
  g_autoptr (GArray) result = NULL;
  const char *argv[] = { "python3", script, file, NULL, NULL };
  int status = 0;

  if (with_lines)
    {
      argv[2] = "--lines";
      argv[3] = file;
    }
  if (!hearth_test_have_python ())
    {
      g_test_skip ("python3 is not available");
      return NULL;
    }
  if (!g_spawn_sync (NULL, (char **) argv, NULL, G_SPAWN_SEARCH_PATH, NULL, NULL, &out, &err,
                     &status, &error))
    {
      g_test_skip (error->message);
      return NULL;
    }
  g_assert_true (g_spawn_check_wait_status (status, NULL));
  if (g_str_has_prefix (out, "unsupported"))
    {
      g_test_skip ("python3 is older than 3.11 (no co_qualname)");
      return NULL;
    }
  result = g_array_new (FALSE, TRUE, sizeof (CodeObject));
  g_array_set_clear_func (result, code_object_clear);
  lines = g_strsplit (out, "\n", -1);
  for (guint i = 0; lines[i] != NULL; i++)
    {
      g_auto (GStrv) fields = g_strsplit (lines[i], "\t", -1);
      CodeObject c = { 0 };

      if (lines[i][0] == '\0')
        continue;
      g_assert_cmpuint (g_strv_length (fields), >=, 3);
      c.line = atoi (fields[0]);
      c.name = g_strdup (fields[1]);
      c.qualname = g_strdup (fields[2]);
      if (fields[3] != NULL)
        {
          g_auto (GStrv) nums = g_strsplit (fields[3], ",", -1);

          c.lines = g_array_new (FALSE, FALSE, sizeof (guint));
          for (guint k = 0; nums[k] != NULL; k++)
            if (nums[k][0] != '\0')
              {
                guint l = atoi (nums[k]);

                g_array_append_val (c.lines, l);
              }
        }
      g_array_append_val (result, c);
    }
  return g_steal_pointer (&result);
}

/* Builds a cProfile-like profile with one function per code object of @name and checks the
 * qualified names; with @exact, a fallback to the bare name counts as a failure. */
static void
check_against_python (const char *name,
                      gboolean    exact)
{
  g_autofree char *file = names_data (name);
  g_autofree char *profile_path = names_data_profile_path ();
  g_autoptr (GArray) objects = python_code_objects (file, FALSE);
  g_autoptr (HearthProfile) p = NULL;
  g_autoptr (HearthNames) names = NULL;
  g_autoptr (GHashTable) qualnames = g_hash_table_new_full (g_direct_hash, g_direct_equal,
                                                            NULL, g_free);
  guint n_exact = 0;

  if (objects == NULL)
    return;
  g_assert_cmpuint (objects->len, >, 0);
  p = new_pstats ();
  for (guint i = 0; i < objects->len; i++)
    {
      CodeObject *c = &g_array_index (objects, CodeObject, i);
      guint f = add_function (p, file, c->line, c->name, 1.0);
      const char *known = g_hash_table_lookup (qualnames, GUINT_TO_POINTER (f));

      /* two code objects with one key cannot both be named: keep neither */
      if (known != NULL && strcmp (known, c->qualname) != 0)
        g_hash_table_replace (qualnames, GUINT_TO_POINTER (f), g_strdup (""));
      else
        g_hash_table_replace (qualnames, GUINT_TO_POINTER (f), g_strdup (c->qualname));
    }
  _hearth_profile_set_path (p, profile_path);
  _hearth_profile_finish (p);
  names = hearth_names_new (p, NULL, TRUE);
  g_assert_cmpuint (hearth_names_get_n_files_read (names), ==, 1);

  for (guint f = 0; f < hearth_profile_get_n_functions (p); f++)
    {
      const char *want = g_hash_table_lookup (qualnames, GUINT_TO_POINTER (f));
      const char *got = hearth_names_get_qualified (names, f);
      const HearthFunction *fn = hearth_profile_get_function (p, f);

      g_test_message ("%s:%" G_GINT64_FORMAT " %s: want %s, got %s", name, fn->line, fn->name,
                      want, got);
      if (want[0] == '\0')
        g_assert_cmpstr (got, ==, fn->name);
      else if (exact)
        g_assert_cmpstr (got, ==, want);
      else if (strcmp (got, want) != 0)
        g_assert_cmpstr (got, ==, fn->name);
      if (strcmp (got, want) == 0)
        n_exact++;
    }
  g_test_message ("%s: %u of %u qualified as Python does", name, n_exact,
                  hearth_profile_get_n_functions (p));
}

static void
test_qualified_classes (void)
{
  check_against_python ("classes.py", TRUE);
}

static void
test_qualified_tabs (void)
{
  check_against_python ("tabs.py", TRUE);
}

static void
test_qualified_line_breaks (void)
{
  check_against_python ("crlf.py", TRUE);
  check_against_python ("cr.py", TRUE);
}

static void
test_qualified_encodings (void)
{
  check_against_python ("latin1.py", TRUE);
  check_against_python ("unicode_names.py", TRUE);
}

static void
test_qualified_ambiguous (void)
{
  check_against_python ("ambiguous.py", FALSE);
}

/* Stack profiles record the line being run: every line of every def must lead back to it. */
static void
check_executing_lines (const char *name)
{
  g_autofree char *file = names_data (name);
  g_autofree char *profile_path = names_data_profile_path ();
  g_autoptr (GArray) objects = python_code_objects (file, TRUE);
  g_autoptr (HearthProfile) p = NULL;
  g_autoptr (HearthNames) names = NULL;
  g_autoptr (GPtrArray) want = g_ptr_array_new ();
  g_autoptr (GArray) exact = g_array_new (FALSE, FALSE, sizeof (gboolean));
  guint n_checked = 0;

  if (objects == NULL)
    return;
  p = _hearth_profile_new (HEARTH_FORMAT_FOLDED, HEARTH_KIND_SAMPLED, HEARTH_UNIT_SAMPLES);
  for (guint i = 0; i < objects->len; i++)
    {
      CodeObject *c = &g_array_index (objects, CodeObject, i);

      for (guint k = 0; c->lines != NULL && k < c->lines->len; k++)
        {
          guint line = g_array_index (c->lines, guint, k);
          g_autofree char *frame = g_strdup_printf ("%s (%s:%u)", c->name, file, line);
          guint f = _hearth_profile_intern_frame (p, frame, file, line, c->name);
          gboolean is_def = c->name[0] != '<';

          _hearth_profile_add_stack (p, &f, 1, 1);
          if (f >= want->len)
            {
              g_ptr_array_set_size (want, f + 1);
              g_array_set_size (exact, f + 1);
            }
          g_ptr_array_index (want, f) = c->qualname;
          g_array_index (exact, gboolean, f) = is_def;
        }
    }
  _hearth_profile_set_path (p, profile_path);
  _hearth_profile_finish (p);
  names = hearth_names_new (p, NULL, TRUE);

  for (guint f = 0; f < hearth_profile_get_n_functions (p); f++)
    {
      const HearthFunction *fn = hearth_profile_get_function (p, f);
      const char *got = hearth_names_get_qualified (names, f);
      const char *w = g_ptr_array_index (want, f);

      g_test_message ("%s: want %s, got %s", fn->frame, w, got);
      if (g_array_index (exact, gboolean, f))
        g_assert_cmpstr (got, ==, w);
      else if (strcmp (got, w) != 0)
        g_assert_cmpstr (got, ==, fn->name);
      n_checked++;
    }
  g_assert_cmpuint (n_checked, >, 10);
}

static void
test_qualified_executing (void)
{
  check_executing_lines ("classes.py");
  check_executing_lines ("tabs.py");
}

/* ------------------------------------------------------------------------------------------ */
/* Qualified names: files Python cannot compile, stale files, where files are looked up */

typedef struct
{
  gint64      line;
  const char *name;
  const char *qualified;
  gboolean    from_source;
} QualCase;

static void
check_cases (const char     *file,
             const char     *profile_path,
             const QualCase *cases,
             guint           n_cases)
{
  g_autoptr (HearthProfile) p = new_pstats ();
  g_autoptr (HearthNames) names = NULL;
  g_autofree guint *index = g_new (guint, n_cases);

  for (guint i = 0; i < n_cases; i++)
    index[i] = add_function (p, file, cases[i].line, cases[i].name, 1.0);
  if (profile_path != NULL)
    _hearth_profile_set_path (p, profile_path);
  _hearth_profile_finish (p);
  names = hearth_names_new (p, NULL, TRUE);
  for (guint i = 0; i < n_cases; i++)
    {
      const char *got = hearth_names_get_qualified (names, index[i]);

      g_test_message ("%s:%" G_GINT64_FORMAT " %s -> %s", file, cases[i].line, cases[i].name,
                      got);
      g_assert_cmpstr (got, ==, cases[i].qualified);
      g_assert_cmpint (hearth_names_is_from_source (names, index[i]), ==, cases[i].from_source);
    }
}

static void
test_qualified_syntax_error (void)
{
  g_autofree char *file = names_data ("syntax_error.py");
  static const QualCase cases[] = {
    { 1, "Before", "Before", TRUE },
    { 2, "ok", "Before.ok", TRUE },
    { 6, "broken", "broken", TRUE },
    { 10, "After", "After", TRUE },
    { 11, "still_found", "After.still_found", TRUE },
    /* an unclosed bracket swallows the rest of the file: nothing found, nothing wrong */
    { 15, "unclosed", "unclosed", FALSE },
    { 19, "lost", "lost", FALSE },
  };

  check_cases (file, NULL, cases, G_N_ELEMENTS (cases));
}

static void
test_qualified_non_utf8 (void)
{
  g_autofree char *file = names_data ("nonutf8.py");
  static const QualCase cases[] = {
    { 2, "Good", "Good", TRUE },
    { 3, "fine", "Good.fine", TRUE },
    /* the class name is not UTF-8: its method keeps the bare name */
    { 7, "method", "method", FALSE },
    { 10, "last", "last", TRUE },
  };

  check_cases (file, NULL, cases, G_N_ELEMENTS (cases));
}

static void
test_qualified_python2 (void)
{
  g_autofree char *file = names_data ("py2.py");
  static const QualCase cases[] = {
    { 3, "show", "Old.show", TRUE },
    { 7, "__nonzero__", "Old.__nonzero__", TRUE },
    { 12, "top", "top", TRUE },
  };

  check_cases (file, NULL, cases, G_N_ELEMENTS (cases));
}

static void
test_qualified_stale (void)
{
  g_autofree char *file = names_data ("ambiguous.py");
  static const QualCase cases[] = {
    { 19, "renamed", "Stale.renamed", TRUE },
    /* the def at the line has another name now */
    { 19, "old_name", "old_name", FALSE },
    /* cProfile lines are def lines: a body line is not looked into */
    { 20, "renamed", "renamed", FALSE },
    { 2000, "renamed", "renamed", FALSE },
    { 0, "renamed", "renamed", FALSE },
    { -5, "renamed", "renamed", FALSE },
    /* no such construct on that line */
    { 19, "<lambda>", "<lambda>", FALSE },
    { 10, "<listcomp>", "<listcomp>", FALSE },
    /* names with a dot are already qualified */
    { 19, "Other.renamed", "Other.renamed", FALSE },
  };

  check_cases (file, NULL, cases, G_N_ELEMENTS (cases));
}

/* Sources are found as recorded, next to the profile, or by base name next to it. */
static void
test_qualified_lookup (void)
{
  g_autofree char *profile_path = names_data_profile_path ();
  static const QualCase relative[] = {
    { 2, "crlf", "Windows.crlf", TRUE },
  };
  static const QualCase unread[] = {
    { 2, "crlf", "crlf", FALSE },
  };

  check_cases ("crlf.py", profile_path, relative, 1);
  check_cases ("/home/dev/elsewhere/crlf.py", profile_path, relative, 1);
  check_cases ("C:\\Users\\dev\\proj\\crlf.py", profile_path, relative, 1);
  check_cases ("crlf.py", NULL, unread, 1);
  check_cases ("/nonexistent/crlf.py", "/also/nonexistent/p.prof", unread, 1);
}

static void
test_qualified_pseudo_files (void)
{
  static const QualCase cases[] = {
    { 1, "run", "run", FALSE },
  };
  g_autofree char *profile_path = names_data_profile_path ();

  check_cases ("~", profile_path, cases, 1);
  check_cases ("<string>", profile_path, cases, 1);
  check_cases ("<frozen classes.py>", profile_path, cases, 1);
  check_cases ("", profile_path, cases, 1);
}

/* Folders, pipes and missing files are skipped without blocking or failing. */
static void
test_qualified_unreadable (void)
{
  g_autofree char *dir = g_dir_make_tmp ("hearth-names-XXXXXX", NULL);
  g_autofree char *sub = g_build_filename (dir, "folder.py", NULL);
  g_autofree char *fifo = g_build_filename (dir, "pipe.py", NULL);
  g_autofree char *big = g_build_filename (dir, "big.py", NULL);
  g_autofree char *profile_path = g_build_filename (dir, "p.prof", NULL);
  static const QualCase cases[] = {
    { 1, "f", "f", FALSE },
  };
  FILE *out;

  g_assert_nonnull (dir);
  g_assert_cmpint (g_mkdir (sub, 0700), ==, 0);
  g_assert_cmpint (mkfifo (fifo, 0600), ==, 0);
  out = fopen (big, "w");
  g_assert_nonnull (out);
  fputs ("class Big:\n    def f(self):\n        pass\n", out);
  g_assert_cmpint (fseek (out, 9 << 20, SEEK_SET), ==, 0);
  fputs ("# end\n", out);
  fclose (out);

  check_cases (sub, profile_path, cases, 1);
  check_cases (fifo, profile_path, cases, 1);
  check_cases ("pipe.py", profile_path, cases, 1);
  {
    static const QualCase big_cases[] = {
      { 2, "f", "f", FALSE },
    };

    check_cases (big, profile_path, big_cases, 1);
  }

  g_remove (big);
  g_remove (fifo);
  g_rmdir (sub);
  g_rmdir (dir);
}

/* Already qualified names from the 3.15 sampler and sources switched off. */
static void
test_qualified_options (void)
{
  g_autofree char *file = names_data ("classes.py");
  g_autoptr (HearthProfile) p = _hearth_profile_new (HEARTH_FORMAT_PSTATS, HEARTH_KIND_SAMPLED,
                                                     HEARTH_UNIT_SECONDS);
  g_autoptr (HearthNames) on = NULL;
  g_autoptr (HearthNames) off = NULL;
  guint area, run, body;

  area = add_function (p, file, 154, "Rect.area", 1.0);
  run = add_function (p, file, 26, "run", 1.0);
  /* sampled pstats record the line being run */
  body = add_function (p, file, 28, "step", 1.0);
  _hearth_profile_finish (p);

  on = hearth_names_new (p, NULL, TRUE);
  g_assert_cmpstr (hearth_names_get_qualified (on, area), ==, "Rect.area");
  g_assert_false (hearth_names_is_from_source (on, area));
  g_assert_cmpstr (hearth_names_get_qualified (on, run), ==, "Event.run");
  g_assert_cmpstr (hearth_names_get_qualified (on, body), ==, "Event.run.<locals>.step");
  g_assert_cmpuint (hearth_names_get_n_files_read (on), ==, 1);

  off = hearth_names_new (p, NULL, FALSE);
  g_assert_cmpstr (hearth_names_get_qualified (off, run), ==, "run");
  g_assert_cmpuint (hearth_names_get_n_files_read (off), ==, 0);
}

/* The source text is hostile: deep nesting and long names must not hurt. */
static void
test_qualified_hostile (void)
{
  g_autofree char *dir = g_dir_make_tmp ("hearth-names-XXXXXX", NULL);
  g_autofree char *deep = g_build_filename (dir, "deep.py", NULL);
  g_autofree char *brackets = g_build_filename (dir, "brackets.py", NULL);
  g_autofree char *longname = g_build_filename (dir, "long.py", NULL);
  g_autoptr (GString) text = g_string_new (NULL);
  g_autofree char *name = g_strnfill (5000, 'n');
  static const QualCase deep_cases[] = {
    { 1, "f", "f", FALSE },
  };
  static const QualCase bracket_cases[] = {
    { 1, "g", "g", FALSE },
  };

  for (guint i = 0; i < 300; i++)
    {
      for (guint k = 0; k < i; k++)
        g_string_append_c (text, ' ');
      g_string_append (text, i == 0 ? "def f():\n" : "def f():\n");
    }
  g_assert_true (g_file_set_contents (deep, text->str, text->len, NULL));
  check_cases (deep, NULL, deep_cases, 1);

  g_string_assign (text, "def g():\n    x = ");
  for (guint i = 0; i < 10000; i++)
    g_string_append_c (text, "([{"[i % 3]);
  g_assert_true (g_file_set_contents (brackets, text->str, text->len, NULL));
  check_cases (brackets, NULL, bracket_cases, 1);

  g_string_printf (text, "class %s:\n    def m(self):\n        pass\n", name);
  g_assert_true (g_file_set_contents (longname, text->str, text->len, NULL));
  {
    QualCase long_cases[] = {
      { 1, name, name, FALSE },
      { 2, "m", "m", FALSE },
    };

    check_cases (longname, NULL, long_cases, 2);
  }

  g_remove (deep);
  g_remove (brackets);
  g_remove (longname);
  g_rmdir (dir);
}

int
main (int   argc,
      char *argv[])
{
  g_test_init (&argc, &argv, NULL);

  g_test_add_func ("/names/qualified/classes", test_qualified_classes);
  g_test_add_func ("/names/qualified/tabs", test_qualified_tabs);
  g_test_add_func ("/names/qualified/line-breaks", test_qualified_line_breaks);
  g_test_add_func ("/names/qualified/encodings", test_qualified_encodings);
  g_test_add_func ("/names/qualified/ambiguous", test_qualified_ambiguous);
  g_test_add_func ("/names/qualified/executing", test_qualified_executing);
  g_test_add_func ("/names/qualified/syntax-error", test_qualified_syntax_error);
  g_test_add_func ("/names/qualified/non-utf8", test_qualified_non_utf8);
  g_test_add_func ("/names/qualified/python2", test_qualified_python2);
  g_test_add_func ("/names/qualified/stale", test_qualified_stale);
  g_test_add_func ("/names/qualified/lookup", test_qualified_lookup);
  g_test_add_func ("/names/qualified/pseudo-files", test_qualified_pseudo_files);
  g_test_add_func ("/names/qualified/unreadable", test_qualified_unreadable);
  g_test_add_func ("/names/qualified/options", test_qualified_options);
  g_test_add_func ("/names/qualified/hostile", test_qualified_hostile);

  return g_test_run ();
}
