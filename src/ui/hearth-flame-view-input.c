/* hearth-flame-view-input.c: pointer, clicks, scrolling, pinches and keys on the flame view.
 * Keys are bindings to the flame.* actions (hearth-flame-view-actions.c).
 *
 * Copyright 2026 The Hearth authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#define G_LOG_DOMAIN "hearth-flame-view"

#include "hearth-flame-view-private.h"

#include <math.h>

#define WHEEL_ZOOM_STEP   1.2
#define WHEEL_PAN_SHARE   0.1      /* of the visible range per wheel notch */

/* Up and Down follow the picture: towards the root is down in a flame, up in an icicle. */
static gboolean
move_vertical (GtkWidget *widget,
               GVariant  *args,
               gpointer   user_data)
{
  HearthFlameView *self = HEARTH_FLAME_VIEW (widget);
  gboolean up = g_variant_get_boolean (args);

  if (self->session == NULL)
    return FALSE;
  gtk_widget_activate_action (widget, up != self->icicle ? "flame.select-child"
                                                         : "flame.select-parent", NULL);
  return TRUE;
}

static void
motion (GtkEventControllerMotion *controller,
        double                    x,
        double                    y,
        HearthFlameView          *self)
{
  self->pointer_x = x;
  self->pointer_inside = TRUE;
  _hearth_flame_view_set_hover (self, hearth_flame_view_node_at (self, x, y));
}

static void
leave (GtkEventControllerMotion *controller,
       HearthFlameView          *self)
{
  self->pointer_inside = FALSE;
  _hearth_flame_view_set_hover (self, -1);
}

static void
pressed (GtkGestureClick *gesture,
         int              n_press,
         double           x,
         double           y,
         HearthFlameView *self)
{
  guint button = gtk_gesture_single_get_current_button (GTK_GESTURE_SINGLE (gesture));
  gint node = hearth_flame_view_node_at (self, x, y);

  if (self->session == NULL)
    return;
  gtk_widget_grab_focus (GTK_WIDGET (self));

  if (button == GDK_BUTTON_SECONDARY)
    {
      if (node >= 0)
        {
          hearth_session_set_selected (self->session, node);
          _hearth_flame_view_popup_menu_at (self, node, x, y);
        }
      gtk_gesture_set_state (GTK_GESTURE (gesture), GTK_EVENT_SEQUENCE_CLAIMED);
      return;
    }
  /* 0: a press without an event behind it, as accessibility tools and tests make */
  if (button != GDK_BUTTON_PRIMARY && button != 0)
    return;

  hearth_session_set_selected (self->session, node);
  if (n_press == 2 && node >= 0)
    gtk_widget_activate_action (GTK_WIDGET (self), "flame.zoom-in", NULL);
  gtk_gesture_set_state (GTK_GESTURE (gesture), GTK_EVENT_SEQUENCE_CLAIMED);
}

static gboolean
scrolled (GtkEventControllerScroll *controller,
          double                    dx,
          double                    dy,
          HearthFlameView          *self)
{
  GtkEventController *event_controller = GTK_EVENT_CONTROLLER (controller);
  GdkModifierType state = gtk_event_controller_get_current_event_state (event_controller);
  gboolean wheel = gtk_event_controller_scroll_get_unit (controller) == GDK_SCROLL_UNIT_WHEEL;
  double left, width;

  if (_hearth_flame_view_n_nodes (self) == 0)
    return FALSE;
  _hearth_flame_view_bars_columns (self, &left, &width);
  if (state & GDK_CONTROL_MASK)
    {
      double steps = wheel ? dy : dy / 20;

      hearth_flame_view_zoom_by (self, pow (WHEEL_ZOOM_STEP, -steps), self->pointer_x);
      return TRUE;
    }
  if (state & GDK_SHIFT_MASK && dx == 0)
    {
      dx = dy;
      dy = 0;
    }
  if (dx != 0)
    {
      _hearth_flame_view_pan_by (self, wheel ? dx * WHEEL_PAN_SHARE : dx / width);
      return TRUE;
    }
  /* vertical scrolling belongs to the scrolled window around the view */
  return FALSE;
}

/* A pinch on a touchpad or screen zooms around its centre, like Ctrl+scroll. */
static void
pinch_begin (GtkGesture       *gesture,
             GdkEventSequence *sequence,
             HearthFlameView  *self)
{
  self->pinch_scale = 1.0;
}

static void
pinch_changed (GtkGestureZoom  *gesture,
               double           scale,
               HearthFlameView *self)
{
  double x = 0, y = 0;

  if (!(scale > 0) || !(self->pinch_scale > 0))
    return;
  gtk_gesture_get_bounding_box_center (GTK_GESTURE (gesture), &x, &y);
  hearth_flame_view_zoom_by (self, scale / self->pinch_scale, x);
  self->pinch_scale = scale;
}

static void
add_key (GtkWidgetClass  *widget_class,
         guint            keyval,
         GdkModifierType  mods,
         const char      *action)
{
  gtk_widget_class_add_binding_action (widget_class, keyval, mods, action, NULL);
}

void
_hearth_flame_view_class_add_bindings (GtkWidgetClass *widget_class)
{
  add_key (widget_class, GDK_KEY_Return, 0, "flame.zoom-in");
  add_key (widget_class, GDK_KEY_KP_Enter, 0, "flame.zoom-in");
  add_key (widget_class, GDK_KEY_ISO_Enter, 0, "flame.zoom-in");
  add_key (widget_class, GDK_KEY_Return, GDK_CONTROL_MASK, "flame.show-sandwich");
  add_key (widget_class, GDK_KEY_KP_Enter, GDK_CONTROL_MASK, "flame.show-sandwich");
  add_key (widget_class, GDK_KEY_Escape, 0, "flame.zoom-reset");
  add_key (widget_class, GDK_KEY_Home, 0, "flame.zoom-reset");
  add_key (widget_class, GDK_KEY_BackSpace, 0, "flame.zoom-out");
  add_key (widget_class, GDK_KEY_plus, GDK_CONTROL_MASK, "flame.zoom-step-in");
  add_key (widget_class, GDK_KEY_equal, GDK_CONTROL_MASK, "flame.zoom-step-in");
  add_key (widget_class, GDK_KEY_KP_Add, GDK_CONTROL_MASK, "flame.zoom-step-in");
  add_key (widget_class, GDK_KEY_minus, GDK_CONTROL_MASK, "flame.zoom-step-out");
  add_key (widget_class, GDK_KEY_KP_Subtract, GDK_CONTROL_MASK, "flame.zoom-step-out");
  add_key (widget_class, GDK_KEY_Left, 0, "flame.select-previous");
  add_key (widget_class, GDK_KEY_Right, 0, "flame.select-next");
  add_key (widget_class, GDK_KEY_Menu, 0, "flame.popup-menu");
  add_key (widget_class, GDK_KEY_F10, GDK_SHIFT_MASK, "flame.popup-menu");
  gtk_widget_class_add_binding (widget_class, GDK_KEY_Up, 0, move_vertical, "b", TRUE);
  gtk_widget_class_add_binding (widget_class, GDK_KEY_Down, 0, move_vertical, "b", FALSE);
}

/* Time ranges on a chart ---------------------------------------------------------------- */

/* Drags shorter than this are clicks. */
#define RANGE_MIN_DRAG 4

gboolean
_hearth_flame_view_is_chart (HearthFlameView *self)
{
  HearthCallTree *tree = _hearth_flame_view_get_tree (self);

  return tree != NULL && hearth_call_tree_is_chart (tree) && !_hearth_flame_view_comparing (self);
}

/* The visible part of the clock, and the pixel columns it is drawn on. */
static void
chart_scale (HearthFlameView *self,
             double          *start,
             double          *end,
             double          *left,
             double          *width)
{
  const HearthNode *root = _hearth_flame_view_get_node (self, 0);
  HearthFlameViewport vp;

  _hearth_flame_view_current_viewport (self, &vp);
  _hearth_flame_view_bars_columns (self, left, width);
  *start = vp.x_start;
  *end = vp.x_end;
  if (!(*end > *start))
    {
      *start = root->left;
      *end = root->left + root->width;
    }
}

/* Where @value of the chart's clock is drawn, in widget x. */
double
_hearth_flame_view_chart_x (HearthFlameView *self,
                            double           value)
{
  double start, end, left, width;

  chart_scale (self, &start, &end, &left, &width);
  return left + (value - start) / (end - start) * width;
}

static double
chart_value_at (HearthFlameView *self,
                double           x)
{
  const HearthNode *root = _hearth_flame_view_get_node (self, 0);
  double start, end, left, width;

  chart_scale (self, &start, &end, &left, &width);
  return CLAMP (start + (x - left) / width * (end - start), root->left,
                root->left + root->width);
}

static void
drag_begin (GtkGestureDrag  *gesture,
            double           x,
            double           y,
            HearthFlameView *self)
{
  self->drag_from = -1;
  if (self->session == NULL || _hearth_flame_view_n_nodes (self) == 0 ||
      !_hearth_flame_view_is_chart (self))
    gtk_gesture_set_state (GTK_GESTURE (gesture), GTK_EVENT_SEQUENCE_DENIED);
}

static void
drag_update (GtkGestureDrag  *gesture,
             double           dx,
             double           dy,
             HearthFlameView *self)
{
  double x, y;

  if (fabs (dx) < RANGE_MIN_DRAG || !_hearth_flame_view_is_chart (self))
    return;
  gtk_gesture_drag_get_start_point (gesture, &x, &y);
  self->drag_from = x;
  self->drag_to = x + dx;
  gtk_widget_queue_draw (GTK_WIDGET (self));
}

/* A drag across the chart chooses the range the merged graph and the panes show. */
static void
drag_end (GtkGestureDrag  *gesture,
          double           dx,
          double           dy,
          HearthFlameView *self)
{
  double x, y, a, b;

  if (self->drag_from < 0 || fabs (dx) < RANGE_MIN_DRAG || !_hearth_flame_view_is_chart (self))
    {
      self->drag_from = -1;
      return;
    }
  gtk_gesture_drag_get_start_point (gesture, &x, &y);
  a = chart_value_at (self, MIN (x, x + dx));
  b = chart_value_at (self, MAX (x, x + dx));
  self->drag_from = -1;
  hearth_flame_view_select_range (self, a, b);
  gtk_widget_queue_draw (GTK_WIDGET (self));
}

/**
 * hearth_flame_view_select_range:
 * @self: a #HearthFlameView showing a chart
 * @start: where the range starts on the chart's clock
 * @end: where it ends
 *
 * What a drag across the chart does: the session shows that range merged.
 */
void
hearth_flame_view_select_range (HearthFlameView *self,
                                double           start,
                                double           end)
{
  g_return_if_fail (HEARTH_IS_FLAME_VIEW (self));

  if (self->session != NULL && _hearth_flame_view_is_chart (self))
    hearth_session_set_range (self->session, start, end);
}

void
_hearth_flame_view_init_input (HearthFlameView *self)
{
  GtkEventController *controller;
  GtkGesture *click;
  GtkGesture *pinch;
  GtkGesture *drag;

  controller = gtk_event_controller_motion_new ();
  g_signal_connect (controller, "enter", G_CALLBACK (motion), self);
  g_signal_connect (controller, "motion", G_CALLBACK (motion), self);
  g_signal_connect (controller, "leave", G_CALLBACK (leave), self);
  gtk_widget_add_controller (GTK_WIDGET (self), controller);

  click = gtk_gesture_click_new ();
  gtk_gesture_single_set_button (GTK_GESTURE_SINGLE (click), 0);
  g_signal_connect (click, "pressed", G_CALLBACK (pressed), self);
  gtk_widget_add_controller (GTK_WIDGET (self), GTK_EVENT_CONTROLLER (click));

  self->drag_from = -1;
  drag = gtk_gesture_drag_new ();
  g_signal_connect (drag, "drag-begin", G_CALLBACK (drag_begin), self);
  g_signal_connect (drag, "drag-update", G_CALLBACK (drag_update), self);
  g_signal_connect (drag, "drag-end", G_CALLBACK (drag_end), self);
  gtk_widget_add_controller (GTK_WIDGET (self), GTK_EVENT_CONTROLLER (drag));
  /* a press both selects (the click) and may start a range (the drag) */
  gtk_gesture_group (click, drag);

  pinch = gtk_gesture_zoom_new ();
  g_signal_connect (pinch, "begin", G_CALLBACK (pinch_begin), self);
  g_signal_connect (pinch, "scale-changed", G_CALLBACK (pinch_changed), self);
  gtk_widget_add_controller (GTK_WIDGET (self), GTK_EVENT_CONTROLLER (pinch));

  controller = gtk_event_controller_scroll_new (GTK_EVENT_CONTROLLER_SCROLL_BOTH_AXES);
  g_signal_connect (controller, "scroll", G_CALLBACK (scrolled), self);
  gtk_widget_add_controller (GTK_WIDGET (self), controller);
}
