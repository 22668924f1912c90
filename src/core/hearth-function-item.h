/* hearth-function-item.h: one row of a function table, as a list model's item.
 *
 * Copyright 2026 The Hearth authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include "hearth-function-table.h"

G_BEGIN_DECLS

#define HEARTH_TYPE_FUNCTION_ITEM (hearth_function_item_get_type ())

G_DECLARE_FINAL_TYPE (HearthFunctionItem, hearth_function_item, HEARTH, FUNCTION_ITEM, GObject)

HearthFunctionItem      *_hearth_function_item_new         (HearthFunctionTable     *table,
                                                            const HearthFunctionRow *row);
HearthFunctionTable     *hearth_function_item_get_table    (HearthFunctionItem      *self);
const HearthFunctionRow *hearth_function_item_get_row      (HearthFunctionItem      *self);
guint                    hearth_function_item_get_function (HearthFunctionItem      *self);

G_END_DECLS
