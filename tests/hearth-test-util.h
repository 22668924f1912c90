/* hearth-test-util.h
 *
 * Copyright 2026 The Hearth authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <glib.h>

G_BEGIN_DECLS

/* The path of a file in tests/data/ (freed by the caller). */
char     *hearth_test_data_path (const char *name);
/* TRUE when python3 can be run; tests that compare against Python skip otherwise. */
gboolean  hearth_test_have_python (void);

G_END_DECLS
