/* hearth-function-item.c: one row of a function table, as a list model's item.
 *
 * Copyright 2026 The Hearth authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#define G_LOG_DOMAIN "hearth-function-item"

#include "hearth-function-item.h"

/* Items are made when a list view asks for a position and dropped when it lets go, so that
 * 200,000 rows cost 200,000 plain structs, not objects. The row stays valid while the item
 * holds its table: sorting and filtering reorder positions, never the rows. */

struct _HearthFunctionItem
{
  GObject                  parent_instance;

  HearthFunctionTable     *table;   /* owned */
  const HearthFunctionRow *row;     /* in the table's rows */
};

G_DEFINE_FINAL_TYPE (HearthFunctionItem, hearth_function_item, G_TYPE_OBJECT)

static void
hearth_function_item_dispose (GObject *object)
{
  HearthFunctionItem *self = (HearthFunctionItem *) object;

  g_clear_object (&self->table);

  G_OBJECT_CLASS (hearth_function_item_parent_class)->dispose (object);
}

static void
hearth_function_item_class_init (HearthFunctionItemClass *klass)
{
  G_OBJECT_CLASS (klass)->dispose = hearth_function_item_dispose;
}

static void
hearth_function_item_init (HearthFunctionItem *self)
{
}

/* For the table: an item for one of its rows. */
HearthFunctionItem *
_hearth_function_item_new (HearthFunctionTable     *table,
                           const HearthFunctionRow *row)
{
  HearthFunctionItem *self = g_object_new (HEARTH_TYPE_FUNCTION_ITEM, NULL);

  self->table = g_object_ref (table);
  self->row = row;
  return self;
}

/**
 * hearth_function_item_get_table:
 * @self: an item
 *
 * Returns: (transfer none): the table it is a row of
 */
HearthFunctionTable *
hearth_function_item_get_table (HearthFunctionItem *self)
{
  g_return_val_if_fail (HEARTH_IS_FUNCTION_ITEM (self), NULL);
  return self->table;
}

/**
 * hearth_function_item_get_row:
 * @self: an item
 *
 * Returns: (transfer none): its row, valid as long as the item
 */
const HearthFunctionRow *
hearth_function_item_get_row (HearthFunctionItem *self)
{
  g_return_val_if_fail (HEARTH_IS_FUNCTION_ITEM (self), NULL);
  return self->row;
}

/**
 * hearth_function_item_get_function:
 * @self: an item
 *
 * Returns: the function index of its row
 */
guint
hearth_function_item_get_function (HearthFunctionItem *self)
{
  g_return_val_if_fail (HEARTH_IS_FUNCTION_ITEM (self), 0);
  return self->row->function;
}
