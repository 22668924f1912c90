/* hearth-format.h: shares of the run written for people, the same way everywhere.
 *
 * Copyright 2026 The Hearth authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <glib.h>

G_BEGIN_DECLS

char *hearth_format_percent        (double fraction);
char *hearth_format_percent_change (double fraction);
char *hearth_format_count          (guint64 count);
char *hearth_format_chain_tail     (const char *chain,
                                    const char *separator,
                                    guint       keep);

G_END_DECLS
