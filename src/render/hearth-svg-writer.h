/* hearth-svg-writer.h
 *
 * Copyright 2026 The Hearth authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include "hearth-flame-renderer.h"

G_BEGIN_DECLS

GBytes *hearth_svg_writer_write (const HearthScene *scene,
                                 const char        *title);

G_END_DECLS
