/* hearth-pstats-reader.h
 *
 * Copyright 2026 The Hearth authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <gio/gio.h>

#include "hearth-profile-private.h"

G_BEGIN_DECLS

HearthProfile *_hearth_pstats_read          (const guint8  *data,
                                             gsize          len,
                                             GError       **error);
typedef enum
{
  HEARTH_PSTATS_THREADS_AUTO,     /* a thread for the builder when the file is large */
  HEARTH_PSTATS_THREADS_NONE,
  HEARTH_PSTATS_THREADS_BUILDER,
} HearthPstatsThreads;

HearthProfile *_hearth_pstats_read_full     (const guint8          *data,
                                             gsize                  len,
                                             HearthPstatsThreads    threads,
                                             const HearthReadWatch *watch,
                                             GError               **error);

G_END_DECLS
