/* hearth-editor-command.c: the command line that opens a file at a line: each editor has its
 * own way of being told the line. Programs are looked up on PATH; a program that is not
 * there is an error, on which the window opens the file in the default application.
 *
 * Copyright 2026 The Hearth authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#define G_LOG_DOMAIN "hearth-core"

#include "hearth-editor-command.h"

#include <gio/gio.h>
#include <glib/gi18n-lib.h>
#include <string.h>

/**
 * hearth_editor_from_string:
 * @name: (nullable): the `editor` setting: `default`, `gnome-text-editor`, `vscode`, `terminal`
 *
 * Returns: the editor it names; the default application for anything else
 */
HearthEditor
hearth_editor_from_string (const char *name)
{
  if (g_strcmp0 (name, "gnome-text-editor") == 0)
    return HEARTH_EDITOR_GNOME_TEXT_EDITOR;
  if (g_strcmp0 (name, "vscode") == 0)
    return HEARTH_EDITOR_VSCODE;
  if (g_strcmp0 (name, "terminal") == 0)
    return HEARTH_EDITOR_TERMINAL;
  return HEARTH_EDITOR_DEFAULT;
}

/* g_strv_builder_take () is GLib 2.80 */
static void
take (GStrvBuilder *argv,
      char         *arg)
{
  g_strv_builder_add (argv, arg);
  g_free (arg);
}

static char *
find_program (const char  *name,
              GError     **error)
{
  char *path = g_find_program_in_path (name);

  if (path == NULL)
    g_set_error (error, G_IO_ERROR, G_IO_ERROR_NOT_FOUND, _("%s is not installed (not on PATH)"),
                 name);
  return path;
}

/* How a terminal editor is told the line: `+LINE FILE` (vi, vim, nvim, nano, emacs, micro,
 * kak, …), `FILE:LINE` (helix). */
static void
add_editor_args (GStrvBuilder *argv,
                 const char   *program,
                 const char   *file,
                 guint         line)
{
  g_autofree char *base = g_path_get_basename (program);

  if (strcmp (base, "hx") == 0 || strcmp (base, "helix") == 0)
    {
      take (argv, g_strdup_printf ("%s:%u", file, line));
      return;
    }
  take (argv, g_strdup_printf ("+%u", line));
  g_strv_builder_add (argv, file);
}

/* The first terminal found, and how it is told the command that follows. */
static gboolean
add_terminal (GStrvBuilder  *argv,
              GError       **error)
{
  static const char *terminals[][2] = {
    { "kgx", "--" }, { "gnome-terminal", "--" }, { "konsole", "-e" },
    { "xfce4-terminal", "-x" }, { "x-terminal-emulator", "-e" }, { "xterm", "-e" },
  };

  for (guint i = 0; i < G_N_ELEMENTS (terminals); i++)
    {
      char *path = g_find_program_in_path (terminals[i][0]);

      if (path != NULL)
        {
          take (argv, path);
          g_strv_builder_add (argv, terminals[i][1]);
          return TRUE;
        }
    }
  g_set_error (error, G_IO_ERROR, G_IO_ERROR_NOT_FOUND,
               _("no terminal found to run the editor in (kgx, gnome-terminal, konsole, "
                 "xfce4-terminal, x-terminal-emulator, xterm)"));
  return FALSE;
}

static char **
terminal_command (const char  *file,
                  guint        line,
                  const char  *visual,
                  const char  *editor_env,
                  GError     **error)
{
  const char *chosen = visual != NULL && *visual != '\0' ? visual : editor_env;
  g_autoptr (GStrvBuilder) argv = g_strv_builder_new ();
  g_auto (GStrv) words = NULL;
  g_autofree char *program = NULL;

  if (chosen == NULL || *chosen == '\0')
    {
      g_set_error (error, G_IO_ERROR, G_IO_ERROR_NOT_FOUND,
                   _("neither VISUAL nor EDITOR names an editor"));
      return NULL;
    }
  /* EDITOR may hold arguments ("emacs -nw"), as a shell would split them */
  if (!g_shell_parse_argv (chosen, NULL, &words, error))
    return NULL;
  program = find_program (words[0], error);
  if (program == NULL || !add_terminal (argv, error))
    return NULL;
  g_strv_builder_add (argv, program);
  for (guint i = 1; words[i] != NULL; i++)
    g_strv_builder_add (argv, words[i]);
  add_editor_args (argv, program, file, line);
  return g_strv_builder_end (argv);
}

/**
 * hearth_editor_command:
 * @editor: the editor chosen
 * @file: the file, an absolute path
 * @line: the line to show (1-based)
 * @visual: (nullable): `$VISUAL`
 * @editor_env: (nullable): `$EDITOR`
 * @error: where to say why there is no command (a program not found)
 *
 * The command that opens @file at @line, its program as found on PATH. There is none for
 * %HEARTH_EDITOR_DEFAULT: the default application is launched without a line.
 *
 * Returns: (transfer full) (nullable): the argument vector, or %NULL with @error set (or,
 *   for the default application, without)
 */
char **
hearth_editor_command (HearthEditor   editor,
                       const char    *file,
                       guint          line,
                       const char    *visual,
                       const char    *editor_env,
                       GError       **error)
{
  g_autoptr (GStrvBuilder) argv = g_strv_builder_new ();
  char *program;

  g_return_val_if_fail (file != NULL, NULL);

  line = MAX (line, 1);
  switch (editor)
    {
    case HEARTH_EDITOR_GNOME_TEXT_EDITOR:
      if ((program = find_program ("gnome-text-editor", error)) == NULL)
        return NULL;
      take (argv, program);
      take (argv, g_strdup_printf ("+%u", line));
      g_strv_builder_add (argv, file);
      return g_strv_builder_end (argv);
    case HEARTH_EDITOR_VSCODE:
      if ((program = find_program ("code", error)) == NULL)
        return NULL;
      take (argv, program);
      g_strv_builder_add (argv, "--goto");
      take (argv, g_strdup_printf ("%s:%u", file, line));
      return g_strv_builder_end (argv);
    case HEARTH_EDITOR_TERMINAL:
      return terminal_command (file, line, visual, editor_env, error);
    case HEARTH_EDITOR_DEFAULT:
    default:
      return NULL;
    }
}
