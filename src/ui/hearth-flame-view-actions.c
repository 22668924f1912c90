/* hearth-flame-view-actions.c: the flame.* actions of the flame view (zoom, selection,
 * copying, opening the source) and the context menu of a bar.
 *
 * Copyright 2026 The Hearth authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#define G_LOG_DOMAIN "hearth-flame-view"

#include "hearth-flame-view-private.h"

#include <glib/gi18n.h>

#include "hearth-gtk-compat.h"

#define ZOOM_STEP         1.5

/* The bar an action is about: the one the menu was opened on, else the selected one. */
static gint
action_node (HearthFlameView *self)
{
  if (self->menu_node >= 0 && (guint) self->menu_node < _hearth_flame_view_n_nodes (self))
    return self->menu_node;
  return self->session != NULL ? hearth_session_get_selected (self->session) : -1;
}

static gint
action_function (HearthFlameView *self)
{
  const HearthNode *n = _hearth_flame_view_get_node (self, action_node (self));

  return n != NULL && n->function != G_MAXUINT ? (gint) n->function : -1;
}

static void
copy_text (HearthFlameView *self,
           const char      *text)
{
  if (text != NULL)
    gdk_clipboard_set_text (gtk_widget_get_clipboard (GTK_WIDGET (self)), text);
}

static void
copy_name_action (GtkWidget  *widget,
                  const char *action_name,
                  GVariant   *parameter)
{
  HearthFlameView *self = HEARTH_FLAME_VIEW (widget);
  gint node = action_node (self);

  if (node >= 0)
    copy_text (self, hearth_session_get_node_label (self->session, node));
}

static void
copy_location_action (GtkWidget  *widget,
                      const char *action_name,
                      GVariant   *parameter)
{
  HearthFlameView *self = HEARTH_FLAME_VIEW (widget);
  gint function = action_function (self);
  g_autofree char *location = NULL;

  if (function >= 0)
    location = hearth_session_dup_location (self->session, function);
  copy_text (self, location);
}

static void
copy_chain_action (GtkWidget  *widget,
                   const char *action_name,
                   GVariant   *parameter)
{
  HearthFlameView *self = HEARTH_FLAME_VIEW (widget);
  gint node = action_node (self);
  g_autofree char *chain = NULL;

  if (node >= 0)
    chain = hearth_session_dup_chain_text (self->session, node, " > ", TRUE);
  copy_text (self, chain);
}

static void
launch_done (GObject      *source,
             GAsyncResult *result,
             gpointer      user_data)
{
  g_autoptr (HearthSession) session = user_data;
  g_autoptr (GError) error = NULL;

  if (!hearth_launch_file_finish (result, &error) &&
      !g_error_matches (error, G_IO_ERROR, G_IO_ERROR_CANCELLED))
    {
      g_autofree char *message = g_strdup_printf (_("The source file could not be opened: %s"),
                                                  error->message);

      hearth_session_post_notice (session, message);
    }
}

/* The source file of a function: as recorded, else relative to the profile's folder. */
static GFile *
source_file (HearthFlameView *self,
             guint            function)
{
  HearthProfile *profile = hearth_session_get_profile (self->session);
  const HearthFunction *f = hearth_profile_get_function (profile, function);
  const char *profile_path = hearth_profile_get_path (profile);
  g_autofree char *folder = NULL;
  g_autofree char *joined = NULL;

  if (f->file == NULL || f->file[0] == '\0' || f->file[0] == '<' || g_str_equal (f->file, "~"))
    return NULL;
  if (g_path_is_absolute (f->file) || profile_path == NULL)
    return g_file_new_for_path (f->file);
  folder = g_path_get_dirname (profile_path);
  joined = g_build_filename (folder, f->file, NULL);
  if (g_file_test (joined, G_FILE_TEST_EXISTS))
    return g_file_new_for_path (joined);
  return g_file_new_for_path (f->file);
}

static void
open_source_action (GtkWidget  *widget,
                    const char *action_name,
                    GVariant   *parameter)
{
  HearthFlameView *self = HEARTH_FLAME_VIEW (widget);
  gint function = action_function (self);
  g_autoptr (GFile) file = NULL;

  if (function < 0)
    return;
  file = source_file (self, function);
  if (file == NULL)
    return;
  hearth_launch_file_async (GTK_WINDOW (gtk_widget_get_root (widget)), file, NULL, launch_done,
                            g_object_ref (self->session));
}

static void
set_root_action (GtkWidget  *widget,
                 const char *action_name,
                 GVariant   *parameter)
{
  HearthFlameView *self = HEARTH_FLAME_VIEW (widget);
  gint function = action_function (self);

  if (function >= 0)
    hearth_session_set_root (self->session, function);
}

static void
show_bar_action (GtkWidget  *widget,
                 const char *action_name,
                 GVariant   *parameter)
{
  HearthFlameView *self = HEARTH_FLAME_VIEW (widget);
  gint node = action_node (self);

  if (node < 0)
    return;
  hearth_session_set_selected (self->session, node);
  /* flame.show-callers or flame.show-sandwich: the window shows the pane or the view */
  g_signal_emit (self,
                 _hearth_flame_view_signals[g_str_equal (action_name, "flame.show-sandwich")
                                            ? SHOW_SANDWICH : SHOW_CALLERS], 0, node);
}

static void
zoom_in_action (GtkWidget  *widget,
                const char *action_name,
                GVariant   *parameter)
{
  HearthFlameView *self = HEARTH_FLAME_VIEW (widget);
  gint node = action_node (self);

  if (self->session == NULL || node < 0)
    return;
  if (node == hearth_session_get_zoom (self->session))
    _hearth_flame_view_show_zoom_node (self, TRUE);
  else
    hearth_session_set_zoom (self->session, node);
}

static void
zoom_out_action (GtkWidget  *widget,
                 const char *action_name,
                 GVariant   *parameter)
{
  HearthFlameView *self = HEARTH_FLAME_VIEW (widget);
  const HearthNode *zoom;
  const HearthNode *shown;
  double left, width;
  gint zoom_node;

  if (self->session == NULL)
    return;
  zoom_node = hearth_session_get_zoom (self->session);
  zoom = _hearth_flame_view_get_node (self, zoom_node);
  if (zoom == NULL)
    {
      hearth_flame_view_set_visible_range (self, 0, _hearth_flame_view_axis_total (self), TRUE);
      return;
    }
  /* a range zoomed further by hand goes back to the zoomed bar first */
  shown = zoom;
  _hearth_flame_view_node_extent (self, shown, &left, &width);
  if (self->target_start > left + width * 1e-9 || self->target_end < left + width * (1 - 1e-9))
    {
      _hearth_flame_view_show_zoom_node (self, TRUE);
      return;
    }
  hearth_session_set_zoom (self->session, zoom->parent == G_MAXUINT ? -1 : (gint) zoom->parent);
}

static void
zoom_reset_action (GtkWidget  *widget,
                   const char *action_name,
                   GVariant   *parameter)
{
  HearthFlameView *self = HEARTH_FLAME_VIEW (widget);

  if (self->session == NULL)
    return;
  if (hearth_session_get_zoom (self->session) >= 0)
    hearth_session_set_zoom (self->session, -1);
  else
    hearth_flame_view_set_visible_range (self, 0, _hearth_flame_view_axis_total (self), TRUE);
}

static double
zoom_anchor (HearthFlameView *self)
{
  graphene_rect_t bounds;
  gint selected = self->session != NULL ? hearth_session_get_selected (self->session) : -1;

  if (self->pointer_inside)
    return self->pointer_x;
  if (selected >= 0 && hearth_flame_view_get_node_bounds (self, selected, &bounds) &&
      bounds.origin.x + bounds.size.width >= 0 &&
      bounds.origin.x <= gtk_widget_get_width (GTK_WIDGET (self)))
    return bounds.origin.x + bounds.size.width / 2;
  return gtk_widget_get_width (GTK_WIDGET (self)) / 2.0;
}

static void
zoom_step_action (GtkWidget  *widget,
                  const char *action_name,
                  GVariant   *parameter)
{
  HearthFlameView *self = HEARTH_FLAME_VIEW (widget);
  gboolean in = g_str_equal (action_name, "flame.zoom-step-in");

  hearth_flame_view_zoom_by (self, in ? ZOOM_STEP : 1 / ZOOM_STEP, zoom_anchor (self));
}

static void
select_node (HearthFlameView *self,
             gint             node)
{
  if (node >= 0)
    hearth_session_set_selected (self->session, node);
}

static void
select_parent_action (GtkWidget  *widget,
                      const char *action_name,
                      GVariant   *parameter)
{
  HearthFlameView *self = HEARTH_FLAME_VIEW (widget);
  const HearthNode *n = _hearth_flame_view_get_node (self,
                                                     hearth_session_get_selected (self->session));

  if (n == NULL)
    select_node (self, _hearth_flame_view_n_nodes (self) > 0 ? 0 : -1);
  else if (n->parent != G_MAXUINT)
    select_node (self, n->parent);
}

static void
select_child_action (GtkWidget  *widget,
                     const char *action_name,
                     GVariant   *parameter)
{
  HearthFlameView *self = HEARTH_FLAME_VIEW (widget);
  gint selected = hearth_session_get_selected (self->session);
  const guint *children;
  guint n = 0;

  if (selected < 0)
    {
      select_node (self, _hearth_flame_view_n_nodes (self) > 0 ? 0 : -1);
      return;
    }
  children = hearth_call_tree_get_children (_hearth_flame_view_get_tree (self), selected, &n);
  if (n > 0)
    select_node (self, children[0]);
}

/* The neighbour in the row: siblings first, then the bars of the neighbouring callers. */
static void
select_sibling_action (GtkWidget  *widget,
                       const char *action_name,
                       GVariant   *parameter)
{
  HearthFlameView *self = HEARTH_FLAME_VIEW (widget);
  gboolean next = g_str_equal (action_name, "flame.select-next");
  gint selected = hearth_session_get_selected (self->session);
  const HearthNode *n = _hearth_flame_view_get_node (self, selected);
  const guint *row;
  guint count = 0;

  if (n == NULL)
    {
      select_node (self, _hearth_flame_view_n_nodes (self) > 0 ? 0 : -1);
      return;
    }
  row = hearth_call_tree_get_row (_hearth_flame_view_get_tree (self), n->depth, &count);
  for (guint i = 0; i < count; i++)
    if (row[i] == (guint) selected)
      {
        if (next && i + 1 < count)
          select_node (self, row[i + 1]);
        else if (!next && i > 0)
          select_node (self, row[i - 1]);
        break;
      }
}

static void
update_menu_actions (HearthFlameView *self)
{
  gint function = action_function (self);
  g_autofree char *location = NULL;

  if (function >= 0)
    location = hearth_session_dup_location (self->session, function);
  gtk_widget_action_set_enabled (GTK_WIDGET (self), "flame.copy-location", location != NULL);
  gtk_widget_action_set_enabled (GTK_WIDGET (self), "flame.open-source", location != NULL);
  gtk_widget_action_set_enabled (GTK_WIDGET (self), "flame.set-root", function >= 0);
}

static GMenuModel *
build_menu_model (void)
{
  GMenu *menu = g_menu_new ();
  g_autoptr (GMenu) copy = g_menu_new ();
  g_autoptr (GMenu) go = g_menu_new ();
  g_autoptr (GMenu) tree = g_menu_new ();

  g_menu_append (go, _("_Zoom In"), "flame.zoom-in");
  g_menu_append (go, _("Show _Callers"), "flame.show-callers");
  g_menu_append (go, _("Show _Sandwich"), "flame.show-sandwich");
  g_menu_append (go, _("_Open File at Line"), "flame.open-source");
  g_menu_append (copy, _("Copy _Name"), "flame.copy-name");
  g_menu_append (copy, _("Copy _File:Line"), "flame.copy-location");
  g_menu_append (copy, _("Copy C_hain"), "flame.copy-chain");
  g_menu_append (tree, _("Set as _Root"), "flame.set-root");
  g_menu_append_section (menu, NULL, G_MENU_MODEL (go));
  g_menu_append_section (menu, NULL, G_MENU_MODEL (copy));
  g_menu_append_section (menu, NULL, G_MENU_MODEL (tree));
  return G_MENU_MODEL (menu);
}

static void
menu_closed (HearthFlameView *self)
{
  self->menu_node = -1;
  gtk_widget_set_has_tooltip (GTK_WIDGET (self), TRUE);
}

void
_hearth_flame_view_popup_menu_at (HearthFlameView *self,
                                  gint             node,
                                  double           x,
                                  double           y)
{
  if (node < 0)
    return;
  self->menu_node = node;
  update_menu_actions (self);
  if (self->menu == NULL)
    {
      g_autoptr (GMenuModel) model = build_menu_model ();

      self->menu = gtk_popover_menu_new_from_model (model);
      gtk_widget_set_parent (self->menu, GTK_WIDGET (self));
      gtk_popover_set_has_arrow (GTK_POPOVER (self->menu), FALSE);
      gtk_widget_set_halign (self->menu, GTK_ALIGN_START);
      g_signal_connect_object (self->menu, "closed", G_CALLBACK (menu_closed), self,
                               G_CONNECT_SWAPPED);
    }
  gtk_popover_set_pointing_to (GTK_POPOVER (self->menu), &(GdkRectangle) { x, y, 1, 1 });
  /* the bar's tooltip would cover the menu */
  gtk_widget_set_has_tooltip (GTK_WIDGET (self), FALSE);
  gtk_popover_popup (GTK_POPOVER (self->menu));
}

static void
popup_menu_action (GtkWidget  *widget,
                   const char *action_name,
                   GVariant   *parameter)
{
  HearthFlameView *self = HEARTH_FLAME_VIEW (widget);
  gint node = self->session != NULL ? hearth_session_get_selected (self->session) : -1;
  graphene_rect_t bounds;

  if (node >= 0 && hearth_flame_view_get_node_bounds (self, node, &bounds))
    _hearth_flame_view_popup_menu_at (self, node, bounds.origin.x + MIN (bounds.size.width / 2, 40),
                                      bounds.origin.y + bounds.size.height);
}

void
_hearth_flame_view_class_install_actions (GtkWidgetClass *widget_class)
{
  gtk_widget_class_install_action (widget_class, "flame.copy-name", NULL, copy_name_action);
  gtk_widget_class_install_action (widget_class, "flame.copy-location", NULL, copy_location_action);
  gtk_widget_class_install_action (widget_class, "flame.copy-chain", NULL, copy_chain_action);
  gtk_widget_class_install_action (widget_class, "flame.open-source", NULL, open_source_action);
  gtk_widget_class_install_action (widget_class, "flame.set-root", NULL, set_root_action);
  gtk_widget_class_install_action (widget_class, "flame.show-callers", NULL, show_bar_action);
  gtk_widget_class_install_action (widget_class, "flame.show-sandwich", NULL, show_bar_action);
  gtk_widget_class_install_action (widget_class, "flame.zoom-in", NULL, zoom_in_action);
  gtk_widget_class_install_action (widget_class, "flame.zoom-out", NULL, zoom_out_action);
  gtk_widget_class_install_action (widget_class, "flame.zoom-reset", NULL, zoom_reset_action);
  gtk_widget_class_install_action (widget_class, "flame.zoom-step-in", NULL, zoom_step_action);
  gtk_widget_class_install_action (widget_class, "flame.zoom-step-out", NULL, zoom_step_action);
  gtk_widget_class_install_action (widget_class, "flame.select-parent", NULL, select_parent_action);
  gtk_widget_class_install_action (widget_class, "flame.select-child", NULL, select_child_action);
  gtk_widget_class_install_action (widget_class, "flame.select-previous", NULL,
                                   select_sibling_action);
  gtk_widget_class_install_action (widget_class, "flame.select-next", NULL, select_sibling_action);
  gtk_widget_class_install_action (widget_class, "flame.popup-menu", NULL, popup_menu_action);
}
