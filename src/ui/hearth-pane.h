/* hearth-pane.h: the base of the side panes and of the other widgets that follow a session.
 *
 * Copyright 2026 The Hearth authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <gtk/gtk.h>

#include "hearth-session.h"

G_BEGIN_DECLS

#define HEARTH_TYPE_PANE (hearth_pane_get_type ())

G_DECLARE_DERIVABLE_TYPE (HearthPane, hearth_pane, HEARTH, PANE, GtkWidget)

/**
 * HearthPaneClass:
 * @tree_changed: the session shows another tree (or another session is set)
 * @selection_changed: another bar is selected
 * @zoom_changed: the session is zoomed into another bar
 */
struct _HearthPaneClass
{
  GtkWidgetClass parent_class;

  void (*tree_changed)      (HearthPane *self);
  void (*selection_changed) (HearthPane *self);
  void (*zoom_changed)      (HearthPane *self);
};

HearthSession *hearth_pane_get_session (HearthPane    *self);
void           hearth_pane_set_session (HearthPane    *self,
                                        HearthSession *session);

GtkWidget     *_hearth_pane_make_placeholder (const char *title,
                                              const char *text);
GtkWidget     *_hearth_pane_pack_list        (GtkBox     *box,
                                              GtkWidget  *view);
void           _hearth_label_wrap_words      (GtkLabel   *label);
void           _hearth_pane_show_sandwich    (HearthPane *self,
                                              guint       function);

G_END_DECLS
