#!/usr/bin/env python3
# hearth --print summary against Python's own pstats, and the one-line error contract for
# bad input. Prints TAP. Usage: test_summary.py HEARTH DATA_DIR
#
# Copyright 2026 The Hearth authors
# SPDX-License-Identifier: GPL-3.0-or-later

import contextlib
import glob
import io
import math
import os
import pstats
import subprocess
import sys
import tempfile

hearth, data = sys.argv[1], sys.argv[2]
results = []


def check(ok, name, detail=""):
    results.append((ok, name, detail))


def run(*args):
    return subprocess.run([hearth, *args], capture_output=True, timeout=120)


def summary(path):
    proc = run("--print", "summary", path)
    if proc.returncode != 0:
        return None, proc.stderr.decode(errors="replace")
    fields = {}
    for line in proc.stdout.decode().splitlines():
        key, _, value = line.partition(": ")
        fields.setdefault(key, []).append(value)
    return fields, ""


def python_truth(path):
    try:
        with contextlib.redirect_stdout(io.StringIO()):  # pstats prints its complaints
            stats = pstats.Stats(path)
    except Exception:  # files Python 3 cannot read (Python 2, other code-object layouts)
        return None
    edges = sum(len(v[4]) for v in stats.stats.values())
    return len(stats.stats), edges, stats.total_tt


def stats_values(path):
    with contextlib.redirect_stdout(io.StringIO()):
        return pstats.Stats(path).stats.values()


# bad_utf8.prof is the exception among the bad_ files: Python rejects it, but FORMATS.md asks
# readers to replace invalid UTF-8 and keep the data.
LOADABLE_BAD = {"bad_utf8.prof"}
profiles = sorted(p for p in glob.glob(os.path.join(data, "*.prof"))
                  if not os.path.basename(p).startswith("bad_")
                  or os.path.basename(p) in LOADABLE_BAD)
examples = os.path.join(os.path.dirname(os.path.dirname(data)), "data", "examples")
profiles += sorted(glob.glob(os.path.join(examples, "*.prof")))

for path in profiles:
    name = os.path.basename(path)
    fields, err = summary(path)
    if fields is None:
        check(False, f"summary {name}", err)
        continue
    check(fields.get("format") == ["pstats"], f"{name} format", str(fields.get("format")))
    truth = python_truth(path)
    if truth is None:
        continue
    functions, edges, total = truth
    check(int(fields["functions"][0]) == functions, f"{name} functions",
          f"hearth {fields['functions'][0]} pstats {functions}")
    check(int(fields["edges"][0]) == edges, f"{name} edges",
          f"hearth {fields['edges'][0]} pstats {edges}")
    got = float(fields["total"][0])
    if all(math.isfinite(v[2]) and v[2] >= 0 for v in stats_values(path)):
        check(math.isclose(got, total, rel_tol=1e-8, abs_tol=1e-12), f"{name} total",
              f"hearth {got!r} pstats {total!r}")

# Bad input: status 1, nothing on stdout, one line on stderr that names the file.
bad = sorted(p for p in glob.glob(os.path.join(data, "bad_*.prof"))
             if os.path.basename(p) not in LOADABLE_BAD)
with tempfile.TemporaryDirectory() as tmp:
    empty = os.path.join(tmp, "empty.prof")
    open(empty, "wb").close()
    unreadable = os.path.join(tmp, "secret.prof")
    with open(unreadable, "wb") as f:
        f.write(b"\xfb0")
    os.chmod(unreadable, 0)
    bad += [empty, tmp, os.path.join(tmp, "missing.prof")]
    if os.geteuid() != 0:  # root reads anything
        bad.append(unreadable)
    for path in bad:
        proc = run("--print", "summary", path)
        lines = proc.stderr.decode(errors="replace").splitlines()
        ok = (proc.returncode == 1 and proc.stdout == b"" and len(lines) == 1
              and path in lines[0])
        check(ok, f"bad input {os.path.basename(path) or path}",
              f"status {proc.returncode}, stderr {lines!r}")

# --print widest ranks chains by the self time of their top bar: its first row is the largest
# self-time stack of --print folded, and for pstats files the first of the independent
# Python walk's (tests/tools/calltree.py)
calltree = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "tools", "calltree.py")


def first_share(path):
    proc = run("--print", "widest", path)
    lines = proc.stdout.decode().splitlines()
    if proc.returncode != 0 or not lines:
        return None
    return float(lines[0].split("\t")[0].split(" ")[0])


def root_width(path):
    proc = run("--print", "bars", path)
    lines = proc.stdout.decode().splitlines()
    return float(lines[0].split("\t")[2]) if proc.returncode == 0 and lines else None


stack_fixtures = sorted(p for p in glob.glob(os.path.join(data, "*"))
                        if p.endswith((".txt", ".json")))
for path in profiles + stack_fixtures:
    name = os.path.basename(path)
    share, total = first_share(path), root_width(path)
    if share is None or not total or not math.isfinite(total):
        continue
    proc = run("--print", "folded", path)
    values = [float(line.rsplit(" ", 1)[1]) for line in proc.stdout.decode().splitlines()
              if ";[guarded] " not in line]
    pstats_file = path.endswith(".prof")
    scale = 1e-6 if pstats_file or "speedscope" in name else 1
    folded = 100 * max(values) * scale / total if values else 0
    # folded writes whole microseconds: half of one, as a share of a short run, is slack
    slack = 100 * 0.5 * scale / total if scale < 1 else 0
    check(abs(share - folded) <= 0.05 + slack + 1e-3 * folded, f"widest {name}: folded",
          f"first row {share}, largest folded stack {folded}")
    if pstats_file:
        walk = subprocess.run([sys.executable, calltree, "--print", "widest", path],
                              capture_output=True, timeout=120)
        rows = walk.stdout.decode().splitlines()
        if walk.returncode == 0 and rows:
            python = 100 * float(rows[0].split("\t")[0]) / total
            check(abs(share - python) <= 0.05 + 1e-9, f"widest {name}: Python walk",
                  f"first row {share}, calltree.py {python}")

# a sampled profile with few samples says so in --print warnings, as the window does; the
# count is the sum of the folded file's counts
for name, few in (("pyspy_raw.txt", True), ("cprofile_py312.prof", False)):
    path = os.path.join(data, name)
    proc = run("--print", "warnings", path)
    text = proc.stdout.decode()
    if few:
        with open(path, encoding="utf-8") as f:
            count = sum(int(line.rsplit(" ", 1)[1]) for line in f if line.strip())
        expected = f"few samples: only {count} samples;"
        check(proc.returncode == 0 and count < 1000 and expected in text,
              f"warnings {name}: few samples", f"want {expected!r} in {text!r}")
    else:
        check(proc.returncode == 0 and "few samples" not in text,
              f"warnings {name}: no sample warning", text)

# an evented speedscope profile is traced: exact stacks, no samples to count
fields, err = summary(os.path.join(data, "evented.speedscope.json"))
check(fields is not None and fields.get("kind") == ["traced"], "evented speedscope is traced",
      f"{fields!r} {err}")
fields, err = summary(os.path.join(data, "pyspy.speedscope.json"))
check(fields is not None and fields.get("kind") == ["sampled"], "sampled speedscope is sampled",
      f"{fields!r} {err}")

print(f"1..{len(results)}")
for i, (ok, name, detail) in enumerate(results, 1):
    print(f"{'ok' if ok else 'not ok'} {i} {name}")
    if not ok and detail:
        for line in detail.splitlines():
            print(f"# {line}")
