/* test-editor-command.c: the command lines that open a file at a line, each editor its own
 * way. The editors and terminals are fake: shell scripts on a PATH of their own that write
 * down the arguments they were given, so that one command is also run for real.
 *
 * Copyright 2026 The Hearth authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "hearth-editor-command.h"

#include <gio/gio.h>
#include <glib/gstdio.h>

static char *bin;

static void
write_fake (const char *name)
{
  g_autofree char *path = g_build_filename (bin, name, NULL);
  g_autofree char *script = g_strdup_printf ("#!/bin/sh\nprintf '%%s\\n' \"$@\" > \"%s/%s.args\"\n",
                                             bin, name);

  g_assert_true (g_file_set_contents (path, script, -1, NULL));
  g_assert_cmpint (g_chmod (path, 0755), ==, 0);
}

static char *
on_path (const char *name)
{
  return g_build_filename (bin, name, NULL);
}

static void
assert_argv (char       **argv,
             const char  *want[])
{
  g_assert_nonnull (argv);
  for (guint i = 0; want[i] != NULL; i++)
    g_assert_cmpstr (argv[i], ==, want[i]);
  g_assert_cmpuint (g_strv_length (argv), ==, g_strv_length ((char **) want));
}

static void
test_gui_editors (void)
{
  g_autofree char *gte = on_path ("gnome-text-editor");
  g_autofree char *code = on_path ("code");
  g_auto (GStrv) a = NULL;
  g_auto (GStrv) b = NULL;
  g_autoptr (GError) error = NULL;

  a = hearth_editor_command (HEARTH_EDITOR_GNOME_TEXT_EDITOR, "/src/work load.py", 72, NULL, NULL,
                             &error);
  g_assert_no_error (error);
  assert_argv (a, (const char *[]) { gte, "+72", "/src/work load.py", NULL });

  b = hearth_editor_command (HEARTH_EDITOR_VSCODE, "/src/work load.py", 72, NULL, NULL, &error);
  g_assert_no_error (error);
  assert_argv (b, (const char *[]) { code, "--goto", "/src/work load.py:72", NULL });

  /* the default application: no command and no error, the window launches the file */
  g_assert_null (hearth_editor_command (HEARTH_EDITOR_DEFAULT, "/a.py", 3, NULL, NULL, &error));
  g_assert_no_error (error);
}

static void
test_terminal (void)
{
  g_autofree char *kgx = on_path ("kgx");
  g_autofree char *nvim = on_path ("nvim");
  g_autofree char *hx = on_path ("hx");
  g_auto (GStrv) a = NULL;
  g_auto (GStrv) b = NULL;
  g_auto (GStrv) c = NULL;
  g_autoptr (GError) error = NULL;

  /* VISUAL first, with its arguments as a shell splits them */
  a = hearth_editor_command (HEARTH_EDITOR_TERMINAL, "/a.py", 9, "nvim -u 'NO NE'", "hx", &error);
  g_assert_no_error (error);
  assert_argv (a, (const char *[]) { kgx, "--", nvim, "-u", "NO NE", "+9", "/a.py", NULL });

  /* then EDITOR; helix takes FILE:LINE */
  b = hearth_editor_command (HEARTH_EDITOR_TERMINAL, "/a.py", 9, "", "hx", &error);
  g_assert_no_error (error);
  assert_argv (b, (const char *[]) { kgx, "--", hx, "/a.py:9", NULL });

  g_assert_null (hearth_editor_command (HEARTH_EDITOR_TERMINAL, "/a.py", 9, NULL, NULL, &error));
  g_assert_error (error, G_IO_ERROR, G_IO_ERROR_NOT_FOUND);
  g_clear_error (&error);

  c = hearth_editor_command (HEARTH_EDITOR_TERMINAL, "/a.py", 9, NULL, "no-such-editor", &error);
  g_assert_null (c);
  g_assert_error (error, G_IO_ERROR, G_IO_ERROR_NOT_FOUND);
}

/* A program that is not on PATH is an error (the window then opens the default application). */
static void
test_missing (void)
{
  g_autofree char *saved = g_strdup (g_getenv ("PATH"));
  g_autofree char *empty = g_build_filename (bin, "empty", NULL);
  g_autoptr (GError) error = NULL;

  g_assert_cmpint (g_mkdir_with_parents (empty, 0755), ==, 0);
  g_setenv ("PATH", empty, TRUE);
  g_assert_null (hearth_editor_command (HEARTH_EDITOR_VSCODE, "/a.py", 1, NULL, NULL, &error));
  g_assert_error (error, G_IO_ERROR, G_IO_ERROR_NOT_FOUND);
  g_clear_error (&error);
  /* an editor but no terminal */
  write_fake ("empty/vi");
  g_assert_null (hearth_editor_command (HEARTH_EDITOR_TERMINAL, "/a.py", 1, NULL, "vi", &error));
  g_assert_error (error, G_IO_ERROR, G_IO_ERROR_NOT_FOUND);
  g_setenv ("PATH", saved, TRUE);
}

/* The fake GNOME Text Editor run: it was given the line, then the file. */
static void
test_run (void)
{
  g_auto (GStrv) argv = NULL;
  g_autofree char *args_path = g_build_filename (bin, "gnome-text-editor.args", NULL);
  g_autofree char *args = NULL;
  g_autoptr (GError) error = NULL;
  int status;

  argv = hearth_editor_command (HEARTH_EDITOR_GNOME_TEXT_EDITOR, "/src/a b.py", 12, NULL, NULL,
                                &error);
  g_assert_no_error (error);
  g_assert_true (g_spawn_sync (NULL, argv, NULL, G_SPAWN_DEFAULT, NULL, NULL, NULL, NULL, &status,
                               &error));
  g_assert_no_error (error);
  g_assert_true (g_file_get_contents (args_path, &args, NULL, NULL));
  g_assert_cmpstr (args, ==, "+12\n/src/a b.py\n");
}

static void
test_from_string (void)
{
  g_assert_cmpint (hearth_editor_from_string ("gnome-text-editor"), ==,
                   HEARTH_EDITOR_GNOME_TEXT_EDITOR);
  g_assert_cmpint (hearth_editor_from_string ("vscode"), ==, HEARTH_EDITOR_VSCODE);
  g_assert_cmpint (hearth_editor_from_string ("terminal"), ==, HEARTH_EDITOR_TERMINAL);
  g_assert_cmpint (hearth_editor_from_string ("default"), ==, HEARTH_EDITOR_DEFAULT);
  g_assert_cmpint (hearth_editor_from_string ("emacs"), ==, HEARTH_EDITOR_DEFAULT);
  g_assert_cmpint (hearth_editor_from_string (NULL), ==, HEARTH_EDITOR_DEFAULT);
}

int
main (int   argc,
      char *argv[])
{
  g_autoptr (GError) error = NULL;
  int status;

  g_test_init (&argc, &argv, NULL);

  bin = g_dir_make_tmp ("hearth-editors-XXXXXX", &error);
  g_assert_no_error (error);
  write_fake ("gnome-text-editor");
  write_fake ("code");
  write_fake ("kgx");
  write_fake ("nvim");
  write_fake ("hx");
  g_setenv ("PATH", bin, TRUE);

  g_test_add_func ("/editor-command/gui-editors", test_gui_editors);
  g_test_add_func ("/editor-command/terminal", test_terminal);
  g_test_add_func ("/editor-command/missing", test_missing);
  g_test_add_func ("/editor-command/run", test_run);
  g_test_add_func ("/editor-command/from-string", test_from_string);

  status = g_test_run ();
  {
    const char *names[] = { "gnome-text-editor", "code", "kgx", "nvim", "hx",
                            "gnome-text-editor.args", "empty/vi", "empty" };

    for (guint i = 0; i < G_N_ELEMENTS (names); i++)
      {
        g_autofree char *path = g_build_filename (bin, names[i], NULL);

        g_remove (path);
      }
    g_rmdir (bin);
  }
  g_free (bin);
  return status;
}
