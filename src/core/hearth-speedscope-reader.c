/* hearth-speedscope-reader.c: speedscope JSON.
 *
 * Copyright 2026 The Hearth authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#define G_LOG_DOMAIN "hearth-speedscope"

#include "hearth-speedscope-reader.h"
#include "hearth-profile-private.h"
#include "hearth-speedscope-scan.h"
#include "hearth-timeline.h"

#include "hearth-hash.h"

#include <json-glib/json-glib.h>
#include <math.h>
#include <string.h>

/* json-glib parses recursively, one C frame per level: a crafted file of a million '[' must
 * be refused before it reaches the parser. speedscope itself nests five levels deep. */
#define HEARTH_SPEEDSCOPE_MAX_NESTING 256
#define HEARTH_SPEEDSCOPE_MAX_DEPTH   100000
/* Samples remembered by their text (see hearth_speedscope_read_sample ()). */
#define HEARTH_SPEEDSCOPE_MEMO_MAX (1 << 18)
/* Profile names quoted in messages are cut to this many characters. */
#define HEARTH_SPEEDSCOPE_LABEL_CHARS 60
/* The scan takes strict JSON only; a file it refuses up to this size goes to json-glib
 * whole, which takes its extensions (comments, hex numbers) and words the error. */
#define HEARTH_SPEEDSCOPE_DOCUMENT_MAX (8 << 20)
/* json-glib takes about this many times the text it reads: what remains of the file once
 * the big arrays are cut out may take this share of the memory budget. */
#define HEARTH_SPEEDSCOPE_JSON_SHARE 16
/* The time order (16 bytes a sample, 24 a call) may take this share of the budget; past it
 * the profile is read without it. */
#define HEARTH_SPEEDSCOPE_TIMELINE_SHARE 8

typedef struct
{
  HearthUnit unit;
  double     factor;
} HearthSpeedscopeUnit;

/* The elements of a big array: json-glib's nodes, or the text the scan checked. */
typedef struct
{
  JsonArray        *array;
  guint             index;
  guint             length;
  HearthJsonCursor *cursor;    /* the text, when @array is %NULL (%NULL too: no elements) */
} HearthSpeedscopeList;

/* A sample's text (an array of numbers only) and where it leads. */
typedef struct
{
  const char *text;
  gsize       length;
  guint64     hash;
  guint       node;
  guint       depth;
} HearthSpeedscopeMemo;

/* The members of an event that matter. */
typedef struct
{
  const char      *type;       /* %NULL when missing or not a string */
  HearthJsonValue  frame;
  HearthJsonValue  at;
} HearthSpeedscopeEvent;

typedef struct
{
  HearthProfile *profile;
  const guint8  *text;         /* the document, for the spans of @arrays */
  HearthSpeedscopeArrays arrays; /* the big arrays json-glib did not read (all NULL: none) */
  GString       *scratch;      /* the member name being decoded */
  GString       *type;         /* the type of the event being read */
  GArray        *path;         /* guint pairs: frame index and node of the last sample */
  GHashTable    *memo;         /* HearthSpeedscopeMemo: the node of a sample's text */
  HearthHashKey  memo_key;
  JsonArray     *frames;       /* borrowed: shared.frames, or NULL */
  guint          n_frames;
  guint         *frame_ids;    /* function of each shared frame, G_MAXUINT until first used */
  GArray        *stack;        /* guint: the stack being built, root first */
  guint          node;         /* its stack node in the profile */
  guint          root_node;    /* the node of the profile's root frame (0 when none) */
  char          *label;        /* "speedscope: profile N ("NAME")" of the profile being read */
  guint          n_unnamed;
  guint          n_negative;
  char          *first_negative;
  gboolean       any_sampled;  /* else every profile read was evented: traced */
  HearthTimeline *timeline;    /* the order of samples and calls (NULL once dropped) */
  gsize          timeline_max; /* its budget in bytes */
  gboolean       timeline_dropped;
} HearthSpeedscopeReader;

static gboolean
hearth_json_is_null (JsonNode *node)
{
  return node == NULL || JSON_NODE_HOLDS_NULL (node);
}

/* Returns the member as a string, or %NULL when it is missing, null or not a string. */
static const char *
hearth_json_get_string (JsonObject *object,
                        const char *member)
{
  JsonNode *node = json_object_get_member (object, member);

  if (node == NULL || !JSON_NODE_HOLDS_VALUE (node) ||
      json_node_get_value_type (node) != G_TYPE_STRING)
    return NULL;
  return json_node_get_string (node);
}

static gboolean
hearth_json_node_get_number (JsonNode *node,
                             double   *out)
{
  GType type;

  if (node == NULL || !JSON_NODE_HOLDS_VALUE (node))
    return FALSE;
  type = json_node_get_value_type (node);
  if (type == G_TYPE_INT64)
    *out = (double) json_node_get_int (node);
  else if (type == G_TYPE_DOUBLE)
    *out = json_node_get_double (node);
  else
    return FALSE;
  return isfinite (*out);
}

static gboolean
hearth_json_get_number (JsonObject *object,
                        const char *member,
                        double     *out)
{
  return hearth_json_node_get_number (json_object_get_member (object, member), out);
}

static void
hearth_json_node_get_value (JsonNode        *node,
                            HearthJsonValue *value)
{
  if (node == NULL)
    value->kind = HEARTH_JSON_MISSING;
  else if (JSON_NODE_HOLDS_NULL (node))
    value->kind = HEARTH_JSON_NULL;
  else if (hearth_json_node_get_number (node, &value->number))
    value->kind = HEARTH_JSON_NUMBER;
  else
    value->kind = HEARTH_JSON_OTHER;
}

/* An index is an integral JSON number (written `3` or `3.0`) within [0, n). */
static gboolean
hearth_json_value_get_index (const HearthJsonValue *value,
                             guint                  n,
                             guint                 *out)
{
  double v = value->number;

  if (value->kind != HEARTH_JSON_NUMBER || v < 0 || v >= n || v != floor (v))
    return FALSE;
  *out = (guint) v;
  return TRUE;
}

static gboolean
hearth_json_node_get_index (JsonNode *node,
                            guint     n,
                            guint    *out)
{
  HearthJsonValue value;

  hearth_json_node_get_value (node, &value);
  return hearth_json_value_get_index (&value, n, out);
}

/* Reports a frame reference that is not an index of the shared frames. */
static gboolean
hearth_speedscope_bad_index (const char             *label,
                             const char             *where,
                             guint                   where_index,
                             const HearthJsonValue  *value,
                             guint                   n_frames,
                             GError                **error)
{
  static const char *const what[] = { "missing", "null", "a number", "not a number" };

  if (value->kind == HEARTH_JSON_NUMBER)
    g_set_error (error, HEARTH_PROFILE_ERROR, HEARTH_PROFILE_ERROR_BAD_REF,
                 "%s: %s %u: frame %g is not an index of the %u shared frames",
                 label, where, where_index, value->number, n_frames);
  else
    g_set_error (error, HEARTH_PROFILE_ERROR, HEARTH_PROFILE_ERROR_BAD_REF,
                 "%s: %s %u: frame index is %s", label, where, where_index, what[value->kind]);
  return FALSE;
}

static gint
hearth_hex4 (const guint8 *p)
{
  gint v = 0;

  for (guint i = 0; i < 4; i++)
    {
      gint d = g_ascii_xdigit_value (p[i]);

      if (d < 0)
        return -1;
      v = v * 16 + d;
    }
  return v;
}

/* Walks the JSON text once without parsing it: measures the nesting depth and counts
 * `\uXXXX` escapes of lone UTF-16 surrogates (Python's json writes them for file names that
 * were not UTF-8), which json-glib refuses. With @fix, each becomes `\ufffd` (same length). */
static gboolean
hearth_json_scan (guint8   *data,
                  gsize     len,
                  gboolean  fix,
                  gsize    *n_lone)
{
  gboolean in_string = FALSE;
  guint depth = 0;

  *n_lone = 0;
  for (gsize i = 0; i < len; i++)
    {
      guint8 c = data[i];

      if (in_string)
        {
          if (c == '"')
            in_string = FALSE;
          else if (c == '\\' && i + 5 < len && data[i + 1] == 'u' &&
                   hearth_hex4 (data + i + 2) >= 0)
            {
              gint v = hearth_hex4 (data + i + 2);
              gboolean paired = v >= 0xD800 && v <= 0xDBFF && i + 11 < len &&
                                data[i + 6] == '\\' && data[i + 7] == 'u' &&
                                hearth_hex4 (data + i + 8) >= 0xDC00 &&
                                hearth_hex4 (data + i + 8) <= 0xDFFF;

              if (v >= 0xD800 && v <= 0xDFFF && !paired)
                {
                  (*n_lone)++;
                  if (fix)
                    memcpy (data + i + 2, "fffd", 4);
                }
              i += paired ? 11 : 5;
            }
          else if (c == '\\')
            i++;
          continue;
        }
      if (c == '"')
        in_string = TRUE;
      else if (c == '[' || c == '{')
        {
          if (++depth > HEARTH_SPEEDSCOPE_MAX_NESTING)
            return FALSE;
        }
      else if ((c == ']' || c == '}') && depth > 0)
        depth--;
    }
  return TRUE;
}

static gboolean
hearth_speedscope_parse_unit (const char           *unit,
                              HearthSpeedscopeUnit *out)
{
  static const struct
  {
    const char *name;
    HearthUnit  unit;
    double      factor;
  } units[] = {
    { "none", HEARTH_UNIT_SAMPLES, 1 },
    { "nanoseconds", HEARTH_UNIT_SECONDS, 1e-9 },
    { "microseconds", HEARTH_UNIT_SECONDS, 1e-6 },
    { "milliseconds", HEARTH_UNIT_SECONDS, 1e-3 },
    { "seconds", HEARTH_UNIT_SECONDS, 1 },
    { "bytes", HEARTH_UNIT_BYTES, 1 },
  };

  out->unit = HEARTH_UNIT_SAMPLES;
  out->factor = 1;
  if (unit == NULL)
    return TRUE;
  for (guint i = 0; i < G_N_ELEMENTS (units); i++)
    if (strcmp (unit, units[i].name) == 0)
      {
        out->unit = units[i].unit;
        out->factor = units[i].factor;
        return TRUE;
      }
  return FALSE;
}

/* The name a profile goes by in messages and as the root frame of a merged file. */
static char *
hearth_speedscope_profile_name (JsonObject *profile,
                                guint       index)
{
  const char *name = profile != NULL ? hearth_json_get_string (profile, "name") : NULL;

  if (name == NULL || name[0] == '\0')
    return g_strdup_printf ("profile %u", index + 1);
  return g_utf8_make_valid (name, -1);
}

static char *
hearth_speedscope_label (JsonObject *profile,
                         guint       index)
{
  const char *raw = profile != NULL ? hearth_json_get_string (profile, "name") : NULL;
  g_autofree char *name = NULL;

  if (raw == NULL || raw[0] == '\0')
    return g_strdup_printf ("speedscope: profile %u", index + 1);
  name = g_utf8_make_valid (raw, -1);
  if (g_utf8_strlen (name, -1) > HEARTH_SPEEDSCOPE_LABEL_CHARS)
    {
      g_autofree char *cut = g_utf8_substring (name, 0, HEARTH_SPEEDSCOPE_LABEL_CHARS);

      return g_strdup_printf ("speedscope: profile %u (\"%s…\")", index + 1, cut);
    }
  return g_strdup_printf ("speedscope: profile %u (\"%s\")", index + 1, name);
}

/* Interns shared frame @index on first use. Frames become `name (file:line)` like py-spy's
 * folded output, so the same function read from either format has the same key. */
static guint
hearth_speedscope_frame (HearthSpeedscopeReader *self,
                         guint                   index)
{
  JsonNode *node;
  JsonObject *frame = NULL;
  const char *raw_name = NULL, *raw_file = NULL;
  g_autofree char *name = NULL;
  g_autofree char *file = NULL;
  g_autofree char *text = NULL;
  double line = 0;

  if (self->frame_ids[index] != G_MAXUINT)
    return self->frame_ids[index];

  node = json_array_get_element (self->frames, index);
  if (JSON_NODE_HOLDS_OBJECT (node))
    frame = json_node_get_object (node);
  if (frame != NULL)
    {
      raw_name = hearth_json_get_string (frame, "name");
      raw_file = hearth_json_get_string (frame, "file");
      if (!hearth_json_get_number (frame, "line", &line) || line < 1 || line > G_MAXINT32 ||
          line != floor (line))
        line = 0;
    }
  if (raw_name == NULL || raw_name[0] == '\0')
    self->n_unnamed++;
  name = g_utf8_make_valid (raw_name != NULL && raw_name[0] != '\0' ? raw_name : "(unnamed)", -1);
  file = g_utf8_make_valid (raw_file != NULL ? raw_file : "", -1);

  if (file[0] != '\0' && line > 0)
    text = g_strdup_printf ("%s (%s:%" G_GINT64_FORMAT ")", name, file, (gint64) line);
  else if (file[0] != '\0')
    text = g_strdup_printf ("%s (%s)", name, file);
  else
    text = g_strdup (name);

  self->frame_ids[index] = _hearth_profile_intern_frame (self->profile, text, file,
                                                         (gint64) line, name);
  return self->frame_ids[index];
}

/* Checks the frame @value names, and that the stack (of @depth frames) has room for it. */
static gboolean
hearth_speedscope_check_frame (HearthSpeedscopeReader  *self,
                               const HearthJsonValue   *value,
                               guint                    depth,
                               const char              *where,
                               guint                    where_index,
                               guint                   *index,
                               GError                 **error)
{
  if (!hearth_json_value_get_index (value, self->n_frames, index))
    return hearth_speedscope_bad_index (self->label, where, where_index, value, self->n_frames,
                                        error);
  if (depth >= HEARTH_SPEEDSCOPE_MAX_DEPTH)
    {
      g_set_error (error, HEARTH_PROFILE_ERROR, HEARTH_PROFILE_ERROR_TOO_LARGE,
                   "%s: %s %u: stack has more than %d frames",
                   self->label, where, where_index, HEARTH_SPEEDSCOPE_MAX_DEPTH);
      return FALSE;
    }
  return TRUE;
}

/* Appends the function of the frame @value names to the stack being built. */
static gboolean
hearth_speedscope_push (HearthSpeedscopeReader  *self,
                        const HearthJsonValue   *value,
                        const char              *where,
                        guint                    where_index,
                        guint                   *frame_out,
                        GError                 **error)
{
  guint index, id;

  if (!hearth_speedscope_check_frame (self, value, self->stack->len, where, where_index, &index,
                                      error))
    return FALSE;
  id = hearth_speedscope_frame (self, index);
  g_array_append_val (self->stack, id);
  self->node = _hearth_profile_stack_child (self->profile, self->node, id);
  if (frame_out != NULL)
    *frame_out = index;
  return TRUE;
}

static const char *const hearth_speedscope_members[] = { "samples", "weights", "events" };

/* The elements of @member of profile @index: from the text when the scan cut them out of what
 * json-glib read, else from json-glib's array. A missing or null member has none. */
static gboolean
hearth_speedscope_get_list (HearthSpeedscopeReader  *self,
                            JsonObject              *profile,
                            guint                    index,
                            HearthSpeedscopeMember   member,
                            HearthSpeedscopeList    *list,
                            HearthJsonCursor        *cursor,
                            GError                 **error)
{
  const char *name = hearth_speedscope_members[member];
  JsonNode *node = json_object_get_member (profile, name);
  const HearthSpeedscopeSpan *span;

  memset (list, 0, sizeof *list);
  if (hearth_json_is_null (node))
    return TRUE;
  if (!JSON_NODE_HOLDS_ARRAY (node))
    {
      g_set_error (error, HEARTH_PROFILE_ERROR, HEARTH_PROFILE_ERROR_BAD_SHAPE,
                   "%s: \"%s\" is not an array", self->label, name);
      return FALSE;
    }
  span = _hearth_speedscope_arrays_get (&self->arrays, index, member);
  if (span != NULL)
    {
      _hearth_json_cursor_init (cursor, self->text, span);
      list->cursor = cursor;
      list->length = span->n_elements;
    }
  else
    {
      list->array = json_node_get_array (node);
      list->length = json_array_get_length (list->array);
    }
  return TRUE;
}

/* The next element, when there is one: json-glib's node, or the cursor at its text. */
static gboolean
hearth_speedscope_list_next (HearthSpeedscopeList  *list,
                             JsonNode             **node)
{
  *node = NULL;
  if (list->array != NULL)
    {
      if (list->index >= list->length)
        return FALSE;
      *node = json_array_get_element (list->array, list->index++);
      return TRUE;
    }
  return list->cursor != NULL && _hearth_json_cursor_next (list->cursor);
}

static gboolean
hearth_speedscope_list_value (HearthSpeedscopeList *list,
                              HearthJsonValue      *value)
{
  JsonNode *node;

  if (!hearth_speedscope_list_next (list, &node))
    return FALSE;
  if (list->array != NULL)
    hearth_json_node_get_value (node, value);
  else
    _hearth_json_cursor_value (list->cursor, value);
  return TRUE;
}

/* The next element as a list of its own, or FALSE when it is not an array. In the text,
 * @plain gets the text of an array of numbers alone (else its length is 0). */
static gboolean
hearth_speedscope_list_enter (HearthSpeedscopeList *list,
                              HearthSpeedscopeList *inner,
                              HearthSpeedscopeMemo *plain)
{
  JsonNode *node;

  memset (inner, 0, sizeof *inner);
  plain->length = 0;
  if (!hearth_speedscope_list_next (list, &node))
    return FALSE;
  if (list->array == NULL)
    {
      inner->cursor = list->cursor;
      plain->text = list->cursor->p;
      plain->length = _hearth_json_cursor_plain_array (list->cursor);
      return _hearth_json_cursor_enter (list->cursor, '[');
    }
  if (!JSON_NODE_HOLDS_ARRAY (node))
    return FALSE;
  inner->array = json_node_get_array (node);
  inner->length = json_array_get_length (inner->array);
  return TRUE;
}

/* The next element as an event, or FALSE when it is not an object. In the text, a member
 * given twice counts once, the last time, as in json-glib. */
static gboolean
hearth_speedscope_list_event (HearthSpeedscopeReader *self,
                              HearthSpeedscopeList   *list,
                              HearthSpeedscopeEvent  *event)
{
  HearthJsonCursor *cursor = list->cursor;
  JsonNode *node;

  event->type = NULL;
  event->frame.kind = event->at.kind = HEARTH_JSON_MISSING;
  if (!hearth_speedscope_list_next (list, &node))
    return FALSE;
  if (list->array != NULL)
    {
      JsonObject *object;

      if (!JSON_NODE_HOLDS_OBJECT (node))
        return FALSE;
      object = json_node_get_object (node);
      event->type = hearth_json_get_string (object, "type");
      hearth_json_node_get_value (json_object_get_member (object, "frame"), &event->frame);
      hearth_json_node_get_value (json_object_get_member (object, "at"), &event->at);
      return TRUE;
    }
  if (!_hearth_json_cursor_enter (cursor, '{'))
    return FALSE;
  while (_hearth_json_cursor_member (cursor, self->scratch))
    {
      HearthJsonValue ignored;

      if (strcmp (self->scratch->str, "type") == 0)
        event->type = _hearth_json_cursor_string (cursor, self->type) ? self->type->str : NULL;
      else if (strcmp (self->scratch->str, "frame") == 0)
        _hearth_json_cursor_value (cursor, &event->frame);
      else if (strcmp (self->scratch->str, "at") == 0)
        _hearth_json_cursor_value (cursor, &event->at);
      else
        _hearth_json_cursor_value (cursor, &ignored);
    }
  return TRUE;
}

static void
hearth_speedscope_note_negative (HearthSpeedscopeReader *self,
                                 const char             *what,
                                 guint                   index)
{
  if (self->n_negative++ == 0)
    self->first_negative = g_strdup_printf ("%s: %s %u", self->label, what, index);
}

/* Drops the time order once it outgrows its budget: the merged profile is still read. */
static gboolean
hearth_speedscope_timeline_room (HearthSpeedscopeReader *self)
{
  if (self->timeline == NULL)
    return FALSE;
  if (G_LIKELY (_hearth_timeline_get_size (self->timeline) < self->timeline_max))
    return TRUE;
  g_clear_pointer (&self->timeline, _hearth_timeline_free);
  self->timeline_dropped = TRUE;
  return FALSE;
}

/* Walks one sample's frames from the root. Consecutive samples of a recording mostly share
 * their first frames: the nodes of the previous sample are reused while the indices match,
 * which saves a lookup per frame. */
static gboolean
hearth_speedscope_read_sample (HearthSpeedscopeReader  *self,
                               HearthSpeedscopeList    *frames,
                               guint                    root_len,
                               guint                    sample,
                               guint                   *depth_out,
                               GError                 **error)
{
  guint depth = 0, index;
  gboolean same = TRUE;
  HearthJsonValue value;

  self->node = self->root_node;
  while (hearth_speedscope_list_value (frames, &value))
    {
      if (same && 2 * depth < self->path->len && value.kind == HEARTH_JSON_NUMBER &&
          value.number == g_array_index (self->path, guint, 2 * depth))
        {
          self->node = g_array_index (self->path, guint, 2 * depth + 1);
          depth++;
          continue;
        }
      same = FALSE;
      if (!hearth_speedscope_check_frame (self, &value, root_len + depth, "sample", sample,
                                          &index, error))
        return FALSE;
      self->node = _hearth_profile_stack_child (self->profile, self->node,
                                                hearth_speedscope_frame (self, index));
      g_array_set_size (self->path, 2 * depth);
      g_array_append_val (self->path, index);
      g_array_append_val (self->path, self->node);
      depth++;
    }
  *depth_out = depth;
  return TRUE;
}

static guint
hearth_speedscope_memo_hash (gconstpointer key)
{
  return ((const HearthSpeedscopeMemo *) key)->hash;
}

static gboolean
hearth_speedscope_memo_equal (gconstpointer a,
                              gconstpointer b)
{
  const HearthSpeedscopeMemo *x = a, *y = b;

  return x->hash == y->hash && x->length == y->length &&
         memcmp (x->text, y->text, x->length) == 0;
}

/* A recording repeats few distinct stacks many times, and the same text always means the
 * same stack (of the same profile): a sample written as one seen before takes that one's
 * node, without reading its numbers. Up to HEARTH_SPEEDSCOPE_MEMO_MAX texts are kept. */
static gboolean
hearth_speedscope_memo_sample (HearthSpeedscopeReader  *self,
                               HearthSpeedscopeList    *frames,
                               HearthSpeedscopeMemo    *plain,
                               guint                    root_len,
                               guint                    sample,
                               guint                   *depth,
                               GError                 **error)
{
  HearthSpeedscopeMemo *known;

  if (plain->length == 0)
    return hearth_speedscope_read_sample (self, frames, root_len, sample, depth, error);
  plain->hash = hearth_hash_bytes (&self->memo_key, plain->text, plain->length);
  known = g_hash_table_lookup (self->memo, plain);
  if (known != NULL)
    {
      frames->cursor->p = plain->text + plain->length;
      self->node = known->node;
      *depth = known->depth;
      return TRUE;
    }
  if (!hearth_speedscope_read_sample (self, frames, root_len, sample, depth, error))
    return FALSE;
  if (g_hash_table_size (self->memo) < HEARTH_SPEEDSCOPE_MEMO_MAX)
    {
      /* a copy beside the entry: the sample's own text is far away in the file by the time
       * it comes up again */
      known = g_malloc (sizeof *known + plain->length);
      memcpy (known + 1, plain->text, plain->length);
      known->text = (const char *) (known + 1);
      known->length = plain->length;
      known->hash = plain->hash;
      known->node = self->node;
      known->depth = *depth;
      g_hash_table_add (self->memo, known);
    }
  return TRUE;
}

static gboolean
hearth_speedscope_read_sampled (HearthSpeedscopeReader  *self,
                                JsonObject              *profile,
                                guint                    profile_index,
                                guint                    root_len,
                                double                   factor,
                                GError                 **error)
{
  HearthSpeedscopeList samples, weights;
  HearthJsonCursor samples_text, weights_text;

  if (!hearth_speedscope_get_list (self, profile, profile_index, HEARTH_SPEEDSCOPE_SAMPLES,
                                   &samples, &samples_text, error) ||
      !hearth_speedscope_get_list (self, profile, profile_index, HEARTH_SPEEDSCOPE_WEIGHTS,
                                   &weights, &weights_text, error))
    return FALSE;
  if (samples.length != weights.length)
    {
      g_set_error (error, HEARTH_PROFILE_ERROR, HEARTH_PROFILE_ERROR_BAD_SHAPE,
                   "%s: %u samples but %u weights", self->label, samples.length,
                   weights.length);
      return FALSE;
    }

  g_array_set_size (self->path, 0);
  g_hash_table_remove_all (self->memo);
  if (self->timeline != NULL)
    _hearth_timeline_begin_part (self->timeline, TRUE, 0, factor);
  for (guint i = 0; i < samples.length; i++)
    {
      HearthSpeedscopeList frames;
      HearthSpeedscopeMemo plain;
      HearthJsonValue weight;
      guint depth;

      if (!hearth_speedscope_list_enter (&samples, &frames, &plain))
        {
          g_set_error (error, HEARTH_PROFILE_ERROR, HEARTH_PROFILE_ERROR_BAD_SHAPE,
                       "%s: sample %u is not an array", self->label, i);
          return FALSE;
        }
      if (!hearth_speedscope_list_value (&weights, &weight) ||
          weight.kind != HEARTH_JSON_NUMBER)
        {
          g_set_error (error, HEARTH_PROFILE_ERROR, HEARTH_PROFILE_ERROR_BAD_SHAPE,
                       "%s: weight %u is not a number", self->label, i);
          return FALSE;
        }
      if (weight.number < 0)
        {
          hearth_speedscope_note_negative (self, "weight", i);
          weight.number = 0;
        }

      if (!hearth_speedscope_memo_sample (self, &frames, &plain, root_len, i, &depth, error))
        return FALSE;
      /* An empty sample (an idle thread) has no function to give its weight to. */
      if (depth > 0)
        _hearth_profile_add_stack_at (self->profile, self->node, weight.number * factor);
      /* ... but it keeps its place in time, as a gap */
      if (hearth_speedscope_timeline_room (self))
        _hearth_timeline_add_sample (self->timeline, depth > 0 ? self->node : 0,
                                     weight.number * factor);
    }
  if (self->timeline != NULL)
    _hearth_timeline_end_part (self->timeline, 0);
  return TRUE;
}

/* Gives the time since the previous event to the stack that was open meanwhile. */
static void
hearth_speedscope_spend (HearthSpeedscopeReader *self,
                         guint                   root_len,
                         double                  duration,
                         double                  factor)
{
  if (self->stack->len > root_len && duration > 0)
    _hearth_profile_add_stack_at (self->profile, self->node, duration * factor);
}

static gboolean
hearth_speedscope_event_error (HearthSpeedscopeReader  *self,
                               guint                    index,
                               GError                 **error,
                               const char              *format,
                               ...) G_GNUC_PRINTF (4, 5);

static gboolean
hearth_speedscope_event_error (HearthSpeedscopeReader  *self,
                               guint                    index,
                               GError                 **error,
                               const char              *format,
                               ...)
{
  g_autofree char *problem = NULL;
  va_list args;

  va_start (args, format);
  problem = g_strdup_vprintf (format, args);
  va_end (args);
  g_set_error (error, HEARTH_PROFILE_ERROR, HEARTH_PROFILE_ERROR_BAD_SHAPE,
               "%s: event %u: %s", self->label, index, problem);
  return FALSE;
}

/* Starts the profile's part of the time order at its first event: the clock starts at
 * startValue, or at that event when startValue is missing or later. A merged file's root
 * frame is a call lasting the whole profile. */
static void
hearth_speedscope_timeline_begin (HearthSpeedscopeReader *self,
                                  JsonObject             *profile,
                                  guint                   root_len,
                                  double                  at,
                                  double                  factor,
                                  GArray                 *calls)
{
  double origin;
  guint call;

  if (!hearth_json_get_number (profile, "startValue", &origin) || origin > at)
    origin = at;
  _hearth_timeline_begin_part (self->timeline, FALSE, origin, factor);
  if (root_len == 0 || !hearth_speedscope_timeline_room (self))
    return;
  call = _hearth_timeline_open (self->timeline, origin, 0,
                                g_array_index (self->stack, guint, 0));
  g_array_append_val (calls, call);
}

static void
hearth_speedscope_timeline_end (HearthSpeedscopeReader *self,
                                GArray                 *calls,
                                double                  end)
{
  if (self->timeline == NULL)
    return;
  for (guint i = calls->len; i-- > 0;)
    _hearth_timeline_close (self->timeline, g_array_index (calls, guint, i), end);
  _hearth_timeline_end_part (self->timeline, end);
}

/* Evented profiles: each stretch of time between two events belongs to the exact stack open
 * during it. Events must be in time order and nest properly (as in speedscope); frames
 * still open at the end are closed at endValue, with a warning. */
static gboolean
hearth_speedscope_read_evented (HearthSpeedscopeReader  *self,
                                JsonObject              *profile,
                                guint                    profile_index,
                                guint                    root_len,
                                double                   factor,
                                GError                 **error)
{
  g_autoptr (GArray) open = g_array_new (FALSE, FALSE, sizeof (guint));
  g_autoptr (GArray) calls = g_array_new (FALSE, FALSE, sizeof (guint));
  HearthSpeedscopeList events;
  HearthJsonCursor events_text;
  double last = -INFINITY, end;

  if (!hearth_speedscope_get_list (self, profile, profile_index, HEARTH_SPEEDSCOPE_EVENTS,
                                   &events, &events_text, error))
    return FALSE;
  g_array_set_size (self->stack, root_len);
  self->node = self->root_node;

  for (guint i = 0; i < events.length; i++)
    {
      HearthSpeedscopeEvent event;
      const char *type;
      double at;
      guint frame;

      if (!hearth_speedscope_list_event (self, &events, &event))
        return hearth_speedscope_event_error (self, i, error, "not an object");
      type = event.type;
      if (type == NULL || (strcmp (type, "O") != 0 && strcmp (type, "C") != 0))
        return hearth_speedscope_event_error (self, i, error, "type is not \"O\" or \"C\"");
      if (event.at.kind != HEARTH_JSON_NUMBER)
        return hearth_speedscope_event_error (self, i, error, "\"at\" is not a number");
      at = event.at.number;
      if (at < last)
        return hearth_speedscope_event_error (self, i, error, "at %g comes before %g", at, last);
      if (last > -INFINITY)
        hearth_speedscope_spend (self, root_len, at - last, factor);
      else if (self->timeline != NULL)
        hearth_speedscope_timeline_begin (self, profile, root_len, at, factor, calls);
      last = at;

      if (type[0] == 'O')
        {
          if (!hearth_speedscope_push (self, &event.frame, "event", i, &frame, error))
            return FALSE;
          g_array_append_val (open, frame);
          if (hearth_speedscope_timeline_room (self))
            {
              guint call = _hearth_timeline_open (self->timeline, at,
                                                  self->stack->len - 1,
                                                  g_array_index (self->stack, guint,
                                                                 self->stack->len - 1));

              g_array_append_val (calls, call);
            }
        }
      else if (!hearth_json_value_get_index (&event.frame, self->n_frames, &frame))
        return hearth_speedscope_bad_index (self->label, "event", i, &event.frame,
                                            self->n_frames, error);
      else if (open->len == 0)
        return hearth_speedscope_event_error (self, i, error,
                                              "closes frame %u, but no frame is open", frame);
      else if (g_array_index (open, guint, open->len - 1) != frame)
        return hearth_speedscope_event_error (self, i, error,
                                              "closes frame %u, but frame %u is open", frame,
                                              g_array_index (open, guint, open->len - 1));
      else
        {
          g_array_set_size (open, open->len - 1);
          g_array_set_size (self->stack, self->stack->len - 1);
          if (self->timeline != NULL)
            {
              _hearth_timeline_close (self->timeline, g_array_index (calls, guint, calls->len - 1),
                                      at);
              g_array_set_size (calls, calls->len - 1);
            }
          self->node = _hearth_profile_stack_parent (self->profile, self->node);
        }
    }

  if (open->len > 0)
    {
      if (!hearth_json_get_number (profile, "endValue", &end) || end < last)
        end = last;
      hearth_speedscope_spend (self, root_len, end - last, factor);
      _hearth_profile_add_warning (self->profile, "%s: %u %s still open at the end, closed at %g",
                                   self->label, open->len,
                                   open->len == 1 ? "frame" : "frames", end);
    }
  else
    end = last;
  if (last > -INFINITY)
    hearth_speedscope_timeline_end (self, calls, end);
  return TRUE;
}

static gboolean
hearth_speedscope_read_profile (HearthSpeedscopeReader  *self,
                                JsonObject              *profile,
                                guint                    index,
                                gboolean                 merged,
                                double                   factor,
                                GError                 **error)
{
  const char *type = hearth_json_get_string (profile, "type");

  g_free (self->label);
  self->label = hearth_speedscope_label (profile, index);
  g_array_set_size (self->stack, 0);
  self->root_node = 0;
  if (merged)
    {
      g_autofree char *name = hearth_speedscope_profile_name (profile, index);
      guint root = _hearth_profile_intern_frame (self->profile, name, "", 0, name);

      g_array_append_val (self->stack, root);
      self->root_node = _hearth_profile_stack_child (self->profile, 0, root);
    }
  if (g_strcmp0 (type, "sampled") == 0)
    {
      self->any_sampled = TRUE;
      return hearth_speedscope_read_sampled (self, profile, index, self->stack->len, factor,
                                             error);
    }
  return hearth_speedscope_read_evented (self, profile, index, self->stack->len, factor, error);
}

static gboolean
hearth_speedscope_type_supported (JsonObject *profile)
{
  const char *type = profile != NULL ? hearth_json_get_string (profile, "type") : NULL;

  return g_strcmp0 (type, "sampled") == 0 || g_strcmp0 (type, "evented") == 0;
}

static JsonObject *
hearth_speedscope_profile_at (JsonArray *profiles,
                              guint      index)
{
  JsonNode *node = json_array_get_element (profiles, index);

  return JSON_NODE_HOLDS_OBJECT (node) ? json_node_get_object (node) : NULL;
}

/* The profile whose unit the others must share: the active one when it is readable. */
static gint
hearth_speedscope_choose_active (JsonObject *root,
                                 JsonArray  *profiles)
{
  guint n = json_array_get_length (profiles), active;

  if (hearth_json_node_get_index (json_object_get_member (root, "activeProfileIndex"), n,
                                  &active) &&
      hearth_speedscope_type_supported (hearth_speedscope_profile_at (profiles, active)))
    return active;
  for (guint i = 0; i < n; i++)
    if (hearth_speedscope_type_supported (hearth_speedscope_profile_at (profiles, i)))
      return i;
  return -1;
}

/* Marks which profiles are read: the readable ones in the unit family of the active one.
 * Returns how many. */
static guint
hearth_speedscope_select (HearthSpeedscopeReader *self,
                          JsonArray              *profiles,
                          gint                    active,
                          gboolean               *keep,
                          HearthSpeedscopeUnit   *unit)
{
  guint n = json_array_get_length (profiles), n_kept = 0;
  const char *active_unit = NULL;

  if (active >= 0)
    {
      active_unit = hearth_json_get_string (hearth_speedscope_profile_at (profiles, active),
                                            "unit");
      if (!hearth_speedscope_parse_unit (active_unit, unit))
        {
          g_autofree char *label =
            hearth_speedscope_label (hearth_speedscope_profile_at (profiles, active), active);

          _hearth_profile_add_warning (self->profile, "%s: unknown unit \"%s\", read as counts",
                                       label, active_unit);
        }
    }
  for (guint i = 0; i < n; i++)
    {
      JsonObject *profile = hearth_speedscope_profile_at (profiles, i);
      g_autofree char *label = hearth_speedscope_label (profile, i);
      const char *profile_unit;
      HearthSpeedscopeUnit u;

      keep[i] = FALSE;
      if (!hearth_speedscope_type_supported (profile))
        {
          const char *type = profile != NULL ? hearth_json_get_string (profile, "type") : NULL;

          _hearth_profile_add_warning (self->profile, "%s: type \"%s\" is not supported, skipped",
                                       label, type != NULL ? type : "(none)");
          continue;
        }
      profile_unit = hearth_json_get_string (profile, "unit");
      if (i != (guint) active &&
          (!hearth_speedscope_parse_unit (profile_unit, &u) || u.unit != unit->unit))
        {
          _hearth_profile_add_warning (self->profile,
                                       "%s: unit \"%s\" does not match \"%s\" of profile %d, "
                                       "skipped", label,
                                       profile_unit != NULL ? profile_unit : "none",
                                       active_unit != NULL ? active_unit : "none", active + 1);
          continue;
        }
      keep[i] = TRUE;
      n_kept++;
    }
  return n_kept;
}

static void
hearth_speedscope_set_name (HearthSpeedscopeReader *self,
                            JsonObject             *root,
                            JsonArray              *profiles,
                            const gboolean         *keep,
                            guint                   n_kept)
{
  const char *name = hearth_json_get_string (root, "name");

  if (name != NULL && name[0] != '\0')
    {
      g_autofree char *valid = g_utf8_make_valid (name, -1);

      _hearth_profile_set_name (self->profile, valid);
      return;
    }
  for (guint i = 0; n_kept == 1 && i < json_array_get_length (profiles); i++)
    if (keep[i])
      {
        g_autofree char *valid =
          hearth_speedscope_profile_name (hearth_speedscope_profile_at (profiles, i), i);

        _hearth_profile_set_name (self->profile, valid);
      }
}

static JsonArray *
hearth_speedscope_shared_frames (JsonObject  *root,
                                 GError     **error)
{
  JsonNode *shared = json_object_get_member (root, "shared");
  JsonNode *frames;

  if (hearth_json_is_null (shared))
    return NULL;
  if (!JSON_NODE_HOLDS_OBJECT (shared))
    {
      g_set_error (error, HEARTH_PROFILE_ERROR, HEARTH_PROFILE_ERROR_BAD_SHAPE,
                   "speedscope: \"shared\" is not an object");
      return NULL;
    }
  frames = json_object_get_member (json_node_get_object (shared), "frames");
  if (hearth_json_is_null (frames))
    return NULL;
  if (!JSON_NODE_HOLDS_ARRAY (frames))
    {
      g_set_error (error, HEARTH_PROFILE_ERROR, HEARTH_PROFILE_ERROR_BAD_SHAPE,
                   "speedscope: \"shared.frames\" is not an array");
      return NULL;
    }
  return json_node_get_array (frames);
}

/* Hands the text to json-glib: the root object, or %NULL with @error set. */
static JsonObject *
hearth_speedscope_load_json (JsonParser    *parser,
                             const guint8  *text,
                             gsize          len,
                             GError       **error)
{
  g_autoptr (GError) json_error = NULL;
  JsonNode *root;

  if (!json_parser_load_from_data (parser, (const char *) text, (gssize) len, &json_error))
    {
      g_autofree char *message = g_utf8_make_valid (json_error->message, -1);

      g_set_error (error, HEARTH_PROFILE_ERROR, HEARTH_PROFILE_ERROR_BAD_TYPE,
                   "speedscope: invalid JSON: %s", message);
      return NULL;
    }
  root = json_parser_get_root (parser);
  if (root == NULL || !JSON_NODE_HOLDS_OBJECT (root))
    {
      g_set_error (error, HEARTH_PROFILE_ERROR, HEARTH_PROFILE_ERROR_BAD_SHAPE,
                   "speedscope: the document is not a JSON object");
      return NULL;
    }
  return json_node_get_object (root);
}

/* Parses the JSON text; invalid UTF-8 and lone surrogates are replaced by U+FFFD in a copy
 * (noted in @invalid_utf8, counted in @n_lone) rather than refused. */
static JsonObject *
hearth_speedscope_parse (JsonParser    *parser,
                         const guint8  *data,
                         gsize          len,
                         gboolean      *invalid_utf8,
                         gsize         *n_lone,
                         GError       **error)
{
  g_autofree guint8 *copy = NULL;

  *invalid_utf8 = !g_utf8_validate_len ((const char *) data, len, NULL);
  if (*invalid_utf8)
    {
      /* a NUL would end the repaired copy early: those bytes are not JSON anyway */
      copy = (guint8 *) g_utf8_make_valid ((const char *) data, len);
      len = strlen ((const char *) copy);
      data = copy;
    }
  if (len > G_MAXSSIZE)
    {
      g_set_error (error, HEARTH_PROFILE_ERROR, HEARTH_PROFILE_ERROR_TOO_LARGE,
                   "speedscope: file too large");
      return NULL;
    }
  if (!hearth_json_scan ((guint8 *) data, len, FALSE, n_lone))
    {
      g_set_error (error, HEARTH_PROFILE_ERROR, HEARTH_PROFILE_ERROR_TOO_LARGE,
                   "speedscope: JSON nested more than %d levels deep",
                   HEARTH_SPEEDSCOPE_MAX_NESTING);
      return NULL;
    }
  if (*n_lone > 0)
    {
      if (copy == NULL)
        {
          copy = g_memdup2 (data, len);
          data = copy;
        }
      hearth_json_scan (copy, len, TRUE, n_lone);
    }
  return hearth_speedscope_load_json (parser, data, len, error);
}

/* From this size the UTF-8 check runs on the other core while the scan runs. */
#define HEARTH_SPEEDSCOPE_PARALLEL_FROM (4 << 20)

typedef struct
{
  const guint8 *data;
  gsize         len;
  gboolean      valid;
} HearthUtf8Check;

static gpointer
hearth_speedscope_check_utf8 (gpointer data)
{
  HearthUtf8Check *check = data;

  check->valid = g_utf8_validate_len ((const char *) check->data, check->len, NULL);
  return NULL;
}

/* Parses the text with the big arrays cut out (see hearth-speedscope-scan.c), noting where
 * they are in @arrays. What the scan refuses in a small file goes to json-glib whole. */
static JsonObject *
hearth_speedscope_parse_cut (JsonParser              *parser,
                             const guint8            *data,
                             gsize                    len,
                             HearthSpeedscopeArrays  *arrays,
                             gboolean                *invalid_utf8,
                             gsize                   *n_lone,
                             GError                 **error)
{
  g_autoptr (GError) scan_error = NULL;
  g_autoptr (GError) json_error = NULL;
  g_autofree guint8 *cut = NULL;
  gsize cut_len;
  JsonObject *root;

  HearthUtf8Check check = { data, len, FALSE };
  GThread *checking = NULL;
  gboolean scanned;

  /* invalid bytes (NUL too) become U+FFFD in what json-glib reads; the scan refuses them
   * outside strings, as json-glib refuses U+FFFD there */
  if (len >= HEARTH_SPEEDSCOPE_PARALLEL_FROM)
    checking = g_thread_try_new ("hearth-utf8", hearth_speedscope_check_utf8, &check, NULL);
  if (checking == NULL)
    hearth_speedscope_check_utf8 (&check);
  scanned = _hearth_speedscope_scan (data, len, HEARTH_SPEEDSCOPE_MAX_NESTING, arrays,
                                     &scan_error);
  if (checking != NULL)
    g_thread_join (checking);
  *invalid_utf8 = !check.valid;
  if (!scanned)
    {
      _hearth_speedscope_arrays_clear (arrays);
      if (len <= HEARTH_SPEEDSCOPE_DOCUMENT_MAX)
        return hearth_speedscope_parse (parser, data, len, invalid_utf8, n_lone, error);
      g_propagate_error (error, g_steal_pointer (&scan_error));
      return NULL;
    }
  *n_lone = arrays->n_lone;

  cut = _hearth_speedscope_arrays_skeleton (arrays, data, len, &cut_len);
  if (cut_len > _hearth_memory_budget () / HEARTH_SPEEDSCOPE_JSON_SHARE)
    {
      g_set_error (error, HEARTH_PROFILE_ERROR, HEARTH_PROFILE_ERROR_TOO_LARGE,
                   "speedscope: file too large");
      return NULL;
    }
  if (*invalid_utf8)
    {
      guint8 *valid = (guint8 *) g_utf8_make_valid ((const char *) cut, cut_len);

      g_free (cut);
      cut = valid;
      cut_len = strlen ((const char *) cut);
    }
  if (*n_lone > 0)
    {
      gsize n_cut_lone;

      hearth_json_scan (cut, cut_len, TRUE, &n_cut_lone);
    }
  root = hearth_speedscope_load_json (parser, cut, cut_len, &json_error);
  /* the positions json-glib gives are those of the cut text: a small file is read again
   * whole for the message */
  if (root == NULL && json_error->code == HEARTH_PROFILE_ERROR_BAD_TYPE &&
      len <= HEARTH_SPEEDSCOPE_DOCUMENT_MAX)
    {
      _hearth_speedscope_arrays_clear (arrays);
      return hearth_speedscope_parse (parser, data, len, invalid_utf8, n_lone, error);
    }
  if (root == NULL)
    g_propagate_error (error, g_steal_pointer (&json_error));
  return root;
}

static void
hearth_speedscope_add_warnings (HearthSpeedscopeReader *self)
{
  if (self->n_unnamed > 0)
    _hearth_profile_add_warning (self->profile, "speedscope: %u %s without a name, shown as "
                                 "\"(unnamed)\"", self->n_unnamed,
                                 self->n_unnamed == 1 ? "frame" : "frames");
  if (self->n_negative > 0)
    _hearth_profile_add_warning (self->profile, "speedscope: %u negative %s counted as 0 "
                                 "(first: %s)", self->n_negative,
                                 self->n_negative == 1 ? "weight" : "weights",
                                 self->first_negative);
}

static gboolean
hearth_speedscope_read_all (HearthSpeedscopeReader  *self,
                            JsonObject              *root,
                            GError                 **error)
{
  g_autofree gboolean *keep = NULL;
  JsonNode *node = json_object_get_member (root, "profiles");
  JsonArray *profiles;
  HearthSpeedscopeUnit unit = { HEARTH_UNIT_SAMPLES, 1 };
  GError *frames_error = NULL;
  guint n, n_kept;
  gint active;

  if (node == NULL || !JSON_NODE_HOLDS_ARRAY (node))
    {
      g_set_error (error, HEARTH_PROFILE_ERROR, HEARTH_PROFILE_ERROR_BAD_SHAPE,
                   "speedscope: no \"profiles\" array");
      return FALSE;
    }
  profiles = json_node_get_array (node);
  self->frames = hearth_speedscope_shared_frames (root, &frames_error);
  if (frames_error != NULL)
    {
      g_propagate_error (error, frames_error);
      return FALSE;
    }
  self->n_frames = self->frames != NULL ? json_array_get_length (self->frames) : 0;
  self->frame_ids = g_new (guint, MAX (self->n_frames, 1));
  memset (self->frame_ids, 0xff, sizeof (guint) * MAX (self->n_frames, 1));

  n = json_array_get_length (profiles);
  keep = g_new0 (gboolean, MAX (n, 1));
  active = hearth_speedscope_choose_active (root, profiles);
  n_kept = hearth_speedscope_select (self, profiles, active, keep, &unit);
  _hearth_profile_set_unit (self->profile, unit.unit);
  hearth_speedscope_set_name (self, root, profiles, keep, n_kept);
  if (n_kept > 1)
    _hearth_profile_set_thread_roots (self->profile);

  for (guint i = 0; i < n; i++)
    if (keep[i])
      {
        JsonObject *profile = hearth_speedscope_profile_at (profiles, i);
        HearthSpeedscopeUnit u;

        hearth_speedscope_parse_unit (hearth_json_get_string (profile, "unit"), &u);
        if (!hearth_speedscope_read_profile (self, profile, i, n_kept > 1, u.factor, error))
          return FALSE;
      }
  hearth_speedscope_add_warnings (self);
  return TRUE;
}

static HearthProfile *
hearth_speedscope_read (const guint8  *data,
                        gsize          len,
                        gboolean       cut,
                        GError       **error)
{
  g_autoptr (JsonParser) parser = NULL;
  HearthSpeedscopeReader self = { 0, };
  HearthProfile *result = NULL;
  JsonObject *root;
  gboolean invalid_utf8;
  gsize n_lone;

  parser = json_parser_new_immutable ();
  data = data != NULL ? data : (const guint8 *) "";
  if (cut)
    root = hearth_speedscope_parse_cut (parser, data, len, &self.arrays, &invalid_utf8, &n_lone,
                                        error);
  else
    root = hearth_speedscope_parse (parser, data, len, &invalid_utf8, &n_lone, error);
  if (root == NULL)
    {
      _hearth_speedscope_arrays_clear (&self.arrays);
      return NULL;
    }

  self.text = data;
  self.profile = _hearth_profile_new (HEARTH_FORMAT_SPEEDSCOPE, HEARTH_KIND_SAMPLED,
                                      HEARTH_UNIT_SAMPLES);
  if (invalid_utf8)
    _hearth_profile_add_warning (self.profile, "speedscope: invalid UTF-8 replaced by U+FFFD");
  if (n_lone > 0)
    _hearth_profile_add_warning (self.profile, "speedscope: %" G_GSIZE_FORMAT " unpaired "
                                 "UTF-16 %s replaced by U+FFFD", n_lone,
                                 n_lone == 1 ? "surrogate" : "surrogates");
  self.stack = g_array_new (FALSE, FALSE, sizeof (guint));
  self.path = g_array_new (FALSE, FALSE, sizeof (guint));
  self.memo = g_hash_table_new_full (hearth_speedscope_memo_hash, hearth_speedscope_memo_equal,
                                     g_free, NULL);
  hearth_hash_key_init_random (&self.memo_key);
  self.scratch = g_string_new (NULL);
  self.type = g_string_new (NULL);
  self.timeline = _hearth_timeline_new ();
  self.timeline_max = _hearth_memory_budget () / HEARTH_SPEEDSCOPE_TIMELINE_SHARE;
  if (hearth_speedscope_read_all (&self, root, error))
    {
      if (self.timeline_dropped)
        _hearth_profile_add_warning (self.profile, "speedscope: too many samples and calls to "
                                     "keep their time order in memory; read without it");
      else
        _hearth_profile_set_timeline (self.profile, g_steal_pointer (&self.timeline));
      if (!self.any_sampled)
        _hearth_profile_set_kind (self.profile, HEARTH_KIND_TRACED);
      _hearth_profile_finish (self.profile);
      result = g_steal_pointer (&self.profile);
    }

  g_clear_object (&self.profile);
  _hearth_timeline_free (self.timeline);
  g_array_unref (self.stack);
  g_array_unref (self.path);
  g_hash_table_unref (self.memo);
  g_string_free (self.scratch, TRUE);
  g_string_free (self.type, TRUE);
  _hearth_speedscope_arrays_clear (&self.arrays);
  g_free (self.frame_ids);
  g_free (self.label);
  g_free (self.first_negative);
  return result;
}

/**
 * _hearth_speedscope_read:
 * @data: the JSON text
 * @len: its length in bytes
 * @error: return location for an error
 *
 * Reads a speedscope file: sampled and evented profiles over shared frames. Several profiles
 * (one per thread, say) are merged, each under a root frame named after it; profiles whose
 * unit is not of the same family as the active profile's (time, counts or bytes) are skipped
 * with a warning. Times are converted to seconds. The samples, weights and events are read
 * from the text, the rest by json-glib. Their order is kept (see hearth_profile_get_timeline ()),
 * profile after profile, unless it outgrows its share of the memory budget.
 *
 * Returns: (transfer full): a finished profile, or %NULL with @error set
 */
HearthProfile *
_hearth_speedscope_read (const guint8  *data,
                         gsize          len,
                         GError       **error)
{
  g_return_val_if_fail (data != NULL || len == 0, NULL);
  g_return_val_if_fail (error == NULL || *error == NULL, NULL);

  return hearth_speedscope_read (data, len, TRUE, error);
}

/**
 * _hearth_speedscope_read_document:
 * @data: the JSON text
 * @len: its length in bytes
 * @error: return location for an error
 *
 * The same as _hearth_speedscope_read (), with json-glib reading the whole document, big
 * arrays too: what the tests compare the reader with.
 *
 * Returns: (transfer full): a finished profile, or %NULL with @error set
 */
HearthProfile *
_hearth_speedscope_read_document (const guint8  *data,
                                  gsize          len,
                                  GError       **error)
{
  g_return_val_if_fail (data != NULL || len == 0, NULL);
  g_return_val_if_fail (error == NULL || *error == NULL, NULL);

  return hearth_speedscope_read (data, len, FALSE, error);
}
