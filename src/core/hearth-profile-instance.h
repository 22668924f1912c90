/* hearth-profile-instance.h: the fields of a HearthProfile, for the files that build and finish it
 *
 * Copyright 2026 The Hearth authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <math.h>

#include "hearth-hash.h"
#include "hearth-profile-private.h"

G_BEGIN_DECLS

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

/* A stack node's first child and that child's function, kept by the node while the trie is
 * built: nearly every node of a large trie has one child or none (of the 8.6 M nodes of the
 * 1 GB benchmark file, 7.9 M have one and 0.5 M none), so only the later children go into
 * the (parent, function) table, and a node's one child is stored beside its neighbours
 * rather than at a random slot of a table of millions. */
typedef struct
{
  guint32 child;     /* 0: none yet (node 0 is no one's child) */
  guint32 function;
} HearthStackFirst;

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
  GArray              *stack_first;    /* HearthStackFirst per node, while building */
  HearthPairTable      stack_table;    /* (parent node, function) -> node beyond the first */
  guint                n_stacks;
  gboolean             overflowed;     /* a sum passed G_MAXDOUBLE and was capped */
  gboolean             fractional;     /* some stack's weight is not a whole number */
  guint64              count_total;    /* the stacks' weights summed as integers, while whole */
  gboolean             count_inexact;  /* a weight past 2^53, or the sum past 2^64 */
  gboolean             thread_roots;   /* each root frame is a profile of the file's own */

  GPtrArray           *warnings;       /* NULL-terminated once finished */

  struct _HearthTimeline *timeline;    /* NULL when the file keeps no time order */
};

void _hearth_profile_drop_tables (HearthProfile *self);

/* Room for @n edges after the last, the room doubled as often as it takes. */
static inline HearthEdge *
edges_make_room (HearthProfile *self,
                 guint          n)
{
  if (G_UNLIKELY (self->edges_size - self->n_edges < n))
    {
      while (self->edges_size - self->n_edges < n)
        self->edges_size = MAX (1024, self->edges_size * 2);
      self->edges = g_renew (HearthEdge, self->edges, self->edges_size);
    }
  return self->edges + self->n_edges;
}

/* Edges are the bulk of a large profile: appended without a call per edge. */
static inline guint
append_edge (HearthProfile    *self,
             const HearthEdge *e)
{
  *edges_make_room (self, 1) = *e;
  return self->n_edges++;
}

/* Adds without going past G_MAXDOUBLE, so that a sum of huge values stays finite; a cap is
 * noted in @overflowed (sums made on two threads at once note it apart). */
static inline double
capped_add (gboolean *overflowed,
            double    sum,
            double    value)
{
  double r = sum + value;

  if (isinf (r) && isfinite (sum) && isfinite (value))
    {
      *overflowed = TRUE;
      return G_MAXDOUBLE;
    }
  return r;
}

static inline double
saturating_add (HearthProfile *self,
                double         sum,
                double         value)
{
  return capped_add (&self->overflowed, sum, value);
}

G_END_DECLS
