/* hearth-flame-view-tooltip.c: the tooltip of a bar in the flame view.
 *
 * Copyright 2026 The Hearth authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#define G_LOG_DOMAIN "hearth-flame-view"

#include "hearth-flame-view-private.h"

#include <inttypes.h>
#include <glib/gi18n.h>
#include <math.h>

#include "hearth-format.h"

/* @value as a share of @total, written as everywhere ("12.5%") */
char *
_hearth_flame_view_share (double value,
                          double total)
{
  return hearth_format_percent (total > 0 ? value / total : 0);
}

/* With a chosen root the shares are of the root, and say so. */
static gboolean
of_root (HearthFlameView *self)
{
  return hearth_session_get_root (self->session) >= 0;
}

/* The nearest function below the bar whose split across callers makes the bar estimated. */
static gint
estimating_function (HearthFlameView *self,
                     guint            node)
{
  HearthCallTree *tree = _hearth_flame_view_get_tree (self);
  const HearthNode *n = hearth_call_tree_get_node (tree, node);

  while (n->parent != G_MAXUINT)
    {
      const HearthNode *parent = hearth_call_tree_get_node (tree, n->parent);

      if (parent->parent != G_MAXUINT && parent->function != G_MAXUINT &&
          hearth_session_get_n_callers (self->session, parent->function) > 1)
        return parent->function;
      n = parent;
    }
  return -1;
}

static void
append_estimate (HearthFlameView  *self,
                 GString          *text,
                 guint             node,
                 const HearthNode *n,
                 double            total)
{
  gint culprit = estimating_function (self, node);

  g_autofree char *width = _hearth_flame_view_share (n->width, total);
  g_autofree char *low = _hearth_flame_view_share (n->low, total);
  g_autofree char *high = _hearth_flame_view_share (n->high, total);

  g_string_append_printf (text, of_root (self) ? _("Estimated: %s of the root, "
                                                   "somewhere between %s and %s")
                                               : _("Estimated: %s of the run, "
                                                   "somewhere between %s and %s"),
                          width, low, high);
  if (culprit >= 0)
    {
      guint callers = hearth_session_get_n_callers (self->session, culprit);

      g_string_append (text, ": ");
      g_string_append_printf (text, g_dngettext (GETTEXT_PACKAGE, "%s has %u caller",
                                                 "%s has %u callers", callers),
                              hearth_session_get_function_label (self->session, culprit), callers);
    }
  g_string_append_c (text, '\n');
}

/* The bar's own time. What a bar does not cover with child bars is its own time plus its
 * callees too narrow for a bar; a cProfile tree can tell them apart (the function's own time,
 * shared like its width), a stack tree cannot. */
static void
append_self_time (HearthFlameView       *self,
                  GString               *text,
                  const HearthNode      *n,
                  const HearthFunction  *f,
                  double                 total)
{
  g_autofree char *own_text = NULL;
  g_autofree char *own_share = NULL;
  double cum = f != NULL ? hearth_profile_clamp (f->cum) : 0;
  double own, narrow;

  if (f == NULL || cum <= 0 || hearth_call_tree_is_from_stacks (_hearth_flame_view_get_tree (self)))
    {
      g_autofree char *self_share = _hearth_flame_view_share (n->self_width, total);

      own_text = hearth_session_format_value (self->session, n->self_width);
      g_string_append_printf (text, of_root (self)
                                    ? _("Self and callees without a bar: %s (%s of the root)\n")
                                    : _("Self and callees without a bar: %s (%s of the run)\n"),
                              own_text, self_share);
      return;
    }
  own = MIN (hearth_profile_clamp (f->own) * n->width / cum, n->self_width);
  narrow = n->self_width - own;
  own_text = hearth_session_format_value (self->session, own);
  own_share = _hearth_flame_view_share (own, total);
  g_string_append_printf (text, of_root (self) ? _("Self: %s (%s of the root)\n")
                                               : _("Self: %s (%s of the run)\n"),
                          own_text, own_share);
  if (narrow > total * 1e-3)
    {
      g_autofree char *narrow_text = hearth_session_format_value (self->session, narrow);

      g_string_append_printf (text, _("Callees too narrow for a bar: %s\n"), narrow_text);
    }
}

/* In the second run of a comparison: how the bar's chain changed since the first, a line
 * each (the accessible description reads them too). */
void
_hearth_flame_view_append_change (HearthFlameView *self,
                                  GString         *text,
                                  guint            node,
                                  double           width)
{
  g_autofree char *was = NULL;
  g_autofree char *delta = NULL;
  double before_width = 0, before_total;
  gboolean is_new = FALSE, estimated = FALSE;

  if (!_hearth_flame_view_comparing (self) || self->run != 1 ||
      !hearth_flame_renderer_get_change (self->renderer, node, &before_width, &is_new,
                                         &estimated))
    return;
  if (is_new)
    g_string_append_printf (text, "%s\n", _("New chain: the first run has no such chain"));
  else
    {
      before_total = _hearth_flame_view_compared_total (self, 0);
      was = hearth_session_format_value (self->session, before_width);
      delta = hearth_session_format_value (self->session, fabs (width - before_width));
      g_autofree char *change = hearth_format_percent_change (before_total > 0
                                                              ? (width - before_width) / before_total
                                                              : 0);

      /* translators: "Before: 4.50 s, change −3.90 s (−83.1% of the first run)" */
      g_string_append_printf (text, _("Before: %s, change %s%s (%s of the first run)\n"),
                              was, width < before_width ? "−" : "+", delta, change);
    }
  if (estimated)
    g_string_append_printf (text, "%s\n", _("A change of an estimate: the chain’s time is "
                                             "estimated in either run"));
}

/* For merged runs: the bar's width in each run, summed up. */
static void
append_spread (HearthFlameView *self,
               GString         *text,
               guint            node)
{
  HearthSpread *spread = hearth_session_get_spread (self->session);
  HearthSpreadStats stats;
  g_autofree char *mean = NULL;
  g_autofree char *min = NULL;
  g_autofree char *max = NULL;
  g_autofree char *cv = NULL;

  if (spread == NULL || _hearth_flame_view_comparing (self))
    return;
  hearth_spread_get_stats (spread, node, &stats);
  mean = hearth_format_mean (stats.mean, hearth_session_get_profile (self->session) != NULL
                                         ? hearth_profile_get_unit (hearth_session_get_profile
                                                                    (self->session))
                                         : HEARTH_UNIT_SECONDS);
  min = hearth_session_format_value (self->session, stats.min);
  max = hearth_session_format_value (self->session, stats.max);
  cv = hearth_format_percent (stats.cv);
  /* translators: "Per run (3 runs): mean 1.40 s, min 1.20 s, max 1.60 s, CV 14.3%"; CV is
   * the coefficient of variation, the standard deviation as a share of the mean */
  g_string_append_printf (text, g_dngettext (GETTEXT_PACKAGE,
                                             "Per run (%u run): mean %s, min %s, max %s, CV %s\n",
                                             "Per run (%u runs): mean %s, min %s, max %s, CV %s\n",
                                             stats.n_runs),
                          stats.n_runs, mean, min, max, cv);
  if (stats.present < stats.n_runs)
    g_string_append_printf (text, _("Only %u of the %u runs have this bar; the others count "
                                    "as 0\n"), stats.present, stats.n_runs);
  if (stats.cv > HEARTH_SPREAD_NOISY_CV)
    {
      g_autofree char *limit = hearth_format_percent (HEARTH_SPREAD_NOISY_CV);

      /* translators: the mark is the thin whisker at the bar's right end */
      g_string_append_printf (text, _("Noisy: its width varies by more than %s from run to run "
                                      "(the whisker shows min to max)\n"), limit);
    }
}

/**
 * hearth_flame_view_dup_tooltip_text:
 * @self: a #HearthFlameView
 * @node: a bar
 *
 * The tooltip of a bar: its qualified and full name, `file:line`, its time as a share of the
 * run and of its parent, calls, self time, and what its flags mean.
 *
 * Returns: (transfer full) (nullable): the text, %NULL for no such bar
 */
char *
hearth_flame_view_dup_tooltip_text (HearthFlameView *self,
                                    guint            node)
{
  HearthProfile *profile;
  const HearthNode *n;
  const HearthFunction *f = NULL;
  g_autofree char *value = NULL;
  g_autofree char *location = NULL;
  const char *label;
  double total;
  GString *text;

  g_return_val_if_fail (HEARTH_IS_FLAME_VIEW (self), NULL);

  n = _hearth_flame_view_get_node (self, node);
  if (n == NULL)
    return NULL;
  profile = hearth_session_get_profile (self->session);
  total = hearth_session_get_run_total (self->session);
  if (n->function != G_MAXUINT)
    f = hearth_profile_get_function (profile, n->function);
  label = hearth_session_get_function_label (self->session,
                                             n->function == G_MAXUINT ? -1 : (gint) n->function);
  text = g_string_new (label);
  g_string_append_c (text, '\n');

  if (f != NULL && f->name != NULL && !g_str_equal (f->name, label))
    g_string_append_printf (text, "%s\n", f->name);
  if (f != NULL)
    {
      location = hearth_session_dup_location (self->session, n->function);
      if (location != NULL)
        g_string_append_printf (text, "%s\n", location);
      else if (f->file != NULL && g_str_equal (f->file, "~"))
        g_string_append_printf (text, "%s\n", _("built-in"));
      else if (f->file != NULL && f->file[0] != '\0')
        g_string_append_printf (text, "%s\n", f->file);
    }

  value = hearth_session_format_value (self->session, n->width);
  {
    g_autofree char *run_share = _hearth_flame_view_share (n->width, total);

    g_string_append_printf (text, of_root (self) ? _("%s, %s of the root") : _("%s, %s of the run"),
                            value, run_share);
  }
  if (n->parent != G_MAXUINT)
    {
      const HearthNode *parent = hearth_call_tree_get_node (_hearth_flame_view_get_tree (self),
                                                            n->parent);
      guint pf = parent->function;
      g_autofree char *parent_share = _hearth_flame_view_share (n->width, parent->width);

      g_string_append_printf (text, _(", %s of %s"), parent_share,
                              hearth_session_get_function_label (self->session,
                                                                 pf == G_MAXUINT ? -1 : (gint) pf));
    }
  g_string_append_c (text, '\n');

  if (f != NULL && hearth_profile_get_kind (profile) == HEARTH_KIND_DETERMINISTIC)
    {
      if (f->prim_calls != f->calls)
        g_string_append_printf (text, _("Calls: %" PRId64 " (%" PRId64
                                        " primitive), all bars of this function\n"),
                                f->calls, f->prim_calls);
      else
        g_string_append_printf (text, _("Calls: %" PRId64 ", all bars of this function\n"),
                                f->calls);
    }

  _hearth_flame_view_append_change (self, text, node, n->width);
  append_spread (self, text, node);
  append_self_time (self, text, n, f, total);
  if (n->guarded_width > 0)
    {
      g_autofree char *guarded = hearth_session_format_value (self->session, n->guarded_width);

      g_string_append_printf (text, _("Hidden by the guard: %s in callees already on this "
                                      "chain, not self time\n"), guarded);
    }
  if (n->flags & HEARTH_NODE_ESTIMATED)
    append_estimate (self, text, node, n, total);
  if (n->flags & HEARTH_NODE_SHRUNK)
    {
      g_autofree char *excess = hearth_format_percent (n->shrink - 1);

      /* TRANSLATORS: "callees … add up to 9.0% more than the caller’s time" */
      g_string_append_printf (text, _("Shrunk: the callees of its caller add up to %s more than "
                                      "the caller’s time and were scaled down to fit; the "
                                      "profile counts some time twice\n"), excess);
    }

  g_strchomp (text->str);
  text->len = strlen (text->str);
  return g_string_free (text, FALSE);
}

gboolean
_hearth_flame_view_query_tooltip (GtkWidget  *widget,
                                  int         x,
                                  int         y,
                                  gboolean    keyboard_mode,
                                  GtkTooltip *tooltip)
{
  HearthFlameView *self = HEARTH_FLAME_VIEW (widget);
  g_autofree char *text = NULL;
  graphene_rect_t bounds;
  gint node;

  if (keyboard_mode)
    node = self->session != NULL ? hearth_session_get_selected (self->session) : -1;
  else
    node = hearth_flame_view_node_at (self, x, y);
  if (node < 0)
    return FALSE;
  text = hearth_flame_view_dup_tooltip_text (self, node);
  if (text == NULL)
    return FALSE;
  /* plain text: names like <module> and <lambda> would break markup */
  gtk_tooltip_set_text (tooltip, text);
  if (hearth_flame_view_get_node_bounds (self, node, &bounds))
    gtk_tooltip_set_tip_area (tooltip, &(GdkRectangle) {
                                floor (bounds.origin.x), floor (bounds.origin.y),
                                MAX (1, ceil (bounds.size.width)),
                                MAX (1, ceil (bounds.size.height)) });
  return TRUE;
}
