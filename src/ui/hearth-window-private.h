/* hearth-window-private.h: what hearth-window.c and hearth-window-actions.c share, and what
 * the widget tests look at.
 *
 * Copyright 2026 The Hearth authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include "hearth-breadcrumbs.h"
#include "hearth-callers-pane.h"
#include "hearth-chains-pane.h"
#include "hearth-flame-view.h"
#include "hearth-warnings-pane.h"
#include "hearth-window.h"

G_BEGIN_DECLS

struct _HearthWindow
{
  GtkApplicationWindow  parent_instance;

  /* owned */
  HearthSession        *session;
  GSettings            *settings;
  guint                 loading_timeout;
  gboolean              show_spinner;

  /* template children */
  GtkWidget            *header_bar;
  GtkWidget            *open_button;
  GtkWidget            *root_button;
  GtkWidget            *root_popover;
  GtkWidget            *root_entry;
  GtkWidget            *root_list;
  GtkWidget            *root_label;
  GtkWidget            *title_label;
  GtkWidget            *subtitle_label;
  GtkWidget            *search_button;
  GtkWidget            *message_bar;
  GtkWidget            *message_label;
  GtkWidget            *message_title;
  GtkWidget            *message_icon;
  GtkWidget            *search_bar;
  GtkWidget            *search_entry;
  GtkWidget            *regex_button;
  GtkWidget            *match_label;
  GtkWidget            *stack;
  GtkWidget            *welcome_icon;
  GtkWidget            *recent_heading;
  GtkWidget            *recent_list;
  GtkWidget            *spinner;
  GtkWidget            *loading_label;
  GtkWidget            *paned;
  GtkWidget            *breadcrumbs;
  GtkWidget            *graph_scroller;
  GtkWidget            *flame_view;
  GtkWidget            *notebook;
  GtkWidget            *callers_pane;
  GtkWidget            *chains_pane;
  GtkWidget            *warnings_pane;
  GtkWidget            *warnings_badge;
};

void        _hearth_window_class_actions_init (GtkWidgetClass *widget_class);
void        _hearth_window_actions_init   (HearthWindow *self);
void        _hearth_window_update_actions (HearthWindow *self);
void        _hearth_window_show_message   (HearthWindow   *self,
                                           GtkMessageType  type,
                                           const char     *title,
                                           const char     *message);
GFile      *_hearth_window_find_example   (void);

/* for the widget tests */
const char *_hearth_window_get_message    (HearthWindow *self);
const char *_hearth_window_get_page       (HearthWindow *self);
const char *_hearth_window_get_match_text (HearthWindow *self);

G_END_DECLS
