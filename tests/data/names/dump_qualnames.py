"""Prints `line<TAB>co_name<TAB>co_qualname` for every code object of each file given,
the module's own excluded, or `error<TAB>message` when a file does not compile. With
--lines, a fourth field lists the lines its instructions are on."""
import sys
import types


def main(paths):
    with_lines = "--lines" in paths
    paths = [p for p in paths if p != "--lines"]
    for path in paths:
        with open(path, "rb") as f:
            source = f.read()
        try:
            module = compile(source, path, "exec")
        except (SyntaxError, ValueError) as e:
            print("error\t%s" % e)
            continue
        todo = [module]
        while todo:
            code = todo.pop()
            if code is not module:
                fields = [str(code.co_firstlineno), code.co_name, code.co_qualname]
                if with_lines:
                    lines = sorted({l for _, _, l in code.co_lines() if l is not None})
                    fields.append(",".join(str(l) for l in lines))
                print("\t".join(fields))
            todo.extend(c for c in code.co_consts if isinstance(c, types.CodeType))


if __name__ == "__main__":
    if not hasattr(types.CodeType, "co_qualname"):
        print("unsupported")
    else:
        sys.stdout.reconfigure(encoding="utf-8", errors="surrogateescape")
        main(sys.argv[1:])
