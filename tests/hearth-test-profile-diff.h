/* hearth-test-profile-diff.h: whether two profiles read from the same data are the same.
 *
 * Copyright 2026 The Hearth authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * Header-only, so that the fuzz targets (which link no test helpers) can use it too.
 */

#pragma once

#include "hearth-profile.h"

#include <math.h>
#include <string.h>

static inline gboolean
hearth_test_same_double (double a,
                         double b)
{
  return a == b || (isnan (a) && isnan (b));
}

/* Returns the first difference between @a and @b, or %NULL when they hold the same
 * functions, stacks, numbers, names and warnings (free the result). */
static inline char *
hearth_test_profile_diff (HearthProfile *a,
                          HearthProfile *b)
{
  const char *const *wa = hearth_profile_get_warnings (a);
  const char *const *wb = hearth_profile_get_warnings (b);
  const HearthStackNode *na, *nb;
  guint n_na, n_nb;

  if (hearth_profile_get_format (a) != hearth_profile_get_format (b) ||
      hearth_profile_get_kind (a) != hearth_profile_get_kind (b) ||
      hearth_profile_get_unit (a) != hearth_profile_get_unit (b))
    return g_strdup ("format, kind or unit");
  if (g_strcmp0 (hearth_profile_get_name (a), hearth_profile_get_name (b)) != 0)
    return g_strdup_printf ("name %s / %s", hearth_profile_get_name (a),
                            hearth_profile_get_name (b));
  if (!hearth_test_same_double (hearth_profile_get_total (a), hearth_profile_get_total (b)))
    return g_strdup_printf ("total %.17g / %.17g", hearth_profile_get_total (a),
                            hearth_profile_get_total (b));
  if (hearth_profile_get_n_functions (a) != hearth_profile_get_n_functions (b))
    return g_strdup_printf ("%u / %u functions", hearth_profile_get_n_functions (a),
                            hearth_profile_get_n_functions (b));
  for (guint i = 0; i < hearth_profile_get_n_functions (a); i++)
    {
      const HearthFunction *fa = hearth_profile_get_function (a, i);
      const HearthFunction *fb = hearth_profile_get_function (b, i);

      if (g_strcmp0 (fa->frame, fb->frame) != 0 || strcmp (fa->file, fb->file) != 0 ||
          strcmp (fa->name, fb->name) != 0 || fa->line != fb->line ||
          fa->calls != fb->calls || fa->prim_calls != fb->prim_calls ||
          !hearth_test_same_double (fa->own, fb->own) ||
          !hearth_test_same_double (fa->cum, fb->cum))
        return g_strdup_printf ("function %u: %s / %s", i, fa->name, fb->name);
    }
  if (hearth_profile_get_n_edges (a) != hearth_profile_get_n_edges (b))
    return g_strdup_printf ("%u / %u edges", hearth_profile_get_n_edges (a),
                            hearth_profile_get_n_edges (b));
  for (guint i = 0; i < hearth_profile_get_n_edges (a); i++)
    {
      const HearthEdge *ea = hearth_profile_get_edge (a, i);
      const HearthEdge *eb = hearth_profile_get_edge (b, i);

      if (ea->caller != eb->caller || ea->callee != eb->callee || ea->calls != eb->calls ||
          ea->prim_calls != eb->prim_calls || !hearth_test_same_double (ea->own, eb->own) ||
          !hearth_test_same_double (ea->cum, eb->cum))
        return g_strdup_printf ("edge %u: %u -> %u / %u -> %u", i, ea->caller, ea->callee,
                                eb->caller, eb->callee);
    }
  if (hearth_profile_get_n_stacks (a) != hearth_profile_get_n_stacks (b))
    return g_strdup_printf ("%u / %u stacks", hearth_profile_get_n_stacks (a),
                            hearth_profile_get_n_stacks (b));
  na = hearth_profile_get_stack_nodes (a, &n_na);
  nb = hearth_profile_get_stack_nodes (b, &n_nb);
  if (n_na != n_nb)
    return g_strdup_printf ("%u / %u stack nodes", n_na, n_nb);
  for (guint i = 0; i < n_na; i++)
    if (na[i].parent != nb[i].parent || na[i].function != nb[i].function ||
        na[i].n_stacks != nb[i].n_stacks || !hearth_test_same_double (na[i].weight, nb[i].weight))
      return g_strdup_printf ("stack node %u", i);
  for (guint i = 0; wa[i] != NULL || wb[i] != NULL; i++)
    if (wa[i] == NULL || wb[i] == NULL || strcmp (wa[i], wb[i]) != 0)
      return g_strdup_printf ("warning %u: %s / %s", i, wa[i] ? wa[i] : "(none)",
                              wb[i] ? wb[i] : "(none)");
  return NULL;
}
