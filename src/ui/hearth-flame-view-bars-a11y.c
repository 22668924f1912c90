/* hearth-flame-view-bars-a11y.c: the visible bars of the flame view as its accessible
 * children. From GTK 4.10 an object that is not a widget can implement GtkAccessible: each
 * bar wide enough to carry a label and inside the visible part is a tree item with its name,
 * its level (depth + 1), its share and time as description, its bounds and whether it is
 * selected, so that a screen reader can explore the graph and a magnifier follow it. GTK 4.8
 * has the view's description alone (hearth-flame-view-a11y.c).
 *
 * Copyright 2026 The Hearth authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#define G_LOG_DOMAIN "hearth-flame-view"

#include "hearth-flame-view-private.h"

#include <math.h>

#if !HEARTH_HAVE_ACCESSIBLE_CHILDREN

void
_hearth_flame_view_queue_bars (HearthFlameView *self)
{
}

void
_hearth_flame_view_clear_bars (HearthFlameView *self)
{
}

#else

/* The API level stays at 4.8: the 4.10 interface is used knowingly. */
G_GNUC_BEGIN_IGNORE_DEPRECATIONS

#define MIN_BAR_WIDTH 8.0   /* pixels: narrower bars (and their callees) are no children */
#define MAX_BARS      200   /* the widest ones when more are visible */
#define BARS_DELAY_MS 100   /* after the last change of what is shown, the bars are remade */

#define HEARTH_TYPE_FLAME_BAR (hearth_flame_bar_get_type ())
G_DECLARE_FINAL_TYPE (HearthFlameBar, hearth_flame_bar, HEARTH, FLAME_BAR, GObject)

struct _HearthFlameBar
{
  GObject          parent_instance;

  HearthFlameView *view;        /* not owned: the view drops its bars before it goes */
  guint            node;
  guint            index;       /* in view->bars */
  graphene_rect_t  bounds;      /* in the view's coordinates, clipped to it */
  gboolean         selected;
  char            *description;
  GtkATContext    *context;
};

enum
{
  PROP_0,
  PROP_ACCESSIBLE_ROLE,
};

static void hearth_flame_bar_accessible_init (GtkAccessibleInterface *iface);

G_DEFINE_FINAL_TYPE_WITH_CODE (HearthFlameBar, hearth_flame_bar, G_TYPE_OBJECT,
                               G_IMPLEMENT_INTERFACE (GTK_TYPE_ACCESSIBLE,
                                                      hearth_flame_bar_accessible_init))

static GtkATContext *
bar_get_at_context (GtkAccessible *accessible)
{
  HearthFlameBar *self = HEARTH_FLAME_BAR (accessible);

  if (self->context == NULL && self->view != NULL)
    self->context = gtk_at_context_create (GTK_ACCESSIBLE_ROLE_TREE_ITEM, accessible,
                                           gtk_widget_get_display (GTK_WIDGET (self->view)));
  return self->context != NULL ? g_object_ref (self->context) : NULL;
}

/* The keys move the selection, so the selected bar has the focus while the view has it. */
static gboolean
bar_get_platform_state (GtkAccessible              *accessible,
                        GtkAccessiblePlatformState  state)
{
  HearthFlameBar *self = HEARTH_FLAME_BAR (accessible);

  switch (state)
    {
    case GTK_ACCESSIBLE_PLATFORM_STATE_FOCUSABLE:
      return TRUE;
    case GTK_ACCESSIBLE_PLATFORM_STATE_FOCUSED:
      return self->view != NULL && self->selected &&
             gtk_widget_has_focus (GTK_WIDGET (self->view));
    default:
      return FALSE;
    }
}

static GtkAccessible *
bar_get_accessible_parent (GtkAccessible *accessible)
{
  HearthFlameBar *self = HEARTH_FLAME_BAR (accessible);

  return self->view != NULL ? GTK_ACCESSIBLE (g_object_ref (self->view)) : NULL;
}

static GtkAccessible *
bar_get_first_accessible_child (GtkAccessible *accessible)
{
  return NULL;
}

/* The bars in walk order, then the view's own widgets (its context menu). */
static GtkAccessible *
bar_get_next_accessible_sibling (GtkAccessible *accessible)
{
  HearthFlameBar *self = HEARTH_FLAME_BAR (accessible);
  GPtrArray *bars = self->view != NULL ? self->view->bars : NULL;
  GtkWidget *child;

  if (bars == NULL || self->index >= bars->len || g_ptr_array_index (bars, self->index) != self)
    return NULL;
  if (self->index + 1 < bars->len)
    return GTK_ACCESSIBLE (g_object_ref (g_ptr_array_index (bars, self->index + 1)));
  child = gtk_widget_get_first_child (GTK_WIDGET (self->view));
  return child != NULL ? GTK_ACCESSIBLE (g_object_ref (child)) : NULL;
}

static gboolean
bar_get_bounds (GtkAccessible *accessible,
                int           *x,
                int           *y,
                int           *width,
                int           *height)
{
  HearthFlameBar *self = HEARTH_FLAME_BAR (accessible);

  if (self->view == NULL)
    return FALSE;
  *x = (int) floor (self->bounds.origin.x);
  *y = (int) floor (self->bounds.origin.y);
  *width = (int) ceil (self->bounds.origin.x + self->bounds.size.width) - *x;
  *height = (int) ceil (self->bounds.origin.y + self->bounds.size.height) - *y;
  return TRUE;
}

static void
hearth_flame_bar_accessible_init (GtkAccessibleInterface *iface)
{
  iface->get_at_context = bar_get_at_context;
  iface->get_platform_state = bar_get_platform_state;
  iface->get_accessible_parent = bar_get_accessible_parent;
  iface->get_first_accessible_child = bar_get_first_accessible_child;
  iface->get_next_accessible_sibling = bar_get_next_accessible_sibling;
  iface->get_bounds = bar_get_bounds;
}

static void
hearth_flame_bar_dispose (GObject *object)
{
  HearthFlameBar *self = HEARTH_FLAME_BAR (object);

  /* off the bus now, even if the bus still holds the context */
  if (self->context != NULL)
    g_object_run_dispose (G_OBJECT (self->context));
  g_clear_object (&self->context);
  G_OBJECT_CLASS (hearth_flame_bar_parent_class)->dispose (object);
}

static void
hearth_flame_bar_finalize (GObject *object)
{
  HearthFlameBar *self = HEARTH_FLAME_BAR (object);

  g_free (self->description);
  G_OBJECT_CLASS (hearth_flame_bar_parent_class)->finalize (object);
}

static void
hearth_flame_bar_get_property (GObject    *object,
                               guint       prop_id,
                               GValue     *value,
                               GParamSpec *pspec)
{
  if (prop_id == PROP_ACCESSIBLE_ROLE)
    g_value_set_enum (value, GTK_ACCESSIBLE_ROLE_TREE_ITEM);
  else
    G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
}

/* the role is fixed: a construct-time value is ignored */
static void
hearth_flame_bar_set_property (GObject      *object,
                               guint         prop_id,
                               const GValue *value,
                               GParamSpec   *pspec)
{
  if (prop_id != PROP_ACCESSIBLE_ROLE)
    G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
}

static void
hearth_flame_bar_class_init (HearthFlameBarClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);

  object_class->dispose = hearth_flame_bar_dispose;
  object_class->finalize = hearth_flame_bar_finalize;
  object_class->get_property = hearth_flame_bar_get_property;
  object_class->set_property = hearth_flame_bar_set_property;
  g_object_class_override_property (object_class, PROP_ACCESSIBLE_ROLE, "accessible-role");
}

static void
hearth_flame_bar_init (HearthFlameBar *self)
{
}

static HearthFlameBar *
bar_new (HearthFlameView *view,
         guint            node)
{
  HearthFlameBar *self = g_object_new (HEARTH_TYPE_FLAME_BAR, NULL);
  const HearthNode *n = _hearth_flame_view_get_node (view, (gint) node);

  self->view = view;
  self->node = node;
  gtk_accessible_update_property (GTK_ACCESSIBLE (self),
                                  GTK_ACCESSIBLE_PROPERTY_LABEL,
                                  hearth_session_get_node_label (view->session, node),
                                  GTK_ACCESSIBLE_PROPERTY_LEVEL, (int) n->depth + 1,
                                  -1);
  gtk_accessible_update_state (GTK_ACCESSIBLE (self), GTK_ACCESSIBLE_STATE_SELECTED, FALSE, -1);
  return self;
}

/* What may change while a bar stays shown: its share (of the run or of a new root) and
 * whether it is selected; told only when it changed. */
static void
bar_update (HearthFlameBar *self)
{
  g_autoptr (GString) text = g_string_new (NULL);
  gboolean selected = hearth_session_get_selected (self->view->session) == (gint) self->node;

  _hearth_flame_view_append_bar_facts (self->view, text, self->node);
  if (g_strcmp0 (text->str, self->description) != 0)
    {
      g_free (self->description);
      self->description = g_strdup (text->str);
      gtk_accessible_update_property (GTK_ACCESSIBLE (self), GTK_ACCESSIBLE_PROPERTY_DESCRIPTION,
                                      self->description, -1);
    }
  if (selected != self->selected)
    {
      self->selected = selected;
      gtk_accessible_update_state (GTK_ACCESSIBLE (self), GTK_ACCESSIBLE_STATE_SELECTED,
                                   selected, -1);
    }
}

/* The view -------------------------------------------------------------------------------- */

typedef struct
{
  guint           node;
  graphene_rect_t bounds;
} Shown;

static int
by_width (gconstpointer a,
          gconstpointer b)
{
  const Shown *x = a, *y = b;

  return (x->bounds.size.width < y->bounds.size.width) -
         (x->bounds.size.width > y->bounds.size.width);
}

static int
by_node (gconstpointer a,
         gconstpointer b)
{
  const Shown *x = a, *y = b;

  return (x->node > y->node) - (x->node < y->node);
}

/* The part of the view the scrolled window shows, in the view's coordinates. */
static void
visible_rows (HearthFlameView *self,
              double          *top,
              double          *bottom)
{
  *top = 0;
  *bottom = gtk_widget_get_height (GTK_WIDGET (self));
  if (self->vadjustment != NULL)
    {
      *top = gtk_adjustment_get_value (self->vadjustment);
      *bottom = *top + gtk_adjustment_get_page_size (self->vadjustment);
    }
}

/* The bars at least MIN_BAR_WIDTH wide in view inside the visible rows, at most MAX_BARS
 * (the widest), in walk order. A bar narrower than that has only narrower callees: its
 * subtree is not walked. */
static GArray *
dup_shown (HearthFlameView *self)
{
  GArray *shown = g_array_new (FALSE, FALSE, sizeof (Shown));
  HearthCallTree *tree = _hearth_flame_view_get_tree (self);
  double width = gtk_widget_get_width (GTK_WIDGET (self));
  g_autoptr (GArray) stack = NULL;
  guint root = 0;
  double top, bottom;

  if (tree == NULL || _hearth_flame_view_n_nodes (self) == 0 || width <= 0)
    return shown;
  visible_rows (self, &top, &bottom);
  stack = g_array_new (FALSE, FALSE, sizeof (guint));
  g_array_append_val (stack, root);
  while (stack->len > 0)
    {
      guint node = g_array_index (stack, guint, stack->len - 1);
      const guint *children;
      guint n_children;
      Shown s = { node, };
      double x0, x1;

      g_array_set_size (stack, stack->len - 1);
      if (!hearth_flame_view_get_node_bounds (self, node, &s.bounds))
        continue;
      x0 = MAX (s.bounds.origin.x, 0);
      x1 = MIN (s.bounds.origin.x + s.bounds.size.width, width);
      if (x1 - x0 < MIN_BAR_WIDTH)
        continue;
      if (s.bounds.origin.y + s.bounds.size.height > top && s.bounds.origin.y < bottom)
        {
          graphene_rect_init (&s.bounds, x0, s.bounds.origin.y, x1 - x0, s.bounds.size.height);
          g_array_append_val (shown, s);
        }
      children = hearth_call_tree_get_children (tree, node, &n_children);
      for (guint i = n_children; i > 0; i--)
        g_array_append_val (stack, children[i - 1]);
    }
  if (shown->len > MAX_BARS)
    {
      g_array_sort (shown, by_width);
      g_array_set_size (shown, MAX_BARS);
    }
  g_array_sort (shown, by_node);
  return shown;
}

/* Bars no longer shown leave the bus's tree (a screen reader that knows them hears of it)
 * while the old list still stands; those still shown stay the same objects. */
static void
drop_unshown (HearthFlameView *self,
              GHashTable      *kept)
{
  if (self->bars == NULL)
    return;
  for (guint i = 0; i < self->bars->len; i++)
    {
      HearthFlameBar *bar = g_ptr_array_index (self->bars, i);

      if (!g_hash_table_contains (kept, GUINT_TO_POINTER (bar->node)))
        gtk_accessible_update_state (GTK_ACCESSIBLE (bar), GTK_ACCESSIBLE_STATE_HIDDEN, TRUE,
                                     -1);
    }
}

static gboolean
remake_bars (gpointer data)
{
  HearthFlameView *self = data;
  g_autoptr (GArray) shown = NULL;
  g_autoptr (GHashTable) old = g_hash_table_new (NULL, NULL);
  g_autoptr (GHashTable) kept = g_hash_table_new (NULL, NULL);
  GPtrArray *bars;

  self->bars_source = 0;
  shown = dup_shown (self);
  for (guint i = 0; self->bars != NULL && i < self->bars->len; i++)
    {
      HearthFlameBar *bar = g_ptr_array_index (self->bars, i);

      g_hash_table_insert (old, GUINT_TO_POINTER (bar->node), bar);
    }
  for (guint i = 0; i < shown->len; i++)
    g_hash_table_add (kept, GUINT_TO_POINTER (g_array_index (shown, Shown, i).node));
  drop_unshown (self, kept);

  bars = g_ptr_array_new_full (shown->len, g_object_unref);
  for (guint i = 0; i < shown->len; i++)
    {
      const Shown *s = &g_array_index (shown, Shown, i);
      HearthFlameBar *bar = g_hash_table_lookup (old, GUINT_TO_POINTER (s->node));

      bar = bar != NULL ? g_object_ref (bar) : bar_new (self, s->node);
      bar->index = i;
      bar->bounds = s->bounds;
      g_ptr_array_add (bars, bar);
    }
  g_clear_pointer (&self->bars, g_ptr_array_unref);
  self->bars = bars;
  for (guint i = 0; i < bars->len; i++)
    bar_update (g_ptr_array_index (bars, i));
  return G_SOURCE_REMOVE;
}

/* A new tree, range, scroll, size or selection: the bars are remade once things settle,
 * not on every frame of an animation. */
void
_hearth_flame_view_queue_bars (HearthFlameView *self)
{
  if (self->bars_source != 0 || self->session == NULL)
    return;
  self->bars_source = g_timeout_add (BARS_DELAY_MS, remake_bars, self);
}

void
_hearth_flame_view_clear_bars (HearthFlameView *self)
{
  g_clear_handle_id (&self->bars_source, g_source_remove);
  /* a bar someone still holds no longer points at the view going away */
  for (guint i = 0; self->bars != NULL && i < self->bars->len; i++)
    HEARTH_FLAME_BAR (g_ptr_array_index (self->bars, i))->view = NULL;
  g_clear_pointer (&self->bars, g_ptr_array_unref);
}

static GtkAccessibleInterface *parent_accessible_iface;

static GtkAccessible *
view_get_first_accessible_child (GtkAccessible *accessible)
{
  HearthFlameView *self = HEARTH_FLAME_VIEW (accessible);

  if (self->bars != NULL && self->bars->len > 0)
    return GTK_ACCESSIBLE (g_object_ref (g_ptr_array_index (self->bars, 0)));
  return parent_accessible_iface->get_first_accessible_child (accessible);
}

void
_hearth_flame_view_accessible_init (GtkAccessibleInterface *iface)
{
  parent_accessible_iface = g_type_interface_peek_parent (iface);
  iface->get_first_accessible_child = view_get_first_accessible_child;
}

G_GNUC_END_IGNORE_DEPRECATIONS

#endif
