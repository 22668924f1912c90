/* test-look.c: what the window shows around the graph: the side pane (hidden with F9 and
 * staying hidden, never half of a small window), the legend, the names of a comparison of
 * a reloaded file.
 *
 * Copyright 2026 The Hearth authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include <glib/gstdio.h>

#include "hearth-application.h"
#include "hearth-compare-window.h"
#include "hearth-legend.h"
#include "hearth-pane.h"
#include "hearth-test-ui.h"
#include "hearth-window-private.h"

#define LOAD_TIMEOUT_MS 30000

static HearthApplication *app;

static HearthWindow *
open_example (int width,
             int height)
{
  g_autofree char *path = hearth_test_example_path ("before.prof");

  return HEARTH_WINDOW (hearth_test_open_window (app, path, width, height));
}

static gboolean
setting (const char *key)
{
  g_autoptr (GSettings) settings = g_settings_new (APP_ID);

  return g_settings_get_boolean (settings, key);
}

/* F9 hides the side pane; the next window opens without it; F9 brings it back. */
static void
test_side_pane_hides (void)
{
  HearthWindow *window;
  int graph_width;
  g_auto (GStrv) accels = NULL;

  if (hearth_test_ui_skip ())
    return;
  window = open_example (1024, 700);
  g_assert_true (gtk_widget_get_visible (window->notebook));
  graph_width = gtk_widget_get_width (window->flame_view);

  gtk_widget_activate_action (GTK_WIDGET (window), "win.side-pane", NULL);
  hearth_test_settle (GTK_WIDGET (window));
  g_assert_false (gtk_widget_get_visible (window->notebook));
  g_assert_false (setting ("show-side-pane"));
  /* the graph takes the room */
  g_assert_cmpint (gtk_widget_get_width (window->flame_view), >, graph_width + 200);
  hearth_test_close_windows (app);

  window = open_example (1024, 700);
  g_assert_false (gtk_widget_get_visible (window->notebook));
  accels = gtk_application_get_accels_for_action (GTK_APPLICATION (app), "win.side-pane");
  g_assert_cmpstr (accels[0], ==, "F9");
  gtk_widget_activate_action (GTK_WIDGET (window), "win.side-pane", NULL);
  hearth_test_settle (GTK_WIDGET (window));
  g_assert_true (gtk_widget_get_visible (window->notebook));
  g_assert_true (setting ("show-side-pane"));
  hearth_test_close_windows (app);
}

/* At 800x600 the graph keeps most of the window, also after a resize from a larger size. */
static void
test_side_pane_small_window (void)
{
  HearthWindow *window;
  int sizes[][2] = { { 800, 600 }, { 1024, 700 }, { 800, 600 } };

  if (hearth_test_ui_skip ())
    return;
  window = open_example (800, 600);
  for (guint i = 0; i < G_N_ELEMENTS (sizes); i++)
    {
      int width;

      gtk_window_set_default_size (GTK_WINDOW (window), sizes[i][0], sizes[i][1]);
      hearth_test_settle (GTK_WIDGET (window));
      width = gtk_widget_get_width (GTK_WIDGET (window));
      g_test_message ("window %d px: side pane %d px", width,
                      gtk_widget_get_width (window->notebook));
      g_assert_cmpint (width, <=, sizes[i][0] + 1);
      /* the columns of the panes need about 320 px */
      g_assert_cmpint (gtk_widget_get_width (window->notebook), <=, MAX (width * 3 / 10, 330));
      g_assert_cmpint (gtk_widget_get_width (window->notebook), >=, 240);
      g_assert_cmpint (gtk_widget_get_width (window->flame_view), >=, width * 55 / 100);
    }
  hearth_test_close_windows (app);
}

/* The legend names the three colours and the three marks, hides with its button's action and
 * stays hidden in the next window. */
static void
test_legend (void)
{
  HearthWindow *window;
  g_autofree char *text = NULL;
  int graph_height;

  if (hearth_test_ui_skip ())
    return;
  window = open_example (1024, 700);
  g_assert_true (gtk_widget_get_mapped (window->legend));
  text = hearth_legend_dup_text (HEARTH_LEGEND (window->legend));
  g_assert_cmpstr (text, ==, "your code · installed packages · Python · estimated · "
                             "counted twice · re-entered");
  /* compact: two lines at most beside the side pane */
  g_assert_cmpint (gtk_widget_get_height (window->legend), <=, 60);
  graph_height = gtk_widget_get_height (window->graph_scroller);

  gtk_widget_activate_action (GTK_WIDGET (window), "win.legend", NULL);
  hearth_test_settle (GTK_WIDGET (window));
  g_assert_false (gtk_widget_get_visible (window->legend));
  g_assert_false (setting ("show-legend"));
  g_assert_cmpint (gtk_widget_get_height (window->graph_scroller), >, graph_height);
  hearth_test_close_windows (app);

  window = open_example (1024, 700);
  g_assert_false (gtk_widget_get_visible (window->legend));
  gtk_widget_activate_action (GTK_WIDGET (window), "win.legend", NULL);
  hearth_test_settle (GTK_WIDGET (window));
  g_assert_true (gtk_widget_get_mapped (window->legend));
  g_assert_true (setting ("show-legend"));
  hearth_test_close_windows (app);
}

/* How many lines the legend's entries take at @width; every entry inside the width, none
 * overlapping the one before it on its line. */
static guint
legend_lines (int width)
{
  GtkWidget *window = gtk_window_new ();
  GtkWidget *legend = hearth_legend_new ();
  GtkWidget *entries;
  double last_y = -1, last_right = 0;
  guint lines = 0;

  gtk_window_set_child (GTK_WINDOW (window), legend);
  gtk_window_set_default_size (GTK_WINDOW (window), width, 100);
  gtk_window_present (GTK_WINDOW (window));
  hearth_test_settle (window);
  g_assert_cmpint (gtk_widget_get_width (legend), <=, width);
  width = gtk_widget_get_width (legend);
  entries = gtk_widget_get_first_child (legend);
  for (GtkWidget *entry = gtk_widget_get_first_child (entries); entry != NULL;
       entry = gtk_widget_get_next_sibling (entry))
    {
      double x = 0, y = 0;

      g_assert_true (gtk_widget_translate_coordinates (entry, legend, 0, 0, &x, &y));
      g_assert_cmpfloat (x + gtk_widget_get_width (entry), <=, width + 0.5);
      if (y > last_y + 0.5)
        {
          lines++;
          last_y = y;
        }
      else
        g_assert_cmpfloat (x, >=, last_right);
      last_right = x + gtk_widget_get_width (entry);
    }
  hearth_test_destroy_window (window);
  return lines;
}

/* The entries flow like words: one line when there is room, more when there is not, and no
 * more lines than the widths need (a grid of columns would take three at 400 pixels). */
static void
test_legend_flows (void)
{
  if (hearth_test_ui_skip ())
    return;
  g_assert_cmpuint (legend_lines (1400), ==, 1);
  g_assert_cmpuint (legend_lines (400), ==, 2);
  g_assert_cmpuint (legend_lines (160), >=, 4);
}

static gboolean
matched (gpointer user_data)
{
  return _hearth_compare_window_is_matched (user_data);
}

static GtkWidget *
find_legend (GtkWidget *view)
{
  GtkWidget *box = gtk_widget_get_parent (gtk_widget_get_ancestor (view,
                                                                   GTK_TYPE_SCROLLED_WINDOW));

  return gtk_widget_get_last_child (box);
}

/* In the compare window each view has its legend: the first run's colours say where the code
 * lives, the second's how each chain changed. */
static void
test_compare_legends (void)
{
  g_autofree char *before_path = hearth_test_example_path ("before.prof");
  g_autofree char *after_path = hearth_test_example_path ("after.prof");
  g_autoptr (GFile) before = g_file_new_for_path (before_path);
  g_autoptr (GFile) after = g_file_new_for_path (after_path);
  GtkWindow *window;
  GtkWidget *legends[2];
  g_autofree char *first = NULL;
  g_autofree char *second = NULL;

  if (hearth_test_ui_skip ())
    return;
  window = hearth_application_compare (app, before, after);
  g_assert_true (hearth_test_wait_until (matched, window, LOAD_TIMEOUT_MS));
  hearth_test_settle (GTK_WIDGET (window));
  for (guint r = 0; r < 2; r++)
    {
      legends[r] = find_legend (_hearth_compare_window_get_view (HEARTH_COMPARE_WINDOW (window),
                                                                 r));
      g_assert_true (HEARTH_IS_LEGEND (legends[r]));
      g_assert_true (gtk_widget_get_mapped (legends[r]));
    }
  g_assert_cmpint (hearth_legend_get_colours (HEARTH_LEGEND (legends[0])), ==,
                   HEARTH_LEGEND_CATEGORIES);
  g_assert_cmpint (hearth_legend_get_colours (HEARTH_LEGEND (legends[1])), ==,
                   HEARTH_LEGEND_CHANGES);
  first = hearth_legend_dup_text (HEARTH_LEGEND (legends[0]));
  second = hearth_legend_dup_text (HEARTH_LEGEND (legends[1]));
  g_assert_cmpstr (first, ==, "before.prof: · your code · installed packages · Python");
  g_assert_cmpstr (second, ==, "after.prof, by change: · slower chain · faster chain · "
                               "new chain · estimated · counted twice · re-entered");
  hearth_test_close_windows (app);
}

/* How many lines of @label start inside a word (not at its start, nor after a space). */
static guint
breaks_inside_words (GtkLabel *label)
{
  PangoLayout *layout = gtk_label_get_layout (label);
  const char *text = pango_layout_get_text (layout);
  guint inside = 0, n_lines = 0;

  for (GSList *l = pango_layout_get_lines_readonly (layout); l != NULL; l = l->next, n_lines++)
    {
      PangoLayoutLine *line = l->data;

      if (line->start_index > 0 && !g_ascii_isspace (text[line->start_index - 1]) &&
          !g_ascii_isspace (text[line->start_index]))
        inside++;
    }
  g_test_message ("%u lines, %u starting inside a word", n_lines, inside);
  g_assert_cmpuint (n_lines, >=, 3);
  return inside;
}

static GtkWidget *
narrow_label (GtkWidget  *box,
              const char *text)
{
  GtkWidget *label = gtk_label_new (text);

  gtk_label_set_wrap (GTK_LABEL (label), TRUE);
  gtk_label_set_wrap_mode (GTK_LABEL (label), PANGO_WRAP_WORD_CHAR);
  gtk_label_set_xalign (GTK_LABEL (label), 0);
  gtk_box_append (GTK_BOX (box), label);
  return label;
}

/* Korean wraps between words, as in the Warnings cards; a plain label (the control) breaks
 * between syllables. The text is a warning from po/ko.po. */
static void
test_hangul_wraps_between_words (void)
{
  const char *text = "빗금: 호출자가 여럿인 함수의 시간을 나누어 추정(단색: 확인됨). "
                     "추정치의 변화: 이 체인의 시간은 어느 한 실행에서 추정된 값입니다";
  GtkWidget *window, *box, *plain, *korean;

  if (hearth_test_ui_skip ())
    return;
  window = gtk_window_new ();
  box = gtk_box_new (GTK_ORIENTATION_VERTICAL, 6);
  gtk_widget_set_size_request (box, 190, -1);
  gtk_widget_set_halign (box, GTK_ALIGN_START);
  gtk_window_set_child (GTK_WINDOW (window), box);
  plain = narrow_label (box, text);
  korean = narrow_label (box, "");
  _hearth_label_wrap_words (GTK_LABEL (korean));
  /* the text set afterwards, as the panes do when the warnings change */
  gtk_label_set_text (GTK_LABEL (korean), text);
  gtk_window_set_default_size (GTK_WINDOW (window), 190, 300);
  gtk_window_present (GTK_WINDOW (window));
  hearth_test_settle (window);

  g_assert_cmpuint (breaks_inside_words (GTK_LABEL (plain)), >, 0);
  g_assert_cmpuint (breaks_inside_words (GTK_LABEL (korean)), ==, 0);
  hearth_test_destroy_window (window);
}

/* Whether @model or one of its sections or submenus has an item for @action. */
static gboolean
menu_has_action (GMenuModel *model,
                 const char *action)
{
  for (int i = 0; i < g_menu_model_get_n_items (model); i++)
    {
      g_autofree char *name = NULL;
      g_autoptr (GMenuLinkIter) links = g_menu_model_iterate_item_links (model, i);
      GMenuModel *link;

      if (g_menu_model_get_item_attribute (model, i, G_MENU_ATTRIBUTE_ACTION, "s", &name) &&
          g_strcmp0 (name, action) == 0)
        return TRUE;
      while (g_menu_link_iter_get_next (links, NULL, &link))
        {
          gboolean found = menu_has_action (link, action);

          g_object_unref (link);
          if (found)
            return TRUE;
        }
    }
  return FALSE;
}

/* The help page opens from the main menu, F1 and the welcome view; the side pane and the
 * legend are in the main menu too. */
static void
test_menu_and_help (void)
{
  HearthWindow *window;
  GtkWidget *button;
  GMenuModel *menu;
  g_auto (GStrv) accels = NULL;

  if (hearth_test_ui_skip ())
    return;
  window = HEARTH_WINDOW (hearth_window_new (GTK_APPLICATION (app)));
  gtk_window_present (GTK_WINDOW (window));
  hearth_test_settle (GTK_WIDGET (window));
  g_assert_true (g_action_group_has_action (G_ACTION_GROUP (app), "help"));
  accels = gtk_application_get_accels_for_action (GTK_APPLICATION (app), "app.help");
  g_assert_cmpstr (accels[0], ==, "F1");
  g_assert_cmpstr (HEARTH_HELP_URI, ==, "help:hearth/read-graph");

  menu = gtk_menu_button_get_menu_model (GTK_MENU_BUTTON (window->menu_button));
  g_assert_nonnull (menu);
  g_assert_true (menu_has_action (menu, "app.help"));
  g_assert_true (menu_has_action (menu, "win.side-pane"));
  g_assert_true (menu_has_action (menu, "win.legend"));

  /* the welcome view's link */
  for (button = gtk_widget_get_first_child (gtk_widget_get_parent (window->recent_heading));
       button != NULL; button = gtk_widget_get_next_sibling (button))
    for (GtkWidget *child = gtk_widget_get_first_child (button); child != NULL;
         child = gtk_widget_get_next_sibling (child))
      if (GTK_IS_BUTTON (child) &&
          g_strcmp0 (gtk_actionable_get_action_name (GTK_ACTIONABLE (child)), "app.help") == 0)
        goto found;
  g_assert_not_reached ();
found:
  hearth_test_close_windows (app);
}

int
main (int   argc,
      char *argv[])
{
  int status;

  app = hearth_test_ui_new_application (&argc, &argv);

  g_test_add_func ("/look/side-pane/hides", test_side_pane_hides);
  g_test_add_func ("/look/side-pane/small-window", test_side_pane_small_window);
  g_test_add_func ("/look/legend/window", test_legend);
  g_test_add_func ("/look/legend/compare", test_compare_legends);
  g_test_add_func ("/look/legend/flows", test_legend_flows);
  g_test_add_func ("/look/hangul-wraps-between-words", test_hangul_wraps_between_words);
  g_test_add_func ("/look/menu-and-help", test_menu_and_help);

  status = g_test_run ();
  g_clear_object (&app);
  return status;
}
