/* hearth-functions-pane.c
 *
 * Copyright 2026 The Hearth authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#define G_LOG_DOMAIN "hearth-functions-pane"

#include "hearth-functions-pane.h"

#include <glib/gi18n.h>
#include <math.h>

#include "hearth-flame-renderer.h"
#include "hearth-format.h"
#include "hearth-function-item.h"
#include "hearth-gtk-compat.h"
#include "hearth-palette.h"

/**
 * HearthFunctionsPane:
 *
 * Every function of the profile with pstats' numbers (#HearthFunctionTable): own and
 * cumulative time, calls as `12/3` where recursion makes them differ, both per call, its
 * callers, its place and its category's colour. The table itself sorts and filters its rows,
 * so that 200,000 of them stay quick: the column headers only say which column, and the
 * session's search text filters it. Selecting a row marks all of that function's bars (the
 * #HearthFunctionsPane:marked property says which function, for the window to pass on to the
 * graph) and says how much of the run they are together; activating it zooms to its widest.
 */

#define SWATCH_WIDTH  12
#define SWATCH_HEIGHT 12

typedef struct
{
  HearthFunctionsPane  *pane;
  HearthFunctionColumn  column;
} Probe;

struct _HearthFunctionsPane
{
  HearthPane           parent_instance;

  HearthFunctionTable *table;
  HearthNames         *names;     /* the names the table was built from */
  GtkSingleSelection  *selection;
  GSignalGroup        *search_signals;
  Probe                probes[HEARTH_N_FUNCTION_COLUMNS];
  gint                 probed;
  gboolean             syncing;

  gint                 marked;
  guint               *bars;
  guint                n_bars;
  char                *summary;

  /* children */
  GtkWidget           *stack;
  GtkWidget           *view;
  GtkWidget           *footer;
  GtkWidget           *sandwich_button;
};

G_DEFINE_FINAL_TYPE (HearthFunctionsPane, hearth_functions_pane, HEARTH_TYPE_PANE)

enum
{
  PROP_0,
  PROP_MARKED,
  N_PROPS
};

static GParamSpec *properties[N_PROPS];

/* Cells ------------------------------------------------------------------------------------ */

static char *
dup_value (HearthSession *session,
           double         value)
{
  return isnan (value) || session == NULL ? g_strdup ("")
                                          : hearth_session_format_value (session, value);
}

static char *
dup_cell_text (HearthFunctionsPane     *self,
               HearthFunctionColumn     column,
               const HearthFunctionRow *row)
{
  HearthSession *session = hearth_pane_get_session (HEARTH_PANE (self));
  HearthProfile *profile = hearth_function_table_get_profile (self->table);
  const HearthFunction *fn = hearth_profile_get_function (profile, row->function);

  switch (column)
    {
    case HEARTH_FUNCTION_COLUMN_OWN:
      return dup_value (session, row->own);
    case HEARTH_FUNCTION_COLUMN_CUM:
      return dup_value (session, row->cum);
    case HEARTH_FUNCTION_COLUMN_CALLS:
    case HEARTH_FUNCTION_COLUMN_PRIM_CALLS:
      /* as pstats prints recursion: all calls, then the primitive ones */
      if (row->calls != row->prim_calls)
        return g_strdup_printf ("%" G_GINT64_FORMAT "/%" G_GINT64_FORMAT, row->calls,
                                row->prim_calls);
      return g_strdup_printf ("%" G_GINT64_FORMAT, row->calls);
    case HEARTH_FUNCTION_COLUMN_OWN_PER_CALL:
      return dup_value (session, row->own_per_call);
    case HEARTH_FUNCTION_COLUMN_CUM_PER_CALL:
      return dup_value (session, row->cum_per_call);
    case HEARTH_FUNCTION_COLUMN_N_CALLERS:
      return g_strdup_printf ("%u", row->n_callers);
    case HEARTH_FUNCTION_COLUMN_PLACE:
      if (fn->line > 0)
        return g_strdup_printf ("%s:%" G_GINT64_FORMAT, fn->file, fn->line);
      return g_strdup (fn->file);
    case HEARTH_FUNCTION_COLUMN_NAME:
      /* qualified, so that two <listcomp> tell apart; the place has a column of its own */
      return g_strdup (hearth_names_get_qualified (self->names, row->function));
    case HEARTH_FUNCTION_COLUMN_CATEGORY:
    default:
      return NULL;
    }
}

static void
draw_swatch (GtkDrawingArea *area,
             cairo_t        *cr,
             int             width,
             int             height,
             gpointer        user_data)
{
  HearthCategory category = GPOINTER_TO_UINT (g_object_get_data (G_OBJECT (area), "category"));
  gboolean dark = hearth_widget_is_dark (GTK_WIDGET (area));
  HearthRgb colour;

  hearth_palette_bar (hearth_palette_get (dark), category, HEARTH_PALETTE_N_VARIANTS / 2,
                      &colour);
  hearth_swatch_paint (cr, dark, HEARTH_SWATCH_FILL, &colour, width, height);
}

/* the legend's words for the colours */
static const char *
category_text (HearthCategory category)
{
  switch (category)
    {
    case HEARTH_CATEGORY_MINE:
      return _("your code");
    case HEARTH_CATEGORY_INSTALLED:
      return _("installed packages");
    case HEARTH_CATEGORY_PYTHON:
    default:
      return _("Python and its standard library");
    }
}

static void
setup_cell (GtkSignalListItemFactory *factory,
            GtkListItem              *item,
            gpointer                  user_data)
{
  HearthFunctionColumn column = GPOINTER_TO_INT (user_data);
  GtkWidget *label;

  if (column == HEARTH_FUNCTION_COLUMN_CATEGORY)
    {
      GtkWidget *area = gtk_drawing_area_new ();

      gtk_drawing_area_set_content_width (GTK_DRAWING_AREA (area), SWATCH_WIDTH);
      gtk_drawing_area_set_content_height (GTK_DRAWING_AREA (area), SWATCH_HEIGHT);
      gtk_widget_set_halign (area, GTK_ALIGN_CENTER);
      gtk_widget_set_valign (area, GTK_ALIGN_CENTER);
      gtk_drawing_area_set_draw_func (GTK_DRAWING_AREA (area), draw_swatch, NULL, NULL);
      gtk_list_item_set_child (item, area);
      return;
    }
  label = gtk_label_new (NULL);
  switch (column)
    {
    case HEARTH_FUNCTION_COLUMN_NAME:
      /* a qualified name ends with the function's own name: the classes and modules before
       * it give way first, and the column starts wide enough for most names whole */
      gtk_label_set_xalign (GTK_LABEL (label), 0);
      gtk_label_set_ellipsize (GTK_LABEL (label), PANGO_ELLIPSIZE_START);
      gtk_label_set_width_chars (GTK_LABEL (label), 28);
      break;
    case HEARTH_FUNCTION_COLUMN_PLACE:
      /* the end of a path tells files apart */
      gtk_label_set_xalign (GTK_LABEL (label), 0);
      gtk_label_set_ellipsize (GTK_LABEL (label), PANGO_ELLIPSIZE_START);
      gtk_label_set_width_chars (GTK_LABEL (label), 14);
      gtk_widget_add_css_class (label, "dim-label");
      break;
    default:
      gtk_label_set_xalign (GTK_LABEL (label), 1);
      gtk_widget_add_css_class (label, "numeric");
      break;
    }
  gtk_list_item_set_child (item, label);
}

static void
bind_cell (GtkSignalListItemFactory *factory,
           GtkListItem              *item,
           gpointer                  user_data)
{
  HearthFunctionColumn column = GPOINTER_TO_INT (user_data);
  HearthFunctionItem *row_item = gtk_list_item_get_item (item);
  GtkWidget *child = gtk_list_item_get_child (item);
  HearthFunctionTable *table = hearth_function_item_get_table (row_item);
  const HearthFunctionRow *row = hearth_function_item_get_row (row_item);
  HearthFunctionsPane *self =
    HEARTH_FUNCTIONS_PANE (gtk_widget_get_ancestor (child, HEARTH_TYPE_FUNCTIONS_PANE));
  g_autofree char *text = NULL;

  if (column == HEARTH_FUNCTION_COLUMN_CATEGORY)
    {
      g_object_set_data (G_OBJECT (child), "category", GUINT_TO_POINTER (row->category));
      gtk_widget_set_tooltip_text (child, category_text (row->category));
      gtk_widget_queue_draw (child);
      return;
    }
  if (self == NULL || self->table != table)
    return;
  text = dup_cell_text (self, column, row);
  gtk_label_set_text (GTK_LABEL (child), text);
  if (column == HEARTH_FUNCTION_COLUMN_NAME)
    gtk_widget_set_tooltip_text (child, hearth_names_get_distinct (self->names, row->function));
  else if (column == HEARTH_FUNCTION_COLUMN_PLACE)
    gtk_widget_set_tooltip_text (child, text);
}

/* Sorting ---------------------------------------------------------------------------------- */

/* The column sorters sort nothing: the table sorts itself. Compared once, the view's sorter
 * asks its primary column first and inverts the answer when descending, which tells both. */
static int
probe_compare (gconstpointer a,
               gconstpointer b,
               gpointer      user_data)
{
  Probe *probe = user_data;

  if (probe->pane->probed < 0)
    probe->pane->probed = probe->column;
  return GTK_ORDERING_SMALLER;
}

static void resync_selection (HearthFunctionsPane *self);

static void
sort_changed (HearthFunctionsPane *self)
{
  GtkSorter *sorter = gtk_column_view_get_sorter (GTK_COLUMN_VIEW (self->view));
  GtkOrdering order;

  if (self->table == NULL || sorter == NULL)
    return;
  self->probed = -1;
  /* two different objects: gtk_sorter_compare() answers an item against itself alone */
  order = gtk_sorter_compare (sorter, self, self->view);
  if (self->probed < 0)
    return;
  hearth_function_table_sort (self->table, self->probed, order == GTK_ORDERING_LARGER);
  resync_selection (self);
}

static GtkColumnViewColumn *
add_column (HearthFunctionsPane  *self,
            HearthFunctionColumn  column,
            const char           *title)
{
  GtkListItemFactory *factory = gtk_signal_list_item_factory_new ();
  GtkColumnViewColumn *view_column;
  GtkSorter *sorter;

  g_signal_connect (factory, "setup", G_CALLBACK (setup_cell), GINT_TO_POINTER (column));
  g_signal_connect (factory, "bind", G_CALLBACK (bind_cell), GINT_TO_POINTER (column));
  view_column = gtk_column_view_column_new (title, factory);
  self->probes[column] = (Probe) { self, column };
  sorter = GTK_SORTER (gtk_custom_sorter_new (probe_compare, &self->probes[column], NULL));
  gtk_column_view_column_set_sorter (view_column, sorter);
  g_object_unref (sorter);
  gtk_column_view_column_set_resizable (view_column, TRUE);
  if (column == HEARTH_FUNCTION_COLUMN_NAME || column == HEARTH_FUNCTION_COLUMN_PLACE)
    gtk_column_view_column_set_expand (view_column, TRUE);
  gtk_column_view_append_column (GTK_COLUMN_VIEW (self->view), view_column);
  g_object_unref (view_column);
  return view_column;
}

/* The marked function ------------------------------------------------------------------------ */

/* Where the bars hold less than the function's whole time, says so: the rest is in bars too
 * narrow to draw, or outside the root the graph starts from. */
static void
append_rest (HearthFunctionsPane *self,
             HearthSession       *session,
             gint                 function,
             double               in_bars,
             double               run_total)
{
  HearthProfile *profile = hearth_session_get_profile (session);
  double cum;
  g_autofree char *whole = NULL;
  g_autofree char *text = NULL;

  if (profile == NULL || run_total <= 0 ||
      (guint) function >= hearth_profile_get_n_functions (profile))
    return;
  cum = hearth_profile_clamp (hearth_profile_get_function (profile, (guint) function)->cum);
  if (cum - in_bars <= 0.001 * run_total)
    return;
  whole = hearth_format_percent (cum / run_total);
  /* TRANSLATORS: after "2 bars, 10.5% of the run, nested counted once" */
  text = g_strdup_printf (_("All of it: %s of the run; the rest is in bars under the cutoff "
                            "or outside the root"), whole);
  if (self->summary == NULL)
    self->summary = g_steal_pointer (&text);
  else
    {
      char *both = g_strconcat (self->summary, "\n", text, NULL);

      g_free (self->summary);
      self->summary = both;
    }
}

static void
set_marked (HearthFunctionsPane *self,
            gint                 function)
{
  HearthSession *session = hearth_pane_get_session (HEARTH_PANE (self));
  HearthCallTree *tree = session != NULL ? hearth_session_get_tree (session) : NULL;
  double total = 0, run_total;

  g_clear_pointer (&self->bars, g_free);
  g_clear_pointer (&self->summary, g_free);
  self->n_bars = 0;
  self->marked = function;
  if (function >= 0 && tree != NULL)
    self->bars = hearth_function_table_dup_bars (tree, function, &self->n_bars, &total);
  if (function >= 0)
    {
      run_total = hearth_session_get_run_total (session);
      if (self->n_bars == 0)
        self->summary = g_strdup (_("No bars in this graph: under the cutoff or outside the "
                                    "root"));
      else
        {
          g_autofree char *share = hearth_format_percent (run_total > 0 ? total / run_total
                                                                        : 0);

          /* TRANSLATORS: "4 bars, 31.0% of the run, nested counted once": a function's
           * bars in the graph and their time together, recursion not counted twice */
          self->summary = g_strdup_printf (ngettext ("%u bar, %s of the run, nested counted "
                                                     "once",
                                                     "%u bars, %s of the run, nested counted "
                                                     "once", self->n_bars),
                                           self->n_bars, share);
        }
      if (self->n_bars > 0)
        append_rest (self, session, function, total, run_total);
    }
  gtk_label_set_text (GTK_LABEL (self->footer), self->summary != NULL ? self->summary : "");
  gtk_widget_set_visible (self->footer, self->summary != NULL);
  gtk_widget_set_visible (self->sandwich_button, function >= 0);
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_MARKED]);
}

/* After a sort or a new filter the rows are new: the marked function's row is selected
 * again, if the filter keeps it. */
static void
resync_selection (HearthFunctionsPane *self)
{
  gint position = -1;

  if (self->table != NULL && self->marked >= 0)
    position = hearth_function_table_find (self->table, self->marked);
  self->syncing = TRUE;
  if (position >= 0)
    gtk_single_selection_set_selected (self->selection, position);
  else
    gtk_single_selection_set_selected (self->selection, GTK_INVALID_LIST_POSITION);
  self->syncing = FALSE;
}

static gint
function_at (HearthFunctionsPane *self,
             guint                position)
{
  g_autoptr (HearthFunctionItem) item = NULL;

  if (self->table == NULL)
    return -1;
  item = g_list_model_get_item (G_LIST_MODEL (self->table), position);
  return item != NULL ? (gint) hearth_function_item_get_function (item) : -1;
}

static void
selection_moved (HearthFunctionsPane *self)
{
  HearthSession *session = hearth_pane_get_session (HEARTH_PANE (self));
  guint position = gtk_single_selection_get_selected (self->selection);
  gint function;

  if (self->syncing)
    return;
  function = position != GTK_INVALID_LIST_POSITION ? function_at (self, position) : -1;
  if (function < 0)
    return;
  self->syncing = TRUE;
  set_marked (self, function);
  if (session != NULL)
    hearth_session_select_function (session, function);
  self->syncing = FALSE;
}

static void
activate_item (HearthFunctionsPane *self,
               guint                position)
{
  HearthSession *session = hearth_pane_get_session (HEARTH_PANE (self));
  gint function = function_at (self, position);
  gint node;

  if (function < 0 || session == NULL)
    return;
  gtk_single_selection_set_selected (self->selection, position);
  if (self->marked != function)
    set_marked (self, function);
  node = hearth_session_find_widest_node (session, function);
  if (node >= 0)
    hearth_session_set_zoom (session, node);
}

static void
row_activated (GtkColumnView       *view,
               guint                position,
               HearthFunctionsPane *self)
{
  activate_item (self, position);
}

/* Following the session ---------------------------------------------------------------------- */

static void
search_changed (HearthFunctionsPane *self)
{
  HearthSession *session = hearth_pane_get_session (HEARTH_PANE (self));

  if (self->table == NULL || session == NULL)
    return;
  /* a regex that does not compile is the search entry's to report; the list stays whole */
  if (!hearth_function_table_set_filter (self->table, hearth_session_get_search_text (session),
                                         hearth_session_get_search_regex (session), NULL))
    hearth_function_table_set_filter (self->table, NULL, FALSE, NULL);
  resync_selection (self);
}

static void
tree_changed (HearthPane *pane)
{
  HearthFunctionsPane *self = HEARTH_FUNCTIONS_PANE (pane);
  HearthSession *session = hearth_pane_get_session (pane);
  HearthNames *names = session != NULL ? hearth_session_get_names (session) : NULL;
  gint marked = self->marked;

  g_signal_group_set_target (self->search_signals, session);
  if (names != self->names)
    {
      g_set_object (&self->names, names);
      g_clear_object (&self->table);
      marked = -1;
      if (names != NULL)
        self->table = hearth_function_table_new (names);
      gtk_single_selection_set_model (self->selection, G_LIST_MODEL (self->table));
      sort_changed (self);
      search_changed (self);
    }
  /* the bars are the new tree's */
  set_marked (self, marked);
  resync_selection (self);
  gtk_stack_set_visible_child_name (GTK_STACK (self->stack),
                                    self->table != NULL &&
                                    hearth_function_table_get_n_functions (self->table) > 0
                                    ? "functions" : "empty");
}

/* A bar of another function selected in the graph: the mark was for the row, not for it. */
static void
selection_changed (HearthPane *pane)
{
  HearthFunctionsPane *self = HEARTH_FUNCTIONS_PANE (pane);
  HearthSession *session = hearth_pane_get_session (pane);

  if (self->syncing || self->marked < 0 || session == NULL)
    return;
  if (hearth_session_get_selected_function (session) != self->marked)
    {
      set_marked (self, -1);
      resync_selection (self);
    }
}

/* The object --------------------------------------------------------------------------------- */

static void
hearth_functions_pane_get_property (GObject    *object,
                                    guint       prop_id,
                                    GValue     *value,
                                    GParamSpec *pspec)
{
  HearthFunctionsPane *self = HEARTH_FUNCTIONS_PANE (object);

  switch (prop_id)
    {
    case PROP_MARKED:
      g_value_set_int (value, self->marked);
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
hearth_functions_pane_dispose (GObject *object)
{
  HearthFunctionsPane *self = HEARTH_FUNCTIONS_PANE (object);

  if (self->search_signals != NULL)
    g_signal_group_set_target (self->search_signals, NULL);
  g_clear_object (&self->search_signals);

  G_OBJECT_CLASS (hearth_functions_pane_parent_class)->dispose (object);
}

static void
hearth_functions_pane_finalize (GObject *object)
{
  HearthFunctionsPane *self = HEARTH_FUNCTIONS_PANE (object);

  g_clear_object (&self->selection);
  g_clear_object (&self->table);
  g_clear_object (&self->names);
  g_clear_pointer (&self->bars, g_free);
  g_clear_pointer (&self->summary, g_free);

  G_OBJECT_CLASS (hearth_functions_pane_parent_class)->finalize (object);
}

static void
hearth_functions_pane_class_init (HearthFunctionsPaneClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  HearthPaneClass *pane_class = HEARTH_PANE_CLASS (klass);

  object_class->get_property = hearth_functions_pane_get_property;
  object_class->dispose = hearth_functions_pane_dispose;
  object_class->finalize = hearth_functions_pane_finalize;
  pane_class->tree_changed = tree_changed;
  pane_class->selection_changed = selection_changed;

  /**
   * HearthFunctionsPane:marked:
   *
   * The function whose row is selected and whose bars are marked, or -1.
   */
  properties[PROP_MARKED] = g_param_spec_int ("marked", NULL, NULL, -1, G_MAXINT, -1,
                                              G_PARAM_READABLE | G_PARAM_EXPLICIT_NOTIFY |
                                              G_PARAM_STATIC_STRINGS);
  g_object_class_install_properties (object_class, N_PROPS, properties);

  gtk_widget_class_set_css_name (GTK_WIDGET_CLASS (klass), "functionspane");
}

static void
hearth_functions_pane_init (HearthFunctionsPane *self)
{
  GtkWidget *box = gtk_box_new (GTK_ORIENTATION_VERTICAL, 0);
  GtkWidget *scrolled = gtk_scrolled_window_new ();
  GtkColumnViewColumn *own;

  self->marked = -1;
  self->search_signals = g_signal_group_new (HEARTH_TYPE_SESSION);
  g_signal_group_connect_swapped (self->search_signals, "notify::search-text",
                                  G_CALLBACK (search_changed), self);
  g_signal_group_connect_swapped (self->search_signals, "notify::search-regex",
                                  G_CALLBACK (search_changed), self);

  self->stack = gtk_stack_new ();
  gtk_widget_set_vexpand (self->stack, TRUE);
  gtk_widget_set_parent (self->stack, GTK_WIDGET (self));
  gtk_stack_add_named (GTK_STACK (self->stack),
                       _hearth_pane_make_placeholder (_("No Functions"), NULL), "empty");

  self->selection = gtk_single_selection_new (NULL);
  gtk_single_selection_set_autoselect (self->selection, FALSE);
  gtk_single_selection_set_can_unselect (self->selection, TRUE);
  g_signal_connect_swapped (self->selection, "notify::selected", G_CALLBACK (selection_moved),
                            self);
  self->view = gtk_column_view_new (g_object_ref (GTK_SELECTION_MODEL (self->selection)));
  gtk_column_view_set_show_column_separators (GTK_COLUMN_VIEW (self->view), FALSE);
  gtk_column_view_set_reorderable (GTK_COLUMN_VIEW (self->view), FALSE);
  gtk_widget_add_css_class (self->view, "data-table");

  add_column (self, HEARTH_FUNCTION_COLUMN_CATEGORY, NULL);
  add_column (self, HEARTH_FUNCTION_COLUMN_NAME, _("Function"));
  own = add_column (self, HEARTH_FUNCTION_COLUMN_OWN, _("Own"));
  add_column (self, HEARTH_FUNCTION_COLUMN_CUM, _("Cumulative"));
  add_column (self, HEARTH_FUNCTION_COLUMN_CALLS, _("Calls"));
  add_column (self, HEARTH_FUNCTION_COLUMN_OWN_PER_CALL, _("Own/Call"));
  add_column (self, HEARTH_FUNCTION_COLUMN_CUM_PER_CALL, _("Cum./Call"));
  add_column (self, HEARTH_FUNCTION_COLUMN_N_CALLERS, _("Callers"));
  add_column (self, HEARTH_FUNCTION_COLUMN_PLACE, _("File:Line"));
  gtk_column_view_sort_by_column (GTK_COLUMN_VIEW (self->view), own, GTK_SORT_DESCENDING);
  g_signal_connect_swapped (gtk_column_view_get_sorter (GTK_COLUMN_VIEW (self->view)),
                            "changed", G_CALLBACK (sort_changed), self);
  gtk_accessible_update_property (GTK_ACCESSIBLE (self->view), GTK_ACCESSIBLE_PROPERTY_LABEL,
                                  _("Functions"), -1);
  g_signal_connect (self->view, "activate", G_CALLBACK (row_activated), self);

  /* wider than the pane: it scrolls sideways rather than squeeze the numbers */
  gtk_scrolled_window_set_child (GTK_SCROLLED_WINDOW (scrolled), self->view);
  gtk_widget_set_vexpand (scrolled, TRUE);
  gtk_box_append (GTK_BOX (box), scrolled);
  self->footer = gtk_label_new (NULL);
  gtk_label_set_xalign (GTK_LABEL (self->footer), 0);
  _hearth_label_wrap_words (GTK_LABEL (self->footer));
  gtk_widget_add_css_class (self->footer, "dim-label");
  gtk_widget_add_css_class (self->footer, "caption");
  gtk_widget_add_css_class (self->footer, "pane-footer");
  gtk_widget_set_visible (self->footer, FALSE);
  gtk_box_append (GTK_BOX (box), self->footer);
  self->sandwich_button = gtk_button_new_with_mnemonic (_("Show _Sandwich"));
  gtk_widget_set_tooltip_text (self->sandwich_button,
                               _("Everything that called this function below it, everything it "
                                 "called above it, in place of the graph"));
  gtk_widget_set_halign (self->sandwich_button, GTK_ALIGN_START);
  gtk_widget_set_margin_start (self->sandwich_button, 6);
  gtk_widget_set_margin_bottom (self->sandwich_button, 4);
  gtk_widget_set_visible (self->sandwich_button, FALSE);
  g_signal_connect_swapped (self->sandwich_button, "clicked",
                            G_CALLBACK (hearth_functions_pane_show_sandwich), self);
  gtk_box_append (GTK_BOX (box), self->sandwich_button);
  gtk_stack_add_named (GTK_STACK (self->stack), box, "functions");
  gtk_stack_set_visible_child_name (GTK_STACK (self->stack), "empty");
}

/**
 * hearth_functions_pane_new:
 *
 * Returns: (transfer floating): a new Functions table
 */
GtkWidget *
hearth_functions_pane_new (void)
{
  return g_object_new (HEARTH_TYPE_FUNCTIONS_PANE, NULL);
}

/**
 * hearth_functions_pane_get_table:
 * @self: a #HearthFunctionsPane
 *
 * Returns: (transfer none) (nullable): the rows as shown, #HearthFunctionItem items
 */
HearthFunctionTable *
hearth_functions_pane_get_table (HearthFunctionsPane *self)
{
  g_return_val_if_fail (HEARTH_IS_FUNCTIONS_PANE (self), NULL);
  return self->table;
}

/**
 * hearth_functions_pane_get_view:
 * @self: a #HearthFunctionsPane
 *
 * Returns: (transfer none): the column view
 */
GtkColumnView *
hearth_functions_pane_get_view (HearthFunctionsPane *self)
{
  g_return_val_if_fail (HEARTH_IS_FUNCTIONS_PANE (self), NULL);
  return GTK_COLUMN_VIEW (self->view);
}

/**
 * hearth_functions_pane_select_row:
 * @self: a #HearthFunctionsPane
 * @position: a row as shown
 *
 * Does what clicking the row does: marks its function's bars and selects the widest.
 */
void
hearth_functions_pane_select_row (HearthFunctionsPane *self,
                                  guint                position)
{
  g_return_if_fail (HEARTH_IS_FUNCTIONS_PANE (self));
  gtk_single_selection_set_selected (self->selection, position);
}

/**
 * hearth_functions_pane_activate_row:
 * @self: a #HearthFunctionsPane
 * @position: a row as shown
 *
 * Does what activating the row does: marks its function and zooms to its widest bar.
 */
void
hearth_functions_pane_activate_row (HearthFunctionsPane *self,
                                    guint                position)
{
  g_return_if_fail (HEARTH_IS_FUNCTIONS_PANE (self));
  activate_item (self, position);
}

/**
 * hearth_functions_pane_get_marked:
 * @self: a #HearthFunctionsPane
 *
 * Returns: the function whose bars are marked, or -1
 */
gint
hearth_functions_pane_get_marked (HearthFunctionsPane *self)
{
  g_return_val_if_fail (HEARTH_IS_FUNCTIONS_PANE (self), -1);
  return self->marked;
}

/**
 * hearth_functions_pane_get_marked_bars:
 * @self: a #HearthFunctionsPane
 * @n_bars: (out): how many
 *
 * Returns: (array length=n_bars) (transfer none) (nullable): the marked function's bars
 */
const guint *
hearth_functions_pane_get_marked_bars (HearthFunctionsPane *self,
                                       guint               *n_bars)
{
  g_return_val_if_fail (HEARTH_IS_FUNCTIONS_PANE (self), NULL);
  *n_bars = self->n_bars;
  return self->bars;
}

/**
 * hearth_functions_pane_get_summary:
 * @self: a #HearthFunctionsPane
 *
 * Returns: (nullable): the line under the table: "4 bars, 31.0% of the run, nested counted
 *   once", or NULL with nothing marked
 */
const char *
hearth_functions_pane_get_summary (HearthFunctionsPane *self)
{
  g_return_val_if_fail (HEARTH_IS_FUNCTIONS_PANE (self), NULL);
  return self->summary;
}

/**
 * hearth_functions_pane_show_sandwich:
 * @self: a #HearthFunctionsPane
 *
 * What the Show Sandwich button does: emits ::show-sandwich for the marked function.
 */
void
hearth_functions_pane_show_sandwich (HearthFunctionsPane *self)
{
  g_return_if_fail (HEARTH_IS_FUNCTIONS_PANE (self));

  if (self->marked >= 0)
    _hearth_pane_show_sandwich (HEARTH_PANE (self), (guint) self->marked);
}
