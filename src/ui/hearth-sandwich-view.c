/* hearth-sandwich-view.c: one function's sandwich in the window, with a way back.
 *
 * Copyright 2026 The Hearth authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#define G_LOG_DOMAIN "hearth-sandwich-view"

#include "hearth-sandwich-view.h"

#include <glib/gi18n.h>
#include <math.h>

#include "hearth-gtk-compat.h"

/* A header ("Sandwich of NAME — TIME" and a Back button) over a scrolled canvas that draws
 * hearth_sandwich_render_build_scene(), the layout the export draws: the callees' flame above
 * the function's row, the callers' icicle below it. Clicking a caller or callee moves the
 * sandwich to that function; Back returns to the one before, and from the first one it
 * emits ::closed so that the window shows the graph again. */

struct _HearthSandwichView
{
  GtkWidget             parent_instance;

  GtkWidget            *header;
  GtkWidget            *back;
  GtkWidget            *title;
  GtkWidget            *scroller;
  GtkWidget            *canvas;

  HearthProfile        *profile;
  HearthNames          *names;
  HearthCallTreeOptions options;
  HearthSandwichRender *render;
  GArray               *history;  /* guint: the functions before this one */
  gint                  function;
};

enum
{
  PROP_0,
  PROP_FUNCTION,
  N_PROPS
};

enum
{
  CLOSED,
  N_SIGNALS
};

static GParamSpec *properties[N_PROPS];
static guint signals[N_SIGNALS];

G_DEFINE_FINAL_TYPE (HearthSandwichView, hearth_sandwich_view, GTK_TYPE_WIDGET)

static double
canvas_width (HearthSandwichView *self)
{
  return MAX (1, gtk_widget_get_width (self->canvas));
}

static void
update_height (HearthSandwichView *self)
{
  int height = 0;

  if (self->render != NULL)
    height = (int) ceil (hearth_sandwich_render_get_height (self->render, canvas_width (self)));
  gtk_drawing_area_set_content_height (GTK_DRAWING_AREA (self->canvas), height);
  gtk_widget_queue_draw (self->canvas);
}

static void
draw_canvas (GtkDrawingArea *area,
             cairo_t        *cr,
             int             width,
             int             height,
             gpointer        user_data)
{
  HearthSandwichView *self = user_data;

  if (self->render != NULL)
    hearth_scene_paint (hearth_sandwich_render_build_scene (self->render, cr, width, FALSE), cr);
}

/* The window's palette and font, as the graph beside it has them. */
static void
style_render (HearthSandwichView *self)
{
  const PangoFontDescription *font =
    pango_context_get_font_description (gtk_widget_get_pango_context (GTK_WIDGET (self)));
  gboolean dark = hearth_widget_is_dark (GTK_WIDGET (self));

  for (guint p = HEARTH_SANDWICH_CALLEES; p <= HEARTH_SANDWICH_CALLERS; p++)
    {
      HearthFlameRenderer *renderer = hearth_sandwich_render_get_renderer (self->render, p);

      hearth_flame_renderer_set_dark (renderer, dark);
      hearth_flame_renderer_set_font (renderer, font);
    }
}

/* Shows @function's sandwich without touching the history. */
static gboolean
show_function (HearthSandwichView *self,
               guint               function)
{
  g_autoptr (HearthSandwich) sandwich = NULL;
  g_autoptr (GError) error = NULL;
  g_autofree char *title = NULL;

  sandwich = hearth_sandwich_new (self->profile, function, &self->options, &error);
  if (sandwich == NULL)
    {
      g_warning ("no sandwich of function %u: %s", function, error->message);
      return FALSE;
    }
  g_clear_object (&self->render);
  self->render = hearth_sandwich_render_new (sandwich, self->names);
  style_render (self);
  /* the function's row outlined, where the two halves meet */
  hearth_flame_renderer_set_selected (
    hearth_sandwich_render_get_renderer (self->render, HEARTH_SANDWICH_CALLEES), 0, 0);
  self->function = (gint) function;
  title = hearth_sandwich_render_dup_title (self->render);
  gtk_label_set_text (GTK_LABEL (self->title), title);
  gtk_widget_set_tooltip_text (self->back, self->history->len > 0
                                           ? _("Back to the sandwich before")
                                           : _("Back to the flame graph"));
  update_height (self);
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_FUNCTION]);
  return TRUE;
}

/**
 * hearth_sandwich_view_open:
 * @self: a #HearthSandwichView
 * @profile: the profile
 * @names: (nullable): its labels and categories
 * @options: (nullable): cutoff and repeats of both halves, as the graph's (the root is
 *   ignored); %NULL for the defaults
 * @function: the function
 *
 * Shows @function's sandwich with an empty history (Back closes it).
 *
 * Returns: %FALSE when the sandwich could not be made (the view is unchanged)
 */
gboolean
hearth_sandwich_view_open (HearthSandwichView          *self,
                           HearthProfile               *profile,
                           HearthNames                 *names,
                           const HearthCallTreeOptions *options,
                           guint                        function)
{
  HearthCallTreeOptions defaults = HEARTH_CALL_TREE_OPTIONS_INIT;

  g_return_val_if_fail (HEARTH_IS_SANDWICH_VIEW (self), FALSE);
  g_return_val_if_fail (HEARTH_IS_PROFILE (profile), FALSE);

  if (function >= hearth_profile_get_n_functions (profile))
    return FALSE;
  g_set_object (&self->profile, profile);
  g_set_object (&self->names, names);
  self->options = options != NULL ? *options : defaults;
  g_array_set_size (self->history, 0);
  if (!show_function (self, function))
    return FALSE;
  /* the keys of the view (Escape, Alt+Left) work at once */
  gtk_widget_grab_focus (self->back);
  return TRUE;
}

/**
 * hearth_sandwich_view_move_to:
 * @self: a #HearthSandwichView
 * @function: a function of the same profile
 *
 * Shows @function's sandwich; Back returns to the one shown now.
 */
void
hearth_sandwich_view_move_to (HearthSandwichView *self,
                              guint               function)
{
  guint was;

  g_return_if_fail (HEARTH_IS_SANDWICH_VIEW (self));

  if (self->profile == NULL || self->function < 0 || (gint) function == self->function ||
      function >= hearth_profile_get_n_functions (self->profile))
    return;
  was = (guint) self->function;
  g_array_append_val (self->history, was);
  if (!show_function (self, function))
    g_array_set_size (self->history, self->history->len - 1);
}

/**
 * hearth_sandwich_view_back:
 * @self: a #HearthSandwichView
 *
 * Returns to the sandwich before, or emits ::closed from the first one.
 */
void
hearth_sandwich_view_back (HearthSandwichView *self)
{
  guint function;

  g_return_if_fail (HEARTH_IS_SANDWICH_VIEW (self));

  if (self->history->len == 0)
    {
      g_signal_emit (self, signals[CLOSED], 0);
      return;
    }
  function = g_array_index (self->history, guint, self->history->len - 1);
  g_array_set_size (self->history, self->history->len - 1);
  show_function (self, function);
}

/**
 * hearth_sandwich_view_clear:
 * @self: a #HearthSandwichView
 *
 * Forgets the profile (it was closed or reloaded).
 */
void
hearth_sandwich_view_clear (HearthSandwichView *self)
{
  g_return_if_fail (HEARTH_IS_SANDWICH_VIEW (self));

  g_clear_object (&self->render);
  g_clear_object (&self->profile);
  g_clear_object (&self->names);
  g_array_set_size (self->history, 0);
  self->function = -1;
  gtk_label_set_text (GTK_LABEL (self->title), "");
  update_height (self);
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_FUNCTION]);
}

/**
 * hearth_sandwich_view_get_function:
 * @self: a #HearthSandwichView
 *
 * Returns: the function shown, or -1
 */
gint
hearth_sandwich_view_get_function (HearthSandwichView *self)
{
  g_return_val_if_fail (HEARTH_IS_SANDWICH_VIEW (self), -1);

  return self->function;
}

/**
 * hearth_sandwich_view_get_depth:
 * @self: a #HearthSandwichView
 *
 * Returns: how many sandwiches Back goes through before it closes the view
 */
guint
hearth_sandwich_view_get_depth (HearthSandwichView *self)
{
  g_return_val_if_fail (HEARTH_IS_SANDWICH_VIEW (self), 0);

  return self->history->len;
}

/**
 * hearth_sandwich_view_get_title:
 * @self: a #HearthSandwichView
 *
 * Returns: the header's text
 */
const char *
hearth_sandwich_view_get_title (HearthSandwichView *self)
{
  g_return_val_if_fail (HEARTH_IS_SANDWICH_VIEW (self), NULL);

  return gtk_label_get_text (GTK_LABEL (self->title));
}

/**
 * hearth_sandwich_view_get_render:
 * @self: a #HearthSandwichView
 *
 * Returns: (transfer none) (nullable): what draws the sandwich shown
 */
HearthSandwichRender *
hearth_sandwich_view_get_render (HearthSandwichView *self)
{
  g_return_val_if_fail (HEARTH_IS_SANDWICH_VIEW (self), NULL);

  return self->render;
}

/**
 * hearth_sandwich_view_click:
 * @self: a #HearthSandwichView
 * @x: a point of the canvas
 * @y: a point of the canvas
 *
 * What a click does: a caller's or callee's bar moves the sandwich to its function.
 *
 * Returns: %TRUE when the sandwich moved
 */
gboolean
hearth_sandwich_view_click (HearthSandwichView *self,
                            double              x,
                            double              y)
{
  HearthSandwichPart part;
  HearthSandwich *sandwich;
  HearthCallTree *tree;
  gint node, was;

  g_return_val_if_fail (HEARTH_IS_SANDWICH_VIEW (self), FALSE);

  if (self->render == NULL)
    return FALSE;
  node = hearth_sandwich_render_node_at (self->render, canvas_width (self), x, y, &part);
  if (node <= 0)
    return FALSE;
  sandwich = hearth_sandwich_render_get_sandwich (self->render);
  tree = part == HEARTH_SANDWICH_CALLEES ? hearth_sandwich_get_callees (sandwich)
                                         : hearth_sandwich_get_callers (sandwich);
  was = self->function;
  hearth_sandwich_view_move_to (self, hearth_call_tree_get_node (tree, (guint) node)->function);
  return self->function != was;
}

/**
 * hearth_sandwich_view_dup_tooltip:
 * @self: a #HearthSandwichView
 * @x: a point of the canvas
 * @y: a point of the canvas
 *
 * Returns: (transfer full) (nullable): the tooltip of the bar there
 */
char *
hearth_sandwich_view_dup_tooltip (HearthSandwichView *self,
                                  double              x,
                                  double              y)
{
  g_return_val_if_fail (HEARTH_IS_SANDWICH_VIEW (self), NULL);

  if (self->render == NULL)
    return NULL;
  return hearth_sandwich_render_dup_hover_text (self->render, canvas_width (self), x, y);
}

static void
back_action (GtkWidget  *widget,
             const char *action_name,
             GVariant   *parameter)
{
  hearth_sandwich_view_back (HEARTH_SANDWICH_VIEW (widget));
}

static gboolean
query_tooltip (GtkWidget  *canvas,
               int         x,
               int         y,
               gboolean    keyboard,
               GtkTooltip *tooltip,
               gpointer    user_data)
{
  g_autofree char *text = hearth_sandwich_view_dup_tooltip (user_data, x, y);

  if (text == NULL)
    return FALSE;
  gtk_tooltip_set_text (tooltip, text);
  return TRUE;
}

static void
released (GtkGestureClick *gesture,
          int              n_press,
          double           x,
          double           y,
          gpointer         user_data)
{
  if (n_press == 1)
    hearth_sandwich_view_click (user_data, x, y);
}

static void
canvas_resized (GtkDrawingArea *area,
                int             width,
                int             height,
                gpointer        user_data)
{
  update_height (user_data);
}

/* GObject ---------------------------------------------------------------------------------- */

static void
hearth_sandwich_view_dispose (GObject *object)
{
  HearthSandwichView *self = HEARTH_SANDWICH_VIEW (object);

  g_clear_pointer (&self->header, gtk_widget_unparent);
  g_clear_pointer (&self->scroller, gtk_widget_unparent);
  g_clear_object (&self->render);
  g_clear_object (&self->profile);
  g_clear_object (&self->names);

  G_OBJECT_CLASS (hearth_sandwich_view_parent_class)->dispose (object);
}

static void
hearth_sandwich_view_finalize (GObject *object)
{
  HearthSandwichView *self = HEARTH_SANDWICH_VIEW (object);

  g_array_unref (self->history);

  G_OBJECT_CLASS (hearth_sandwich_view_parent_class)->finalize (object);
}

static void
hearth_sandwich_view_get_property (GObject    *object,
                                   guint       prop_id,
                                   GValue     *value,
                                   GParamSpec *pspec)
{
  HearthSandwichView *self = HEARTH_SANDWICH_VIEW (object);

  switch (prop_id)
    {
    case PROP_FUNCTION:
      g_value_set_int (value, self->function);
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
hearth_sandwich_view_class_init (HearthSandwichViewClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  object_class->dispose = hearth_sandwich_view_dispose;
  object_class->finalize = hearth_sandwich_view_finalize;
  object_class->get_property = hearth_sandwich_view_get_property;

  properties[PROP_FUNCTION] =
    g_param_spec_int ("function", NULL, NULL, -1, G_MAXINT, -1,
                      G_PARAM_READABLE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  g_object_class_install_properties (object_class, N_PROPS, properties);

  /**
   * HearthSandwichView::closed:
   * @self: the view
   *
   * Back was pressed on the first sandwich: the window shows the graph again.
   */
  signals[CLOSED] = g_signal_new ("closed", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST, 0,
                                  NULL, NULL, NULL, G_TYPE_NONE, 0);

  gtk_widget_class_install_action (widget_class, "sandwich.back", NULL, back_action);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_Escape, 0, "sandwich.back", NULL);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_Left, GDK_ALT_MASK, "sandwich.back",
                                       NULL);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_Back, 0, "sandwich.back", NULL);

  gtk_widget_class_set_layout_manager_type (widget_class, GTK_TYPE_BOX_LAYOUT);
  gtk_widget_class_set_css_name (widget_class, "sandwich-view");
}

static void
hearth_sandwich_view_init (HearthSandwichView *self)
{
  GtkGesture *click;

  self->function = -1;
  self->options = (HearthCallTreeOptions) HEARTH_CALL_TREE_OPTIONS_INIT;
  self->history = g_array_new (FALSE, FALSE, sizeof (guint));
  gtk_orientable_set_orientation (GTK_ORIENTABLE (gtk_widget_get_layout_manager (GTK_WIDGET (self))),
                                  GTK_ORIENTATION_VERTICAL);

  self->header = gtk_box_new (GTK_ORIENTATION_HORIZONTAL, 8);
  gtk_widget_set_margin_start (self->header, 6);
  gtk_widget_set_margin_end (self->header, 6);
  gtk_widget_set_margin_top (self->header, 4);
  gtk_widget_set_margin_bottom (self->header, 4);
  self->back = gtk_button_new_with_mnemonic (_("_Back"));
  gtk_actionable_set_action_name (GTK_ACTIONABLE (self->back), "sandwich.back");
  gtk_box_append (GTK_BOX (self->header), self->back);
  self->title = gtk_label_new (NULL);
  gtk_label_set_ellipsize (GTK_LABEL (self->title), PANGO_ELLIPSIZE_MIDDLE);
  gtk_label_set_xalign (GTK_LABEL (self->title), 0);
  gtk_widget_set_hexpand (self->title, TRUE);
  gtk_widget_add_css_class (self->title, "heading");
  gtk_box_append (GTK_BOX (self->header), self->title);
  gtk_widget_set_parent (self->header, GTK_WIDGET (self));

  self->canvas = gtk_drawing_area_new ();
  gtk_widget_set_hexpand (self->canvas, TRUE);
  gtk_drawing_area_set_draw_func (GTK_DRAWING_AREA (self->canvas), draw_canvas, self, NULL);
  g_signal_connect (self->canvas, "resize", G_CALLBACK (canvas_resized), self);
  gtk_widget_set_has_tooltip (self->canvas, TRUE);
  g_signal_connect (self->canvas, "query-tooltip", G_CALLBACK (query_tooltip), self);
  click = gtk_gesture_click_new ();
  g_signal_connect (click, "released", G_CALLBACK (released), self);
  gtk_widget_add_controller (self->canvas, GTK_EVENT_CONTROLLER (click));
  gtk_accessible_update_property (GTK_ACCESSIBLE (self->canvas),
                                  GTK_ACCESSIBLE_PROPERTY_LABEL, _("Sandwich"), -1);

  self->scroller = gtk_scrolled_window_new ();
  gtk_scrolled_window_set_policy (GTK_SCROLLED_WINDOW (self->scroller), GTK_POLICY_NEVER,
                                  GTK_POLICY_AUTOMATIC);
  gtk_widget_set_vexpand (self->scroller, TRUE);
  gtk_scrolled_window_set_child (GTK_SCROLLED_WINDOW (self->scroller), self->canvas);
  gtk_widget_set_parent (self->scroller, GTK_WIDGET (self));
}

/**
 * hearth_sandwich_view_new:
 *
 * Returns: (transfer full): a new, empty #HearthSandwichView
 */
GtkWidget *
hearth_sandwich_view_new (void)
{
  return g_object_new (HEARTH_TYPE_SANDWICH_VIEW, NULL);
}
