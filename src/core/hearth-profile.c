/* hearth-profile.c
 *
 * Copyright 2026 The Hearth authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#define G_LOG_DOMAIN "hearth-profile"

#include "hearth-profile-private.h"

#include <glib/gi18n-lib.h>
#include <math.h>
#include <string.h>
#include <sys/resource.h>
#include <unistd.h>

#include "hearth-hash.h"

/* An open-addressing table from a 64-bit hash to an index, with a key per table so that a
 * crafted file cannot choose colliding keys. Equality is checked by the caller's callback.
 * A slot keeps the hash's low 32 bits (the probe position comes from them; tables stay below
 * 2^32 slots) next to the value, so a probe touches one cache line. */
typedef struct
{
  guint32 hash;
  guint32 value;     /* index + 1; 0 is an empty slot */
} HearthIndexSlot;

typedef struct
{
  HearthIndexSlot *slots;
  gsize            mask;
  gsize            used;
} HearthIndexTable;

typedef gboolean (*HearthIndexEqual) (gconstpointer user_data,
                                      guint         value);

/* A function's key: the ids of its interned strings and its line. */
typedef struct
{
  guint32 file;
  guint32 name;
  gint64  line;
} HearthFunctionIds;

/* The function table holds the keys themselves, so that a lookup touches one slot of 16
 * bytes and nothing else (a large profile's table and functions are far larger than the
 * caches: each extra place to look is a wait for the memory). */
typedef struct
{
  guint32 value;     /* function + 1, 0 for an empty slot; | LONG_LINE */
  guint32 file;
  guint32 name;
  guint32 line;      /* the low 32 bits; all of the line when LONG_LINE is not set */
} HearthFunctionSlot;

/* The line does not fit in 32 bits: see the function's. (Function indices stay far below
 * 2^31: each takes a HearthFunction of 72 bytes.) */
#define LONG_LINE 0x80000000u

/* Beside the slots, a byte per slot: 0 when empty, else FUNCTION_TAG of the key's hash. A
 * lookup probes these first, so a new key (half the lookups of a large profile) is found
 * missing in an array a sixteenth of the size, and the slots are read only on a likely
 * match. */
typedef struct
{
  HearthFunctionSlot *slots;
  guint8             *tags;
  gsize               mask;
  gsize               used;
} HearthFunctionTable;

#define FUNCTION_TAG(hash) ((guint8) (0x80 | ((hash) >> 57)))

struct _HearthProfile
{
  GObject              parent_instance;

  HearthProfileFormat  format;
  HearthProfileKind    kind;
  HearthUnit           unit;
  char                *path;
  char                *name;
  HearthProfile       *baseline;
  double               total;
  gboolean             finished;

  /* strings are interned once: file names repeat across thousands of functions */
  GStringChunk        *chunk;
  HearthHashKey        key;
  HearthIndexTable     string_table;
  GPtrArray           *strings;

  GArray              *functions;      /* HearthFunction */
  GArray              *frame_functions; /* per interned string: its frame's function or -1 */
  HearthFunctionTable  function_table;
  HearthFunctionIds    hinted;         /* the key announced last, and its hash */
  guint64              hinted_hash;
  gboolean             have_hint;

  HearthEdge          *edges;          /* file order */
  guint                n_edges;
  guint                edges_size;
  GArray              *clears;         /* guint pairs: callee, edges before it are void */
  guint               *callee_offsets; /* per function, into callee_index (edges by caller) */
  guint               *callee_index;
  guint               *caller_offsets; /* per function, into caller_index (edges by callee) */
  guint               *caller_index;

  /* Stacks as a trie (HearthStackNode, node 0 above them all): a stack shares its prefix
   * with the stacks read before it, so a reader that pushes and pops frames (evented
   * speedscope) costs one node per push, not the whole open stack per event. */
  GArray              *stack_nodes;
  HearthPairTable      stack_table;    /* (parent node, function) -> node, while building */
  guint                n_stacks;
  gboolean             overflowed;     /* a sum passed G_MAXDOUBLE and was capped */
  gboolean             fractional;     /* some stack's weight is not a whole number */
  guint64              count_total;    /* the stacks' weights summed as integers, while whole */
  gboolean             count_inexact;  /* a weight past 2^53, or the sum past 2^64 */

  GPtrArray           *warnings;       /* NULL-terminated once finished */
};

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
  t->slots = g_new0 (HearthIndexSlot, t->mask + 1);

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
 * the text. */
static guint64
hash_ids (HearthProfile           *self,
          const HearthFunctionIds *ids)
{
  guint64 words[2] = { ids->file | (guint64) ids->name << 32, (guint64) ids->line };

  if (self->have_hint && self->hinted.file == ids->file && self->hinted.name == ids->name &&
      self->hinted.line == ids->line)
    return self->hinted_hash;
  return hearth_hash_words (&self->key, words, 2);
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
  t->tags = g_new0 (guint8, t->mask + 1);

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
  if (self->stack_table.values != NULL)
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

/* Edges are the bulk of a large profile: appended without a call per edge. */
static inline guint
append_edge (HearthProfile    *self,
             const HearthEdge *e)
{
  if (G_UNLIKELY (self->n_edges == self->edges_size))
    {
      self->edges_size = MAX (1024, self->edges_size * 2);
      self->edges = g_renew (HearthEdge, self->edges, self->edges_size);
    }
  self->edges[self->n_edges] = *e;
  return self->n_edges++;
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
  guint found;

  g_return_val_if_fail (HEARTH_IS_PROFILE (self) && !self->finished, 0);
  g_return_val_if_fail (node < self->stack_nodes->len, 0);

  found = hearth_pair_table_lookup (&self->stack_table, node, function, self->stack_nodes->len);
  if (found != G_MAXUINT)
    return found;
  g_array_append_val (self->stack_nodes, fresh);
  return self->stack_nodes->len - 1;
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

/* Adds without going past G_MAXDOUBLE, so that a sum of huge values stays finite. */
static double
saturating_add (HearthProfile *self,
                double         sum,
                double         value)
{
  double r = sum + value;

  if (isinf (r) && isfinite (sum) && isfinite (value))
    {
      self->overflowed = TRUE;
      return G_MAXDOUBLE;
    }
  return r;
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

/* Finishing -------------------------------------------------------------------------------- */

/* Whether each callee's edges are one run, as a pstats file gives them (a callers dict per
 * function), unless a key repeats. */
static gboolean
edges_grouped_by_callee (HearthProfile *self)
{
  g_autofree guint8 *seen = g_new0 (guint8, self->functions->len);
  guint previous = G_MAXUINT;

  for (guint i = 0; i < self->n_edges; i++)
    {
      guint callee = self->edges[i].callee;

      if (callee == previous)
        continue;
      if (seen[callee])
        return FALSE;
      seen[callee] = 1;
      previous = callee;
    }
  return TRUE;
}

/* Drops edges voided by a later duplicate key, and earlier duplicates of a caller -> callee
 * pair (Python's dict keeps the last value). Keeps file order otherwise. */
static void
dedupe_edges (HearthProfile *self)
{
  guint n_functions = self->functions->len;
  guint n = self->n_edges;
  g_autofree guint *threshold = NULL;
  g_autofree guint *last_seen = NULL;
  g_autofree guint32 *drop = NULL;
  HearthEdge *edges = self->edges;
  guint kept = 0, n_dropped = 0;

  if (n == 0)
    return;

  if (self->clears->len > 0)
    threshold = g_new0 (guint, n_functions);
  for (guint i = 0; i + 1 < self->clears->len; i += 2)
    {
      guint callee = g_array_index (self->clears, guint, i);
      guint at = g_array_index (self->clears, guint, i + 1);

      threshold[callee] = MAX (threshold[callee], at);
    }

  /* Walking a callee's edges backwards, the first sighting of a pair is the one that wins.
   * The stamp packs the pair's callee: a caller's last_seen holds callee + 1 of the newest
   * pair it was seen in, which is enough because edges of one callee are walked together. */
  drop = g_new0 (guint32, n / 32 + 1);
  last_seen = g_new0 (guint, n_functions);
  if (edges_grouped_by_callee (self))
    {
      /* each callee's edges are together already: one walk back over them all */
      for (guint i = n; i-- > 0;)
        {
          guint f = edges[i].callee;

          if ((threshold != NULL && i < threshold[f]) || last_seen[edges[i].caller] == f + 1)
            {
              drop[i / 32] |= 1u << (i % 32);
              n_dropped++;
            }
          else
            last_seen[edges[i].caller] = f + 1;
        }
    }
  else
    {
      g_autofree guint *by_callee = NULL;
      g_autofree guint *offsets = g_new0 (guint, n_functions + 1);

      for (guint i = 0; i < n; i++)
        offsets[edges[i].callee + 1]++;
      for (guint f = 0; f < n_functions; f++)
        offsets[f + 1] += offsets[f];
      by_callee = g_new (guint, n);
      {
        g_autofree guint *fill = g_memdup2 (offsets, sizeof (guint) * (n_functions + 1));

        for (guint i = 0; i < n; i++)
          by_callee[fill[edges[i].callee]++] = i;
      }

      for (guint f = 0; f < n_functions; f++)
        for (guint k = offsets[f + 1]; k > offsets[f]; k--)
          {
            guint i = by_callee[k - 1];

            if ((threshold != NULL && i < threshold[f]) ||
                last_seen[edges[i].caller] == f + 1)
              {
                drop[i / 32] |= 1u << (i % 32);
                n_dropped++;
              }
            else
              last_seen[edges[i].caller] = f + 1;
          }
    }

  if (n_dropped == 0)
    return;
  for (guint i = 0; i < n; i++)
    if (!(drop[i / 32] & (1u << (i % 32))))
      edges[kept++] = edges[i];
  self->n_edges = kept;
}

/* Per function, while the edges are counted: its edges as caller, and the callee of the run
 * of edges it was last seen in as caller (+ 1). Together, for one place in memory a step. */
typedef struct
{
  guint count;
  guint stamp;
} CallerTally;

/* Counts each function's edges as caller (into @by_caller[f + 1]) and as callee (into
 * @by_callee[f + 1]), both zeroed, in one pass; tells whether the edges are clean: no key
 * was repeated (clears), each callee's edges are one run (a callers dict), and no caller
 * is twice in a run. Clean edges need no dedupe_edges(), and these counts are final. */
static gboolean
count_edges (HearthProfile *self,
             guint         *by_caller,
             guint         *by_callee)
{
  guint n_functions = self->functions->len;
  g_autofree CallerTally *tally = g_new0 (CallerTally, n_functions);
  g_autofree guint8 *had_run = g_new0 (guint8, n_functions);
  gboolean clean = self->clears == NULL || self->clears->len == 0;
  guint previous = G_MAXUINT;

  for (guint i = 0; i < self->n_edges; i++)
    {
      guint caller = self->edges[i].caller;
      guint callee = self->edges[i].callee;

      if (callee != previous)
        {
          if (had_run[callee])
            clean = FALSE;
          had_run[callee] = 1;
          previous = callee;
        }
      if (tally[caller].stamp == callee + 1)
        clean = FALSE;
      tally[caller].stamp = callee + 1;
      tally[caller].count++;
      by_callee[callee + 1]++;
    }

  for (guint f = 0; f < n_functions; f++)
    by_caller[f + 1] = tally[f].count;
  return clean;
}

/* Groups edge indices by caller and by callee with a stable counting sort, from the counts
 * of count_edges(): O(edges + functions), one pass over the edges. */
static void
build_indexes (HearthProfile *self,
               guint         *by_caller,
               guint         *by_callee)
{
  guint n_functions = self->functions->len;
  guint n = self->n_edges;
  const HearthEdge *edges = self->edges;
  g_autofree guint *fill_caller = NULL;
  g_autofree guint *fill_callee = NULL;

  for (guint f = 0; f < n_functions; f++)
    {
      by_caller[f + 1] += by_caller[f];
      by_callee[f + 1] += by_callee[f];
    }

  self->callee_offsets = by_caller;
  self->caller_offsets = by_callee;
  self->callee_index = g_new (guint, MAX (n, 1));
  self->caller_index = g_new (guint, MAX (n, 1));
  fill_caller = g_memdup2 (by_caller, sizeof (guint) * (n_functions + 1));
  fill_callee = g_memdup2 (by_callee, sizeof (guint) * (n_functions + 1));
  for (guint i = 0; i < n; i++)
    {
      self->callee_index[fill_caller[edges[i].caller]++] = i;
      self->caller_index[fill_callee[edges[i].callee]++] = i;
    }
}

/* Sums of huge counts can pass 2^63, where a plain cast is undefined. */
static gint64
count_from_weight (double weight)
{
  return weight >= 9.2e18 ? G_MAXINT64 : (gint64) weight;
}

/* Per stack node: the weight and the number of the stacks at or below it. */
typedef struct
{
  double  weight;
  guint64 n_stacks;
} StackSums;

static StackSums *
stack_subtree_sums (HearthProfile *self)
{
  const HearthStackNode *nodes = (const HearthStackNode *) (void *) self->stack_nodes->data;
  guint n = self->stack_nodes->len;
  StackSums *sums = g_new (StackSums, n);

  for (guint i = 0; i < n; i++)
    {
      sums[i].weight = nodes[i].weight;
      sums[i].n_stacks = nodes[i].n_stacks;
    }
  /* a parent comes before its children */
  for (guint i = n - 1; i > 0; i--)
    {
      sums[nodes[i].parent].weight = saturating_add (self, sums[nodes[i].parent].weight,
                                                     sums[i].weight);
      sums[nodes[i].parent].n_stacks += sums[i].n_stacks;
    }
  return sums;
}

/* The edge of each stack node (its parent's function -> its function), G_MAXUINT under the
 * root; edges are numbered in the order the file first shows them. */
static guint *
stack_node_edges (HearthProfile *self)
{
  const HearthStackNode *nodes = (const HearthStackNode *) (void *) self->stack_nodes->data;
  guint n = self->stack_nodes->len;
  guint *edge_of = g_new (guint, n);
  HearthPairTable pairs;

  hearth_pair_table_init (&pairs);
  self->n_edges = 0;
  edge_of[0] = G_MAXUINT;
  for (guint i = 1; i < n; i++)
    {
      guint caller, e;

      if (nodes[i].parent == 0)
        {
          edge_of[i] = G_MAXUINT;
          continue;
        }
      caller = nodes[nodes[i].parent].function;
      e = hearth_pair_table_lookup (&pairs, caller, nodes[i].function, self->n_edges);
      if (e == G_MAXUINT)
        {
          HearthEdge fresh = { caller, nodes[i].function, 0, 0, 0, 0 };

          e = append_edge (self, &fresh);
        }
      edge_of[i] = e;
    }
  hearth_pair_table_clear (&pairs);
  return edge_of;
}

/* Counts node @i's subtree into its function and edge, unless they are already counted by
 * an ancestor (recursion): each stack counts a function and an edge once. */
static void
stack_node_enter (HearthProfile   *self,
                  guint            i,
                  const StackSums *sums,
                  const guint     *edge_of,
                  guint           *function_open,
                  guint           *edge_open)
{
  const HearthStackNode *node = &g_array_index (self->stack_nodes, HearthStackNode, i);
  HearthFunction *f = &g_array_index (self->functions, HearthFunction, node->function);

  f->own = saturating_add (self, f->own, node->weight);
  f->prim_calls += node->n_stacks;
  if (function_open[node->function]++ == 0)
    {
      f->cum = saturating_add (self, f->cum, sums[i].weight);
      f->calls += sums[i].n_stacks;
    }
  if (edge_of[i] != G_MAXUINT)
    {
      HearthEdge *edge = &self->edges[edge_of[i]];

      edge->own = saturating_add (self, edge->own, node->weight);
      if (edge_open[edge_of[i]]++ == 0)
        {
          edge->cum = saturating_add (self, edge->cum, sums[i].weight);
          edge->calls += sums[i].n_stacks;
          edge->prim_calls += sums[i].n_stacks;
        }
    }
}

/* For stack profiles: each function's own and cumulative weight, and the caller -> callee
 * edges, counted once per stack however often recursion repeats them in it. One walk of
 * the stack trie, depth first, keeps what is open on the current path. */
static void
derive_from_stacks (HearthProfile *self)
{
  const HearthStackNode *nodes = (const HearthStackNode *) (void *) self->stack_nodes->data;
  guint n = self->stack_nodes->len;
  guint n_functions = self->functions->len;
  g_autofree StackSums *sums = stack_subtree_sums (self);
  g_autofree guint *edge_of = stack_node_edges (self);
  g_autofree guint *function_open = g_new0 (guint, MAX (n_functions, 1));
  g_autofree guint *edge_open = g_new0 (guint, MAX (self->n_edges, 1));
  g_autofree guint *child_offsets = g_new0 (guint, n + 1);
  g_autofree guint *child_index = g_new (guint, n);
  g_autofree guint *path = g_new (guint, n);
  g_autofree guint *next = g_new (guint, n);
  HearthFunction *functions = (HearthFunction *) (void *) self->functions->data;
  guint depth = 0;

  self->total = sums[0].weight;

  for (guint i = 1; i < n; i++)
    child_offsets[nodes[i].parent + 1]++;
  for (guint i = 0; i < n; i++)
    child_offsets[i + 1] += child_offsets[i];
  memcpy (next, child_offsets, sizeof (guint) * n);
  for (guint i = 1; i < n; i++)
    child_index[next[nodes[i].parent]++] = i;
  memcpy (next, child_offsets, sizeof (guint) * n);

  path[depth++] = 0;
  while (depth > 0)
    {
      guint top = path[depth - 1];

      if (next[top] < child_offsets[top + 1])
        {
          guint child = child_index[next[top]++];

          stack_node_enter (self, child, sums, edge_of, function_open, edge_open);
          path[depth++] = child;
          continue;
        }
      depth--;
      if (top > 0)
        {
          function_open[nodes[top].function]--;
          if (edge_of[top] != G_MAXUINT)
            edge_open[edge_of[top]]--;
        }
    }

  /* Sample counts are what users expect to read as "calls" when weights are counts. */
  if (!self->fractional && self->unit == HEARTH_UNIT_SAMPLES)
    {
      for (guint f = 0; f < n_functions; f++)
        {
          functions[f].calls = count_from_weight (functions[f].cum);
          functions[f].prim_calls = count_from_weight (functions[f].own);
        }
      for (guint e = 0; e < self->n_edges; e++)
        {
          HearthEdge *edge = &self->edges[e];

          edge->calls = edge->prim_calls = count_from_weight (edge->cum);
        }
    }
}

void
_hearth_profile_finish (HearthProfile *self)
{
  guint *by_caller, *by_callee;
  gboolean clean;

  g_return_if_fail (HEARTH_IS_PROFILE (self) && !self->finished);

  self->total = 0;
  hearth_pair_table_clear (&self->stack_table);
  if (self->n_stacks > 0)
    derive_from_stacks (self);
  else
    for (guint f = 0; f < self->functions->len; f++)
      self->total = saturating_add (self, self->total,
                                    hearth_profile_clamp (g_array_index (self->functions,
                                                                         HearthFunction, f).own));
  if (self->overflowed)
    g_ptr_array_add (self->warnings,
                     g_strdup_printf (_("times or weights add up to more than %g, capped there"),
                                      G_MAXDOUBLE));

  /* Lookups after this point never insert, and the strings tables are no longer needed:
   * free them before the indexes are built, which is when a large profile peaks. */
  index_table_clear (&self->string_table);
  function_table_clear (&self->function_table);
  g_clear_pointer (&self->frame_functions, g_array_unref);

  /* a stack profile's edges are distinct pairs by construction */
  by_caller = g_new0 (guint, self->functions->len + 1);
  by_callee = g_new0 (guint, self->functions->len + 1);
  clean = count_edges (self, by_caller, by_callee);
  if (!clean && self->n_stacks == 0)
    {
      dedupe_edges (self);
      memset (by_caller, 0, sizeof (guint) * (self->functions->len + 1));
      memset (by_callee, 0, sizeof (guint) * (self->functions->len + 1));
      count_edges (self, by_caller, by_callee);
    }
  g_clear_pointer (&self->clears, g_array_unref);

  build_indexes (self, by_caller, by_callee);

  g_ptr_array_add (self->warnings, NULL);
  self->finished = TRUE;
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
