/* hearth-export.h
 *
 * Copyright 2026 The Hearth authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include "hearth-flame-renderer.h"

G_BEGIN_DECLS

/**
 * HearthExportFormat:
 * @HEARTH_EXPORT_UNKNOWN: an extension Hearth does not write
 * @HEARTH_EXPORT_PNG: a PNG image
 * @HEARTH_EXPORT_SVG: an SVG document with a hover text per bar
 * @HEARTH_EXPORT_PDF: a one-page PDF
 * @HEARTH_EXPORT_HTML: an interactive HTML page (written elsewhere)
 */
typedef enum
{
  HEARTH_EXPORT_UNKNOWN,
  HEARTH_EXPORT_PNG,
  HEARTH_EXPORT_SVG,
  HEARTH_EXPORT_PDF,
  HEARTH_EXPORT_HTML,
} HearthExportFormat;

/**
 * HearthExportOptions:
 * @width: the width in pixels (PDF: points); 0 for 1200
 * @icicle: root at the top
 * @title: (nullable): the title line; %NULL for the profile's name and total
 * @dark: the dark palette
 * @plain_compare: two runs without differential colours
 * @normalized: two runs each to the full width instead of one time axis
 * @run_names: (nullable): what the two runs are called; %NULL for their profiles' names
 * @spread: (nullable): for a merged profile, each bar's width in each run: noisy bars get a
 *   whisker
 *
 * How an export looks. The height follows from the depth of the tree.
 */
typedef struct
{
  int         width;
  gboolean    icicle;
  const char *title;
  gboolean    dark;
  gboolean    plain_compare;
  gboolean    normalized;
  const char *run_names[2];
  HearthSpread *spread;
} HearthExportOptions;

#define HEARTH_EXPORT_OPTIONS_INIT { 1200, FALSE, NULL, FALSE, FALSE, FALSE, { NULL, NULL }, NULL }

#define HEARTH_EXPORT_MIN_WIDTH 200
#define HEARTH_EXPORT_MAX_WIDTH 16384
#define HEARTH_EXPORT_MARGIN    16

/**
 * HearthExportSceneFunc:
 * @data: the caller's
 * @cr: the target the scene is for (labels are measured on it)
 * @hover_texts: give each bar a group with its hover text (for SVG)
 *
 * Returns: (transfer none): the frame, valid until the next call
 */
typedef const HearthScene *(*HearthExportSceneFunc) (gpointer  data,
                                                     cairo_t  *cr,
                                                     gboolean  hover_texts);

HearthExportFormat   hearth_export_format_for_path  (const char                 *path);
HearthFlameRenderer *hearth_export_make_renderer    (HearthCallTree             *tree,
                                                     HearthNames                *names,
                                                     HearthCallTree             *compare_after,
                                                     HearthNames                *after_names,
                                                     const HearthExportOptions  *options);
GBytes              *hearth_export_render           (HearthFlameRenderer        *renderer,
                                                     const HearthFlameViewport  *viewport,
                                                     HearthExportFormat          format,
                                                     GError                    **error);
GBytes              *hearth_export_render_scene     (HearthExportSceneFunc       build,
                                                     gpointer                    data,
                                                     int                         width,
                                                     const char                 *title,
                                                     HearthExportFormat          format,
                                                     GError                    **error);
gboolean             hearth_export_check_target     (const char                 *out_path,
                                                     const HearthExportOptions  *options,
                                                     HearthExportFormat         *format,
                                                     int                        *width,
                                                     GError                    **error);
gboolean             hearth_export_write_atomically (const char                 *path,
                                                     GBytes                     *bytes,
                                                     GError                    **error);
gboolean             hearth_export_to_file          (const char                 *out_path,
                                                     HearthCallTree             *tree,
                                                     HearthNames                *names,
                                                     HearthCallTree             *compare_after,
                                                     HearthNames                *after_names,
                                                     const HearthExportOptions  *options,
                                                     GError                    **error);

G_END_DECLS
