/* hearth-order-bar.c: Merged / In Time Order, and the time range shown.
 *
 * Copyright 2026 The Hearth authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#define G_LOG_DOMAIN "hearth-order-bar"

#include "hearth-order-bar.h"

#include <glib/gi18n.h>

/**
 * HearthOrderBar:
 *
 * The line above the graph that switches between the merged flame graph and the flame
 * chart (a linked pair of toggle buttons, insensitive for files that keep no order), and
 * says which time range the merged graph and the panes show, with a button that shows the
 * whole profile again.
 */

struct _HearthOrderBar
{
  GtkWidget      parent_instance;

  HearthSession *session;
  GSignalGroup  *signals;
  GtkWidget     *box;
  GtkWidget     *merged_button;
  GtkWidget     *time_button;
  GtkWidget     *range_label;
  GtkWidget     *hint_label;
  GtkWidget     *clear_button;
  gboolean       updating;
};

G_DEFINE_FINAL_TYPE (HearthOrderBar, hearth_order_bar, GTK_TYPE_WIDGET)

static void
update (HearthOrderBar *self)
{
  HearthSession *session = self->session;
  gboolean keeps = session != NULL && hearth_session_keeps_order (session);
  gboolean time_order = keeps && hearth_session_get_time_order (session);
  g_autofree char *range = session != NULL ? hearth_session_dup_range_label (session) : NULL;
  g_autofree char *text = NULL;

  self->updating = TRUE;
  gtk_toggle_button_set_active (GTK_TOGGLE_BUTTON (self->time_button), time_order);
  gtk_toggle_button_set_active (GTK_TOGGLE_BUTTON (self->merged_button), !time_order);
  self->updating = FALSE;

  gtk_widget_set_sensitive (self->merged_button, keeps);
  gtk_widget_set_sensitive (self->time_button, keeps);
  gtk_widget_set_tooltip_text (self->time_button,
                               keeps ? _("Show the calls in time order, as a flame chart")
                                     : _("This file keeps no time order"));
  gtk_widget_set_tooltip_text (self->merged_button,
                               keeps ? _("Show every chain merged into one bar")
                                     : _("This file keeps no time order"));

  if (range != NULL)
    /* TRANSLATORS: %s is a time range, "1.20 s – 3.40 s" */
    text = g_strdup_printf (_("Merged graph and panes: %s"), range);
  gtk_label_set_text (GTK_LABEL (self->range_label), text != NULL ? text : "");
  gtk_widget_set_visible (self->range_label, range != NULL);
  gtk_widget_set_visible (self->clear_button, range != NULL);
  gtk_widget_set_visible (self->hint_label, time_order && range == NULL);
}

static void
toggled (GtkToggleButton *button,
         HearthOrderBar  *self)
{
  if (self->updating || self->session == NULL || !gtk_toggle_button_get_active (button))
    return;
  hearth_session_set_time_order (self->session, GTK_WIDGET (button) == self->time_button);
}

static void
clear_clicked (GtkButton      *button,
               HearthOrderBar *self)
{
  if (self->session != NULL)
    hearth_session_clear_range (self->session);
}

void
hearth_order_bar_set_session (HearthOrderBar *self,
                              HearthSession  *session)
{
  g_return_if_fail (HEARTH_IS_ORDER_BAR (self));

  if (!g_set_object (&self->session, session))
    return;
  g_signal_group_set_target (self->signals, session);
  update (self);
}

GtkWidget *
hearth_order_bar_get_merged_button (HearthOrderBar *self)
{
  return self->merged_button;
}

GtkWidget *
hearth_order_bar_get_time_button (HearthOrderBar *self)
{
  return self->time_button;
}

GtkWidget *
hearth_order_bar_get_clear_button (HearthOrderBar *self)
{
  return self->clear_button;
}

const char *
hearth_order_bar_get_range_text (HearthOrderBar *self)
{
  return gtk_widget_get_visible (self->range_label)
    ? gtk_label_get_text (GTK_LABEL (self->range_label)) : NULL;
}

static void
hearth_order_bar_dispose (GObject *object)
{
  HearthOrderBar *self = HEARTH_ORDER_BAR (object);

  if (self->signals != NULL)
    g_signal_group_set_target (self->signals, NULL);
  g_clear_object (&self->signals);
  g_clear_object (&self->session);
  g_clear_pointer (&self->box, gtk_widget_unparent);

  G_OBJECT_CLASS (hearth_order_bar_parent_class)->dispose (object);
}

static void
hearth_order_bar_class_init (HearthOrderBarClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  object_class->dispose = hearth_order_bar_dispose;
  gtk_widget_class_set_layout_manager_type (widget_class, GTK_TYPE_BIN_LAYOUT);
  gtk_widget_class_set_css_name (widget_class, "orderbar");
}

static GtkWidget *
add_toggle (HearthOrderBar *self,
            GtkWidget      *linked,
            const char     *label)
{
  GtkWidget *button = gtk_toggle_button_new_with_mnemonic (label);

  /* a click leaves the focus on the graph: focusing it again would scroll its viewport to
   * the top of a tall chart */
  gtk_widget_set_focus_on_click (button, FALSE);
  g_signal_connect (button, "toggled", G_CALLBACK (toggled), self);
  gtk_box_append (GTK_BOX (linked), button);
  return button;
}

static void
hearth_order_bar_init (HearthOrderBar *self)
{
  GtkWidget *linked = gtk_box_new (GTK_ORIENTATION_HORIZONTAL, 0);

  self->box = gtk_box_new (GTK_ORIENTATION_HORIZONTAL, 12);
  gtk_widget_set_margin_start (self->box, 6);
  gtk_widget_set_margin_end (self->box, 6);
  gtk_widget_set_margin_top (self->box, 4);
  gtk_widget_set_margin_bottom (self->box, 4);
  gtk_widget_set_parent (self->box, GTK_WIDGET (self));

  gtk_widget_add_css_class (linked, "linked");
  self->merged_button = add_toggle (self, linked, _("_Merged"));
  self->time_button = add_toggle (self, linked, _("In _Time Order"));
  gtk_toggle_button_set_group (GTK_TOGGLE_BUTTON (self->time_button),
                               GTK_TOGGLE_BUTTON (self->merged_button));
  gtk_box_append (GTK_BOX (self->box), linked);

  self->hint_label = gtk_label_new (_("Drag across the chart to merge a time range"));
  gtk_widget_add_css_class (self->hint_label, "dim-label");
  gtk_box_append (GTK_BOX (self->box), self->hint_label);

  self->range_label = gtk_label_new (NULL);
  gtk_label_set_ellipsize (GTK_LABEL (self->range_label), PANGO_ELLIPSIZE_END);
  gtk_box_append (GTK_BOX (self->box), self->range_label);
  self->clear_button = gtk_button_new_with_mnemonic (_("_Whole Profile"));
  gtk_widget_set_tooltip_text (self->clear_button,
                               _("Show the whole profile again, not only the time range"));
  gtk_widget_set_focus_on_click (self->clear_button, FALSE);
  g_signal_connect (self->clear_button, "clicked", G_CALLBACK (clear_clicked), self);
  gtk_box_append (GTK_BOX (self->box), self->clear_button);

  self->signals = g_signal_group_new (HEARTH_TYPE_SESSION);
  g_signal_group_connect_swapped (self->signals, "notify::profile", G_CALLBACK (update), self);
  g_signal_group_connect_swapped (self->signals, "notify::time-order", G_CALLBACK (update),
                                  self);
  g_signal_group_connect_swapped (self->signals, "notify::has-range", G_CALLBACK (update), self);
  update (self);
}

GtkWidget *
hearth_order_bar_new (void)
{
  return g_object_new (HEARTH_TYPE_ORDER_BAR, NULL);
}
