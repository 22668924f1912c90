/* test-profile.c: the profile model and its builder.
 *
 * Copyright 2026 The Hearth authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "hearth-hash.h"
#include "hearth-profile-private.h"
#include "hearth-test-util.h"

#include <glib/gstdio.h>
#include <math.h>
#include <string.h>
#include <sys/stat.h>

static void
test_hash_incremental (void)
{
  HearthHashKey key = { 1, 2 }, other = { 3, 4 };
  const char *text = "a moderately long string that spans several blocks";
  gsize len = strlen (text);

  for (gsize split = 0; split <= len; split++)
    {
      HearthHashState state;

      hearth_hash_init (&state, &key);
      hearth_hash_update (&state, text, split);
      hearth_hash_update (&state, text + split, len - split);
      g_assert_cmpuint (hearth_hash_finish (&state), ==, hearth_hash_bytes (&key, text, len));
    }

  g_assert_cmpuint (hearth_hash_bytes (&key, text, len), !=, hearth_hash_bytes (&other, text, len));
  g_assert_cmpuint (hearth_hash_bytes (&key, "", 0), !=, hearth_hash_bytes (&key, "a", 1));
}

/* The 128-bit products worked by hand, then the 32-bit way against the wide one. */
static void
test_hash_mum (void)
{
  const guint64 all = G_MAXUINT64, two32 = G_GUINT64_CONSTANT (1) << 32;
  guint64 a = G_GUINT64_CONSTANT (0x0123456789abcdef), b = G_GUINT64_CONSTANT (0xfedcba9876543210);

  g_assert_cmpuint (hearth_hash_mum (3, 5), ==, 15);
  g_assert_cmpuint (hearth_hash_mum (two32, two32), ==, 1);                 /* 2^64 */
  g_assert_cmpuint (hearth_hash_mum (G_GUINT64_CONSTANT (1) << 63, 4), ==, 2); /* 2^65 */
  /* (2^64 - 1)^2 = 2^128 - 2^65 + 1: high half 2^64 - 2, low half 1 */
  g_assert_cmpuint (hearth_hash_mum (all, all), ==, all);
  /* (2^64 - 1) * 2 = 2^65 - 2: high half 1, low half 2^64 - 2 */
  g_assert_cmpuint (hearth_hash_mum (all, 2), ==, all);
  g_assert_cmpuint (hearth_hash_mum (0, all), ==, 0);

  for (guint i = 0; i < 10000; i++)
    {
      g_assert_cmpuint (hearth_hash_mum_narrow (a, b), ==, hearth_hash_mum (a, b));
      a = a * G_GUINT64_CONSTANT (6364136223846793005) + 1442695040888963407;
      b ^= a >> (i % 61);
    }
}

/* Keyed: another key moves the same words elsewhere; the two halves of a pair do not
 * commute. */
static void
test_hash_word (void)
{
  HearthHashKey key = { 1, 2 }, other = { 3, 4 };
  guint seen_low = 0;

  g_assert_cmpuint (hearth_hash_word (&key, 7), ==, hearth_hash_word (&key, 7));
  g_assert_cmpuint (hearth_hash_word (&key, 7), !=, hearth_hash_word (&other, 7));
  g_assert_cmpuint (hearth_hash_word (&key, 7), !=, hearth_hash_word (&key, 8));
  g_assert_cmpuint (hearth_hash_word_pair (&key, 1, 2), !=, hearth_hash_word_pair (&key, 2, 1));
  g_assert_cmpuint (hearth_hash_word_pair (&key, 1, 2), !=, hearth_hash_word_pair (&other, 1, 2));

  /* consecutive ids, as node numbers are, spread over the low bits a table indexes by */
  for (guint64 w = 0; w < 64; w++)
    seen_low |= 1u << (hearth_hash_word (&key, w << 32) & 31);
  g_assert_cmpuint (__builtin_popcount (seen_low), >=, 24);
}

/* Pairs found again with their values, (a, b) apart from (b, a), pair (0, 0) and value 0
 * like any other. */
static void
test_pair_table_cases (void)
{
  HearthPairTable t;

  hearth_pair_table_init (&t);
  g_assert_cmpuint (hearth_pair_table_lookup (&t, 0, 0, 0), ==, G_MAXUINT);
  g_assert_cmpuint (hearth_pair_table_lookup (&t, 1, 2, 10), ==, G_MAXUINT);
  g_assert_cmpuint (hearth_pair_table_lookup (&t, 2, 1, 20), ==, G_MAXUINT);
  g_assert_cmpuint (hearth_pair_table_lookup (&t, 0, 0, 99), ==, 0);
  g_assert_cmpuint (hearth_pair_table_lookup (&t, 1, 2, 99), ==, 10);
  g_assert_cmpuint (hearth_pair_table_lookup (&t, 2, 1, 99), ==, 20);
  hearth_pair_table_insert_new (&t, G_MAXUINT32, G_MAXUINT32, G_MAXUINT - 1);
  g_assert_cmpuint (hearth_pair_table_lookup (&t, G_MAXUINT32, G_MAXUINT32, 5), ==,
                    G_MAXUINT - 1);
  g_assert_cmpuint (t.used, ==, 4);
  hearth_pair_table_clear (&t);
  g_assert_null (t.slots);
}

/* Pairs chosen to start at one slot: each is found past the others, with what it stored,
 * and a pair stored without a lookup is found behind them. */
static void
test_pair_table_collisions (void)
{
  HearthPairTable t;
  guint32 same[20];
  guint n = 0;

  hearth_pair_table_init (&t);
  t.key.k0 = 12345;
  t.key.k1 = 67890;
  for (guint32 second = 0; n < G_N_ELEMENTS (same); second++)
    if ((hearth_hash_word (&t.key, ((guint64) 7 << 32) | second) & t.mask) == 5)
      same[n++] = second;
  for (guint i = 0; i + 1 < n; i++)
    g_assert_cmpuint (hearth_pair_table_lookup (&t, 7, same[i], 100 + i), ==, G_MAXUINT);
  hearth_pair_table_insert_new (&t, 7, same[n - 1], 500);
  g_assert_cmpuint (t.mask, ==, 63);   /* 20 of 64: no growth yet */
  for (guint i = 0; i + 1 < n; i++)
    {
      g_assert_cmpuint (hearth_pair_table_lookup (&t, 7, same[i], 0), ==, 100 + i);
      g_assert_cmpuint (t.slots[(5 + i) & t.mask].second, ==, same[i]);
    }
  g_assert_cmpuint (hearth_pair_table_lookup (&t, 7, same[n - 1], 0), ==, 500);
  g_assert_cmpuint (t.slots[(5 + n - 1) & t.mask].second, ==, same[n - 1]);
  /* the same second id under another first is not among them */
  g_assert_cmpuint (hearth_pair_table_lookup (&t, 8, same[0], 1), ==, G_MAXUINT);
  g_assert_cmpuint (t.used, ==, n + 1);
  hearth_pair_table_clear (&t);
}

/* Past three quarters full the table doubles; every pair keeps its value through each
 * growth, stored by lookup or without one. */
static void
test_pair_table_growth (void)
{
  HearthPairTable t;
  const guint n = 200000;

  hearth_pair_table_init (&t);
  for (guint i = 0; i < n; i++)
    {
      if (i % 3 == 0)
        hearth_pair_table_insert_new (&t, i / 7, i, i * 2);
      else
        g_assert_cmpuint (hearth_pair_table_lookup (&t, i / 7, i, i * 2), ==, G_MAXUINT);
      g_assert_cmpuint (t.used * 4, <=, (t.mask + 1) * 3);
    }
  g_assert_cmpuint (t.used, ==, n);
  g_assert_cmpuint (t.mask + 1, ==, 1 << 19);   /* 200,000 > 3/4 of 2^18 */
  for (guint i = 0; i < n; i++)
    g_assert_cmpuint (hearth_pair_table_lookup (&t, i / 7, i, 1), ==, i * 2);
  g_assert_cmpuint (hearth_pair_table_lookup (&t, n, 0, 1), ==, G_MAXUINT);
  hearth_pair_table_clear (&t);
}

/* Every stored pair sits after an unbroken run of full slots from its home, so a lookup
 * reaches it; @n pairs are stored. */
static void
assert_pair_table_probing (const HearthPairTable *t,
                           gsize                  n)
{
  gsize full = 0;

  for (gsize j = 0; j <= t->mask; j++)
    {
      const HearthPairSlot *s = &t->slots[j];

      if (s->value == 0)
        continue;
      full++;
      guint64 hash = hearth_hash_word (&t->key, ((guint64) s->first << 32) | s->second);

      for (gsize k = hash & t->mask; k != j; k = (k + 1) & t->mask)
        g_assert_cmpuint (t->slots[k].value, !=, 0);
      g_assert_cmpuint (hearth_pair_table_find (t, s->first, s->second), ==, s->value - 1);
    }
  g_assert_cmpuint (full, ==, n);
  g_assert_cmpuint (t->used, ==, n);
}

/* A table grows where it lies: a run of slots wrapping around the end, pairs whose new home
 * is at the new end and pairs that stay in the lower half all come through two growths
 * findable, with their values. */
static void
test_pair_table_growth_in_place (void)
{
  HearthPairTable t;
  guint32 second = 0;
  guint n = 0;

  hearth_pair_table_init (&t);
  t.key.k0 = 424242;
  t.key.k1 = 171717;
  /* homes 62 and 63 of 64: four of them end at the new end (126, 127), four stay low */
  for (guint high = 0, low = 0; high < 4 || low < 4; second++)
    {
      guint64 h = hearth_hash_word (&t.key, ((guint64) 3 << 32) | second);

      if ((h & 63) < 62 || ((h & 64) ? high >= 4 : low >= 4))
        continue;
      (h & 64) ? high++ : low++;
      hearth_pair_table_insert_new (&t, 3, second, 1000 + n++);
    }
  /* also at home 127 of 128 after growing, to fill the new end */
  for (guint k = 0; k < 3; second++)
    if ((hearth_hash_word (&t.key, ((guint64) 3 << 32) | second) & 127) == 127)
      {
        hearth_pair_table_insert_new (&t, 3, second, 1000 + n++);
        k++;
      }
  g_assert_cmpuint (t.mask, ==, 63);
  g_assert_cmpuint (t.slots[0].value, !=, 0);   /* the run wraps around the end */
  assert_pair_table_probing (&t, n);

  for (guint32 i = 0; t.mask == 63; i++)
    g_assert_cmpuint (hearth_pair_table_lookup (&t, 9, i, 1000 + n++), ==, G_MAXUINT);
  g_assert_cmpuint (t.mask, ==, 127);
  assert_pair_table_probing (&t, n);
  for (guint32 i = 0; t.mask == 127; i++)
    hearth_pair_table_insert_new (&t, 11, i, 1000 + n++);
  g_assert_cmpuint (t.mask, ==, 255);
  assert_pair_table_probing (&t, n);
  hearth_pair_table_clear (&t);
}

/* Runs of inserts and lookups (slots fetched ahead, the table grown first) agree with one
 * call per pair, through growths. */
static void
test_pair_table_runs (void)
{
  const guint n = 5000;
  g_autofree guint32 *triples = g_new (guint32, 3 * n);
  g_autofree guint32 *pairs = g_new (guint32, 4 * n);
  g_autofree guint *values = g_new (guint, 2 * n);
  HearthPairTable t;

  hearth_pair_table_init (&t);
  for (guint i = 0; i < n; i++)
    {
      triples[3 * i] = i % 13;
      triples[3 * i + 1] = i;
      triples[3 * i + 2] = 100 + i;
    }
  hearth_pair_table_insert_new_run (&t, triples, 0);
  g_assert_cmpuint (t.used, ==, 0);
  hearth_pair_table_insert_new_run (&t, triples, 17);
  hearth_pair_table_insert_new_run (&t, triples + 3 * 17, n - 17);
  g_assert_cmpuint (t.used, ==, n);
  g_assert_cmpuint (t.mask + 1, ==, 8192);
  for (guint i = 0; i < n; i++)
    {
      /* each pair, then one never stored */
      pairs[4 * i] = i % 13;
      pairs[4 * i + 1] = i;
      pairs[4 * i + 2] = i % 13 + 13;
      pairs[4 * i + 3] = i;
    }
  hearth_pair_table_find_run (&t, pairs, 2 * n, values);
  for (guint i = 0; i < n; i++)
    {
      g_assert_cmpuint (values[2 * i], ==, 100 + i);
      g_assert_cmpuint (values[2 * i + 1], ==, G_MAXUINT);
      g_assert_cmpuint (hearth_pair_table_find (&t, i % 13, i), ==, 100 + i);
    }
  hearth_pair_table_find_run (&t, pairs, 0, values);
  g_assert_cmpuint (hearth_pair_table_lookup (&t, 3, 3, 1), ==, 103);
  g_assert_cmpuint (t.used, ==, n);
  hearth_pair_table_clear (&t);
}

/* A run of lookups gives what one lookup per pair gives, in order: pairs found (stored
 * before the run, or earlier in it), new ones numbered in turn, through growths of the table
 * in the middle of the run. */
static void
test_pair_table_lookup_run (void)
{
  const guint n = 20000;
  g_autofree guint32 *pairs = g_new (guint32, 2 * n);
  g_autofree guint *values = g_new (guint, n);
  HearthPairTable run, one;
  guint next = 1000, n_new = 0;

  hearth_pair_table_init (&run);
  hearth_pair_table_init (&one);
  for (guint i = 0; i < 40; i++)
    {
      hearth_pair_table_insert_new (&run, i, i, 500 + i);
      hearth_pair_table_insert_new (&one, i, i, 500 + i);
    }
  for (guint i = 0; i < n; i++)
    {
      /* 9001 pairs in turn, over and over: 40 of them stored before the run */
      pairs[2 * i] = (i * 7919u) % 9001u % 97u;
      pairs[2 * i + 1] = (i * 7919u) % 9001u / 97u;
    }
  g_assert_cmpuint (hearth_pair_table_lookup_run (&run, pairs, 0, next, values), ==, 0);
  g_assert_cmpuint (hearth_pair_table_lookup_run (&run, pairs, n, next, values), ==, 9001 - 40);
  for (guint i = 0; i < n; i++)
    {
      guint v = hearth_pair_table_lookup (&one, pairs[2 * i], pairs[2 * i + 1], next);

      if (v == G_MAXUINT)
        {
          v = next++;
          n_new++;
        }
      g_assert_cmpuint (values[i], ==, v);
    }
  g_assert_cmpuint (n_new, ==, 9001 - 40);
  g_assert_cmpuint (run.used, ==, one.used);
  g_assert_cmpuint (run.mask, ==, one.mask);
  g_assert_cmpuint (run.mask + 1, >, 64 * 64);   /* it grew many times */
  g_assert_cmpuint (values[0], ==, 500);   /* (0, 0), stored before the run */
  g_assert_cmpuint (values[1], ==, 1000);  /* the first new pair */
  hearth_pair_table_clear (&run);
  hearth_pair_table_clear (&one);
}

static HearthProfile *
new_sampled_profile (void)
{
  return _hearth_profile_new (HEARTH_FORMAT_FOLDED, HEARTH_KIND_SAMPLED, HEARTH_UNIT_SAMPLES);
}

/* A trie added in one go makes the nodes that one lookup per node makes: known stacks found,
 * children of new nodes appended, in order. */
static void
test_stack_add_trie (void)
{
  g_autoptr (HearthProfile) bulk = new_sampled_profile ();
  g_autoptr (HearthProfile) one = new_sampled_profile ();
  HearthProfile *both[] = { bulk, one };
  /* keys 0..3 are functions a, b, c, d; a;b and a;c are known before */
  const guint32 pairs[] = {
    0, 0,   /* node 0: unused */
    0, 0,   /* 1: a (known) */
    1, 1,   /* 2: a;b (known) */
    2, 3,   /* 3: a;b;d (new) */
    3, 2,   /* 4: a;b;d;c (new, below a new node) */
    1, 3,   /* 5: a;d (new) */
    0, 1,   /* 6: b (new) */
    6, 1,   /* 7: b;b (new) */
    1, 2,   /* 8: a;c (known) */
  };
  const guint expected[] = { 0, 1, 2, 4, 5, 6, 7, 8, 3 };
  guint functions[4], node_map[9] = { 0 }, one_map[9] = { 0 };
  const HearthStackNode *nodes;
  guint n_nodes;

  for (guint p = 0; p < 2; p++)
    {
      guint a, b, c;

      for (guint f = 0; f < 4; f++)
        {
          char frame[2] = { (char) ('a' + f), 0 };

          functions[f] = _hearth_profile_intern_frame (both[p], frame, "", 0, frame);
        }
      a = _hearth_profile_stack_child (both[p], 0, functions[0]);
      b = _hearth_profile_stack_child (both[p], a, functions[1]);
      c = _hearth_profile_stack_child (both[p], a, functions[2]);
      g_assert_cmpuint (a, ==, 1);
      g_assert_cmpuint (b, ==, 2);
      g_assert_cmpuint (c, ==, 3);
    }

  _hearth_profile_stack_add_trie (bulk, pairs, 9, functions, node_map);
  for (guint i = 1; i < 9; i++)
    one_map[i] = _hearth_profile_stack_child (one, one_map[pairs[2 * i]], functions[pairs[2 * i + 1]]);
  for (guint i = 0; i < 9; i++)
    {
      g_assert_cmpuint (node_map[i], ==, expected[i]);
      g_assert_cmpuint (one_map[i], ==, expected[i]);
    }
  nodes = hearth_profile_get_stack_nodes (bulk, &n_nodes);
  g_assert_cmpuint (n_nodes, ==, 9);
  g_assert_cmpuint (nodes[4].parent, ==, 2);
  g_assert_cmpuint (nodes[4].function, ==, functions[3]);
  g_assert_cmpuint (nodes[5].parent, ==, 4);
  g_assert_cmpuint (nodes[5].function, ==, functions[2]);
  g_assert_cmpuint (nodes[8].parent, ==, 7);
  g_assert_cmpuint (nodes[8].function, ==, functions[1]);
  /* a later lookup finds what the bulk add stored without one */
  g_assert_cmpuint (_hearth_profile_stack_child (bulk, 4, functions[2]), ==, 5);
  g_assert_cmpuint (_hearth_profile_stack_child (bulk, 7, functions[1]), ==, 8);
  g_assert_cmpuint (_hearth_profile_get_n_stack_nodes (bulk), ==, 9);

  {
    /* a second add finds, four deep, what the first made, and goes on below it */
    const guint32 deeper[] = { 0, 0,  0, 0,  1, 1,  2, 3,  3, 2,  4, 0 };
    const guint deeper_expected[] = { 0, 1, 2, 4, 5, 9 };
    guint deeper_map[6] = { 0 };

    _hearth_profile_stack_add_trie (bulk, deeper, 6, functions, deeper_map);
    for (guint i = 0; i < 6; i++)
      g_assert_cmpuint (deeper_map[i], ==, deeper_expected[i]);
    g_assert_cmpuint (_hearth_profile_stack_child (bulk, 5, functions[0]), ==, 9);
    g_assert_cmpuint (_hearth_profile_get_n_stack_nodes (bulk), ==, 10);
  }
}

/* Random tries, each added in one go to one profile and a node at a time to another, over
 * many rounds (nodes of one child, of many, children added to old nodes and new ones):
 * both give every node the same number. */
static void
test_stack_add_trie_random (void)
{
  g_autoptr (HearthProfile) bulk = new_sampled_profile ();
  g_autoptr (HearthProfile) one = new_sampled_profile ();
  g_autoptr (GRand) rand = g_rand_new_with_seed (20261202);
  guint functions[12];

  for (guint f = 0; f < G_N_ELEMENTS (functions); f++)
    {
      g_autofree char *frame = g_strdup_printf ("f%u", f);

      functions[f] = _hearth_profile_intern_frame (bulk, frame, "", 0, frame);
      g_assert_cmpuint (_hearth_profile_intern_frame (one, frame, "", 0, frame), ==,
                        functions[f]);
    }
  for (guint round = 0; round < 200; round++)
    {
      guint n = g_rand_int_range (rand, 1, 60);
      g_autofree guint32 *pairs = g_new0 (guint32, 2 * n);
      g_autofree guint *bulk_map = g_new0 (guint, n);
      g_autofree guint *one_map = g_new0 (guint, n);

      /* a trie of distinct (parent, key) pairs, parents numbered first; few keys near the
       * root, so that old nodes are found again */
      for (guint i = 1; i < n; i++)
        {
          gboolean taken;

          do
            {
              pairs[2 * i] = g_rand_int_range (rand, 0, i);
              pairs[2 * i + 1] = g_rand_int_range (rand, 0, pairs[2 * i] == 0 ? 3 : 12);
              taken = FALSE;
              for (guint k = 1; k < i && !taken; k++)
                taken = pairs[2 * k] == pairs[2 * i] && pairs[2 * k + 1] == pairs[2 * i + 1];
            }
          while (taken);
        }
      _hearth_profile_stack_add_trie (bulk, pairs, n, functions, bulk_map);
      for (guint i = 1; i < n; i++)
        one_map[i] = _hearth_profile_stack_child (one, one_map[pairs[2 * i]],
                                                  functions[pairs[2 * i + 1]]);
      for (guint i = 0; i < n; i++)
        g_assert_cmpuint (bulk_map[i], ==, one_map[i]);
      g_assert_cmpuint (_hearth_profile_get_n_stack_nodes (bulk), ==,
                        _hearth_profile_get_n_stack_nodes (one));
    }
  /* and every node is found again, by either way in */
  for (guint i = 1; i < _hearth_profile_get_n_stack_nodes (one); i++)
    {
      guint n_nodes;
      const HearthStackNode *nodes = hearth_profile_get_stack_nodes (one, &n_nodes);
      guint parent = nodes[i].parent, function = nodes[i].function;

      g_assert_cmpuint (_hearth_profile_stack_child (bulk, parent, function), ==, i);
      g_assert_cmpuint (_hearth_profile_stack_child (one, parent, function), ==, i);
    }
  g_assert_cmpuint (_hearth_profile_get_n_stack_nodes (bulk), >, 2000);
}

static void
test_intern (void)
{
  g_autoptr (HearthProfile) p = _hearth_profile_new (HEARTH_FORMAT_PSTATS,
                                                     HEARTH_KIND_DETERMINISTIC,
                                                     HEARTH_UNIT_SECONDS);
  guint a = _hearth_profile_intern_function (p, "app.py", 10, "main");
  guint b = _hearth_profile_intern_function (p, "app.py", 20, "main");
  guint a2 = _hearth_profile_intern_function (p, "app.py", 10, "main");
  guint c = _hearth_profile_intern_function (p, "~", 0, "<built-in method builtins.exec>");

  g_assert_cmpuint (a, ==, a2);
  g_assert_cmpuint (a, !=, b);
  g_assert_cmpuint (c, ==, 2);

  /* many keys force the tables to grow several times */
  for (guint i = 0; i < 5000; i++)
    {
      g_autofree char *name = g_strdup_printf ("f%u", i);

      g_assert_cmpuint (_hearth_profile_intern_function (p, "big.py", i, name), ==, 3 + i);
    }
  for (guint i = 0; i < 5000; i++)
    {
      g_autofree char *name = g_strdup_printf ("f%u", i);

      g_assert_cmpuint (_hearth_profile_intern_function (p, "big.py", i, name), ==, 3 + i);
    }

  _hearth_profile_set_numbers (p, a, 1, 1, 0.25, 1.5);
  _hearth_profile_finish (p);

  g_assert_cmpint (hearth_profile_lookup (p, "app.py", 10, "main"), ==, (gint) a);
  g_assert_cmpint (hearth_profile_lookup (p, "app.py", 11, "main"), ==, -1);
  g_assert_true (hearth_profile_get_function (p, a)->listed);
  g_assert_false (hearth_profile_get_function (p, b)->listed);
  g_assert_cmpfloat (hearth_profile_get_total (p), ==, 0.25);
  g_assert_false (hearth_profile_has_stacks (p));
  g_assert_nonnull (hearth_profile_get_warnings (p));
  g_assert_null (hearth_profile_get_warnings (p)[0]);
}

/* Python's dict keeps the last value of a duplicate key: a repeated function replaces its
 * callers, and a repeated caller inside one callers dict replaces the edge. */
static void
test_edges_last_wins (void)
{
  g_autoptr (HearthProfile) p = _hearth_profile_new (HEARTH_FORMAT_PSTATS,
                                                     HEARTH_KIND_DETERMINISTIC,
                                                     HEARTH_UNIT_SECONDS);
  guint main_f = _hearth_profile_intern_function (p, "a.py", 1, "main");
  guint work = _hearth_profile_intern_function (p, "a.py", 5, "work");
  guint help = _hearth_profile_intern_function (p, "a.py", 9, "help");
  const guint *idx;
  guint n;

  _hearth_profile_set_numbers (p, help, 2, 2, 1.0, 1.0);
  _hearth_profile_set_edge (p, main_f, help, 1, 1, 0.5, 0.5);
  _hearth_profile_set_edge (p, work, help, 1, 1, 0.5, 0.5);
  /* the key again: its first callers are void */
  _hearth_profile_clear_callers (p, help);
  _hearth_profile_set_numbers (p, help, 3, 3, 3.0, 3.0);
  _hearth_profile_set_edge (p, work, help, 1, 1, 1.0, 1.0);
  _hearth_profile_set_edge (p, work, help, 3, 3, 3.0, 3.0);
  _hearth_profile_set_numbers (p, work, 1, 1, 1.0, 4.0);
  _hearth_profile_set_edge (p, main_f, work, 1, 1, 1.0, 4.0);
  _hearth_profile_finish (p);

  g_assert_cmpuint (hearth_profile_get_n_edges (p), ==, 2);

  idx = hearth_profile_get_callers (p, help, &n);
  g_assert_cmpuint (n, ==, 1);
  g_assert_cmpuint (hearth_profile_get_edge (p, idx[0])->caller, ==, work);
  g_assert_cmpint (hearth_profile_get_edge (p, idx[0])->calls, ==, 3);
  g_assert_cmpfloat (hearth_profile_get_edge (p, idx[0])->cum, ==, 3.0);

  idx = hearth_profile_get_callees (p, main_f, &n);
  g_assert_cmpuint (n, ==, 1);
  g_assert_cmpuint (hearth_profile_get_edge (p, idx[0])->callee, ==, work);

  idx = hearth_profile_get_callees (p, work, &n);
  g_assert_cmpuint (n, ==, 1);
  hearth_profile_get_callers (p, main_f, &n);
  g_assert_cmpuint (n, ==, 0);
  g_assert_cmpfloat (hearth_profile_get_total (p), ==, 4.0);
}

/* Stacks a;b;c 3, a;b 2, a;a 1: own, cumulative (once per stack) and edges by hand. */
static void
test_stacks_derive (void)
{
  g_autoptr (HearthProfile) p = _hearth_profile_new (HEARTH_FORMAT_FOLDED,
                                                     HEARTH_KIND_SAMPLED,
                                                     HEARTH_UNIT_SAMPLES);
  guint a = _hearth_profile_intern_frame (p, "a (x.py:1)", "x.py", 1, "a");
  guint b = _hearth_profile_intern_frame (p, "b", "", 0, "b");
  guint c = _hearth_profile_intern_frame (p, "c", "", 0, "c");
  guint s1[] = { a, b, c }, s2[] = { a, b }, s3[] = { a, a };
  const HearthStackNode *nodes;
  const HearthFunction *f;
  const guint *idx;
  guint n, depth;

  g_assert_cmpuint (_hearth_profile_intern_frame (p, "a (x.py:1)", "ignored", 7, "z"), ==, a);
  _hearth_profile_add_stack (p, s1, 3, 3);
  _hearth_profile_add_stack (p, s2, 2, 2);
  _hearth_profile_add_stack (p, s3, 2, 1);
  _hearth_profile_finish (p);

  g_assert_true (hearth_profile_has_stacks (p));
  g_assert_cmpuint (hearth_profile_get_n_stacks (p), ==, 3);
  /* nodes a, a;b, a;b;c (3 and 2 end there), then a;a (1) */
  nodes = hearth_profile_get_stack_nodes (p, &depth);
  g_assert_cmpuint (depth, ==, 5);
  g_assert_cmpuint (nodes[2].n_stacks, ==, 1);
  g_assert_cmpfloat (nodes[2].weight, ==, 2);
  g_assert_cmpuint (nodes[4].parent, ==, 1);
  g_assert_cmpuint (nodes[4].function, ==, a);
  g_assert_cmpfloat (nodes[4].weight, ==, 1);
  g_assert_cmpfloat (hearth_profile_get_total (p), ==, 6);

  f = hearth_profile_get_function (p, a);
  g_assert_cmpstr (f->file, ==, "x.py");
  g_assert_cmpstr (f->frame, ==, "a (x.py:1)");
  g_assert_cmpfloat (f->cum, ==, 6);
  g_assert_cmpfloat (f->own, ==, 1);
  g_assert_cmpint (f->calls, ==, 6);
  f = hearth_profile_get_function (p, b);
  g_assert_cmpfloat (f->cum, ==, 5);
  g_assert_cmpfloat (f->own, ==, 2);

  g_assert_cmpuint (hearth_profile_get_n_edges (p), ==, 3);
  idx = hearth_profile_get_callees (p, a, &n);
  g_assert_cmpuint (n, ==, 2);
  for (guint i = 0; i < n; i++)
    {
      const HearthEdge *e = hearth_profile_get_edge (p, idx[i]);

      if (e->callee == b)
        {
          g_assert_cmpfloat (e->cum, ==, 5);
          g_assert_cmpfloat (e->own, ==, 2);
        }
      else
        {
          g_assert_cmpuint (e->callee, ==, a);
          g_assert_cmpfloat (e->cum, ==, 1);
        }
    }
  idx = hearth_profile_get_callers (p, c, &n);
  g_assert_cmpuint (n, ==, 1);
  g_assert_cmpfloat (hearth_profile_get_edge (p, idx[0])->cum, ==, 3);
}

static void
test_warnings_and_clamp (void)
{
  g_autoptr (HearthProfile) p = _hearth_profile_new (HEARTH_FORMAT_PSTATS,
                                                     HEARTH_KIND_DETERMINISTIC,
                                                     HEARTH_UNIT_SECONDS);
  guint f = _hearth_profile_intern_function (p, "w.py", 1, "nan");
  guint g = _hearth_profile_intern_function (p, "w.py", 2, "neg");

  _hearth_profile_set_numbers (p, f, 1, 1, NAN, INFINITY);
  _hearth_profile_set_numbers (p, g, 1, 1, -2.0, 1.0);
  _hearth_profile_add_warning (p, "%d odd values", 3);
  _hearth_profile_finish (p);

  g_assert_cmpstr (hearth_profile_get_warnings (p)[0], ==, "3 odd values");
  g_assert_null (hearth_profile_get_warnings (p)[1]);
  g_assert_cmpfloat (hearth_profile_get_total (p), ==, 0);
  g_assert_true (isnan (hearth_profile_get_function (p, f)->own));
  g_assert_cmpfloat (hearth_profile_clamp (NAN), ==, 0);
  g_assert_cmpfloat (hearth_profile_clamp (INFINITY), ==, 0);
  g_assert_cmpfloat (hearth_profile_clamp (-1), ==, 0);
  g_assert_cmpfloat (hearth_profile_clamp (0.5), ==, 0.5);
}

/* Sums of huge weights stop at G_MAXDOUBLE with a warning, rather than reaching inf. */
static void
test_saturate (void)
{
  g_autoptr (HearthProfile) p = _hearth_profile_new (HEARTH_FORMAT_SPEEDSCOPE,
                                                     HEARTH_KIND_SAMPLED, HEARTH_UNIT_SECONDS);
  guint a = _hearth_profile_intern_frame (p, "a", "", 0, "a");
  guint b = _hearth_profile_intern_frame (p, "b", "", 0, "b");
  guint s1[] = { a }, s2[] = { a, b };

  _hearth_profile_add_stack (p, s1, 1, 1.7e308);
  _hearth_profile_add_stack (p, s2, 2, 1.7e308);
  _hearth_profile_finish (p);

  g_assert_cmpfloat (hearth_profile_get_total (p), ==, G_MAXDOUBLE);
  g_assert_cmpfloat (hearth_test_find_frame (p, "a")->cum, ==, G_MAXDOUBLE);
  g_assert_cmpfloat (hearth_test_find_frame (p, "b")->cum, ==, 1.7e308);
  g_assert_cmpuint (hearth_test_n_warnings (p), ==, 1);
  g_assert_nonnull (strstr (hearth_profile_get_warnings (p)[0], "capped"));
}

/* Counts add up as integers: exact past 2^53, where doubles round. */
static void
test_total_count (void)
{
  g_autoptr (HearthProfile) p = _hearth_profile_new (HEARTH_FORMAT_FOLDED,
                                                     HEARTH_KIND_SAMPLED, HEARTH_UNIT_SAMPLES);
  g_autoptr (HearthProfile) times = _hearth_profile_new (HEARTH_FORMAT_FOLDED,
                                                         HEARTH_KIND_SAMPLED,
                                                         HEARTH_UNIT_SAMPLES);
  guint a = _hearth_profile_intern_frame (p, "a", "", 0, "a");
  guint t = _hearth_profile_intern_frame (times, "t", "", 0, "t");
  guint64 count = 0;

  _hearth_profile_add_stack (p, &a, 1, 9007199254740992.0);  /* 2^53 */
  _hearth_profile_add_stack (p, &a, 1, 1);
  _hearth_profile_add_stack (p, &a, 1, 90486853312.0);
  _hearth_profile_finish (p);
  g_assert_true (hearth_profile_get_total_count (p, &count));
  g_assert_cmpuint (count, ==, G_GUINT64_CONSTANT (9007199254740993) + 90486853312);

  _hearth_profile_add_stack (times, &t, 1, 0.5);
  _hearth_profile_finish (times);
  g_assert_false (hearth_profile_get_total_count (times, &count));
}

static HearthProfile *
load_bytes (const void  *data,
            gsize        len,
            GError     **error)
{
  g_autoptr (GBytes) bytes = g_bytes_new (data, len);

  return hearth_profile_load_bytes (bytes, "in", error);
}

/* UTF-16 with a byte-order mark, either way round, reads as its UTF-8. */
static void
test_load_utf16 (void)
{
  static const char le[] = "\xff\xfe" "m\0a\0i\0n\0;\0w\0 \0" "3\0\n\0";
  static const char be[] = "\xfe\xff" "\0m\0a\0i\0n\0;\0w\0 \0" "3\0\n";
  const char *texts[] = { le, be };
  gsize lens[] = { sizeof le - 1, sizeof be - 1 };

  for (guint i = 0; i < G_N_ELEMENTS (texts); i++)
    {
      g_autoptr (GError) error = NULL;
      g_autoptr (HearthProfile) p = load_bytes (texts[i], lens[i], &error);

      g_assert_no_error (error);
      g_assert_cmpint (hearth_profile_get_format (p), ==, HEARTH_FORMAT_FOLDED);
      g_assert_cmpfloat (hearth_test_find_frame (p, "w")->cum, ==, 3);
      g_assert_cmpfloat (hearth_test_find_frame (p, "main")->cum, ==, 3);
    }
}

/* What is none of the formats says so, and a marshalled non-dict names what it holds. */
static void
test_load_not_a_profile (void)
{
  static const guint8 elf[] = { 0x7f, 'E', 'L', 'F', 2, 1, 1, 0, 0, 0, 0, 0, 'a', ' ', '1' };
  static const guint8 list[] = { 0xdb, 2, 0, 0, 0, 0xe9, 1, 0, 0, 0, 0xe9, 2, 0, 0, 0 };
  static const guint8 plain_list[] = { '[', 1, 0, 0, 0, 'N' };
  g_autoptr (GError) error = NULL;
  g_autoptr (HearthProfile) text = NULL;

  g_assert_null (load_bytes (elf, sizeof elf, &error));
  g_assert_error (error, HEARTH_PROFILE_ERROR, HEARTH_PROFILE_ERROR_UNSUPPORTED);
  g_assert_true (g_str_has_prefix (error->message, "in: not a profile: "));
  g_clear_error (&error);

  g_assert_null (load_bytes (list, sizeof list, &error));
  g_assert_cmpstr (error->message, ==, "in: a pstats file holds a dict; this one holds a list");
  g_clear_error (&error);
  g_assert_null (load_bytes (plain_list, sizeof plain_list, &error));
  g_assert_cmpstr (error->message, ==, "in: a pstats file holds a dict; this one holds a list");
  g_clear_error (&error);

  /* text that starts like those is text */
  text = load_bytes ("[unknown];main 1\n", 17, &error);
  g_assert_no_error (error);
  g_assert_nonnull (hearth_test_find_frame (text, "[unknown]"));
}

/* A FIFO (no writer) and a folder are refused at once, by name. */
static void
test_load_not_regular (void)
{
  g_autofree char *dir = g_dir_make_tmp ("hearth-test-XXXXXX", NULL);
  g_autofree char *fifo = g_build_filename (dir, "fifo", NULL);
  g_autofree char *expected = g_strdup_printf ("%s: not a regular file", fifo);
  g_autoptr (GError) error = NULL;

  g_assert_cmpint (mkfifo (fifo, 0600), ==, 0);
  g_assert_null (hearth_profile_load_path (fifo, &error));
  g_assert_error (error, HEARTH_PROFILE_ERROR, HEARTH_PROFILE_ERROR_IO);
  g_assert_true (g_str_has_prefix (error->message, expected));
  g_clear_error (&error);

  g_assert_null (hearth_profile_load_path (dir, &error));
  g_assert_error (error, HEARTH_PROFILE_ERROR, HEARTH_PROFILE_ERROR_IO);
  g_assert_true (g_str_has_suffix (error->message, "is a folder, not a profile file"));

  g_unlink (fifo);
  g_rmdir (dir);
}

int
main (int   argc,
      char *argv[])
{
  g_test_init (&argc, &argv, NULL);

  g_test_add_func ("/profile/hash/incremental", test_hash_incremental);
  g_test_add_func ("/profile/hash/mum", test_hash_mum);
  g_test_add_func ("/profile/hash/word", test_hash_word);
  g_test_add_func ("/profile/pair-table/cases", test_pair_table_cases);
  g_test_add_func ("/profile/pair-table/collisions", test_pair_table_collisions);
  g_test_add_func ("/profile/pair-table/growth", test_pair_table_growth);
  g_test_add_func ("/profile/pair-table/growth-in-place", test_pair_table_growth_in_place);
  g_test_add_func ("/profile/pair-table/runs", test_pair_table_runs);
  g_test_add_func ("/profile/pair-table/lookup-run", test_pair_table_lookup_run);
  g_test_add_func ("/profile/stacks/add-trie", test_stack_add_trie);
  g_test_add_func ("/profile/stacks/add-trie-random", test_stack_add_trie_random);
  g_test_add_func ("/profile/intern", test_intern);
  g_test_add_func ("/profile/edges/last-wins", test_edges_last_wins);
  g_test_add_func ("/profile/stacks/derive", test_stacks_derive);
  g_test_add_func ("/profile/warnings-and-clamp", test_warnings_and_clamp);
  g_test_add_func ("/profile/saturate", test_saturate);
  g_test_add_func ("/profile/total-count", test_total_count);
  g_test_add_func ("/loader/utf16", test_load_utf16);
  g_test_add_func ("/loader/not-a-profile", test_load_not_a_profile);
  g_test_add_func ("/loader/not-regular", test_load_not_regular);

  return g_test_run ();
}
