/* hearth-breadcrumbs.c
 *
 * Copyright 2026 The Hearth authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#define G_LOG_DOMAIN "hearth-breadcrumbs"

#include "hearth-breadcrumbs.h"

#include <glib/gi18n.h>

/**
 * HearthBreadcrumbs:
 *
 * The chain from the root to the bar zoomed into, one button per bar; a button zooms back
 * to its bar, the first one to the whole run. Long chains keep their first and last crumbs.
 */

#define MAX_CRUMBS 6

struct _HearthBreadcrumbs
{
  HearthPane parent_instance;
};

/* a pane for its session: the property, and the signals it follows */
G_DEFINE_FINAL_TYPE (HearthBreadcrumbs, hearth_breadcrumbs, HEARTH_TYPE_PANE)

static HearthSession *
session_of (HearthBreadcrumbs *self)
{
  return hearth_pane_get_session (HEARTH_PANE (self));
}

static void
clear (HearthBreadcrumbs *self)
{
  GtkWidget *child;

  while ((child = gtk_widget_get_first_child (GTK_WIDGET (self))) != NULL)
    gtk_widget_unparent (child);
}

static void
crumb_clicked (GtkButton         *button,
               HearthBreadcrumbs *self)
{
  gint node = GPOINTER_TO_INT (g_object_get_data (G_OBJECT (button), "node"));

  if (session_of (self) != NULL)
    hearth_session_set_zoom (session_of (self), node);
}

static void
add_separator (HearthBreadcrumbs *self)
{
  GtkWidget *label = gtk_label_new ("›");

  gtk_widget_add_css_class (label, "dim-label");
  gtk_widget_set_parent (label, GTK_WIDGET (self));
}

static void
add_crumb (HearthBreadcrumbs *self,
           const char        *text,
           gint               node,
           gboolean           current)
{
  GtkWidget *button = gtk_button_new ();
  GtkWidget *label = gtk_label_new (text);

  gtk_label_set_ellipsize (GTK_LABEL (label), PANGO_ELLIPSIZE_MIDDLE);
  gtk_label_set_max_width_chars (GTK_LABEL (label), 28);
  gtk_button_set_child (GTK_BUTTON (button), label);
  /* GTK 4.8 does not name a button after a child label */
  gtk_accessible_update_property (GTK_ACCESSIBLE (button), GTK_ACCESSIBLE_PROPERTY_LABEL, text,
                                  -1);
  gtk_widget_add_css_class (button, "flat");
  gtk_widget_set_tooltip_text (button, current ? NULL : _("Zoom out to this bar"));
  if (current)
    gtk_widget_add_css_class (button, "current");
  g_object_set_data (G_OBJECT (button), "node", GINT_TO_POINTER (node));
  g_signal_connect (button, "clicked", G_CALLBACK (crumb_clicked), self);
  gtk_widget_set_parent (button, GTK_WIDGET (self));
}

static void
add_hint (HearthBreadcrumbs *self,
          const char        *text)
{
  GtkWidget *label = gtk_label_new (text);

  gtk_widget_set_hexpand (label, TRUE);
  gtk_label_set_xalign (GTK_LABEL (label), 1);
  gtk_label_set_ellipsize (GTK_LABEL (label), PANGO_ELLIPSIZE_END);
  gtk_widget_add_css_class (label, "dim-label");
  gtk_widget_add_css_class (label, "caption");
  gtk_widget_add_css_class (label, "hint");
  gtk_widget_set_parent (label, GTK_WIDGET (self));
}

static const char *
node_label (HearthBreadcrumbs *self,
            guint              node)
{
  HearthSession *session = session_of (self);
  guint f = hearth_call_tree_get_node (hearth_session_get_tree (session), node)->function;

  return hearth_session_get_function_label (session, f == G_MAXUINT ? -1 : (gint) f);
}

static void
rebuild (HearthBreadcrumbs *self)
{
  HearthSession *session = session_of (self);
  HearthCallTree *tree;
  g_autofree guint *chain = NULL;
  guint n = 0;
  gint zoom;

  clear (self);
  if (session == NULL || (tree = hearth_session_get_tree (session)) == NULL ||
      hearth_call_tree_get_n_nodes (tree) == 0)
    return;

  /* the first crumb is the root: it stands for the whole graph */
  zoom = hearth_session_get_zoom (session);
  {
    g_autofree char *root = hearth_session_dup_root_label (session);

    add_crumb (self, root, -1, zoom < 0);
  }
  if (zoom < 0)
    {
      add_hint (self, _("Double-click a bar to zoom in"));
      return;
    }

  chain = hearth_call_tree_dup_chain (tree, zoom, &n);
  /* chain[0] is the root, which the first crumb stands for */
  for (guint i = 1; i < n; i++)
    {
      if (n > MAX_CRUMBS + 1 && i == 2)
        {
          add_separator (self);
          gtk_widget_set_parent (gtk_label_new ("…"), GTK_WIDGET (self));
          i = n - (MAX_CRUMBS - 2);
        }
      add_separator (self);
      add_crumb (self, node_label (self, chain[i]), chain[i], i + 1 == n);
    }
  add_hint (self, _("Backspace zooms out"));
}

/**
 * hearth_breadcrumbs_dup_text:
 * @self: a #HearthBreadcrumbs
 *
 * Returns: (transfer full): the crumbs as shown, joined by " › "
 */
char *
hearth_breadcrumbs_dup_text (HearthBreadcrumbs *self)
{
  GString *text = g_string_new (NULL);

  g_return_val_if_fail (HEARTH_IS_BREADCRUMBS (self), NULL);

  for (GtkWidget *child = gtk_widget_get_first_child (GTK_WIDGET (self)); child != NULL;
       child = gtk_widget_get_next_sibling (child))
    {
      GtkWidget *label = GTK_IS_BUTTON (child) ? gtk_button_get_child (GTK_BUTTON (child)) : child;

      if (GTK_IS_LABEL (label) && !gtk_widget_has_css_class (label, "hint"))
        {
          if (text->len > 0)
            g_string_append_c (text, ' ');
          g_string_append (text, gtk_label_get_text (GTK_LABEL (label)));
        }
    }
  return g_string_free (text, FALSE);
}

static void
pane_rebuild (HearthPane *pane)
{
  rebuild (HEARTH_BREADCRUMBS (pane));
}

static void
hearth_breadcrumbs_class_init (HearthBreadcrumbsClass *klass)
{
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);
  HearthPaneClass *pane_class = HEARTH_PANE_CLASS (klass);

  pane_class->tree_changed = pane_rebuild;
  pane_class->zoom_changed = pane_rebuild;

  gtk_widget_class_set_css_name (widget_class, "breadcrumbs");
  gtk_widget_class_set_accessible_role (widget_class, GTK_ACCESSIBLE_ROLE_NAVIGATION);
}

static void
hearth_breadcrumbs_init (HearthBreadcrumbs *self)
{
  GtkLayoutManager *layout = gtk_widget_get_layout_manager (GTK_WIDGET (self));

  /* a row, where the panes are columns */
  gtk_orientable_set_orientation (GTK_ORIENTABLE (layout), GTK_ORIENTATION_HORIZONTAL);
  gtk_box_layout_set_spacing (GTK_BOX_LAYOUT (layout), 2);
  gtk_accessible_update_property (GTK_ACCESSIBLE (self), GTK_ACCESSIBLE_PROPERTY_LABEL,
                                  _("Zoom path"), -1);
}

/**
 * hearth_breadcrumbs_new:
 *
 * Returns: (transfer floating): new breadcrumbs without a session
 */
GtkWidget *
hearth_breadcrumbs_new (void)
{
  return g_object_new (HEARTH_TYPE_BREADCRUMBS, NULL);
}

/**
 * hearth_breadcrumbs_get_session:
 * @self: a #HearthBreadcrumbs
 *
 * Returns: (transfer none) (nullable): the session
 */
HearthSession *
hearth_breadcrumbs_get_session (HearthBreadcrumbs *self)
{
  g_return_val_if_fail (HEARTH_IS_BREADCRUMBS (self), NULL);
  return session_of (self);
}

/**
 * hearth_breadcrumbs_set_session:
 * @self: a #HearthBreadcrumbs
 * @session: (nullable): the session whose zoom path to show
 */
void
hearth_breadcrumbs_set_session (HearthBreadcrumbs *self,
                                HearthSession     *session)
{
  g_return_if_fail (HEARTH_IS_BREADCRUMBS (self));

  hearth_pane_set_session (HEARTH_PANE (self), session);
}
