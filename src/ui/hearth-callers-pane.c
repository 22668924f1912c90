/* hearth-callers-pane.c
 *
 * Copyright 2026 The Hearth authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#define G_LOG_DOMAIN "hearth-callers-pane"

#include "hearth-callers-pane.h"

#include <inttypes.h>
#include <glib/gi18n.h>

#include "hearth-pane-columns.h"
#include "hearth-row.h"

/**
 * HearthCallersPane:
 *
 * For the function of the selected bar: its callers and its callees, one row per edge of
 * the profile with the calls, the time and the share of the run along that edge. For
 * cProfile these numbers are exact (they are the file's own); they do not depend on the
 * tree's estimates. Activating a row selects the widest bar of that row's function.
 */

struct _HearthCallersPane
{
  HearthPane   parent_instance;

  gint         function;
  char        *title;
  GListStore  *callers;
  GListStore  *callees;

  /* children */
  GtkWidget   *stack;
  GtkWidget   *title_label;
  GtkWidget   *detail_label;
  GtkWidget   *callers_heading;
  GtkWidget   *callees_heading;
  GtkWidget   *callers_view;
  GtkWidget   *callees_view;
};

G_DEFINE_FINAL_TYPE (HearthCallersPane, hearth_callers_pane, HEARTH_TYPE_PANE)

static void
fill_edges (HearthCallersPane *self,
            GListStore        *store,
            gboolean           callers)
{
  HearthSession *session = hearth_pane_get_session (HEARTH_PANE (self));
  /* merged also beside the chart, whose blocks would each be an edge of their own */
  HearthCallTree *tree = hearth_session_get_pane_tree (session);
  HearthProfile *profile = hearth_session_get_profile (session);
  double total = hearth_call_tree_get_total (tree);
  g_autofree guint *edges = NULL;
  g_autoptr (GPtrArray) rows = g_ptr_array_new_with_free_func (g_object_unref);
  guint n = 0;

  if (callers)
    edges = hearth_call_tree_dup_callers (tree, self->function, &n);
  else
    edges = hearth_call_tree_dup_callees (tree, self->function, &n);

  for (guint i = 0; i < n; i++)
    {
      const HearthEdge *edge = hearth_profile_get_edge (profile, edges[i]);
      guint other = callers ? edge->caller : edge->callee;
      double cum = hearth_profile_clamp (edge->cum);
      g_autofree char *value = hearth_session_format_value (session, cum);
      g_autofree char *location = hearth_session_dup_location (session, other);
      const char *label = hearth_session_get_function_label (session, other);
      g_autofree char *shown = other == (guint) self->function
                               ? g_strdup_printf (_("%s (itself)"), label) : g_strdup (label);
      gint node = hearth_session_find_widest_node (session, other);
      HearthRow *row = hearth_row_new (shown, other, node, edge->calls, cum,
                                       total > 0 ? cum / total : 0);

      hearth_row_set_value_text (row, value);
      if (location == NULL)
        location = g_strdup (hearth_profile_get_function (profile, other)->name);
      hearth_row_set_detail (row, location);
      g_ptr_array_add (rows, row);
    }
  g_list_store_splice (store, 0, g_list_model_get_n_items (G_LIST_MODEL (store)),
                       rows->pdata, rows->len);
}

static void
update_headings (HearthCallersPane *self)
{
  guint n_callers = g_list_model_get_n_items (G_LIST_MODEL (self->callers));
  guint n_callees = g_list_model_get_n_items (G_LIST_MODEL (self->callees));
  g_autofree char *callers = g_strdup_printf (_("Called By (%u)"), n_callers);
  g_autofree char *callees = g_strdup_printf (_("Calls (%u)"), n_callees);

  gtk_label_set_text (GTK_LABEL (self->callers_heading), callers);
  gtk_label_set_text (GTK_LABEL (self->callees_heading), callees);
}

static void
update_title (HearthCallersPane *self)
{
  HearthSession *session = hearth_pane_get_session (HEARTH_PANE (self));
  HearthProfile *profile = hearth_session_get_profile (session);
  const HearthFunction *f = hearth_profile_get_function (profile, self->function);
  g_autofree char *location = hearth_session_dup_location (session, self->function);
  g_autofree char *cum = hearth_session_format_value (session, hearth_profile_clamp (f->cum));
  g_autofree char *own = hearth_session_format_value (session, hearth_profile_clamp (f->own));
  g_autoptr (GString) detail = g_string_new (NULL);

  g_free (self->title);
  self->title = g_strdup (hearth_session_get_function_label (session, self->function));
  gtk_label_set_text (GTK_LABEL (self->title_label), self->title);
  gtk_widget_set_tooltip_text (self->title_label, f->name);

  if (location != NULL)
    g_string_append_printf (detail, "%s\n", location);
  g_string_append_printf (detail, _("%s in all, %s in itself"), cum, own);
  if (hearth_profile_get_kind (profile) == HEARTH_KIND_DETERMINISTIC)
    g_string_append_printf (detail, g_dngettext (GETTEXT_PACKAGE, ", %" PRId64 " call",
                                                 ", %" PRId64 " calls", f->calls),
                            f->calls);
  gtk_label_set_text (GTK_LABEL (self->detail_label), detail->str);
}

/* With a chosen root the shares are of the root, and the column says so. */
static void
update_share_title (HearthCallersPane *self,
                    GtkWidget         *view)
{
  HearthSession *session = hearth_pane_get_session (HEARTH_PANE (self));
  GListModel *columns = gtk_column_view_get_columns (GTK_COLUMN_VIEW (view));
  g_autoptr (GtkColumnViewColumn) share = g_list_model_get_item (columns, 3);

  if (share == NULL)
    return;
  /* xgettext:no-c-format */
  gtk_column_view_column_set_title (share, hearth_session_get_root (session) >= 0
                                           ? _("% of Root") : _("% of Run"));
}

static void
refill (HearthCallersPane *self)
{
  HearthSession *session = hearth_pane_get_session (HEARTH_PANE (self));
  gint function = session != NULL ? hearth_session_get_selected_function (session) : -1;

  self->function = function;
  if (function < 0)
    {
      g_list_store_remove_all (self->callers);
      g_list_store_remove_all (self->callees);
      g_clear_pointer (&self->title, g_free);
      gtk_stack_set_visible_child_name (GTK_STACK (self->stack), "empty");
      return;
    }
  update_title (self);
  update_share_title (self, self->callers_view);
  update_share_title (self, self->callees_view);
  fill_edges (self, self->callers, TRUE);
  fill_edges (self, self->callees, FALSE);
  update_headings (self);
  gtk_stack_set_visible_child_name (GTK_STACK (self->stack), "function");
}

static void
selection_changed (HearthPane *pane)
{
  HearthCallersPane *self = HEARTH_CALLERS_PANE (pane);
  HearthSession *session = hearth_pane_get_session (pane);
  gint function = session != NULL ? hearth_session_get_selected_function (session) : -1;

  /* another bar of the same function shows the same edges */
  if (function == self->function && function >= 0)
    return;
  refill (self);
}

static void
tree_changed (HearthPane *pane)
{
  HearthCallersPane *self = HEARTH_CALLERS_PANE (pane);

  self->function = -2;
  refill (self);
}

static void
activate_item (HearthCallersPane *self,
               GListModel        *model,
               guint              position)
{
  HearthSession *session = hearth_pane_get_session (HEARTH_PANE (self));
  g_autoptr (HearthRow) row = g_list_model_get_item (model, position);
  gint node;

  if (row == NULL || session == NULL)
    return;
  node = hearth_session_find_widest_node (session, hearth_row_get_function (row));
  if (node >= 0)
    {
      hearth_session_set_selected (session, node);
      return;
    }
  {
    g_autofree char *message = g_strdup_printf (_("%s has no bar of its own at this cutoff."),
                                                hearth_row_get_label (row));

    hearth_session_post_notice (session, message);
  }
}

static void
row_activated (GtkColumnView     *view,
               guint              position,
               HearthCallersPane *self)
{
  activate_item (self, G_LIST_MODEL (gtk_column_view_get_model (view)), position);
}

/**
 * hearth_callers_pane_activate_row:
 * @self: a #HearthCallersPane
 * @callers: a row of the callers list (else of the callees list)
 * @position: its position as shown (sorted)
 *
 * Does what activating the row does: selects the widest bar of its function.
 */
void
hearth_callers_pane_activate_row (HearthCallersPane *self,
                                  gboolean           callers,
                                  guint              position)
{
  GtkColumnView *view;

  g_return_if_fail (HEARTH_IS_CALLERS_PANE (self));

  view = GTK_COLUMN_VIEW (callers ? self->callers_view : self->callees_view);
  activate_item (self, G_LIST_MODEL (gtk_column_view_get_model (view)), position);
}

/* The callers list is as tall as its rows (up to a limit), the callees list takes the rest:
 * most functions have one or two callers and many callees. */
static GtkWidget *
make_list (HearthCallersPane  *self,
           GListStore         *store,
           gboolean            fit,
           GtkWidget         **view_out)
{
  GtkWidget *scrolled = gtk_scrolled_window_new ();
  GtkWidget *view = _hearth_column_view_new (G_LIST_MODEL (store), NULL);
  g_autoptr (GtkColumnViewColumn) name = _hearth_column_new (HEARTH_COLUMN_LABEL, _("Function"));
  g_autoptr (GtkColumnViewColumn) calls = _hearth_column_new (HEARTH_COLUMN_CALLS, _("Calls"));
  g_autoptr (GtkColumnViewColumn) time = _hearth_column_new (HEARTH_COLUMN_VALUE, _("Time"));
  /* xgettext:no-c-format */
  g_autoptr (GtkColumnViewColumn) share = _hearth_column_new (HEARTH_COLUMN_PERCENT, _("% of Run"));

  gtk_column_view_append_column (GTK_COLUMN_VIEW (view), name);
  gtk_column_view_append_column (GTK_COLUMN_VIEW (view), calls);
  gtk_column_view_append_column (GTK_COLUMN_VIEW (view), time);
  gtk_column_view_append_column (GTK_COLUMN_VIEW (view), share);
  gtk_column_view_sort_by_column (GTK_COLUMN_VIEW (view), time, GTK_SORT_DESCENDING);
  g_signal_connect (view, "activate", G_CALLBACK (row_activated), self);
  gtk_accessible_update_property (GTK_ACCESSIBLE (view), GTK_ACCESSIBLE_PROPERTY_LABEL,
                                  store == self->callers ? _("Callers") : _("Callees"), -1);

  gtk_scrolled_window_set_policy (GTK_SCROLLED_WINDOW (scrolled), GTK_POLICY_NEVER,
                                  GTK_POLICY_AUTOMATIC);
  gtk_scrolled_window_set_child (GTK_SCROLLED_WINDOW (scrolled), view);
  if (fit)
    {
      gtk_scrolled_window_set_propagate_natural_height (GTK_SCROLLED_WINDOW (scrolled), TRUE);
      gtk_scrolled_window_set_max_content_height (GTK_SCROLLED_WINDOW (scrolled), 220);
    }
  gtk_widget_set_vexpand (scrolled, !fit);
  *view_out = view;
  return scrolled;
}

static GtkWidget *
make_heading (void)
{
  GtkWidget *label = gtk_label_new (NULL);

  gtk_label_set_xalign (GTK_LABEL (label), 0);
  gtk_widget_add_css_class (label, "heading");
  gtk_widget_add_css_class (label, "pane-heading");
  return label;
}

static void
hearth_callers_pane_finalize (GObject *object)
{
  HearthCallersPane *self = HEARTH_CALLERS_PANE (object);

  g_clear_object (&self->callers);
  g_clear_object (&self->callees);
  g_clear_pointer (&self->title, g_free);

  G_OBJECT_CLASS (hearth_callers_pane_parent_class)->finalize (object);
}

static void
hearth_callers_pane_class_init (HearthCallersPaneClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  HearthPaneClass *pane_class = HEARTH_PANE_CLASS (klass);

  object_class->finalize = hearth_callers_pane_finalize;
  pane_class->tree_changed = tree_changed;
  pane_class->selection_changed = selection_changed;

  gtk_widget_class_set_css_name (GTK_WIDGET_CLASS (klass), "callerspane");
}

static void
hearth_callers_pane_init (HearthCallersPane *self)
{
  GtkWidget *box = gtk_box_new (GTK_ORIENTATION_VERTICAL, 0);
  GtkWidget *header = gtk_box_new (GTK_ORIENTATION_VERTICAL, 2);

  self->function = -1;
  self->callers = g_list_store_new (HEARTH_TYPE_ROW);
  self->callees = g_list_store_new (HEARTH_TYPE_ROW);

  self->stack = gtk_stack_new ();
  gtk_widget_set_vexpand (self->stack, TRUE);
  gtk_widget_set_parent (self->stack, GTK_WIDGET (self));
  gtk_stack_add_named (GTK_STACK (self->stack),
                       _hearth_pane_make_placeholder (_("No Bar Selected"),
                                                      _("Click a bar to see who called its "
                                                        "function and what it called.")),
                       "empty");

  self->title_label = gtk_label_new (NULL);
  gtk_label_set_xalign (GTK_LABEL (self->title_label), 0);
  gtk_label_set_ellipsize (GTK_LABEL (self->title_label), PANGO_ELLIPSIZE_END);
  gtk_widget_add_css_class (self->title_label, "title-4");
  self->detail_label = gtk_label_new (NULL);
  gtk_label_set_xalign (GTK_LABEL (self->detail_label), 0);
  gtk_label_set_ellipsize (GTK_LABEL (self->detail_label), PANGO_ELLIPSIZE_MIDDLE);
  gtk_widget_add_css_class (self->detail_label, "dim-label");
  gtk_widget_add_css_class (header, "pane-header");
  gtk_box_append (GTK_BOX (header), self->title_label);
  gtk_box_append (GTK_BOX (header), self->detail_label);
  gtk_box_append (GTK_BOX (box), header);

  self->callers_heading = make_heading ();
  gtk_box_append (GTK_BOX (box), self->callers_heading);
  gtk_box_append (GTK_BOX (box), make_list (self, self->callers, TRUE, &self->callers_view));
  self->callees_heading = make_heading ();
  gtk_box_append (GTK_BOX (box), self->callees_heading);
  gtk_box_append (GTK_BOX (box), make_list (self, self->callees, FALSE, &self->callees_view));
  gtk_stack_add_named (GTK_STACK (self->stack), box, "function");
  gtk_stack_set_visible_child_name (GTK_STACK (self->stack), "empty");
}

/**
 * hearth_callers_pane_new:
 *
 * Returns: (transfer floating): a new callers pane
 */
GtkWidget *
hearth_callers_pane_new (void)
{
  return g_object_new (HEARTH_TYPE_CALLERS_PANE, NULL);
}

/**
 * hearth_callers_pane_get_function:
 * @self: a #HearthCallersPane
 *
 * Returns: the function shown, or -1
 */
gint
hearth_callers_pane_get_function (HearthCallersPane *self)
{
  g_return_val_if_fail (HEARTH_IS_CALLERS_PANE (self), -1);
  return self->function >= 0 ? self->function : -1;
}

/**
 * hearth_callers_pane_get_title:
 * @self: a #HearthCallersPane
 *
 * Returns: (nullable): the name of the function shown
 */
const char *
hearth_callers_pane_get_title (HearthCallersPane *self)
{
  g_return_val_if_fail (HEARTH_IS_CALLERS_PANE (self), NULL);
  return self->title;
}

/**
 * hearth_callers_pane_get_callers:
 * @self: a #HearthCallersPane
 *
 * Returns: (transfer none): the callers as shown (sorted), #HearthRow items
 */
GListModel *
hearth_callers_pane_get_callers (HearthCallersPane *self)
{
  g_return_val_if_fail (HEARTH_IS_CALLERS_PANE (self), NULL);
  return G_LIST_MODEL (gtk_column_view_get_model (GTK_COLUMN_VIEW (self->callers_view)));
}

/**
 * hearth_callers_pane_get_callees:
 * @self: a #HearthCallersPane
 *
 * Returns: (transfer none): the callees as shown (sorted), #HearthRow items
 */
GListModel *
hearth_callers_pane_get_callees (HearthCallersPane *self)
{
  g_return_val_if_fail (HEARTH_IS_CALLERS_PANE (self), NULL);
  return G_LIST_MODEL (gtk_column_view_get_model (GTK_COLUMN_VIEW (self->callees_view)));
}
