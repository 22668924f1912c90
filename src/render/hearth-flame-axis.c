/* hearth-flame-axis.c: the time axis under the graph: ticks at 1, 2 or 5 times a power of
 * ten in the unit that reads best, grid lines, and the caption that says what the axis is.
 *
 * Copyright 2026 The Hearth authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#define G_LOG_DOMAIN "hearth-flame-renderer"

#include "hearth-flame-axis.h"

#include <glib/gi18n.h>
#include <math.h>

#define TICK_SPACING 110.0   /* wanted distance between axis ticks */

/* 1, 2 or 5 times a power of ten, at least @raw */
static double
nice_step (double raw)
{
  double power, fraction;

  if (!(raw > 0) || !isfinite (raw))
    return 1;
  power = pow (10, floor (log10 (raw)));
  fraction = raw / power;
  if (fraction <= 1 + 1e-9)
    return power;
  if (fraction <= 2 + 1e-9)
    return 2 * power;
  if (fraction <= 5 + 1e-9)
    return 5 * power;
  return 10 * power;
}

/* The unit the axis counts in, how to get there from the first run's unit, and the caption. */
/* The caption of a merged graph, or (@chart) of a flame chart, whose x axis is a clock. */
static const char *
seconds_caption (double   range,
                 gboolean chart,
                 double  *multiplier)
{
  if (range < 1e-4)
    {
      *multiplier = 1e6;
      return chart ? _("time / µs, in call order") : _("time / µs, merged — not in call order");
    }
  if (range < 0.1)
    {
      *multiplier = 1e3;
      return chart ? _("time / ms, in call order") : _("time / ms, merged — not in call order");
    }
  return chart ? _("time / s, in call order") : _("time / s, merged — not in call order");
}

/* The unit the axis counts in, how to get there from the first run's unit, and the caption. */
static const char *
axis_unit (HearthFlameRenderer *self,
           const Frame         *f,
           double              *multiplier)
{
  HearthUnit unit = self->n_runs > 0 ? hearth_profile_get_unit (self->runs[0].profile)
                                     : HEARTH_UNIT_SECONDS;
  gboolean chart = self->n_runs > 0 && hearth_call_tree_is_chart (self->runs[0].tree);

  *multiplier = 1;
  if (!_hearth_flame_shared_axis (self))
    {
      *multiplier = self->runs[0].total > 0 ? 100 / self->runs[0].total : 1;
      return _("share of each run / %, merged — not in call order");
    }
  switch (unit)
    {
    case HEARTH_UNIT_SAMPLES:
      return chart ? _("samples, in call order") : _("samples, merged — not in call order");
    case HEARTH_UNIT_BYTES:
      return chart ? _("memory / bytes, in call order")
                   : _("memory / bytes, merged — not in call order");
    case HEARTH_UNIT_SECONDS:
    default:
      return seconds_caption (f->x_end - f->x_start, chart, multiplier);
    }
}

static void
format_tick (char       *text,
             gsize       size,
             double      value,
             double      step,
             double      divisor,
             const char *suffix)
{
  int decimals = MAX (0, (int) -floor (log10 (step / divisor) + 1e-9));

  g_snprintf (text, size, "%.*f%s", decimals, value / divisor, value != 0 ? suffix : "");
}

void
_hearth_flame_emit_axis (Build *b)
{
  HearthFlameRenderer *self = b->self;
  const Frame *f = &b->f;
  guint axis = _hearth_flame_color_paint (b, &b->palette->axis);
  guint grid = _hearth_flame_color_paint (b, &b->palette->grid);
  guint fg = _hearth_flame_color_paint (b, &b->palette->foreground);
  guint muted = _hearth_flame_color_paint (b, &b->palette->muted);
  double multiplier, step, first;
  double top = self->n_runs > 0 ? f->graph_y[_hearth_flame_first_shown_run (self)] : f->axis_y;
  const char *caption = axis_unit (self, f, &multiplier);
  double per_px = multiplier / f->scale[0];               /* axis units per pixel */
  double start = f->x_start * multiplier;
  double divisor = 1;
  const char *suffix = "";

  _hearth_flame_add_line (b, HEARTH_SCENE_LAYER_MARK, axis, f->left, f->axis_y + 0.5,
                          f->bars_right - f->left, 0);

  step = nice_step (TICK_SPACING * per_px);
  /* counts in the millions read better as 5M than as 5000000 */
  if (_hearth_flame_shared_axis (self) && self->n_runs > 0 &&
      hearth_profile_get_unit (self->runs[0].profile) != HEARTH_UNIT_SECONDS)
    {
      double largest = MAX (fabs (f->x_start), fabs (f->x_end)) * multiplier;

      if (largest >= 1e6 && step >= 1e4)
        {
          divisor = 1e6;
          suffix = "M";
        }
      else if (largest >= 1e4 && step >= 100)
        {
          divisor = 1e3;
          suffix = "k";
        }
    }
  first = ceil (start / step - 1e-9) * step;
  for (guint k = 0; k < 1000; k++)
    {
      double value = first + k * step;
      double x = round (f->left + (value - start) / per_px) + 0.5;
      char text[64];
      HearthLabel *label;
      double width;

      if (x > f->bars_right + 1)
        break;
      _hearth_flame_add_line (b, HEARTH_SCENE_LAYER_MARK, axis, x, f->axis_y + 0.5, 0, TICK);
      if (x > f->left + 1)
        _hearth_flame_add_line (b, HEARTH_SCENE_LAYER_BACK, grid, x, top, 0, f->axis_y - top);

      format_tick (text, sizeof text, fabs (value) < step / 2 ? 0.0 : value, step, divisor,
                   suffix);
      label = hearth_label_fit_lookup (self->fit[HEARTH_SCENE_FONT_LABEL], text);
      hearth_label_get_layout (label, &width);
      /* centred under its tick, but never past the edges of the page */
      _hearth_flame_add_plain_text (b, HEARTH_SCENE_FONT_LABEL, fg,
                                    round (CLAMP (x - width / 2, f->left - self->margin / 2,
                                                  f->width - width - 1)),
                      f->axis_y + TICK + 2, text);
    }

  _hearth_flame_add_plain_text (b, HEARTH_SCENE_FONT_LABEL, muted, f->left, f->caption_y, caption);
}
