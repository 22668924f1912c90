/* hearth-path-private.h: file names as recorded in profiles, of either system.
 *
 * Copyright 2026 The Hearth authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <string.h>

#include <glib.h>

G_BEGIN_DECLS

/* The last separator of @file ('/' or '\\': profiles come from any system), or NULL. */
static inline const char *
_hearth_path_last_separator (const char *file)
{
  const char *slash = strrchr (file, '/');
  const char *back = strrchr (file, '\\');

  if (slash == NULL)
    return back;
  if (back == NULL)
    return slash;
  return slash > back ? slash : back;
}

/* The part of @file after its last separator: @file itself for a bare name. */
static inline const char *
_hearth_path_base_name (const char *file)
{
  const char *sep = _hearth_path_last_separator (file);

  return sep != NULL ? sep + 1 : file;
}

/* Whether @file names a file: not empty, not cProfile's built-ins (`~`), not a pseudo file in
 * angle brackets (`<string>`, `<frozen os>`). */
static inline gboolean
_hearth_path_is_real_file (const char *file)
{
  return file != NULL && file[0] != '\0' && file[0] != '<' && strcmp (file, "~") != 0;
}

G_END_DECLS
