/* hearth-loader.c: from a file on disk to a HearthProfile.
 *
 * Copyright 2026 The Hearth authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#define G_LOG_DOMAIN "hearth-loader"

#include "hearth-profile-private.h"

#include <string.h>

#include "hearth-folded-reader.h"
#include "hearth-pstats-reader.h"
#include "hearth-speedscope-reader.h"

/* Whole-file formats (marshal, JSON) are held in memory once; beyond this they are refused
 * rather than risking the machine's memory on a decompression bomb or a mistaken file. */
#define HEARTH_MAX_WHOLE_FILE ((gsize) G_MAXINT32)
#define HEARTH_SNIFF_BYTES 4096

typedef enum
{
  SNIFF_EMPTY,
  SNIFF_MARSHAL,
  SNIFF_JSON,
  SNIFF_TEXT,
} Sniffed;

/* FORMATS.md §0: no format has a magic number. A '{' is JSON only when the next non-blank
 * byte opens a key or closes the object; a pstats dict continues with a tuple or a ref. */
static Sniffed
sniff (const guint8 *data,
       gsize         len)
{
  gsize i = 0;

  if (len >= 3 && data[0] == 0xEF && data[1] == 0xBB && data[2] == 0xBF)
    i = 3;
  if (i >= len)
    return SNIFF_EMPTY;

  if (i == 0 && data[0] == 0xFB)
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

  return SNIFF_TEXT;
}

static gboolean
looks_like_gzip (const guint8 *data,
                 gsize         len)
{
  return len >= 2 && data[0] == 0x1F && data[1] == 0x8B;
}

static HearthProfile *
read_whole (const guint8  *data,
            gsize          len,
            Sniffed        kind,
            GError       **error)
{
  if (kind == SNIFF_MARSHAL)
    return _hearth_pstats_read (data, len, error);

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

static HearthProfile *
load_from_memory (const guint8  *data,
                  gsize          len,
                  GError       **error)
{
  Sniffed kind;

  if (looks_like_gzip (data, len))
    {
      g_autoptr (GInputStream) raw = g_memory_input_stream_new_from_data (data, len, NULL);
      g_autoptr (GConverter) gz = G_CONVERTER (g_zlib_decompressor_new (G_ZLIB_COMPRESSOR_FORMAT_GZIP));
      g_autoptr (GInputStream) stream = g_converter_input_stream_new (raw, gz);
      g_autoptr (GBytes) whole = NULL;
      g_autoptr (GByteArray) buffer = g_byte_array_new ();
      guint8 chunk[65536];
      gssize got;

      while ((got = g_input_stream_read (stream, chunk, sizeof chunk, NULL, error)) > 0)
        {
          if (buffer->len + (gsize) got > HEARTH_MAX_WHOLE_FILE)
            {
              g_set_error (error, HEARTH_PROFILE_ERROR, HEARTH_PROFILE_ERROR_TOO_LARGE,
                           "decompressed data larger than %" G_GSIZE_FORMAT " bytes",
                           HEARTH_MAX_WHOLE_FILE);
              return NULL;
            }
          g_byte_array_append (buffer, chunk, got);
        }
      if (got < 0)
        return NULL;
      whole = g_byte_array_free_to_bytes (g_steal_pointer (&buffer));
      return load_from_memory (g_bytes_get_data (whole, NULL), g_bytes_get_size (whole), error);
    }

  kind = sniff (data, len);
  if (kind == SNIFF_EMPTY)
    {
      g_set_error_literal (error, HEARTH_PROFILE_ERROR, HEARTH_PROFILE_ERROR_TRUNCATED,
                           "the file is empty");
      return NULL;
    }
  if (kind == SNIFF_TEXT)
    {
      g_autoptr (GInputStream) stream = g_memory_input_stream_new_from_data (data, len, NULL);

      return _hearth_folded_read (stream, NULL, error);
    }

  return read_whole (data, len, kind, error);
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
  HearthProfile *profile;
  gsize len;
  const guint8 *data;

  g_return_val_if_fail (bytes != NULL, NULL);
  g_return_val_if_fail (error == NULL || *error == NULL, NULL);

  data = g_bytes_get_data (bytes, &len);
  profile = load_from_memory (data, len, error);
  if (profile == NULL)
    g_prefix_error (error, "%s: ", display_name ? display_name : "data");
  return profile;
}

/* Text can be large (a long sampling run): stream it to the folded reader, through a
 * decompressor when it is gzip, instead of holding it in memory. */
static HearthProfile *
load_stream (GInputStream  *input,
             GCancellable  *cancellable,
             GError       **error)
{
  g_autoptr (GInputStream) buffered = g_buffered_input_stream_new_sized (input, 65536);
  g_autoptr (GByteArray) whole = NULL;
  const guint8 *peek;
  gsize peeked;
  Sniffed kind;

  if (g_buffered_input_stream_fill (G_BUFFERED_INPUT_STREAM (buffered), HEARTH_SNIFF_BYTES,
                                    cancellable, error) < 0)
    return NULL;
  peek = g_buffered_input_stream_peek_buffer (G_BUFFERED_INPUT_STREAM (buffered), &peeked);

  if (looks_like_gzip (peek, peeked))
    {
      g_autoptr (GConverter) gz = G_CONVERTER (g_zlib_decompressor_new (G_ZLIB_COMPRESSOR_FORMAT_GZIP));
      g_autoptr (GInputStream) plain = g_converter_input_stream_new (buffered, gz);
      HearthProfile *profile = load_stream (plain, cancellable, error);

      /* zlib's own words ("Need more input") do not say which layer failed. */
      if (profile == NULL)
        g_prefix_error (error, "gzip-compressed data: ");
      return profile;
    }

  kind = sniff (peek, peeked);
  if (kind == SNIFF_EMPTY)
    {
      g_set_error_literal (error, HEARTH_PROFILE_ERROR, HEARTH_PROFILE_ERROR_TRUNCATED,
                           "the file is empty");
      return NULL;
    }
  if (kind == SNIFF_TEXT)
    return _hearth_folded_read (buffered, cancellable, error);

  whole = g_byte_array_new ();
  for (;;)
    {
      guint8 chunk[65536];
      gssize got = g_input_stream_read (buffered, chunk, sizeof chunk, cancellable, error);

      if (got < 0)
        return NULL;
      if (got == 0)
        break;
      if (whole->len + (gsize) got > HEARTH_MAX_WHOLE_FILE)
        {
          g_set_error (error, HEARTH_PROFILE_ERROR, HEARTH_PROFILE_ERROR_TOO_LARGE,
                       "more than %" G_GSIZE_FORMAT " bytes of data", HEARTH_MAX_WHOLE_FILE);
          return NULL;
        }
      g_byte_array_append (whole, chunk, got);
    }

  return read_whole (whole->data, whole->len, kind, error);
}

/* A plain local file in a whole-file format is mapped, not copied: the readers only look. */
static HearthProfile *
load_mapped (const char  *path,
             gboolean    *tried,
             GError     **error)
{
  g_autoptr (GMappedFile) mapped = NULL;
  const guint8 *data;
  gsize len;
  Sniffed kind;

  *tried = FALSE;
  mapped = g_mapped_file_new (path, FALSE, NULL);
  if (mapped == NULL)
    return NULL;

  data = (const guint8 *) g_mapped_file_get_contents (mapped);
  len = g_mapped_file_get_length (mapped);
  if (data == NULL || len == 0 || looks_like_gzip (data, len))
    return NULL;
  kind = sniff (data, MIN (len, HEARTH_SNIFF_BYTES));
  if (kind != SNIFF_MARSHAL && kind != SNIFF_JSON)
    return NULL;

  *tried = TRUE;
  return read_whole (data, len, kind, error);
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

static gboolean
check_regular_file (GFile         *file,
                    GCancellable  *cancellable,
                    GError       **error)
{
  g_autoptr (GFileInfo) info = NULL;
  g_autoptr (GError) local = NULL;

  info = g_file_query_info (file, G_FILE_ATTRIBUTE_STANDARD_TYPE, G_FILE_QUERY_INFO_NONE,
                            cancellable, &local);
  if (info == NULL)
    {
      set_io_error (error, local);
      return FALSE;
    }
  if (g_file_info_get_file_type (info) == G_FILE_TYPE_DIRECTORY)
    {
      g_set_error_literal (error, HEARTH_PROFILE_ERROR, HEARTH_PROFILE_ERROR_IO,
                           "is a folder, not a profile file");
      return FALSE;
    }
  return TRUE;
}

static HearthProfile *
load_file_named (GFile         *file,
                 const char    *display_name,
                 GCancellable  *cancellable,
                 GError       **error)
{
  g_autofree char *name = NULL;
  g_autofree char *path = NULL;
  g_autoptr (HearthProfile) profile = NULL;
  g_autoptr (GFileInputStream) input = NULL;
  g_autoptr (GError) local = NULL;
  gboolean tried = FALSE;

  name = display_name ? g_strdup (display_name) : g_file_get_parse_name (file);
  path = g_file_get_path (file);

  if (!check_regular_file (file, cancellable, &local))
    goto failed;

  if (path != NULL)
    profile = load_mapped (path, &tried, &local);

  if (!tried)
    {
      g_autoptr (GError) io_error = NULL;

      input = g_file_read (file, cancellable, &io_error);
      if (input == NULL)
        {
          set_io_error (&local, io_error);
          goto failed;
        }
      profile = load_stream (G_INPUT_STREAM (input), cancellable, &local);
    }

  if (profile == NULL)
    goto failed;

  _hearth_profile_set_path (profile, path ? path : name);
  return g_steal_pointer (&profile);

failed:
  g_set_error (error, local->domain, local->code, "%s: %s", name, local->message);
  return NULL;
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

  return load_file_named (file, NULL, cancellable, error);
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

  /* Messages name the file as the user typed it. */
  file = g_file_new_for_commandline_arg (path);
  return load_file_named (file, path, NULL, error);
}
