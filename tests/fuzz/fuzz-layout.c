/* fuzz-layout.c: libFuzzer target for what comes after a reader: the call tree's walk, the
 * names, the chains and a layout of the bars, the functions table and a sandwich, on
 * whatever the loader accepts.
 *
 * Copyright 2026 The Hearth authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include <gio/gio.h>
#include <math.h>
#include <stdint.h>

#include "hearth-call-tree.h"
#include "hearth-flame-renderer.h"
#include "hearth-function-table.h"
#include "hearth-names.h"
#include "hearth-profile.h"
#include "hearth-sandwich.h"

int LLVMFuzzerTestOneInput (const uint8_t *data, size_t size);

static void
check_tree (HearthCallTree *tree)
{
  guint n = hearth_call_tree_get_n_nodes (tree);
  g_autofree guint *chains = NULL;
  guint n_chains = 0;

  for (guint i = 0; i < n; i++)
    {
      const HearthNode *node = hearth_call_tree_get_node (tree, i);

      g_assert (isfinite (node->left) && isfinite (node->width));
      g_assert (node->width >= 0);
      g_assert (node->depth <= hearth_call_tree_get_max_depth (tree));
    }
  chains = hearth_call_tree_dup_widest_chains (tree, &n_chains);
}

static void
lay_out (HearthCallTree *tree)
{
  g_autoptr (HearthNames) names = hearth_names_new (hearth_call_tree_get_profile (tree), NULL,
                                                    FALSE);
  /* one renderer for every input: its fonts are set up once */
  static HearthFlameRenderer *renderer;
  HearthFlameViewport vp = HEARTH_FLAME_VIEWPORT_INIT;
  cairo_surface_t *surface;
  cairo_t *cr;

  if (renderer == NULL)
    renderer = hearth_flame_renderer_new ();
  hearth_flame_renderer_set_tree (renderer, tree, names);
  vp.width = 64;
  vp.row_height = 4;
  g_assert (hearth_flame_renderer_get_height (renderer, &vp) >= 0);
  hearth_flame_renderer_node_at (renderer, &vp, 32, 2, NULL);
  /* a recording surface lays the bars and labels out without rasterising them */
  surface = cairo_recording_surface_create (CAIRO_CONTENT_COLOR, NULL);
  cr = cairo_create (surface);
  hearth_flame_renderer_draw (renderer, cr, &vp);
  g_assert (cairo_status (cr) == CAIRO_STATUS_SUCCESS);
  cairo_destroy (cr);
  cairo_surface_destroy (surface);
  hearth_flame_renderer_set_tree (renderer, NULL, NULL);
}

/* The table, and the sandwich of the first bar above the root (callers walked too). */
static void
check_functions (HearthCallTree              *tree,
                 const HearthCallTreeOptions *options)
{
  HearthProfile *profile = hearth_call_tree_get_profile (tree);
  g_autoptr (HearthNames) names = hearth_names_new (profile, NULL, FALSE);
  g_autoptr (HearthFunctionTable) table = hearth_function_table_new (names);
  g_autoptr (HearthSandwich) sandwich = NULL;
  g_autofree guint *bars = NULL;
  guint n_bars = 0, function;
  double total = 0;

  hearth_function_table_sort (table, HEARTH_FUNCTION_COLUMN_CUM_PER_CALL, FALSE);
  g_assert (hearth_function_table_set_filter (table, "a", FALSE, NULL));
  if (hearth_call_tree_get_n_nodes (tree) < 2)
    return;
  function = hearth_call_tree_get_node (tree, 1)->function;
  bars = hearth_function_table_dup_bars (tree, function, &n_bars, &total);
  g_assert (n_bars > 0 && total <= hearth_call_tree_get_total (tree) * (1 + 1e-9));
  sandwich = hearth_sandwich_new (profile, function, options, NULL);
  g_assert (sandwich != NULL);
  check_tree (hearth_sandwich_get_callees (sandwich));
  check_tree (hearth_sandwich_get_callers (sandwich));
}

int
LLVMFuzzerTestOneInput (const uint8_t *data,
                        size_t         size)
{
  g_autoptr (GBytes) bytes = g_bytes_new_static (data, size);
  g_autoptr (HearthProfile) profile = NULL;
  g_autoptr (HearthCallTree) tree = NULL;
  g_autoptr (GError) error = NULL;
  HearthCallTreeOptions options = HEARTH_CALL_TREE_OPTIONS_INIT;

  profile = hearth_profile_load_bytes (bytes, "fuzz", NULL);
  if (profile == NULL)
    return 0;
  /* the input's length picks the options, so that each is reached */
  options.cutoff = (size & 1) ? 0 : 0.01;
  options.max_repeat = (size & 2) ? 2 : 1;
  options.collapse_recursion = (size & 4) != 0;
  options.node_budget = 20000;
  tree = hearth_call_tree_new (profile, &options, &error);
  g_assert ((tree == NULL) != (error == NULL));
  if (tree == NULL)
    return 0;
  check_tree (tree);
  lay_out (tree);
  check_functions (tree, &options);
  return 0;
}
