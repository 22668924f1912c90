/* test-verdict.c: real changes and noise, worked out by hand.
 *
 * Copyright 2026 The Hearth authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "hearth-chain-match.h"
#include "hearth-profile-merge.h"
#include "hearth-profile-private.h"
#include "hearth-verdict.h"
#include "hearth-test-util.h"

#include <math.h>
#include <string.h>

/* Samples ---------------------------------------------------------------------------------- */

static void
test_samples (void)
{
  /* 10 % -> 20 % of 1000: se = sqrt (.1 * .9 / 1000 + .2 * .8 / 1000) = 0.0158, 3 se = 0.047
   * < 0.1 */
  g_assert_cmpint (hearth_verdict_from_samples (100, 1000, 200, 1000), ==, HEARTH_VERDICT_REAL);
  /* 10 % -> 11 %: se = sqrt (.00009 + .0000979) = 0.0137, 3 se = 0.041 > 0.01 */
  g_assert_cmpint (hearth_verdict_from_samples (100, 1000, 110, 1000), ==, HEARTH_VERDICT_NOISE);
  /* 2 -> 6 of 10 looks like a tripling: se = sqrt (.016 + .024) = 0.2, 3 se = 0.6 > 0.4 */
  g_assert_cmpint (hearth_verdict_from_samples (2, 10, 6, 10), ==, HEARTH_VERDICT_NOISE);
  /* the same share of runs of different lengths is no change */
  g_assert_cmpint (hearth_verdict_from_samples (100, 1000, 200, 2000), ==, HEARTH_VERDICT_NOISE);
  /* equal runs */
  g_assert_cmpint (hearth_verdict_from_samples (30, 100, 30, 100), ==, HEARTH_VERDICT_NOISE);
  g_assert_cmpint (hearth_verdict_from_samples (0, 100, 0, 100), ==, HEARTH_VERDICT_NOISE);
}

static void
test_samples_edges (void)
{
  /* zero samples on one side: 0 -> 5 % of 1000, se = sqrt (.05 * .95 / 1000) = 0.0069,
   * 3 se = 0.021 < 0.05 */
  g_assert_cmpint (hearth_verdict_from_samples (0, 1000, 50, 1000), ==, HEARTH_VERDICT_REAL);
  g_assert_cmpint (hearth_verdict_from_samples (50, 1000, 0, 1000), ==, HEARTH_VERDICT_REAL);
  /* 0 -> 0.5 %: under the 1 % floor, and within 3 se (0.0067) anyway */
  g_assert_cmpint (hearth_verdict_from_samples (0, 1000, 5, 1000), ==, HEARTH_VERDICT_NOISE);
  /* 1 % -> 1.005 % of 10^8: 3 se = 4.2e-5 < 5e-5, but a 0.005 % change is under the floor */
  g_assert_cmpint (hearth_verdict_from_samples (1e6, 1e8, 1.0005e6, 1e8), ==,
                   HEARTH_VERDICT_NOISE);
  /* 1 % -> 2.5 % of 10^8: beyond both */
  g_assert_cmpint (hearth_verdict_from_samples (1e6, 1e8, 2.5e6, 1e8), ==, HEARTH_VERDICT_REAL);
  /* the whole run in both, none in one: shares of 0 and 1 have no error */
  g_assert_cmpint (hearth_verdict_from_samples (10, 10, 0, 10), ==, HEARTH_VERDICT_REAL);
  /* a run without samples says nothing */
  g_assert_cmpint (hearth_verdict_from_samples (0, 0, 5, 10), ==, HEARTH_VERDICT_UNKNOWN);
  g_assert_cmpint (hearth_verdict_from_samples (5, 10, 0, 0), ==, HEARTH_VERDICT_UNKNOWN);
  g_assert_cmpint (hearth_verdict_from_samples (5, NAN, 0, 10), ==, HEARTH_VERDICT_UNKNOWN);
}

/* Runs ------------------------------------------------------------------------------------- */

static HearthVerdict
runs2 (double b0, double b1, double a0, double a1)
{
  double b[] = { b0, b1 }, a[] = { a0, a1 };

  return hearth_verdict_from_runs (b, 2, a, 2);
}

static void
test_runs (void)
{
  double b3[] = { 1.0, 1.1, 1.2 }, a2[] = { 1.5, 1.6 };

  /* ranges 1.0..1.2 and 1.5..1.6 apart; means 1.1 and 1.55 differ by 0.45 > 0.2 */
  g_assert_cmpint (hearth_verdict_from_runs (b3, 3, a2, 2), ==, HEARTH_VERDICT_REAL);
  g_assert_cmpint (hearth_verdict_from_runs (a2, 2, b3, 3), ==, HEARTH_VERDICT_REAL);
  /* apart (1..2, 2.1..2.2) but the means differ by 0.65, less than the spread of 1 */
  g_assert_cmpint (runs2 (1.0, 2.0, 2.1, 2.2), ==, HEARTH_VERDICT_NOISE);
  /* overlapping, and touching */
  g_assert_cmpint (runs2 (1.0, 1.5, 1.4, 1.6), ==, HEARTH_VERDICT_NOISE);
  g_assert_cmpint (runs2 (1.0, 2.0, 2.0, 3.0), ==, HEARTH_VERDICT_NOISE);
  /* equal runs: no change */
  g_assert_cmpint (runs2 (1.0, 1.0, 1.0, 1.0), ==, HEARTH_VERDICT_NOISE);
  /* no spread at all and apart */
  g_assert_cmpint (runs2 (1.0, 1.0, 2.0, 2.0), ==, HEARTH_VERDICT_REAL);
  /* a chain only on one side: 0 in every run of the other */
  g_assert_cmpint (runs2 (0, 0, 0.3, 0.32), ==, HEARTH_VERDICT_REAL);
  /* 0..0.25 (mean 0.125) -> 0.3..0.32 (mean 0.31): apart, but 0.185 < 0.25 */
  g_assert_cmpint (runs2 (0, 0.25, 0.3, 0.32), ==, HEARTH_VERDICT_NOISE);
}

static void
test_runs_one (void)
{
  double b[] = { 1.0 }, a[] = { 5.0, 5.1 };

  /* one run on a side says nothing about how much runs vary */
  g_assert_cmpint (hearth_verdict_from_runs (b, 1, a, 2), ==, HEARTH_VERDICT_UNKNOWN);
  g_assert_cmpint (hearth_verdict_from_runs (a, 2, b, 1), ==, HEARTH_VERDICT_UNKNOWN);
  g_assert_cmpint (hearth_verdict_from_runs (b, 1, b, 1), ==, HEARTH_VERDICT_UNKNOWN);
  g_assert_cmpstr (hearth_verdict_to_string (HEARTH_VERDICT_REAL), ==, "real");
  g_assert_cmpstr (hearth_verdict_to_string (HEARTH_VERDICT_NOISE), ==, "noise");
  g_assert_cmpstr (hearth_verdict_to_string (HEARTH_VERDICT_UNKNOWN), ==, "unknown");
}

/* Chain matches ---------------------------------------------------------------------------- */

static HearthProfile *
folded (const char *text)
{
  g_autoptr (GBytes) bytes = g_bytes_new (text, strlen (text));
  g_autoptr (GError) error = NULL;
  HearthProfile *profile = hearth_profile_load_bytes (bytes, "run.folded", &error);

  g_assert_no_error (error);
  return profile;
}

static HearthCallTree *
tree_of (HearthProfile *profile)
{
  HearthCallTreeOptions options = HEARTH_CALL_TREE_OPTIONS_INIT;
  g_autoptr (GError) error = NULL;
  HearthCallTree *tree = hearth_call_tree_new (profile, &options, &error);

  g_assert_no_error (error);
  return tree;
}

/* The change of the chain whose last function is @name, or NULL. */
static const HearthChainChange *
find_change (HearthChainMatch *match,
             const char       *name)
{
  guint n = 0;
  const HearthChainChange *changes = hearth_chain_match_get_changes (match, &n);

  for (guint i = 0; i < n; i++)
    {
      guint run = changes[i].after_node >= 0 ? 1 : 0;
      gint node = run == 1 ? changes[i].after_node : changes[i].before_node;
      HearthCallTree *tree = hearth_chain_match_get_tree (match, run);
      HearthProfile *profile = hearth_call_tree_get_profile (tree);
      guint function = hearth_call_tree_get_node (tree, node)->function;

      if (g_str_equal (hearth_profile_get_function (profile, function)->name, name))
        return &changes[i];
    }
  return NULL;
}

static HearthChainMatch *
match_folded (const char *before,
              const char *after)
{
  g_autoptr (HearthProfile) a = folded (before);
  g_autoptr (HearthProfile) b = folded (after);
  g_autoptr (HearthCallTree) ta = tree_of (a);
  g_autoptr (HearthCallTree) tb = tree_of (b);

  return hearth_chain_match_new (ta, tb);
}

static void
test_match_sampled (void)
{
  g_autoptr (HearthChainMatch) real = match_folded ("main;work 100\nmain;idle 900\n",
                                                    "main;work 200\nmain;idle 800\n");
  g_autoptr (HearthChainMatch) noise = match_folded ("main;work 100\nmain;idle 900\n",
                                                     "main;work 104\nmain;idle 896\n");
  g_autoptr (HearthChainMatch) gone = match_folded ("main;work 100\nmain;idle 900\n",
                                                    "main;idle 900\nmain;fresh 100\n");
  const HearthChainChange *c;

  g_assert_cmpint (hearth_chain_match_get_test (real), ==, HEARTH_VERDICT_TEST_SAMPLES);
  c = find_change (real, "work");
  g_assert_nonnull (c);
  g_assert_cmpfloat (c->before, ==, 100);
  g_assert_cmpfloat (c->after, ==, 200);
  g_assert_cmpint (c->verdict, ==, HEARTH_VERDICT_REAL);
  /* 90 % -> 80 %: the same errors, a change of 0.1 */
  g_assert_cmpint (find_change (real, "idle")->verdict, ==, HEARTH_VERDICT_REAL);
  /* main spends nothing itself in either: no change, no row */
  g_assert_null (find_change (real, "main"));

  /* 10 % -> 10.4 %: 3 se = 0.04 */
  g_assert_cmpint (find_change (noise, "work")->verdict, ==, HEARTH_VERDICT_NOISE);
  g_assert_cmpint (find_change (noise, "idle")->verdict, ==, HEARTH_VERDICT_NOISE);

  /* a chain on one side only: 10 % against none */
  c = find_change (gone, "work");
  g_assert_true (c->flags & HEARTH_CHAIN_CHANGE_GONE);
  g_assert_cmpint (c->verdict, ==, HEARTH_VERDICT_REAL);
  c = find_change (gone, "fresh");
  g_assert_true (c->flags & HEARTH_CHAIN_CHANGE_NEW);
  g_assert_cmpfloat (c->before, ==, 0);
  g_assert_cmpint (c->verdict, ==, HEARTH_VERDICT_REAL);
}

/* @n samples drawn from shares of parse, work and idle, in folded form. */
static char *
draw_run (GRand  *rand,
          guint   n,
          double  work)
{
  guint counts[3] = { 0, 0, 0 };

  for (guint i = 0; i < n; i++)
    {
      double x = g_rand_double (rand);

      counts[x < 0.3 ? 0 : x < 0.3 + work ? 1 : 2]++;
    }
  return g_strdup_printf ("main;parse %u\nmain;work %u\nmain;idle %u\n",
                          counts[0], counts[1], counts[2]);
}

static void
test_match_drawn (void)
{
  g_autoptr (GRand) rand = g_rand_new_with_seed (18);
  guint false_real = 0, compared = 0;

  /* twenty pairs from one distribution, and the same with work doubled from 10 % to 20 % in
   * the second run: the doubling is always real. Three standard errors let
   * through 0.27 % of equal chains by chance, about 0.16 of these 60: at most one */
  for (guint i = 0; i < 20; i++)
    {
      g_autofree char *a = draw_run (rand, 2000, 0.1);
      g_autofree char *b = draw_run (rand, 2000, 0.1);
      g_autofree char *c = draw_run (rand, 2000, 0.2);
      g_autoptr (HearthChainMatch) same = match_folded (a, b);
      g_autoptr (HearthChainMatch) doubled = match_folded (a, c);
      guint n = 0;
      const HearthChainChange *changes = hearth_chain_match_get_changes (same, &n);

      for (guint k = 0; k < n; k++)
        false_real += changes[k].verdict == HEARTH_VERDICT_REAL;
      compared += 3;
      g_assert_cmpint (find_change (doubled, "work")->verdict, ==, HEARTH_VERDICT_REAL);
    }
  g_assert_cmpuint (compared, ==, 60);
  g_assert_cmpuint (false_real, <=, 1);
}

/* A sampler's run in seconds: @work and @idle samples of 5 ms each, and one sample of
 * @stall seconds (a tick delayed by a busy machine) when @stall > 0. */
static HearthProfile *
seconds_run (guint  work,
             guint  idle,
             double stall)
{
  HearthProfile *p = _hearth_profile_new (HEARTH_FORMAT_SPEEDSCOPE, HEARTH_KIND_SAMPLED,
                                          HEARTH_UNIT_SECONDS);
  guint main_fn = _hearth_profile_intern_frame (p, "main", "app.py", 1, "main");
  guint frames[2] = { main_fn, _hearth_profile_intern_frame (p, "work", "app.py", 5, "work") };

  for (guint i = 0; i < work; i++)
    _hearth_profile_add_stack (p, frames, 2, 0.005);
  frames[1] = _hearth_profile_intern_frame (p, "idle", "app.py", 9, "idle");
  for (guint i = 0; i < idle; i++)
    _hearth_profile_add_stack (p, frames, 2, 0.005);
  if (stall > 0)
    {
      frames[1] = _hearth_profile_intern_frame (p, "stall", "app.py", 12, "stall");
      _hearth_profile_add_stack (p, frames, 2, stall);
    }
  _hearth_profile_finish (p);
  return p;
}

static void
test_match_seconds (void)
{
  g_autoptr (HearthProfile) a = seconds_run (100, 900, 0);
  g_autoptr (HearthProfile) b = seconds_run (100, 900, 0.5);
  g_autoptr (HearthProfile) c = seconds_run (200, 800, 0);
  g_autoptr (HearthCallTree) ta = tree_of (a);
  g_autoptr (HearthCallTree) tb = tree_of (b);
  g_autoptr (HearthCallTree) tc = tree_of (c);
  g_autoptr (HearthChainMatch) stalled = hearth_chain_match_new (ta, tb);
  g_autoptr (HearthChainMatch) doubled = hearth_chain_match_new (ta, tc);
  const HearthChainChange *stall;

  g_assert_cmpint (hearth_chain_match_get_test (stalled), ==, HEARTH_VERDICT_TEST_SAMPLES);
  /* the stall is 0.5 s of 5.5 s, 9 % of the weight, but 1 sample of 1001: 0.1 % */
  stall = find_change (stalled, "stall");
  g_assert_cmpfloat_with_epsilon (stall->after, 0.5, 1e-12);
  g_assert_cmpint (stall->verdict, ==, HEARTH_VERDICT_NOISE);
  /* work and idle keep their 100 and 900 samples: their seconds did not change either */
  g_assert_null (find_change (stalled, "work"));
  /* 100 -> 200 samples of 1000, in seconds 0.5 -> 1.0: the same test as the counts */
  g_assert_cmpint (find_change (doubled, "work")->verdict, ==, HEARTH_VERDICT_REAL);
  g_assert_cmpint (find_change (doubled, "idle")->verdict, ==, HEARTH_VERDICT_REAL);
}

/* <module> -> work, own times given: a cProfile run of app.py. */
static HearthProfile *
pstats_run (double module_own,
            double work_own)
{
  HearthProfile *p = _hearth_profile_new (HEARTH_FORMAT_PSTATS, HEARTH_KIND_DETERMINISTIC,
                                          HEARTH_UNIT_SECONDS);
  guint module = _hearth_profile_intern_function (p, "app.py", 1, "<module>");
  guint work = _hearth_profile_intern_function (p, "app.py", 5, "work");

  _hearth_profile_set_numbers (p, module, 1, 1, module_own, module_own + work_own);
  _hearth_profile_set_numbers (p, work, 4, 4, work_own, work_own);
  _hearth_profile_set_edge (p, module, work, 4, 4, work_own, work_own);
  _hearth_profile_finish (p);
  _hearth_profile_set_path (p, "app.prof");
  return p;
}

static HearthChainMatch *
match_groups (HearthProfile **before,
              guint           n_before,
              HearthProfile **after,
              guint           n_after)
{
  g_autoptr (GError) error = NULL;
  g_autoptr (HearthProfile) a = hearth_profile_merge (before, n_before, &error);
  g_autoptr (HearthProfile) b = hearth_profile_merge (after, n_after, &error);
  g_autoptr (HearthCallTree) ta = tree_of (a);
  g_autoptr (HearthCallTree) tb = tree_of (b);

  g_assert_no_error (error);
  return hearth_chain_match_new_runs (ta, tb, before, n_before, after, n_after);
}

static void
test_match_deterministic (void)
{
  g_autoptr (HearthProfile) one = pstats_run (0.25, 1.0);
  g_autoptr (HearthProfile) two = pstats_run (0.25, 0.5);
  g_autoptr (HearthCallTree) t1 = tree_of (one);
  g_autoptr (HearthCallTree) t2 = tree_of (two);
  g_autoptr (HearthChainMatch) single = hearth_chain_match_new (t1, t2);
  HearthProfile *before[] = { pstats_run (0.2, 1.0), pstats_run (0.3, 1.1),
                              pstats_run (0.25, 1.2) };
  HearthProfile *after[] = { pstats_run (0.22, 0.5), pstats_run (0.29, 0.55) };
  HearthProfile *same[] = { pstats_run (0.2, 1.0), pstats_run (0.2, 1.0) };
  g_autoptr (HearthChainMatch) groups = match_groups (before, 3, after, 2);
  g_autoptr (HearthChainMatch) equal = match_groups (same, 2, same, 2);
  const HearthChainChange *c;
  guint n = 0;

  /* one run each: the change is there, whether it is real nobody can say */
  g_assert_cmpint (hearth_chain_match_get_test (single), ==, HEARTH_VERDICT_TEST_NONE);
  c = find_change (single, "work");
  g_assert_cmpfloat (c->before, ==, 1.0);
  g_assert_cmpfloat (c->after, ==, 0.5);
  g_assert_cmpint (c->verdict, ==, HEARTH_VERDICT_UNKNOWN);

  /* work: 1.0..1.2 (mean 1.1) -> 0.5..0.55 (mean 0.525): apart by more than 0.2 */
  g_assert_cmpint (hearth_chain_match_get_test (groups), ==, HEARTH_VERDICT_TEST_RUNS);
  g_assert_cmpuint (hearth_chain_match_get_n_runs (groups, 0), ==, 3);
  g_assert_cmpuint (hearth_chain_match_get_n_runs (groups, 1), ==, 2);
  c = find_change (groups, "work");
  g_assert_cmpfloat_with_epsilon (c->before, 1.1, 1e-12);
  g_assert_cmpfloat_with_epsilon (c->after, 0.525, 1e-12);
  g_assert_cmpint (c->verdict, ==, HEARTH_VERDICT_REAL);
  /* <module> itself: 0.2..0.3 against 0.22..0.29, a change of the mean from 0.25 to 0.255 */
  c = find_change (groups, "<module>");
  g_assert_cmpfloat_with_epsilon (c->before, 0.25, 1e-12);
  g_assert_cmpfloat_with_epsilon (c->after, 0.255, 1e-12);
  g_assert_cmpint (c->verdict, ==, HEARTH_VERDICT_NOISE);

  /* the same runs on both sides: nothing changed */
  hearth_chain_match_get_changes (equal, &n);
  g_assert_cmpuint (n, ==, 0);

  for (guint i = 0; i < 3; i++)
    g_object_unref (before[i]);
  for (guint i = 0; i < 2; i++)
    {
      g_object_unref (after[i]);
      g_object_unref (same[i]);
    }
}

static void
test_comparable (void)
{
  g_autoptr (HearthProfile) p = pstats_run (0.25, 1.0);
  g_autoptr (HearthProfile) f = folded ("main;work 1\n");
  g_autoptr (GError) error = NULL;

  g_assert_true (hearth_verdict_check_comparable (p, "a.prof", p, "b.prof", &error));
  g_assert_no_error (error);
  g_assert_false (hearth_verdict_check_comparable (p, "a.prof", f, "b.folded", &error));
  g_assert_error (error, G_IO_ERROR, G_IO_ERROR_INVALID_ARGUMENT);
  g_assert_cmpstr (error->message, ==, "a.prof and b.folded cannot be compared: one is a "
                                       "deterministic profile, the other a sampled one");
}

int
main (int   argc,
      char *argv[])
{
  g_test_init (&argc, &argv, NULL);

  g_test_add_func ("/verdict/samples", test_samples);
  g_test_add_func ("/verdict/samples-edges", test_samples_edges);
  g_test_add_func ("/verdict/runs", test_runs);
  g_test_add_func ("/verdict/runs-one", test_runs_one);
  g_test_add_func ("/verdict/match-sampled", test_match_sampled);
  g_test_add_func ("/verdict/match-drawn", test_match_drawn);
  g_test_add_func ("/verdict/match-seconds", test_match_seconds);
  g_test_add_func ("/verdict/match-deterministic", test_match_deterministic);
  g_test_add_func ("/verdict/comparable", test_comparable);

  return g_test_run ();
}
