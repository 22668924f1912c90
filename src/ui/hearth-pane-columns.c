/* hearth-pane-columns.c
 *
 * Copyright 2026 The Hearth authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#define G_LOG_DOMAIN "hearth-pane-columns"

#include "hearth-pane-columns.h"

#include <glib/gi18n.h>
#include <string.h>

#include "hearth-chain-label.h"
#include "hearth-format.h"
#include "hearth-pane.h"
#include "hearth-row.h"

/**
 * _hearth_format_percent:
 * @fraction: a share, 0 to 1
 *
 * Returns: (transfer full): hearth_format_percent()
 */
char *
_hearth_format_percent (double fraction)
{
  return hearth_format_percent (fraction);
}

/* A name that carries its place (`shared_helper — workload.py:50`) is shortened in the middle,
 * so that the line telling it from its namesakes stays; any other at its end. */
static void
set_name_ellipsis (GtkLabel *label)
{
  gboolean placed = strstr (gtk_label_get_text (label), " — ") != NULL;

  gtk_label_set_ellipsize (label, placed ? PANGO_ELLIPSIZE_MIDDLE : PANGO_ELLIPSIZE_END);
}

static void
setup_cell (GtkSignalListItemFactory *factory,
            GtkListItem              *item,
            gpointer                  user_data)
{
  HearthColumnKind kind = GPOINTER_TO_INT (user_data);
  GtkWidget *label = gtk_label_new (NULL);

  switch (kind)
    {
    case HEARTH_COLUMN_LABEL:
      gtk_label_set_xalign (GTK_LABEL (label), 0);
      break;
    case HEARTH_COLUMN_CHAIN:
      {
        /* the top of the chain, and under it the callers that led there, nearest last */
        GtkWidget *box = gtk_box_new (GTK_ORIENTATION_VERTICAL, 0);
        /* shortened from the root side, whole names at a time */
        GtkWidget *path = hearth_chain_label_new ();

        gtk_label_set_xalign (GTK_LABEL (label), 0);
        gtk_widget_add_css_class (path, "dim-label");
        gtk_widget_add_css_class (path, "caption");
        gtk_box_append (GTK_BOX (box), label);
        gtk_box_append (GTK_BOX (box), path);
        /* and, for some lists, a note on the numbers: whole, however narrow the pane */
        path = gtk_label_new (NULL);
        gtk_label_set_xalign (GTK_LABEL (path), 0);
        /* between words, Hangul too: not in the middle of 컷오프 */
        _hearth_label_wrap_words (GTK_LABEL (path));
        gtk_label_set_width_chars (GTK_LABEL (path), 22);
        gtk_widget_add_css_class (path, "dim-label");
        gtk_widget_add_css_class (path, "caption");
        gtk_box_append (GTK_BOX (box), path);
        gtk_list_item_set_child (item, box);
        return;
      }
    case HEARTH_COLUMN_SHARE:
      {
        /* one column for both numbers leaves the chain the room */
        GtkWidget *box = gtk_box_new (GTK_ORIENTATION_VERTICAL, 0);
        GtkWidget *value = gtk_label_new (NULL);

        gtk_label_set_xalign (GTK_LABEL (label), 1);
        gtk_widget_add_css_class (label, "numeric");
        gtk_label_set_xalign (GTK_LABEL (value), 1);
        gtk_widget_add_css_class (value, "numeric");
        gtk_widget_add_css_class (value, "dim-label");
        gtk_widget_add_css_class (value, "caption");
        gtk_widget_set_valign (box, GTK_ALIGN_START);
        gtk_box_append (GTK_BOX (box), label);
        gtk_box_append (GTK_BOX (box), value);
        gtk_list_item_set_child (item, box);
        return;
      }
    case HEARTH_COLUMN_FLAGS:
      gtk_widget_add_css_class (label, "estimate-tag");
      gtk_widget_set_halign (label, GTK_ALIGN_CENTER);
      /* beside the first line of the row, as the numbers are */
      gtk_widget_set_valign (label, GTK_ALIGN_START);
      break;
    case HEARTH_COLUMN_CALLS:
    case HEARTH_COLUMN_VALUE:
    case HEARTH_COLUMN_PERCENT:
    default:
      gtk_label_set_xalign (GTK_LABEL (label), 1);
      gtk_widget_add_css_class (label, "numeric");
      break;
    }
  gtk_list_item_set_child (item, label);
}

static void
bind_cell (GtkSignalListItemFactory *factory,
           GtkListItem              *item,
           gpointer                  user_data)
{
  HearthColumnKind kind = GPOINTER_TO_INT (user_data);
  HearthRow *row = gtk_list_item_get_item (item);
  GtkWidget *child = gtk_list_item_get_child (item);
  GtkLabel *label = GTK_IS_LABEL (child) ? GTK_LABEL (child) : NULL;
  g_autofree char *text = NULL;

  switch (kind)
    {
    case HEARTH_COLUMN_CHAIN:
      {
        const char *chain = hearth_row_get_label (row);
        const char *last = g_strrstr (chain, " > ");
        g_autofree char *path = last != NULL ? g_strndup (chain, last - chain) : NULL;
        GtkWidget *top = gtk_widget_get_first_child (child);
        GtkWidget *below = gtk_widget_get_next_sibling (top);
        GtkWidget *note = gtk_widget_get_next_sibling (below);
        const char *note_text = hearth_row_get_note (row);

        gtk_label_set_text (GTK_LABEL (top), last != NULL ? last + 3 : chain);
        set_name_ellipsis (GTK_LABEL (top));
        hearth_chain_label_set_chain (HEARTH_CHAIN_LABEL (below), path);
        gtk_widget_set_visible (below, path != NULL);
        gtk_label_set_text (GTK_LABEL (note), note_text != NULL ? note_text : "");
        gtk_widget_set_visible (note, note_text != NULL);
        gtk_widget_set_tooltip_text (child, hearth_row_get_detail (row) != NULL
                                            ? hearth_row_get_detail (row) : chain);
        return;
      }
    case HEARTH_COLUMN_LABEL:
      gtk_label_set_text (label, hearth_row_get_label (row));
      set_name_ellipsis (label);
      gtk_widget_set_tooltip_text (GTK_WIDGET (label), hearth_row_get_detail (row) != NULL
                                                       ? hearth_row_get_detail (row)
                                                       : hearth_row_get_label (row));
      return;
    case HEARTH_COLUMN_CALLS:
      if (hearth_row_get_calls (row) >= 0)
        text = g_strdup_printf ("%" G_GINT64_FORMAT, hearth_row_get_calls (row));
      break;
    case HEARTH_COLUMN_VALUE:
      gtk_label_set_text (label, hearth_row_get_value_text (row));
      return;
    case HEARTH_COLUMN_PERCENT:
      text = _hearth_format_percent (hearth_row_get_fraction (row));
      break;
    case HEARTH_COLUMN_SHARE:
      {
        GtkWidget *top = gtk_widget_get_first_child (child);
        g_autofree char *share = _hearth_format_percent (hearth_row_get_fraction (row));

        gtk_label_set_text (GTK_LABEL (top), share);
        gtk_label_set_text (GTK_LABEL (gtk_widget_get_next_sibling (top)),
                            hearth_row_get_value_text (row));
        return;
      }
    case HEARTH_COLUMN_FLAGS:
      gtk_widget_set_visible (GTK_WIDGET (label), hearth_row_get_estimated (row));
      gtk_label_set_text (label, "E");
      gtk_widget_set_tooltip_text (GTK_WIDGET (label),
                                   _("Estimated: the width of this chain depends on how a function "
                                     "with several callers split its time"));
      return;
    default:
      break;
    }
  gtk_label_set_text (label, text != NULL ? text : "");
}

static const char *
sort_property (HearthColumnKind kind)
{
  switch (kind)
    {
    case HEARTH_COLUMN_LABEL:
    case HEARTH_COLUMN_CHAIN:
      return "label";
    case HEARTH_COLUMN_CALLS:
      return "calls";
    case HEARTH_COLUMN_VALUE:
    case HEARTH_COLUMN_PERCENT:
    case HEARTH_COLUMN_SHARE:
      return "fraction";
    case HEARTH_COLUMN_FLAGS:
    default:
      return NULL;
    }
}

/**
 * _hearth_column_new:
 * @kind: what the column shows
 * @title: its header
 *
 * Returns: (transfer full): a sortable column over #HearthRow items
 */
GtkColumnViewColumn *
_hearth_column_new (HearthColumnKind  kind,
                    const char       *title)
{
  GtkListItemFactory *factory = gtk_signal_list_item_factory_new ();
  const char *property = sort_property (kind);
  GtkColumnViewColumn *column;

  g_signal_connect (factory, "setup", G_CALLBACK (setup_cell), GINT_TO_POINTER (kind));
  g_signal_connect (factory, "bind", G_CALLBACK (bind_cell), GINT_TO_POINTER (kind));
  column = gtk_column_view_column_new (title, factory);

  if (property != NULL)
    {
      GtkExpression *expression = gtk_property_expression_new (HEARTH_TYPE_ROW, NULL, property);
      g_autoptr (GtkSorter) sorter = NULL;

      if (kind == HEARTH_COLUMN_LABEL || kind == HEARTH_COLUMN_CHAIN)
        sorter = GTK_SORTER (gtk_string_sorter_new (expression));
      else
        sorter = GTK_SORTER (gtk_numeric_sorter_new (expression));
      gtk_column_view_column_set_sorter (column, sorter);
    }
  if (kind == HEARTH_COLUMN_LABEL || kind == HEARTH_COLUMN_CHAIN)
    gtk_column_view_column_set_expand (column, TRUE);
  gtk_column_view_column_set_resizable (column, kind == HEARTH_COLUMN_LABEL ||
                                                kind == HEARTH_COLUMN_CHAIN);
  return column;
}

/**
 * _hearth_column_view_new:
 * @rows: (transfer none): the rows, #HearthRow items
 * @sorted: (out) (transfer none) (optional): the sorted model the view shows
 *
 * Returns: (transfer floating): a column view without columns, sorting @rows as its column
 *   headers say
 */
GtkWidget *
_hearth_column_view_new (GListModel        *rows,
                         GtkSortListModel **sorted)
{
  GtkWidget *view = gtk_column_view_new (NULL);
  GtkSorter *sorter = gtk_column_view_get_sorter (GTK_COLUMN_VIEW (view));
  GtkSortListModel *sort_model =
    gtk_sort_list_model_new (g_object_ref (rows), sorter != NULL ? g_object_ref (sorter) : NULL);
  GtkSingleSelection *selection = gtk_single_selection_new (G_LIST_MODEL (sort_model));

  gtk_single_selection_set_autoselect (selection, FALSE);
  gtk_single_selection_set_can_unselect (selection, TRUE);
  gtk_column_view_set_model (GTK_COLUMN_VIEW (view), GTK_SELECTION_MODEL (selection));
  gtk_column_view_set_show_column_separators (GTK_COLUMN_VIEW (view), FALSE);
  gtk_column_view_set_reorderable (GTK_COLUMN_VIEW (view), FALSE);
  gtk_widget_add_css_class (view, "data-table");
  if (sorted != NULL)
    *sorted = sort_model;
  g_object_unref (selection);
  return view;
}
