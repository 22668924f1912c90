/* hearth-label-fit.h
 *
 * Copyright 2026 The Hearth authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <cairo.h>
#include <glib-object.h>
#include <pango/pango.h>

G_BEGIN_DECLS

/* A label measured once per font: owned by the #HearthLabelFit that made it, valid until
 * its generation changes. */
typedef struct _HearthLabel HearthLabel;

#define HEARTH_TYPE_LABEL_FIT (hearth_label_fit_get_type ())

G_DECLARE_FINAL_TYPE (HearthLabelFit, hearth_label_fit, HEARTH, LABEL_FIT, GObject)

HearthLabelFit             *hearth_label_fit_new             (const PangoFontDescription *font);
void                        hearth_label_fit_set_font        (HearthLabelFit             *self,
                                                              const PangoFontDescription *font);
const PangoFontDescription *hearth_label_fit_get_font        (HearthLabelFit             *self);
PangoContext               *hearth_label_fit_get_context     (HearthLabelFit             *self);
gboolean                    hearth_label_fit_update          (HearthLabelFit             *self,
                                                              cairo_t                    *cr);
guint                       hearth_label_fit_get_generation  (HearthLabelFit             *self);
double                      hearth_label_fit_get_line_height (HearthLabelFit             *self);
double                      hearth_label_fit_get_baseline    (HearthLabelFit             *self);
const char                 *hearth_label_fit_get_family      (HearthLabelFit             *self);

HearthLabel                *hearth_label_fit_lookup          (HearthLabelFit             *self,
                                                              const char                 *label);
PangoLayout                *hearth_label_fit_fit             (HearthLabelFit             *self,
                                                              HearthLabel                *label,
                                                              double                      available,
                                                              const char                **text,
                                                              double                     *width);
char                       *hearth_label_fit_fit_text        (HearthLabelFit             *self,
                                                              const char                 *label,
                                                              double                      available);
double                      hearth_label_fit_measure         (HearthLabelFit             *self,
                                                              const char                 *text);

const char                 *hearth_label_get_text            (HearthLabel                *label);
PangoLayout                *hearth_label_get_layout          (HearthLabel                *label,
                                                              double                     *width);

const char                 *hearth_label_short_name          (const char                 *label);

G_END_DECLS
