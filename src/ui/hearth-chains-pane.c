/* hearth-chains-pane.c
 *
 * Copyright 2026 The Hearth authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#define G_LOG_DOMAIN "hearth-chains-pane"

#include "hearth-chains-pane.h"

#include <glib/gi18n.h>

#include "hearth-pane-columns.h"
#include "hearth-row.h"

/**
 * HearthChainsPane:
 *
 * The chains with nothing on top (the bars without child bars), widest first, as a share of
 * the run and in seconds, each shown as `a > b > c` without the root: the list a person would
 * otherwise rebuild by hand from the graph. Estimated chains carry an E. Activating a row
 * selects its top bar.
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
};

G_DEFINE_FINAL_TYPE (HearthChainsPane, hearth_chains_pane, HEARTH_TYPE_PANE)

static void
tree_changed (HearthPane *pane)
{
  HearthChainsPane *self = HEARTH_CHAINS_PANE (pane);
  HearthSession *session = hearth_pane_get_session (pane);
  HearthCallTree *tree = session != NULL ? hearth_session_get_tree (session) : NULL;
  g_autoptr (GPtrArray) rows = g_ptr_array_new_with_free_func (g_object_unref);
  g_autofree guint *chains = NULL;
  double total;
  guint n = 0;
  gboolean any_estimated = FALSE;

  if (tree != NULL && hearth_call_tree_get_n_nodes (tree) > 0)
    chains = hearth_call_tree_dup_widest_chains (tree, &n);
  total = session != NULL ? hearth_session_get_run_total (session) : 0;

  for (guint i = 0; i < MIN (n, MAX_CHAINS); i++)
    {
      const HearthNode *leaf = hearth_call_tree_get_node (tree, chains[i]);
      g_autofree char *chain = hearth_session_dup_chain_text (session, chains[i], " > ", FALSE);
      g_autofree char *value = hearth_session_format_value (session, leaf->width);
      gint function = leaf->function == G_MAXUINT ? -1 : (gint) leaf->function;
      double fraction = total > 0 ? leaf->width / total : 0;
      HearthRow *row = hearth_row_new (chain, function, chains[i], -1, leaf->width, fraction);

      hearth_row_set_value_text (row, value);
      hearth_row_set_estimated (row, (leaf->flags & HEARTH_NODE_ESTIMATED) != 0);
      any_estimated |= (leaf->flags & HEARTH_NODE_ESTIMATED) != 0;
      if (leaf->flags & HEARTH_NODE_ESTIMATED)
        {
          g_autofree char *detail =
            g_strdup_printf (_("%s\nEstimated: %.1f%% of the run, "
                               "somewhere between %.1f%% and %.1f%%"),
                             chain, total > 0 ? 100 * leaf->width / total : 0,
                             total > 0 ? 100 * leaf->low / total : 0,
                             total > 0 ? 100 * leaf->high / total : 0);

          hearth_row_set_detail (row, detail);
        }
      g_ptr_array_add (rows, row);
    }
  g_list_store_splice (self->rows, 0, g_list_model_get_n_items (G_LIST_MODEL (self->rows)),
                       rows->pdata, rows->len);
  gtk_column_view_column_set_visible (self->flags_column, any_estimated);

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

  if (row != NULL && session != NULL)
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
  g_autoptr (GtkColumnViewColumn) share = _hearth_column_new (HEARTH_COLUMN_PERCENT, _("% of Run"));
  g_autoptr (GtkColumnViewColumn) time = _hearth_column_new (HEARTH_COLUMN_VALUE, _("Time"));
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
  gtk_column_view_append_column (GTK_COLUMN_VIEW (self->view), time);
  gtk_column_view_append_column (GTK_COLUMN_VIEW (self->view), flags);
  self->flags_column = flags;
  gtk_column_view_append_column (GTK_COLUMN_VIEW (self->view), chain);
  gtk_column_view_sort_by_column (GTK_COLUMN_VIEW (self->view), share, GTK_SORT_DESCENDING);
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
