/* hearth-scene.h
 *
 * Copyright 2026 The Hearth authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <cairo.h>
#include <glib.h>
#include <pango/pango.h>

G_BEGIN_DECLS

/* Scene: what one frame draws, as plain primitives. The renderer builds it; cairo paints it
 * (hearth_flame_renderer_draw()) and the SVG writer turns the same scene into markup, so
 * every output shares one layout. */

typedef enum
{
  HEARTH_SCENE_FILL,        /* a rectangle filled with a paint */
  HEARTH_SCENE_OUTLINE,     /* a rectangle's outline, drawn inside it */
  HEARTH_SCENE_LINE,        /* a line from (x, y) to (x + w, y + h) */
  HEARTH_SCENE_TEXT,        /* a layout with its top left corner at (x, y); w is its width */
  HEARTH_SCENE_BEGIN,       /* a group of items with a hover text (a bar) */
  HEARTH_SCENE_END,
} HearthSceneKind;

typedef enum
{
  HEARTH_SCENE_LAYER_BACK,  /* grid lines */
  HEARTH_SCENE_LAYER_FILL,  /* bars: never overlap each other */
  HEARTH_SCENE_LAYER_MARK,  /* marks and outlines on top of bars */
  HEARTH_SCENE_LAYER_TEXT,
  HEARTH_SCENE_N_LAYERS
} HearthSceneLayer;

typedef enum
{
  HEARTH_SCENE_FONT_LABEL,
  HEARTH_SCENE_FONT_TITLE,
  HEARTH_SCENE_N_FONTS
} HearthSceneFont;

/**
 * HearthScenePaint:
 * @color: 0xRRGGBB, the fill (the stripes of a hatch)
 * @ground: 0xRRGGBB, the ground of a hatch
 * @hatched: stripes of @color over @ground, at 45 degrees, every %HEARTH_SCENE_HATCH_SIZE
 *   pixels, continuous across bars
 */
typedef struct
{
  guint32  color;
  guint32  ground;
  gboolean hatched;
} HearthScenePaint;

#define HEARTH_SCENE_HATCH_SIZE 7.0
#define HEARTH_SCENE_HATCH_LINE 1.3

/**
 * HearthSceneItem:
 * @kind: a #HearthSceneKind
 * @layer: a #HearthSceneLayer
 * @font: for text, a #HearthSceneFont
 * @dashed: for outlines and lines
 * @paint: index into the scene's paints (for text: its colour)
 * @x: left
 * @y: top
 * @w: width
 * @h: height
 * @line_width: for outlines and lines
 * @layout: for text: the layout (borrowed, valid while the scene is)
 * @text: for text, the string drawn; for a group, its hover text
 */
typedef struct
{
  guint8       kind;
  guint8       layer;
  guint8       font;
  guint8       dashed;
  guint        paint;
  double       x;
  double       y;
  double       w;
  double       h;
  double       line_width;
  PangoLayout *layout;
  const char  *text;
} HearthSceneItem;

/**
 * HearthScene:
 * @width: in pixels
 * @height: in pixels
 * @background: 0xRRGGBB when the page is filled, else G_MAXUINT32
 * @items: (element-type HearthSceneItem): in drawing order
 * @paints: (element-type HearthScenePaint)
 * @font_family: per #HearthSceneFont, the family pango resolved
 * @font_size: per #HearthSceneFont, in pixels
 * @font_bold: per #HearthSceneFont
 * @font_baseline: per #HearthSceneFont, from the top of a line to its baseline
 *
 * One frame as primitives (see above). Owned by the renderer; valid until the next frame.
 */
typedef struct
{
  double   width;
  double   height;
  guint32  background;
  GArray  *items;
  GArray  *paints;
  char    *font_family[HEARTH_SCENE_N_FONTS];
  double   font_size[HEARTH_SCENE_N_FONTS];
  gboolean font_bold[HEARTH_SCENE_N_FONTS];
  double   font_baseline[HEARTH_SCENE_N_FONTS];
} HearthScene;

void hearth_scene_paint (const HearthScene *scene,
                         cairo_t           *cr);

G_END_DECLS
