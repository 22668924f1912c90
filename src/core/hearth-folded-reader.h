/* hearth-folded-reader.h: folded ("collapsed") stack text.
 *
 * Copyright 2026 The Hearth authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <gio/gio.h>

#include "hearth-profile.h"

G_BEGIN_DECLS

HearthProfile *_hearth_folded_read        (GInputStream  *stream,
                                           GCancellable  *cancellable,
                                           GError       **error);
HearthProfile *_hearth_folded_read_parts  (GInputStream  *stream,
                                           gsize          part_size,
                                           guint          n_workers,
                                           gboolean       by_lines,
                                           GCancellable  *cancellable,
                                           GError       **error);
void           _hearth_folded_split_frame (const char    *frame,
                                           char         **file,
                                           gint64        *line,
                                           char         **name);

G_END_DECLS
