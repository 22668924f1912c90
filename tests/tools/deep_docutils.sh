#!/bin/sh
# deep_docutils.sh - records tests/data/deep_docutils.folded.gz: Debian's docutils
# (python3-docutils) turning a document of lists nested in block quotes into HTML, sampled
# every millisecond by sample_folded.py. Its stacks go about 150 frames deep.
#
# Copyright 2026 The Hearth authors
#
# SPDX-License-Identifier: GPL-3.0-or-later
#
# Usage: deep_docutils.sh OUT.folded.gz
set -eu
tools=$(cd "$(dirname "$0")" && pwd)
work=$(mktemp -d /tmp/deep.XXXXXX)
trap 'rm -rf "$work"' EXIT
cp "$tools/sample_folded.py" "$work/"
cd "$work"
/usr/bin/python3 - <<'PY'
out = ["Deep document\n=============\n"]
for sec in range(250):
    out.append("\nSection %d\n%s\n" % (sec, "-" * (8 + len(str(sec)))))
    out.append("Some *emphasis*, ``literal`` text and an "
               "`anonymous link <https://example.org/%d>`__.\n" % sec)
    indent = ""
    for level in range(10):
        out.append("\n%s- item %d of section %d, with **strong** text\n" % (indent, level, sec))
        indent += "  "
        out.append("\n%s| a line block %d\n%s| and its second line\n" % (indent, level, indent))
        out.append("\n%s  quoted paragraph at level %d.\n" % (indent, level))
        indent += "  "
open("deep.rst", "w").write("".join(out))
PY
/usr/bin/python3 sample_folded.py deep.folded 1 /usr/bin/rst2html deep.rst deep.html
gzip -9n < deep.folded > "$OLDPWD/$1"
