# pstats_truth.py: prints a .prof file as Python's own pstats module reads it, in the
# canonical form of marshal_dump.py --canon (FORMATS.md section 8), so the C reader can be
# compared with Python. Code objects (python -m profile keys) print as "<code object NAME>".
#
# Copyright 2026 The Hearth authors
#
# SPDX-License-Identifier: GPL-3.0-or-later
#
# Runs under Python 2.7 and 3.x:  python3 pstats_truth.py FILE.prof
#
# With --render DIR FILE, it instead decodes FILE with DIR/marshal_dump.py (a decoder that
# does not use the marshal module) and prints the value in the generic form test-marshal
# prints from the C parser's tokens: the two decoders are compared on every fixture.

import json
import sys
import types


def canon_scalar(x):
    if isinstance(x, bool):
        return "True" if x else "False"
    if isinstance(x, types.CodeType):
        return json.dumps(u"<code object %s>" % x.co_name)
    if isinstance(x, float):
        return "%.17g" % x
    if isinstance(x, int) or type(x).__name__ == "long":
        return str(x)
    if isinstance(x, bytes):
        return "b" + json.dumps(x.decode("latin-1"))
    if isinstance(x, tuple):
        return "(" + ",".join(canon_scalar(i) for i in x) + ")"
    return json.dumps(x)


def render(v):
    import re
    if v is None:
        return "None"
    if isinstance(v, bool):
        return "True" if v else "False"
    if isinstance(v, int) or type(v).__name__ == "long":
        return str(v) if -2 ** 63 <= v < 2 ** 63 else "big"
    if isinstance(v, float):
        return "nan" if v != v else "%.17g" % v
    if isinstance(v, complex):
        return "complex(%s,%s)" % (render(v.real), render(v.imag))
    if isinstance(v, bytes):
        return "b" + json.dumps(v.decode("latin-1"))
    if isinstance(v, tuple):
        return "(" + ",".join(render(i) for i in v) + ")"
    if isinstance(v, list):
        return "[" + ",".join(render(i) for i in v) + "]"
    if isinstance(v, dict):
        return "{" + ",".join(render(k) + ":" + render(x) for k, x in v.items()) + "}"
    # lone surrogates (undecodable file names) read as U+FFFD
    return json.dumps(re.sub(u"[\ud800-\udfff]", u"\ufffd", v))


def main(path):
    try:
        import pstats
        stats = pstats.Stats(path).stats
    except Exception:
        # pstats refuses some valid files (an empty dict, the 3.15 sampling marker)
        import marshal
        with open(path, "rb") as f:
            stats = marshal.load(f)
    out = []
    for k in sorted(stats, key=canon_scalar):
        v = stats[k]
        if not (isinstance(k, tuple) and len(k) == 3 and isinstance(v, tuple) and len(v) == 5
                and isinstance(v[4], dict)):
            out.append("X %s %s" % (canon_scalar(k), canon_scalar(v)))
            continue
        out.append("F %s %s" % (canon_scalar(k), " ".join(canon_scalar(i) for i in v[:4])))
        for c in sorted(v[4], key=canon_scalar):
            cv = v[4][c]
            if isinstance(cv, tuple):
                vals = " ".join(canon_scalar(i) for i in cv)
            else:
                vals = canon_scalar(cv)
            out.append("C %s %s" % (canon_scalar(c), vals))
    sys.stdout.write("".join(line + "\n" for line in out))


if __name__ == "__main__":
    if sys.argv[1] == "--render":
        sys.dont_write_bytecode = True   # the decoder lives in the source tree
        sys.path.insert(0, sys.argv[2])
        import marshal_dump
        with open(sys.argv[3], "rb") as f:
            value = marshal_dump.loads(f.read())[0]
        sys.stdout.write(render(value) + "\n")
    else:
        main(sys.argv[1])
