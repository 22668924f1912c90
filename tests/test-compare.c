/* test-compare.c: the compare window: one time axis, matched chains, changes, export.
 *
 * Copyright 2026 The Hearth authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include <glib/gstdio.h>
#include <math.h>
#include <string.h>

#include "hearth-application.h"
#include "hearth-changes-pane.h"
#include "hearth-compare-window.h"
#include "hearth-export.h"
#include "hearth-flame-view.h"
#include "hearth-test-ui.h"
#include "hearth-test-util.h"
#include "hearth-window-private.h"

static HearthApplication *app;

typedef struct
{
  HearthCompareWindow *window;
  HearthSession       *sessions[2];
  HearthFlameView     *views[2];
} Fixture;

static gboolean
matched (gpointer user_data)
{
  return _hearth_compare_window_is_matched (user_data);
}

static HearthCompareWindow *
compare_in_app (const char *before,
                const char *after)
{
  g_autofree char *before_path = hearth_test_example_path (before);
  g_autofree char *after_path = hearth_test_example_path (after);
  g_autoptr (GFile) before_file = g_file_new_for_path (before_path);
  g_autoptr (GFile) after_file = g_file_new_for_path (after_path);
  GtkWindow *window = hearth_application_compare (app, before_file, after_file);

  g_assert_true (HEARTH_IS_COMPARE_WINDOW (window));
  g_assert_true (hearth_test_wait_until (matched, window, 30000));
  gtk_test_widget_wait_for_draw (GTK_WIDGET (window));
  hearth_test_wait (100);
  return HEARTH_COMPARE_WINDOW (window);
}

static void
fixture_set_up (Fixture       *f,
                gconstpointer  data)
{
  if (!hearth_test_ui_have_display ())
    return;
  f->window = compare_in_app ("before.prof", "after.prof");
  for (guint r = 0; r < 2; r++)
    {
      f->sessions[r] = hearth_compare_window_get_session (f->window, r);
      f->views[r] = HEARTH_FLAME_VIEW (_hearth_compare_window_get_view (f->window, r));
    }
}

static void
fixture_tear_down (Fixture       *f,
                   gconstpointer  data)
{
  if (!hearth_test_ui_have_display ())
    return;
  hearth_test_close_windows (app);
}

static double
root_pixels (Fixture *f,
             guint    run)
{
  guint root = hearth_test_root_node (f->sessions[run]);
  graphene_rect_t bounds;

  g_assert_true (hearth_flame_view_get_node_bounds (f->views[run], root, &bounds));
  return bounds.size.width;
}

/* The widest bar of a function called @name, or -1. */
static gint
find_node (HearthSession *session,
           const char    *name)
{
  HearthCallTree *tree = hearth_session_get_tree (session);
  HearthProfile *profile = hearth_session_get_profile (session);
  gint found = -1;

  for (guint i = 0; i < hearth_call_tree_get_n_nodes (tree); i++)
    {
      const HearthNode *node = hearth_call_tree_get_node (tree, i);

      if (node->function >= hearth_profile_get_n_functions (profile) ||
          g_strcmp0 (hearth_profile_get_function (profile, node->function)->name, name) != 0)
        continue;
      if (found < 0 || node->width > hearth_call_tree_get_node (tree, found)->width)
        found = (gint) i;
    }
  return found;
}

static const char *
node_name (HearthSession *session,
           gint           node)
{
  const HearthNode *n = hearth_call_tree_get_node (hearth_session_get_tree (session), node);

  return hearth_profile_get_function (hearth_session_get_profile (session), n->function)->name;
}

static void
test_one_axis (Fixture       *f,
               gconstpointer  data)
{
  double totals[2], start, end, scale;

  if (hearth_test_ui_skip ())
    return;

  for (guint r = 0; r < 2; r++)
    totals[r] = hearth_call_tree_get_total (hearth_session_get_tree (f->sessions[r]));
  g_assert_cmpfloat (totals[1], <, totals[0] / 5);
  g_assert_cmpint (gtk_widget_get_width (GTK_WIDGET (f->views[0])), ==,
                   gtk_widget_get_width (GTK_WIDGET (f->views[1])));

  /* both views show the same range: the longer run */
  hearth_flame_view_get_visible_range (f->views[1], &start, &end);
  g_assert_cmpfloat_with_epsilon (start, 0, 1e-9);
  g_assert_cmpfloat_with_epsilon (end, totals[0], totals[0] * 1e-9);

  /* one scale: the after run's root bar is its seconds times the before run's pixels per
   * second (within the rounding of both bar edges and the gap between bars) */
  scale = (root_pixels (f, 0) + 1) / totals[0];
  g_assert_cmpfloat (fabs ((root_pixels (f, 1) + 1) - totals[1] * scale), <=, 2.0);
  g_assert_cmpfloat (root_pixels (f, 1), <, root_pixels (f, 0) / 5);

  /* each run to its own width: both roots span the same pixels */
  g_object_set (f->window, "normalized", TRUE, NULL);
  gtk_test_widget_wait_for_draw (GTK_WIDGET (f->window));
  g_assert_cmpfloat (fabs (root_pixels (f, 1) - root_pixels (f, 0)), <=, 2.0);
  g_object_set (f->window, "normalized", FALSE, NULL);
  g_assert_cmpfloat (root_pixels (f, 1), <, root_pixels (f, 0) / 5);
}

static void
test_zoom_follows (Fixture       *f,
                   gconstpointer  data)
{
  double start[2], end[2];

  if (hearth_test_ui_skip ())
    return;

  hearth_flame_view_set_visible_range (f->views[1], 1.0, 2.0, FALSE);
  for (guint r = 0; r < 2; r++)
    hearth_flame_view_get_visible_range (f->views[r], &start[r], &end[r]);
  g_assert_cmpfloat_with_epsilon (start[0], 1.0, 1e-9);
  g_assert_cmpfloat_with_epsilon (end[0], 2.0, 1e-9);

  hearth_flame_view_zoom_by (f->views[0], 2.0, 0);
  for (guint r = 0; r < 2; r++)
    hearth_flame_view_get_visible_range (f->views[r], &start[r], &end[r]);
  g_assert_cmpfloat_with_epsilon (start[1], start[0], 1e-9);
  g_assert_cmpfloat_with_epsilon (end[1], end[0], 1e-9);
  g_assert_cmpfloat_with_epsilon (end[0] - start[0], 0.5, 1e-9);
}

static void
test_selection_follows (Fixture       *f,
                        gconstpointer  data)
{
  gint slow = find_node (f->sessions[0], "walker_msd");
  gint main_before = find_node (f->sessions[0], "main");
  gint main_after;

  if (hearth_test_ui_skip ())
    return;

  /* the slow loop is gone after the fix: the other view says so */
  g_assert_cmpint (slow, >=, 0);
  hearth_session_set_selected (f->sessions[0], slow);
  g_assert_cmpint (hearth_session_get_selected (f->sessions[0]), ==, slow);
  g_assert_cmpint (hearth_session_get_selected (f->sessions[1]), ==, -1);
  g_assert_nonnull (strstr (_hearth_compare_window_get_status (f->window), "walker_msd"));
  g_assert_nonnull (strstr (_hearth_compare_window_get_status (f->window),
                            "no matching chain in after.prof"));

  /* main is in both: selecting it in one selects it in the other, both ways */
  g_assert_cmpint (main_before, >=, 0);
  hearth_session_set_selected (f->sessions[0], main_before);
  main_after = hearth_session_get_selected (f->sessions[1]);
  g_assert_cmpint (main_after, >=, 0);
  g_assert_cmpstr (node_name (f->sessions[1], main_after), ==, "main");
  g_assert_null (strstr (_hearth_compare_window_get_status (f->window), "no matching"));

  hearth_session_set_selected (f->sessions[1], -1);
  hearth_session_set_selected (f->sessions[1], main_after);
  g_assert_cmpint (hearth_session_get_selected (f->sessions[0]), ==, main_before);
}

static void
test_changes (Fixture       *f,
              gconstpointer  data)
{
  GListModel *rows;
  g_autoptr (HearthChangeRow) first = NULL;
  HearthChangesPane *pane;

  if (hearth_test_ui_skip ())
    return;

  pane = HEARTH_CHANGES_PANE (_hearth_compare_window_get_changes_pane (f->window));
  rows = hearth_changes_pane_get_rows (pane);
  g_assert_cmpuint (g_list_model_get_n_items (rows), >, 3);
  first = g_list_model_get_item (rows, 0);
  g_assert_true (g_str_has_suffix (hearth_change_row_get_chain (first), "walker_msd"));
  g_assert_cmpfloat (hearth_change_row_get_change (first), <, 0);
  g_assert_cmpfloat (hearth_change_row_get_before (first), >, 10);
  /* gone after the fix, and listed all the same */
  g_assert_cmpuint (hearth_change_row_get_flags (first) & HEARTH_CHAIN_CHANGE_GONE, !=, 0);
  g_assert_cmpint (hearth_change_row_get_after_node (first), ==, -1);

  /* largest absolute change first */
  for (guint i = 1; i < g_list_model_get_n_items (rows); i++)
    {
      g_autoptr (HearthChangeRow) a = g_list_model_get_item (rows, i - 1);
      g_autoptr (HearthChangeRow) b = g_list_model_get_item (rows, i);

      g_assert_cmpfloat (fabs (hearth_change_row_get_change (a)), >=,
                         fabs (hearth_change_row_get_change (b)));
    }

  /* activating a row selects the chain in both views */
  hearth_changes_pane_activate_row (pane, 0);
  g_assert_cmpint (hearth_session_get_selected (f->sessions[0]), ==,
                   hearth_change_row_get_before_node (first));
  g_assert_cmpstr (node_name (f->sessions[0], hearth_session_get_selected (f->sessions[0])), ==,
                   "walker_msd");
  g_assert_cmpint (hearth_session_get_selected (f->sessions[1]), ==, -1);

  /* one deterministic run on each side: no verdict, and the pane says why */
  for (guint i = 0; i < g_list_model_get_n_items (rows); i++)
    {
      g_autoptr (HearthChangeRow) row = g_list_model_get_item (rows, i);

      g_assert_cmpuint (hearth_change_row_get_verdict (row), ==, HEARTH_VERDICT_UNKNOWN);
    }
  g_assert_cmpstr (hearth_changes_pane_get_note (pane), ==,
                   "Timings vary from run to run: one run on each side cannot tell a real "
                   "change from noise. Profile each version a few more times and compare the "
                   "runs as two groups (hearth --compare --merge BEFORE… -- --merge AFTER…).");
}

static HearthChangesPane *
changes_of (HearthCompareWindow *window)
{
  return HEARTH_CHANGES_PANE (_hearth_compare_window_get_changes_pane (window));
}

/* Two sampled runs whose chains all doubled in samples, but of a run twice as long: every
 * change is within the noise, and the pane says so. */
static void
test_sampled_noise (void)
{
  g_autofree char *before = hearth_test_data_path ("plain_folded.txt");
  g_autofree char *after = hearth_test_data_path ("plain_folded_after.txt");
  g_autoptr (GFile) before_file = g_file_new_for_path (before);
  g_autoptr (GFile) after_file = g_file_new_for_path (after);
  HearthCompareWindow *window;
  GListModel *rows;

  if (hearth_test_ui_skip ())
    return;
  window = HEARTH_COMPARE_WINDOW (hearth_application_compare (app, before_file, after_file));
  g_assert_true (hearth_test_wait_until (matched, window, 30000));
  rows = hearth_changes_pane_get_rows (changes_of (window));
  g_assert_cmpuint (g_list_model_get_n_items (rows), ==, 10);
  for (guint i = 0; i < g_list_model_get_n_items (rows); i++)
    {
      g_autoptr (HearthChangeRow) row = g_list_model_get_item (rows, i);

      g_assert_cmpuint (hearth_change_row_get_verdict (row), ==, HEARTH_VERDICT_NOISE);
    }
  g_assert_cmpstr (hearth_changes_pane_get_note (changes_of (window)), ==,
                   "No change larger than the noise.");
  hearth_test_close_windows (app);
}

/* Groups of runs: before.prof twice against after.prof twice. The same run twice has no
 * spread, so every change whose runs do not overlap is real; times are per run. */
static void
test_groups (void)
{
  g_autofree char *before = hearth_test_example_path ("before.prof");
  g_autofree char *after = hearth_test_example_path ("after.prof");
  GFile *befores[2], *afters[2];
  HearthCompareWindow *window;
  g_autoptr (HearthChangeRow) first = NULL;
  GListModel *rows;

  if (hearth_test_ui_skip ())
    return;
  befores[0] = befores[1] = g_file_new_for_path (before);
  afters[0] = afters[1] = g_file_new_for_path (after);
  window = hearth_compare_window_new (GTK_APPLICATION (app));
  hearth_compare_window_open_groups (window, befores, 2, afters, 2);
  gtk_window_present (GTK_WINDOW (window));
  g_assert_true (hearth_test_wait_until (matched, window, 30000));
  g_object_unref (befores[0]);
  g_object_unref (afters[0]);

  g_assert_cmpstr (gtk_window_get_title (GTK_WINDOW (window)), ==,
                   "before.prof … (2 runs) → after.prof … (2 runs)");
  rows = hearth_changes_pane_get_rows (changes_of (window));
  first = g_list_model_get_item (rows, 0);
  g_assert_true (g_str_has_suffix (hearth_change_row_get_chain (first), "walker_msd"));
  /* the mean of two equal runs: the one run's 13.81 s (--print changes of the pair) */
  g_assert_cmpfloat_with_epsilon (hearth_change_row_get_before (first), 13.8122893, 1e-6);
  g_assert_cmpuint (hearth_change_row_get_verdict (first), ==, HEARTH_VERDICT_REAL);
  g_assert_cmpstr (hearth_changes_pane_get_note (changes_of (window)), ==,
                   "The times listed are means per run of 2 runs before and 2 after; the "
                   "graphs add the runs up.");
  hearth_test_close_windows (app);
}

/* Copies @source to @folder/@name. */
static void
copy_into (const char *folder,
           const char *name,
           const char *source)
{
  g_autofree char *path = g_build_filename (folder, name, NULL);
  g_autofree char *contents = NULL;
  gsize len;

  g_assert_true (g_file_get_contents (source, &contents, &len, NULL));
  g_assert_true (g_file_set_contents (path, contents, (gssize) len, NULL));
}

/* Two folders of runs (`hearth --compare a/ b/`): each side its folder's profiles, named after
 * the folder, a combined.prof beside the runs left out; a folder without profiles is an error
 * naming it. */
static void
test_folders (void)
{
  g_autofree char *before = hearth_test_example_path ("before.prof");
  g_autofree char *after = hearth_test_example_path ("after.prof");
  g_autofree char *root = g_dir_make_tmp ("hearth-folders-XXXXXX", NULL);
  g_autofree char *a = g_build_filename (root, "a", NULL);
  g_autofree char *b = g_build_filename (root, "b", NULL);
  g_autofree char *empty = g_build_filename (root, "empty", NULL);
  g_autoptr (GFile) a_file = g_file_new_for_path (a);
  g_autoptr (GFile) b_file = g_file_new_for_path (b);
  g_autoptr (GFile) empty_file = g_file_new_for_path (empty);
  g_autoptr (GFile) left_out = NULL;
  g_autoptr (GError) error = NULL;
  g_autoptr (HearthChangeRow) first = NULL;
  HearthCompareWindow *window;
  guint n_runs = 0;

  if (hearth_test_ui_skip ())
    return;
  g_assert_cmpint (g_mkdir (a, 0755), ==, 0);
  g_assert_cmpint (g_mkdir (b, 0755), ==, 0);
  g_assert_cmpint (g_mkdir (empty, 0755), ==, 0);
  copy_into (a, "run1.prof", before);
  copy_into (a, "run2.prof", before);
  copy_into (a, "combined.prof", after);
  copy_into (a, "notes.txt", before);
  copy_into (b, "run1.prof", after);
  copy_into (b, "run2.prof", after);
  copy_into (b, "run3.prof", after);

  window = hearth_compare_window_new (GTK_APPLICATION (app));
  g_assert_false (hearth_compare_window_open_folders (window, a_file, empty_file, NULL, &error));
  g_assert_nonnull (strstr (error->message, empty));
  g_assert_nonnull (strstr (error->message, "no profiles"));
  g_clear_error (&error);

  g_assert_true (hearth_compare_window_open_folders (window, a_file, b_file, &left_out, &error));
  g_assert_no_error (error);
  g_assert_nonnull (left_out);
  g_assert_true (g_str_has_suffix (g_file_peek_path (left_out), "/a/combined.prof"));
  gtk_window_present (GTK_WINDOW (window));
  g_assert_true (hearth_test_wait_until (matched, window, 30000));
  g_assert_cmpstr (gtk_window_get_title (GTK_WINDOW (window)), ==, "a/ (2 runs) → b/ (3 runs)");
  g_assert_nonnull (hearth_session_get_merge_files (hearth_compare_window_get_session (window, 0),
                                                    &n_runs));
  g_assert_cmpuint (n_runs, ==, 2);
  hearth_session_get_merge_files (hearth_compare_window_get_session (window, 1), &n_runs);
  g_assert_cmpuint (n_runs, ==, 3);
  /* before.prof twice, not added to combined.prof (after.prof): the per-run mean of walker_msd
   * is before.prof's own 13.81 s */
  first = g_list_model_get_item (hearth_changes_pane_get_rows (changes_of (window)), 0);
  g_assert_true (g_str_has_suffix (hearth_change_row_get_chain (first), "walker_msd"));
  g_assert_cmpfloat_with_epsilon (hearth_change_row_get_before (first), 13.8122893, 1e-6);
  hearth_test_close_windows (app);
  hearth_test_remove_tree (root);
}

static void
test_hover_follows (Fixture       *f,
                    gconstpointer  data)
{
  if (hearth_test_ui_skip ())
    return;

  /* both views show the root, in both runs: the tooltip of the second says how it changed */
  guint root = hearth_test_root_node (f->sessions[1]);
  g_autofree char *tooltip = hearth_flame_view_dup_tooltip_text (f->views[1], root);

  g_assert_nonnull (strstr (tooltip, "of the first run"));
}

/* What a screen reader hears of a bar of the second run: how its chain changed, in the
 * tooltip's words, from the widths of the two trees. */
static void
test_description (Fixture       *f,
                  gconstpointer  data)
{
  gint before, after;
  g_autofree char *was = NULL;
  g_autofree char *delta = NULL;
  g_autofree char *expected = NULL;
  g_autofree char *first = NULL;
  g_autofree char *second = NULL;
  double before_width, after_width;

  if (hearth_test_ui_skip ())
    return;

  before = find_node (f->sessions[0], "main");
  g_assert_cmpint (before, >=, 0);
  hearth_session_set_selected (f->sessions[0], before);
  after = hearth_session_get_selected (f->sessions[1]);
  g_assert_cmpint (after, >=, 0);
  before_width = hearth_call_tree_get_node (hearth_session_get_tree (f->sessions[0]),
                                            before)->width;
  after_width = hearth_call_tree_get_node (hearth_session_get_tree (f->sessions[1]),
                                           after)->width;
  /* the fix made main faster */
  g_assert_cmpfloat (after_width, <, before_width);
  was = hearth_session_format_value (f->sessions[1], before_width);
  delta = hearth_session_format_value (f->sessions[1], before_width - after_width);
  expected = g_strdup_printf (". Before: %s, change −%s (", was, delta);

  first = hearth_flame_view_dup_description (f->views[0]);
  second = hearth_flame_view_dup_description (f->views[1]);
  g_test_message ("%s", second);
  g_assert_true (g_str_has_prefix (second, "main, "));
  g_assert_nonnull (strstr (second, expected));
  g_assert_true (g_str_has_suffix (second, " of the first run)"));
  /* the first run is what the change is measured from */
  g_assert_true (g_str_has_prefix (first, "main, "));
  g_assert_null (strstr (first, "Before:"));
}

static HearthCallTree *
cli_tree (const char   *name,
          HearthNames **names)
{
  g_autofree char *path = hearth_test_example_path (name);
  g_autoptr (GError) error = NULL;
  g_autoptr (HearthProfile) profile = hearth_profile_load_path (path, &error);
  HearthCallTreeOptions options = HEARTH_CALL_TREE_OPTIONS_INIT;
  HearthCallTree *tree;

  g_assert_no_error (error);
  tree = hearth_call_tree_new (profile, &options, &error);
  g_assert_no_error (error);
  *names = hearth_names_new (profile, NULL, TRUE);
  return tree;
}

/* The window's export of the pair is the command line's. */
static void
test_export (Fixture       *f,
             gconstpointer  data)
{
  g_autofree char *dir = NULL;
  g_autofree char *from_window = NULL;
  g_autofree char *from_cli = NULL;
  g_autofree char *a = NULL;
  g_autofree char *b = NULL;
  g_autoptr (HearthNames) before_names = NULL;
  g_autoptr (HearthNames) after_names = NULL;
  g_autoptr (HearthCallTree) before = NULL;
  g_autoptr (HearthCallTree) after = NULL;
  HearthExportOptions options = HEARTH_EXPORT_OPTIONS_INIT;
  g_autoptr (GError) error = NULL;
  gsize a_len, b_len;

  if (hearth_test_ui_skip ())
    return;

  dir = g_dir_make_tmp ("hearth-compare-XXXXXX", &error);
  g_assert_no_error (error);
  from_window = g_build_filename (dir, "window.svg", NULL);
  from_cli = g_build_filename (dir, "cli.svg", NULL);

  g_assert_true (_hearth_compare_window_export (f->window, from_window, &error));
  g_assert_no_error (error);
  before = cli_tree ("before.prof", &before_names);
  after = cli_tree ("after.prof", &after_names);
  g_assert_true (hearth_export_to_file (from_cli, before, before_names, after, after_names,
                                        &options, &error));
  g_assert_no_error (error);

  g_assert_true (g_file_get_contents (from_window, &a, &a_len, NULL));
  g_assert_true (g_file_get_contents (from_cli, &b, &b_len, NULL));
  g_assert_cmpuint (a_len, ==, b_len);
  g_assert_true (memcmp (a, b, a_len) == 0);
  g_assert_nonnull (strstr (a, "after.prof"));

  g_unlink (from_window);
  g_unlink (from_cli);
  g_rmdir (dir);
}

int
main (int   argc,
      char *argv[])
{
  int status;

  app = hearth_test_ui_new_application (&argc, &argv);

#define ADD(path, func) \
  g_test_add ("/compare/" path, Fixture, NULL, fixture_set_up, func, fixture_tear_down)

  ADD ("one-axis", test_one_axis);
  ADD ("zoom-follows", test_zoom_follows);
  ADD ("selection-follows", test_selection_follows);
  ADD ("changes", test_changes);
  ADD ("tooltip", test_hover_follows);
  ADD ("description", test_description);
  ADD ("export", test_export);
  g_test_add_func ("/compare/sampled-noise", test_sampled_noise);
  g_test_add_func ("/compare/groups", test_groups);
  g_test_add_func ("/compare/folders", test_folders);

  status = g_test_run ();
  g_clear_object (&app);
  return status;
}
