/* hearth-window-private.h: what hearth-window.c and hearth-window-actions.c share, and what
 * the widget tests look at.
 *
 * Copyright 2026 The Hearth authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include "hearth-breadcrumbs.h"
#include "hearth-order-bar.h"
#include "hearth-callers-pane.h"
#include "hearth-chains-pane.h"
#include "hearth-compare-window.h"
#include "hearth-file-watch.h"
#include "hearth-flame-view.h"
#include "hearth-functions-pane.h"
#include "hearth-legend.h"
#include "hearth-loading-view.h"
#include "hearth-sandwich-view.h"
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

  /* live reload: the watch on the file shown, and the version shown before the last reload
   * (owned), kept for "Compare with the Previous Version" */
  HearthFileWatch      *file_watch;
  GPtrArray            *run_watches;   /* HearthFileWatch: a merge's runs, or NULL */
  GPtrArray            *offered_files; /* GFile: what "Open as One Profile" merges */
  GtkWidget            *merge_button;  /* borrowed: in the message bar */
  HearthProfile        *previous_profile;
  HearthNames          *previous_names;
  HearthCallTree       *previous_tree;
  guint                 reload_serial;
  gboolean              reloading;
  GtkWidget            *compare_previous_button;   /* borrowed: in the message bar */

  /* the side pane's width while the user has not moved the divider */
  int                   auto_pane_position;

  /* template children */
  GtkWidget            *header_bar;
  GtkWidget            *open_button;
  GtkWidget            *root_button;
  GtkWidget            *thread_picker;
  GtkWidget            *source_pane;
  GtkWidget            *root_popover;
  GtkWidget            *root_entry;
  GtkWidget            *root_list;
  GtkWidget            *root_label;
  GtkWidget            *title_label;
  GtkWidget            *subtitle_label;
  GtkWidget            *search_button;
  GtkWidget            *menu_button;
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
  GtkWidget            *loading_view;
  GtkWidget            *paned;
  GtkWidget            *breadcrumbs;
  GtkWidget            *order_bar;
  GtkWidget            *graph_scroller;
  GtkWidget            *flame_view;
  GtkWidget            *graph_stack;
  GtkWidget            *sandwich_view;
  GtkWidget            *legend;
  GtkWidget            *notebook;
  GtkWidget            *callers_pane;
  GtkWidget            *functions_pane;
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
HearthCompareWindow *_hearth_window_compare_with (HearthWindow *self,
                                                  GFile        *after);
HearthCompareWindow *_hearth_window_compare_with_root (HearthWindow *self,
                                                       GFile        *after,
                                                       const char   *root_spec);
void        _hearth_window_reload         (HearthWindow *self,
                                           gboolean      changed_on_disk);
gboolean    _hearth_window_request_open   (HearthWindow *self,
                                           GFile        *file);
gboolean    _hearth_window_request_compare (HearthWindow *self,
                                            GFile        *before,
                                            GFile        *after);
HearthCompareWindow *_hearth_window_compare_previous (HearthWindow *self);

/* Merged runs and folders (hearth-window-merge.c) */
void        _hearth_window_load_done      (GObject      *source,
                                           GAsyncResult *result,
                                           gpointer      user_data);
void        _hearth_window_watch_runs     (HearthWindow *self);
char       *_hearth_window_dup_shown_name (HearthWindow *self);
void        _hearth_window_offer_merge    (HearthWindow *self,
                                           GPtrArray    *files,
                                           const char   *title,
                                           const char   *message);
void        _hearth_window_offer_together (HearthWindow *self,
                                           GPtrArray    *files);
void        _hearth_window_merge_offered  (HearthWindow *self);
void        _hearth_window_offer_folder   (HearthWindow *self,
                                           GFile        *folder);

/* for the widget tests */
const char *_hearth_window_get_message    (HearthWindow *self);
const char *_hearth_window_get_page       (HearthWindow *self);
const char *_hearth_window_get_match_text (HearthWindow *self);
GtkWidget  *_hearth_window_get_compare_previous_button (HearthWindow *self);
HearthFileWatch *_hearth_window_get_file_watch (HearthWindow *self);

G_END_DECLS
