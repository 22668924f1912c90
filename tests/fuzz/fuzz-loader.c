/* fuzz-loader.c: libFuzzer target for the loader as a whole: bytes in (sniffed, maybe gzip or
 * UTF-16), a profile or a one-line error out.
 *
 * Copyright 2026 The Hearth authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include <gio/gio.h>
#include <stdint.h>
#include <string.h>

#include "hearth-profile.h"

int LLVMFuzzerTestOneInput (const uint8_t *data, size_t size);

int
LLVMFuzzerTestOneInput (const uint8_t *data,
                        size_t         size)
{
  g_autoptr (GBytes) bytes = g_bytes_new_static (data, size);
  g_autoptr (HearthProfile) profile = NULL;
  g_autoptr (GError) error = NULL;

  profile = hearth_profile_load_bytes (bytes, "fuzz", &error);
  g_assert ((profile == NULL) != (error == NULL));
  if (profile == NULL)
    {
      /* the contract: "NAME: problem", on one line */
      g_assert (g_str_has_prefix (error->message, "fuzz: "));
      g_assert (strchr (error->message, '\n') == NULL);
      g_assert (g_utf8_validate (error->message, -1, NULL));
      return 0;
    }
  for (guint i = 0; i < hearth_profile_get_n_functions (profile); i++)
    g_assert (g_utf8_validate (hearth_profile_get_function (profile, i)->name, -1, NULL));
  for (const char * const *w = hearth_profile_get_warnings (profile); *w != NULL; w++)
    g_assert (g_utf8_validate (*w, -1, NULL));
  return 0;
}
