#!/usr/bin/env python3
# hearth --print changes against the same statistics worked out here: the chains' own times
# from the independent call-tree walk (tests/tools/calltree.py) for .prof files, from the
# folded text itself for stacks; the verdict rules written out again. Prints TAP.
# Usage: test_changes.py HEARTH DATA_DIR TOOLS_DIR
#
# Copyright 2026 The Hearth authors
# SPDX-License-Identifier: GPL-3.0-or-later

import contextlib
import io
import marshal
import math
import os
import pstats
import random
import subprocess
import sys
import tempfile

hearth, data, tools = sys.argv[1], sys.argv[2], sys.argv[3]
sys.path.insert(0, tools)
import calltree  # noqa: E402  (the Python walk)

examples = os.path.join(os.path.dirname(os.path.dirname(os.path.abspath(data))), "data",
                        "examples")
results = []


def check(ok, name, detail=""):
    results.append((ok, name, detail))


def run(*args):
    return subprocess.run([hearth, *args], capture_output=True, timeout=120)


# The verdicts -------------------------------------------------------------------------------

def samples_verdict(k1, n1, k2, n2):
    if n1 <= 0 or n2 <= 0:
        return "unknown"
    p1, p2 = min(max(k1 / n1, 0), 1), min(max(k2 / n2, 0), 1)
    se = math.sqrt(p1 * (1 - p1) / n1 + p2 * (1 - p2) / n2)
    diff = abs(p2 - p1)
    return "real" if diff > 3 * se and diff >= 0.01 else "noise"


def runs_verdict(before, after):
    if len(before) < 2 or len(after) < 2:
        return "unknown"
    if max(before) >= min(after) and max(after) >= min(before):
        return "noise"
    spread = max(max(before) - min(before), max(after) - min(after))
    diff = abs(sum(after) / len(after) - sum(before) / len(before))
    return "real" if diff > spread else "noise"


# What hearth printed against what is expected --------------------------------------------

def parse(stdout):
    lines = {}
    order = []
    for line in stdout.decode().splitlines():
        change, before, after, verdict, chain = line.split("\t")
        lines[chain] = (float(change), float(before), float(after), verdict)
        order.append(abs(float(after) - float(before)))
    return lines, order


def close(a, b):
    return abs(a - b) <= 1e-7 * max(abs(a), abs(b)) + 1e-12


def compare(name, proc, want):
    if proc.returncode != 0:
        check(False, name, proc.stderr.decode())
        return
    got, order = parse(proc.stdout)
    # a chain whose two times agree to rounding may be listed by one side only: the sums
    # behind them differ in their last digits between Python versions and C
    missing = sorted(c for c in set(want) - set(got) if not close(want[c][1], want[c][2]))
    extra = sorted(c for c in set(got) - set(want) if not close(got[c][1], got[c][2]))
    check(not missing and not extra, name + ": the same chains",
          "missing %s, extra %s" % (missing[:3], extra[:3]))
    bad = [c for c in set(got) & set(want)
           if got[c][3] != want[c][3] or not all(close(x, y) for x, y in
                                                 zip(got[c][1:3], want[c][1:3]))
           or abs(got[c][0] - want[c][0]) > 0.0011]
    check(not bad, name + ": numbers and verdicts",
          "; ".join("%s: %s != %s" % (c, got[c], want[c]) for c in bad[:3]))
    check(all(a >= b for a, b in zip(order, order[1:])),
          name + ": largest absolute change first")


# Stacks: folded text ----------------------------------------------------------------------

def folded_own(text):
    own, total = {}, 0
    for line in text.splitlines():
        stack, count = line.rsplit(" ", 1)
        chain = "all;" + stack
        own[chain] = own.get(chain, 0) + int(count)
        total += int(count)
    return own, total


def folded_truth(before, after):
    (b, nb), (a, na) = folded_own(before), folded_own(after)
    want = {}
    for chain in set(b) | set(a):
        x, y = b.get(chain, 0), a.get(chain, 0)
        if x != y:
            want[chain] = (100.0 * (y - x) / nb, x, y, samples_verdict(x, nb, y, na))
    return want


def write(folder, name, text):
    path = os.path.join(folder, name)
    with open(path, "w") as f:
        f.write(text)
    return path


def draw(rng, n, shares):
    counts = dict.fromkeys(shares, 0)
    names = list(shares)
    for _ in range(n):
        x, acc = rng.random(), 0.0
        for name in names:
            acc += shares[name]
            if x < acc:
                counts[name] += 1
                break
    return "".join("main;%s %d\n" % (k, v) for k, v in counts.items() if v)


def test_folded(folder):
    before = "main;work 100\nmain;idle 900\n"
    after = "main;work 200\nmain;idle 800\n"
    b, a = write(folder, "b.folded", before), write(folder, "a.folded", after)
    proc = run("--print", "changes", b, a)
    # worked by hand: 10 % -> 20 % and 90 % -> 80 % of 1000, 3 se = 0.047; equal changes in
    # the first run's order (idle, the wider bar, first)
    check(proc.stdout.decode() == "-10.000\t900\t800\treal\tall;main;idle\n"
          "+10.000\t100\t200\treal\tall;main;work\n", "folded pair by hand",
          proc.stdout.decode() + proc.stderr.decode())
    compare("folded pair", proc, folded_truth(before, after))

    # a chain on one side only, and a run compared with itself
    gone = write(folder, "gone.folded", "main;idle 900\nmain;fresh 100\n")
    compare("folded, a chain gone and one new", run("--print", "changes", b, gone),
            folded_truth(before, "main;idle 900\nmain;fresh 100\n"))
    proc = run("--print", "changes", b, b)
    check(proc.returncode == 0 and proc.stdout == b"", "equal runs: no change printed",
          proc.stdout.decode())

    rng = random.Random(18)
    shares = {"parse": 0.3, "work": 0.1, "render": 0.05, "idle": 0.55}
    doubled = dict(shares, work=0.2, idle=0.45)
    for i in range(5):
        x, y, z = draw(rng, 3000, shares), draw(rng, 3000, shares), draw(rng, 3000, doubled)
        px, py, pz = (write(folder, "%s%d.folded" % (t, i), s)
                      for t, s in (("x", x), ("y", y), ("z", z)))
        compare("drawn pair %d, one distribution" % i, run("--print", "changes", "--cutoff", "0",
                                                         px, py), folded_truth(x, y))
        want = folded_truth(x, z)
        compare("drawn pair %d, work doubled" % i, run("--print", "changes", "--cutoff", "0",
                                                     px, pz), want)
        check(want["all;main;work"][3] == "real", "drawn pair %d: the doubling is real" % i)


# pstats: runs of a real script ------------------------------------------------------------

SCRIPT = """import sys
def work(n):
    s = 0
    for i in range(n):
        s += i * i
    return s
def other():
    return sorted(range(20000), key=lambda v: -v)
work(int(sys.argv[1]))
other()
"""


def load(path):
    with contextlib.redirect_stdout(io.StringIO()):
        return pstats.Stats(path)


def tree_of(path, cutoff, root=None):
    graph = calltree.Graph(load(path).stats)
    if root is None or root not in graph.cum:
        root = calltree.default_root(graph)
    return calltree.Tree(graph, root, cutoff)


def chain_id(bar):
    return tuple((os.path.basename(k[0]), k[2]) for k in (b.key for b in bar.chain()))


def selfs(tree):
    out = {}
    for bar in tree.bars:
        out[chain_id(bar)] = out.get(chain_id(bar), 0.0) + tree.self_width(bar)
    return out


def texts(tree):
    """Each chain's text from its widest bar."""
    best = {}
    for bar in tree.bars:
        c = chain_id(bar)
        if c not in best or bar.width > best[c].width:
            best[c] = bar
    return {c: calltree.chain_text(bar) for c, bar in best.items()}


def pstats_truth(folder, before, after, group):
    sides = []
    for k, files in enumerate((before, after)):
        path = files[0]
        if group:
            path = os.path.join(folder, "merged%d.prof" % k)
            load(files[0]).add(*files[1:]).dump_stats(path) if len(files) > 1 else \
                load(files[0]).dump_stats(path)
        drawn = tree_of(path, 0.01)
        root = drawn.bars[0].key
        if group:
            runs = [selfs(tree_of(f, 0.0, root)) for f in files]
        else:
            runs = [selfs(tree_of(path, 0.0))]
        sides.append((drawn, runs, texts(drawn)))
    total = sides[0][0].bars[0].width / len(sides[0][1])
    want = {}
    for c in set(sides[0][2]) | set(sides[1][2]):
        values = [[r.get(c, 0.0) for r in runs] for _, runs, _ in sides]
        x, y = (sum(v) / len(v) for v in values)
        if x == y:
            continue
        text = sides[1][2].get(c, sides[0][2].get(c))
        verdict = runs_verdict(values[0], values[1]) if group else "unknown"
        want[text] = (100.0 * (y - x) / total, x, y, verdict)
    return want


def made_run(folder, name, work):
    """A cProfile file written by hand, as pstats.dump_stats writes one: main calls work,
    which takes @work seconds."""
    main = ("job.py", 1, "main")
    job = ("job.py", 5, "work")
    stats = {main: (1, 1, 0.01, 0.01 + work, {}),
             job: (1, 1, work, work, {main: (1, 1, work, work)})}
    path = os.path.join(folder, name)
    with open(path, "wb") as f:
        marshal.dump(stats, f)
    return path


def profile_runs(folder, prefix, n, count):
    script = write(folder, "job.py", SCRIPT)
    paths = []
    for i in range(count):
        out = os.path.join(folder, "%s%d.prof" % (prefix, i))
        subprocess.run([sys.executable, "-m", "cProfile", "-o", out, script, str(n)],
                       check=True, capture_output=True, cwd=folder)
        paths.append(out)
    return paths


def test_pstats(folder):
    before = os.path.join(examples, "before.prof")
    after = os.path.join(examples, "after.prof")
    want = pstats_truth(folder, [before], [after], False)
    compare("examples before/after", run("--print", "changes", before, after), want)
    check(want and all(w[3] == "unknown" for w in want.values()),
          "one deterministic run a side: every verdict unknown")

    slow = profile_runs(folder, "slow", 300000, 3)
    fast = profile_runs(folder, "fast", 30000, 3)
    want = pstats_truth(folder, slow, fast, True)
    proc = run("--print", "changes", "--merge", *slow, "--", "--merge", *fast)
    compare("three runs a side of a script", proc, want)
    # the verdict of the runs' own work: hand-made runs, since a busy machine can make one
    # real run of a script several times slower than the others
    for name, before, after, verdict in (
            ("work ten times shorter: real", (1.0, 1.1, 0.95), (0.1, 0.11, 0.095), "real"),
            ("work within the runs' spread: noise", (1.0, 1.1, 0.95), (1.05, 0.9, 1.0),
             "noise"),
            ("ranges apart by less than their spread: noise", (1.0, 1.5, 1.1), (1.6, 1.7, 2.3),
             "noise")):
        slow_runs = [made_run(folder, "b%d.prof" % i, w) for i, w in enumerate(before)]
        fast_runs = [made_run(folder, "a%d.prof" % i, w) for i, w in enumerate(after)]
        want = pstats_truth(folder, slow_runs, fast_runs, True)
        proc = run("--print", "changes", "--merge", *slow_runs, "--", "--merge", *fast_runs)
        work = [w for c, w in want.items() if c.endswith(":work")]
        got = [line for line in proc.stdout.decode().splitlines() if line.endswith(":work")]
        check(len(work) == 1 and work[0][3] == verdict and len(got) == 1 and
              got[0].split("\t")[3] == verdict, name, str(work) + " " + str(got))
    # the same runs on both sides: nothing changed
    proc = run("--print", "changes", "--merge", *slow, "--", "--merge", *slow)
    check(proc.returncode == 0 and proc.stdout == b"", "the same group twice: no change",
          proc.stdout.decode() + proc.stderr.decode())
    # groups of one run: unknown, as for two files
    proc = run("--print", "changes", "--merge", slow[0], "--", "--merge", fast[0])
    compare("groups of one run", proc, pstats_truth(folder, [slow[0]], [fast[0]], True))


def refused(name, args, words):
    proc = run(*args)
    err = proc.stderr.decode()
    check(proc.returncode == 1 and proc.stdout == b"" and err.count("\n") == 1 and
          all(w in err for w in words), name, err)


def test_errors(folder):
    prof = os.path.join(examples, "before.prof")
    folded = os.path.join(data, "pyspy_raw.txt")
    seconds = os.path.join(data, "pyspy.speedscope.json")
    refused("deterministic against sampled", ["--print", "changes", prof, folded],
            [prof, folded, "cannot be compared", "deterministic", "sampled"])
    refused("seconds against samples", ["--print", "changes", seconds, folded],
            [seconds, folded, "cannot be compared", "seconds", "samples"])
    refused("groups of different kinds",
            ["--print", "changes", "--merge", prof, prof, "--", "--merge", folded, folded],
            [prof, folded, "cannot be compared"])
    refused("one file", ["--print", "changes", prof], ["two profile files"])
    refused("--merge with one group", ["--print", "changes", "--merge", prof, prof],
            ["--merge BEFORE… -- --merge AFTER…"])
    refused("a second group without --merge first",
            ["--print", "changes", prof, "--", "--merge", prof], ["--merge BEFORE…"])
    refused("a second group for another mode",
            ["--print", "bars", "--merge", prof, "--", "--merge", prof], ["--print changes"])
    refused("an empty second group",
            ["--print", "changes", "--merge", prof, "--", "--merge"], ["--merge BEFORE…"])


def main():
    with tempfile.TemporaryDirectory() as folder:
        test_folded(folder)
        test_pstats(folder)
        test_errors(folder)
    print("1..%d" % len(results))
    for i, (ok, name, detail) in enumerate(results, 1):
        print("%s %d - %s" % ("ok" if ok else "not ok", i, name))
        if not ok and detail:
            for line in detail.splitlines()[:10]:
                print("# " + line)
    return 0


if __name__ == "__main__":
    sys.exit(main())
