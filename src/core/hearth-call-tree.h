/* hearth-call-tree.h
 *
 * Copyright 2026 The Hearth authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include "hearth-profile.h"

G_BEGIN_DECLS

/**
 * HearthNodeFlags:
 * @HEARTH_NODE_ESTIMATED: the width depends on splitting a multi-caller function's time
 * @HEARTH_NODE_SHRUNK: the parent scaled its callees down to fit (the profile double counts)
 */
typedef enum
{
  HEARTH_NODE_NONE      = 0,
  HEARTH_NODE_ESTIMATED = 1 << 0,
  HEARTH_NODE_SHRUNK    = 1 << 1,
} HearthNodeFlags;

/**
 * HearthNode:
 * @function: index of the function in the profile (for the synthetic root `all` of a stack
 *   profile: G_MAXUINT)
 * @parent: index of the parent node, G_MAXUINT for the root
 * @depth: 0 for the root
 * @left: left edge in the profile's unit
 * @width: width in the profile's unit
 * @self_width: the part of @width not covered by child bars nor by @guarded_width (callees
 *   under the cutoff stay in it; hearth_call_tree_get_own_width() tells them apart)
 * @guarded_width: the width its callees dropped by the guard would have had (at most what
 *   its other callees leave uncovered): time in callees, not self time
 * @low: lower bound of the chain's true time (= @width for exact chains and stack profiles)
 * @high: upper bound of the chain's true time
 * @flags: #HearthNodeFlags
 * @shrink: the factor the parent divided its callees by (1.0 when not shrunk)
 *
 * One bar. Nodes live in one flat array in walk order (depth first, children widest first,
 * so a bar's subtree follows it); per depth, a row index sorted by @left serves
 * hit-testing. Every bar but a zero-time root has a width > 0 and lies inside its parent.
 */
typedef struct
{
  guint           function;
  guint           parent;
  guint           depth;
  guint           flags;
  double          left;
  double          width;
  double          self_width;
  double          guarded_width;
  double          low;
  double          high;
  double          shrink;
} HearthNode;

/**
 * HearthCallTreeOptions:
 * @root: function index of the root, or -1 for the default root (the script's `<module>`;
 *   for stack profiles the synthetic root `all`, and a function root merges the stacks from
 *   its first occurrence on)
 * @cutoff: fraction of the root width under which a callee gets no bar (default 0.01);
 *   whatever it is, no bar is narrower than #HEARTH_CALL_TREE_FLOOR of the root
 * @max_repeat: how often a function may appear on one chain (default 1: the guard)
 * @node_budget: most nodes kept, the widest ones (default 2,000,000)
 * @collapse_recursion: stack profiles: merge a frame calling itself directly (default off)
 */
typedef struct
{
  gint            root;
  double          cutoff;
  guint           max_repeat;
  guint           node_budget;
  gboolean        collapse_recursion;
} HearthCallTreeOptions;

#define HEARTH_CALL_TREE_OPTIONS_INIT { -1, 0.01, 1, 2000000, FALSE }

/* No bar is made narrower than this fraction of the root, whatever the cutoff. */
#define HEARTH_CALL_TREE_FLOOR 1e-6
/* Functions of at least this fraction of the root without a bar are reported as unreached. */
#define HEARTH_CALL_TREE_UNREACHED_FRACTION 0.05
/* Bars whose guarded part is at least this fraction of the root are reported. */
#define HEARTH_CALL_TREE_GUARDED_FRACTION 0.01

/**
 * HearthTreeLimits:
 * @HEARTH_TREE_LIMIT_BUDGET: the node budget left out the narrowest bars
 * @HEARTH_TREE_LIMIT_FLOOR: bars above the cutoff but under the floor were left out
 *
 * What, besides the cutoff, limited the tree.
 */
typedef enum
{
  HEARTH_TREE_LIMIT_NONE   = 0,
  HEARTH_TREE_LIMIT_BUDGET = 1 << 0,
  HEARTH_TREE_LIMIT_FLOOR  = 1 << 1,
} HearthTreeLimits;

/**
 * HearthShrink:
 * @node: the bar whose callees were scaled down to fit inside it
 * @factor: what its callees added up to, as a multiple of its width (> 1)
 */
typedef struct
{
  guint           node;
  double          factor;
} HearthShrink;

/**
 * HearthMultiCaller:
 * @function: a function with more than one caller (other than itself) that has bars with
 *   callees above them: the split of its time among those callees is an estimate
 * @n_callers: its callers other than itself (hearth_call_tree_dup_callers() lists them)
 * @n_nodes: its bars that have callee bars above them
 */
typedef struct
{
  guint           function;
  guint           n_callers;
  guint           n_nodes;
} HearthMultiCaller;

/**
 * HearthUnreached:
 * @function: a function with a large share of the time and no bar
 * @linked: whether some walk from the root reaches it; when not, the file lost the link (as
 *   with `python -m` runs). Always TRUE for a stack profile, whose stacks are complete
 * @n_places: the callee slots under bars where it would go, each narrower than the cutoff
 * @placed: their widths summed, in the profile's unit
 * @widest: the widest of them: a cutoff under this gives it a bar
 * @cutoff: a cutoff that gives it a bar (the share of @widest, rounded down to two
 *   significant digits), or 0 when none can (no place, or under #HEARTH_CALL_TREE_FLOOR)
 *
 * Why a function the tree never reaches has no bar.
 */
typedef struct
{
  guint           function;
  gboolean        linked;
  guint           n_places;
  double          placed;
  double          widest;
  double          cutoff;
} HearthUnreached;

/* Returns TRUE when @function matches a search (see hearth_call_tree_get_match_total()). */
typedef gboolean (*HearthFunctionMatchFunc) (HearthProfile *profile,
                                             guint          function,
                                             gpointer       user_data);

#define HEARTH_CALL_TREE_ERROR (hearth_call_tree_error_quark ())

/**
 * HearthCallTreeError:
 * @HEARTH_CALL_TREE_ERROR_BAD_ROOT: the root names no function of the profile, or several
 */
typedef enum
{
  HEARTH_CALL_TREE_ERROR_BAD_ROOT,
} HearthCallTreeError;

GQuark hearth_call_tree_error_quark (void);

#define HEARTH_TYPE_CALL_TREE (hearth_call_tree_get_type ())

G_DECLARE_FINAL_TYPE (HearthCallTree, hearth_call_tree, HEARTH, CALL_TREE, GObject)

HearthCallTree   *hearth_call_tree_new            (HearthProfile               *profile,
                                                   const HearthCallTreeOptions *options,
                                                   GError                     **error);
HearthCallTree   *hearth_call_tree_new_callers    (HearthProfile               *profile,
                                                   const HearthCallTreeOptions *options,
                                                   GError                     **error);
gboolean          hearth_call_tree_is_callers     (HearthCallTree              *self);
/* the flame chart of a profile's timeline (hearth-call-tree-chart.c) */
HearthCallTree   *hearth_call_tree_new_chart      (HearthProfile               *profile,
                                                   GError                     **error);
gboolean          hearth_call_tree_is_chart       (HearthCallTree              *self);
HearthProfile    *hearth_call_tree_get_profile    (HearthCallTree              *self);
guint             hearth_call_tree_get_n_nodes    (HearthCallTree              *self);
const HearthNode *hearth_call_tree_get_node       (HearthCallTree              *self,
                                                   guint                        index);
guint             hearth_call_tree_get_max_depth  (HearthCallTree              *self);
double            hearth_call_tree_get_total      (HearthCallTree              *self);
/* nodes of one row sorted by left: an array of node indices */
const guint      *hearth_call_tree_get_row        (HearthCallTree              *self,
                                                   guint                        depth,
                                                   guint                       *n_nodes);
gint              hearth_call_tree_node_at        (HearthCallTree              *self,
                                                   double                       x,
                                                   guint                        depth);
/* children of a node, widest first (node indices) */
const guint      *hearth_call_tree_get_children   (HearthCallTree              *self,
                                                   guint                        node,
                                                   guint                       *n_children);

/* construction facts */
const HearthCallTreeOptions *
                  hearth_call_tree_get_options    (HearthCallTree              *self);
gint              hearth_call_tree_get_root_function (HearthCallTree           *self);
gboolean          hearth_call_tree_is_from_stacks (HearthCallTree              *self);
HearthTreeLimits  hearth_call_tree_get_limits     (HearthCallTree              *self);
double            hearth_call_tree_get_budget_width (HearthCallTree            *self);
guint             hearth_call_tree_get_n_candidates (HearthCallTree            *self);
gint              hearth_call_tree_parse_root     (HearthProfile               *profile,
                                                   const char                  *spec,
                                                   GError                     **error);
gint              hearth_call_tree_parse_function (HearthProfile               *profile,
                                                   const char                  *spec,
                                                   GError                     **error);

/* queries (hearth-call-tree-analysis.c); dup_ functions return arrays to g_free () */
guint            *hearth_call_tree_dup_chain      (HearthCallTree              *self,
                                                   guint                        node,
                                                   guint                       *n_nodes);
guint            *hearth_call_tree_dup_widest_chains (HearthCallTree           *self,
                                                   guint                       *n_chains);
double            hearth_call_tree_get_own_width  (HearthCallTree              *self,
                                                   guint                        node);
void              hearth_call_tree_get_self_bounds (HearthCallTree             *self,
                                                   guint                        node,
                                                   double                      *low,
                                                   double                      *high);
double            hearth_call_tree_get_match_total (HearthCallTree             *self,
                                                   HearthFunctionMatchFunc      match,
                                                   gpointer                     user_data,
                                                   guint                       *n_matches);
double            hearth_call_tree_search_total   (HearthCallTree              *self,
                                                   const char                  *text,
                                                   guint                       *n_matches);
guint            *hearth_call_tree_dup_callers    (HearthCallTree              *self,
                                                   guint                        function,
                                                   guint                       *n_edges);
guint            *hearth_call_tree_dup_callees    (HearthCallTree              *self,
                                                   guint                        function,
                                                   guint                       *n_edges);
const HearthMultiCaller *
                  hearth_call_tree_get_multi_callers (HearthCallTree           *self,
                                                   guint                       *n_functions);
const HearthShrink *
                  hearth_call_tree_get_shrinks    (HearthCallTree              *self,
                                                   guint                       *n_shrinks);
guint            *hearth_call_tree_dup_guarded    (HearthCallTree              *self,
                                                   double                       min_fraction,
                                                   guint                       *n_nodes);
guint            *hearth_call_tree_dup_unreached  (HearthCallTree              *self,
                                                   double                       min_fraction,
                                                   guint                       *n_functions);
HearthUnreached  *hearth_call_tree_explain_unreached (HearthCallTree           *self,
                                                   const guint                 *functions,
                                                   guint                        n_functions);

G_END_DECLS
