/* hearth-speedscope-reader.c: speedscope JSON.
 *
 * Copyright 2026 The Hearth authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#define G_LOG_DOMAIN "hearth-speedscope"

#include "hearth-speedscope-reader.h"
#include "hearth-profile-private.h"

#include <json-glib/json-glib.h>
#include <math.h>
#include <string.h>

/* json-glib parses recursively, one C frame per level: a crafted file of a million '[' must
 * be refused before it reaches the parser. speedscope itself nests five levels deep. */
#define HEARTH_SPEEDSCOPE_MAX_NESTING 256
#define HEARTH_SPEEDSCOPE_MAX_DEPTH   100000
/* Profile names quoted in messages are cut to this many characters. */
#define HEARTH_SPEEDSCOPE_LABEL_CHARS 60

typedef struct
{
  HearthUnit unit;
  double     factor;
} HearthSpeedscopeUnit;

typedef struct
{
  HearthProfile *profile;
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

/* An index is an integral JSON number (written `3` or `3.0`) within [0, n). */
static gboolean
hearth_json_node_get_index (JsonNode *node,
                            guint     n,
                            guint    *out)
{
  double v;

  if (!hearth_json_node_get_number (node, &v) || v < 0 || v >= n || v != floor (v))
    return FALSE;
  *out = (guint) v;
  return TRUE;
}

/* Reports a frame reference that is not an index of the shared frames. */
static gboolean
hearth_speedscope_bad_index (const char  *label,
                             const char  *where,
                             guint        where_index,
                             JsonNode    *node,
                             guint        n_frames,
                             GError     **error)
{
  double v;

  if (hearth_json_node_get_number (node, &v))
    g_set_error (error, HEARTH_PROFILE_ERROR, HEARTH_PROFILE_ERROR_BAD_REF,
                 "%s: %s %u: frame %g is not an index of the %u shared frames",
                 label, where, where_index, v, n_frames);
  else
    g_set_error (error, HEARTH_PROFILE_ERROR, HEARTH_PROFILE_ERROR_BAD_REF,
                 "%s: %s %u: frame index is %s", label, where, where_index,
                 node == NULL ? "missing" : JSON_NODE_HOLDS_NULL (node) ? "null" : "not a number");
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

/* Appends the function of the frame @node names to the stack being built. */
static gboolean
hearth_speedscope_push (HearthSpeedscopeReader  *self,
                        JsonNode                *node,
                        const char              *where,
                        guint                    where_index,
                        guint                   *frame_out,
                        GError                 **error)
{
  guint index, id;

  if (!hearth_json_node_get_index (node, self->n_frames, &index))
    return hearth_speedscope_bad_index (self->label, where, where_index, node, self->n_frames,
                                        error);
  if (self->stack->len >= HEARTH_SPEEDSCOPE_MAX_DEPTH)
    {
      g_set_error (error, HEARTH_PROFILE_ERROR, HEARTH_PROFILE_ERROR_TOO_LARGE,
                   "%s: %s %u: stack has more than %d frames",
                   self->label, where, where_index, HEARTH_SPEEDSCOPE_MAX_DEPTH);
      return FALSE;
    }
  id = hearth_speedscope_frame (self, index);
  g_array_append_val (self->stack, id);
  self->node = _hearth_profile_stack_child (self->profile, self->node, id);
  if (frame_out != NULL)
    *frame_out = index;
  return TRUE;
}

static JsonArray *
hearth_speedscope_get_array (HearthSpeedscopeReader  *self,
                             JsonObject              *object,
                             const char              *member,
                             gboolean                *present,
                             GError                 **error)
{
  JsonNode *node = json_object_get_member (object, member);

  *present = !hearth_json_is_null (node);
  if (!*present)
    return NULL;
  if (!JSON_NODE_HOLDS_ARRAY (node))
    {
      g_set_error (error, HEARTH_PROFILE_ERROR, HEARTH_PROFILE_ERROR_BAD_SHAPE,
                   "%s: \"%s\" is not an array", self->label, member);
      return NULL;
    }
  return json_node_get_array (node);
}

static void
hearth_speedscope_note_negative (HearthSpeedscopeReader *self,
                                 const char             *what,
                                 guint                   index)
{
  if (self->n_negative++ == 0)
    self->first_negative = g_strdup_printf ("%s: %s %u", self->label, what, index);
}

static gboolean
hearth_speedscope_read_sampled (HearthSpeedscopeReader  *self,
                                JsonObject              *profile,
                                guint                    root_len,
                                double                   factor,
                                GError                 **error)
{
  JsonArray *samples, *weights;
  gboolean has_samples, has_weights;
  guint n_samples, n_weights;

  samples = hearth_speedscope_get_array (self, profile, "samples", &has_samples, error);
  if (has_samples && samples == NULL)
    return FALSE;
  weights = hearth_speedscope_get_array (self, profile, "weights", &has_weights, error);
  if (has_weights && weights == NULL)
    return FALSE;
  n_samples = samples != NULL ? json_array_get_length (samples) : 0;
  n_weights = weights != NULL ? json_array_get_length (weights) : 0;
  if (n_samples != n_weights)
    {
      g_set_error (error, HEARTH_PROFILE_ERROR, HEARTH_PROFILE_ERROR_BAD_SHAPE,
                   "%s: %u samples but %u weights", self->label, n_samples, n_weights);
      return FALSE;
    }

  for (guint i = 0; i < n_samples; i++)
    {
      JsonNode *sample = json_array_get_element (samples, i);
      JsonArray *frames;
      double weight;
      guint depth;

      if (!JSON_NODE_HOLDS_ARRAY (sample))
        {
          g_set_error (error, HEARTH_PROFILE_ERROR, HEARTH_PROFILE_ERROR_BAD_SHAPE,
                       "%s: sample %u is not an array", self->label, i);
          return FALSE;
        }
      if (!hearth_json_node_get_number (json_array_get_element (weights, i), &weight))
        {
          g_set_error (error, HEARTH_PROFILE_ERROR, HEARTH_PROFILE_ERROR_BAD_SHAPE,
                       "%s: weight %u is not a number", self->label, i);
          return FALSE;
        }
      if (weight < 0)
        {
          hearth_speedscope_note_negative (self, "weight", i);
          weight = 0;
        }

      frames = json_node_get_array (sample);
      depth = json_array_get_length (frames);
      g_array_set_size (self->stack, root_len);
      self->node = self->root_node;
      for (guint k = 0; k < depth; k++)
        if (!hearth_speedscope_push (self, json_array_get_element (frames, k), "sample", i,
                                     NULL, error))
          return FALSE;
      /* An empty sample (an idle thread) has no function to give its weight to. */
      if (depth > 0)
        _hearth_profile_add_stack_at (self->profile, self->node, weight * factor);
    }
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

/* Evented profiles: each stretch of time between two events belongs to the exact stack open
 * during it. Events must be in time order and nest properly (as in speedscope); frames
 * still open at the end are closed at endValue, with a warning. */
static gboolean
hearth_speedscope_read_evented (HearthSpeedscopeReader  *self,
                                JsonObject              *profile,
                                guint                    root_len,
                                double                   factor,
                                GError                 **error)
{
  g_autoptr (GArray) open = g_array_new (FALSE, FALSE, sizeof (guint));
  JsonArray *events;
  gboolean has_events;
  double last = -INFINITY, end;
  guint n_events;

  events = hearth_speedscope_get_array (self, profile, "events", &has_events, error);
  if (has_events && events == NULL)
    return FALSE;
  n_events = events != NULL ? json_array_get_length (events) : 0;
  g_array_set_size (self->stack, root_len);
  self->node = self->root_node;

  for (guint i = 0; i < n_events; i++)
    {
      JsonNode *node = json_array_get_element (events, i);
      JsonObject *event;
      const char *type;
      double at;
      guint frame;

      if (!JSON_NODE_HOLDS_OBJECT (node))
        return hearth_speedscope_event_error (self, i, error, "not an object");
      event = json_node_get_object (node);
      type = hearth_json_get_string (event, "type");
      if (type == NULL || (strcmp (type, "O") != 0 && strcmp (type, "C") != 0))
        return hearth_speedscope_event_error (self, i, error, "type is not \"O\" or \"C\"");
      if (!hearth_json_get_number (event, "at", &at))
        return hearth_speedscope_event_error (self, i, error, "\"at\" is not a number");
      if (at < last)
        return hearth_speedscope_event_error (self, i, error, "at %g comes before %g", at, last);
      if (last > -INFINITY)
        hearth_speedscope_spend (self, root_len, at - last, factor);
      last = at;

      if (type[0] == 'O')
        {
          if (!hearth_speedscope_push (self, json_object_get_member (event, "frame"), "event",
                                       i, &frame, error))
            return FALSE;
          g_array_append_val (open, frame);
        }
      else if (!hearth_json_node_get_index (json_object_get_member (event, "frame"),
                                            self->n_frames, &frame))
        return hearth_speedscope_bad_index (self->label, "event", i,
                                            json_object_get_member (event, "frame"),
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
      return hearth_speedscope_read_sampled (self, profile, self->stack->len, factor, error);
    }
  return hearth_speedscope_read_evented (self, profile, self->stack->len, factor, error);
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
  g_autoptr (GError) json_error = NULL;
  g_autofree guint8 *copy = NULL;
  JsonNode *root;

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
  if (!json_parser_load_from_data (parser, (const char *) data, (gssize) len, &json_error))
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

/**
 * _hearth_speedscope_read:
 * @data: the JSON text
 * @len: its length in bytes
 * @error: return location for an error
 *
 * Reads a speedscope file: sampled and evented profiles over shared frames. Several profiles
 * (one per thread, say) are merged, each under a root frame named after it; profiles whose
 * unit is not of the same family as the active profile's (time, counts or bytes) are skipped
 * with a warning. Times are converted to seconds.
 *
 * Returns: (transfer full): a finished profile, or %NULL with @error set
 */
HearthProfile *
_hearth_speedscope_read (const guint8  *data,
                         gsize          len,
                         GError       **error)
{
  g_autoptr (JsonParser) parser = NULL;
  HearthSpeedscopeReader self = { 0, };
  HearthProfile *result = NULL;
  JsonObject *root;
  gboolean invalid_utf8;
  gsize n_lone;

  g_return_val_if_fail (data != NULL || len == 0, NULL);
  g_return_val_if_fail (error == NULL || *error == NULL, NULL);

  parser = json_parser_new_immutable ();
  root = hearth_speedscope_parse (parser, data != NULL ? data : (const guint8 *) "", len,
                                  &invalid_utf8, &n_lone, error);
  if (root == NULL)
    return NULL;

  self.profile = _hearth_profile_new (HEARTH_FORMAT_SPEEDSCOPE, HEARTH_KIND_SAMPLED,
                                      HEARTH_UNIT_SAMPLES);
  if (invalid_utf8)
    _hearth_profile_add_warning (self.profile, "speedscope: invalid UTF-8 replaced by U+FFFD");
  if (n_lone > 0)
    _hearth_profile_add_warning (self.profile, "speedscope: %" G_GSIZE_FORMAT " unpaired "
                                 "UTF-16 %s replaced by U+FFFD", n_lone,
                                 n_lone == 1 ? "surrogate" : "surrogates");
  self.stack = g_array_new (FALSE, FALSE, sizeof (guint));
  if (hearth_speedscope_read_all (&self, root, error))
    {
      if (!self.any_sampled)
        _hearth_profile_set_kind (self.profile, HEARTH_KIND_TRACED);
      _hearth_profile_finish (self.profile);
      result = g_steal_pointer (&self.profile);
    }

  g_clear_object (&self.profile);
  g_array_unref (self.stack);
  g_free (self.frame_ids);
  g_free (self.label);
  g_free (self.first_negative);
  return result;
}
