/* hearth-row.c
 *
 * Copyright 2026 The Hearth authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#define G_LOG_DOMAIN "hearth-row"

#include "hearth-row.h"

/**
 * HearthRow:
 *
 * One row of the Callers or Widest chains list: a function or a chain, the bar it leads to,
 * and the numbers the columns show and sort by. Immutable once the pane has filled it in.
 */

struct _HearthRow
{
  GObject   parent_instance;

  char     *label;
  char     *detail;
  char     *note;
  char     *value_text;
  gint      function;
  gint      node;
  gint64    calls;
  double    value;
  double    fraction;
  gboolean  estimated;
};

G_DEFINE_FINAL_TYPE (HearthRow, hearth_row, G_TYPE_OBJECT)

enum
{
  PROP_0,
  PROP_LABEL,
  PROP_DETAIL,
  PROP_CALLS,
  PROP_VALUE,
  PROP_FRACTION,
  N_PROPS
};

static GParamSpec *properties[N_PROPS];

static void
hearth_row_finalize (GObject *object)
{
  HearthRow *self = HEARTH_ROW (object);

  g_free (self->label);
  g_free (self->detail);
  g_free (self->note);
  g_free (self->value_text);

  G_OBJECT_CLASS (hearth_row_parent_class)->finalize (object);
}

static void
hearth_row_get_property (GObject    *object,
                         guint       prop_id,
                         GValue     *value,
                         GParamSpec *pspec)
{
  HearthRow *self = HEARTH_ROW (object);

  switch (prop_id)
    {
    case PROP_LABEL:
      g_value_set_string (value, self->label);
      break;
    case PROP_DETAIL:
      g_value_set_string (value, self->detail);
      break;
    case PROP_CALLS:
      g_value_set_int64 (value, self->calls);
      break;
    case PROP_VALUE:
      g_value_set_double (value, self->value);
      break;
    case PROP_FRACTION:
      g_value_set_double (value, self->fraction);
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
hearth_row_class_init (HearthRowClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  const GParamFlags flags = G_PARAM_READABLE | G_PARAM_STATIC_STRINGS;

  object_class->finalize = hearth_row_finalize;
  object_class->get_property = hearth_row_get_property;

  /** HearthRow:label: the function or chain, for people */
  properties[PROP_LABEL] = g_param_spec_string ("label", NULL, NULL, NULL, flags);
  /** HearthRow:detail: a second line, e.g. `file:line` */
  properties[PROP_DETAIL] = g_param_spec_string ("detail", NULL, NULL, NULL, flags);
  /** HearthRow:calls: calls along the edge, -1 when unknown */
  properties[PROP_CALLS] = g_param_spec_int64 ("calls", NULL, NULL, -1, G_MAXINT64, -1, flags);
  /** HearthRow:value: a time (or count) in the profile's unit */
  properties[PROP_VALUE] = g_param_spec_double ("value", NULL, NULL,
                                                -G_MAXDOUBLE, G_MAXDOUBLE, 0, flags);
  /** HearthRow:fraction: the value as a fraction of the run */
  properties[PROP_FRACTION] = g_param_spec_double ("fraction", NULL, NULL,
                                                   -G_MAXDOUBLE, G_MAXDOUBLE, 0, flags);
  g_object_class_install_properties (object_class, N_PROPS, properties);
}

static void
hearth_row_init (HearthRow *self)
{
  self->function = -1;
  self->node = -1;
  self->calls = -1;
}

/**
 * hearth_row_new:
 * @label: the function or chain
 * @function: its function index, or -1
 * @node: the bar it leads to, or -1
 * @calls: calls, or -1 when unknown
 * @value: a time in the profile's unit
 * @fraction: @value as a fraction of the run
 *
 * Returns: (transfer full): a new row
 */
HearthRow *
hearth_row_new (const char *label,
                gint        function,
                gint        node,
                gint64      calls,
                double      value,
                double      fraction)
{
  HearthRow *self = g_object_new (HEARTH_TYPE_ROW, NULL);

  self->label = g_strdup (label);
  self->function = function;
  self->node = node;
  self->calls = calls;
  self->value = value;
  self->fraction = fraction;
  return self;
}

/**
 * hearth_row_get_label:
 * @self: a #HearthRow
 *
 * Returns: the function or chain
 */
const char *
hearth_row_get_label (HearthRow *self)
{
  g_return_val_if_fail (HEARTH_IS_ROW (self), NULL);
  return self->label;
}

/**
 * hearth_row_get_detail:
 * @self: a #HearthRow
 *
 * Returns: (nullable): the second line
 */
const char *
hearth_row_get_detail (HearthRow *self)
{
  g_return_val_if_fail (HEARTH_IS_ROW (self), NULL);
  return self->detail;
}

/**
 * hearth_row_set_detail:
 * @self: a #HearthRow
 * @detail: (nullable): a second line
 */
void
hearth_row_set_detail (HearthRow  *self,
                       const char *detail)
{
  g_return_if_fail (HEARTH_IS_ROW (self));
  g_free (self->detail);
  self->detail = g_strdup (detail);
}

/**
 * hearth_row_get_note:
 * @self: a #HearthRow
 *
 * Returns: (nullable): a short line shown under the chain, e.g. how the shares compare
 */
const char *
hearth_row_get_note (HearthRow *self)
{
  g_return_val_if_fail (HEARTH_IS_ROW (self), NULL);
  return self->note;
}

/**
 * hearth_row_set_note:
 * @self: a #HearthRow
 * @note: (nullable): a short line shown under the chain
 */
void
hearth_row_set_note (HearthRow  *self,
                     const char *note)
{
  g_return_if_fail (HEARTH_IS_ROW (self));
  g_free (self->note);
  self->note = g_strdup (note);
}

/**
 * hearth_row_get_value_text:
 * @self: a #HearthRow
 *
 * Returns: (nullable): the value formatted for people
 */
const char *
hearth_row_get_value_text (HearthRow *self)
{
  g_return_val_if_fail (HEARTH_IS_ROW (self), NULL);
  return self->value_text;
}

/**
 * hearth_row_set_value_text:
 * @self: a #HearthRow
 * @text: (nullable): the value formatted for people
 */
void
hearth_row_set_value_text (HearthRow  *self,
                           const char *text)
{
  g_return_if_fail (HEARTH_IS_ROW (self));
  g_free (self->value_text);
  self->value_text = g_strdup (text);
}

/**
 * hearth_row_get_function:
 * @self: a #HearthRow
 *
 * Returns: the function index, or -1
 */
gint
hearth_row_get_function (HearthRow *self)
{
  g_return_val_if_fail (HEARTH_IS_ROW (self), -1);
  return self->function;
}

/**
 * hearth_row_get_node:
 * @self: a #HearthRow
 *
 * Returns: the bar the row leads to, or -1
 */
gint
hearth_row_get_node (HearthRow *self)
{
  g_return_val_if_fail (HEARTH_IS_ROW (self), -1);
  return self->node;
}

/**
 * hearth_row_get_calls:
 * @self: a #HearthRow
 *
 * Returns: calls, or -1 when unknown
 */
gint64
hearth_row_get_calls (HearthRow *self)
{
  g_return_val_if_fail (HEARTH_IS_ROW (self), -1);
  return self->calls;
}

/**
 * hearth_row_get_value:
 * @self: a #HearthRow
 *
 * Returns: the time in the profile's unit
 */
double
hearth_row_get_value (HearthRow *self)
{
  g_return_val_if_fail (HEARTH_IS_ROW (self), 0);
  return self->value;
}

/**
 * hearth_row_get_fraction:
 * @self: a #HearthRow
 *
 * Returns: the value as a fraction of the run
 */
double
hearth_row_get_fraction (HearthRow *self)
{
  g_return_val_if_fail (HEARTH_IS_ROW (self), 0);
  return self->fraction;
}

/**
 * hearth_row_get_estimated:
 * @self: a #HearthRow
 *
 * Returns: whether the row's bar is estimated (an E flag)
 */
gboolean
hearth_row_get_estimated (HearthRow *self)
{
  g_return_val_if_fail (HEARTH_IS_ROW (self), FALSE);
  return self->estimated;
}

/**
 * hearth_row_set_estimated:
 * @self: a #HearthRow
 * @estimated: the row's bar is estimated
 */
void
hearth_row_set_estimated (HearthRow *self,
                          gboolean   estimated)
{
  g_return_if_fail (HEARTH_IS_ROW (self));
  self->estimated = !!estimated;
}
