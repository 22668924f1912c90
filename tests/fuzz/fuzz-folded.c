/* fuzz-folded.c: libFuzzer target for the folded-stacks reader.
 *
 * Copyright 2026 The Hearth authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include <gio/gio.h>
#include <stdint.h>
#include <string.h>

#include "hearth-folded-reader.h"

int LLVMFuzzerTestOneInput (const uint8_t *data, size_t size);

/* Parts parsed on threads must give what reading line by line gives, exactly. */
static void
assert_same (HearthProfile *a,
             HearthProfile *b)
{
  const char * const *wa = hearth_profile_get_warnings (a);
  const char * const *wb = hearth_profile_get_warnings (b);
  const HearthStackNode *na, *nb;
  guint n_a, n_b, i;

  g_assert (hearth_profile_get_n_functions (a) == hearth_profile_get_n_functions (b));
  for (i = 0; i < hearth_profile_get_n_functions (a); i++)
    {
      const HearthFunction *fa = hearth_profile_get_function (a, i);
      const HearthFunction *fb = hearth_profile_get_function (b, i);

      g_assert (strcmp (fa->frame, fb->frame) == 0 && strcmp (fa->file, fb->file) == 0 &&
                strcmp (fa->name, fb->name) == 0 && fa->line == fb->line);
    }
  na = hearth_profile_get_stack_nodes (a, &n_a);
  nb = hearth_profile_get_stack_nodes (b, &n_b);
  g_assert (n_a == n_b);
  for (i = 0; i < n_a; i++)
    g_assert (na[i].parent == nb[i].parent && na[i].function == nb[i].function &&
              na[i].n_stacks == nb[i].n_stacks &&
              memcmp (&na[i].weight, &nb[i].weight, sizeof (double)) == 0);
  for (i = 0; wa[i] != NULL && wb[i] != NULL; i++)
    g_assert (strcmp (wa[i], wb[i]) == 0);
  g_assert (wa[i] == NULL && wb[i] == NULL);
  g_assert ((hearth_profile_get_baseline (a) == NULL) == (hearth_profile_get_baseline (b) == NULL));
  if (hearth_profile_get_baseline (a) != NULL)
    assert_same (hearth_profile_get_baseline (a), hearth_profile_get_baseline (b));
}

static void
check_parts (const uint8_t *data,
             size_t         size)
{
  g_autoptr (GInputStream) s1 = g_memory_input_stream_new_from_data (data, size, NULL);
  g_autoptr (GInputStream) s2 = g_memory_input_stream_new_from_data (data, size, NULL);
  g_autoptr (HearthProfile) lines = NULL;
  g_autoptr (HearthProfile) parts = NULL;
  g_autoptr (GError) e1 = NULL;
  g_autoptr (GError) e2 = NULL;
  /* the last byte chooses how small the parts are; in the calling thread, as a thread's
   * turn per part of a few bytes would make every run slow (test-folded-reader runs the
   * same merge on worker threads) */
  gsize part_size = 1 + (size > 0 ? data[size - 1] % 64 : 0);

  lines = _hearth_folded_read_parts (s1, 1 << 20, 0, TRUE, NULL, &e1);
  parts = _hearth_folded_read_parts (s2, part_size, 0, FALSE, NULL, &e2);
  g_assert ((lines == NULL) == (parts == NULL));
  if (lines == NULL)
    g_assert (strcmp (e1->message, e2->message) == 0 && e1->code == e2->code);
  else
    assert_same (lines, parts);
}

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
  check_parts (data, size);
  return 0;
}
