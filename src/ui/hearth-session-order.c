/* hearth-session-order.c: the session's time order (the flame chart) and time range (the
 * merged graph and the panes of a part of the clock).
 *
 * Copyright 2026 The Hearth authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#define G_LOG_DOMAIN "hearth-session"

#include "hearth-session-private.h"

#include <glib/gi18n.h>

#include "hearth-timeline.h"

/* A new profile starts merged and whole. */
void
_hearth_session_reset_order (HearthSession *self)
{
  gboolean had_range = self->range_end > self->range_start;

  self->range_start = self->range_end = 0;
  if (had_range)
    g_object_notify_by_pspec (G_OBJECT (self), _hearth_session_props[PROP_HAS_RANGE]);
  if (self->time_order)
    {
      self->time_order = FALSE;
      g_object_notify_by_pspec (G_OBJECT (self), _hearth_session_props[PROP_TIME_ORDER]);
    }
}

/**
 * hearth_session_get_full_profile:
 * @self: a #HearthSession
 *
 * Returns: (nullable) (transfer none): the profile loaded; #HearthSession:profile is a time
 *   range of it while one is chosen
 */
HearthProfile *
hearth_session_get_full_profile (HearthSession *self)
{
  g_return_val_if_fail (HEARTH_IS_SESSION (self), NULL);

  return self->full_profile;
}

/* Returns: whether the loaded profile keeps time order (so that it has a chart). */
gboolean
hearth_session_keeps_order (HearthSession *self)
{
  g_return_val_if_fail (HEARTH_IS_SESSION (self), FALSE);

  return self->full_profile != NULL && hearth_profile_get_timeline (self->full_profile) != NULL;
}

gboolean
hearth_session_get_time_order (HearthSession *self)
{
  g_return_val_if_fail (HEARTH_IS_SESSION (self), FALSE);

  return self->time_order;
}

/**
 * hearth_session_set_time_order:
 * @self: a #HearthSession
 * @time_order: show the flame chart; %FALSE for the merged graph
 *
 * Lays the tree out again as the chart of the loaded profile, or merged (of the range, if
 * one is chosen). Ignored for a profile that keeps no time order.
 */
void
hearth_session_set_time_order (HearthSession *self,
                               gboolean       time_order)
{
  g_return_if_fail (HEARTH_IS_SESSION (self));

  time_order = !!time_order && hearth_session_keeps_order (self);
  if (self->time_order == time_order)
    return;
  self->time_order = time_order;
  g_object_notify_by_pspec (G_OBJECT (self), _hearth_session_props[PROP_TIME_ORDER]);
  _hearth_session_schedule_layout (self, FALSE);
}

/* Returns: whether a range is chosen; then @start and @end hold it (on the chart's clock). */
gboolean
hearth_session_get_range (HearthSession *self,
                          double        *start,
                          double        *end)
{
  g_return_val_if_fail (HEARTH_IS_SESSION (self), FALSE);

  if (start != NULL)
    *start = self->range_start;
  if (end != NULL)
    *end = self->range_end;
  return self->range_end > self->range_start;
}

/**
 * hearth_session_set_range:
 * @self: a #HearthSession
 * @start: where the range starts on the loaded profile's clock
 * @end: where it ends; not after @start to show the whole profile again
 *
 * Makes the profile shown (the merged graph, the Functions table, the panes) the samples
 * and calls of [@start, @end); the chart keeps showing the whole clock.
 */
void
hearth_session_set_range (HearthSession *self,
                          double         start,
                          double         end)
{
  g_return_if_fail (HEARTH_IS_SESSION (self));

  if (!hearth_session_keeps_order (self) || !(end > start))
    start = end = 0;
  if (start == self->range_start && end == self->range_end)
    return;
  self->range_start = start;
  self->range_end = end;
  g_object_notify_by_pspec (G_OBJECT (self), _hearth_session_props[PROP_HAS_RANGE]);
  _hearth_session_schedule_layout (self, TRUE);
}

void
hearth_session_clear_range (HearthSession *self)
{
  hearth_session_set_range (self, 0, 0);
}

/* Returns: (nullable): the range as the window says it ("1.20 s – 3.40 s"), or %NULL. */
char *
hearth_session_dup_range_label (HearthSession *self)
{
  g_autofree char *start = NULL;
  g_autofree char *end = NULL;

  if (!hearth_session_get_range (self, NULL, NULL))
    return NULL;
  start = hearth_session_format_value (self, self->range_start);
  end = hearth_session_format_value (self, self->range_end);
  /* TRANSLATORS: a time range of the profile, e.g. "1.20 s – 3.40 s" (an en dash) */
  return g_strdup_printf (_("%s – %s"), start, end);
}
