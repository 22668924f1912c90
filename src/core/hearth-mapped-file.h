/* hearth-mapped-file.h: a whole file mapped while nobody can write it
 *
 * Copyright 2026 The Hearth authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <glib.h>

G_BEGIN_DECLS

typedef struct _HearthMappedFile HearthMappedFile;

HearthMappedFile *_hearth_mapped_file_new      (int                fd,
                                                guint64            min_size,
                                                guint64            max_size);
const guint8     *_hearth_mapped_file_get_data (HearthMappedFile  *self,
                                                gsize             *len);
void              _hearth_mapped_file_free     (HearthMappedFile  *self);

G_DEFINE_AUTOPTR_CLEANUP_FUNC (HearthMappedFile, _hearth_mapped_file_free)

G_END_DECLS
