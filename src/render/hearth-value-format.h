/* hearth-value-format.h
 *
 * Copyright 2026 The Hearth authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include "hearth-types.h"

G_BEGIN_DECLS

char *hearth_format_value (double     value,
                           HearthUnit unit);
char *hearth_format_mean  (double     value,
                           HearthUnit unit);

G_END_DECLS
