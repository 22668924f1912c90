/* main.c
 *
 * Copyright 2026 The Hearth authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include <glib/gi18n.h>
#include <locale.h>
#include <stdio.h>

#include "hearth-cli.h"
#include "hearth-hash.h"
#include "hearth-profile.h"

#ifdef HEARTH_WITH_GUI
#include "hearth-application.h"
#endif

#ifndef HEARTH_WITH_GUI
/* A build without the window (-Dgui=false) prints what was loaded. */
static int
show_files (char **files)
{
  int status = 0;

  if (files == NULL || files[0] == NULL)
    {
      g_printerr ("hearth: no profile given (try hearth --help)\n");
      return 1;
    }

  for (guint i = 0; files[i] != NULL; i++)
    {
      g_autoptr (GError) error = NULL;
      g_autoptr (HearthProfile) profile = hearth_profile_load_path (files[i], &error);

      if (profile == NULL)
        {
          g_printerr ("hearth: %s\n", error->message);
          status = 1;
          continue;
        }
      g_print ("%s: %s profile, %s, %u functions, %u edges, total %.6g %s\n",
               files[i],
               hearth_profile_format_to_string (hearth_profile_get_format (profile)),
               hearth_profile_kind_to_string (hearth_profile_get_kind (profile)),
               hearth_profile_get_n_functions (profile),
               hearth_profile_get_n_edges (profile),
               hearth_profile_get_total (profile),
               hearth_unit_to_string (hearth_profile_get_unit (profile)));
    }

  return status;
}
#endif

int
main (int   argc,
      char *argv[])
{
  g_auto (GStrv) files = NULL;
  g_auto (GStrv) window_argv = NULL;
  /* the option parser compacts the array it is given: the application gets argv whole */
  g_autofree char **cli_argv = g_memdup2 (argv, sizeof (char *) * (argc + 1));
  int status;

  hearth_memory_set_policy ();
  setlocale (LC_ALL, "");
  /* HEARTH_LOCALEDIR: the catalogs of a build folder (<build>/po), for the tests and for
   * translators trying their work without installing it */
  bindtextdomain (GETTEXT_PACKAGE, g_getenv ("HEARTH_LOCALEDIR") != NULL
                                   ? g_getenv ("HEARTH_LOCALEDIR") : LOCALEDIR);
  bind_textdomain_codeset (GETTEXT_PACKAGE, "UTF-8");
  textdomain (GETTEXT_PACKAGE);

#ifdef HEARTH_WITH_GUI
  /* D-Bus activation (the .service file) starts `hearth --gapplication-service`: an option of
   * GApplication's own, which the headless parser does not know */
  if (argc == 2 && g_str_equal (argv[1], "--gapplication-service"))
    {
      g_autoptr (HearthApplication) app = hearth_application_new ();

      return g_application_run (G_APPLICATION (app), argc, argv);
    }
#endif

  status = hearth_cli_run (argc, cli_argv, &files, &window_argv);
  if (status >= 0)
    return status;

#ifdef HEARTH_WITH_GUI
  {
    g_autoptr (HearthApplication) app = hearth_application_new ();

    /* --profile: the window opens the profile it wrote, as `hearth FILE` would */
    if (window_argv != NULL)
      return g_application_run (G_APPLICATION (app), (int) g_strv_length (window_argv),
                                window_argv);
    return g_application_run (G_APPLICATION (app), argc, argv);
  }
#else
  return show_files (files);
#endif
}
