/* hearth-session-selection.c: the selected and the zoomed bar of a session, and how they
 * follow their functions into a new tree.
 *
 * Copyright 2026 The Hearth authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#define G_LOG_DOMAIN "hearth-session"

#include "hearth-session-private.h"

/* The widest bar of @function (-1: the synthetic root of a stack tree), or -1 for none. */
gint
_hearth_session_widest_node_of (HearthCallTree *tree,
                                gint            function)
{
  guint n = tree != NULL ? hearth_call_tree_get_n_nodes (tree) : 0;
  gint best = -1;
  double best_width = -1;

  for (guint i = 0; i < n; i++)
    {
      const HearthNode *node = hearth_call_tree_get_node (tree, i);
      gint f = node->function == G_MAXUINT ? -1 : (gint) node->function;

      if (f == function && node->width > best_width)
        {
          best = i;
          best_width = node->width;
        }
    }
  return best;
}

/* The function of @node: -1 for the synthetic root of a stack tree, -2 for no such bar. */
gint
_hearth_session_function_of (HearthCallTree *tree,
                             gint            node)
{
  guint f;

  if (tree == NULL || node < 0 || (guint) node >= hearth_call_tree_get_n_nodes (tree))
    return -2;
  f = hearth_call_tree_get_node (tree, node)->function;
  return f == G_MAXUINT ? -1 : (gint) f;
}

gboolean
_hearth_session_valid_node (HearthSession *self,
                            gint           node)
{
  return self->tree != NULL && node >= 0 &&
         (guint) node < hearth_call_tree_get_n_nodes (self->tree);
}

/**
 * hearth_session_get_selected:
 * @self: a #HearthSession
 *
 * Returns: the selected bar, or -1
 */
gint
hearth_session_get_selected (HearthSession *self)
{
  g_return_val_if_fail (HEARTH_IS_SESSION (self), -1);
  return self->selected;
}

/**
 * hearth_session_set_selected:
 * @self: a #HearthSession
 * @node: a bar of the tree, or -1
 */
void
hearth_session_set_selected (HearthSession *self,
                             gint           node)
{
  g_return_if_fail (HEARTH_IS_SESSION (self));

  if (!_hearth_session_valid_node (self, node))
    node = -1;
  if (self->selected == node)
    return;
  self->selected = node;
  g_object_notify_by_pspec (G_OBJECT (self), _hearth_session_props[PROP_SELECTED]);
}

/**
 * hearth_session_get_selected_function:
 * @self: a #HearthSession
 *
 * Returns: the function of the selected bar; -1 when none is selected or the synthetic root is
 */
gint
hearth_session_get_selected_function (HearthSession *self)
{
  gint f;

  g_return_val_if_fail (HEARTH_IS_SESSION (self), -1);

  f = _hearth_session_function_of (self->tree, self->selected);
  return f < 0 ? -1 : f;
}

/**
 * hearth_session_select_function:
 * @self: a #HearthSession
 * @function: a function index
 *
 * Selects the widest bar of @function; when it has none, the selection stays.
 */
void
hearth_session_select_function (HearthSession *self,
                                guint          function)
{
  gint node;

  g_return_if_fail (HEARTH_IS_SESSION (self));

  node = _hearth_session_widest_node_of (self->tree, (gint) function);
  if (node >= 0)
    hearth_session_set_selected (self, node);
}

/**
 * hearth_session_get_zoom:
 * @self: a #HearthSession
 *
 * Returns: the bar zoomed into, or -1 for the whole run
 */
gint
hearth_session_get_zoom (HearthSession *self)
{
  g_return_val_if_fail (HEARTH_IS_SESSION (self), -1);
  return self->zoom;
}

/**
 * hearth_session_set_zoom:
 * @self: a #HearthSession
 * @node: a bar to fill the width with, or -1 (or the root) for the whole run
 */
void
hearth_session_set_zoom (HearthSession *self,
                         gint           node)
{
  g_return_if_fail (HEARTH_IS_SESSION (self));

  if (!_hearth_session_valid_node (self, node) || node == 0)
    node = -1;
  if (self->zoom == node)
    return;
  self->zoom = node;
  g_object_notify_by_pspec (G_OBJECT (self), _hearth_session_props[PROP_ZOOM]);
}
