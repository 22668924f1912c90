/* hearth-folded-reader.c: folded ("collapsed") stack text.
 *
 * Copyright 2026 The Hearth authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#define G_LOG_DOMAIN "hearth-folded"

#include "hearth-folded-reader.h"
#include "hearth-folded-line-private.h"
#include "hearth-hash.h"
#include "hearth-profile-private.h"

#include <glib/gi18n-lib.h>
#include <string.h>

/* One line of text, and one line's frames, beyond which the file is rejected. */
#define HEARTH_FOLDED_MAX_LINE   (16 * 1024 * 1024)
#define HEARTH_FOLDED_MAX_DEPTH  100000
/* The text is cut at line ends into parts of about this size, parsed side by side. */
#define HEARTH_FOLDED_PART_SIZE  (4 * 1024 * 1024)
#define HEARTH_FOLDED_MAX_WORKERS 8
/* How many pieces after a piece with an unclosed " (" may close it (a ';' inside a file name). */
#define HEARTH_FOLDED_REJOIN_WINDOW 16
/* When text is not folded stacks at all (see hearth_folded_plausible). */
#define HEARTH_FOLDED_FIRST_STACK_WITHIN (64 * 1024)
#define HEARTH_FOLDED_MIN_IGNORED        100
#define HEARTH_FOLDED_IGNORED_RATIO      10

/* Read errors: cancellation and the loader's own limits stay recognisable; anything else is
 * an I/O problem of the file. */
static void
hearth_folded_set_read_error (GError **error,
                              GError  *read_error)
{
  if (g_error_matches (read_error, G_IO_ERROR, G_IO_ERROR_CANCELLED) ||
      read_error->domain == HEARTH_PROFILE_ERROR)
    g_propagate_error (error, read_error);
  else
    {
      g_set_error (error, HEARTH_PROFILE_ERROR, HEARTH_PROFILE_ERROR_IO,
                   "read error: %s", read_error->message);
      g_error_free (read_error);
    }
}

static void
hearth_folded_set_too_long (GError  **error,
                            guint64   line_no)
{
  g_set_error (error, HEARTH_PROFILE_ERROR, HEARTH_PROFILE_ERROR_TOO_LARGE,
               "line %" G_GUINT64_FORMAT ": longer than %d MiB",
               line_no, HEARTH_FOLDED_MAX_LINE / (1024 * 1024));
}

/* ------------------------------------------------------------------------------------------ */
/* The reader */

typedef enum
{
  HEARTH_FOLDED_UNDECIDED,
  HEARTH_FOLDED_SINGLE,
  HEARTH_FOLDED_PAIR_CANDIDATE,
} HearthFoldedMode;

/* A count of lines of one kind, and the first of them, for a single warning. */
typedef struct
{
  guint64     n;
  guint64     first_line;
  const char *first_reason;
} HearthFoldedTally;

typedef struct
{
  gsize start, len;
} HearthFoldedPiece;

/* A two-count line waiting for the end of the file (see _hearth_folded_read). */
typedef struct
{
  gsize    offset;
  gsize    len;
  gsize    pair_len;
  double   first;
  double   second;
  guint64  line_no;
  gboolean first_saturated;
  gboolean second_saturated;
} HearthFoldedPending;

/* The reader's own map from a frame's bytes to its function in the profile, so that a
 * part's frames are found by the hash its worker computed. The merge alone adds to it; the
 * workers look their parts' frames up in it meanwhile (see hearth_frame_table_find), so a
 * slot's function is stored last, and a grown table replaces the old one whole, the old
 * one kept until the end of the file. */
typedef struct
{
  guint32     tag;       /* the hash's high half */
  guint32     function;  /* function + 1; 0 is an empty slot */
  const char *text;      /* the function's frame, the profile's own copy */
} HearthFrameSlot;

typedef struct
{
  HearthFrameSlot *slots;
  gsize            mask;
} HearthFrameTable;

typedef struct
{
  HearthProfile     *profile;
  HearthProfile     *baseline;
  HearthFoldedMode   mode;
  guint64            line_no;        /* lines read so far */
  guint64            consumed;       /* their bytes */

  guint64            seed;           /* of the frame hash, new for every file */
  HearthFrameTable  *frames;         /* swapped for a grown one as a whole */
  GPtrArray         *old_frames;     /* HearthFrameTable: workers may still read them */
  gboolean           shared_frames;  /* workers read self->frames */
  gsize              frame_used;
  GArray            *node_map;       /* guint: a part's node -> stack node */
  gboolean           by_lines;       /* every part goes the line-by-line way */

  GArray            *pending;        /* HearthFoldedPending */
  GString           *pending_text;

  /* scratch, reused for every line */
  GArray            *pieces;         /* HearthFoldedPiece */
  GArray            *ids;            /* guint */
  GString           *frame_buf;
  GString           *file_buf;
  GString           *name_buf;
  GString           *num_buf;

  /* the last stack added to self->profile, and its node after each frame: sorted folded
   * files (and bombs of one line) share long prefixes, which need no interning again */
  GString           *last_text;
  GArray            *last_pieces;    /* HearthFoldedPiece, into last_text */
  GArray            *last_nodes;     /* guint */

  guint64            n_stacks;
  gboolean           cpython;        /* a `tid:N` root frame was seen */
  guint              max_nodes;      /* the budget of stack nodes */
  HearthFoldedTally  ignored;
  HearthFoldedTally  invalid_utf8;
  HearthFoldedTally  saturated;
  HearthFoldedTally  rejoined;
} HearthFoldedReader;

static HearthFrameTable *
hearth_frame_table_new (gsize mask)
{
  HearthFrameTable *t = g_new (HearthFrameTable, 1);

  t->slots = hearth_memory_new_cleared (mask + 1, sizeof (HearthFrameSlot));
  t->mask = mask;
  return t;
}

static void
hearth_frame_table_free (HearthFrameTable *t)
{
  g_free (t->slots);
  g_free (t);
}

/* The function of a frame, or G_MAXUINT with *at its empty slot. A worker may call it
 * while the merge adds frames: it then sees each slot empty or whole. */
static guint
hearth_frame_table_find (const HearthFrameTable *t,
                         const char             *frame,
                         gsize                   len,
                         guint64                 hash,
                         gsize                  *at)
{
  gsize i = hash & t->mask;

  for (;; i = (i + 1) & t->mask)
    {
      const HearthFrameSlot *slot = &t->slots[i];
      guint function = (guint) g_atomic_int_get ((const gint *) &slot->function);

      if (function == 0)
        break;
      if (slot->tag == (guint32) (hash >> 32) &&
          strncmp (slot->text, frame, len) == 0 && slot->text[len] == '\0')
        return function - 1;
    }
  if (at != NULL)
    *at = i;
  return G_MAXUINT;
}

static void
hearth_folded_tally (HearthFoldedTally *tally,
                     guint64            line_no,
                     const char        *reason)
{
  if (tally->n == 0 || line_no < tally->first_line)
    {
      tally->first_line = line_no;
      tally->first_reason = reason;
    }
  tally->n++;
}

static void
hearth_folded_reader_init (HearthFoldedReader *self)
{
  memset (self, 0, sizeof *self);
  self->profile = _hearth_profile_new (HEARTH_FORMAT_FOLDED, HEARTH_KIND_SAMPLED,
                                       HEARTH_UNIT_SAMPLES);
  self->pending = g_array_new (FALSE, FALSE, sizeof (HearthFoldedPending));
  self->pending_text = g_string_new (NULL);
  self->pieces = g_array_new (FALSE, FALSE, sizeof (HearthFoldedPiece));
  self->ids = g_array_new (FALSE, FALSE, sizeof (guint));
  self->frame_buf = g_string_new (NULL);
  self->file_buf = g_string_new (NULL);
  self->name_buf = g_string_new (NULL);
  self->num_buf = g_string_new (NULL);
  self->last_text = g_string_new (NULL);
  self->last_pieces = g_array_new (FALSE, FALSE, sizeof (HearthFoldedPiece));
  self->last_nodes = g_array_new (FALSE, FALSE, sizeof (guint));
  self->seed = ((guint64) g_random_int () << 32) | g_random_int ();
  self->frames = hearth_frame_table_new (1023);
  self->old_frames = g_ptr_array_new_with_free_func ((GDestroyNotify) hearth_frame_table_free);
  self->node_map = g_array_new (FALSE, FALSE, sizeof (guint));
  /* a node costs some 60 bytes with its share of the lookup table, and a new frame as
   * much again in its function and strings */
  self->max_nodes = (guint) MIN (_hearth_memory_budget () / 128, G_MAXUINT32 / 2);
}

static void
hearth_folded_reader_clear (HearthFoldedReader *self)
{
  g_clear_object (&self->profile);
  g_clear_object (&self->baseline);
  g_array_unref (self->pending);
  g_string_free (self->pending_text, TRUE);
  g_array_unref (self->pieces);
  g_array_unref (self->ids);
  g_string_free (self->frame_buf, TRUE);
  g_string_free (self->file_buf, TRUE);
  g_string_free (self->name_buf, TRUE);
  g_string_free (self->num_buf, TRUE);
  g_string_free (self->last_text, TRUE);
  g_array_unref (self->last_pieces);
  g_array_unref (self->last_nodes);
  hearth_frame_table_free (self->frames);
  g_ptr_array_unref (self->old_frames);
  g_array_unref (self->node_map);
}

/* A piece whose last " (" has no ')' after it: py-spy's `FUNC (FILE` cut at a ';' of the
 * file name. */
static gboolean
hearth_piece_is_unclosed (const char *s,
                          gsize       len)
{
  for (gsize i = len; i >= 2; i--)
    {
      if (s[i - 1] == ')')
        return FALSE;
      if (s[i - 1] == '(' && s[i - 2] == ' ')
        return i > 2;
    }
  return FALSE;
}

static gboolean
hearth_piece_opens (const char *s,
                    gsize       len)
{
  for (gsize i = 1; i < len; i++)
    if (s[i] == '(' && s[i - 1] == ' ')
      return TRUE;
  return FALSE;
}

/* Re-joins `name (a` + `b.py:1)` into `name (a;b.py:1)`: a ';' inside a py-spy file name. */
static void
hearth_folded_rejoin (HearthFoldedReader *self,
                      const char         *text,
                      guint64             line_no)
{
  HearthFoldedPiece *p = (HearthFoldedPiece *) (void *) self->pieces->data;
  guint n = self->pieces->len, out = 0;

  for (guint i = 0; i < n; i++)
    {
      HearthFoldedPiece piece = p[i];

      if (hearth_piece_is_unclosed (text + piece.start, piece.len))
        {
          for (guint j = i + 1; j < n && j <= i + HEARTH_FOLDED_REJOIN_WINDOW; j++)
            {
              const char *s = text + p[j].start;

              if (hearth_piece_opens (s, p[j].len))
                break;
              if (s[p[j].len - 1] == ')')
                {
                  piece.len = p[j].start + p[j].len - piece.start;
                  hearth_folded_tally (&self->rejoined, line_no, NULL);
                  i = j;
                  break;
                }
            }
        }
      p[out++] = piece;
    }
  g_array_set_size (self->pieces, out);
}

/* Splits a stack on ';' into self->pieces, dropping empty frames. */
static gboolean
hearth_folded_split (HearthFoldedReader  *self,
                     const char          *text,
                     gsize                len,
                     guint64              line_no,
                     GError             **error)
{
  gsize start = 0;

  g_array_set_size (self->pieces, 0);
  for (gsize i = 0; i <= len; i++)
    {
      if (i < len && text[i] != ';')
        continue;
      if (i > start)
        {
          HearthFoldedPiece piece = { start, i - start };

          if (self->pieces->len >= HEARTH_FOLDED_MAX_DEPTH)
            {
              g_set_error (error, HEARTH_PROFILE_ERROR, HEARTH_PROFILE_ERROR_TOO_LARGE,
                           "line %" G_GUINT64_FORMAT ": stack has more than %d frames",
                           line_no, HEARTH_FOLDED_MAX_DEPTH);
              return FALSE;
            }
          g_array_append_val (self->pieces, piece);
        }
      start = i + 1;
    }
  hearth_folded_rejoin (self, text, line_no);
  return TRUE;
}

static guint
hearth_folded_intern (HearthFoldedReader *self,
                      HearthProfile      *profile,
                      const char         *frame,
                      gsize               len)
{
  HearthFrameParts parts;

  g_string_truncate (self->frame_buf, 0);
  g_string_append_len (self->frame_buf, frame, len);
  _hearth_folded_parse_frame (frame, len, self->cpython, &parts);
  g_string_truncate (self->file_buf, 0);
  g_string_append_len (self->file_buf, frame + parts.file_start, parts.file_len);
  g_string_truncate (self->name_buf, 0);
  g_string_append_len (self->name_buf, frame + parts.name_start, parts.name_len);
  return _hearth_profile_intern_frame (profile, self->frame_buf->str, self->file_buf->str,
                                       parts.line, self->name_buf->str);
}

/* How many leading pieces of @text are those of the last stack. */
static guint
hearth_folded_shared_prefix (HearthFoldedReader *self,
                             const char         *text)
{
  const HearthFoldedPiece *p = (const HearthFoldedPiece *) (void *) self->pieces->data;
  const HearthFoldedPiece *q = (const HearthFoldedPiece *) (void *) self->last_pieces->data;
  guint n = MIN (self->pieces->len, self->last_pieces->len), k = 0;

  while (k < n && p[k].len == q[k].len &&
         memcmp (text + p[k].start, self->last_text->str + q[k].start, p[k].len) == 0)
    k++;
  return k;
}

static void
hearth_folded_remember (HearthFoldedReader *self,
                        const char         *text)
{
  const HearthFoldedPiece *p = (const HearthFoldedPiece *) (void *) self->pieces->data;
  guint n = self->pieces->len;

  g_string_truncate (self->last_text, 0);
  g_string_append_len (self->last_text, text, p[n - 1].start + p[n - 1].len);
  g_array_set_size (self->last_pieces, 0);
  g_array_append_vals (self->last_pieces, p, n);
}

/* Adds the frames in self->pieces (of @text) to @profile as one stack. */
static void
hearth_folded_emit (HearthFoldedReader *self,
                    HearthProfile      *profile,
                    const char         *text,
                    double              weight)
{
  const HearthFoldedPiece *p = (const HearthFoldedPiece *) (void *) self->pieces->data;
  guint shared = 0, node = 0;

  if (profile != self->profile)
    {
      g_array_set_size (self->ids, self->pieces->len);
      for (guint i = 0; i < self->pieces->len; i++)
        g_array_index (self->ids, guint, i) = hearth_folded_intern (self, profile,
                                                                    text + p[i].start,
                                                                    p[i].len);
      _hearth_profile_add_stack (profile, (const guint *) (void *) self->ids->data,
                                 self->ids->len, weight);
      return;
    }

  shared = hearth_folded_shared_prefix (self, text);
  if (shared > 0)
    node = g_array_index (self->last_nodes, guint, shared - 1);
  g_array_set_size (self->last_nodes, self->pieces->len);
  for (guint i = shared; i < self->pieces->len; i++)
    {
      guint id = hearth_folded_intern (self, profile, text + p[i].start, p[i].len);

      node = _hearth_profile_stack_child (profile, node, id);
      g_array_index (self->last_nodes, guint, i) = node;
    }
  _hearth_profile_add_stack_at (profile, node, weight);
  hearth_folded_remember (self, text);
}

/* The distinct stacks are what a folded file's memory grows with. */
static gboolean
hearth_folded_check_budget (HearthFoldedReader  *self,
                            HearthProfile       *profile,
                            GError             **error)
{
  if (_hearth_profile_get_n_stack_nodes (profile) <= self->max_nodes)
    return TRUE;
  g_set_error (error, HEARTH_PROFILE_ERROR, HEARTH_PROFILE_ERROR_TOO_LARGE,
               _("too large: more than %u distinct stack frames"), self->max_nodes);
  return FALSE;
}

static gboolean
hearth_folded_add_single (HearthFoldedReader  *self,
                          const char          *text,
                          gsize                len,
                          double               count,
                          gboolean             saturated,
                          guint64              line_no,
                          GError             **error)
{
  if (!hearth_folded_split (self, text, len, line_no, error))
    return FALSE;
  if (self->pieces->len == 0)
    {
      hearth_folded_tally (&self->ignored, line_no, "empty stack");
      return TRUE;
    }
  if (saturated)
    hearth_folded_tally (&self->saturated, line_no, NULL);
  hearth_folded_emit (self, self->profile, text, count);
  self->n_stacks++;
  return hearth_folded_check_budget (self, self->profile, error);
}

static void
hearth_folded_hold (HearthFoldedReader     *self,
                    const HearthFoldedLine *line,
                    guint64                 line_no)
{
  HearthFoldedPending pending = {
    .offset = self->pending_text->len,
    .len = line->stack_len,
    .pair_len = line->pair_len,
    .first = line->first,
    .second = line->count,
    .line_no = line_no,
    .first_saturated = line->first_saturated,
    .second_saturated = line->saturated,
  };

  g_string_append_len (self->pending_text, line->stack, line->stack_len);
  g_array_append_val (self->pending, pending);
}

/* A one-count line followed two-count ones: they were one-count lines whose last frame ends
 * with a number. */
static gboolean
hearth_folded_flush_as_single (HearthFoldedReader  *self,
                               GError             **error)
{
  for (guint i = 0; i < self->pending->len; i++)
    {
      const HearthFoldedPending *p = &g_array_index (self->pending, HearthFoldedPending, i);

      if (!hearth_folded_add_single (self, self->pending_text->str + p->offset, p->len,
                                     p->second, p->second_saturated, p->line_no, error))
        return FALSE;
    }
  g_array_set_size (self->pending, 0);
  g_string_free (self->pending_text, TRUE);
  self->pending_text = g_string_new (NULL);
  g_clear_object (&self->baseline);
  return TRUE;
}

static gboolean
hearth_folded_flush_as_pairs (HearthFoldedReader  *self,
                              GError             **error)
{
  for (guint i = 0; i < self->pending->len; i++)
    {
      const HearthFoldedPending *p = &g_array_index (self->pending, HearthFoldedPending, i);
      const char *text = self->pending_text->str + p->offset;

      if (!hearth_folded_split (self, text, p->pair_len, p->line_no, error))
        return FALSE;
      if (self->pieces->len == 0)
        {
          hearth_folded_tally (&self->ignored, p->line_no, "empty stack");
          continue;
        }
      if (p->first_saturated || p->second_saturated)
        hearth_folded_tally (&self->saturated, p->line_no, NULL);
      hearth_folded_emit (self, self->profile, text, p->second);
      hearth_folded_emit (self, self->baseline, text, p->first);
      self->n_stacks++;
      if (!hearth_folded_check_budget (self, self->profile, error))
        return FALSE;
    }
  g_array_set_size (self->pending, 0);
  return TRUE;
}

static gboolean
hearth_folded_add_line (HearthFoldedReader      *self,
                        const HearthFoldedLine  *line,
                        guint64                  line_no,
                        GError                 **error)
{
  if (self->mode == HEARTH_FOLDED_UNDECIDED)
    {
      self->mode = line->has_pair ? HEARTH_FOLDED_PAIR_CANDIDATE : HEARTH_FOLDED_SINGLE;
      if (line->has_pair)
        self->baseline = _hearth_profile_new (HEARTH_FORMAT_FOLDED, HEARTH_KIND_SAMPLED,
                                              HEARTH_UNIT_SAMPLES);
    }
  else if (self->mode == HEARTH_FOLDED_PAIR_CANDIDATE && !line->has_pair)
    {
      self->mode = HEARTH_FOLDED_SINGLE;
      if (!hearth_folded_flush_as_single (self, error))
        return FALSE;
    }

  if (self->mode == HEARTH_FOLDED_PAIR_CANDIDATE)
    {
      hearth_folded_hold (self, line, line_no);
      return TRUE;
    }
  return hearth_folded_add_single (self, line->stack, line->stack_len, line->count,
                                   line->saturated, line_no, error);
}

static gboolean
hearth_folded_feed (HearthFoldedReader  *self,
                    const char          *line,
                    gsize                len,
                    guint64              line_no,
                    GError             **error)
{
  g_autofree char *valid = NULL;
  HearthFoldedLine parsed;
  const char *reason;
  gsize lead = 0;

  if (line_no == 1 && len >= 3 && memcmp (line, "\xef\xbb\xbf", 3) == 0)
    {
      line += 3;
      len -= 3;
    }
  len = hearth_trim_end (line, len);
  while (lead < len && hearth_is_blank (line[lead]))
    lead++;
  if (lead == len || line[lead] == '#')
    return TRUE;

  if (memchr (line, '\0', len) != NULL)
    {
      hearth_folded_tally (&self->ignored, line_no, "NUL byte");
      return TRUE;
    }
  if (!g_utf8_validate_len (line, len, NULL))
    {
      valid = g_utf8_make_valid (line, len);
      line = valid;
      len = strlen (valid);
      hearth_folded_tally (&self->invalid_utf8, line_no, NULL);
    }

  if (!self->cpython && len - lead > 5 && memcmp (line + lead, "tid:", 4) == 0 &&
      g_ascii_isdigit (line[lead + 4]))
    self->cpython = TRUE;

  reason = _hearth_folded_parse_line (self->num_buf, line, len, &parsed);
  if (reason != NULL)
    {
      hearth_folded_tally (&self->ignored, line_no, reason);
      return TRUE;
    }
  return hearth_folded_add_line (self, &parsed, line_no, error);
}

static void
hearth_folded_add_warnings (HearthFoldedReader *self)
{
  if (self->ignored.n > 0)
    _hearth_profile_add_warning (self->profile,
                                 "%" G_GUINT64_FORMAT " %s ignored (first: line %"
                                 G_GUINT64_FORMAT ": %s)",
                                 self->ignored.n, self->ignored.n == 1 ? "line" : "lines",
                                 self->ignored.first_line, self->ignored.first_reason);
  if (self->invalid_utf8.n > 0)
    _hearth_profile_add_warning (self->profile,
                                 "%" G_GUINT64_FORMAT " %s with invalid UTF-8, replaced by "
                                 "U+FFFD (first: line %" G_GUINT64_FORMAT ")",
                                 self->invalid_utf8.n,
                                 self->invalid_utf8.n == 1 ? "line" : "lines",
                                 self->invalid_utf8.first_line);
  if (self->saturated.n > 0)
    _hearth_profile_add_warning (self->profile,
                                 "%" G_GUINT64_FORMAT " %s with a count above %" G_GINT64_FORMAT
                                 ", capped (first: line %" G_GUINT64_FORMAT ")",
                                 self->saturated.n, self->saturated.n == 1 ? "line" : "lines",
                                 G_MAXINT64, self->saturated.first_line);
  if (self->rejoined.n > 0)
    _hearth_profile_add_warning (self->profile,
                                 "%" G_GUINT64_FORMAT " %s a ';' in a file name, re-joined "
                                 "(first: line %" G_GUINT64_FORMAT ")",
                                 self->rejoined.n,
                                 self->rejoined.n == 1 ? "frame had" : "frames had",
                                 self->rejoined.first_line);
  if (self->baseline != NULL)
    _hearth_profile_add_warning (self->profile,
                                 "differential folded file: loaded the second count; "
                                 "the first is the baseline");
}

/* Text that is not folded stacks (a log, a binary blob, an endless device) would otherwise
 * load as a few accidental samples, or be read forever: no stack line in the first 64 KiB,
 * or in the end ten ignored lines for each stack line (a hundred while reading), and it is
 * not a profile. */
static gboolean
hearth_folded_plausible (HearthFoldedReader  *self,
                         gboolean             at_end,
                         GError             **error)
{
  guint64 valid = self->n_stacks + self->pending->len;
  guint64 ratio = at_end ? HEARTH_FOLDED_IGNORED_RATIO : 10 * HEARTH_FOLDED_IGNORED_RATIO;

  if ((valid == 0 && self->consumed > HEARTH_FOLDED_FIRST_STACK_WITHIN) ||
      (self->ignored.n >= HEARTH_FOLDED_MIN_IGNORED * (at_end ? 1 : 10) &&
       self->ignored.n > ratio * valid))
    {
      _hearth_set_not_a_profile (error);
      return FALSE;
    }
  return TRUE;
}

/* ------------------------------------------------------------------------------------------ */
/* Parts: whole lines of the text, parsed by a worker thread into tables of their own, then
 * merged into the profile in file order. A worker parses only what it can parse without
 * knowing the lines before its part (stack lines with one count, valid UTF-8, nothing to
 * warn about); a part with anything else is read again by the line-by-line path above when
 * its turn comes, so that the result is the same as reading the file line by line. */

typedef struct
{
  guint64 hash;
  guint32 start;     /* in the part's text */
  guint32 len;
} HearthPartFrame;

/* A frame's slot holds what tells it from others, so that a lookup touches the slot and
 * the text alone */
typedef struct
{
  guint32 tag;       /* the hash's high half */
  guint32 frame;     /* frame + 1; 0 is an empty slot */
  guint32 start;
  guint32 len;
} HearthPartFrameSlot;

typedef struct
{
  guint32 parent;
  guint32 frame;
} HearthPartNode;

typedef struct
{
  guint32 node;
  double  weight;
} HearthPartStack;

/* The frames of the line being parsed: one array for all the lines of a part. */
typedef struct
{
  HearthPartFrame *frames;
  gsize            len;
  gsize            size;
} HearthPartPieces;

typedef struct
{
  char     *text;
  gsize     len;
  gsize     size;              /* of the text's allocation */
  gboolean  at_start;          /* the first part: a BOM may open it */
  GError   *error;             /* not text: the read failed after the parts before */
  gboolean  too_long;          /* not text: the line after the parts before is too long */

  /* filled by the worker */
  gboolean  done;
  gboolean  usual;             /* FALSE: read it line by line */
  gboolean  has_tid;           /* a CPython `tid:N` root frame */
  gboolean  has_pair;          /* a line that could be a two-count line */
  guint64   n_lines;
  gsize     first_stack;       /* offset of the first stack line, or len */
  GArray   *frames;            /* HearthPartFrame */
  GArray   *nodes;             /* HearthPartNode, node 0 above them all */
  GArray   *stacks;            /* HearthPartStack, one per stack line */
  guint    *functions;         /* per frame: its function if the merge had it, or G_MAXUINT */
  HearthPartFrameSlot *frame_slots; /* by hash */
  gsize     frame_mask;
  guint32  *node_slots;        /* node + 1, by (parent, frame) */
  gsize     node_mask;
} HearthFoldedPart;

typedef struct
{
  guint64            seed;
  guint              max_nodes;
  HearthFrameTable **frames;       /* the reader's, swapped by the merge */
  GMutex             lock;
  GCond              done;
} HearthFoldedWork;

static void
hearth_folded_part_free (HearthFoldedPart *part)
{
  g_free (part->text);
  g_clear_error (&part->error);
  g_clear_pointer (&part->frames, g_array_unref);
  g_clear_pointer (&part->nodes, g_array_unref);
  g_clear_pointer (&part->stacks, g_array_unref);
  g_free (part->functions);
  g_free (part->frame_slots);
  g_free (part->node_slots);
  g_free (part);
}

static inline void
hearth_part_frame_slot_fill (HearthPartFrameSlot   *slot,
                             const HearthPartFrame *frame,
                             guint                  index)
{
  slot->tag = (guint32) (frame->hash >> 32);
  slot->frame = index + 1;
  slot->start = frame->start;
  slot->len = frame->len;
}

static void
hearth_part_frames_grow (HearthFoldedPart *part)
{
  const HearthPartFrame *frames = (const HearthPartFrame *) (void *) part->frames->data;
  gsize mask = part->frame_mask * 2 + 1;
  HearthPartFrameSlot *slots = hearth_memory_new_cleared (mask + 1,
                                                         sizeof (HearthPartFrameSlot));

  for (guint i = 0; i < part->frames->len; i++)
    {
      gsize at = frames[i].hash & mask;

      while (slots[at].frame != 0)
        at = (at + 1) & mask;
      hearth_part_frame_slot_fill (&slots[at], &frames[i], i);
    }
  g_free (part->frame_slots);
  part->frame_slots = slots;
  part->frame_mask = mask;
}

static guint32
hearth_part_frame (HearthFoldedPart *part,
                   guint64           hash,
                   gsize             start,
                   gsize             len)
{
  HearthPartFrame fresh = { hash, (guint32) start, (guint32) len };
  gsize at = hash & part->frame_mask;

  for (;; at = (at + 1) & part->frame_mask)
    {
      const HearthPartFrameSlot *slot = &part->frame_slots[at];

      if (slot->frame == 0)
        break;
      if (slot->tag == (guint32) (hash >> 32) && slot->len == len &&
          memcmp (part->text + slot->start, part->text + start, len) == 0)
        return slot->frame - 1;
    }
  g_array_append_val (part->frames, fresh);
  hearth_part_frame_slot_fill (&part->frame_slots[at], &fresh, part->frames->len - 1);
  if (part->frames->len * 2 > part->frame_mask)
    hearth_part_frames_grow (part);
  return part->frames->len - 1;
}

static inline gsize
hearth_part_node_hash (guint64 seed,
                       guint32 parent,
                       guint32 frame)
{
  return hearth_folded_mix ((((guint64) parent << 32) | frame) ^ seed);
}

static void
hearth_part_nodes_grow (HearthFoldedPart *part,
                        guint64           seed)
{
  const HearthPartNode *nodes = (const HearthPartNode *) (void *) part->nodes->data;
  gsize mask = part->node_mask * 2 + 1;
  guint32 *slots = hearth_memory_new_cleared (mask + 1, sizeof (guint32));

  for (guint i = 1; i < part->nodes->len; i++)
    {
      gsize at = hearth_part_node_hash (seed, nodes[i].parent, nodes[i].frame) & mask;

      while (slots[at] != 0)
        at = (at + 1) & mask;
      slots[at] = i + 1;
    }
  g_free (part->node_slots);
  part->node_slots = slots;
  part->node_mask = mask;
}

static guint32
hearth_part_node (HearthFoldedPart *part,
                  guint64           seed,
                  guint32           parent,
                  guint32           frame)
{
  HearthPartNode fresh = { parent, frame };
  gsize at = hearth_part_node_hash (seed, parent, frame) & part->node_mask;

  for (;; at = (at + 1) & part->node_mask)
    {
      guint32 v = part->node_slots[at];
      const HearthPartNode *n;

      if (v == 0)
        break;
      n = &g_array_index (part->nodes, HearthPartNode, v - 1);
      if (n->parent == parent && n->frame == frame)
        return v - 1;
    }
  g_array_append_val (part->nodes, fresh);
  part->node_slots[at] = part->nodes->len;
  if (part->nodes->len * 2 > part->node_mask)
    hearth_part_nodes_grow (part, seed);
  return part->nodes->len - 1;
}

/* TRUE when s[0..len) is valid UTF-8 without NUL, as hearth_folded_feed wants it; ASCII
 * (nearly every line) is told a word at a time. */
static gboolean
hearth_part_text_ok (const char *s,
                     gsize       len)
{
  const guint64 ones = G_GUINT64_CONSTANT (0x0101010101010101);
  const guint64 highs = G_GUINT64_CONSTANT (0x8080808080808080);
  guint64 w, flags = 0;
  gsize i = 0;

  for (; i + 8 <= len; i += 8)
    {
      memcpy (&w, s + i, 8);
      flags |= (w | ((w - ones) & ~w)) & highs;
    }
  for (; i < len; i++)
    flags |= (s[i] == '\0' || (s[i] & 0x80)) ? 1 : 0;
  if (flags == 0)
    return TRUE;
  return memchr (s, '\0', len) == NULL && g_utf8_validate_len (s, len, NULL);
}

/* One line of a part: FALSE when it needs the line-by-line path. Its frames are cut and
 * hashed first, their slots fetched meanwhile, then looked up. */
static gboolean
hearth_part_line (HearthFoldedPart *part,
                  HearthFoldedWork *work,
                  GString          *num_buf,
                  HearthPartPieces *pieces,
                  gsize             pos,
                  gsize             len)
{
  const char *line = part->text + pos;
  HearthFoldedLine parsed;
  gsize lead = 0, start, depth = 0;
  guint32 node = 0;
  HearthPartStack stack;

  pieces->len = 0;
  if (len > HEARTH_FOLDED_MAX_LINE ||
      (part->at_start && part->n_lines == 1 && len >= 3 && memcmp (line, "\xef\xbb\xbf", 3) == 0))
    return FALSE;
  len = hearth_trim_end (line, len);
  while (lead < len && hearth_is_blank (line[lead]))
    lead++;
  if (lead == len || line[lead] == '#')
    return TRUE;
  if (!hearth_part_text_ok (line, len))
    return FALSE;
  if (len - lead > 5 && memcmp (line + lead, "tid:", 4) == 0 && g_ascii_isdigit (line[lead + 4]))
    part->has_tid = TRUE;
  if (_hearth_folded_parse_line (num_buf, line, len, &parsed) != NULL || parsed.saturated)
    return FALSE;
  part->has_pair |= parsed.has_pair;

  for (start = 0; start <= parsed.stack_len; )
    {
      const char *semi = memchr (line + start, ';', parsed.stack_len - start);
      gsize i = semi != NULL ? (gsize) (semi - line) : parsed.stack_len;

      if (i > start)
        {
          /* a file name's ';' is re-joined, and warned about, by the other path */
          HearthPartFrame piece;

          if (++depth > HEARTH_FOLDED_MAX_DEPTH ||
              hearth_piece_is_unclosed (line + start, i - start))
            return FALSE;
          piece.hash = hearth_folded_hash (work->seed, line + start, i - start);
          piece.start = (guint32) (pos + start);
          piece.len = (guint32) (i - start);
          __builtin_prefetch (&part->frame_slots[piece.hash & part->frame_mask]);
          if (pieces->len == pieces->size)
            {
              pieces->size = MAX (64, pieces->size * 2);
              pieces->frames = g_renew (HearthPartFrame, pieces->frames, pieces->size);
            }
          pieces->frames[pieces->len++] = piece;
        }
      start = i + 1;
    }
  for (gsize k = 0; k < pieces->len; k++)
    {
      const HearthPartFrame *piece = &pieces->frames[k];

      node = hearth_part_node (part, work->seed, node,
                               hearth_part_frame (part, piece->hash, piece->start, piece->len));
    }
  if (depth == 0 || part->nodes->len > work->max_nodes)
    return FALSE;
  if (part->stacks->len == 0)
    part->first_stack = pos;
  stack.node = node;
  stack.weight = parsed.count;
  g_array_append_val (part->stacks, stack);
  return TRUE;
}

/* The functions the merge has already made for a part's frames: comparing a frame with
 * the profile's copy is a wait for memory that the merge then need not make. */
static void
hearth_part_find_functions (HearthFoldedPart       *part,
                            const HearthFrameTable *table)
{
  const HearthPartFrame *frames = (const HearthPartFrame *) (void *) part->frames->data;
  guint n = part->frames->len;

  part->functions = g_new (guint, MAX (n, 1));
  for (guint i = 0; i < n; i++)
    {
      /* the slot of a frame well ahead, and the text of the first frame its slot holds
       * for a nearer one, are fetched meanwhile */
      if (i + 16 < n)
        __builtin_prefetch (&table->slots[frames[i + 16].hash & table->mask]);
      if (i + 8 < n)
        {
          const HearthFrameSlot *ahead = &table->slots[frames[i + 8].hash & table->mask];

          if (g_atomic_int_get ((const gint *) &ahead->function) != 0)
            __builtin_prefetch (ahead->text);
        }
      part->functions[i] = hearth_frame_table_find (table, part->text + frames[i].start,
                                                    frames[i].len, frames[i].hash, NULL);
    }
}

static void
hearth_part_parse (HearthFoldedPart *part,
                   HearthFoldedWork *work)
{
  g_autoptr (GString) num_buf = g_string_new (NULL);
  HearthPartPieces pieces = { NULL, 0, 0 };
  HearthPartNode root = { 0, 0 };
  gsize pos = 0;

  part->frames = g_array_new (FALSE, FALSE, sizeof (HearthPartFrame));
  part->nodes = g_array_new (FALSE, FALSE, sizeof (HearthPartNode));
  part->stacks = g_array_new (FALSE, FALSE, sizeof (HearthPartStack));
  g_array_append_val (part->nodes, root);
  /* tables that grow from a size fit for the part: a small one costs little to clear */
  part->frame_mask = 15;
  while (part->frame_mask < 1023 && part->frame_mask * 64 < part->len)
    part->frame_mask = part->frame_mask * 2 + 1;
  part->frame_slots = hearth_memory_new_cleared (part->frame_mask + 1,
                                                sizeof (HearthPartFrameSlot));
  part->node_mask = part->frame_mask * 4 + 3;
  part->node_slots = hearth_memory_new_cleared (part->node_mask + 1, sizeof (guint32));
  part->first_stack = part->len;
  part->usual = TRUE;

  while (pos < part->len)
    {
      const char *nl = memchr (part->text + pos, '\n', part->len - pos);
      gsize end = nl != NULL ? (gsize) (nl - part->text) : part->len;

      part->n_lines++;
      if (!hearth_part_line (part, work, num_buf, &pieces, pos, end - pos))
        {
          part->usual = FALSE;
          break;
        }
      pos = nl != NULL ? end + 1 : end;
    }
  if (part->usual)
    hearth_part_find_functions (part, g_atomic_pointer_get (work->frames));
  /* the tables are of no use to the other path */
  if (!part->usual)
    {
      g_clear_pointer (&part->frames, g_array_unref);
      g_clear_pointer (&part->nodes, g_array_unref);
      g_clear_pointer (&part->stacks, g_array_unref);
    }
  g_clear_pointer (&part->frame_slots, g_free);
  g_clear_pointer (&part->node_slots, g_free);
  g_free (pieces.frames);
}

static void
hearth_part_work (gpointer data,
                  gpointer user_data)
{
  HearthFoldedPart *part = data;
  HearthFoldedWork *work = user_data;

  hearth_part_parse (part, work);
  g_mutex_lock (&work->lock);
  part->done = TRUE;
  g_cond_broadcast (&work->done);
  g_mutex_unlock (&work->lock);
}

/* A part the worker could not parse, read line by line as the file always was. */
static gboolean
hearth_folded_merge_lines (HearthFoldedReader  *self,
                           HearthFoldedPart    *part,
                           GError             **error)
{
  gsize pos = 0;

  while (pos < part->len)
    {
      const char *nl = memchr (part->text + pos, '\n', part->len - pos);
      gsize end = nl != NULL ? (gsize) (nl - part->text) : part->len;

      if (end - pos > HEARTH_FOLDED_MAX_LINE)
        {
          hearth_folded_set_too_long (error, self->line_no + 1);
          return FALSE;
        }
      self->line_no++;
      self->consumed += end - pos + (nl != NULL);
      if (!hearth_folded_feed (self, part->text + pos, end - pos, self->line_no, error) ||
          !hearth_folded_plausible (self, FALSE, error))
        return FALSE;
      pos = nl != NULL ? end + 1 : end;
    }
  return TRUE;
}

static void
hearth_folded_frames_grow (HearthFoldedReader *self)
{
  const HearthFrameTable *old = self->frames;
  HearthFrameTable *grown = hearth_frame_table_new (old->mask * 2 + 1);

  for (gsize i = 0; i <= old->mask; i++)
    if (old->slots[i].function != 0)
      {
        const char *frame = old->slots[i].text;
        gsize at = hearth_folded_hash (self->seed, frame, strlen (frame)) & grown->mask;

        while (grown->slots[at].function != 0)
          at = (at + 1) & grown->mask;
        grown->slots[at] = old->slots[i];
      }
  if (self->shared_frames)
    g_ptr_array_add (self->old_frames, self->frames);
  else
    hearth_frame_table_free (self->frames);
  g_atomic_pointer_set (&self->frames, grown);
}

/* The function of a part's frame, interned when the file has not had it before. */
static guint
hearth_folded_frame_function (HearthFoldedReader *self,
                              const char         *frame,
                              gsize               len,
                              guint64             hash)
{
  HearthFrameSlot *slot;
  guint function;
  gsize at;

  function = hearth_frame_table_find (self->frames, frame, len, hash, &at);
  if (function != G_MAXUINT)
    return function;
  function = hearth_folded_intern (self, self->profile, frame, len);
  slot = &self->frames->slots[at];
  slot->tag = (guint32) (hash >> 32);
  slot->text = hearth_profile_get_function (self->profile, function)->frame;
  g_atomic_int_set ((gint *) &slot->function, (gint) (function + 1));
  if (++self->frame_used * 2 > self->frames->mask)
    hearth_folded_frames_grow (self);
  return function;
}

/* A part is merged in the order the line-by-line path would have made functions and nodes:
 * its frames and nodes are numbered by their first use in the part. */
static gboolean
hearth_folded_merge_tables (HearthFoldedReader  *self,
                            HearthFoldedPart    *part,
                            GError             **error)
{
  const HearthPartFrame *frames = (const HearthPartFrame *) (void *) part->frames->data;
  const HearthPartNode *nodes = (const HearthPartNode *) (void *) part->nodes->data;
  const HearthPartStack *stacks = (const HearthPartStack *) (void *) part->stacks->data;
  guint *fmap = part->functions, *nmap;

  /* the worker found the frames the merge had made before it looked */
  for (guint i = 0; i < part->frames->len; i++)
    if (fmap[i] == G_MAXUINT)
      fmap[i] = hearth_folded_frame_function (self, part->text + frames[i].start,
                                              frames[i].len, frames[i].hash);
  g_array_set_size (self->node_map, part->nodes->len);
  nmap = (guint *) (void *) self->node_map->data;
  nmap[0] = 0;
  G_STATIC_ASSERT (sizeof (HearthPartNode) == 2 * sizeof (guint32));
  _hearth_profile_stack_add_trie (self->profile, (const guint32 *) (const void *) nodes,
                                  part->nodes->len, fmap, nmap);
  for (guint i = 0; i < part->stacks->len; i++)
    _hearth_profile_add_stack_at (self->profile, nmap[stacks[i].node], stacks[i].weight);

  self->n_stacks += part->stacks->len;
  self->line_no += part->n_lines;
  self->consumed += part->len;
  if (part->stacks->len > 0)
    self->mode = HEARTH_FOLDED_SINGLE;
  /* the last stack's nodes are no shortcut for the line-by-line path any more */
  g_array_set_size (self->last_pieces, 0);
  return hearth_folded_check_budget (self, self->profile, error);
}

static gboolean
hearth_folded_merge (HearthFoldedReader  *self,
                     HearthFoldedPart    *part,
                     GError             **error)
{
  if (part->error != NULL)
    {
      hearth_folded_set_read_error (error, g_steal_pointer (&part->error));
      return FALSE;
    }
  if (part->too_long)
    {
      hearth_folded_set_too_long (error, self->line_no + 1);
      return FALSE;
    }
  /* what the part's lines mean may depend on the lines before: a first `tid:` line
   * changes how frames are split, a two-count line is one while no line has had one
   * count (and held ones wait for the first that has), and blank lines before the first
   * stack count towards "not a profile" */
  if (self->by_lines || !part->usual || (part->has_tid && !self->cpython) ||
      self->mode == HEARTH_FOLDED_PAIR_CANDIDATE ||
      (part->has_pair && self->mode != HEARTH_FOLDED_SINGLE) ||
      (self->n_stacks + self->pending->len == 0 &&
       self->consumed + part->first_stack > HEARTH_FOLDED_FIRST_STACK_WITHIN))
    return hearth_folded_merge_lines (self, part, error);
  return hearth_folded_merge_tables (self, part, error);
}

/* Cuts the stream into parts that end at a line end; the partial line after the last is
 * carried to the next. */
typedef struct
{
  GInputStream *stream;
  GCancellable *cancellable;
  gsize         part_size;
  char         *buf;
  gsize         size;
  gsize         end;
  gboolean      eof;
  gboolean      started;
  char         *spare;        /* a merged part's buffer, for the next part */
  gsize         spare_size;
} HearthFoldedCutter;

static HearthFoldedPart *
hearth_folded_cut (HearthFoldedCutter *c)
{
  HearthFoldedPart *part = g_new0 (HearthFoldedPart, 1);
  const char *nl = NULL;
  gsize keep;

  part->done = TRUE;
  for (;;)
    {
      GError *read_error = NULL;
      gssize n;

      if (c->eof || c->end >= c->part_size)
        {
          nl = c->eof ? NULL : memrchr (c->buf, '\n', c->end);
          if (c->eof || nl != NULL)
            break;
          if (c->end > HEARTH_FOLDED_MAX_LINE)
            {
              part->too_long = TRUE;
              return part;
            }
        }
      if (g_cancellable_set_error_if_cancelled (c->cancellable, &part->error))
        return part;
      if (c->size - c->end < c->part_size)
        {
          c->size = MAX (c->size * 2, c->end + c->part_size);
          c->buf = g_realloc (c->buf, c->size);
        }
      n = g_input_stream_read (c->stream, c->buf + c->end, c->part_size, c->cancellable,
                               &read_error);
      if (n < 0)
        {
          part->error = read_error;
          return part;
        }
      c->eof = n == 0;
      c->end += n;
    }
  if (c->end == 0)
    {
      hearth_folded_part_free (part);
      return NULL;
    }

  /* the part keeps the buffer; the rest of it starts the next one */
  keep = nl != NULL ? (gsize) (nl - c->buf) + 1 : c->end;
  part->text = c->buf;
  part->len = keep;
  part->size = c->size;
  part->at_start = !c->started;
  part->done = FALSE;
  c->started = TRUE;
  c->size = MAX (c->part_size * 2, c->end - keep + c->part_size);
  /* a buffer used before has its pages already: fresh ones fault in, page by page */
  if (c->spare != NULL && c->spare_size >= c->size)
    {
      c->buf = g_steal_pointer (&c->spare);
      c->size = c->spare_size;
    }
  else
    c->buf = g_malloc (c->size);
  memcpy (c->buf, part->text + keep, c->end - keep);
  c->end -= keep;
  return part;
}

static gboolean
hearth_folded_read_parts (HearthFoldedReader  *self,
                          GInputStream        *stream,
                          gsize                part_size,
                          guint                n_workers,
                          GCancellable        *cancellable,
                          GError             **error)
{
  HearthFoldedCutter cutter = { stream, cancellable, part_size, NULL, 0, 0, FALSE, FALSE,
                                NULL, 0 };
  HearthFoldedWork work = { self->seed, self->max_nodes, &self->frames };
  GQueue queue = G_QUEUE_INIT;
  GThreadPool *pool = NULL;
  gboolean cut_all = FALSE, ok = TRUE;
  HearthFoldedPart *part;

  g_mutex_init (&work.lock);
  g_cond_init (&work.done);
  cutter.size = part_size * 2;
  cutter.buf = g_malloc (cutter.size);

  while (ok)
    {
      /* a few parts ahead of the merge: both cores busy, memory bounded */
      while (!cut_all && queue.length < MAX (2 * n_workers, 1))
        {
          part = hearth_folded_cut (&cutter);
          cut_all = part == NULL || part->done;
          if (part == NULL)
            break;
          g_queue_push_tail (&queue, part);
          if (part->done)
            break;
          /* a file of one part is parsed here, without starting threads */
          if (pool == NULL && n_workers > 0 &&
              !(cutter.eof && cutter.end == 0 && queue.length == 1))
            {
              self->shared_frames = TRUE;
              pool = g_thread_pool_new (hearth_part_work, &work, n_workers, FALSE, NULL);
            }
          if (pool != NULL)
            g_thread_pool_push (pool, part, NULL);
          else
            hearth_part_work (part, &work);
        }
      part = g_queue_pop_head (&queue);
      if (part == NULL)
        break;
      g_mutex_lock (&work.lock);
      while (!part->done)
        g_cond_wait (&work.done, &work.lock);
      g_mutex_unlock (&work.lock);
      ok = hearth_folded_merge (self, part, error);
      if (cutter.spare == NULL && part->text != NULL)
        {
          cutter.spare = g_steal_pointer (&part->text);
          cutter.spare_size = part->size;
        }
      hearth_folded_part_free (part);
    }

  if (pool != NULL)
    g_thread_pool_free (pool, TRUE, TRUE);
  g_queue_clear_full (&queue, (GDestroyNotify) hearth_folded_part_free);
  g_free (cutter.buf);
  g_free (cutter.spare);
  g_mutex_clear (&work.lock);
  g_cond_clear (&work.done);
  return ok;
}

/**
 * _hearth_folded_read:
 * @stream: the folded text, already decompressed
 * @cancellable: (nullable): a #GCancellable
 * @error: return location for an error
 *
 * Reads folded stacks (`frame;frame;frame COUNT` lines, root first) part by part: the file
 * is never held in memory as a whole, and the parts are parsed on all cores. Lines that are
 * not stacks are skipped and counted in one warning; a file of nothing but such lines is an
 * error.
 *
 * A file is differential (difffolded.pl's `STACK BEFORE AFTER`) when every one of its stack
 * lines ends with two counts. Then the returned profile holds the AFTER counts and its
 * baseline the BEFORE counts. While only two-count lines have been seen, their stack text is
 * held (once) until a one-count line or the end of the file decides; one one-count line makes
 * the whole file one-count, the number before the count then being part of the last frame
 * (a single frame ending in ` <digits>` cannot be told apart from a two-count line).
 *
 * Returns: (transfer full): a finished profile, or %NULL with @error set
 */
HearthProfile *
_hearth_folded_read (GInputStream  *stream,
                     GCancellable  *cancellable,
                     GError       **error)
{
  guint n_workers = 0;

  if (_hearth_second_thread_allowed ())
    n_workers = CLAMP (g_get_num_processors (), 2, HEARTH_FOLDED_MAX_WORKERS);
  return _hearth_folded_read_parts (stream, HEARTH_FOLDED_PART_SIZE, n_workers, FALSE,
                                    cancellable, error);
}

/**
 * _hearth_folded_read_parts:
 * @stream: the folded text, already decompressed
 * @part_size: about how many bytes a part has (more when a line is longer)
 * @n_workers: threads that parse parts, 0 to parse them in the calling thread
 * @by_lines: read every part line by line, as a part with warnings is read
 * @cancellable: (nullable): a #GCancellable
 * @error: return location for an error
 *
 * _hearth_folded_read () with its parts chosen: the result is the same whatever they are.
 *
 * Returns: (transfer full): a finished profile, or %NULL with @error set
 */
HearthProfile *
_hearth_folded_read_parts (GInputStream  *stream,
                           gsize          part_size,
                           guint          n_workers,
                           gboolean       by_lines,
                           GCancellable  *cancellable,
                           GError       **error)
{
  HearthFoldedReader self;
  HearthProfile *result = NULL;

  g_return_val_if_fail (G_IS_INPUT_STREAM (stream), NULL);
  g_return_val_if_fail (part_size > 0 && part_size <= HEARTH_FOLDED_MAX_LINE, NULL);
  g_return_val_if_fail (error == NULL || *error == NULL, NULL);

  hearth_folded_reader_init (&self);
  self.by_lines = by_lines;
  if (!hearth_folded_read_parts (&self, stream, part_size,
                                 MIN (n_workers, HEARTH_FOLDED_MAX_WORKERS), cancellable, error))
    goto out;
  if (!hearth_folded_plausible (&self, TRUE, error))
    goto out;

  if (self.mode == HEARTH_FOLDED_PAIR_CANDIDATE && !hearth_folded_flush_as_pairs (&self, error))
    goto out;

  if (self.n_stacks == 0 && self.ignored.n > 0)
    {
      g_set_error (error, HEARTH_PROFILE_ERROR, HEARTH_PROFILE_ERROR_BAD_SHAPE,
                   "no folded stack lines found (first: line %" G_GUINT64_FORMAT ": %s)",
                   self.ignored.first_line, self.ignored.first_reason);
      goto out;
    }

  hearth_folded_add_warnings (&self);
  if (self.baseline != NULL)
    {
      _hearth_profile_finish (self.baseline);
      _hearth_profile_set_baseline (self.profile, self.baseline);
    }
  _hearth_profile_finish (self.profile);
  result = g_steal_pointer (&self.profile);

out:
  hearth_folded_reader_clear (&self);
  return result;
}
