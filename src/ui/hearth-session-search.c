/* hearth-session-search.c: the search of a session: which functions match the text (or the
 * regular expression), their time in the tree, and stepping the selection through them.
 *
 * Copyright 2026 The Hearth authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#define G_LOG_DOMAIN "hearth-session"

#include "hearth-session-private.h"

#include <string.h>

struct _HearthSearchHits
{
  guint   n_functions;
  guint8 *hit;
};

/* Search hits ------------------------------------------------------------------------------- */

static HearthSearchHits *
search_hits_new (guint n_functions)
{
  HearthSearchHits *hits = g_atomic_rc_box_new0 (HearthSearchHits);

  hits->n_functions = n_functions;
  hits->hit = g_new0 (guint8, MAX (n_functions, 1));
  return hits;
}

static void
search_hits_free (gpointer data)
{
  HearthSearchHits *hits = data;

  g_free (hits->hit);
}

/**
 * hearth_search_hits_ref:
 * @hits: search hits
 *
 * Returns: (transfer full): @hits
 */
HearthSearchHits *
hearth_search_hits_ref (HearthSearchHits *hits)
{
  g_return_val_if_fail (hits != NULL, NULL);

  return g_atomic_rc_box_acquire (hits);
}

/**
 * hearth_search_hits_unref:
 * @hits: (type HearthSearchHits): search hits
 *
 * Drops a reference; a #GDestroyNotify.
 */
void
hearth_search_hits_unref (gpointer hits)
{
  if (hits != NULL)
    g_atomic_rc_box_release_full (hits, search_hits_free);
}

/**
 * hearth_search_hits_match:
 * @profile: the profile searched
 * @function: a function index
 * @hits: (type HearthSearchHits): the hits of a search
 *
 * A #HearthFunctionMatchFunc over precomputed hits.
 *
 * Returns: whether @function matches
 */
gboolean
hearth_search_hits_match (HearthProfile *profile,
                          guint          function,
                          gpointer       hits)
{
  HearthSearchHits *self = hits;

  return self != NULL && function < self->n_functions && self->hit[function] != 0;
}

static gboolean
field_matches (const char *field,
               const char *folded_text,
               GRegex     *regex)
{
  g_autofree char *folded = NULL;

  if (field == NULL || field[0] == '\0')
    return FALSE;
  if (regex != NULL)
    return g_regex_match (regex, field, 0, NULL);
  folded = g_utf8_casefold (field, -1);
  return strstr (folded, folded_text) != NULL;
}

static gboolean
function_matches (HearthSession *self,
                  guint          function,
                  const char    *folded_text,
                  GRegex        *regex)
{
  const HearthFunction *f = hearth_profile_get_function (self->profile, function);
  const char *fields[5] = { NULL, NULL, f->name, f->file, f->frame };

  if (self->names != NULL)
    {
      fields[0] = hearth_names_get_label (self->names, function);
      fields[1] = hearth_names_get_qualified (self->names, function);
    }
  for (guint i = 0; i < G_N_ELEMENTS (fields); i++)
    if (field_matches (fields[i], folded_text, regex))
      return TRUE;
  return FALSE;
}

/* Recomputes the hits and totals of the search for the current tree; notifies the totals. */
void
_hearth_session_update_search (HearthSession *self)
{
  g_autoptr (GRegex) regex = NULL;
  g_autoptr (GError) error = NULL;
  g_autofree char *folded = NULL;
  g_autofree guint8 *counted = NULL;
  guint n_functions, n_nodes;
  const char *error_message = NULL;

  g_clear_pointer (&self->hits, hearth_search_hits_unref);
  self->match_functions = 0;
  self->match_total = 0;

  if (self->search_text != NULL && self->search_text[0] != '\0' && self->search_regex)
    {
      regex = g_regex_new (self->search_text, G_REGEX_CASELESS | G_REGEX_OPTIMIZE, 0, &error);
      if (regex == NULL)
        error_message = error->message;
    }

  if (g_strcmp0 (self->search_error, error_message) != 0)
    {
      _hearth_session_set_string (&self->search_error, error_message);
      g_object_notify_by_pspec (G_OBJECT (self), _hearth_session_props[PROP_SEARCH_ERROR]);
    }

  if (self->profile != NULL && self->tree != NULL && self->search_text != NULL &&
      self->search_text[0] != '\0' && error_message == NULL)
    {
      n_functions = hearth_profile_get_n_functions (self->profile);
      if (regex == NULL)
        folded = g_utf8_casefold (self->search_text, -1);
      self->hits = search_hits_new (n_functions);
      for (guint f = 0; f < n_functions; f++)
        self->hits->hit[f] = function_matches (self, f, folded, regex);

      self->match_total = hearth_call_tree_get_match_total (self->tree, hearth_search_hits_match,
                                                            self->hits, NULL);
      /* "N functions": the distinct matching functions that have a bar */
      counted = g_new0 (guint8, MAX (n_functions, 1));
      n_nodes = hearth_call_tree_get_n_nodes (self->tree);
      for (guint i = 0; i < n_nodes; i++)
        {
          guint f = hearth_call_tree_get_node (self->tree, i)->function;

          if (f < n_functions && self->hits->hit[f] && !counted[f])
            {
              counted[f] = 1;
              self->match_functions++;
            }
        }
    }

  g_object_notify_by_pspec (G_OBJECT (self), _hearth_session_props[PROP_MATCH_FUNCTIONS]);
  g_object_notify_by_pspec (G_OBJECT (self), _hearth_session_props[PROP_MATCH_TOTAL]);
}

/* Search ------------------------------------------------------------------------------------ */

/**
 * hearth_session_get_search_text:
 * @self: a #HearthSession
 *
 * Returns: (nullable): the search text
 */
const char *
hearth_session_get_search_text (HearthSession *self)
{
  g_return_val_if_fail (HEARTH_IS_SESSION (self), NULL);
  return self->search_text;
}

/**
 * hearth_session_set_search_text:
 * @self: a #HearthSession
 * @text: (nullable): what to look for in names, qualified names and files; %NULL or "" ends
 *   the search
 */
void
hearth_session_set_search_text (HearthSession *self,
                                const char    *text)
{
  g_return_if_fail (HEARTH_IS_SESSION (self));

  if (text != NULL && text[0] == '\0')
    text = NULL;
  if (g_strcmp0 (self->search_text, text) == 0)
    return;
  _hearth_session_set_string (&self->search_text, text);
  _hearth_session_update_search (self);
  g_object_notify_by_pspec (G_OBJECT (self), _hearth_session_props[PROP_SEARCH_TEXT]);
}

/**
 * hearth_session_get_search_regex:
 * @self: a #HearthSession
 *
 * Returns: whether the search text is a regular expression
 */
gboolean
hearth_session_get_search_regex (HearthSession *self)
{
  g_return_val_if_fail (HEARTH_IS_SESSION (self), FALSE);
  return self->search_regex;
}

/**
 * hearth_session_set_search_regex:
 * @self: a #HearthSession
 * @regex: take the search text as a (case-insensitive) regular expression
 */
void
hearth_session_set_search_regex (HearthSession *self,
                                 gboolean       regex)
{
  g_return_if_fail (HEARTH_IS_SESSION (self));

  regex = !!regex;
  if (self->search_regex == regex)
    return;
  self->search_regex = regex;
  _hearth_session_update_search (self);
  g_object_notify_by_pspec (G_OBJECT (self), _hearth_session_props[PROP_SEARCH_REGEX]);
}

/**
 * hearth_session_get_search_error:
 * @self: a #HearthSession
 *
 * Returns: (nullable): why the regular expression cannot be used
 */
const char *
hearth_session_get_search_error (HearthSession *self)
{
  g_return_val_if_fail (HEARTH_IS_SESSION (self), NULL);
  return self->search_error;
}

/**
 * hearth_session_get_match_functions:
 * @self: a #HearthSession
 *
 * Returns: how many functions with a bar match the search
 */
guint
hearth_session_get_match_functions (HearthSession *self)
{
  g_return_val_if_fail (HEARTH_IS_SESSION (self), 0);
  return self->match_functions;
}

/**
 * hearth_session_get_match_total:
 * @self: a #HearthSession
 *
 * Returns: the time of the matching bars, a bar inside a matching bar not counted again
 */
double
hearth_session_get_match_total (HearthSession *self)
{
  g_return_val_if_fail (HEARTH_IS_SESSION (self), 0);
  return self->match_total;
}

/**
 * hearth_session_ref_search_hits:
 * @self: a #HearthSession
 *
 * Returns: (transfer full) (nullable): the hits of the search, %NULL when there is none
 */
HearthSearchHits *
hearth_session_ref_search_hits (HearthSession *self)
{
  g_return_val_if_fail (HEARTH_IS_SESSION (self), NULL);
  return self->hits != NULL ? hearth_search_hits_ref (self->hits) : NULL;
}

static gboolean
node_matches (HearthSession *self,
              guint          node)
{
  guint function = hearth_call_tree_get_node (self->tree, node)->function;

  return hearth_search_hits_match (self->profile, function, self->hits);
}

/**
 * hearth_session_select_next_match:
 * @self: a #HearthSession
 * @backwards: go to the previous match instead
 *
 * Selects the next bar, in walk order (chain by chain), that matches the search, wrapping
 * around.
 *
 * Returns: %TRUE when a bar was selected
 */
gboolean
hearth_session_select_next_match (HearthSession *self,
                                  gboolean       backwards)
{
  guint n;
  gint start;

  g_return_val_if_fail (HEARTH_IS_SESSION (self), FALSE);

  if (self->tree == NULL || self->hits == NULL)
    return FALSE;
  n = hearth_call_tree_get_n_nodes (self->tree);
  if (n == 0)
    return FALSE;
  start = self->selected;
  if (start < 0)
    start = backwards ? 0 : (gint) n - 1;
  for (guint step = 1; step <= n; step++)
    {
      guint node = backwards ? (start + n - step % n) % n : (start + step) % n;

      if (node_matches (self, node))
        {
          hearth_session_set_selected (self, node);
          return TRUE;
        }
    }
  return FALSE;
}
