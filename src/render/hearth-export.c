/* hearth-export.c
 *
 * Copyright 2026 The Hearth authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#define G_LOG_DOMAIN "hearth-export"

#include "hearth-export.h"

#include <cairo-pdf.h>
#include <errno.h>
#include <fcntl.h>
#include <gio/gio.h>
#include <math.h>
#include <glib/gi18n.h>
#include <glib/gstdio.h>
#include <string.h>
#include <unistd.h>

#include "hearth-html-export.h"
#include "hearth-svg-writer.h"

#define PNG_MAX_SIDE  32767

typedef struct
{
  HearthFlameRenderer       *renderer;
  const HearthFlameViewport *viewport;
} RendererFrame;

/**
 * hearth_export_format_for_path:
 * @path: an output file name
 *
 * Returns: the format its extension names (case does not matter)
 */
HearthExportFormat
hearth_export_format_for_path (const char *path)
{
  const char *dot;
  const char *slash;

  g_return_val_if_fail (path != NULL, HEARTH_EXPORT_UNKNOWN);

  dot = strrchr (path, '.');
  slash = strrchr (path, '/');
  if (dot == NULL || (slash != NULL && dot < slash))
    return HEARTH_EXPORT_UNKNOWN;
  if (g_ascii_strcasecmp (dot, ".png") == 0)
    return HEARTH_EXPORT_PNG;
  if (g_ascii_strcasecmp (dot, ".svg") == 0)
    return HEARTH_EXPORT_SVG;
  if (g_ascii_strcasecmp (dot, ".pdf") == 0)
    return HEARTH_EXPORT_PDF;
  if (g_ascii_strcasecmp (dot, ".html") == 0 || g_ascii_strcasecmp (dot, ".htm") == 0)
    return HEARTH_EXPORT_HTML;
  return HEARTH_EXPORT_UNKNOWN;
}

/**
 * hearth_export_make_renderer:
 * @tree: the run to draw (the first of two)
 * @names: (nullable): its names
 * @compare_after: (nullable): a second run to draw on the same axis
 * @after_names: (nullable): its names
 * @options: (nullable): how it looks
 *
 * A renderer set up as exports draw: background, title, axis and legend, a margin.
 *
 * Returns: (transfer full): the renderer
 */
HearthFlameRenderer *
hearth_export_make_renderer (HearthCallTree            *tree,
                             HearthNames               *names,
                             HearthCallTree            *compare_after,
                             HearthNames               *after_names,
                             const HearthExportOptions *options)
{
  HearthExportOptions defaults = HEARTH_EXPORT_OPTIONS_INIT;
  HearthFlameRenderer *renderer;

  g_return_val_if_fail (HEARTH_IS_CALL_TREE (tree), NULL);

  if (options == NULL)
    options = &defaults;

  renderer = hearth_flame_renderer_new ();
  if (compare_after != NULL)
    hearth_flame_renderer_set_compare (renderer, tree, names, compare_after, after_names);
  else
    hearth_flame_renderer_set_tree (renderer, tree, names);
  hearth_flame_renderer_set_dark (renderer, options->dark);
  hearth_flame_renderer_set_title (renderer, options->title);
  hearth_flame_renderer_set_run_names (renderer, options->run_names[0], options->run_names[1]);
  if (compare_after == NULL)
    hearth_flame_renderer_set_spread (renderer, options->spread);
  hearth_flame_renderer_set_differential (renderer, !options->plain_compare);
  hearth_flame_renderer_set_normalized (renderer, options->normalized);
  hearth_flame_renderer_set_decorations (renderer, HEARTH_FLAME_DECORATION_ALL);
  hearth_flame_renderer_set_margin (renderer, HEARTH_EXPORT_MARGIN);
  return renderer;
}

static cairo_status_t
append_bytes (void                *closure,
              const unsigned char *data,
              unsigned int         length)
{
  g_byte_array_append (closure, data, length);
  return CAIRO_STATUS_SUCCESS;
}

static gboolean
check_cairo (cairo_status_t   status,
             GError         **error)
{
  if (status == CAIRO_STATUS_SUCCESS)
    return TRUE;
  g_set_error (error, G_IO_ERROR, G_IO_ERROR_FAILED, _("drawing failed: %s"),
               cairo_status_to_string (status));
  return FALSE;
}

static const HearthScene *
build_renderer_scene (gpointer  data,
                      cairo_t  *cr,
                      gboolean  hover_texts)
{
  const RendererFrame *frame = data;

  return hearth_flame_renderer_build_scene (frame->renderer, cr, frame->viewport, hover_texts);
}

static GBytes *
render_png (HearthExportSceneFunc      build,
            gpointer                   data,
            int                        width,
            int                        height,
            GError                   **error)
{
  g_autoptr (GByteArray) out = g_byte_array_new ();
  cairo_surface_t *surface;
  cairo_t *cr;
  cairo_status_t status;

  if (width > PNG_MAX_SIDE || height > PNG_MAX_SIDE)
    {
      g_set_error (error, G_IO_ERROR, G_IO_ERROR_NOT_SUPPORTED,
                   _("the graph is %d × %d pixels, more than a PNG can hold (%d): "
                     "export SVG or PDF instead"),
                   width, height, PNG_MAX_SIDE);
      return NULL;
    }

  surface = cairo_image_surface_create (CAIRO_FORMAT_RGB24, width, height);
  cr = cairo_create (surface);
  hearth_scene_paint (build (data, cr, FALSE), cr);
  status = cairo_status (cr);
  cairo_destroy (cr);
  if (status == CAIRO_STATUS_SUCCESS)
    status = cairo_surface_write_to_png_stream (surface, append_bytes, out);
  cairo_surface_destroy (surface);
  if (!check_cairo (status, error))
    return NULL;
  return g_byte_array_free_to_bytes (g_steal_pointer (&out));
}

static GBytes *
render_pdf (HearthExportSceneFunc      build,
            gpointer                   data,
            int                        width,
            int                        height,
            const char                *title,
            GError                   **error)
{
  g_autoptr (GByteArray) out = g_byte_array_new ();
  cairo_surface_t *surface;
  cairo_t *cr;
  cairo_status_t status;

  /* one pixel of the layout is one point of the page */
  surface = cairo_pdf_surface_create_for_stream (append_bytes, out, width, height);
  if (title != NULL)
    cairo_pdf_surface_set_metadata (surface, CAIRO_PDF_METADATA_TITLE, title);
  cairo_pdf_surface_set_metadata (surface, CAIRO_PDF_METADATA_CREATOR, "Hearth");
  cr = cairo_create (surface);
  hearth_scene_paint (build (data, cr, FALSE), cr);
  cairo_show_page (cr);
  status = cairo_status (cr);
  cairo_destroy (cr);
  cairo_surface_finish (surface);
  if (status == CAIRO_STATUS_SUCCESS)
    status = cairo_surface_status (surface);
  cairo_surface_destroy (surface);
  if (!check_cairo (status, error))
    return NULL;
  return g_byte_array_free_to_bytes (g_steal_pointer (&out));
}

static GBytes *
render_svg (HearthExportSceneFunc      build,
            gpointer                   data,
            const char                *title,
            GError                   **error)
{
  cairo_surface_t *surface;
  cairo_t *cr;
  const HearthScene *scene;
  GBytes *bytes;
  cairo_status_t status;

  /* an unbounded recording surface: measured like the other outputs, nothing culled */
  surface = cairo_recording_surface_create (CAIRO_CONTENT_COLOR, NULL);
  cr = cairo_create (surface);
  scene = build (data, cr, TRUE);
  bytes = hearth_svg_writer_write (scene, title);
  status = cairo_status (cr);
  cairo_destroy (cr);
  cairo_surface_destroy (surface);
  if (!check_cairo (status, error))
    {
      g_bytes_unref (bytes);
      return NULL;
    }
  return bytes;
}

/* The height as drawn: measured on a raster target, like the labels of the frame itself. */
static int
measure_height (HearthExportSceneFunc build,
                gpointer              data)
{
  cairo_surface_t *surface = cairo_image_surface_create (CAIRO_FORMAT_RGB24, 1, 1);
  cairo_t *cr = cairo_create (surface);
  int height;

  height = (int) ceil (build (data, cr, FALSE)->height);
  cairo_destroy (cr);
  cairo_surface_destroy (surface);
  return height;
}

/**
 * hearth_export_render:
 * @renderer: a renderer set up for export (see hearth_export_make_renderer())
 * @viewport: what to draw; its width is the width of the result
 * @format: PNG, SVG or PDF (an HTML page needs the names: hearth_export_to_file() or
 *   hearth_html_export_render())
 * @error: return location for an error (messages do not name a file)
 *
 * Draws the whole graph into memory in one format. Nothing touches the disk.
 *
 * Returns: (transfer full): the file's bytes, or %NULL with @error set
 */
GBytes *
hearth_export_render (HearthFlameRenderer        *renderer,
                      const HearthFlameViewport  *viewport,
                      HearthExportFormat          format,
                      GError                    **error)
{
  g_autofree char *title = NULL;
  RendererFrame frame = { renderer, viewport };

  g_return_val_if_fail (HEARTH_IS_FLAME_RENDERER (renderer), NULL);
  g_return_val_if_fail (viewport != NULL, NULL);
  g_return_val_if_fail (error == NULL || *error == NULL, NULL);

  if (format == HEARTH_EXPORT_HTML)
    {
      /* the page's script colours and labels bars by the names, which a renderer does not
       * hand out: hearth_html_export_render() takes them */
      g_set_error (error, G_IO_ERROR, G_IO_ERROR_NOT_SUPPORTED,
                   _("an HTML page needs the names of the functions: use .png, .svg or .pdf"));
      return NULL;
    }
  title = hearth_flame_renderer_dup_title (renderer);
  return hearth_export_render_scene (build_renderer_scene, &frame, (int) ceil (viewport->width),
                                     title, format, error);
}

/**
 * hearth_export_render_scene:
 * @build: (scope call): builds the frame for a target (measured on it)
 * @data: for @build
 * @width: the width of the result in pixels
 * @title: (nullable): the document's title (PDF, SVG)
 * @format: PNG, SVG or PDF
 * @error: return location for an error (messages do not name a file)
 *
 * Draws a scene, whoever lays it out, into memory in one format: what
 * hearth_export_render() does for a renderer, for a drawing made of more than one.
 *
 * Returns: (transfer full): the file's bytes, or %NULL with @error set
 */
GBytes *
hearth_export_render_scene (HearthExportSceneFunc   build,
                            gpointer                data,
                            int                     width,
                            const char             *title,
                            HearthExportFormat      format,
                            GError                **error)
{
  int height;

  g_return_val_if_fail (build != NULL, NULL);
  g_return_val_if_fail (error == NULL || *error == NULL, NULL);

  height = measure_height (build, data);
  if (width < 1 || height < 1)
    {
      g_set_error (error, G_IO_ERROR, G_IO_ERROR_INVALID_ARGUMENT, _("nothing to draw"));
      return NULL;
    }

  switch (format)
    {
    case HEARTH_EXPORT_PNG:
      return render_png (build, data, width, height, error);
    case HEARTH_EXPORT_PDF:
      return render_pdf (build, data, width, height, title, error);
    case HEARTH_EXPORT_SVG:
      return render_svg (build, data, title, error);
    case HEARTH_EXPORT_HTML:
      g_set_error (error, G_IO_ERROR, G_IO_ERROR_NOT_SUPPORTED,
                   _("an HTML page needs the names of the functions: use .png, .svg or .pdf"));
      return NULL;
    case HEARTH_EXPORT_UNKNOWN:
    default:
      g_set_error (error, G_IO_ERROR, G_IO_ERROR_NOT_SUPPORTED,
                   _("unknown export format: use .png, .svg, .pdf or .html"));
      return NULL;
    }
}

static gboolean
set_errno_error (GError     **error,
                 int          saved_errno,
                 const char  *what)
{
  g_set_error (error, G_IO_ERROR, g_io_error_from_errno (saved_errno), "%s: %s", what,
               g_strerror (saved_errno));
  return FALSE;
}

/**
 * hearth_export_write_atomically:
 * @path: the file to write
 * @bytes: its new content
 * @error: return location for an error (messages do not name the file)
 *
 * Writes a temporary file in the same folder and renames it over @path: readers see the old
 * file or the new one, never half of one, and a failure leaves an existing file as it was
 * and no temporary file behind. (g_file_replace() writes a new file in place, so a failure
 * there could leave a partial file.)
 *
 * Returns: %TRUE on success
 */
gboolean
hearth_export_write_atomically (const char  *path,
                                GBytes      *bytes,
                                GError     **error)
{
  g_autofree char *dir = NULL;
  g_autofree char *base = NULL;
  g_autofree char *tmp = NULL;
  const guint8 *data;
  gsize length, done = 0;
  int fd;

  g_return_val_if_fail (path != NULL, FALSE);
  g_return_val_if_fail (bytes != NULL, FALSE);

  if (g_file_test (path, G_FILE_TEST_IS_DIR))
    {
      g_set_error (error, G_IO_ERROR, G_IO_ERROR_IS_DIRECTORY, _("is a folder"));
      return FALSE;
    }

  dir = g_path_get_dirname (path);
  base = g_path_get_basename (path);
  tmp = g_strdup_printf ("%s%c.%s.XXXXXX", dir, G_DIR_SEPARATOR, base);
  fd = g_mkstemp_full (tmp, O_WRONLY | O_CLOEXEC, 0666);
  if (fd < 0)
    return set_errno_error (error, errno, _("cannot create the file"));

  data = g_bytes_get_data (bytes, &length);
  while (done < length)
    {
      gssize n = write (fd, data + done, MIN (length - done, 1 << 20));

      if (n < 0 && errno == EINTR)
        continue;
      if (n <= 0)
        {
          int saved = n < 0 ? errno : ENOSPC;

          close (fd);
          g_unlink (tmp);
          return set_errno_error (error, saved, _("cannot write the file"));
        }
      done += (gsize) n;
    }
  if (fsync (fd) != 0 && errno != EINVAL && errno != EROFS)
    {
      int saved = errno;

      close (fd);
      g_unlink (tmp);
      return set_errno_error (error, saved, _("cannot write the file"));
    }
  if (close (fd) != 0)
    {
      int saved = errno;

      g_unlink (tmp);
      return set_errno_error (error, saved, _("cannot write the file"));
    }
  if (g_rename (tmp, path) != 0)
    {
      int saved = errno;

      g_unlink (tmp);
      return set_errno_error (error, saved, _("cannot replace the file"));
    }
  return TRUE;
}

/**
 * hearth_export_check_target:
 * @out_path: the file to write
 * @options: how it looks (its width is checked)
 * @format: (out): the format the extension names
 * @width: (out): the width to draw
 * @error: return location for an error naming @out_path
 *
 * Returns: %FALSE when the extension or the width is not one Hearth writes
 */
gboolean
hearth_export_check_target (const char                 *out_path,
                            const HearthExportOptions  *options,
                            HearthExportFormat         *format,
                            int                        *width,
                            GError                    **error)
{
  const char *dot;

  *format = hearth_export_format_for_path (out_path);
  dot = strrchr (out_path, '.');
  if (*format == HEARTH_EXPORT_UNKNOWN)
    {
      if (dot != NULL && strchr (dot, '/') == NULL)
        g_set_error (error, G_IO_ERROR, G_IO_ERROR_NOT_SUPPORTED,
                     _("%s: unknown export format “%s”: use .png, .svg, .pdf or .html"),
                     out_path, dot);
      else
        g_set_error (error, G_IO_ERROR, G_IO_ERROR_NOT_SUPPORTED,
                     _("%s: no extension to tell the export format: use .png, .svg, .pdf or .html"),
                     out_path);
      return FALSE;
    }

  *width = options->width > 0 ? options->width : 1200;
  if (*width < HEARTH_EXPORT_MIN_WIDTH || *width > HEARTH_EXPORT_MAX_WIDTH)
    {
      g_set_error (error, G_IO_ERROR, G_IO_ERROR_INVALID_ARGUMENT,
                   _("%s: the width must be between %d and %d pixels, not %d"), out_path,
                   HEARTH_EXPORT_MIN_WIDTH, HEARTH_EXPORT_MAX_WIDTH, *width);
      return FALSE;
    }
  return TRUE;
}

/**
 * hearth_export_to_file:
 * @out_path: the file to write; its extension picks the format (png, svg, pdf, html)
 * @tree: the run to draw (the first of two)
 * @names: (nullable): its names
 * @compare_after: (nullable): a second run, drawn below the first on the same time axis,
 *   in differential colours unless @options says otherwise
 * @after_names: (nullable): its names
 * @options: (nullable): width, orientation, title, palette
 * @error: return location for an error: one line naming @out_path and the problem
 *
 * The headless export (`hearth --export`): draws with the same renderer as the window and
 * writes the file atomically. Needs no display.
 *
 * Returns: %TRUE on success
 */
gboolean
hearth_export_to_file (const char                 *out_path,
                       HearthCallTree             *tree,
                       HearthNames                *names,
                       HearthCallTree             *compare_after,
                       HearthNames                *after_names,
                       const HearthExportOptions  *options,
                       GError                    **error)
{
  HearthExportOptions defaults = HEARTH_EXPORT_OPTIONS_INIT;
  HearthFlameViewport viewport = HEARTH_FLAME_VIEWPORT_INIT;
  g_autoptr (HearthFlameRenderer) renderer = NULL;
  g_autoptr (GBytes) bytes = NULL;
  HearthExportFormat format;
  int width;

  g_return_val_if_fail (out_path != NULL, FALSE);
  g_return_val_if_fail (HEARTH_IS_CALL_TREE (tree), FALSE);
  g_return_val_if_fail (compare_after == NULL || HEARTH_IS_CALL_TREE (compare_after), FALSE);
  g_return_val_if_fail (error == NULL || *error == NULL, FALSE);

  if (options == NULL)
    options = &defaults;

  if (!hearth_export_check_target (out_path, options, &format, &width, error))
    return FALSE;

  renderer = hearth_export_make_renderer (tree, names, compare_after, after_names, options);
  viewport.width = width;
  viewport.icicle = options->icicle;

  if (format == HEARTH_EXPORT_HTML)
    bytes = hearth_html_export_render (renderer, &viewport, names, after_names, options, error);
  else
    bytes = hearth_export_render (renderer, &viewport, format, error);
  if (bytes == NULL || !hearth_export_write_atomically (out_path, bytes, error))
    {
      g_prefix_error (error, "%s: ", out_path);
      return FALSE;
    }
  return TRUE;
}
