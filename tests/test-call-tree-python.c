/* test-call-tree-python.c: the C call tree against an independent Python implementation.
 *
 * tests/tools/calltree.py reads each .prof fixture with Python's pstats module and walks it
 * as the call-tree issue describes; the bars must agree one for one: same chains in the same
 * order, same flags, widths, lefts and bounds within 1e-9 relative. The widest chains must
 * agree too (the same chains ranked by the same self time), and on every fixture, stack
 * profiles included, the first of them is the largest self-time stack of the folded output,
 * and the reasons given for time the tree never reaches hold.
 *
 * Copyright 2026 The Hearth authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "hearth-call-tree.h"
#include "hearth-report.h"
#include "hearth-test-util.h"

#include <math.h>
#include <string.h>

typedef struct
{
  char     *path;
  double    cutoff;
  guint     max_repeat;
  guint     budget;
  gboolean  largest_root;
  gboolean  widest;
} Case;

static void
case_free (gpointer data)
{
  Case *c = data;

  g_free (c->path);
  g_free (c);
}

static gboolean
close_enough (double a,
              double b,
              double total)
{
  return fabs (a - b) <= 1e-9 * MAX (fabs (a), fabs (b)) + 1e-15 * total;
}

static char *
chain_text (HearthCallTree *tree,
            guint           node)
{
  HearthProfile *profile = hearth_call_tree_get_profile (tree);
  g_autofree guint *chain = NULL;
  GString *text = g_string_new (NULL);
  guint depth = 0;

  chain = hearth_call_tree_dup_chain (tree, node, &depth);
  for (guint i = 0; i < depth; i++)
    {
      const HearthFunction *f =
        hearth_profile_get_function (profile, hearth_call_tree_get_node (tree, chain[i])->function);

      g_string_append_printf (text, "%s%s:%" G_GINT64_FORMAT ":%s", i > 0 ? ";" : "", f->file,
                              f->line, f->name);
    }
  return g_string_free (text, FALSE);
}

/* The listed function with the largest cumulative time: a root other than the default. */
static gint
largest_function (HearthProfile *profile)
{
  gint best = -1;
  double best_cum = 0;

  for (guint f = 0; f < hearth_profile_get_n_functions (profile); f++)
    {
      const HearthFunction *fn = hearth_profile_get_function (profile, f);
      double cum = hearth_profile_clamp (fn->cum);

      if (fn->listed && (best < 0 || cum > best_cum))
        {
          best = (gint) f;
          best_cum = cum;
        }
    }
  return best;
}

static char *
spec_of (HearthProfile *profile,
         guint          function)
{
  const HearthFunction *f = hearth_profile_get_function (profile, function);

  return g_strdup_printf ("%s:%" G_GINT64_FORMAT ":%s", f->file, f->line, f->name);
}

/* Each chain of hearth_call_tree_dup_widest_chains() against a line SELF<TAB>CHAIN of
 * calltree.py --print widest, in the same order, where chains whose self times agree to
 * rounding may stand in either order (the two sum in different orders). */
static void
check_widest (HearthCallTree *tree,
              const char     *python)
{
  g_auto (GStrv) lines = g_strsplit (python, "\n", -1);
  g_autoptr (GHashTable) by_chain = g_hash_table_new (g_str_hash, g_str_equal);
  g_autofree guint *chains = NULL;
  g_autofree double *widths = NULL;
  guint n_lines = g_strv_length (lines), n_chains = 0;
  double total = hearth_call_tree_get_total (tree);

  if (n_lines > 0 && lines[n_lines - 1][0] == '\0')
    n_lines--;
  widths = g_new0 (double, MAX (n_lines, 1));
  for (guint i = 0; i < n_lines; i++)
    {
      char *tab = strchr (lines[i], '\t');

      g_assert_nonnull (tab);
      *tab = '\0';
      widths[i] = g_ascii_strtod (lines[i], NULL);
      g_hash_table_insert (by_chain, tab + 1, GUINT_TO_POINTER (i + 1));
    }
  chains = hearth_call_tree_dup_widest_chains (tree, &n_chains);
  for (guint i = 0; i < MIN (n_chains, n_lines); i++)
    {
      const HearthNode *node = hearth_call_tree_get_node (tree, chains[i]);
      g_autofree char *chain = chain_text (tree, chains[i]);
      guint j = GPOINTER_TO_UINT (g_hash_table_lookup (by_chain, chain));

      if (j == 0 || !close_enough (node->self_width, widths[j - 1], total) ||
          !close_enough (node->self_width, widths[i], total))
        g_error ("widest chain %u differs:\nC:      %.17g\t%s\nPython: %.17g\t%s", i,
                 node->self_width, chain, widths[i], lines[i] + strlen (lines[i]) + 1);
    }
  g_assert_cmpuint (n_chains, ==, n_lines);
}

static char *
run_python (const char * const *argv)
{
  g_autofree char *out = NULL;
  gint status = 0;

  if (!g_spawn_sync (NULL, (char **) argv, NULL, G_SPAWN_SEARCH_PATH, NULL, NULL, &out, NULL,
                     &status, NULL) ||
      !g_spawn_check_wait_status (status, NULL))
    return NULL;
  return g_steal_pointer (&out);
}

static void
test_compare (gconstpointer data)
{
  const Case *c = data;
  g_autofree char *script = g_test_build_filename (G_TEST_DIST, "tools", "calltree.py", NULL);
  g_autofree char *cutoff = g_strdup_printf ("%.17g", c->cutoff);
  g_autofree char *repeat = g_strdup_printf ("%u", c->max_repeat);
  g_autofree char *budget = g_strdup_printf ("%u", c->budget);
  const char *argv[] = { "python3", script, "--cutoff", cutoff, "--max-repeat", repeat,
                         "--budget", budget, c->path, NULL, NULL, NULL, NULL, NULL };
  g_autofree char *out = NULL;
  g_autofree char *err = NULL;
  g_auto (GStrv) lines = NULL;
  g_autoptr (GError) error = NULL;
  g_autoptr (HearthProfile) profile = NULL;
  g_autoptr (HearthCallTree) tree = NULL;
  HearthCallTreeOptions options = HEARTH_CALL_TREE_OPTIONS_INIT;
  gint status = 0;
  guint n_lines, n_nodes;
  double total;
  g_autofree char *root_spec = NULL;

  if (!hearth_test_have_python ())
    {
      g_test_skip ("python3 is not available");
      return;
    }

  profile = hearth_profile_load_path (c->path, NULL);
  if (c->largest_root && profile != NULL)
    {
      options.root = largest_function (profile);
      if (options.root < 0)
        {
          g_test_skip ("no function");
          return;
        }
      root_spec = spec_of (profile, options.root);
      argv[9] = "--root";
      argv[10] = root_spec;
    }

  if (!g_spawn_sync (NULL, (char **) argv, NULL, G_SPAWN_SEARCH_PATH, NULL, NULL,
                     &out, &err, &status, &error))
    {
      g_test_skip (error->message);
      return;
    }
  if (!g_spawn_check_wait_status (status, NULL))
    {
      /* Python 3 cannot read every file Hearth reads (Python 2 files, 3.15 markers) */
      g_test_skip ("Python cannot read this file");
      return;
    }

  /* Python read it: Hearth must too */
  if (profile == NULL)
    {
      profile = hearth_profile_load_path (c->path, &error);
      g_assert_no_error (error);
    }
  options.cutoff = c->cutoff;
  options.max_repeat = c->max_repeat;
  options.node_budget = c->budget;
  tree = hearth_call_tree_new (profile, &options, &error);
  g_assert_no_error (error);

  lines = g_strsplit (out, "\n", -1);
  n_lines = g_strv_length (lines);
  if (n_lines > 0 && lines[n_lines - 1][0] == '\0')
    n_lines--;
  n_nodes = hearth_call_tree_get_n_nodes (tree);
  total = hearth_call_tree_get_total (tree);
  g_test_message ("%s: %u bars in C, %u in Python", c->path, n_nodes, n_lines);

  for (guint i = 0; i < MIN (n_lines, n_nodes); i++)
    {
      g_auto (GStrv) fields = g_strsplit (lines[i], "\t", 7);
      const HearthNode *node = hearth_call_tree_get_node (tree, i);
      g_autofree char *chain = chain_text (tree, i);
      char flags[3] = "-";
      double left, width, low, high;

      g_assert_cmpuint (g_strv_length (fields), ==, 7);
      if (node->flags != 0)
        g_snprintf (flags, sizeof flags, "%s%s",
                    (node->flags & HEARTH_NODE_ESTIMATED) ? "E" : "",
                    (node->flags & HEARTH_NODE_SHRUNK) ? "S" : "");
      left = g_ascii_strtod (fields[1], NULL);
      width = g_ascii_strtod (fields[2], NULL);
      low = g_ascii_strtod (fields[3], NULL);
      high = g_ascii_strtod (fields[4], NULL);

      if (g_strcmp0 (chain, fields[6]) != 0 ||
          node->depth != (guint) g_ascii_strtoull (fields[0], NULL, 10) ||
          g_strcmp0 (flags, fields[5]) != 0 ||
          !close_enough (node->left, left, total) || !close_enough (node->width, width, total) ||
          !close_enough (node->low, low, total) || !close_enough (node->high, high, total))
        g_error ("bar %u differs:\nC:      %u\t%.17g\t%.17g\t%.17g\t%.17g\t%s\t%s\n"
                 "Python: %s", i, node->depth, node->left, node->width, node->low, node->high,
                 flags, chain, lines[i]);
    }
  g_assert_cmpuint (n_nodes, ==, n_lines);

  if (c->widest)
    {
      guint at = argv[9] != NULL ? 11 : 9;
      g_autofree char *widest = NULL;

      argv[at] = "--print";
      argv[at + 1] = "widest";
      widest = run_python (argv);
      g_assert_nonnull (widest);
      check_widest (tree, widest);
    }
}

/* The largest value of a folded line that is not a [guarded] frame, in the unit of the
 * output (microseconds for seconds). */
static double
largest_folded (const char *folded)
{
  g_auto (GStrv) lines = g_strsplit (folded, "\n", -1);
  double most = 0;

  for (guint i = 0; lines[i] != NULL; i++)
    {
      const char *space = strrchr (lines[i], ' ');

      if (space == NULL || strstr (lines[i], ";[guarded] ") != NULL)
        continue;
      most = MAX (most, g_ascii_strtod (space + 1, NULL));
    }
  return most;
}

/* The first widest chain is where the program spends most of its time itself: the largest
 * self-time stack `hearth --print folded` writes. */
static void
test_widest_folded (gconstpointer data)
{
  const char *path = data;
  g_autoptr (GError) error = NULL;
  g_autoptr (HearthProfile) profile = hearth_profile_load_path (path, &error);
  g_autoptr (HearthCallTree) tree = NULL;
  g_autoptr (GString) folded = g_string_new (NULL);
  g_autofree guint *chains = NULL;
  guint n_chains = 0;
  double first, most;

  if (profile == NULL)
    {
      g_test_skip (error->message);
      return;
    }
  tree = hearth_call_tree_new (profile, NULL, &error);
  g_assert_no_error (error);
  hearth_report_folded (folded, tree, NULL);
  most = largest_folded (folded->str);
  chains = hearth_call_tree_dup_widest_chains (tree, &n_chains);
  if (n_chains == 0)
    {
      g_assert_cmpfloat (most, ==, 0);
      return;
    }
  first = hearth_call_tree_get_node (tree, chains[0])->self_width;
  if (hearth_profile_get_unit (profile) == HEARTH_UNIT_SECONDS)
    first = round (first * 1e6);
  g_test_message ("%s: first chain %.17g, largest folded stack %.17g", path, first, most);
  g_assert_cmpfloat (fabs (first - most), <=, 1e-9 * MAX (first, most) + 1e-9);
}

static gint
compare_names (gconstpointer a,
               gconstpointer b)
{
  return strcmp (*(const char * const *) a, *(const char * const *) b);
}

/* The fixtures of @dir_path that Hearth reads (bad_* ones left out) with one of the
 * @suffixes, sorted; empty when there is no such folder. */
static GPtrArray *
list_fixtures (const char        *dir_path,
               const char * const *suffixes)
{
  g_autoptr (GDir) dir = g_dir_open (dir_path, 0, NULL);
  GPtrArray *names = g_ptr_array_new_with_free_func (g_free);
  const char *name;

  while (dir != NULL && (name = g_dir_read_name (dir)) != NULL)
    for (guint i = 0; suffixes[i] != NULL; i++)
      if (!g_str_has_prefix (name, "bad_") && g_str_has_suffix (name, suffixes[i]))
        {
          g_ptr_array_add (names, g_strdup (name));
          break;
        }
  g_ptr_array_sort (names, compare_names);
  return names;
}

static void
add_cases (const char *dir_path,
           const char *label)
{
  static const char * const pstats[] = { ".prof", NULL };
  g_autoptr (GPtrArray) names = list_fixtures (dir_path, pstats);

  for (guint i = 0; i < names->len; i++)
    {
      static const struct
      {
        const char *what;
        double      cutoff;
        guint       repeat;
        guint       budget;
        gboolean    largest_root;
      } runs[] = {
        { "default", 0.01, 1, 2000000, FALSE },
        { "cutoff-0.001", 0.001, 1, 2000000, FALSE },
        { "max-repeat-3", 0.005, 3, 2000000, FALSE },
        { "cutoff-0-budget", 0, 1, 3000, FALSE },
        { "largest-root", 0.002, 1, 2000000, TRUE },
      };

      for (guint r = 0; r < G_N_ELEMENTS (runs); r++)
        {
          Case *c = g_new0 (Case, 1);
          g_autofree char *test_path = NULL;

          c->path = g_build_filename (dir_path, names->pdata[i], NULL);
          c->cutoff = runs[r].cutoff;
          c->max_repeat = runs[r].repeat;
          c->budget = runs[r].budget;
          c->largest_root = runs[r].largest_root;
          c->widest = r == 0 || runs[r].largest_root;
          test_path = g_strdup_printf ("/call-tree-python/%s/%s/%s", label,
                                       (const char *) names->pdata[i], runs[r].what);
          g_test_add_data_func_full (test_path, c, test_compare, case_free);
        }
    }
}

/* The reasons the Warnings pane gives for time the tree never reaches hold: a stack profile
 * never lost a link, and the cutoff offered for a function reached only in small places
 * gives it a bar. */
static void
test_unreached_reasons (gconstpointer data)
{
  const char *path = data;
  g_autoptr (GError) error = NULL;
  g_autoptr (HearthProfile) profile = hearth_profile_load_path (path, &error);
  g_autoptr (HearthCallTree) tree = NULL;
  g_autofree guint *unreached = NULL;
  g_autofree HearthUnreached *why = NULL;
  guint n = 0;

  if (profile == NULL)
    {
      g_test_skip (error->message);
      return;
    }
  tree = hearth_call_tree_new (profile, NULL, &error);
  g_assert_no_error (error);
  unreached = hearth_call_tree_dup_unreached (tree, HEARTH_CALL_TREE_UNREACHED_FRACTION, &n);
  why = hearth_call_tree_explain_unreached (tree, unreached, n);
  for (guint i = 0; i < n; i++)
    {
      HearthCallTreeOptions options = HEARTH_CALL_TREE_OPTIONS_INIT;
      g_autoptr (HearthCallTree) lower = NULL;
      guint bars = 0;

      g_assert_cmpuint (why[i].function, ==, unreached[i]);
      if (hearth_call_tree_is_from_stacks (tree))
        g_assert_true (why[i].linked);
      if (!why[i].linked || why[i].cutoff <= 0)
        continue;
      options.cutoff = why[i].cutoff;
      lower = hearth_call_tree_new (profile, &options, &error);
      g_assert_no_error (error);
      for (guint b = 0; b < hearth_call_tree_get_n_nodes (lower); b++)
        bars += hearth_call_tree_get_node (lower, b)->function == why[i].function;
      g_test_message ("%s: %s in %u places, a bar in %u at cutoff %g", path,
                      hearth_profile_get_function (profile, why[i].function)->name,
                      why[i].n_places, bars, why[i].cutoff);
      g_assert_cmpuint (bars, >, 0);
    }
}

/* Every fixture Hearth reads, whatever its format. */
static void
add_folded_cases (const char *dir_path,
                  const char *label)
{
  static const char * const readable[] = { ".prof", ".txt", ".json", ".folded", NULL };
  g_autoptr (GPtrArray) names = list_fixtures (dir_path, readable);

  for (guint i = 0; i < names->len; i++)
    {
      g_autofree char *test_path = g_strdup_printf ("/widest-folded/%s/%s", label,
                                                    (const char *) names->pdata[i]);

      g_autofree char *reasons_path = g_strdup_printf ("/unreached-reasons/%s/%s", label,
                                                       (const char *) names->pdata[i]);

      g_test_add_data_func_full (test_path, g_build_filename (dir_path, names->pdata[i], NULL),
                                 test_widest_folded, g_free);
      g_test_add_data_func_full (reasons_path,
                                 g_build_filename (dir_path, names->pdata[i], NULL),
                                 test_unreached_reasons, g_free);
    }
}

int
main (int   argc,
      char *argv[])
{
  g_autofree char *data = NULL;
  g_autofree char *examples = NULL;

  g_test_init (&argc, &argv, NULL);

  data = hearth_test_data_path ("");
  examples = g_test_build_filename (G_TEST_DIST, "..", "data", "examples", NULL);
  add_cases (data, "tests");
  add_cases (examples, "examples");
  add_folded_cases (data, "tests");
  add_folded_cases (examples, "examples");

  return g_test_run ();
}
