/* hearth-types.c
 *
 * Copyright 2026 The Hearth authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "hearth-types.h"

G_DEFINE_QUARK (hearth-profile-error-quark, hearth_profile_error)

/**
 * hearth_profile_format_to_string:
 * @format: a format
 *
 * Returns: the name `hearth --print summary` uses for @format
 */
const char *
hearth_profile_format_to_string (HearthProfileFormat format)
{
  switch (format)
    {
    case HEARTH_FORMAT_PSTATS:
      return "pstats";
    case HEARTH_FORMAT_FOLDED:
      return "folded";
    case HEARTH_FORMAT_SPEEDSCOPE:
      return "speedscope";
    default:
      return "unknown";
    }
}

/**
 * hearth_profile_kind_to_string:
 * @kind: a kind
 *
 * Returns: "deterministic" or "sampled"
 */
const char *
hearth_profile_kind_to_string (HearthProfileKind kind)
{
  switch (kind)
    {
    case HEARTH_KIND_SAMPLED:
      return "sampled";
    case HEARTH_KIND_TRACED:
      return "traced";
    case HEARTH_KIND_DETERMINISTIC:
    default:
      return "deterministic";
    }
}

/**
 * hearth_unit_to_string:
 * @unit: a unit
 *
 * Returns: "seconds", "samples" or "bytes"
 */
const char *
hearth_unit_to_string (HearthUnit unit)
{
  switch (unit)
    {
    case HEARTH_UNIT_SECONDS:
      return "seconds";
    case HEARTH_UNIT_BYTES:
      return "bytes";
    case HEARTH_UNIT_SAMPLES:
    default:
      return "samples";
    }
}
