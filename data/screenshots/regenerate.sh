#!/bin/sh
# regenerate.sh: takes window.png, the screenshot the README and the metainfo show: Hearth's
# window on the bundled example profile, under Xvfb, in English. Needs a build (by default
# _build/, or HEARTH_BUILD_DIR), xvfb-run, xdotool and ImageMagick's import.
#
# Copyright 2026 The Hearth authors
# SPDX-License-Identifier: GPL-3.0-or-later
set -eu

top=$(cd "$(dirname "$0")/../.." && pwd)
build=${HEARTH_BUILD_DIR:-$top/_build}
out=$top/data/screenshots/window.png

for tool in xvfb-run xdotool import; do
  command -v "$tool" >/dev/null || { echo "regenerate.sh: $tool is not installed" >&2; exit 1; }
done
[ -x "$build/src/hearth" ] || { echo "regenerate.sh: no $build/src/hearth: build first" >&2; exit 1; }

export HEARTH="$build/src/hearth" EXAMPLE="$top/data/examples/before.prof" OUT="$out"
export GSETTINGS_BACKEND=memory GSETTINGS_SCHEMA_DIR="$build/data" GDK_BACKEND=x11
export LC_ALL=C.UTF-8 LANGUAGE= NO_AT_BRIDGE=1 GTK_A11Y=none
unset DBUS_SESSION_BUS_ADDRESS

# shellcheck disable=SC2016
xvfb-run -a -s "-screen 0 1400x900x24" sh -c '
  "$HEARTH" "$EXAMPLE" &
  pid=$!
  window=$(timeout 30 xdotool search --sync --onlyvisible --name "^before\.prof$" | head -n 1)
  sleep 2   # the first frame, and the side panes filled
  import -window "$window" "$OUT"
  kill "$pid"
'
echo "wrote $out"
