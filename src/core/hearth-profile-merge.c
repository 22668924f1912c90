/* hearth-profile-merge.c: several runs of one program added up into one profile, the way
 * pstats.Stats (a, b, c) adds cProfile files: the numbers of the same function summed, the
 * callers merged with their numbers summed; stack profiles add up stack by stack.
 *
 * Copyright 2026 The Hearth authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#define G_LOG_DOMAIN "hearth-core"

#include "hearth-profile-merge.h"

#include <glib/gi18n-lib.h>
#include <math.h>

#include "hearth-profile-private.h"

typedef struct
{
  gint64   prim_calls;
  gint64   calls;
  double   own;
  double   cum;
  gboolean listed;
} Numbers;

typedef struct
{
  guint   caller;
  guint   callee;
  Numbers numbers;
} EdgeSum;

typedef struct
{
  HearthProfile *merged;
  GArray        *numbers;      /* Numbers, by merged function */
  GArray        *edges;        /* EdgeSum, in order of first appearance */
  GHashTable    *edge_index;   /* caller << 32 | callee -> index in edges + 1 */
} Merge;

/* Python's ints do not overflow; Hearth's counts stop at the largest gint64 (as the reader's
 * do for a count past it). */
static gint64
add_count (gint64 a,
           gint64 b)
{
  if (b > 0 && a > G_MAXINT64 - b)
    return G_MAXINT64;
  if (b < 0 && a < G_MININT64 - b)
    return G_MININT64;
  return a + b;
}

static const char *
run_label (HearthProfile *profile)
{
  if (hearth_profile_get_path (profile) != NULL)
    return hearth_profile_get_path (profile);
  return hearth_profile_get_name (profile) != NULL ? hearth_profile_get_name (profile) : "-";
}

/* Runs of different kinds or units would add seconds to samples: refused, naming both. */
static gboolean
check_compatible (HearthProfile  *first,
                  HearthProfile  *other,
                  GError        **error)
{
  const char *a = run_label (first), *b = run_label (other);

  if (hearth_profile_get_kind (first) != hearth_profile_get_kind (other))
    g_set_error (error, G_IO_ERROR, G_IO_ERROR_INVALID_ARGUMENT,
                 _("%s and %s cannot be merged: one is a %s profile, the other a %s one"), a, b,
                 hearth_profile_kind_to_string (hearth_profile_get_kind (first)),
                 hearth_profile_kind_to_string (hearth_profile_get_kind (other)));
  else if (hearth_profile_get_unit (first) != hearth_profile_get_unit (other))
    g_set_error (error, G_IO_ERROR, G_IO_ERROR_INVALID_ARGUMENT,
                 _("%s and %s cannot be merged: one counts %s, the other %s"), a, b,
                 hearth_unit_to_string (hearth_profile_get_unit (first)),
                 hearth_unit_to_string (hearth_profile_get_unit (other)));
  else if (hearth_profile_has_stacks (first) != hearth_profile_has_stacks (other))
    g_set_error (error, G_IO_ERROR, G_IO_ERROR_INVALID_ARGUMENT,
                 _("%s and %s cannot be merged: one records stacks, the other only functions"),
                 a, b);
  else
    return TRUE;
  return FALSE;
}

/* Each function of @run as a function of the merged profile. */
static guint *
map_functions (Merge         *m,
               HearthProfile *run)
{
  guint n = hearth_profile_get_n_functions (run);
  guint *map = g_new (guint, MAX (n, 1));

  for (guint i = 0; i < n; i++)
    {
      const HearthFunction *f = hearth_profile_get_function (run, i);

      if (f->frame != NULL)
        map[i] = _hearth_profile_intern_frame (m->merged, f->frame, f->file, f->line, f->name);
      else
        map[i] = _hearth_profile_intern_function (m->merged, f->file, f->line, f->name);
      if (m->numbers->len <= map[i])
        g_array_set_size (m->numbers, map[i] + 1);
    }
  return map;
}

/* The four numbers pstats keeps, of a function or of an edge, added to @sum. */
static void
add_four (Numbers *sum,
          gint64   prim_calls,
          gint64   calls,
          double   own,
          double   cum)
{
  sum->prim_calls = add_count (sum->prim_calls, prim_calls);
  sum->calls = add_count (sum->calls, calls);
  sum->own += own;
  sum->cum += cum;
}

/* pstats' add_func_stats: the four numbers of a listed function summed. */
static void
add_numbers (Merge         *m,
             HearthProfile *run,
             const guint   *map)
{
  for (guint i = 0; i < hearth_profile_get_n_functions (run); i++)
    {
      const HearthFunction *f = hearth_profile_get_function (run, i);
      Numbers *sum = &g_array_index (m->numbers, Numbers, map[i]);

      if (!f->listed)
        continue;
      add_four (sum, f->prim_calls, f->calls, f->own, f->cum);
      sum->listed = TRUE;
    }
}

/* pstats' add_callers: an edge seen before gets this run's numbers added. */
static void
add_edges (Merge         *m,
           HearthProfile *run,
           const guint   *map)
{
  for (guint i = 0; i < hearth_profile_get_n_edges (run); i++)
    {
      const HearthEdge *e = hearth_profile_get_edge (run, i);
      guint64 key = (guint64) map[e->caller] << 32 | map[e->callee];
      guint index = GPOINTER_TO_UINT (g_hash_table_lookup (m->edge_index, &key));
      EdgeSum *sum;

      if (index == 0)
        {
          EdgeSum fresh = { map[e->caller], map[e->callee], { 0 } };

          g_array_append_val (m->edges, fresh);
          index = m->edges->len;
          g_hash_table_insert (m->edge_index, g_memdup2 (&key, sizeof key),
                               GUINT_TO_POINTER (index));
        }
      sum = &g_array_index (m->edges, EdgeSum, index - 1);
      add_four (&sum->numbers, e->prim_calls, e->calls, e->own, e->cum);
    }
}

/* A stack profile's stacks are added to the merged trie node by node (a node comes after
 * its parent), each keeping its weight and how many of the file's stacks it was. */
static void
add_stacks (Merge         *m,
            HearthProfile *run,
            const guint   *map)
{
  guint n_nodes;
  const HearthStackNode *nodes = hearth_profile_get_stack_nodes (run, &n_nodes);
  g_autofree guint *node_map = g_new0 (guint, MAX (n_nodes, 1));

  for (guint i = 1; i < n_nodes; i++)
    {
      node_map[i] = _hearth_profile_stack_child (m->merged, node_map[nodes[i].parent],
                                                 map[nodes[i].function]);
      if (nodes[i].n_stacks == 0)
        continue;
      _hearth_profile_add_stack_at (m->merged, node_map[i], nodes[i].weight);
      for (guint k = 1; k < nodes[i].n_stacks; k++)
        _hearth_profile_add_stack_at (m->merged, node_map[i], 0);
    }
}

static void
append_total (GString       *out,
              HearthProfile *profile)
{
  char buf[G_ASCII_DTOSTR_BUF_SIZE];
  guint64 count;

  if (hearth_profile_get_total_count (profile, &count))
    g_string_append_printf (out, "%" G_GUINT64_FORMAT, count);
  else
    g_string_append (out, g_ascii_formatd (buf, sizeof buf, "%.9g",
                                           hearth_profile_get_total (profile)));
}

/* The Warnings pane lists the runs with their totals, then what loading each one noticed. */
static void
add_run_warnings (HearthProfile *merged,
                  HearthProfile *run,
                  guint          index,
                  guint          n_runs)
{
  const char * const *warnings = hearth_profile_get_warnings (run);
  g_autoptr (GString) total = g_string_new (NULL);

  append_total (total, run);
  _hearth_profile_add_warning (merged, _("run %u of %u: %s, total %s %s"), index + 1, n_runs,
                               run_label (run), total->str,
                               hearth_unit_to_string (hearth_profile_get_unit (run)));
  for (guint i = 0; warnings[i] != NULL; i++)
    _hearth_profile_add_warning (merged, "%s: %s", run_label (run), warnings[i]);
}

static void
finish_merge (Merge *m)
{
  for (guint f = 0; f < m->numbers->len; f++)
    {
      const Numbers *sum = &g_array_index (m->numbers, Numbers, f);

      if (sum->listed)
        _hearth_profile_set_numbers (m->merged, f, sum->prim_calls, sum->calls, sum->own,
                                     sum->cum);
    }
  for (guint i = 0; i < m->edges->len; i++)
    {
      const EdgeSum *e = &g_array_index (m->edges, EdgeSum, i);

      _hearth_profile_set_edge (m->merged, e->caller, e->callee, e->numbers.calls,
                                e->numbers.prim_calls, e->numbers.own, e->numbers.cum);
    }
  _hearth_profile_finish (m->merged);
}

/* Runs whose root frames are all profiles (threads) add up to such a profile. */
static gboolean
all_thread_roots (HearthProfile * const *profiles,
                  guint                  n_profiles)
{
  for (guint i = 0; i < n_profiles; i++)
    if (!_hearth_profile_has_thread_roots (profiles[i]))
      return FALSE;
  return TRUE;
}

/**
 * hearth_profile_merge:
 * @profiles: (array length=n_profiles): finished profiles, runs of one program
 * @n_profiles: how many, at least one
 * @error: where to say why they cannot be added up
 *
 * Adds the runs up into one profile, as `pstats.Stats (a, b, …)` does for cProfile files;
 * stack profiles add up their stacks. Runs of different kinds (deterministic and sampled),
 * units, or with stacks and without, are refused. The merged profile is named "N runs
 * merged" and lists each run with its total among its warnings.
 *
 * Returns: (transfer full): the merged profile, or %NULL with @error set
 */
HearthProfile *
hearth_profile_merge (HearthProfile * const *profiles,
                      guint                  n_profiles,
                      GError               **error)
{
  HearthProfile *first;
  g_autofree char *name = NULL;
  Merge m;

  g_return_val_if_fail (n_profiles > 0 && profiles != NULL, NULL);
  g_return_val_if_fail (error == NULL || *error == NULL, NULL);

  first = profiles[0];
  for (guint i = 1; i < n_profiles; i++)
    if (!check_compatible (first, profiles[i], error))
      return NULL;

  m.merged = _hearth_profile_new (hearth_profile_get_format (first),
                                  hearth_profile_get_kind (first),
                                  hearth_profile_get_unit (first));
  m.numbers = g_array_new (FALSE, TRUE, sizeof (Numbers));
  m.edges = g_array_new (FALSE, FALSE, sizeof (EdgeSum));
  m.edge_index = g_hash_table_new_full (g_int64_hash, g_int64_equal, g_free, NULL);

  /* pstats.Stats (a, b, c) reads a, then adds c and b (Stats.add walks its arguments in
   * reverse): sums of times depend on the order, so the same order gives the same digits */
  for (guint k = 0; k < n_profiles; k++)
    {
      HearthProfile *run = profiles[k == 0 ? 0 : n_profiles - k];
      g_autofree guint *map = map_functions (&m, run);

      if (hearth_profile_has_stacks (run))
        add_stacks (&m, run, map);
      else
        {
          add_numbers (&m, run, map);
          add_edges (&m, run, map);
        }
    }
  for (guint i = 0; i < n_profiles; i++)
    add_run_warnings (m.merged, profiles[i], i, n_profiles);
  finish_merge (&m);
  if (all_thread_roots (profiles, n_profiles))
    _hearth_profile_set_thread_roots (m.merged);

  name = g_strdup_printf (ngettext ("%u run merged", "%u runs merged", n_profiles), n_profiles);
  _hearth_profile_set_name (m.merged, name);
  /* relative source paths are found next to the first run */
  _hearth_profile_set_path (m.merged, hearth_profile_get_path (first));

  g_array_unref (m.numbers);
  g_array_unref (m.edges);
  g_hash_table_unref (m.edge_index);
  return m.merged;
}

/**
 * hearth_profile_merge_paths:
 * @paths: (array zero-terminated=1): the files of the runs, at least one
 * @error: where to say which file could not be read, or why the runs do not add up
 *
 * Returns: (transfer full): the runs loaded and merged, or %NULL with @error set
 */
HearthProfile *
hearth_profile_merge_paths (const char * const  *paths,
                            GError             **error)
{
  g_autoptr (GPtrArray) runs = g_ptr_array_new_with_free_func (g_object_unref);

  g_return_val_if_fail (paths != NULL && paths[0] != NULL, NULL);

  for (guint i = 0; paths[i] != NULL; i++)
    {
      HearthProfile *run = hearth_profile_load_path (paths[i], error);

      if (run == NULL)
        return NULL;
      g_ptr_array_add (runs, run);
    }
  return hearth_profile_merge ((HearthProfile * const *) runs->pdata, runs->len, error);
}
