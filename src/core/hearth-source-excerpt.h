/* hearth-source-excerpt.h: the lines of a function's definition, with each line's share of
 * its samples where the profile records lines.
 *
 * Copyright 2026 The Hearth authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include "hearth-profile.h"

G_BEGIN_DECLS

/**
 * HearthSourceExcerpt:
 * @path: where the file was found
 * @first_line: the first line shown (1-based)
 * @mark_line: the line marked: the def line, or the recorded line when no def was found
 * @lines: (array zero-terminated=1): the lines shown, from @first_line, without their ends
 * @n_lines: how many
 * @heat: (nullable) (array length=n_lines): each line's share of the function's samples
 *   (0 to 1), %NULL when the profile records no lines per frame
 * @found_def: whether the def was found (else lines around the recorded line are shown)
 *
 * What the Source pane shows for one function.
 */
typedef struct
{
  char    *path;
  guint    first_line;
  guint    mark_line;
  char   **lines;
  guint    n_lines;
  double  *heat;
  gboolean found_def;
} HearthSourceExcerpt;

#define HEARTH_SOURCE_ERROR (hearth_source_error_quark ())

/**
 * HearthSourceError:
 * @HEARTH_SOURCE_ERROR_NO_FILE: the function has no source file (a built-in, `<string>`)
 * @HEARTH_SOURCE_ERROR_NOT_FOUND: its file cannot be read where the names are looked for
 */
typedef enum
{
  HEARTH_SOURCE_ERROR_NO_FILE,
  HEARTH_SOURCE_ERROR_NOT_FOUND,
} HearthSourceError;

GQuark               hearth_source_error_quark   (void);

HearthSourceExcerpt *hearth_source_excerpt_new   (HearthProfile       *profile,
                                                  guint                function,
                                                  GError             **error);
void                 hearth_source_excerpt_free  (HearthSourceExcerpt *excerpt);

G_DEFINE_AUTOPTR_CLEANUP_FUNC (HearthSourceExcerpt, hearth_source_excerpt_free)

G_END_DECLS
