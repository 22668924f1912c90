/* fuzz-pstats.c: libFuzzer target for the pstats reader (and the marshal parser under it).
 *
 * Copyright 2026 The Hearth authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include <gio/gio.h>
#include <stdint.h>
#include <string.h>

#include "hearth-marshal.h"
#include "hearth-pstats-reader.h"
#include "../hearth-test-profile-diff.h"

int LLVMFuzzerTestOneInput (const uint8_t *data, size_t size);

/* Every model the reader builds must be well formed: valid UTF-8, indices in range. */
static void
check_profile (HearthProfile *profile)
{
  guint n_functions = hearth_profile_get_n_functions (profile);

  for (guint i = 0; i < n_functions; i++)
    {
      const HearthFunction *f = hearth_profile_get_function (profile, i);

      g_assert (g_utf8_validate (f->file, -1, NULL));
      g_assert (g_utf8_validate (f->name, -1, NULL));
    }
  for (guint i = 0; i < hearth_profile_get_n_edges (profile); i++)
    {
      const HearthEdge *e = hearth_profile_get_edge (profile, i);

      g_assert (e->caller < n_functions && e->callee < n_functions);
    }
  hearth_profile_get_total (profile);
}

/* The token stream on its own, skipping every other container the way the reader does, so
 * the replay shortcuts are exercised on inputs the reader would refuse early. */
static void
walk_tokens (const uint8_t *data,
             size_t         size)
{
  g_autoptr (HearthMarshal) m = hearth_marshal_new (data, size);
  g_autoptr (GString) text = g_string_new (NULL);
  guint n = 0;

  for (;;)
    {
      HearthMarshalToken t;
      guint slot;
      guint32 slot_data;

      if (hearth_marshal_peek_ref (m, &slot, &slot_data) && slot_data != 0)
        {
          hearth_marshal_skip_ref (m);
          continue;
        }
      if (!hearth_marshal_next (m, &t, NULL) || t.type == HEARTH_MARSHAL_DONE)
        break;
      g_assert (hearth_marshal_get_depth (m) <= HEARTH_MARSHAL_MAX_DEPTH);
      if (t.type == HEARTH_MARSHAL_STRING || t.type == HEARTH_MARSHAL_CODE)
        {
          g_string_truncate (text, 0);
          hearth_marshal_append_utf8 (text, t.string, t.length, t.encoding);
          g_assert (g_utf8_validate (text->str, text->len, NULL));
          g_assert (strlen (text->str) == text->len);
        }
      if (t.type == HEARTH_MARSHAL_BEGIN && n++ % 2 == 1)
        {
          hearth_marshal_set_slot_data (m, t.slot, n);
          if (!hearth_marshal_skip (m, NULL))
            break;
        }
    }
}

int
LLVMFuzzerTestOneInput (const uint8_t *data,
                        size_t         size)
{
  g_autoptr (HearthProfile) profile = NULL;
  g_autoptr (HearthProfile) threaded = NULL;
  g_autoptr (GError) error = NULL;
  g_autoptr (GError) threaded_error = NULL;

  profile = _hearth_pstats_read_full (data, size, HEARTH_PSTATS_THREADS_NONE, NULL, &error);
  g_assert ((profile == NULL) != (error == NULL));
  if (profile != NULL)
    check_profile (profile);
  else
    g_assert (error->message[0] != '\0');

  /* the builder on a thread of its own makes the same profile, or fails the same way */
  threaded = _hearth_pstats_read_full (data, size, HEARTH_PSTATS_THREADS_BUILDER, NULL,
                                       &threaded_error);
  if (profile == NULL)
    g_assert (threaded == NULL && strcmp (threaded_error->message, error->message) == 0);
  else
    {
      g_autofree char *diff = hearth_test_profile_diff (profile, threaded);

      g_assert (threaded != NULL && diff == NULL);
    }

  walk_tokens (data, size);
  return 0;
}
