/* hearth-editor-command.h: the command that opens a source file at a line in the editor the
 * user chose.
 *
 * Copyright 2026 The Hearth authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <glib.h>

G_BEGIN_DECLS

/**
 * HearthEditor:
 * @HEARTH_EDITOR_DEFAULT: the default application for the file's type (no line)
 * @HEARTH_EDITOR_GNOME_TEXT_EDITOR: `gnome-text-editor +LINE FILE`
 * @HEARTH_EDITOR_VSCODE: `code --goto FILE:LINE`
 * @HEARTH_EDITOR_TERMINAL: `$VISUAL` (else `$EDITOR`) in a terminal
 *
 * The editors Hearth knows how to give a line to (the `editor` setting).
 */
typedef enum
{
  HEARTH_EDITOR_DEFAULT,
  HEARTH_EDITOR_GNOME_TEXT_EDITOR,
  HEARTH_EDITOR_VSCODE,
  HEARTH_EDITOR_TERMINAL,
} HearthEditor;

HearthEditor  hearth_editor_from_string (const char   *name);
char        **hearth_editor_command     (HearthEditor  editor,
                                         const char   *file,
                                         guint         line,
                                         const char   *visual,
                                         const char   *editor_env,
                                         GError      **error);

G_END_DECLS
