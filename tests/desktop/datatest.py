# datatest.py: what the data tests share: their command line (the paths and names meson
# knows) and TAP output.
#
# Copyright 2026 The Hearth authors
# SPDX-License-Identifier: GPL-3.0-or-later

import argparse
import os
import shutil
import sys


def parse_args():
    parser = argparse.ArgumentParser()
    for name in ("source-root", "build-root", "app-id", "version", "prefix", "bindir",
                 "datadir", "localedir", "hearth", "desktop", "metainfo", "mime",
                 "service", "gui"):
        parser.add_argument("--" + name, required=True)
    parser.add_argument("--meson")
    args = parser.parse_args()
    args.gui = args.gui == "yes"
    return args


class Tap:
    """Collects results and prints them as TAP at the end."""

    def __init__(self):
        self.results = []

    def check(self, ok, name, detail=""):
        self.results.append(("ok" if ok else "not ok", name, detail))
        return ok

    def skip(self, name, reason):
        self.results.append(("ok", f"{name} # SKIP {reason}", ""))

    def equal(self, got, want, name):
        return self.check(got == want, name, f"got {got!r}, want {want!r}")

    def finish(self):
        print(f"1..{len(self.results)}")
        failed = 0
        for n, (status, name, detail) in enumerate(self.results, 1):
            print(f"{status} {n} {name}")
            if status == "not ok":
                failed += 1
                for line in str(detail).splitlines():
                    print(f"#   {line}")
        sys.exit(1 if failed else 0)


def have(tool):
    return shutil.which(tool) is not None


def read_desktop(path):
    """A desktop-style key file as {group: {key: value}}, in file order."""
    groups = {}
    group = None
    with open(path, encoding="utf-8") as f:
        for line in f:
            line = line.rstrip("\n")
            if not line or line.startswith("#"):
                continue
            if line.startswith("[") and line.endswith("]"):
                group = groups.setdefault(line[1:-1], {})
                continue
            key, _, value = line.partition("=")
            group[key.strip()] = value.strip()
    return groups


def split_list(value):
    return [item for item in value.split(";") if item]


def install_root(args, destdir):
    """Where meson install --destdir DESTDIR puts the prefix."""
    return os.path.join(destdir, os.path.relpath(args.prefix, "/"))


def under_prefix(args, path):
    return path if os.path.isabs(path) else os.path.join(args.prefix, path)
