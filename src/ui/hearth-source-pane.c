/* hearth-source-pane.c
 *
 * Copyright 2026 The Hearth authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#define G_LOG_DOMAIN "hearth-source-pane"

#include "hearth-source-pane.h"

#include <glib/gi18n.h>

#include "hearth-editor-command.h"
#include "hearth-gtk-compat.h"
#include "hearth-settings.h"
#include "hearth-source-excerpt.h"

/**
 * HearthSourcePane:
 *
 * The side pane's Source tab: the lines of the selected function's def, read as the names
 * are read, in a monospace #GtkTextView (syntax colours would not say more about the time),
 * the def line marked and scrolled to. Where the profile records lines per frame, a column
 * left of the line numbers gives each line its share of the function's samples, shaded by
 * it. Open in Editor opens the file at the marked line in the editor of the `editor`
 * setting, or in the default application.
 */

#define HEAT_SHADES 8

struct _HearthSourcePane
{
  HearthPane     parent_instance;

  GtkWidget     *title;
  GtkWidget     *open_button;
  GtkWidget     *editor_button;
  GtkWidget     *stack;
  GtkWidget     *message;
  GtkWidget     *view;
  GtkTextTag    *heat_tags[HEAT_SHADES + 1];
  GtkTextTag    *mark_tag;
  GtkTextTag    *number_tag;
  char          *path;
  guint          line;
};

G_DEFINE_FINAL_TYPE (HearthSourcePane, hearth_source_pane, HEARTH_TYPE_PANE)

static void
show_message (HearthSourcePane *self,
              const char       *text)
{
  gtk_label_set_text (GTK_LABEL (self->message), text);
  gtk_stack_set_visible_child (GTK_STACK (self->stack), self->message);
  gtk_widget_set_sensitive (self->open_button, FALSE);
  g_clear_pointer (&self->path, g_free);
  self->line = 0;
}

static void
append_line (HearthSourcePane          *self,
             GtkTextBuffer             *buffer,
             const HearthSourceExcerpt *excerpt,
             guint                      i)
{
  guint number = excerpt->first_line + i;
  gboolean marked = number == excerpt->mark_line;
  GtkTextIter end;
  g_autofree char *digits = g_strdup_printf ("%c%5u  ", marked ? '>' : ' ', number);

  gtk_text_buffer_get_end_iter (buffer, &end);
  if (excerpt->heat != NULL)
    {
      double heat = excerpt->heat[i];
      g_autofree char *share = heat > 0 ? g_strdup_printf ("%4.0f%%", 100 * heat)
                                        : g_strdup ("     ");
      guint shade = heat > 0 ? 1 + (guint) (heat * (HEAT_SHADES - 1) + 0.5) : 0;

      /* no tag for no heat: a clear background */
      gtk_text_buffer_insert_with_tags (buffer, &end, share, -1,
                                        shade > 0 ? self->heat_tags[MIN (shade, HEAT_SHADES)]
                                                  : NULL,
                                        NULL);
    }
  gtk_text_buffer_insert_with_tags (buffer, &end, digits, -1, self->number_tag,
                                    marked ? self->mark_tag : NULL, NULL);
  gtk_text_buffer_insert_with_tags (buffer, &end, excerpt->lines[i], -1,
                                    marked ? self->mark_tag : NULL, NULL);
  if (i + 1 < excerpt->n_lines)
    gtk_text_buffer_insert (buffer, &end, "\n", 1);
  if (marked)
    {
      /* the paragraph background shows where the whole line, its end too, has the tag */
      GtkTextIter start;

      gtk_text_buffer_get_iter_at_line (buffer, &start, (int) i);
      gtk_text_buffer_get_end_iter (buffer, &end);
      gtk_text_buffer_apply_tag (buffer, self->mark_tag, &start, &end);
    }
}

static gboolean
scroll_to_mark (gpointer data)
{
  HearthSourcePane *self = data;
  GtkTextBuffer *buffer = gtk_text_view_get_buffer (GTK_TEXT_VIEW (self->view));
  GtkTextMark *mark = gtk_text_buffer_get_mark (buffer, "def");

  if (mark != NULL)
    gtk_text_view_scroll_to_mark (GTK_TEXT_VIEW (self->view), mark, 0.0, TRUE, 0.0, 0.1);
  g_object_unref (self);
  return G_SOURCE_REMOVE;
}

static void
show_excerpt (HearthSourcePane          *self,
              const HearthSourceExcerpt *excerpt)
{
  GtkTextBuffer *buffer = gtk_text_view_get_buffer (GTK_TEXT_VIEW (self->view));
  GtkTextIter at;

  gtk_text_buffer_set_text (buffer, "", 0);
  for (guint i = 0; i < excerpt->n_lines; i++)
    append_line (self, buffer, excerpt, i);
  gtk_text_buffer_get_iter_at_line (buffer, &at, (int) (excerpt->mark_line - excerpt->first_line));
  gtk_text_buffer_create_mark (buffer, "def", &at, TRUE);
  gtk_stack_set_visible_child (GTK_STACK (self->stack), gtk_widget_get_parent (self->view));
  g_free (self->path);
  self->path = g_strdup (excerpt->path);
  self->line = excerpt->mark_line;
  gtk_widget_set_sensitive (self->open_button, TRUE);
  g_idle_add (scroll_to_mark, g_object_ref (self));
}

static void
refill (HearthSourcePane *self)
{
  HearthSession *session = hearth_pane_get_session (HEARTH_PANE (self));
  gint function = session != NULL ? hearth_session_get_selected_function (session) : -1;
  HearthProfile *profile = session != NULL ? hearth_session_get_profile (session) : NULL;
  g_autoptr (HearthSourceExcerpt) excerpt = NULL;
  g_autoptr (GError) error = NULL;
  g_autofree char *location = NULL;

  if (profile == NULL || function < 0)
    {
      gtk_label_set_text (GTK_LABEL (self->title), "");
      show_message (self, _("Select a bar to see its function’s source"));
      return;
    }
  location = hearth_session_dup_location (session, function);
  gtk_label_set_text (GTK_LABEL (self->title), hearth_session_get_function_label (session, function));
  gtk_widget_set_tooltip_text (self->title, location);
  excerpt = hearth_source_excerpt_new (profile, (guint) function, &error);
  if (excerpt == NULL)
    show_message (self, error->message);
  else
    show_excerpt (self, excerpt);
}

static void
hearth_source_pane_tree_changed (HearthPane *pane)
{
  refill (HEARTH_SOURCE_PANE (pane));
}

static void
hearth_source_pane_selection_changed (HearthPane *pane)
{
  refill (HEARTH_SOURCE_PANE (pane));
}

static void
launch_done (GObject      *source,
             GAsyncResult *result,
             gpointer      user_data)
{
  g_autoptr (GError) error = NULL;

  if (!hearth_launch_file_finish (result, &error))
    g_warning ("%s", error->message);
}

/* The chosen editor at the line, else the default application without it. */
static void
open_in_editor (HearthSourcePane *self)
{
  g_autoptr (GSettings) settings = _hearth_settings_new ();
  g_autofree char *name = g_settings_get_string (settings, "editor");
  HearthEditor editor = HEARTH_EDITOR_DEFAULT;
  g_auto (GStrv) argv = NULL;
  g_autoptr (GError) error = NULL;
  g_autoptr (GFile) file = NULL;
  GtkRoot *root = gtk_widget_get_root (GTK_WIDGET (self));

  if (self->path == NULL)
    return;
  /* the host's editors are not in a Flatpak sandbox: the portal's default application */
  if (!g_file_test ("/.flatpak-info", G_FILE_TEST_EXISTS))
    editor = hearth_editor_from_string (name);
  argv = hearth_editor_command (editor, self->path, self->line,
                                g_getenv ("VISUAL"), g_getenv ("EDITOR"), &error);
  if (argv != NULL && g_spawn_async (NULL, argv, NULL, G_SPAWN_DEFAULT, NULL, NULL, NULL, &error))
    return;
  if (error != NULL)
    hearth_session_post_notice (hearth_pane_get_session (HEARTH_PANE (self)), error->message);
  file = g_file_new_for_path (self->path);
  hearth_launch_file_async (GTK_IS_WINDOW (root) ? GTK_WINDOW (root) : NULL, file, NULL,
                            launch_done, NULL);
}

static void
hearth_source_pane_dispose (GObject *object)
{
  HearthSourcePane *self = HEARTH_SOURCE_PANE (object);
  GtkWidget *child;

  while ((child = gtk_widget_get_first_child (GTK_WIDGET (self))) != NULL)
    gtk_widget_unparent (child);
  g_clear_pointer (&self->path, g_free);
  G_OBJECT_CLASS (hearth_source_pane_parent_class)->dispose (object);
}

static void
hearth_source_pane_class_init (HearthSourcePaneClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  HearthPaneClass *pane_class = HEARTH_PANE_CLASS (klass);

  object_class->dispose = hearth_source_pane_dispose;
  pane_class->tree_changed = hearth_source_pane_tree_changed;
  pane_class->selection_changed = hearth_source_pane_selection_changed;
}

static void
make_tags (HearthSourcePane *self)
{
  GtkTextBuffer *buffer = gtk_text_view_get_buffer (GTK_TEXT_VIEW (self->view));

  for (guint i = 0; i <= HEAT_SHADES; i++)
    {
      GdkRGBA colour = { 0.90, 0.35, 0.25, 0.12 + 0.78 * MAX (i, 1) / HEAT_SHADES };

      self->heat_tags[i] = gtk_text_buffer_create_tag (buffer, NULL, "background-rgba", &colour,
                                                       NULL);
    }
  self->number_tag = gtk_text_buffer_create_tag (buffer, NULL, "foreground-rgba",
                                                 &(GdkRGBA) { 0.5, 0.5, 0.5, 1 }, NULL);
  self->mark_tag = gtk_text_buffer_create_tag (buffer, NULL, "weight", PANGO_WEIGHT_BOLD,
                                               "paragraph-background-rgba",
                                               &(GdkRGBA) { 0.21, 0.52, 0.89, 0.18 }, NULL);
}

/* The editors of the `editor` setting, in the order the menu lists them. */
static const struct
{
  const char   *value;
  HearthEditor  editor;
  const char   *label;
} editors[] = {
  { "gnome-text-editor", HEARTH_EDITOR_GNOME_TEXT_EDITOR, N_("GNOME Text Editor") },
  { "vscode", HEARTH_EDITOR_VSCODE, N_("Visual Studio Code") },
  { "terminal", HEARTH_EDITOR_TERMINAL, N_("VISUAL or EDITOR in a Terminal") },
  { "default", HEARTH_EDITOR_DEFAULT, N_("Default Application (No Line)") },
};

/* Whether the editor's command can be made here: its program (and for the terminal, a
 * terminal and VISUAL or EDITOR) is there. */
static gboolean
editor_available (HearthEditor editor)
{
  g_auto (GStrv) argv = hearth_editor_command (editor, "/dev/null", 1, g_getenv ("VISUAL"),
                                               g_getenv ("EDITOR"), NULL);

  return editor == HEARTH_EDITOR_DEFAULT || argv != NULL;
}

/* Made each time the menu opens, so an editor installed since is no longer marked missing. */
static void
fill_editor_menu (GtkMenuButton *button,
                  gpointer       user_data)
{
  g_autoptr (GMenu) menu = g_menu_new ();

  for (guint i = 0; i < G_N_ELEMENTS (editors); i++)
    {
      g_autofree char *label = NULL;
      g_autoptr (GMenuItem) item = NULL;

      if (editor_available (editors[i].editor))
        label = g_strdup (_(editors[i].label));
      else
        /* TRANSLATORS: an editor in the Open in Editor menu, e.g.
         * "Visual Studio Code (Not Installed)" */
        label = g_strdup_printf (_("%s (Not Installed)"), _(editors[i].label));
      item = g_menu_item_new (label, NULL);
      g_menu_item_set_action_and_target (item, "source.editor", "s", editors[i].value);
      g_menu_append_item (menu, item);
    }
  gtk_menu_button_set_menu_model (button, G_MENU_MODEL (menu));
}

/* A radio menu beside Open in Editor, bound to the `editor` setting. */
static GtkWidget *
make_editor_button (HearthSourcePane *self)
{
  g_autoptr (GSettings) settings = _hearth_settings_new ();
  g_autoptr (GSimpleActionGroup) group = g_simple_action_group_new ();

  self->editor_button = gtk_menu_button_new ();
  gtk_menu_button_set_icon_name (GTK_MENU_BUTTON (self->editor_button), "pan-down-symbolic");
  gtk_widget_set_tooltip_text (self->editor_button, _("Choose the Editor"));
  /* an icon alone names nothing to a screen reader */
  gtk_accessible_update_property (GTK_ACCESSIBLE (self->editor_button),
                                  GTK_ACCESSIBLE_PROPERTY_LABEL, _("Choose the Editor"), -1);
  gtk_menu_button_set_create_popup_func (GTK_MENU_BUTTON (self->editor_button),
                                         fill_editor_menu, NULL, NULL);
  fill_editor_menu (GTK_MENU_BUTTON (self->editor_button), NULL);
  if (settings != NULL)
    {
      g_autoptr (GAction) action = g_settings_create_action (settings, "editor");

      g_action_map_add_action (G_ACTION_MAP (group), action);
    }
  gtk_widget_insert_action_group (GTK_WIDGET (self), "source", G_ACTION_GROUP (group));
  /* a Flatpak build opens the portal's default application whatever the setting says */
  gtk_widget_set_visible (self->editor_button, !g_file_test ("/.flatpak-info", G_FILE_TEST_EXISTS));
  return self->editor_button;
}

static GtkWidget *
make_header (HearthSourcePane *self)
{
  GtkWidget *buttons = gtk_box_new (GTK_ORIENTATION_HORIZONTAL, 0);
  GtkWidget *header = gtk_box_new (GTK_ORIENTATION_HORIZONTAL, 6);

  self->title = gtk_label_new (NULL);
  gtk_label_set_xalign (GTK_LABEL (self->title), 0);
  gtk_label_set_ellipsize (GTK_LABEL (self->title), PANGO_ELLIPSIZE_MIDDLE);
  gtk_widget_set_hexpand (self->title, TRUE);
  gtk_widget_add_css_class (self->title, "heading");
  self->open_button = gtk_button_new_with_mnemonic (_("Open in _Editor"));
  gtk_widget_set_tooltip_text (self->open_button,
                               _("Open the file at this line in the editor chosen in the menu "
                                 "beside it (the default application when it is not installed)"));
  g_signal_connect_swapped (self->open_button, "clicked", G_CALLBACK (open_in_editor), self);
  gtk_box_append (GTK_BOX (header), self->title);
  gtk_widget_add_css_class (buttons, "linked");
  gtk_box_append (GTK_BOX (buttons), self->open_button);
  gtk_box_append (GTK_BOX (buttons), make_editor_button (self));
  gtk_box_append (GTK_BOX (header), buttons);
  gtk_widget_set_margin_start (header, 6);
  gtk_widget_set_margin_end (header, 6);
  gtk_widget_set_margin_top (header, 6);
  gtk_widget_set_margin_bottom (header, 6);
  return header;
}

static void
hearth_source_pane_init (HearthSourcePane *self)
{
  GtkWidget *scroller = gtk_scrolled_window_new ();

  self->view = gtk_text_view_new ();
  gtk_text_view_set_editable (GTK_TEXT_VIEW (self->view), FALSE);
  gtk_text_view_set_cursor_visible (GTK_TEXT_VIEW (self->view), FALSE);
  gtk_text_view_set_monospace (GTK_TEXT_VIEW (self->view), TRUE);
  gtk_text_view_set_left_margin (GTK_TEXT_VIEW (self->view), 4);
  gtk_accessible_update_property (GTK_ACCESSIBLE (self->view), GTK_ACCESSIBLE_PROPERTY_LABEL,
                                  _("Source of the selected function"), -1);
  make_tags (self);
  gtk_scrolled_window_set_child (GTK_SCROLLED_WINDOW (scroller), self->view);

  self->message = gtk_label_new (NULL);
  gtk_label_set_wrap (GTK_LABEL (self->message), TRUE);
  gtk_label_set_justify (GTK_LABEL (self->message), GTK_JUSTIFY_CENTER);
  gtk_label_set_max_width_chars (GTK_LABEL (self->message), 40);
  gtk_widget_add_css_class (self->message, "dim-label");
  gtk_widget_set_margin_start (self->message, 12);
  gtk_widget_set_margin_end (self->message, 12);

  self->stack = gtk_stack_new ();
  gtk_stack_add_child (GTK_STACK (self->stack), self->message);
  gtk_stack_add_child (GTK_STACK (self->stack), scroller);
  gtk_widget_set_vexpand (self->stack, TRUE);

  gtk_widget_set_parent (make_header (self), GTK_WIDGET (self));
  gtk_widget_set_parent (self->stack, GTK_WIDGET (self));
  show_message (self, _("Select a bar to see its function’s source"));
}

GtkWidget *
hearth_source_pane_new (void)
{
  return g_object_new (HEARTH_TYPE_SOURCE_PANE, NULL);
}

/**
 * hearth_source_pane_get_view:
 * @self: a #HearthSourcePane
 *
 * Returns: (transfer none): the text view of the lines
 */
GtkTextView *
hearth_source_pane_get_view (HearthSourcePane *self)
{
  g_return_val_if_fail (HEARTH_IS_SOURCE_PANE (self), NULL);
  return GTK_TEXT_VIEW (self->view);
}

/**
 * hearth_source_pane_get_message:
 * @self: a #HearthSourcePane
 *
 * Returns: (nullable): the message shown instead of the lines, %NULL when lines are shown
 */
const char *
hearth_source_pane_get_message (HearthSourcePane *self)
{
  g_return_val_if_fail (HEARTH_IS_SOURCE_PANE (self), NULL);
  if (gtk_stack_get_visible_child (GTK_STACK (self->stack)) != self->message)
    return NULL;
  return gtk_label_get_text (GTK_LABEL (self->message));
}

/**
 * hearth_source_pane_get_path:
 * @self: a #HearthSourcePane
 *
 * Returns: (nullable): the file shown, as found
 */
const char *
hearth_source_pane_get_path (HearthSourcePane *self)
{
  g_return_val_if_fail (HEARTH_IS_SOURCE_PANE (self), NULL);
  return self->path;
}

/**
 * hearth_source_pane_get_line:
 * @self: a #HearthSourcePane
 *
 * Returns: the line marked (and given to the editor), 0 when none
 */
guint
hearth_source_pane_get_line (HearthSourcePane *self)
{
  g_return_val_if_fail (HEARTH_IS_SOURCE_PANE (self), 0);
  return self->line;
}
