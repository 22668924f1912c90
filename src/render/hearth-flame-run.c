/* hearth-flame-run.c: one run of the flame renderer: its rows in drawing order with their
 * prefix sums, and what it caches per function (colour variant, search match, label).
 *
 * Copyright 2026 The Hearth authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#define G_LOG_DOMAIN "hearth-flame-renderer"

#include "hearth-flame-run.h"

#include <math.h>
#include <string.h>

#include "hearth-flame-renderer-private.h"

void
_hearth_flame_run_clear (Run *run)
{
  g_clear_object (&run->tree);
  g_clear_object (&run->names);
  run->profile = NULL;
  run->nodes = NULL;
  g_clear_pointer (&run->name, g_free);
  if (run->prefix != NULL)
    for (guint d = 0; d <= run->max_depth; d++)
      {
        g_free (run->prefix[d]);
        g_free (run->left[d]);
        g_free (run->parent[d]);
        g_free (run->function[d]);
      }
  g_clear_pointer (&run->prefix, g_free);
  g_clear_pointer (&run->left, g_free);
  g_clear_pointer (&run->parent, g_free);
  g_clear_pointer (&run->function, g_free);
  g_clear_pointer (&run->rows, g_free);
  g_clear_pointer (&run->row_len, g_free);
  g_clear_pointer (&run->match, g_free);
  g_clear_pointer (&run->variant, g_free);
  g_clear_pointer (&run->labels, g_free);
  g_clear_pointer (&run->change, g_free);
  g_clear_pointer (&run->before_width, g_free);
  g_clear_pointer (&run->diff_flags, g_free);
  memset (run, 0, sizeof *run);
  run->selected = -1;
}

HearthCategory
_hearth_flame_run_category (Run   *run,
                            guint  function)
{
  if (function >= run->n_functions || run->names == NULL)
    return HEARTH_CATEGORY_PYTHON;
  return hearth_names_get_category (run->names, function);
}

void
_hearth_flame_run_set (Run            *run,
                       HearthCallTree *tree,
                       HearthNames    *names)
{
  _hearth_flame_run_clear (run);
  run->tree = g_object_ref (tree);
  run->names = names != NULL ? g_object_ref (names) : NULL;
  run->profile = hearth_call_tree_get_profile (tree);
  if (hearth_profile_get_name (run->profile) != NULL)
    run->name = g_utf8_make_valid (hearth_profile_get_name (run->profile), -1);
  else if (hearth_profile_get_path (run->profile) != NULL)
    {
      g_autofree char *base = g_path_get_basename (hearth_profile_get_path (run->profile));
      run->name = g_filename_display_name (base);
    }
  run->n_nodes = hearth_call_tree_get_n_nodes (tree);
  run->n_functions = hearth_profile_get_n_functions (run->profile);
  run->nodes = run->n_nodes > 0 ? hearth_call_tree_get_node (tree, 0) : NULL;
  run->total = run->n_nodes > 0 ? hearth_call_tree_get_total (tree) : 0;
  if (!(run->total > 0) || !isfinite (run->total))
    run->total = 0;
  run->max_depth = run->n_nodes > 0 ? hearth_call_tree_get_max_depth (tree) : 0;
  run->n_rows = run->n_nodes > 0 ? run->max_depth + 1 : 0;

  run->rows = g_new0 (const guint *, run->max_depth + 1);
  run->row_len = g_new0 (guint, run->max_depth + 1);
  run->prefix = g_new0 (double *, run->max_depth + 1);
  run->left = g_new0 (double *, run->max_depth + 1);
  run->parent = g_new0 (guint *, run->max_depth + 1);
  run->function = g_new0 (guint *, run->max_depth + 1);
  for (guint d = 0; run->n_nodes > 0 && d <= run->max_depth; d++)
    {
      guint n = 0;
      double sum = 0;

      run->rows[d] = hearth_call_tree_get_row (tree, d, &n);
      run->row_len[d] = n;
      run->prefix[d] = g_new (double, n + 1);
      run->left[d] = g_new (double, MAX (n, 1));
      run->parent[d] = g_new (guint, MAX (n, 1));
      run->function[d] = g_new (guint, MAX (n, 1));
      for (guint i = 0; i < n; i++)
        {
          run->left[d][i] = run->nodes[run->rows[d][i]].left;
          run->parent[d][i] = run->nodes[run->rows[d][i]].parent;
          run->function[d][i] = run->nodes[run->rows[d][i]].function;
          run->prefix[d][i] = sum;
          sum += run->nodes[run->rows[d][i]].width;
        }
      run->prefix[d][n] = sum;
    }

  for (guint i = 0; i < run->n_nodes; i++)
    {
      const HearthNode *node = &run->nodes[i];

      if (node->flags & HEARTH_NODE_ESTIMATED)
        run->has_estimated = TRUE;
      if (node->flags & HEARTH_NODE_SHRUNK)
        run->has_shrunk = TRUE;
      if (node->guarded_width > 0)
        {
          run->has_guarded = TRUE;
          if (node->depth == run->max_depth)
            run->n_rows = run->max_depth + 2;
        }
      run->categories |= 1u << _hearth_flame_run_category (run, node->function);
    }

  run->match = g_new0 (guint8, run->n_functions + 1);
  run->variant = g_new (guint8, run->n_functions + 1);
  memset (run->variant, NO_VARIANT, run->n_functions + 1);
  run->labels = g_new0 (HearthLabel *, run->n_functions + 1);
}

guint
_hearth_flame_function_slot (Run   *run,
                             guint  function)
{
  return function < run->n_functions ? function : run->n_functions;
}

guint
_hearth_flame_run_variant (Run   *run,
                           guint  function)
{
  guint slot = _hearth_flame_function_slot (run, function);

  if (run->variant[slot] == NO_VARIANT)
    {
      const HearthFunction *f = NULL;

      if (function < run->n_functions)
        f = hearth_profile_get_function (run->profile, function);
      run->variant[slot] = hearth_palette_variant_for (f != NULL ? f->file : NULL,
                                                       f != NULL ? f->name : "all");
    }
  return run->variant[slot];
}

/**
 * hearth_bar_label_text:
 * @profile: a profile
 * @names: (nullable): its names
 * @function: a function of @profile, or past its end for the root
 *
 * The text a bar shows before fitting: the qualified name when the names know one, else
 * the label, else the raw name. The HTML page labels its bars the same way.
 *
 * Returns: (transfer none): the text
 */
const char *
hearth_bar_label_text (HearthProfile *profile,
                       HearthNames   *names,
                       guint          function)
{
  const char *text = NULL;

  if (function >= hearth_profile_get_n_functions (profile))
    return "all";
  if (names != NULL)
    {
      text = hearth_names_get_qualified (names, function);
      if (text == NULL || text[0] == '\0')
        text = hearth_names_get_label (names, function);
    }
  if (text == NULL || text[0] == '\0')
    text = hearth_profile_get_function (profile, function)->name;
  return text != NULL && text[0] != '\0' ? text : "?";
}

const char *
_hearth_flame_run_label_text (Run   *run,
                              guint  function)
{
  return hearth_bar_label_text (run->profile, run->names, function);
}

gboolean
_hearth_flame_searching (HearthFlameRenderer *self)
{
  return self->match != NULL;
}

gboolean
_hearth_flame_run_matches (HearthFlameRenderer *self,
                           Run                 *run,
                           guint                function)
{
  guint slot = _hearth_flame_function_slot (run, function);

  if (run->match[slot] == 0)
    {
      gboolean yes = function < run->n_functions &&
                     self->match (run->profile, function, self->match_data);
      run->match[slot] = yes ? 2 : 1;
    }
  return run->match[slot] == 2;
}

char *
_hearth_flame_run_total_text (Run *run)
{
  return hearth_format_value (run->total, hearth_profile_get_unit (run->profile));
}
