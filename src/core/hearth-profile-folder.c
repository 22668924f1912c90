/* hearth-profile-folder.c
 *
 * Copyright 2026 The Hearth authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#define G_LOG_DOMAIN "hearth-profile-folder"

#include "hearth-profile-folder.h"

#include <glib/gi18n.h>

/* the names the profilers and Hearth's own runs write; anything else in a folder of runs
 * (logs, the script) is not a profile */
static const char * const profile_suffixes[] = {
  ".prof", ".pstats", ".folded", ".collapsed", ".speedscope.json", NULL
};

/**
 * hearth_profile_folder_is_profile_name:
 * @name: a file's name
 *
 * Returns: whether @name says the file is a profile (`.prof`, `.pstats`, `.folded`,
 *   `.collapsed`, `.speedscope.json`, with something before the suffix)
 */
gboolean
hearth_profile_folder_is_profile_name (const char *name)
{
  g_return_val_if_fail (name != NULL, FALSE);

  for (guint i = 0; profile_suffixes[i] != NULL; i++)
    if (g_str_has_suffix (name, profile_suffixes[i]) && !g_str_equal (name, profile_suffixes[i]))
      return TRUE;
  return FALSE;
}

static int
compare_names (gconstpointer a,
               gconstpointer b)
{
  g_autofree char *x = g_file_get_basename (*(GFile * const *) a);
  g_autofree char *y = g_file_get_basename (*(GFile * const *) b);

  return g_utf8_collate (x, y);
}

/**
 * hearth_profile_folder_list:
 * @folder: a folder
 * @left_out: (out) (optional) (transfer full): the file left out, pytest-profiling's
 *   `combined.prof` when there are other profiles, or %NULL
 * @error: the folder cannot be read
 *
 * Returns: (transfer container) (element-type GFile): the regular files in @folder whose names
 *   say they are profiles (not its subfolders), by name; %NULL with @error set on failure
 */
GPtrArray *
hearth_profile_folder_list (GFile   *folder,
                            GFile  **left_out,
                            GError **error)
{
  g_autoptr (GFileEnumerator) children = NULL;
  g_autoptr (GPtrArray) files = g_ptr_array_new_with_free_func (g_object_unref);
  g_autoptr (GFile) combined = NULL;
  g_autoptr (GError) local_error = NULL;
  GFileInfo *info;
  GFile *child;

  g_return_val_if_fail (G_IS_FILE (folder), NULL);

  if (left_out != NULL)
    *left_out = NULL;
  children = g_file_enumerate_children (folder, G_FILE_ATTRIBUTE_STANDARD_NAME ","
                                        G_FILE_ATTRIBUTE_STANDARD_TYPE,
                                        G_FILE_QUERY_INFO_NONE, NULL, error);
  if (children == NULL)
    return NULL;
  while (g_file_enumerator_iterate (children, &info, &child, NULL, &local_error) && info != NULL)
    {
      const char *name = g_file_info_get_name (info);

      if (g_file_info_get_file_type (info) != G_FILE_TYPE_REGULAR ||
          !hearth_profile_folder_is_profile_name (name))
        continue;
      if (g_str_equal (name, HEARTH_PROFILE_FOLDER_COMBINED))
        g_set_object (&combined, child);
      else
        g_ptr_array_add (files, g_object_ref (child));
    }
  if (local_error != NULL)
    {
      g_propagate_error (error, g_steal_pointer (&local_error));
      return NULL;
    }
  /* combined.prof alone is the only profile there is */
  if (combined != NULL && files->len == 0)
    g_ptr_array_add (files, g_object_ref (combined));
  else if (combined != NULL && left_out != NULL)
    *left_out = g_steal_pointer (&combined);
  g_ptr_array_sort (files, compare_names);
  return g_steal_pointer (&files);
}

/**
 * hearth_profile_folder_expand:
 * @files: (element-type GFile): profile files and folders of them
 * @left_out: (out) (optional) (transfer full): a `combined.prof` left out beside the runs of
 *   a folder (hearth_profile_folder_list()), or %NULL
 * @error: a folder cannot be read, or holds no profiles
 *
 * Returns: (transfer container) (element-type GFile): @files with each folder among them
 *   replaced by its profiles, by name; %NULL with @error set on failure
 */
GPtrArray *
hearth_profile_folder_expand (GPtrArray  *files,
                              GFile     **left_out,
                              GError    **error)
{
  g_autoptr (GPtrArray) out = g_ptr_array_new_with_free_func (g_object_unref);

  g_return_val_if_fail (files != NULL, NULL);

  if (left_out != NULL)
    *left_out = NULL;
  for (guint i = 0; i < files->len; i++)
    {
      g_autoptr (GPtrArray) children = NULL;
      g_autoptr (GFile) combined = NULL;
      g_autoptr (GError) local_error = NULL;
      g_autofree char *name = NULL;

      if (g_file_query_file_type (files->pdata[i], G_FILE_QUERY_INFO_NONE, NULL) !=
          G_FILE_TYPE_DIRECTORY)
        {
          g_ptr_array_add (out, g_object_ref (files->pdata[i]));
          continue;
        }
      name = g_file_get_parse_name (files->pdata[i]);
      children = hearth_profile_folder_list (files->pdata[i], &combined, &local_error);
      if (children == NULL)
        {
          g_set_error (error, local_error->domain, local_error->code, "%s: %s", name,
                       local_error->message);
          return NULL;
        }
      if (children->len == 0)
        {
          g_set_error (error, G_IO_ERROR, G_IO_ERROR_NOT_FOUND,
                       _("%s: no profiles in this folder (Hearth looks for .prof, .pstats, "
                         ".folded, .collapsed and .speedscope.json files)"), name);
          return NULL;
        }
      if (combined != NULL && left_out != NULL && *left_out == NULL)
        *left_out = g_steal_pointer (&combined);
      for (guint k = 0; k < children->len; k++)
        g_ptr_array_add (out, g_object_ref (children->pdata[k]));
    }
  return g_steal_pointer (&out);
}

/**
 * hearth_profile_folder_left_out_note:
 *
 * Returns: the line telling that a folder's `combined.prof` was left out
 */
const char *
hearth_profile_folder_left_out_note (void)
{
  return _("combined.prof is left out: pytest-profiling writes it as the sum of the others");
}
