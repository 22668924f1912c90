/* hearth-sandwich.c: one function with its callers below and its callees above.
 *
 * Copyright 2026 The Hearth authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#define G_LOG_DOMAIN "hearth-sandwich"

#include "hearth-sandwich.h"

/* A sandwich is two call trees rooted at the same function, both as wide as its cumulative
 * time: the usual one of its callees, and the one of its callers that the same walk lays out
 * turned over (hearth_call_tree_new_callers()). The first level of each is the file's edges;
 * what lies further carries the main graph's marks (estimated with bounds, guarded, shrunk). */

struct _HearthSandwich
{
  GObject         parent_instance;

  /* owned */
  HearthProfile  *profile;
  HearthCallTree *callees;
  HearthCallTree *callers;
  guint          *caller_edges;
  guint          *callee_edges;
  guint           n_caller_edges;
  guint           n_callee_edges;
  guint           function;
};

G_DEFINE_FINAL_TYPE (HearthSandwich, hearth_sandwich, G_TYPE_OBJECT)

static void
hearth_sandwich_finalize (GObject *object)
{
  HearthSandwich *self = (HearthSandwich *) object;

  g_clear_object (&self->profile);
  g_clear_object (&self->callees);
  g_clear_object (&self->callers);
  g_clear_pointer (&self->caller_edges, g_free);
  g_clear_pointer (&self->callee_edges, g_free);

  G_OBJECT_CLASS (hearth_sandwich_parent_class)->finalize (object);
}

static void
hearth_sandwich_class_init (HearthSandwichClass *klass)
{
  G_OBJECT_CLASS (klass)->finalize = hearth_sandwich_finalize;
}

static void
hearth_sandwich_init (HearthSandwich *self)
{
}

/**
 * hearth_sandwich_new:
 * @profile: a finished profile
 * @function: the function in the middle
 * @options: (nullable): cutoff and limits as for hearth_call_tree_new() (the root is
 *   @function whatever @options says); %NULL for the defaults
 * @error: return location for a #HEARTH_CALL_TREE_ERROR when @function is not a function
 *
 * Lays out the sandwich of @function: its callees merged over every chain it is on, and its
 * callers likewise. Safe to call in a thread: the profile is immutable.
 *
 * Returns: (transfer full): the sandwich, or %NULL with @error set
 */
HearthSandwich *
hearth_sandwich_new (HearthProfile               *profile,
                     guint                        function,
                     const HearthCallTreeOptions *options,
                     GError                     **error)
{
  static const HearthCallTreeOptions defaults = HEARTH_CALL_TREE_OPTIONS_INIT;
  g_autoptr (HearthSandwich) self = NULL;
  HearthCallTreeOptions o = options != NULL ? *options : defaults;

  g_return_val_if_fail (HEARTH_IS_PROFILE (profile), NULL);
  g_return_val_if_fail (error == NULL || *error == NULL, NULL);

  if (function >= hearth_profile_get_n_functions (profile) || function > G_MAXINT)
    {
      g_set_error (error, HEARTH_CALL_TREE_ERROR, HEARTH_CALL_TREE_ERROR_BAD_ROOT,
                   "function %u is not a function of the profile", function);
      return NULL;
    }

  self = g_object_new (HEARTH_TYPE_SANDWICH, NULL);
  self->profile = g_object_ref (profile);
  self->function = function;
  o.root = (gint) function;
  self->callees = hearth_call_tree_new (profile, &o, error);
  if (self->callees == NULL)
    return NULL;
  self->callers = hearth_call_tree_new_callers (profile, &o, error);
  if (self->callers == NULL)
    return NULL;
  self->caller_edges = hearth_call_tree_dup_callers (self->callees, function,
                                                     &self->n_caller_edges);
  self->callee_edges = hearth_call_tree_dup_callees (self->callees, function,
                                                     &self->n_callee_edges);

  return g_steal_pointer (&self);
}

/**
 * hearth_sandwich_get_profile:
 * @self: a sandwich
 *
 * Returns: (transfer none): its profile
 */
HearthProfile *
hearth_sandwich_get_profile (HearthSandwich *self)
{
  g_return_val_if_fail (HEARTH_IS_SANDWICH (self), NULL);
  return self->profile;
}

/**
 * hearth_sandwich_get_function:
 * @self: a sandwich
 *
 * Returns: the function in the middle
 */
guint
hearth_sandwich_get_function (HearthSandwich *self)
{
  g_return_val_if_fail (HEARTH_IS_SANDWICH (self), 0);
  return self->function;
}

/**
 * hearth_sandwich_get_total:
 * @self: a sandwich
 *
 * Returns: the width of the common axis, the function's cumulative time in the profile's
 *   unit (for stack profiles, the weight of the stacks it is on)
 */
double
hearth_sandwich_get_total (HearthSandwich *self)
{
  g_return_val_if_fail (HEARTH_IS_SANDWICH (self), 0);
  return hearth_call_tree_get_total (self->callees);
}

/**
 * hearth_sandwich_get_callees:
 * @self: a sandwich
 *
 * Returns: (transfer none): the upper half, a call tree rooted at the function
 */
HearthCallTree *
hearth_sandwich_get_callees (HearthSandwich *self)
{
  g_return_val_if_fail (HEARTH_IS_SANDWICH (self), NULL);
  return self->callees;
}

/**
 * hearth_sandwich_get_callers:
 * @self: a sandwich
 *
 * Returns: (transfer none): the lower half, a tree of callers rooted at the function (a
 *   bar's children are its callers), to be drawn upside down
 */
HearthCallTree *
hearth_sandwich_get_callers (HearthSandwich *self)
{
  g_return_val_if_fail (HEARTH_IS_SANDWICH (self), NULL);
  return self->callers;
}

/**
 * hearth_sandwich_get_caller_edges:
 * @self: a sandwich
 * @n_edges: (out): how many
 *
 * The file's edges into the function, widest (largest cumulative time) first, ties by the
 * caller's key; for stack profiles counted from the stacks (the caller directly below).
 *
 * Returns: (transfer none): edge indices of the profile
 */
const guint *
hearth_sandwich_get_caller_edges (HearthSandwich *self,
                                  guint          *n_edges)
{
  g_return_val_if_fail (HEARTH_IS_SANDWICH (self), NULL);
  g_return_val_if_fail (n_edges != NULL, NULL);

  *n_edges = self->n_caller_edges;
  return self->caller_edges;
}

/**
 * hearth_sandwich_get_callee_edges:
 * @self: a sandwich
 * @n_edges: (out): how many
 *
 * Like hearth_sandwich_get_caller_edges(), for the edges out of the function.
 *
 * Returns: (transfer none): edge indices of the profile
 */
const guint *
hearth_sandwich_get_callee_edges (HearthSandwich *self,
                                  guint          *n_edges)
{
  g_return_val_if_fail (HEARTH_IS_SANDWICH (self), NULL);
  g_return_val_if_fail (n_edges != NULL, NULL);

  *n_edges = self->n_callee_edges;
  return self->callee_edges;
}
