/* hearth-chain-label.c
 *
 * Copyright 2026 The Hearth authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#define G_LOG_DOMAIN "hearth-chain-label"

#include "hearth-chain-label.h"

#include "hearth-format.h"
#include "hearth-gtk-compat.h"

/**
 * HearthChainLabel:
 *
 * A chain `a > b > c` in one line that, when it does not fit, loses whole names from the root
 * side ("… > nested_parse > run"), never its top; only a top too long for the width is cut,
 * from its start. The full chain belongs in the tooltip.
 */

#define SEPARATOR " > "

struct _HearthChainLabel
{
  GtkWidget  parent_instance;

  char      *chain;
  char      *shown;          /* the chain as it fits the last width allocated */
  int        fitted_width;   /* that width, -1 for none */
};

G_DEFINE_FINAL_TYPE (HearthChainLabel, hearth_chain_label, GTK_TYPE_WIDGET)

static void
text_size (HearthChainLabel *self,
           const char       *text,
           int              *width,
           int              *height)
{
  g_autoptr (PangoLayout) layout = gtk_widget_create_pango_layout (GTK_WIDGET (self), text);

  pango_layout_get_pixel_size (layout, width, height);
}

static int
text_width (HearthChainLabel *self,
            const char       *text)
{
  int width = 0;

  text_size (self, text, &width, NULL);
  return width;
}

/* The most names from the top that fit in @width. */
static char *
fit (HearthChainLabel *self,
     int               width)
{
  g_auto (GStrv) names = g_strsplit (self->chain, SEPARATOR, -1);
  guint n = g_strv_length (names);

  if (n <= 1 || text_width (self, self->chain) <= width)
    return g_strdup (self->chain);
  for (guint keep = n - 1; keep > 1; keep--)
    {
      g_autofree char *tail = hearth_format_chain_tail (self->chain, SEPARATOR, keep);

      if (text_width (self, tail) <= width)
        return g_steal_pointer (&tail);
    }
  {
    g_autofree char *tail = hearth_format_chain_tail (self->chain, SEPARATOR, 1);
    g_autofree char *top = g_strconcat ("… ", names[n - 1], NULL);

    if (text_width (self, tail) <= width)
      return g_steal_pointer (&tail);
    /* then the top alone, cut from its start if need be */
    return text_width (self, top) <= width ? g_steal_pointer (&top) : g_strdup (names[n - 1]);
  }
}

static void
hearth_chain_label_measure (GtkWidget      *widget,
                            GtkOrientation  orientation,
                            int             for_size,
                            int            *minimum,
                            int            *natural,
                            int            *minimum_baseline,
                            int            *natural_baseline)
{
  HearthChainLabel *self = HEARTH_CHAIN_LABEL (widget);
  int width = 0, height = 0;

  text_size (self, self->chain != NULL ? self->chain : "", &width, &height);
  if (orientation == GTK_ORIENTATION_HORIZONTAL)
    {
      /* as wide as the whole chain when there is room, down to a few characters */
      *minimum = MIN (width, text_width (self, "…abc"));
      *natural = width;
    }
  else
    *minimum = *natural = height;
}

static void
hearth_chain_label_size_allocate (GtkWidget *widget,
                                  int        width,
                                  int        height,
                                  int        baseline)
{
  HearthChainLabel *self = HEARTH_CHAIN_LABEL (widget);

  /* only what is drawn changes, not the size asked for: no new layout pass */
  if (self->chain != NULL && width != self->fitted_width)
    {
      g_free (self->shown);
      self->shown = fit (self, width);
      self->fitted_width = width;
    }
}

static void
hearth_chain_label_snapshot (GtkWidget   *widget,
                             GtkSnapshot *snapshot)
{
  HearthChainLabel *self = HEARTH_CHAIN_LABEL (widget);
  g_autoptr (PangoLayout) layout = NULL;
  GdkRGBA color;

  if (self->shown == NULL || self->shown[0] == '\0')
    return;
  layout = gtk_widget_create_pango_layout (widget, self->shown);
  /* a top name alone too long for the width is cut from its start */
  pango_layout_set_width (layout, gtk_widget_get_width (widget) * PANGO_SCALE);
  pango_layout_set_ellipsize (layout, PANGO_ELLIPSIZE_START);
  hearth_widget_get_fg_color (widget, &color);
  gtk_snapshot_append_layout (snapshot, layout, &color);
}

static void
hearth_chain_label_finalize (GObject *object)
{
  HearthChainLabel *self = HEARTH_CHAIN_LABEL (object);

  g_free (self->chain);
  g_free (self->shown);

  G_OBJECT_CLASS (hearth_chain_label_parent_class)->finalize (object);
}

static void
hearth_chain_label_class_init (HearthChainLabelClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  object_class->finalize = hearth_chain_label_finalize;
  widget_class->measure = hearth_chain_label_measure;
  widget_class->size_allocate = hearth_chain_label_size_allocate;
  widget_class->snapshot = hearth_chain_label_snapshot;

  gtk_widget_class_set_css_name (widget_class, "chainlabel");
}

static void
hearth_chain_label_init (HearthChainLabel *self)
{
  self->fitted_width = -1;
}

/**
 * hearth_chain_label_new:
 *
 * Returns: (transfer floating): a new chain label
 */
GtkWidget *
hearth_chain_label_new (void)
{
  return g_object_new (HEARTH_TYPE_CHAIN_LABEL, NULL);
}

/**
 * hearth_chain_label_set_chain:
 * @self: a #HearthChainLabel
 * @chain: (nullable): names joined by " > ", root first
 */
void
hearth_chain_label_set_chain (HearthChainLabel *self,
                              const char       *chain)
{
  g_return_if_fail (HEARTH_IS_CHAIN_LABEL (self));

  if (g_strcmp0 (chain, self->chain) == 0)
    return;
  g_free (self->chain);
  self->chain = g_strdup (chain);
  g_free (self->shown);
  self->shown = g_strdup (chain);
  self->fitted_width = -1;
  gtk_widget_queue_resize (GTK_WIDGET (self));
}

/**
 * hearth_chain_label_get_text:
 * @self: a #HearthChainLabel
 *
 * Returns: (nullable): the text as shown, shortened to the last width it was given
 */
const char *
hearth_chain_label_get_text (HearthChainLabel *self)
{
  g_return_val_if_fail (HEARTH_IS_CHAIN_LABEL (self), NULL);
  return self->shown;
}
