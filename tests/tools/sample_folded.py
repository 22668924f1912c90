#!/usr/bin/python3
# sample_folded.py - a small sampling profiler: runs a Python script and writes its stacks
# in py-spy's `--format raw --full-filenames` form (FUNC (FILE:LINE);... COUNT).
#
# Copyright 2026 The Hearth authors
#
# SPDX-License-Identifier: GPL-3.0-or-later
#
# Usage: sample_folded.py OUT INTERVAL_MS SCRIPT ARGS...
# Used by deep_docutils.sh to record tests/data/deep_docutils.folded.gz.

import collections
import runpy
import sys
import threading
import time


def frames_of(frame):
    stack = []
    while frame is not None:
        code = frame.f_code
        line = frame.f_lineno
        if line:
            stack.append("%s (%s:%d)" % (code.co_name, code.co_filename, line))
        else:
            stack.append("%s (%s)" % (code.co_name, code.co_filename))
        frame = frame.f_back
    stack.reverse()
    return ";".join(stack)


def main():
    out, interval = sys.argv[1], float(sys.argv[2]) / 1000
    script = sys.argv[3]
    sys.argv = sys.argv[3:]
    target = threading.main_thread().ident
    counts = collections.Counter()
    done = threading.Event()

    def sample():
        while not done.wait(interval):
            frame = sys._current_frames().get(target)
            if frame is not None:
                counts[frames_of(frame)] += 1

    # the sampler needs the GIL as often as it wakes up
    sys.setswitchinterval(interval / 2)
    sampler = threading.Thread(target=sample, daemon=True)
    sampler.start()
    try:
        runpy.run_path(script, run_name="__main__")
    except SystemExit:
        pass
    finally:
        done.set()
        sampler.join()
    with open(out, "w", encoding="utf-8") as f:
        for stack, count in sorted(counts.items()):
            f.write("%s %d\n" % (stack, count))


if __name__ == "__main__":
    main()
