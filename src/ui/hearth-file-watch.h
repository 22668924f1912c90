/* hearth-file-watch.h: tells when a file was rewritten, once the writing has settled.
 *
 * Copyright 2026 The Hearth authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <gio/gio.h>

G_BEGIN_DECLS

#define HEARTH_TYPE_FILE_WATCH (hearth_file_watch_get_type ())

G_DECLARE_FINAL_TYPE (HearthFileWatch, hearth_file_watch, HEARTH, FILE_WATCH, GObject)

HearthFileWatch *hearth_file_watch_new            (GFile           *file);
GFile           *hearth_file_watch_get_file       (HearthFileWatch *self);
guint            hearth_file_watch_get_settle_ms  (HearthFileWatch *self);
void             hearth_file_watch_set_settle_ms  (HearthFileWatch *self,
                                                   guint            settle_ms);
gboolean         hearth_file_watch_get_pending    (HearthFileWatch *self);

G_END_DECLS
