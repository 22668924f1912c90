/* hearth-session-private.h: the instance struct of HearthSession and what the files of the
 * session share (hearth-session*.c).
 *
 * Copyright 2026 The Hearth authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include "hearth-session.h"

G_BEGIN_DECLS

struct _HearthSession
{
  GObject           parent_instance;

  /* the loaded profile and what is derived from it (owned) */
  GFile            *file;
  GPtrArray        *merge_files;       /* GFile: the runs of a merged profile, or NULL */
  GPtrArray        *runs;              /* HearthProfile: those runs as read, or NULL */
  HearthSpread     *spread;            /* the tree's bars in each run, or NULL */
  HearthProfile    *profile;          /* what is shown: the loaded profile or its range */
  HearthProfile    *full_profile;     /* the loaded profile, whose timeline a range is of */
  HearthNames      *names;
  HearthCallTree   *tree;
  HearthCallTree   *pane_tree;         /* the merged tree beside a chart, or NULL */
  GHashTable       *multi_callers;     /* function + 1 -> callers */

  /* layout options */
  gint              root;
  char             *root_spec;
  double            cutoff;
  guint             max_repeat;
  char            **mine_paths;
  gboolean          use_source;
  gboolean          time_order;       /* the flame chart of full_profile, not merged */
  double            range_start;      /* a time range of full_profile's clock is shown when */
  double            range_end;        /* range_end > range_start */

  /* view state: node indices of the current tree, or -1 */
  gint              selected;
  gint              zoom;

  /* search */
  char             *search_text;
  gboolean          search_regex;
  char             *search_error;
  HearthSearchHits *hits;
  guint             match_functions;
  double            match_total;

  /* work in threads */
  GCancellable     *load_cancellable;
  GCancellable     *layout_cancellable;
  guint             load_serial;
  guint             layout_serial;
  gboolean          loading;
  gboolean          busy;
  /* how far the load is: polled from the thread's counter while it reads */
  HearthLoadProgress *load_progress;
  guint             progress_source;
  guint64           load_read;
  guint64           load_size;
  char             *error;
  char             *notice;
};

enum
{
  PROP_0,
  PROP_FILE,
  PROP_PROFILE,
  PROP_NAMES,
  PROP_TREE,
  PROP_LOADING,
  PROP_LOAD_READ,
  PROP_LOAD_SIZE,
  PROP_BUSY,
  PROP_ERROR,
  PROP_NOTICE,
  PROP_ROOT,
  PROP_CUTOFF,
  PROP_MAX_REPEAT,
  PROP_MINE_PATHS,
  PROP_USE_SOURCE,
  PROP_SELECTED,
  PROP_ZOOM,
  PROP_SEARCH_TEXT,
  PROP_SEARCH_REGEX,
  PROP_SEARCH_ERROR,
  PROP_MATCH_FUNCTIONS,
  PROP_MATCH_TOTAL,
  PROP_TIME_ORDER,
  PROP_HAS_RANGE,
  N_PROPS
};

extern GParamSpec *_hearth_session_props[N_PROPS];

/* String fields (hearth-session.c) */
void     _hearth_session_set_string      (char          **field,
                                          const char     *value);

/* Loading and layout (hearth-session-loading.c) */
void     _hearth_session_set_notice      (HearthSession  *self,
                                          const char     *notice);
void     _hearth_session_schedule_layout (HearthSession  *self,
                                          gboolean        names_too);
void     _hearth_session_stop_progress   (HearthSession  *self);

/* Selection (hearth-session-selection.c) */
gint     _hearth_session_widest_node_of  (HearthCallTree *tree,
                                          gint            function);
gint     _hearth_session_function_of     (HearthCallTree *tree,
                                          gint            node);
gboolean _hearth_session_valid_node      (HearthSession  *self,
                                          gint            node);

/* Time order and ranges (hearth-session-order.c) */
void     _hearth_session_reset_order     (HearthSession  *self);

/* Search (hearth-session-search.c) */
void     _hearth_session_update_search   (HearthSession  *self);

G_END_DECLS
