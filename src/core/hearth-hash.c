/* hearth-hash.c
 *
 * Copyright 2026 The Hearth authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "hearth-hash.h"

#include <string.h>
#include <sys/mman.h>
#include <unistd.h>
#ifdef __GLIBC__
#include <malloc.h>
#endif

#define ROTL(x, b) (guint64) (((x) << (b)) | ((x) >> (64 - (b))))

static inline void
sip_round (HearthHashState *s)
{
  s->v0 += s->v1; s->v1 = ROTL (s->v1, 13); s->v1 ^= s->v0; s->v0 = ROTL (s->v0, 32);
  s->v2 += s->v3; s->v3 = ROTL (s->v3, 16); s->v3 ^= s->v2;
  s->v0 += s->v3; s->v3 = ROTL (s->v3, 21); s->v3 ^= s->v0;
  s->v2 += s->v1; s->v1 = ROTL (s->v1, 17); s->v1 ^= s->v2; s->v2 = ROTL (s->v2, 32);
}

static inline void
sip_block (HearthHashState *s,
           guint64          m)
{
  s->v3 ^= m;
  sip_round (s);
  s->v0 ^= m;
}

/* The last block: the length's low byte on top of the 0 to 7 bytes left. */
static inline guint64
sip_last_block (const guint8 *p,
                gsize         left,
                gsize         length)
{
  guint64 b = (guint64) length << 56;

  for (gsize i = 0; i < left; i++)
    b |= (guint64) p[i] << (8 * i);
  return b;
}

/* Inline where the whole hash is taken at once, so the state can stay in registers. */
static inline void
sip_init (HearthHashState     *s,
          const HearthHashKey *key)
{
  s->v0 = key->k0 ^ G_GUINT64_CONSTANT (0x736f6d6570736575);
  s->v1 = key->k1 ^ G_GUINT64_CONSTANT (0x646f72616e646f6d);
  s->v2 = key->k0 ^ G_GUINT64_CONSTANT (0x6c7967656e657261);
  s->v3 = key->k1 ^ G_GUINT64_CONSTANT (0x7465646279746573);
  s->tail = 0;
  s->length = 0;
}

static inline guint64
sip_finish (HearthHashState *s,
            guint64          b)
{
  sip_block (s, b);
  s->v2 ^= 0xff;
  sip_round (s);
  sip_round (s);
  sip_round (s);

  return s->v0 ^ s->v1 ^ s->v2 ^ s->v3;
}

/**
 * hearth_hash_key_init_random:
 * @key: (out): the key to fill
 *
 * Fills @key from GLib's random source, different in every process and table.
 */
void
hearth_hash_key_init_random (HearthHashKey *key)
{
  key->k0 = ((guint64) g_random_int () << 32) | g_random_int ();
  key->k1 = ((guint64) g_random_int () << 32) | g_random_int ();
}

/**
 * hearth_hash_init:
 * @state: (out): the state to start
 * @key: the table's key
 */
void
hearth_hash_init (HearthHashState     *state,
                  const HearthHashKey *key)
{
  sip_init (state, key);
}

/**
 * hearth_hash_update:
 * @state: a started state
 * @data: bytes to add
 * @length: how many
 */
void
hearth_hash_update (HearthHashState *state,
                    const void      *data,
                    gsize            length)
{
  const guint8 *p = data;

  while (length > 0 && (state->length & 7) != 0)
    {
      state->tail |= (guint64) *p++ << (8 * (state->length & 7));
      state->length++;
      length--;
      if ((state->length & 7) == 0)
        {
          sip_block (state, state->tail);
          state->tail = 0;
        }
    }

  while (length >= 8)
    {
      guint64 m;

      memcpy (&m, p, 8);
      sip_block (state, GUINT64_FROM_LE (m));
      p += 8;
      length -= 8;
      state->length += 8;
    }

  while (length > 0)
    {
      state->tail |= (guint64) *p++ << (8 * (state->length & 7));
      state->length++;
      length--;
    }
}

/**
 * hearth_hash_finish:
 * @state: a started state
 *
 * Returns: the hash of everything added
 */
guint64
hearth_hash_finish (HearthHashState *state)
{
  return sip_finish (state, ((guint64) state->length << 56) | state->tail);
}

/**
 * hearth_hash_bytes:
 * @key: the table's key
 * @data: bytes
 * @length: how many
 *
 * The same as hearth_hash_init(), hearth_hash_update() and hearth_hash_finish() in one go,
 * without the bookkeeping of a stream: this is what string tables call.
 *
 * Returns: the keyed hash of @data
 */
guint64
hearth_hash_bytes (const HearthHashKey *key,
                   const void          *data,
                   gsize                length)
{
  HearthHashState state;
  const guint8 *p = data;
  gsize left = length;

  sip_init (&state, key);
  for (; left >= 8; p += 8, left -= 8)
    {
      guint64 m;

      memcpy (&m, p, 8);
      sip_block (&state, GUINT64_FROM_LE (m));
    }
  return sip_finish (&state, sip_last_block (p, left, length));
}

/**
 * hearth_hash_words:
 * @key: the table's key
 * @words: 64-bit numbers
 * @n_words: how many
 *
 * Hashes a key made of numbers (interned ids, line numbers) as fast as SipHash goes.
 *
 * Returns: the same as hearth_hash_bytes() on @words stored little-endian
 */
guint64
hearth_hash_words (const HearthHashKey *key,
                   const guint64       *words,
                   gsize                n_words)
{
  HearthHashState state;

  sip_init (&state, key);
  for (gsize i = 0; i < n_words; i++)
    sip_block (&state, words[i]);
  return sip_finish (&state, (guint64) (n_words * 8) << 56);
}

#define HUGE_PAGE ((gsize) 2 << 20)

/* how many pairs ahead a run of lookups or inserts fetches slots */
#define PAIR_RUN_AHEAD 16

/**
 * hearth_memory_advise_large:
 * @mem: the start of a block from g_malloc () and the like
 * @bytes: its size
 *
 * Asks for the pages of a large array read at random (a table of millions of slots, a large
 * profile's functions) to be huge pages where the system has them: the reads then stop
 * missing the TLB nearly every time. Only a hint, for the pages not yet touched; arrays
 * under 8 MB are left alone. The hint covers every page of the block, not only its whole
 * huge pages: a block mapped on its own then stays one mapping, which g_realloc () grows or
 * moves without a copy (mremap () fails on a range of several mappings, and the block would
 * be copied at every doubling).
 */
void
hearth_memory_advise_large (gpointer mem,
                             gsize    bytes)
{
#ifdef MADV_HUGEPAGE
  guintptr page = (guintptr) sysconf (_SC_PAGESIZE), start, end;

  if (bytes < 4 * HUGE_PAGE)
    return;
#ifdef __GLIBC__
  bytes = MAX (bytes, malloc_usable_size (mem));
#endif
  start = (guintptr) mem & ~(page - 1);
  end = ((guintptr) mem + bytes + page - 1) & ~(page - 1);
  madvise ((void *) start, end - start, MADV_HUGEPAGE);   /* errors ignored: a hint */
#endif
}

/**
 * hearth_memory_populate:
 * @mem: a part of a block from g_malloc () and the like
 * @bytes: its size
 *
 * Faults in the pages of @mem writable, as a first write would, without changing what they
 * hold: a thread with time to spare clears the fresh pages another is about to fill. Only
 * the whole pages inside; a hint, which an older system ignores.
 */
void
hearth_memory_populate (gpointer mem,
                        gsize    bytes)
{
#ifdef MADV_POPULATE_WRITE
  guintptr page = (guintptr) sysconf (_SC_PAGESIZE);
  guintptr start = ((guintptr) mem + page - 1) & ~(page - 1);
  guintptr end = ((guintptr) mem + bytes) & ~(page - 1);

  if (end > start)
    madvise ((void *) start, end - start, MADV_POPULATE_WRITE);   /* errors ignored: a hint */
#endif
}

/**
 * hearth_memory_set_policy:
 *
 * Lets the memory of a load given up (cancelled, or a profile closed) go back to the system.
 * glibc gives each thread that allocates an arena of its own and trims a thread arena's top
 * only past a threshold it raises as large blocks come and go, up to 64 MB, which
 * malloc_trim() does not lower: the folded reader's workers kept 10 to 20 MB of a cancelled
 * 100 MB read. Fixing the thresholds (blocks from 32 MB mapped on their own, an arena's
 * free top trimmed past 2 MB) gives that back, at no cost measured on a 1 GB load. Call
 * once, before any thread starts.
 */
void
hearth_memory_set_policy (void)
{
#ifdef __GLIBC__
  mallopt (M_MMAP_THRESHOLD, 32 << 20);
  mallopt (M_TRIM_THRESHOLD, 2 << 20);
#endif
}

/**
 * hearth_memory_new_cleared:
 * @n: how many elements
 * @size: the size of one
 *
 * g_new0 () for a table that is read before it is written: the memory is cleared by a
 * write here. calloc () leaves fresh pages unmapped; a probe then maps each to the zero page
 * and the first store into it faults again, which, while other threads of the process run,
 * flushes the TLB of their cores too (a tenth of the samples of a 100 MB folded file's
 * export were there).
 *
 * Returns: (transfer full): @n zeroed elements of @size bytes
 */
gpointer
hearth_memory_new_cleared (gsize n,
                           gsize size)
{
  gpointer mem = g_malloc_n (n, size);

  memset (mem, 0, n * size);
  return mem;
}

/**
 * hearth_pair_table_init:
 * @table: (out): the table to start, empty
 */
void
hearth_pair_table_init (HearthPairTable *table)
{
  hearth_hash_key_init_random (&table->key);
  table->mask = 63;
  table->used = 0;
  table->slots = hearth_memory_new_cleared (table->mask + 1, sizeof (HearthPairSlot));
}

/**
 * hearth_pair_table_clear:
 * @table: a started table
 */
void
hearth_pair_table_clear (HearthPairTable *table)
{
  g_clear_pointer (&table->slots, g_free);
}

static inline guint64
pair_table_hash (const HearthPairTable *t,
                 guint32                first,
                 guint32                second)
{
  return hearth_hash_word (&t->key, ((guint64) first << 32) | second);
}

static inline gsize
pair_table_start (const HearthPairTable *t,
                  guint32                first,
                  guint32                second)
{
  return pair_table_hash (t, first, second) & t->mask;
}

/* The first empty slot from @j on. */
static inline gsize
pair_table_free_slot (const HearthPairTable *t,
                      gsize                  j)
{
  while (t->slots[j].value != 0)
    j = (j + 1) & t->mask;
  return j;
}

/* Doubles the table where it lies: its memory is grown (moved without a copy when it is
 * mapped on its own) and only the new half is fresh pages, so growing to N slots faults in
 * N slots' worth of memory, not 2N, and the pairs move in one pass through memory rather
 * than to random places in a new table. A pair whose home in the smaller table was i is at
 * home i or i + old size now. The run of slots that wraps around the old end is lifted out
 * first, to go in last as ordinary insertions. Then, in slot order, each pair is taken out
 * and put at the first free slot from its new home: a pair at old slot p lands at p at the
 * latest, or at p + old size when it moves up, as every pair before it landed no later. */
static void
pair_table_grow (HearthPairTable *t)
{
  gsize old_size = t->mask + 1, size = old_size * 2, first_free = 0;
  g_autoptr (GArray) lifted = g_array_new (FALSE, FALSE, sizeof (HearthPairSlot));
  HearthPairSlot *slots;

  slots = g_renew (HearthPairSlot, t->slots, size);
  hearth_memory_advise_large (slots, size * sizeof (HearthPairSlot));
  memset (slots + old_size, 0, old_size * sizeof (HearthPairSlot));
  t->slots = slots;
  t->mask = size - 1;

  /* a table at most three quarters full has a free slot */
  while (slots[first_free].value != 0)
    first_free++;
  g_array_append_vals (lifted, slots, first_free);
  memset (slots, 0, first_free * sizeof (HearthPairSlot));

  for (gsize p = first_free + 1; p < old_size; p++)
    {
      HearthPairSlot s = slots[p];
      gsize j;

      if (s.value == 0)
        continue;
      slots[p].value = 0;
      for (j = pair_table_start (t, s.first, s.second); slots[j].value != 0; j++)
        ;
      g_assert (j <= p + old_size);
      slots[j] = s;
    }

  for (guint i = 0; i < lifted->len; i++)
    {
      const HearthPairSlot *s = &g_array_index (lifted, HearthPairSlot, i);

      slots[pair_table_free_slot (t, pair_table_start (t, s->first, s->second))] = *s;
    }
}

static inline void
pair_table_fill (HearthPairTable *t,
                 gsize            j,
                 guint32          first,
                 guint32          second,
                 guint            value)
{
  t->slots[j].first = first;
  t->slots[j].second = second;
  t->slots[j].value = value + 1;
  if (++t->used * 4 > (t->mask + 1) * 3)
    pair_table_grow (t);
}

/**
 * hearth_pair_table_lookup:
 * @table: a started table
 * @first: the first id of the pair
 * @second: the second id
 * @value_if_new: what to store when the pair is new (below %G_MAXUINT)
 *
 * Returns: the value stored for the pair, or %G_MAXUINT after storing @value_if_new
 */
guint
hearth_pair_table_lookup (HearthPairTable *table,
                          guint32          first,
                          guint32          second,
                          guint            value_if_new)
{
  gsize j;

  g_assert (value_if_new < G_MAXUINT);

  for (j = pair_table_start (table, first, second);
       table->slots[j].value != 0;
       j = (j + 1) & table->mask)
    if (table->slots[j].first == first && table->slots[j].second == second)
      return table->slots[j].value - 1;

  pair_table_fill (table, j, first, second, value_if_new);
  return G_MAXUINT;
}

/**
 * hearth_pair_table_find:
 * @table: a started table
 * @first: the first id of the pair
 * @second: the second id
 *
 * Returns: the value stored for the pair, or %G_MAXUINT when it has none (nothing stored)
 */
guint
hearth_pair_table_find (const HearthPairTable *table,
                        guint32                first,
                        guint32                second)
{
  for (gsize j = pair_table_start (table, first, second);
       table->slots[j].value != 0;
       j = (j + 1) & table->mask)
    if (table->slots[j].first == first && table->slots[j].second == second)
      return table->slots[j].value - 1;
  return G_MAXUINT;
}

/**
 * hearth_pair_table_find_run:
 * @table: a started table
 * @pairs: (array): @n pairs, two ids each
 * @n: how many pairs
 * @values: (out) (array): for each pair, hearth_pair_table_find ()'s answer
 *
 * hearth_pair_table_find () for @n pairs, the slots of the pairs a little ahead fetched from
 * memory while the current one is looked for.
 */
void
hearth_pair_table_find_run (const HearthPairTable *table,
                            const guint32         *pairs,
                            gsize                  n,
                            guint                 *values)
{
  gsize at[PAIR_RUN_AHEAD];

  for (gsize i = 0; i < n + PAIR_RUN_AHEAD; i++)
    {
      if (i >= PAIR_RUN_AHEAD)
        {
          gsize k = i - PAIR_RUN_AHEAD;
          gsize j = at[k % PAIR_RUN_AHEAD];

          values[k] = G_MAXUINT;
          for (; table->slots[j].value != 0; j = (j + 1) & table->mask)
            if (table->slots[j].first == pairs[2 * k] && table->slots[j].second == pairs[2 * k + 1])
              {
                values[k] = table->slots[j].value - 1;
                break;
              }
        }
      if (i < n)
        {
          at[i % PAIR_RUN_AHEAD] = pair_table_start (table, pairs[2 * i], pairs[2 * i + 1]);
          __builtin_prefetch (&table->slots[at[i % PAIR_RUN_AHEAD]]);
        }
    }
}

/**
 * hearth_pair_table_lookup_run:
 * @table: a started table
 * @pairs: (array): @n pairs, two ids each
 * @n: how many pairs
 * @first_value_if_new: what to store for the first new pair; the next new ones get the next
 *   values
 * @values: (out) (array): for each pair, the value stored for it, found or stored now
 *
 * hearth_pair_table_lookup () for @n pairs in turn, as one call each would give them, with
 * the slots of the pairs a little ahead fetched from memory while the current one is looked
 * for. The pairs' hashes are kept whole, not as slots, so that a table grown by a new pair
 * still finds those after it.
 *
 * Returns: how many of the pairs were new
 */
guint
hearth_pair_table_lookup_run (HearthPairTable *table,
                              const guint32   *pairs,
                              gsize            n,
                              guint            first_value_if_new,
                              guint           *values)
{
  guint64 hash[PAIR_RUN_AHEAD];
  guint next = first_value_if_new;

  g_assert (n == 0 || first_value_if_new < G_MAXUINT - n);

  for (gsize i = 0; i < n + PAIR_RUN_AHEAD; i++)
    {
      if (i >= PAIR_RUN_AHEAD)
        {
          gsize k = i - PAIR_RUN_AHEAD;
          guint32 first = pairs[2 * k], second = pairs[2 * k + 1];
          gsize j = hash[k % PAIR_RUN_AHEAD] & table->mask;

          for (; table->slots[j].value != 0; j = (j + 1) & table->mask)
            if (table->slots[j].first == first && table->slots[j].second == second)
              break;
          if (table->slots[j].value != 0)
            values[k] = table->slots[j].value - 1;
          else
            {
              values[k] = next;
              pair_table_fill (table, j, first, second, next++);
            }
        }
      if (i < n)
        {
          hash[i % PAIR_RUN_AHEAD] = pair_table_hash (table, pairs[2 * i], pairs[2 * i + 1]);
          __builtin_prefetch (&table->slots[hash[i % PAIR_RUN_AHEAD] & table->mask]);
        }
    }
  return next - first_value_if_new;
}

/**
 * hearth_pair_table_insert_new:
 * @table: a started table
 * @first: the first id of the pair
 * @second: the second id
 * @value: what to store (below %G_MAXUINT)
 *
 * Stores a pair the caller knows is not in @table (a child of a node made after the last
 * lookup of its children, say) without comparing it to the pairs on its way: nothing that
 * follows waits for the answer of a lookup, so a run of these is not one wait for memory
 * after another. The pair must not be in @table already.
 */
void
hearth_pair_table_insert_new (HearthPairTable *table,
                              guint32          first,
                              guint32          second,
                              guint            value)
{
  g_assert (value < G_MAXUINT);

  pair_table_fill (table, pair_table_free_slot (table, pair_table_start (table, first, second)),
                   first, second, value);
}

/**
 * hearth_pair_table_reserve:
 * @table: a started table
 * @n: how many pairs are to be stored
 *
 * Grows @table now, if it must, so that @n more pairs go in without growing it.
 */
void
hearth_pair_table_reserve (HearthPairTable *table,
                           gsize            n)
{
  while ((table->used + n) * 4 > (table->mask + 1) * 3)
    pair_table_grow (table);
}

/**
 * hearth_pair_table_insert_new_run:
 * @table: a started table
 * @triples: (array): each pair's two ids followed by its value (below %G_MAXUINT)
 * @n: how many pairs
 *
 * hearth_pair_table_insert_new () for @n pairs, none in @table already and no two alike:
 * the slots of the pairs a little ahead are fetched from memory while the current one is
 * stored, so a long run costs about one wait for memory per few pairs, not one per pair.
 */
void
hearth_pair_table_insert_new_run (HearthPairTable *table,
                                  const guint32   *triples,
                                  gsize            n)
{
  gsize at[PAIR_RUN_AHEAD];

  hearth_pair_table_reserve (table, n);
  for (gsize i = 0; i < n + PAIR_RUN_AHEAD; i++)
    {
      if (i >= PAIR_RUN_AHEAD)
        {
          gsize k = i - PAIR_RUN_AHEAD;
          gsize j = pair_table_free_slot (table, at[k % PAIR_RUN_AHEAD]);

          g_assert (triples[3 * k + 2] < G_MAXUINT);
          table->slots[j].first = triples[3 * k];
          table->slots[j].second = triples[3 * k + 1];
          table->slots[j].value = triples[3 * k + 2] + 1;
          table->used++;
        }
      if (i < n)
        {
          at[i % PAIR_RUN_AHEAD] = pair_table_start (table, triples[3 * i], triples[3 * i + 1]);
          __builtin_prefetch (&table->slots[at[i % PAIR_RUN_AHEAD]], 1);
        }
    }
}
