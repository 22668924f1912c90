/* hearth-types.h
 *
 * Copyright 2026 The Hearth authors
 *
 * This program is free software: you can redistribute it and/or modify it under the terms of
 * the GNU General Public License as published by the Free Software Foundation, either version 3
 * of the License, or (at your option) any later version.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <glib.h>

G_BEGIN_DECLS

typedef struct _HearthProfile HearthProfile;

/**
 * HearthProfileFormat:
 * @HEARTH_FORMAT_PSTATS: a marshalled pstats dictionary (cProfile, profile, pstats)
 * @HEARTH_FORMAT_FOLDED: folded ("collapsed") stacks text
 * @HEARTH_FORMAT_SPEEDSCOPE: speedscope JSON
 *
 * The file format a profile was read from.
 */
typedef enum
{
  HEARTH_FORMAT_PSTATS,
  HEARTH_FORMAT_FOLDED,
  HEARTH_FORMAT_SPEEDSCOPE,
} HearthProfileFormat;

/**
 * HearthProfileKind:
 * @HEARTH_KIND_DETERMINISTIC: a tracing profiler counted every call (cProfile, profile)
 * @HEARTH_KIND_SAMPLED: a sampling profiler counted stacks (py-spy, profiling.sampling)
 * @HEARTH_KIND_TRACED: a tracer recorded every call's entry and exit as exact stacks
 *   (speedscope's evented profiles): exact chains, and no sample count to worry about
 *
 * How the numbers were measured. Whether exact stacks are available is a separate
 * question: see hearth_profile_has_stacks().
 */
typedef enum
{
  HEARTH_KIND_DETERMINISTIC,
  HEARTH_KIND_SAMPLED,
  HEARTH_KIND_TRACED,
} HearthProfileKind;

/**
 * HearthUnit:
 * @HEARTH_UNIT_SECONDS: widths are seconds
 * @HEARTH_UNIT_SAMPLES: widths are sample counts (or unitless weights)
 * @HEARTH_UNIT_BYTES: widths are bytes (speedscope memory profiles)
 */
typedef enum
{
  HEARTH_UNIT_SECONDS,
  HEARTH_UNIT_SAMPLES,
  HEARTH_UNIT_BYTES,
} HearthUnit;

#define HEARTH_PROFILE_ERROR (hearth_profile_error_quark ())

/**
 * HearthProfileError:
 * @HEARTH_PROFILE_ERROR_TRUNCATED: the data ends before the structure does
 * @HEARTH_PROFILE_ERROR_BAD_TYPE: an unknown or forbidden type code or token
 * @HEARTH_PROFILE_ERROR_BAD_SHAPE: valid encoding, but not the structure of a profile
 * @HEARTH_PROFILE_ERROR_TOO_LARGE: a length, nesting or amount beyond what is accepted
 * @HEARTH_PROFILE_ERROR_UNSUPPORTED: a format Hearth does not read
 * @HEARTH_PROFILE_ERROR_BAD_REF: a back-reference to a missing or unfinished object
 * @HEARTH_PROFILE_ERROR_IO: the file cannot be opened or read
 *
 * Error codes of the readers. Messages name the problem; the loader prefixes the file name.
 */
typedef enum
{
  HEARTH_PROFILE_ERROR_TRUNCATED,
  HEARTH_PROFILE_ERROR_BAD_TYPE,
  HEARTH_PROFILE_ERROR_BAD_SHAPE,
  HEARTH_PROFILE_ERROR_TOO_LARGE,
  HEARTH_PROFILE_ERROR_UNSUPPORTED,
  HEARTH_PROFILE_ERROR_BAD_REF,
  HEARTH_PROFILE_ERROR_IO,
} HearthProfileError;

GQuark hearth_profile_error_quark (void);

const char *hearth_profile_format_to_string (HearthProfileFormat format);
const char *hearth_profile_kind_to_string   (HearthProfileKind   kind);
const char *hearth_unit_to_string           (HearthUnit          unit);

G_END_DECLS
