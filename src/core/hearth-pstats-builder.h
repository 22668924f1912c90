/* hearth-pstats-builder.h: what the pstats reader finds, put into the profile in file order
 *
 * Copyright 2026 The Hearth authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include "hearth-marshal.h"
#include "hearth-profile.h"

G_BEGIN_DECLS

/* The reader of a .prof file scans the marshal stream; the builder interns what it found
 * and adds the edges. The reader knows strings and keys by numbers of its own, given out
 * here in the order it finds them, and the builder turns those into the profile's strings
 * and functions in the same order, so that the profile is the same whether the builder
 * runs in the reader's thread or on one of its own beside it. */
typedef struct _HearthPstatsBuilder HearthPstatsBuilder;

HearthPstatsBuilder *_hearth_pstats_builder_new      (HearthProfile            *profile,
                                                      gboolean                  threaded);
void                 _hearth_pstats_builder_free     (HearthPstatsBuilder      *self);
/* A string of a key (a string or a code object's name), interned; returns its number. */
guint                _hearth_pstats_builder_string   (HearthPstatsBuilder      *self,
                                                      const HearthMarshalToken *token);
/* A key (file, line, name) of two strings' numbers, interned; returns its number. */
guint                _hearth_pstats_builder_key      (HearthPstatsBuilder      *self,
                                                      guint                     file,
                                                      gint64                    line,
                                                      guint                     name);
/* A sound entry of the profile's dict begins: the edges from here on call @key. Like
 * Python's dict, a key listed before loses the callers of its earlier entry. */
void                 _hearth_pstats_builder_entry    (HearthPstatsBuilder      *self,
                                                      guint                     key);
/* Room for up to @max callers read by hearth_marshal_read_known_entries(), whose key data
 * is their key's number as the reader attaches it to a slot ((key + 1) << 1); then commit
 * how many were read. */
HearthMarshalEntry  *_hearth_pstats_builder_callers_room (HearthPstatsBuilder  *self,
                                                      guint                     max);
void                 _hearth_pstats_builder_callers_commit (HearthPstatsBuilder *self,
                                                      guint                     n);
/* One caller of the entry's key. */
void                 _hearth_pstats_builder_edge     (HearthPstatsBuilder      *self,
                                                      guint                     caller,
                                                      gint64                    calls,
                                                      gint64                    prim_calls,
                                                      double                    own,
                                                      double                    cum);
/* The numbers of the entry's key, after its callers. */
void                 _hearth_pstats_builder_numbers  (HearthPstatsBuilder      *self,
                                                      guint                     key,
                                                      gint64                    prim_calls,
                                                      gint64                    calls,
                                                      double                    own,
                                                      double                    cum);
/* Waits until everything is in the profile; then tells whether some text was not valid (and
 * was replaced). */
gboolean             _hearth_pstats_builder_complete (HearthPstatsBuilder      *self);

G_END_DECLS
