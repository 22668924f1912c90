/* hearth-labels.h: the text on a bar for a function name as recorded.
 *
 * Copyright 2026 The Hearth authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <glib.h>

G_BEGIN_DECLS

char     *hearth_names_make_label (const char *name);
gboolean  hearth_labels_find_span (const char *name,
                                   gsize       n,
                                   gsize      *start,
                                   gsize      *len);

G_END_DECLS
