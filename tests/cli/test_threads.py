#!/usr/bin/env python3
# hearth --thread: one thread of a py-spy --threads folded file and one profile of a
# speedscope file printed and exported alone, and the one-line refusal naming the choices.
# Totals worked out by hand from pyspy_two_threads.txt (MainThread 43 + 15, the worker
# 30 + 12). Prints TAP. Usage: test_threads.py HEARTH DATA_DIR
#
# Copyright 2026 The Hearth authors
# SPDX-License-Identifier: GPL-3.0-or-later

import os
import subprocess
import sys
import tempfile

hearth, data = sys.argv[1], sys.argv[2]
TWO = os.path.join(data, "pyspy_two_threads.txt")
PROFILES = os.path.join(data, "chart_threads.speedscope.json")
results = []


def check(ok, name, detail=""):
    results.append((ok, name, detail))


def run(*args):
    return subprocess.run([hearth, *args], capture_output=True, text=True, timeout=120)


def total(*args):
    proc = run("--print", "summary", *args)
    for line in proc.stdout.splitlines():
        if line.startswith("total: "):
            return line[len("total: "):]
    return proc.stderr


def test_totals():
    for spec, want in (("1", "58"), ("2", "42"), ("MainThread", "58"), ("17731", "42"),
                       ("thread (17731): Thread-1 (worker)", "42")):
        got = total("--thread", spec, TWO)
        check(got == want, "--thread %s: total %s" % (spec, want), got)
    check(total(TWO) == "100", "without --thread: both threads merged", total(TWO))
    got = total("--thread", "Thread 2", PROFILES)
    check(got == "1", "speedscope --thread 'Thread 2': its 1 s alone", got)
    # two runs of the file added up: the same profiles, each twice as long
    got = total("--merge", "--thread", "Thread 2", PROFILES, PROFILES)
    check(got == "2", "--merge of two speedscope runs, --thread 'Thread 2': 2 s", got)


def test_bars():
    proc = run("--print", "bars", "--thread", "2", TWO)
    chains = [line.split("\t")[-1] for line in proc.stdout.splitlines()]
    check(proc.returncode == 0 and len(chains) == 9 and
          all(c == "all" or c.startswith("all;thread (17731)") for c in chains),
          "--print bars --thread 2: the worker's 9 bars under its root frame", proc.stdout)


def test_unknown():
    proc = run("--print", "summary", "--thread", "nope", TWO)
    lines = proc.stderr.splitlines()
    check(proc.returncode == 1 and proc.stdout == "" and len(lines) == 1 and
          lines[0] == 'hearth: %s: no thread "nope"; the threads: 1 "thread (17715): '
                      'MainThread", 2 "thread (17731): Thread-1 (worker)"' % TWO,
          "an unknown thread: exit 1, one line naming the choices", proc.stderr)
    proc = run("--print", "summary", "--thread", "3", TWO)
    check(proc.returncode == 1 and "no thread \"3\"" in proc.stderr,
          "a number past the last thread is refused", proc.stderr)
    plain = os.path.join(data, "plain_folded.txt")
    proc = run("--print", "bars", "--thread", "1", plain)
    check(proc.returncode == 1 and len(proc.stderr.splitlines()) == 1 and
          "names no threads" in proc.stderr,
          "a file without threads: exit 1, one line", proc.stderr)


def test_export():
    with tempfile.TemporaryDirectory() as tmp:
        out = os.path.join(tmp, "worker.svg")
        proc = run("--export", out, "--thread", "2", TWO)
        text = open(out, encoding="utf-8").read() if os.path.exists(out) else ""
        check(proc.returncode == 0 and "worker" in text and "MainThread" not in text,
              "--export --thread 2: the worker's graph without the main thread", proc.stderr)


def main():
    test_totals()
    test_bars()
    test_unknown()
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
