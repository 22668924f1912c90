/* hearth-settings.h: Hearth's saved settings, found whether installed or run from the build
 * folder.
 *
 * Copyright 2026 The Hearth authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <gio/gio.h>

G_BEGIN_DECLS

GSettings *_hearth_settings_new (void);

G_END_DECLS
