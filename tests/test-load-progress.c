/* test-load-progress.c: the loader's progress and its cancellation mid-file.
 *
 * Copyright 2026 The Hearth authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "hearth-hash.h"
#include "hearth-profile.h"
#include "hearth-test-util.h"

#include <errno.h>
#include <fcntl.h>
#include <glib/gstdio.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>
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
static char *json_path;
static char *pstats_path;

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

/* 200 MB that sniff as JSON (a speedscope file): read into memory whole, then parsed. */
static const char *
big_json_path (void)
{
  if (json_path == NULL)
    {
      g_autoptr (GString) block = g_string_sized_new (MB);

      g_string_append (block, "{\"");
      while (block->len < MB)
        g_string_append_c (block, (char) ('a' + block->len % 26));
      json_path = g_build_filename (tmp_dir, "big.speedscope.json", NULL);
      hearth_test_write_repeated (json_path, block, BIG_SIZE);
    }
  return json_path;
}

static void
put_i32 (GString *out,
         char     code,
         gint32   value)
{
  guint32 le = GUINT32_TO_LE ((guint32) value);

  g_string_append_c (out, code);
  g_string_append_len (out, (const char *) &le, 4);
}

static void
put_string (GString    *out,
            const char *text)
{
  put_i32 (out, 'u', (gint32) strlen (text));
  g_string_append (out, text);
}

/* 200 MB of a valid pstats dump: one function listed again and again, its key written out
 * each time with a name of 1,000 characters. Mapped, then parsed. */
static const char *
big_pstats_path (void)
{
  if (pstats_path == NULL)
    {
      g_autoptr (GString) entry = g_string_new (NULL);
      g_autofree char *name = g_strnfill (1000, 'f');
      const double half = 0.5;
      guint64 written = 0;
      FILE *out;

      g_string_append (entry, ")\x03");
      put_string (entry, "/app.py");
      put_i32 (entry, 'i', 7);
      put_string (entry, name);
      g_string_append (entry, ")\x05");
      put_i32 (entry, 'i', 1);
      put_i32 (entry, 'i', 1);
      for (guint i = 0; i < 2; i++)
        {
          g_string_append_c (entry, 'g');
          g_string_append_len (entry, (const char *) &half, 8);
        }
      g_string_append (entry, "{0");

      pstats_path = g_build_filename (tmp_dir, "big.prof", NULL);
      out = fopen (pstats_path, "wb");
      g_assert_nonnull (out);
      g_assert_cmpint (fputc ('{', out), ==, '{');
      for (written = 1; written + entry->len + 1 <= BIG_SIZE; written += entry->len)
        g_assert_cmpuint (fwrite (entry->str, 1, entry->len, out), ==, entry->len);
      g_assert_cmpint (fputc ('0', out), ==, '0');
      g_assert_cmpint (fclose (out), ==, 0);
    }
  return pstats_path;
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
  g_assert_cmpuint (hearth_load_progress_get_size (progress), ==, file_size (path));
  g_assert_cmpuint (w.at_cancel, >=, after);
  g_assert_cmpuint (run->read, <, file_size (path));
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

/* A JSON file is read whole before it is parsed: the buffer of what was read goes. */
static void
test_cancel_whole (void)
{
  CancelRun run;

  load_and_cancel (big_json_path (), 100 * MB, &run);
  if (!RSS_TELLS)
    return;
  /* the read buffer was there (the check below could see it kept) */
  g_assert_cmpuint (run.peak, >=, run.before + 64 * MB);
  g_assert_cmpuint (run.after, <=, run.before + 16 * MB);
}

/* A large pstats dump is mapped (where the file can be leased) and parsed from there: the
 * progress counts the bytes parsed, a cancel stops the parse, the mapping and the profile
 * built so far go. The same file loads whole when nothing cancels. */
static void
test_cancel_mapped (void)
{
  g_autoptr (HearthProfile) profile = NULL;
  g_autoptr (GError) error = NULL;
  CancelRun run;

  load_and_cancel (big_pstats_path (), 100 * MB, &run);
  if (RSS_TELLS)
    g_assert_cmpuint (run.after, <=, run.before + 16 * MB);

  profile = hearth_profile_load_path (big_pstats_path (), &error);
  g_assert_no_error (error);
  g_assert_cmpuint (hearth_profile_get_n_functions (profile), ==, 1);
  g_assert_cmpint (hearth_profile_get_function (profile, 0)->calls, ==, 1);
  g_assert_cmpfloat (hearth_profile_get_total (profile), ==, 0.5);
}

/* A writer that comes while a mapped file is parsed, as a profiler writing a new run over it
 * would: it cannot open the file without waiting (the lease), and it waits until the load is
 * done, which reads the whole file. */
typedef struct
{
  const char         *path;
  HearthLoadProgress *progress;
  guint64             after;
  int                 nonblocking_errno;
  gint64              truncated_at;
  gint                stop;
} Writer;

static gpointer
writer_thread (gpointer data)
{
  Writer *w = data;
  int fd;

  while (hearth_load_progress_get_read (w->progress) < w->after)
    {
      if (g_atomic_int_get (&w->stop))
        return NULL;
      g_usleep (100);
    }
  fd = g_open (w->path, O_WRONLY | O_NONBLOCK | O_CLOEXEC, 0);
  w->nonblocking_errno = fd < 0 ? errno : 0;
  if (fd >= 0)
    close (fd);
  fd = g_open (w->path, O_WRONLY | O_TRUNC | O_CLOEXEC, 0);
  w->truncated_at = g_get_monotonic_time ();
  g_assert_cmpint (fd, >=, 0);
  close (fd);
  return NULL;
}

/* Whether this file system gives a read lease on the file (leases are refused on some, and
 * on files of another user). */
static gboolean
can_lease (const char *path)
{
#ifdef F_SETLEASE
  int fd = g_open (path, O_RDONLY | O_CLOEXEC, 0);
  gboolean ok;

  g_assert_cmpint (fd, >=, 0);
  ok = fcntl (fd, F_SETLEASE, F_RDLCK) == 0;
  if (ok)
    fcntl (fd, F_SETLEASE, F_UNLCK);
  close (fd);
  return ok;
#else
  return FALSE;
#endif
}

static void
test_mapped_lease (void)
{
  g_autofree char *path = g_build_filename (tmp_dir, "leased.prof", NULL);
  g_autoptr (GFile) file = g_file_new_for_path (path);
  g_autoptr (HearthLoadProgress) progress = hearth_load_progress_new ();
  g_autoptr (HearthProfile) profile = NULL;
  g_autoptr (GError) error = NULL;
  Writer w = { path, progress, 8 * MB, 0, 0, 0 };
  GThread *thread;
  gint64 loaded_at;
  guint64 size;

  {
    g_autoptr (GFile) source = g_file_new_for_path (big_pstats_path ());

    g_assert_true (g_file_copy (source, file, G_FILE_COPY_NONE, NULL, NULL, NULL, NULL));
  }
  if (!can_lease (path))
    {
      g_test_skip ("this file system gives no file leases: large files are read, not mapped");
      g_remove (path);
      return;
    }

  size = file_size (path);
  thread = g_thread_new ("writer", writer_thread, &w);
  profile = hearth_profile_load_file_with_progress (file, progress, NULL, &error);
  loaded_at = g_get_monotonic_time ();
  g_atomic_int_set (&w.stop, 1);
  g_thread_join (thread);

  g_assert_no_error (error);
  g_assert_cmpuint (hearth_profile_get_n_functions (profile), ==, 1);
  g_assert_cmpfloat (hearth_profile_get_total (profile), ==, 0.5);
  g_assert_cmpuint (hearth_load_progress_get_read (progress), ==, size);
  /* the writer came while the file was parsed, was refused without waiting, then waited */
  g_assert_cmpint (w.nonblocking_errno, ==, EWOULDBLOCK);
  g_assert_cmpint (w.truncated_at, >=, loaded_at - G_USEC_PER_SEC / 10);
  g_assert_cmpuint (file_size (path), ==, 0);
  g_remove (path);
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
  g_test_add_func ("/load-progress/cancel-mapped", test_cancel_mapped);
  g_test_add_func ("/load-progress/mapped-lease", test_mapped_lease);
  status = g_test_run ();

  if (folded_path != NULL)
    g_remove (folded_path);
  if (json_path != NULL)
    g_remove (json_path);
  if (pstats_path != NULL)
    g_remove (pstats_path);
  g_free (folded_path);
  g_free (json_path);
  g_free (pstats_path);
  g_rmdir (tmp_dir);
  g_free (tmp_dir);
  return status;
}
