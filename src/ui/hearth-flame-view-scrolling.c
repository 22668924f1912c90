/* hearth-flame-view-scrolling.c: the flame view in its scrolled window. The view keeps its
 * distance from the root row (0: the root row and the axis in view) across new trees,
 * orientations and window sizes, and draws again when the visible part moves.
 *
 * Copyright 2026 The Hearth authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#define G_LOG_DOMAIN "hearth-flame-view"

#include "hearth-flame-view-private.h"

/* Flame: how far the bottom of the view is above the root row; icicle: how far its top is
 * below it. */
static double
visible_root_gap (HearthFlameView *self)
{
  GtkAdjustment *adj = self->vadjustment;
  double value = gtk_adjustment_get_value (adj);

  if (self->icicle)
    return MAX (0, value - gtk_adjustment_get_lower (adj));
  return MAX (0, gtk_adjustment_get_upper (adj) - gtk_adjustment_get_page_size (adj) - value);
}

static void
keep_root_gap (HearthFlameView *self)
{
  GtkAdjustment *adj = self->vadjustment;
  double value;

  if (adj == NULL)
    return;
  if (self->icicle)
    value = gtk_adjustment_get_lower (adj) + self->root_gap;
  else
    value = gtk_adjustment_get_upper (adj) - gtk_adjustment_get_page_size (adj) - self->root_gap;
  self->keeping_gap = TRUE;
  gtk_adjustment_set_value (adj, value);
  self->keeping_gap = FALSE;
}

/* A new tree or orientation opens on the root row and the axis. */
void
_hearth_flame_view_show_root (HearthFlameView *self)
{
  self->root_gap = 0;
  keep_root_gap (self);
}

static void
vadjustment_value_changed (HearthFlameView *self)
{
  if (!self->keeping_gap)
    self->root_gap = visible_root_gap (self);
  /* the pinned axis follows the visible part, and a tall graph its recorded band */
  if (self->graph != NULL &&
      gtk_adjustment_get_upper (self->vadjustment) > gtk_adjustment_get_page_size (self->vadjustment))
    gtk_widget_queue_draw (GTK_WIDGET (self));
  _hearth_flame_view_queue_bars (self);
}

/* Once the frame's layout is done: lay the viewport out again at the value just set. */
static void
relayout (GdkFrameClock   *clock,
          HearthFlameView *self)
{
  GtkWidget *viewport = gtk_widget_get_parent (GTK_WIDGET (self));

  g_clear_signal_handler (&self->relayout_handler, clock);
  if (viewport != NULL)
    gtk_widget_queue_allocate (viewport);
}

/* The content or the view changed height: stay as far from the root as before. The viewport
 * tells this after placing the view at the old value, while it is being laid out, when it
 * cannot be laid out again; the frame clock repeats its layout phase for a request made
 * after it. */
static void
vadjustment_changed (HearthFlameView *self)
{
  double before = gtk_adjustment_get_value (self->vadjustment);
  GdkFrameClock *clock;

  keep_root_gap (self);
  if (gtk_adjustment_get_value (self->vadjustment) == before || self->relayout_handler != 0)
    return;
  clock = gtk_widget_get_frame_clock (GTK_WIDGET (self));
  if (clock == NULL)
    return;
  self->relayout_handler = g_signal_connect_object (clock, "layout", G_CALLBACK (relayout), self,
                                                    G_CONNECT_AFTER);
  gdk_frame_clock_request_phase (clock, GDK_FRAME_CLOCK_PHASE_LAYOUT);
}

/* On map: follow the vertical adjustment of the scrolled window around the view, if any. */
void
_hearth_flame_view_attach_scrolled_window (HearthFlameView *self)
{
  GtkWidget *scrolled;

  scrolled = gtk_widget_get_ancestor (GTK_WIDGET (self), GTK_TYPE_SCROLLED_WINDOW);
  if (scrolled != NULL)
    {
      self->vadjustment = gtk_scrolled_window_get_vadjustment (GTK_SCROLLED_WINDOW (scrolled));
      self->vadjustment_handler = g_signal_connect_object (self->vadjustment, "value-changed",
                                                           G_CALLBACK (vadjustment_value_changed),
                                                           self, G_CONNECT_SWAPPED);
      self->vadjustment_changed_handler =
        g_signal_connect_object (self->vadjustment, "changed", G_CALLBACK (vadjustment_changed),
                                 self, G_CONNECT_SWAPPED);
      keep_root_gap (self);
    }
}

/* On unmap: let the adjustment go. */
void
_hearth_flame_view_detach_scrolled_window (HearthFlameView *self)
{
  GtkWidget *widget = GTK_WIDGET (self);

  if (self->vadjustment != NULL)
    {
      g_clear_signal_handler (&self->vadjustment_handler, self->vadjustment);
      g_clear_signal_handler (&self->vadjustment_changed_handler, self->vadjustment);
    }
  if (self->relayout_handler != 0 && gtk_widget_get_frame_clock (widget) != NULL)
    g_clear_signal_handler (&self->relayout_handler, gtk_widget_get_frame_clock (widget));
  self->relayout_handler = 0;
  self->vadjustment = NULL;
}
