/* hearth-label-fit.c
 *
 * Copyright 2026 The Hearth authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#define G_LOG_DOMAIN "hearth-label-fit"

#include "hearth-label-fit.h"

#include <pango/pangocairo.h>
#include <string.h>

/* The fewest characters an ellipsized label keeps before the ellipsis. */
#define MIN_CHARS 3

/* Past this many labels the cache starts over (at the next frame, never during one, since a
 * frame holds on to the layouts it placed), so that panning across a profile with hundreds
 * of thousands of functions cannot grow it without bound. */
#define MAX_ENTRIES 50000

#define ELLIPSIS "\xe2\x80\xa6"

struct _HearthLabel
{
  char         *text;
  const char   *short_text;      /* inside @text, or NULL when it has no prefix to drop */

  PangoLayout  *layout;
  double        width;

  PangoLayout  *short_layout;
  double        short_width;

  /* the text the ellipsized forms cut: @short_text, else @text */
  guint         n_chars;         /* cursor positions after the start */
  guint        *offsets;         /* byte offset of each cursor position, n_chars + 1 */
  double       *prefix;          /* x of each cursor position, n_chars + 1 */
  PangoLayout **cut;             /* "first k characters…" per k, made when first needed */
  char        **cut_text;
  double       *cut_width;
};

struct _HearthLabelFit
{
  GObject               parent_instance;

  PangoContext         *context;
  PangoFontDescription *font;
  GHashTable           *labels;     /* text -> HearthLabel */
  guint                 generation;

  /* what the context was last matched to */
  gboolean              matched;
  cairo_matrix_t        matrix;
  cairo_font_options_t *options;

  double                line_height;
  double                baseline;
  double                ellipsis_width;
  char                 *family;
};

G_DEFINE_FINAL_TYPE (HearthLabelFit, hearth_label_fit, G_TYPE_OBJECT)

static void
label_free (gpointer data)
{
  HearthLabel *label = data;

  g_clear_object (&label->layout);
  g_clear_object (&label->short_layout);
  if (label->cut != NULL)
    for (guint k = 0; k <= label->n_chars; k++)
      {
        g_clear_object (&label->cut[k]);
        g_free (label->cut_text[k]);
      }
  g_free (label->cut);
  g_free (label->cut_text);
  g_free (label->cut_width);
  g_free (label->offsets);
  g_free (label->prefix);
  g_free (label->text);
  g_free (label);
}

static PangoLayout *
make_layout (HearthLabelFit *self,
             const char     *text,
             gssize          length,
             double         *width)
{
  PangoLayout *layout = pango_layout_new (self->context);
  PangoRectangle logical;

  pango_layout_set_font_description (layout, self->font);
  pango_layout_set_single_paragraph_mode (layout, TRUE);
  pango_layout_set_text (layout, text, (int) length);
  pango_layout_get_extents (layout, NULL, &logical);
  if (width != NULL)
    *width = (double) logical.width / PANGO_SCALE;
  return layout;
}

/* Metrics that depend on the font only, measured again whenever the cache starts over. */
static void
measure_font (HearthLabelFit *self)
{
  g_autoptr (PangoLayout) sample = make_layout (self, "Ag", -1, NULL);
  g_autoptr (PangoFont) font = pango_context_load_font (self->context, self->font);
  PangoRectangle logical;

  g_object_unref (make_layout (self, ELLIPSIS, -1, &self->ellipsis_width));
  pango_layout_get_extents (sample, NULL, &logical);
  self->line_height = (double) logical.height / PANGO_SCALE;
  self->baseline = (double) pango_layout_get_baseline (sample) / PANGO_SCALE;

  g_clear_pointer (&self->family, g_free);
  if (font != NULL)
    {
      g_autoptr (PangoFontDescription) described = pango_font_describe (font);
      self->family = g_strdup (pango_font_description_get_family (described));
    }
  if (self->family == NULL)
    self->family = g_strdup (pango_font_description_get_family (self->font));
  if (self->family == NULL)
    self->family = g_strdup ("sans-serif");
}

static void
drop_cache (HearthLabelFit *self)
{
  g_hash_table_remove_all (self->labels);
  self->generation++;
  measure_font (self);
}

static void
hearth_label_fit_finalize (GObject *object)
{
  HearthLabelFit *self = HEARTH_LABEL_FIT (object);

  g_clear_pointer (&self->labels, g_hash_table_unref);
  g_clear_pointer (&self->font, pango_font_description_free);
  g_clear_pointer (&self->family, g_free);
  g_clear_pointer (&self->options, cairo_font_options_destroy);
  g_clear_object (&self->context);

  G_OBJECT_CLASS (hearth_label_fit_parent_class)->finalize (object);
}

static void
hearth_label_fit_class_init (HearthLabelFitClass *klass)
{
  G_OBJECT_CLASS (klass)->finalize = hearth_label_fit_finalize;
}

static void
hearth_label_fit_init (HearthLabelFit *self)
{
  cairo_font_options_t *options = cairo_font_options_create ();

  self->context = pango_font_map_create_context (pango_cairo_font_map_get_default ());
  /* Unhinted metrics and fractional glyph positions: a label measures the same on screen,
   * in a PNG and in a PDF, and widths scale linearly with the zoom of the target. */
  cairo_font_options_set_hint_metrics (options, CAIRO_HINT_METRICS_OFF);
  pango_cairo_context_set_font_options (self->context, options);
  cairo_font_options_destroy (options);
  pango_context_set_round_glyph_positions (self->context, FALSE);

  self->labels = g_hash_table_new_full (g_str_hash, g_str_equal, NULL, label_free);
}

/**
 * hearth_label_fit_new:
 * @font: (nullable): the label font; %NULL for "Sans 9"
 *
 * Creates a label cache for one font. It measures labels with pango and keeps their
 * layouts, so that drawing a frame never shapes a text it shaped before.
 *
 * Returns: (transfer full): a new #HearthLabelFit
 */
HearthLabelFit *
hearth_label_fit_new (const PangoFontDescription *font)
{
  HearthLabelFit *self = g_object_new (HEARTH_TYPE_LABEL_FIT, NULL);

  hearth_label_fit_set_font (self, font);
  return self;
}

/**
 * hearth_label_fit_set_font:
 * @self: a #HearthLabelFit
 * @font: (nullable): the label font; %NULL for "Sans 9"
 *
 * Changes the font; measured labels are dropped when it differs.
 */
void
hearth_label_fit_set_font (HearthLabelFit             *self,
                           const PangoFontDescription *font)
{
  g_autoptr (PangoFontDescription) wanted = NULL;

  g_return_if_fail (HEARTH_IS_LABEL_FIT (self));

  wanted = font != NULL ? pango_font_description_copy (font)
                        : pango_font_description_from_string ("Sans 9");
  if (self->font != NULL && pango_font_description_equal (self->font, wanted))
    return;
  g_clear_pointer (&self->font, pango_font_description_free);
  self->font = g_steal_pointer (&wanted);
  drop_cache (self);
}

/**
 * hearth_label_fit_get_font:
 * @self: a #HearthLabelFit
 *
 * Returns: (transfer none): the label font
 */
const PangoFontDescription *
hearth_label_fit_get_font (HearthLabelFit *self)
{
  g_return_val_if_fail (HEARTH_IS_LABEL_FIT (self), NULL);

  return self->font;
}

/**
 * hearth_label_fit_get_context:
 * @self: a #HearthLabelFit
 *
 * Returns: (transfer none): the pango context labels are measured in
 */
PangoContext *
hearth_label_fit_get_context (HearthLabelFit *self)
{
  g_return_val_if_fail (HEARTH_IS_LABEL_FIT (self), NULL);

  return self->context;
}

/**
 * hearth_label_fit_update:
 * @self: a #HearthLabelFit
 * @cr: the cairo context about to be drawn into
 *
 * Matches the pango context to the target (its transformation and font options). When
 * that changes the measurements, the cache starts over and the generation changes.
 *
 * Returns: %TRUE when the measured labels were dropped
 */
gboolean
hearth_label_fit_update (HearthLabelFit *self,
                         cairo_t        *cr)
{
  cairo_font_options_t *options;
  cairo_matrix_t matrix;

  g_return_val_if_fail (HEARTH_IS_LABEL_FIT (self), FALSE);
  g_return_val_if_fail (cr != NULL, FALSE);

  /* pango_cairo_update_context() marks the context changed even when nothing did, and every
   * layout made in it would then be shaped again: only call it when the target differs */
  cairo_get_matrix (cr, &matrix);
  matrix.x0 = matrix.y0 = 0;
  options = cairo_font_options_create ();
  cairo_surface_get_font_options (cairo_get_target (cr), options);
  if (self->matched && memcmp (&matrix, &self->matrix, sizeof matrix) == 0 &&
      cairo_font_options_equal (options, self->options))
    {
      cairo_font_options_destroy (options);
      if (g_hash_table_size (self->labels) >= MAX_ENTRIES)
        {
          drop_cache (self);
          return TRUE;
        }
      return FALSE;
    }

  g_clear_pointer (&self->options, cairo_font_options_destroy);
  self->options = options;
  self->matrix = matrix;
  self->matched = TRUE;
  pango_cairo_update_context (cr, self->context);
  drop_cache (self);
  return TRUE;
}

/**
 * hearth_label_fit_get_generation:
 * @self: a #HearthLabelFit
 *
 * Returns: a number that changes whenever the #HearthLabel pointers handed out become invalid
 */
guint
hearth_label_fit_get_generation (HearthLabelFit *self)
{
  g_return_val_if_fail (HEARTH_IS_LABEL_FIT (self), 0);

  return self->generation;
}

/**
 * hearth_label_fit_get_line_height:
 * @self: a #HearthLabelFit
 *
 * Returns: the logical height of a line of text, in pixels
 */
double
hearth_label_fit_get_line_height (HearthLabelFit *self)
{
  g_return_val_if_fail (HEARTH_IS_LABEL_FIT (self), 0);

  return self->line_height;
}

/**
 * hearth_label_fit_get_baseline:
 * @self: a #HearthLabelFit
 *
 * Returns: the distance from the top of a line to its baseline, in pixels
 */
double
hearth_label_fit_get_baseline (HearthLabelFit *self)
{
  g_return_val_if_fail (HEARTH_IS_LABEL_FIT (self), 0);

  return self->baseline;
}

/**
 * hearth_label_fit_get_family:
 * @self: a #HearthLabelFit
 *
 * Returns: the family of the font pango actually uses for the label font
 */
const char *
hearth_label_fit_get_family (HearthLabelFit *self)
{
  g_return_val_if_fail (HEARTH_IS_LABEL_FIT (self), NULL);

  return self->family;
}

/**
 * hearth_label_short_name:
 * @label: a display label
 *
 * The last component of a qualified name, the function's own name: `step` for
 * `Simulation.step`, `inner` for `outer.<locals>.inner`. Dots inside brackets and
 * parentheses do not count (`<method 'reduce' of 'numpy.ufunc' objects>` has no prefix).
 *
 * Returns: (nullable): a pointer into @label, or %NULL when there is no prefix to drop
 */
const char *
hearth_label_short_name (const char *label)
{
  const char *last = NULL;
  int nesting = 0;

  g_return_val_if_fail (label != NULL, NULL);

  for (const char *p = label; *p != '\0'; p++)
    {
      if (*p == '<' || *p == '(' || *p == '[')
        nesting++;
      else if ((*p == '>' || *p == ')' || *p == ']') && nesting > 0)
        nesting--;
      else if (*p == '.' && nesting == 0 && p[1] != '\0' && p[1] != '.' && p != label)
        last = p + 1;
    }
  return last;
}

/**
 * hearth_label_fit_lookup:
 * @self: a #HearthLabelFit
 * @label: a display label
 *
 * Finds or measures a label.
 *
 * Returns: (transfer none): the measured label, valid while the generation stays the same
 */
HearthLabel *
hearth_label_fit_lookup (HearthLabelFit *self,
                         const char     *label)
{
  HearthLabel *entry;

  g_return_val_if_fail (HEARTH_IS_LABEL_FIT (self), NULL);
  g_return_val_if_fail (label != NULL, NULL);

  entry = g_hash_table_lookup (self->labels, label);
  if (entry != NULL)
    return entry;

  entry = g_new0 (HearthLabel, 1);
  entry->text = g_strdup (label);
  entry->short_text = hearth_label_short_name (entry->text);
  entry->layout = make_layout (self, entry->text, -1, &entry->width);
  g_hash_table_insert (self->labels, entry->text, entry);
  return entry;
}

/* x positions of the cursor positions of the text the ellipsized forms cut */
static void
measure_cuts (HearthLabelFit *self,
              HearthLabel    *label)
{
  PangoLayout *layout;
  const char *base;
  const PangoLogAttr *attrs;
  const char *at;
  int n_attrs;
  guint n = 0;

  if (label->prefix != NULL)
    return;

  if (label->short_text != NULL)
    {
      layout = label->short_layout;
      base = label->short_text;
    }
  else
    {
      layout = label->layout;
      base = label->text;
    }

  attrs = pango_layout_get_log_attrs_readonly (layout, &n_attrs);
  at = base;
  label->offsets = g_new (guint, n_attrs + 1);
  label->prefix = g_new (double, n_attrs + 1);
  label->offsets[0] = 0;
  label->prefix[0] = 0;

  for (int i = 1; i < n_attrs; i++)
    {
      PangoRectangle pos;
      int index;

      at = g_utf8_next_char (at);
      if (!attrs[i].is_cursor_position)
        continue;
      index = (int) (at - base);
      n++;
      label->offsets[n] = (guint) index;
      if (i == n_attrs - 1)
        {
          label->prefix[n] = label->short_text != NULL ? label->short_width : label->width;
          continue;
        }
      pango_layout_get_cursor_pos (layout, index, &pos, NULL);
      label->prefix[n] = (double) pos.x / PANGO_SCALE;
    }
  label->n_chars = n;
  label->cut = g_new0 (PangoLayout *, n + 1);
  label->cut_text = g_new0 (char *, n + 1);
  label->cut_width = g_new0 (double, n + 1);
}

static PangoLayout *
cut_layout (HearthLabelFit *self,
            HearthLabel    *label,
            guint           k)
{
  if (label->cut[k] == NULL)
    {
      const char *base = label->short_text != NULL ? label->short_text : label->text;

      label->cut_text[k] = g_malloc (label->offsets[k] + sizeof ELLIPSIS);
      memcpy (label->cut_text[k], base, label->offsets[k]);
      memcpy (label->cut_text[k] + label->offsets[k], ELLIPSIS, sizeof ELLIPSIS);
      label->cut[k] = make_layout (self, label->cut_text[k], -1, &label->cut_width[k]);
    }
  return label->cut[k];
}

static PangoLayout *
fit_ellipsized (HearthLabelFit  *self,
                HearthLabel     *label,
                double           available,
                const char     **text,
                double          *width)
{
  guint lo = MIN_CHARS, hi, k;

  measure_cuts (self, label);
  /* a cut must drop at least one character */
  if (label->n_chars <= MIN_CHARS)
    return NULL;
  hi = label->n_chars - 1;
  if (label->prefix[lo] + self->ellipsis_width > available)
    return NULL;

  /* the most characters whose prefix and ellipsis fit, by the measured prefix widths */
  while (lo < hi)
    {
      guint mid = lo + (hi - lo + 1) / 2;

      if (label->prefix[mid] + self->ellipsis_width <= available)
        lo = mid;
      else
        hi = mid - 1;
    }

  /* kerning across the cut can make the real layout a little wider: step back if so */
  for (k = lo; k >= MIN_CHARS; k--)
    {
      PangoLayout *layout = cut_layout (self, label, k);

      if (label->cut_width[k] <= available)
        {
          *text = label->cut_text[k];
          *width = label->cut_width[k];
          return layout;
        }
    }
  return NULL;
}

/**
 * hearth_label_fit_fit:
 * @self: a #HearthLabelFit
 * @label: a label from hearth_label_fit_lookup()
 * @available: the room for the text in pixels (the bar's width less its padding)
 * @text: (out) (optional) (transfer none): the text drawn
 * @width: (out) (optional): its width in pixels
 *
 * The fit rule: the full label when it fits; else the function's own name without its
 * class and module prefix (`Simulation.step` -> `step`); else that name cut after at least
 * three characters with an ellipsis (`simul…`); else nothing.
 *
 * Returns: (transfer none) (nullable): the layout to draw, or %NULL when nothing fits
 */
PangoLayout *
hearth_label_fit_fit (HearthLabelFit  *self,
                      HearthLabel     *label,
                      double           available,
                      const char     **text,
                      double          *width)
{
  const char *dummy_text;
  double dummy_width;

  g_return_val_if_fail (HEARTH_IS_LABEL_FIT (self), NULL);
  g_return_val_if_fail (label != NULL, NULL);

  if (text == NULL)
    text = &dummy_text;
  if (width == NULL)
    width = &dummy_width;

  if (!(available > 0))
    return NULL;

  if (label->width <= available)
    {
      *text = label->text;
      *width = label->width;
      return label->layout;
    }

  if (label->short_text != NULL)
    {
      if (label->short_layout == NULL)
        label->short_layout = make_layout (self, label->short_text, -1, &label->short_width);
      if (label->short_width <= available)
        {
          *text = label->short_text;
          *width = label->short_width;
          return label->short_layout;
        }
    }

  return fit_ellipsized (self, label, available, text, width);
}

/**
 * hearth_label_fit_fit_text:
 * @self: a #HearthLabelFit
 * @label: a display label
 * @available: the room for the text in pixels
 *
 * hearth_label_fit_fit() for a label given as text.
 *
 * Returns: (transfer full) (nullable): the text that fits, or %NULL
 */
char *
hearth_label_fit_fit_text (HearthLabelFit *self,
                           const char     *label,
                           double          available)
{
  const char *text = NULL;

  g_return_val_if_fail (HEARTH_IS_LABEL_FIT (self), NULL);
  g_return_val_if_fail (label != NULL, NULL);

  if (hearth_label_fit_fit (self, hearth_label_fit_lookup (self, label), available, &text,
                            NULL) == NULL)
    return NULL;
  return g_strdup (text);
}

/**
 * hearth_label_fit_measure:
 * @self: a #HearthLabelFit
 * @text: a text
 *
 * Returns: the width of @text in pixels (cached like a label)
 */
double
hearth_label_fit_measure (HearthLabelFit *self,
                          const char     *text)
{
  g_return_val_if_fail (HEARTH_IS_LABEL_FIT (self), 0);
  g_return_val_if_fail (text != NULL, 0);

  return hearth_label_fit_lookup (self, text)->width;
}

/**
 * hearth_label_get_text:
 * @label: a measured label
 *
 * Returns: its full text
 */
const char *
hearth_label_get_text (HearthLabel *label)
{
  g_return_val_if_fail (label != NULL, NULL);

  return label->text;
}

/**
 * hearth_label_get_layout:
 * @label: a measured label
 * @width: (out) (optional): its width in pixels
 *
 * Returns: (transfer none): the layout of the full text
 */
PangoLayout *
hearth_label_get_layout (HearthLabel *label,
                         double      *width)
{
  g_return_val_if_fail (label != NULL, NULL);

  if (width != NULL)
    *width = label->width;
  return label->layout;
}
