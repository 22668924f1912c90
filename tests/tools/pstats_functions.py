# pstats_functions.py: what `hearth --print functions` and `hearth --print sandwich` must
# print for a .prof file, computed by Python's own pstats module.
#
# Copyright 2026 The Hearth authors
#
# SPDX-License-Identifier: GPL-3.0-or-later
#
# Runs under Python 2.7 and 3.x:
#   python3 pstats_functions.py functions FILE.prof
#       one line per entry of pstats.Stats(FILE).stats:
#       CALLS PRIMITIVE OWN CUMULATIVE FILE:LINE:NAME (tab-separated), own time largest first
#       (NaN last), ties by the key; times as repr () prints them
#   python3 pstats_functions.py sandwich FILE.prof
#       for every function that is a key or a caller: a line "= KEY", then `caller` and
#       `callee` lines, TAB CALLS TAB SECONDS TAB KEY, from stats[key][4] and the callees
#       pstats derives from it, each kind widest first (ties by key); SECONDS is "?" for an
#       edge the file holds as a bare call count (the profile module)
#
# Files Python 3 cannot read (Python 2, other code-object layouts) are written once with
# the Python that made them into tests/data/expected/NAME.functions.txt and
# NAME.sandwich.txt; the cli test reads those.

import contextlib
import io
import math
import re
import sys
import types


def text(x):
    if isinstance(x, types.CodeType):
        # python -m profile keys its frames by code object; Hearth names them so
        x = u"<code object %s>" % text(x.co_name)
    if isinstance(x, bytes):
        x = x.decode("utf-8", "replace")
    if not isinstance(x, type(u"")):
        x = type(u"")(x)
    # lone surrogates (undecodable file names) read as U+FFFD, as Hearth reads them
    return re.sub(u"[\ud800-\udfff]", u"\ufffd", x)


def key_of(func):
    return (text(func[0]), int(func[1]), text(func[2]))


def key_text(func):
    f, line, name = key_of(func)
    return u"%s:%d:%s" % (f, line, name)


def number(x):
    if isinstance(x, float):
        return repr(x)
    return str(int(x))


def count(x):
    # counts stored as floats are read as whole numbers
    if isinstance(x, float) and x == x and abs(x) < 2 ** 63:
        return str(int(x))
    return number(x)


def clamp(x):
    try:
        x = float(x)
    except (TypeError, ValueError):
        return 0.0
    return x if (x > 0 and not math.isinf(x)) else 0.0


def own_order(item):
    func, v = item
    own = float(v[2])
    return (1 if own != own else 0, -own if own == own else 0, key_of(func))


def load(path):
    try:
        import pstats
        with contextlib.redirect_stdout(io.StringIO()) if hasattr(contextlib, "redirect_stdout") \
                else _quiet():
            return pstats.Stats(path).stats
    except Exception:
        # pstats refuses some valid files (an empty dict, the 3.15 sampling marker)
        import marshal
        with open(path, "rb") as f:
            stats = marshal.load(f)
        return dict((k, v) for k, v in stats.items()
                    if isinstance(k, tuple) and len(k) == 3 and isinstance(v, tuple)
                    and len(v) == 5 and isinstance(v[4], dict))


@contextlib.contextmanager
def _quiet():
    yield


def functions(stats):
    out = []
    for func, v in sorted(stats.items(), key=own_order):
        cc, nc, tt, ct = v[:4]
        out.append(u"\t".join([count(nc), count(cc), number(tt), number(ct), key_text(func)]))
    return out


def edge_line(kind, other, value):
    if isinstance(value, tuple):
        calls, seconds, width = count(value[0]), number(value[3]), clamp(value[3])
    else:
        calls, seconds, width = count(value), u"?", 0.0
    return (-width, key_of(other)), u"\t".join([kind, calls, seconds, key_text(other)])


def sandwich(stats):
    callers, callees = {}, {}
    for func, v in stats.items():
        for caller, value in v[4].items():
            callers.setdefault(key_of(func), []).append(edge_line("caller", caller, value))
            callees.setdefault(key_of(caller), []).append(edge_line("callee", func, value))
            callers.setdefault(key_of(caller), [])
        callers.setdefault(key_of(func), [])
    out = []
    for k in sorted(callers):
        out.append(u"= %s:%d:%s" % k)
        out.extend(line for _, line in sorted(callers[k]))
        out.extend(line for _, line in sorted(callees.get(k, [])))
    return out


def main(mode, path):
    stats = load(path)
    lines = functions(stats) if mode == "functions" else sandwich(stats)
    data = u"".join(line + u"\n" for line in lines).encode("utf-8")
    getattr(sys.stdout, "buffer", sys.stdout).write(data)


if __name__ == "__main__":
    main(sys.argv[1], sys.argv[2])
