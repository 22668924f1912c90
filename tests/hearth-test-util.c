/* hearth-test-util.c
 *
 * Copyright 2026 The Hearth authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "hearth-test-util.h"

#include <glib/gstdio.h>
#include <math.h>
#include <stdio.h>
#include <string.h>

#include "hearth-profile-private.h"
#include "hearth-report.h"

char *
hearth_test_data_path (const char *name)
{
  return g_test_build_filename (G_TEST_DIST, "data", name, NULL);
}

gboolean
hearth_test_have_python (void)
{
  g_autofree char *python = g_find_program_in_path ("python3");

  return python != NULL;
}

/* JSON text as Python's json.dumps writes it ------------------------------------------------- */

/* one character, ASCII only: the rest as \u escapes (surrogate pairs above the BMP) */
void
hearth_test_append_json_char (GString  *out,
                              gunichar  c)
{
  switch (c)
    {
    case '"': g_string_append (out, "\\\""); break;
    case '\\': g_string_append (out, "\\\\"); break;
    case '\n': g_string_append (out, "\\n"); break;
    case '\r': g_string_append (out, "\\r"); break;
    case '\t': g_string_append (out, "\\t"); break;
    case '\b': g_string_append (out, "\\b"); break;
    case '\f': g_string_append (out, "\\f"); break;
    default:
      if (c < 0x20 || (c > 0x7e && c < 0x10000))
        g_string_append_printf (out, "\\u%04x", c);
      else if (c >= 0x10000)
        g_string_append_printf (out, "\\u%04x\\u%04x", 0xd800 + ((c - 0x10000) >> 10),
                                0xdc00 + ((c - 0x10000) & 0x3ff));
      else
        g_string_append_c (out, (char) c);
      break;
    }
}

/* a string, quoted */
void
hearth_test_append_json (GString    *out,
                         const char *utf8)
{
  g_string_append_c (out, '"');
  for (const char *p = utf8; *p != '\0'; p = g_utf8_next_char (p))
    hearth_test_append_json_char (out, g_utf8_get_char (p));
  g_string_append_c (out, '"');
}

/* a float as repr () writes it closely enough for the dumps: 17 digits, "nan" */
void
hearth_test_append_double (GString *out,
                           double   v)
{
  char buffer[G_ASCII_DTOSTR_BUF_SIZE];

  if (isnan (v))
    g_string_append (out, "nan");
  else
    g_string_append (out, g_ascii_formatd (buffer, sizeof buffer, "%.17g", v));
}

/* Profiles ------------------------------------------------------------------------------------ */

/* the function of a frame; fails the test when there is none */
const HearthFunction *
hearth_test_find_frame (HearthProfile *profile,
                        const char    *frame)
{
  for (guint i = 0; i < hearth_profile_get_n_functions (profile); i++)
    {
      const HearthFunction *f = hearth_profile_get_function (profile, i);

      if (g_strcmp0 (f->frame, frame) == 0)
        return f;
    }
  g_test_message ("no frame \"%s\"", frame);
  g_assert_not_reached ();
  return NULL;
}

/* whether some function is the frame @frame (hearth_test_find_frame () insists that one is) */
gboolean
hearth_test_has_frame (HearthProfile *profile,
                       const char    *frame)
{
  for (guint i = 0; i < hearth_profile_get_n_functions (profile); i++)
    if (g_strcmp0 (hearth_profile_get_function (profile, i)->frame, frame) == 0)
      return TRUE;
  return FALSE;
}

/* a file of tests/data loaded; fails the test when it cannot be */
HearthProfile *
hearth_test_load_data (const char *name)
{
  g_autofree char *path = hearth_test_data_path (name);
  g_autoptr (GError) error = NULL;
  HearthProfile *profile = hearth_profile_load_path (path, &error);

  g_assert_no_error (error);
  return profile;
}

/* whether a warning contains @text; if none does, the warnings go to the test log */
gboolean
hearth_test_has_warning (HearthProfile *profile,
                         const char    *text)
{
  const char * const *w = hearth_profile_get_warnings (profile);

  for (guint i = 0; w != NULL && w[i] != NULL; i++)
    if (strstr (w[i], text) != NULL)
      return TRUE;
  for (guint i = 0; w != NULL && w[i] != NULL; i++)
    g_test_message ("warning: %s", w[i]);
  return FALSE;
}

guint
hearth_test_n_warnings (HearthProfile *profile)
{
  const char * const *w = hearth_profile_get_warnings (profile);

  return w != NULL ? g_strv_length ((char **) w) : 0;
}

/* a function's key: file, line, name */
void
hearth_test_assert_function (const HearthFunction *f,
                             const char           *file,
                             gint64                line,
                             const char           *name)
{
  g_assert_cmpstr (f->file, ==, file);
  g_assert_cmpint (f->line, ==, line);
  g_assert_cmpstr (f->name, ==, name);
}

/* Hand-built profiles and trees ------------------------------------------------------------- */

HearthProfile *
hearth_test_new_pstats (void)
{
  return _hearth_profile_new (HEARTH_FORMAT_PSTATS, HEARTH_KIND_DETERMINISTIC,
                              HEARTH_UNIT_SECONDS);
}

/* a function called once, with @cum seconds of cumulative time */
guint
hearth_test_fn_in (HearthProfile *p,
                   const char    *file,
                   gint64         line,
                   const char    *name,
                   double         cum)
{
  guint f = _hearth_profile_intern_function (p, file, line, name);

  _hearth_profile_set_numbers (p, f, 1, 1, 0.0, cum);
  return f;
}

/* one call from @caller to @callee */
void
hearth_test_edge (HearthProfile *p,
                  guint          caller,
                  guint          callee,
                  double         cum)
{
  _hearth_profile_set_edge (p, caller, callee, 1, 1, 0.0, cum);
}

HearthCallTree *
hearth_test_tree_of (HearthProfile *profile,
                     double         cutoff)
{
  HearthCallTreeOptions options = HEARTH_CALL_TREE_OPTIONS_INIT;
  g_autoptr (GError) error = NULL;
  HearthCallTree *tree;

  options.cutoff = cutoff;
  tree = hearth_call_tree_new (profile, &options, &error);
  g_assert_no_error (error);
  g_assert_nonnull (tree);
  return tree;
}

/* the bars as `hearth --print bars` prints them */
char *
hearth_test_bars (HearthCallTree *tree)
{
  GString *out = g_string_new (NULL);

  hearth_report_bars (out, tree);
  return g_string_free (out, FALSE);
}

void
hearth_test_write_repeated (const char *path,
                            GString    *block,
                            guint64     size)
{
  FILE *out = fopen (path, "wb");
  guint64 written = 0;

  g_assert_nonnull (out);
  while (written < size)
    {
      gsize n = (gsize) MIN ((guint64) block->len, size - written);

      g_assert_cmpuint (fwrite (block->str, 1, n, out), ==, n);
      written += n;
    }
  g_assert_cmpint (fclose (out), ==, 0);
}

void
hearth_test_write_big_folded (const char *path,
                              guint64     size)
{
  g_autoptr (GString) block = g_string_new (NULL);

  for (guint i = 0; i < 20000; i++)
    g_string_append_printf (block, "main;pkg.mod_%u.run;pkg.work_%u;leaf_%u %u\n",
                            i % 97, i % 1009, i, 1 + i % 7);
  hearth_test_write_repeated (path, block, size);
}

/* DESIGN.md's helper run(task) called from two places: prepare() calls it three times for
 * 3 s, analyze() once for 1 s; it calls load and smooth for 2 s each. load is also called
 * from init, and analyze also from cli:
 *
 *   main (10) -> prepare 3, analyze 2, init 5    cli (1) -> analyze 1
 *   prepare (3) -> run 3      analyze (3) -> run 1      init (5) -> load 2
 *   run (4) -> load 2, smooth 2                         load (4) -> read 2
 */
HearthProfile *
hearth_test_helper_profile (guint *run_out,
                            guint *main_out)
{
  HearthProfile *p = hearth_test_new_pstats ();
  guint m = hearth_test_fn_in (p, "app.py", 1, "main", 10), pr = hearth_test_fn_in (p, "app.py", 2, "prepare", 3), an = hearth_test_fn_in (p, "app.py", 3, "analyze", 3);
  guint run = hearth_test_fn_in (p, "app.py", 4, "run", 4), load = hearth_test_fn_in (p, "app.py", 5, "load", 4), smooth = hearth_test_fn_in (p, "app.py", 6, "smooth", 2);
  guint cli = hearth_test_fn_in (p, "app.py", 7, "cli", 1), init = hearth_test_fn_in (p, "app.py", 8, "init", 5), read = hearth_test_fn_in (p, "app.py", 9, "read", 2);

  _hearth_profile_set_numbers (p, run, 4, 4, 0.0, 4);
  hearth_test_edge (p, m, pr, 3);
  hearth_test_edge (p, m, an, 2);
  hearth_test_edge (p, m, init, 5);
  hearth_test_edge (p, cli, an, 1);
  _hearth_profile_set_edge (p, pr, run, 3, 3, 0.0, 3);
  hearth_test_edge (p, an, run, 1);
  hearth_test_edge (p, init, load, 2);
  hearth_test_edge (p, run, load, 2);
  hearth_test_edge (p, run, smooth, 2);
  hearth_test_edge (p, load, read, 2);
  _hearth_profile_finish (p);
  *run_out = run;
  *main_out = m;
  return p;
}

/* @text read as a folded file named @path (its name kept as the profile's path). */
HearthProfile *
hearth_test_load_folded (const char *path,
                         const char *text)
{
  g_autoptr (GBytes) bytes = g_bytes_new (text, strlen (text));
  g_autoptr (GError) error = NULL;
  HearthProfile *p = hearth_profile_load_bytes (bytes, path, &error);

  g_assert_no_error (error);
  _hearth_profile_set_path (p, path);
  return p;
}

/* The first bar in walk order of the function named @name. */
guint
hearth_test_node_named (HearthCallTree *tree,
                        const char     *name)
{
  HearthProfile *p = hearth_call_tree_get_profile (tree);

  for (guint i = 0; i < hearth_call_tree_get_n_nodes (tree); i++)
    {
      guint f = hearth_call_tree_get_node (tree, i)->function;

      if (f < hearth_profile_get_n_functions (p) &&
          g_strcmp0 (hearth_profile_get_function (p, f)->name, name) == 0)
        return i;
    }
  g_assert_not_reached ();
}

/**
 * hearth_test_remove_tree:
 * @path: a folder a test made
 *
 * Removes @path and everything under it (a link is removed, not followed).
 */
void
hearth_test_remove_tree (const char *path)
{
  g_autoptr (GDir) dir = g_dir_open (path, 0, NULL);
  const char *name;

  while (dir != NULL && (name = g_dir_read_name (dir)) != NULL)
    {
      g_autofree char *child = g_build_filename (path, name, NULL);

      if (g_file_test (child, G_FILE_TEST_IS_DIR) && !g_file_test (child, G_FILE_TEST_IS_SYMLINK))
        hearth_test_remove_tree (child);
      else
        g_unlink (child);
    }
  g_rmdir (path);
}
