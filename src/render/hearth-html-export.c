/* hearth-html-export.c
 *
 * Copyright 2026 The Hearth authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#define G_LOG_DOMAIN "hearth-html-export"

#include "hearth-html-export.h"

#include <glib/gi18n.h>
#include <math.h>
#include <string.h>

#include "hearth-html-resources.h"
#include "hearth-svg-writer.h"

/* One self-contained page: the renderer's scene as inline SVG (what every export draws, and
 * what the page shows first and without scripts), then the tree as compact arrays in a JSON
 * data block, and a script that draws the bars again for zoom, search and orientation. The
 * script repeats the renderer's layout rules in the browser; the geometry it needs is read
 * back from the renderer here, so both agree on every pixel of the frame. */

#define RESOURCE_PATH "/io/github/hearthprof/Hearth/html/"

/* Positions and widths are written as integers, in at most this many parts of a run's total:
 * finer than the narrowest bar a tree keeps (HEARTH_CALL_TREE_FLOOR of the root). */
#define QUANTA 1e9

/* the renderer's axis: tick length, and the room under the ticks before the caption */
#define AXIS_TICK 4.0

enum
{
  FLAG_ESTIMATED = 1 << 0,
  FLAG_SHRUNK    = 1 << 1,
  FLAG_HATCHED   = 1 << 2,    /* drawn with a hatched part */
  FLAG_NEW       = 1 << 3,    /* second run: a chain the first run does not have */
};

#define DIFF_LOOK_BASE 100000u

/* the inline drawing: the script adds patterns of its own, so the scene's have a prefix of
 * their own; texts are escaped for HTML */
#define SVG_OPTIONS { "hs", TRUE }

typedef enum
{
  SECTION_STATIC,
  SECTION_GRID,
  SECTION_BARS,
  SECTION_AXIS,
} Section;

typedef struct
{
  HearthCallTree *tree;
  HearthNames    *names;
  HearthProfile  *profile;
  guint           n_nodes;
  guint           n_functions;
  double          total;
  double          q;
  double          ratio;
  double          graph_y;
  guint           n_rows;
  guint          *pos;          /* node -> index in row order */
  guint          *order;        /* index in row order -> node */
  guint          *fn_index;     /* function slot -> index in the page's table + 1 */
  GArray         *fn_slots;     /* guint: the page's functions, by first use */
  gboolean        diff;
} PageRun;

typedef struct
{
  HearthFlameRenderer       *renderer;
  const HearthFlameViewport *vp;
  const HearthScene         *scene;
  const HearthPalette       *palette;
  const HearthExportOptions *options;
  GString                   *out;

  PageRun                    runs[2];
  guint                      n_runs;
  gboolean                   shared;
  double                     full_end;

  /* geometry read back from the renderer; interactive is FALSE when it could not be */
  gboolean                   interactive;
  double                     left;
  double                     right;
  double                     row_h;
  double                     line_h;
  double                     pad;
  double                     axis_y;

  GHashTable                *string_index;    /* text -> index + 1 */
  GPtrArray                 *strings;
  GHashTable                *look_index;      /* key -> index + 1 */
  GString                   *looks;
  guint                      n_looks;
} Page;

/* Escaping ------------------------------------------------------------------------------------- */

/* Text as HTML character data or a quoted attribute value */
static void
append_escaped (GString    *out,
                const char *text)
{
  hearth_svg_append_escaped (out, text, TRUE);
}

/* A JSON string that is also safe inside a <script> element: no "<", ">" or "&" that could
 * end the element or open a comment, and no U+2028/U+2029, which older scripts cannot hold. */
static void
append_json_string (GString    *out,
                    const char *text)
{
  g_autofree char *valid = g_utf8_make_valid (text != NULL ? text : "", -1);

  g_string_append_c (out, '"');
  for (const char *p = valid; *p != '\0'; p = g_utf8_next_char (p))
    {
      gunichar c = g_utf8_get_char (p);

      switch (c)
        {
        case '"':
          g_string_append (out, "\\\"");
          break;
        case '\\':
          g_string_append (out, "\\\\");
          break;
        case '\n':
          g_string_append (out, "\\n");
          break;
        case '\t':
          g_string_append (out, "\\t");
          break;
        case '<':
        case '>':
        case '&':
        case 0x2028:
        case 0x2029:
          g_string_append_printf (out, "\\u%04x", c);
          break;
        default:
          if (c < 0x20 || c == 0x7f)
            g_string_append_printf (out, "\\u%04x", c);
          else
            g_string_append_len (out, p, g_utf8_next_char (p) - p);
          break;
        }
    }
  g_string_append_c (out, '"');
}

/* a double that must survive exactly (totals, quanta) */
static void
append_exact (GString *out,
              double   value)
{
  char buffer[G_ASCII_DTOSTR_BUF_SIZE];

  g_string_append (out, g_ascii_dtostr (buffer, sizeof buffer, isfinite (value) ? value : 0));
}

static void
append_rgb (GString         *out,
            const HearthRgb *rgb)
{
  g_string_append_c (out, '"');
  hearth_svg_append_color (out, hearth_rgb_to_uint (rgb));
  g_string_append_c (out, '"');
}

/* A font family as a CSS string: the few characters family names use, nothing else. */
static char *
css_family (const char *family)
{
  GString *s = g_string_new ("\"");

  for (const char *p = family != NULL ? family : ""; *p != '\0'; p++)
    if (g_ascii_isalnum (*p) || *p == ' ' || *p == '-' || *p == '_' || *p == '.')
      g_string_append_c (s, *p);
  if (s->len == 1)
    {
      g_string_free (s, TRUE);
      return g_strdup ("sans-serif");
    }
  g_string_append (s, "\", sans-serif");
  return g_string_free (s, FALSE);
}

/* Resources ------------------------------------------------------------------------------------ */

static GBytes *
load_resource (const char  *name,
               GError     **error)
{
  static gsize registered = 0;
  g_autofree char *path = g_strconcat (RESOURCE_PATH, name, NULL);

  if (g_once_init_enter (&registered))
    {
      hearth_html_register_resource ();
      g_once_init_leave (&registered, 1);
    }
  return g_resource_lookup_data (hearth_html_get_resource (), path,
                                 G_RESOURCE_LOOKUP_FLAGS_NONE, error);
}

/* the script, and its hash for the page's content security policy */
static gboolean
load_script (GBytes  **script,
             char    **hash,
             GError  **error)
{
  g_autoptr (GChecksum) checksum = g_checksum_new (G_CHECKSUM_SHA256);
  guint8 digest[32];
  gsize digest_len = sizeof digest;
  const char *data;
  gsize length;

  *script = load_resource ("hearth-flame.js", error);
  if (*script == NULL)
    return FALSE;
  data = g_bytes_get_data (*script, &length);
  /* it is pasted into a <script> element as it is */
  if (g_strstr_len (data, length, "</") != NULL || g_strstr_len (data, length, "<!--") != NULL)
    {
      g_set_error (error, G_IO_ERROR, G_IO_ERROR_FAILED, "the page script cannot be inlined");
      g_clear_pointer (script, g_bytes_unref);
      return FALSE;
    }
  g_checksum_update (checksum, (const guchar *) data, length);
  g_checksum_get_digest (checksum, digest, &digest_len);
  *hash = g_base64_encode (digest, digest_len);
  return TRUE;
}

/* Runs ----------------------------------------------------------------------------------------- */

static void
page_run_clear (PageRun *run)
{
  g_clear_pointer (&run->pos, g_free);
  g_clear_pointer (&run->order, g_free);
  g_clear_pointer (&run->fn_index, g_free);
  g_clear_pointer (&run->fn_slots, g_array_unref);
}

static guint
function_slot (PageRun *run,
               guint    function)
{
  return function < run->n_functions ? function : run->n_functions;
}

static gboolean
is_whole (double value)
{
  return fabs (value - round (value)) < 1e-9;
}

/* The unit the positions are written in: sample counts exactly; else a thousandth of the
 * narrowest bar, which keeps its edges exact to a thousandth at any zoom and the numbers
 * short when a cutoff leaves only wide bars. */
static double
choose_quantum (PageRun *run)
{
  gboolean whole = hearth_profile_get_unit (run->profile) != HEARTH_UNIT_SECONDS;
  double narrowest = run->total;

  if (!(run->total > 0))
    return 1;
  for (guint i = 0; i < run->n_nodes; i++)
    {
      const HearthNode *node = hearth_call_tree_get_node (run->tree, i);

      if (node->width > 0)
        narrowest = MIN (narrowest, node->width);
      whole = whole && is_whole (node->left) && is_whole (node->width) && is_whole (node->low) &&
              is_whole (node->high) && is_whole (node->guarded_width);
    }
  if (whole && run->total < 1e15)
    return 1;
  return MAX (run->total / QUANTA, narrowest / 1000);
}

static void
page_run_init (PageRun        *run,
               HearthCallTree *tree,
               HearthNames    *names)
{
  guint k = 0;

  memset (run, 0, sizeof *run);
  run->tree = tree;
  run->names = names;
  run->profile = hearth_call_tree_get_profile (tree);
  run->n_nodes = hearth_call_tree_get_n_nodes (tree);
  run->n_functions = hearth_profile_get_n_functions (run->profile);
  run->total = run->n_nodes > 0 ? hearth_call_tree_get_total (tree) : 0;
  if (!(run->total > 0) || !isfinite (run->total))
    run->total = 0;
  run->ratio = 1;

  /* rows in order, each sorted by left: what the renderer and the script walk */
  run->pos = g_new (guint, MAX (run->n_nodes, 1));
  run->order = g_new (guint, MAX (run->n_nodes, 1));
  for (guint d = 0; run->n_nodes > 0 && d <= hearth_call_tree_get_max_depth (tree); d++)
    {
      guint n = 0;
      const guint *row = hearth_call_tree_get_row (tree, d, &n);

      for (guint i = 0; i < n && k < run->n_nodes; i++, k++)
        {
          run->pos[row[i]] = k;
          run->order[k] = row[i];
        }
    }
  g_warn_if_fail (k == run->n_nodes);
  run->n_nodes = k;
  run->q = choose_quantum (run);

  run->fn_index = g_new0 (guint, run->n_functions + 1);
  run->fn_slots = g_array_new (FALSE, FALSE, sizeof (guint));
  for (guint i = 0; i < run->n_nodes; i++)
    {
      guint slot = function_slot (run, hearth_call_tree_get_node (tree, run->order[i])->function);

      if (run->fn_index[slot] == 0)
        {
          g_array_append_val (run->fn_slots, slot);
          run->fn_index[slot] = run->fn_slots->len;
        }
    }
}

static char *
run_title (PageRun *run)
{
  const char *name = hearth_profile_get_name (run->profile);
  const char *path = hearth_profile_get_path (run->profile);

  if (name != NULL)
    return g_strdup (name);
  if (path != NULL)
    {
      g_autofree char *base = g_path_get_basename (path);

      return g_filename_display_name (base);
    }
  return NULL;
}

static gint64
quantize (PageRun *run,
          double   value)
{
  double v = value / run->q;

  if (!isfinite (v))
    return 0;
  return (gint64) llround (CLAMP (v, -1e15, 1e15));
}

/* Strings and looks ---------------------------------------------------------------------------- */

static gint
string_id (Page       *page,
           const char *text)
{
  gpointer found;

  if (text == NULL)
    return -1;
  found = g_hash_table_lookup (page->string_index, text);
  if (found != NULL)
    return GPOINTER_TO_INT (found) - 1;
  g_ptr_array_add (page->strings, g_strdup (text));
  g_hash_table_insert (page->string_index, page->strings->pdata[page->strings->len - 1],
                       GINT_TO_POINTER (page->strings->len));
  return (gint) page->strings->len - 1;
}

/* One look of a bar in plain and dimmed form: the fills and label colours the renderer
 * derives from a base colour. */
static void
append_look_variant (Page            *page,
                     const HearthRgb *base,
                     gboolean         dim,
                     const HearthRgb *merged)
{
  GString *s = page->looks;
  HearthRgb color = *base, both[2], text;

  if (dim)
    hearth_palette_dim (page->palette, &color, &color);
  g_string_append (s, "{\"solid\":");
  append_rgb (s, &color);
  hearth_palette_text_for (page->palette, &color, 1, dim, &text);
  g_string_append (s, ",\"text\":");
  append_rgb (s, &text);
  hearth_palette_hatch (page->palette, &color, &both[0], &both[1]);
  g_string_append (s, ",\"stripe\":");
  append_rgb (s, &both[1]);
  g_string_append (s, ",\"ground\":");
  append_rgb (s, &both[0]);
  hearth_palette_text_for (page->palette, both, 2, dim, &text);
  g_string_append (s, ",\"hatchText\":");
  append_rgb (s, &text);
  g_string_append (s, ",\"merged\":");
  append_rgb (s, merged);
  g_string_append_c (s, '}');
}

static guint
look_id (Page            *page,
         guint            key,
         const HearthRgb *base,
         gboolean         diff)
{
  gpointer found = g_hash_table_lookup (page->look_index, GUINT_TO_POINTER (key + 1));
  HearthRgb merged;

  if (found != NULL)
    return GPOINTER_TO_UINT (found) - 1;

  hearth_palette_merged (page->palette, diff ? &page->palette->diff_neutral : base, &merged);
  g_string_append (page->looks, page->n_looks > 0 ? ",[" : "[");
  append_look_variant (page, base, FALSE, &merged);
  g_string_append_c (page->looks, ',');
  append_look_variant (page, base, TRUE, &merged);
  g_string_append_c (page->looks, ']');
  g_hash_table_insert (page->look_index, GUINT_TO_POINTER (key + 1),
                       GUINT_TO_POINTER (page->n_looks + 1));
  return page->n_looks++;
}

/* the colour of a function's bars by where it lives, as the renderer picks it */
static guint
function_look (Page    *page,
               PageRun *run,
               guint    slot)
{
  const HearthFunction *f = slot < run->n_functions ? hearth_profile_get_function (run->profile,
                                                                                    slot)
                                                    : NULL;
  HearthCategory category = HEARTH_CATEGORY_PYTHON;
  guint variant;
  HearthRgb rgb;

  if (f != NULL && run->names != NULL)
    category = hearth_names_get_category (run->names, slot);
  variant = hearth_palette_variant_for (f != NULL ? f->file : NULL, f != NULL ? f->name : "all");
  hearth_palette_bar (page->palette, category, variant, &rgb);
  return look_id (page, category * HEARTH_PALETTE_N_VARIANTS + variant, &rgb, FALSE);
}

/* the differential colour of a chain of the second run */
static guint
diff_look (Page     *page,
           double    change,
           gboolean  is_new)
{
  guint levels = HEARTH_PALETTE_N_DIFF_LEVELS + 1;
  guint level = hearth_palette_diff_level (change);
  guint code = is_new ? 2 * levels : change > 0 ? level : levels + level;
  HearthRgb rgb;

  hearth_palette_diff (page->palette, change, is_new, &rgb);
  return look_id (page, DIFF_LOOK_BASE + code, &rgb, TRUE);
}

/* Geometry ------------------------------------------------------------------------------------- */

/* The frame as the renderer laid it out: what the script needs to draw bars and the axis
 * where the renderer would. Read back through the renderer's queries and the scene. */
static gboolean
measure_geometry (Page *page)
{
  const HearthScene *scene = page->scene;
  HearthFlameViewport icicle = *page->vp, flame = *page->vp;
  gboolean have_line = FALSE, have_text = FALSE;

  for (guint i = 0; i < scene->items->len; i++)
    {
      const HearthSceneItem *item = &g_array_index (scene->items, HearthSceneItem, i);

      /* the first line is the axis (grid lines and ticks follow it) */
      if (item->kind == HEARTH_SCENE_LINE && !have_line && item->h == 0 && item->w > 0)
        {
          page->left = item->x;
          page->right = item->x + item->w;
          page->axis_y = item->y - 0.5;
          have_line = TRUE;
        }
      if (item->kind == HEARTH_SCENE_TEXT && !have_text && item->font == HEARTH_SCENE_FONT_LABEL)
        {
          page->line_h = item->h;
          have_text = TRUE;
        }
    }
  if (!have_line || !have_text || !(page->right > page->left))
    return FALSE;

  page->pad = MAX (2, round (page->line_h * 0.3));
  page->row_h = hearth_flame_renderer_get_row_height (page->renderer, page->vp);
  icicle.icicle = TRUE;
  flame.icicle = FALSE;
  for (guint r = 0; r < page->n_runs; r++)
    {
      PageRun *run = &page->runs[r];
      cairo_rectangle_t top, bottom;

      if (run->n_nodes == 0)
        continue;
      /* the root's row: the top of the graph in an icicle, its bottom in a flame */
      if (!hearth_flame_renderer_get_node_rect (page->renderer, &icicle, r, run->order[0], &top) ||
          !hearth_flame_renderer_get_node_rect (page->renderer, &flame, r, run->order[0], &bottom))
        return FALSE;
      run->graph_y = top.y;
      run->n_rows = (guint) MAX (1, lround ((bottom.y - top.y) / page->row_h) + 1);
    }
  return page->row_h >= 3;
}

static Section
item_section (Page                  *page,
              const HearthSceneItem *item,
              gboolean               in_group)
{
  double caption_y = page->axis_y + AXIS_TICK + 2 + page->line_h + 2;

  if (item->layer == HEARTH_SCENE_LAYER_BACK)
    return SECTION_GRID;
  if (in_group || item->kind == HEARTH_SCENE_BEGIN || item->kind == HEARTH_SCENE_END)
    return SECTION_BARS;
  if (!page->interactive)
    return SECTION_STATIC;
  if (item->y >= page->axis_y - 0.01 && item->y <= caption_y + 0.01)
    return SECTION_AXIS;
  for (guint r = 0; r < page->n_runs; r++)
    if (page->runs[r].n_nodes > 0 && item->y >= page->runs[r].graph_y &&
        item->y < page->runs[r].graph_y + page->runs[r].n_rows * page->row_h)
      return SECTION_BARS;
  return SECTION_STATIC;
}

/* The bar a group of the scene draws, as "run:index" for the script, or FALSE for the other
 * groups (merged narrow bars, time hidden by the guard). */
static gboolean
group_node (Page                  *page,
            const HearthSceneItem *fill,
            double                 fill_width,
            guint                 *run_out,
            guint                 *index_out)
{
  cairo_rectangle_t rect;
  const HearthNode *node;
  guint run = 0;
  gint n;
  double scale;

  n = hearth_flame_renderer_node_at (page->renderer, page->vp, fill->x + fill->w / 2,
                                     fill->y + fill->h / 2, &run);
  if (n < 0 || run >= page->n_runs ||
      !hearth_flame_renderer_get_node_rect (page->renderer, page->vp, run, (guint) n, &rect))
    return FALSE;
  node = hearth_call_tree_get_node (page->runs[run].tree, (guint) n);
  scale = (page->right - page->left) / (page->full_end * page->runs[run].ratio);
  /* a bar's fills (the proven part, then the hatched rest) cover its rectangle; merged narrow
   * bars may start on the same pixel as a bar after them, but are narrower */
  if (fabs (rect.x - fill->x) > 0.01 || fabs (rect.y - fill->y) > 0.01 ||
      fabs (rect.width - fill_width) > 0.01 || node->width * scale < 1)
    return FALSE;
  *run_out = run;
  *index_out = page->runs[run].pos[n];
  return TRUE;
}

/* The static drawing --------------------------------------------------------------------------- */

/* The bar each group of the scene draws (run << 32 | index), or -1. Narrow bars merged into
 * a pixel can share it with the bar after them; the bar's own group comes last. */
static gint64 *
map_groups (Page *page)
{
  const HearthScene *scene = page->scene;
  gint64 *group_of = g_new (gint64, MAX (scene->items->len, 1));
  g_autoptr (GHashTable) last = g_hash_table_new (g_int64_hash, g_int64_equal);
  g_autofree gboolean *keep = NULL;

  for (guint i = 0; i < scene->items->len; i++)
    {
      const HearthSceneItem *item = &g_array_index (scene->items, HearthSceneItem, i);
      const HearthSceneItem *first = NULL;
      double width = 0;
      guint run, index;

      group_of[i] = -1;
      if (item->kind != HEARTH_SCENE_BEGIN || !page->interactive)
        continue;
      for (guint j = i + 1; j < scene->items->len; j++)
        {
          const HearthSceneItem *next = &g_array_index (scene->items, HearthSceneItem, j);

          if (next->kind == HEARTH_SCENE_END)
            break;
          if (next->kind != HEARTH_SCENE_FILL || next->layer != HEARTH_SCENE_LAYER_FILL)
            continue;
          if (first == NULL)
            first = next;
          width += next->w;
        }
      if (first == NULL || !group_node (page, first, width, &run, &index))
        continue;
      group_of[i] = (gint64) run << 32 | index;
      g_hash_table_replace (last, &group_of[i], GUINT_TO_POINTER (i));
    }
  /* the keys point into the array: find every loser before changing any */
  keep = g_new0 (gboolean, MAX (scene->items->len, 1));
  for (guint i = 0; i < scene->items->len; i++)
    keep[i] = group_of[i] >= 0 &&
              GPOINTER_TO_UINT (g_hash_table_lookup (last, &group_of[i])) == i;
  for (guint i = 0; i < scene->items->len; i++)
    if (!keep[i])
      group_of[i] = -1;
  return group_of;
}

static void
write_section (Page         *page,
               Section       section,
               const guint8 *sections,
               const gint64 *group_of)
{
  const HearthScene *scene = page->scene;
  const HearthSvgOptions svg_options = SVG_OPTIONS;
  gboolean open = FALSE;

  for (guint i = 0; i < scene->items->len; i++)
    {
      const HearthSceneItem *item = &g_array_index (scene->items, HearthSceneItem, i);

      if (sections[i] != section)
        continue;
      if (item->kind == HEARTH_SCENE_BEGIN)
        {
          open = group_of[i] >= 0;
          if (open)
            g_string_append_printf (page->out, "<g data-n=\"%u:%u\">\n",
                                    (guint) (group_of[i] >> 32),
                                    (guint) (group_of[i] & 0xffffffff));
        }
      else if (item->kind == HEARTH_SCENE_END)
        {
          if (open)
            g_string_append (page->out, "</g>\n");
          open = FALSE;
        }
      else
        hearth_svg_writer_append_item (page->out, scene, item, &svg_options);
    }
}

static void
write_svg (Page       *page,
           const char *title)
{
  const HearthScene *scene = page->scene;
  GString *out = page->out;
  g_autofree guint8 *sections = g_new (guint8, MAX (scene->items->len, 1));
  g_autofree gint64 *group_of = map_groups (page);
  const HearthSvgOptions svg_options = SVG_OPTIONS;
  gboolean in_group = FALSE;

  for (guint i = 0; i < scene->items->len; i++)
    {
      const HearthSceneItem *item = &g_array_index (scene->items, HearthSceneItem, i);

      sections[i] = item_section (page, item, in_group);
      if (item->kind == HEARTH_SCENE_BEGIN)
        in_group = TRUE;
      else if (item->kind == HEARTH_SCENE_END)
        in_group = FALSE;
    }

  g_string_append (out, "<svg id=\"graph\" xmlns=\"http://www.w3.org/2000/svg\" role=\"img\"");
  hearth_svg_writer_append_size (out, scene);
  g_string_append (out, " aria-label=\"");
  append_escaped (out, title);
  g_string_append (out, "\">\n<defs id=\"defs\">\n");
  hearth_svg_writer_append_patterns (out, scene, &svg_options);
  g_string_append (out, "</defs>\n");
  hearth_svg_writer_append_background (out, scene);

  /* behind everything the grid, then the bars, the axis, and what never changes */
  g_string_append (out, "<g id=\"grid\">\n");
  write_section (page, SECTION_GRID, sections, group_of);
  g_string_append (out, "</g>\n<g id=\"bars\">\n");
  write_section (page, SECTION_BARS, sections, group_of);
  g_string_append (out, "</g>\n<g id=\"axis\">\n");
  write_section (page, SECTION_AXIS, sections, group_of);
  g_string_append (out, "</g>\n<g id=\"static\">\n");
  write_section (page, SECTION_STATIC, sections, group_of);
  g_string_append (out, "</g>\n<rect id=\"hover\" fill=\"none\" stroke=\"");
  hearth_svg_append_color (out, hearth_rgb_to_uint (&page->palette->selection));
  g_string_append (out, "\" stroke-width=\"1\" visibility=\"hidden\" pointer-events=\"none\"/>\n"
                        "</svg>\n");
}

/* The data ------------------------------------------------------------------------------------- */

static void
append_key (GString    *out,
            const char *key)
{
  if (out->len > 0 && out->str[out->len - 1] != '{' && out->str[out->len - 1] != '[')
    g_string_append_c (out, ',');
  g_string_append_printf (out, "\"%s\":", key);
}

static void
append_int (GString *out,
            gint64   value)
{
  if (out->len > 0 && out->str[out->len - 1] != '[' && out->str[out->len - 1] != ':')
    g_string_append_c (out, ',');
  g_string_append_printf (out, "%" G_GINT64_FORMAT, value);
}

static void
append_bool (GString  *out,
             gboolean  value)
{
  g_string_append (out, value ? "true" : "false");
}

enum
{
  FIELD_LABEL,
  FIELD_NAME,
  FIELD_FILE,
  FIELD_LINE,
  FIELD_LOOK,
  FIELD_CALLS,
  FIELD_PRIMITIVE,
  FIELD_OWN,
  FIELD_CUM,
  FIELD_CALLERS,
  N_FIELDS
};

/* One number of a function for the script; strings as indices into the string table, -1 for
 * none. */
static gint64
function_field (Page    *page,
                PageRun *run,
                guint    slot,
                guint    field)
{
  const HearthFunction *f = NULL;
  gboolean deterministic = hearth_profile_get_kind (run->profile) == HEARTH_KIND_DETERMINISTIC;
  const char *label = hearth_bar_label_text (run->profile, run->names, slot);
  gint64 n = 0;

  if (slot < run->n_functions)
    f = hearth_profile_get_function (run->profile, slot);
  switch (field)
    {
    case FIELD_LABEL:
      return string_id (page, label);
    case FIELD_NAME:
      /* the raw name, when the label says something else */
      if (f != NULL && f->name != NULL && strcmp (f->name, label) != 0)
        return string_id (page, f->name);
      return -1;
    case FIELD_FILE:
      return f != NULL && f->file != NULL && f->file[0] != '\0' ? string_id (page, f->file) : -1;
    case FIELD_LINE:
      return f != NULL && f->line > 0 ? f->line : 0;
    case FIELD_LOOK:
      return function_look (page, run, slot);
    case FIELD_CALLS:
      return f != NULL && deterministic ? f->calls : -1;
    case FIELD_PRIMITIVE:
      return f != NULL && deterministic ? f->prim_calls : -1;
    case FIELD_OWN:
      return f != NULL ? quantize (run, hearth_profile_clamp (f->own)) : 0;
    case FIELD_CUM:
      return f != NULL ? quantize (run, hearth_profile_clamp (f->cum)) : 0;
    case FIELD_CALLERS:
      /* callers other than itself: the ones that make its callees' split an estimate */
      if (f != NULL)
        {
          guint n_edges = 0;
          const guint *callers = hearth_profile_get_callers (run->profile, slot, &n_edges);

          for (guint e = 0; e < n_edges; e++)
            if (hearth_profile_get_edge (run->profile, callers[e])->caller != slot)
              n++;
        }
      return n;
    default:
      g_assert_not_reached ();
    }
}

/* The functions of the bars, in order of first use, as one array per field. */
static void
write_functions (Page    *page,
                 PageRun *run)
{
  static const char *const keys[N_FIELDS] = {
    "lab", "nm", "file", "line", "c", "calls", "prim", "own", "cum", "nc"
  };
  GString *out = page->out;

  append_key (out, "fn");
  g_string_append_c (out, '{');
  for (guint k = 0; k < N_FIELDS; k++)
    {
      append_key (out, keys[k]);
      g_string_append_c (out, '[');
      for (guint i = 0; i < run->fn_slots->len; i++)
        append_int (out, function_field (page, run, g_array_index (run->fn_slots, guint, i), k));
      g_string_append_c (out, ']');
    }
  g_string_append_c (out, '}');
}

static void
open_array (GString    *out,
            const char *key)
{
  append_key (out, key);
  g_string_append_c (out, '[');
}

static const HearthNode *
nth_node (PageRun *run,
          guint    i)
{
  return hearth_call_tree_get_node (run->tree, run->order[i]);
}

/* Bars per row; left edges as the gap after the previous bar of the row and widths, in
 * quanta; functions; parents as steps along the row below (0 or 1 for most bars). */
static void
write_positions (GString *out,
                 PageRun *run)
{
  guint max_depth = run->n_nodes > 0 ? hearth_call_tree_get_max_depth (run->tree) : 0;
  g_autofree gint64 *ends = g_new0 (gint64, max_depth + 1);
  guint last_depth = G_MAXUINT, last = 0;

  open_array (out, "rows");
  for (guint d = 0; run->n_nodes > 0 && d <= max_depth; d++)
    {
      guint n = 0;

      hearth_call_tree_get_row (run->tree, d, &n);
      append_int (out, n);
    }
  g_string_append_c (out, ']');

  open_array (out, "g");
  for (guint i = 0; i < run->n_nodes; i++)
    {
      const HearthNode *node = nth_node (run, i);

      append_int (out, quantize (run, node->left) - ends[node->depth]);
      ends[node->depth] = quantize (run, node->left + node->width);
    }
  g_string_append_c (out, ']');

  open_array (out, "w");
  for (guint i = 0; i < run->n_nodes; i++)
    {
      const HearthNode *node = nth_node (run, i);

      append_int (out, quantize (run, node->left + node->width) - quantize (run, node->left));
    }
  g_string_append_c (out, ']');

  open_array (out, "f");
  for (guint i = 0; i < run->n_nodes; i++)
    append_int (out, run->fn_index[function_slot (run, nth_node (run, i)->function)] - 1);
  g_string_append_c (out, ']');

  open_array (out, "p");
  for (guint i = 0; i < run->n_nodes; i++)
    {
      const HearthNode *node = nth_node (run, i);
      guint parent = node->parent < run->n_nodes ? run->pos[node->parent] : 0;

      if (node->depth == 0)
        {
          append_int (out, 0);
          continue;
        }
      /* the first bar of a row counts from the first bar of the row below */
      if (node->depth != last_depth)
        {
          guint n = 0;

          last_depth = node->depth;
          last = run->pos[hearth_call_tree_get_row (run->tree, node->depth - 1, &n)[0]];
        }
      append_int (out, (gint64) parent - (gint64) last);
      last = parent;
    }
  g_string_append_c (out, ']');
}

/* What each bar is marked with: estimated, shrunk, drawn hatched, new in the second run. */
static void
write_flags (Page    *page,
             PageRun *run)
{
  open_array (page->out, "k");
  for (guint i = 0; i < run->n_nodes; i++)
    {
      const HearthNode *node = nth_node (run, i);
      gboolean is_new = FALSE, estimated = FALSE;
      guint flags = 0;

      if (node->flags & HEARTH_NODE_ESTIMATED)
        flags |= FLAG_ESTIMATED;
      if (node->flags & HEARTH_NODE_SHRUNK)
        flags |= FLAG_SHRUNK;
      /* the second run is hatched where the chain's change rests on an estimate */
      if (run->diff)
        hearth_flame_renderer_get_change (page->renderer, run->order[i], NULL, &is_new,
                                          &estimated);
      else
        estimated = (node->flags & HEARTH_NODE_ESTIMATED) != 0;
      if (estimated)
        flags |= FLAG_HATCHED;
      if (is_new)
        flags |= FLAG_NEW;
      append_int (page->out, flags);
    }
  g_string_append_c (page->out, ']');
}

/* The few bars with more to say, as (index, value...) runs: the bounds of estimated bars,
 * time hidden by the guard, shrink factors. */
static void
write_sparse (GString *out,
              PageRun *run)
{
  open_array (out, "est");
  for (guint i = 0; i < run->n_nodes; i++)
    {
      const HearthNode *node = nth_node (run, i);

      if (!(node->flags & HEARTH_NODE_ESTIMATED))
        continue;
      append_int (out, i);
      append_int (out, quantize (run, node->low));
      append_int (out, quantize (run, node->high));
    }
  g_string_append_c (out, ']');

  open_array (out, "grd");
  for (guint i = 0; i < run->n_nodes; i++)
    {
      const HearthNode *node = nth_node (run, i);

      if (!(node->guarded_width > 0))
        continue;
      append_int (out, i);
      append_int (out, quantize (run, node->guarded_width));
    }
  g_string_append_c (out, ']');

  open_array (out, "shr");
  for (guint i = 0; i < run->n_nodes; i++)
    {
      const HearthNode *node = nth_node (run, i);

      if (!(node->flags & HEARTH_NODE_SHRUNK))
        continue;
      append_int (out, i);
      g_string_append_c (out, ',');
      hearth_svg_append_number (out, node->shrink, 3);
    }
  g_string_append_c (out, ']');
}

/* The second run against the first: each bar's differential colour and its chain's width
 * in the first run. */
static void
write_changes (Page    *page,
               PageRun *run)
{
  double before_total = page->runs[0].total;

  open_array (page->out, "c");
  for (guint i = 0; i < run->n_nodes; i++)
    {
      double was = 0, change;
      gboolean is_new = FALSE;

      hearth_flame_renderer_get_change (page->renderer, run->order[i], &was, &is_new, NULL);
      change = before_total > 0 ? (nth_node (run, i)->width - was) / before_total : 0;
      append_int (page->out, diff_look (page, change, is_new));
    }
  g_string_append_c (page->out, ']');

  open_array (page->out, "bw");
  for (guint i = 0; i < run->n_nodes; i++)
    {
      double was = 0;

      hearth_flame_renderer_get_change (page->renderer, run->order[i], &was, NULL, NULL);
      append_int (page->out, quantize (run, was));
    }
  g_string_append_c (page->out, ']');
}

static void
write_run (Page  *page,
           guint  r)
{
  PageRun *run = &page->runs[r];
  GString *out = page->out;
  g_autofree char *title = run_title (run);
  HearthUnit unit = hearth_profile_get_unit (run->profile);

  g_string_append_c (out, '{');
  append_key (out, "title");
  append_json_string (out, title != NULL ? title : r == 0 ? _("before") : _("after"));
  append_key (out, "unit");
  append_json_string (out, unit == HEARTH_UNIT_SAMPLES ? "samples"
                           : unit == HEARTH_UNIT_BYTES ? "bytes" : "s");
  append_key (out, "total");
  append_exact (out, run->total);
  append_key (out, "q");
  append_exact (out, run->q);
  append_key (out, "ratio");
  append_exact (out, run->ratio);
  append_key (out, "graphY");
  hearth_svg_append_number (out, run->graph_y, 2);
  append_key (out, "nRows");
  append_int (out, run->n_rows);
  append_key (out, "det");
  append_bool (out, hearth_profile_get_kind (run->profile) == HEARTH_KIND_DETERMINISTIC);
  append_key (out, "stacks");
  append_bool (out, hearth_call_tree_is_from_stacks (run->tree));
  append_key (out, "diff");
  append_bool (out, run->diff);

  write_positions (out, run);
  write_flags (page, run);
  write_sparse (out, run);
  if (run->diff)
    write_changes (page, run);
  write_functions (page, run);
  g_string_append_c (out, '}');
}

/* Messages of the page, from Hearth's catalogue: %s stands for a value the script fills in. */
static void
write_messages (Page *page)
{
  GString *out = page->out;
  /* with a chosen root the shares are of the root, and say so */
  gboolean of_root = page->n_runs > 0 &&
                     hearth_call_tree_get_options (page->runs[0].tree)->root >= 0;
  const char *messages[] = {
    "reentered", _("re-entered"),
    "builtin", _("built-in"),
    "share", of_root ? _("%s, %s of the root") : _("%s, %s of the run"),
    "shareParent", _(", %s of %s"),
    "calls", _("Calls: %s, all bars of this function"),
    "callsPrim", _("Calls: %s (%s primitive), all bars of this function"),
    "self", of_root ? _("Self: %s (%s of the root)") : _("Self: %s (%s of the run)"),
    "selfNarrow", of_root ? _("Self and callees without a bar: %s (%s of the root)")
                          : _("Self and callees without a bar: %s (%s of the run)"),
    "narrow", _("Callees too narrow for a bar: %s"),
    "guarded", _("Hidden by the guard: %s in callees already on this chain, not self time"),
    "estimated", of_root ? _("Estimated: %s of the root, somewhere between %s and %s")
                         : _("Estimated: %s of the run, somewhere between %s and %s"),
    "callersOne", g_dngettext (GETTEXT_PACKAGE, "%s has %s caller", "%s has %s callers", 1),
    "callersMany", g_dngettext (GETTEXT_PACKAGE, "%s has %s caller", "%s has %s callers", 2),
    "shrunk", _("Shrunk: the callees of its caller add up to %s more than the caller’s time "
                "and were scaled down to fit; the profile counts some time twice"),
    "isNew", _("New: not in the first run"),
    "firstRun", _("First run: %s, change %s of the first run"),
    "ofEstimate", _(" (change of an estimate)"),
    "clickZoom", _("Click to zoom"),
    "wholeRun", _("Whole run: click a bar to zoom into it"),
    "toIcicle", _("Icicle"),
    "toFlame", _("Flame"),
    "matched", _("Matched: %s"),
    "runShare", _("%s: %s"),
    "noMatch", _("no match"),
    "badRegex", _("Not a valid regular expression: %s"),
    "capShare", _("share of each run / %, merged — not in call order"),
    "capSamples", _("samples, merged — not in call order"),
    "capBytes", _("memory / bytes, merged — not in call order"),
    "capUs", _("time / µs, merged — not in call order"),
    "capMs", _("time / ms, merged — not in call order"),
    "capS", _("time / s, merged — not in call order"),
  };

  append_key (out, "T");
  g_string_append_c (out, '{');
  for (guint i = 0; i + 1 < G_N_ELEMENTS (messages); i += 2)
    {
      append_key (out, messages[i]);
      append_json_string (out, messages[i + 1]);
    }
  g_string_append_c (out, '}');
}

static void
write_data (Page *page)
{
  GString *out = page->out;
  const HearthPalette *palette = page->palette;
  const HearthScene *scene = page->scene;
  g_autofree char *family = css_family (scene->font_family[HEARTH_SCENE_FONT_LABEL]);
  HearthRgb guarded_fill, guarded_text, merged_diff;
  gsize start;

  g_string_append (out, "<script type=\"application/json\" id=\"hearth-data\">");
  start = out->len;
  g_string_append_c (out, '{');
  append_key (out, "version");
  append_int (out, 1);
  append_key (out, "width");
  hearth_svg_append_number (out, scene->width, 2);
  append_key (out, "icicle");
  append_bool (out, page->vp->icicle);
  append_key (out, "shared");
  append_bool (out, page->shared);
  append_key (out, "fullEnd");
  append_exact (out, page->full_end);

  append_key (out, "font");
  g_string_append (out, "{\"css\":");
  append_json_string (out, family);
  g_string_append (out, ",\"size\":");
  hearth_svg_append_number (out, scene->font_size[HEARTH_SCENE_FONT_LABEL], 3);
  g_string_append_printf (out, ",\"bold\":%s}",
                          scene->font_bold[HEARTH_SCENE_FONT_LABEL] ? "true" : "false");

  append_key (out, "geo");
  g_string_append_c (out, '{');
  {
    const struct { const char *key; double value; } geo[] = {
      { "left", page->left },
      { "right", page->right },
      { "margin", page->left },
      { "rowH", page->row_h },
      { "barH", page->row_h - 1 },
      { "lineH", page->line_h },
      { "pad", page->pad },
      { "baseline", scene->font_baseline[HEARTH_SCENE_FONT_LABEL] },
      { "axisY", page->axis_y },
      { "captionY", page->axis_y + AXIS_TICK + 2 + page->line_h + 2 },
    };

    for (guint i = 0; i < G_N_ELEMENTS (geo); i++)
      {
        append_key (out, geo[i].key);
        hearth_svg_append_number (out, geo[i].value, 3);
      }
  }
  g_string_append_c (out, '}');
  append_key (out, "hatch");
  g_string_append (out, "{\"size\":");
  hearth_svg_append_number (out, HEARTH_SCENE_HATCH_SIZE, 3);
  g_string_append (out, ",\"line\":");
  hearth_svg_append_number (out, HEARTH_SCENE_HATCH_LINE, 3);
  g_string_append_c (out, '}');

  hearth_rgb_mix (&palette->guarded, &palette->background, 0.82, &guarded_fill);
  hearth_palette_text_for (palette, &guarded_fill, 1, TRUE, &guarded_text);
  hearth_palette_merged (palette, &palette->diff_neutral, &merged_diff);
  append_key (out, "pal");
  g_string_append (out, "{\"fg\":");
  append_rgb (out, &palette->foreground);
  g_string_append (out, ",\"muted\":");
  append_rgb (out, &palette->muted);
  g_string_append (out, ",\"axis\":");
  append_rgb (out, &palette->axis);
  g_string_append (out, ",\"grid\":");
  append_rgb (out, &palette->grid);
  g_string_append (out, ",\"search\":");
  append_rgb (out, &palette->search);
  g_string_append (out, ",\"shrunk\":");
  append_rgb (out, &palette->shrunk);
  g_string_append (out, ",\"guarded\":");
  append_rgb (out, &palette->guarded);
  g_string_append (out, ",\"guardedFill\":");
  append_rgb (out, &guarded_fill);
  g_string_append (out, ",\"guardedText\":");
  append_rgb (out, &guarded_text);
  g_string_append_c (out, '}');
  append_key (out, "mergedDiff");
  append_rgb (out, &merged_diff);

  write_messages (page);

  append_key (out, "runs");
  g_string_append_c (out, '[');
  for (guint r = 0; r < page->n_runs; r++)
    {
      if (r > 0)
        g_string_append_c (out, ',');
      write_run (page, r);
    }
  g_string_append_c (out, ']');

  /* last: the runs add to them */
  append_key (out, "looks");
  g_string_append_c (out, '[');
  g_string_append_len (out, page->looks->str, page->looks->len);
  g_string_append_c (out, ']');
  append_key (out, "s");
  g_string_append_c (out, '[');
  for (guint i = 0; i < page->strings->len; i++)
    {
      if (i > 0)
        g_string_append_c (out, ',');
      append_json_string (out, page->strings->pdata[i]);
    }
  g_string_append (out, "]}");
  g_assert (memchr (out->str + start, '<', out->len - start) == NULL);
  g_string_append (out, "</script>\n");
}

/* The page ------------------------------------------------------------------------------------- */

static void
write_head (Page       *page,
            const char *title,
            const char *script_hash,
            GBytes     *style)
{
  GString *out = page->out;
  const HearthPalette *palette = page->palette;
  const HearthScene *scene = page->scene;
  gsize length;
  const char *css = g_bytes_get_data (style, &length);
  HearthRgb line;

  hearth_rgb_mix (&palette->muted, &palette->background, 0.55, &line);
  g_string_append (out, "<!DOCTYPE html>\n<html lang=\"en\" style=\"--bg:");
  hearth_svg_append_color (out, hearth_rgb_to_uint (&palette->background));
  g_string_append (out, ";--fg:");
  hearth_svg_append_color (out, hearth_rgb_to_uint (&palette->foreground));
  g_string_append (out, ";--muted:");
  hearth_svg_append_color (out, hearth_rgb_to_uint (&palette->muted));
  g_string_append (out, ";--line:");
  hearth_svg_append_color (out, hearth_rgb_to_uint (&line));
  g_string_append (out, ";--accent:");
  hearth_svg_append_color (out, hearth_rgb_to_uint (&palette->selection));
  g_string_append_printf (out, ";color-scheme:%s\">\n<head>\n<meta charset=\"utf-8\">\n",
                          palette->dark ? "dark" : "light");
  /* nothing from the network, and only this page's own script runs */
  g_string_append_printf (out, "<meta http-equiv=\"Content-Security-Policy\" content=\""
                               "default-src 'none'; style-src 'unsafe-inline'; "
                               "script-src 'sha256-%s'; img-src data:; base-uri 'none'; "
                               "form-action 'none'\">\n", script_hash);
  g_string_append (out, "<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">\n"
                        "<meta name=\"generator\" content=\"Hearth " PACKAGE_VERSION "\">\n"
                        "<title>");
  append_escaped (out, title);
  g_string_append (out, "</title>\n<style>\n");
  g_string_append_len (out, css, (gssize) length);
  for (guint f = 0; f < HEARTH_SCENE_N_FONTS; f++)
    {
      g_autofree char *family = css_family (scene->font_family[f]);

      g_string_append_printf (out, "#graph .f%u{font-family:%s;font-weight:%s;font-size:", f,
                              family, scene->font_bold[f] ? "bold" : "normal");
      hearth_svg_append_number (out, scene->font_size[f], 3);
      g_string_append (out, "px}\n");
    }
  g_string_append (out, "</style>\n</head>\n");
}

static void
write_toolbar (Page *page)
{
  GString *out = page->out;

  g_string_append (out, "<header id=\"toolbar\">\n<button type=\"button\" id=\"reset\" disabled>");
  append_escaped (out, _("Reset Zoom"));
  g_string_append (out, "</button>\n<button type=\"button\" id=\"orient\" title=\"");
  append_escaped (out, _("Root at the bottom (flame) or at the top (icicle)"));
  g_string_append (out, "\"></button>\n<input type=\"search\" id=\"search\" spellcheck=\"false\" "
                        "autocomplete=\"off\" placeholder=\"");
  append_escaped (out, _("Search (regular expression)"));
  g_string_append (out, "\" aria-label=\"");
  append_escaped (out, _("Search functions and files by regular expression"));
  g_string_append (out, "\">\n<span id=\"matched\" aria-live=\"polite\"></span>\n"
                        "<span class=\"hint\"><kbd>/</kbd> ");
  append_escaped (out, _("search"));
  g_string_append (out, " · <kbd>Esc</kbd> ");
  append_escaped (out, _("reset"));
  g_string_append (out, "</span>\n<nav id=\"crumbs\" aria-label=\"");
  append_escaped (out, _("Zoomed into"));
  g_string_append (out, "\"></nav>\n</header>\n");
}

static void
page_init (Page                      *page,
           HearthFlameRenderer       *renderer,
           const HearthFlameViewport *viewport,
           HearthNames               *names,
           HearthNames               *after_names,
           const HearthExportOptions *options)
{
  double max_total = 0;

  memset (page, 0, sizeof *page);
  page->renderer = renderer;
  page->vp = viewport;
  page->options = options;
  page->palette = hearth_palette_get (hearth_flame_renderer_get_dark (renderer));
  page->n_runs = MIN (hearth_flame_renderer_get_n_runs (renderer), 2);
  for (guint r = 0; r < page->n_runs; r++)
    {
      page_run_init (&page->runs[r], hearth_flame_renderer_get_tree (renderer, r),
                     r == 0 ? names : after_names);
      max_total = MAX (max_total, page->runs[r].total);
    }

  /* the renderer's axis: one time axis, or each run to the full width */
  page->shared = page->n_runs < 2 ||
                 (!options->normalized &&
                  hearth_profile_get_unit (page->runs[0].profile) ==
                  hearth_profile_get_unit (page->runs[1].profile));
  if (page->n_runs > 0 && !page->shared)
    max_total = page->runs[0].total;
  page->full_end = max_total > 0 ? max_total : 1;
  for (guint r = 0; r < page->n_runs; r++)
    {
      if (!page->shared && page->runs[0].total > 0 && page->runs[r].total > 0)
        page->runs[r].ratio = page->runs[r].total / page->runs[0].total;
    }
  if (page->n_runs == 2 && !options->plain_compare)
    page->runs[1].diff = TRUE;

  page->string_index = g_hash_table_new (g_str_hash, g_str_equal);
  page->strings = g_ptr_array_new_with_free_func (g_free);
  page->look_index = g_hash_table_new (NULL, NULL);
  page->looks = g_string_new (NULL);
}

static void
page_clear (Page *page)
{
  for (guint r = 0; r < G_N_ELEMENTS (page->runs); r++)
    page_run_clear (&page->runs[r]);
  g_clear_pointer (&page->string_index, g_hash_table_unref);
  g_clear_pointer (&page->strings, g_ptr_array_unref);
  g_clear_pointer (&page->look_index, g_hash_table_unref);
  if (page->looks != NULL)
    g_string_free (page->looks, TRUE);
  page->looks = NULL;
}

/**
 * hearth_html_export_render:
 * @renderer: a renderer set up for export (see hearth_export_make_renderer())
 * @viewport: what to draw; its width is the width of the drawing
 * @names: (nullable): the names the renderer was given for its first run
 * @after_names: (nullable): those of its second run
 * @options: (nullable): the options the renderer was made with (differential colours, one
 *   time axis or normalized runs)
 * @error: return location for an error (messages do not name a file)
 *
 * Writes one self-contained HTML page: the renderer's drawing as inline SVG, the tree as
 * compact arrays, and a script for hover facts, zoom, regular expression search and the
 * flame/icicle toggle. The page loads nothing (a content security policy says so) and runs no
 * script but its own; every text from the profile is escaped.
 *
 * Returns: (transfer full): the page, UTF-8, or %NULL with @error set
 */
GBytes *
hearth_html_export_render (HearthFlameRenderer        *renderer,
                           const HearthFlameViewport  *viewport,
                           HearthNames                *names,
                           HearthNames                *after_names,
                           const HearthExportOptions  *options,
                           GError                    **error)
{
  HearthExportOptions defaults = HEARTH_EXPORT_OPTIONS_INIT;
  g_autoptr (GBytes) script = NULL;
  g_autoptr (GBytes) style = NULL;
  g_autofree char *hash = NULL;
  g_autofree char *title = NULL;
  cairo_surface_t *surface;
  cairo_t *cr;
  cairo_status_t status;
  const char *js;
  gsize js_length;
  Page page;

  g_return_val_if_fail (HEARTH_IS_FLAME_RENDERER (renderer), NULL);
  g_return_val_if_fail (viewport != NULL, NULL);
  g_return_val_if_fail (error == NULL || *error == NULL, NULL);

  if (options == NULL)
    options = &defaults;
  if (!load_script (&script, &hash, error))
    return NULL;
  style = load_resource ("hearth-flame.css", error);
  if (style == NULL)
    return NULL;

  page_init (&page, renderer, viewport, names, after_names, options);
  title = hearth_flame_renderer_dup_title (renderer);

  /* an unbounded recording surface, as for SVG: measured like the other outputs, nothing
   * culled; the groups of the scene mark the bars */
  surface = cairo_recording_surface_create (CAIRO_CONTENT_COLOR, NULL);
  cr = cairo_create (surface);
  page.scene = hearth_flame_renderer_build_scene (renderer, cr, viewport, TRUE);
  page.interactive = page.n_runs > 0 && measure_geometry (&page);

  page.out = g_string_sized_new (65536 + page.scene->items->len * 64);
  write_head (&page, title, hash, style);
  g_string_append (page.out, "<body>\n");
  write_toolbar (&page);
  g_string_append (page.out, "<div id=\"view\">\n");
  write_svg (&page, title);
  g_string_append (page.out, "</div>\n<div id=\"tip\" role=\"tooltip\" hidden></div>\n");
  if (page.interactive)
    {
      write_data (&page);
      js = g_bytes_get_data (script, &js_length);
      g_string_append (page.out, "<script>");
      g_string_append_len (page.out, js, (gssize) js_length);
      g_string_append (page.out, "</script>\n");
    }
  g_string_append (page.out, "</body>\n</html>\n");

  status = cairo_status (cr);
  cairo_destroy (cr);
  cairo_surface_destroy (surface);
  if (status != CAIRO_STATUS_SUCCESS)
    {
      g_set_error (error, G_IO_ERROR, G_IO_ERROR_FAILED, _("drawing failed: %s"),
                   cairo_status_to_string (status));
      g_string_free (page.out, TRUE);
      page_clear (&page);
      return NULL;
    }
  page_clear (&page);
  return g_string_free_to_bytes (page.out);
}
