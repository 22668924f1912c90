/* hearth-chain-match.h: the same call chain in two runs.
 *
 * Copyright 2026 The Hearth authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include "hearth-call-tree.h"
#include "hearth-verdict.h"

G_BEGIN_DECLS

/* Chain ids: a chain is the sequence of (file basename, function name as cProfile records
 * it: a sampler's `Steps.load` is `load`) from the root, line numbers ignored, so that a
 * chain keeps its id when the code above it moved. An index hands out ids shared by every
 * tree added to it. */
typedef struct _HearthChainIndex HearthChainIndex;

HearthChainIndex *hearth_chain_index_new          (void);
void              hearth_chain_index_free         (HearthChainIndex *index);
guint            *hearth_chain_index_add_tree     (HearthChainIndex *index,
                                                   HearthCallTree   *tree);
guint             hearth_chain_index_get_n_chains (HearthChainIndex *index);

G_DEFINE_AUTOPTR_CLEANUP_FUNC (HearthChainIndex, hearth_chain_index_free)

/**
 * HearthChainChangeFlags:
 * @HEARTH_CHAIN_CHANGE_NONE: the chain is in both runs, measured in both
 * @HEARTH_CHAIN_CHANGE_NEW: the first run has no such chain
 * @HEARTH_CHAIN_CHANGE_GONE: the second run has no such chain
 * @HEARTH_CHAIN_CHANGE_ESTIMATED: its width is estimated in either run: a change of a guess
 */
typedef enum
{
  HEARTH_CHAIN_CHANGE_NONE      = 0,
  HEARTH_CHAIN_CHANGE_NEW       = 1 << 0,
  HEARTH_CHAIN_CHANGE_GONE      = 1 << 1,
  HEARTH_CHAIN_CHANGE_ESTIMATED = 1 << 2,
} HearthChainChangeFlags;

/**
 * HearthChainChange:
 * @before: the chain's time in the first run (all its bars, no cutoff), 0 when absent
 * @after: the same in the second run
 * @before_node: its widest bar in the first run's tree, or -1 when it has none there
 * @after_node: the same in the second run's tree
 * @flags: #HearthChainChangeFlags
 * @verdict: #HearthVerdict: whether the change is larger than the noise
 *
 * How one chain changed from the first run to the second. With several runs on a side,
 * @before (or @after) is the chain's mean time per run.
 */
typedef struct
{
  double before;
  double after;
  gint   before_node;
  gint   after_node;
  guint  flags;
  guint  verdict;
} HearthChainChange;

/* The bars of two trees matched chain by chain, and the chains sorted by their change. */
typedef struct _HearthChainMatch HearthChainMatch;

HearthChainMatch        *hearth_chain_match_new         (HearthCallTree   *before,
                                                         HearthCallTree   *after);
HearthChainMatch        *hearth_chain_match_new_runs    (HearthCallTree   *before,
                                                         HearthCallTree   *after,
                                                         HearthProfile * const *before_runs,
                                                         guint             n_before,
                                                         HearthProfile * const *after_runs,
                                                         guint             n_after);
void                     hearth_chain_match_free        (HearthChainMatch *self);
gint                     hearth_chain_match_get_peer    (HearthChainMatch *self,
                                                         guint             run,
                                                         guint             node);
const HearthChainChange *hearth_chain_match_get_changes (HearthChainMatch *self,
                                                         guint            *n_changes);
HearthCallTree          *hearth_chain_match_get_tree    (HearthChainMatch *self,
                                                         guint             run);
HearthVerdictTest        hearth_chain_match_get_test    (HearthChainMatch *self);
gint                     hearth_chain_match_root_in_run (HearthCallTree   *tree,
                                                         HearthProfile    *run);
guint                    hearth_chain_match_get_n_runs  (HearthChainMatch *self,
                                                         guint             run);

G_DEFINE_AUTOPTR_CLEANUP_FUNC (HearthChainMatch, hearth_chain_match_free)

G_END_DECLS
