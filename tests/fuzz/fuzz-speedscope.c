/* fuzz-speedscope.c: libFuzzer target for the speedscope reader.
 *
 * Copyright 2026 The Hearth authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include <glib.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "hearth-speedscope-reader.h"
#include "../hearth-test-profile-diff.h"

int LLVMFuzzerTestOneInput (const uint8_t *data, size_t size);

int
LLVMFuzzerTestOneInput (const uint8_t *data,
                        size_t         size)
{
  g_autoptr (HearthProfile) profile = NULL;
  g_autoptr (GError) error = NULL;
  g_autoptr (HearthProfile) whole = NULL;
  g_autoptr (GError) whole_error = NULL;

  /* the big arrays read from the text must give what json-glib reading them gives */
  profile = _hearth_speedscope_read (data, size, &error);
  g_assert ((profile == NULL) != (error == NULL));
  whole = _hearth_speedscope_read_document (data, size, &whole_error);
  g_assert ((whole == NULL) == (profile == NULL));
  if (profile != NULL)
    {
      g_autofree char *diff = hearth_test_profile_diff (profile, whole);

      if (diff != NULL)
        {
          g_printerr ("read from the text and by json-glib differ: %s\n", diff);
          abort ();
        }
    }
  else if (error->code != whole_error->code || strcmp (error->message, whole_error->message) != 0)
    {
      g_printerr ("errors differ: %s / %s\n", error->message, whole_error->message);
      abort ();
    }
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
