/* hearth-flame-renderer-private.h: what the files of the flame renderer share.
 *
 * Copyright 2026 The Hearth authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include "hearth-flame-renderer.h"
#include "hearth-flame-run.h"
#include "hearth-label-fit.h"

G_BEGIN_DECLS

/* Geometry, in pixels */
#define GAP             1.0     /* between neighbouring bars and rows */
#define SHRUNK_MARK     2.0     /* height of the mark under a shrunk bar */
#define TICK            4.0

/* Paint keys: every fill colour a frame can use is one of a few hundred discrete looks, so
 * a bar finds its paint with an array lookup instead of hashing its colour. */
#define N_VARIANTS    HEARTH_PALETTE_N_VARIANTS
#define N_LEVELS      (HEARTH_PALETTE_N_DIFF_LEVELS + 1)
#define DIFF_CODES    (2 * N_LEVELS + 1)            /* slower levels, faster levels, new */
#define KEY_BARS      0
#define KEY_DIFF      (KEY_BARS + HEARTH_N_CATEGORIES * N_VARIANTS * 4)
#define KEY_MERGED    (KEY_DIFF + DIFF_CODES * 4)
#define KEY_MERGED_DIFF (KEY_MERGED + HEARTH_N_CATEGORIES * N_VARIANTS)
#define N_KEYS        (KEY_MERGED_DIFF + 1)

struct _HearthFlameRenderer
{
  GObject                  parent_instance;

  Run                      runs[MAX_RUNS];
  guint                    n_runs;

  gboolean                 dark;
  gboolean                 high_contrast;
  gboolean                 differential;
  gboolean                 normalized;
  gint                     shown_run;       /* -1: all runs */
  char                    *run_names[MAX_RUNS]; /* set by the caller, else the profiles' */
  HearthFlameDecorations   decorations;
  HearthSpread            *spread;          /* a merge's bars in each run, or NULL */
  double                   margin;
  char                    *title;
  HearthFlameRenderer     *legend_also;     /* borrowed: its marks join the legend */
  char                    *share_of;        /* a sandwich's function: widths are its time */
  double                   share_run_total; /* then: the whole run, for its share */
  gboolean                 share_callers;   /* then: the bars are its callers */

  HearthFunctionMatchFunc  match;
  gpointer                 match_data;
  GDestroyNotify           match_destroy;
  char                    *search_folded;

  HearthLabelFit          *fit[HEARTH_SCENE_N_FONTS];
  guint                    label_generation;

  /* the frame being built, reused */
  HearthScene              scene;
  GStringChunk            *strings;
  gint                     key_paint[N_KEYS];
  GArray                  *paint_text;      /* guint: text paint of each bar paint */
  GHashTable              *color_paint;     /* 0xRRGGBB -> paint index + 1 */
};

const char *_hearth_flame_run_name        (HearthFlameRenderer *self,
                                           guint                run);
gboolean    _hearth_flame_run_shown       (HearthFlameRenderer *self,
                                           guint                run);
guint       _hearth_flame_first_shown_run (HearthFlameRenderer *self);
HearthSpread *_hearth_flame_renderer_get_spread (HearthFlameRenderer *self);

G_END_DECLS
