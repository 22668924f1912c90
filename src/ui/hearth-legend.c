/* hearth-legend.c
 *
 * Copyright 2026 The Hearth authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#define G_LOG_DOMAIN "hearth-legend"

#include "hearth-legend.h"

#include <glib/gi18n.h>

#include "hearth-flame-renderer.h"
#include "hearth-format.h"
#include "hearth-flow-layout.h"
#include "hearth-gtk-compat.h"

/**
 * HearthLegend:
 *
 * One line under a graph saying what its colours and marks mean, with swatches painted by
 * the renderer's own painter in the palette the graph uses (light or dark, following the
 * theme). The colours say where the code lives, or in the second run of a comparison how
 * each chain changed; the marks are the same in both.
 */

#define SWATCH_WIDTH  18
#define SWATCH_HEIGHT 11

struct _HearthLegend
{
  GtkWidget            parent_instance;

  char                *heading;
  GtkWidget           *entries;       /* flowing like words: a line as short as its entries */
  GtkWidget           *close_button;
  HearthLegendColours  colours;
  gboolean             no_marks;
  gboolean             spread;
  gboolean             dark;
  gboolean             high_contrast;
};

G_DEFINE_FINAL_TYPE (HearthLegend, hearth_legend, GTK_TYPE_WIDGET)

/* What one swatch shows: a mark on a bar colour, the colour picked from the palette. */
typedef enum
{
  COLOUR_CATEGORY,
  COLOUR_SLOWER,
  COLOUR_FASTER,
  COLOUR_NEW,
} ColourKind;

typedef struct
{
  HearthSwatch swatch;
  ColourKind   kind;
  guint        category;
} Entry;

static void
entry_colour (const Entry *entry,
              gboolean     dark,
              HearthRgb   *out)
{
  const HearthPalette *palette = hearth_palette_get (dark);

  switch (entry->kind)
    {
    case COLOUR_SLOWER:
      hearth_palette_diff (palette, 1, FALSE, out);
      break;
    case COLOUR_FASTER:
      hearth_palette_diff (palette, -1, FALSE, out);
      break;
    case COLOUR_NEW:
      hearth_palette_diff (palette, 0, TRUE, out);
      break;
    case COLOUR_CATEGORY:
    default:
      hearth_palette_bar (palette, entry->category, HEARTH_PALETTE_N_VARIANTS / 2, out);
      break;
    }
}

static void
draw_swatch (GtkDrawingArea *area,
             cairo_t        *cr,
             int             width,
             int             height,
             gpointer        user_data)
{
  const Entry *entry = user_data;
  GtkWidget *legend = gtk_widget_get_ancestor (GTK_WIDGET (area), HEARTH_TYPE_LEGEND);
  gboolean dark = legend != NULL && HEARTH_LEGEND (legend)->dark;
  gboolean high_contrast = legend != NULL && HEARTH_LEGEND (legend)->high_contrast;
  HearthRgb colour;

  entry_colour (entry, dark, &colour);
  hearth_swatch_paint_for (cr, hearth_palette_get_for (dark, high_contrast), entry->swatch,
                           &colour, width, height);
}

static void
add_entry (HearthLegend *self,
           const Entry  *entry,
           const char   *text,
           const char   *tooltip)
{
  GtkWidget *box = gtk_box_new (GTK_ORIENTATION_HORIZONTAL, 6);
  GtkWidget *area = gtk_drawing_area_new ();
  GtkWidget *label = gtk_label_new (text);

  gtk_drawing_area_set_content_width (GTK_DRAWING_AREA (area), SWATCH_WIDTH);
  gtk_drawing_area_set_content_height (GTK_DRAWING_AREA (area), SWATCH_HEIGHT);
  gtk_widget_set_valign (area, GTK_ALIGN_CENTER);
  gtk_drawing_area_set_draw_func (GTK_DRAWING_AREA (area), draw_swatch,
                                  g_memdup2 (entry, sizeof *entry), g_free);
  gtk_widget_add_css_class (label, "dim-label");
  gtk_widget_add_css_class (label, "caption");
  gtk_box_append (GTK_BOX (box), area);
  gtk_box_append (GTK_BOX (box), label);
  gtk_widget_set_tooltip_text (box, tooltip);
  gtk_box_append (GTK_BOX (self->entries), box);
}

static void
fill_entries (HearthLegend *self)
{
  GtkWidget *child;

  while ((child = gtk_widget_get_first_child (self->entries)) != NULL)
    gtk_box_remove (GTK_BOX (self->entries), child);

  /* the heading flows with the entries, as the first word of the line */
  if (self->heading != NULL)
    {
      GtkWidget *heading = gtk_label_new (self->heading);

      gtk_widget_add_css_class (heading, "caption-heading");
      gtk_box_append (GTK_BOX (self->entries), heading);
    }

  if (self->colours == HEARTH_LEGEND_CHANGES)
    {
      add_entry (self, &(Entry) { HEARTH_SWATCH_FILL, COLOUR_SLOWER, 0 }, _("slower chain"),
                 NULL);
      add_entry (self, &(Entry) { HEARTH_SWATCH_FILL, COLOUR_FASTER, 0 }, _("faster chain"),
                 NULL);
      add_entry (self, &(Entry) { HEARTH_SWATCH_FILL, COLOUR_NEW, 0 }, _("new chain"), NULL);
    }
  else
    {
      add_entry (self, &(Entry) { HEARTH_SWATCH_FILL, COLOUR_CATEGORY, HEARTH_CATEGORY_MINE },
                 _("your code"), NULL);
      add_entry (self, &(Entry) { HEARTH_SWATCH_FILL, COLOUR_CATEGORY,
                                  HEARTH_CATEGORY_INSTALLED }, _("installed packages"), NULL);
      /* translators: in the legend: the colour of the standard library and built-ins */
      add_entry (self, &(Entry) { HEARTH_SWATCH_FILL, COLOUR_CATEGORY, HEARTH_CATEGORY_PYTHON },
                 C_("legend", "Python"), _("Python and its standard library"));
    }
  if (self->no_marks)
    return;
  /* the marks, on the neutral colour; the swatch shows the mark, the word what it means */
  add_entry (self, &(Entry) { HEARTH_SWATCH_HATCH, COLOUR_CATEGORY, HEARTH_CATEGORY_PYTHON },
             /* translators: in the legend, beside a hatched swatch */
             C_("legend", "estimated"),
             _("hatched: estimated from a multi-caller split (solid: proven)"));
  add_entry (self, &(Entry) { HEARTH_SWATCH_SHRUNK, COLOUR_CATEGORY, HEARTH_CATEGORY_PYTHON },
             /* translators: in the legend, beside an underlined swatch */
             C_("legend", "counted twice"),
             _("underlined: callees scaled down (the profile counts them twice)"));
  add_entry (self, &(Entry) { HEARTH_SWATCH_GUARDED, COLOUR_CATEGORY, HEARTH_CATEGORY_PYTHON },
             /* translators: in the legend, beside a dashed swatch */
             C_("legend", "re-entered"), _("dashed: time in re-entered calls, not self time"));
  if (self->spread)
    {
      g_autofree char *limit = hearth_format_percent (HEARTH_SPREAD_NOISY_CV);
      /* translators: %s is a share such as "20.0%" */
      g_autofree char *tooltip = g_strdup_printf (_("whisker: from the bar's width in its "
                                                    "narrowest run to that in its widest, for "
                                                    "bars that vary by more than %s"), limit);

      add_entry (self, &(Entry) { HEARTH_SWATCH_WHISKER, COLOUR_CATEGORY,
                                  HEARTH_CATEGORY_PYTHON }, _("varies across runs"), tooltip);
    }
}

/* The swatches follow the theme as the graph does: a light foreground means a dark one. */
static void
hearth_legend_css_changed (GtkWidget         *widget,
                           GtkCssStyleChange *change)
{
  HearthLegend *self = HEARTH_LEGEND (widget);
  gboolean dark, high_contrast;

  GTK_WIDGET_CLASS (hearth_legend_parent_class)->css_changed (widget, change);
  dark = hearth_widget_is_dark (widget);
  high_contrast = hearth_widget_is_high_contrast (widget);
  if (dark == self->dark && high_contrast == self->high_contrast)
    return;
  self->dark = dark;
  self->high_contrast = high_contrast;
  for (GtkWidget *entry = gtk_widget_get_first_child (self->entries); entry != NULL;
       entry = gtk_widget_get_next_sibling (entry))
    if (!GTK_IS_LABEL (entry))
      gtk_widget_queue_draw (gtk_widget_get_first_child (entry));
}

static void
hearth_legend_dispose (GObject *object)
{
  HearthLegend *self = HEARTH_LEGEND (object);

  g_clear_pointer (&self->heading, g_free);
  g_clear_pointer (&self->entries, gtk_widget_unparent);
  g_clear_pointer (&self->close_button, gtk_widget_unparent);

  G_OBJECT_CLASS (hearth_legend_parent_class)->dispose (object);
}

static void
hearth_legend_class_init (HearthLegendClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  object_class->dispose = hearth_legend_dispose;
  widget_class->css_changed = hearth_legend_css_changed;

  gtk_widget_class_set_layout_manager_type (widget_class, GTK_TYPE_BOX_LAYOUT);
  gtk_widget_class_set_css_name (widget_class, "legend");
  gtk_widget_class_set_accessible_role (widget_class, GTK_ACCESSIBLE_ROLE_GROUP);
}

static void
hearth_legend_init (HearthLegend *self)
{
  /* a box only as a container: its children flow like words in a paragraph, not in a grid
   * as in a GtkFlowBox */
  self->entries = gtk_box_new (GTK_ORIENTATION_HORIZONTAL, 0);
  gtk_widget_set_layout_manager (self->entries, hearth_flow_layout_new (14, 4));
  gtk_widget_set_hexpand (self->entries, TRUE);
  gtk_widget_set_valign (self->entries, GTK_ALIGN_CENTER);
  gtk_widget_set_parent (self->entries, GTK_WIDGET (self));

  self->close_button = gtk_button_new_from_icon_name ("window-close-symbolic");
  gtk_widget_add_css_class (self->close_button, "flat");
  gtk_widget_add_css_class (self->close_button, "circular");
  gtk_widget_set_valign (self->close_button, GTK_ALIGN_CENTER);
  gtk_widget_set_tooltip_text (self->close_button, _("Hide the Legend"));
  gtk_accessible_update_property (GTK_ACCESSIBLE (self->close_button),
                                  GTK_ACCESSIBLE_PROPERTY_LABEL, _("Hide the Legend"), -1);
  gtk_widget_set_visible (self->close_button, FALSE);
  gtk_widget_set_parent (self->close_button, GTK_WIDGET (self));

  gtk_box_layout_set_spacing (GTK_BOX_LAYOUT (gtk_widget_get_layout_manager (GTK_WIDGET (self))),
                              12);
  gtk_accessible_update_property (GTK_ACCESSIBLE (self), GTK_ACCESSIBLE_PROPERTY_LABEL,
                                  _("What the colours mean"), -1);
  fill_entries (self);
}

/**
 * hearth_legend_new:
 *
 * Returns: (transfer floating): a legend of the colours by where the code lives
 */
GtkWidget *
hearth_legend_new (void)
{
  return g_object_new (HEARTH_TYPE_LEGEND, NULL);
}

/**
 * hearth_legend_set_colours:
 * @self: a #HearthLegend
 * @colours: what the colours of the graph beside mean
 */
void
hearth_legend_set_colours (HearthLegend        *self,
                           HearthLegendColours  colours)
{
  g_return_if_fail (HEARTH_IS_LEGEND (self));

  if (self->colours == colours)
    return;
  self->colours = colours;
  fill_entries (self);
}

/**
 * hearth_legend_get_colours:
 * @self: a #HearthLegend
 *
 * Returns: what the colours of the graph beside mean
 */
HearthLegendColours
hearth_legend_get_colours (HearthLegend *self)
{
  g_return_val_if_fail (HEARTH_IS_LEGEND (self), HEARTH_LEGEND_CATEGORIES);
  return self->colours;
}

/**
 * hearth_legend_set_marks:
 * @self: a #HearthLegend
 * @marks: list the marks (hatched, underlined, dashed) after the colours; %TRUE by default
 *
 * Two legends one above the other need the marks only once.
 */
void
hearth_legend_set_marks (HearthLegend *self,
                         gboolean      marks)
{
  g_return_if_fail (HEARTH_IS_LEGEND (self));

  if (self->no_marks == !marks)
    return;
  self->no_marks = !marks;
  fill_entries (self);
}

/**
 * hearth_legend_set_spread:
 * @self: a #HearthLegend
 * @spread: list the whisker of bars that vary across merged runs; %FALSE by default
 *
 * Only a merged profile with noisy bars draws whiskers.
 */
void
hearth_legend_set_spread (HearthLegend *self,
                          gboolean      spread)
{
  g_return_if_fail (HEARTH_IS_LEGEND (self));

  if (self->spread == !!spread)
    return;
  self->spread = !!spread;
  fill_entries (self);
}

/**
 * hearth_legend_set_heading:
 * @self: a #HearthLegend
 * @heading: (nullable): a word before the entries, such as which run the graph shows
 */
void
hearth_legend_set_heading (HearthLegend *self,
                           const char   *heading)
{
  g_return_if_fail (HEARTH_IS_LEGEND (self));

  if (g_strcmp0 (heading, self->heading) == 0)
    return;
  g_free (self->heading);
  self->heading = heading != NULL && *heading != '\0' ? g_strdup (heading) : NULL;
  fill_entries (self);
}

/**
 * hearth_legend_set_close_action:
 * @self: a #HearthLegend
 * @action_name: (nullable): the action that hides the legend, for a close button; %NULL for
 *   none
 */
void
hearth_legend_set_close_action (HearthLegend *self,
                                const char   *action_name)
{
  g_return_if_fail (HEARTH_IS_LEGEND (self));

  gtk_actionable_set_action_name (GTK_ACTIONABLE (self->close_button), action_name);
  gtk_widget_set_visible (self->close_button, action_name != NULL);
}

/**
 * hearth_legend_get_dark:
 * @self: a #HearthLegend
 *
 * Returns: whether the swatches are painted in the dark palette
 */
gboolean
hearth_legend_get_dark (HearthLegend *self)
{
  g_return_val_if_fail (HEARTH_IS_LEGEND (self), FALSE);
  return self->dark;
}

/**
 * hearth_legend_dup_text:
 * @self: a #HearthLegend
 *
 * Returns: (transfer full): the heading and the entries' texts, joined by " · "
 */
char *
hearth_legend_dup_text (HearthLegend *self)
{
  GString *text = g_string_new (NULL);

  g_return_val_if_fail (HEARTH_IS_LEGEND (self), NULL);

  for (GtkWidget *entry = gtk_widget_get_first_child (self->entries); entry != NULL;
       entry = gtk_widget_get_next_sibling (entry))
    {
      GtkWidget *label = GTK_IS_LABEL (entry) ? entry : gtk_widget_get_last_child (entry);

      if (text->len > 0)
        g_string_append (text, " · ");
      g_string_append (text, gtk_label_get_text (GTK_LABEL (label)));
    }
  return g_string_free (text, FALSE);
}
