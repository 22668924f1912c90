/* fuzz-folded.c: libFuzzer target for the folded-stacks reader.
 *
 * Copyright 2026 The Hearth authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include <gio/gio.h>
#include <stdint.h>

#include "hearth-folded-reader.h"

int LLVMFuzzerTestOneInput (const uint8_t *data, size_t size);

int
LLVMFuzzerTestOneInput (const uint8_t *data,
                        size_t         size)
{
  g_autoptr (GInputStream) stream = g_memory_input_stream_new_from_data (data, size, NULL);
  g_autoptr (HearthProfile) profile = NULL;
  g_autoptr (GError) error = NULL;

  profile = _hearth_folded_read (stream, NULL, &error);
  g_assert ((profile == NULL) != (error == NULL));
  if (profile != NULL)
    {
      HearthProfile *baseline = hearth_profile_get_baseline (profile);

      hearth_profile_get_total (profile);
      for (guint i = 0; i < hearth_profile_get_n_functions (profile); i++)
        g_assert (g_utf8_validate (hearth_profile_get_function (profile, i)->name, -1, NULL));
      if (baseline != NULL)
        g_assert (hearth_profile_get_n_stacks (baseline) == hearth_profile_get_n_stacks (profile));
    }
  return 0;
}
