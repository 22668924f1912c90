/* hearth-settings.c
 *
 * Copyright 2026 The Hearth authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#define G_LOG_DOMAIN "hearth-settings"

#include "hearth-settings.h"

#include "hearth-ui-resources.h"

/* the development flavour keeps the release's schema, as it keeps its resource */
#define HEARTH_SCHEMA_ID HEARTH_RELEASE_ID

static GSettingsSchema *
find_schema (void)
{
  GSettingsSchemaSource *source = g_settings_schema_source_get_default ();
  GSettingsSchema *schema = NULL;
  g_autofree char *exe = NULL;

  if (source != NULL)
    schema = g_settings_schema_source_lookup (source, HEARTH_SCHEMA_ID, TRUE);
  if (schema != NULL)
    return schema;

  /* not installed: a run from the build folder finds the schema compiled in <build>/data */
  exe = g_file_read_link ("/proc/self/exe", NULL);
  if (exe != NULL)
    {
      g_autofree char *dir = g_path_get_dirname (exe);
      g_autofree char *data = g_build_filename (dir, "..", "data", NULL);
      g_autoptr (GSettingsSchemaSource) build = NULL;

      if (g_file_test (data, G_FILE_TEST_IS_DIR))
        build = g_settings_schema_source_new_from_directory (data, source, FALSE, NULL);
      if (build != NULL)
        schema = g_settings_schema_source_lookup (build, HEARTH_SCHEMA_ID, FALSE);
    }
  if (schema == NULL)
    g_message ("The settings schema %s is not installed: settings will not be saved",
               HEARTH_SCHEMA_ID);
  return schema;
}

/**
 * _hearth_settings_new:
 *
 * Returns: (transfer full) (nullable): Hearth's settings, %NULL when the schema is nowhere
 *   to be found (nothing is saved then)
 */
GSettings *
_hearth_settings_new (void)
{
  static GSettingsSchema *schema = NULL;
  static gsize looked_up = 0;

  if (g_once_init_enter (&looked_up))
    {
      schema = find_schema ();
      g_once_init_leave (&looked_up, 1);
    }
  return schema != NULL ? g_settings_new_full (schema, NULL, NULL) : NULL;
}
