#!/usr/bin/env python3
# gen_big_prof.py
#
# Copyright 2026 The Hearth authors
# SPDX-License-Identifier: GPL-3.0-or-later
#
# Writes a large, deterministic, cProfile-shaped .prof file for benchmarks.
#
# The file is written with marshal.dump exactly as cProfile does it: a dict of
# (file, line, name) -> (cc, nc, tt, ct, callers), callers mapping a caller
# key to (nc, cc, tt, ct).  As in cProfile's snapshot_stats, every function
# has two key tuples with equal contents: the top-level key, and one caller
# key shared by all the callers dicts it appears in; file names and function
# names are shared string objects.  The marshal writer therefore emits back
# references for repeated strings and caller keys the way real files have them.
#
# Shape: one <module> root of a script in a project folder, functions placed
# in layers (a DAG roughly --depth deep), every function reachable from the
# root, heavy-tailed caller counts (shared helpers and built-ins with
# thousands of callers), built-ins ('~', 0, '<built-in method ...>'),
# site-packages modules, <frozen importlib._bootstrap>, and some direct and
# mutual recursion (nc > cc).  Numbers are consistent for nearly every
# function: tt <= ct, and the callers' edge tt/ct add up to the function's.
#
# Usage: gen_big_prof.py [--functions N] [--edges M] [--seed S] [--depth D] OUT

import argparse
import marshal
import math
import random
import sys

HEARTH_PROJECT = "/home/dev/src/inventory"
HEARTH_SITE = "/home/dev/.venvs/inventory/lib/python3.11/site-packages"

WORDS = (
    "get set load save parse read write build make find check update apply "
    "render format compute merge split join open close send recv fetch store "
    "handle process validate convert encode decode resolve register lookup "
    "iter walk visit emit flush reset init prepare finish collect filter map "
    "reduce sort group count scan match compile execute dispatch wrap unwrap "
    "request response session record row column table index cache config item "
    "node tree graph path file stream buffer token field value key entry user "
    "order price stock report query result batch chunk frame event task job"
).split()

COMMON_NAMES = ("__init__", "__call__", "__iter__", "__next__", "__enter__",
                "__exit__", "__getitem__", "__eq__", "__hash__", "__repr__",
                "get", "run", "wrapper", "inner", "<lambda>", "<genexpr>",
                "<listcomp>", "<dictcomp>", "_call_impl", "forward")

PACKAGES = ("numpy", "pandas", "requests", "urllib3", "sqlalchemy", "jinja2",
            "click", "attr", "yaml", "dateutil", "pytz", "six", "certifi",
            "charset_normalizer", "idna", "markupsafe", "werkzeug", "flask")

BUILTIN_TYPES = ("list", "dict", "str", "bytes", "set", "tuple", "int",
                 "float", "object", "frozenset", "bytearray", "memoryview",
                 "_io.TextIOWrapper", "_io.BufferedReader", "re.Pattern",
                 "numpy.ndarray", "numpy.ufunc", "_thread.lock",
                 "collections.deque", "_sre.SRE_Match", "_csv.reader")

BUILTIN_MODULES = ("builtins", "posix", "math", "_codecs", "_struct", "time",
                   "_imp", "marshal", "numpy.core._multiarray_umath", "_json",
                   "_pickle", "zlib", "_hashlib", "select", "_socket")

FROZEN = ("<frozen importlib._bootstrap>",
          "<frozen importlib._bootstrap_external>", "<frozen posixpath>",
          "<frozen os>", "<frozen abc>", "<frozen _collections_abc>")

# Built-ins that call back into Python code, so they are not leaves.
CALLING_BUILTINS = ("<built-in method builtins.exec>",
                    "<built-in method builtins.__build_class__>",
                    "<method 'sort' of 'list' objects>",
                    "<built-in method builtins.sorted>",
                    "<built-in method builtins.map>",
                    "<built-in method _functools.reduce>")


def hearth_parse_args(argv):
  p = argparse.ArgumentParser(description="Write a large cProfile-shaped .prof file.")
  p.add_argument("--functions", type=int, default=200000)
  p.add_argument("--edges", type=int, default=1000000)
  p.add_argument("--seed", type=int, default=1)
  p.add_argument("--depth", type=int, default=30)
  p.add_argument("out")
  a = p.parse_args(argv)
  if a.functions < 50:
    p.error("--functions must be at least 50")
  if a.depth < 3:
    p.error("--depth must be at least 3")
  return a


class HearthGen:
  def __init__(self, args):
    self.rng = random.Random(args.seed)
    self.n = args.functions
    self.m = args.edges
    self.depth = args.depth
    self.keys = []        # top-level key tuples
    self.caller_keys = [] # caller key tuples (equal to keys, distinct objects)
    self.layer = []
    self.builtin = []     # True for ('~', 0, ...) functions that never call
    self.seen_names = set()
    # cProfile's entries hold the built-ins' descriptions while it writes, so marshal
    # flags each of them as shared; these strings stand in for them.
    self.builtin_names = []
    self.module_bodies = set()

  # ---- names ------------------------------------------------------------

  def word_name(self):
    r = self.rng
    if r.random() < 0.12:
      return r.choice(COMMON_NAMES)
    parts = [r.choice(WORDS) for _ in range(r.randint(1, 3))]
    name = "_".join(parts)
    if r.random() < 0.2:
      name = "_" + name
    return name

  def new_file(self, kind):
    r = self.rng
    while True:
      if kind == "project":
        parts = [r.choice(WORDS) for _ in range(r.randint(1, 3))]
        path = HEARTH_PROJECT + "/inventory/" + "/".join(parts) + ".py"
      else:
        parts = [r.choice(WORDS) for _ in range(r.randint(1, 3))]
        path = HEARTH_SITE + "/" + r.choice(PACKAGES) + "/" + "/".join(parts) + ".py"
      if path not in self.seen_names:
        self.seen_names.add(path)
        return path

  def builtin_name(self, i):
    r = self.rng
    if r.random() < 0.5:
      return "<method '%s_%d' of '%s' objects>" % (r.choice(WORDS), i, r.choice(BUILTIN_TYPES))
    return "<built-in method %s.%s_%d>" % (r.choice(BUILTIN_MODULES), r.choice(WORDS), i)

  # ---- functions ----------------------------------------------------------

  def add_function(self, filename, line, name, layer, builtin):
    key = (filename, line, name)
    # Same contents, different tuple object: what cProfile's label() gives (with a new
    # line number object each time: co_firstlineno makes one per access).
    caller_key = (filename, hearth_fresh(line), name)
    if builtin or filename == "~":
      self.builtin_names.append(name)
    self.keys.append(key)
    self.caller_keys.append(caller_key)
    self.layer.append(layer)
    self.builtin.append(builtin)

  def pick_layer(self):
    # A bump: few functions near the root, most in the middle layers.
    x = self.rng.betavariate(2.0, 2.5)
    return 1 + min(self.depth - 2, int(x * (self.depth - 1)))

  def make_functions(self):
    r = self.rng
    n = self.n
    root_file = HEARTH_PROJECT + "/main.py"
    self.add_function(root_file, 1, sys.intern("<module>"), 0, False)
    self.add_function("~", 0, "<method 'disable' of '_lsprof.Profiler' objects>", 1, True)
    self.exec_function = len(self.keys)
    for i, name in enumerate(CALLING_BUILTINS):
      self.add_function("~", 0, name, 1 + i % 3, False)
    kinds = (("project", 0.42), ("site", 0.38), ("frozen", 0.02), ("builtin", 0.18))
    file_names = {"project": [], "site": [], "frozen": []}
    used = set(self.keys)
    self.fill(n - n // 100, kinds, file_names, used)
    # Module bodies of the imported files, run by importlib through exec.
    for kind in ("project", "site"):
      for filename in file_names[kind]:
        key = (filename, 1, "<module>")
        if key not in used and len(self.keys) < n:
          used.add(key)
          self.module_bodies.add(len(self.keys))
          self.add_function(filename, 1, sys.intern("<module>"), 2 + r.randint(0, 2), False)
    self.fill(n, kinds, file_names, used)

  def fill(self, n, kinds, file_names, used):
    r = self.rng
    i = len(self.keys)
    while len(self.keys) < n:
      i += 1
      u = r.random()
      for kind, share in kinds:
        if u < share:
          break
        u -= share
      layer = self.pick_layer()
      if kind == "builtin":
        key = ("~", 0, self.builtin_name(i))
        # Built-ins sit deep: they are the leaves of the call graph.
        layer = max(layer, r.randint(2, self.depth - 1))
      else:
        pool = file_names[kind]
        if kind == "frozen":
          if not pool:
            pool.extend(FROZEN)
        elif not pool or r.random() < 0.1:
          pool.append(self.new_file(kind))
        filename = r.choice(pool)
        key = (filename, r.randint(1, 4000), sys.intern(self.word_name()))
      if key in used:
        continue
      used.add(key)
      self.add_function(key[0], key[1], key[2], layer, kind == "builtin")

  # ---- edges --------------------------------------------------------------

  def make_edges(self):
    r = self.rng
    n = len(self.keys)
    order = sorted(range(n), key=lambda f: self.layer[f])
    self.order = order
    # Callable functions sorted by layer; prefix [0, start[L]) is every
    # possible caller of a function in layer L.
    callable_sorted = [f for f in order if not self.builtin[f]]
    start = [0] * (self.depth + 2)
    for f in callable_sorted:
      start[self.layer[f] + 1] += 1
    for L in range(1, self.depth + 2):
      start[L] += start[L - 1]
    self.callers = [[] for _ in range(n)]   # edges [caller, nc, recursive, callee]
    self.callees = [[] for _ in range(n)]
    weights = []
    for f in range(n):
      w = r.paretovariate(1.15)
      if self.builtin[f]:
        w *= 3.0
      weights.append(min(w, 50000.0))
    spare = max(0, self.m - n)
    total_w = sum(weights) or 1.0
    for f in order:
      L = self.layer[f]
      if L == 0 or f == 1:
        continue   # the root and the profiler's disable() have no caller
      lo_pool = start[L]        # callers live in layers < L
      prev_lo = start[L - 1]    # the layer just above
      if lo_pool == 0:
        continue
      want = 1 + int(spare * weights[f] / total_w + r.random())
      want = min(want, lo_pool, 30000)
      chosen = set()
      if f in self.module_bodies:
        chosen.add(self.exec_function)
      # One caller from the previous layer keeps the graph deep.
      if prev_lo < lo_pool:
        chosen.add(callable_sorted[r.randrange(prev_lo, lo_pool)])
      tries = 0
      while len(chosen) < want and tries < want * 3:
        tries += 1
        if r.random() < 0.5 and L >= 2:
          back = min(L - 1, 1 + int(r.expovariate(0.5)))
          a, b = start[L - back], start[L - back + 1]
          if a >= b:
            continue
          g = callable_sorted[r.randrange(a, b)]
        else:
          g = callable_sorted[r.randrange(0, lo_pool)]
        chosen.add(g)
      for g in sorted(chosen):
        e = [g, 0, False, f]
        self.callers[f].append(e)
        self.callees[g].append(e)
    self.add_recursion()

  def add_recursion(self):
    r = self.rng
    n = len(self.keys)
    self.self_rec = set()
    self.back_edges = []
    for f in range(2, n):
      if self.builtin[f] or self.layer[f] == 0:
        continue
      u = r.random()
      if u < 0.01:
        self.callers[f].append([f, 0, True, f])
        self.self_rec.add(f)
      elif u < 0.015:
        # Mutual recursion: a callee of f calls f again.
        py_callees = [e[3] for e in self.callees[f] if not self.builtin[e[3]]]
        if py_callees:
          h = r.choice(py_callees)
          self.callers[f].append([h, 0, True, f])
          self.back_edges.append((h, f))

  # ---- numbers ------------------------------------------------------------

  def make_numbers(self):
    r = self.rng
    n = len(self.keys)
    nc = [0] * n
    nc[0] = 1
    nc[1] = 1
    for f in self.order:
      if f in (0, 1):
        continue
      total = 0
      for e in self.callers[f]:
        g, _, rec, _ = e
        if rec:
          continue
        per = math.exp(r.gauss(0.0, 1.3))
        calls = max(1, min(200000, int(max(1, nc[g]) * per * 0.3 + 0.5)))
        if self.layer[f] >= 8:
          calls = min(calls, 1 + int(5000 * r.random()))
        e[1] = calls
        total += calls
      nc[f] = total
    cc = list(nc)
    for f in range(n):
      for e in self.callers[f]:
        if e[2]:
          e[1] = max(1, int(cc[f] * math.exp(r.gauss(1.0, 1.0))))
          e[1] = min(e[1], 1000000)
          nc[f] += e[1]
    self.nc, self.cc = nc, cc
    tt = [0.0] * n
    for f in range(n):
      per_call = math.exp(r.gauss(-13.0 if self.builtin[f] else -11.5, 1.0))
      tt[f] = nc[f] * per_call
    tt[1] = 0.0
    # ct bottom-up: own time plus each forward callee's share for this caller.
    ct = [0.0] * n
    for f in reversed(self.order):
      s = tt[f]
      for e in self.callees[f]:
        h = e[3]
        if cc[h]:
          s += ct[h] * e[1] / cc[h]
      ct[f] = s
    self.tt, self.ct = tt, ct

  # ---- output -------------------------------------------------------------

  def stats(self):
    n = len(self.keys)
    out = {}
    callers_dicts = []
    for f in range(n):
      callers = {}
      callers_dicts.append(callers)
      out[self.keys[f]] = (hearth_fresh(self.cc[f]), hearth_fresh(self.nc[f]),
                           hearth_fresh(self.tt[f]), hearth_fresh(self.ct[f]), callers)
    for f in range(n):
      callers = callers_dicts[f]
      nc_f = self.nc[f] or 1
      cc_f = self.cc[f] or 1
      for g, calls, rec, _ in self.callers[f]:
        tt_e = self.tt[f] * calls / nc_f
        if rec:
          # Recursive calls: few are primitive on this edge, ct mostly not counted.
          e_cc = max(1, min(calls, self.cc[f]))
          ct_e = tt_e
        else:
          e_cc = calls
          ct_e = self.ct[f] * calls / cc_f
        callers[self.caller_keys[g]] = (hearth_fresh(calls), hearth_fresh(e_cc),
                                        hearth_fresh(tt_e), hearth_fresh(ct_e))
    return out


# cProfile creates every number of the dict as a new object, held once, so marshal flags
# none of them for back references (small ints aside, which are shared by the interpreter).
# Arithmetic gives a new object for any int outside the small-int cache and for any float.
def hearth_fresh(x):
  return x + 0 if isinstance(x, int) else x + 0.0


def main(argv):
  args = hearth_parse_args(argv)
  gen = HearthGen(args)
  gen.make_functions()
  gen.make_edges()
  gen.make_numbers()
  stats = gen.stats()
  # Only the dict may hold its objects while it is written, as in cProfile: otherwise
  # marshal would flag top-level keys and numbers as shared.
  builtin_names = gen.builtin_names
  del gen
  with open(args.out, "wb") as fp:
    marshal.dump(stats, fp)
  del builtin_names
  edges = sum(len(v[4]) for v in stats.values())
  print("%s: %d functions, %d edges" % (args.out, len(stats), edges), file=sys.stderr)
  return 0


if __name__ == "__main__":
  sys.exit(main(sys.argv[1:]))
