/* hearth-loader.c: from a file on disk to a HearthProfile.
 *
 * Copyright 2026 The Hearth authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#define G_LOG_DOMAIN "hearth-loader"

#include "hearth-profile-private.h"

#include <errno.h>
#include <fcntl.h>
#include <gio/gunixinputstream.h>
#include <glib/gstdio.h>
#include <glib/gi18n-lib.h>
#include <stdatomic.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "hearth-folded-reader.h"
#include "hearth-hash.h"
#include "hearth-mapped-file.h"
#include "hearth-pstats-reader.h"
#include "hearth-speedscope-reader.h"

#define HEARTH_SNIFF_BYTES 4096
/* The speedscope reader reads its big arrays from the text and checks what json-glib gets
 * of the rest itself; the pstats reader keeps some three bytes per byte of marshal data: a
 * whole file of either gets this share of the memory budget. */
#define HEARTH_JSON_SHARE 2
#define HEARTH_MARSHAL_SHARE 2
/* Decompressed data is streamed, but reading it takes time: a gzip bomb of stack lines
 * (4 GB from a few MB) gets this share, some seconds of reading. */
#define HEARTH_DECOMPRESSED_SHARE 4
/* Past this much, decompressed data may not be more than so many times the compressed data
 * it came from: a bomb is stopped long before any budget. */
#define HEARTH_RATIO_FROM (64 << 20)
#define HEARTH_MAX_RATIO  256
/* No read takes more than this at once: the cancellable is checked, and the progress
 * updated, at least every so many bytes. */
#define HEARTH_READ_STEP  (4 << 20)
/* A local pstats file from this size on is mapped rather than read, when it can be (see
 * hearth-mapped-file.c). */
#define HEARTH_MAP_FROM   (1 << 20)
/* Compressed data is taken in small steps: the ratio above compares what came out with what
 * went in, and a reader asking for a big part at once must not take in megabytes of a bomb
 * (which inflate to a gigabyte) before the ratio can tell. */
#define HEARTH_COMPRESSED_STEP (64 << 10)

/* ------------------------------------------------------------------------------------------ */

struct _HearthLoadProgress
{
  atomic_uint_least64_t read;
  atomic_uint_least64_t size;
};

/**
 * hearth_load_progress_new:
 *
 * Returns: (transfer full): a progress at nothing read of a size not known yet
 */
HearthLoadProgress *
hearth_load_progress_new (void)
{
  HearthLoadProgress *self = g_atomic_rc_box_new0 (HearthLoadProgress);

  atomic_init (&self->read, 0);
  atomic_init (&self->size, 0);
  return self;
}

/**
 * hearth_load_progress_ref:
 * @self: a #HearthLoadProgress
 *
 * Returns: (transfer full): @self
 */
HearthLoadProgress *
hearth_load_progress_ref (HearthLoadProgress *self)
{
  g_return_val_if_fail (self != NULL, NULL);

  return g_atomic_rc_box_acquire (self);
}

/**
 * hearth_load_progress_unref:
 * @self: (transfer full): a #HearthLoadProgress
 */
void
hearth_load_progress_unref (HearthLoadProgress *self)
{
  g_return_if_fail (self != NULL);

  g_atomic_rc_box_release (self);
}

/**
 * hearth_load_progress_get_read:
 * @self: a #HearthLoadProgress
 *
 * Returns: the bytes of the file read so far (before decompression)
 */
guint64
hearth_load_progress_get_read (HearthLoadProgress *self)
{
  g_return_val_if_fail (self != NULL, 0);

  return atomic_load_explicit (&self->read, memory_order_relaxed);
}

/**
 * hearth_load_progress_get_size:
 * @self: a #HearthLoadProgress
 *
 * Returns: the size of the file, 0 when it is not known (standard input, before the file
 *   is open)
 */
guint64
hearth_load_progress_get_size (HearthLoadProgress *self)
{
  g_return_val_if_fail (self != NULL, 0);

  return atomic_load_explicit (&self->size, memory_order_relaxed);
}

/**
 * _hearth_read_watch_check:
 * @watch: (nullable): what a load watches
 * @parsed: how many bytes the reader has parsed
 * @error: return location for an error
 *
 * Returns: %FALSE with @error set when the load was cancelled
 */
gboolean
_hearth_read_watch_check (const HearthReadWatch  *watch,
                          gsize                   parsed,
                          GError                **error)
{
  if (watch == NULL)
    return TRUE;
  /* the loading thread alone writes the progress; what was read to sniff the format counts */
  if (watch->progress != NULL &&
      parsed > atomic_load_explicit (&watch->progress->read, memory_order_relaxed))
    atomic_store_explicit (&watch->progress->read, parsed, memory_order_relaxed);
  return !g_cancellable_set_error_if_cancelled (watch->cancellable, error);
}

/* ------------------------------------------------------------------------------------------ */
/* A stream that counts what passes and fails once @limit bytes have: every byte Hearth reads,
 * after decompression, goes through one, so a gzip bomb ends in bounded time and memory.
 * The one over the file also tells a #HearthLoadProgress, and every one fails a read once
 * the load is cancelled: each reader propagates a failed read, so a cancel stops them all,
 * whether or not the stream below looks at the cancellable. */

#define HEARTH_TYPE_LIMIT_STREAM (hearth_limit_stream_get_type ())
G_DECLARE_FINAL_TYPE (HearthLimitStream, hearth_limit_stream, HEARTH, LIMIT_STREAM,
                      GFilterInputStream)

struct _HearthLimitStream
{
  GFilterInputStream parent_instance;

  guint64            limit;
  guint64            seen;
  gsize              step;          /* the most one read takes */
  gboolean           decompressed;
  HearthLimitStream *compressed;    /* borrowed: what counts the bytes before inflating */
  HearthLoadProgress *progress;     /* owned, or NULL */
};

G_DEFINE_FINAL_TYPE (HearthLimitStream, hearth_limit_stream, G_TYPE_FILTER_INPUT_STREAM)

static void
hearth_limit_stream_set_error (HearthLimitStream  *self,
                               GError            **error)
{
  g_autofree char *size = g_format_size (self->limit);

  if (self->decompressed)
    g_set_error (error, HEARTH_PROFILE_ERROR, HEARTH_PROFILE_ERROR_TOO_LARGE,
                 _("too large: more than %s after decompression"), size);
  else
    g_set_error (error, HEARTH_PROFILE_ERROR, HEARTH_PROFILE_ERROR_TOO_LARGE,
                 _("too large: more than %s"), size);
}

static gssize
hearth_limit_stream_read (GInputStream  *stream,
                          void          *buffer,
                          gsize          count,
                          GCancellable  *cancellable,
                          GError       **error)
{
  HearthLimitStream *self = HEARTH_LIMIT_STREAM (stream);
  GInputStream *base = g_filter_input_stream_get_base_stream (G_FILTER_INPUT_STREAM (stream));
  gssize n;

  if (g_cancellable_set_error_if_cancelled (cancellable, error))
    return -1;
  count = MIN (count, self->step);
  if (self->seen >= self->limit)
    {
      /* one byte more tells a file of exactly @limit bytes from a longer one */
      guint8 probe;

      n = g_input_stream_read (base, &probe, 1, cancellable, error);
      if (n > 0)
        hearth_limit_stream_set_error (self, error);
      return n > 0 ? -1 : n;
    }
  n = g_input_stream_read (base, buffer, MIN (count, self->limit - self->seen), cancellable,
                           error);
  if (n > 0)
    self->seen += n;
  if (n > 0 && self->progress != NULL)
    atomic_store_explicit (&self->progress->read, self->seen, memory_order_relaxed);
  if (n > 0 && self->compressed != NULL && self->seen > HEARTH_RATIO_FROM &&
      self->seen / MAX (self->compressed->seen, 1) > HEARTH_MAX_RATIO)
    {
      g_autofree char *size = g_format_size (self->seen);

      /* Profiles compress some ten times; only a bomb inflates hundreds of times. */
      g_set_error (error, HEARTH_PROFILE_ERROR, HEARTH_PROFILE_ERROR_TOO_LARGE,
                   _("too large: more than %s after decompression, %u times the "
                     "compressed size"), size, (guint) HEARTH_MAX_RATIO);
      return -1;
    }
  return n;
}

static void
hearth_limit_stream_finalize (GObject *object)
{
  HearthLimitStream *self = HEARTH_LIMIT_STREAM (object);

  g_clear_pointer (&self->progress, hearth_load_progress_unref);
  G_OBJECT_CLASS (hearth_limit_stream_parent_class)->finalize (object);
}

static void
hearth_limit_stream_class_init (HearthLimitStreamClass *klass)
{
  G_OBJECT_CLASS (klass)->finalize = hearth_limit_stream_finalize;
  G_INPUT_STREAM_CLASS (klass)->read_fn = hearth_limit_stream_read;
}

static void
hearth_limit_stream_init (HearthLimitStream *self)
{
}

static GInputStream *
hearth_limit_stream_new (GInputStream *base,
                         guint64       limit,
                         gboolean      decompressed)
{
  HearthLimitStream *self = g_object_new (HEARTH_TYPE_LIMIT_STREAM, "base-stream", base,
                                          "close-base-stream", FALSE, NULL);

  self->limit = limit;
  self->step = HEARTH_READ_STEP;
  self->decompressed = decompressed;
  return G_INPUT_STREAM (self);
}

/* ------------------------------------------------------------------------------------------ */

typedef enum
{
  SNIFF_EMPTY,
  SNIFF_MARSHAL,
  SNIFF_JSON,
  SNIFF_TEXT,
  SNIFF_BINARY,
} Sniffed;

/* The first byte of a marshalled object other than a dict, with FLAG_REF (Python 3.4+ sets
 * it on every container): text does not start that way. */
static gboolean
is_marshal_code (guint8 c)
{
  return c != 0 && strchr ("()[<>{izZuatsglrNTF0", c & 0x7F) != NULL;
}

/* The first bytes are UTF-8 without NUL (a character cut at the end does not count). */
static gboolean
starts_as_text (const guint8 *data,
                gsize         len)
{
  gsize n = MIN (len, 64);
  const char *end;

  if (memchr (data, '\0', n) != NULL)
    return FALSE;
  if (g_utf8_validate_len ((const char *) data, n, &end))
    return TRUE;
  return n < len && (gsize) (end - (const char *) data) + 4 > n;
}

static gboolean
looks_like_marshal_object (const guint8 *data,
                           gsize         len)
{
  guint32 n;

  /* the flagged bytes are also UTF-8 lead bytes (Korean text starts with 0xEA-0xED) */
  if ((data[0] & 0x80) != 0)
    return data[0] != 0xFB && is_marshal_code (data[0]) && !starts_as_text (data, len);
  /* Python flags only objects referenced twice: a lone list starts with a plain '[', then
   * its length, then its first item; "[unknown];main 1" is folded text. */
  if (data[0] == ')')
    return len >= 3 && is_marshal_code (data[2]);
  if (strchr ("([<>", data[0]) == NULL || len < 5)
    return FALSE;
  n = data[1] | (data[2] << 8) | (data[3] << 16) | ((guint32) data[4] << 24);
  return n < (1u << 24) && (n == 0 ? len == 5 : len > 5 && is_marshal_code (data[5]));
}

/* FORMATS.md §0: no format has a magic number. A '{' is JSON only when the next non-blank
 * byte opens a key or closes the object; a pstats dict continues with a tuple or a ref.
 * Text with NUL bytes is none of the formats. */
static Sniffed
sniff (const guint8 *data,
       gsize         len)
{
  gsize i = 0;

  if (len >= 3 && data[0] == 0xEF && data[1] == 0xBB && data[2] == 0xBF)
    i = 3;
  if (i >= len)
    return SNIFF_EMPTY;

  if (i == 0 && (data[0] == 0xFB || looks_like_marshal_object (data, len)))
    return SNIFF_MARSHAL;

  if (data[i] == '{' || g_ascii_isspace (data[i]))
    {
      gsize j = i;

      while (j < len && g_ascii_isspace (data[j]))
        j++;
      if (j < len && data[j] == '{')
        {
          for (j++; j < len && g_ascii_isspace (data[j]); j++)
            ;
          if (j < len && (data[j] == '"' || data[j] == '}'))
            return SNIFF_JSON;
          if (i == 0 && j > 0 && data[0] == '{')
            return SNIFF_MARSHAL;
        }
    }

  if (memchr (data, '\0', len) != NULL)
    return SNIFF_BINARY;
  return SNIFF_TEXT;
}

static gboolean
looks_like_gzip (const guint8 *data,
                 gsize         len)
{
  return len >= 2 && data[0] == 0x1F && data[1] == 0x8B;
}

/* The encoding a UTF-16 byte-order mark names, or %NULL. */
static const char *
utf16_encoding (const guint8 *data,
                gsize         len)
{
  if (len >= 2 && data[0] == 0xFF && data[1] == 0xFE)
    return "UTF-16LE";
  if (len >= 2 && data[0] == 0xFE && data[1] == 0xFF)
    return "UTF-16BE";
  return NULL;
}

/**
 * _hearth_set_not_a_profile:
 * @error: return location for an error
 *
 * Says that the content is none of the formats, listing those Hearth reads.
 */
void
_hearth_set_not_a_profile (GError **error)
{
  g_set_error_literal (error, HEARTH_PROFILE_ERROR, HEARTH_PROFILE_ERROR_UNSUPPORTED,
                       _("not a profile: Hearth reads pstats files (.prof, from cProfile, "
                         "profile or pstats), folded stacks (py-spy raw, collapsed, "
                         "flamegraph.pl) and speedscope JSON"));
}

static HearthProfile *
read_whole (const guint8           *data,
            gsize                   len,
            Sniffed                 kind,
            const HearthReadWatch  *watch,
            GError                **error)
{
  if (kind == SNIFF_MARSHAL)
    return _hearth_pstats_read_full (data, len, HEARTH_PSTATS_THREADS_AUTO, watch, error);

  /* The Firefox profiler's JSON has top-level "meta" and "threads"; name it rather than
   * failing with a vague shape error. */
  if (g_strstr_len ((const char *) data, MIN (len, 65536), "speedscope") == NULL &&
      g_strstr_len ((const char *) data, MIN (len, 65536), "\"meta\"") != NULL &&
      g_strstr_len ((const char *) data, MIN (len, 65536), "\"threads\"") != NULL)
    {
      g_set_error_literal (error, HEARTH_PROFILE_ERROR, HEARTH_PROFILE_ERROR_UNSUPPORTED,
                           "Firefox Profiler (Gecko) JSON is not supported; "
                           "record with --collapsed or --pstats instead");
      return NULL;
    }

  return _hearth_speedscope_read (data, len, error);
}

/* Reads the rest of @input into memory, growing by doubling with g_try_realloc: the size
 * comes from the file, so running out of memory is the file's problem, not a crash. With
 * @expected (the file's size, or 0 when it is not known) the buffer is made that large at
 * once, with room for the read that finds the end, and asked to be of huge pages: faulting
 * in a large file's buffer page by page cost as much as reading it. */
static guint8 *
read_all (GInputStream  *input,
          guint64        limit,
          guint64        expected,
          gsize         *len_out,
          GCancellable  *cancellable,
          GError       **error)
{
  g_autofree guint8 *data = NULL;
  gsize len = 0, size = 0;

  for (;;)
    {
      gssize got;

      if (size - len < 65536)
        {
          gsize grown = MAX (size * 2, len + 65536);
          guint8 *bigger;

          if (size == 0 && expected > 0 && expected <= limit)
            grown = (gsize) expected + 65536;

          if (grown > limit + 65536)
            grown = limit + 65536;
          bigger = g_try_realloc (data, grown);
          if (bigger == NULL)
            {
              g_autofree char *have = g_format_size (len);

              g_set_error (error, HEARTH_PROFILE_ERROR, HEARTH_PROFILE_ERROR_TOO_LARGE,
                           _("too large: out of memory after %s"), have);
              return NULL;
            }
          if (size == 0)
            hearth_memory_advise_large (bigger, grown);
          data = bigger;
          size = grown;
        }
      got = g_input_stream_read (input, data + len, size - len, cancellable, error);
      if (got < 0)
        return NULL;
      if (got == 0)
        break;
      len += got;
    }
  *len_out = len;
  return g_steal_pointer (&data);
}

/* Everything Hearth reads from a stream, after decompression, is counted against this. */
static guint64
input_budget (void)
{
  return _hearth_memory_budget ();
}

static HearthProfile *load_stream (GInputStream  *input,
                                   gboolean       decompressed,
                                   guint64        expected,
                                   int            map_fd,
                                   GCancellable  *cancellable,
                                   GError       **error);

static HearthProfile *
load_decoded (GInputStream  *buffered,
              GConverter    *converter,
              gboolean       decompressed,
              GCancellable  *cancellable,
              GError       **error)
{
  g_autoptr (GInputStream) counted = hearth_limit_stream_new (buffered, G_MAXUINT64, FALSE);
  g_autoptr (GInputStream) plain = NULL;
  g_autoptr (GInputStream) limited = NULL;

  HEARTH_LIMIT_STREAM (counted)->step = HEARTH_COMPRESSED_STEP;
  plain = g_converter_input_stream_new (counted, converter);

  limited = hearth_limit_stream_new (plain, decompressed ? input_budget () /
                                     HEARTH_DECOMPRESSED_SHARE : input_budget (), decompressed);
  if (decompressed)
    HEARTH_LIMIT_STREAM (limited)->compressed = HEARTH_LIMIT_STREAM (counted);

  return load_stream (limited, decompressed, 0, -1, cancellable, error);
}

/* A pstats file from the file open at @map_fd, mapped rather than read when it can be; else
 * %NULL without an error, and the file is read. The progress of the load (the limit stream
 * @input's) then counts the bytes parsed, and a cancel stops the parse. JSON is read: its
 * parse does not look at the load, and reading it keeps a cancel quick. */
static HearthProfile *
load_mapped (GInputStream  *input,
             int            map_fd,
             guint64        limit,
             Sniffed        kind,
             gboolean      *mapped,
             GCancellable  *cancellable,
             GError       **error)
{
  g_autoptr (HearthMappedFile) file = NULL;
  HearthReadWatch watch = { cancellable, NULL };
  HearthProfile *profile;
  const guint8 *data;
  gsize len;

  *mapped = FALSE;
  if (map_fd < 0 || kind != SNIFF_MARSHAL)
    return NULL;
  file = _hearth_mapped_file_new (map_fd, HEARTH_MAP_FROM, limit);
  if (file == NULL)
    return NULL;
  *mapped = TRUE;
  data = _hearth_mapped_file_get_data (file, &len);
  if (HEARTH_IS_LIMIT_STREAM (input))
    watch.progress = HEARTH_LIMIT_STREAM (input)->progress;
  profile = _hearth_pstats_read_full (data, len, HEARTH_PSTATS_THREADS_AUTO, &watch, error);
  if (profile != NULL)
    _hearth_read_watch_check (&watch, len, NULL);
  return profile;
}

/* Sniffs the stream's first bytes; a gzip or UTF-16 stream is decoded and sniffed again.
 * Folded text is streamed to its reader; the whole-file formats are mapped from @map_fd (the
 * stream's file, or -1) when they can be, else read into memory, in a buffer of @expected
 * bytes when that is the size of the stream (0: not known). */
static HearthProfile *
load_stream (GInputStream  *input,
             gboolean       decompressed,
             guint64        expected,
             int            map_fd,
             GCancellable  *cancellable,
             GError       **error)
{
  g_autoptr (GInputStream) buffered = g_buffered_input_stream_new_sized (input, 65536);
  g_autofree guint8 *whole = NULL;
  const guint8 *peek;
  const char *encoding;
  gsize peeked, len = 0;
  guint64 limit;
  Sniffed kind;

  if (g_buffered_input_stream_fill (G_BUFFERED_INPUT_STREAM (buffered), HEARTH_SNIFF_BYTES,
                                    cancellable, error) < 0)
    return NULL;
  peek = g_buffered_input_stream_peek_buffer (G_BUFFERED_INPUT_STREAM (buffered), &peeked);

  if (looks_like_gzip (peek, peeked))
    {
      g_autoptr (GConverter) gz = G_CONVERTER (g_zlib_decompressor_new (G_ZLIB_COMPRESSOR_FORMAT_GZIP));
      HearthProfile *profile = load_decoded (buffered, gz, TRUE, cancellable, error);

      /* zlib's own words ("Need more input") do not say which layer failed. */
      if (profile == NULL && error != NULL && *error != NULL &&
          !g_error_matches (*error, HEARTH_PROFILE_ERROR, HEARTH_PROFILE_ERROR_TOO_LARGE) &&
          !g_error_matches (*error, HEARTH_PROFILE_ERROR, HEARTH_PROFILE_ERROR_UNSUPPORTED))
        g_prefix_error (error, "gzip-compressed data: ");
      return profile;
    }

  encoding = utf16_encoding (peek, peeked);
  if (encoding != NULL)
    {
      g_autoptr (GCharsetConverter) utf8 = g_charset_converter_new ("UTF-8", encoding, error);

      if (utf8 == NULL)
        return NULL;
      return load_decoded (buffered, G_CONVERTER (utf8), decompressed, cancellable, error);
    }

  kind = sniff (peek, peeked);
  if (kind == SNIFF_EMPTY)
    {
      g_set_error_literal (error, HEARTH_PROFILE_ERROR, HEARTH_PROFILE_ERROR_TRUNCATED,
                           "the file is empty");
      return NULL;
    }
  if (kind == SNIFF_BINARY)
    {
      _hearth_set_not_a_profile (error);
      return NULL;
    }
  if (kind == SNIFF_TEXT)
    return _hearth_folded_read (buffered, cancellable, error);

  limit = input_budget () / (kind == SNIFF_JSON ? HEARTH_JSON_SHARE : HEARTH_MARSHAL_SHARE);
  {
    gboolean mapped;
    HearthProfile *profile = load_mapped (input, map_fd, limit, kind, &mapped, cancellable,
                                          error);

    if (mapped)
      return profile;
  }
  {
    g_autoptr (GInputStream) limited = hearth_limit_stream_new (buffered, limit, decompressed);

    whole = read_all (limited, limit, expected, &len, cancellable, error);
  }
  if (whole == NULL)
    return NULL;
  /* a cancel during the last read ends here; the pstats parser looks again every few MB */
  if (g_cancellable_set_error_if_cancelled (cancellable, error))
    return NULL;
  {
    HearthReadWatch watch = { cancellable, NULL };

    return read_whole (whole, len, kind, &watch, error);
  }
}

/* The contract is one line: a parser's message may quote the file, newlines and all. */
static void
make_one_line (GError *error)
{
  if (error == NULL)
    return;
  for (char *c = error->message; *c != '\0'; c++)
    if ((guchar) *c < 0x20 || *c == 0x7F)
      *c = ' ';
}

/**
 * hearth_profile_load_bytes:
 * @bytes: the content of a profile file (possibly gzip-compressed)
 * @display_name: (nullable): what error messages call the data
 * @error: return location for an error
 *
 * Detects the format by content and reads it.
 *
 * Returns: (transfer full): the profile, or %NULL with @error set ("NAME: problem")
 */
HearthProfile *
hearth_profile_load_bytes (GBytes      *bytes,
                           const char  *display_name,
                           GError     **error)
{
  g_autoptr (GInputStream) input = NULL;
  HearthProfile *profile;

  g_return_val_if_fail (bytes != NULL, NULL);
  g_return_val_if_fail (error == NULL || *error == NULL, NULL);

  input = g_memory_input_stream_new_from_bytes (bytes);
  profile = load_stream (input, FALSE, g_bytes_get_size (bytes), -1, NULL, error);
  if (profile == NULL && error != NULL)
    {
      g_prefix_error (error, "%s: ", display_name ? display_name : "data");
      make_one_line (*error);
    }
  return profile;
}

/* GIO's messages repeat the file name, which the caller already puts first. */
static void
set_io_error (GError       **error,
              const GError  *cause)
{
  const char *colon = strrchr (cause->message, ':');
  const char *reason = colon != NULL ? colon + 1 : cause->message;

  while (*reason == ' ')
    reason++;
  g_set_error_literal (error, HEARTH_PROFILE_ERROR, HEARTH_PROFILE_ERROR_IO, reason);
}

static void
set_not_regular (GError **error,
                 mode_t   mode)
{
  if (S_ISDIR (mode))
    g_set_error_literal (error, HEARTH_PROFILE_ERROR, HEARTH_PROFILE_ERROR_IO,
                         "is a folder, not a profile file");
  else
    g_set_error_literal (error, HEARTH_PROFILE_ERROR, HEARTH_PROFILE_ERROR_IO,
                         _("not a regular file (a pipe, a device or a socket); "
                           "to read standard input, name it -"));
}

/* Opens a local file without blocking (a FIFO with no writer would block in open ()) and
 * only when it is a regular file: a device such as /dev/urandom never ends. */
static GInputStream *
open_regular (const char  *path,
              guint64     *size,
              GError     **error)
{
  struct stat st;
  int fd, flags;

  fd = g_open (path, O_RDONLY | O_NONBLOCK | O_NOCTTY | O_CLOEXEC, 0);
  if (fd < 0)
    {
      int saved = errno;

      g_set_error_literal (error, HEARTH_PROFILE_ERROR, HEARTH_PROFILE_ERROR_IO,
                           g_strerror (saved));
      return NULL;
    }
  if (fstat (fd, &st) != 0 || !S_ISREG (st.st_mode))
    {
      set_not_regular (error, st.st_mode);
      close (fd);
      return NULL;
    }
  *size = (guint64) st.st_size;
  flags = fcntl (fd, F_GETFL);
  if (flags != -1)
    fcntl (fd, F_SETFL, flags & ~O_NONBLOCK);
  return g_unix_input_stream_new (fd, TRUE);
}

/* A file without a local path (a GVfs location): GIO's stream, regular files only. */
static GInputStream *
open_remote (GFile         *file,
             guint64       *size,
             GCancellable  *cancellable,
             GError       **error)
{
  g_autoptr (GFileInfo) info = NULL;
  g_autoptr (GError) local = NULL;
  GFileInputStream *input;

  info = g_file_query_info (file, G_FILE_ATTRIBUTE_STANDARD_TYPE ","
                            G_FILE_ATTRIBUTE_STANDARD_SIZE, G_FILE_QUERY_INFO_NONE,
                            cancellable, &local);
  if (info == NULL)
    {
      set_io_error (error, local);
      return NULL;
    }
  if (g_file_info_get_file_type (info) == G_FILE_TYPE_DIRECTORY)
    {
      set_not_regular (error, S_IFDIR);
      return NULL;
    }
  if (g_file_info_get_file_type (info) != G_FILE_TYPE_REGULAR)
    {
      set_not_regular (error, S_IFIFO);
      return NULL;
    }
  if (g_file_info_has_attribute (info, G_FILE_ATTRIBUTE_STANDARD_SIZE))
    *size = (guint64) MAX (g_file_info_get_size (info), 0);
  input = g_file_read (file, cancellable, &local);
  if (input == NULL)
    {
      set_io_error (error, local);
      return NULL;
    }
  return G_INPUT_STREAM (input);
}

/* Reads @input to the end and names the data @name in messages; @size is the file's size
 * when it is known, else 0. A local file (@path) is mapped only where it cannot be cut while
 * it is read (a profiler writing a new run over it, a live reload): see
 * hearth-mapped-file.c. */
static HearthProfile *
load_named (GInputStream        *input,
            const char          *name,
            const char          *path,
            guint64              size,
            HearthLoadProgress  *progress,
            GCancellable        *cancellable,
            GError             **error)
{
  g_autoptr (GInputStream) limited = NULL;
  g_autoptr (GError) local = NULL;
  HearthProfile *profile;
  int map_fd = -1;

  if (path != NULL && G_IS_UNIX_INPUT_STREAM (input))
    map_fd = g_unix_input_stream_get_fd (G_UNIX_INPUT_STREAM (input));
  limited = hearth_limit_stream_new (input, input_budget (), FALSE);
  if (progress != NULL)
    HEARTH_LIMIT_STREAM (limited)->progress = hearth_load_progress_ref (progress);
  profile = load_stream (limited, FALSE, size, map_fd, cancellable, &local);
  if (profile == NULL)
    goto failed;

  _hearth_profile_set_path (profile, path ? path : name);
  return profile;

failed:
  make_one_line (local);
  g_set_error (error, local->domain, local->code, "%s: %s", name, local->message);
  return NULL;
}

static HearthProfile *
load_file_named (GFile               *file,
                 const char          *display_name,
                 HearthLoadProgress  *progress,
                 GCancellable        *cancellable,
                 GError             **error)
{
  g_autofree char *name = NULL;
  g_autofree char *path = NULL;
  g_autoptr (GInputStream) input = NULL;
  g_autoptr (GError) local = NULL;
  HearthProfile *profile;
  guint64 size = 0;

  name = display_name ? g_strdup (display_name) : g_file_get_parse_name (file);
  path = g_file_get_path (file);

  if (path != NULL)
    input = open_regular (path, &size, &local);
  else
    input = open_remote (file, &size, cancellable, &local);
  if (input == NULL)
    {
      g_set_error (error, local->domain, local->code, "%s: %s", name, local->message);
      return NULL;
    }
  if (progress != NULL)
    atomic_store_explicit (&progress->size, size, memory_order_relaxed);
  profile = load_named (input, name, path, size, progress, cancellable, error);
  return profile;
}

/**
 * hearth_profile_load_file:
 * @file: a profile file
 * @cancellable: (nullable): a cancellable
 * @error: return location for an error
 *
 * Reads a profile, whatever its format (detected by content, not by name), possibly
 * gzip-compressed. Safe to call from a worker thread.
 *
 * Returns: (transfer full): the profile, or %NULL with @error set to a one-line message
 *   that starts with the file's name
 */
HearthProfile *
hearth_profile_load_file (GFile         *file,
                          GCancellable  *cancellable,
                          GError       **error)
{
  g_return_val_if_fail (G_IS_FILE (file), NULL);
  g_return_val_if_fail (error == NULL || *error == NULL, NULL);

  return load_file_named (file, NULL, NULL, cancellable, error);
}

/**
 * hearth_profile_load_file_with_progress:
 * @file: a profile file
 * @progress: (nullable): updated as the file is read
 * @cancellable: (nullable): a cancellable; a cancel stops the read within a few MB
 * @error: return location for an error
 *
 * As hearth_profile_load_file(), telling @progress how much of the file has been read.
 *
 * Returns: (transfer full): the profile, or %NULL with @error set
 */
HearthProfile *
hearth_profile_load_file_with_progress (GFile               *file,
                                        HearthLoadProgress  *progress,
                                        GCancellable        *cancellable,
                                        GError             **error)
{
  g_return_val_if_fail (G_IS_FILE (file), NULL);
  g_return_val_if_fail (error == NULL || *error == NULL, NULL);

  return load_file_named (file, NULL, progress, cancellable, error);
}

/**
 * hearth_profile_load_path:
 * @path: a file name, as typed on a command line
 * @error: return location for an error
 *
 * Returns: (transfer full): the profile, or %NULL with @error set
 */
HearthProfile *
hearth_profile_load_path (const char  *path,
                          GError     **error)
{
  g_autoptr (GFile) file = NULL;

  g_return_val_if_fail (path != NULL, NULL);

  /* "-" is standard input, which may be a pipe: the one stream read whatever it is. */
  if (strcmp (path, "-") == 0)
    {
      g_autoptr (GInputStream) input = g_unix_input_stream_new (STDIN_FILENO, FALSE);

      return load_named (input, "-", NULL, 0, NULL, NULL, error);
    }

  /* Messages name the file as the user typed it. */
  file = g_file_new_for_commandline_arg (path);
  return load_file_named (file, path, NULL, NULL, error);
}
