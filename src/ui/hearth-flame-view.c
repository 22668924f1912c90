/* hearth-flame-view.c
 *
 * Copyright 2026 The Hearth authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#define G_LOG_DOMAIN "hearth-flame-view"

#include "hearth-flame-view-private.h"

#include <glib/gi18n.h>
#include <math.h>

/**
 * HearthFlameView:
 *
 * Draws the session's call tree through #HearthFlameRenderer, the same code the exports use,
 * and turns pointer and keys into changes of the session (selection, zoom, root) and of its
 * own visible range. The tree keeps geometry in the profile's unit; the view keeps the
 * visible range and converts to pixels through the renderer.
 *
 * The graph is recorded once into a render node and reused until the size, the range, the
 * tree, the search, the selection or the style changes; hover is drawn on top of it. Trees
 * taller than a few screens are recorded a band at a time around what the scrolled window
 * shows, so the cost of a frame follows the screen, not the tree.
 *
 * In a comparison the view shows one of two runs (hearth_flame_view_set_compare()): its
 * renderer knows both, so the two views stacked in a compare window draw the same seconds
 * per pixel and the second run in differential colours. The visible range is then counted
 * on the comparison's axis (the first run's unit), shared by both views.
 *
 * This file holds the geometry, hit-testing, the reactions to the session and the GObject;
 * the rest sits beside it, sharing the struct through hearth-flame-view-private.h: the
 * visible range and its animation (-zoom.c), drawing (-snapshot.c), tooltips (-tooltip.c),
 * the flame.* actions and the context menu (-actions.c), pointer, gestures and keys
 * (-input.c), and the scrolled window around the view (-scrolling.c).
 */

#define MARGIN            6.0      /* pixels around the graph and its axis */

/* from GTK 4.10 the view lists its visible bars as accessible children */
G_GNUC_BEGIN_IGNORE_DEPRECATIONS
G_DEFINE_FINAL_TYPE_WITH_CODE (HearthFlameView, hearth_flame_view, GTK_TYPE_WIDGET,
                               HEARTH_FLAME_VIEW_IMPLEMENT_ACCESSIBLE)
G_GNUC_END_IGNORE_DEPRECATIONS

enum
{
  PROP_0,
  PROP_SESSION,
  PROP_ICICLE,
  PROP_HOVER,
  N_PROPS
};

static GParamSpec *properties[N_PROPS];
guint _hearth_flame_view_signals[N_SIGNALS];

/* Geometry ---------------------------------------------------------------------------------- */

HearthCallTree *
_hearth_flame_view_get_tree (HearthFlameView *self)
{
  return self->session != NULL ? hearth_session_get_tree (self->session) : NULL;
}

guint
_hearth_flame_view_n_nodes (HearthFlameView *self)
{
  HearthCallTree *tree = _hearth_flame_view_get_tree (self);

  return tree != NULL ? hearth_call_tree_get_n_nodes (tree) : 0;
}

const HearthNode *
_hearth_flame_view_get_node (HearthFlameView *self,
                             gint             node)
{
  if (node < 0 || (guint) node >= _hearth_flame_view_n_nodes (self))
    return NULL;
  return hearth_call_tree_get_node (_hearth_flame_view_get_tree (self), node);
}

static double
run_total (HearthFlameView *self)
{
  HearthCallTree *tree = _hearth_flame_view_get_tree (self);
  double total = tree != NULL && _hearth_flame_view_n_nodes (self) > 0
                 ? hearth_call_tree_get_total (tree) : 0;

  return total > 0 && isfinite (total) ? total : 1.0;
}

gboolean
_hearth_flame_view_comparing (HearthFlameView *self)
{
  return self->peer != NULL && hearth_flame_renderer_get_n_runs (self->renderer) == 2;
}

double
_hearth_flame_view_compared_total (HearthFlameView *self,
                                   guint            run)
{
  double total = hearth_call_tree_get_total (hearth_flame_renderer_get_tree (self->renderer, run));

  return total > 0 && isfinite (total) ? total : 1.0;
}

/* Whether both runs of a comparison are drawn to one scale; else each to the full width. */
static gboolean
shared_axis (HearthFlameView *self)
{
  HearthCallTree *before = hearth_flame_renderer_get_tree (self->renderer, 0);
  HearthCallTree *after = hearth_flame_renderer_get_tree (self->renderer, 1);

  return !self->normalized &&
         hearth_profile_get_unit (hearth_call_tree_get_profile (before)) ==
         hearth_profile_get_unit (hearth_call_tree_get_profile (after));
}

/* The extent of the visible range: the run, or in a comparison the axis both views share
 * (the longer run, or the first when each run is drawn to its own width). */
double
_hearth_flame_view_axis_total (HearthFlameView *self)
{
  if (!_hearth_flame_view_comparing (self))
    return run_total (self);
  if (!shared_axis (self))
    return _hearth_flame_view_compared_total (self, 0);
  return MAX (_hearth_flame_view_compared_total (self, 0),
              _hearth_flame_view_compared_total (self, 1));
}

/* How many of the session's units make one unit of the axis. */
double
_hearth_flame_view_axis_ratio (HearthFlameView *self)
{
  if (!_hearth_flame_view_comparing (self) || self->run == 0 || shared_axis (self))
    return 1.0;
  return _hearth_flame_view_compared_total (self, 1) / _hearth_flame_view_compared_total (self, 0);
}

void
_hearth_flame_view_current_viewport (HearthFlameView     *self,
                                     HearthFlameViewport *vp)
{
  *vp = self->viewport;
  vp->width = MAX (1, gtk_widget_get_width (GTK_WIDGET (self)));
  vp->icicle = self->icicle;
  vp->zoom_node = self->session != NULL ? hearth_session_get_zoom (self->session) : -1;
  vp->zoom_run = _hearth_flame_view_comparing (self) ? self->run : 0;
}

double
_hearth_flame_view_content_height (HearthFlameView *self)
{
  HearthFlameViewport vp;

  if (_hearth_flame_view_n_nodes (self) == 0)
    return 0;
  _hearth_flame_view_current_viewport (self, &vp);
  return ceil (hearth_flame_renderer_get_height (self->renderer, &vp));
}

/* The pixel columns the bars take: the renderer leaves the margin free on both sides. */
void
_hearth_flame_view_bars_columns (HearthFlameView *self,
                                 double          *left,
                                 double          *width)
{
  double w = MAX (1, gtk_widget_get_width (GTK_WIDGET (self)));

  *left = MIN (MARGIN, w / 4);
  *width = MAX (1, w - 2 * *left);
}

/* The flame stands on the bottom of the view; an icicle hangs from the top. */
double
_hearth_flame_view_offset_for_height (HearthFlameView *self,
                                      double           height)
{
  if (self->icicle)
    return 0;
  return MAX (0, gtk_widget_get_height (GTK_WIDGET (self)) - height);
}

static double
content_offset (HearthFlameView *self)
{
  if (self->icicle)
    return 0;
  return _hearth_flame_view_offset_for_height (self, _hearth_flame_view_content_height (self));
}

void
_hearth_flame_view_drop_graph (HearthFlameView *self)
{
  g_clear_pointer (&self->graph, gsk_render_node_unref);
  g_clear_pointer (&self->axis, gsk_render_node_unref);
  gtk_widget_queue_draw (GTK_WIDGET (self));
  _hearth_flame_view_queue_bars (self);
}

/* Hit-testing -------------------------------------------------------------------------------- */

/**
 * hearth_flame_view_node_at:
 * @self: a #HearthFlameView
 * @x: a point in widget coordinates
 * @y: a point in widget coordinates
 *
 * Returns: the bar under the point, or -1
 */
gint
hearth_flame_view_node_at (HearthFlameView *self,
                           double           x,
                           double           y)
{
  HearthFlameViewport vp;

  g_return_val_if_fail (HEARTH_IS_FLAME_VIEW (self), -1);

  if (_hearth_flame_view_n_nodes (self) == 0 || (self->pinned_top >= 0 && y >= self->pinned_top))
    return -1;
  _hearth_flame_view_current_viewport (self, &vp);
  return hearth_flame_renderer_node_at (self->renderer, &vp, x, y - content_offset (self), NULL);
}

/* Where @node is drawn with the graph @offset pixels down the widget (a draw knows it). */
gboolean
_hearth_flame_view_node_bounds (HearthFlameView *self,
                                guint            node,
                                double           offset,
                                graphene_rect_t *bounds)
{
  HearthFlameViewport vp;
  cairo_rectangle_t rect;

  _hearth_flame_view_current_viewport (self, &vp);
  if (!hearth_flame_renderer_get_node_rect (self->renderer, &vp,
                                            _hearth_flame_view_comparing (self) ? self->run : 0,
                                            node, &rect))
    return FALSE;
  graphene_rect_init (bounds, rect.x, rect.y + offset, rect.width, rect.height);
  return TRUE;
}

/**
 * hearth_flame_view_get_node_bounds:
 * @self: a #HearthFlameView
 * @node: a bar
 * @bounds: (out caller-allocates): where it is drawn, in widget coordinates
 *
 * Returns: %FALSE when there is no such bar
 */
gboolean
hearth_flame_view_get_node_bounds (HearthFlameView *self,
                                   guint            node,
                                   graphene_rect_t *bounds)
{
  g_return_val_if_fail (HEARTH_IS_FLAME_VIEW (self), FALSE);
  g_return_val_if_fail (bounds != NULL, FALSE);

  return node < _hearth_flame_view_n_nodes (self) &&
         _hearth_flame_view_node_bounds (self, node, content_offset (self), bounds);
}

/**
 * hearth_flame_view_get_axis_shown:
 * @self: a #HearthFlameView
 *
 * Whether the last frame showed the time axis: in its place under the graph, or pinned to
 * the bottom of the view because the graph is scrolled so that its own axis is out of view.
 *
 * Returns: %TRUE when the axis was on screen
 */
gboolean
hearth_flame_view_get_axis_shown (HearthFlameView *self)
{
  HearthFlameViewport vp;
  double top, bottom, value, page, offset;

  g_return_val_if_fail (HEARTH_IS_FLAME_VIEW (self), FALSE);

  if (self->pinned_top >= 0)
    return TRUE;
  _hearth_flame_view_current_viewport (self, &vp);
  if (_hearth_flame_view_n_nodes (self) == 0 ||
      !hearth_flame_renderer_get_axis_extent (self->renderer, &vp, &top, &bottom))
    return FALSE;
  if (self->vadjustment == NULL)
    return TRUE;
  value = gtk_adjustment_get_value (self->vadjustment);
  page = gtk_adjustment_get_page_size (self->vadjustment);
  offset = content_offset (self);
  return top + offset >= value - 0.5 && bottom + offset <= value + page + 0.5;
}

/**
 * hearth_flame_view_get_hover:
 * @self: a #HearthFlameView
 *
 * Returns: the bar under the pointer, or -1
 */
gint
hearth_flame_view_get_hover (HearthFlameView *self)
{
  g_return_val_if_fail (HEARTH_IS_FLAME_VIEW (self), -1);
  return self->hover;
}

void
_hearth_flame_view_set_hover (HearthFlameView *self,
                              gint             node)
{
  if (self->hover == node)
    return;
  self->hover = node;
  gtk_widget_set_cursor_from_name (GTK_WIDGET (self), node >= 0 ? "pointer" : NULL);
  gtk_widget_queue_draw (GTK_WIDGET (self));
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_HOVER]);
}

/* Size and style ----------------------------------------------------------------------------- */

static void
hearth_flame_view_css_changed (GtkWidget         *widget,
                               GtkCssStyleChange *change)
{
  GTK_WIDGET_CLASS (hearth_flame_view_parent_class)->css_changed (widget, change);
  _hearth_flame_view_update_style (HEARTH_FLAME_VIEW (widget));
}

static void
hearth_flame_view_measure (GtkWidget      *widget,
                           GtkOrientation  orientation,
                           int             for_size,
                           int            *minimum,
                           int            *natural,
                           int            *minimum_baseline,
                           int            *natural_baseline)
{
  HearthFlameView *self = HEARTH_FLAME_VIEW (widget);

  if (orientation == GTK_ORIENTATION_HORIZONTAL)
    {
      *minimum = 160;
      *natural = 640;
    }
  else
    *minimum = *natural = (int) _hearth_flame_view_content_height (self);
}

static void
hearth_flame_view_size_allocate (GtkWidget *widget,
                                 int        width,
                                 int        height,
                                 int        baseline)
{
  HearthFlameView *self = HEARTH_FLAME_VIEW (widget);

  if (self->graph != NULL && self->graph_width != width)
    {
      g_clear_pointer (&self->graph, gsk_render_node_unref);
      g_clear_pointer (&self->axis, gsk_render_node_unref);
      _hearth_flame_view_queue_bars (self);
    }
  if (self->menu != NULL)
    gtk_popover_present (GTK_POPOVER (self->menu));
}

/* Session ------------------------------------------------------------------------------------ */

static void
reveal_node (HearthFlameView *self,
             gint             node)
{
  const HearthNode *n = _hearth_flame_view_get_node (self, node);
  double span = self->target_end - self->target_start;
  double left, width;
  graphene_rect_t bounds;

  if (n == NULL)
    return;
  _hearth_flame_view_node_extent (self, n, &left, &width);
  if (left < self->target_start || left + width > self->target_end)
    {
      if (width <= span)
        {
          double start = left + width / 2 - span / 2;

          hearth_flame_view_set_visible_range (self, start, start + span, TRUE);
        }
      else
        hearth_flame_view_set_visible_range (self, left, left + width, TRUE);
    }
  if (self->vadjustment != NULL && hearth_flame_view_get_node_bounds (self, node, &bounds))
    gtk_adjustment_clamp_page (self->vadjustment, bounds.origin.y - 4,
                               bounds.origin.y + bounds.size.height + 4);
}

/* One run, or in a comparison both (the view's own run drawn only) once both are laid out. */
static void
set_renderer_trees (HearthFlameView *self)
{
  HearthCallTree *tree = _hearth_flame_view_get_tree (self);
  HearthCallTree *other = self->peer != NULL ? hearth_session_get_tree (self->peer) : NULL;

  if (tree != NULL && other != NULL)
    {
      HearthSession *before = self->run == 0 ? self->session : self->peer;
      HearthSession *after = self->run == 0 ? self->peer : self->session;

      hearth_flame_renderer_set_compare (self->renderer,
                                         hearth_session_get_tree (before),
                                         hearth_session_get_names (before),
                                         hearth_session_get_tree (after),
                                         hearth_session_get_names (after));
      hearth_flame_renderer_set_shown_run (self->renderer, (gint) self->run);
      hearth_flame_renderer_set_normalized (self->renderer, self->normalized);
    }
  else
    {
      hearth_flame_renderer_set_tree (self->renderer, tree,
                                      tree != NULL ? hearth_session_get_names (self->session)
                                                   : NULL);
      hearth_flame_renderer_set_shown_run (self->renderer, -1);
      /* merged runs: the noisy bars' whiskers */
      hearth_flame_renderer_set_spread (self->renderer,
                                        tree != NULL ? hearth_session_get_spread (self->session)
                                                     : NULL);
    }
  hearth_flame_renderer_set_selected (self->renderer,
                                      _hearth_flame_view_comparing (self) ? self->run : 0,
                                      hearth_session_get_selected (self->session));
}

static void
on_tree_changed (HearthFlameView *self)
{
  HearthCallTree *tree = _hearth_flame_view_get_tree (self);

  set_renderer_trees (self);
  self->tree_set_at = tree != NULL ? g_get_monotonic_time () : 0;
  self->linked = -1;
  g_clear_pointer (&self->marked, g_array_unref);
  self->hover = -1;
  self->menu_node = -1;
  _hearth_flame_view_stop_animation (self);
  self->viewport.x_start = self->viewport.x_end = 0;
  _hearth_flame_view_show_zoom_node (self, FALSE);
  _hearth_flame_view_drop_graph (self);
  gtk_widget_queue_resize (GTK_WIDGET (self));
  _hearth_flame_view_show_root (self);
  _hearth_flame_view_update_description (self);
}

static void
on_selected_changed (HearthFlameView *self)
{
  gint node = hearth_session_get_selected (self->session);

  hearth_flame_renderer_set_selected (self->renderer,
                                      _hearth_flame_view_comparing (self) ? self->run : 0, node);
  _hearth_flame_view_drop_graph (self);
  if (node >= 0)
    reveal_node (self, node);
  _hearth_flame_view_update_description (self);
}

static void
on_zoom_changed (HearthFlameView *self)
{
  _hearth_flame_view_show_zoom_node (self, TRUE);
  _hearth_flame_view_drop_graph (self);
  _hearth_flame_view_update_description (self);
}

static void
on_search_changed (HearthFlameView *self)
{
  HearthSearchHits *hits = hearth_session_ref_search_hits (self->session);

  if (hits != NULL)
    hearth_flame_renderer_set_match (self->renderer, hearth_search_hits_match, hits,
                                     hearth_search_hits_unref);
  else
    hearth_flame_renderer_set_match (self->renderer, NULL, NULL, NULL);
  _hearth_flame_view_drop_graph (self);
  _hearth_flame_view_update_description (self);
}

static void
on_session_bound (HearthFlameView *self)
{
  on_tree_changed (self);
  on_search_changed (self);
}

/* Map and unmap ------------------------------------------------------------------------------ */

static void
hearth_flame_view_map (GtkWidget *widget)
{
  HearthFlameView *self = HEARTH_FLAME_VIEW (widget);

  GTK_WIDGET_CLASS (hearth_flame_view_parent_class)->map (widget);

  _hearth_flame_view_attach_scrolled_window (self);
  _hearth_flame_view_update_style (self);
}

static void
hearth_flame_view_unmap (GtkWidget *widget)
{
  HearthFlameView *self = HEARTH_FLAME_VIEW (widget);

  _hearth_flame_view_detach_scrolled_window (self);
  _hearth_flame_view_stop_animation (self);
  if (self->target_start != self->viewport.x_start || self->target_end != self->viewport.x_end)
    _hearth_flame_view_apply_range (self, self->target_start, self->target_end);

  GTK_WIDGET_CLASS (hearth_flame_view_parent_class)->unmap (widget);
}

/* GObject ------------------------------------------------------------------------------------ */

static void
hearth_flame_view_dispose (GObject *object)
{
  HearthFlameView *self = HEARTH_FLAME_VIEW (object);

  _hearth_flame_view_stop_animation (self);
  _hearth_flame_view_clear_bars (self);
  g_clear_pointer (&self->menu, gtk_widget_unparent);
  if (self->session_signals != NULL)
    g_signal_group_set_target (self->session_signals, NULL);
  g_clear_object (&self->session_signals);
  g_clear_object (&self->session);
  if (self->peer_signals != NULL)
    g_signal_group_set_target (self->peer_signals, NULL);
  g_clear_object (&self->peer_signals);
  g_clear_object (&self->peer);
  g_clear_pointer (&self->graph, gsk_render_node_unref);
  g_clear_pointer (&self->axis, gsk_render_node_unref);
  g_clear_object (&self->renderer);

  G_OBJECT_CLASS (hearth_flame_view_parent_class)->dispose (object);
}

static void
hearth_flame_view_finalize (GObject *object)
{
  HearthFlameView *self = HEARTH_FLAME_VIEW (object);

  g_clear_pointer (&self->font, pango_font_description_free);
  g_clear_pointer (&self->marked, g_array_unref);

  G_OBJECT_CLASS (hearth_flame_view_parent_class)->finalize (object);
}

static void
hearth_flame_view_get_property (GObject    *object,
                                guint       prop_id,
                                GValue     *value,
                                GParamSpec *pspec)
{
  HearthFlameView *self = HEARTH_FLAME_VIEW (object);

  switch (prop_id)
    {
    case PROP_SESSION:
      g_value_set_object (value, self->session);
      break;
    case PROP_ICICLE:
      g_value_set_boolean (value, self->icicle);
      break;
    case PROP_HOVER:
      g_value_set_int (value, self->hover);
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
hearth_flame_view_set_property (GObject      *object,
                                guint         prop_id,
                                const GValue *value,
                                GParamSpec   *pspec)
{
  HearthFlameView *self = HEARTH_FLAME_VIEW (object);

  switch (prop_id)
    {
    case PROP_SESSION:
      hearth_flame_view_set_session (self, g_value_get_object (value));
      break;
    case PROP_ICICLE:
      hearth_flame_view_set_icicle (self, g_value_get_boolean (value));
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
hearth_flame_view_class_init (HearthFlameViewClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  object_class->dispose = hearth_flame_view_dispose;
  object_class->finalize = hearth_flame_view_finalize;
  object_class->get_property = hearth_flame_view_get_property;
  object_class->set_property = hearth_flame_view_set_property;

  widget_class->snapshot = _hearth_flame_view_snapshot;
  widget_class->measure = hearth_flame_view_measure;
  widget_class->size_allocate = hearth_flame_view_size_allocate;
  widget_class->query_tooltip = _hearth_flame_view_query_tooltip;
  widget_class->css_changed = hearth_flame_view_css_changed;
  widget_class->map = hearth_flame_view_map;
  widget_class->unmap = hearth_flame_view_unmap;

  /** HearthFlameView:session: the state the view shows and changes */
  properties[PROP_SESSION] =
    g_param_spec_object ("session", NULL, NULL, HEARTH_TYPE_SESSION,
                         G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  /** HearthFlameView:icicle: the root at the top instead of the bottom */
  properties[PROP_ICICLE] =
    g_param_spec_boolean ("icicle", NULL, NULL, FALSE,
                          G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  /** HearthFlameView:hover: the bar under the pointer, or -1 */
  properties[PROP_HOVER] =
    g_param_spec_int ("hover", NULL, NULL, -1, G_MAXINT, -1,
                      G_PARAM_READABLE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  g_object_class_install_properties (object_class, N_PROPS, properties);

  /**
   * HearthFlameView::show-callers:
   * @self: the view
   * @node: the bar
   *
   * The user asked to see who calls the function of @node (it is selected already).
   */
  _hearth_flame_view_signals[SHOW_CALLERS] =
    g_signal_new ("show-callers", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST, 0, NULL, NULL,
                  NULL, G_TYPE_NONE, 1, G_TYPE_INT);
  /**
   * HearthFlameView::show-sandwich:
   * @self: the view
   * @node: the bar
   *
   * The user asked for the sandwich of the function of @node (it is selected already).
   */
  _hearth_flame_view_signals[SHOW_SANDWICH] =
    g_signal_new ("show-sandwich", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST, 0, NULL, NULL,
                  NULL, G_TYPE_NONE, 1, G_TYPE_INT);
  /**
   * HearthFlameView::visible-range-changed:
   * @self: the view
   *
   * The visible range moved: zoom, pan, or a step of their animation.
   */
  _hearth_flame_view_signals[RANGE_CHANGED] =
    g_signal_new ("visible-range-changed", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST, 0,
                  NULL, NULL, NULL, G_TYPE_NONE, 0);

  _hearth_flame_view_class_install_actions (widget_class);
  _hearth_flame_view_class_add_bindings (widget_class);

  gtk_widget_class_set_css_name (widget_class, "flameview");
  gtk_widget_class_set_accessible_role (widget_class, HEARTH_FLAME_VIEW_ROLE);
}

static void
hearth_flame_view_init (HearthFlameView *self)
{
  self->renderer = hearth_flame_renderer_new ();
  hearth_flame_renderer_set_decorations (self->renderer, HEARTH_FLAME_DECORATION_AXIS);
  hearth_flame_renderer_set_margin (self->renderer, MARGIN);
  self->viewport = (HearthFlameViewport) HEARTH_FLAME_VIEWPORT_INIT;
  self->hover = -1;
  self->linked = -1;
  self->menu_node = -1;
  self->pinned_top = -1;

  gtk_widget_set_focusable (GTK_WIDGET (self), TRUE);
  gtk_widget_set_has_tooltip (GTK_WIDGET (self), TRUE);
  gtk_widget_add_css_class (GTK_WIDGET (self), "view");
  gtk_accessible_update_property (GTK_ACCESSIBLE (self), GTK_ACCESSIBLE_PROPERTY_LABEL,
                                  _("Flame graph"), -1);

  _hearth_flame_view_init_input (self);

  self->session_signals = g_signal_group_new (HEARTH_TYPE_SESSION);
  g_signal_group_connect_swapped (self->session_signals, "notify::tree",
                                  G_CALLBACK (on_tree_changed), self);
  g_signal_group_connect_swapped (self->session_signals, "notify::selected",
                                  G_CALLBACK (on_selected_changed), self);
  g_signal_group_connect_swapped (self->session_signals, "notify::zoom",
                                  G_CALLBACK (on_zoom_changed), self);
  g_signal_group_connect_swapped (self->session_signals, "notify::match-total",
                                  G_CALLBACK (on_search_changed), self);
  g_signal_group_connect_swapped (self->session_signals, "notify::search-text",
                                  G_CALLBACK (on_search_changed), self);
  g_signal_group_connect_swapped (self->session_signals, "notify::has-range",
                                  G_CALLBACK (gtk_widget_queue_draw), self);
}

/**
 * hearth_flame_view_new:
 *
 * Returns: (transfer floating): a flame view without a session
 */
GtkWidget *
hearth_flame_view_new (void)
{
  return g_object_new (HEARTH_TYPE_FLAME_VIEW, NULL);
}

/**
 * hearth_flame_view_get_session:
 * @self: a #HearthFlameView
 *
 * Returns: (transfer none) (nullable): the session shown
 */
HearthSession *
hearth_flame_view_get_session (HearthFlameView *self)
{
  g_return_val_if_fail (HEARTH_IS_FLAME_VIEW (self), NULL);
  return self->session;
}

/**
 * hearth_flame_view_set_session:
 * @self: a #HearthFlameView
 * @session: (nullable): the session to show
 */
void
hearth_flame_view_set_session (HearthFlameView *self,
                               HearthSession   *session)
{
  g_return_if_fail (HEARTH_IS_FLAME_VIEW (self));
  g_return_if_fail (session == NULL || HEARTH_IS_SESSION (session));

  if (!g_set_object (&self->session, session))
    return;
  g_signal_group_set_target (self->session_signals, session);
  if (session != NULL)
    on_session_bound (self);
  else
    {
      hearth_flame_renderer_set_tree (self->renderer, NULL, NULL);
      _hearth_flame_view_drop_graph (self);
      gtk_widget_queue_resize (GTK_WIDGET (self));
    }
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_SESSION]);
}

/**
 * hearth_flame_view_get_icicle:
 * @self: a #HearthFlameView
 *
 * Returns: whether the root is drawn at the top
 */
gboolean
hearth_flame_view_get_icicle (HearthFlameView *self)
{
  g_return_val_if_fail (HEARTH_IS_FLAME_VIEW (self), FALSE);
  return self->icicle;
}

/**
 * hearth_flame_view_set_icicle:
 * @self: a #HearthFlameView
 * @icicle: draw the root at the top
 */
void
hearth_flame_view_set_icicle (HearthFlameView *self,
                              gboolean         icicle)
{
  g_return_if_fail (HEARTH_IS_FLAME_VIEW (self));

  icicle = !!icicle;
  if (self->icicle == icicle)
    return;
  self->icicle = icicle;
  _hearth_flame_view_drop_graph (self);
  gtk_widget_queue_resize (GTK_WIDGET (self));
  _hearth_flame_view_show_root (self);
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_ICICLE]);
}

/**
 * hearth_flame_view_get_renderer:
 * @self: a #HearthFlameView
 *
 * Returns: (transfer none): the renderer the view draws with
 */
HearthFlameRenderer *
hearth_flame_view_get_renderer (HearthFlameView *self)
{
  g_return_val_if_fail (HEARTH_IS_FLAME_VIEW (self), NULL);
  return self->renderer;
}

/**
 * hearth_flame_view_set_compare:
 * @self: a #HearthFlameView
 * @peer: (nullable): the session of the other run, or %NULL to show the view's run alone
 * @run: which run the view's own session is: 0 (before) or 1 (after)
 *
 * Makes the view one of two in a comparison: it draws its own run laid out as both runs
 * are (one time axis, the second run in differential colours), and counts its visible range
 * on that shared axis so that two views show the same range with the same values.
 */
void
hearth_flame_view_set_compare (HearthFlameView *self,
                               HearthSession   *peer,
                               guint            run)
{
  g_return_if_fail (HEARTH_IS_FLAME_VIEW (self));
  g_return_if_fail (peer == NULL || HEARTH_IS_SESSION (peer));
  g_return_if_fail (run < 2);

  if (self->peer_signals == NULL)
    {
      self->peer_signals = g_signal_group_new (HEARTH_TYPE_SESSION);
      g_signal_group_connect_swapped (self->peer_signals, "notify::tree",
                                      G_CALLBACK (on_tree_changed), self);
    }
  g_set_object (&self->peer, peer);
  self->run = peer != NULL ? run : 0;
  g_signal_group_set_target (self->peer_signals, peer);
  if (self->session != NULL)
    on_tree_changed (self);
}

/**
 * hearth_flame_view_set_normalized:
 * @self: a #HearthFlameView
 * @normalized: in a comparison, draw each run to its own full width instead of one time
 *   axis
 */
void
hearth_flame_view_set_normalized (HearthFlameView *self,
                                  gboolean         normalized)
{
  g_return_if_fail (HEARTH_IS_FLAME_VIEW (self));

  normalized = !!normalized;
  if (self->normalized == normalized)
    return;
  self->normalized = normalized;
  hearth_flame_renderer_set_normalized (self->renderer, normalized);
  _hearth_flame_view_stop_animation (self);
  if (self->session != NULL)
    _hearth_flame_view_show_zoom_node (self, FALSE);
  _hearth_flame_view_drop_graph (self);
}

/**
 * hearth_flame_view_set_linked:
 * @self: a #HearthFlameView
 * @node: a bar to outline, or -1
 *
 * Outlines a bar that another view points at: in a comparison, the bar of the chain under
 * the pointer in the other run.
 */
void
hearth_flame_view_set_linked (HearthFlameView *self,
                              gint             node)
{
  g_return_if_fail (HEARTH_IS_FLAME_VIEW (self));

  if (node >= 0 && (guint) node >= _hearth_flame_view_n_nodes (self))
    node = -1;
  if (self->linked == node)
    return;
  self->linked = node;
  gtk_widget_queue_draw (GTK_WIDGET (self));
}

/**
 * hearth_flame_view_set_marked:
 * @self: a #HearthFlameView
 * @nodes: (array length=n_nodes) (nullable): bars to outline
 * @n_nodes: how many
 *
 * Outlines every bar of a function picked elsewhere (the Functions table), over the graph
 * as drawn, so that the search's marks stay as they are.
 */
void
hearth_flame_view_set_marked (HearthFlameView *self,
                              const guint     *nodes,
                              guint            n_nodes)
{
  g_return_if_fail (HEARTH_IS_FLAME_VIEW (self));

  g_clear_pointer (&self->marked, g_array_unref);
  if (n_nodes > 0)
    {
      self->marked = g_array_sized_new (FALSE, FALSE, sizeof (guint), n_nodes);
      g_array_append_vals (self->marked, nodes, n_nodes);
    }
  gtk_widget_queue_draw (GTK_WIDGET (self));
}

/**
 * hearth_flame_view_get_n_marked:
 * @self: a #HearthFlameView
 *
 * Returns: how many bars hearth_flame_view_set_marked() outlines
 */
guint
hearth_flame_view_get_n_marked (HearthFlameView *self)
{
  g_return_val_if_fail (HEARTH_IS_FLAME_VIEW (self), 0);
  return self->marked != NULL ? self->marked->len : 0;
}
