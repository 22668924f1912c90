/* hearth-profile-dialog.h: Profile a Script, run from the window.
 *
 * Copyright 2026 The Hearth authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <gtk/gtk.h>

#include "hearth-profile-recipe.h"

G_BEGIN_DECLS

#define HEARTH_TYPE_PROFILE_DIALOG (hearth_profile_dialog_get_type ())

G_DECLARE_FINAL_TYPE (HearthProfileDialog, hearth_profile_dialog, HEARTH, PROFILE_DIALOG,
                      GtkWindow)

HearthProfileDialog *hearth_profile_dialog_new        (GtkWindow           *parent);
void                 hearth_profile_dialog_set_target (HearthProfileDialog *self,
                                                       const char          *script_or_module,
                                                       gboolean             module);
void                 hearth_profile_dialog_set_fields (HearthProfileDialog *self,
                                                       const char          *arguments,
                                                       const char          *folder,
                                                       const char          *python,
                                                       gboolean             sample);
void                 hearth_profile_dialog_set_recipe (HearthProfileDialog       *self,
                                                       const HearthProfileRecipe *recipe);
HearthProfileRecipe *hearth_profile_dialog_dup_recipe (HearthProfileDialog *self);
void                 hearth_profile_dialog_set_out_folder (HearthProfileDialog *self,
                                                           const char          *folder);
gboolean             hearth_profile_dialog_is_running (HearthProfileDialog *self);
GPid                 hearth_profile_dialog_get_pid    (HearthProfileDialog *self);
const char          *hearth_profile_dialog_get_status (HearthProfileDialog *self);
char                *hearth_profile_dialog_get_output (HearthProfileDialog *self);

G_END_DECLS
