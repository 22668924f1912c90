#!/usr/bin/env python3
# hearth --export OUT --sandwich KEY FILE: the three formats open, the picture holds the
# function's callers and callees, and the wrong uses fail with one line. Prints TAP.
# Usage: test_sandwich_export.py HEARTH DATA_DIR
#
# Copyright 2026 The Hearth authors
# SPDX-License-Identifier: GPL-3.0-or-later

import os
import struct
import subprocess
import sys
import tempfile
import xml.dom.minidom

hearth, data = sys.argv[1], sys.argv[2]
examples = os.path.join(os.path.dirname(os.path.dirname(os.path.abspath(data))), "data",
                        "examples")
results = []

# f is called from a (3 samples) and b (1); it calls g in 2 of them and h in 1.
FOLDED = "main;a;f;g 2\nmain;a;f 1\nmain;b;f;h 1\nmain;other 4\n"


def check(ok, name, detail=""):
    results.append((ok, name, detail))


def run(*args):
    return subprocess.run([hearth, *args], capture_output=True, timeout=120)


def one_line_error(proc, name, needle):
    err = proc.stderr.decode("utf-8", "replace")
    check(proc.returncode == 1 and err.count("\n") == 1 and needle in err, name,
          "status %d, stderr %r" % (proc.returncode, err))


def hover_texts(svg_path):
    doc = xml.dom.minidom.parse(svg_path)
    return [t.firstChild.data for t in doc.getElementsByTagName("title") if t.firstChild]


with tempfile.TemporaryDirectory() as tmp:
    folded = os.path.join(tmp, "helper.txt")
    with open(folded, "w") as out:
        out.write(FOLDED)

    png = os.path.join(tmp, "f.png")
    proc = run("--export", png, "--width", "800", "--sandwich", "f", folded)
    check(proc.returncode == 0, "png exported", proc.stderr.decode())
    with open(png, "rb") as f:
        head = f.read(24)
    width, height = struct.unpack(">II", head[16:24]) if len(head) == 24 else (0, 0)
    check(head[:8] == b"\x89PNG\r\n\x1a\n" and width == 800, "png is 800 wide",
          "%r %d" % (head[:8], width))
    # the callees (f, g/h: two rows) and callers (a/b, main: two more) and title, axis, legend
    check(100 < height < 600, "png height", str(height))

    svg = os.path.join(tmp, "f.svg")
    proc = run("--export", svg, "--sandwich", "f", folded)
    check(proc.returncode == 0, "svg exported", proc.stderr.decode())
    try:
        titles = hover_texts(svg)
        names = [t.split("\n")[0] for t in titles]
        check(True, "svg parses as XML")
    except Exception as e:  # noqa: BLE001  (any parse failure is the test failing)
        titles, names = [], []
        check(False, "svg parses as XML", str(e))
    # every bar once: f once (its own row is drawn once), g h above, a b and main (twice)
    for name, count in (("f", 1), ("g", 1), ("h", 1), ("a", 1), ("b", 1), ("main", 2)):
        seen = sum(1 for n in names if n.startswith(name + " ") or n == name)
        check(seen == count, "svg has %s %d time(s)" % (name, count), repr(names))
    check("other" not in " ".join(names), "svg leaves out what does not touch f", repr(names))
    check(any(t.startswith("a") and "3 samples" in t for t in titles), "caller a: 3 samples",
          repr(titles))
    # the full width is f's 4 samples, the run 8: shares of both, by hand
    for name, line in (("a", "Time in f through here: 3 samples, 75.0% of its time, 37.5% of "
                        "the run"),
                       ("g", "2 samples, 50.0% of f's time, 25.0% of the run"),
                       ("f", "4 samples, 100.0% of f's time, 50.0% of the run")):
        check(any(t.split("\n")[0] == name and line in t.split("\n") for t in titles),
              "%s's share: %s" % (name, line), repr(titles))

    pdf = os.path.join(tmp, "f.pdf")
    proc = run("--export", pdf, "--sandwich", "f", folded)
    with open(pdf, "rb") as f:
        check(proc.returncode == 0 and f.read(5) == b"%PDF-", "pdf exported")

    prof = os.path.join(examples, "before.prof")
    key = "<frozen importlib._bootstrap>:1167:_find_and_load"
    out = os.path.join(tmp, "load.svg")
    proc = run("--export", out, "--sandwich", key, prof)
    check(proc.returncode == 0 and os.path.getsize(out) > 1000, "sandwich of a helper with "
          "43 callers", proc.stderr.decode())

    one_line_error(run("--export", png, "--sandwich", "nope.py:1:nope", folded),
                   "unknown function", "nope.py:1:nope")
    one_line_error(run("--sandwich", "f", folded), "--sandwich without --export", "--export")
    one_line_error(run("--export", png, "--sandwich", "f", "--compare", folded, folded),
                   "--sandwich with --compare", "--compare")
    one_line_error(run("--export", os.path.join(tmp, "f.html"), "--sandwich", "f", folded),
                   "html refused", ".png")

print("1..%d" % len(results))
for i, (ok, name, detail) in enumerate(results, 1):
    print("%s %d - %s" % ("ok" if ok else "not ok", i, name))
    if not ok and detail:
        for line in detail.splitlines():
            print("# " + line)
