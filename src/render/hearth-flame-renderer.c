/* hearth-flame-renderer.c
 *
 * Copyright 2026 The Hearth authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#define G_LOG_DOMAIN "hearth-flame-renderer"

#include "hearth-flame-renderer.h"

#include <glib/gi18n.h>
#include <math.h>
#include <string.h>

#include "hearth-flame-axis.h"
#include "hearth-flame-bars.h"
#include "hearth-flame-build.h"
#include "hearth-flame-diff.h"
#include "hearth-flame-frame.h"
#include "hearth-flame-legend.h"
#include "hearth-flame-renderer-private.h"
#include "hearth-label-fit.h"

G_DEFINE_FINAL_TYPE (HearthFlameRenderer, hearth_flame_renderer, G_TYPE_OBJECT)

/* Search ------------------------------------------------------------------------------------- */

static gboolean
match_folded (HearthProfile *profile,
              guint          function,
              gpointer       user_data)
{
  const HearthFunction *f = hearth_profile_get_function (profile, function);
  const char *fields[] = { f->name, f->file, f->frame };

  for (guint i = 0; i < G_N_ELEMENTS (fields); i++)
    {
      g_autofree char *folded = NULL;

      if (fields[i] == NULL || fields[i][0] == '\0')
        continue;
      folded = g_utf8_casefold (fields[i], -1);
      if (strstr (folded, user_data) != NULL)
        return TRUE;
    }
  return FALSE;
}

/* Object ------------------------------------------------------------------------------------ */

static void
clear_match (HearthFlameRenderer *self)
{
  if (self->match_destroy != NULL)
    self->match_destroy (self->match_data);
  self->match = NULL;
  self->match_data = NULL;
  self->match_destroy = NULL;
  for (guint r = 0; r < MAX_RUNS; r++)
    if (self->runs[r].match != NULL)
      memset (self->runs[r].match, 0, self->runs[r].n_functions + 1);
}

static void
hearth_flame_renderer_dispose (GObject *object)
{
  HearthFlameRenderer *self = HEARTH_FLAME_RENDERER (object);

  for (guint r = 0; r < MAX_RUNS; r++)
    _hearth_flame_run_clear (&self->runs[r]);
  self->n_runs = 0;
  clear_match (self);
  g_clear_object (&self->spread);
  for (guint f = 0; f < HEARTH_SCENE_N_FONTS; f++)
    g_clear_object (&self->fit[f]);

  G_OBJECT_CLASS (hearth_flame_renderer_parent_class)->dispose (object);
}

static void
hearth_flame_renderer_finalize (GObject *object)
{
  HearthFlameRenderer *self = HEARTH_FLAME_RENDERER (object);

  g_clear_pointer (&self->title, g_free);
  g_clear_pointer (&self->share_of, g_free);
  for (guint r = 0; r < MAX_RUNS; r++)
    g_clear_pointer (&self->run_names[r], g_free);
  g_clear_pointer (&self->search_folded, g_free);
  g_clear_pointer (&self->scene.items, g_array_unref);
  g_clear_pointer (&self->scene.paints, g_array_unref);
  for (guint f = 0; f < HEARTH_SCENE_N_FONTS; f++)
    g_clear_pointer (&self->scene.font_family[f], g_free);
  g_clear_pointer (&self->strings, g_string_chunk_free);
  g_clear_pointer (&self->paint_text, g_array_unref);
  g_clear_pointer (&self->color_paint, g_hash_table_unref);

  G_OBJECT_CLASS (hearth_flame_renderer_parent_class)->finalize (object);
}

static void
hearth_flame_renderer_class_init (HearthFlameRendererClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);

  object_class->dispose = hearth_flame_renderer_dispose;
  object_class->finalize = hearth_flame_renderer_finalize;
}

static void
hearth_flame_renderer_init (HearthFlameRenderer *self)
{
  for (guint r = 0; r < MAX_RUNS; r++)
    _hearth_flame_run_clear (&self->runs[r]);
  self->differential = TRUE;
  self->shown_run = -1;
  self->decorations = HEARTH_FLAME_DECORATION_AXIS;
  self->scene.items = g_array_new (FALSE, FALSE, sizeof (HearthSceneItem));
  self->scene.paints = g_array_new (FALSE, FALSE, sizeof (HearthScenePaint));
  self->strings = g_string_chunk_new (4096);
  self->paint_text = g_array_new (FALSE, FALSE, sizeof (guint));
  self->color_paint = g_hash_table_new (NULL, NULL);
  hearth_flame_renderer_set_font (self, NULL);
}

/**
 * hearth_flame_renderer_new:
 *
 * Creates a renderer with nothing to draw, the light palette, the axis as its only
 * decoration and the font "Sans 9".
 *
 * Returns: (transfer full): a new #HearthFlameRenderer
 */
HearthFlameRenderer *
hearth_flame_renderer_new (void)
{
  return g_object_new (HEARTH_TYPE_FLAME_RENDERER, NULL);
}

/**
 * hearth_flame_renderer_set_tree:
 * @self: a #HearthFlameRenderer
 * @tree: (nullable): the tree to draw
 * @names: (nullable): its labels and categories (without them: raw names, all gray)
 *
 * Draws one run.
 */
void
hearth_flame_renderer_set_tree (HearthFlameRenderer *self,
                                HearthCallTree      *tree,
                                HearthNames         *names)
{
  g_return_if_fail (HEARTH_IS_FLAME_RENDERER (self));
  g_return_if_fail (tree == NULL || HEARTH_IS_CALL_TREE (tree));
  g_return_if_fail (names == NULL || HEARTH_IS_NAMES (names));

  for (guint r = 0; r < MAX_RUNS; r++)
    _hearth_flame_run_clear (&self->runs[r]);
  self->n_runs = 0;
  if (tree == NULL)
    return;
  _hearth_flame_run_set (&self->runs[0], tree, names);
  self->n_runs = 1;
}

/**
 * hearth_flame_renderer_set_spread:
 * @self: a #HearthFlameRenderer
 * @spread: (nullable): for a merged profile, each bar's width in each run
 *
 * Marks the noisy bars (hearth_spread_is_noisy()) of the tree drawn with a whisker at their
 * right end. Only a spread of the one tree drawn counts; %NULL draws no whiskers.
 */
void
hearth_flame_renderer_set_spread (HearthFlameRenderer *self,
                                  HearthSpread        *spread)
{
  g_return_if_fail (HEARTH_IS_FLAME_RENDERER (self));
  g_return_if_fail (spread == NULL || HEARTH_IS_SPREAD (spread));

  g_set_object (&self->spread, spread);
}

/* The spread of the tree drawn, or NULL. */
HearthSpread *
_hearth_flame_renderer_get_spread (HearthFlameRenderer *self)
{
  if (self->spread == NULL || self->n_runs != 1 ||
      hearth_spread_get_tree (self->spread) != self->runs[0].tree)
    return NULL;
  return self->spread;
}

/**
 * hearth_flame_renderer_set_compare:
 * @self: a #HearthFlameRenderer
 * @before: the first run
 * @before_names: (nullable): its names
 * @after: the second run
 * @after_names: (nullable): its names
 *
 * Draws two runs stacked on one time axis (the same seconds per pixel), the second
 * coloured by each chain's change against the first unless differential colours are off.
 * Chains are matched by their sequence of (file basename, function name).
 */
void
hearth_flame_renderer_set_compare (HearthFlameRenderer *self,
                                   HearthCallTree      *before,
                                   HearthNames         *before_names,
                                   HearthCallTree      *after,
                                   HearthNames         *after_names)
{
  g_return_if_fail (HEARTH_IS_FLAME_RENDERER (self));
  g_return_if_fail (HEARTH_IS_CALL_TREE (before));
  g_return_if_fail (HEARTH_IS_CALL_TREE (after));

  hearth_flame_renderer_set_tree (self, before, before_names);
  _hearth_flame_run_set (&self->runs[1], after, after_names);
  self->n_runs = 2;
  _hearth_flame_compute_changes (self);
}

/**
 * hearth_flame_renderer_set_run_names:
 * @self: a #HearthFlameRenderer
 * @before: (nullable): what the first run is called in headers and titles; %NULL for its
 *   profile's name
 * @after: (nullable): the same for the second run
 *
 * Names the runs of a comparison whose profiles carry the same name (two versions of one
 * file). The names stay when the trees change.
 */
void
hearth_flame_renderer_set_run_names (HearthFlameRenderer *self,
                                     const char          *before,
                                     const char          *after)
{
  g_return_if_fail (HEARTH_IS_FLAME_RENDERER (self));

  g_free (self->run_names[0]);
  g_free (self->run_names[1]);
  self->run_names[0] = before != NULL ? g_utf8_make_valid (before, -1) : NULL;
  self->run_names[1] = after != NULL ? g_utf8_make_valid (after, -1) : NULL;
}

const char *
_hearth_flame_run_name (HearthFlameRenderer *self,
                        guint                run)
{
  return self->run_names[run] != NULL ? self->run_names[run] : self->runs[run].name;
}

/**
 * hearth_flame_renderer_get_n_runs:
 * @self: a #HearthFlameRenderer
 *
 * Returns: 0 (nothing to draw), 1, or 2 (a comparison)
 */
guint
hearth_flame_renderer_get_n_runs (HearthFlameRenderer *self)
{
  g_return_val_if_fail (HEARTH_IS_FLAME_RENDERER (self), 0);

  return self->n_runs;
}

/**
 * hearth_flame_renderer_get_tree:
 * @self: a #HearthFlameRenderer
 * @run: 0, or 1 for the second of two runs
 *
 * Returns: (transfer none) (nullable): the tree of that run
 */
HearthCallTree *
hearth_flame_renderer_get_tree (HearthFlameRenderer *self,
                                guint                run)
{
  g_return_val_if_fail (HEARTH_IS_FLAME_RENDERER (self), NULL);

  return run < self->n_runs ? self->runs[run].tree : NULL;
}

/**
 * hearth_flame_renderer_set_dark:
 * @self: a #HearthFlameRenderer
 * @dark: %TRUE for the dark palette
 */
void
hearth_flame_renderer_set_dark (HearthFlameRenderer *self,
                                gboolean             dark)
{
  g_return_if_fail (HEARTH_IS_FLAME_RENDERER (self));

  self->dark = !!dark;
}

/**
 * hearth_flame_renderer_set_high_contrast:
 * @self: a #HearthFlameRenderer
 * @high_contrast: %TRUE for a high-contrast theme: bars outlined, estimates strongly striped
 */
void
hearth_flame_renderer_set_high_contrast (HearthFlameRenderer *self,
                                         gboolean             high_contrast)
{
  g_return_if_fail (HEARTH_IS_FLAME_RENDERER (self));

  self->high_contrast = !!high_contrast;
}

/**
 * hearth_flame_renderer_get_dark:
 * @self: a #HearthFlameRenderer
 *
 * Returns: %TRUE when the dark palette is in use
 */
gboolean
hearth_flame_renderer_get_dark (HearthFlameRenderer *self)
{
  g_return_val_if_fail (HEARTH_IS_FLAME_RENDERER (self), FALSE);

  return self->dark;
}

/**
 * hearth_flame_renderer_set_font:
 * @self: a #HearthFlameRenderer
 * @font: (nullable): the label font; %NULL for "Sans 9"
 *
 * Sets the label font. Titles use it two points larger and bold; the row height follows it.
 */
void
hearth_flame_renderer_set_font (HearthFlameRenderer        *self,
                                const PangoFontDescription *font)
{
  g_autoptr (PangoFontDescription) label = NULL;
  g_autoptr (PangoFontDescription) title = NULL;
  int size;

  g_return_if_fail (HEARTH_IS_FLAME_RENDERER (self));

  label = font != NULL ? pango_font_description_copy (font)
                       : pango_font_description_from_string ("Sans 9");
  size = pango_font_description_get_size (label);
  if (size <= 0)
    pango_font_description_set_size (label, size = 9 * PANGO_SCALE);
  title = pango_font_description_copy (label);
  pango_font_description_set_weight (title, PANGO_WEIGHT_BOLD);
  if (pango_font_description_get_size_is_absolute (label))
    pango_font_description_set_absolute_size (title, size + 2.0 * PANGO_SCALE * 96 / 72);
  else
    pango_font_description_set_size (title, size + 2 * PANGO_SCALE);

  if (self->fit[HEARTH_SCENE_FONT_LABEL] == NULL)
    {
      self->fit[HEARTH_SCENE_FONT_LABEL] = hearth_label_fit_new (label);
      self->fit[HEARTH_SCENE_FONT_TITLE] = hearth_label_fit_new (title);
    }
  else
    {
      hearth_label_fit_set_font (self->fit[HEARTH_SCENE_FONT_LABEL], label);
      hearth_label_fit_set_font (self->fit[HEARTH_SCENE_FONT_TITLE], title);
    }
}

/**
 * hearth_flame_renderer_set_decorations:
 * @self: a #HearthFlameRenderer
 * @decorations: what to draw around the bars
 */
void
hearth_flame_renderer_set_decorations (HearthFlameRenderer    *self,
                                       HearthFlameDecorations  decorations)
{
  g_return_if_fail (HEARTH_IS_FLAME_RENDERER (self));

  self->decorations = decorations;
}

/**
 * hearth_flame_renderer_set_margin:
 * @self: a #HearthFlameRenderer
 * @margin: pixels left empty around everything (default 0)
 */
void
hearth_flame_renderer_set_margin (HearthFlameRenderer *self,
                                  double               margin)
{
  g_return_if_fail (HEARTH_IS_FLAME_RENDERER (self));

  self->margin = isfinite (margin) ? CLAMP (margin, 0, 200) : 0;
}

/**
 * hearth_flame_renderer_set_title:
 * @self: a #HearthFlameRenderer
 * @title: (nullable): the title line; %NULL for the profile's name and total
 */
void
hearth_flame_renderer_set_title (HearthFlameRenderer *self,
                                 const char          *title)
{
  g_return_if_fail (HEARTH_IS_FLAME_RENDERER (self));

  g_free (self->title);
  self->title = title != NULL ? g_utf8_make_valid (title, -1) : NULL;
}

/**
 * hearth_flame_renderer_set_legend_also:
 * @self: a #HearthFlameRenderer
 * @other: (nullable): a renderer drawn beside this one; it must outlive @self or be unset
 *
 * The legend also explains the categories and marks of @other's first run: one legend for
 * a drawing made of two renderers.
 */
void
hearth_flame_renderer_set_legend_also (HearthFlameRenderer *self,
                                       HearthFlameRenderer *other)
{
  g_return_if_fail (HEARTH_IS_FLAME_RENDERER (self));
  g_return_if_fail (other == NULL || HEARTH_IS_FLAME_RENDERER (other));

  self->legend_also = other;
}

/**
 * hearth_flame_renderer_set_share_of:
 * @self: a #HearthFlameRenderer
 * @function: (nullable): the label of the function whose time the tree is (a sandwich's
 *   half), or %NULL for a tree of the run
 * @run_total: the whole run's time, what "of the run" then refers to
 * @callers: the tree's bars are @function's callers (its time spent through them)
 *
 * A sandwich's half is as wide as its function's time, not the run's: the hover texts then
 * give each bar's share of that function's time and its share of @run_total.
 */
void
hearth_flame_renderer_set_share_of (HearthFlameRenderer *self,
                                    const char          *function,
                                    double               run_total,
                                    gboolean             callers)
{
  g_return_if_fail (HEARTH_IS_FLAME_RENDERER (self));

  g_free (self->share_of);
  self->share_of = function != NULL ? g_utf8_make_valid (function, -1) : NULL;
  self->share_run_total = run_total;
  self->share_callers = !!callers;
}

/**
 * hearth_flame_renderer_set_differential:
 * @self: a #HearthFlameRenderer
 * @differential: colour the second run by each chain's change (default %TRUE)
 */
void
hearth_flame_renderer_set_differential (HearthFlameRenderer *self,
                                        gboolean             differential)
{
  g_return_if_fail (HEARTH_IS_FLAME_RENDERER (self));

  self->differential = !!differential;
}

/**
 * hearth_flame_renderer_set_normalized:
 * @self: a #HearthFlameRenderer
 * @normalized: draw each of two runs to the full width (default %FALSE: one time axis)
 */
void
hearth_flame_renderer_set_normalized (HearthFlameRenderer *self,
                                      gboolean             normalized)
{
  g_return_if_fail (HEARTH_IS_FLAME_RENDERER (self));

  self->normalized = !!normalized;
}

/**
 * hearth_flame_renderer_set_shown_run:
 * @self: a #HearthFlameRenderer
 * @run: the one run of two to draw, or -1 for both (the default)
 *
 * Draws one of two compared runs only, laid out exactly as when both are drawn (the same
 * seconds per pixel, the same room for the totals, the second in differential colours), so
 * that two views each showing one run line up. Hit-testing finds that run's bars only.
 */
void
hearth_flame_renderer_set_shown_run (HearthFlameRenderer *self,
                                     gint                 run)
{
  g_return_if_fail (HEARTH_IS_FLAME_RENDERER (self));
  g_return_if_fail (run >= -1 && run < MAX_RUNS);

  self->shown_run = run;
}

gboolean
_hearth_flame_run_shown (HearthFlameRenderer *self,
                         guint                run)
{
  return self->shown_run < 0 || (guint) self->shown_run == run || self->n_runs < 2;
}

guint
_hearth_flame_first_shown_run (HearthFlameRenderer *self)
{
  return self->shown_run >= 0 && (guint) self->shown_run < self->n_runs ? (guint) self->shown_run
                                                                         : 0;
}

/**
 * hearth_flame_renderer_set_match:
 * @self: a #HearthFlameRenderer
 * @match: (nullable): says which functions match a search; %NULL: no search
 * @user_data: data for @match
 * @destroy: (nullable): frees @user_data
 *
 * Bars of matching functions are highlighted and the others dimmed. @match is called at
 * most once per function and run until the search changes again.
 */
void
hearth_flame_renderer_set_match (HearthFlameRenderer     *self,
                                 HearthFunctionMatchFunc  match,
                                 gpointer                 user_data,
                                 GDestroyNotify           destroy)
{
  g_return_if_fail (HEARTH_IS_FLAME_RENDERER (self));

  clear_match (self);
  self->match = match;
  self->match_data = user_data;
  self->match_destroy = destroy;
}

/**
 * hearth_flame_renderer_set_search_text:
 * @self: a #HearthFlameRenderer
 * @text: (nullable): a case-insensitive text; %NULL or "" ends the search
 *
 * hearth_flame_renderer_set_match() with the plain text search of
 * hearth_call_tree_search_total(): the name, the file or the frame contains @text.
 */
void
hearth_flame_renderer_set_search_text (HearthFlameRenderer *self,
                                       const char          *text)
{
  g_return_if_fail (HEARTH_IS_FLAME_RENDERER (self));

  if (text == NULL || text[0] == '\0')
    {
      hearth_flame_renderer_set_match (self, NULL, NULL, NULL);
      return;
    }
  hearth_flame_renderer_set_match (self, match_folded, g_utf8_casefold (text, -1), g_free);
}

/**
 * hearth_flame_renderer_set_selected:
 * @self: a #HearthFlameRenderer
 * @run: 0, or 1 for the second of two runs
 * @node: the selected bar, or -1
 *
 * The selected bar is outlined.
 */
void
hearth_flame_renderer_set_selected (HearthFlameRenderer *self,
                                    guint                run,
                                    gint                 node)
{
  g_return_if_fail (HEARTH_IS_FLAME_RENDERER (self));
  g_return_if_fail (run < MAX_RUNS);

  self->runs[run].selected = node >= 0 && (guint) node < self->runs[run].n_nodes ? node : -1;
}

/**
 * hearth_flame_renderer_dup_title:
 * @self: a #HearthFlameRenderer
 *
 * The title line exports show: the one set, else the profile's name and total, or the
 * names of both runs.
 *
 * Returns: (transfer full): the title
 */
char *
hearth_flame_renderer_dup_title (HearthFlameRenderer *self)
{
  g_return_val_if_fail (HEARTH_IS_FLAME_RENDERER (self), NULL);

  if (self->title != NULL)
    return g_strdup (self->title);
  if (self->n_runs == 1)
    {
      g_autofree char *total = _hearth_flame_run_total_text (&self->runs[0]);
      const char *name = _hearth_flame_run_name (self, 0);

      return g_strdup_printf ("%s — %s", name != NULL ? name : _("profile"), total);
    }
  if (self->n_runs == 2)
    {
      const char *before = _hearth_flame_run_name (self, 0);
      const char *after = _hearth_flame_run_name (self, 1);

      return g_strdup_printf ("%s → %s", before != NULL ? before : _("before"),
                              after != NULL ? after : _("after"));
    }
  return g_strdup (_("No profile"));
}

static void
emit_title (Build *b)
{
  g_autofree char *title = hearth_flame_renderer_dup_title (b->self);

  _hearth_flame_add_plain_text (b, HEARTH_SCENE_FONT_TITLE,
                                _hearth_flame_color_paint (b, &b->palette->foreground),
                                b->f.left, b->f.title_y, title);
}

/* Scenes ---------------------------------------------------------------------------------------- */

static void
update_fonts (HearthFlameRenderer *self,
              cairo_t             *cr)
{
  guint generation;

  for (guint i = 0; i < HEARTH_SCENE_N_FONTS; i++)
    if (cr != NULL)
      hearth_label_fit_update (self->fit[i], cr);

  generation = hearth_label_fit_get_generation (self->fit[HEARTH_SCENE_FONT_LABEL]);
  if (generation != self->label_generation)
    {
      self->label_generation = generation;
      for (guint r = 0; r < MAX_RUNS; r++)
        if (self->runs[r].labels != NULL)
          memset (self->runs[r].labels, 0,
                  sizeof (HearthLabel *) * (self->runs[r].n_functions + 1));
    }
}

static void
reset_scene (HearthFlameRenderer *self)
{
  HearthScene *scene = &self->scene;

  g_array_set_size (scene->items, 0);
  g_array_set_size (scene->paints, 0);
  g_array_set_size (self->paint_text, 0);
  g_hash_table_remove_all (self->color_paint);
  g_string_chunk_clear (self->strings);
  for (guint k = 0; k < N_KEYS; k++)
    self->key_paint[k] = -1;

  for (guint i = 0; i < HEARTH_SCENE_N_FONTS; i++)
    {
      const PangoFontDescription *font = hearth_label_fit_get_font (self->fit[i]);
      double size = (double) pango_font_description_get_size (font) / PANGO_SCALE;

      if (!pango_font_description_get_size_is_absolute (font))
        size *= 96.0 / 72.0;
      g_free (scene->font_family[i]);
      scene->font_family[i] = g_strdup (hearth_label_fit_get_family (self->fit[i]));
      scene->font_size[i] = size;
      scene->font_bold[i] = pango_font_description_get_weight (font) >= PANGO_WEIGHT_SEMIBOLD;
      scene->font_baseline[i] = hearth_label_fit_get_baseline (self->fit[i]);
    }
}

/**
 * hearth_flame_renderer_build_scene:
 * @self: a #HearthFlameRenderer
 * @cr: (nullable): the target the scene will be drawn into: labels are measured for it and
 *   only what lies inside its clip is built; %NULL for everything, measured as last time
 * @viewport: what to show
 * @hover_texts: give each bar a group with its hover text (for SVG)
 *
 * Lays out a frame as primitives: what hearth_flame_renderer_draw() paints and what the SVG
 * writer writes.
 *
 * Returns: (transfer none): the scene, valid until the renderer changes or builds again
 */
const HearthScene *
hearth_flame_renderer_build_scene (HearthFlameRenderer       *self,
                                   cairo_t                   *cr,
                                   const HearthFlameViewport *viewport,
                                   gboolean                   hover_texts)
{
  g_autofree gint *zoom_path = NULL;
  Build b = { 0 };

  g_return_val_if_fail (HEARTH_IS_FLAME_RENDERER (self), NULL);
  g_return_val_if_fail (viewport != NULL, NULL);

  update_fonts (self, cr);
  reset_scene (self);

  b.self = self;
  b.vp = viewport;
  b.palette = hearth_palette_get_for (self->dark, self->high_contrast);
  b.scene = &self->scene;
  b.hover_texts = hover_texts;
  b.scratch = g_string_new (NULL);
  b.below = g_array_new (FALSE, FALSE, sizeof (Region));
  b.here = g_array_new (FALSE, FALSE, sizeof (Region));
  _hearth_flame_compute_frame (self, viewport, &b.f);

  self->scene.width = b.f.width;
  self->scene.height = b.f.height;
  self->scene.background = (self->decorations & HEARTH_FLAME_DECORATION_BACKGROUND)
                           ? hearth_rgb_to_uint (&b.palette->background) : G_MAXUINT32;

  b.clip_x0 = b.clip_y0 = -G_MAXDOUBLE;
  b.clip_x1 = b.clip_y1 = G_MAXDOUBLE;
  if (cr != NULL)
    cairo_clip_extents (cr, &b.clip_x0, &b.clip_y0, &b.clip_x1, &b.clip_y1);

  if (viewport->zoom_node >= 0 && viewport->zoom_run < self->n_runs &&
      (guint) viewport->zoom_node < self->runs[viewport->zoom_run].n_nodes)
    {
      Run *run = &self->runs[viewport->zoom_run];
      guint node = (guint) viewport->zoom_node;

      zoom_path = g_new (gint, run->max_depth + 1);
      for (guint d = 0; d <= run->max_depth; d++)
        zoom_path[d] = -1;
      while (node < run->n_nodes)
        {
          zoom_path[run->nodes[node].depth] = (gint) node;
          node = run->nodes[node].parent;
        }
      b.zoom_path = zoom_path;
      b.zoom_run = viewport->zoom_run;
    }

  if (self->decorations & HEARTH_FLAME_DECORATION_TITLE)
    emit_title (&b);
  for (guint r = 0; r < self->n_runs; r++)
    if (_hearth_flame_run_shown (self, r))
      _hearth_flame_emit_run (&b, r);
  if (self->decorations & HEARTH_FLAME_DECORATION_AXIS)
    _hearth_flame_emit_axis (&b);
  if (self->decorations & HEARTH_FLAME_DECORATION_LEGEND)
    _hearth_flame_emit_legend (&b);

  g_string_free (b.scratch, TRUE);
  g_array_unref (b.below);
  g_array_unref (b.here);
  return &self->scene;
}

/**
 * hearth_flame_renderer_draw:
 * @self: a #HearthFlameRenderer
 * @cr: where to draw, with (0, 0) at the top left of the graph's page
 * @viewport: what to show
 *
 * Draws the graph (and the decorations asked for): the one routine behind the window and
 * every export. Only rows inside the clip of @cr are built.
 */
void
hearth_flame_renderer_draw (HearthFlameRenderer       *self,
                            cairo_t                   *cr,
                            const HearthFlameViewport *viewport)
{
  const HearthScene *scene;

  g_return_if_fail (HEARTH_IS_FLAME_RENDERER (self));
  g_return_if_fail (cr != NULL);
  g_return_if_fail (viewport != NULL);

  scene = hearth_flame_renderer_build_scene (self, cr, viewport, FALSE);
  hearth_scene_paint (scene, cr);
}
