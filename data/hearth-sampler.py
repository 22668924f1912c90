#!/usr/bin/env python3
# Hearth's sampling profiler: runs a Python script (or -m module) in this process and writes
# speedscope sampled JSON whose samples are whole stacks, so every chain is exact.
#
#   hearth-sampler.py [--cpu] [--threads] [--rate HZ] -o OUT -- SCRIPT [ARGS...]
#   hearth-sampler.py [...] -o OUT -- -m MODULE [ARGS...]
#   hearth-sampler.py --cprofile -o OUT.prof -- SCRIPT [ARGS...]
#
# How it samples: an interval timer (SIGALRM, or SIGPROF with --cpu) fires RATE times a
# second; Python runs the handler in the main thread between two bytecodes, and the handler
# reads the stack it interrupted (with --threads, sys._current_frames () for the others,
# which wait for the interpreter lock meanwhile), so every stack is whole and consistent
# however many calls the code makes, and no tick is dropped. A background sampling thread
# would have to win the interpreter lock from the script at each tick: on a busy machine
# that takes tens of milliseconds, at the mercy of the scheduler. A tick comes late while
# the script is in a C call that holds the lock, or while the process waits for a CPU; each
# sample carries the time since the previous one, so that time still counts, and the handler
# runs right after the C call returns, in the frame that made it. Wall-clock time by
# default; with --cpu each thread's own CPU clock. The script's own SIGALRM (SIGPROF with
# --cpu) is the sampler's while it runs.
#
# --cprofile runs the script under cProfile the way `python -m cProfile -o` does, but passes
# on the status of sys.exit (python -m cProfile exits with 0 whatever the script asked).
#
# Standard library only; Python 3.8 and later.
#
# Copyright 2026 The Hearth authors
# SPDX-License-Identifier: GPL-3.0-or-later

import builtins
import io
import os
import runpy
import signal
import sys
import threading
import time
import types

SCHEMA = "https://www.speedscope.app/file-format-schema.json"
DEFAULT_RATE = 200
USAGE = ("usage: hearth-sampler.py [--cpu] [--threads] [--rate HZ] [--cprofile] -o OUT "
         "-- SCRIPT [ARGS...] | -m MODULE [ARGS...]")


class Options:
    def __init__(self):
        self.cpu = False
        self.threads = False
        self.cprofile = False
        self.rate = DEFAULT_RATE
        self.out = None
        self.module = None
        self.script = None
        self.args = []


def parse_args(argv):
    o = Options()
    i = 0
    while i < len(argv):
        a = argv[i]
        if a == "--":
            i += 1
            break
        if a == "--cpu":
            o.cpu = True
        elif a == "--threads":
            o.threads = True
        elif a == "--cprofile":
            o.cprofile = True
        elif a in ("-o", "--out", "--rate") and i + 1 < len(argv):
            i += 1
            if a == "--rate":
                o.rate = float(argv[i])
                if not o.rate > 0:
                    raise ValueError("--rate takes a positive number of samples a second")
            else:
                o.out = argv[i]
        else:
            break
        i += 1
    rest = argv[i:]
    if rest[:1] == ["-m"] and len(rest) >= 2:
        o.module, o.args = rest[1], rest[2:]
    elif rest and rest[0] != "-m":
        o.script, o.args = rest[0], rest[1:]
    if o.out is None or (o.module is None and o.script is None):
        raise ValueError(USAGE)
    return o


def own_files():
    """The file names of our code objects and runpy's (`<frozen runpy>` since Python 3.11)."""
    return {own_files.__code__.co_filename, runpy.run_path.__code__.co_filename}


class Sampler:
    """Collects whole stacks (tuples of frame indices, root first) with each thread's clock
    reading when it was taken; the weights are worked out at the end."""

    def __init__(self, options, base):
        self.interval = 1.0 / options.rate
        self.threads = options.threads
        self.cpu = options.cpu
        self.base = base            # the frame that runs the script: it and its callers are ours
        self.own_files = own_files()
        self.own_file = own_files.__code__.co_filename
        self.frames = []            # speedscope frames
        self.code_index = {}        # id (code) -> frame index; self.codes keeps the ids alive
        self.codes = []
        self.thread_index = {}      # thread ident -> root frame index (--threads)
        self.thread_names = set()
        self.stacks = {}            # interning, so equal stacks share one tuple
        self.samples = []           # (thread ident, stack, clock reading), in time order
        self.main = threading.main_thread().ident
        self.cpu_clocks = {}        # thread ident -> its CPU clock id, or None
        self.first = {}             # thread ident -> its clock when the run started, if known
        self.last = {}              # thread ident -> its clock when the run ended
        self.previous_tick = None
        self.ended = False
        self.busy = False

    # frames -------------------------------------------------------------------------------

    def frame_of(self, code):
        index = self.code_index.get(id(code))
        if index is None:
            index = len(self.frames)
            name = getattr(code, "co_qualname", code.co_name)
            self.frames.append({"name": name, "file": code.co_filename,
                                "line": code.co_firstlineno})
            self.code_index[id(code)] = index
            self.codes.append(code)
        return index

    def thread_frame(self, ident):
        index = self.thread_index.get(ident)
        if index is None:
            thread = getattr(threading, "_active", {}).get(ident)
            name = thread.name if thread is not None else str(ident)
            label, n = 'Thread "%s"' % name, 2
            while label in self.thread_names:
                label, n = 'Thread "%s" (%d)' % (name, n), n + 1
            self.thread_names.add(label)
            index = len(self.frames)
            self.frames.append({"name": label, "file": "", "line": 0})
            self.thread_index[ident] = index
        return index

    def stack_of(self, ident, frame):
        leaf_first = []
        base = self.base if ident == self.main else None
        while frame is not None and frame is not base:
            leaf_first.append(frame.f_code)
            frame = frame.f_back
        if base is not None:
            # runpy's frames (and ours) between the script and the base are not the script's,
            # nor is the handler when a tick comes while it starts or ends
            while leaf_first and leaf_first[-1].co_filename in self.own_files:
                leaf_first.pop()
            while leaf_first and leaf_first[0].co_filename == self.own_file:
                del leaf_first[0]
        if not leaf_first:
            return None
        stack = [self.frame_of(c) for c in reversed(leaf_first)]
        if self.threads:
            stack.insert(0, self.thread_frame(ident))
        stack = tuple(stack)
        return self.stacks.setdefault(stack, stack)

    # clocks -------------------------------------------------------------------------------

    def clock(self, ident, now):
        """@ident's clock: the wall clock, or with --cpu its own CPU time (None when gone)."""
        if not self.cpu:
            return now
        if ident not in self.cpu_clocks:
            try:
                self.cpu_clocks[ident] = time.pthread_getcpuclockid(ident)
            except (AttributeError, OSError, OverflowError):
                self.cpu_clocks[ident] = None
        clock = self.cpu_clocks[ident]
        try:
            return time.clock_gettime(clock) if clock is not None else time.process_time()
        except OSError:
            return None

    def begin(self):
        now = time.perf_counter()
        self.previous_tick = now
        self.first[self.main] = self.clock(self.main, now)

    def take(self, main_frame):
        now = time.perf_counter()
        if self.ended:
            return
        frames = sys._current_frames() if self.threads else {}
        frames[self.main] = main_frame
        for ident, frame in frames.items():
            if frame is None:
                continue
            if ident not in self.first:
                # a thread started since the last tick: its CPU clock began at zero
                self.first[ident] = 0.0 if self.cpu else self.previous_tick
            reading = self.clock(ident, now)
            stack = self.stack_of(ident, frame)
            if stack is not None and reading is not None:
                self.samples.append((ident, stack, reading))
        self.previous_tick = now

    def end(self):
        """Called by the main thread the moment the script is over."""
        now = time.perf_counter()
        alive = sys._current_frames()
        for ident in self.first:
            if ident in alive:
                self.last[ident] = self.clock(ident, now)
        self.ended = True

    def weighted(self):
        """(stack, weight) in time order: a sample carries the time since the previous
        sample of its thread, so however late a tick came no time is lost; the time after
        the last tick goes to the last stack. Equal stacks in a row become one sample."""
        before = dict(self.first)
        last_of = {}
        weights = []
        for i, (ident, _, reading) in enumerate(self.samples):
            weights.append(reading - before.get(ident, reading))
            before[ident] = reading
            last_of[ident] = i
        for ident, i in last_of.items():
            if ident in self.last:
                weights[i] += self.last[ident] - before[ident]
        merged = []
        for (ident, stack, _), weight in zip(self.samples, weights):
            if weight <= 0:
                continue
            if merged and merged[-1][0] is stack:
                merged[-1][1] += weight
            else:
                merged.append([stack, weight])
        return merged

    # the timer -----------------------------------------------------------------------------

    def tick(self, signum, frame):
        """The signal handler: Python runs it in the main thread between two bytecodes, so the
        stack is whole, and right after a long C call returns, in the frame that made it."""
        if not self.busy:       # a tick during the handler: the next sample has its time
            self.busy = True
            try:
                self.take(frame)
            finally:
                self.busy = False

    def start(self):
        which, self.signum = ((signal.ITIMER_PROF, signal.SIGPROF) if self.cpu else
                              (signal.ITIMER_REAL, signal.SIGALRM))
        self.saved_handler = signal.signal(self.signum, self.tick)
        # restart interrupted system calls where the system can; Python retries the others
        signal.siginterrupt(self.signum, False)
        self.begin()
        signal.setitimer(which, self.interval, self.interval)
        self.which = which

    def stop(self):
        signal.setitimer(self.which, 0, 0)
        signal.signal(self.signum, self.saved_handler or signal.SIG_DFL)

    def write(self, path, name):
        merged = self.weighted()
        total = sum(w for _, w in merged)
        document = {
            "$schema": SCHEMA,
            "shared": {"frames": self.frames},
            "profiles": [{
                "type": "sampled",
                "name": name,
                "unit": "seconds",
                "startValue": 0,
                "endValue": total,
                "samples": [list(s) for s, _ in merged],
                "weights": [w for _, w in merged],
            }],
            "name": name,
            "activeProfileIndex": 0,
            "exporter": "hearth-sampler",
        }
        import json
        with open(path, "w", encoding="utf-8") as f:
            json.dump(document, f, separators=(",", ":"))


# running the script ---------------------------------------------------------------------

def exit_status(exc):
    """What the interpreter would exit with for @exc (None: the script returned)."""
    if exc is None:
        return 0
    if isinstance(exc, SystemExit):
        code = exc.code
        if code is None:
            return 0
        if isinstance(code, int):
            return code & 0xff
        print(code, file=sys.stderr)
        return 1
    return 1


def print_traceback(exc, own_files):
    """The traceback as Python prints it for a script: without our frames and runpy's."""
    import traceback
    tb = exc.__traceback__
    while tb is not None and tb.tb_frame.f_code.co_filename in own_files:
        tb = tb.tb_next
    traceback.print_exception(type(exc), exc, tb)


def prepare_main(o):
    """sys.argv and sys.path as `python SCRIPT` or `python -m MODULE` sets them."""
    if o.module is not None:
        sys.argv[:] = [o.module] + o.args
        sys.path[0] = os.getcwd()
    else:
        sys.argv[:] = [o.script] + o.args
        sys.path[0] = os.path.dirname(os.path.abspath(o.script))


def compile_script(o):
    """The script's code, compiled before the clock starts; None for what runpy must find
    (a module, a folder or a zip file with a __main__.py) or what does not compile (runpy
    then raises the error as the interpreter would)."""
    path = os.path.abspath(o.script) if o.script is not None else None
    code = None
    if path is not None and os.path.isfile(path):
        with io.open_code(path) as f:
            source = f.read()
        try:
            code = compile(source, path, "exec", dont_inherit=True)
        except (SyntaxError, ValueError):
            pass
    if code is None:
        import pkgutil  # noqa: F401 (runpy imports it on first use: not the script's time)
    return code


def run_script(o, code):
    """Runs the script as runpy does, in a fresh __main__ module."""
    if o.module is not None:
        runpy.run_module(o.module, run_name="__main__", alter_sys=True)
        return
    if code is None:
        runpy.run_path(os.path.abspath(o.script), run_name="__main__")
        return
    module = types.ModuleType("__main__")
    module.__dict__.update(__file__=code.co_filename, __cached__=None, __loader__=None,
                           __package__=None, __spec__=None, __builtins__=builtins)
    saved = sys.modules.get("__main__")
    sys.modules["__main__"] = module
    try:
        exec(code, module.__dict__)
    finally:
        sys.modules["__main__"] = saved


def sample(o):
    code = compile_script(o)
    sampler = Sampler(o, sys._getframe())
    caught = None
    sampler.start()
    try:
        run_script(o, code)
        if o.threads:
            # the interpreter would wait for these before exiting: that time is the run's
            for t in threading.enumerate():
                if t is not threading.current_thread() and not t.daemon:
                    t.join()
    except BaseException as e:      # SystemExit and KeyboardInterrupt too: write what ran
        caught = e
    sampler.end()
    sampler.stop()
    return sampler, caught


def cprofile(o):
    """What cProfile.main () does, keeping the exception."""
    import cProfile
    prof = cProfile.Profile()
    caught = None
    if o.module is not None:
        code = "run_module(modname, run_name='__main__', alter_sys=True)"
        globs = {"run_module": runpy.run_module, "modname": o.module}
    else:
        with open(o.script, "rb") as f:
            code = compile(f.read(), o.script, "exec")
        globs = {"__file__": o.script, "__name__": "__main__", "__package__": None,
                 "__cached__": None, "__builtins__": __builtins__}
    try:
        prof.runctx(code, globs, None)
    except BaseException as e:
        caught = e
    return prof, caught


def main():
    try:
        o = parse_args(sys.argv[1:])
    except ValueError as e:
        print("hearth-sampler: %s" % e, file=sys.stderr)
        return 2
    if o.script is not None and not os.path.exists(o.script):
        # what the interpreter says, and its status; nothing ran, so there is no profile
        print("%s: can't open file %r: [Errno 2] No such file or directory"
              % (os.path.basename(sys.executable), os.path.abspath(o.script)), file=sys.stderr)
        return 2
    name = o.module if o.module is not None else os.path.basename(o.script)
    pid = os.getpid()
    prepare_main(o)

    if o.cprofile:
        result, caught = cprofile(o)
    else:
        result, caught = sample(o)
    sys.stdout.flush()
    status = exit_status(caught)
    if caught is not None and not isinstance(caught, (SystemExit, KeyboardInterrupt)):
        import cProfile
        print_traceback(caught, own_files() | {cProfile.__file__})
    if isinstance(caught, KeyboardInterrupt):
        status = 130

    if os.getpid() != pid:
        return status   # a child the script forked and that returned: the parent writes
    if status != 0:
        name += " (stopped with status %d: the part that ran)" % status
    if o.cprofile:
        result.dump_stats(o.out)
    else:
        result.write(o.out, name)
    return status


if __name__ == "__main__":
    sys.exit(main())
