#!/usr/bin/env python3
# gen_real_prof.py
#
# Copyright 2026 The Hearth authors
# SPDX-License-Identifier: GPL-3.0-or-later
#
# Writes a large .prof file by profiling real Python code with cProfile.
#
# gen_big_prof.py builds the pstats dict itself; this generator writes a program instead
# (thousands of module files of small functions that call each other), runs it under
# cProfile and writes what cProfile.Profile.dump_stats writes. The file therefore
# references names exactly as a real dump does: file names and function names are the
# code objects' strings (marshal back references after their first use), every top-level
# key is a fresh tuple, a caller's key is one tuple shared by the callers dicts it is in,
# small counts are shared ints, built-ins are ('~', 0, description) keys.
#
# Shape: one script whose <module> runs every module body through exec, then calls the
# entry function; each function calls a few others further down (a DAG, about --edges
# caller edges in all), popular helpers have thousands of callers, some functions call
# built-ins, a few recurse once. A function runs its calls on its first call only, so the
# run takes seconds, not hours.
#
# Usage: gen_real_prof.py [--functions N] [--edges M] [--seed S] OUT

import argparse
import cProfile
import marshal
import random
import sys
import types

# the names of the other generator, so that the two files look alike
from gen_big_prof import PACKAGES, WORDS

HEARTH_PROJECT = "/home/dev/src/warehouse"
HEARTH_SITE = "/home/dev/.venvs/warehouse/lib/python3.11/site-packages"

# Built-ins a function may call; each shows as its own ('~', 0, ...) entry.
BUILTIN_CALLS = ("len(S)", "isinstance(S, list)", "min(1, 2)", "max(1, 2)",
                 "abs(-1)", "hash('k')", "getattr(M, 'append')", "sorted(())",
                 "repr(0)", "','.join(())", "'a b'.split()", "{}.get(1)",
                 "[].append(0)", "divmod(7, 2)", "id(S)", "iter(())")

FUNCTIONS_PER_FILE = 50


def hearth_parse_args(argv):
  p = argparse.ArgumentParser(description="Write a .prof file of a real cProfile run.")
  p.add_argument("--functions", type=int, default=200000)
  p.add_argument("--edges", type=int, default=1000000)
  p.add_argument("--seed", type=int, default=1)
  p.add_argument("out")
  a = p.parse_args(argv)
  if a.functions < FUNCTIONS_PER_FILE:
    p.error("--functions must be at least %d" % FUNCTIONS_PER_FILE)
  return a


def hearth_file_names(rng, n_files):
  names, seen = [], set()
  while len(names) < n_files:
    parts = [rng.choice(WORDS) for _ in range(rng.randint(1, 3))]
    if rng.random() < 0.5:
      path = HEARTH_PROJECT + "/warehouse/" + "/".join(parts) + ".py"
    else:
      path = HEARTH_SITE + "/" + rng.choice(PACKAGES) + "/" + "/".join(parts) + ".py"
    if path not in seen:
      seen.add(path)
      names.append(path)
  return names


def hearth_function_name(rng, taken):
  while True:
    name = "_".join(rng.choice(WORDS) for _ in range(rng.randint(1, 3)))
    if rng.random() < 0.2:
      name = "_" + name
    if name not in taken:
      taken.add(name)
      return name


def hearth_call_graph(rng, n, m):
  """Per function, its callees (all further down) and how often it calls each."""
  callees = [dict() for _ in range(n)]
  # Every function but the entry has a caller shortly before it: all are reached.
  for j in range(1, n):
    callees[rng.randrange(max(0, j - 4000), j)][j] = 1
  popular = [rng.randrange(n // 10, n) for _ in range(max(1, n // 200))]
  edges = n - 1
  while edges < m:
    i = rng.randrange(0, n - 1)
    u = rng.random()
    if u < 0.5:
      j = rng.randrange(i + 1, min(n, i + 3000))
    elif u < 0.8:
      j = popular[min(len(popular) - 1, int(rng.paretovariate(1.2)) - 1)]
    else:
      j = rng.randrange(i + 1, n)
    if j <= i or j in callees[i]:
      continue
    callees[i][j] = 1
    edges += 1
  for calls in callees:
    for j in calls:
      u = rng.random()
      calls[j] = 1 if u < 0.8 else rng.randint(2, 5) if u < 0.95 else rng.randint(10, 100)
  return callees


def hearth_sources(rng, n, callees, files):
  """The source of each module file: its functions, in order, and where each one is."""
  where = []   # function -> (module, name)
  for f in range(0, n, FUNCTIONS_PER_FILE):
    taken = set()
    module = f // FUNCTIONS_PER_FILE
    for g in range(f, min(n, f + FUNCTIONS_PER_FILE)):
      where.append((module, hearth_function_name(rng, taken)))
  sources = []
  for module in range(len(files)):
    lines = ["# generated module", ""]
    for g in range(module * FUNCTIONS_PER_FILE, min(n, (module + 1) * FUNCTIONS_PER_FILE)):
      name = where[g][1]
      recursive = rng.random() < 0.01
      lines.append("def %s(again=False):" % name)
      lines.append("    if S[%d] and not again:" % g)
      lines.append("        return")
      lines.append("    S[%d] = 1" % g)
      if recursive:
        lines.append("    if not again:")
        lines.append("        %s(True)" % name)
      for h, times in callees[g].items():
        call = "M[%d].%s()" % where[h] if where[h][0] != module else "%s()" % where[h][1]
        if times == 1:
          lines.append("    " + call)
        else:
          lines.append("    for _ in range(%d): %s" % (times, call))
      if rng.random() < 0.3:
        lines.append("    " + rng.choice(BUILTIN_CALLS))
      lines.append("")
      lines.append("")
    sources.append("\n".join(lines))
  return sources, where


def main(argv):
  args = hearth_parse_args(argv)
  rng = random.Random(args.seed)
  n = args.functions
  n_files = (n + FUNCTIONS_PER_FILE - 1) // FUNCTIONS_PER_FILE
  files = hearth_file_names(rng, n_files)
  callees = hearth_call_graph(rng, n, args.edges)
  sources, where = hearth_sources(rng, n, callees, files)
  del callees
  codes = [compile(src, path, "exec") for src, path in zip(sources, files)]
  del sources

  modules = [types.ModuleType("m%d" % i) for i in range(n_files)]
  state = bytearray(n)
  for module in modules:
    module.M = modules
    module.S = state
  main_src = ("for code, module in zip(CODES, MODULES):\n"
              "    exec(code, module.__dict__)\n"
              "MODULES[%d].%s()\n" % where[0])
  main_code = compile(main_src, HEARTH_PROJECT + "/main.py", "exec")
  scope = {"CODES": codes, "MODULES": modules, "__name__": "__main__"}

  sys.setrecursionlimit(100000)
  profiler = cProfile.Profile()
  profiler.enable()
  exec(main_code, scope)
  profiler.disable()
  # what cProfile.Profile.dump_stats does
  profiler.create_stats()
  with open(args.out, "wb") as fp:
    marshal.dump(profiler.stats, fp)
  edges = sum(len(v[4]) for v in profiler.stats.values())
  print("%s: %d functions, %d edges" % (args.out, len(profiler.stats), edges), file=sys.stderr)
  return 0


if __name__ == "__main__":
  sys.exit(main(sys.argv[1:]))
