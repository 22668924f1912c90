/* hearth-flow-layout.c
 *
 * Copyright 2026 The Hearth authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#define G_LOG_DOMAIN "hearth-flow-layout"

#include "hearth-flow-layout.h"

/**
 * HearthFlowLayout:
 *
 * Lays children out like words in a paragraph: each at its natural width, left to right,
 * starting a new line when the next one does not fit, each line as tall as its tallest child
 * and children centred in it. Unlike a GtkFlowBox it keeps no columns, so a line of short and
 * long entries stays as short as the entries are (a legend).
 */

struct _HearthFlowLayout
{
  GtkLayoutManager parent_instance;

  int              column_spacing;
  int              row_spacing;
};

G_DEFINE_FINAL_TYPE (HearthFlowLayout, hearth_flow_layout, GTK_TYPE_LAYOUT_MANAGER)

static void
child_size (GtkWidget *child,
            int       *width,
            int       *height)
{
  int min = 0, nat = 0;

  gtk_widget_measure (child, GTK_ORIENTATION_HORIZONTAL, -1, &min, &nat, NULL, NULL);
  *width = nat;
  gtk_widget_measure (child, GTK_ORIENTATION_VERTICAL, *width, &min, &nat, NULL, NULL);
  *height = nat;
}

/* Flows the children into @width; places them when @place, and returns the height taken. */
static int
flow (HearthFlowLayout *self,
      GtkWidget        *widget,
      int               width,
      gboolean          place)
{
  GtkWidget *line_start = gtk_widget_get_first_child (widget);
  int y = 0;

  while (line_start != NULL)
    {
      GtkWidget *line_end = line_start, *child;
      int x = 0, line_height = 0, w, h;

      /* as many children as fit, at least one */
      for (child = line_start; child != NULL; child = gtk_widget_get_next_sibling (child))
        {
          if (!gtk_widget_should_layout (child))
            continue;
          child_size (child, &w, &h);
          if (x > 0 && x + w > width)
            break;
          x += w + self->column_spacing;
          line_height = MAX (line_height, h);
          line_end = gtk_widget_get_next_sibling (child);
        }
      if (child == NULL)
        line_end = NULL;

      if (place)
        {
          x = 0;
          for (child = line_start; child != line_end; child = gtk_widget_get_next_sibling (child))
            {
              if (!gtk_widget_should_layout (child))
                continue;
              child_size (child, &w, &h);
              w = MIN (w, width);
              gtk_widget_size_allocate (child,
                                        &(GtkAllocation) { x, y + (line_height - h) / 2, w, h },
                                        -1);
              x += w + self->column_spacing;
            }
        }
      if (line_height > 0)
        y += line_height + self->row_spacing;
      line_start = line_end;
    }
  return MAX (0, y - self->row_spacing);
}

static GtkSizeRequestMode
hearth_flow_layout_get_request_mode (GtkLayoutManager *manager,
                                     GtkWidget        *widget)
{
  return GTK_SIZE_REQUEST_HEIGHT_FOR_WIDTH;
}

static void
hearth_flow_layout_measure (GtkLayoutManager *manager,
                            GtkWidget        *widget,
                            GtkOrientation    orientation,
                            int               for_size,
                            int              *minimum,
                            int              *natural,
                            int              *minimum_baseline,
                            int              *natural_baseline)
{
  HearthFlowLayout *self = HEARTH_FLOW_LAYOUT (manager);

  *minimum = *natural = 0;
  if (orientation == GTK_ORIENTATION_HORIZONTAL)
    {
      int count = 0;

      /* the widest child, or everything on one line */
      for (GtkWidget *child = gtk_widget_get_first_child (widget); child != NULL;
           child = gtk_widget_get_next_sibling (child))
        {
          int min = 0, nat = 0;

          if (!gtk_widget_should_layout (child))
            continue;
          gtk_widget_measure (child, GTK_ORIENTATION_HORIZONTAL, -1, &min, &nat, NULL, NULL);
          *minimum = MAX (*minimum, min);
          *natural += nat + (count++ > 0 ? self->column_spacing : 0);
        }
      return;
    }
  if (for_size < 0)
    {
      int min = 0, nat = 0;

      hearth_flow_layout_measure (manager, widget, GTK_ORIENTATION_HORIZONTAL, -1, &min, &nat,
                                  NULL, NULL);
      for_size = nat;
    }
  *minimum = *natural = flow (self, widget, for_size, FALSE);
}

static void
hearth_flow_layout_allocate (GtkLayoutManager *manager,
                             GtkWidget        *widget,
                             int               width,
                             int               height,
                             int               baseline)
{
  flow (HEARTH_FLOW_LAYOUT (manager), widget, width, TRUE);
}

static void
hearth_flow_layout_class_init (HearthFlowLayoutClass *klass)
{
  GtkLayoutManagerClass *layout_class = GTK_LAYOUT_MANAGER_CLASS (klass);

  layout_class->get_request_mode = hearth_flow_layout_get_request_mode;
  layout_class->measure = hearth_flow_layout_measure;
  layout_class->allocate = hearth_flow_layout_allocate;
}

static void
hearth_flow_layout_init (HearthFlowLayout *self)
{
}

/**
 * hearth_flow_layout_new:
 * @column_spacing: pixels between two children of a line
 * @row_spacing: pixels between two lines
 *
 * Returns: (transfer full): a layout that flows children into lines
 */
GtkLayoutManager *
hearth_flow_layout_new (int column_spacing,
                        int row_spacing)
{
  HearthFlowLayout *self = g_object_new (HEARTH_TYPE_FLOW_LAYOUT, NULL);

  self->column_spacing = MAX (0, column_spacing);
  self->row_spacing = MAX (0, row_spacing);
  return GTK_LAYOUT_MANAGER (self);
}
