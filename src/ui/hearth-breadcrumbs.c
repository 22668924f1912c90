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
  GtkWidget      parent_instance;

  HearthSession *session;
  GSignalGroup  *session_signals;
};

G_DEFINE_FINAL_TYPE (HearthBreadcrumbs, hearth_breadcrumbs, GTK_TYPE_WIDGET)

enum
{
  PROP_0,
  PROP_SESSION,
  N_PROPS
};

static GParamSpec *properties[N_PROPS];

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

  if (self->session != NULL)
    hearth_session_set_zoom (self->session, node);
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
  guint f = hearth_call_tree_get_node (hearth_session_get_tree (self->session), node)->function;

  return hearth_session_get_function_label (self->session, f == G_MAXUINT ? -1 : (gint) f);
}

static void
rebuild (HearthBreadcrumbs *self)
{
  HearthCallTree *tree;
  g_autofree guint *chain = NULL;
  guint n = 0;
  gint zoom;

  clear (self);
  if (self->session == NULL || (tree = hearth_session_get_tree (self->session)) == NULL ||
      hearth_call_tree_get_n_nodes (tree) == 0)
    return;

  /* the first crumb is the root: it stands for the whole graph */
  zoom = hearth_session_get_zoom (self->session);
  add_crumb (self, node_label (self, 0), -1, zoom < 0);
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
hearth_breadcrumbs_dispose (GObject *object)
{
  HearthBreadcrumbs *self = HEARTH_BREADCRUMBS (object);

  clear (self);
  if (self->session_signals != NULL)
    g_signal_group_set_target (self->session_signals, NULL);
  g_clear_object (&self->session_signals);
  g_clear_object (&self->session);

  G_OBJECT_CLASS (hearth_breadcrumbs_parent_class)->dispose (object);
}

static void
hearth_breadcrumbs_get_property (GObject    *object,
                                 guint       prop_id,
                                 GValue     *value,
                                 GParamSpec *pspec)
{
  HearthBreadcrumbs *self = HEARTH_BREADCRUMBS (object);

  switch (prop_id)
    {
    case PROP_SESSION:
      g_value_set_object (value, self->session);
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
hearth_breadcrumbs_set_property (GObject      *object,
                                 guint         prop_id,
                                 const GValue *value,
                                 GParamSpec   *pspec)
{
  HearthBreadcrumbs *self = HEARTH_BREADCRUMBS (object);

  switch (prop_id)
    {
    case PROP_SESSION:
      hearth_breadcrumbs_set_session (self, g_value_get_object (value));
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
hearth_breadcrumbs_class_init (HearthBreadcrumbsClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  object_class->dispose = hearth_breadcrumbs_dispose;
  object_class->get_property = hearth_breadcrumbs_get_property;
  object_class->set_property = hearth_breadcrumbs_set_property;

  /** HearthBreadcrumbs:session: the session whose zoom path is shown */
  properties[PROP_SESSION] =
    g_param_spec_object ("session", NULL, NULL, HEARTH_TYPE_SESSION,
                         G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  g_object_class_install_properties (object_class, N_PROPS, properties);

  gtk_widget_class_set_layout_manager_type (widget_class, GTK_TYPE_BOX_LAYOUT);
  gtk_widget_class_set_css_name (widget_class, "breadcrumbs");
  gtk_widget_class_set_accessible_role (widget_class, GTK_ACCESSIBLE_ROLE_NAVIGATION);
}

static void
hearth_breadcrumbs_init (HearthBreadcrumbs *self)
{
  GtkLayoutManager *layout = gtk_widget_get_layout_manager (GTK_WIDGET (self));

  gtk_box_layout_set_spacing (GTK_BOX_LAYOUT (layout), 2);
  gtk_accessible_update_property (GTK_ACCESSIBLE (self), GTK_ACCESSIBLE_PROPERTY_LABEL,
                                  _("Zoom path"), -1);

  self->session_signals = g_signal_group_new (HEARTH_TYPE_SESSION);
  g_signal_group_connect_swapped (self->session_signals, "notify::tree",
                                  G_CALLBACK (rebuild), self);
  g_signal_group_connect_swapped (self->session_signals, "notify::zoom",
                                  G_CALLBACK (rebuild), self);
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
  return self->session;
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

  if (!g_set_object (&self->session, session))
    return;
  g_signal_group_set_target (self->session_signals, session);
  rebuild (self);
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_SESSION]);
}
