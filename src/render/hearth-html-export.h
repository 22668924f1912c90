/* hearth-html-export.h
 *
 * Copyright 2026 The Hearth authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include "hearth-export.h"

G_BEGIN_DECLS

GBytes *hearth_html_export_render (HearthFlameRenderer        *renderer,
                                   const HearthFlameViewport  *viewport,
                                   HearthNames                *names,
                                   HearthNames                *after_names,
                                   const HearthExportOptions  *options,
                                   GError                    **error);

G_END_DECLS
