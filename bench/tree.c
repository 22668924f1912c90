/* tree.c: how long laying out the call tree takes, next to the Python implementation.
 *
 * Usage: bench-tree [--no-python] [--runs N] [FILE.prof]
 *
 * Without a file, writes a 200,000-function profile with bench/gen_big_prof.py (seed 1) to a
 * temporary folder. Times the tree at cutoff 0.01 and at cutoff 0 (held by the node budget),
 * and tests/tools/calltree.py's walk at cutoff 0.01.
 *
 * Copyright 2026 The Hearth authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "hearth-call-tree.h"

#include <glib/gstdio.h>
#include <stdio.h>
#include <stdlib.h>
#include <sys/resource.h>

static double
seconds_since (gint64 start)
{
  return (g_get_monotonic_time () - start) / 1e6;
}

static char *
source_path (const char *relative)
{
  const char *root = g_getenv ("HEARTH_SOURCE_ROOT");

  return g_build_filename (root != NULL ? root : HEARTH_SOURCE_DIR, relative, NULL);
}

static gboolean
run_python (const char * const *argv,
            char              **err_out)
{
  g_autoptr (GError) error = NULL;
  gint status = 0;

  if (!g_spawn_sync (NULL, (char **) argv, NULL, G_SPAWN_SEARCH_PATH | G_SPAWN_STDOUT_TO_DEV_NULL,
                     NULL, NULL, NULL, err_out, &status, &error) ||
      !g_spawn_check_wait_status (status, &error))
    {
      g_printerr ("%s failed: %s\n", argv[1], error->message);
      return FALSE;
    }
  return TRUE;
}

/* Builds the tree @runs times; prints and returns the best time. */
static double
time_tree (HearthProfile *profile,
           double         cutoff,
           guint          budget,
           guint          runs)
{
  HearthCallTreeOptions options = HEARTH_CALL_TREE_OPTIONS_INIT;
  double best = G_MAXDOUBLE;
  guint n_nodes = 0, n_candidates = 0;
  HearthTreeLimits limits = 0;

  options.cutoff = cutoff;
  options.node_budget = budget;
  for (guint r = 0; r < runs; r++)
    {
      g_autoptr (HearthCallTree) tree = NULL;
      gint64 start = g_get_monotonic_time ();

      tree = hearth_call_tree_new (profile, &options, NULL);
      best = MIN (best, seconds_since (start));
      n_nodes = hearth_call_tree_get_n_nodes (tree);
      n_candidates = hearth_call_tree_get_n_candidates (tree);
      limits = hearth_call_tree_get_limits (tree);
    }
  printf ("tree, cutoff %-6g budget %-8u %9.4f s  %8u bars (%u considered)%s%s\n", cutoff,
          budget, best, n_nodes, n_candidates,
          (limits & HEARTH_TREE_LIMIT_BUDGET) ? ", node budget reached" : "",
          (limits & HEARTH_TREE_LIMIT_FLOOR) ? ", floor reached" : "");
  return best;
}

/* Times calltree.py at @cutoff. Its "tree" time starts from the pstats dictionary, as the C
 * tree starts from the loaded profile: the callee graph, the root and the walk. */
static void
compare_python (const char *path,
                const char *cutoff,
                double      c_time)
{
  g_autofree char *script = source_path ("tests/tools/calltree.py");
  const char *py_argv[] = { "python3", script, "--cutoff", cutoff, "--time",
                            "--print", "summary", path, NULL };
  g_autofree char *err = NULL;
  const char *walk, *tree;
  double py_walk, py_tree;
  gint64 start = g_get_monotonic_time ();

  if (!run_python (py_argv, &err) || (walk = strstr (err, "walk: ")) == NULL ||
      (tree = strstr (walk, "tree: ")) == NULL)
    return;

  py_walk = g_ascii_strtod (walk + 6, NULL);
  py_tree = g_ascii_strtod (tree + 6, NULL);
  printf ("python calltree.py, cutoff %s: %.4f s from the pstats dictionary (callee graph "
          "%.4f s, walk %.4f s); %.1f s with loading\n", cutoff, py_tree, py_tree - py_walk,
          py_walk, seconds_since (start));
  printf ("  C is %.0fx faster than Python from the profile, %.1fx faster than its walk alone\n",
          py_tree / MAX (c_time, 1e-9), py_walk / MAX (c_time, 1e-9));
}

int
main (int   argc,
      char *argv[])
{
  gboolean no_python = FALSE;
  int runs = 3;
  GOptionEntry entries[] = {
    { "no-python", 0, 0, G_OPTION_ARG_NONE, &no_python, "Do not time calltree.py", NULL },
    { "runs", 0, 0, G_OPTION_ARG_INT, &runs, "Best of N runs", "N" },
    { NULL }
  };
  g_autoptr (GOptionContext) context = g_option_context_new ("[FILE.prof]");
  g_autoptr (GError) error = NULL;
  g_autoptr (HearthProfile) profile = NULL;
  g_autofree char *path = NULL;
  g_autofree char *tmpdir = NULL;
  double c_walk, c_fine;
  struct rusage usage;
  gint64 start;

  g_option_context_add_main_entries (context, entries, NULL);
  if (!g_option_context_parse (context, &argc, &argv, &error))
    {
      g_printerr ("%s\n", error->message);
      return 1;
    }
  runs = MAX (runs, 1);

  if (argc > 1)
    path = g_strdup (argv[1]);
  else
    {
      g_autofree char *generator = source_path ("bench/gen_big_prof.py");
      const char *gen_argv[] = { "python3", generator, "--functions", "200000", "--seed", "1",
                                 NULL, NULL };

      tmpdir = g_dir_make_tmp ("hearth-bench-XXXXXX", &error);
      if (tmpdir == NULL)
        {
          g_printerr ("%s\n", error->message);
          return 1;
        }
      path = g_build_filename (tmpdir, "big.prof", NULL);
      gen_argv[6] = path;
      printf ("writing %s with gen_big_prof.py...\n", path);
      fflush (stdout);
      if (!run_python (gen_argv, NULL))
        return 1;
    }

  start = g_get_monotonic_time ();
  profile = hearth_profile_load_path (path, &error);
  if (profile == NULL)
    {
      g_printerr ("%s\n", error->message);
      return 1;
    }
  printf ("%s: %u functions, %u edges, loaded in %.3f s\n", path,
          hearth_profile_get_n_functions (profile), hearth_profile_get_n_edges (profile),
          seconds_since (start));

  c_walk = time_tree (profile, 0.01, 2000000, (guint) runs);
  time_tree (profile, 0.001, 2000000, (guint) runs);
  c_fine = time_tree (profile, 0.0001, 2000000, (guint) runs);
  time_tree (profile, 0, 2000000, 1);
  time_tree (profile, 0, 200000, 1);
  getrusage (RUSAGE_SELF, &usage);
  printf ("peak memory (whole process)  %8.0f MB\n", usage.ru_maxrss / 1024.0);

  if (!no_python)
    {
      compare_python (path, "0.01", c_walk);
      compare_python (path, "0.0001", c_fine);
    }

  if (tmpdir != NULL)
    {
      remove (path);
      g_rmdir (tmpdir);
    }
  return 0;
}
