/* test-load-progress.c: the loader's progress and its cancellation mid-file.
 *
 * Copyright 2026 The Hearth authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "hearth-hash.h"
#include "hearth-profile.h"
#include "hearth-test-util.h"

#include <glib/gstdio.h>
#include <string.h>
#include <sys/stat.h>
#ifdef __GLIBC__
#include <malloc.h>
#endif

#define MB (G_GUINT64_CONSTANT (1) << 20)
#define BIG_SIZE (200 * MB)
/* The loader reads at most 4 MB at once and checks the cancellable before each read. */
#define READ_STEP (4 * MB)

/* AddressSanitizer keeps freed memory in quarantine: there, leaks are LeakSanitizer's to find,
 * and the resident size says nothing. */
#if defined(__SANITIZE_ADDRESS__)
#define RSS_TELLS FALSE
#elif defined(__has_feature)
#if __has_feature(address_sanitizer)
#define RSS_TELLS FALSE
#endif
#endif
#ifndef RSS_TELLS
#define RSS_TELLS TRUE
#endif

static char *tmp_dir;
static char *folded_path;
static char *marshal_path;

static guint64
file_size (const char *path)
{
  GStatBuf st;

  g_assert_cmpint (g_stat (path, &st), ==, 0);
  return (guint64) st.st_size;
}

/* 200 MB of folded stacks, parsed as they are read */
static const char *
big_folded_path (void)
{
  if (folded_path == NULL)
    {
      folded_path = g_build_filename (tmp_dir, "big.folded", NULL);
      hearth_test_write_big_folded (folded_path, BIG_SIZE);
    }
  return folded_path;
}

/* 200 MB that sniff as marshal data (a pstats dump): read into memory whole, then parsed. */
static const char *
big_marshal_path (void)
{
  if (marshal_path == NULL)
    {
      g_autoptr (GString) block = g_string_sized_new (MB);

      g_string_append_c (block, (char) 0xFB);
      while (block->len < MB)
        g_string_append_c (block, (char) ('a' + block->len % 26));
      marshal_path = g_build_filename (tmp_dir, "big.prof", NULL);
      hearth_test_write_repeated (marshal_path, block, BIG_SIZE);
    }
  return marshal_path;
}

/* Memory ------------------------------------------------------------------------------------- */

/* A field of /proc/self/status in bytes, 0 where there is none. */
static guint64
status_bytes (const char *field)
{
  g_autofree char *status = NULL;
  const char *line;

  if (!g_file_get_contents ("/proc/self/status", &status, NULL, NULL))
    return 0;
  line = strstr (status, field);
  if (line == NULL)
    return 0;
  return g_ascii_strtoull (line + strlen (field), NULL, 10) * 1024;
}

static void
give_back_memory (void)
{
#ifdef __GLIBC__
  malloc_trim (0);
#endif
}

/* Lets VmHWM start again from the current RSS (Linux 4.0+), where allowed. */
static void
reset_peak (void)
{
  g_file_set_contents ("/proc/self/clear_refs", "5", 1, NULL);
}

/* Cancelling from another thread ----------------------------------------------------------- */

typedef struct
{
  HearthLoadProgress *progress;
  GCancellable       *cancellable;
  guint64             after;         /* cancel once this much is read */
  guint64             at_cancel;     /* how much was read when it cancelled */
  gint64              cancelled_at;  /* g_get_monotonic_time () then */
  guint64             last_seen;
  gboolean            went_back;
  gint                stop;
} Watcher;

static gpointer
watch_thread (gpointer data)
{
  Watcher *w = data;

  while (!g_atomic_int_get (&w->stop))
    {
      guint64 read = hearth_load_progress_get_read (w->progress);

      if (read < w->last_seen)
        w->went_back = TRUE;
      w->last_seen = read;
      if (read >= w->after)
        {
          g_cancellable_cancel (w->cancellable);
          w->cancelled_at = g_get_monotonic_time ();
          w->at_cancel = hearth_load_progress_get_read (w->progress);
          return NULL;
        }
      g_usleep (100);
    }
  return NULL;
}

typedef struct
{
  guint64 before;
  guint64 peak;
  guint64 after;
  guint64 read;
  guint64 read_after_cancel;
  double  stop_ms;
} CancelRun;

/* Loads @path, cancelled from a watching thread once @after bytes are read. */
static void
load_and_cancel (const char *path,
                 guint64     after,
                 CancelRun  *run)
{
  g_autoptr (GFile) file = g_file_new_for_path (path);
  g_autoptr (HearthLoadProgress) progress = hearth_load_progress_new ();
  g_autoptr (GCancellable) cancellable = g_cancellable_new ();
  g_autoptr (GError) error = NULL;
  Watcher w = { progress, cancellable, after, 0, 0, 0, FALSE, 0 };
  HearthProfile *profile;
  GThread *thread;

  give_back_memory ();
  run->before = status_bytes ("VmRSS:");
  reset_peak ();

  thread = g_thread_new ("watch", watch_thread, &w);
  profile = hearth_profile_load_file_with_progress (file, progress, cancellable, &error);
  run->stop_ms = (g_get_monotonic_time () - w.cancelled_at) / 1000.0;
  g_atomic_int_set (&w.stop, 1);
  g_thread_join (thread);

  run->peak = status_bytes ("VmHWM:");
  give_back_memory ();
  run->after = status_bytes ("VmRSS:");
  run->read = hearth_load_progress_get_read (progress);
  run->read_after_cancel = run->read - w.at_cancel;

  g_assert_null (profile);
  g_assert_error (error, G_IO_ERROR, G_IO_ERROR_CANCELLED);
  /* the message names the file, as every load error does */
  g_assert_true (g_str_has_prefix (error->message, path));
  g_assert_false (w.went_back);
  g_assert_cmpuint (hearth_load_progress_get_size (progress), ==, BIG_SIZE);
  g_assert_cmpuint (w.at_cancel, >=, after);
  g_assert_cmpuint (run->read, <, BIG_SIZE);
  /* at most the read under way when it was cancelled, and what a buffer asked ahead */
  g_assert_cmpuint (run->read_after_cancel, <=, READ_STEP + MB);

  g_test_message ("cancelled at %" G_GUINT64_FORMAT " MB, stopped %.1f ms later after "
                  "%" G_GUINT64_FORMAT " KB more; RSS before %" G_GUINT64_FORMAT
                  " MB, peak %" G_GUINT64_FORMAT " MB, after %" G_GUINT64_FORMAT " MB",
                  w.at_cancel / MB, run->stop_ms, run->read_after_cancel / 1024,
                  run->before / MB, run->peak / MB, run->after / MB);
}

/* Tests -------------------------------------------------------------------------------------- */

/* A whole load reads the whole file, counted before decompression. */
static void
test_progress_counts (void)
{
  const char *names[] = {
    "cprofile_py312.prof",        /* pstats: read whole */
    "plain_folded.txt",           /* folded: streamed */
    "pyspy.speedscope.json",      /* JSON: read whole */
    "deep_docutils.folded.gz",    /* gzip: the compressed bytes */
  };

  for (guint i = 0; i < G_N_ELEMENTS (names); i++)
    {
      g_autofree char *path = hearth_test_data_path (names[i]);
      g_autoptr (GFile) file = g_file_new_for_path (path);
      g_autoptr (HearthLoadProgress) progress = hearth_load_progress_new ();
      g_autoptr (HearthProfile) plain = NULL;
      g_autoptr (HearthProfile) profile = NULL;
      g_autoptr (GError) error = NULL;

      g_test_message ("%s", names[i]);
      g_assert_cmpuint (hearth_load_progress_get_read (progress), ==, 0);
      g_assert_cmpuint (hearth_load_progress_get_size (progress), ==, 0);
      profile = hearth_profile_load_file_with_progress (file, progress, NULL, &error);
      g_assert_no_error (error);
      g_assert_cmpuint (hearth_load_progress_get_size (progress), ==, file_size (path));
      g_assert_cmpuint (hearth_load_progress_get_read (progress), ==, file_size (path));

      /* counting changes nothing of what is read */
      plain = hearth_profile_load_path (path, &error);
      g_assert_no_error (error);
      g_assert_cmpuint (hearth_profile_get_n_functions (profile), ==,
                        hearth_profile_get_n_functions (plain));
      g_assert_cmpfloat (hearth_profile_get_total (profile), ==, hearth_profile_get_total (plain));
    }
}

static void
test_cancelled_before (void)
{
  g_autofree char *path = hearth_test_data_path ("plain_folded.txt");
  g_autoptr (GFile) file = g_file_new_for_path (path);
  g_autoptr (HearthLoadProgress) progress = hearth_load_progress_new ();
  g_autoptr (GCancellable) cancellable = g_cancellable_new ();
  g_autoptr (GError) error = NULL;

  g_cancellable_cancel (cancellable);
  g_assert_null (hearth_profile_load_file_with_progress (file, progress, cancellable, &error));
  g_assert_error (error, G_IO_ERROR, G_IO_ERROR_CANCELLED);
  g_assert_cmpuint (hearth_load_progress_get_read (progress), ==, 0);
}

/* Folded text is parsed as it is read: the reader's own tables are freed on cancel. */
static void
test_cancel_folded (void)
{
  CancelRun run;

  load_and_cancel (big_folded_path (), 100 * MB, &run);
  if (RSS_TELLS)
    g_assert_cmpuint (run.after, <=, run.before + 16 * MB);
}

/* A pstats dump is read whole before it is parsed: the buffer of what was read goes. */
static void
test_cancel_whole (void)
{
  CancelRun run;

  load_and_cancel (big_marshal_path (), 100 * MB, &run);
  if (!RSS_TELLS)
    return;
  /* the read buffer was there (the check below could see it kept) */
  g_assert_cmpuint (run.peak, >=, run.before + 64 * MB);
  g_assert_cmpuint (run.after, <=, run.before + 16 * MB);
}

int
main (int   argc,
      char *argv[])
{
  int status;

  /* as hearth's main () does: what a cancelled load frees can go back to the system */
  hearth_memory_set_policy ();
  g_test_init (&argc, &argv, NULL);
  tmp_dir = g_dir_make_tmp ("hearth-load-progress-XXXXXX", NULL);
  g_assert_nonnull (tmp_dir);

  g_test_add_func ("/load-progress/counts", test_progress_counts);
  g_test_add_func ("/load-progress/cancelled-before", test_cancelled_before);
  g_test_add_func ("/load-progress/cancel-folded", test_cancel_folded);
  g_test_add_func ("/load-progress/cancel-whole", test_cancel_whole);
  status = g_test_run ();

  if (folded_path != NULL)
    g_remove (folded_path);
  if (marshal_path != NULL)
    g_remove (marshal_path);
  g_free (folded_path);
  g_free (marshal_path);
  g_rmdir (tmp_dir);
  g_free (tmp_dir);
  return status;
}
