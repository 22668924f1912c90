/* test-label-fit.c: the rule that decides what text goes in a bar.
 *
 * Copyright 2026 The Hearth authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "hearth-label-fit.h"

#include <pango/pangocairo.h>
#include <string.h>

#define ELLIPSIS "\xe2\x80\xa6"

static const char *const fonts[] = { "Sans 9", "Sans 14", "Monospace 10", "Serif Bold 12",
                                     "Sans 6.5" };

static HearthLabelFit *
new_fit (const char *font_name)
{
  g_autoptr (PangoFontDescription) font = pango_font_description_from_string (font_name);
  cairo_surface_t *surface = cairo_image_surface_create (CAIRO_FORMAT_RGB24, 10, 10);
  cairo_t *cr = cairo_create (surface);
  HearthLabelFit *fit = hearth_label_fit_new (font);

  hearth_label_fit_update (fit, cr);
  cairo_destroy (cr);
  cairo_surface_destroy (surface);
  return fit;
}

static double
width_of (HearthLabelFit *fit,
          const char     *text)
{
  return hearth_label_fit_measure (fit, text);
}

static void
test_short_name (void)
{
  g_assert_cmpstr (hearth_label_short_name ("Simulation.step"), ==, "step");
  g_assert_cmpstr (hearth_label_short_name ("outer.<locals>.inner"), ==, "inner");
  g_assert_cmpstr (hearth_label_short_name ("a.B.c_d"), ==, "c_d");
  g_assert_cmpstr (hearth_label_short_name ("msd_slow.<locals>.<listcomp>"), ==, "<listcomp>");
  g_assert_null (hearth_label_short_name ("step"));
  g_assert_null (hearth_label_short_name ("<listcomp>"));
  g_assert_null (hearth_label_short_name ("<method 'reduce' of 'numpy.ufunc' objects>"));
  g_assert_null (hearth_label_short_name ("step (walkers.py:28)"));
  g_assert_null (hearth_label_short_name ("trailing."));
  g_assert_null (hearth_label_short_name (".hidden"));
  g_assert_null (hearth_label_short_name (""));
}

/* The three outcomes, at widths derived from the measured text, in several fonts. */
static void
test_fits_ellipsizes_drops (void)
{
  for (guint i = 0; i < G_N_ELEMENTS (fonts); i++)
    {
      g_autoptr (HearthLabelFit) fit = new_fit (fonts[i]);
      const char *label = "Simulation.advance_particles";
      double full = width_of (fit, label);
      double own = width_of (fit, "advance_particles");
      double three = width_of (fit, "adv" ELLIPSIS);
      g_autofree char *a = hearth_label_fit_fit_text (fit, label, full);
      g_autofree char *b = hearth_label_fit_fit_text (fit, label, full - 0.5);
      g_autofree char *c = hearth_label_fit_fit_text (fit, label, own - 0.5);
      g_autofree char *d = hearth_label_fit_fit_text (fit, label, three + 0.5);
      g_autofree char *e = hearth_label_fit_fit_text (fit, label, three - 0.5);
      g_autofree char *z = hearth_label_fit_fit_text (fit, label, 0);

      g_test_message ("%s: full %.1f, own name %.1f, three %.1f", fonts[i], full, own, three);
      g_assert_cmpfloat (own, <, full);
      g_assert_cmpstr (a, ==, label);
      /* the class prefix goes first: the function's own name survives */
      g_assert_cmpstr (b, ==, "advance_particles");
      /* then the own name is cut with an ellipsis */
      g_assert_nonnull (c);
      g_assert_true (g_str_has_suffix (c, ELLIPSIS));
      g_assert_true (strncmp (c, "advance_particles", strlen (c) - strlen (ELLIPSIS)) == 0);
      g_assert_cmpuint (g_utf8_strlen (c, -1), >=, 4);
      g_assert_cmpfloat (width_of (fit, c), <=, own - 0.5);
      /* three characters and the ellipsis is the least that is drawn */
      g_assert_cmpstr (d, ==, "adv" ELLIPSIS);
      g_assert_null (e);
      g_assert_null (z);
    }
}

/* How much of a label a fitted text keeps: full > own name > longer cut > shorter cut. */
static glong
rank_of (const char *label,
         const char *text)
{
  const char *own = hearth_label_short_name (label);

  if (text == NULL)
    return 0;
  if (strcmp (text, label) == 0)
    return G_MAXINT;
  if (own != NULL && strcmp (text, own) == 0)
    return G_MAXINT - 1;
  g_assert_true (g_str_has_suffix (text, ELLIPSIS));
  return g_utf8_strlen (text, -1) - 1;
}

/* Whatever the width, the text drawn fits it, and more room never means less text. */
static void
test_monotonic (void)
{
  const char *labels[] = { "Simulation.step", "walker_msd", "<listcomp>", "f", "xy", "abc",
                           "msd_slow.<locals>.<listcomp>", "_find_and_load_unlocked" };

  for (guint i = 0; i < G_N_ELEMENTS (fonts); i++)
    {
      g_autoptr (HearthLabelFit) fit = new_fit (fonts[i]);

      for (guint l = 0; l < G_N_ELEMENTS (labels); l++)
        {
          HearthLabel *label = hearth_label_fit_lookup (fit, labels[l]);
          glong last = 0;

          for (double w = 0; w < 400; w += 0.75)
            {
              const char *text = NULL;
              double width = -1;
              PangoLayout *layout = hearth_label_fit_fit (fit, label, w, &text, &width);
              glong rank = rank_of (labels[l], layout != NULL ? text : NULL);

              if (layout != NULL)
                {
                  g_assert_cmpfloat (width, <=, w);
                  g_assert_cmpstr (pango_layout_get_text (layout), ==, text);
                  if (g_str_has_suffix (text, ELLIPSIS))
                    g_assert_cmpint (g_utf8_strlen (text, -1), >=, 4);
                }
              g_assert_cmpint (rank, >=, last);
              last = rank;
            }
          g_assert_cmpint (last, ==, G_MAXINT);
        }
    }
}

static void
test_short_labels (void)
{
  g_autoptr (HearthLabelFit) fit = new_fit ("Sans 9");
  double w = width_of (fit, "abc");
  g_autofree char *fits = hearth_label_fit_fit_text (fit, "abc", w);
  g_autofree char *none = hearth_label_fit_fit_text (fit, "abc", w - 0.5);
  g_autofree char *one = hearth_label_fit_fit_text (fit, "f", 100);

  /* three characters cannot be cut to three characters and an ellipsis */
  g_assert_cmpstr (fits, ==, "abc");
  g_assert_null (none);
  g_assert_cmpstr (one, ==, "f");
}

/* Cuts fall between characters, never inside one. */
static void
test_unicode (void)
{
  g_autoptr (HearthLabelFit) fit = new_fit ("Sans 10");
  const char *label = "e\xcc\x81" "e\xcc\x81" "e\xcc\x81" "\xd1\x84\xd1\x83\xd0\xbd\xd0\xba"
                      "\xd1\x86\xd0\xb8\xd1\x8f_\xe6\xb5\x8b\xe8\xaf\x95";

  for (double w = 0; w < width_of (fit, label) + 2; w += 0.5)
    {
      g_autofree char *text = hearth_label_fit_fit_text (fit, label, w);

      if (text == NULL)
        continue;
      g_assert_true (g_utf8_validate (text, -1, NULL));
      if (g_str_has_suffix (text, ELLIPSIS))
        {
          gsize n = strlen (text) - strlen (ELLIPSIS);

          g_assert_true (strncmp (text, label, n) == 0);
          /* never between a letter and its combining accent */
          g_assert_false (g_unichar_ismark (g_utf8_get_char (label + n)));
        }
    }
}

static void
test_cache (void)
{
  g_autoptr (HearthLabelFit) fit = new_fit ("Sans 9");
  g_autoptr (PangoFontDescription) bigger = pango_font_description_from_string ("Sans 20");
  HearthLabel *a = hearth_label_fit_lookup (fit, "Simulation.step");
  HearthLabel *b = hearth_label_fit_lookup (fit, "Simulation.step");
  PangoLayout *l1, *l2;
  guint generation = hearth_label_fit_get_generation (fit);
  cairo_surface_t *surface = cairo_image_surface_create (CAIRO_FORMAT_RGB24, 10, 10);
  cairo_t *cr = cairo_create (surface);
  double small;

  g_assert_true (a == b);
  l1 = hearth_label_fit_fit (fit, a, 30, NULL, NULL);
  l2 = hearth_label_fit_fit (fit, a, 30, NULL, NULL);
  g_assert_true (l1 == l2);

  /* the same target again changes nothing */
  g_assert_false (hearth_label_fit_update (fit, cr));
  g_assert_cmpuint (hearth_label_fit_get_generation (fit), ==, generation);

  /* a scaled target does: labels are measured in its device pixels */
  cairo_scale (cr, 2, 2);
  g_assert_true (hearth_label_fit_update (fit, cr));
  g_assert_cmpuint (hearth_label_fit_get_generation (fit), !=, generation);
  generation = hearth_label_fit_get_generation (fit);

  small = width_of (fit, "Simulation.step");
  hearth_label_fit_set_font (fit, bigger);
  g_assert_cmpuint (hearth_label_fit_get_generation (fit), !=, generation);
  g_assert_cmpfloat (width_of (fit, "Simulation.step"), >, small * 1.5);
  g_assert_cmpfloat (hearth_label_fit_get_line_height (fit), >, 20);
  g_assert_cmpfloat (hearth_label_fit_get_baseline (fit), >, 0);
  g_assert_nonnull (hearth_label_fit_get_family (fit));

  cairo_destroy (cr);
  cairo_surface_destroy (surface);
}

int
main (int   argc,
      char *argv[])
{
  g_test_init (&argc, &argv, NULL);

  g_test_add_func ("/label-fit/short-name", test_short_name);
  g_test_add_func ("/label-fit/fits-ellipsizes-drops", test_fits_ellipsizes_drops);
  g_test_add_func ("/label-fit/monotonic", test_monotonic);
  g_test_add_func ("/label-fit/short-labels", test_short_labels);
  g_test_add_func ("/label-fit/unicode", test_unicode);
  g_test_add_func ("/label-fit/cache", test_cache);

  return g_test_run ();
}
