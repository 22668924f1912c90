/* hearth-report.h: the text outputs of `hearth --print`.
 *
 * Copyright 2026 The Hearth authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include "hearth-call-tree.h"
#include "hearth-chain-match.h"
#include "hearth-function-table.h"
#include "hearth-names.h"
#include "hearth-sandwich.h"
#include "hearth-spread.h"
#include "hearth-timeline.h"

G_BEGIN_DECLS

#define HEARTH_REPORT_WIDEST_COUNT 10

void hearth_report_bars     (GString        *out,
                             HearthCallTree *tree);
void hearth_report_changes  (GString               *out,
                             HearthChainMatch      *match);
void hearth_report_spread   (GString        *out,
                             HearthSpread   *spread);

/* a bar of a tree and its chain, for hearth_report_foreach_chain() */
typedef void (*HearthChainFunc) (guint       node,
                                 const char *chain,
                                 gpointer    user_data);
void hearth_report_foreach_chain (HearthCallTree  *tree,
                                  HearthChainFunc  func,
                                  gpointer         user_data);
void hearth_report_widest   (GString        *out,
                             HearthCallTree *tree,
                             HearthNames    *names,
                             guint           count);
void hearth_report_folded   (GString        *out,
                             HearthCallTree *tree,
                             HearthNames    *names);
void hearth_report_warnings (GString        *out,
                             HearthCallTree *tree,
                             HearthNames    *names);
void hearth_report_functions (GString             *out,
                              HearthFunctionTable *table);
void hearth_report_sandwich  (GString             *out,
                              HearthSandwich      *sandwich);
void hearth_report_chart     (GString             *out,
                              HearthProfile       *profile);

G_END_DECLS
