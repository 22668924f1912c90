#!/usr/bin/env python3
# hearth --print chart: the blocks of hand-made evented and sampled speedscope files worked
# out by hand, the order on real files, and the one-line refusal of files that keep no time
# order (Hearth's sampler's output is checked in test_profile.py); --export --chart drawing
# those blocks where they are on the clock. Prints TAP. Usage: test_chart.py HEARTH DATA_DIR
#
# Copyright 2026 The Hearth authors
# SPDX-License-Identifier: GPL-3.0-or-later

import os
import re
import subprocess
import sys
import tempfile

hearth, data = sys.argv[1], sys.argv[2]
results = []

# a;b a;b a;c (gap of weight 2) d a;b, weights 1: a frame that stays on the stack over
# consecutive samples is one block; a gap or another frame in between ends it
SAMPLED = [
    (0, 3, 0, "a"),
    (0, 2, 1, "b"),
    (2, 1, 1, "c"),
    (5, 1, 0, "d"),
    (6, 1, 0, "a"),
    (6, 1, 1, "b"),
]
# milliseconds from startValue 10, printed in seconds: a 10-20 holding b 11-13 and
# c 13-16 (holding b 14-15), then d 22-25
EVENTED = [
    (0, 0.010, 0, "a"),
    (0.001, 0.002, 1, "b"),
    (0.003, 0.003, 1, "c"),
    (0.004, 0.001, 2, "b"),
    (0.012, 0.003, 0, "d"),
]
# two profiles: each after the other on one clock, under a root frame named after it as in
# the merged flame graph (a sampled one of a, a;b at 0.5 s; an evented one of c 100-101 s)
THREADS = [
    (0, 1, 0, "Thread 1"),
    (0, 1, 1, "a"),
    (0.5, 0.5, 2, "b"),
    (1, 1, 0, "Thread 2"),
    (1, 1, 1, "c"),
]

def check(ok, name, detail=""):
    results.append((ok, name, detail))


def run(*args):
    return subprocess.run([hearth, *args], capture_output=True, text=True, timeout=120)


def chart(path):
    proc = run("--print", "chart", path)
    if proc.returncode != 0:
        return None, proc.stderr
    rows = []
    for line in proc.stdout.splitlines():
        start, duration, depth, name = line.split("\t")
        rows.append((float(start), float(duration), int(depth), name))
    return rows, ""


def same(rows, want):
    return rows is not None and len(rows) == len(want) and all(
        r[2:] == w[2:] and abs(r[0] - w[0]) < 1e-12 and abs(r[1] - w[1]) < 1e-12
        for r, w in zip(rows, want))


def total(path):
    proc = run("--print", "summary", path)
    for line in proc.stdout.splitlines():
        if line.startswith("total: "):
            return float(line[len("total: "):])
    return None


def order_problem(rows):
    """Why @rows are not in time order with each block inside its parent, or None."""
    open_ = []   # the end of the last block at each depth
    last = 0
    for i, (start, duration, depth, _) in enumerate(rows):
        eps = 1e-9 * max(1, abs(start) + duration)
        if start < last - eps:
            return "line %d starts at %r, before %r" % (i + 1, start, last)
        if depth > len(open_) or (depth > 0 and start + duration > open_[depth - 1] + eps):
            return "line %d (depth %d) is not inside a parent" % (i + 1, depth)
        del open_[depth:]
        open_.append(start + duration)
        last = start
    return None


def test_hand_made():
    for name, want in (("chart_sampled", SAMPLED), ("chart_evented", EVENTED),
                       ("chart_threads", THREADS)):
        rows, err = chart(os.path.join(data, name + ".speedscope.json"))
        check(same(rows, want), "%s: the blocks worked out by hand" % name, err or repr(rows))


def test_real_files():
    # the outermost blocks add up to the merged flame graph's total
    for name in ("evented.speedscope.json", "pyspy.speedscope.json"):
        path = os.path.join(data, name)
        rows, err = chart(path)
        check(rows is not None and len(rows) > 0 and order_problem(rows) is None,
              "%s: blocks by start, each inside its parent" % name,
              err or order_problem(rows or []))
        outer = sum(r[1] for r in rows or [] if r[2] == 0)
        whole = total(path)
        check(whole is not None and abs(outer - whole) <= 1e-9 * whole,
              "%s: the outermost blocks add up to the total" % name, "%r vs %r" % (outer, whole))


def test_no_order():
    for name, why in (("cprofile_py312.prof", "pstats"), ("plain_folded.txt", "folded")):
        path = os.path.join(data, name)
        proc = run("--print", "chart", path)
        lines = proc.stderr.splitlines()
        check(proc.returncode == 1 and proc.stdout == "" and len(lines) == 1 and
              path in lines[0] and "keeps no time order (%s)" % why in lines[0],
              "%s: exit 1 with one line naming the file, nothing on stdout" % name,
              "%d %r %r" % (proc.returncode, proc.stdout[:200], proc.stderr))


BAR = re.compile(r'<g><title>([^\n<]*)\n[^<]*</title>\s*<rect x="([\d.]+)" y="([\d.]+)" '
                 r'width="([\d.]+)"')


def svg_bars(svg):
    """(name, x, y, width) of each bar with a title in an exported SVG."""
    return [(m.group(1), float(m.group(2)), float(m.group(3)), float(m.group(4)))
            for m in BAR.finditer(svg)]


def test_export():
    # each block's rectangle starts where it starts on the clock, on the scale of `all`,
    # which spans the clock (whole pixels: within one of the hand-worked place)
    with tempfile.TemporaryDirectory() as tmp:
        for name, want, length in (("chart_sampled", SAMPLED, 7), ("chart_evented", EVENTED, 0.015)):
            out = os.path.join(tmp, name + ".svg")
            proc = run("--export", out, "--chart", os.path.join(data, name + ".speedscope.json"))
            svg = open(out, encoding="utf-8").read() if proc.returncode == 0 else ""
            bars = svg_bars(svg)
            root = [b for b in bars if b[0] == "all"]
            ok = len(root) == 1 and len(bars) == len(want) + 1
            if ok:
                x0, scale = root[0][1], root[0][3] / length
                rows = sorted({b[2] for b in bars}, reverse=True)
                drawn = sorted((b[1], rows.index(b[2]) - 1, b[0]) for b in bars if b[0] != "all")
                expected = sorted((x0 + w[0] * scale, w[2], w[3]) for w in want)
                ok = all(abs(d[0] - e[0]) <= 1 and d[1:] == e[1:] for d, e in zip(drawn, expected))
            check(ok, "%s: --export --chart draws each block where it starts" % name,
                  proc.stderr or repr(bars))
            check("in call order" in svg and "merged" not in svg,
                  "%s: the axis says in call order" % name, proc.stderr)
        path = os.path.join(data, "cprofile_py312.prof")
        out = os.path.join(tmp, "no.png")
        proc = run("--export", out, "--chart", path)
        check(proc.returncode == 1 and not os.path.exists(out) and
              len(proc.stderr.splitlines()) == 1 and "keeps no time order (pstats)" in proc.stderr,
              "cprofile: --export --chart is exit 1 with one line, no file", proc.stderr)


def main():
    test_hand_made()
    test_real_files()
    test_no_order()
    test_export()
    print("1..%d" % len(results))
    for i, (ok, name, detail) in enumerate(results, 1):
        print("%s %d - %s" % ("ok" if ok else "not ok", i, name))
        if not ok and detail:
            for line in str(detail).splitlines():
                print("#   " + line)
    return 0


if __name__ == "__main__":
    sys.exit(main())
