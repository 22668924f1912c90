/* hearth-changes-pane.c
 *
 * Copyright 2026 The Hearth authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#define G_LOG_DOMAIN "hearth-changes-pane"

#include "hearth-changes-pane.h"

#include <glib/gi18n.h>
#include <math.h>

#include "hearth-chain-label.h"
#include "hearth-format.h"
#include "hearth-pane.h"

/**
 * HearthChangesPane:
 *
 * The chains of a comparison whose time changed, largest absolute change first: the time
 * each spends itself before and after, side by side, the change in seconds and as a share
 * of the first run. Chains that disappeared are listed too, with a dash after. Activating a
 * row emits #HearthChangesPane::chain-activated with the chain's bar in each run.
 */

/* Thousands of tiny changes help nobody; the largest ones answer. */
#define MAX_CHANGES 500

/* Rows ------------------------------------------------------------------------------------- */

struct _HearthChangeRow
{
  GObject  parent_instance;

  char    *chain;
  char    *detail;
  char    *before_text;
  char    *after_text;
  char    *change_text;
  double   before;
  double   after;
  double   share;
  gint     before_node;
  gint     after_node;
  guint    flags;
  guint    verdict;
};

G_DEFINE_FINAL_TYPE (HearthChangeRow, hearth_change_row, G_TYPE_OBJECT)

static void
hearth_change_row_finalize (GObject *object)
{
  HearthChangeRow *self = HEARTH_CHANGE_ROW (object);

  g_free (self->chain);
  g_free (self->detail);
  g_free (self->before_text);
  g_free (self->after_text);
  g_free (self->change_text);

  G_OBJECT_CLASS (hearth_change_row_parent_class)->finalize (object);
}

static void
hearth_change_row_class_init (HearthChangeRowClass *klass)
{
  G_OBJECT_CLASS (klass)->finalize = hearth_change_row_finalize;
}

static void
hearth_change_row_init (HearthChangeRow *self)
{
}

/** hearth_change_row_get_chain: Returns: (transfer none): the chain, `a > b > c` */
const char *
hearth_change_row_get_chain (HearthChangeRow *self)
{
  g_return_val_if_fail (HEARTH_IS_CHANGE_ROW (self), NULL);
  return self->chain;
}

/** hearth_change_row_get_before: Returns: the chain's own time in the first run */
double
hearth_change_row_get_before (HearthChangeRow *self)
{
  g_return_val_if_fail (HEARTH_IS_CHANGE_ROW (self), 0);
  return self->before;
}

/** hearth_change_row_get_after: Returns: the chain's own time in the second run */
double
hearth_change_row_get_after (HearthChangeRow *self)
{
  g_return_val_if_fail (HEARTH_IS_CHANGE_ROW (self), 0);
  return self->after;
}

/** hearth_change_row_get_change: Returns: after minus before: negative when it got faster */
double
hearth_change_row_get_change (HearthChangeRow *self)
{
  g_return_val_if_fail (HEARTH_IS_CHANGE_ROW (self), 0);
  return self->after - self->before;
}

/** hearth_change_row_get_before_node: Returns: its bar in the first run, or -1 */
gint
hearth_change_row_get_before_node (HearthChangeRow *self)
{
  g_return_val_if_fail (HEARTH_IS_CHANGE_ROW (self), -1);
  return self->before_node;
}

/** hearth_change_row_get_after_node: Returns: its bar in the second run, or -1 */
gint
hearth_change_row_get_after_node (HearthChangeRow *self)
{
  g_return_val_if_fail (HEARTH_IS_CHANGE_ROW (self), -1);
  return self->after_node;
}

/** hearth_change_row_get_flags: Returns: #HearthChainChangeFlags */
guint
hearth_change_row_get_flags (HearthChangeRow *self)
{
  g_return_val_if_fail (HEARTH_IS_CHANGE_ROW (self), 0);
  return self->flags;
}

/** hearth_change_row_get_verdict: Returns: #HearthVerdict, whether the change is real */
guint
hearth_change_row_get_verdict (HearthChangeRow *self)
{
  g_return_val_if_fail (HEARTH_IS_CHANGE_ROW (self), HEARTH_VERDICT_UNKNOWN);
  return self->verdict;
}

/* Pane ------------------------------------------------------------------------------------- */

struct _HearthChangesPane
{
  GtkWidget            parent_instance;

  GListStore          *rows;

  /* children */
  GtkWidget           *stack;
  GtkWidget           *view;
  GtkWidget           *note;
  GtkWidget           *footer;
  GtkColumnViewColumn *flags_column;
  GtkColumnViewColumn *verdict_column;
};

G_DEFINE_FINAL_TYPE (HearthChangesPane, hearth_changes_pane, GTK_TYPE_WIDGET)

enum
{
  CHAIN_ACTIVATED,
  N_SIGNALS
};

static guint signals[N_SIGNALS];

enum
{
  COLUMN_CHAIN,
  COLUMN_BEFORE,
  COLUMN_AFTER,
  COLUMN_CHANGE,
  COLUMN_FLAGS,
  COLUMN_VERDICT,
};

static char *
chain_text (HearthSession *before,
            HearthSession *after,
            const HearthChainChange *change)
{
  if (change->after_node >= 0)
    return hearth_session_dup_chain_text (after, change->after_node, " > ", FALSE);
  return hearth_session_dup_chain_text (before, change->before_node, " > ", FALSE);
}

static char *
signed_value (HearthSession *session,
              double         value)
{
  g_autofree char *magnitude = hearth_session_format_value (session, fabs (value));

  /* a real minus sign, as on the graph's axis */
  return g_strconcat (value < 0 ? "−" : "+", magnitude, NULL);
}

/* Why a row is real or noise, for its tooltip. */
static const char *
verdict_reason (HearthVerdictTest test,
                guint             verdict)
{
  if (test == HEARTH_VERDICT_TEST_SAMPLES)
    return verdict == HEARTH_VERDICT_REAL
           ? _("Real: its share of the samples moved by more than three standard errors and "
               "by at least 1% of the run")
           : _("Noise: its share of the samples moved no more than runs of this many samples "
               "vary by");
  if (test == HEARTH_VERDICT_TEST_RUNS)
    return verdict == HEARTH_VERDICT_REAL
           ? _("Real: the runs of the two sides do not overlap, and their means differ by "
               "more than the runs of a side spread")
           : _("Noise: the runs of the two sides overlap, or their means differ by less than "
               "the runs of a side spread");
  return NULL;
}

static HearthChangeRow *
row_new (HearthSession           *before,
         HearthSession           *after,
         const HearthChainChange *change,
         double                   before_total,
         HearthVerdictTest        test)
{
  HearthChangeRow *row = g_object_new (HEARTH_TYPE_CHANGE_ROW, NULL);
  double delta = change->after - change->before;
  g_autofree char *delta_text = signed_value (before, delta);
  g_autofree char *share_text = NULL;
  GString *detail;

  row->chain = chain_text (before, after, change);
  row->before = change->before;
  row->after = change->after;
  row->share = before_total > 0 ? delta / before_total : 0;
  row->before_node = change->before_node;
  row->after_node = change->after_node;
  row->flags = change->flags;
  row->verdict = change->verdict;
  /* a chain absent from a run shows a dash there, not a zero */
  row->before_text = (change->flags & HEARTH_CHAIN_CHANGE_NEW)
                     ? g_strdup ("—") : hearth_session_format_value (before, change->before);
  row->after_text = (change->flags & HEARTH_CHAIN_CHANGE_GONE)
                    ? g_strdup ("—") : hearth_session_format_value (after, change->after);
  share_text = hearth_format_percent_change (row->share);
  row->change_text = g_strdup_printf ("%s (%s)", delta_text, share_text);

  detail = g_string_new (row->chain);
  g_string_append_c (detail, '\n');
  /* translators: the time a chain spends itself, before → after, and the change */
  g_string_append_printf (detail, _("Own time %s → %s: %s of the first run"),
                          row->before_text, row->after_text, row->change_text);
  if (change->flags & HEARTH_CHAIN_CHANGE_NEW)
    g_string_append_printf (detail, "\n%s", _("New: the first run has no such chain"));
  if (change->flags & HEARTH_CHAIN_CHANGE_GONE)
    g_string_append_printf (detail, "\n%s", _("Gone: the second run has no such chain"));
  if (change->flags & HEARTH_CHAIN_CHANGE_ESTIMATED)
    g_string_append_printf (detail, "\n%s", _("A change of an estimate: the chain’s time is "
                                              "estimated in either run"));
  if (verdict_reason (test, change->verdict) != NULL)
    g_string_append_printf (detail, "\n%s", verdict_reason (test, change->verdict));
  row->detail = g_string_free (detail, FALSE);
  return row;
}

/* The line above the list: what the verdicts can and cannot say. */
static void
update_note (HearthChangesPane *self,
             HearthChainMatch  *match,
             HearthVerdictTest  test,
             gboolean           all_noise)
{
  g_autoptr (GString) note = g_string_new (NULL);
  HearthProfile *profile = NULL;

  if (match != NULL)
    profile = hearth_call_tree_get_profile (hearth_chain_match_get_tree (match, 0));
  if (match != NULL && test == HEARTH_VERDICT_TEST_NONE && profile != NULL &&
      hearth_profile_get_kind (profile) != HEARTH_KIND_SAMPLED &&
      hearth_profile_get_kind (profile) ==
      hearth_profile_get_kind (hearth_call_tree_get_profile (hearth_chain_match_get_tree (match, 1))))
    g_string_append (note, _("Timings vary from run to run: one run on each side cannot tell "
                             "a real change from noise. Profile each version a few more "
                             "times and compare the runs as two groups (hearth --compare "
                             "--merge BEFORE… -- --merge AFTER…)."));
  else if (all_noise)
    g_string_append (note, _("No change larger than the noise."));
  if (match != NULL && (hearth_chain_match_get_n_runs (match, 0) > 1 ||
                        hearth_chain_match_get_n_runs (match, 1) > 1))
    {
      if (note->len > 0)
        g_string_append_c (note, ' ');
      /* translators: the compare window's Changes pane, with groups of runs on each side */
      g_string_append_printf (note, _("The times listed are means per run of %u runs "
                                      "before and %u after; the graphs add the runs up."),
                              hearth_chain_match_get_n_runs (match, 0),
                              hearth_chain_match_get_n_runs (match, 1));
    }
  gtk_label_set_text (GTK_LABEL (self->note), note->str);
  gtk_widget_set_visible (self->note, note->len > 0);
}

/**
 * hearth_changes_pane_set_match:
 * @self: a #HearthChangesPane
 * @before: (nullable): the first run's session
 * @after: (nullable): the second run's session
 * @match: (nullable): the chains of both matched; %NULL: nothing to show yet
 *
 * Fills the list from @match (it is not kept).
 */
void
hearth_changes_pane_set_match (HearthChangesPane *self,
                               HearthSession     *before,
                               HearthSession     *after,
                               HearthChainMatch  *match)
{
  g_autoptr (GPtrArray) rows = g_ptr_array_new_with_free_func (g_object_unref);
  const HearthChainChange *changes = NULL;
  HearthVerdictTest test = HEARTH_VERDICT_TEST_NONE;
  gboolean any_estimated = FALSE, any_real = FALSE;
  double total = 0;
  guint n = 0;

  g_return_if_fail (HEARTH_IS_CHANGES_PANE (self));

  if (match != NULL && before != NULL && after != NULL)
    {
      changes = hearth_chain_match_get_changes (match, &n);
      test = hearth_chain_match_get_test (match);
      /* with several runs a side, a chain's times are means per run: so is the share */
      total = hearth_session_get_run_total (before) / hearth_chain_match_get_n_runs (match, 0);
    }
  for (guint i = 0; i < MIN (n, MAX_CHANGES); i++)
    {
      g_ptr_array_add (rows, row_new (before, after, &changes[i], total, test));
      any_estimated |= (changes[i].flags & HEARTH_CHAIN_CHANGE_ESTIMATED) != 0;
    }
  for (guint i = 0; i < n; i++)
    any_real |= changes[i].verdict == HEARTH_VERDICT_REAL;
  g_list_store_splice (self->rows, 0, g_list_model_get_n_items (G_LIST_MODEL (self->rows)),
                       rows->pdata, rows->len);
  gtk_column_view_column_set_visible (self->flags_column, any_estimated);
  gtk_column_view_column_set_visible (self->verdict_column, test != HEARTH_VERDICT_TEST_NONE);
  update_note (self, match, test, n > 0 && !any_real);

  if (n > MAX_CHANGES)
    {
      g_autofree char *text = g_strdup_printf (_("The %u largest of %u changes"), MAX_CHANGES, n);

      gtk_label_set_text (GTK_LABEL (self->footer), text);
    }
  gtk_widget_set_visible (self->footer, n > MAX_CHANGES);
  if (match == NULL)
    gtk_stack_set_visible_child_name (GTK_STACK (self->stack), "waiting");
  else
    gtk_stack_set_visible_child_name (GTK_STACK (self->stack), n > 0 ? "changes" : "empty");
}

/**
 * hearth_changes_pane_get_note:
 * @self: a #HearthChangesPane
 *
 * Returns: (nullable): the line above the list (what the verdicts rest on), or %NULL when
 *   it is hidden
 */
const char *
hearth_changes_pane_get_note (HearthChangesPane *self)
{
  g_return_val_if_fail (HEARTH_IS_CHANGES_PANE (self), NULL);
  if (!gtk_widget_get_visible (self->note))
    return NULL;
  return gtk_label_get_text (GTK_LABEL (self->note));
}

/**
 * hearth_changes_pane_get_rows:
 * @self: a #HearthChangesPane
 *
 * Returns: (transfer none): the rows as shown, #HearthChangeRow items
 */
GListModel *
hearth_changes_pane_get_rows (HearthChangesPane *self)
{
  g_return_val_if_fail (HEARTH_IS_CHANGES_PANE (self), NULL);
  return G_LIST_MODEL (self->rows);
}

/**
 * hearth_changes_pane_activate_row:
 * @self: a #HearthChangesPane
 * @position: a row
 *
 * Does what activating the row does: emits #HearthChangesPane::chain-activated.
 */
void
hearth_changes_pane_activate_row (HearthChangesPane *self,
                                  guint              position)
{
  g_autoptr (HearthChangeRow) row = NULL;

  g_return_if_fail (HEARTH_IS_CHANGES_PANE (self));

  row = g_list_model_get_item (G_LIST_MODEL (self->rows), position);
  if (row != NULL)
    g_signal_emit (self, signals[CHAIN_ACTIVATED], 0, row->before_node, row->after_node);
}

static void
row_activated (GtkColumnView     *view,
               guint              position,
               HearthChangesPane *self)
{
  hearth_changes_pane_activate_row (self, position);
}

/* Cells ------------------------------------------------------------------------------------ */

static void
setup_cell (GtkSignalListItemFactory *factory,
            GtkListItem              *item,
            gpointer                  user_data)
{
  guint column = GPOINTER_TO_UINT (user_data);
  GtkWidget *label;

  if (column == COLUMN_CHAIN)
    {
      /* shortened from the root side, whole names at a time */
      label = hearth_chain_label_new ();
      gtk_widget_set_size_request (label, 100, -1);
    }
  else
    {
      label = gtk_label_new (NULL);
      gtk_label_set_xalign (GTK_LABEL (label), 1);
      gtk_widget_add_css_class (label, "numeric");
    }
  if (column == COLUMN_FLAGS)
    gtk_widget_add_css_class (label, "estimate-tag");
  if (column == COLUMN_VERDICT)
    gtk_label_set_xalign (GTK_LABEL (label), 0);
  gtk_list_item_set_child (item, label);
}

static void
bind_cell (GtkSignalListItemFactory *factory,
           GtkListItem              *item,
           gpointer                  user_data)
{
  HearthChangeRow *row = gtk_list_item_get_item (item);
  GtkWidget *label = gtk_list_item_get_child (item);
  const char *text = "";

  /* a change within the noise stays in the list, quietly */
  if (row->verdict == HEARTH_VERDICT_NOISE)
    gtk_widget_add_css_class (label, "dim-label");
  else
    gtk_widget_remove_css_class (label, "dim-label");
  switch (GPOINTER_TO_UINT (user_data))
    {
    case COLUMN_CHAIN:
      hearth_chain_label_set_chain (HEARTH_CHAIN_LABEL (label), row->chain);
      gtk_widget_set_tooltip_text (label, row->detail);
      return;
    case COLUMN_VERDICT:
      /* translators: the verdict of a change in the Changes pane: larger than the noise */
      text = row->verdict == HEARTH_VERDICT_REAL ? C_("verdict", "real")
             /* translators: the verdict of a change: within what runs vary by */
             : row->verdict == HEARTH_VERDICT_NOISE ? C_("verdict", "noise") : "";
      if (row->verdict == HEARTH_VERDICT_REAL)
        gtk_widget_add_css_class (label, "verdict-real");
      else
        gtk_widget_remove_css_class (label, "verdict-real");
      break;
    case COLUMN_BEFORE:
      text = row->before_text;
      break;
    case COLUMN_AFTER:
      text = row->after_text;
      break;
    case COLUMN_CHANGE:
      text = row->change_text;
      break;
    case COLUMN_FLAGS:
      text = (row->flags & HEARTH_CHAIN_CHANGE_ESTIMATED) ? "E" : "";
      gtk_widget_set_visible (label, text[0] != '\0');
      break;
    default:
      g_assert_not_reached ();
    }
  gtk_label_set_text (GTK_LABEL (label), text);
  gtk_widget_set_tooltip_text (label, row->detail);
}

static GtkColumnViewColumn *
column_new (const char *title,
            guint       column)
{
  GtkListItemFactory *factory = gtk_signal_list_item_factory_new ();
  GtkColumnViewColumn *result;

  g_signal_connect (factory, "setup", G_CALLBACK (setup_cell), GUINT_TO_POINTER (column));
  g_signal_connect (factory, "bind", G_CALLBACK (bind_cell), GUINT_TO_POINTER (column));
  result = gtk_column_view_column_new (title, factory);
  gtk_column_view_column_set_expand (result, column == COLUMN_CHAIN);
  gtk_column_view_column_set_resizable (result, column == COLUMN_CHAIN);
  return result;
}

/* GObject ---------------------------------------------------------------------------------- */

static void
hearth_changes_pane_dispose (GObject *object)
{
  HearthChangesPane *self = HEARTH_CHANGES_PANE (object);

  g_clear_pointer (&self->stack, gtk_widget_unparent);

  G_OBJECT_CLASS (hearth_changes_pane_parent_class)->dispose (object);
}

static void
hearth_changes_pane_finalize (GObject *object)
{
  HearthChangesPane *self = HEARTH_CHANGES_PANE (object);

  g_clear_object (&self->rows);

  G_OBJECT_CLASS (hearth_changes_pane_parent_class)->finalize (object);
}

static void
hearth_changes_pane_class_init (HearthChangesPaneClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  object_class->dispose = hearth_changes_pane_dispose;
  object_class->finalize = hearth_changes_pane_finalize;

  /**
   * HearthChangesPane::chain-activated:
   * @self: the pane
   * @before_node: the chain's bar in the first run, or -1
   * @after_node: its bar in the second run, or -1
   *
   * The user activated a row.
   */
  signals[CHAIN_ACTIVATED] = g_signal_new ("chain-activated", G_TYPE_FROM_CLASS (klass),
                                           G_SIGNAL_RUN_LAST, 0, NULL, NULL, NULL,
                                           G_TYPE_NONE, 2, G_TYPE_INT, G_TYPE_INT);

  gtk_widget_class_set_layout_manager_type (widget_class, GTK_TYPE_BIN_LAYOUT);
  gtk_widget_class_set_css_name (widget_class, "changespane");
}

static void
hearth_changes_pane_init (HearthChangesPane *self)
{
  GtkWidget *box = gtk_box_new (GTK_ORIENTATION_VERTICAL, 0);
  g_autoptr (GtkNoSelection) selection = NULL;
  g_autoptr (GtkColumnViewColumn) chain = column_new (_("Chain"), COLUMN_CHAIN);
  g_autoptr (GtkColumnViewColumn) before = column_new (_("Before"), COLUMN_BEFORE);
  g_autoptr (GtkColumnViewColumn) after = column_new (_("After"), COLUMN_AFTER);
  g_autoptr (GtkColumnViewColumn) change = column_new (_("Change"), COLUMN_CHANGE);
  g_autoptr (GtkColumnViewColumn) flags = column_new (NULL, COLUMN_FLAGS);
  g_autoptr (GtkColumnViewColumn) verdict = column_new (NULL, COLUMN_VERDICT);
  GtkWidget *waiting;

  self->rows = g_list_store_new (HEARTH_TYPE_CHANGE_ROW);
  self->stack = gtk_stack_new ();
  gtk_widget_set_vexpand (self->stack, TRUE);
  gtk_widget_set_parent (self->stack, GTK_WIDGET (self));
  gtk_stack_add_named (GTK_STACK (self->stack),
                       _hearth_pane_make_placeholder (_("No Changes"),
                                                      _("Every chain takes the same time in "
                                                        "both runs.")), "empty");
  waiting = gtk_spinner_new ();
  gtk_spinner_set_spinning (GTK_SPINNER (waiting), TRUE);
  gtk_widget_set_halign (waiting, GTK_ALIGN_CENTER);
  gtk_widget_set_valign (waiting, GTK_ALIGN_CENTER);
  gtk_stack_add_named (GTK_STACK (self->stack), waiting, "waiting");

  /* a single selection would select the first row by itself; rows are activated instead */
  selection = gtk_no_selection_new (G_LIST_MODEL (g_object_ref (self->rows)));
  self->view = gtk_column_view_new (GTK_SELECTION_MODEL (g_steal_pointer (&selection)));
  gtk_column_view_set_single_click_activate (GTK_COLUMN_VIEW (self->view), TRUE);
  gtk_column_view_set_show_column_separators (GTK_COLUMN_VIEW (self->view), FALSE);
  gtk_column_view_append_column (GTK_COLUMN_VIEW (self->view), change);
  gtk_column_view_append_column (GTK_COLUMN_VIEW (self->view), verdict);
  self->verdict_column = verdict;
  gtk_column_view_append_column (GTK_COLUMN_VIEW (self->view), before);
  gtk_column_view_append_column (GTK_COLUMN_VIEW (self->view), after);
  gtk_column_view_append_column (GTK_COLUMN_VIEW (self->view), flags);
  self->flags_column = flags;
  gtk_column_view_append_column (GTK_COLUMN_VIEW (self->view), chain);
  gtk_accessible_update_property (GTK_ACCESSIBLE (self->view), GTK_ACCESSIBLE_PROPERTY_LABEL,
                                  _("Changes"), -1);
  g_signal_connect (self->view, "activate", G_CALLBACK (row_activated), self);

  self->note = gtk_label_new (NULL);
  gtk_label_set_wrap (GTK_LABEL (self->note), TRUE);
  gtk_label_set_xalign (GTK_LABEL (self->note), 0);
  gtk_widget_add_css_class (self->note, "changes-note");
  gtk_widget_set_visible (self->note, FALSE);
  gtk_box_append (GTK_BOX (box), self->note);
  self->footer = _hearth_pane_pack_list (GTK_BOX (box), self->view);
  gtk_stack_add_named (GTK_STACK (self->stack), box, "changes");
  gtk_stack_set_visible_child_name (GTK_STACK (self->stack), "waiting");
}

/**
 * hearth_changes_pane_new:
 *
 * Returns: (transfer floating): a new changes pane
 */
GtkWidget *
hearth_changes_pane_new (void)
{
  return g_object_new (HEARTH_TYPE_CHANGES_PANE, NULL);
}
