/* hearth-profile-private.h: the builder API the readers use to fill a HearthProfile.
 *
 * Copyright 2026 The Hearth authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include "hearth-profile.h"

G_BEGIN_DECLS

guint64        _hearth_memory_budget           (void);
gboolean       _hearth_second_thread_allowed   (void);
/* A reader of data in memory tells the load how far it has come, every few MB: a cancelled
 * load then stops it, and the load's progress (when the bytes were mapped, not counted as
 * they were read) counts the bytes parsed. */
typedef struct
{
  GCancellable       *cancellable;   /* nullable */
  HearthLoadProgress *progress;      /* nullable */
} HearthReadWatch;

/* Returns %FALSE with @error set when the load was cancelled; @watch may be %NULL. */
gboolean       _hearth_read_watch_check        (const HearthReadWatch *watch,
                                                gsize                parsed,
                                                GError             **error);
/* Sets @error to "not a profile", listing the formats Hearth reads. */
void           _hearth_set_not_a_profile       (GError             **error);

/* A profile is built by exactly one reader, then sealed by _hearth_profile_finish ();
 * from then on it is immutable and may be shared between threads. */

HearthProfile *_hearth_profile_new             (HearthProfileFormat  format,
                                                HearthProfileKind    kind,
                                                HearthUnit           unit);
void           _hearth_profile_set_kind        (HearthProfile       *self,
                                                HearthProfileKind    kind);
void           _hearth_profile_set_unit        (HearthProfile       *self,
                                                HearthUnit           unit);
void           _hearth_profile_set_name        (HearthProfile       *self,
                                                const char          *name);
void           _hearth_profile_set_path        (HearthProfile       *self,
                                                const char          *path);
void           _hearth_profile_set_baseline    (HearthProfile       *self,
                                                HearthProfile       *baseline);

/* Finds or adds the function with this key; strings are copied (must be valid UTF-8). */
guint          _hearth_profile_intern_function (HearthProfile       *self,
                                                const char          *file,
                                                gint64               line,
                                                const char          *name);
/* Finds or adds the interned copy of @length bytes of valid UTF-8 without NUL; returns its
 * id, for _hearth_profile_intern_function_ids (). */
guint          _hearth_profile_intern_string   (HearthProfile       *self,
                                                const char          *text,
                                                gsize                length);
/* The same as _hearth_profile_intern_function () with strings interned already: a reader
 * that remembers the ids of the strings it has seen needs no string work for a known key. */
guint          _hearth_profile_intern_function_ids (HearthProfile   *self,
                                                guint                file,
                                                gint64               line,
                                                guint                name);
/* A hint that this key is to be interned soon (nothing else is interned in between is best):
 * the lookup's memory is fetched meanwhile. */
void           _hearth_profile_prefetch_function_ids (HearthProfile *self,
                                                guint                file,
                                                gint64               line,
                                                guint                name);
/* Finds or adds the function of a stack frame, keyed by its text alone; @file, @line
 * and @name are what the reader parsed out of the frame for display. */
guint          _hearth_profile_intern_frame    (HearthProfile       *self,
                                                const char          *frame,
                                                const char          *file,
                                                gint64               line,
                                                const char          *name);
/* Sets the four numbers of a function (pstats): the last call wins, like Python's dict. */
void           _hearth_profile_set_numbers     (HearthProfile       *self,
                                                guint                function,
                                                gint64               prim_calls,
                                                gint64               calls,
                                                double               own,
                                                double               cum);
/* Makes room for @n functions in all, before the first is added (a hint, likewise). */
void           _hearth_profile_reserve_functions (HearthProfile     *self,
                                                gsize                n);
/* Makes room for @n edges in all (a hint: more may still be added). */
void           _hearth_profile_reserve_edges   (HearthProfile       *self,
                                                gsize                n);
/* The edges' memory and how many edges it holds before it grows (moving it): a reader may
 * fault in what lies ahead of the edges while they are added on another thread. */
HearthEdge    *_hearth_profile_get_edge_room   (HearthProfile       *self,
                                                gsize               *size);
/* Sets the edge caller -> callee (replacing an earlier one with the same pair). */
void           _hearth_profile_set_edge        (HearthProfile       *self,
                                                guint                caller,
                                                guint                callee,
                                                gint64               calls,
                                                gint64               prim_calls,
                                                double               own,
                                                double               cum);
/* Room for @n edges after the last (valid until the next call that adds edges), to be
 * written in place and then added with _hearth_profile_commit_edges (): a reader that makes
 * edges by the million writes each once. */
HearthEdge    *_hearth_profile_edge_room       (HearthProfile       *self,
                                                guint                n);
void           _hearth_profile_commit_edges    (HearthProfile       *self,
                                                guint                n);
/* Drops every edge into @callee (a duplicate key replaces the callers of the first). */
void           _hearth_profile_clear_callers   (HearthProfile       *self,
                                                guint                callee);
/* Stacks are built on a trie of nodes (see HearthStackNode): a reader that pushes and pops
 * frames walks it with these, then adds the current node as a stack. */
guint          _hearth_profile_stack_child     (HearthProfile       *self,
                                                guint                node,
                                                guint                function);
/* Adds a trie built elsewhere, numbered there with node 0 standing for @node_map[0] and each
 * parent before its children: @pairs holds two numbers per node, and node i (from 1) is the
 * child of node @pairs[2i] with function @function_map[@pairs[2i + 1]]. Fills
 * @node_map[1..@n) with the profile's nodes, as _hearth_profile_stack_child () would one by
 * one. No two children of a node may have the same function. */
void           _hearth_profile_stack_add_trie  (HearthProfile       *self,
                                                const guint32       *pairs,
                                                guint                n,
                                                const guint         *function_map,
                                                guint               *node_map);
guint          _hearth_profile_stack_parent    (HearthProfile       *self,
                                                guint                node);
guint          _hearth_profile_get_n_stack_nodes (HearthProfile     *self);
void           _hearth_profile_add_stack_at    (HearthProfile       *self,
                                                guint                node,
                                                double               weight);
/* Adds one stack, root first, with its weight (identical stacks may repeat: they add up). */
void           _hearth_profile_add_stack       (HearthProfile       *self,
                                                const guint         *frames,
                                                guint                depth,
                                                double               weight);
/* The file held several profiles (threads), each stacked under a root frame of its name. */
void           _hearth_profile_set_thread_roots (HearthProfile      *self);
gboolean       _hearth_profile_has_thread_roots (HearthProfile      *self);
void           _hearth_profile_add_warning     (HearthProfile       *self,
                                                const char          *format,
                                                ...) G_GNUC_PRINTF (2, 3);
/* Seals the profile: indexes the edges, and for stack profiles derives the functions'
 * numbers and the edges from the stacks. */
void           _hearth_profile_finish          (HearthProfile       *self);

G_END_DECLS
