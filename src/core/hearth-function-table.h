/* hearth-function-table.h: every function of a profile as one row, sorted and filtered.
 *
 * Copyright 2026 The Hearth authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include "hearth-call-tree.h"
#include "hearth-names.h"

G_BEGIN_DECLS

/**
 * HearthFunctionColumn:
 * @HEARTH_FUNCTION_COLUMN_OWN: own time (pstats `tottime`)
 * @HEARTH_FUNCTION_COLUMN_CUM: cumulative time (pstats `cumtime`)
 * @HEARTH_FUNCTION_COLUMN_CALLS: all calls (pstats `ncalls` before the slash)
 * @HEARTH_FUNCTION_COLUMN_PRIM_CALLS: primitive calls (after the slash)
 * @HEARTH_FUNCTION_COLUMN_OWN_PER_CALL: own time per call (pstats: over all calls)
 * @HEARTH_FUNCTION_COLUMN_CUM_PER_CALL: cumulative time per call (pstats: over primitive calls)
 * @HEARTH_FUNCTION_COLUMN_N_CALLERS: how many functions called it
 * @HEARTH_FUNCTION_COLUMN_PLACE: file, then line
 * @HEARTH_FUNCTION_COLUMN_NAME: the name shown on its bars
 * @HEARTH_FUNCTION_COLUMN_CATEGORY: mine, installed, Python
 *
 * The columns of the table, each of which it can be sorted by.
 */
typedef enum
{
  HEARTH_FUNCTION_COLUMN_OWN,
  HEARTH_FUNCTION_COLUMN_CUM,
  HEARTH_FUNCTION_COLUMN_CALLS,
  HEARTH_FUNCTION_COLUMN_PRIM_CALLS,
  HEARTH_FUNCTION_COLUMN_OWN_PER_CALL,
  HEARTH_FUNCTION_COLUMN_CUM_PER_CALL,
  HEARTH_FUNCTION_COLUMN_N_CALLERS,
  HEARTH_FUNCTION_COLUMN_PLACE,
  HEARTH_FUNCTION_COLUMN_NAME,
  HEARTH_FUNCTION_COLUMN_CATEGORY,
} HearthFunctionColumn;

#define HEARTH_N_FUNCTION_COLUMNS (HEARTH_FUNCTION_COLUMN_CATEGORY + 1)

/**
 * HearthFunctionRow:
 * @function: the function's index in the profile
 * @calls: all calls; for stack profiles, samples with it anywhere on the stack
 * @prim_calls: primitive calls; for stack profiles, samples with it at the top
 * @own: own time as the file holds it (raw: may be NaN); for stack profiles, the weight of
 *   the samples with it at the top
 * @cum: cumulative time (raw); for stack profiles, the weight of the samples with it
 *   anywhere on the stack, counted once per sample however often recursion repeats it
 * @own_per_call: @own / @calls, NaN without calls (pstats prints nothing there)
 * @cum_per_call: @cum / @prim_calls, NaN without primitive calls
 * @n_callers: the functions that called it (the entries of pstats' callers, itself included)
 * @category: where it lives
 *
 * One row: a function listed in the file (pstats' `.stats` has an entry for it).
 */
typedef struct
{
  guint           function;
  gint64          calls;
  gint64          prim_calls;
  double          own;
  double          cum;
  double          own_per_call;
  double          cum_per_call;
  guint           n_callers;
  HearthCategory  category;
} HearthFunctionRow;

#define HEARTH_TYPE_FUNCTION_TABLE (hearth_function_table_get_type ())

G_DECLARE_FINAL_TYPE (HearthFunctionTable, hearth_function_table, HEARTH, FUNCTION_TABLE, GObject)

HearthFunctionTable     *hearth_function_table_new             (HearthNames           *names);
HearthProfile           *hearth_function_table_get_profile     (HearthFunctionTable   *self);
HearthNames             *hearth_function_table_get_names       (HearthFunctionTable   *self);
guint                    hearth_function_table_get_n_functions (HearthFunctionTable   *self);
guint                    hearth_function_table_get_n_rows      (HearthFunctionTable   *self);
const HearthFunctionRow *hearth_function_table_get_row         (HearthFunctionTable   *self,
                                                                guint                  position);
gint                     hearth_function_table_find            (HearthFunctionTable   *self,
                                                                guint                  function);
void                     hearth_function_table_sort            (HearthFunctionTable   *self,
                                                                HearthFunctionColumn   column,
                                                                gboolean               descending);
HearthFunctionColumn     hearth_function_table_get_sort_column (HearthFunctionTable   *self,
                                                                gboolean              *descending);
gboolean                 hearth_function_table_set_filter      (HearthFunctionTable   *self,
                                                                const char            *text,
                                                                gboolean               regex,
                                                                GError               **error);

gboolean                 hearth_function_table_matches         (HearthNames           *names,
                                                                guint                  function,
                                                                const char            *folded_text,
                                                                GRegex                *regex);

guint                   *hearth_function_table_dup_bars        (HearthCallTree        *tree,
                                                                guint                  function,
                                                                guint                 *n_bars,
                                                                double                *total);

G_END_DECLS
