/* test-html-export.c: the interactive HTML page is well formed, self-contained, escapes
 * everything from the profile and stays small.
 *
 * Copyright 2026 The Hearth authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "hearth-export.h"
#include "hearth-html-export.h"
#include "hearth-profile-private.h"
#include "hearth-test-util.h"

#include <glib/gstdio.h>
#include <json-glib/json-glib.h>
#include <math.h>
#include <string.h>

#define HOSTILE_NAME "</script><script>alert(1)</script>"
#define HOSTILE_FILE "/tmp/a&b/<c>\"d'/x.py"

/* Helpers ------------------------------------------------------------------------------------ */

static HearthProfile *
load (const char *path)
{
  g_autoptr (GError) error = NULL;
  HearthProfile *profile = hearth_profile_load_path (path, &error);

  g_assert_no_error (error);
  return profile;
}

static HearthProfile *
load_data (const char *name)
{
  g_autofree char *path = hearth_test_data_path (name);

  return load (path);
}

static HearthProfile *
load_example (const char *name)
{
  g_autofree char *path = g_test_build_filename (G_TEST_DIST, "..", "data", "examples", name,
                                                 NULL);

  return load (path);
}

/* the page of one run (or two), through the public export entry point */
static char *
export_page (HearthCallTree            *tree,
             HearthCallTree            *after,
             const HearthExportOptions *options,
             gsize                     *length)
{
  g_autoptr (GError) error = NULL;
  g_autofree char *dir = g_dir_make_tmp ("hearth-html-XXXXXX", &error);
  g_autofree char *path = NULL;
  g_autoptr (HearthNames) names = NULL;
  g_autoptr (HearthNames) after_names = NULL;
  char *contents = NULL;

  g_assert_no_error (error);
  path = g_build_filename (dir, "graph.html", NULL);
  names = hearth_names_new (hearth_call_tree_get_profile (tree), NULL, FALSE);
  if (after != NULL)
    after_names = hearth_names_new (hearth_call_tree_get_profile (after), NULL, FALSE);
  g_assert_true (hearth_export_to_file (path, tree, names, after, after_names, options, &error));
  g_assert_no_error (error);
  g_assert_true (g_file_get_contents (path, &contents, length, &error));
  g_assert_no_error (error);
  g_unlink (path);
  g_rmdir (dir);
  g_assert_true (g_utf8_validate (contents, (gssize) *length, NULL));
  return contents;
}

static guint
count (const char *haystack,
       const char *needle)
{
  guint n = 0;

  for (const char *p = strstr (haystack, needle); p != NULL; p = strstr (p + 1, needle))
    n++;
  return n;
}

/* the text between the first @start after @from and the @end after it */
static char *
between (const char *page,
         const char *start,
         const char *end)
{
  const char *a = strstr (page, start);
  const char *b;

  g_assert_nonnull (a);
  a += strlen (start);
  b = strstr (a, end);
  g_assert_nonnull (b);
  return g_strndup (a, b - a);
}

static void
ignore_element (GMarkupParseContext  *context,
                const char           *element,
                const char          **names,
                const char          **values,
                gpointer              user_data,
                GError              **error)
{
  guint *groups = user_data;

  for (guint i = 0; names[i] != NULL; i++)
    if (strcmp (names[i], "data-n") == 0)
      (*groups)++;
}

/* The inline SVG is well-formed XML; returns the number of bar groups. */
static guint
check_svg (const char *page)
{
  static const GMarkupParser parser = { ignore_element, NULL, NULL, NULL, NULL };
  g_autofree char *inner = between (page, "<svg id=\"graph\"", "</svg>");
  g_autofree char *svg = g_strconcat ("<svg", inner, "</svg>", NULL);
  g_autoptr (GMarkupParseContext) context = NULL;
  g_autoptr (GError) error = NULL;
  guint groups = 0;

  context = g_markup_parse_context_new (&parser, 0, &groups, NULL);
  g_markup_parse_context_parse (context, svg, -1, &error);
  g_assert_no_error (error);
  g_markup_parse_context_end_parse (context, &error);
  g_assert_no_error (error);
  return groups;
}

/* The page's data block parses as JSON; returns its root object (owned by @parser). */
static JsonObject *
check_data (const char *page,
            JsonParser *parser)
{
  g_autofree char *json = between (page, "<script type=\"application/json\" id=\"hearth-data\">",
                                   "</script>");
  g_autoptr (GError) error = NULL;

  /* nothing in the block can end it or open a comment */
  g_assert_null (strchr (json, '<'));
  g_assert_null (strchr (json, '>'));
  g_assert_null (strstr (json, "\xe2\x80\xa8"));
  json_parser_load_from_data (parser, json, -1, &error);
  g_assert_no_error (error);
  return json_node_get_object (json_parser_get_root (parser));
}

/* Nothing that loads from elsewhere, and a content security policy that allows no more than
 * the page's own script, whose hash it names. */
static void
check_self_contained (const char *page)
{
  g_autofree char *script = between (page, "<script>", "</script>");
  g_autofree char *hash = NULL;
  g_autofree char *policy = NULL;
  guint8 digest[32];
  gsize digest_len = sizeof digest;
  g_autoptr (GChecksum) checksum = g_checksum_new (G_CHECKSUM_SHA256);
  const char *p;

  g_assert_true (g_str_has_prefix (page, "<!DOCTYPE html>\n"));
  g_assert_true (g_str_has_suffix (page, "</html>\n"));
  g_assert_cmpuint (count (page, "<script"), ==, 2);
  g_assert_cmpuint (count (page, "</script>"), ==, 2);
  g_assert_null (strstr (page, "https:"));
  g_assert_null (strstr (page, " src="));
  g_assert_null (strstr (page, "href="));
  g_assert_null (strstr (page, "@import"));
  g_assert_null (strstr (page, "@font-face"));
  for (p = strstr (page, "http:"); p != NULL; p = strstr (p + 1, "http:"))
    g_assert_true (g_str_has_prefix (p, "http://www.w3.org/2000/svg"));
  for (p = strstr (page, "url("); p != NULL; p = strstr (p + 1, "url("))
    g_assert_true (g_str_has_prefix (p, "url(#"));

  g_checksum_update (checksum, (const guchar *) script, strlen (script));
  g_checksum_get_digest (checksum, digest, &digest_len);
  hash = g_base64_encode (digest, digest_len);
  policy = between (page, "<meta http-equiv=\"Content-Security-Policy\" content=\"", "\"");
  g_assert_nonnull (strstr (policy, "default-src 'none'"));
  g_assert_nonnull (strstr (policy, hash));
}

static double
member_double (JsonObject *object,
               const char *name)
{
  return json_node_get_double (json_object_get_member (object, name));
}

/* The compact arrays give back every bar of the tree: positions within a quantum, parents,
 * and the number of bars per row. */
static void
check_run (JsonObject     *run,
           HearthCallTree *tree)
{
  JsonArray *rows = json_object_get_array_member (run, "rows");
  JsonArray *g = json_object_get_array_member (run, "g");
  JsonArray *w = json_object_get_array_member (run, "w");
  JsonArray *p = json_object_get_array_member (run, "p");
  JsonArray *f = json_object_get_array_member (run, "f");
  JsonArray *lab = json_object_get_array_member (json_object_get_object_member (run, "fn"),
                                                 "lab");
  double q = member_double (run, "q");
  guint n = hearth_call_tree_get_n_nodes (tree), i = 0;
  g_autofree guint *row_start = NULL;

  g_assert_cmpuint (json_array_get_length (w), ==, n);
  g_assert_cmpuint (json_array_get_length (g), ==, n);
  g_assert_cmpuint (json_array_get_length (p), ==, n);
  g_assert_cmpuint (json_array_get_length (f), ==, n);
  g_assert_cmpfloat (fabs (member_double (run, "total") - hearth_call_tree_get_total (tree)), <=,
                     1e-9 * hearth_call_tree_get_total (tree));
  if (n == 0)
    return;
  g_assert_cmpuint (json_array_get_length (rows), ==, hearth_call_tree_get_max_depth (tree) + 1);

  row_start = g_new0 (guint, json_array_get_length (rows) + 1);
  for (guint d = 0; d < json_array_get_length (rows); d++)
    {
      guint len = 0;
      const guint *row = hearth_call_tree_get_row (tree, d, &len);
      gint64 end = 0, up = d > 0 ? row_start[d - 1] : 0;

      row_start[d] = i;
      g_assert_cmpint (json_array_get_int_element (rows, d), ==, len);
      for (guint k = 0; k < len; k++, i++)
        {
          const HearthNode *node = hearth_call_tree_get_node (tree, row[k]);
          gint64 left = end + json_array_get_int_element (g, i);
          gint64 width = json_array_get_int_element (w, i);

          end = left + width;
          g_assert_cmpfloat (fabs (left * q - node->left), <=, q);
          g_assert_cmpfloat (fabs (width * q - node->width), <=, 2 * q);
          g_assert_cmpint (json_array_get_int_element (f, i), <, json_array_get_length (lab));
          if (d > 0)
            {
              const HearthNode *parent = hearth_call_tree_get_node (tree, node->parent);
              guint plen = 0;
              const guint *prow = hearth_call_tree_get_row (tree, d - 1, &plen);

              up += json_array_get_int_element (p, i);
              g_assert_cmpint (up, >=, row_start[d - 1]);
              g_assert_cmpint (up, <, row_start[d]);
              g_assert_cmpuint (prow[up - row_start[d - 1]], ==, node->parent);
              g_assert_cmpuint (parent->depth, ==, d - 1);
            }
        }
    }
  g_assert_cmpuint (i, ==, n);
}

/* Profiles ----------------------------------------------------------------------------------- */

/* A small cProfile-shaped tree whose names and files are hostile to HTML and to scripts. */
static HearthProfile *
hostile_profile (void)
{
  HearthProfile *p = _hearth_profile_new (HEARTH_FORMAT_PSTATS, HEARTH_KIND_DETERMINISTIC,
                                          HEARTH_UNIT_SECONDS);
  guint root = _hearth_profile_intern_function (p, "/home/u/app.py", 1, "<module>");
  guint evil = _hearth_profile_intern_function (p, HOSTILE_FILE, 7, HOSTILE_NAME);
  guint sep = _hearth_profile_intern_function (p, "/home/u/x\xe2\x80\xa8y.py", 3,
                                               "line\xe2\x80\xa8sep\xe2\x80\xa9" "arator");
  guint amp = _hearth_profile_intern_function (p, "/home/u/q&a.py", 9, "a&amp;b<!--c-->");

  _hearth_profile_set_name (p, "hostile <b>&amp;</b> \"profile\".prof");
  _hearth_profile_set_numbers (p, root, 1, 1, 1.0, 10.0);
  _hearth_profile_set_numbers (p, evil, 1, 1, 2.0, 5.0);
  _hearth_profile_set_numbers (p, sep, 2, 2, 3.0, 3.0);
  _hearth_profile_set_numbers (p, amp, 1, 1, 1.0, 1.0);
  _hearth_profile_set_edge (p, root, evil, 1, 1, 2.0, 5.0);
  _hearth_profile_set_edge (p, evil, sep, 2, 2, 3.0, 3.0);
  _hearth_profile_set_edge (p, root, amp, 1, 1, 1.0, 1.0);
  _hearth_profile_finish (p);
  return p;
}

static const char *const sphinx_words[] = {
  "build", "read", "write", "parse", "resolve", "render", "visit", "depart", "walk", "apply",
  "transform", "process", "get", "set", "find", "load", "emit", "handle", "run", "format",
  "node", "doctree", "toctree", "reference", "section", "document", "env", "config", "domain",
  "index", "target", "literal", "title", "paragraph", "field", "option", "role", "directive",
};

static const char *const sphinx_dirs[] = {
  "/home/dev/docs/",
  "/home/dev/.venv/lib/python3.11/site-packages/sphinx/",
  "/home/dev/.venv/lib/python3.11/site-packages/sphinx/builders/",
  "/home/dev/.venv/lib/python3.11/site-packages/sphinx/environment/",
  "/home/dev/.venv/lib/python3.11/site-packages/sphinx/writers/",
  "/home/dev/.venv/lib/python3.11/site-packages/docutils/nodes/",
  "/home/dev/.venv/lib/python3.11/site-packages/docutils/parsers/rst/",
  "/home/dev/.venv/lib/python3.11/site-packages/jinja2/",
  "/home/dev/.venv/lib/python3.11/site-packages/pygments/lexers/",
  "/usr/lib/python3.11/",
  "/usr/lib/python3.11/importlib/",
};

/* A deterministic cProfile-shaped profile the size of a Sphinx build: 6,600 functions in
 * layers about 30 deep, heavy-tailed caller counts (shared helpers and built-ins with many
 * callers), and numbers consistent along every edge. */
static HearthProfile *
sphinx_sized_profile (void)
{
  enum { N = 6600, LAYERS = 30, MAX_OUT = 12 };
  g_autoptr (GRand) rand = g_rand_new_with_seed (6600);
  HearthProfile *p = _hearth_profile_new (HEARTH_FORMAT_PSTATS, HEARTH_KIND_DETERMINISTIC,
                                          HEARTH_UNIT_SECONDS);
  g_autofree guint *id = g_new (guint, N);
  g_autofree guint *layer_start = g_new (guint, LAYERS + 1);
  g_autofree double *cum = g_new0 (double, N);
  g_autofree double *own = g_new0 (double, N);
  g_autofree double *weight = g_new0 (double, MAX_OUT);
  g_autofree guint *callee = g_new0 (guint, MAX_OUT);

  /* layer k holds functions [layer_start[k], layer_start[k + 1]), wider in the middle */
  for (guint k = 0; k <= LAYERS; k++)
    layer_start[k] = k == 0 ? 0 : 1 + (guint) ((N - 1) * (1 - cos (G_PI * k / LAYERS)) / 2);
  for (guint i = 0; i < N; i++)
    {
      g_autofree char *file = NULL;
      g_autofree char *name = NULL;
      guint dir = g_rand_int_range (rand, 0, G_N_ELEMENTS (sphinx_dirs));
      const char *a = sphinx_words[g_rand_int_range (rand, 0, G_N_ELEMENTS (sphinx_words))];
      const char *b = sphinx_words[g_rand_int_range (rand, 0, G_N_ELEMENTS (sphinx_words))];

      if (i == 0)
        id[i] = _hearth_profile_intern_function (p, "/home/dev/.venv/bin/sphinx-build", 1,
                                                 "<module>");
      else if (i % 11 == 0)
        {
          name = g_strdup_printf ("<method '%s_%u' of '%s' objects>", a, i, b);
          id[i] = _hearth_profile_intern_function (p, "~", 0, name);
        }
      else
        {
          file = g_strdup_printf ("%s%s_%u.py", sphinx_dirs[dir], a, i % 700);
          name = g_strdup_printf ("%s_%s_%u", a, b, i);
          id[i] = _hearth_profile_intern_function (p, file, 1 + i % 900, name);
        }
    }

  /* time flows from the root down the layers: each function keeps some as its own and
   * splits the rest among a few callees in later layers */
  cum[0] = 120.0;
  for (guint k = 0; k < LAYERS; k++)
    for (guint i = layer_start[k]; i < layer_start[k + 1]; i++)
      {
        double v = g_rand_double (rand);
        guint n_out = k + 1 < LAYERS ? 1 + (guint) ((MAX_OUT - 1) * v * v) : 0;
        double sum = 0, rest;

        if (!(cum[i] > 0))
          continue;
        own[i] = cum[i] * (n_out > 0 ? g_rand_double_range (rand, 0.005, 0.05) : 1.0);
        rest = cum[i] - own[i];
        for (guint e = 0; e < n_out; e++)
          {
            guint next = k + 1 + (g_rand_double (rand) < 0.7 ? 0 : g_rand_int_range (rand, 0, 3));
            guint lo = layer_start[MIN (next, LAYERS - 1)];
            guint hi = layer_start[MIN (next, LAYERS - 1) + 1];
            double u = g_rand_double (rand);

            /* a few helpers at the start of each layer take most of the calls */
            callee[e] = lo + (guint) ((hi - lo) * u * u);
            /* one callee usually carries most of the time, as in real programs */
            weight[e] = e == 0 ? 1.0 : 0.12 * g_rand_double (rand);
            sum += weight[e];
          }
        for (guint e = 0; e < n_out; e++)
          {
            double edge = rest * weight[e] / sum;

            if (callee[e] <= i || edge <= 0)
              continue;
            cum[callee[e]] += edge;
            _hearth_profile_set_edge (p, id[i], id[callee[e]], 1 + e, 1 + e, 0, edge);
          }
      }

  for (guint i = 0; i < N; i++)
    _hearth_profile_set_numbers (p, id[i], 1 + i % 7, 1 + i % 7, own[i], cum[i]);
  _hearth_profile_finish (p);
  return p;
}

/* Tests ------------------------------------------------------------------------------------- */

static void
test_well_formed (void)
{
  g_autoptr (HearthProfile) profile = load_data ("plain_folded.txt");
  g_autoptr (HearthCallTree) tree = hearth_test_tree_of (profile, 0.01);
  g_autoptr (JsonParser) parser = json_parser_new ();
  HearthExportOptions options = HEARTH_EXPORT_OPTIONS_INIT;
  g_autofree char *page = NULL;
  JsonObject *data, *run;
  gsize length = 0;

  page = export_page (tree, NULL, &options, &length);
  g_assert_cmpuint (strlen (page), ==, length);
  check_self_contained (page);
  /* every bar of this small tree is drawn, and each is a group the script knows */
  g_assert_cmpuint (check_svg (page), ==, hearth_call_tree_get_n_nodes (tree));
  g_assert_nonnull (strstr (page, "<title>plain_folded.txt"));

  data = check_data (page, parser);
  g_assert_cmpuint (json_array_get_length (json_object_get_array_member (data, "runs")), ==, 1);
  run = json_array_get_object_element (json_object_get_array_member (data, "runs"), 0);
  check_run (run, tree);
  g_assert_false (json_object_get_boolean_member (data, "icicle"));
  g_assert_true (json_object_get_boolean_member (data, "shared"));
  g_assert_cmpstr (json_object_get_string_member (run, "unit"), ==, "samples");
  /* sample counts are written exactly */
  g_assert_cmpfloat (member_double (run, "q"), ==, 1.0);
  g_assert_cmpint (json_object_get_int_member (run, "nRows"), ==,
                   hearth_call_tree_get_max_depth (tree) + 1);
}

static void
test_options (void)
{
  g_autoptr (HearthProfile) profile = load_example ("before.prof");
  g_autoptr (HearthCallTree) tree = hearth_test_tree_of (profile, 0.01);
  g_autoptr (JsonParser) parser = json_parser_new ();
  HearthExportOptions options = HEARTH_EXPORT_OPTIONS_INIT;
  g_autofree char *page = NULL;
  JsonObject *data, *run;
  gsize length = 0;

  options.width = 800;
  options.icicle = TRUE;
  options.dark = TRUE;
  options.title = "Before <the> fix & after";
  page = export_page (tree, NULL, &options, &length);
  check_self_contained (page);
  check_svg (page);
  g_assert_nonnull (strstr (page, "<title>Before &lt;the&gt; fix &amp; after</title>"));
  g_assert_nonnull (strstr (page, "color-scheme:dark"));
  g_assert_nonnull (strstr (page, "width=\"800\""));

  data = check_data (page, parser);
  g_assert_true (json_object_get_boolean_member (data, "icicle"));
  run = json_array_get_object_element (json_object_get_array_member (data, "runs"), 0);
  check_run (run, tree);
  g_assert_cmpstr (json_object_get_string_member (run, "unit"), ==, "s");
  g_assert_true (json_object_get_boolean_member (run, "det"));
  g_assert_cmpfloat (member_double (json_object_get_object_member (data, "geo"), "right"), <=, 800);
}

/* With a chosen root the page's tooltips give shares of the root, and say so. */
static void
test_chosen_root (void)
{
  g_autoptr (HearthProfile) profile = load_example ("before.prof");
  g_autoptr (HearthCallTree) tree = hearth_test_tree_of (profile, 0.01);
  g_autoptr (HearthCallTree) rooted = NULL;
  HearthCallTreeOptions tree_options = HEARTH_CALL_TREE_OPTIONS_INIT;
  HearthExportOptions options = HEARTH_EXPORT_OPTIONS_INIT;
  g_autofree char *page = NULL;
  g_autofree char *rooted_page = NULL;
  gsize length = 0;

  page = export_page (tree, NULL, &options, &length);
  g_assert_nonnull (strstr (page, "of the run"));
  g_assert_null (strstr (page, "of the root"));

  tree_options.root = hearth_call_tree_get_node (tree, 1)->function;
  rooted = hearth_call_tree_new (profile, &tree_options, NULL);
  g_assert_nonnull (rooted);
  rooted_page = export_page (rooted, NULL, &options, &length);
  g_assert_nonnull (strstr (rooted_page, "%s, %s of the root"));
  g_assert_null (strstr (rooted_page, "%s, %s of the run"));
}

static void
assert_no_raw (const char *page,
               const char *text)
{
  if (strstr (page, text) != NULL)
    g_error ("the page holds “%s” unescaped", text);
}

static void
test_escaping (void)
{
  g_autoptr (HearthProfile) profile = hostile_profile ();
  g_autoptr (HearthCallTree) tree = hearth_test_tree_of (profile, 0);
  g_autoptr (JsonParser) parser = json_parser_new ();
  HearthExportOptions options = HEARTH_EXPORT_OPTIONS_INIT;
  g_autofree char *page = NULL;
  JsonObject *data;
  JsonArray *strings;
  gboolean found_name = FALSE, found_file = FALSE, found_separator = FALSE;
  gsize length = 0;

  options.title = "title </title><script>alert(2)</script> & \"q\"";
  page = export_page (tree, NULL, &options, &length);
  check_self_contained (page);
  check_svg (page);
  assert_no_raw (page, "<script>alert");
  assert_no_raw (page, "</title><script>");
  assert_no_raw (page, "<b>");
  assert_no_raw (page, "a&amp;b<!--");
  assert_no_raw (page, "<!--c");
  assert_no_raw (page, "\xe2\x80\xa8");
  assert_no_raw (page, "\xe2\x80\xa9");
  assert_no_raw (page, HOSTILE_FILE);
  /* the names are there, as text */
  g_assert_nonnull (strstr (page, "&lt;/script&gt;&lt;script&gt;alert(1)&lt;/script&gt;"));
  g_assert_nonnull (strstr (page, "\\u003c/script\\u003e\\u003cscript\\u003ealert(1)"));

  /* and the data gives them back unchanged */
  data = check_data (page, parser);
  strings = json_object_get_array_member (data, "s");
  for (guint i = 0; i < json_array_get_length (strings); i++)
    {
      const char *s = json_array_get_string_element (strings, i);

      found_name |= strcmp (s, HOSTILE_NAME) == 0;
      found_file |= strcmp (s, HOSTILE_FILE) == 0;
      found_separator |= strcmp (s, "line\xe2\x80\xa8sep\xe2\x80\xa9" "arator") == 0;
    }
  g_assert_true (found_name);
  g_assert_true (found_file);
  g_assert_true (found_separator);
  check_run (json_array_get_object_element (json_object_get_array_member (data, "runs"), 0),
             tree);
}

static void
test_compare (void)
{
  g_autoptr (HearthProfile) before = load_example ("before.prof");
  g_autoptr (HearthProfile) after = load_example ("after.prof");
  g_autoptr (HearthCallTree) before_tree = hearth_test_tree_of (before, 0.01);
  g_autoptr (HearthCallTree) after_tree = hearth_test_tree_of (after, 0.01);
  HearthExportOptions options = HEARTH_EXPORT_OPTIONS_INIT;

  for (guint plain = 0; plain < 2; plain++)
    {
      g_autoptr (JsonParser) parser = json_parser_new ();
      g_autofree char *page = NULL;
      JsonObject *data;
      JsonArray *runs;
      JsonObject *second;
      gsize length = 0;

      options.plain_compare = plain;
      page = export_page (before_tree, after_tree, &options, &length);
      check_self_contained (page);
      g_assert_cmpuint (check_svg (page), >, 0);
      data = check_data (page, parser);
      runs = json_object_get_array_member (data, "runs");
      g_assert_cmpuint (json_array_get_length (runs), ==, 2);
      check_run (json_array_get_object_element (runs, 0), before_tree);
      second = json_array_get_object_element (runs, 1);
      check_run (second, after_tree);
      /* one time axis: both runs in seconds, the longer one to the full width */
      g_assert_true (json_object_get_boolean_member (data, "shared"));
      g_assert_cmpfloat (member_double (data, "fullEnd"), ==,
                         MAX (hearth_call_tree_get_total (before_tree),
                              hearth_call_tree_get_total (after_tree)));
      g_assert_cmpint (json_object_get_boolean_member (second, "diff"), ==, !plain);
      g_assert_cmpint (json_object_has_member (second, "bw"), ==, !plain);
      g_assert_cmpfloat (member_double (json_array_get_object_element (runs, 0), "graphY"), <,
                         member_double (second, "graphY"));
    }
}

static void
test_sphinx_size (void)
{
  g_autoptr (HearthProfile) profile = sphinx_sized_profile ();
  const double cutoffs[] = { 0.01, 0.001 };

  g_assert_cmpuint (hearth_profile_get_n_functions (profile), ==, 6600);
  for (guint c = 0; c < G_N_ELEMENTS (cutoffs); c++)
    {
      g_autoptr (HearthCallTree) tree = hearth_test_tree_of (profile, cutoffs[c]);
      g_autoptr (JsonParser) parser = json_parser_new ();
      HearthExportOptions options = HEARTH_EXPORT_OPTIONS_INIT;
      g_autofree char *page = NULL;
      gint64 start = g_get_monotonic_time ();
      guint n = hearth_call_tree_get_n_nodes (tree);
      gsize length = 0;

      page = export_page (tree, NULL, &options, &length);
      g_test_message ("6,600 functions, cutoff %g: %u bars %u deep, %" G_GSIZE_FORMAT " bytes, "
                      "written in %.0f ms", cutoffs[c], n,
                      hearth_call_tree_get_max_depth (tree) + 1, length,
                      (g_get_monotonic_time () - start) / 1000.0);
      /* the default cutoff: about what a Sphinx build shows, far under a megabyte */
      if (c == 0)
        {
          g_assert_cmpuint (n, >, 100);
          g_assert_cmpuint (length, <, 1000 * 1000);
        }
      /* the page itself, then a few hundred bytes a bar at most */
      g_assert_cmpuint (length, <, 80 * 1000 + 400 * n);
      check_self_contained (page);
      check_svg (page);
      check_run (json_array_get_object_element (json_object_get_array_member (
                   check_data (page, parser), "runs"), 0), tree);
    }
}

static void
test_empty (void)
{
  g_autoptr (HearthProfile) profile = load_data ("empty.prof");
  g_autoptr (HearthCallTree) tree = hearth_test_tree_of (profile, 0.01);
  HearthExportOptions options = HEARTH_EXPORT_OPTIONS_INIT;
  g_autofree char *page = NULL;
  gsize length = 0;

  /* a page that says there is no data, and a script that has nothing to do */
  page = export_page (tree, NULL, &options, &length);
  check_svg (page);
  g_assert_nonnull (strstr (page, "No data"));
  g_assert_cmpuint (count (page, "</script>"), <=, 2);
}

static void
test_render_needs_names (void)
{
  g_autoptr (HearthProfile) profile = load_data ("plain_folded.txt");
  g_autoptr (HearthCallTree) tree = hearth_test_tree_of (profile, 0.01);
  g_autoptr (HearthFlameRenderer) renderer = hearth_export_make_renderer (tree, NULL, NULL, NULL,
                                                                          NULL);
  HearthFlameViewport viewport = HEARTH_FLAME_VIEWPORT_INIT;
  g_autoptr (GError) error = NULL;
  g_autoptr (GBytes) bytes = NULL;

  viewport.width = 600;
  bytes = hearth_export_render (renderer, &viewport, HEARTH_EXPORT_HTML, &error);
  g_assert_null (bytes);
  g_assert_error (error, G_IO_ERROR, G_IO_ERROR_NOT_SUPPORTED);

  /* with the names, the page is written */
  g_clear_error (&error);
  bytes = hearth_html_export_render (renderer, &viewport, NULL, NULL, NULL, &error);
  g_assert_no_error (error);
  g_assert_cmpuint (g_bytes_get_size (bytes), >, 1000);
}

int
main (int   argc,
      char *argv[])
{
  g_test_init (&argc, &argv, NULL);

  g_test_add_func ("/html-export/well-formed", test_well_formed);
  g_test_add_func ("/html-export/options", test_options);
  g_test_add_func ("/html-export/chosen-root", test_chosen_root);
  g_test_add_func ("/html-export/escaping", test_escaping);
  g_test_add_func ("/html-export/compare", test_compare);
  g_test_add_func ("/html-export/sphinx-size", test_sphinx_size);
  g_test_add_func ("/html-export/empty", test_empty);
  g_test_add_func ("/html-export/render-needs-names", test_render_needs_names);

  return g_test_run ();
}
