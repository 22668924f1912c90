/* hearth-warnings-pane.c
 *
 * Copyright 2026 The Hearth authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#define G_LOG_DOMAIN "hearth-warnings-pane"

#include "hearth-warnings-pane.h"

#include <glib/gi18n.h>
#include <math.h>
#include <string.h>

#include "hearth-format.h"

/**
 * HearthWarningsPane:
 *
 * One card per kind of finding, in plain words: the profile's own warnings; the estimated
 * bars and the multi-caller functions behind them (with the way to exact chains); the
 * double counting the shrink hid; the time the guard hides, with a button that allows
 * repeats; the time the tree never reaches, each candidate with a "Use as Root" button; the
 * share the cutoff hides and any budget that limited the tree; for sampled profiles the
 * sample count. It says "No warnings" when there is nothing to say. The number of cards
 * with findings is #HearthWarningsPane:n-warnings, which the window shows on the tab.
 */

#define MAX_LISTED        8     /* functions listed per card */
#define MAX_CALLERS_NAMED 6
#define CUTOFF_WORTH      0.01  /* the cutoff's hidden share is worth a card from 1 % */

struct _HearthWarningsPane
{
  HearthPane  parent_instance;

  guint       n_warnings;

  /* children */
  GtkWidget  *stack;
  GtkWidget  *cards;
};

G_DEFINE_FINAL_TYPE (HearthWarningsPane, hearth_warnings_pane, HEARTH_TYPE_PANE)

enum
{
  PROP_0,
  PROP_N_WARNINGS,
  N_PROPS
};

static GParamSpec *properties[N_PROPS];

/* Cards ------------------------------------------------------------------------------------- */

static GtkWidget *
add_card (HearthWarningsPane *self,
          const char         *title,
          const char         *icon_name)
{
  GtkWidget *card = gtk_box_new (GTK_ORIENTATION_VERTICAL, 6);
  GtkWidget *header = gtk_box_new (GTK_ORIENTATION_HORIZONTAL, 8);
  GtkWidget *label = gtk_label_new (title);
  GtkWidget *icon = gtk_image_new_from_icon_name (icon_name);

  gtk_accessible_update_property (GTK_ACCESSIBLE (icon), GTK_ACCESSIBLE_PROPERTY_LABEL,
                                  strstr (icon_name, "warning") != NULL ? _("Warning")
                                  : strstr (icon_name, "question") != NULL ? _("Question")
                                  : _("Information"), -1);
  gtk_widget_add_css_class (card, "warning-card");
  gtk_box_append (GTK_BOX (header), icon);
  gtk_label_set_xalign (GTK_LABEL (label), 0);
  _hearth_label_wrap_words (GTK_LABEL (label));
  gtk_widget_add_css_class (label, "heading");
  gtk_box_append (GTK_BOX (header), label);
  gtk_box_append (GTK_BOX (card), header);
  gtk_box_append (GTK_BOX (self->cards), card);
  return card;
}

static GtkWidget *
add_text (GtkWidget  *card,
          const char *text)
{
  GtkWidget *label = gtk_label_new (text);

  gtk_label_set_xalign (GTK_LABEL (label), 0);
  _hearth_label_wrap_words (GTK_LABEL (label));
  gtk_box_append (GTK_BOX (card), label);
  return label;
}

static GtkWidget *
add_note (GtkWidget  *card,
          const char *text)
{
  GtkWidget *label = add_text (card, text);

  gtk_widget_add_css_class (label, "dim-label");
  return label;
}

static GtkWidget *
add_button_row (GtkWidget  *card,
                const char *text,
                const char *button_label,
                GCallback   callback,
                gpointer    user_data,
                gint        value)
{
  GtkWidget *row = gtk_box_new (GTK_ORIENTATION_HORIZONTAL, 8);
  GtkWidget *button = gtk_button_new_with_mnemonic (button_label);
  GtkWidget *label;

  if (text != NULL)
    {
      label = gtk_label_new (text);
      gtk_label_set_xalign (GTK_LABEL (label), 0);
      _hearth_label_wrap_words (GTK_LABEL (label));
      gtk_widget_set_hexpand (label, TRUE);
      gtk_box_append (GTK_BOX (row), label);
    }
  else
    gtk_widget_set_halign (button, GTK_ALIGN_START);
  gtk_widget_set_valign (button, GTK_ALIGN_CENTER);
  g_object_set_data (G_OBJECT (button), "value", GINT_TO_POINTER (value));
  if (callback != NULL)
    g_signal_connect (button, "clicked", callback, user_data);
  gtk_box_append (GTK_BOX (row), button);
  gtk_box_append (GTK_BOX (card), row);
  return button;
}

/* Actions ----------------------------------------------------------------------------------- */

static void
use_as_root_clicked (GtkButton          *button,
                     HearthWarningsPane *self)
{
  HearthSession *session = hearth_pane_get_session (HEARTH_PANE (self));
  gint function = GPOINTER_TO_INT (g_object_get_data (G_OBJECT (button), "value"));

  if (session != NULL)
    hearth_session_set_root (session, function);
}

static void
sandwich_clicked (GtkButton          *button,
                  HearthWarningsPane *self)
{
  gint function = GPOINTER_TO_INT (g_object_get_data (G_OBJECT (button), "value"));

  _hearth_pane_show_sandwich (HEARTH_PANE (self), (guint) function);
}

/* A "Sandwich" button before @root_button: a function spread thin over many places is what
 * a sandwich shows in one picture. */
static void
add_sandwich_button (HearthWarningsPane *self,
                     GtkWidget          *root_button,
                     guint               function)
{
  GtkWidget *button = gtk_button_new_with_mnemonic (_("_Sandwich"));

  gtk_widget_set_tooltip_text (button, _("Show this function with all its callers and callees"));
  gtk_widget_set_valign (button, GTK_ALIGN_CENTER);
  g_object_set_data (G_OBJECT (button), "value", GINT_TO_POINTER (function));
  g_signal_connect (button, "clicked", G_CALLBACK (sandwich_clicked), self);
  gtk_widget_insert_before (button, gtk_widget_get_parent (root_button), root_button);
}

static void
repeats_clicked (GtkButton          *button,
                 HearthWarningsPane *self)
{
  HearthSession *session = hearth_pane_get_session (HEARTH_PANE (self));
  gint repeat = GPOINTER_TO_INT (g_object_get_data (G_OBJECT (button), "value"));

  if (session != NULL)
    hearth_session_set_max_repeat (session, repeat);
}

static void
lower_cutoff_clicked (GtkButton          *button,
                      HearthWarningsPane *self)
{
  HearthSession *session = hearth_pane_get_session (HEARTH_PANE (self));
  const double *cutoff = g_object_get_data (G_OBJECT (button), "cutoff");

  if (session != NULL && cutoff != NULL)
    hearth_session_set_cutoff (session, *cutoff);
}

static void
default_root_clicked (GtkButton          *button,
                      HearthWarningsPane *self)
{
  HearthSession *session = hearth_pane_get_session (HEARTH_PANE (self));

  if (session != NULL)
    hearth_session_set_root (session, -1);
}

/* Findings ---------------------------------------------------------------------------------- */

static gboolean
warn_profile (HearthWarningsPane *self,
              HearthProfile      *profile)
{
  const char * const *warnings = hearth_profile_get_warnings (profile);
  GtkWidget *card;

  if (warnings == NULL || warnings[0] == NULL)
    return FALSE;
  card = add_card (self, _("The File"), "dialog-information-symbolic");
  for (guint i = 0; warnings[i] != NULL; i++)
    add_text (card, warnings[i]);
  return TRUE;
}

static char *
callers_text (HearthSession *session,
              guint          function)
{
  HearthCallTree *tree = hearth_session_get_tree (session);
  HearthProfile *profile = hearth_session_get_profile (session);
  g_autofree guint *edges = NULL;
  GString *text = g_string_new (NULL);
  guint n = 0, listed = 0, others = 0;

  edges = hearth_call_tree_dup_callers (tree, function, &n);
  for (guint i = 0; i < n; i++)
    {
      guint caller = hearth_profile_get_edge (profile, edges[i])->caller;

      if (caller == function)
        continue;
      if (listed == MAX_CALLERS_NAMED)
        {
          others++;
          continue;
        }
      if (listed++ > 0)
        g_string_append (text, ", ");
      g_string_append (text, hearth_session_get_function_label (session, caller));
    }
  if (others > 0)
    g_string_append_printf (text, g_dngettext (GETTEXT_PACKAGE, " and %u more", " and %u more",
                                               others), others);
  return g_string_free (text, FALSE);
}

static gboolean
warn_estimated (HearthWarningsPane *self,
                HearthSession      *session,
                HearthCallTree     *tree)
{
  const HearthMultiCaller *multi;
  guint n_multi = 0, n_estimated = 0, n = hearth_call_tree_get_n_nodes (tree);
  GtkWidget *card, *button;
  g_autofree char *intro = NULL;

  multi = hearth_call_tree_get_multi_callers (tree, &n_multi);
  for (guint i = 0; i < n; i++)
    if (hearth_call_tree_get_node (tree, i)->flags & HEARTH_NODE_ESTIMATED)
      n_estimated++;
  if (n_multi == 0 && n_estimated == 0)
    return FALSE;

  card = add_card (self, _("Estimated Bars"), "dialog-question-symbolic");
  intro = g_strdup_printf (g_dngettext (GETTEXT_PACKAGE,
                                        "%u bar is hatched: its width is an estimate. A cProfile "
                                        "file keeps the time per caller, not per chain, so the "
                                        "time of a function with several callers is split "
                                        "among its callees as if every call did the same work.",
                                        "%u bars are hatched: their widths are estimates. A "
                                        "cProfile file keeps the time per caller, not per chain, "
                                        "so the time of a function with several callers is split "
                                        "among its callees as if every call did the same work.",
                                        n_estimated), n_estimated);
  add_text (card, intro);
  for (guint i = 0; i < MIN (n_multi, MAX_LISTED); i++)
    {
      g_autofree char *callers = callers_text (session, multi[i].function);
      g_autofree char *line = NULL;

      line = g_strdup_printf (g_dngettext (GETTEXT_PACKAGE,
                                           "• %s has %u callers (%s); it affects %u bar",
                                           "• %s has %u callers (%s); it affects %u bars",
                                           multi[i].n_nodes),
                              hearth_session_get_function_label (session, multi[i].function),
                              multi[i].n_callers, callers, multi[i].n_nodes);
      /* a function spread over many callers: its sandwich shows them in one picture */
      add_button_row (card, line, _("_Sandwich"), G_CALLBACK (sandwich_clicked), self,
                      (gint) multi[i].function);
    }
  if (n_multi > MAX_LISTED)
    {
      g_autofree char *more = g_strdup_printf (_("… and %u more functions"),
                                               n_multi - MAX_LISTED);

      add_note (card, more);
    }
  add_note (card, _("The solid part of a bar is proven by the file; the hatched rest may never "
                    "have happened. A sampling profile of the same program (py-spy, "
                    "profiling.sampling) records whole stacks and gives exact chains."));
  /* the window's win.exact-chains runs the program again under Hearth's sampler */
  button = add_button_row (card, _("Hearth's own sampler can run the program again and show "
                                   "the exact chains beside these."),
                           _("Get _Exact Chains…"), NULL, NULL, 0);
  gtk_actionable_set_action_name (GTK_ACTIONABLE (button), "win.exact-chains");
  return TRUE;
}

static gboolean
warn_shrunk (HearthWarningsPane *self,
             HearthSession      *session,
             HearthCallTree     *tree)
{
  const HearthShrink *shrinks;
  guint n_shrinks = 0;
  g_autoptr (GHashTable) factor = g_hash_table_new_full (NULL, NULL, NULL, g_free);
  g_autoptr (GArray) order = g_array_new (FALSE, FALSE, sizeof (guint));
  GtkWidget *card;

  shrinks = hearth_call_tree_get_shrinks (tree, &n_shrinks);
  if (n_shrinks == 0)
    return FALSE;
  for (guint i = 0; i < n_shrinks; i++)
    {
      guint f = hearth_call_tree_get_node (tree, shrinks[i].node)->function;
      double *max = g_hash_table_lookup (factor, GUINT_TO_POINTER (f + 1));

      if (max == NULL)
        {
          max = g_new0 (double, 1);
          g_hash_table_insert (factor, GUINT_TO_POINTER (f + 1), max);
          g_array_append_val (order, f);
        }
      *max = MAX (*max, shrinks[i].factor);
    }

  card = add_card (self, _("Time Counted Twice"), "dialog-warning-symbolic");
  add_text (card, _("Where the callees of a bar add up to more than the bar, the profile counts "
                    "some time twice (a function re-entered through another). Their bars are "
                    "scaled down to fit and underlined."));
  for (guint i = 0; i < MIN (order->len, MAX_LISTED); i++)
    {
      guint f = g_array_index (order, guint, i);
      double *max = g_hash_table_lookup (factor, GUINT_TO_POINTER (f + 1));
      const char *label = hearth_session_get_function_label (session,
                                                             f == G_MAXUINT ? -1 : (gint) f);
      g_autofree char *excess = hearth_format_percent (*max - 1);
      /* TRANSLATORS: "callees add up to 9.0% more than run" */
      g_autofree char *line = g_strdup_printf (_("• callees add up to %s more than %s"),
                                               excess, label);

      add_text (card, line);
    }
  if (order->len > MAX_LISTED)
    {
      g_autofree char *more = g_strdup_printf (_("… and %u more functions"),
                                               order->len - MAX_LISTED);

      add_note (card, more);
    }
  return TRUE;
}

static gboolean
warn_guarded (HearthWarningsPane *self,
              HearthSession      *session,
              HearthCallTree     *tree)
{
  g_autofree guint *guarded = NULL;
  guint n_guarded = 0, repeat = hearth_call_tree_get_options (tree)->max_repeat;
  double total = hearth_call_tree_get_total (tree), hidden = 0;
  GtkWidget *card;

  guarded = hearth_call_tree_dup_guarded (tree, HEARTH_CALL_TREE_GUARDED_FRACTION, &n_guarded);
  if (n_guarded == 0 && repeat <= 1)
    return FALSE;

  card = add_card (self, _("Time the Guard Hides"), "dialog-warning-symbolic");
  for (guint i = 0; i < n_guarded; i++)
    hidden += hearth_call_tree_get_node (tree, guarded[i])->guarded_width;
  if (n_guarded > 0)
    {
      g_autofree char *value = hearth_session_format_value (session, hidden);
      g_autofree char *hidden_share = hearth_format_percent (total > 0 ? hidden / total : 0);
      g_autofree char *intro =
        g_strdup_printf (hearth_session_get_root (session) >= 0
                         ? _("%s of the root (%s) is spent in callees that are already on "
                             "their chain: real recursion, or a function re-entered through "
                             "others. To keep the walk finite they get no bar; the outlined part "
                             "of their caller is that time, not self time.")
                         : _("%s of the run (%s) is spent in callees that are already on "
                             "their chain: real recursion, or a function re-entered through "
                             "others. To keep the walk finite they get no bar; the outlined part "
                             "of their caller is that time, not self time."),
                         hidden_share, value);

      add_text (card, intro);
    }
  for (guint i = 0; i < MIN (n_guarded, MAX_LISTED); i++)
    {
      const HearthNode *node = hearth_call_tree_get_node (tree, guarded[i]);
      g_autofree char *value = hearth_session_format_value (session, node->guarded_width);
      g_autofree char *guarded_share =
        hearth_format_percent (total > 0 ? node->guarded_width / total : 0);
      g_autofree char *line =
        g_strdup_printf (_("• %s (%s) under %s at depth %u"), guarded_share, value,
                         hearth_session_get_node_label (session, guarded[i]), node->depth);

      add_text (card, line);
    }
  if (n_guarded > 0 && repeat < 64)
    {
      g_autofree char *text =
        repeat <= 1 ? g_strdup (_("Allow a function twice on one chain to show that time as bars."))
                    : g_strdup_printf (_("A function may appear %u times on one chain."), repeat);

      add_button_row (card, text, _("_Allow Repeats"), G_CALLBACK (repeats_clicked), self,
                      (gint) repeat + 1);
    }
  if (repeat > 1)
    {
      g_autofree char *text = g_strdup_printf (_("Repeats are allowed: a function may appear %u "
                                                 "times on one chain."), repeat);

      add_button_row (card, n_guarded > 0 ? NULL : text, _("_Once per Chain"),
                      G_CALLBACK (repeats_clicked), self, 1);
    }
  return n_guarded > 0;
}

/* "findall: 1.2 s, 12.2% of the run", and why it has no bar when the file did not lose it */
static char *
dup_unreached_line (HearthSession         *session,
                    HearthCallTree        *tree,
                    const HearthUnreached *why)
{
  HearthProfile *profile = hearth_session_get_profile (session);
  double cum = hearth_profile_clamp (hearth_profile_get_function (profile, why->function)->cum);
  double total = hearth_call_tree_get_total (tree);
  const char *label = hearth_session_get_function_label (session, (gint) why->function);
  g_autofree char *value = hearth_session_format_value (session, cum);
  g_autofree char *share = hearth_format_percent (total > 0 ? cum / total : 0);
  g_autofree char *places = hearth_format_count (why->n_places);
  gboolean of_root = hearth_session_get_root (session) >= 0;

  if (!why->linked)
    /* TRANSLATORS: "cli: 99.8 s, 50.0% of the run" */
    return g_strdup_printf (of_root ? _("%s: %s, %s of the root") : _("%s: %s, %s of the run"),
                            label, value, share);
  if (why->n_places == 0)
    return g_strdup_printf (of_root ? _("%s: %s, %s of the root, only under callees that are "
                                        "under the cutoff themselves")
                                    : _("%s: %s, %s of the run, only under callees that are "
                                        "under the cutoff themselves"),
                            label, value, share);
  /* TRANSLATORS: "findall: 1.2 s, 12.2% of the run, in 2,503 places each under the cutoff" */
  return g_strdup_printf (of_root ? g_dngettext (GETTEXT_PACKAGE,
                                                 "%s: %s, %s of the root, in %s place under "
                                                 "the cutoff",
                                                 "%s: %s, %s of the root, in %s places each "
                                                 "under the cutoff", why->n_places)
                                  : g_dngettext (GETTEXT_PACKAGE,
                                                 "%s: %s, %s of the run, in %s place under "
                                                 "the cutoff",
                                                 "%s: %s, %s of the run, in %s places each "
                                                 "under the cutoff", why->n_places),
                          label, value, share, places);
}

static void
add_unreached_rows (HearthWarningsPane    *self,
                    GtkWidget             *card,
                    HearthSession         *session,
                    HearthCallTree        *tree,
                    const HearthUnreached *why,
                    guint                  n,
                    gboolean               linked)
{
  guint listed = 0;

  for (guint i = 0; i < n && listed < MAX_LISTED; i++)
    {
      g_autofree char *line = NULL;
      GtkWidget *button;

      if (why[i].linked != linked)
        continue;
      listed++;
      line = dup_unreached_line (session, tree, &why[i]);
      if (!linked || !(why[i].cutoff > 0))
        {
          button = add_button_row (card, line, _("Use as _Root"), G_CALLBACK (use_as_root_clicked),
                                   self, (gint) why[i].function);
          add_sandwich_button (self, button, why[i].function);
          continue;
        }
      /* two buttons: under the text, so that it keeps the card's width */
      add_text (card, line);
      button = add_button_row (card, NULL, _("Use as _Root"), G_CALLBACK (use_as_root_clicked),
                               self, (gint) why[i].function);
      add_sandwich_button (self, button, why[i].function);
      {
        GtkWidget *lower = gtk_button_new_with_mnemonic (_("Lower the _Cutoff"));
        double *cutoff = g_new (double, 1);

        *cutoff = why[i].cutoff;
        g_object_set_data_full (G_OBJECT (lower), "cutoff", cutoff, g_free);
        gtk_widget_set_valign (lower, GTK_ALIGN_CENTER);
        g_signal_connect (lower, "clicked", G_CALLBACK (lower_cutoff_clicked), self);
        gtk_widget_insert_before (lower, gtk_widget_get_parent (button), button);
        gtk_widget_set_halign (gtk_widget_get_parent (button), GTK_ALIGN_START);
      }
    }
}

/* Time the tree never reaches, for its true reason: the file lost the link between the root
 * and it (never for a stack profile), or it is reached but every place of it is under the
 * cutoff. Shares are of the current root, and say so. */
static gboolean
warn_unreached (HearthWarningsPane *self,
                HearthSession      *session,
                HearthCallTree     *tree)
{
  g_autofree guint *unreached = NULL;
  g_autofree HearthUnreached *why = NULL;
  guint n = 0, n_lost = 0;
  GtkWidget *card;

  unreached = hearth_call_tree_dup_unreached (tree, HEARTH_CALL_TREE_UNREACHED_FRACTION, &n);
  if (n == 0)
    return FALSE;
  why = hearth_call_tree_explain_unreached (tree, unreached, n);
  for (guint i = 0; i < n; i++)
    n_lost += !why[i].linked;

  card = add_card (self, _("Time the Tree Never Reaches"), "dialog-warning-symbolic");
  if (n_lost > 0)
    {
      add_text (card, _("No walk from the root reaches these functions, though they took a large "
                        "share of the time: the file lost the link between the root and them (as "
                        "in python -m runs). Start the graph at one of them to see where their "
                        "time went."));
      add_unreached_rows (self, card, session, tree, why, n, FALSE);
    }
  if (n_lost < n)
    {
      add_text (card, _("These functions are reached, but each of their places is narrower than "
                        "the cutoff, so their time stays inside their callers’ bars. Lower the "
                        "cutoff to see them, or start the graph at one of them."));
      add_unreached_rows (self, card, session, tree, why, n, TRUE);
    }
  return TRUE;
}

/* The time in callees too narrow for a bar: what is left of a bar beyond its own time. Only
 * a cProfile tree knows each function's own time; a stack tree does not say it per bar. */
static double
cutoff_hidden (HearthSession  *session,
               HearthCallTree *tree)
{
  HearthProfile *profile = hearth_session_get_profile (session);
  guint n = hearth_call_tree_get_n_nodes (tree);
  double hidden = 0;

  if (hearth_call_tree_is_from_stacks (tree))
    return 0;
  for (guint i = 0; i < n; i++)
    {
      const HearthNode *node = hearth_call_tree_get_node (tree, i);
      const HearthFunction *f;
      double cum, own;

      if (node->function == G_MAXUINT)
        continue;
      f = hearth_profile_get_function (profile, node->function);
      cum = hearth_profile_clamp (f->cum);
      own = cum > 0 ? hearth_profile_clamp (f->own) * node->width / cum : 0;
      if (node->self_width > own)
        hidden += node->self_width - own;
    }
  return hidden;
}

static gboolean
warn_cutoff (HearthWarningsPane *self,
             HearthSession      *session,
             HearthCallTree     *tree)
{
  HearthTreeLimits limits = hearth_call_tree_get_limits (tree);
  double total = hearth_call_tree_get_total (tree);
  double cutoff = hearth_call_tree_get_options (tree)->cutoff;
  double hidden = cutoff > 0 ? cutoff_hidden (session, tree) : 0;
  GtkWidget *card;

  if (limits == HEARTH_TREE_LIMIT_NONE && !(hidden >= CUTOFF_WORTH * total))
    return FALSE;

  card = add_card (self, _("Bars Left Out"), "dialog-information-symbolic");
  if (hidden >= CUTOFF_WORTH * total)
    {
      g_autofree char *value = hearth_session_format_value (session, hidden);
      g_autofree char *hidden_share = hearth_format_percent (hidden / total);
      g_autofree char *text =
        g_strdup_printf (hearth_session_get_root (session) >= 0
                         ? _("About %s of the root (%s) is in callees narrower than the cutoff "
                             "(%g%% of the root); their time stays inside their callers’ bars. "
                             "Lower the cutoff in the main menu to see them.")
                         : _("About %s of the run (%s) is in callees narrower than the cutoff "
                             "(%g%% of the root); their time stays inside their callers’ bars. "
                             "Lower the cutoff in the main menu to see them."),
                         hidden_share, value, 100 * cutoff);

      add_text (card, text);
    }
  if (limits & HEARTH_TREE_LIMIT_BUDGET)
    {
      double budget_width = hearth_call_tree_get_budget_width (tree);
      g_autofree char *width = hearth_session_format_value (session, budget_width);
      g_autofree char *text =
        g_strdup_printf (_("The tree keeps its %u widest bars; bars of %s and narrower are left "
                           "out."), hearth_call_tree_get_n_nodes (tree), width);

      add_text (card, text);
    }
  if (limits & HEARTH_TREE_LIMIT_FLOOR)
    add_text (card, _("Bars narrower than a millionth of the root are left out, whatever the "
                      "cutoff."));
  return TRUE;
}

static gboolean
warn_samples (HearthWarningsPane *self,
              HearthProfile      *profile)
{
  double samples = hearth_profile_get_total (profile);
  g_autofree char *text = NULL;
  GtkWidget *card;
  guint points;

  if (hearth_profile_get_kind (profile) != HEARTH_KIND_SAMPLED ||
      hearth_profile_get_unit (profile) != HEARTH_UNIT_SAMPLES || !(samples > 0))
    return FALSE;

  if (samples >= HEARTH_PROFILE_FEW_SAMPLES)
    {
      card = add_card (self, _("Samples"), "dialog-information-symbolic");
      text = g_strdup_printf (_("%.0f samples: each bar’s width is a count of samples."), samples);
      add_note (card, text);
      return FALSE;
    }
  card = add_card (self, _("Few Samples"), "dialog-warning-symbolic");
  points = (guint) MAX (1, round (100 * sqrt (0.1 * 0.9 / samples)));
  text = g_strdup_printf (g_dngettext (GETTEXT_PACKAGE,
                                       "Only %.0f samples. Widths vary from run to run: a bar of "
                                       "10%% of the run may be off by about %u point either way, "
                                       "so small differences mean nothing. Sample for longer or "
                                       "at a higher rate.",
                                       "Only %.0f samples. Widths vary from run to run: a bar of "
                                       "10%% of the run may be off by about %u points either way, "
                                       "so small differences mean nothing. Sample for longer or "
                                       "at a higher rate.", points),
                          samples, points);
  add_text (card, text);
  return TRUE;
}

static void
add_root_note (HearthWarningsPane *self,
               HearthSession      *session,
               HearthCallTree     *tree)
{
  g_autofree char *text = NULL;
  GtkWidget *card;

  if (hearth_session_get_root (session) < 0)
    return;
  card = add_card (self, _("Chosen Root"), "dialog-information-symbolic");
  text = g_strdup_printf (_("The graph starts at %s; shares are of its time."),
                          hearth_session_get_node_label (session, 0));
  add_button_row (card, text, _("_Default Root"), G_CALLBACK (default_root_clicked), self, -1);
}

static void
clear_cards (HearthWarningsPane *self)
{
  GtkWidget *child;

  while ((child = gtk_widget_get_first_child (self->cards)) != NULL)
    gtk_box_remove (GTK_BOX (self->cards), child);
}

static void
tree_changed (HearthPane *pane)
{
  HearthWarningsPane *self = HEARTH_WARNINGS_PANE (pane);
  HearthSession *session = hearth_pane_get_session (pane);
  HearthCallTree *tree = session != NULL ? hearth_session_get_tree (session) : NULL;
  HearthProfile *profile = session != NULL ? hearth_session_get_profile (session) : NULL;
  guint count = 0;

  clear_cards (self);
  if (tree != NULL && profile != NULL)
    {
      count += warn_profile (self, profile);
      if (hearth_call_tree_get_n_nodes (tree) > 0)
        {
          count += warn_estimated (self, session, tree);
          count += warn_shrunk (self, session, tree);
          count += warn_guarded (self, session, tree);
          count += warn_unreached (self, session, tree);
          count += warn_cutoff (self, session, tree);
        }
      count += warn_samples (self, profile);
      add_root_note (self, session, tree);
    }

  gtk_stack_set_visible_child_name (GTK_STACK (self->stack),
                                    gtk_widget_get_first_child (self->cards) != NULL ? "cards"
                                                                                      : "empty");
  if (self->n_warnings != count)
    {
      self->n_warnings = count;
      g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_N_WARNINGS]);
    }
}

/* GObject ----------------------------------------------------------------------------------- */

static void
hearth_warnings_pane_get_property (GObject    *object,
                                   guint       prop_id,
                                   GValue     *value,
                                   GParamSpec *pspec)
{
  HearthWarningsPane *self = HEARTH_WARNINGS_PANE (object);

  switch (prop_id)
    {
    case PROP_N_WARNINGS:
      g_value_set_uint (value, self->n_warnings);
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
hearth_warnings_pane_class_init (HearthWarningsPaneClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  HearthPaneClass *pane_class = HEARTH_PANE_CLASS (klass);

  object_class->get_property = hearth_warnings_pane_get_property;
  pane_class->tree_changed = tree_changed;

  /** HearthWarningsPane:n-warnings: how many kinds of findings the pane lists */
  properties[PROP_N_WARNINGS] =
    g_param_spec_uint ("n-warnings", NULL, NULL, 0, G_MAXUINT, 0,
                       G_PARAM_READABLE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  g_object_class_install_properties (object_class, N_PROPS, properties);

  gtk_widget_class_set_css_name (GTK_WIDGET_CLASS (klass), "warningspane");
}

static void
hearth_warnings_pane_init (HearthWarningsPane *self)
{
  GtkWidget *scrolled = gtk_scrolled_window_new ();

  self->stack = gtk_stack_new ();
  gtk_widget_set_vexpand (self->stack, TRUE);
  gtk_widget_set_parent (self->stack, GTK_WIDGET (self));
  gtk_stack_add_named (GTK_STACK (self->stack),
                       _hearth_pane_make_placeholder (_("No Warnings"),
                                                      _("Every bar is exact and nothing is "
                                                        "left out.")),
                       "empty");

  self->cards = gtk_box_new (GTK_ORIENTATION_VERTICAL, 12);
  gtk_widget_add_css_class (self->cards, "warning-cards");
  gtk_scrolled_window_set_policy (GTK_SCROLLED_WINDOW (scrolled), GTK_POLICY_NEVER,
                                  GTK_POLICY_AUTOMATIC);
  gtk_scrolled_window_set_child (GTK_SCROLLED_WINDOW (scrolled), self->cards);
  gtk_stack_add_named (GTK_STACK (self->stack), scrolled, "cards");
  gtk_stack_set_visible_child_name (GTK_STACK (self->stack), "empty");
}

/**
 * hearth_warnings_pane_new:
 *
 * Returns: (transfer floating): a new warnings pane
 */
GtkWidget *
hearth_warnings_pane_new (void)
{
  return g_object_new (HEARTH_TYPE_WARNINGS_PANE, NULL);
}

/**
 * hearth_warnings_pane_get_n_warnings:
 * @self: a #HearthWarningsPane
 *
 * Returns: how many kinds of findings the pane lists (0: "No warnings")
 */
guint
hearth_warnings_pane_get_n_warnings (HearthWarningsPane *self)
{
  g_return_val_if_fail (HEARTH_IS_WARNINGS_PANE (self), 0);
  return self->n_warnings;
}

static void
collect_text (GtkWidget *widget,
              GString   *text)
{
  if (GTK_IS_LABEL (widget))
    {
      g_string_append (text, gtk_label_get_text (GTK_LABEL (widget)));
      g_string_append_c (text, '\n');
      return;
    }
  for (GtkWidget *child = gtk_widget_get_first_child (widget); child != NULL;
       child = gtk_widget_get_next_sibling (child))
    collect_text (child, text);
}

/**
 * hearth_warnings_pane_dup_text:
 * @self: a #HearthWarningsPane
 *
 * Returns: (transfer full): the text of every label shown, one per line (buttons included)
 */
char *
hearth_warnings_pane_dup_text (HearthWarningsPane *self)
{
  GString *text = g_string_new (NULL);

  g_return_val_if_fail (HEARTH_IS_WARNINGS_PANE (self), NULL);

  collect_text (gtk_stack_get_visible_child (GTK_STACK (self->stack)), text);
  return g_string_free (text, FALSE);
}
