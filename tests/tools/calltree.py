#!/usr/bin/env python3
# calltree.py
#
# Copyright 2026 The Hearth authors
#
# SPDX-License-Identifier: GPL-3.0-or-later
"""An independent implementation of Hearth's call-tree walk over a pstats file.

It reads the file with the standard library's pstats module and lays out the
tree the way DESIGN.md and the call-tree issue describe it, so that the C
implementation can be checked against it bar for bar.  It is written for
clarity, not speed: a heap of candidate bars ordered by width, a parent
pointer per bar, and the chain recomputed by walking up whenever it is needed.

Output (--print bars): one line per bar in walk order (depth first, children
widest first):

    DEPTH<TAB>LEFT<TAB>WIDTH<TAB>LOW<TAB>HIGH<TAB>FLAGS<TAB>CHAIN

with the numbers as repr() (17 significant digits) so that comparisons are not
limited by printing.  --print widest lists every bar with self time (its width
less its child bars and its guarded part; less than 1e-9 of the width is rounding, not
self time), the most first, as SELF<TAB>CHAIN.
--print unreached lists the functions of at least 5 % of
the root's time that have no bar.
"""

import argparse
import heapq
import os
import pstats
import sys
import time

FLOOR = 1e-6            # no bar narrower than a millionth of the root
SHRINK_SLACK = 1e-9     # callees may exceed the parent by rounding before it counts
DEFAULT_BUDGET = 2000000


def clamp(value):
    """The value layout uses: 0 for NaN, infinities, negatives, non-numbers, and times
    outside [1e-90, 1e90] (so that edge * width / cumulative cannot overflow)."""
    try:
        value = float(value)
    except (TypeError, ValueError):
        return 0.0
    return value if 1e-90 <= value <= 1e90 else 0.0


def text(value):
    """A key part as text, the way Hearth's reader names it."""
    if isinstance(value, str):
        return value.encode("utf-8", "surrogateescape").decode("utf-8", "replace")
    if isinstance(value, bytes):
        return value.decode("utf-8", "replace")
    co_name = getattr(value, "co_name", None)
    if co_name is not None:
        # python -m profile stores the script's code object as a name
        return "<code object %s>" % co_name
    return str(value)


_normal_keys = {}


def normal_key(key):
    """A pstats key with its names as Hearth's reader stores them."""
    normal = _normal_keys.get(key)
    if normal is None:
        try:
            normal = (text(key[0]), int(key[1]), text(key[2]))
        except TypeError:       # a code object is not hashable in every Python
            return (text(key[0]), int(key[1]), text(key[2]))
        _normal_keys[key] = normal
    return normal


class Graph:
    """Functions, cumulative times and callee edges of a pstats dictionary."""

    def __init__(self, stats):
        self.cum = {}
        self.listed = set()
        self.callees = {}       # caller -> list of (callee, edge cumulative time)
        self.callers = {}       # callee -> set of callers
        for raw_key, value in stats.items():
            key = normal_key(raw_key)
            nc, cum, callers = value[1], value[3], value[4]
            self.listed.add(key)
            self.cum[key] = clamp(cum)
            self.callers.setdefault(key, set())
            for raw_caller, numbers in callers.items():
                caller = normal_key(raw_caller)
                if isinstance(numbers, tuple):
                    edge = clamp(numbers[3])
                else:
                    # the profile module records call counts only: Hearth's reader gives
                    # the edge the callee's time in proportion to its calls
                    share = numbers / nc if nc > 0 else 0.0
                    edge = clamp(cum * share)
                self.callees.setdefault(caller, []).append((key, edge))
                self.callers[key].add(caller)
                self.cum.setdefault(caller, 0.0)
        for key in self.cum:
            self.callers.setdefault(key, set())

    def sort_key(self, key):
        return (key[0], key[1], key[2])

    def has_many_callers(self, key):
        return len(self.callers[key] - {key}) > 1


def is_installed(path):
    parts = path.replace("\\", "/").split("/")
    return "site-packages" in parts or "dist-packages" in parts


def default_root(graph):
    """The <module> with the largest cumulative time that is the user's script."""
    best = None
    for key in graph.cum:
        filename, _, name = key
        if name != "<module>":
            continue
        if filename.startswith("<frozen") or filename == "~" or is_installed(filename):
            continue
        if best is None or (-graph.cum[key], key) < (-graph.cum[best], best):
            best = key
    if best is None:
        for key in graph.listed:
            if best is None or (-graph.cum[key], key) < (-graph.cum[best], best):
                best = key
    return best


def parse_root(graph, spec):
    for index in range(len(spec)):
        if spec[index] != ":":
            continue
        rest = spec[index + 1:]
        digits, sep, name = rest.partition(":")
        if not sep or not digits.isdigit():
            continue
        filename, line = spec[:index], int(digits)
        exact = [k for k in graph.cum if k == (filename, line, name)]
        if exact:
            return exact[0]
        by_base = [k for k in graph.cum
                   if k[1] == line and k[2] == name
                   and os.path.basename(k[0].replace("\\", "/")) == filename]
        if len(by_base) == 1:
            return by_base[0]
    raise SystemExit("calltree.py: no function %r" % spec)


class Bar:
    __slots__ = ("key", "parent", "depth", "left", "width", "low", "high",
                 "estimated", "shrunk", "guarded", "children", "seq")

    def __init__(self, key, parent, depth, left, width, low, high, estimated, shrunk, seq):
        self.key = key
        self.parent = parent
        self.depth = depth
        self.left = left
        self.width = width
        self.low = low
        self.high = high
        self.estimated = estimated
        self.shrunk = shrunk
        self.guarded = 0.0
        self.children = []
        self.seq = seq

    def chain(self):
        bars = []
        bar = self
        while bar is not None:
            bars.append(bar)
            bar = bar.parent
        bars.reverse()
        return bars


class Tree:
    def __init__(self, graph, root, cutoff=0.01, max_repeat=1, budget=DEFAULT_BUDGET):
        self.graph = graph
        self.root_key = root
        self.total = graph.cum[root]
        self.cutoff = max(cutoff, 0.0)
        self.max_repeat = max(max_repeat, 1)
        self.budget = max(budget, 1)
        self.limited_by_budget = False
        self.limited_by_floor = False
        self.bars = []
        self.walk()

    def callees_of(self, bar):
        """(callee, edge, width) of each callee the guard lets through, and the guarded width."""
        graph = self.graph
        on_chain = {}
        for ancestor in bar.chain():
            on_chain[ancestor.key] = on_chain.get(ancestor.key, 0) + 1
        cum = graph.cum[bar.key]
        kept, guarded = [], 0.0
        for callee, edge in graph.callees.get(bar.key, []):
            width = edge * bar.width / cum if cum > 0 else 0.0
            if on_chain.get(callee, 0) >= self.max_repeat:
                guarded += width
            else:
                kept.append((callee, edge, width))
        return kept, guarded

    def walk(self):
        graph = self.graph
        need = max(self.cutoff * self.total, 0.0)
        floor = FLOOR * self.total
        root = Bar(self.root_key, None, 0, 0.0, self.total, self.total, self.total,
                   False, False, 0)
        heap = [(-root.width, 0, root)]
        seq = 1
        kept_bars = []
        while heap:
            if len(kept_bars) == self.budget:
                self.limited_by_budget = True
                break
            _, _, bar = heapq.heappop(heap)
            kept_bars.append(bar)
            if bar.parent is not None:
                bar.parent.children.append(bar)
            callees, guarded = self.callees_of(bar)
            # summed in the file's order (the order pstats keeps)
            total = 0.0
            for _, _, width in callees:
                total += width
            shrink = total > bar.width * (1 + SHRINK_SLACK)
            if shrink:
                scale = bar.width / total
                callees = [(c, e, w * scale) for c, e, w in callees]
            covered = min(total, bar.width)
            bar.guarded = min(guarded, bar.width - covered)
            callees.sort(key=lambda item: (-item[2],) + graph.sort_key(item[0]))
            cum = graph.cum[bar.key]
            estimated = bar.estimated or (bar.parent is not None and
                                          graph.has_many_callers(bar.key))
            left = bar.left
            for callee, edge, width in callees:
                start = left
                left += width
                if width <= 0 or width < need:
                    continue
                if width < floor:
                    self.limited_by_floor = True
                    continue
                low = max(0.0, bar.low - (cum - edge))
                high = min(bar.high, edge)
                low = min(low, bar.low, high)
                low = min(low, width)
                high = max(high, width)
                child = Bar(callee, bar, bar.depth + 1, start, width, low, high,
                            estimated, shrink, seq)
                heapq.heappush(heap, (-width, seq, child))
                seq += 1
        for bar in kept_bars:
            bar.children.sort(key=lambda b: b.seq)
        # walk order: depth first, children widest first
        stack = [root]
        while stack:
            bar = stack.pop()
            self.bars.append(bar)
            stack.extend(reversed(bar.children))

    def self_width(self, bar):
        # what is left below 1e-9 of the width is the rounding of the subtraction
        own = bar.width - sum(c.width for c in bar.children) - bar.guarded
        return own if own > bar.width * 1e-9 else 0.0

    def unreached(self, fraction=0.05):
        reached = {bar.key for bar in self.bars}
        found = [k for k in self.graph.cum
                 if k not in reached and self.graph.cum[k] >= fraction * self.total
                 and self.graph.cum[k] > 0]
        found.sort(key=lambda k: (-self.graph.cum[k], k))
        return found


def chain_text(bar):
    return ";".join("%s:%d:%s" % b.key for b in bar.chain())


def print_bars(tree, out):
    for bar in tree.bars:
        flags = ("E" if bar.estimated else "") + ("S" if bar.shrunk else "")
        out.write("%d\t%r\t%r\t%r\t%r\t%s\t%s\n" % (
            bar.depth, bar.left, bar.width, bar.low, bar.high, flags or "-",
            chain_text(bar)))


def print_widest(tree, out):
    """Every bar with self time, the most first, ties in walk order: the widest chains."""
    ranked = [(tree.self_width(bar), seq, bar) for seq, bar in enumerate(tree.bars)]
    ranked = [item for item in ranked if item[0] > 0]
    ranked.sort(key=lambda item: (-item[0], item[1]))
    for width, _, bar in ranked:
        out.write("%r\t%s\n" % (width, chain_text(bar)))


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("file")
    parser.add_argument("--cutoff", type=float, default=0.01)
    parser.add_argument("--root")
    parser.add_argument("--max-repeat", type=int, default=1)
    parser.add_argument("--budget", type=int, default=DEFAULT_BUDGET)
    parser.add_argument("--print", dest="what", default="bars",
                        choices=["bars", "widest", "unreached", "summary"])
    parser.add_argument("--time", action="store_true",
                        help="report on stderr how long the walk took")
    args = parser.parse_args()

    stats = pstats.Stats(args.file).stats
    started = time.perf_counter()
    graph = Graph(stats)
    if not graph.listed:
        return 0
    root = parse_root(graph, args.root) if args.root else default_root(graph)
    walk_started = time.perf_counter()
    tree = Tree(graph, root, args.cutoff, args.max_repeat, args.budget)
    done = time.perf_counter()
    if args.time:
        # "tree" is the whole way from the pstats dictionary to the bars, as Hearth's is
        # from its profile: the callee graph, the root, the walk
        sys.stderr.write("walk: %.6f s, tree: %.6f s, %d bars\n" % (
            done - walk_started, done - started, len(tree.bars)))
    out = sys.stdout
    if args.what == "bars":
        print_bars(tree, out)
    elif args.what == "widest":
        print_widest(tree, out)
    elif args.what == "unreached":
        for key in tree.unreached():
            out.write("%r\t%s:%d:%s\n" % ((graph.cum[key],) + key))
    else:
        out.write("bars %d\nbudget %s\nfloor %s\n" % (
            len(tree.bars), tree.limited_by_budget, tree.limited_by_floor))
    return 0


if __name__ == "__main__":
    sys.exit(main())
