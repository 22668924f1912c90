/* hearth-speedscope-reader.h: speedscope JSON.
 *
 * Copyright 2026 The Hearth authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <glib.h>

#include "hearth-profile.h"

G_BEGIN_DECLS

HearthProfile *_hearth_speedscope_read (const guint8  *data,
                                        gsize          len,
                                        GError       **error);
HearthProfile *_hearth_speedscope_read_document (const guint8  *data,
                                                 gsize          len,
                                                 GError       **error);

G_END_DECLS
