#!/usr/bin/env python3
# hearth --merge against Python's own pstats.Stats (A, B, C), stack merges against hand-worked
# folded files, the runs that do not add up, and folders of runs. Prints TAP.
# Usage: test_merge.py HEARTH DATA_DIR TOOLS_DIR
#
# Copyright 2026 The Hearth authors
# SPDX-License-Identifier: GPL-3.0-or-later

import contextlib
import io
import math
import os
import pstats
import subprocess
import sys
import tempfile

hearth, data, tools = sys.argv[1], sys.argv[2], sys.argv[3]
sys.path.insert(0, tools)
import pstats_functions  # noqa: E402  (the truth of --print functions, from pstats)

examples = os.path.join(os.path.dirname(os.path.dirname(os.path.abspath(data))), "data",
                        "examples")
results = []
INT64_MAX = 2 ** 63 - 1


def check(ok, name, detail=""):
    results.append((ok, name, detail))


def run(*args):
    return subprocess.run([hearth, *args], capture_output=True, timeout=120)


def same_number(a, b):
    if a.lstrip("-").isdigit() and b.lstrip("-").isdigit():
        return min(int(a), INT64_MAX) == min(int(b), INT64_MAX)
    x, y = float(a), float(b)
    return x == y or (math.isnan(x) and math.isnan(y))


def same_line(got, want):
    g, w = got.split("\t"), want.split("\t")
    return len(g) == len(w) and g[4:] == w[4:] and all(
        same_number(a, b) for a, b in zip(g[:4], w[:4]))


def merged_stats(paths):
    with contextlib.redirect_stdout(io.StringIO()):  # pstats prints its complaints
        return pstats.Stats(*paths)


def by_text(stats):
    """The profile module keys each run's <module> by its code object, which pstats tells
    apart across runs; Hearth reads the code object's name only, so such keys are one
    function: their numbers summed in pstats' order (the order of its dict)."""
    out = {}
    for func, v in stats.items():
        key = pstats_functions.key_of(func)
        callers = {pstats_functions.key_of(c): n for c, n in v[4].items()}
        if key in out:
            old = out[key]
            for c, n in old[4].items():
                callers[c] = callers[c] + n if c in callers else n
            v = tuple(a + b for a, b in zip(old[:4], v[:4])) + (callers,)
        out[key] = v[:4] + (callers,)
    return out


# Runs of one program (two Pythons, two versions of a script, the profile module's integer
# callers, one file five times over) and runs of unrelated programs (NaN, 2**70 and a
# duplicate key among them).
GROUPS = [
    ["cprofile_py312.prof", "cprofile_py313.prof", "cprofile_py36.prof"],
    ["cprofile_cli_py311.prof", "cprofile_cli_py312.prof"],
    ["profile_cli_py311.prof", "profile_cli_py312.prof", "profile_cli_py313.prof"],
    ["tiny_marshal_v0.prof", "tiny_marshal_v1.prof", "tiny_marshal_v2.prof",
     "tiny_marshal_v3.prof", "tiny_marshal_v4.prof"],
    [os.path.join(examples, "before.prof"), os.path.join(examples, "after.prof")],
    ["cprofile_cli_py311.prof", "cprofile_py311_numpy.prof", "dup_key.prof"],
    ["surrogate_filename.prof", "weird_values.prof", "profile_py311.prof"],
    ["merged_py311_py312.prof", "cprofile_py312.prof"],
]

for group in GROUPS:
    paths = [os.path.join(data, p) for p in group]
    label = "+".join(os.path.basename(p) for p in paths)
    stats = merged_stats(paths)

    proc = run("--merge", *paths, "--print", "functions")
    got = proc.stdout.decode().splitlines()
    want = pstats_functions.functions(by_text(stats.stats))
    bad = proc.stderr.decode() if proc.returncode != 0 else None
    if bad is None and len(got) != len(want):
        bad = f"hearth {len(got)} lines, pstats {len(want)}"
    for i, (g, w) in enumerate(zip(got, want)):
        if bad is None and not same_line(g, w):
            bad = f"line {i + 1}: hearth {g!r} pstats {w!r}"
    check(bad is None, f"{label} functions against pstats.Stats", bad or "")

    proc = run("--merge", *paths, "--print", "summary")
    fields = {}
    for line in proc.stdout.decode().splitlines():
        key, _, value = line.partition(": ")
        fields.setdefault(key, []).append(value)
    functions = by_text(stats.stats)
    edges = sum(len(v[4]) for v in functions.values())
    ok = (proc.returncode == 0 and fields.get("format") == ["pstats"]
          and fields.get("functions") == [str(len(functions))]
          and fields.get("edges") == [str(edges)])
    check(ok, f"{label} summary: functions and edges", proc.stdout.decode()
          + proc.stderr.decode())
    if all(math.isfinite(v[2]) and v[2] >= 0 for v in stats.stats.values()):
        got_total = float(fields.get("total", ["nan"])[0])
        # the summary prints nine digits, as pstats does
        check(math.isclose(got_total, stats.total_tt, rel_tol=1e-8, abs_tol=1e-12),
              f"{label} total", f"hearth {got_total!r} pstats {stats.total_tt!r}")
    runs = [w for w in fields.get("warning", []) if w.startswith("run ")]
    ok = len(runs) == len(paths) and all(
        r.startswith(f"run {i + 1} of {len(paths)}: {os.path.abspath(p)}, total ")
        for i, (r, p) in
        enumerate(zip(runs, paths)))
    check(ok, f"{label} warnings list the runs", "\n".join(runs))

# The merged tree against the independent Python walk over pstats' own merge, dumped: the
# same bars in the same order (the profile module's groups are left out: pstats keeps their
# code objects apart, see by_text)
calltree = os.path.join(tools, "calltree.py")


def same_bar(got, want):
    g, w = got.split("\t"), want.split("\t")
    return (len(g) == len(w) == 7 and g[0] == w[0] and g[5:] == w[5:] and all(
        math.isclose(float(a), float(b), rel_tol=1e-8, abs_tol=1e-15)
        for a, b in zip(g[1:5], w[1:5])))


with tempfile.TemporaryDirectory() as tmp:
    for group in GROUPS[:2] + GROUPS[3:6]:
        paths = [os.path.join(data, p) for p in group]
        label = "+".join(os.path.basename(p) for p in paths)
        dumped = os.path.join(tmp, "merged.prof")
        merged_stats(paths).dump_stats(dumped)
        want = subprocess.run([sys.executable, calltree, "--print", "bars", dumped],
                              capture_output=True, timeout=300).stdout.decode().splitlines()
        proc = run("--merge", *paths, "--print", "bars")
        got = proc.stdout.decode().splitlines()
        bad = None if len(got) == len(want) > 0 else \
            f"hearth {len(got)} bars, calltree.py {len(want)} {proc.stderr.decode()}"
        for i, (g, w) in enumerate(zip(got, want)):
            if bad is None and not same_bar(g, w):
                bad = f"bar {i + 1}: hearth {g!r} calltree.py {w!r}"
        check(bad is None, f"{label} bars against calltree.py on the dumped merge", bad or "")

# The spread against each file's own walk from the merged tree's root, every bar kept: the
# merged bars in their order, each chain's widths in the runs that have it.
def bars_by_chain(lines):
    return {line.split("\t")[6]: float(line.split("\t")[2]) for line in lines}


for group in GROUPS[:2] + GROUPS[4:6]:
    paths = [os.path.join(data, p) for p in group]
    label = "+".join(os.path.basename(p) for p in paths)
    merged = run("--merge", *paths, "--print", "bars").stdout.decode().splitlines()
    root = merged[0].split("\t")[6]
    per_run = [bars_by_chain(run("--print", "bars", "--cutoff", "0", "--root", root, p)
                             .stdout.decode().splitlines()) for p in paths]
    proc = run("--merge", *paths, "--print", "spread")
    got = proc.stdout.decode().splitlines()
    bad = None if len(got) == len(merged) > 0 else \
        f"{len(got)} lines for {len(merged)} bars {proc.stderr.decode()}"
    for line, bar in zip(got, merged):
        mean, low, high, n, chain = line.split("\t")
        widths = [r[chain] for r in per_run if chain in r]
        padded = widths + [0.0] * (len(paths) - len(widths))
        want = [sum(padded) / len(paths), min(padded), max(padded)]
        if bad is None and (chain != bar.split("\t")[6] or int(n) != len(widths) or not all(
                math.isclose(float(g), w, rel_tol=1e-8, abs_tol=1e-12)
                for g, w in zip([mean, low, high], want))):
            bad = f"hearth {line!r}, per-file walks {want} in {len(widths)} runs"
    check(bad is None, f"{label} spread against per-file walks", bad or "")

# One file merged with itself doubles every number: the order of the table is the same.
path = os.path.join(data, "cprofile_py312.prof")
one = run("--print", "functions", path).stdout.decode().splitlines()
two = run("--merge", path, path, "--print", "functions").stdout.decode().splitlines()
check(len(one) == len(two) > 0 and all(
    same_number(b, str(2 * int(a)) if a.isdigit() else repr(float(a) + float(a)))
    for x, y in zip(one, two) for a, b in zip(x.split("\t")[:4], y.split("\t")[:4])),
    "a run merged with itself doubles", "\n".join(two[:5]))

with tempfile.TemporaryDirectory() as tmp:
    def write(name, text):
        p = os.path.join(tmp, name)
        with open(p, "w") as f:
            f.write(text)
        return p

    # Stacks worked out by hand: main;a;f 3 + 2, main;b 4, main;c 1, main;a 5: a is on 10
    # samples and on top of 5, f on top of 5, main on all 15.
    a = write("a.folded", "main;a;f 3\nmain;b 4\n")
    b = write("b.folded", "main;a;f 2\nmain;c 1\n")
    c = write("c.folded", "main;a 5\n")
    proc = run("--merge", a, b, c, "--print", "functions")
    check(proc.stdout.decode() == "10\t5\t5\t10\ta\n"
                                  "5\t5\t5\t5\tf\n"
                                  "4\t4\t4\t4\tb\n"
                                  "1\t1\t1\t1\tc\n"
                                  "15\t0\t0\t15\tmain\n",
          "folded stacks add up", proc.stdout.decode() + proc.stderr.decode())
    proc = run("--merge", a, b, c, "--print", "folded", "--cutoff", "0")
    check(sorted(proc.stdout.decode().splitlines())
          == ["main;a 5", "main;a;f 5", "main;b 4", "main;c 1"],
          "folded output of a merge", proc.stdout.decode() + proc.stderr.decode())
    proc = run("--merge", a, b, c, "--print", "summary")
    out = proc.stdout.decode()
    check(proc.returncode == 0 and "total: 15\n" in out and "kind: sampled\n" in out
          and f"warning: run 2 of 3: {b}, total 3 samples\n" in out,
          "summary of a stack merge", out + proc.stderr.decode())

    # The spread of each bar, worked out by hand: the runs' totals are 7, 3 and 5; f is in
    # two runs (3 and 2), b and c in one each.
    proc = run("--merge", a, b, c, "--print", "spread")
    check(proc.stdout.decode() == "5\t3\t7\t3\tall\n"
                                  "5\t3\t7\t3\tall;main\n"
                                  "3.33333333\t2\t5\t3\tall;main;a\n"
                                  "1.66666667\t0\t3\t2\tall;main;a;f\n"
                                  "1.33333333\t0\t4\t1\tall;main;b\n"
                                  "0.333333333\t0\t1\t1\tall;main;c\n",
          "--print spread of folded runs", proc.stdout.decode() + proc.stderr.decode())
    proc = run("--print", "spread", a)
    check(proc.returncode == 1 and proc.stdout == b"" and b"--merge" in proc.stderr,
          "--print spread needs --merge", proc.stderr.decode())

    # --export draws the merged profile
    png = os.path.join(tmp, "merged.png")
    proc = run("--merge", a, b, c, "--export", png)
    with open(png, "rb") if os.path.exists(png) else io.BytesIO() as f:
        head = f.read(8)
    check(proc.returncode == 0 and head == b"\x89PNG\r\n\x1a\n", "--merge --export",
          proc.stderr.decode())

    # A speedscope run merged with itself: every count doubles.
    speedscope = os.path.join(data, "pyspy.speedscope.json")
    one = run("--print", "functions", speedscope).stdout.decode().splitlines()
    two = run("--merge", speedscope, speedscope, "--print", "functions").stdout.decode()

    def doubled(x, y):
        # samples in seconds: the counts double exactly, the times up to rounding
        a, b = x.split("\t"), y.split("\t")
        return (a[4:] == b[4:] and [2 * int(v) for v in a[:2]] == [int(v) for v in b[:2]]
                and all(math.isclose(2 * float(u), float(v), rel_tol=1e-12)
                        for u, v in zip(a[2:4], b[2:4])))

    two = two.splitlines()
    check(len(one) == len(two) > 0 and all(doubled(x, y) for x, y in zip(one, two)),
          "a speedscope run merged with itself", "\n".join(two[:5]))

    # Runs that do not add up: one line naming both files, status 1, nothing on stdout.
    prof = os.path.join(data, "cprofile_py312.prof")
    evented = os.path.join(data, "evented.speedscope.json")
    seconds = write("seconds.speedscope.json",
                    '{"$schema": "https://www.speedscope.app/file-format-schema.json", '
                    '"shared": {"frames": [{"name": "main"}]}, "profiles": [{"type": '
                    '"sampled", "name": "x", "unit": "seconds", "startValue": 0, '
                    '"endValue": 1, "samples": [[0]], "weights": [0.5]}]}')
    for first, second, what in [(prof, a, "deterministic"), (a, prof, "deterministic"),
                                (evented, a, "traced"), (seconds, a, "seconds"),
                                (os.path.join(data, "sampled_marker.prof"),
                                 os.path.join(data, "pyspy.speedscope.json"), "stacks")]:
        proc = run("--merge", first, second, "--print", "summary")
        lines = proc.stderr.decode().splitlines()
        ok = (proc.returncode == 1 and proc.stdout == b"" and len(lines) == 1
              and first in lines[0] and second in lines[0] and what in lines[0])
        check(ok, f"{os.path.basename(first)} with {os.path.basename(second)} refused",
              f"status {proc.returncode}, stderr {lines!r}")

    proc = run("--merge", "--print", "summary")
    check(proc.returncode == 1 and proc.stdout == b"", "--merge without files",
          proc.stderr.decode())
    proc = run("--merge", prof, os.path.join(tmp, "missing.prof"), "--print", "summary")
    lines = proc.stderr.decode().splitlines()
    check(proc.returncode == 1 and proc.stdout == b"" and len(lines) == 1
          and "missing.prof" in lines[0], "--merge with a missing file", repr(lines))

# Folders of runs: a folder stands for its profiles by name (other files and subfolders left
# out, pytest-profiling's combined.prof too when there are runs beside it), and two folders
# compared are two groups of runs.
with tempfile.TemporaryDirectory() as tmp:
    import shutil

    def folder(name, runs):
        d = os.path.join(tmp, name)
        os.makedirs(os.path.join(d, "sub"))
        for run_name, source in runs:
            shutil.copy(source, os.path.join(d, run_name))
        shutil.copy(runs[0][1], os.path.join(d, "sub", "nested.prof"))
        with open(os.path.join(d, "notes.txt"), "w") as f:
            f.write("not a profile\n")
        return d

    before_prof = os.path.join(examples, "before.prof")
    after_prof = os.path.join(examples, "after.prof")
    py312 = os.path.join(data, "cprofile_py312.prof")
    a = folder("a", [("test_2.prof", before_prof), ("test_1.prof", py312)])
    b = folder("b", [("run.prof", after_prof), ("run-2.prof", after_prof)])
    a_runs = [os.path.join(a, "test_1.prof"), os.path.join(a, "test_2.prof")]
    b_runs = [os.path.join(b, "run-2.prof"), os.path.join(b, "run.prof")]

    got = run("--merge", a, "--print", "functions")
    want = run("--merge", *a_runs, "--print", "functions")
    check(got.returncode == 0 and got.stdout == want.stdout and got.stderr == b"",
          "--merge FOLDER is its profiles by name", got.stderr.decode())
    stats = merged_stats(a_runs)
    total = run("--merge", a, "--print", "summary").stdout.decode()
    line = next((x for x in total.splitlines() if x.startswith("total: ")), "total: nan")
    check(math.isclose(float(line.split()[1]), stats.total_tt, rel_tol=1e-8),
          "--merge FOLDER total against pstats.Stats of its runs", f"{line} {stats.total_tt}")

    shutil.copy(py312, os.path.join(a, "combined.prof"))
    got = run("--merge", a, "--print", "functions")
    err = got.stderr.decode().splitlines()
    check(got.returncode == 0 and got.stdout == want.stdout and len(err) == 1
          and "combined.prof" in err[0], "combined.prof beside the runs is left out",
          repr(err))

    got = run("--print", "changes", a, b)
    want = run("--print", "changes", "--merge", *a_runs, "--", "--merge", *b_runs)
    check(got.returncode == 0 and got.stdout == want.stdout and len(got.stdout) > 0,
          "--print changes FOLDER FOLDER: two groups of runs", got.stderr.decode())
    out = os.path.join(tmp, "x.png")
    got = run("--export", out, "--compare", a, b)
    with open(out, "rb") as f:
        head = f.read(8)
    check(got.returncode == 0 and head == b"\x89PNG\r\n\x1a\n",
          "--export --compare FOLDER FOLDER", got.stderr.decode())

    empty = os.path.join(tmp, "empty")
    os.makedirs(empty)
    for args, what in [(("--merge", empty, "--print", "summary"), empty),
                       (("--print", "changes", a, after_prof), a),
                       (("--print", "changes", empty, b), empty)]:
        got = run(*args)
        lines = got.stderr.decode().splitlines()
        check(got.returncode == 1 and got.stdout == b"" and len(lines) == 1
              and what in lines[0], f"refused: {' '.join(os.path.basename(x) for x in args)}",
              repr(lines))

print(f"1..{len(results)}")
for i, (ok, name, detail) in enumerate(results, 1):
    print(f"{'ok' if ok else 'not ok'} {i} - {name}")
    if detail and not ok:
        for line in detail.splitlines()[:20]:
            print(f"# {line}")
