/* hearth-profile.c
 *
 * Copyright 2026 The Hearth authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#define G_LOG_DOMAIN "hearth-profile"

#include "hearth-profile-private.h"

#include <math.h>
#include <string.h>
#include <sys/resource.h>
#include <unistd.h>

#include "hearth-hash.h"
#include "hearth-profile-instance.h"
#include "hearth-timeline.h"

/* The line does not fit in 32 bits: see the function's. (Function indices stay far below
 * 2^31: each takes a HearthFunction of 72 bytes.) */
#define LONG_LINE 0x80000000u

#define FUNCTION_TAG(hash) ((guint8) (0x80 | ((hash) >> 57)))

G_DEFINE_FINAL_TYPE (HearthProfile, hearth_profile, G_TYPE_OBJECT)

static void
index_table_init (HearthIndexTable *t)
{
  t->mask = 63;
  t->used = 0;
  t->slots = g_new0 (HearthIndexSlot, t->mask + 1);
}

static void
index_table_clear (HearthIndexTable *t)
{
  g_clear_pointer (&t->slots, g_free);
}

static void
index_table_grow (HearthIndexTable *t)
{
  gsize old_size = t->mask + 1;
  HearthIndexSlot *old_slots = t->slots;

  t->mask = old_size * 2 - 1;
  t->slots = hearth_memory_new_cleared (t->mask + 1, sizeof (HearthIndexSlot));

  for (gsize i = 0; i < old_size; i++)
    {
      gsize j;

      if (old_slots[i].value == 0)
        continue;
      for (j = old_slots[i].hash & t->mask; t->slots[j].value != 0; j = (j + 1) & t->mask)
        ;
      t->slots[j] = old_slots[i];
    }

  g_free (old_slots);
}

/* Returns the value found, or G_MAXUINT after inserting @value_if_new (unless it is G_MAXUINT). */
static guint
index_table_lookup (HearthIndexTable *t,
                    guint64           hash,
                    HearthIndexEqual  equal,
                    gconstpointer     user_data,
                    guint             value_if_new)
{
  guint32 tag = (guint32) hash;
  gsize j;

  for (j = tag & t->mask; t->slots[j].value != 0; j = (j + 1) & t->mask)
    if (t->slots[j].hash == tag && equal (user_data, t->slots[j].value - 1))
      return t->slots[j].value - 1;

  if (value_if_new == G_MAXUINT)
    return G_MAXUINT;

  t->slots[j].hash = tag;
  t->slots[j].value = value_if_new + 1;
  if (++t->used * 4 > (t->mask + 1) * 3)
    index_table_grow (t);

  return G_MAXUINT;
}

typedef struct
{
  HearthProfile *self;
  const char    *text;
  gsize          length;
} StringKey;

static gboolean
string_equal (gconstpointer user_data,
              guint         value)
{
  const StringKey *k = user_data;
  const char *s = g_ptr_array_index (k->self->strings, value);

  return strncmp (s, k->text, k->length) == 0 && s[k->length] == '\0';
}

/* Returns the index of the interned copy of the @length bytes at @text (none of them NUL)
 * in self->strings. */
static guint
intern_string_len (HearthProfile *self,
                   const char    *text,
                   gsize          length)
{
  StringKey k = { self, text, length };
  guint64 hash;
  guint found;

  hash = hearth_hash_bytes (&self->key, text, length);
  found = index_table_lookup (&self->string_table, hash, string_equal, &k, self->strings->len);
  if (found != G_MAXUINT)
    return found;

  g_ptr_array_add (self->strings, g_string_chunk_insert_len (self->chunk, text, length));
  return self->strings->len - 1;
}

static guint
intern_string_index (HearthProfile *self,
                     const char    *text)
{
  if (text == NULL)
    text = "";
  return intern_string_len (self, text, strlen (text));
}

static const char *
intern_string (HearthProfile *self,
               const char    *text)
{
  guint index = intern_string_index (self, text);  /* may grow the array: index it after */

  return g_ptr_array_index (self->strings, index);
}

/* Interned strings compare by pointer, so a function key is four words. */
typedef struct
{
  HearthProfile *self;
  const char    *file;
  const char    *name;
  const char    *frame;
  gint64         line;
} FunctionKey;

static void
function_table_init (HearthFunctionTable *t)
{
  t->mask = 63;
  t->used = 0;
  t->slots = g_new (HearthFunctionSlot, t->mask + 1);
  t->tags = g_new0 (guint8, t->mask + 1);
}

static void
function_table_clear (HearthFunctionTable *t)
{
  g_clear_pointer (&t->slots, g_free);
  g_clear_pointer (&t->tags, g_free);
}

static inline gint64
slot_line (HearthProfile            *self,
           const HearthFunctionSlot *slot)
{
  if (slot->value & LONG_LINE)
    return g_array_index (self->functions, HearthFunction, (slot->value & ~LONG_LINE) - 1).line;
  return (gint32) slot->line;
}

/* Functions are hashed by the ids of their interned strings: two words to hash instead of
 * the text, with the keyed multiply mix (a SipHash of them was a sixth of a large .prof's
 * load). */
static guint64
hash_ids (HearthProfile           *self,
          const HearthFunctionIds *ids)
{
  if (self->have_hint && self->hinted.file == ids->file && self->hinted.name == ids->name &&
      self->hinted.line == ids->line)
    return self->hinted_hash;
  return hearth_hash_word_pair (&self->key, ids->file | (guint64) ids->name << 32,
                                (guint64) ids->line);
}

static void
function_table_grow (HearthProfile *self)
{
  HearthFunctionTable *t = &self->function_table;
  gsize old_size = t->mask + 1;
  HearthFunctionSlot *old_slots = t->slots;
  guint8 *old_tags = t->tags;

  t->mask = old_size * 2 - 1;
  t->slots = g_new (HearthFunctionSlot, t->mask + 1);
  t->tags = hearth_memory_new_cleared (t->mask + 1, sizeof (guint8));

  for (gsize i = 0; i < old_size; i++)
    {
      HearthFunctionIds ids;
      guint64 hash;
      gsize j;

      if (old_tags[i] == 0)
        continue;
      ids.file = old_slots[i].file;
      ids.name = old_slots[i].name;
      ids.line = slot_line (self, &old_slots[i]);
      hash = hash_ids (self, &ids);
      for (j = hash & t->mask; t->tags[j] != 0; j = (j + 1) & t->mask)
        ;
      t->tags[j] = old_tags[i];
      t->slots[j] = old_slots[i];
    }

  g_free (old_slots);
  g_free (old_tags);
}

static guint
intern_key (HearthProfile *self,
            guint          file,
            gint64         line,
            guint          name)
{
  HearthFunctionTable *t = &self->function_table;
  HearthFunctionIds ids = { file, name, line };
  HearthFunction f = { 0 };
  HearthFunctionSlot *slot;
  gboolean long_line = line != (gint32) line;
  guint64 hash = hash_ids (self, &ids);
  guint8 tag = FUNCTION_TAG (hash);
  guint function;
  gsize j;

  for (j = hash & t->mask; t->tags[j] != 0; j = (j + 1) & t->mask)
    {
      if (t->tags[j] != tag)
        continue;
      slot = &t->slots[j];
      if (slot->file == file && slot->name == name && slot->line == (guint32) line &&
          !!(slot->value & LONG_LINE) == long_line &&
          (!long_line || slot_line (self, slot) == line))
        return (slot->value & ~LONG_LINE) - 1;
    }

  function = self->functions->len;
  f.file = g_ptr_array_index (self->strings, file);
  f.name = g_ptr_array_index (self->strings, name);
  f.line = line;
  g_array_append_val (self->functions, f);

  slot = &t->slots[j];
  t->tags[j] = tag;
  slot->value = (function + 1) | (long_line ? LONG_LINE : 0);
  slot->file = file;
  slot->name = name;
  slot->line = (guint32) line;
  /* with the tags, probing a fuller table stays cheap; a smaller one fits the caches better */
  if (++t->used * 8 > (t->mask + 1) * 7)
    function_table_grow (self);

  return function;
}

static void
hearth_profile_finalize (GObject *object)
{
  HearthProfile *self = (HearthProfile *)object;

  g_clear_pointer (&self->path, g_free);
  g_clear_pointer (&self->name, g_free);
  g_clear_object (&self->baseline);
  g_clear_pointer (&self->chunk, g_string_chunk_free);
  g_clear_pointer (&self->strings, g_ptr_array_unref);
  index_table_clear (&self->string_table);
  function_table_clear (&self->function_table);
  g_clear_pointer (&self->functions, g_array_unref);
  g_clear_pointer (&self->frame_functions, g_array_unref);
  g_clear_pointer (&self->edges, g_free);
  g_clear_pointer (&self->clears, g_array_unref);
  g_clear_pointer (&self->callee_offsets, g_free);
  g_clear_pointer (&self->callee_index, g_free);
  g_clear_pointer (&self->caller_offsets, g_free);
  g_clear_pointer (&self->caller_index, g_free);
  g_clear_pointer (&self->stack_nodes, g_array_unref);
  g_clear_pointer (&self->stack_first, g_array_unref);
  g_clear_pointer (&self->timeline, _hearth_timeline_free);
  if (self->stack_table.slots != NULL)
    hearth_pair_table_clear (&self->stack_table);
  g_clear_pointer (&self->warnings, g_ptr_array_unref);

  G_OBJECT_CLASS (hearth_profile_parent_class)->finalize (object);
}

static void
hearth_profile_class_init (HearthProfileClass *klass)
{
  G_OBJECT_CLASS (klass)->finalize = hearth_profile_finalize;
}

static void
hearth_profile_init (HearthProfile *self)
{
  HearthStackNode root = { G_MAXUINT, G_MAXUINT, 0, 0 };

  hearth_hash_key_init_random (&self->key);
  self->chunk = g_string_chunk_new (64 * 1024);
  self->strings = g_ptr_array_new ();
  index_table_init (&self->string_table);
  function_table_init (&self->function_table);
  self->functions = g_array_new (FALSE, FALSE, sizeof (HearthFunction));
  self->frame_functions = g_array_new (FALSE, FALSE, sizeof (guint));
  self->clears = g_array_new (FALSE, FALSE, sizeof (guint));
  self->stack_nodes = g_array_new (FALSE, FALSE, sizeof (HearthStackNode));
  g_array_append_val (self->stack_nodes, root);
  self->stack_first = g_array_sized_new (FALSE, TRUE, sizeof (HearthStackFirst), 1);
  g_array_set_size (self->stack_first, 1);
  hearth_pair_table_init (&self->stack_table);
  self->warnings = g_ptr_array_new_with_free_func (g_free);
}

/**
 * _hearth_memory_budget:
 *
 * What one profile may take: a quarter of the physical memory, or of the address space
 * when a limit (ulimit -v) is lower. The loader and the readers refuse inputs beyond it
 * rather than let an allocation fail (which aborts) or the machine swap.
 *
 * Returns: the budget in bytes
 */
guint64
_hearth_memory_budget (void)
{
  long pages = sysconf (_SC_PHYS_PAGES);
  long page_size = sysconf (_SC_PAGESIZE);
  guint64 memory = pages > 0 && page_size > 0 ? (guint64) pages * (guint64) page_size
                                              : G_GUINT64_CONSTANT (4) << 30;
  struct rlimit limit;

  if (getrlimit (RLIMIT_AS, &limit) == 0 && limit.rlim_cur != RLIM_INFINITY)
    memory = MIN (memory, (guint64) limit.rlim_cur);
  return MAX (memory / 4, (guint64) 16 << 20);
}

/**
 * _hearth_second_thread_allowed:
 *
 * Whether work may go to a second thread: there is a second core, and the memory budget
 * (see _hearth_memory_budget ()) is at least 1 GB, since a thread reserves address space (its
 * stack, its malloc arena) that a small budget, as under a ulimit -v, keeps for the profile.
 *
 * Returns: %TRUE when a second thread is worth starting
 */
gboolean
_hearth_second_thread_allowed (void)
{
  return g_get_num_processors () > 1 && _hearth_memory_budget () >= ((guint64) 1 << 30);
}

/* Builder API ------------------------------------------------------------------------------ */

HearthProfile *
_hearth_profile_new (HearthProfileFormat format,
                     HearthProfileKind   kind,
                     HearthUnit          unit)
{
  HearthProfile *self = g_object_new (HEARTH_TYPE_PROFILE, NULL);

  self->format = format;
  self->kind = kind;
  self->unit = unit;

  return self;
}

void
_hearth_profile_set_kind (HearthProfile     *self,
                          HearthProfileKind  kind)
{
  g_return_if_fail (HEARTH_IS_PROFILE (self) && !self->finished);
  self->kind = kind;
}

void
_hearth_profile_set_unit (HearthProfile *self,
                          HearthUnit     unit)
{
  g_return_if_fail (HEARTH_IS_PROFILE (self) && !self->finished);
  self->unit = unit;
}

void
_hearth_profile_set_name (HearthProfile *self,
                          const char    *name)
{
  g_return_if_fail (HEARTH_IS_PROFILE (self));
  g_free (self->name);
  self->name = g_strdup (name);
}

/* The path may be set after finishing: the loader names the profile after reading it. */
void
_hearth_profile_set_path (HearthProfile *self,
                          const char    *path)
{
  g_return_if_fail (HEARTH_IS_PROFILE (self));
  g_free (self->path);
  self->path = g_strdup (path);
  if (self->baseline != NULL)
    _hearth_profile_set_path (self->baseline, path);
}

void
_hearth_profile_set_baseline (HearthProfile *self,
                              HearthProfile *baseline)
{
  g_return_if_fail (HEARTH_IS_PROFILE (self));
  g_set_object (&self->baseline, baseline);
}

guint
_hearth_profile_intern_function (HearthProfile *self,
                                 const char    *file,
                                 gint64         line,
                                 const char    *name)
{
  guint file_id, name_id;

  g_return_val_if_fail (HEARTH_IS_PROFILE (self) && !self->finished, 0);

  file_id = intern_string_index (self, file);
  name_id = intern_string_index (self, name);
  return intern_key (self, file_id, line, name_id);
}

guint
_hearth_profile_intern_string (HearthProfile *self,
                               const char    *text,
                               gsize          length)
{
  g_return_val_if_fail (HEARTH_IS_PROFILE (self) && !self->finished, 0);
  g_return_val_if_fail (text != NULL || length == 0, 0);
  g_return_val_if_fail (length == 0 || memchr (text, '\0', length) == NULL, 0);

  return intern_string_len (self, length > 0 ? text : "", length);
}

guint
_hearth_profile_intern_function_ids (HearthProfile *self,
                                     guint          file,
                                     gint64         line,
                                     guint          name)
{
  g_return_val_if_fail (HEARTH_IS_PROFILE (self) && !self->finished, 0);
  g_return_val_if_fail (file < self->strings->len && name < self->strings->len, 0);

  return intern_key (self, file, line, name);
}

/* Interning a key takes a miss or two in tables larger than the caches: a reader that knows
 * a key some work before it interns it lets the memory fetch the table's slot meanwhile. */
void
_hearth_profile_prefetch_function_ids (HearthProfile *self,
                                       guint          file,
                                       gint64         line,
                                       guint          name)
{
  g_return_if_fail (HEARTH_IS_PROFILE (self) && !self->finished);

  self->hinted.file = file;
  self->hinted.name = name;
  self->hinted.line = line;
  self->have_hint = FALSE;
  self->hinted_hash = hash_ids (self, &self->hinted);
  self->have_hint = TRUE;
  __builtin_prefetch (&self->function_table.tags[self->hinted_hash &
                                                 self->function_table.mask]);
  __builtin_prefetch (&self->function_table.slots[self->hinted_hash &
                                                  self->function_table.mask]);
}

guint
_hearth_profile_intern_frame (HearthProfile *self,
                              const char    *frame,
                              const char    *file,
                              gint64         line,
                              const char    *name)
{
  HearthFunction f = { 0 };
  guint text;

  g_return_val_if_fail (HEARTH_IS_PROFILE (self) && !self->finished, 0);

  /* A frame is keyed by its text alone, so the interned string's index finds it without a
   * second hash: this is the hot path of reading a large folded file. */
  text = intern_string_index (self, frame);
  if (text < self->frame_functions->len &&
      g_array_index (self->frame_functions, guint, text) != G_MAXUINT)
    return g_array_index (self->frame_functions, guint, text);

  while (self->frame_functions->len <= text)
    {
      guint none = G_MAXUINT;

      g_array_append_val (self->frame_functions, none);
    }

  f.frame = g_ptr_array_index (self->strings, text);
  f.file = intern_string (self, file);
  f.name = intern_string (self, name ? name : frame);
  f.line = line;
  f.listed = TRUE;
  g_array_append_val (self->functions, f);
  g_array_index (self->frame_functions, guint, text) = self->functions->len - 1;

  return self->functions->len - 1;
}

void
_hearth_profile_set_numbers (HearthProfile *self,
                             guint          function,
                             gint64         prim_calls,
                             gint64         calls,
                             double         own,
                             double         cum)
{
  HearthFunction *f;

  g_return_if_fail (HEARTH_IS_PROFILE (self) && !self->finished);
  g_return_if_fail (function < self->functions->len);

  f = &g_array_index (self->functions, HearthFunction, function);
  f->prim_calls = prim_calls;
  f->calls = calls;
  f->own = own;
  f->cum = cum;
  f->listed = TRUE;
}

/* As for the edges below: the functions, and a table that holds them without growing (each
 * growth moves every key again, to places at random in a table larger than the caches). */
void
_hearth_profile_reserve_functions (HearthProfile *self,
                                   gsize          n)
{
  HearthFunctionTable *t = &self->function_table;
  gsize size = t->mask + 1;

  g_return_if_fail (HEARTH_IS_PROFILE (self) && !self->finished);

  if (self->functions->len > 0 || n > G_MAXUINT32 / 8)
    return;
  g_array_set_size (self->functions, (guint) n);
  g_array_set_size (self->functions, 0);
  hearth_memory_advise_large (self->functions->data, n * sizeof (HearthFunction));

  /* as full as the table gets before it grows: 7/8 */
  while (size * 7 < n * 8)
    size *= 2;
  if (size == t->mask + 1)
    return;
  function_table_clear (t);
  t->mask = size - 1;
  t->slots = g_new (HearthFunctionSlot, size);
  t->tags = g_new0 (guint8, size);
}

/* A reader that can tell how many edges are coming sets their room aside at once: growing
 * the largest array of a big profile step by step copies it over and over. Room not used
 * is never touched, so it costs address space, not memory; the room is of huge pages where
 * the system has them, as faulting in tens of MB of edges page by page costs more than
 * writing them. */
void
_hearth_profile_reserve_edges (HearthProfile *self,
                               gsize          n)
{
  HearthEdge *room;

  g_return_if_fail (HEARTH_IS_PROFILE (self) && !self->finished);

  if (n <= self->edges_size || n > G_MAXUINT)
    return;
  room = g_try_renew (HearthEdge, self->edges, n);
  if (room == NULL)
    return;
  hearth_memory_advise_large (room, n * sizeof (HearthEdge));
  self->edges = room;
  self->edges_size = (guint) n;
}

/* The memory of the edges and how many it holds before it has to grow: what
 * _hearth_profile_reserve_edges () set aside. */
HearthEdge *
_hearth_profile_get_edge_room (HearthProfile *self,
                               gsize         *size)
{
  g_return_val_if_fail (HEARTH_IS_PROFILE (self) && !self->finished, NULL);

  *size = self->edges_size;
  return self->edges;
}

void
_hearth_profile_set_edge (HearthProfile *self,
                          guint          caller,
                          guint          callee,
                          gint64         calls,
                          gint64         prim_calls,
                          double         own,
                          double         cum)
{
  HearthEdge e = { caller, callee, calls, prim_calls, own, cum };

  g_return_if_fail (HEARTH_IS_PROFILE (self) && !self->finished);
  g_return_if_fail (caller < self->functions->len && callee < self->functions->len);

  append_edge (self, &e);
}

/* Room for @n edges after the last, written in place by a reader that makes them by the
 * million (growing the room set aside, which a reader may have made too small), then
 * counted in by _hearth_profile_commit_edges (). */
HearthEdge *
_hearth_profile_edge_room (HearthProfile *self,
                           guint          n)
{
  g_return_val_if_fail (HEARTH_IS_PROFILE (self) && !self->finished, NULL);

  return edges_make_room (self, n);
}

void
_hearth_profile_commit_edges (HearthProfile *self,
                              guint          n)
{
  const HearthEdge *edges = self->edges + self->n_edges;
  guint n_functions = self->functions->len;

  g_return_if_fail (HEARTH_IS_PROFILE (self) && !self->finished);
  g_return_if_fail (n <= self->edges_size - self->n_edges);

  /* the edges before the first one out of range are added, as one call each would */
  for (guint i = 0; i < n; i++)
    {
      g_return_if_fail (edges[i].caller < n_functions && edges[i].callee < n_functions);
      self->n_edges++;
    }
}

void
_hearth_profile_clear_callers (HearthProfile *self,
                               guint          callee)
{
  guint pair[2] = { callee, 0 };

  g_return_if_fail (HEARTH_IS_PROFILE (self) && !self->finished);

  pair[1] = self->n_edges;
  g_array_append_vals (self->clears, pair, 2);
}

/**
 * _hearth_profile_stack_child:
 * @self: a profile being built
 * @node: a stack node (0 for the empty stack)
 * @function: a function of @self
 *
 * Returns: the node of @node's stack with @function called on top of it
 */
guint
_hearth_profile_stack_child (HearthProfile *self,
                             guint          node,
                             guint          function)
{
  HearthStackNode fresh = { node, function, 0, 0 };
  HearthStackFirst *first;
  guint len;

  g_return_val_if_fail (HEARTH_IS_PROFILE (self) && !self->finished, 0);
  g_return_val_if_fail (node < self->stack_nodes->len, 0);

  len = self->stack_nodes->len;
  first = &g_array_index (self->stack_first, HearthStackFirst, node);
  if (first->child == 0)
    {
      first->child = len;
      first->function = function;
    }
  else if (first->function == function)
    return first->child;
  else
    {
      guint found = hearth_pair_table_lookup (&self->stack_table, node, function, len);

      if (found != G_MAXUINT)
        return found;
    }
  g_array_append_val (self->stack_nodes, fresh);
  g_array_set_size (self->stack_first, len + 1);
  return len;
}

/* how many nodes ahead the lookups fetch a parent's first child */
#define STACK_FIRST_AHEAD 8

/* The first half of _hearth_profile_stack_add_trie (): of the nodes under nodes the profile
 * has, those it has too, found a level at a time so that a level's lookups wait for memory
 * together rather than one after another; node_map[i] is G_MAXUINT for the others. A
 * parent's first child is looked at first; the table only when the parent has others. */
static void
stack_trie_find_known (HearthProfile *self,
                       const guint32 *pairs,
                       guint          n,
                       const guint   *function_map,
                       guint         *node_map)
{
  g_autofree guint *depth = NULL, *first = NULL, *order = NULL, *batch_node = NULL;
  g_autofree guint *found = NULL;
  g_autofree guint32 *batch = NULL;
  const HearthStackFirst *firsts = (const HearthStackFirst *) (void *) self->stack_first->data;
  guint max_depth = 0;

  if (n <= 1)
    return;
  depth = g_new (guint, n);
  first = g_new0 (guint, n + 1);
  order = g_new (guint, n);
  batch = g_new (guint32, 2 * (gsize) n);
  batch_node = g_new (guint, n);
  found = g_new (guint, n);

  /* the nodes by depth (a parent is numbered before its children) */
  depth[0] = 0;
  for (guint i = 1; i < n; i++)
    {
      g_assert (pairs[2 * i] < i);
      depth[i] = depth[pairs[2 * i]] + 1;
      max_depth = MAX (max_depth, depth[i]);
      first[depth[i]]++;
    }
  for (guint d = 1, at = 0; d <= max_depth; d++)
    {
      guint count = first[d];

      first[d] = at;
      at += count;
    }
  for (guint i = 1; i < n; i++)
    order[first[depth[i]]++] = i;
  /* first[d] is now where depth d + 1 starts */

  for (guint d = 1, at = 0; d <= max_depth; d++)
    {
      guint m = 0;

      for (; at < first[d]; at++)
        {
          guint i = order[at];
          guint parent = node_map[pairs[2 * i]];
          guint function = function_map[pairs[2 * i + 1]];

          if (at + STACK_FIRST_AHEAD < first[d])
            {
              guint ahead = node_map[pairs[2 * order[at + STACK_FIRST_AHEAD]]];

              if (ahead != G_MAXUINT)
                __builtin_prefetch (&firsts[ahead]);
            }
          node_map[i] = G_MAXUINT;
          if (parent == G_MAXUINT || firsts[parent].child == 0)
            continue;
          if (firsts[parent].function == function)
            node_map[i] = firsts[parent].child;
          else
            {
              batch[2 * m] = parent;
              batch[2 * m + 1] = function;
              batch_node[m++] = i;
            }
        }
      hearth_pair_table_find_run (&self->stack_table, batch, m, found);
      for (guint k = 0; k < m; k++)
        node_map[batch_node[k]] = found[k];
    }
}

/**
 * _hearth_profile_stack_add_trie:
 * @self: a profile being built
 * @pairs: (array): parent and function key of each node, node 0's unused
 * @n: how many nodes, node 0 included
 * @function_map: a function of @self per key
 * @node_map: (array): node 0's node in @self on entry; every node's on return
 *
 * A node made here has no children yet, so its children are stored without a lookup: only
 * the children of older nodes are looked for, and the part of a large file's trie below its
 * known stacks goes in at the speed of memory rather than of one wait for it per node.
 */
void
_hearth_profile_stack_add_trie (HearthProfile *self,
                                const guint32 *pairs,
                                guint          n,
                                const guint   *function_map,
                                guint         *node_map)
{
  g_autofree guint32 *later = NULL;
  HearthStackNode *nodes;
  HearthStackFirst *firsts;
  guint len;
  gsize n_later = 0;

  g_return_if_fail (HEARTH_IS_PROFILE (self) && !self->finished);
  g_return_if_fail (n == 0 || node_map[0] < self->stack_nodes->len);

  /* the arrays by node grow in doublings; written in turn and read nearly so, they keep
   * small pages (see derive_from_stacks ()) */
  len = self->stack_nodes->len;
  g_array_set_size (self->stack_nodes, len + MAX (n, 1) - 1);
  g_array_set_size (self->stack_first, len + MAX (n, 1) - 1);
  nodes = (HearthStackNode *) (void *) self->stack_nodes->data;
  firsts = (HearthStackFirst *) (void *) self->stack_first->data;
  stack_trie_find_known (self, pairs, n, function_map, node_map);
  /* then the nodes not found are made, in the order of their numbers there: each the first
   * child of its parent, or stored in the table when the parent has one */
  later = g_new (guint32, 3 * (gsize) MAX (n, 1));
  for (guint i = 1; i < n; i++)
    if (node_map[i] == G_MAXUINT)
      {
        guint parent = node_map[pairs[2 * i]], function = function_map[pairs[2 * i + 1]];
        HearthStackNode fresh = { parent, function, 0, 0 };

        nodes[len] = fresh;
        if (firsts[parent].child == 0)
          {
            firsts[parent].child = len;
            firsts[parent].function = function;
          }
        else
          {
            later[3 * n_later] = parent;
            later[3 * n_later + 1] = function;
            later[3 * n_later++ + 2] = len;
          }
        node_map[i] = len++;
      }
  hearth_pair_table_insert_new_run (&self->stack_table, later, n_later);
  g_array_set_size (self->stack_nodes, len);
  g_array_set_size (self->stack_first, len);
}

/**
 * _hearth_profile_stack_parent:
 * @self: a profile being built
 * @node: a stack node other than 0
 *
 * Returns: the node of @node's stack without its last frame
 */
guint
_hearth_profile_stack_parent (HearthProfile *self,
                              guint          node)
{
  g_return_val_if_fail (HEARTH_IS_PROFILE (self), 0);
  g_return_val_if_fail (node > 0 && node < self->stack_nodes->len, 0);

  return g_array_index (self->stack_nodes, HearthStackNode, node).parent;
}

/**
 * _hearth_profile_get_n_stack_nodes:
 * @self: a profile being built
 *
 * Returns: how many stack nodes there are so far, node 0 included (a reader's budget)
 */
guint
_hearth_profile_get_n_stack_nodes (HearthProfile *self)
{
  g_return_val_if_fail (HEARTH_IS_PROFILE (self), 0);
  return self->stack_nodes->len;
}

/**
 * _hearth_profile_add_stack_at:
 * @self: a profile being built
 * @node: a stack node other than 0
 * @weight: the stack's weight
 *
 * Adds one stack, given by its node, with its weight.
 */
void
_hearth_profile_add_stack_at (HearthProfile *self,
                              guint          node,
                              double         weight)
{
  HearthStackNode *n;

  g_return_if_fail (HEARTH_IS_PROFILE (self) && !self->finished);
  g_return_if_fail (node > 0 && node < self->stack_nodes->len);

  n = &g_array_index (self->stack_nodes, HearthStackNode, node);
  weight = hearth_profile_clamp (weight);
  if (weight != floor (weight))
    self->fractional = TRUE;
  else if (weight > 9007199254740992.0 || (guint64) weight > G_MAXUINT64 - self->count_total)
    self->count_inexact = TRUE;
  else
    /* exact while each weight is (whole doubles up to 2^53 are); a double sum would round */
    self->count_total += (guint64) weight;
  n->weight = saturating_add (self, n->weight, weight);
  n->n_stacks++;
  self->n_stacks++;
}

void
_hearth_profile_set_thread_roots (HearthProfile *self)
{
  g_return_if_fail (HEARTH_IS_PROFILE (self));
  self->thread_roots = TRUE;
}

gboolean
_hearth_profile_has_thread_roots (HearthProfile *self)
{
  g_return_val_if_fail (HEARTH_IS_PROFILE (self), FALSE);
  return self->thread_roots;
}

void
_hearth_profile_add_stack (HearthProfile *self,
                           const guint   *frames,
                           guint          depth,
                           double         weight)
{
  guint node = 0;

  g_return_if_fail (HEARTH_IS_PROFILE (self) && !self->finished);
  g_return_if_fail (depth == 0 || frames != NULL);

  if (depth == 0)
    return;

  for (guint i = 0; i < depth; i++)
    node = _hearth_profile_stack_child (self, node, frames[i]);
  _hearth_profile_add_stack_at (self, node, weight);
}

void
_hearth_profile_add_warning (HearthProfile *self,
                             const char    *format,
                             ...)
{
  va_list args;

  g_return_if_fail (HEARTH_IS_PROFILE (self) && !self->finished);

  va_start (args, format);
  g_ptr_array_add (self->warnings, g_strdup_vprintf (format, args));
  va_end (args);
}

/* Once the profile is finished nothing is interned any more: the tables that find functions
 * and strings by their keys go (hearth-profile-finish.c frees them before it builds the
 * indexes, which is when a large profile peaks). */
void
_hearth_profile_drop_tables (HearthProfile *self)
{
  index_table_clear (&self->string_table);
  function_table_clear (&self->function_table);
  g_clear_pointer (&self->frame_functions, g_array_unref);
}

/* Queries ---------------------------------------------------------------------------------- */

/**
 * hearth_profile_get_format:
 * @self: a profile
 *
 * Returns: the format the profile was read from
 */
HearthProfileFormat
hearth_profile_get_format (HearthProfile *self)
{
  g_return_val_if_fail (HEARTH_IS_PROFILE (self), HEARTH_FORMAT_PSTATS);
  return self->format;
}

/**
 * hearth_profile_get_kind:
 * @self: a profile
 *
 * Returns: whether a tracing or a sampling profiler measured it
 */
HearthProfileKind
hearth_profile_get_kind (HearthProfile *self)
{
  g_return_val_if_fail (HEARTH_IS_PROFILE (self), HEARTH_KIND_DETERMINISTIC);
  return self->kind;
}

/**
 * hearth_profile_get_unit:
 * @self: a profile
 *
 * Returns: the unit of times and widths
 */
HearthUnit
hearth_profile_get_unit (HearthProfile *self)
{
  g_return_val_if_fail (HEARTH_IS_PROFILE (self), HEARTH_UNIT_SECONDS);
  return self->unit;
}

/**
 * hearth_profile_get_path:
 * @self: a profile
 *
 * Returns: (nullable): the file it was loaded from
 */
const char *
hearth_profile_get_path (HearthProfile *self)
{
  g_return_val_if_fail (HEARTH_IS_PROFILE (self), NULL);
  return self->path;
}

/**
 * hearth_profile_get_name:
 * @self: a profile
 *
 * Returns: (nullable): a name the file gives itself (speedscope), if any
 */
const char *
hearth_profile_get_name (HearthProfile *self)
{
  g_return_val_if_fail (HEARTH_IS_PROFILE (self), NULL);
  return self->name;
}

/**
 * hearth_profile_get_total:
 * @self: a profile
 *
 * The run's total: the sum of the functions' own times (what pstats prints as "in N
 * seconds"), or of the stacks' weights; NaN, infinite and negative values count as 0.
 *
 * Returns: the total in the profile's unit
 */
double
hearth_profile_get_total (HearthProfile *self)
{
  g_return_val_if_fail (HEARTH_IS_PROFILE (self), 0);
  return self->total;
}

/**
 * hearth_profile_get_total_count:
 * @self: a profile
 * @count: (out): the total as an integer
 *
 * A profile of stacks whose weights are all whole numbers (sample counts) keeps their sum
 * as an integer too, exact where the double of hearth_profile_get_total () rounds (past
 * 2^53), as long as each weight is below 2^53 and the sum below 2^64.
 *
 * Returns: %TRUE when @count was set
 */
gboolean
hearth_profile_get_total_count (HearthProfile *self,
                                guint64       *count)
{
  g_return_val_if_fail (HEARTH_IS_PROFILE (self), FALSE);
  g_return_val_if_fail (count != NULL, FALSE);

  if (self->n_stacks == 0 || self->fractional || self->count_inexact)
    return FALSE;
  *count = self->count_total;
  return TRUE;
}

/**
 * hearth_profile_has_stacks:
 * @self: a profile
 *
 * Returns: %TRUE when the profile holds exact stacks (folded, speedscope), %FALSE when only
 *   caller -> callee edges (pstats)
 */
gboolean
hearth_profile_has_stacks (HearthProfile *self)
{
  g_return_val_if_fail (HEARTH_IS_PROFILE (self), FALSE);
  return self->n_stacks > 0;
}

/**
 * hearth_profile_get_baseline:
 * @self: a profile
 *
 * Returns: (transfer none) (nullable): for a differential folded file, the "before" counts
 */
HearthProfile *
hearth_profile_get_baseline (HearthProfile *self)
{
  g_return_val_if_fail (HEARTH_IS_PROFILE (self), NULL);
  return self->baseline;
}

/**
 * hearth_profile_get_n_functions:
 * @self: a profile
 *
 * Returns: the number of functions, callers without an entry of their own included
 */
guint
hearth_profile_get_n_functions (HearthProfile *self)
{
  g_return_val_if_fail (HEARTH_IS_PROFILE (self), 0);
  return self->functions->len;
}

/**
 * hearth_profile_get_function:
 * @self: a profile
 * @index: a function index
 *
 * Returns: (transfer none): the function
 */
const HearthFunction *
hearth_profile_get_function (HearthProfile *self,
                             guint          index)
{
  g_return_val_if_fail (HEARTH_IS_PROFILE (self), NULL);
  g_return_val_if_fail (index < self->functions->len, NULL);
  return &g_array_index (self->functions, HearthFunction, index);
}

static gboolean
text_equal (gconstpointer user_data,
            guint         value)
{
  const FunctionKey *k = user_data;
  const HearthFunction *f = &g_array_index (k->self->functions, HearthFunction, value);

  return f->line == k->line && g_strcmp0 (f->file, k->file) == 0 &&
         g_strcmp0 (f->name, k->name) == 0;
}

/**
 * hearth_profile_lookup:
 * @self: a profile
 * @file: the file name as recorded
 * @line: the line
 * @name: the function name as recorded
 *
 * Returns: the index of the function with this key, or -1
 */
gint
hearth_profile_lookup (HearthProfile *self,
                       const char    *file,
                       gint64         line,
                       const char    *name)
{
  FunctionKey k = { self, file, name, NULL, line };

  g_return_val_if_fail (HEARTH_IS_PROFILE (self), -1);
  g_return_val_if_fail (file != NULL && name != NULL, -1);

  /* Interned pointers are what the table hashes; after finishing, search linearly. */
  for (guint i = 0; i < self->functions->len; i++)
    if (text_equal (&k, i))
      return (gint) i;

  return -1;
}

/**
 * hearth_profile_get_n_edges:
 * @self: a profile
 *
 * Returns: the number of caller -> callee edges
 */
guint
hearth_profile_get_n_edges (HearthProfile *self)
{
  g_return_val_if_fail (HEARTH_IS_PROFILE (self), 0);
  return self->n_edges;
}

/**
 * hearth_profile_get_edge:
 * @self: a profile
 * @index: an edge index
 *
 * Returns: (transfer none): the edge
 */
const HearthEdge *
hearth_profile_get_edge (HearthProfile *self,
                         guint          index)
{
  g_return_val_if_fail (HEARTH_IS_PROFILE (self), NULL);
  g_return_val_if_fail (index < self->n_edges, NULL);
  return &self->edges[index];
}

/**
 * hearth_profile_get_callees:
 * @self: a finished profile
 * @function: a function index
 * @n_callees: (out): how many edges
 *
 * Returns: (transfer none) (array length=n_callees): indices of the edges @function calls
 *   along, in file order
 */
const guint *
hearth_profile_get_callees (HearthProfile *self,
                            guint          function,
                            guint         *n_callees)
{
  g_return_val_if_fail (HEARTH_IS_PROFILE (self) && self->finished, NULL);
  g_return_val_if_fail (function < self->functions->len, NULL);

  *n_callees = self->callee_offsets[function + 1] - self->callee_offsets[function];
  return self->callee_index + self->callee_offsets[function];
}

/**
 * hearth_profile_get_callers:
 * @self: a finished profile
 * @function: a function index
 * @n_callers: (out): how many edges
 *
 * Returns: (transfer none) (array length=n_callers): indices of the edges into @function
 */
const guint *
hearth_profile_get_callers (HearthProfile *self,
                            guint          function,
                            guint         *n_callers)
{
  g_return_val_if_fail (HEARTH_IS_PROFILE (self) && self->finished, NULL);
  g_return_val_if_fail (function < self->functions->len, NULL);

  *n_callers = self->caller_offsets[function + 1] - self->caller_offsets[function];
  return self->caller_index + self->caller_offsets[function];
}

/**
 * hearth_profile_get_n_stacks:
 * @self: a profile
 *
 * Returns: the number of stacks the file holds (0 for pstats profiles); identical stacks
 *   count each time
 */
guint
hearth_profile_get_n_stacks (HearthProfile *self)
{
  g_return_val_if_fail (HEARTH_IS_PROFILE (self), 0);
  return self->n_stacks;
}

/**
 * hearth_profile_get_stack_nodes:
 * @self: a profile
 * @n_nodes: (out): how many nodes, node 0 included
 *
 * The distinct stacks as a trie, see #HearthStackNode.
 *
 * Returns: (transfer none) (array length=n_nodes): the nodes, parents before children
 */
const HearthStackNode *
hearth_profile_get_stack_nodes (HearthProfile *self,
                                guint         *n_nodes)
{
  g_return_val_if_fail (HEARTH_IS_PROFILE (self), NULL);
  g_return_val_if_fail (n_nodes != NULL, NULL);

  *n_nodes = self->stack_nodes->len;
  return (const HearthStackNode *) (void *) self->stack_nodes->data;
}

/**
 * hearth_profile_get_stack_frames:
 * @self: a profile
 * @node: a stack node
 * @frames: a #GArray of guint, filled with the stack's functions, root first
 */
void
hearth_profile_get_stack_frames (HearthProfile *self,
                                 guint          node,
                                 GArray        *frames)
{
  const HearthStackNode *nodes;
  guint depth = 0;

  g_return_if_fail (HEARTH_IS_PROFILE (self));
  g_return_if_fail (node < self->stack_nodes->len);

  nodes = (const HearthStackNode *) (void *) self->stack_nodes->data;
  for (guint i = node; i > 0; i = nodes[i].parent)
    depth++;
  g_array_set_size (frames, depth);
  for (guint i = node; i > 0; i = nodes[i].parent)
    g_array_index (frames, guint, --depth) = nodes[i].function;
}

/**
 * hearth_profile_get_warnings:
 * @self: a finished profile
 *
 * Returns: (transfer none) (array zero-terminated=1): what loading noticed
 */
const char * const *
hearth_profile_get_warnings (HearthProfile *self)
{
  g_return_val_if_fail (HEARTH_IS_PROFILE (self) && self->finished, NULL);
  return (const char * const *) self->warnings->pdata;
}
