/* hearth-flame-bars.c: the bars of a run: each row from its visible part only, bars
 * narrower than a pixel merged into runs, marks, labels fitted to their bars, time in
 * re-entered calls above its bar, and each bar's hover text.
 *
 * Copyright 2026 The Hearth authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#define G_LOG_DOMAIN "hearth-flame-renderer"

#include "hearth-flame-bars.h"

#include <glib/gi18n.h>
#include <math.h>
#include <string.h>

#include "hearth-flame-diff.h"
#include "hearth-format.h"

#define MIN_BAR   1.0     /* narrower bars are merged into runs */
#define MIN_GHOST 3.0     /* guarded time narrower than this is not drawn */

static const char *
basename_of (const char *file)
{
  const char *slash;

  if (file == NULL)
    return "";
  slash = strrchr (file, '/');
  return slash != NULL ? slash + 1 : file;
}

/* "3.00 s, 30.0% of the run"; in a sandwich, where the full width is one function's time,
 * the share of that and of the whole run, and for a caller that the time is the function's
 * spent through it (not the caller's own cumulative time). */
static void
append_share (HearthFlameRenderer *self,
              Run                 *run,
              const HearthNode    *node,
              const char          *value,
              GString             *s)
{
  g_autofree char *share = hearth_format_percent (run->total > 0 ? node->width / run->total : 0);
  g_autofree char *of_run = NULL;

  if (self->share_of == NULL)
    {
      g_string_append_printf (s, _("%s, %s of the run"), value, share);
      return;
    }
  of_run = hearth_format_percent (self->share_run_total > 0 ? node->width / self->share_run_total
                                                            : 0);
  if (self->share_callers)
    /* TRANSLATORS: a caller in a sandwich: "Time in findall through here: 3.00 s, 75.0% of
     * its time, 30.0% of the run" */
    g_string_append_printf (s, _("Time in %s through here: %s, %s of its time, %s of the run"),
                            self->share_of, value, share, of_run);
  else
    /* TRANSLATORS: a callee in a sandwich: "3.00 s, 75.0% of findall's time, 30.0% of the
     * run" */
    g_string_append_printf (s, _("%s, %s of %s's time, %s of the run"), value, share,
                            self->share_of, of_run);
}

/* The hover text of a bar (an SVG <title>): names, where, how much, how sure. */
static const char *
hover_text (Build            *b,
            guint             run_index,
            guint             index,
            const HearthNode *node)
{
  Run *run = &b->self->runs[run_index];
  HearthUnit unit = hearth_profile_get_unit (run->profile);
  GString *s = b->scratch;
  g_autofree char *value = hearth_format_value (node->width, unit);
  const char *label = _hearth_flame_run_label_text (run, node->function);

  g_string_truncate (s, 0);
  g_string_append (s, label);
  if (node->function < run->n_functions)
    {
      const HearthFunction *fn = hearth_profile_get_function (run->profile, node->function);

      if (fn->name != NULL && strcmp (fn->name, label) != 0 &&
          strcmp (fn->name, hearth_label_short_name (label) != NULL ?
                            hearth_label_short_name (label) : label) != 0)
        g_string_append_printf (s, "\n%s", fn->name);
      if (fn->file != NULL && fn->file[0] != '\0' && strcmp (fn->file, "~") != 0)
        {
          if (fn->line > 0)
            g_string_append_printf (s, "\n%s:%" G_GINT64_FORMAT, basename_of (fn->file), fn->line);
          else
            g_string_append_printf (s, "\n%s", basename_of (fn->file));
        }
    }
  g_string_append (s, "\n");
  append_share (b->self, run, node, value, s);
  if (node->flags & HEARTH_NODE_ESTIMATED)
    {
      g_autofree char *low = hearth_format_value (node->low, unit);
      g_autofree char *high = hearth_format_value (node->high, unit);

      g_string_append_printf (s, _("\nestimated: somewhere between %s and %s"), low, high);
    }
  if (node->flags & HEARTH_NODE_SHRUNK)
    {
      g_autofree char *excess = hearth_format_percent (node->shrink - 1);

      /* in a sandwich's callers the parent is the callee, the bar nearer the function */
      if (b->self->share_of != NULL && b->self->share_callers)
        g_string_append_printf (s, _("\nscaled down: the callers of the bar above add up to %s "
                                     "more than that bar's time"), excess);
      else
        g_string_append_printf (s, _("\nscaled down: the callees of its parent add up to %s more "
                                     "than its time"), excess);
    }
  if (node->guarded_width > 0)
    {
      g_autofree char *guarded = hearth_format_value (node->guarded_width, unit);

      g_string_append_printf (s, _("\n%s in re-entered calls (not self time)"), guarded);
    }
  if (_hearth_flame_diff_run (b, run_index))
    {
      if (run->diff_flags[index] & DIFF_NEW)
        g_string_append (s, _("\nnew: not in the first run"));
      else
        {
          g_autofree char *was = hearth_format_value (run->before_width[index], unit);

          g_autofree char *change = hearth_format_percent_change (run->change[index]);

          g_string_append_printf (s, _("\nfirst run: %s, change %s of the first run"), was,
                                  change);
        }
      if (run->diff_flags[index] & DIFF_ESTIMATED)
        g_string_append (s, _(" (change of an estimate)"));
    }
  return s->str;
}

static void
add_label (Build       *b,
           Run         *run,
           guint        function,
           const char  *fixed,
           double       x,
           double       y,
           double       w,
           guint        paint)
{
  HearthLabelFit *fit = b->self->fit[HEARTH_SCENE_FONT_LABEL];
  double available = w - 2 * b->f.pad;
  HearthLabel *label;
  PangoLayout *layout;
  const char *text;
  double width;

  /* not even an ellipsis and a character: skip the lookup */
  if (available < b->f.line_h)
    return;
  if (fixed != NULL)
    label = hearth_label_fit_lookup (fit, fixed);
  else
    {
      guint slot = _hearth_flame_function_slot (run, function);

      if (run->labels[slot] == NULL)
        run->labels[slot] = hearth_label_fit_lookup (fit,
                                                     _hearth_flame_run_label_text (run, function));
      label = run->labels[slot];
    }
  layout = hearth_label_fit_fit (fit, label, available, &text, &width);
  if (layout == NULL)
    return;
  _hearth_flame_add_text (b, HEARTH_SCENE_FONT_LABEL, paint, x + b->f.pad,
                          y + round ((b->f.bar_h - b->f.line_h) / 2), layout, text, width);
}

/* Time its guard dropped, in the row above the bar, after its callees: it would otherwise
 * look like self time. */
static void
add_guarded (Build            *b,
             guint             run_index,
             const HearthNode *node)
{
  Run *run = &b->self->runs[run_index];
  double start = node->left + node->width - node->self_width - node->guarded_width;
  double x0 = round (_hearth_flame_to_px (&b->f, run_index, start));
  double x1 = round (_hearth_flame_to_px (&b->f, run_index, start + node->guarded_width));
  double y = _hearth_flame_row_y (&b->f, b->vp, run_index, node->depth + 1);
  HearthRgb fill;
  guint paint;

  x0 = MAX (x0, b->f.left);
  x1 = MIN (x1, b->f.bars_right);
  if (x1 - x0 < MIN_GHOST)
    return;
  if (x1 - x0 >= 3)
    x1 -= GAP;

  hearth_rgb_mix (&b->palette->guarded, &b->palette->background, 0.82, &fill);
  paint = _hearth_flame_color_paint (b, &fill);
  _hearth_flame_add_fill (b, HEARTH_SCENE_LAYER_FILL, paint, x0, y, x1 - x0, b->f.bar_h);
  _hearth_flame_add_outline (b, _hearth_flame_color_paint (b, &b->palette->guarded), x0, y,
                             x1 - x0, b->f.bar_h, 1, TRUE);
  add_label (b, run, 0, _("re-entered"), x0, y, x1 - x0,
             _hearth_flame_text_paint_for (b, &fill, 1, TRUE));
}

/* A noisy bar of merged runs: where its whisker goes, from the width the bar would have if
 * every run were like its narrowest run to that of its widest (the bar is the sum of the
 * runs: n times their mean). FALSE when it has none or it would be too small to see. */
static gboolean
whisker_span (Build            *b,
              guint             index,
              const HearthNode *node,
              double           *x0,
              double           *x1)
{
  HearthSpread *spread = _hearth_flame_renderer_get_spread (b->self);
  const Frame *f = &b->f;
  HearthSpreadStats stats;

  if (spread == NULL || f->bar_h < 6 || !hearth_spread_is_noisy (spread, index))
    return FALSE;
  hearth_spread_get_stats (spread, index, &stats);
  *x0 = MAX (round (_hearth_flame_to_px (f, 0, node->left + stats.n_runs * stats.min)),
             f->left);
  *x1 = MIN (round (_hearth_flame_to_px (f, 0, node->left + stats.n_runs * stats.max)),
             f->bars_right);
  return *x1 - *x0 >= 3;
}

/* An I-beam at mid-height, in a calm foreground: not at the bottom, where the brown
 * "counted twice" underline goes, and not in a colour of its own. */
static void
add_whisker (Build  *b,
             double  x0,
             double  x1,
             double  y)
{
  const Frame *f = &b->f;
  HearthRgb colour;
  double tick = MIN (9, 2 * floor ((f->bar_h - 4) / 4) + 1);
  double mid = y + floor (f->bar_h / 2);
  guint paint;

  hearth_palette_whisker (b->palette, &colour);
  paint = _hearth_flame_color_paint (b, &colour);
  _hearth_flame_add_fill (b, HEARTH_SCENE_LAYER_MARK, paint, x0, mid, x1 - x0, 1);
  _hearth_flame_add_fill (b, HEARTH_SCENE_LAYER_MARK, paint, x0, mid - floor (tick / 2), 1,
                          tick);
  _hearth_flame_add_fill (b, HEARTH_SCENE_LAYER_MARK, paint, x1 - 1, mid - floor (tick / 2), 1,
                          tick);
}

static void
emit_bar (Build            *b,
          guint             run_index,
          guint             index,
          double            y)
{
  HearthFlameRenderer *self = b->self;
  Run *run = &self->runs[run_index];
  const HearthNode *node = &run->nodes[index];
  const Frame *f = &b->f;
  double x0, x1, solid, w, wx0, wx1, label_w;
  gboolean dim = FALSE, hatch = FALSE, matched = FALSE;
  guint solid_paint, text_paint;

  _hearth_flame_bar_span (f, run_index, node, &x0, &x1);
  x0 = MAX (x0, f->left);
  x1 = MIN (x1, f->bars_right);
  if (x1 - x0 < 1)
    return;
  w = _hearth_flame_gapped_width (x0, x1);

  if (_hearth_flame_searching (self))
    {
      matched = _hearth_flame_run_matches (self, run, node->function);
      dim = !matched;
    }
  if (b->zoom_path != NULL && run_index == b->zoom_run &&
      node->depth <= run->max_depth && b->zoom_path[node->depth] == (gint) index &&
      b->vp->zoom_node != (gint) index)
    dim = TRUE;

  /* the proven part (the lower bound) from the left edge, the rest hatched */
  solid = w;
  if (_hearth_flame_diff_run (b, run_index) ? (run->diff_flags[index] & DIFF_ESTIMATED) != 0
                              : (node->flags & HEARTH_NODE_ESTIMATED) != 0)
    {
      double low = (node->flags & HEARTH_NODE_ESTIMATED) ? node->low : 0;

      solid = round (_hearth_flame_to_px (f, run_index, node->left + MAX (low, 0))) - x0;
      solid = CLAMP (solid, 0, w);
      hatch = solid < w;
    }

  if (b->hover_texts)
    _hearth_flame_begin_group (b, hover_text (b, run_index, index, node));

  solid_paint = _hearth_flame_bar_paint (b, run_index, index, node, dim, FALSE);
  text_paint = g_array_index (self->paint_text, guint, solid_paint);
  if (solid > 0)
    _hearth_flame_add_fill (b, HEARTH_SCENE_LAYER_FILL, solid_paint, x0, y, solid, f->bar_h);
  if (hatch)
    {
      guint hatch_paint = _hearth_flame_bar_paint (b, run_index, index, node, dim, TRUE);

      _hearth_flame_add_fill (b, HEARTH_SCENE_LAYER_FILL, hatch_paint, x0 + solid, y, w - solid,
                              f->bar_h);
      text_paint = g_array_index (self->paint_text, guint, hatch_paint);
    }

  /* high contrast: an edge around every bar, whatever its neighbours' colours */
  if (b->palette->high_contrast && w >= 3)
    _hearth_flame_add_outline (b, _hearth_flame_color_paint (b, &b->palette->foreground), x0, y,
                               w, f->bar_h, 1, FALSE);
  /* (inside that edge, which outlines draw over) */
  if ((node->flags & HEARTH_NODE_SHRUNK) && f->bar_h > 2 * SHRUNK_MARK)
    _hearth_flame_add_fill (b, HEARTH_SCENE_LAYER_MARK,
                            _hearth_flame_color_paint (b, &b->palette->shrunk), x0,
                            y + f->bar_h - SHRUNK_MARK - (b->palette->high_contrast ? 1 : 0),
                            w, SHRUNK_MARK);
  if (matched && w >= 3)
    _hearth_flame_add_outline (b, _hearth_flame_color_paint (b, &b->palette->search), x0, y, w,
                               f->bar_h, 2, FALSE);
  if (run->selected == (gint) index && w >= 1)
    _hearth_flame_add_outline (b, _hearth_flame_color_paint (b, &b->palette->selection), x0, y,
                               w, f->bar_h, MIN (2, w / 2), FALSE);

  /* a label stops before the whisker when that leaves it most of the bar */
  if (whisker_span (b, index, node, &wx0, &wx1))
    {
      label_w = wx0 - x0 - 2 >= w / 2 ? MIN (w, wx0 - x0 - 2) : w;
      add_label (b, run, node->function, NULL, x0, y, label_w, text_paint);
      add_whisker (b, wx0, wx1, y);
    }
  else
    add_label (b, run, node->function, NULL, x0, y, w, text_paint);

  if (b->hover_texts)
    _hearth_flame_end_group (b);

  if (node->guarded_width > 0 && node->guarded_width * f->scale[run_index] >= MIN_GHOST)
    {
      if (b->hover_texts)
        {
          g_autofree char *value = hearth_format_value (node->guarded_width,
                                                        hearth_profile_get_unit (run->profile));
          g_autofree char *hover = g_strdup_printf (_("%s\n%s in calls that re-enter a function "
                                                      "already on this chain; the guard left "
                                                      "them out, this is not self time"),
                                                    _hearth_flame_run_label_text (run,
                                                                                  node->function),
                                                    value);
          _hearth_flame_begin_group (b, hover);
        }
      add_guarded (b, run_index, node);
      if (b->hover_texts)
        _hearth_flame_end_group (b);
    }
}

/* first position in a row whose bar ends after @value */
static guint
row_first_ending_after (Run    *run,
                        guint   depth,
                        double  value)
{
  const double *left = run->left[depth];
  const double *prefix = run->prefix[depth];
  guint lo = 0, hi = run->row_len[depth];

  while (lo < hi)
    {
      guint mid = lo + (hi - lo) / 2;

      if (left[mid] + (prefix[mid + 1] - prefix[mid]) > value)
        hi = mid;
      else
        lo = mid + 1;
    }
  return lo;
}

/* first position from @from on in a row whose bar starts at or after @value: galloping,
 * since the answer is usually near */
static guint
row_first_starting_at (Run    *run,
                       guint   depth,
                       double  value,
                       guint   from)
{
  const double *left = run->left[depth];
  guint n = run->row_len[depth];
  guint lo = from, hi, step = 1;

  if (lo >= n || left[lo] >= value)
    return lo;
  /* left[lo] < value: widen until left[hi] >= value or the end */
  hi = lo + 1;
  while (hi < n && left[hi] < value)
    {
      lo = hi;
      step *= 2;
      hi = MIN (n, lo + step);
    }
  lo++;
  while (lo < hi)
    {
      guint mid = lo + (hi - lo) / 2;

      if (left[mid] < value)
        lo = mid + 1;
      else
        hi = mid;
    }
  return lo;
}

/* Bars narrower than a pixel from position @i on: their nearest ancestor at least a pixel
 * wide bounds them. Siblings are laid out widest first, so every bar of this row between
 * here and that ancestor's right edge is narrower than a pixel too: one binary search skips
 * them all, and the cost of a row follows its pixels, not its bars. */
static guint
end_of_narrow_run (Build *b,
                   guint  run_index,
                   guint  depth,
                   guint  i,
                   guint *region)
{
  Run *run = &b->self->runs[run_index];
  const double *left = run->left[depth];
  const double *prefix = run->prefix[depth];
  double scale = b->f.scale[run_index];
  double end = G_MAXDOUBLE;
  guint j;

  /* inside a narrow run of the row below: the same region is narrow here */
  while (*region < b->below->len && g_array_index (b->below, Region, *region).end <= left[i])
    (*region)++;
  if (*region < b->below->len && g_array_index (b->below, Region, *region).start <= left[i])
    end = g_array_index (b->below, Region, *region).end;
  else
    {
      /* else the parent is usually the bar that bounds it; walk up when it is not */
      guint up = run->parent[depth][i];

      while (up < run->n_nodes)
        {
          const HearthNode *node = &run->nodes[up];

          if (node->width * scale >= MIN_BAR)
            {
              end = node->left + node->width;
              break;
            }
          up = node->parent;
        }
    }

  j = row_first_starting_at (run, depth, end - fabs (end) * 1e-12, i + 1);
  /* never swallow a bar that can be drawn, whatever rounding did to the edges */
  while (j > i + 1 && (prefix[j] - prefix[j - 1]) * scale >= MIN_BAR)
    j--;
  g_array_append_val (b->here, ((Region) { left[i], j < run->row_len[depth] ? MIN (end, left[j]) : end }));
  return j;
}

static void
emit_narrow_run (Build  *b,
                 guint   run_index,
                 guint   depth,
                 guint   i,
                 guint   j,
                 double  y)
{
  Run *run = &b->self->runs[run_index];
  double sum = run->prefix[depth][j] - run->prefix[depth][i];
  double x0 = round (_hearth_flame_to_px (&b->f, run_index, run->left[depth][i]));
  double w = round (sum * b->f.scale[run_index]);

  if (sum * b->f.scale[run_index] < 0.5)
    return;
  w = MAX (w, 1);
  x0 = MAX (x0, b->f.left);
  w = MIN (w, b->f.bars_right - x0);
  if (w < 1)
    return;

  if (b->hover_texts)
    {
      g_autofree char *value = hearth_format_value (sum, hearth_profile_get_unit (run->profile));
      g_autofree char *hover = g_strdup_printf (g_dngettext (NULL, "%u bar too narrow to draw, %s",
                                                             "%u bars too narrow to draw, %s in all",
                                                             j - i),
                                                j - i, value);
      _hearth_flame_begin_group (b, hover);
    }
  _hearth_flame_add_fill (b, HEARTH_SCENE_LAYER_FILL,
                          _hearth_flame_merged_paint (b, run_index, run->function[depth][i]), x0,
                          y, w, b->f.bar_h);
  if (b->hover_texts)
    _hearth_flame_end_group (b);
}

static void
emit_row (Build  *b,
          guint   run_index,
          guint   depth,
          double  y)
{
  Run *run = &b->self->runs[run_index];
  const guint *row = run->rows[depth];
  const double *left = run->left[depth];
  const double *prefix = run->prefix[depth];
  guint n = run->row_len[depth];
  double scale = b->f.scale[run_index];
  double origin = b->f.origin[run_index];
  double lo = origin + (MAX (b->clip_x0, b->f.left) - b->f.left) / scale;
  double hi = origin + (MIN (b->clip_x1, b->f.bars_right) - b->f.left) / scale;
  guint i = row_first_ending_after (run, depth, lo);
  guint region = 0;
  GArray *swap;

  g_array_set_size (b->here, 0);
  while (i < n && left[i] < hi)
    {
      if ((prefix[i + 1] - prefix[i]) * scale >= MIN_BAR)
        {
          emit_bar (b, run_index, row[i], y);
          i++;
        }
      else
        {
          guint j = end_of_narrow_run (b, run_index, depth, i, &region);

          emit_narrow_run (b, run_index, depth, i, j, y);
          i = j;
        }
    }

  swap = b->below;
  b->below = b->here;
  b->here = swap;
}

void
_hearth_flame_emit_run (Build *b,
                        guint  run_index)
{
  HearthFlameRenderer *self = b->self;
  Run *run = &self->runs[run_index];
  const Frame *f = &b->f;
  guint fg = _hearth_flame_color_paint (b, &b->palette->foreground);

  if (self->n_runs == 2)
    {
      g_autofree char *total = _hearth_flame_run_total_text (run);
      g_autofree char *header = NULL;
      const char *name = _hearth_flame_run_name (self, run_index);

      if (name == NULL)
        name = run_index == 0 ? _("before") : _("after");
      if (run_index == 1 && self->runs[0].total > 0 && _hearth_flame_shared_axis (self))
        {
          g_autofree char *change =
            hearth_format_percent_change ((run->total - self->runs[0].total) / self->runs[0].total);

          header = g_strdup_printf ("%s — %s (%s)", name, total, change);
        }
      else
        header = g_strdup_printf ("%s — %s", name, total);
      _hearth_flame_add_plain_text (b, HEARTH_SCENE_FONT_TITLE, fg, f->left, f->header_y[run_index],
                                    header);
    }

  if (run->n_nodes == 0)
    {
      _hearth_flame_add_plain_text (b, HEARTH_SCENE_FONT_LABEL,
                                    _hearth_flame_color_paint (b, &b->palette->muted),
                                    f->left + f->pad,
                                    f->graph_y[run_index] + round ((f->bar_h - f->line_h) / 2),
                                    _("No data"));
      return;
    }

  g_array_set_size (b->below, 0);
  for (guint d = 0; d <= run->max_depth; d++)
    {
      double y = _hearth_flame_row_y (f, b->vp, run_index, d);

      if (y + f->row_h < b->clip_y0 || y > b->clip_y1)
        {
          g_array_set_size (b->below, 0);
          continue;
        }
      emit_row (b, run_index, d, y);
    }

  /* each run's total at the end of its root bar, so two runs read as two lengths */
  if (self->n_runs == 2 && run->row_len[0] > 0)
    {
      const HearthNode *root = &run->nodes[run->rows[0][0]];
      double x = round (_hearth_flame_to_px (f, run_index, root->left + root->width));
      g_autofree char *total = _hearth_flame_run_total_text (run);

      if (x >= f->left && x <= f->bars_right)
        _hearth_flame_add_plain_text (b, HEARTH_SCENE_FONT_LABEL, fg, x + f->pad,
                                      _hearth_flame_row_y (f, b->vp, run_index, 0) +
                                      round ((f->bar_h - f->line_h) / 2),
                                      total);
    }
}
