#!/usr/bin/env python3
# The help (help/, Mallard): every page is valid Mallard, every translation compiles, covers
# every message of the pages and gives pages that are valid Mallard too. Prints TAP.
#
# Copyright 2026 The Hearth authors
# SPDX-License-Identifier: GPL-3.0-or-later

import glob
import os
import subprocess
import tempfile

import datatest

MALLARD_RNG = "/usr/share/xml/mallard/1.0/mallard-1.0.rng"

args = datatest.parse_args()
tap = datatest.Tap()
help_dir = os.path.join(args.source_root, "help")
pages = sorted(glob.glob(os.path.join(help_dir, "C", "*.page")))
with open(os.path.join(help_dir, "LINGUAS"), encoding="utf-8") as f:
    linguas = [line.strip() for line in f if line.strip() and not line.startswith("#")]


def run(cmd, **kwargs):
    return subprocess.run(cmd, capture_output=True, text=True, timeout=120, **kwargs)


def validate(paths, name):
    """yelp-check validate, or xmllint against the Mallard schema without it."""
    if datatest.have("yelp-check"):
        proc = run(["yelp-check", "validate"] + paths)
        tap.check(proc.returncode == 0 and proc.stdout.strip() == "", name,
                  proc.stdout + proc.stderr)
    elif datatest.have("xmllint") and os.path.exists(MALLARD_RNG):
        proc = run(["xmllint", "--noout", "--relaxng", MALLARD_RNG] + paths)
        tap.check(proc.returncode == 0, name, proc.stderr)
    else:
        tap.skip(name, "neither yelp-check nor xmllint with the Mallard schema is installed")


tap.check("read-graph.page" in [os.path.basename(p) for p in pages],
          "help/C has the page on reading the graph")
validate(pages, "the pages are valid Mallard")

with tempfile.TemporaryDirectory() as tmp:
    for lang in linguas:
        po = os.path.join(help_dir, lang, lang + ".po")
        mo = os.path.join(tmp, lang + ".mo")
        if not datatest.have("msgfmt") or not datatest.have("itstool"):
            tap.skip(f"the {lang} pages", "msgfmt or itstool is not installed")
            continue
        proc = run(["msgfmt", "--check", "--statistics", "-o", mo, po],
                   env=dict(os.environ, LC_ALL="C"))
        tap.check(proc.returncode == 0, f"msgfmt --check help/{lang}/{lang}.po", proc.stderr)
        # every message of the pages as they are now, translated
        pot = os.path.join(tmp, "help.pot")
        proc = run(["itstool", "-o", pot] + pages)
        tap.check(proc.returncode == 0, "itstool extracts the pages' messages", proc.stderr)
        proc = run(["msgcmp", "--use-untranslated", po, pot]) if datatest.have("msgcmp") else None
        if proc is not None:
            tap.check(proc.returncode == 0, f"help/{lang}/{lang}.po covers every message",
                      proc.stderr)
        proc = run(["msgfmt", "--statistics", "-o", os.devnull, po],
                   env=dict(os.environ, LC_ALL="C"))
        tap.check("untranslated" not in proc.stderr and "fuzzy" not in proc.stderr,
                  f"help/{lang}/{lang}.po has no fuzzy or untranslated message", proc.stderr)
        out = os.path.join(tmp, lang)
        os.mkdir(out)
        proc = run(["itstool", "-m", mo, "-o", out + os.sep] + pages)
        tap.check(proc.returncode == 0, f"itstool builds the {lang} pages", proc.stderr)
        translated = sorted(glob.glob(os.path.join(out, "*.page")))
        tap.equal(len(translated), len(pages), f"one {lang} page per page")
        validate(translated, f"the {lang} pages are valid Mallard")

tap.finish()
