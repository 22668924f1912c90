/* hearth-report.c: the text outputs of `hearth --print`: bars, widest, folded, warnings.
 *
 * Copyright 2026 The Hearth authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#define G_LOG_DOMAIN "hearth-report"

#include "hearth-report.h"
#include "hearth-format.h"
#include "hearth-path-private.h"

#include <math.h>
#include <string.h>

/* A warning line lists at most this many callers of a multi-caller function. */
#define MAX_CALLERS_LISTED 10

/* Numbers are printed with the C locale's decimal point, whatever the user's locale. */
static void
append_number (GString    *out,
               const char *format,
               double      value)
{
  char buffer[G_ASCII_DTOSTR_BUF_SIZE];

  g_string_append (out, g_ascii_formatd (buffer, sizeof buffer, format, value));
}

static double
percent_of (double value,
            double total)
{
  return total > 0 ? 100.0 * value / total : 0.0;
}

static void
append_percent (GString *out,
                double   value,
                double   total)
{
  append_number (out, "%.1f", percent_of (value, total));
}

/* A duration or amount in the profile's unit, for people. */
static void
append_amount (GString        *out,
               HearthCallTree *tree,
               double          value)
{
  switch (hearth_profile_get_unit (hearth_call_tree_get_profile (tree)))
    {
    case HEARTH_UNIT_SECONDS:
      append_number (out, "%.3g", value);
      g_string_append (out, " s");
      break;
    case HEARTH_UNIT_BYTES:
      append_number (out, "%.0f", value);
      g_string_append (out, " bytes");
      break;
    case HEARTH_UNIT_SAMPLES:
    default:
      append_number (out, "%.9g", value);
      g_string_append (out, " samples");
      break;
    }
}

/* The key of a function as `file:line:name`, or for stack profiles the frame as in the
 * file; `all` for the synthetic root. */
static void
append_function_key (GString       *out,
                     HearthProfile *profile,
                     guint          function)
{
  const HearthFunction *f;

  if (function >= hearth_profile_get_n_functions (profile))
    {
      g_string_append (out, "all");
      return;
    }
  f = hearth_profile_get_function (profile, function);
  if (hearth_profile_has_stacks (profile))
    g_string_append (out, f->frame != NULL ? f->frame : f->name);
  else
    g_string_append_printf (out, "%s:%" G_GINT64_FORMAT ":%s", f->file, f->line, f->name);
}

static void
append_key (GString        *out,
            HearthCallTree *tree,
            guint           function)
{
  append_function_key (out, hearth_call_tree_get_profile (tree), function);
}

static const char *
label_of (HearthNames *names,
          guint        function)
{
  if (function >= hearth_profile_get_n_functions (hearth_names_get_profile (names)))
    return "all";
  return hearth_names_get_label (names, function);
}

/* `label (file:line)`, the way functions are named in prose and in folded output. */
static void
append_place (GString        *out,
              HearthNames    *names,
              guint           function)
{
  HearthProfile *profile = hearth_names_get_profile (names);
  const HearthFunction *f;

  g_string_append (out, label_of (names, function));
  if (function >= hearth_profile_get_n_functions (profile))
    return;
  f = hearth_profile_get_function (profile, function);
  if (f->file != NULL && f->file[0] != '\0')
    g_string_append_printf (out, " (%s:%" G_GINT64_FORMAT ")", f->file, f->line);
}

/* `label (basename:line)`: short enough to list many callers on one line. */
static void
append_short_place (GString     *out,
                    HearthNames *names,
                    guint        function)
{
  HearthProfile *profile = hearth_names_get_profile (names);
  const HearthFunction *f;

  g_string_append (out, label_of (names, function));
  if (function >= hearth_profile_get_n_functions (profile))
    return;
  f = hearth_profile_get_function (profile, function);
  if (f->file == NULL || f->file[0] == '\0')
    return;
  g_string_append_printf (out, " (%s:%" G_GINT64_FORMAT ")", _hearth_path_base_name (f->file),
                          f->line);
}

static HearthNames *
names_for (HearthCallTree *tree,
           HearthNames    *names)
{
  if (names != NULL)
    return g_object_ref (names);
  return hearth_names_new (hearth_call_tree_get_profile (tree), NULL, FALSE);
}

/**
 * hearth_report_bars:
 * @out: where the text goes
 * @tree: a call tree
 *
 * One line per bar in walk order:
 * `DEPTH<TAB>LEFT<TAB>WIDTH<TAB>LOW<TAB>HIGH<TAB>FLAGS<TAB>CHAIN`, numbers in the profile's
 * unit with `%.9g`, FLAGS `E`, `S`, `ES` or `-`, CHAIN the functions from the root as
 * `file:line:name` joined by `;` (frames as in the file for stack profiles).
 */
/* @chain becomes bar @node's chain, given the previous bar's in walk order: the two share
 * the prefix up to @node's parent, whose end @prefix keeps per depth. */
static void
next_chain (GString          *chain,
            gsize            *prefix,
            HearthCallTree   *tree,
            const HearthNode *node)
{
  g_string_truncate (chain, node->depth > 0 ? prefix[node->depth - 1] : 0);
  if (node->depth > 0)
    g_string_append_c (chain, ';');
  append_key (chain, tree, node->function);
  prefix[node->depth] = chain->len;
}

void
hearth_report_bars (GString        *out,
                    HearthCallTree *tree)
{
  guint n = hearth_call_tree_get_n_nodes (tree);
  g_autoptr (GString) chain = g_string_new (NULL);
  g_autofree gsize *prefix = g_new (gsize, hearth_call_tree_get_max_depth (tree) + 2);

  g_return_if_fail (out != NULL);
  g_return_if_fail (HEARTH_IS_CALL_TREE (tree));

  for (guint i = 0; i < n; i++)
    {
      const HearthNode *node = hearth_call_tree_get_node (tree, i);

      next_chain (chain, prefix, tree, node);
      g_string_append_printf (out, "%u\t", node->depth);
      append_number (out, "%.9g", node->left);
      g_string_append_c (out, '\t');
      append_number (out, "%.9g", node->width);
      g_string_append_c (out, '\t');
      append_number (out, "%.9g", node->low);
      g_string_append_c (out, '\t');
      append_number (out, "%.9g", node->high);
      g_string_append_c (out, '\t');
      if (node->flags & HEARTH_NODE_ESTIMATED)
        g_string_append_c (out, 'E');
      if (node->flags & HEARTH_NODE_SHRUNK)
        g_string_append_c (out, 'S');
      if (node->flags == 0)
        g_string_append_c (out, '-');
      g_string_append_c (out, '\t');
      g_string_append_len (out, chain->str, chain->len);
      g_string_append_c (out, '\n');
    }
}

/**
 * hearth_report_foreach_chain:
 * @tree: a call tree
 * @func: called per bar in walk order with its chain as `--print bars` writes it
 * @user_data: for @func
 */
void
hearth_report_foreach_chain (HearthCallTree  *tree,
                             HearthChainFunc  func,
                             gpointer         user_data)
{
  g_autoptr (GString) chain = g_string_new (NULL);
  g_autofree gsize *prefix = g_new (gsize, hearth_call_tree_get_max_depth (tree) + 2);

  g_return_if_fail (HEARTH_IS_CALL_TREE (tree) && func != NULL);

  for (guint i = 0; i < hearth_call_tree_get_n_nodes (tree); i++)
    {
      next_chain (chain, prefix, tree, hearth_call_tree_get_node (tree, i));
      func (i, chain->str, user_data);
    }
}

static void
append_spread_line (guint       node,
                    const char *chain,
                    gpointer    user_data)
{
  gpointer *data = user_data;
  GString *out = data[0];
  HearthSpreadStats stats;

  hearth_spread_get_stats (data[1], node, &stats);
  append_number (out, "%.9g", stats.mean);
  g_string_append_c (out, '\t');
  append_number (out, "%.9g", stats.min);
  g_string_append_c (out, '\t');
  append_number (out, "%.9g", stats.max);
  g_string_append_printf (out, "\t%u\t%s\n", stats.present, chain);
}

/**
 * hearth_report_spread:
 * @out: where the text goes
 * @spread: the bars of merged runs with their widths in each run
 *
 * One line per bar of the merged tree in walk order: `MEAN<TAB>MIN<TAB>MAX<TAB>RUNS<TAB>CHAIN`,
 * the width of the same chain in each run (a run without that bar counts as 0 for the mean
 * and the minimum), RUNS the runs that have it; numbers in the profile's unit with `%.9g`.
 */
void
hearth_report_spread (GString      *out,
                      HearthSpread *spread)
{
  gpointer data[2] = { out, spread };

  g_return_if_fail (out != NULL && HEARTH_IS_SPREAD (spread));

  hearth_report_foreach_chain (hearth_spread_get_tree (spread), append_spread_line, data);
}

/* The chain of bar @node from the root, keys joined by `;` as in hearth_report_bars(). */
static void
append_node_chain (GString        *out,
                   HearthCallTree *tree,
                   guint           node)
{
  g_autoptr (GArray) functions = g_array_new (FALSE, FALSE, sizeof (guint));
  guint n_nodes = hearth_call_tree_get_n_nodes (tree);

  for (guint i = node; i < n_nodes; i = hearth_call_tree_get_node (tree, i)->parent)
    g_array_append_val (functions, hearth_call_tree_get_node (tree, i)->function);
  for (guint i = functions->len; i > 0; i--)
    {
      append_key (out, tree, g_array_index (functions, guint, i - 1));
      if (i > 1)
        g_string_append_c (out, ';');
    }
}

/**
 * hearth_report_changes:
 * @out: where the text goes
 * @match: two sides matched chain by chain
 *
 * One line per chain whose own time changed, in the match's order (largest absolute change
 * first): `CHANGE%<TAB>BEFORE<TAB>AFTER<TAB>VERDICT<TAB>CHAIN`. BEFORE and AFTER are the time
 * the chain's last function spends itself (its mean per run on a side of several runs), in
 * the profile's unit with `%.9g`; CHANGE% is AFTER minus BEFORE as a share of the first
 * side's run (its root, per run) with three decimals and a sign; VERDICT `real`, `noise` or
 * `unknown`; CHAIN as in hearth_report_bars(), from the second side when it has the chain.
 */
void
hearth_report_changes (GString          *out,
                       HearthChainMatch *match)
{
  HearthCallTree *first;
  const HearthChainChange *changes;
  double total = 0;
  guint n = 0;

  g_return_if_fail (out != NULL && match != NULL);

  first = hearth_chain_match_get_tree (match, 0);
  if (hearth_call_tree_get_n_nodes (first) > 0)
    total = hearth_call_tree_get_node (first, 0)->width / hearth_chain_match_get_n_runs (match, 0);
  changes = hearth_chain_match_get_changes (match, &n);
  for (guint i = 0; i < n; i++)
    {
      const HearthChainChange *c = &changes[i];
      double change = percent_of (c->after - c->before, total);
      guint run = c->after_node >= 0 ? 1 : 0;

      if (change >= 0)
        g_string_append_c (out, '+');
      append_number (out, "%.3f", change);
      g_string_append_c (out, '\t');
      append_number (out, "%.9g", c->before);
      g_string_append_c (out, '\t');
      append_number (out, "%.9g", c->after);
      g_string_append_printf (out, "\t%s\t", hearth_verdict_to_string (c->verdict));
      append_node_chain (out, hearth_chain_match_get_tree (match, run),
                         (guint) (run == 1 ? c->after_node : c->before_node));
      g_string_append_c (out, '\n');
    }
}

/**
 * hearth_report_widest:
 * @out: where the text goes
 * @tree: a call tree
 * @names: (nullable): display names; %NULL makes plain ones
 * @count: how many chains at most; 0 for #HEARTH_REPORT_WIDEST_COUNT
 *
 * `PERCENT<TAB>a > b > c` per chain, ranked by the self time of its top bar (PERCENT is that
 * self time as a share of the root, as hearth_call_tree_dup_widest_chains() ranks them), the
 * root left out unless it is the top; an estimated chain reads `PERCENT (LOW-HIGH) E`, LOW
 * and HIGH bounding that self time (hearth_call_tree_get_self_bounds()).
 */
void
hearth_report_widest (GString        *out,
                      HearthCallTree *tree,
                      HearthNames    *names,
                      guint           count)
{
  g_autoptr (HearthNames) labels = NULL;
  g_autofree guint *chains = NULL;
  guint n_chains = 0;
  double total;

  g_return_if_fail (out != NULL);
  g_return_if_fail (HEARTH_IS_CALL_TREE (tree));

  labels = names_for (tree, names);
  total = hearth_call_tree_get_total (tree);
  chains = hearth_call_tree_dup_widest_chains (tree, &n_chains);
  if (count == 0)
    count = HEARTH_REPORT_WIDEST_COUNT;

  for (guint c = 0; c < MIN (n_chains, count); c++)
    {
      const HearthNode *leaf = hearth_call_tree_get_node (tree, chains[c]);
      g_autofree guint *chain = NULL;
      guint depth = 0;

      append_percent (out, leaf->self_width, total);
      if (leaf->flags & HEARTH_NODE_ESTIMATED)
        {
          double low, high;

          hearth_call_tree_get_self_bounds (tree, chains[c], &low, &high);
          g_string_append (out, " (");
          append_percent (out, low, total);
          g_string_append_c (out, '-');
          append_percent (out, high, total);
          g_string_append (out, ") E");
        }
      g_string_append_c (out, '\t');

      chain = hearth_call_tree_dup_chain (tree, chains[c], &depth);
      for (guint i = depth > 1 ? 1 : 0; i < depth; i++)
        {
          guint f = hearth_call_tree_get_node (tree, chain[i])->function;

          if (i > 1)
            g_string_append (out, " > ");
          g_string_append (out, label_of (labels, f));
        }
      g_string_append_c (out, '\n');
    }
}

/* A frame of folded output must not hold the separators of the format. */
static void
append_frame (GString     *out,
              HearthNames *names,
              guint        function)
{
  gsize start = out->len;

  append_place (out, names, function);
  for (gsize i = start; i < out->len; i++)
    {
      if (out->str[i] == ';')
        out->str[i] = ':';
      else if (out->str[i] == '\n' || out->str[i] == '\r')
        out->str[i] = ' ';
    }
}

/* Microseconds for seconds, else the count itself; FALSE when it rounds to nothing. */
static gboolean
append_folded_value (GString    *out,
                     HearthUnit  unit,
                     double      value)
{
  double v = unit == HEARTH_UNIT_SECONDS ? round (value * 1e6) : value;

  if (unit != HEARTH_UNIT_SECONDS && v == floor (v))
    v = floor (v);
  if (!(v > 0))
    return FALSE;
  if (v == floor (v) && v < 9e15)
    g_string_append_printf (out, "%" G_GINT64_FORMAT, (gint64) v);
  else
    append_number (out, "%.9g", v);
  return TRUE;
}

/**
 * hearth_report_folded:
 * @out: where the text goes
 * @tree: a call tree
 * @names: (nullable): display names; %NULL makes plain ones
 *
 * Each bar's self width as folded stacks, `label (file:line);... VALUE` (microseconds as
 * integers for seconds, counts for samples), so that other flame-graph tools can read the
 * tree. The time the guard hid under a bar is written as a child frame `[guarded]`, so that
 * each bar keeps its width there too. The synthetic root `all` of a stack profile is left
 * out, as the tools add their own.
 */
void
hearth_report_folded (GString        *out,
                      HearthCallTree *tree,
                      HearthNames    *names)
{
  g_autoptr (HearthNames) labels = NULL;
  g_autoptr (GString) chain = g_string_new (NULL);
  g_autofree gsize *prefix = g_new (gsize, hearth_call_tree_get_max_depth (tree) + 2);
  gboolean synthetic;
  HearthUnit unit;
  guint n;

  g_return_if_fail (out != NULL);
  g_return_if_fail (HEARTH_IS_CALL_TREE (tree));

  labels = names_for (tree, names);
  unit = hearth_profile_get_unit (hearth_call_tree_get_profile (tree));
  n = hearth_call_tree_get_n_nodes (tree);
  /* the synthetic root `all` is not a frame: the stacks are written as they were read */
  synthetic = hearth_call_tree_get_root_function (tree) < 0;

  for (guint i = synthetic ? 1 : 0; i < n; i++)
    {
      const HearthNode *node = hearth_call_tree_get_node (tree, i);
      guint top = synthetic ? 1 : 0;
      gsize line_start;

      g_string_truncate (chain, node->depth > top ? prefix[node->depth - 1] : 0);
      if (node->depth > top)
        g_string_append_c (chain, ';');
      append_frame (chain, labels, node->function);
      prefix[node->depth] = chain->len;

      line_start = out->len;
      g_string_append_len (out, chain->str, chain->len);
      g_string_append_c (out, ' ');
      if (append_folded_value (out, unit, node->self_width))
        g_string_append_c (out, '\n');
      else
        g_string_truncate (out, line_start);

      if (node->guarded_width > 0)
        {
          line_start = out->len;
          g_string_append_len (out, chain->str, chain->len);
          g_string_append (out, ";[guarded] ");
          if (append_folded_value (out, unit, node->guarded_width))
            g_string_append_c (out, '\n');
          else
            g_string_truncate (out, line_start);
        }
    }
}

/* Warnings ----------------------------------------------------------------------------------- */

static void
warn_multi_callers (GString        *out,
                    HearthCallTree *tree,
                    HearthNames    *names)
{
  HearthProfile *profile = hearth_call_tree_get_profile (tree);
  const HearthMultiCaller *multi;
  guint n_multi = 0;

  multi = hearth_call_tree_get_multi_callers (tree, &n_multi);
  for (guint i = 0; i < n_multi; i++)
    {
      g_autofree guint *edges = NULL;
      guint n_edges = 0, listed = 0;

      g_string_append (out, "estimated: ");
      append_place (out, names, multi[i].function);
      g_string_append_printf (out, " has %u callers (", multi[i].n_callers);
      edges = hearth_call_tree_dup_callers (tree, multi[i].function, &n_edges);
      for (guint e = 0; e < n_edges; e++)
        {
          guint caller = hearth_profile_get_edge (profile, edges[e])->caller;

          if (caller == multi[i].function)
            continue;
          if (listed == MAX_CALLERS_LISTED)
            {
              g_string_append_printf (out, ", and %u more", multi[i].n_callers - listed);
              break;
            }
          if (listed++ > 0)
            g_string_append (out, ", ");
          append_short_place (out, names, caller);
        }
      g_string_append (out, "); the split of its callees across them is an estimate "
                            "(a sampling profile gives exact chains)\n");
    }
}

/* One line per function whose bars shrank their callees, with the largest factor. */
static void
warn_shrinks (GString        *out,
              HearthCallTree *tree,
              HearthNames    *names)
{
  const HearthShrink *shrinks;
  guint n_shrinks = 0;
  g_autoptr (GHashTable) seen = g_hash_table_new (NULL, NULL);
  g_autoptr (GArray) order = g_array_new (FALSE, FALSE, sizeof (guint));
  g_autoptr (GArray) factor = g_array_new (FALSE, TRUE, sizeof (double));
  g_autoptr (GArray) count = g_array_new (FALSE, TRUE, sizeof (guint));

  shrinks = hearth_call_tree_get_shrinks (tree, &n_shrinks);
  for (guint i = 0; i < n_shrinks; i++)
    {
      guint f = hearth_call_tree_get_node (tree, shrinks[i].node)->function;
      gpointer slot;
      guint k;

      if (g_hash_table_lookup_extended (seen, GUINT_TO_POINTER (f + 1), NULL, &slot))
        k = GPOINTER_TO_UINT (slot);
      else
        {
          k = order->len;
          g_array_append_val (order, f);
          g_array_set_size (factor, k + 1);
          g_array_set_size (count, k + 1);
          g_hash_table_insert (seen, GUINT_TO_POINTER (f + 1), GUINT_TO_POINTER (k));
        }
      g_array_index (factor, double, k) = MAX (g_array_index (factor, double, k),
                                               shrinks[i].factor);
      g_array_index (count, guint, k)++;
    }

  for (guint k = 0; k < order->len; k++)
    {
      guint bars = g_array_index (count, guint, k);
      double most = g_array_index (factor, double, k);

      /* a difference, never a factor that rounds to 1.00 */
      {
        g_autofree char *excess = hearth_format_percent (most - 1);

        g_string_append_printf (out, "shrunk: callees add up to %s more than the time of ",
                                excess);
      }
      append_place (out, names, g_array_index (order, guint, k));
      g_string_append_printf (out, " (%u %s); they are scaled down to fit, "
                                   "the profile counts some time twice\n",
                              bars, bars == 1 ? "bar" : "bars");
    }
}

static void
warn_guarded (GString        *out,
              HearthCallTree *tree,
              HearthNames    *names)
{
  g_autofree guint *guarded = NULL;
  guint n_guarded = 0;
  double total = hearth_call_tree_get_total (tree);
  guint repeat = hearth_call_tree_get_options (tree)->max_repeat;

  guarded = hearth_call_tree_dup_guarded (tree, HEARTH_CALL_TREE_GUARDED_FRACTION, &n_guarded);
  for (guint i = 0; i < n_guarded; i++)
    {
      const HearthNode *node = hearth_call_tree_get_node (tree, guarded[i]);

      g_string_append (out, "guarded: ");
      append_percent (out, node->guarded_width, total);
      g_string_append (out, "% of the run (");
      append_amount (out, tree, node->guarded_width);
      g_string_append (out, ") in ");
      append_place (out, names, node->function);
      g_string_append_printf (out, " at depth %u is spent in callees already on its chain, "
                                   "which the guard leaves out: not self time; "
                                   "try --max-repeat %u\n", node->depth, repeat + 1);
    }
}

static void
append_root_spec (GString        *out,
                  HearthCallTree *tree,
                  guint           function)
{
  const HearthFunction *f = hearth_profile_get_function (hearth_call_tree_get_profile (tree),
                                                         function);

  if (hearth_call_tree_is_from_stacks (tree) && f->frame != NULL)
    g_string_append (out, f->frame);
  else
    g_string_append_printf (out, "%s:%" G_GINT64_FORMAT ":%s", f->file, f->line, f->name);
}

/* `unreached:` when no walk from the root gets there (the file lost the link), `cut off:`
 * when it is reached but every place of it under a bar is narrower than the cutoff. */
static void
warn_unreached (GString        *out,
                HearthCallTree *tree,
                HearthNames    *names)
{
  HearthProfile *profile = hearth_call_tree_get_profile (tree);
  g_autofree guint *unreached = NULL;
  g_autofree HearthUnreached *why = NULL;
  guint n_unreached = 0;
  double total = hearth_call_tree_get_total (tree);

  unreached = hearth_call_tree_dup_unreached (tree, HEARTH_CALL_TREE_UNREACHED_FRACTION,
                                              &n_unreached);
  why = hearth_call_tree_explain_unreached (tree, unreached, n_unreached);
  for (guint i = 0; i < n_unreached; i++)
    {
      double cum = hearth_profile_clamp (hearth_profile_get_function (profile, unreached[i])->cum);

      g_string_append (out, why[i].linked ? "cut off: " : "unreached: ");
      append_place (out, names, unreached[i]);
      g_string_append (out, " has ");
      append_amount (out, tree, cum);
      g_string_append (out, " (");
      append_percent (out, cum, total);
      g_string_append (out, "% of the root) but no bar in the tree; ");
      if (!why[i].linked)
        g_string_append (out, "no walk from the root reaches it (the file lost the link)");
      else if (why[i].n_places > 0)
        {
          g_autofree char *places = hearth_format_count (why[i].n_places);

          if (why[i].n_places == 1)
            g_string_append (out, "its one place is under the cutoff");
          else
            g_string_append_printf (out, "it is in %s places, each under the cutoff", places);
        }
      else
        g_string_append (out, "it is only under callees that are under the cutoff");
      g_string_append (out, "; try ");
      if (why[i].cutoff > 0)
        {
          g_string_append (out, "--cutoff ");
          append_number (out, "%.2g", why[i].cutoff);
          g_string_append (out, " or ");
        }
      g_string_append (out, "--root ");
      append_root_spec (out, tree, unreached[i]);
      g_string_append_c (out, '\n');
    }
}

static void
warn_limits (GString        *out,
             HearthCallTree *tree)
{
  HearthTreeLimits limits = hearth_call_tree_get_limits (tree);
  double total = hearth_call_tree_get_total (tree);

  if (limits & HEARTH_TREE_LIMIT_BUDGET)
    {
      double width = hearth_call_tree_get_budget_width (tree);

      g_string_append_printf (out, "limited: the tree keeps its %u widest bars (the node budget); "
                                   "bars of ", hearth_call_tree_get_n_nodes (tree));
      append_amount (out, tree, width);
      {
        g_autofree char *share = hearth_format_percent (total > 0 ? width / total : 0);

        g_string_append_printf (out, " (%s of the root) and narrower are left out\n", share);
      }
    }
  if (limits & HEARTH_TREE_LIMIT_FLOOR)
    {
      g_string_append (out, "limited: bars narrower than a millionth of the root (");
      append_amount (out, tree, HEARTH_CALL_TREE_FLOOR * total);
      g_string_append (out, ") are left out, whatever the cutoff\n");
    }
}

/* The window's "Few Samples" card: a share p of n samples is off by sqrt (p (1 - p) / n). */
static void
warn_samples (GString        *out,
              HearthCallTree *tree)
{
  HearthProfile *profile = hearth_call_tree_get_profile (tree);
  double samples = hearth_profile_get_total (profile);

  if (hearth_profile_get_kind (profile) != HEARTH_KIND_SAMPLED ||
      hearth_profile_get_unit (profile) != HEARTH_UNIT_SAMPLES || !(samples > 0) ||
      samples >= HEARTH_PROFILE_FEW_SAMPLES)
    return;
  g_string_append (out, "few samples: only ");
  append_number (out, "%.0f", samples);
  g_string_append (out, " samples; a bar of 10% of the run may be off by about ");
  append_number (out, "%.1f", 100 * sqrt (0.1 * 0.9 / samples));
  g_string_append (out, " points either way, so small differences mean nothing\n");
}

/**
 * hearth_report_warnings:
 * @out: where the text goes
 * @tree: a call tree
 * @names: (nullable): display names; %NULL makes plain ones
 *
 * One line per finding, each starting with its kind: the profile's own warnings (`profile:`),
 * the multi-caller functions behind E flags with their callers (`estimated:`), the shrinks
 * with their factor (`shrunk:`), the time the guard hides (`guarded:`), the functions the
 * tree never reaches, as candidate roots (`unreached:` when the file lost the link to them,
 * `cut off:` when each of their places is under the cutoff), any budget or floor that left
 * bars out (`limited:`), and a sampled profile with too few samples (`few samples:`).
 * Nothing when there is nothing to say.
 */
void
hearth_report_warnings (GString        *out,
                        HearthCallTree *tree,
                        HearthNames    *names)
{
  g_autoptr (HearthNames) labels = NULL;
  const char * const *warnings;

  g_return_if_fail (out != NULL);
  g_return_if_fail (HEARTH_IS_CALL_TREE (tree));

  labels = names_for (tree, names);
  warnings = hearth_profile_get_warnings (hearth_call_tree_get_profile (tree));
  for (guint i = 0; warnings != NULL && warnings[i] != NULL; i++)
    g_string_append_printf (out, "profile: %s\n", warnings[i]);

  warn_multi_callers (out, tree, labels);
  warn_shrinks (out, tree, labels);
  warn_guarded (out, tree, labels);
  warn_unreached (out, tree, labels);
  warn_limits (out, tree);
  warn_samples (out, tree);
}

/* A time or count with all its precision and no more: the shortest text that reads back as
 * the same double (what Python's repr () prints, give or take its ".0" and exponent). */
/* The shortest of %.15g, %.16g and %.17g that reads back as @value, into @buf. */
static const char *
format_exact (char   buf[G_ASCII_DTOSTR_BUF_SIZE],
              double value)
{
  static const char *const formats[] = { "%.15g", "%.16g", "%.17g" };

  if (isnan (value) || isinf (value))
    {
      g_strlcpy (buf, isnan (value) ? "nan" : value > 0 ? "inf" : "-inf",
                 G_ASCII_DTOSTR_BUF_SIZE);
      return buf;
    }
  for (guint i = 0; i < G_N_ELEMENTS (formats); i++)
    {
      g_ascii_formatd (buf, G_ASCII_DTOSTR_BUF_SIZE, formats[i], value);
      if (g_ascii_strtod (buf, NULL) == value)
        break;
    }
  return buf;
}

static void
append_exact (GString *out,
              double   value)
{
  char buf[G_ASCII_DTOSTR_BUF_SIZE];

  g_string_append (out, format_exact (buf, value));
}

/**
 * hearth_report_functions:
 * @out: where the text goes
 * @table: a function table
 *
 * Its rows in its order (own time largest first, ties by key, unless sorted otherwise), one
 * line each: `CALLS<TAB>PRIMITIVE<TAB>OWN<TAB>CUMULATIVE<TAB>KEY`, the times exact (see
 * append_exact ()), KEY `file:line:name` (for stack profiles the frame as in the file).
 */
void
hearth_report_functions (GString             *out,
                         HearthFunctionTable *table)
{
  HearthProfile *profile = hearth_function_table_get_profile (table);
  guint n = hearth_function_table_get_n_rows (table);

  for (guint i = 0; i < n; i++)
    {
      const HearthFunctionRow *row = hearth_function_table_get_row (table, i);

      g_string_append_printf (out, "%" G_GINT64_FORMAT "\t%" G_GINT64_FORMAT "\t",
                              row->calls, row->prim_calls);
      append_exact (out, row->own);
      g_string_append_c (out, '\t');
      append_exact (out, row->cum);
      g_string_append_c (out, '\t');
      append_function_key (out, profile, row->function);
      g_string_append_c (out, '\n');
    }
}

static void
append_edges (GString       *out,
              HearthProfile *profile,
              const char    *kind,
              const guint   *edges,
              guint          n_edges,
              gboolean       callers)
{
  for (guint i = 0; i < n_edges; i++)
    {
      const HearthEdge *edge = hearth_profile_get_edge (profile, edges[i]);

      g_string_append_printf (out, "%s\t%" G_GINT64_FORMAT "\t", kind, edge->calls);
      append_exact (out, edge->cum);
      g_string_append_c (out, '\t');
      append_function_key (out, profile, callers ? edge->caller : edge->callee);
      g_string_append_c (out, '\n');
    }
}

/**
 * hearth_report_sandwich:
 * @out: where the text goes
 * @sandwich: a sandwich
 *
 * The first level of the sandwich both ways, the file's edges: `caller<TAB>CALLS<TAB>
 * SECONDS<TAB>KEY` for each direct caller, then `callee…` for each direct callee, widest
 * first; CALLS the edge's calls, SECONDS its cumulative time, exact (for stack profiles:
 * the samples with the caller directly below, the callee directly above).
 */
void
hearth_report_sandwich (GString        *out,
                        HearthSandwich *sandwich)
{
  HearthProfile *profile = hearth_sandwich_get_profile (sandwich);
  const guint *edges;
  guint n = 0;

  edges = hearth_sandwich_get_caller_edges (sandwich, &n);
  append_edges (out, profile, "caller", edges, n, TRUE);
  edges = hearth_sandwich_get_callee_edges (sandwich, &n);
  append_edges (out, profile, "callee", edges, n, FALSE);
}

static void
append_uint (GString *out,
             guint    value)
{
  char buf[16];
  guint n = 0;

  do
    buf[n++] = (char) ('0' + value % 10);
  while ((value /= 10) != 0);
  while (n > 0)
    g_string_append_c (out, buf[--n]);
}

/**
 * hearth_report_chart:
 * @out: where the text goes
 * @profile: a profile that keeps time order (see hearth_profile_get_timeline ())
 *
 * One line per block of the flame chart in time order (by start, a parent before its
 * children): `START<TAB>DURATION<TAB>DEPTH<TAB>NAME`, numbers in the profile's unit with
 * all their digits, DEPTH 0 at the outermost frame, NAME the frame as in the file.
 */
void
hearth_report_chart (GString       *out,
                     HearthProfile *profile)
{
  HearthTimeline *timeline;
  g_autoptr (GArray) blocks = NULL;
  char start_text[G_ASCII_DTOSTR_BUF_SIZE] = "";
  double last_start = 0;

  g_return_if_fail (out != NULL);
  g_return_if_fail (HEARTH_IS_PROFILE (profile));

  timeline = hearth_profile_get_timeline (profile);
  if (timeline == NULL)
    return;
  blocks = hearth_timeline_get_blocks (timeline, profile);
  for (guint i = 0; i < blocks->len; i++)
    {
      const HearthTimelineBlock *b = &g_array_index (blocks, HearthTimelineBlock, i);

      /* a sample opens its frames' blocks at one time: the text of a start is kept, since
       * finding the shortest digits is most of the cost */
      if (i == 0 || b->start != last_start)
        {
          format_exact (start_text, b->start);
          last_start = b->start;
        }
      g_string_append (out, start_text);
      g_string_append_c (out, '\t');
      append_exact (out, b->duration);
      g_string_append_c (out, '\t');
      append_uint (out, b->depth);
      g_string_append_c (out, '\t');
      append_function_key (out, profile, b->function);
      g_string_append_c (out, '\n');
    }
}
