/* hearth-compare-window.c
 *
 * Copyright 2026 The Hearth authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#define G_LOG_DOMAIN "hearth-compare-window"

#include "hearth-compare-window.h"

#include <glib/gi18n.h>
#include <math.h>

#include "hearth-chain-match.h"
#include "hearth-chains-pane.h"
#include "hearth-changes-pane.h"
#include "hearth-export-dialog.h"
#include "hearth-format.h"
#include "hearth-flame-view.h"
#include "hearth-gtk-compat.h"
#include "hearth-legend.h"
#include "hearth-loading-view.h"
#include "hearth-profile-folder.h"
#include "hearth-profile-merge.h"
#include "hearth-ui-resources.h"

/**
 * HearthCompareWindow:
 *
 * Two runs, before above and after below, each in a #HearthFlameView of its own but drawn
 * on one time axis (the same seconds per pixel, so a run seven times shorter is a sliver
 * seven times narrower), the second in differential colours with a legend. A toggle draws
 * each run to its own width instead. Zoom, pan, hover and selection follow from one view to
 * the other through the chains matched by (file basename, function name); the window relays
 * them, the views know nothing of each other. The side pane lists the chains by change and
 * the widest chains of both runs side by side.
 */

struct _HearthCompareWindow
{
  GtkApplicationWindow  parent_instance;

  /* owned */
  HearthSession        *sessions[2];
  char                 *run_names[2];   /* set by the opener, else the files' names */
  HearthChainMatch     *match;
  GCancellable         *match_cancellable;
  gboolean              normalized;
  gboolean              cancelled;      /* Cancel pressed while loading: close once stopped */
  gboolean              syncing;
  HearthCallTree       *pending_tree;   /* a bar to select once both runs are matched */
  guint                 pending_run;
  gint                  pending_node;

  /* template children */
  GtkWidget            *title_label;
  GtkWidget            *subtitle_label;
  GtkWidget            *normalized_button;
  GtkWidget            *message_bar;
  GtkWidget            *message_title;
  GtkWidget            *message_label;
  GtkWidget            *stack;
  GtkWidget            *loading_view;
  GtkWidget            *paned;
  GtkWidget            *views_paned;
  GtkWidget            *before_view;
  GtkWidget            *before_legend;
  GtkWidget            *after_legend;
  GtkWidget            *after_view;
  GtkWidget            *status_label;
  GtkWidget            *notebook;
  GtkWidget            *changes_pane;
  GtkWidget            *before_heading;
  GtkWidget            *after_heading;
  GtkWidget            *before_chains;
  GtkWidget            *after_chains;
};

G_DEFINE_FINAL_TYPE (HearthCompareWindow, hearth_compare_window, GTK_TYPE_APPLICATION_WINDOW)

enum
{
  PROP_0,
  PROP_NORMALIZED,
  N_PROPS
};

static GParamSpec *properties[N_PROPS];

static GtkWidget *
view_of (HearthCompareWindow *self,
         guint                run)
{
  return run == 0 ? self->before_view : self->after_view;
}

static gboolean
both_laid_out (HearthCompareWindow *self)
{
  return hearth_session_get_tree (self->sessions[0]) != NULL &&
         hearth_session_get_tree (self->sessions[1]) != NULL;
}

/* Messages ----------------------------------------------------------------------------------- */

static void
show_message (HearthCompareWindow *self,
              GtkMessageType       type,
              const char          *title,
              const char          *message)
{
  gtk_info_bar_set_message_type (GTK_INFO_BAR (self->message_bar), type);
  gtk_label_set_text (GTK_LABEL (self->message_title), title != NULL ? title : "");
  gtk_widget_set_visible (self->message_title, title != NULL);
  gtk_label_set_text (GTK_LABEL (self->message_label), message);
  gtk_info_bar_set_revealed (GTK_INFO_BAR (self->message_bar), TRUE);
}

static void
message_bar_response (HearthCompareWindow *self,
                      int                  response)
{
  gtk_info_bar_set_revealed (GTK_INFO_BAR (self->message_bar), FALSE);
}

/* Titles and pages --------------------------------------------------------------------------- */

static char *
run_name (HearthCompareWindow *self,
          guint                run)
{
  GFile *file = hearth_session_get_file (self->sessions[run]);
  HearthProfile *profile = hearth_session_get_profile (self->sessions[run]);

  if (self->run_names[run] != NULL)
    return g_strdup (self->run_names[run]);
  if (file != NULL)
    return g_file_get_basename (file);
  if (profile != NULL && hearth_profile_get_name (profile) != NULL)
    return g_strdup (hearth_profile_get_name (profile));
  return g_strdup (run == 0 ? _("Before") : _("After"));
}

/* Each legend names the run its view shows. */
static void
update_legends (HearthCompareWindow *self,
                const char          *before,
                const char          *after)
{
  /* translators: before the legend of a graph in the compare window: the run it shows */
  g_autofree char *first = g_strdup_printf (_("%s:"), before);
  /* translators: before the legend of the second graph in the compare window, coloured by
   * how each chain changed from the first run */
  g_autofree char *second = g_strdup_printf (_("%s, by change:"), after);

  hearth_legend_set_heading (HEARTH_LEGEND (self->before_legend), first);
  hearth_legend_set_heading (HEARTH_LEGEND (self->after_legend), second);
}

static void
update_titles (HearthCompareWindow *self)
{
  g_autofree char *before = run_name (self, 0);
  g_autofree char *after = run_name (self, 1);
  /* translators: the title of a compare window: the file before, the file after */
  g_autofree char *title = g_strdup_printf (_("%s → %s"), before, after);
  g_autofree char *before_heading = g_strdup_printf (_("Before: %s"), before);
  g_autofree char *after_heading = g_strdup_printf (_("After: %s"), after);

  gtk_label_set_text (GTK_LABEL (self->title_label), title);
  gtk_window_set_title (GTK_WINDOW (self), title);
  update_legends (self, before, after);
  gtk_label_set_text (GTK_LABEL (self->before_heading), before_heading);
  gtk_label_set_text (GTK_LABEL (self->after_heading), after_heading);

  if (both_laid_out (self))
    {
      double t0 = hearth_session_get_run_total (self->sessions[0]);
      double t1 = hearth_session_get_run_total (self->sessions[1]);
      g_autofree char *v0 = hearth_session_format_value (self->sessions[0], t0);
      g_autofree char *v1 = hearth_session_format_value (self->sessions[1], t1);
      g_autofree char *subtitle = NULL;

      if (t0 > 0)
        /* translators: the subtitle of a compare window: "4.69 s → 0.66 s (−85.9%)" */
        {
          g_autofree char *change = hearth_format_percent_change ((t1 - t0) / t0);

          subtitle = g_strdup_printf (_("%s → %s (%s)"), v0, v1, change);
        }
      else
        subtitle = g_strdup_printf (_("%s → %s"), v0, v1);
      gtk_label_set_text (GTK_LABEL (self->subtitle_label), subtitle);
    }
  gtk_widget_set_visible (self->subtitle_label, both_laid_out (self));
}

static void
update_page (HearthCompareWindow *self)
{
  gboolean loading = hearth_session_get_loading (self->sessions[0]) ||
                     hearth_session_get_loading (self->sessions[1]);
  gboolean ready = both_laid_out (self);

  gtk_stack_set_visible_child_name (GTK_STACK (self->stack),
                                    ready ? "graph" : loading ? "loading" : "empty");
  gtk_widget_action_set_enabled (GTK_WIDGET (self), "compare.export", ready);
}

/* Selection, hover and range follow from one view to the other -------------------------------- */

static void
set_status (HearthCompareWindow *self,
            guint                run,
            gint                 node,
            gint                 peer)
{
  g_autofree char *chain = NULL;
  g_autofree char *other = NULL;
  g_autofree char *text = NULL;

  if (node < 0)
    {
      gtk_label_set_text (GTK_LABEL (self->status_label),
                          _("Select a bar to find its chain in the other run."));
      return;
    }
  chain = hearth_session_dup_chain_text (self->sessions[run], node, " > ", FALSE);
  other = run_name (self, 1 - run);
  if (peer >= 0)
    {
      const HearthNode *a = hearth_call_tree_get_node (hearth_session_get_tree (self->sessions[0]),
                                                       run == 0 ? node : peer);
      const HearthNode *b = hearth_call_tree_get_node (hearth_session_get_tree (self->sessions[1]),
                                                       run == 0 ? peer : node);
      g_autofree char *before = hearth_session_format_value (self->sessions[0], a->width);
      g_autofree char *after = hearth_session_format_value (self->sessions[1], b->width);

      /* translators: a chain selected in both runs: its time before → after */
      text = g_strdup_printf (_("%s: %s → %s"), chain, before, after);
    }
  else
    /* translators: the chain selected in one run does not exist in the other file */
    text = g_strdup_printf (_("%s: no matching chain in %s"), chain, other);
  gtk_label_set_text (GTK_LABEL (self->status_label), text);
}

static void
selection_changed (HearthCompareWindow *self,
                   guint                run)
{
  gint node = hearth_session_get_selected (self->sessions[run]);
  gint peer = -1;

  if (self->syncing || self->match == NULL)
    return;
  if (node >= 0)
    peer = hearth_chain_match_get_peer (self->match, run, node);
  self->syncing = TRUE;
  hearth_session_set_selected (self->sessions[1 - run], peer);
  self->syncing = FALSE;
  set_status (self, run, node, peer);
}

static void
before_selected (HearthCompareWindow *self)
{
  selection_changed (self, 0);
}

static void
after_selected (HearthCompareWindow *self)
{
  selection_changed (self, 1);
}

static void
hover_changed (HearthCompareWindow *self,
               guint                run)
{
  gint hover = hearth_flame_view_get_hover (HEARTH_FLAME_VIEW (view_of (self, run)));
  gint peer = -1;

  if (self->match != NULL && hover >= 0)
    peer = hearth_chain_match_get_peer (self->match, run, hover);
  hearth_flame_view_set_linked (HEARTH_FLAME_VIEW (view_of (self, 1 - run)), peer);
}

static void
before_hover (HearthCompareWindow *self)
{
  hover_changed (self, 0);
}

static void
after_hover (HearthCompareWindow *self)
{
  hover_changed (self, 1);
}

/* Both views count their range on the same axis: the other view goes where this one goes,
 * animated when this one is. */
static void
range_changed (HearthCompareWindow *self,
               guint                run)
{
  HearthFlameView *from = HEARTH_FLAME_VIEW (view_of (self, run));
  HearthFlameView *to = HEARTH_FLAME_VIEW (view_of (self, 1 - run));
  double start, end, to_start, to_end;

  if (self->syncing || self->match == NULL)
    return;
  hearth_flame_view_get_visible_range (from, &start, &end);
  hearth_flame_view_get_visible_range (to, &to_start, &to_end);
  if (start == to_start && end == to_end)
    return;
  self->syncing = TRUE;
  hearth_flame_view_set_visible_range (to, start, end, hearth_flame_view_get_animating (from));
  self->syncing = FALSE;
}

static void
before_range (HearthCompareWindow *self)
{
  range_changed (self, 0);
}

static void
after_range (HearthCompareWindow *self)
{
  range_changed (self, 1);
}

static void
chain_activated (HearthCompareWindow *self,
                 gint                 before_node,
                 gint                 after_node)
{
  self->syncing = TRUE;
  hearth_session_set_selected (self->sessions[0], before_node);
  hearth_session_set_selected (self->sessions[1], after_node);
  self->syncing = FALSE;
  if (before_node >= 0)
    set_status (self, 0, before_node, after_node);
  else
    set_status (self, 1, after_node, before_node);
  gtk_widget_grab_focus (view_of (self, before_node >= 0 ? 0 : 1));
}

/* Each view gets the height its run needs when both fit, else the shallow one keeps its
 * height or both get a share of the room in
 * proportion to that height: a shallow run does not leave half the window empty. */
static gboolean
fit_views (GtkWidget     *paned,
           GdkFrameClock *clock,
           gpointer       user_data)
{
  HearthCompareWindow *self = user_data;
  int room = gtk_widget_get_height (self->views_paned);
  int heights[2];

  /* not laid out yet: the next frame */
  if (room <= 0)
    return G_SOURCE_CONTINUE;
  for (guint r = 0; r < 2; r++)
    {
      gtk_widget_measure (view_of (self, r), GTK_ORIENTATION_VERTICAL, -1, NULL, &heights[r],
                          NULL, NULL);
      heights[r] = MAX (heights[r], 1);
    }
  if (heights[0] + heights[1] <= room)
    gtk_paned_set_position (GTK_PANED (self->views_paned),
                            heights[0] + (room - heights[0] - heights[1]) / 2);
  /* a run that fits in half the room keeps its whole height (axis caption included);
   * the other one scrolls */
  else if (heights[0] <= room / 2)
    gtk_paned_set_position (GTK_PANED (self->views_paned), heights[0]);
  else if (heights[1] <= room / 2)
    gtk_paned_set_position (GTK_PANED (self->views_paned), room - heights[1]);
  else
    gtk_paned_set_position (GTK_PANED (self->views_paned),
                            CLAMP (room * heights[0] / (heights[0] + heights[1]), room / 5,
                                   room * 4 / 5));
  return G_SOURCE_REMOVE;
}

/* Matching the chains of both runs, in a thread -------------------------------------------------- */

typedef struct
{
  HearthCallTree *trees[2];
  GPtrArray      *runs[2];
} MatchData;

static void
match_thread (GTask        *task,
              gpointer      source_object,
              gpointer      task_data,
              GCancellable *cancellable)
{
  MatchData *data = task_data;
  HearthProfile * const *runs[2] = { NULL, NULL };
  guint n[2] = { 0, 0 };

  for (guint r = 0; r < 2; r++)
    if (data->runs[r] != NULL)
      {
        runs[r] = (HearthProfile * const *) data->runs[r]->pdata;
        n[r] = data->runs[r]->len;
      }
  g_task_return_pointer (task, hearth_chain_match_new_runs (data->trees[0], data->trees[1],
                                                            runs[0], n[0], runs[1], n[1]),
                         (GDestroyNotify) hearth_chain_match_free);
}

static void
match_data_free (gpointer pointer)
{
  MatchData *data = pointer;

  for (guint r = 0; r < 2; r++)
    {
      g_clear_object (&data->trees[r]);
      g_clear_pointer (&data->runs[r], g_ptr_array_unref);
    }
  g_free (data);
}

/* The bar asked for before the match, when its run still shows the tree it was counted in:
 * selected through the views' own path, so the other run selects its matching chain. */
static void
select_pending (HearthCompareWindow *self)
{
  g_autoptr (HearthCallTree) tree = g_steal_pointer (&self->pending_tree);

  if (tree != NULL && tree == hearth_session_get_tree (self->sessions[self->pending_run]))
    hearth_session_set_selected (self->sessions[self->pending_run], self->pending_node);
}

static void
match_done (GObject      *source,
            GAsyncResult *result,
            gpointer      user_data)
{
  HearthCompareWindow *self = HEARTH_COMPARE_WINDOW (source);
  g_autoptr (HearthChainMatch) match = g_task_propagate_pointer (G_TASK (result), NULL);
  double start, end;

  /* a result for trees no longer shown is dropped: another match is on its way */
  if (match == NULL || g_task_had_error (G_TASK (result)) ||
      hearth_chain_match_get_tree (match, 0) != hearth_session_get_tree (self->sessions[0]) ||
      hearth_chain_match_get_tree (match, 1) != hearth_session_get_tree (self->sessions[1]))
    return;

  g_clear_object (&self->match_cancellable);
  hearth_chain_match_free (self->match);
  self->match = g_steal_pointer (&match);
  hearth_changes_pane_set_match (HEARTH_CHANGES_PANE (self->changes_pane), self->sessions[0],
                                 self->sessions[1], self->match);
  hearth_flame_view_get_visible_range (HEARTH_FLAME_VIEW (self->before_view), &start, &end);
  hearth_flame_view_set_visible_range (HEARTH_FLAME_VIEW (self->after_view), start, end, FALSE);
  selection_changed (self, 0);
  select_pending (self);
  gtk_widget_add_tick_callback (self->views_paned, fit_views, self, NULL);
}

static void
trees_changed (HearthCompareWindow *self)
{
  g_cancellable_cancel (self->match_cancellable);
  g_clear_object (&self->match_cancellable);
  g_clear_pointer (&self->match, hearth_chain_match_free);
  hearth_changes_pane_set_match (HEARTH_CHANGES_PANE (self->changes_pane), NULL, NULL, NULL);
  hearth_flame_view_set_linked (HEARTH_FLAME_VIEW (self->before_view), -1);
  hearth_flame_view_set_linked (HEARTH_FLAME_VIEW (self->after_view), -1);
  set_status (self, 0, -1, -1);
  update_titles (self);
  update_page (self);

  if (both_laid_out (self))
    {
      g_autoptr (GTask) task = NULL;
      MatchData *data = g_new0 (MatchData, 1);

      for (guint r = 0; r < 2; r++)
        {
          data->trees[r] = g_object_ref (hearth_session_get_tree (self->sessions[r]));
          GPtrArray *runs = hearth_session_get_merge_runs (self->sessions[r]);

          data->runs[r] = runs != NULL ? g_ptr_array_ref (runs) : NULL;
        }
      self->match_cancellable = g_cancellable_new ();
      task = g_task_new (self, self->match_cancellable, match_done, NULL);
      g_task_set_task_data (task, data, match_data_free);
      g_task_run_in_thread (task, match_thread);
    }
}

/* Loading ------------------------------------------------------------------------------------ */

static gboolean
any_loading (HearthCompareWindow *self)
{
  return hearth_session_get_loading (self->sessions[0]) ||
         hearth_session_get_loading (self->sessions[1]);
}

static void
load_done (GObject      *source,
           GAsyncResult *result,
           gpointer      user_data)
{
  g_autoptr (HearthCompareWindow) self = user_data;
  g_autofree char *title = NULL;
  g_autoptr (GError) error = NULL;

  if (!hearth_session_load_finish_titled (HEARTH_SESSION (source), result, &title, &error) &&
      title != NULL && self->sessions[0] != NULL)
    show_message (self, GTK_MESSAGE_ERROR, title, error->message);
  if (self->sessions[0] == NULL)
    return; /* closed meanwhile */
  /* a compare cancelled goes back to the window it was opened from */
  if (self->cancelled && !any_loading (self))
    gtk_window_destroy (GTK_WINDOW (self));
  else
    update_page (self);
}

static void
loading_cancelled (HearthCompareWindow *self)
{
  self->cancelled = TRUE;
  if (!any_loading (self))
    gtk_window_destroy (GTK_WINDOW (self));
}

/**
 * hearth_compare_window_load_run:
 * @self: a #HearthCompareWindow
 * @run: 0 (before) or 1 (after)
 * @file: a profile file
 *
 * Loads one run from @file in a thread; a file that cannot be read is named in a banner.
 * A load that takes a while shows its progress, and Cancel closes the window.
 */
void
hearth_compare_window_load_run (HearthCompareWindow *self,
                                guint                run,
                                GFile               *file)
{
  g_return_if_fail (HEARTH_IS_COMPARE_WINDOW (self));
  g_return_if_fail (run < 2);
  g_return_if_fail (G_IS_FILE (file));

  hearth_loading_view_set_file (HEARTH_LOADING_VIEW (self->loading_view), file);
  hearth_session_load_async (self->sessions[run], file, NULL, load_done, g_object_ref (self));
}

/* A side of several runs is named after its first file and how many there are. */
static char *
group_name (GFile * const *files,
            guint          n_files)
{
  g_autofree char *first = g_file_get_basename (files[0]);

  if (n_files == 1)
    return g_steal_pointer (&first);
  /* translators: a side of the compare window that adds up several runs: the first file
   * and how many runs */
  return g_strdup_printf (ngettext ("%s … (%u run)", "%s … (%u runs)", n_files), first,
                          n_files);
}

/**
 * hearth_compare_window_open_groups:
 * @self: a #HearthCompareWindow
 * @before: (array length=n_before): the first side's runs, profile files of one program
 * @n_before: how many, at least one
 * @after: (array length=n_after): the second side's runs
 * @n_after: how many, at least one
 *
 * Loads and adds up the runs of each side in a thread, as `--merge` does; each side is
 * drawn merged, and the Changes pane compares the runs of one side with the other's.
 */
void
hearth_compare_window_open_groups (HearthCompareWindow *self,
                                   GFile * const       *before,
                                   guint                n_before,
                                   GFile * const       *after,
                                   guint                n_after)
{
  g_return_if_fail (HEARTH_IS_COMPARE_WINDOW (self));
  g_return_if_fail (n_before > 0 && n_after > 0);

  for (guint r = 0; r < 2; r++)
    {
      GFile * const *files = r == 0 ? before : after;
      guint n = r == 0 ? n_before : n_after;
      g_autofree char *name = group_name (files, n);

      hearth_compare_window_set_run_name (self, r, name);
      hearth_session_load_merge_async (self->sessions[r], files, n, NULL, load_done,
                                       g_object_ref (self));
    }
  hearth_loading_view_set_merge (HEARTH_LOADING_VIEW (self->loading_view), n_before + n_after);
}

/**
 * hearth_compare_window_open_folders:
 * @self: a #HearthCompareWindow
 * @before: a folder of the first side's runs
 * @after: a folder of the second side's
 * @left_out: (out) (optional) (transfer full): a `combined.prof` left out beside the runs
 *   (hearth_profile_folder_expand()), or %NULL
 * @error: a folder cannot be read or holds no profiles
 *
 * As hearth_compare_window_open_groups() with each folder's profiles, each side named after
 * its folder, "prof/ (3 runs)": two folders of runs may both hold a run1.prof.
 *
 * Returns: whether the runs are loading
 */
gboolean
hearth_compare_window_open_folders (HearthCompareWindow  *self,
                                    GFile                *before,
                                    GFile                *after,
                                    GFile               **left_out,
                                    GError              **error)
{
  g_autoptr (GPtrArray) before_runs = NULL;
  g_autoptr (GPtrArray) after_runs = NULL;
  GPtrArray **sides[2] = { &before_runs, &after_runs };
  GFile *folders[2] = { before, after };

  g_return_val_if_fail (HEARTH_IS_COMPARE_WINDOW (self), FALSE);
  g_return_val_if_fail (G_IS_FILE (before) && G_IS_FILE (after), FALSE);

  if (left_out != NULL)
    *left_out = NULL;
  for (guint r = 0; r < 2; r++)
    {
      g_autoptr (GPtrArray) given = g_ptr_array_new_with_free_func (g_object_unref);
      g_autoptr (GFile) combined = NULL;

      g_ptr_array_add (given, g_object_ref (folders[r]));
      *sides[r] = hearth_profile_folder_expand (given, &combined, error);
      if (*sides[r] == NULL)
        return FALSE;
      if (combined != NULL && left_out != NULL && *left_out == NULL)
        *left_out = g_steal_pointer (&combined);
    }
  hearth_compare_window_open_groups (self, (GFile * const *) before_runs->pdata, before_runs->len,
                                     (GFile * const *) after_runs->pdata, after_runs->len);
  for (guint r = 0; r < 2; r++)
    {
      g_autofree char *base = g_file_get_basename (folders[r]);
      g_autofree char *name = NULL;
      guint n = (*sides[r])->len;

      /* translators: a side of the compare window given as a folder of runs, "prof/ (3 runs)" */
      name = g_strdup_printf (ngettext ("%s/ (%u run)", "%s/ (%u runs)", n), base, n);
      hearth_compare_window_set_run_name (self, r, name);
    }
  return TRUE;
}

/* Export ------------------------------------------------------------------------------------- */

/* The same drawing as `hearth --export OUT --compare BEFORE AFTER` (same width, same title,
 * both runs on one axis unless each run is drawn to its own width here). */
static HearthExportJob *
export_job_new (GtkWindow  *window,
                const char *path)
{
  HearthCompareWindow *self = HEARTH_COMPARE_WINDOW (window);
  HearthExportJob *job;

  if (!both_laid_out (self))
    return NULL;
  job = hearth_export_job_new (path);
  for (guint r = 0; r < 2; r++)
    {
      job->trees[r] = g_object_ref (hearth_session_get_tree (self->sessions[r]));
      job->names[r] = g_object_ref (hearth_session_get_names (self->sessions[r]));
      job->run_names[r] = g_strdup (self->run_names[r]);
    }
  job->options.icicle = hearth_flame_view_get_icicle (HEARTH_FLAME_VIEW (self->before_view));
  job->options.normalized = self->normalized;
  return job;
}

static void
export_message (GtkWindow      *window,
                GtkMessageType  type,
                const char     *title,
                const char     *message)
{
  show_message (HEARTH_COMPARE_WINDOW (window), type, title, message);
}

static void
export_action (GtkWidget  *widget,
               const char *action_name,
               GVariant   *parameter)
{
  static const HearthExportDialogFuncs funcs = { export_job_new, export_message };
  HearthCompareWindow *self = HEARTH_COMPARE_WINDOW (widget);
  GFile *file = hearth_session_get_file (self->sessions[1]);
  g_autoptr (GFile) folder = file != NULL ? g_file_get_parent (file) : NULL;
  g_autofree char *before = run_name (self, 0);
  g_autofree char *after = run_name (self, 1);
  g_autofree char *name = NULL;

  if (!both_laid_out (self))
    return;
  name = hearth_export_initial_name (before, after);
  hearth_export_dialog_open (GTK_WINDOW (self), _("Export the Pair"), name, folder, &funcs);
}

static void
close_action (GtkWidget  *widget,
              const char *action_name,
              GVariant   *parameter)
{
  gtk_window_close (GTK_WINDOW (widget));
}

/* GObject ------------------------------------------------------------------------------------ */

static void
hearth_compare_window_dispose (GObject *object)
{
  HearthCompareWindow *self = HEARTH_COMPARE_WINDOW (object);

  g_cancellable_cancel (self->match_cancellable);
  g_clear_object (&self->match_cancellable);
  g_clear_pointer (&self->match, hearth_chain_match_free);
  g_clear_object (&self->pending_tree);
  for (guint r = 0; r < 2; r++)
    {
      /* a window closed while reading: its loads stop and free their memory */
      if (self->sessions[r] != NULL)
        hearth_session_cancel_load (self->sessions[r]);
      g_clear_object (&self->sessions[r]);
    }

  G_OBJECT_CLASS (hearth_compare_window_parent_class)->dispose (object);
}

static void
hearth_compare_window_finalize (GObject *object)
{
  HearthCompareWindow *self = HEARTH_COMPARE_WINDOW (object);

  g_free (self->run_names[0]);
  g_free (self->run_names[1]);

  G_OBJECT_CLASS (hearth_compare_window_parent_class)->finalize (object);
}

static void
hearth_compare_window_get_property (GObject    *object,
                                    guint       prop_id,
                                    GValue     *value,
                                    GParamSpec *pspec)
{
  HearthCompareWindow *self = HEARTH_COMPARE_WINDOW (object);

  switch (prop_id)
    {
    case PROP_NORMALIZED:
      g_value_set_boolean (value, self->normalized);
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
set_normalized (HearthCompareWindow *self,
                gboolean             normalized)
{
  normalized = !!normalized;
  if (self->normalized == normalized)
    return;
  self->normalized = normalized;
  self->syncing = TRUE;
  hearth_flame_view_set_normalized (HEARTH_FLAME_VIEW (self->before_view), normalized);
  hearth_flame_view_set_normalized (HEARTH_FLAME_VIEW (self->after_view), normalized);
  self->syncing = FALSE;
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_NORMALIZED]);
}

static void
hearth_compare_window_set_property (GObject      *object,
                                    guint         prop_id,
                                    const GValue *value,
                                    GParamSpec   *pspec)
{
  HearthCompareWindow *self = HEARTH_COMPARE_WINDOW (object);

  switch (prop_id)
    {
    case PROP_NORMALIZED:
      set_normalized (self, g_value_get_boolean (value));
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
hearth_compare_window_class_init (HearthCompareWindowClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  object_class->dispose = hearth_compare_window_dispose;
  object_class->finalize = hearth_compare_window_finalize;
  object_class->get_property = hearth_compare_window_get_property;
  object_class->set_property = hearth_compare_window_set_property;

  /** HearthCompareWindow:normalized: each run drawn to its own width, not one time axis */
  properties[PROP_NORMALIZED] =
    g_param_spec_boolean ("normalized", NULL, NULL, FALSE,
                          G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  g_object_class_install_properties (object_class, N_PROPS, properties);

  _hearth_ui_register_resources ();
  g_type_ensure (HEARTH_TYPE_FLAME_VIEW);
  g_type_ensure (HEARTH_TYPE_LEGEND);
  g_type_ensure (HEARTH_TYPE_LOADING_VIEW);
  g_type_ensure (HEARTH_TYPE_CHANGES_PANE);
  g_type_ensure (HEARTH_TYPE_CHAINS_PANE);

  gtk_widget_class_set_template_from_resource (widget_class,
                                               HEARTH_RESOURCE_PATH "/hearth-compare-window.ui");
  gtk_widget_class_bind_template_child (widget_class, HearthCompareWindow, title_label);
  gtk_widget_class_bind_template_child (widget_class, HearthCompareWindow, subtitle_label);
  gtk_widget_class_bind_template_child (widget_class, HearthCompareWindow, normalized_button);
  gtk_widget_class_bind_template_child (widget_class, HearthCompareWindow, message_bar);
  gtk_widget_class_bind_template_child (widget_class, HearthCompareWindow, message_title);
  gtk_widget_class_bind_template_child (widget_class, HearthCompareWindow, message_label);
  gtk_widget_class_bind_template_child (widget_class, HearthCompareWindow, stack);
  gtk_widget_class_bind_template_child (widget_class, HearthCompareWindow, loading_view);
  gtk_widget_class_bind_template_child (widget_class, HearthCompareWindow, paned);
  gtk_widget_class_bind_template_child (widget_class, HearthCompareWindow, views_paned);
  gtk_widget_class_bind_template_child (widget_class, HearthCompareWindow, before_view);
  gtk_widget_class_bind_template_child (widget_class, HearthCompareWindow, before_legend);
  gtk_widget_class_bind_template_child (widget_class, HearthCompareWindow, after_legend);
  gtk_widget_class_bind_template_child (widget_class, HearthCompareWindow, after_view);
  gtk_widget_class_bind_template_child (widget_class, HearthCompareWindow, status_label);
  gtk_widget_class_bind_template_child (widget_class, HearthCompareWindow, notebook);
  gtk_widget_class_bind_template_child (widget_class, HearthCompareWindow, changes_pane);
  gtk_widget_class_bind_template_child (widget_class, HearthCompareWindow, before_heading);
  gtk_widget_class_bind_template_child (widget_class, HearthCompareWindow, after_heading);
  gtk_widget_class_bind_template_child (widget_class, HearthCompareWindow, before_chains);
  gtk_widget_class_bind_template_child (widget_class, HearthCompareWindow, after_chains);
  gtk_widget_class_bind_template_callback (widget_class, message_bar_response);
  gtk_widget_class_bind_template_callback (widget_class, chain_activated);
  gtk_widget_class_bind_template_callback (widget_class, loading_cancelled);

  gtk_widget_class_install_property_action (widget_class, "compare.normalized", "normalized");
  gtk_widget_class_install_action (widget_class, "compare.export", NULL, export_action);
  gtk_widget_class_install_action (widget_class, "compare.close", NULL, close_action);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_w, GDK_CONTROL_MASK,
                                       "compare.close", NULL);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_e, GDK_CONTROL_MASK,
                                       "compare.export", NULL);
}

static void
connect_run (HearthCompareWindow *self,
             guint                run,
             GCallback            selected,
             GCallback            hover,
             GCallback            range)
{
  HearthFlameView *view = HEARTH_FLAME_VIEW (view_of (self, run));

  self->sessions[run] = hearth_session_new ();
  hearth_flame_view_set_session (view, self->sessions[run]);
  hearth_pane_set_session (HEARTH_PANE (run == 0 ? self->before_chains : self->after_chains),
                           self->sessions[run]);
  g_signal_connect_object (self->sessions[run], "notify::tree", G_CALLBACK (trees_changed), self,
                           G_CONNECT_SWAPPED);
  g_signal_connect_object (self->sessions[run], "notify::loading", G_CALLBACK (update_page), self,
                           G_CONNECT_SWAPPED);
  g_signal_connect_object (self->sessions[run], "notify::selected", selected, self,
                           G_CONNECT_SWAPPED);
  g_signal_connect_object (view, "notify::hover", hover, self, G_CONNECT_SWAPPED);
  g_signal_connect_object (view, "visible-range-changed", range, self, G_CONNECT_SWAPPED);
}

static void
hearth_compare_window_init (HearthCompareWindow *self)
{
  gtk_widget_init_template (GTK_WIDGET (self));
  hearth_name_inner_buttons (GTK_WIDGET (self));
  _hearth_ui_load_style (gtk_widget_get_display (GTK_WIDGET (self)));

  connect_run (self, 0, G_CALLBACK (before_selected), G_CALLBACK (before_hover),
               G_CALLBACK (before_range));
  connect_run (self, 1, G_CALLBACK (after_selected), G_CALLBACK (after_hover),
               G_CALLBACK (after_range));
  hearth_flame_view_set_compare (HEARTH_FLAME_VIEW (self->before_view), self->sessions[1], 0);
  hearth_flame_view_set_compare (HEARTH_FLAME_VIEW (self->after_view), self->sessions[0], 1);

  /* a colour means one thing per view: where the code lives in the first run, how each
   * chain changed in the second */
  hearth_legend_set_colours (HEARTH_LEGEND (self->after_legend), HEARTH_LEGEND_CHANGES);
  /* the marks mean the same in both views: said once, under the second */
  hearth_legend_set_marks (HEARTH_LEGEND (self->before_legend), FALSE);

  hearth_loading_view_set_sessions (HEARTH_LOADING_VIEW (self->loading_view), self->sessions, 2);
  gtk_paned_set_position (GTK_PANED (self->paned), 1280 - 440);
  trees_changed (self);
}

/**
 * hearth_compare_window_new:
 * @application: (nullable): the application
 *
 * Returns: (transfer none): a new compare window with nothing to compare yet
 */
HearthCompareWindow *
hearth_compare_window_new (GtkApplication *application)
{
  return g_object_new (HEARTH_TYPE_COMPARE_WINDOW, "application", application, NULL);
}

/**
 * hearth_compare_window_open:
 * @self: a #HearthCompareWindow
 * @before: the first run's profile file
 * @after: the second run's
 *
 * Loads both files in threads; a file that cannot be read is named in a banner.
 */
void
hearth_compare_window_open (HearthCompareWindow *self,
                            GFile               *before,
                            GFile               *after)
{
  g_autofree char *before_name = NULL;
  g_autofree char *after_name = NULL;
  g_autofree char *text = NULL;

  g_return_if_fail (HEARTH_IS_COMPARE_WINDOW (self));
  g_return_if_fail (G_IS_FILE (before));
  g_return_if_fail (G_IS_FILE (after));

  before_name = g_file_get_basename (before);
  after_name = g_file_get_basename (after);
  hearth_compare_window_load_run (self, 0, before);
  hearth_compare_window_load_run (self, 1, after);
  /* translators: the two files of a compare window loading, "Reading a.prof and b.prof…" */
  text = g_strdup_printf (_("Reading %s and %s…"), before_name, after_name);
  hearth_loading_view_set_text (HEARTH_LOADING_VIEW (self->loading_view), text);
}

/**
 * hearth_compare_window_set_run:
 * @self: a #HearthCompareWindow
 * @run: 0 (before) or 1 (after)
 * @profile: a profile already loaded (say, the previous version of a file)
 * @names: (nullable): its names
 * @tree: (nullable): its tree; %NULL to lay it out with the session's options
 */
void
hearth_compare_window_set_run (HearthCompareWindow *self,
                               guint                run,
                               HearthProfile       *profile,
                               HearthNames         *names,
                               HearthCallTree      *tree)
{
  g_return_if_fail (HEARTH_IS_COMPARE_WINDOW (self));
  g_return_if_fail (run < 2);
  g_return_if_fail (HEARTH_IS_PROFILE (profile));

  hearth_session_set_profile (self->sessions[run], profile, names, tree);
}

/**
 * hearth_compare_window_select_when_matched:
 * @self: a #HearthCompareWindow
 * @run: 0 (before) or 1 (after)
 * @node: a bar of the tree @run shows now
 *
 * Once both runs are laid out and their chains matched, selects @node in @run and its
 * matching chain in the other run. Dropped if @run shows another tree by then.
 */
void
hearth_compare_window_select_when_matched (HearthCompareWindow *self,
                                           guint                run,
                                           gint                 node)
{
  HearthCallTree *tree;

  g_return_if_fail (HEARTH_IS_COMPARE_WINDOW (self));
  g_return_if_fail (run < 2);

  tree = hearth_session_get_tree (self->sessions[run]);
  g_clear_object (&self->pending_tree);
  if (tree == NULL || node < 0 || (guint) node >= hearth_call_tree_get_n_nodes (tree))
    return;
  self->pending_tree = g_object_ref (tree);
  self->pending_run = run;
  self->pending_node = node;
  if (self->match != NULL)
    select_pending (self);
}

/**
 * hearth_compare_window_set_run_name:
 * @self: a #HearthCompareWindow
 * @run: 0 (before) or 1 (after)
 * @name: (nullable): what the run is called in the title, the headers and exports; %NULL
 *   for its file's name
 *
 * Tells apart two runs of one file, such as the version shown before a reload.
 */
void
hearth_compare_window_set_run_name (HearthCompareWindow *self,
                                    guint                run,
                                    const char          *name)
{
  g_return_if_fail (HEARTH_IS_COMPARE_WINDOW (self));
  g_return_if_fail (run < 2);

  g_free (self->run_names[run]);
  self->run_names[run] = g_strdup (name);
  for (guint v = 0; v < 2; v++)
    {
      GtkWidget *view = v == 0 ? self->before_view : self->after_view;

      hearth_flame_renderer_set_run_names (hearth_flame_view_get_renderer (HEARTH_FLAME_VIEW (view)),
                                           self->run_names[0], self->run_names[1]);
      gtk_widget_queue_resize (view);
    }
  update_titles (self);
}

/**
 * hearth_compare_window_get_session:
 * @self: a #HearthCompareWindow
 * @run: 0 (before) or 1 (after)
 *
 * Returns: (transfer none): the session of that run
 */
HearthSession *
hearth_compare_window_get_session (HearthCompareWindow *self,
                                   guint                run)
{
  g_return_val_if_fail (HEARTH_IS_COMPARE_WINDOW (self), NULL);
  g_return_val_if_fail (run < 2, NULL);
  return self->sessions[run];
}

/**
 * hearth_compare_window_set_icicle:
 * @self: a #HearthCompareWindow
 * @icicle: draw the roots at the top
 */
void
hearth_compare_window_set_icicle (HearthCompareWindow *self,
                                  gboolean             icicle)
{
  g_return_if_fail (HEARTH_IS_COMPARE_WINDOW (self));
  hearth_flame_view_set_icicle (HEARTH_FLAME_VIEW (self->before_view), icicle);
  hearth_flame_view_set_icicle (HEARTH_FLAME_VIEW (self->after_view), icicle);
}

GtkWidget *
_hearth_compare_window_get_view (HearthCompareWindow *self,
                                 guint                run)
{
  return view_of (self, run);
}

GtkWidget *
_hearth_compare_window_get_changes_pane (HearthCompareWindow *self)
{
  return self->changes_pane;
}

GtkWidget *
_hearth_compare_window_get_chains_pane (HearthCompareWindow *self,
                                        guint                run)
{
  return run == 0 ? self->before_chains : self->after_chains;
}

gboolean
_hearth_compare_window_is_matched (HearthCompareWindow *self)
{
  return self->match != NULL;
}

const char *
_hearth_compare_window_get_status (HearthCompareWindow *self)
{
  return gtk_label_get_text (GTK_LABEL (self->status_label));
}

const char *
_hearth_compare_window_get_message (HearthCompareWindow *self)
{
  if (!gtk_info_bar_get_revealed (GTK_INFO_BAR (self->message_bar)))
    return NULL;
  return gtk_label_get_text (GTK_LABEL (self->message_label));
}

/**
 * _hearth_compare_window_get_page:
 * @self: a #HearthCompareWindow
 *
 * Returns: "loading", "empty" or "graph"
 */
const char *
_hearth_compare_window_get_page (HearthCompareWindow *self)
{
  return gtk_stack_get_visible_child_name (GTK_STACK (self->stack));
}

/**
 * _hearth_compare_window_get_loading_view:
 * @self: a #HearthCompareWindow
 *
 * Returns: (transfer none): the view shown while the runs load
 */
GtkWidget *
_hearth_compare_window_get_loading_view (HearthCompareWindow *self)
{
  return self->loading_view;
}

/* The export the window's menu makes, without the file dialog and the thread. */
gboolean
_hearth_compare_window_export (HearthCompareWindow *self,
                               const char          *path,
                               GError             **error)
{
  HearthExportJob *job = export_job_new (GTK_WINDOW (self), path);
  gboolean ok;

  if (job == NULL)
    return FALSE;
  ok = hearth_export_job_run (job, error);
  hearth_export_job_free (job);
  return ok;
}
