/* hearth-timeline.c: a profile's calls in time order, where its file keeps that order.
 *
 * Copyright 2026 The Hearth authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * A sampled profile keeps one stack node and weight per sample, not blocks: one sample can
 * open as many blocks as its stack is deep, and a time range is a range of samples. Its
 * blocks are made when asked for. An evented profile keeps its calls as blocks.
 */

#define G_LOG_DOMAIN "hearth-timeline"

#include "hearth-timeline.h"
#include "hearth-profile-instance.h"

typedef struct
{
  guint  node;
  double weight;
} HearthTimelineSample;

typedef struct
{
  gboolean sampled;
  guint    first;      /* its first sample or call */
  guint    n;
  double   offset;     /* where it starts on the clock */
} HearthTimelinePart;

struct _HearthTimeline
{
  GArray *samples;     /* HearthTimelineSample */
  GArray *calls;       /* HearthTimelineBlock */
  GArray *parts;       /* HearthTimelinePart */
  double  origin;      /* the file's time at which the current part starts */
  double  factor;      /* from the file's unit of time to the profile's */
  double  clock;       /* the end of what was added so far */
};

HearthTimeline *
_hearth_timeline_new (void)
{
  HearthTimeline *self = g_new0 (HearthTimeline, 1);

  self->samples = g_array_new (FALSE, FALSE, sizeof (HearthTimelineSample));
  self->calls = g_array_new (FALSE, FALSE, sizeof (HearthTimelineBlock));
  self->parts = g_array_new (FALSE, FALSE, sizeof (HearthTimelinePart));
  return self;
}

void
_hearth_timeline_free (HearthTimeline *self)
{
  if (self == NULL)
    return;
  g_array_unref (self->samples);
  g_array_unref (self->calls);
  g_array_unref (self->parts);
  g_free (self);
}

static HearthTimelinePart *
current_part (HearthTimeline *self)
{
  g_return_val_if_fail (self->parts->len > 0, NULL);
  return &g_array_index (self->parts, HearthTimelinePart, self->parts->len - 1);
}

/* Times of an evented part are given as the file has them, in its unit: the difference to
 * @origin is taken first, so that 11 ms - 10 ms reads 0.001 s, not 0.0009999999999999992. */
void
_hearth_timeline_begin_part (HearthTimeline *self,
                             gboolean        sampled,
                             double          origin,
                             double          factor)
{
  HearthTimelinePart part = { sampled, sampled ? self->samples->len : self->calls->len, 0,
                              self->clock };

  g_array_append_val (self->parts, part);
  self->origin = origin;
  self->factor = factor;
}

/* Ends an evented part at @end (the file's time); a sampled part ends after its samples. */
void
_hearth_timeline_end_part (HearthTimeline *self,
                           double          end)
{
  HearthTimelinePart *part = current_part (self);

  if (part->sampled)
    part->n = self->samples->len - part->first;
  else
    {
      part->n = self->calls->len - part->first;
      self->clock = MAX (self->clock, part->offset + (end - self->origin) * self->factor);
    }
}

void
_hearth_timeline_add_sample (HearthTimeline *self,
                             guint           node,
                             double          weight)
{
  HearthTimelineSample sample = { node, weight };

  g_array_append_val (self->samples, sample);
  self->clock += weight;
}

/* Opens a call at @at (the file's time); returns it, for _hearth_timeline_close (). Until
 * then its duration holds @at, so that its duration is the difference of the file's times. */
guint
_hearth_timeline_open (HearthTimeline *self,
                       double          at,
                       guint           depth,
                       guint           function)
{
  HearthTimelineBlock block = { current_part (self)->offset + (at - self->origin) * self->factor,
                                at, depth, function };

  g_array_append_val (self->calls, block);
  self->clock = MAX (self->clock, block.start);
  return self->calls->len - 1;
}

void
_hearth_timeline_close (HearthTimeline *self,
                        guint           call,
                        double          at)
{
  HearthTimelineBlock *block;
  double end;

  g_return_if_fail (call < self->calls->len);
  block = &g_array_index (self->calls, HearthTimelineBlock, call);
  end = current_part (self)->offset + (at - self->origin) * self->factor;
  block->duration = MAX ((at - block->duration) * self->factor, 0);
  self->clock = MAX (self->clock, end);
}

/* The memory it holds, for the readers' budgets. */
gsize
_hearth_timeline_get_size (HearthTimeline *self)
{
  return self->samples->len * sizeof (HearthTimelineSample) +
         self->calls->len * sizeof (HearthTimelineBlock);
}

void
_hearth_profile_set_timeline (HearthProfile  *profile,
                              HearthTimeline *timeline)
{
  g_return_if_fail (HEARTH_IS_PROFILE (profile) && !profile->finished);

  _hearth_timeline_free (profile->timeline);
  profile->timeline = timeline;
}

/**
 * hearth_profile_get_timeline:
 * @profile: a profile
 *
 * Returns: (nullable) (transfer none): the order of its samples and calls, or %NULL when
 *   its file keeps none (cProfile, folded stacks)
 */
HearthTimeline *
hearth_profile_get_timeline (HearthProfile *profile)
{
  g_return_val_if_fail (HEARTH_IS_PROFILE (profile), NULL);

  return profile->timeline;
}

guint
hearth_timeline_get_n_samples (HearthTimeline *self)
{
  return self->samples->len;
}

guint
hearth_timeline_get_n_calls (HearthTimeline *self)
{
  return self->calls->len;
}

/* Returns: where the last part ends on the clock. */
double
hearth_timeline_get_length (HearthTimeline *self)
{
  return self->clock;
}

/* The open blocks of a sampled walk: their stack nodes, root first, and where they are. */
typedef struct
{
  GArray *out;         /* HearthTimelineBlock */
  GArray *nodes;       /* guint: the open stack */
  GArray *blocks;      /* guint: the block of each, in @out */
  GArray *path;        /* guint: the stack of the sample being read, root first */
} SampledWalk;

static void
close_deeper (SampledWalk *walk,
              guint        depth,
              double       clock)
{
  while (walk->nodes->len > depth)
    {
      guint b = g_array_index (walk->blocks, guint, walk->nodes->len - 1);
      HearthTimelineBlock *block = &g_array_index (walk->out, HearthTimelineBlock, b);

      block->duration = clock - block->start;
      g_array_set_size (walk->nodes, walk->nodes->len - 1);
      g_array_set_size (walk->blocks, walk->blocks->len - 1);
    }
}

/* Keeps the blocks of the prefix the sample shares with the open stack, closes the rest and
 * opens one block per frame beyond it. */
static void
walk_sample (SampledWalk           *walk,
             const HearthStackNode *nodes,
             guint                  node,
             double                 clock)
{
  guint common = 0;

  g_array_set_size (walk->path, 0);
  for (guint n = node; n != 0; n = nodes[n].parent)
    g_array_append_val (walk->path, n);
  for (guint i = 0, j = walk->path->len; i + 1 < j; i++, j--)
    {
      guint t = g_array_index (walk->path, guint, i);

      g_array_index (walk->path, guint, i) = g_array_index (walk->path, guint, j - 1);
      g_array_index (walk->path, guint, j - 1) = t;
    }
  while (common < walk->nodes->len && common < walk->path->len &&
         g_array_index (walk->nodes, guint, common) == g_array_index (walk->path, guint, common))
    common++;
  close_deeper (walk, common, clock);
  for (guint d = common; d < walk->path->len; d++)
    {
      guint n = g_array_index (walk->path, guint, d);
      HearthTimelineBlock block = { clock, 0, d, nodes[n].function };
      guint b = walk->out->len;

      g_array_append_val (walk->out, block);
      g_array_append_val (walk->nodes, n);
      g_array_append_val (walk->blocks, b);
    }
}

static void
sampled_blocks (HearthTimeline           *self,
                const HearthTimelinePart *part,
                const HearthStackNode    *nodes,
                guint                     n_nodes,
                GArray                   *out)
{
  SampledWalk walk = { out, g_array_new (FALSE, FALSE, sizeof (guint)),
                       g_array_new (FALSE, FALSE, sizeof (guint)),
                       g_array_new (FALSE, FALSE, sizeof (guint)) };
  double clock = part->offset;
  guint last = G_MAXUINT;

  for (guint i = part->first; i < part->first + part->n; i++)
    {
      const HearthTimelineSample *s = &g_array_index (self->samples, HearthTimelineSample, i);

      if (s->node != last && s->node < n_nodes)
        walk_sample (&walk, nodes, s->node, clock);
      last = s->node;
      clock += s->weight;
    }
  close_deeper (&walk, 0, clock);
  g_array_unref (walk.nodes);
  g_array_unref (walk.blocks);
  g_array_unref (walk.path);
}

/**
 * hearth_timeline_get_blocks:
 * @self: the timeline of @profile
 * @profile: its profile (whose stack nodes the samples name)
 *
 * Returns: (transfer full): the blocks (HearthTimelineBlock) in time order, a parent before
 *   its children
 */
GArray *
hearth_timeline_get_blocks (HearthTimeline *self,
                            HearthProfile  *profile)
{
  GArray *out = g_array_new (FALSE, FALSE, sizeof (HearthTimelineBlock));
  const HearthStackNode *nodes;
  guint n_nodes;

  g_return_val_if_fail (self != NULL, out);
  g_return_val_if_fail (HEARTH_IS_PROFILE (profile), out);

  nodes = hearth_profile_get_stack_nodes (profile, &n_nodes);
  for (guint p = 0; p < self->parts->len; p++)
    {
      const HearthTimelinePart *part = &g_array_index (self->parts, HearthTimelinePart, p);

      if (part->sampled)
        sampled_blocks (self, part, nodes, n_nodes, out);
      else
        g_array_append_vals (out, &g_array_index (self->calls, HearthTimelineBlock, part->first),
                             part->n);
    }
  return out;
}

/* Time ranges -------------------------------------------------------------------------------- */

/* How much of [@at, @at + @length) lies in [@start, @end). */
static double
overlap (double at,
         double length,
         double start,
         double end)
{
  return MAX (0.0, MIN (at + length, end) - MAX (at, start));
}

/* Each stack node of @profile as a node of @range (a node comes after its parent). */
static guint *
map_stack_nodes (HearthProfile *profile,
                 HearthProfile *range,
                 const guint   *functions)
{
  guint n_nodes;
  const HearthStackNode *nodes = hearth_profile_get_stack_nodes (profile, &n_nodes);
  guint *map = g_new0 (guint, MAX (n_nodes, 1));

  for (guint i = 1; i < n_nodes; i++)
    map[i] = _hearth_profile_stack_child (range, map[nodes[i].parent],
                                          functions[nodes[i].function]);
  return map;
}

/* A sample counts with the part of its weight inside the range. */
static void
add_sampled_range (HearthTimeline           *self,
                   const HearthTimelinePart *part,
                   HearthProfile            *range,
                   const guint              *node_map,
                   guint                     n_nodes,
                   double                    start,
                   double                    end)
{
  double clock = part->offset;

  for (guint i = part->first; i < part->first + part->n && clock < end; i++)
    {
      const HearthTimelineSample *s = &g_array_index (self->samples, HearthTimelineSample, i);
      gboolean inside = clock >= start && clock + s->weight <= end;
      /* whole samples keep their weights' digits: their sum is the folded sum */
      double weight = inside ? s->weight : overlap (clock, s->weight, start, end);

      if (s->node != 0 && s->node < n_nodes && (inside || weight > 0))
        _hearth_profile_add_stack_at (range, node_map[s->node], weight);
      clock += s->weight;
    }
}

/* A call counts with the part of its time inside the range that its callees leave. */
static void
add_evented_range (HearthTimeline           *self,
                   const HearthTimelinePart *part,
                   HearthProfile            *range,
                   const guint              *functions,
                   double                    start,
                   double                    end)
{
  const HearthTimelineBlock *calls = &g_array_index (self->calls, HearthTimelineBlock,
                                                     part->first);
  g_autofree double *own = g_new (double, MAX (part->n, 1));
  g_autofree guint *node = g_new (guint, MAX (part->n, 1));
  g_autoptr (GArray) open = g_array_new (FALSE, FALSE, sizeof (guint));

  for (guint i = 0; i < part->n; i++)
    {
      guint depth = MIN (calls[i].depth, open->len);
      guint parent = depth > 0 ? g_array_index (open, guint, depth - 1) : G_MAXUINT;

      g_array_set_size (open, depth);
      own[i] = overlap (calls[i].start, calls[i].duration, start, end);
      node[i] = _hearth_profile_stack_child (range, parent != G_MAXUINT ? node[parent] : 0,
                                             functions[calls[i].function]);
      if (parent != G_MAXUINT)
        own[parent] -= own[i];
      g_array_append_val (open, i);
    }
  for (guint i = 0; i < part->n; i++)
    if (own[i] > 0)
      _hearth_profile_add_stack_at (range, node[i], own[i]);
}

/**
 * hearth_timeline_dup_range:
 * @self: the timeline of @profile
 * @profile: its profile
 * @start: where the range starts on the timeline's clock
 * @end: where it ends (not included)
 *
 * The part of @profile in [@start, @end) as a stack profile of its own, for a flame graph of
 * that range: each sample with the part of its weight inside the range (a range between
 * samples takes them whole), each call with the time inside the range that its callees do
 * not take. Its functions have the indices they have in @profile. It keeps no time order.
 *
 * Returns: (transfer full): the range's profile, finished
 */
HearthProfile *
hearth_timeline_dup_range (HearthTimeline *self,
                           HearthProfile  *profile,
                           double          start,
                           double          end)
{
  HearthProfile *range;
  guint n_functions, n_nodes;
  g_autofree guint *functions = NULL;
  g_autofree guint *node_map = NULL;

  g_return_val_if_fail (self != NULL, NULL);
  g_return_val_if_fail (HEARTH_IS_PROFILE (profile), NULL);

  range = _hearth_profile_new (hearth_profile_get_format (profile),
                               hearth_profile_get_kind (profile),
                               hearth_profile_get_unit (profile));
  n_functions = hearth_profile_get_n_functions (profile);
  functions = g_new (guint, MAX (n_functions, 1));
  for (guint i = 0; i < n_functions; i++)
    {
      const HearthFunction *f = hearth_profile_get_function (profile, i);

      functions[i] = f->frame != NULL
        ? _hearth_profile_intern_frame (range, f->frame, f->file, f->line, f->name)
        : _hearth_profile_intern_function (range, f->file, f->line, f->name);
    }
  hearth_profile_get_stack_nodes (profile, &n_nodes);
  node_map = map_stack_nodes (profile, range, functions);
  for (guint p = 0; p < self->parts->len; p++)
    {
      const HearthTimelinePart *part = &g_array_index (self->parts, HearthTimelinePart, p);

      if (part->sampled)
        add_sampled_range (self, part, range, node_map, n_nodes, start, end);
      else
        add_evented_range (self, part, range, functions, start, end);
    }
  _hearth_profile_set_name (range, hearth_profile_get_name (profile));
  _hearth_profile_set_path (range, hearth_profile_get_path (profile));
  _hearth_profile_finish (range);
  return range;
}
