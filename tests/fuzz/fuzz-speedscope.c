/* fuzz-speedscope.c: libFuzzer target for the speedscope reader.
 *
 * Copyright 2026 The Hearth authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include <glib.h>
#include <stdint.h>

#include "hearth-speedscope-reader.h"

int LLVMFuzzerTestOneInput (const uint8_t *data, size_t size);

int
LLVMFuzzerTestOneInput (const uint8_t *data,
                        size_t         size)
{
  g_autoptr (HearthProfile) profile = NULL;
  g_autoptr (GError) error = NULL;

  profile = _hearth_speedscope_read (data, size, &error);
  g_assert ((profile == NULL) != (error == NULL));
  if (profile != NULL)
    {
      hearth_profile_get_total (profile);
      for (guint i = 0; i < hearth_profile_get_n_functions (profile); i++)
        {
          const HearthFunction *f = hearth_profile_get_function (profile, i);

          g_assert (g_utf8_validate (f->name, -1, NULL));
          g_assert (g_utf8_validate (f->file, -1, NULL));
        }
    }
  return 0;
}
