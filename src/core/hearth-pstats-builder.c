/* hearth-pstats-builder.c: what the pstats reader finds, put into the profile in file order
 *
 * Copyright 2026 The Hearth authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#define G_LOG_DOMAIN "hearth-pstats"

#include "hearth-pstats-builder.h"

#include <string.h>

#include "hearth-hash.h"
#include "hearth-profile-private.h"

/* The reader writes records into chunks; the builder applies a chunk once it is full. With a
 * thread of its own, the chunks go round a ring small enough to stay in the caches: the
 * reader fills one while the builder applies those before it. */
#define CHUNK_BYTES (64 * 1024)
#define RING_CHUNKS 16
/* How far ahead of the edges sent the reader faults in their memory, and in what steps (in
 * edges). */
#define POPULATE_AHEAD (64 * 1024)
#define POPULATE_STEP  (16 * 1024)

typedef enum
{
  RECORD_STRING,
  RECORD_KEY,
  RECORD_ENTRY,
  RECORD_CALLERS,
  RECORD_EDGE,
  RECORD_NUMBERS,
} RecordTag;

/* Every record starts with its tag and one number, and is a multiple of 8 bytes. */
typedef struct
{
  guint32 tag;
  guint32 n;
} RecordHead;

typedef struct
{
  RecordHead    head;
  const guint8 *string;     /* in the file's bytes, which outlive the builder */
  gsize         length;
  guint32       encoding;
  guint32       code;       /* a code object's name */
} StringRecord;

typedef struct
{
  RecordHead head;          /* n: the name's number */
  guint32    file;
  guint32    unused;
  gint64     line;
} KeyRecord;

typedef struct
{
  RecordHead head;          /* n: the key's number (a caller's for an edge) */
  gint64     counts[2];
  double     times[2];
} NumbersRecord;

/* RECORD_CALLERS: a head whose n is the number of HearthMarshalEntry after it */

G_STATIC_ASSERT (sizeof (StringRecord) % 8 == 0);
G_STATIC_ASSERT (sizeof (KeyRecord) % 8 == 0);
G_STATIC_ASSERT (sizeof (NumbersRecord) % 8 == 0);
G_STATIC_ASSERT (sizeof (HearthMarshalEntry) % 8 == 0);

typedef struct
{
  guint8 *data;
  gsize   used;
} Chunk;

/* A number the reader gave out -> what it stands for in the profile, growing as the
 * records come. */
typedef struct
{
  guint *ids;
  gsize  len;
  gsize  size;
} NumberMap;

struct _HearthPstatsBuilder
{
  HearthProfile *profile;

  /* the reader's side */
  guint          n_strings;
  guint          n_keys;
  Chunk         *filling;
  /* the edges' memory, faulted in by the reader ahead of the builder (see flush ()) */
  HearthEdge    *edge_room;
  gsize          edge_room_size;
  gsize          n_edges_sent;
  gsize          n_edges_populated;

  /* the ring: chunks[head] is being filled, the n_full before it wait to be applied from
   * chunks[tail] on */
  Chunk          chunks[RING_CHUNKS];
  guint          head;
  guint          tail;
  guint          n_full;
  gboolean       done;        /* no more chunks will come */
  gboolean       stop;        /* the reader failed: apply nothing more */
  GMutex         lock;
  GCond          cond;
  GThread       *thread;

  /* the builder's side */
  NumberMap      strings;     /* -> the profile's string */
  NumberMap      keys;        /* -> the profile's function */
  guint8        *listed;      /* per function: an entry of its own was read */
  gsize          n_listed;
  guint          callee;      /* of the entry being applied */
  gboolean       replaced_text;
  GString       *text;
};

/* Numbers are given out in turn: the next one is map->len. */
static void
number_map_append (NumberMap *map,
                   guint      id)
{
  if (map->len == map->size)
    {
      map->size = MAX (1024, map->size * 2);
      map->ids = g_renew (guint, map->ids, map->size);
    }
  map->ids[map->len++] = id;
}

/* Applying records ---------------------------------------------------------------------- */

static gsize
record_size (const RecordHead *head)
{
  switch ((RecordTag) head->tag)
    {
    case RECORD_STRING:
      return sizeof (StringRecord);
    case RECORD_KEY:
      return sizeof (KeyRecord);
    case RECORD_ENTRY:
      return sizeof (RecordHead);
    case RECORD_CALLERS:
      return sizeof (RecordHead) + head->n * sizeof (HearthMarshalEntry);
    case RECORD_EDGE:
    case RECORD_NUMBERS:
      return sizeof (NumbersRecord);
    default:
      g_assert_not_reached ();
    }
}

/* Bytes that every encoding of a marshal string takes as they are: ASCII without NUL. Eight
 * at a time: a word has a byte of 0 or of 0x80 and up when one of these bits is set. */
static gboolean
is_plain_ascii (const guint8 *s,
                gsize         length)
{
  const guint64 ones = G_GUINT64_CONSTANT (0x0101010101010101);
  const guint64 highs = G_GUINT64_CONSTANT (0x8080808080808080);
  gsize i = 0;

  for (; length - i >= 8; i += 8)
    {
      guint64 w;

      memcpy (&w, s + i, 8);
      if (((w | (w - ones)) & highs) != 0)
        return FALSE;
    }
  for (; i < length; i++)
    if (s[i] == 0 || s[i] >= 0x80)
      return FALSE;
  return TRUE;
}

static void
append_text (HearthPstatsBuilder *self,
             const StringRecord  *r)
{
  if (hearth_marshal_append_utf8 (self->text, r->string, r->length, r->encoding))
    self->replaced_text = TRUE;
}

static void
apply_string (HearthPstatsBuilder *self,
              const StringRecord  *r)
{
  guint id;

  if (!r->code && is_plain_ascii (r->string, r->length))
    id = _hearth_profile_intern_string (self->profile, (const char *) r->string, r->length);
  else
    {
      g_string_truncate (self->text, 0);
      if (r->code)
        {
          /* python -m profile keys the script by its code object */
          g_string_append (self->text, "<code object ");
          append_text (self, r);
          g_string_append_c (self->text, '>');
        }
      else
        append_text (self, r);
      id = _hearth_profile_intern_string (self->profile, self->text->str, self->text->len);
    }
  number_map_append (&self->strings, id);
}

static void
apply_key (HearthPstatsBuilder *self,
           const KeyRecord     *r)
{
  guint function = _hearth_profile_intern_function_ids (self->profile,
                                                        self->strings.ids[r->file], r->line,
                                                        self->strings.ids[r->head.n]);

  number_map_append (&self->keys, function);
}

static void
apply_entry (HearthPstatsBuilder *self,
             guint                key)
{
  guint function = self->keys.ids[key];

  if (function >= self->n_listed)
    {
      gsize size = MAX (MAX (1024, (gsize) function + 1), self->n_listed * 2);

      self->listed = g_renew (guint8, self->listed, size);
      memset (self->listed + self->n_listed, 0, size - self->n_listed);
      self->n_listed = size;
    }
  if (self->listed[function])
    _hearth_profile_clear_callers (self->profile, function);
  self->listed[function] = 1;
  self->callee = function;
  /* its numbers are set after its callers: the memory of a function seen long before
   * comes meanwhile */
  __builtin_prefetch (hearth_profile_get_function (self->profile, function), 1);
}

static void
apply_callers (HearthPstatsBuilder      *self,
               const HearthMarshalEntry *entries,
               guint                     n)
{
  HearthEdge *edges = _hearth_profile_edge_room (self->profile, n);

  for (guint i = 0; i < n; i++)
    {
      const HearthMarshalEntry *e = &entries[i];

      edges[i].caller = self->keys.ids[(e->key_data >> 1) - 1];
      edges[i].callee = self->callee;
      edges[i].calls = e->counts[0];
      edges[i].prim_calls = e->counts[1];
      edges[i].own = e->times[0];
      edges[i].cum = e->times[1];
    }
  _hearth_profile_commit_edges (self->profile, n);
}

/* What the records of a chunk will read at random is fetched before they are applied, in two
 * sweeps: first the numbers' entries in the maps (and the bytes of the strings to intern),
 * then, with the strings of a key known, its slot in the profile's function table. Each is
 * otherwise a wait for the memory, some hundreds in a chunk. */
static void
prefetch_maps (HearthPstatsBuilder *self,
               const Chunk         *chunk)
{
  const guint *strings = self->strings.ids, *keys = self->keys.ids;
  gsize n_strings = self->strings.len, n_keys = self->keys.len;

  for (const guint8 *p = chunk->data; p < chunk->data + chunk->used;)
    {
      const RecordHead *head = (const RecordHead *) (const void *) p;

      switch ((RecordTag) head->tag)
        {
        case RECORD_STRING:
          __builtin_prefetch (((const StringRecord *) (const void *) p)->string);
          break;
        case RECORD_KEY:
          if (((const KeyRecord *) (const void *) p)->file < n_strings)
            __builtin_prefetch (&strings[((const KeyRecord *) (const void *) p)->file]);
          if (head->n < n_strings)
            __builtin_prefetch (&strings[head->n]);
          break;
        case RECORD_CALLERS:
          {
            const HearthMarshalEntry *e = (const HearthMarshalEntry *) (const void *) (head + 1);

            for (guint i = 0; i < head->n; i++)
              {
                guint key = (e[i].key_data >> 1) - 1;

                /* a key of this chunk's is not in the map yet */
                if (key < n_keys)
                  __builtin_prefetch (&keys[key]);
              }
          }
          break;
        case RECORD_ENTRY:
        case RECORD_EDGE:
        case RECORD_NUMBERS:
        default:
          if (head->n < n_keys)
            __builtin_prefetch (&keys[head->n]);
          break;
        }
      p += record_size (head);
    }
}

static void
prefetch_functions (HearthPstatsBuilder *self,
                    const Chunk         *chunk)
{
  guint known = self->strings.len;

  for (const guint8 *p = chunk->data; p < chunk->data + chunk->used;)
    {
      const RecordHead *head = (const RecordHead *) (const void *) p;

      if (head->tag == RECORD_KEY)
        {
          const KeyRecord *r = (const KeyRecord *) (const void *) p;

          if (r->file < known && head->n < known)
            _hearth_profile_prefetch_function_ids (self->profile, self->strings.ids[r->file],
                                                   r->line, self->strings.ids[head->n]);
        }
      p += record_size (head);
    }
}

static void
apply_chunk (HearthPstatsBuilder *self,
             const Chunk         *chunk)
{
  prefetch_maps (self, chunk);
  prefetch_functions (self, chunk);
  for (const guint8 *p = chunk->data; p < chunk->data + chunk->used;)
    {
      const RecordHead *head = (const RecordHead *) (const void *) p;
      const NumbersRecord *numbers = (const NumbersRecord *) (const void *) p;

      switch ((RecordTag) head->tag)
        {
        case RECORD_STRING:
          apply_string (self, (const StringRecord *) (const void *) p);
          break;
        case RECORD_KEY:
          apply_key (self, (const KeyRecord *) (const void *) p);
          break;
        case RECORD_ENTRY:
          apply_entry (self, head->n);
          break;
        case RECORD_CALLERS:
          apply_callers (self, (const HearthMarshalEntry *) (const void *) (head + 1), head->n);
          break;
        case RECORD_EDGE:
          _hearth_profile_set_edge (self->profile, self->keys.ids[head->n], self->callee,
                                    numbers->counts[0], numbers->counts[1],
                                    numbers->times[0], numbers->times[1]);
          break;
        case RECORD_NUMBERS:
          _hearth_profile_set_numbers (self->profile, self->keys.ids[head->n],
                                       numbers->counts[0], numbers->counts[1],
                                       numbers->times[0], numbers->times[1]);
          break;
        default:
          g_assert_not_reached ();
        }
      p += record_size (head);
    }
}

/* The builder's thread: applies the chunks in turn until the reader is done. */
static gpointer
builder_thread (gpointer data)
{
  HearthPstatsBuilder *self = data;

  g_mutex_lock (&self->lock);
  for (;;)
    {
      Chunk *chunk;

      while (self->n_full == 0 && !self->done && !self->stop)
        g_cond_wait (&self->cond, &self->lock);
      if (self->stop || self->n_full == 0)
        break;
      chunk = &self->chunks[self->tail];
      g_mutex_unlock (&self->lock);

      apply_chunk (self, chunk);

      g_mutex_lock (&self->lock);
      self->tail = (self->tail + 1) % RING_CHUNKS;
      self->n_full--;
      g_cond_signal (&self->cond);
    }
  g_mutex_unlock (&self->lock);
  return NULL;
}

/* Writing records ----------------------------------------------------------------------- */

/* With a thread of its own, the builder is the slower of the two: the reader clears the
 * fresh pages of the edges some way ahead of it. Only in the room set aside, which the
 * builder cannot yet have outgrown (it has no more edges than were sent). */
static void
populate_ahead (HearthPstatsBuilder *self)
{
  gsize want = MIN (self->n_edges_sent + POPULATE_AHEAD, self->edge_room_size);

  if (want < self->n_edges_populated + POPULATE_STEP && want < self->edge_room_size)
    return;
  if (want > self->n_edges_populated)
    hearth_memory_populate (self->edge_room + self->n_edges_populated,
                            (want - self->n_edges_populated) * sizeof (HearthEdge));
  self->n_edges_populated = want;
}

/* The chunk being filled is full (or the reader is done): it is applied, here or on the
 * builder's thread, and an empty one is filled next. */
static void
flush (HearthPstatsBuilder *self)
{
  if (self->thread == NULL)
    {
      apply_chunk (self, self->filling);
      self->filling->used = 0;
      return;
    }
  populate_ahead (self);

  g_mutex_lock (&self->lock);
  self->n_full++;
  self->head = (self->head + 1) % RING_CHUNKS;
  g_cond_signal (&self->cond);
  while (self->n_full == RING_CHUNKS)
    g_cond_wait (&self->cond, &self->lock);
  g_mutex_unlock (&self->lock);
  self->filling = &self->chunks[self->head];
  self->filling->used = 0;
}

/* Room for a record of @bytes at the end of the chunk being filled. */
static inline gpointer
record_room (HearthPstatsBuilder *self,
             gsize                bytes)
{
  if (CHUNK_BYTES - self->filling->used < bytes)
    flush (self);
  return self->filling->data + self->filling->used;
}

static inline void
record_commit (HearthPstatsBuilder *self,
               gsize                bytes)
{
  self->filling->used += bytes;
}

static void
write_numbers (HearthPstatsBuilder *self,
               RecordTag            tag,
               guint                key,
               gint64               first,
               gint64               second,
               double               own,
               double               cum)
{
  NumbersRecord *r = record_room (self, sizeof *r);

  r->head.tag = tag;
  r->head.n = key;
  r->counts[0] = first;
  r->counts[1] = second;
  r->times[0] = own;
  r->times[1] = cum;
  record_commit (self, sizeof *r);
}

guint
_hearth_pstats_builder_string (HearthPstatsBuilder      *self,
                               const HearthMarshalToken *token)
{
  StringRecord *r = record_room (self, sizeof *r);

  r->head.tag = RECORD_STRING;
  r->head.n = 0;
  r->string = token->string;
  r->length = token->length;
  r->encoding = token->encoding;
  r->code = token->type == HEARTH_MARSHAL_CODE;
  record_commit (self, sizeof *r);
  return self->n_strings++;
}

guint
_hearth_pstats_builder_key (HearthPstatsBuilder *self,
                            guint                file,
                            gint64               line,
                            guint                name)
{
  KeyRecord *r = record_room (self, sizeof *r);

  g_return_val_if_fail (file < self->n_strings && name < self->n_strings, 0);

  r->head.tag = RECORD_KEY;
  r->head.n = name;
  r->file = file;
  r->unused = 0;
  r->line = line;
  record_commit (self, sizeof *r);
  return self->n_keys++;
}

void
_hearth_pstats_builder_entry (HearthPstatsBuilder *self,
                              guint                key)
{
  RecordHead *r = record_room (self, sizeof *r);

  g_return_if_fail (key < self->n_keys);

  r->tag = RECORD_ENTRY;
  r->n = key;
  record_commit (self, sizeof *r);
}

HearthMarshalEntry *
_hearth_pstats_builder_callers_room (HearthPstatsBuilder *self,
                                     guint                max)
{
  RecordHead *r;

  g_return_val_if_fail (sizeof *r + max * sizeof (HearthMarshalEntry) <= CHUNK_BYTES, NULL);

  r = record_room (self, sizeof *r + max * sizeof (HearthMarshalEntry));
  return (HearthMarshalEntry *) (void *) (r + 1);
}

void
_hearth_pstats_builder_callers_commit (HearthPstatsBuilder *self,
                                       guint                n)
{
  RecordHead *r = (RecordHead *) (void *) (self->filling->data + self->filling->used);

  if (n == 0)
    return;
  r->tag = RECORD_CALLERS;
  r->n = n;
  record_commit (self, sizeof *r + n * sizeof (HearthMarshalEntry));
  self->n_edges_sent += n;
}

void
_hearth_pstats_builder_edge (HearthPstatsBuilder *self,
                             guint                caller,
                             gint64               calls,
                             gint64               prim_calls,
                             double               own,
                             double               cum)
{
  g_return_if_fail (caller < self->n_keys);

  write_numbers (self, RECORD_EDGE, caller, calls, prim_calls, own, cum);
  self->n_edges_sent++;
}

void
_hearth_pstats_builder_numbers (HearthPstatsBuilder *self,
                                guint                key,
                                gint64               prim_calls,
                                gint64               calls,
                                double               own,
                                double               cum)
{
  g_return_if_fail (key < self->n_keys);

  write_numbers (self, RECORD_NUMBERS, key, prim_calls, calls, own, cum);
}

/* The builder as a whole ---------------------------------------------------------------- */

/**
 * _hearth_pstats_builder_new:
 * @profile: the profile to fill; the reader leaves it alone until the builder is complete
 * @threaded: apply the records on a thread of the builder's own
 *
 * Returns: (transfer full): a builder
 */
HearthPstatsBuilder *
_hearth_pstats_builder_new (HearthProfile *profile,
                            gboolean       threaded)
{
  HearthPstatsBuilder *self = g_new0 (HearthPstatsBuilder, 1);

  self->profile = profile;
  self->text = g_string_sized_new (256);
  g_mutex_init (&self->lock);
  g_cond_init (&self->cond);
  for (guint i = 0; i < (threaded ? RING_CHUNKS : 1); i++)
    self->chunks[i].data = g_malloc (CHUNK_BYTES);
  self->filling = &self->chunks[0];
  self->edge_room = _hearth_profile_get_edge_room (profile, &self->edge_room_size);
  if (threaded)
    self->thread = g_thread_try_new ("hearth-pstats", builder_thread, self, NULL);
  return self;
}

/* Stops the builder's thread: after everything (@done) or at once. */
static void
join (HearthPstatsBuilder *self,
      gboolean             done)
{
  if (self->thread == NULL)
    return;
  g_mutex_lock (&self->lock);
  if (done)
    {
      self->done = TRUE;
      if (self->filling->used > 0)
        {
          self->n_full++;
          self->head = (self->head + 1) % RING_CHUNKS;
        }
    }
  else
    self->stop = TRUE;
  g_cond_broadcast (&self->cond);
  g_mutex_unlock (&self->lock);
  g_thread_join (g_steal_pointer (&self->thread));
}

gboolean
_hearth_pstats_builder_complete (HearthPstatsBuilder *self)
{
  if (self->thread != NULL)
    join (self, TRUE);
  else if (self->filling->used > 0)
    flush (self);
  self->filling->used = 0;
  return self->replaced_text;
}

void
_hearth_pstats_builder_free (HearthPstatsBuilder *self)
{
  join (self, FALSE);
  for (guint i = 0; i < RING_CHUNKS; i++)
    g_free (self->chunks[i].data);
  g_free (self->strings.ids);
  g_free (self->keys.ids);
  g_free (self->listed);
  g_string_free (self->text, TRUE);
  g_mutex_clear (&self->lock);
  g_cond_clear (&self->cond);
  g_free (self);
}
