/* hearth-legend.h
 *
 * Copyright 2026 The Hearth authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <gtk/gtk.h>

G_BEGIN_DECLS

/**
 * HearthLegendColours:
 * @HEARTH_LEGEND_CATEGORIES: bars are coloured by where the code lives
 * @HEARTH_LEGEND_CHANGES: bars are coloured by how their chain changed from the first run
 *
 * What the colours of the graph beside the legend mean.
 */
typedef enum
{
  HEARTH_LEGEND_CATEGORIES,
  HEARTH_LEGEND_CHANGES,
} HearthLegendColours;

#define HEARTH_TYPE_LEGEND (hearth_legend_get_type ())

G_DECLARE_FINAL_TYPE (HearthLegend, hearth_legend, HEARTH, LEGEND, GtkWidget)

GtkWidget           *hearth_legend_new              (void);
void                 hearth_legend_set_colours      (HearthLegend        *self,
                                                     HearthLegendColours  colours);
HearthLegendColours  hearth_legend_get_colours      (HearthLegend        *self);
void                 hearth_legend_set_marks        (HearthLegend        *self,
                                                     gboolean             marks);
void                 hearth_legend_set_spread       (HearthLegend        *self,
                                                     gboolean             spread);
void                 hearth_legend_set_heading      (HearthLegend        *self,
                                                     const char          *heading);
void                 hearth_legend_set_close_action (HearthLegend        *self,
                                                     const char          *action_name);
gboolean             hearth_legend_get_dark         (HearthLegend        *self);
char                *hearth_legend_dup_text         (HearthLegend        *self);

G_END_DECLS
