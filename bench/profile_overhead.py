#!/usr/bin/env python3
# The cost of profiling a call-heavy script: its run time alone, under cProfile
# (python -m cProfile -o) and under Hearth's sampler at its default rate, as ratios to the
# run alone. The runs take turns, so that a machine getting busier slows all three alike;
# each time is the median of --runs.
#
#   python3 bench/profile_overhead.py [--runs N] [--python INTERPRETER] [--check]
#
# With --check the exit status is 1 unless the sampler costs well under cProfile: at most
# a quarter of cProfile's overhead, and at most 10 %.
#
# Copyright 2026 The Hearth authors
# SPDX-License-Identifier: GPL-3.0-or-later

import argparse
import os
import statistics
import subprocess
import sys
import tempfile
import time

HERE = os.path.dirname(os.path.abspath(__file__))
SAMPLER = os.path.join(HERE, "..", "data", "hearth-sampler.py")

# A fixed amount of work made of small calls (recursion, methods, objects), a few seconds
# alone, so that starting the interpreter and the profilers weighs little.
SCRIPT = '''
class Point:
    def __init__(self, x, y):
        self.x, self.y = x, y

    def moved(self, dx):
        return Point(self.x + dx, self.y)


def fib(n):
    return n if n < 2 else fib(n - 1) + fib(n - 2)


def walk(n):
    p = Point(0, 0)
    for i in range(n):
        p = p.moved(1)
    return p.x


total = 0
for _ in range(20):
    total += fib(22) + walk(100000)
print(total)
'''


def timed(argv, cwd):
    start = time.perf_counter()
    subprocess.run(argv, cwd=cwd, check=True, stdout=subprocess.DEVNULL)
    return time.perf_counter() - start


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--runs", type=int, default=5)
    parser.add_argument("--python", default=sys.executable)
    parser.add_argument("--check", action="store_true")
    args = parser.parse_args()

    with tempfile.TemporaryDirectory() as folder:
        script = os.path.join(folder, "calls.py")
        with open(script, "w") as f:
            f.write(SCRIPT)
        kinds = {
            "alone": [args.python, script],
            "cProfile": [args.python, "-m", "cProfile", "-o", "out.prof", script],
            "sampler": [args.python, SAMPLER, "-o", "out.json", "--", script],
        }
        times = {kind: [] for kind in kinds}
        for _ in range(args.runs):
            for kind, argv in kinds.items():
                times[kind].append(timed(argv, folder))

    median = {kind: statistics.median(t) for kind, t in times.items()}
    for kind in kinds:
        print("%-9s %.3f s (median of %d)" % (kind, median[kind], args.runs))
    cprofile = median["cProfile"] / median["alone"]
    sampler = median["sampler"] / median["alone"]
    print("cProfile ratio: %.2fx" % cprofile)
    print("sampler ratio:  %.2fx" % sampler)
    if args.check and not (sampler - 1 <= 0.25 * (cprofile - 1) and sampler <= 1.10):
        print("the sampler's overhead is not well under cProfile's", file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
