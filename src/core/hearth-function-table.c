/* hearth-function-table.c: every function of a profile as one row, sorted and filtered.
 *
 * Copyright 2026 The Hearth authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#define G_LOG_DOMAIN "hearth-function-table"

#include "hearth-function-table.h"
#include "hearth-call-tree-private.h"
#include "hearth-function-item.h"

#include <math.h>
#include <string.h>

/* The table pstats prints, for a profile of any kind: the rows are built once, and sorting
 * and filtering only reorder an array of positions, so that 200,000 rows stay cheap. As a
 * GListModel its items are the rows the filter keeps, in the sorted order, made on demand
 * (#HearthFunctionItem); a sort or a new filter replaces them all. */

struct _HearthFunctionTable
{
  GObject               parent_instance;

  /* owned */
  HearthNames          *names;
  HearthProfile        *profile;
  HearthFunctionRow    *rows;
  guint                 n_rows;

  /* the order shown: all rows sorted, and those the filter keeps */
  guint                *sorted;
  guint                *shown;
  guint                 n_shown;
  guint8               *hidden;       /* per row, what the filter leaves out */
  guint                *position_of;  /* per function, its position in shown or G_MAXUINT */
  HearthFunctionColumn  column;
  gboolean              descending;
};

static void list_model_init (GListModelInterface *iface);

G_DEFINE_FINAL_TYPE_WITH_CODE (HearthFunctionTable, hearth_function_table, G_TYPE_OBJECT,
                               G_IMPLEMENT_INTERFACE (G_TYPE_LIST_MODEL, list_model_init))

static GType
list_model_get_item_type (GListModel *model)
{
  return HEARTH_TYPE_FUNCTION_ITEM;
}

static guint
list_model_get_n_items (GListModel *model)
{
  return HEARTH_FUNCTION_TABLE (model)->n_shown;
}

static gpointer
list_model_get_item (GListModel *model,
                     guint       position)
{
  HearthFunctionTable *self = HEARTH_FUNCTION_TABLE (model);

  if (position >= self->n_shown)
    return NULL;
  return _hearth_function_item_new (self, &self->rows[self->shown[position]]);
}

static void
list_model_init (GListModelInterface *iface)
{
  iface->get_item_type = list_model_get_item_type;
  iface->get_n_items = list_model_get_n_items;
  iface->get_item = list_model_get_item;
}

static void
hearth_function_table_finalize (GObject *object)
{
  HearthFunctionTable *self = (HearthFunctionTable *) object;

  g_clear_object (&self->names);
  g_clear_object (&self->profile);
  g_clear_pointer (&self->rows, g_free);
  g_clear_pointer (&self->sorted, g_free);
  g_clear_pointer (&self->shown, g_free);
  g_clear_pointer (&self->hidden, g_free);
  g_clear_pointer (&self->position_of, g_free);

  G_OBJECT_CLASS (hearth_function_table_parent_class)->finalize (object);
}

static void
hearth_function_table_class_init (HearthFunctionTableClass *klass)
{
  G_OBJECT_CLASS (klass)->finalize = hearth_function_table_finalize;
}

static void
hearth_function_table_init (HearthFunctionTable *self)
{
}

static double
per_call (double  value,
          gint64  calls)
{
  return calls > 0 ? value / (double) calls : NAN;
}

static void
fill_rows (HearthFunctionTable *self)
{
  guint n = hearth_profile_get_n_functions (self->profile);

  self->rows = g_new0 (HearthFunctionRow, MAX (n, 1));
  for (guint f = 0; f < n; f++)
    {
      const HearthFunction *fn = hearth_profile_get_function (self->profile, f);
      HearthFunctionRow *row = &self->rows[self->n_rows];

      if (!fn->listed)
        continue;
      row->function = f;
      row->calls = fn->calls;
      row->prim_calls = fn->prim_calls;
      row->own = fn->own;
      row->cum = fn->cum;
      row->own_per_call = per_call (fn->own, fn->calls);
      row->cum_per_call = per_call (fn->cum, fn->prim_calls);
      hearth_profile_get_callers (self->profile, f, &row->n_callers);
      row->category = hearth_names_get_category (self->names, f);
      self->n_rows++;
    }
}

/* NaN below everything, so that it ends a list sorted largest first. */
static inline int
compare_doubles (double a,
                 double b)
{
  gboolean na = isnan (a) != 0, nb = isnan (b) != 0;

  if (na || nb)
    return nb - na;
  return (a > b) - (a < b);
}

static inline int
compare_ints (gint64 a,
              gint64 b)
{
  return (a > b) - (a < b);
}

static int
compare_column (HearthFunctionTable     *self,
                const HearthFunctionRow *x,
                const HearthFunctionRow *y)
{
  const HearthFunction *fx, *fy;
  int c;

  switch (self->column)
    {
    case HEARTH_FUNCTION_COLUMN_OWN:
      return compare_doubles (x->own, y->own);
    case HEARTH_FUNCTION_COLUMN_CUM:
      return compare_doubles (x->cum, y->cum);
    case HEARTH_FUNCTION_COLUMN_CALLS:
      return compare_ints (x->calls, y->calls);
    case HEARTH_FUNCTION_COLUMN_PRIM_CALLS:
      return compare_ints (x->prim_calls, y->prim_calls);
    case HEARTH_FUNCTION_COLUMN_OWN_PER_CALL:
      return compare_doubles (x->own_per_call, y->own_per_call);
    case HEARTH_FUNCTION_COLUMN_CUM_PER_CALL:
      return compare_doubles (x->cum_per_call, y->cum_per_call);
    case HEARTH_FUNCTION_COLUMN_N_CALLERS:
      return compare_ints (x->n_callers, y->n_callers);
    case HEARTH_FUNCTION_COLUMN_PLACE:
      fx = hearth_profile_get_function (self->profile, x->function);
      fy = hearth_profile_get_function (self->profile, y->function);
      if ((c = g_strcmp0 (fx->file, fy->file)) != 0)
        return c;
      return compare_ints (fx->line, fy->line);
    case HEARTH_FUNCTION_COLUMN_NAME:
      return g_strcmp0 (hearth_names_get_label (self->names, x->function),
                        hearth_names_get_label (self->names, y->function));
    case HEARTH_FUNCTION_COLUMN_CATEGORY:
    default:
      return compare_ints (x->category, y->category);
    }
}

/* The column's order, then the key (file, line, name) ascending whichever way the column
 * goes: the order is total, so the same every time. */
static int
compare_rows (const void *a,
              const void *b,
              void       *data)
{
  HearthFunctionTable *self = data;
  const HearthFunctionRow *x = &self->rows[*(const guint *) a];
  const HearthFunctionRow *y = &self->rows[*(const guint *) b];
  int c = compare_column (self, x, y);

  if (c != 0)
    return self->descending ? -c : c;
  return _hearth_call_tree_compare_functions (self->profile, x->function, y->function);
}

/* Recomputes the rows shown; tells a list view, unless @quiet (while constructing). */
static void
update_shown (HearthFunctionTable *self,
              gboolean             quiet)
{
  guint n_functions = hearth_profile_get_n_functions (self->profile);
  guint before = self->n_shown;

  self->n_shown = 0;
  for (guint f = 0; f < n_functions; f++)
    self->position_of[f] = G_MAXUINT;
  for (guint i = 0; i < self->n_rows; i++)
    {
      guint r = self->sorted[i];

      if (self->hidden[r])
        continue;
      self->position_of[self->rows[r].function] = self->n_shown;
      self->shown[self->n_shown++] = r;
    }
  if (!quiet && (before > 0 || self->n_shown > 0))
    g_list_model_items_changed (G_LIST_MODEL (self), 0, before, self->n_shown);
}

/**
 * hearth_function_table_new:
 * @names: the names of a finished profile (labels and categories)
 *
 * Builds one row per function listed in the profile, sorted by own time, largest first. The
 * table is a #GListModel of #HearthFunctionItem for a list view.
 *
 * Returns: (transfer full): the table
 */
HearthFunctionTable *
hearth_function_table_new (HearthNames *names)
{
  HearthFunctionTable *self;
  guint n_functions;

  g_return_val_if_fail (HEARTH_IS_NAMES (names), NULL);

  self = g_object_new (HEARTH_TYPE_FUNCTION_TABLE, NULL);
  self->names = g_object_ref (names);
  self->profile = g_object_ref (hearth_names_get_profile (names));
  n_functions = hearth_profile_get_n_functions (self->profile);
  fill_rows (self);
  self->sorted = g_new (guint, MAX (self->n_rows, 1));
  self->shown = g_new (guint, MAX (self->n_rows, 1));
  self->hidden = g_new0 (guint8, MAX (self->n_rows, 1));
  self->position_of = g_new (guint, MAX (n_functions, 1));
  for (guint i = 0; i < self->n_rows; i++)
    self->sorted[i] = i;
  self->column = HEARTH_FUNCTION_COLUMN_OWN;
  self->descending = TRUE;
  g_qsort_with_data (self->sorted, self->n_rows, sizeof (guint), compare_rows, self);
  update_shown (self, TRUE);

  return self;
}

/**
 * hearth_function_table_get_profile:
 * @self: a function table
 *
 * Returns: (transfer none): its profile
 */
HearthProfile *
hearth_function_table_get_profile (HearthFunctionTable *self)
{
  g_return_val_if_fail (HEARTH_IS_FUNCTION_TABLE (self), NULL);
  return self->profile;
}

/**
 * hearth_function_table_get_names:
 * @self: a function table
 *
 * Returns: (transfer none): the names it was made with
 */
HearthNames *
hearth_function_table_get_names (HearthFunctionTable *self)
{
  g_return_val_if_fail (HEARTH_IS_FUNCTION_TABLE (self), NULL);
  return self->names;
}

/**
 * hearth_function_table_get_n_functions:
 * @self: a function table
 *
 * Returns: how many rows it has, filtered or not (pstats' `len (stats)`)
 */
guint
hearth_function_table_get_n_functions (HearthFunctionTable *self)
{
  g_return_val_if_fail (HEARTH_IS_FUNCTION_TABLE (self), 0);
  return self->n_rows;
}

/**
 * hearth_function_table_get_n_rows:
 * @self: a function table
 *
 * Returns: how many rows the filter keeps
 */
guint
hearth_function_table_get_n_rows (HearthFunctionTable *self)
{
  g_return_val_if_fail (HEARTH_IS_FUNCTION_TABLE (self), 0);
  return self->n_shown;
}

/**
 * hearth_function_table_get_row:
 * @self: a function table
 * @position: a position among the rows the filter keeps, in the sorted order
 *
 * Returns: (transfer none): the row
 */
const HearthFunctionRow *
hearth_function_table_get_row (HearthFunctionTable *self,
                               guint                position)
{
  g_return_val_if_fail (HEARTH_IS_FUNCTION_TABLE (self), NULL);
  g_return_val_if_fail (position < self->n_shown, NULL);
  return &self->rows[self->shown[position]];
}

/**
 * hearth_function_table_find:
 * @self: a function table
 * @function: a function index of the profile
 *
 * Returns: the position of @function's row, or -1 when it has none or the filter hides it
 */
gint
hearth_function_table_find (HearthFunctionTable *self,
                            guint                function)
{
  g_return_val_if_fail (HEARTH_IS_FUNCTION_TABLE (self), -1);

  if (function >= hearth_profile_get_n_functions (self->profile) ||
      self->position_of[function] == G_MAXUINT)
    return -1;
  return (gint) self->position_of[function];
}

/**
 * hearth_function_table_sort:
 * @self: a function table
 * @column: the column to sort by
 * @descending: largest first (for text columns: reverse order)
 *
 * Sorts the rows; ties are always broken by the key (file, line, name), ascending. NaN
 * counts as less than any number.
 */
void
hearth_function_table_sort (HearthFunctionTable  *self,
                            HearthFunctionColumn  column,
                            gboolean              descending)
{
  g_return_if_fail (HEARTH_IS_FUNCTION_TABLE (self));
  g_return_if_fail (column < HEARTH_N_FUNCTION_COLUMNS);

  self->column = column;
  self->descending = descending != FALSE;
  g_qsort_with_data (self->sorted, self->n_rows, sizeof (guint), compare_rows, self);
  update_shown (self, FALSE);
}

/**
 * hearth_function_table_get_sort_column:
 * @self: a function table
 * @descending: (out) (optional): whether it is sorted largest first
 *
 * Returns: the column the rows are sorted by
 */
HearthFunctionColumn
hearth_function_table_get_sort_column (HearthFunctionTable *self,
                                       gboolean            *descending)
{
  g_return_val_if_fail (HEARTH_IS_FUNCTION_TABLE (self), HEARTH_FUNCTION_COLUMN_OWN);

  if (descending != NULL)
    *descending = self->descending;
  return self->column;
}

static gboolean
field_matches (const char *field,
               const char *folded_text,
               GRegex     *regex)
{
  g_autofree char *folded = NULL;

  if (field == NULL || field[0] == '\0')
    return FALSE;
  if (regex != NULL)
    return g_regex_match (regex, field, 0, NULL);
  folded = g_utf8_casefold (field, -1);
  return strstr (folded, folded_text) != NULL;
}

/**
 * hearth_function_table_matches:
 * @names: the names of a profile
 * @function: a function index
 * @folded_text: (nullable): the search text, case-folded with g_utf8_casefold()
 * @regex: (nullable): or a regular expression
 *
 * The window's search: the label, the qualified name, the name as recorded, the file and the
 * frame text are looked in, case-insensitively (for a regular expression, as compiled).
 *
 * Returns: whether @function matches
 */
gboolean
hearth_function_table_matches (HearthNames *names,
                               guint        function,
                               const char  *folded_text,
                               GRegex      *regex)
{
  const HearthFunction *f;
  const char *fields[5];

  g_return_val_if_fail (HEARTH_IS_NAMES (names), FALSE);
  g_return_val_if_fail (folded_text != NULL || regex != NULL, FALSE);

  f = hearth_profile_get_function (hearth_names_get_profile (names), function);
  fields[0] = hearth_names_get_label (names, function);
  fields[1] = hearth_names_get_qualified (names, function);
  fields[2] = f->name;
  fields[3] = f->file;
  fields[4] = f->frame;
  for (guint i = 0; i < G_N_ELEMENTS (fields); i++)
    if (field_matches (fields[i], folded_text, regex))
      return TRUE;
  return FALSE;
}

/**
 * hearth_function_table_set_filter:
 * @self: a function table
 * @text: (nullable): the search text; %NULL or "" keeps every row
 * @regex: whether @text is a regular expression (matched case-insensitively)
 * @error: return location for a #GRegexError when @text does not compile
 *
 * Keeps the rows of the functions that match the search as the window's search box matches
 * them (see hearth_function_table_matches()), in the sorted order.
 *
 * Returns: %FALSE with @error set when the regular expression is invalid (the filter is then
 *   left as it was)
 */
gboolean
hearth_function_table_set_filter (HearthFunctionTable  *self,
                                  const char           *text,
                                  gboolean              regex,
                                  GError              **error)
{
  g_autoptr (GRegex) compiled = NULL;
  g_autofree char *folded = NULL;
  gboolean all = text == NULL || text[0] == '\0';

  g_return_val_if_fail (HEARTH_IS_FUNCTION_TABLE (self), FALSE);
  g_return_val_if_fail (error == NULL || *error == NULL, FALSE);

  if (!all && regex)
    {
      compiled = g_regex_new (text, G_REGEX_CASELESS | G_REGEX_OPTIMIZE, 0, error);
      if (compiled == NULL)
        return FALSE;
    }
  else if (!all)
    folded = g_utf8_casefold (text, -1);

  for (guint i = 0; i < self->n_rows; i++)
    self->hidden[i] = !all && !hearth_function_table_matches (self->names,
                                                              self->rows[i].function,
                                                              folded, compiled);
  update_shown (self, FALSE);
  return TRUE;
}

/**
 * hearth_function_table_dup_bars:
 * @tree: a call tree
 * @function: a function index of its profile
 * @n_bars: (out): how many bars @function has in @tree
 * @total: (out) (optional): their width, a bar inside another of them counted once
 *
 * What selecting a function shows in the flame graph: all of its bars, and the share of the
 * run they stand for ("4 bars, 31 % of the run, nested counted once").
 *
 * Returns: (transfer full): the bars' node indices in walk order
 */
guint *
hearth_function_table_dup_bars (HearthCallTree *tree,
                                guint           function,
                                guint          *n_bars,
                                double         *total)
{
  guint n = hearth_call_tree_get_n_nodes (tree);
  g_autoptr (GArray) bars = g_array_new (FALSE, FALSE, sizeof (guint));
  guint inside = G_MAXUINT;  /* the depth of the outermost bar of @function being walked */
  double sum = 0;

  g_return_val_if_fail (HEARTH_IS_CALL_TREE (tree), NULL);
  g_return_val_if_fail (n_bars != NULL, NULL);

  /* in walk order a bar's subtree follows it */
  for (guint i = 0; i < n; i++)
    {
      const HearthNode *node = hearth_call_tree_get_node (tree, i);

      if (inside != G_MAXUINT && node->depth <= inside)
        inside = G_MAXUINT;
      if (node->function != function)
        continue;
      g_array_append_val (bars, i);
      if (inside == G_MAXUINT)
        {
          sum += node->width;
          inside = node->depth;
        }
    }

  *n_bars = bars->len;
  if (total != NULL)
    *total = sum;
  return (guint *) (void *) g_array_free (g_steal_pointer (&bars), FALSE);
}
