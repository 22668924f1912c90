/* hearth-python-scanner.h: qualified names from the profiled program's Python source.
 *
 * Copyright 2026 The Hearth authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <glib.h>

G_BEGIN_DECLS

/* A byte that may stand in a Python identifier (bytes of UTF-8 letters among them). */
static inline gboolean
hearth_python_is_ident_byte (guchar c)
{
  return g_ascii_isalnum (c) || c == '_' || c >= 0x80;
}

/* The scopes (classes, defs) and constructs (lambdas, comprehensions) of one source file. */
typedef struct _HearthSourceIndex HearthSourceIndex;

/* The source files of one profile, each read and indexed once, within a budget. */
typedef struct _HearthSourceCache HearthSourceCache;

gboolean           hearth_source_can_qualify            (const char        *name);

HearthSourceCache *hearth_source_cache_new              (const char        *profile_path);
void               hearth_source_cache_free             (HearthSourceCache *cache);
HearthSourceIndex *hearth_source_cache_get              (HearthSourceCache *cache,
                                                         const char        *file);
guint              hearth_source_cache_get_n_files_read (HearthSourceCache *cache);
GBytes            *hearth_source_cache_read             (HearthSourceCache *cache,
                                                         const char        *file,
                                                         char             **path);

const char        *hearth_source_index_find_def         (HearthSourceIndex *index,
                                                         guint              line,
                                                         const char        *name,
                                                         gboolean           executing);
gboolean           hearth_source_index_find_def_lines   (HearthSourceIndex *index,
                                                         guint              line,
                                                         const char        *name,
                                                         gboolean           executing,
                                                         guint             *first,
                                                         guint             *def_line,
                                                         guint             *end);
const char        *hearth_source_index_find_construct   (HearthSourceIndex *index,
                                                         GStringChunk      *out,
                                                         guint              line,
                                                         const char        *name);

G_DEFINE_AUTOPTR_CLEANUP_FUNC (HearthSourceCache, hearth_source_cache_free)

G_END_DECLS
