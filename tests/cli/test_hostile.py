#!/usr/bin/env python3
# Hostile input: every file below ends in one line on stderr naming the file, exit status 1,
# in bounded time and memory (an address-space limit of 1.5 GB, 10 s), and no output file
# left behind. The inputs are made here, most of them large only once decompressed.
# Prints TAP. Usage: test_hostile.py HEARTH
#
# Copyright 2026 The Hearth authors
# SPDX-License-Identifier: GPL-3.0-or-later

import json
import marshal
import os
import random
import re
import resource
import subprocess
import sys
import tempfile
import threading
import time
import zlib

hearth = sys.argv[1]
results = []
ADDRESS_SPACE = 1536 << 20
SECONDS = 10


def sanitized():
    """ASan reserves terabytes of address space: no limit can be set under it."""
    with open(hearth, "rb") as f:
        return b"__asan_init" in f.read()


SANITIZED = sanitized()
# CPU seconds a run may take (RLIMIT_CPU: a loaded machine does not make it run out), and the
# wall-clock time after which it counts as hung
SECONDS_LIMIT = SECONDS * (6 if SANITIZED else 1)
WALL_LIMIT = SECONDS_LIMIT * 6


def limit(address_space=ADDRESS_SPACE):
    if not SANITIZED:
        resource.setrlimit(resource.RLIMIT_AS, (address_space, address_space))
    resource.setrlimit(resource.RLIMIT_CORE, (0, 0))
    resource.setrlimit(resource.RLIMIT_CPU, (SECONDS_LIMIT, SECONDS_LIMIT + 1))


def run(args, stdin=subprocess.DEVNULL, address_space=ADDRESS_SPACE):
    start = time.monotonic()
    try:
        proc = subprocess.run([hearth, *args], capture_output=True, stdin=stdin,
                              preexec_fn=lambda: limit(address_space), timeout=WALL_LIMIT)
    except subprocess.TimeoutExpired:
        return None, "", time.monotonic() - start
    return proc.returncode, proc.stderr.decode(errors="replace"), time.monotonic() - start


def check(ok, name, detail=""):
    results.append((ok, name, detail))


def expect_error(name, path, words, args=None, stdin=subprocess.DEVNULL, shown=None,
                 address_space=ADDRESS_SPACE, alternative=None):
    """hearth --print summary PATH (or ARGS) fails with one line naming the file and
    holding every one of WORDS (or of ALTERNATIVE)."""
    code, err, took = run(args or ["--print", "summary", path], stdin, address_space)
    lines = err.splitlines()
    prefix = "hearth: %s: " % (shown or path)
    ok = (code == 1 and len(lines) == 1 and lines[0].startswith(prefix) and
          any(all(w in lines[0] for w in choice)
              for choice in (words, alternative) if choice is not None))
    check(ok, name, "status %s after %.1f s, stderr %r" % (code, took, err))


def gzip_bomb(path, prefix, fill, size):
    """A gzip file of @prefix then @fill repeated to @size bytes, written in little time:
    after a full flush, deflate gives the same bytes for the same block."""
    block = fill * (1 << 20) if len(fill) < (1 << 20) else fill
    c = zlib.compressobj(9, zlib.DEFLATED, 31)
    head = c.compress(prefix + block) + c.flush(zlib.Z_FULL_FLUSH)
    again = c.compress(block) + c.flush(zlib.Z_FULL_FLUSH)
    with open(path, "wb") as f:
        f.write(head)
        for _ in range(size // len(block)):
            f.write(again)
        f.write(c.flush())


def nested_evented(path, depth, closes=True, frames=1):
    events = ['{"type":"O","frame":%d,"at":%d}' % (i % frames, i) for i in range(depth)]
    if closes:
        events += ['{"type":"C","frame":%d,"at":%d}' % ((depth - 1 - i) % frames, depth + i)
                   for i in range(depth)]
    shared = ",".join('{"name":"f%d","file":"deep.py","line":%d}' % (i, i + 1)
                      for i in range(frames))
    with open(path, "w") as f:
        f.write('{"$schema":"https://www.speedscope.app/file-format-schema.json",'
                '"shared":{"frames":[%s]},"profiles":[{"type":"evented","name":"deep",'
                '"unit":"milliseconds","startValue":0,"endValue":%d,"events":[%s]}]}'
                % (shared, 2 * depth, ",".join(events)))


def expect_loads(name, path, total):
    """Loads within the limits, with the total (in seconds) of the file."""
    start = time.monotonic()
    try:
        proc = subprocess.run([hearth, "--print", "summary", path], capture_output=True,
                              text=True, preexec_fn=limit, timeout=WALL_LIMIT)
    except subprocess.TimeoutExpired:
        check(False, name, "timed out")
        return
    fields = dict(line.partition(": ")[::2] for line in proc.stdout.splitlines())
    ok = proc.returncode == 0 and abs(float(fields.get("total", "nan")) - total) < 1e-9
    check(ok, name, "status %s after %.1f s: %r %r" % (proc.returncode,
                                                      time.monotonic() - start,
                                                      proc.stderr, fields.get("total")))


with tempfile.TemporaryDirectory() as tmp:
    def at(name):
        return os.path.join(tmp, name)

    # Nested evented speedscope: linear in the events, not in depth squared.
    nested_evented(at("deep16k.json"), 16000)
    expect_loads("evented speedscope nested 16,000 deep loads", at("deep16k.json"), 31.999)
    nested_evented(at("deep100k.json"), 100000)
    expect_loads("evented speedscope nested 100,000 deep loads", at("deep100k.json"), 199.999)
    nested_evented(at("open.json"), 300000, closes=False)
    expect_error("300,000 opens and no close", at("open.json"), ["more than 100000 frames"])

    # Decompression bombs, one per format.
    gzip_bomb(at("bomb.prof.gz"), b"\xfb", b"\xa9\x03", 4 << 30)
    expect_error("pstats gzip bomb", at("bomb.prof.gz"), ["too large", "after decompression"])
    gzip_bomb(at("bomb.json.gz"),
              b'{"$schema": "https://www.speedscope.app/file-format-schema.json", '
              b'"profiles": [', b" ", 4 << 30)
    expect_error("speedscope gzip bomb", at("bomb.json.gz"), ["too large", "after decompression"])
    gzip_bomb(at("newlines.folded.gz"), b"", b"\n", 4 << 30)
    expect_error("folded gzip bomb of newlines", at("newlines.folded.gz"), ["not a profile"])
    gzip_bomb(at("stacks.folded.gz"), b"", b"main;work;leaf 1\n" * 61681, 4 << 30)
    expect_error("folded gzip bomb of stack lines", at("stacks.folded.gz"),
                 ["too large", "after decompression"])
    # the ratio stops it soon after its first 64 MB, however much a reader asks for at once
    # (with no address space limit, the folded reader takes big parts on all cores)
    _, err, _ = run(["--print", "summary", at("stacks.folded.gz")],
                    address_space=resource.RLIM_INFINITY)
    stopped = re.search(r"more than ([0-9.]+)\s*MB after decompression", err)
    check(stopped is not None and float(stopped.group(1)) < 128,
          "folded gzip bomb stopped within 128 MB", err)

    # Files that are no files, and endless ones.
    os.mkfifo(at("fifo"))
    expect_error("a FIFO with no writer", at("fifo"), ["not a regular file"])
    expect_error("/dev/urandom", "/dev/urandom", ["not a regular file"])
    with open("/dev/urandom", "rb") as urandom:
        # Random bytes start like a marshalled object about one time in eight: then the
        # endless stream meets the memory budget instead.
        expect_error("/dev/urandom as standard input", "-", ["not a profile"], stdin=urandom,
                     alternative=["too large"])
    with open("/dev/zero", "rb") as zero:
        expect_error("/dev/zero as standard input", "-", ["not a profile"], stdin=zero)

    # Not a profile, said so.
    rng = random.Random(20)
    with open(at("blob.bin"), "wb") as f:
        f.write(bytes(rng.randrange(256) for _ in range(1 << 20)))
    expect_error("a random binary blob", at("blob.bin"), ["not a profile", "speedscope"])
    with open(at("blob-nonul.bin"), "wb") as f:
        f.write(bytes(rng.randrange(1, 256) for _ in range(1 << 20)))
    expect_error("a random blob without NUL bytes", at("blob-nonul.bin"), ["not a profile"])
    with open(at("list.prof"), "wb") as f:
        marshal.dump([("a.py", 1, "f"), 2, 3.0], f)
    expect_error("a marshalled list", at("list.prof"),
                 ["a pstats file holds a dict; this one holds a list"])

    # Out of memory under the address-space limit: refused, not aborted.
    with open(at("big.json"), "w") as f:
        f.write('{"$schema": "https://www.speedscope.app/file-format-schema.json", '
                '"profiles": [' + " " * (400 << 20) + "]}")
    expect_error("a JSON file too large for the memory", at("big.json"), ["too large"])

    # A plain .prof larger than its share of 512 MB: refused before the reader runs out.
    one = marshal.dumps({("/src/m.py", 1, "f"): (1, 1, 0.5, 1.0,
                                                 {("/src/n.py", 2, "g"): (1, 1, 0.5, 1.0)})}, 2)
    with open(at("big.prof"), "wb") as f:
        f.write(one[:1] + one[1:-1] * (80000000 // (len(one) - 2)) + b"0")
    if not SANITIZED:
        expect_error("an 80 MB .prof under 512 MB", at("big.prof"), ["too large: more than"],
                     address_space=512 << 20)

    # Distinct frames are what the memory grows with: counted against the budget, here a
    # quarter of 512 MB. (Under ASan there is no address-space limit, so no small budget.)
    if not SANITIZED:
        with open(at("distinct.folded"), "w") as f:
            f.write("".join("f%d 1\n" % i for i in range(1200000)))
        expect_error("1.2 million distinct frames under 512 MB", at("distinct.folded"),
                     ["too large", "distinct stack frames"], address_space=512 << 20)

    # Export: the same error, and no output file.
    out = at("out.svg")
    expect_error("export of a bomb leaves no file", at("bomb.json.gz"), ["too large"],
                 args=["--export", out, at("bomb.json.gz")])
    check(not os.path.exists(out), "no output file after a failed export")

    # A .prof cut while it is read (a profiler still writing): an error or a profile,
    # never a signal.
    stats = {("/src/m%d.py" % i, i, "f%d" % i): (1, 1, 0.5, 1.0, {("/src/m0.py", 0, "f0"):
                                                                  (1, 1, 0.5, 1.0)})
             for i in range(300000)}
    data = marshal.dumps(stats)
    died = []
    for pause in (0, 0.02, 0.05, 0.1, 0.2):
        with open(at("cut.prof"), "wb") as f:
            f.write(data)
        proc = subprocess.Popen([hearth, "--print", "summary", at("cut.prof")],
                                stdout=subprocess.DEVNULL, stderr=subprocess.PIPE,
                                preexec_fn=limit)
        time.sleep(pause)
        os.truncate(at("cut.prof"), len(data) // 3)
        _, err = proc.communicate(timeout=WALL_LIMIT)
        if proc.returncode not in (0, 1) or len(err.splitlines()) > 1:
            died.append((proc.returncode, err))
    check(not died, "a .prof cut while it is read", repr(died))

    # A UTF-16 folded file with a byte-order mark is decoded.
    with open(at("utf16.folded"), "wb") as f:
        f.write("\ufeffmain;work 3\nmain;rest 1\n".encode("utf-16-le"))
    code, err, _ = run(["--print", "summary", at("utf16.folded")])
    check(code == 0, "UTF-16 LE folded file with a byte-order mark", err)

    # Totals: counts print every digit; sums past the largest double are capped and said so.
    with open(at("counts.folded"), "w") as f:
        f.write("main;a 45243426656\nmain;b 45243426656\n")
    out = subprocess.run([hearth, "--print", "summary", at("counts.folded")],
                         capture_output=True, text=True).stdout
    check("total: 90486853312\n" in out, "an integer total prints exactly", out)
    with open(at("huge.speedscope.json"), "w") as f:
        json.dump({"$schema": "https://www.speedscope.app/file-format-schema.json",
                   "shared": {"frames": [{"name": "a"}, {"name": "b"}]},
                   "profiles": [{"type": "sampled", "unit": "none", "samples": [[0], [0, 1]],
                                 "weights": [1.7e308, 1.7e308]}]}, f)
    out = subprocess.run([hearth, "--print", "summary", at("huge.speedscope.json")],
                         capture_output=True, text=True).stdout
    check("total: 1.79769313e+308\n" in out and "capped" in out,
          "two weights of 1.7e308: capped, with a warning", out)

print("1..%d" % len(results))
for i, (ok, name, detail) in enumerate(results, 1):
    print("%sok %d - %s" % ("" if ok else "not ", i, name))
    if not ok and detail:
        print("# " + detail.replace("\n", "\n# "))
sys.exit(0)
