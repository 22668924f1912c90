/* test-export.c: PNG, SVG and PDF exports open in real readers; writes are atomic.
 *
 * Copyright 2026 The Hearth authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "hearth-export.h"
#include "hearth-profile-private.h"
#include "hearth-test-util.h"

#include <glib/gstdio.h>
#include <pango/pangocairo.h>
#include <string.h>

typedef struct
{
  char           *dir;
  HearthCallTree *before;
  HearthNames    *before_names;
  HearthCallTree *after;
  HearthNames    *after_names;
} Fixture;

static HearthCallTree *
load_example (const char   *name,
              HearthNames **names)
{
  g_autofree char *path = g_test_build_filename (G_TEST_DIST, "..", "data", "examples", name,
                                                 NULL);
  HearthCallTreeOptions options = HEARTH_CALL_TREE_OPTIONS_INIT;
  g_autoptr (GError) error = NULL;
  g_autoptr (HearthProfile) profile = hearth_profile_load_path (path, &error);
  HearthCallTree *tree;

  g_assert_no_error (error);
  tree = hearth_call_tree_new (profile, &options, &error);
  g_assert_no_error (error);
  *names = hearth_names_new (profile, NULL, FALSE);
  return tree;
}

static void
fixture_set_up (Fixture       *fx,
                gconstpointer  data)
{
  g_autoptr (GError) error = NULL;

  fx->dir = g_dir_make_tmp ("hearth-export-XXXXXX", &error);
  g_assert_no_error (error);
  fx->before = load_example ("before.prof", &fx->before_names);
  fx->after = load_example ("after.prof", &fx->after_names);
}

static void
fixture_tear_down (Fixture       *fx,
                   gconstpointer  data)
{
  hearth_test_remove_tree (fx->dir);
  g_free (fx->dir);
  g_clear_object (&fx->before);
  g_clear_object (&fx->before_names);
  g_clear_object (&fx->after);
  g_clear_object (&fx->after_names);
}

static char *
out_path (Fixture    *fx,
          const char *name)
{
  return g_build_filename (fx->dir, name, NULL);
}

static guint
count_files (const char *path)
{
  g_autoptr (GDir) dir = g_dir_open (path, 0, NULL);
  guint n = 0;

  while (dir != NULL && g_dir_read_name (dir) != NULL)
    n++;
  return n;
}

static gboolean
have (const char *program)
{
  g_autofree char *path = g_find_program_in_path (program);

  return path != NULL;
}

/* runs a program; its exit status must be 0 */
static void
run (const char * const *argv)
{
  g_autoptr (GError) error = NULL;
  g_autofree char *out = NULL;
  g_autofree char *err = NULL;
  int status = 0;

  g_spawn_sync (NULL, (char **) argv, NULL, G_SPAWN_SEARCH_PATH, NULL, NULL, &out, &err, &status,
                &error);
  g_assert_no_error (error);
  if (!g_spawn_check_wait_status (status, NULL))
    g_error ("%s failed: %s%s", argv[0], out, err);
}

static void
assert_png (const char *path,
            int         width,
            int         min_height)
{
  cairo_surface_t *surface = cairo_image_surface_create_from_png (path);

  g_assert_cmpint (cairo_surface_status (surface), ==, CAIRO_STATUS_SUCCESS);
  if (width > 0)
    g_assert_cmpint (cairo_image_surface_get_width (surface), ==, width);
  g_assert_cmpint (cairo_image_surface_get_height (surface), >=, min_height);
  cairo_surface_destroy (surface);
}

static void
test_png (Fixture       *fx,
          gconstpointer  data)
{
  g_autofree char *path = out_path (fx, "before.png");
  g_autofree char *compare = out_path (fx, "compare.png");
  HearthExportOptions options = HEARTH_EXPORT_OPTIONS_INIT;
  g_autoptr (GError) error = NULL;

  g_assert_true (hearth_export_to_file (path, fx->before, fx->before_names, NULL, NULL, &options,
                                        &error));
  g_assert_no_error (error);
  assert_png (path, 1200, 100);

  options.width = 777;
  options.icicle = TRUE;
  options.dark = TRUE;
  options.title = "A title with <markup> & “quotes”";
  g_assert_true (hearth_export_to_file (compare, fx->before, fx->before_names, fx->after,
                                        fx->after_names, &options, &error));
  g_assert_no_error (error);
  assert_png (compare, 777, 150);
  /* only the two outputs: no temporary file left behind */
  g_assert_cmpuint (count_files (fx->dir), ==, 2);
}

typedef struct
{
  guint  titles;
  guint  rects;
  guint  texts;
  guint  depth;
  gboolean in_title;
  GString *title_text;
} SvgCount;

static void
svg_start (GMarkupParseContext  *context,
           const char           *element,
           const char          **names,
           const char          **values,
           gpointer              user_data,
           GError              **error)
{
  SvgCount *count = user_data;

  if (strcmp (element, "title") == 0)
    {
      count->titles++;
      count->in_title = TRUE;
    }
  else if (strcmp (element, "rect") == 0)
    count->rects++;
  else if (strcmp (element, "text") == 0)
    count->texts++;
}

static void
svg_end (GMarkupParseContext  *context,
         const char           *element,
         gpointer              user_data,
         GError              **error)
{
  SvgCount *count = user_data;

  if (strcmp (element, "title") == 0)
    {
      count->in_title = FALSE;
      g_string_append_c (count->title_text, '|');
    }
}

static void
svg_text (GMarkupParseContext  *context,
          const char           *text,
          gsize                 len,
          gpointer              user_data,
          GError              **error)
{
  SvgCount *count = user_data;

  if (count->in_title)
    g_string_append_len (count->title_text, text, len);
}

static SvgCount
parse_svg (const char *path)
{
  static const GMarkupParser parser = { svg_start, svg_end, svg_text, NULL, NULL };
  g_autofree char *contents = NULL;
  gsize length = 0;
  g_autoptr (GError) error = NULL;
  SvgCount count = { 0 };
  GMarkupParseContext *context;

  g_assert_true (g_file_get_contents (path, &contents, &length, &error));
  g_assert_true (g_str_has_prefix (contents, "<?xml"));
  count.title_text = g_string_new (NULL);
  context = g_markup_parse_context_new (&parser, 0, &count, NULL);
  g_markup_parse_context_parse (context, contents, length, &error);
  g_assert_no_error (error);
  g_markup_parse_context_end_parse (context, &error);
  g_assert_no_error (error);
  g_markup_parse_context_free (context);
  return count;
}

static void
check_svg_readers (Fixture    *fx,
                   const char *path)
{
  if (have ("xmllint"))
    {
      const char *argv[] = { "xmllint", "--noout", path, NULL };

      run (argv);
    }
  else
    g_test_message ("xmllint is not installed: not run");

  if (have ("rsvg-convert"))
    {
      g_autofree char *png = out_path (fx, "from-svg.png");
      const char *argv[] = { "rsvg-convert", "-o", png, path, NULL };

      run (argv);
      assert_png (png, 1200, 100);
      g_unlink (png);
    }
  else
    g_test_message ("rsvg-convert is not installed: not run");
}

static void
test_svg (Fixture       *fx,
          gconstpointer  data)
{
  g_autofree char *path = out_path (fx, "before.svg");
  g_autofree char *compare = out_path (fx, "compare.svg");
  g_autoptr (GError) error = NULL;
  SvgCount count;

  g_assert_true (hearth_export_to_file (path, fx->before, fx->before_names, NULL, NULL, NULL,
                                        &error));
  g_assert_no_error (error);
  count = parse_svg (path);
  /* a hover text per bar with its full name, time and share */
  g_assert_cmpuint (count.titles, >=, hearth_call_tree_get_n_nodes (fx->before));
  g_assert_nonnull (strstr (count.title_text->str, "walker_msd"));
  g_assert_nonnull (strstr (count.title_text->str, "% of the run"));
  g_assert_nonnull (strstr (count.title_text->str, "100.0% of the run"));
  g_assert_cmpuint (count.texts, >, 5);
  g_string_free (count.title_text, TRUE);
  check_svg_readers (fx, path);

  g_assert_true (hearth_export_to_file (compare, fx->before, fx->before_names, fx->after,
                                        fx->after_names, NULL, &error));
  g_assert_no_error (error);
  count = parse_svg (compare);
  g_assert_nonnull (strstr (count.title_text->str, "first run"));
  g_string_free (count.title_text, TRUE);
  check_svg_readers (fx, compare);
}

/* Names from a hostile file are text, never markup. */
static void
test_svg_hostile_names (Fixture       *fx,
                        gconstpointer  data)
{
  g_autoptr (HearthProfile) p = _hearth_profile_new (HEARTH_FORMAT_PSTATS,
                                                     HEARTH_KIND_DETERMINISTIC,
                                                     HEARTH_UNIT_SECONDS);
  guint a = _hearth_profile_intern_function (p, "<evil>.py", 1, "</title><script>x</script>");
  guint b = _hearth_profile_intern_function (p, "a&b.py", 2, "ctl\x01\x1f\x7f\"'&amp;]]>");
  g_autoptr (HearthCallTree) tree = NULL;
  g_autoptr (HearthNames) names = NULL;
  HearthCallTreeOptions options = HEARTH_CALL_TREE_OPTIONS_INIT;
  HearthExportOptions export = HEARTH_EXPORT_OPTIONS_INIT;
  g_autofree char *path = out_path (fx, "hostile.svg");
  g_autoptr (GError) error = NULL;
  SvgCount count;

  _hearth_profile_set_numbers (p, a, 1, 1, 0, 10);
  _hearth_profile_set_numbers (p, b, 1, 1, 0, 8);
  _hearth_profile_set_edge (p, a, b, 1, 1, 0, 8);
  _hearth_profile_finish (p);
  options.root = (gint) a;
  tree = hearth_call_tree_new (p, &options, &error);
  g_assert_no_error (error);
  names = hearth_names_new (p, NULL, FALSE);
  export.title = "<svg onload=\"alert(1)\">";
  g_assert_true (hearth_export_to_file (path, tree, names, NULL, NULL, &export, &error));
  g_assert_no_error (error);
  count = parse_svg (path);
  g_assert_nonnull (strstr (count.title_text->str, "</title><script>"));
  g_assert_cmpuint (count.titles, >=, 3);
  g_string_free (count.title_text, TRUE);
  if (have ("xmllint"))
    {
      const char *argv[] = { "xmllint", "--noout", path, NULL };

      run (argv);
    }
}

static void
test_pdf (Fixture       *fx,
          gconstpointer  data)
{
  g_autofree char *path = out_path (fx, "compare.pdf");
  g_autofree char *contents = NULL;
  g_autoptr (GError) error = NULL;
  gsize length = 0;

  g_assert_true (hearth_export_to_file (path, fx->before, fx->before_names, fx->after,
                                        fx->after_names, NULL, &error));
  g_assert_no_error (error);
  g_assert_true (g_file_get_contents (path, &contents, &length, NULL));
  g_assert_true (g_str_has_prefix (contents, "%PDF-"));
  g_assert_nonnull (memmem (contents, length, "%%EOF", 5));

  if (have ("pdftoppm"))
    {
      g_autofree char *prefix = out_path (fx, "page");
      g_autofree char *png = out_path (fx, "page.png");
      const char *argv[] = { "pdftoppm", "-png", "-r", "72", "-singlefile", path, prefix, NULL };

      run (argv);
      /* one point per pixel: 1200 pixels wide at 72 dpi */
      assert_png (png, 1200, 150);
    }
  else
    g_test_message ("pdftoppm is not installed: not run");
}

static void
test_bad_extension (Fixture       *fx,
                    gconstpointer  data)
{
  const char *names[] = { "graph.xyz", "graph" };

  for (guint i = 0; i < G_N_ELEMENTS (names); i++)
    {
      g_autofree char *path = out_path (fx, names[i]);
      g_autoptr (GError) error = NULL;

      g_assert_false (hearth_export_to_file (path, fx->before, fx->before_names, NULL, NULL, NULL,
                                             &error));
      g_assert_error (error, G_IO_ERROR, G_IO_ERROR_NOT_SUPPORTED);
      g_test_message ("%s", error->message);
      g_assert_true (g_str_has_prefix (error->message, path));
      g_assert_null (strchr (error->message, '\n'));
      if (i == 0)
        g_assert_nonnull (strstr (error->message, ".xyz"));
      g_assert_false (g_file_test (path, G_FILE_TEST_EXISTS));
    }
  g_assert_cmpuint (count_files (fx->dir), ==, 0);
  g_assert_cmpint (hearth_export_format_for_path ("a.PNG"), ==, HEARTH_EXPORT_PNG);
  g_assert_cmpint (hearth_export_format_for_path ("dir.svg/a"), ==, HEARTH_EXPORT_UNKNOWN);
}

static void
test_bad_width (Fixture       *fx,
                gconstpointer  data)
{
  g_autofree char *path = out_path (fx, "narrow.png");
  HearthExportOptions options = HEARTH_EXPORT_OPTIONS_INIT;
  g_autoptr (GError) error = NULL;

  options.width = 20;
  g_assert_false (hearth_export_to_file (path, fx->before, fx->before_names, NULL, NULL, &options,
                                         &error));
  g_assert_error (error, G_IO_ERROR, G_IO_ERROR_INVALID_ARGUMENT);
  g_assert_true (g_str_has_prefix (error->message, path));
  g_assert_false (g_file_test (path, G_FILE_TEST_EXISTS));
}

static void
test_unwritable (Fixture       *fx,
                 gconstpointer  data)
{
  g_autofree char *path = g_build_filename (fx->dir, "no", "such", "folder", "out.png", NULL);
  g_autoptr (GError) error = NULL;

  g_assert_false (hearth_export_to_file (path, fx->before, fx->before_names, NULL, NULL, NULL,
                                         &error));
  g_assert_error (error, G_IO_ERROR, G_IO_ERROR_NOT_FOUND);
  g_test_message ("%s", error->message);
  g_assert_true (g_str_has_prefix (error->message, path));
  g_assert_null (strchr (error->message, '\n'));
  g_assert_cmpuint (count_files (fx->dir), ==, 0);
}

/* A failed export leaves an existing file as it was and no partial file. */
static void
test_atomic (Fixture       *fx,
             gconstpointer  data)
{
  g_autofree char *path = out_path (fx, "graph.png");
  g_autofree char *folder = out_path (fx, "graph.svg");
  g_autofree char *contents = NULL;
  g_autoptr (GError) error = NULL;
  g_autoptr (HearthProfile) deep = NULL;
  g_autoptr (HearthCallTree) tree = NULL;
  g_autoptr (GBytes) bytes = NULL;
  HearthCallTreeOptions options = HEARTH_CALL_TREE_OPTIONS_INIT;
  GString *stack = g_string_new ("root");

  g_assert_true (g_file_set_contents (path, "old", -1, NULL));

  /* a graph too tall for a PNG fails while drawing, before the file is touched */
  for (guint i = 0; i < 2000; i++)
    g_string_append_printf (stack, ";f%u", i);
  g_string_append (stack, " 5\n");
  bytes = g_bytes_new_take (stack->str, stack->len);
  g_string_free (stack, FALSE);
  deep = hearth_profile_load_bytes (bytes, "deep.txt", &error);
  g_assert_no_error (error);
  tree = hearth_call_tree_new (deep, &options, &error);
  g_assert_no_error (error);
  g_assert_false (hearth_export_to_file (path, tree, NULL, NULL, NULL, NULL, &error));
  g_test_message ("%s", error->message);
  g_assert_true (g_str_has_prefix (error->message, path));
  g_clear_error (&error);
  g_assert_true (g_file_get_contents (path, &contents, NULL, NULL));
  g_assert_cmpstr (contents, ==, "old");
  g_clear_pointer (&contents, g_free);

  /* the same graph as SVG has no such limit */
  {
    g_autofree char *svg = out_path (fx, "deep.svg");

    g_assert_true (hearth_export_to_file (svg, tree, NULL, NULL, NULL, NULL, &error));
    g_assert_no_error (error);
    g_unlink (svg);
  }

  /* a write that fails at the end (the target is a folder) leaves nothing behind */
  g_assert_cmpint (g_mkdir (folder, 0700), ==, 0);
  g_assert_false (hearth_export_to_file (folder, fx->before, fx->before_names, NULL, NULL, NULL,
                                         &error));
  g_test_message ("%s", error->message);
  g_assert_true (g_str_has_prefix (error->message, folder));
  g_clear_error (&error);
  g_assert_true (g_file_test (folder, G_FILE_TEST_IS_DIR));
  g_assert_cmpuint (count_files (fx->dir), ==, 2);

  /* the rename itself failing (over a non-empty folder) also cleans up */
  {
    g_autofree char *inside = g_build_filename (folder, "keep", NULL);

    g_assert_true (g_file_set_contents (inside, "x", -1, NULL));
    bytes = (g_bytes_unref (bytes), g_bytes_new_static ("new", 3));
    g_assert_false (hearth_export_write_atomically (folder, bytes, &error));
    g_clear_error (&error);
    g_assert_cmpuint (count_files (fx->dir), ==, 2);
    g_assert_cmpuint (count_files (folder), ==, 1);
  }

  /* a successful export replaces the old file */
  g_assert_true (hearth_export_to_file (path, fx->before, fx->before_names, NULL, NULL, NULL,
                                        &error));
  g_assert_no_error (error);
  assert_png (path, 1200, 100);
  g_assert_cmpuint (count_files (fx->dir), ==, 2);
}

int
main (int   argc,
      char *argv[])
{
  g_test_init (&argc, &argv, NULL);

#define ADD(path, func) \
  g_test_add (path, Fixture, NULL, fixture_set_up, func, fixture_tear_down)

  ADD ("/export/png", test_png);
  ADD ("/export/svg", test_svg);
  ADD ("/export/svg-hostile-names", test_svg_hostile_names);
  ADD ("/export/pdf", test_pdf);
  ADD ("/export/bad-extension", test_bad_extension);
  ADD ("/export/bad-width", test_bad_width);
  ADD ("/export/unwritable", test_unwritable);
  ADD ("/export/atomic", test_atomic);

#undef ADD

  return g_test_run ();
}
