/* hearth-flame-view-a11y.c: what the flame view tells assistive technology. The view is one
 * image to GTK 4.8; its description says in words what the picture shows at the moment: the
 * selected bar, or the widest chain with nothing selected, and the search.
 *
 * Copyright 2026 The Hearth authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#define G_LOG_DOMAIN "hearth-flame-view"

#include "hearth-flame-view-private.h"

#include <glib/gi18n.h>

/* "94.5% of the run, 13.8 s, exact": what a bar's own accessible description says */
void
_hearth_flame_view_append_bar_facts (HearthFlameView *self,
                                     GString         *text,
                                     guint            node)
{
  const HearthNode *n = _hearth_flame_view_get_node (self, node);
  double total = hearth_session_get_run_total (self->session);
  gboolean of_root = hearth_session_get_root (self->session) >= 0;
  g_autofree char *width = _hearth_flame_view_share (n->width, total);
  g_autofree char *value = hearth_session_format_value (self->session, n->width);

  /* translators: "12.5% of the run, 3.20 s" */
  g_string_append_printf (text, of_root ? _("%s of the root, %s") : _("%s of the run, %s"),
                          width, value);
  g_string_append (text, ", ");
  if (n->flags & HEARTH_NODE_ESTIMATED)
    {
      g_autofree char *low = _hearth_flame_view_share (n->low, total);
      g_autofree char *high = _hearth_flame_view_share (n->high, total);

      /* translators: of a bar whose time is shared out among callers */
      g_string_append_printf (text, _("estimated, between %s and %s"), low, high);
    }
  else
    g_string_append (text, _("exact"));
}

/* In the second run of a comparison, the tooltip's lines of change as sentences: ". Before:
 * 4.50 s, change −3.90 s (−83.1% of the first run)" */
static void
append_change (HearthFlameView *self,
               GString         *text,
               guint            node)
{
  g_autoptr (GString) lines = g_string_new (NULL);
  g_auto (GStrv) parts = NULL;

  _hearth_flame_view_append_change (self, lines, node,
                                    _hearth_flame_view_get_node (self, (gint) node)->width);
  parts = g_strsplit (lines->str, "\n", -1);
  for (guint i = 0; parts[i] != NULL; i++)
    if (parts[i][0] != '\0')
      {
        g_string_append (text, ". ");
        g_string_append (text, parts[i]);
      }
}

/* "walker_msd, 94.5% of the run, 13.8 s, exact; chain: main > msd_slow > walker_msd" */
static void
append_bar (HearthFlameView *self,
            GString         *text,
            guint            node)
{
  g_autofree char *chain = hearth_session_dup_chain_text (self->session, node, " > ", FALSE);

  g_string_append (text, hearth_session_get_node_label (self->session, node));
  g_string_append (text, ", ");
  _hearth_flame_view_append_bar_facts (self, text, node);
  /* translators: followed by the names from the root to the bar */
  g_string_append_printf (text, _("; chain: %s"), chain);
  append_change (self, text, node);
}

/* The search, in the words of the window's match label. */
static void
append_search (HearthFlameView *self,
               GString         *text)
{
  const char *search = hearth_session_get_search_text (self->session);
  guint matches = hearth_session_get_match_functions (self->session);
  g_autofree char *match_share = NULL;

  if (search == NULL || search[0] == '\0' || hearth_session_get_search_error (self->session))
    return;
  g_string_append (text, ". ");
  if (matches == 0)
    {
      g_string_append (text, _("No matches"));
      return;
    }
  match_share = _hearth_flame_view_share (hearth_session_get_match_total (self->session),
                                          hearth_session_get_run_total (self->session));
  if (hearth_session_get_root (self->session) >= 0)
    g_string_append_printf (text, g_dngettext (GETTEXT_PACKAGE, "%u function, %s of the root",
                                               "%u functions, %s of the root", matches),
                            matches, match_share);
  else
    g_string_append_printf (text, g_dngettext (GETTEXT_PACKAGE, "%u function, %s of the run",
                                               "%u functions, %s of the run", matches),
                            matches, match_share);
}

/**
 * hearth_flame_view_dup_description:
 * @self: a #HearthFlameView
 *
 * What the view shows, in words: the selected bar, its share, time, whether it is exact and
 * its chain; with nothing selected the top of the widest chain, the same way; then the bar
 * zoomed into and the search matches.
 *
 * Returns: (transfer full): the text, empty without a tree
 */
char *
hearth_flame_view_dup_description (HearthFlameView *self)
{
  HearthCallTree *tree;
  GString *text;
  gint node, zoom;

  g_return_val_if_fail (HEARTH_IS_FLAME_VIEW (self), NULL);

  text = g_string_new (NULL);
  tree = _hearth_flame_view_get_tree (self);
  if (tree == NULL || _hearth_flame_view_n_nodes (self) == 0)
    return g_string_free (text, FALSE);
  node = hearth_session_get_selected (self->session);
  if (node < 0)
    {
      guint n_chains = 0;
      g_autofree guint *chains = hearth_call_tree_dup_widest_chains (tree, &n_chains);

      if (n_chains == 0)
        g_string_append (text, _("Nothing selected"));
      else
        {
          /* translators: followed by a bar, as in "walker_msd, 94.5% of the run, …" */
          g_string_append (text, _("Widest chain: "));
          append_bar (self, text, chains[0]);
        }
    }
  else
    append_bar (self, text, (guint) node);
  zoom = hearth_session_get_zoom (self->session);
  if (zoom > 0 && _hearth_flame_view_get_node (self, zoom) != NULL)
    {
      g_string_append (text, ". ");
      g_string_append_printf (text, _("Zoomed into %s"),
                              hearth_session_get_node_label (self->session, (guint) zoom));
    }
  append_search (self, text);
  return g_string_free (text, FALSE);
}

void
_hearth_flame_view_update_description (HearthFlameView *self)
{
  g_autofree char *text = hearth_flame_view_dup_description (self);

  gtk_accessible_update_property (GTK_ACCESSIBLE (self), GTK_ACCESSIBLE_PROPERTY_DESCRIPTION,
                                  text, -1);
}
