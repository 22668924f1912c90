/* hearth-profile-recipe.h: what Profile a Script ran, kept per script and per profile
 * written, so that the form is filled again and a run can be repeated.
 *
 * Copyright 2026 The Hearth authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <glib.h>

#include "hearth-profile-command.h"

G_BEGIN_DECLS

/* How many scripts the memory keeps; the least recently run goes first. */
#define HEARTH_PROFILE_MEMORY_MAX 32

/* The GVariant type of the memory: script (or "-m module") -> (python, profiler, arguments,
 * folder, cpu, threads), the most recently run first. */
#define HEARTH_PROFILE_MEMORY_TYPE "a{s(ssssbb)}"

typedef struct
{
  char           *target;     /* the script's path or the module's name */
  gboolean        module;
  char           *arguments;  /* as typed: split as a shell would */
  char           *folder;     /* "" for the default */
  char           *python;     /* "" for python3 */
  HearthProfiler  profiler;
  gboolean        cpu;
  gboolean        threads;
} HearthProfileRecipe;

HearthProfileRecipe *hearth_profile_recipe_new      (const char                *target,
                                                     gboolean                   module);
HearthProfileRecipe *hearth_profile_recipe_copy     (const HearthProfileRecipe *recipe);
void                 hearth_profile_recipe_free     (HearthProfileRecipe       *recipe);
const char          *hearth_profiler_to_string      (HearthProfiler             profiler);
gboolean             hearth_profiler_from_string    (const char                *name,
                                                     HearthProfiler            *profiler);
char                *hearth_profile_recipe_dup_key  (const HearthProfileRecipe *recipe);
GVariant            *hearth_profile_recipe_remember (GVariant                  *memory,
                                                     const HearthProfileRecipe *recipe,
                                                     guint                      max);
HearthProfileRecipe *hearth_profile_recipe_recall   (GVariant                  *memory,
                                                     const char                *target,
                                                     gboolean                   module);
void                 hearth_profile_recipe_note_run (const char                *out,
                                                     const HearthProfileRecipe *recipe);
HearthProfileRecipe *hearth_profile_recipe_find_run (const char                *out);

G_DEFINE_AUTOPTR_CLEANUP_FUNC (HearthProfileRecipe, hearth_profile_recipe_free)

G_END_DECLS
