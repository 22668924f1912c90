#!/usr/bin/env python3
# hearth --profile with the real interpreter that runs this test: cProfile and Hearth's
# sampler on short scripts, the chains each gives, the sampler's balance between call-heavy
# and loop code and its total against the script's own clock, failing scripts and threads.
# Prints TAP. Usage: test_profile.py HEARTH
#
# Copyright 2026 The Hearth authors
# SPDX-License-Identifier: GPL-3.0-or-later

import json
import os
import signal
import subprocess
import sys
import tempfile
import time

hearth = os.path.abspath(sys.argv[1])
results = []

# prepare () runs helper () with load, analyze () with smooth: cProfile keeps time per caller,
# so it can only spread helper's callees over both callers (four quarter chains); a sampler
# sees the two true ones.
CHAINS = '''
import time

def spin(seconds):
    end = time.perf_counter() + seconds
    while time.perf_counter() < end:
        pass

def load():
    spin(0.05)

def smooth():
    spin(0.05)

def helper(step):
    step()

def prepare():
    helper(load)

def analyze():
    helper(smooth)

for _ in range(2):
    prepare()
    analyze()
'''

# Half the time in code that makes many calls, half in a loop that makes none, by the script's
# own clock (it writes what it measured to argv[1]): a sampler that misses stacks while calls
# come and go gives the first too little.
HALF = '''
import time
t0 = time.perf_counter()
import json, sys

def leaf(x):
    return x + 1

def calls(seconds):
    end = time.perf_counter() + seconds
    n = 0
    while time.perf_counter() < end:
        for _ in range(100):
            n = leaf(leaf(leaf(n)))
    return n

def loop(seconds):
    end = time.perf_counter() + seconds
    n = 0
    while time.perf_counter() < end:
        for i in range(300):
            n += i
    return n

a = time.perf_counter()
calls(0.4)
b = time.perf_counter()
loop(0.4)
c = time.perf_counter()
with open(sys.argv[1], "w") as f:
    json.dump({"calls": b - a, "loop": c - b, "wall": time.perf_counter() - t0}, f)
'''

RAISES = '''
import time

def parse():
    end = time.perf_counter() + 0.05
    while time.perf_counter() < end:
        pass
    raise ValueError("bad input line 3")

parse()
'''

EXITS = '''
import sys
print("leaving")
sys.exit(3)
'''

THREADS = '''
import threading, time

def work():
    end = time.perf_counter() + 0.2
    while time.perf_counter() < end:
        pass

def rest():
    time.sleep(0.2)

threads = [threading.Thread(target=work, name="worker"),
           threading.Thread(target=rest, name="sleeper")]
for t in threads:
    t.start()
work()
for t in threads:
    t.join()
'''


def check(ok, name, detail=""):
    results.append((bool(ok), name, detail))


def write(folder, name, text):
    path = os.path.join(folder, name)
    with open(path, "w") as f:
        f.write(text)
    return path


def profile(folder, *args, stdin=None):
    return subprocess.run([hearth, "--profile", "--no-window", "--python", sys.executable,
                           *args], cwd=folder, capture_output=True, text=True, timeout=120,
                          input=stdin)


def hearth_print(mode, path, *extra):
    proc = subprocess.run([hearth, "--print", mode, *extra, path], capture_output=True,
                          text=True, timeout=120)
    return proc.stdout if proc.returncode == 0 else None


def folded_chains(path):
    """{chain of names, root first: seconds} from --print folded (microseconds)."""
    out = hearth_print("folded", path, "--cutoff", "0") or ""
    chains = {}
    for line in out.splitlines():
        stack, _, value = line.rpartition(" ")
        names = tuple(frame.split(" (")[0] for frame in stack.split(";"))
        chains[names] = chains.get(names, 0) + int(value) / 1e6
    return chains


def total(path):
    out = hearth_print("summary", path) or ""
    for line in out.splitlines():
        if line.startswith("total: "):
            return float(line[len("total: "):])
    return None


def helper_chains(chains):
    """The chains through helper, from the caller of helper to its callee."""
    found = {}
    for names, seconds in chains.items():
        if "helper" in names:
            i = names.index("helper")
            key = names[max(i - 1, 0):i + 2]
            found[key] = found.get(key, 0) + seconds
    return found


def chart_calls(path):
    """The names of the blocks at depth 1 of --print chart, a repeat in a row once (a sample
    between two calls of the same function ends the first block)."""
    names = []
    for line in (hearth_print("chart", path) or "").splitlines():
        _, _, depth, frame = line.split("\t")
        name = frame.split(" (")[0]
        if depth == "1" and (not names or names[-1] != name):
            names.append(name)
    return names


def test_chains(folder):
    script = write(folder, "chains.py", CHAINS)
    for sample, out in ((False, "chains.prof"), (True, "chains.speedscope.json")):
        proc = profile(folder, *(["--sample"] if sample else []), "--", script)
        what = "sampler" if sample else "cProfile"
        check(proc.returncode == 0 and os.path.getsize(os.path.join(folder, out)) > 0,
              "%s: the script runs and %s is written" % (what, out), proc.stderr)
        chains = helper_chains(folded_chains(os.path.join(folder, out)))
        whole = sum(chains.values()) or 1
        shares = {k: v / whole for k, v in chains.items()}
        if sample:
            want = {("prepare", "helper", "load"), ("analyze", "helper", "smooth")}
            check(set(shares) == want and all(s > 0.2 for s in shares.values()),
                  "sampler: exactly the two true chains through helper", repr(shares))
            check(chart_calls(os.path.join(folder, out)) == ["prepare", "analyze"] * 2,
                  "sampler: --print chart has the calls under <module> in the order made",
                  repr(chart_calls(os.path.join(folder, out))))
            continue
        # cProfile keeps helper's time per caller and per callee, not per chain: each chain
        # is estimated as its caller's share times its callee's share, which the equal work
        # makes about a quarter (a busy machine stretching one call can move them far: the
        # rule is checked, not the quarter)
        full = {k: v for k, v in shares.items() if len(k) == 3}
        caller = {c: sum(v for k, v in full.items() if k[0] == c) for c in ("prepare", "analyze")}
        callee = {c: sum(v for k, v in full.items() if k[2] == c) for c in ("load", "smooth")}
        check(len(full) == 4 and all(v > 0.02 for v in full.values()) and
              all(abs(v - caller[k[0]] * callee[k[2]]) < 0.03 for k, v in full.items()),
              "cProfile: four estimated quarter chains through helper", repr(shares))


def test_balance(folder):
    script = write(folder, "half.py", HALF)
    measured = os.path.join(folder, "half.json")
    proc = profile(folder, "--sample", "--out", "half.speedscope.json", "--", script, measured)
    check(proc.returncode == 0, "sampler: the half-calls/half-loop script runs", proc.stderr)
    if proc.returncode != 0:
        return
    with open(measured) as f:
        truth = json.load(f)
    path = os.path.join(folder, "half.speedscope.json")
    calls = loop = 0.0
    for names, seconds in folded_chains(path).items():
        if "calls" in names:
            calls += seconds
        elif "loop" in names:
            loop += seconds
    share = 100 * calls / (calls + loop) if calls + loop > 0 else 0
    true_share = 100 * truth["calls"] / (truth["calls"] + truth["loop"])
    check(abs(share - true_share) <= 3,
          "sampler: call-heavy code gets its share of the time within 3 points",
          "sampled %.2f %%, measured by the script %.2f %%" % (share, true_share))
    got = total(path) or 0
    check(abs(got - truth["wall"]) <= 0.02 * truth["wall"],
          "sampler: the total is the script's wall time within 2 %",
          "total %.4f s, wall %.4f s" % (got, truth["wall"]))
    print("# calls share: sampled %.2f %%, measured %.2f %%; total %.4f s, wall %.4f s"
          % (share, true_share, got, truth["wall"]))


def test_failures(folder):
    raises = write(folder, "raises.py", RAISES)
    exits = write(folder, "exits.py", EXITS)
    for sample in (False, True):
        what = "sampler" if sample else "cProfile"
        flags = ["--sample"] if sample else []
        out = "raises.speedscope.json" if sample else "raises.prof"
        proc = profile(folder, *flags, "--", raises)
        check(proc.returncode == 1 and "Traceback" in proc.stderr and
              "ValueError: bad input line 3" in proc.stderr and
              "hearth-sampler" not in proc.stderr,
              "%s: a script that raises gives its traceback and status 1" % what, proc.stderr)
        path = os.path.join(folder, out)
        check(out in proc.stderr and "part that ran" in proc.stderr and
              "parse" in (hearth_print("folded", path, "--cutoff", "0") or ""),
              "%s: the profile of the part that ran is written and said so" % what,
              proc.stderr)
        proc = profile(folder, *flags, "--", exits)
        check(proc.returncode == 3 and proc.stdout == "leaving\n",
              "%s: sys.exit (3) is passed on" % what, "%d %r" % (proc.returncode, proc.stdout))

    proc = profile(folder, "--sample", "--", os.path.join(folder, "missing.py"))
    check(proc.returncode == 2 and not os.path.exists(os.path.join(folder, "missing.prof"))
          and not os.path.exists(os.path.join(folder, "missing.speedscope.json")),
          "a script that is not there: status 2 and no file left behind", proc.stderr)


# Waits in a call that blocks, after saying so in argv[1].
WAITS = '''
import sys, time

def wait():
    open(sys.argv[1], "w").close()
    time.sleep(60)

wait()
'''


def test_module_and_interrupt(folder):
    os.mkdir(os.path.join(folder, "tool"))
    write(folder, os.path.join("tool", "__init__.py"), "")
    write(folder, os.path.join("tool", "__main__.py"),
          "import sys\nprint(sys.argv[1:])\nsys.exit(4)\n")
    for flags, out in (([], "tool.prof"), (["--sample"], "tool.speedscope.json")):
        proc = profile(folder, *flags, "--", "-m", "tool", "a", "b")
        check(proc.returncode == 4 and proc.stdout == "['a', 'b']\n" and
              os.path.exists(os.path.join(folder, out)),
              "%s: -m MODULE runs with its arguments, its status passed on"
              % ("sampler" if flags else "cProfile"), proc.stderr)

    # Ctrl+C in the terminal reaches the whole process group: the script stops, the part that
    # ran is written, and Hearth passes the status on
    script = write(folder, "waits.py", WAITS)
    started = os.path.join(folder, "started")
    proc = subprocess.Popen([hearth, "--profile", "--sample", "--no-window", "--python",
                             sys.executable, "--out", "w.json", "--", script, started],
                            cwd=folder, stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                            text=True, start_new_session=True)
    for _ in range(600):
        if os.path.exists(started) or proc.poll() is not None:
            break
        time.sleep(0.05)
    time.sleep(0.2)
    os.killpg(proc.pid, signal.SIGINT)
    _, err = proc.communicate(timeout=60)
    chains = folded_chains(os.path.join(folder, "w.json"))
    check(proc.returncode == 130 and "part that ran" in err and
          any(names[-1] == "wait" for names in chains),
          "sampler: Ctrl+C stops the script, the part that ran is written, status 130",
          "%d %s %r" % (proc.returncode, err, chains))


def test_names(folder):
    script = write(folder, "exits.py", EXITS)
    before = set(os.listdir(folder))
    for _ in range(2):
        profile(folder, "--", script)
    made = set(os.listdir(folder)) - before
    check(made == {"exits.prof", "exits-2.prof"},
          "the default file name overwrites nothing", repr(sorted(made)))


def test_threads(folder):
    script = write(folder, "threads.py", THREADS)
    proc = profile(folder, "--sample", "--threads", "--out", "t.json", "--", script)
    roots = {}
    for names, seconds in folded_chains(os.path.join(folder, "t.json")).items():
        roots[names[0]] = roots.get(names[0], 0) + seconds
    want = {'Thread "MainThread"', 'Thread "worker"', 'Thread "sleeper"'}
    check(proc.returncode == 0 and set(roots) == want and all(v > 0.1 for v in roots.values()),
          "--threads: a root per thread, named after it", repr(roots))
    # each thread alone (hearth --thread): the three add up to the merged total
    totals = {}
    for spec in ("MainThread", "worker", "sleeper", None):
        summary = hearth_print("summary", os.path.join(folder, "t.json"),
                               *(["--thread", spec] if spec else []))
        for line in (summary or "").splitlines():
            if line.startswith("total: "):
                totals[spec] = float(line[len("total: "):])
    parts = sum(totals.get(s, 0) for s in ("MainThread", "worker", "sleeper"))
    check(len(totals) == 4 and all(v > 0.1 for v in totals.values()) and
          abs(parts - totals[None]) <= 1e-6 * totals[None],
          "--thread NAME: each thread of a --threads run alone, adding up to the whole",
          repr(totals))


def test_input(folder):
    # in a terminal the script reads what Hearth is given: `hearth --profile -- s.py < data`
    script = write(folder, "reads.py", "print('got', input())\n")
    for flags in ((), ("--sample",)):
        proc = profile(folder, *flags, "--", script, stdin="typed line\n")
        check(proc.returncode == 0 and proc.stdout == "got typed line\n",
              "%s: the script reads Hearth's input" % ("sampler" if flags else "cProfile"),
              proc.stdout + proc.stderr)


def main():
    with tempfile.TemporaryDirectory() as folder:
        for test in (test_chains, test_balance, test_failures, test_module_and_interrupt,
                     test_names, test_threads, test_input):
            sub = os.path.join(folder, test.__name__)
            os.mkdir(sub)
            test(sub)
    print("1..%d" % len(results))
    for i, (ok, name, detail) in enumerate(results, 1):
        print("%s %d - %s" % ("ok" if ok else "not ok", i, name))
        if not ok and detail:
            for line in str(detail).splitlines():
                print("#   " + line)
    return 0


if __name__ == "__main__":
    sys.exit(main())
