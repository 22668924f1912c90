/* fuzz-driver.c: runs every file of a folder through a fuzz target once.
 *
 * Copyright 2026 The Hearth authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * Built with each target when libFuzzer is not in use, so the seed corpus runs in every build,
 * the gcc AddressSanitizer one included. Prints TAP-free plain results; exit 0 means every input
 * came back (a crash or sanitizer report fails the test).
 */

#include <glib.h>
#include <stdint.h>
#include <stdio.h>

int LLVMFuzzerTestOneInput (const uint8_t *data, size_t size);

int
main (int   argc,
      char *argv[])
{
  guint n = 0;

  for (int i = 1; i < argc; i++)
    {
      g_autoptr (GDir) dir = g_dir_open (argv[i], 0, NULL);
      const char *name;

      if (dir == NULL)
        {
          g_autofree char *contents = NULL;
          gsize len;

          if (!g_file_get_contents (argv[i], &contents, &len, NULL))
            {
              fprintf (stderr, "cannot read %s\n", argv[i]);
              return 1;
            }
          LLVMFuzzerTestOneInput ((const uint8_t *) contents, len);
          n++;
          continue;
        }

      while ((name = g_dir_read_name (dir)) != NULL)
        {
          g_autofree char *path = g_build_filename (argv[i], name, NULL);
          g_autofree char *contents = NULL;
          gsize len;

          if (g_file_test (path, G_FILE_TEST_IS_DIR) ||
              !g_file_get_contents (path, &contents, &len, NULL))
            continue;
          LLVMFuzzerTestOneInput ((const uint8_t *) contents, len);
          n++;
        }
    }

  printf ("ran %u inputs\n", n);
  return n > 0 ? 0 : 1;
}
