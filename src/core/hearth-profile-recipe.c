/* hearth-profile-recipe.c
 *
 * Copyright 2026 The Hearth authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

/* The memory is a plain GVariant dictionary so that it lives in one GSettings key; the runs
 * of this process (which profile file came from which run) are kept in memory only: a file
 * written by another Hearth, or before, has no run to repeat. */

#define G_LOG_DOMAIN "hearth-profile-recipe"

#include "hearth-profile-recipe.h"

static const char * const profiler_names[] = {
  [HEARTH_PROFILER_CPROFILE] = "cprofile",
  [HEARTH_PROFILER_SAMPLER] = "sampler",
  [HEARTH_PROFILER_PY_SPY] = "py-spy",
  [HEARTH_PROFILER_PROFILING_SAMPLING] = "profiling.sampling",
};

G_LOCK_DEFINE_STATIC (runs);
static GHashTable *runs;  /* (owned) out path -> (owned) HearthProfileRecipe */

HearthProfileRecipe *
hearth_profile_recipe_new (const char *target,
                           gboolean    module)
{
  HearthProfileRecipe *recipe = g_new0 (HearthProfileRecipe, 1);

  recipe->target = g_strdup (target != NULL ? target : "");
  recipe->module = module;
  recipe->arguments = g_strdup ("");
  recipe->folder = g_strdup ("");
  recipe->python = g_strdup ("");
  return recipe;
}

HearthProfileRecipe *
hearth_profile_recipe_copy (const HearthProfileRecipe *recipe)
{
  HearthProfileRecipe *copy = g_new (HearthProfileRecipe, 1);

  *copy = *recipe;
  copy->target = g_strdup (recipe->target);
  copy->arguments = g_strdup (recipe->arguments);
  copy->folder = g_strdup (recipe->folder);
  copy->python = g_strdup (recipe->python);
  return copy;
}

void
hearth_profile_recipe_free (HearthProfileRecipe *recipe)
{
  if (recipe == NULL)
    return;
  g_free (recipe->target);
  g_free (recipe->arguments);
  g_free (recipe->folder);
  g_free (recipe->python);
  g_free (recipe);
}

const char *
hearth_profiler_to_string (HearthProfiler profiler)
{
  g_return_val_if_fail (profiler < G_N_ELEMENTS (profiler_names), "cprofile");
  return profiler_names[profiler];
}

gboolean
hearth_profiler_from_string (const char     *name,
                             HearthProfiler *profiler)
{
  for (guint i = 0; i < G_N_ELEMENTS (profiler_names); i++)
    if (g_strcmp0 (name, profiler_names[i]) == 0)
      {
        *profiler = i;
        return TRUE;
      }
  return FALSE;
}

static char *
make_key (const char *target,
          gboolean    module)
{
  return module ? g_strconcat ("-m ", target, NULL) : g_strdup (target);
}

/* The memory's key: the script's path, or "-m " and the module's name. */
char *
hearth_profile_recipe_dup_key (const HearthProfileRecipe *recipe)
{
  return make_key (recipe->target, recipe->module);
}

/**
 * hearth_profile_recipe_remember:
 * @memory: (nullable): a #HEARTH_PROFILE_MEMORY_TYPE dictionary
 * @recipe: the run just started
 * @max: how many scripts to keep
 *
 * Returns: (transfer full): @memory with @recipe first, its older entry dropped, and only
 *   the @max most recent scripts kept
 */
GVariant *
hearth_profile_recipe_remember (GVariant                  *memory,
                                const HearthProfileRecipe *recipe,
                                guint                      max)
{
  g_autofree char *key = hearth_profile_recipe_dup_key (recipe);
  GVariantBuilder builder;
  guint kept = 1;

  g_variant_builder_init (&builder, G_VARIANT_TYPE (HEARTH_PROFILE_MEMORY_TYPE));
  g_variant_builder_add (&builder, "{s(ssssbb)}", key, recipe->python,
                         hearth_profiler_to_string (recipe->profiler), recipe->arguments,
                         recipe->folder, recipe->cpu, recipe->threads);
  if (memory != NULL && g_variant_is_of_type (memory, G_VARIANT_TYPE (HEARTH_PROFILE_MEMORY_TYPE)))
    {
      gsize n = g_variant_n_children (memory);

      for (gsize i = 0; i < n && kept < max; i++)
        {
          g_autoptr (GVariant) entry = g_variant_get_child_value (memory, i);
          const char *other = NULL;

          g_variant_get_child (entry, 0, "&s", &other);
          if (g_str_equal (other, key))
            continue;
          g_variant_builder_add_value (&builder, entry);
          kept++;
        }
    }
  return g_variant_ref_sink (g_variant_builder_end (&builder));
}

static HearthProfileRecipe *
recipe_from_entry (GVariant *entry)
{
  const char *key, *python, *profiler, *arguments, *folder;
  gboolean cpu, threads;
  HearthProfileRecipe *recipe;
  gboolean module;

  g_variant_get (entry, "{&s(&s&s&s&sbb)}", &key, &python, &profiler, &arguments, &folder,
                 &cpu, &threads);
  module = g_str_has_prefix (key, "-m ");
  recipe = hearth_profile_recipe_new (module ? key + 3 : key, module);
  g_free (recipe->python);
  recipe->python = g_strdup (python);
  g_free (recipe->arguments);
  recipe->arguments = g_strdup (arguments);
  g_free (recipe->folder);
  recipe->folder = g_strdup (folder);
  if (!hearth_profiler_from_string (profiler, &recipe->profiler))
    recipe->profiler = HEARTH_PROFILER_CPROFILE;
  recipe->cpu = cpu;
  recipe->threads = threads;
  return recipe;
}

/**
 * hearth_profile_recipe_recall:
 * @memory: (nullable): a #HEARTH_PROFILE_MEMORY_TYPE dictionary
 * @target: (nullable): a script's path or a module's name; %NULL for the last one run
 * @module: whether @target is a module
 *
 * Returns: (transfer full) (nullable): how @target was last run, %NULL if it was not
 */
HearthProfileRecipe *
hearth_profile_recipe_recall (GVariant   *memory,
                              const char *target,
                              gboolean    module)
{
  g_autofree char *key = target != NULL ? make_key (target, module) : NULL;
  gsize n;

  if (memory == NULL || !g_variant_is_of_type (memory, G_VARIANT_TYPE (HEARTH_PROFILE_MEMORY_TYPE)))
    return NULL;
  n = g_variant_n_children (memory);
  for (gsize i = 0; i < n; i++)
    {
      g_autoptr (GVariant) entry = g_variant_get_child_value (memory, i);
      const char *other = NULL;

      g_variant_get_child (entry, 0, "&s", &other);
      if (key == NULL || g_str_equal (other, key))
        return recipe_from_entry (entry);
    }
  return NULL;
}

/**
 * hearth_profile_recipe_note_run:
 * @out: the profile file a run wrote
 * @recipe: the run
 *
 * Keeps @recipe for Profile Again on the window that shows @out.
 */
void
hearth_profile_recipe_note_run (const char                *out,
                                const HearthProfileRecipe *recipe)
{
  G_LOCK (runs);
  if (runs == NULL)
    runs = g_hash_table_new_full (g_str_hash, g_str_equal, g_free,
                                  (GDestroyNotify) hearth_profile_recipe_free);
  g_hash_table_replace (runs, g_canonicalize_filename (out, NULL),
                        hearth_profile_recipe_copy (recipe));
  G_UNLOCK (runs);
}

/**
 * hearth_profile_recipe_find_run:
 * @out: a profile file
 *
 * Returns: (transfer full) (nullable): the run that wrote @out in this process, if one did
 */
HearthProfileRecipe *
hearth_profile_recipe_find_run (const char *out)
{
  g_autofree char *path = g_canonicalize_filename (out, NULL);
  HearthProfileRecipe *found = NULL;

  G_LOCK (runs);
  if (runs != NULL && g_hash_table_lookup (runs, path) != NULL)
    found = hearth_profile_recipe_copy (g_hash_table_lookup (runs, path));
  G_UNLOCK (runs);
  return found;
}
