/* hearth-flame-run.h: one run of the flame renderer, the tree laid out for drawing.
 *
 * Copyright 2026 The Hearth authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include "hearth-flame-renderer.h"
#include "hearth-label-fit.h"

G_BEGIN_DECLS

#define MAX_RUNS 2

#define NO_VARIANT 0xff

typedef struct
{
  HearthCallTree    *tree;
  HearthNames       *names;
  HearthProfile     *profile;
  char              *name;            /* for titles: the file's name */
  const HearthNode  *nodes;
  guint              n_nodes;
  guint              n_functions;
  double             total;
  guint              max_depth;
  guint              n_rows;          /* rows of bars, plus one for guarded time on top */

  const guint      **rows;            /* per depth: node indices sorted by left */
  guint             *row_len;
  /* per depth, in row order and contiguous, so that the searches of a frame stay in cache:
   * the left edges, and the widths summed before each position (n + 1 of them) */
  double           **left;
  double           **prefix;
  guint            **parent;          /* per depth, in row order: the node's parent */
  guint            **function;        /* per depth, in row order: the node's function */

  /* per function, the synthetic root of a stack profile last (index n_functions) */
  guint8            *match;           /* 0 not known yet, 1 no, 2 yes */
  guint8            *variant;
  HearthLabel      **labels;

  /* the second of two runs, per node */
  double            *change;          /* share of the first run */
  double            *before_width;
  guint8            *diff_flags;

  gboolean           has_estimated;
  gboolean           has_shrunk;
  gboolean           has_guarded;
  guint              categories;      /* bit per HearthCategory present */

  gint               selected;
} Run;

void           _hearth_flame_run_clear       (Run                 *run);
void           _hearth_flame_run_set         (Run                 *run,
                                              HearthCallTree      *tree,
                                              HearthNames         *names);
HearthCategory _hearth_flame_run_category    (Run                 *run,
                                              guint                function);
guint          _hearth_flame_function_slot   (Run                 *run,
                                              guint                function);
guint          _hearth_flame_run_variant     (Run                 *run,
                                              guint                function);
const char    *_hearth_flame_run_label_text  (Run                 *run,
                                              guint                function);
char          *_hearth_flame_run_total_text  (Run                 *run);
gboolean       _hearth_flame_searching       (HearthFlameRenderer *self);
gboolean       _hearth_flame_run_matches     (HearthFlameRenderer *self,
                                              Run                 *run,
                                              guint                function);

G_END_DECLS
