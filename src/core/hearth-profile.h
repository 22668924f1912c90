/* hearth-profile.h
 *
 * Copyright 2026 The Hearth authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <gio/gio.h>

#include "hearth-types.h"

G_BEGIN_DECLS

/**
 * HearthFunction:
 * @file: the file name as recorded (UTF-8; `~` for cProfile built-ins, "" when unknown)
 * @name: the function name as recorded (`co_name`, or a built-in's description)
 * @frame: for profiles read from stacks, the frame text exactly as in the file; else %NULL
 * @line: the line number (first line of the def for cProfile; 0 when unknown)
 * @prim_calls: primitive calls (cProfile `cc`); for stack profiles, samples as the leaf
 * @calls: all calls (cProfile `nc`); for stack profiles, samples with it on the stack
 * @own: time in the function itself (`tt`), raw: may be NaN, infinite or negative
 * @cum: time including callees (`ct`), raw likewise
 * @listed: the file has an entry of its own for this function (a caller that only
 *   appears in other functions' callers has none; pstats counts listed functions only)
 *
 * One function of a profile. Raw numbers are kept as the file holds them so that tooltips
 * can show them; layout code uses hearth_profile_clamp() on them.
 */
typedef struct
{
  const char *file;
  const char *name;
  const char *frame;
  gint64      line;
  gint64      prim_calls;
  gint64      calls;
  double      own;
  double      cum;
  gboolean    listed;
} HearthFunction;

/**
 * HearthEdge:
 * @caller: index of the calling function
 * @callee: index of the called function
 * @calls: calls along this edge (cProfile `nc`; samples for stack profiles)
 * @prim_calls: non-recursive calls along this edge (cProfile `cc`)
 * @own: the callee's own time spent in calls along this edge (raw)
 * @cum: the callee's cumulative time along this edge (raw)
 *
 * One caller -> callee pair with the four numbers pstats keeps per edge.
 */
typedef struct
{
  guint   caller;
  guint   callee;
  gint64  calls;
  gint64  prim_calls;
  double  own;
  double  cum;
} HearthEdge;

/* A sampled profile with fewer samples than this has widths too noisy for small differences. */
#define HEARTH_PROFILE_FEW_SAMPLES 1000

/**
 * HearthStackNode:
 * @parent: the node of the same stack without its last frame (0 for a one-frame stack)
 * @function: the function of the stack's last frame (none for node 0)
 * @weight: the summed weight of the file's stacks that are this one (NaN, infinite and
 *   negative weights counted as 0)
 * @n_stacks: how many of the file's stacks are this one
 *
 * Stack profiles keep their distinct stacks as a trie: node 0 stands above them all, and
 * every other node is one stack, numbered after its parent.
 */
typedef struct
{
  guint  parent;
  guint  function;
  double weight;
  guint  n_stacks;
} HearthStackNode;

/**
 * HearthLoadProgress:
 *
 * How far a load is: the bytes of the file read so far (compressed bytes for a gzip file)
 * and the file's size. The loading thread updates it; any thread may read it at any time.
 * Reference counted.
 */
typedef struct _HearthLoadProgress HearthLoadProgress;

HearthLoadProgress   *hearth_load_progress_new       (void);
HearthLoadProgress   *hearth_load_progress_ref       (HearthLoadProgress *self);
void                  hearth_load_progress_unref     (HearthLoadProgress *self);
guint64               hearth_load_progress_get_read  (HearthLoadProgress *self);
guint64               hearth_load_progress_get_size  (HearthLoadProgress *self);

G_DEFINE_AUTOPTR_CLEANUP_FUNC (HearthLoadProgress, hearth_load_progress_unref)

#define HEARTH_TYPE_PROFILE (hearth_profile_get_type ())

G_DECLARE_FINAL_TYPE (HearthProfile, hearth_profile, HEARTH, PROFILE, GObject)

/* Edges are kept in file order. hearth_profile_get_callees() and hearth_profile_get_callers()
 * return arrays of edge indices: the edges whose caller (resp. callee) is the function. */

HearthProfile        *hearth_profile_load_file       (GFile              *file,
                                                      GCancellable       *cancellable,
                                                      GError            **error);
HearthProfile        *hearth_profile_load_file_with_progress
                                                     (GFile              *file,
                                                      HearthLoadProgress *progress,
                                                      GCancellable       *cancellable,
                                                      GError            **error);
HearthProfile        *hearth_profile_load_path       (const char         *path,
                                                      GError            **error);
HearthProfile        *hearth_profile_load_bytes      (GBytes             *bytes,
                                                      const char         *display_name,
                                                      GError            **error);

HearthProfileFormat   hearth_profile_get_format      (HearthProfile      *self);
HearthProfileKind     hearth_profile_get_kind        (HearthProfile      *self);
HearthUnit            hearth_profile_get_unit        (HearthProfile      *self);
const char           *hearth_profile_get_path        (HearthProfile      *self);
const char           *hearth_profile_get_name        (HearthProfile      *self);
double                hearth_profile_get_total       (HearthProfile      *self);
gboolean              hearth_profile_get_total_count (HearthProfile      *self,
                                                      guint64            *count);
gboolean              hearth_profile_has_stacks      (HearthProfile      *self);
HearthProfile        *hearth_profile_get_baseline    (HearthProfile      *self);

guint                 hearth_profile_get_n_functions (HearthProfile      *self);
const HearthFunction *hearth_profile_get_function    (HearthProfile      *self,
                                                      guint               index);
gint                  hearth_profile_lookup          (HearthProfile      *self,
                                                      const char         *file,
                                                      gint64              line,
                                                      const char         *name);

guint                 hearth_profile_get_n_edges     (HearthProfile      *self);
const HearthEdge     *hearth_profile_get_edge        (HearthProfile      *self,
                                                      guint               index);
const guint          *hearth_profile_get_callees     (HearthProfile      *self,
                                                      guint               function,
                                                      guint              *n_callees);
const guint          *hearth_profile_get_callers     (HearthProfile      *self,
                                                      guint               function,
                                                      guint              *n_callers);

guint                 hearth_profile_get_n_stacks    (HearthProfile      *self);
const HearthStackNode *hearth_profile_get_stack_nodes (HearthProfile     *self,
                                                      guint              *n_nodes);
void                  hearth_profile_get_stack_frames (HearthProfile     *self,
                                                      guint               node,
                                                      GArray             *frames);

const char * const   *hearth_profile_get_warnings    (HearthProfile      *self);

/**
 * hearth_profile_clamp:
 * @value: a raw time or count from a profile
 *
 * Returns: @value, or 0 when it is NaN, infinite or negative: the value layout code uses.
 */
static inline double
hearth_profile_clamp (double value)
{
  return (value > 0 && value < G_MAXDOUBLE) ? value : 0.0;
}

G_END_DECLS
