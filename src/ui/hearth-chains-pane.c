/* hearth-chains-pane.c
 *
 * Copyright 2026 The Hearth authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#define G_LOG_DOMAIN "hearth-chains-pane"

#include "hearth-chains-pane.h"

#include <glib/gi18n.h>

#include "hearth-format.h"
#include "hearth-pane-columns.h"
#include "hearth-row.h"

/**
 * HearthChainsPane:
 *
 * The chains ranked by the self time of their top bar (hearth_call_tree_dup_widest_chains()),
 * as a share of the run and in seconds, each shown as `a > b > c` without the root, with the
 * whole bar's share beside where it differs ("62.0% itself, 81.0% with its callees"): the
 * first row is where the program spends most of its time itself. Estimated chains carry an
 * E and the bounds in their tooltip. Activating a row selects its top bar. Beside the flame
 * chart the chains are still the merged profile's (of the time range, if one is chosen).
 */

/* A list of tens of thousands of tiny chains helps nobody; the widest ones answer. */
#define MAX_CHAINS 500

struct _HearthChainsPane
{
  HearthPane  parent_instance;

  GListStore *rows;

  /* children */
  GtkWidget  *stack;
  GtkWidget  *view;
  GtkWidget  *footer;
  GtkColumnViewColumn *flags_column;
  GtkColumnViewColumn *share_column;
};

G_DEFINE_FINAL_TYPE (HearthChainsPane, hearth_chains_pane, HEARTH_TYPE_PANE)

/* "62.0% itself, 81.0% with its callees", or NULL when the two are the same. Where the self
 * time is mostly callees too narrow for a bar, it says so rather than call it the function's
 * own. */
static char *
dup_shares_note (HearthCallTree   *tree,
                 guint             node,
                 double            total)
{
  const HearthNode *top = hearth_call_tree_get_node (tree, node);
  g_autofree char *self_text = NULL;
  g_autofree char *width_text = NULL;
  g_autofree char *narrow_text = NULL;
  double narrow;

  if (total <= 0)
    return NULL;
  self_text = hearth_format_percent (top->self_width / total);
  width_text = hearth_format_percent (top->width / total);
  narrow = top->self_width - hearth_call_tree_get_own_width (tree, node);
  /* The first columns give the self share already: the note only says what it is made of
   * and how wide the whole bar is. */
  if (narrow >= 0.001 * total)
    {
      gboolean all;

      narrow_text = hearth_format_percent (narrow / total);
      all = g_str_equal (narrow_text, self_text);
      if (g_str_equal (self_text, width_text))
        return all ? g_strdup (_("All of it in callees under the cutoff"))
                   /* TRANSLATORS: "4.6% of it in callees under the cutoff" */
                   : g_strdup_printf (_("%s of it in callees under the cutoff"), narrow_text);
      return all ? g_strdup_printf (_("All of it in callees under the cutoff; %s with its "
                                      "callees"), width_text)
                 /* TRANSLATORS: "4.6% of it in callees under the cutoff; 11.9% with its
                  * callees" */
                 : g_strdup_printf (_("%s of it in callees under the cutoff; %s with its "
                                      "callees"), narrow_text, width_text);
    }
  if (g_str_equal (self_text, width_text))
    return NULL;
  /* TRANSLATORS: the self time of a chain's top function and its whole bar, e.g.
   * "62.0% itself, 81.0% with its callees" */
  return g_strdup_printf (_("%s itself, %s with its callees"), self_text, width_text);
}

/* The tooltip of an estimated chain: the bounds of its self time and of its whole bar. */
static char *
dup_estimate_detail (HearthCallTree   *tree,
                     guint             node,
                     const char       *chain,
                     double            total)
{
  const HearthNode *top = hearth_call_tree_get_node (tree, node);
  double low = 0, high = 0;
  g_autofree char *self_text = hearth_format_percent (top->self_width / total);
  g_autofree char *low_text = NULL;
  g_autofree char *high_text = NULL;
  g_autofree char *width_text = hearth_format_percent (top->width / total);
  g_autofree char *width_low = hearth_format_percent (top->low / total);
  g_autofree char *width_high = hearth_format_percent (top->high / total);

  hearth_call_tree_get_self_bounds (tree, node, &low, &high);
  low_text = hearth_format_percent (low / total);
  high_text = hearth_format_percent (high / total);
  /* TRANSLATORS: "here" is the part of the top bar without child bars */
  return g_strdup_printf (_("%s\nEstimated: %s here, somewhere between %s and %s;\n"
                            "%s with its callees, somewhere between %s and %s"),
                          chain, self_text, low_text, high_text, width_text, width_low,
                          width_high);
}

static HearthRow *
make_row (HearthSession  *session,
          HearthCallTree *tree,
          guint           node,
          double          total,
          gboolean       *any_estimated)
{
  const HearthNode *top = hearth_call_tree_get_node (tree, node);
  g_autofree char *chain = hearth_session_dup_tree_chain_text (session, tree, node, " > ", FALSE);
  g_autofree char *value = hearth_session_format_value (session, top->self_width);
  g_autofree char *note = dup_shares_note (tree, node, total);
  gint function = top->function == G_MAXUINT ? -1 : (gint) top->function;
  double fraction = total > 0 ? top->self_width / total : 0;
  HearthRow *row = hearth_row_new (chain, function, node, -1, top->self_width, fraction);
  gboolean estimated = (top->flags & HEARTH_NODE_ESTIMATED) != 0;

  hearth_row_set_value_text (row, value);
  hearth_row_set_note (row, note);
  hearth_row_set_estimated (row, estimated);
  *any_estimated |= estimated;
  if (estimated && total > 0)
    {
      g_autofree char *detail = dup_estimate_detail (tree, node, chain, total);

      hearth_row_set_detail (row, detail);
    }
  return row;
}

static void
tree_changed (HearthPane *pane)
{
  HearthChainsPane *self = HEARTH_CHAINS_PANE (pane);
  HearthSession *session = hearth_pane_get_session (pane);
  HearthCallTree *tree = session != NULL ? hearth_session_get_pane_tree (session) : NULL;
  g_autoptr (GPtrArray) rows = g_ptr_array_new_with_free_func (g_object_unref);
  g_autofree guint *chains = NULL;
  double total;
  guint n = 0;
  gboolean any_estimated = FALSE;

  if (tree != NULL && hearth_call_tree_get_n_nodes (tree) > 0)
    chains = hearth_call_tree_dup_widest_chains (tree, &n);
  total = tree != NULL ? hearth_call_tree_get_total (tree) : 0;

  for (guint i = 0; i < MIN (n, MAX_CHAINS); i++)
    g_ptr_array_add (rows, make_row (session, tree, chains[i], total, &any_estimated));
  g_list_store_splice (self->rows, 0, g_list_model_get_n_items (G_LIST_MODEL (self->rows)),
                       rows->pdata, rows->len);
  gtk_column_view_column_set_visible (self->flags_column, any_estimated);
  /* xgettext:no-c-format */
  gtk_column_view_column_set_title (self->share_column,
                                    session != NULL && hearth_session_get_root (session) >= 0
                                    ? _("% of Root") : _("% of Run"));

  if (n > MAX_CHAINS)
    {
      g_autofree char *text = g_strdup_printf (_("The %u widest of %u chains"), MAX_CHAINS, n);

      gtk_label_set_text (GTK_LABEL (self->footer), text);
    }
  gtk_widget_set_visible (self->footer, n > MAX_CHAINS);
  gtk_stack_set_visible_child_name (GTK_STACK (self->stack), n > 0 ? "chains" : "empty");
}

static void
activate_item (HearthChainsPane *self,
               guint             position)
{
  HearthSession *session = hearth_pane_get_session (HEARTH_PANE (self));
  GListModel *model = G_LIST_MODEL (gtk_column_view_get_model (GTK_COLUMN_VIEW (self->view)));
  g_autoptr (HearthRow) row = g_list_model_get_item (model, position);

  if (row == NULL || session == NULL)
    return;
  /* beside a chart the rows are of the merged tree: the chart's widest block of the function */
  if (hearth_session_get_pane_tree (session) != hearth_session_get_tree (session))
    hearth_session_set_selected (session,
                                 hearth_session_find_widest_node (session,
                                                                  hearth_row_get_function (row)));
  else
    hearth_session_set_selected (session, hearth_row_get_node (row));
}

static void
row_activated (GtkColumnView    *view,
               guint             position,
               HearthChainsPane *self)
{
  activate_item (self, position);
}

/**
 * hearth_chains_pane_activate_row:
 * @self: a #HearthChainsPane
 * @position: a row as shown (sorted)
 *
 * Does what activating the row does: selects the chain's top bar.
 */
void
hearth_chains_pane_activate_row (HearthChainsPane *self,
                                 guint             position)
{
  g_return_if_fail (HEARTH_IS_CHAINS_PANE (self));
  activate_item (self, position);
}

static void
hearth_chains_pane_finalize (GObject *object)
{
  HearthChainsPane *self = HEARTH_CHAINS_PANE (object);

  g_clear_object (&self->rows);

  G_OBJECT_CLASS (hearth_chains_pane_parent_class)->finalize (object);
}

static void
hearth_chains_pane_class_init (HearthChainsPaneClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  HearthPaneClass *pane_class = HEARTH_PANE_CLASS (klass);

  object_class->finalize = hearth_chains_pane_finalize;
  pane_class->tree_changed = tree_changed;

  gtk_widget_class_set_css_name (GTK_WIDGET_CLASS (klass), "chainspane");
}

static void
hearth_chains_pane_init (HearthChainsPane *self)
{
  GtkWidget *box = gtk_box_new (GTK_ORIENTATION_VERTICAL, 0);
  /* xgettext:no-c-format */
  g_autoptr (GtkColumnViewColumn) share = _hearth_column_new (HEARTH_COLUMN_SHARE, _("% of Run"));
  g_autoptr (GtkColumnViewColumn) flags = _hearth_column_new (HEARTH_COLUMN_FLAGS, NULL);
  g_autoptr (GtkColumnViewColumn) chain = _hearth_column_new (HEARTH_COLUMN_CHAIN, _("Chain"));

  self->rows = g_list_store_new (HEARTH_TYPE_ROW);
  self->stack = gtk_stack_new ();
  gtk_widget_set_vexpand (self->stack, TRUE);
  gtk_widget_set_parent (self->stack, GTK_WIDGET (self));
  gtk_stack_add_named (GTK_STACK (self->stack),
                       _hearth_pane_make_placeholder (_("No Chains"), NULL), "empty");

  self->view = _hearth_column_view_new (G_LIST_MODEL (self->rows), NULL);
  gtk_column_view_append_column (GTK_COLUMN_VIEW (self->view), share);
  gtk_column_view_append_column (GTK_COLUMN_VIEW (self->view), flags);
  self->flags_column = flags;
  self->share_column = share;
  gtk_column_view_append_column (GTK_COLUMN_VIEW (self->view), chain);
  gtk_column_view_sort_by_column (GTK_COLUMN_VIEW (self->view), share, GTK_SORT_DESCENDING);
  gtk_accessible_update_property (GTK_ACCESSIBLE (self->view), GTK_ACCESSIBLE_PROPERTY_LABEL,
                                  _("Widest Chains"), -1);
  g_signal_connect (self->view, "activate", G_CALLBACK (row_activated), self);

  self->footer = _hearth_pane_pack_list (GTK_BOX (box), self->view);
  gtk_stack_add_named (GTK_STACK (self->stack), box, "chains");
  gtk_stack_set_visible_child_name (GTK_STACK (self->stack), "empty");
}

/**
 * hearth_chains_pane_new:
 *
 * Returns: (transfer floating): a new widest chains pane
 */
GtkWidget *
hearth_chains_pane_new (void)
{
  return g_object_new (HEARTH_TYPE_CHAINS_PANE, NULL);
}

/**
 * hearth_chains_pane_get_rows:
 * @self: a #HearthChainsPane
 *
 * Returns: (transfer none): the chains as shown (sorted), #HearthRow items
 */
GListModel *
hearth_chains_pane_get_rows (HearthChainsPane *self)
{
  g_return_val_if_fail (HEARTH_IS_CHAINS_PANE (self), NULL);
  return G_LIST_MODEL (gtk_column_view_get_model (GTK_COLUMN_VIEW (self->view)));
}

/**
 * hearth_chains_pane_get_share_title:
 * @self: a #HearthChainsPane
 *
 * Returns: the title of the share column: "% of Run", or "% of Root" for a chosen root
 */
const char *
hearth_chains_pane_get_share_title (HearthChainsPane *self)
{
  g_return_val_if_fail (HEARTH_IS_CHAINS_PANE (self), NULL);
  return gtk_column_view_column_get_title (self->share_column);
}
