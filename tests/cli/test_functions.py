#!/usr/bin/env python3
# hearth --print functions and --print sandwich against Python's own pstats, on every pstats
# fixture. Prints TAP. Usage: test_functions.py HEARTH DATA_DIR TOOLS_DIR
#
# Copyright 2026 The Hearth authors
# SPDX-License-Identifier: GPL-3.0-or-later

import glob
import math
import os
import subprocess
import sys
import tempfile

hearth, data, tools = sys.argv[1], sys.argv[2], sys.argv[3]
truth_tool = os.path.join(tools, "pstats_functions.py")
expected_dir = os.path.join(data, "expected")
results = []

# Python rejects bad_utf8.prof; Hearth replaces what is not UTF-8 (FORMATS.md), so there is
# no pstats truth to hold it to.
NO_TRUTH = {"bad_utf8.prof"}


def check(ok, name, detail=""):
    results.append((ok, name, detail))


def run(*args):
    return subprocess.run([hearth, *args], capture_output=True, timeout=120)


def truth(mode, path):
    """The tool's lines under this Python, or those it wrote under the file's own Python."""
    name = os.path.basename(path)
    proc = subprocess.run([sys.executable, truth_tool, mode, path], capture_output=True,
                          timeout=120)
    if proc.returncode == 0:
        return proc.stdout.decode().splitlines(), "pstats"
    recorded = os.path.join(expected_dir, f"{name}.{mode}.txt")
    if os.path.exists(recorded):
        with open(recorded, encoding="utf-8") as f:
            return f.read().splitlines(), "recorded pstats"
    return None, proc.stderr.decode(errors="replace")


# Hearth keeps counts in 64 bits: a larger count in the file (weird_values.prof has 2**70)
# reads as the largest one
INT64_MAX = 2 ** 63 - 1


def same_number(a, b):
    if a == "?" or b == "?":
        return True
    if a.lstrip("-").isdigit() and b.lstrip("-").isdigit():
        return min(int(a), INT64_MAX) == min(int(b), INT64_MAX)
    x, y = float(a), float(b)
    return x == y or (math.isnan(x) and math.isnan(y))


def same_line(got, want, number_fields):
    g, w = got.split("\t"), want.split("\t")
    if len(g) != len(w):
        return False
    for i, (a, b) in enumerate(zip(g, w)):
        if i in number_fields:
            if not same_number(a, b):
                return False
        elif a != b:
            return False
    return True


def compare(name, what, got, want, number_fields):
    if len(got) != len(want):
        check(False, f"{name} {what}", f"hearth {len(got)} lines, pstats {len(want)}")
        return
    for i, (g, w) in enumerate(zip(got, want)):
        if not same_line(g, w, number_fields):
            check(False, f"{name} {what}", f"line {i + 1}: hearth {g!r} pstats {w!r}")
            return
    check(True, f"{name} {what}", f"{len(got)} lines")


def sandwiches(lines):
    """{key: [lines]} from the tool's sandwich output."""
    out, key = {}, None
    for line in lines:
        if line.startswith("= "):
            key = line[2:]
            out[key] = []
        else:
            out[key].append(line)
    return out


def comparable(got, want):
    """Edges the file holds as bare counts (the profile module) get their seconds from
    Hearth's share in proportion to calls: then the seconds and the order are Hearth's own,
    and kind, calls and key are compared as sets."""
    if not any(line.split("\t")[2] == "?" for line in want):
        return got, want

    def without_seconds(lines):
        return sorted("\t".join(f[:2] + ["?"] + f[3:]) for f in (l.split("\t") for l in lines))

    return without_seconds(got), without_seconds(want)


# Every function of the small fixtures; of the large ones (a process each) those with the
# most edges and the widest, where the order and the sums have the most to get wrong.
MAX_SANDWICHES = 120


def picked(table):
    if len(table) <= MAX_SANDWICHES:
        return table

    def width(lines):
        return sum(float(l.split("\t")[2]) for l in lines if l.split("\t")[2] != "?")

    by_edges = sorted(table, key=lambda k: (-len(table[k]), k))[:MAX_SANDWICHES // 2]
    by_width = sorted(table, key=lambda k: (-width(table[k]), k))[:MAX_SANDWICHES // 2]
    return {k: table[k] for k in by_edges + by_width}


profiles = sorted(p for p in glob.glob(os.path.join(data, "*.prof"))
                  if not os.path.basename(p).startswith("bad_"))
examples = os.path.join(os.path.dirname(os.path.dirname(data)), "data", "examples")
profiles += sorted(glob.glob(os.path.join(examples, "*.prof")))

for path in profiles:
    name = os.path.basename(path)
    want, source = truth("functions", path)
    if want is None:
        check(False, f"{name} truth", source)
        continue
    proc = run("--print", "functions", path)
    if proc.returncode != 0:
        check(False, f"{name} functions", proc.stderr.decode(errors="replace"))
        continue
    compare(name, f"functions ({source})", proc.stdout.decode().splitlines(), want, {0, 1, 2, 3})

    want, source = truth("sandwich", path)
    if want is None:
        check(False, f"{name} sandwich truth", source)
        continue
    bad = None
    table = picked(sandwiches(want))
    for key, lines in table.items():
        proc = run("--print", "sandwich", "--function", key, path)
        got = proc.stdout.decode().splitlines()
        if proc.returncode != 0:
            bad = f"{key}: {proc.stderr.decode(errors='replace')}"
            break
        got_c, want_c = comparable(got, lines)
        if len(got_c) != len(want_c) or not all(
                same_line(g, w, {1, 2}) for g, w in zip(got_c, want_c)):
            bad = f"{key}: hearth {got!r} pstats {lines!r}"
            break
    check(bad is None, f"{name} sandwich edges of {len(table)} functions ({source})", bad or "")

# --function takes --root's forms: a base name when only one file fits, and the same error
# naming the candidates when several do
path = os.path.join(data, "cprofile_cli_py311.prof")
proc = run("--print", "sandwich", "--function", "__init__.py:1:<module>", path)
err = proc.stderr.decode()
check(proc.returncode == 1 and err.count("\n") == 1 and "ambiguous" in err
      and "/numpy/__init__.py:1:<module>" in err and "/json/__init__.py:1:<module>" in err,
      "--function ambiguous base name names the candidates", err)
proc = run("--print", "sandwich", "--function", "workload.py:1:<module>", path)
check(proc.returncode == 0 and b"callee\t" in proc.stdout, "--function by base name",
      proc.stderr.decode())
proc = run("--print", "sandwich", path)
check(proc.returncode == 1 and b"--function" in proc.stderr, "--print sandwich needs --function",
      proc.stderr.decode())
proc = run("--print", "sandwich", "--function", "nowhere.py:1:nothing", path)
check(proc.returncode == 1 and b"not a function" in proc.stderr, "--function unknown",
      proc.stderr.decode())

# A stack profile, worked out by hand: f is twice on the first stack and twice on the second,
# and counts once on each (cumulative 3 + 2 + 1); own is the samples with it at the top.
with tempfile.TemporaryDirectory() as tmp:
    folded = os.path.join(tmp, "recursion.folded")
    with open(folded, "w") as f:
        f.write("main;a;f;f;g 3\nmain;f;a;f 2\nmain;b 4\nf 1\n")
    proc = run("--print", "functions", folded)
    check(proc.stdout.decode() == "4\t4\t4\t4\tb\n"
                                  "6\t3\t3\t6\tf\n"
                                  "3\t3\t3\t3\tg\n"
                                  "5\t0\t0\t5\ta\n"
                                  "9\t0\t0\t9\tmain\n",
          "--print functions of a stack profile, recursion counted once",
          proc.stdout.decode() + proc.stderr.decode())
    proc = run("--print", "sandwich", "--function", "f", folded)
    check(proc.stdout.decode() == "caller\t5\t5\ta\n"
                                  "caller\t3\t3\tf\n"
                                  "caller\t2\t2\tmain\n"
                                  "callee\t3\t3\tf\n"
                                  "callee\t3\t3\tg\n"
                                  "callee\t2\t2\ta\n",
          "--print sandwich of a stack profile: samples directly below and above",
          proc.stdout.decode() + proc.stderr.decode())

print(f"1..{len(results)}")
for i, (ok, name, detail) in enumerate(results, 1):
    print(f"{'ok' if ok else 'not ok'} {i} - {name}")
    if detail and not ok:
        for line in detail.splitlines()[:20]:
            print(f"# {line}")
