#!/usr/bin/env python3
# po/POTFILES.in lists every file with a string for translators, sorted, and nothing else;
# po/LINGUAS and the .po files agree. Prints TAP.
#
# Copyright 2026 The Hearth authors
# SPDX-License-Identifier: GPL-3.0-or-later

import os
import re

import datatest

args = datatest.parse_args()
tap = datatest.Tap()
top = args.source_root
po = os.path.join(top, "po")

# gettext calls as the glib preset of meson's i18n module extracts them
C_CALL = re.compile(r"(?<![A-Za-z0-9_])(_|N_|C_|NC_|g_dgettext|g_dcgettext|g_dngettext|"
                    r"g_dpgettext2|ngettext)\s*\(")
UI_STRING = re.compile(r'translatable="yes"')
DATA_SOURCES = {
    "data/io.github.hearthprof.Hearth.desktop.in.in",
    "data/io.github.hearthprof.Hearth.gschema.xml",
    "data/io.github.hearthprof.Hearth.metainfo.xml.in.in",
    "data/io.github.hearthprof.Hearth.xml",
}

with open(os.path.join(po, "POTFILES.in"), encoding="utf-8") as f:
    listed = [line.strip() for line in f if line.strip() and not line.startswith("#")]

tap.equal(listed, sorted(listed), "POTFILES.in is sorted")
tap.equal(len(listed), len(set(listed)), "POTFILES.in has no duplicates")
missing_files = [p for p in listed if not os.path.isfile(os.path.join(top, p))]
tap.check(not missing_files, "every file in POTFILES.in exists", missing_files)

wanted = set(DATA_SOURCES)
for directory, _, names in os.walk(os.path.join(top, "src")):
    for name in names:
        path = os.path.join(directory, name)
        rel = os.path.relpath(path, top)
        if name.endswith(".c"):
            with open(path, encoding="utf-8", errors="replace") as f:
                if C_CALL.search(f.read()):
                    wanted.add(rel)
        elif name.endswith(".ui"):
            with open(path, encoding="utf-8", errors="replace") as f:
                if UI_STRING.search(f.read()):
                    wanted.add(rel)

tap.check(not sorted(wanted - set(listed)), "every file with translatable strings is listed",
          "add to po/POTFILES.in: " + ", ".join(sorted(wanted - set(listed))))
tap.check(not sorted(set(listed) - wanted), "every listed file has translatable strings",
          "remove from po/POTFILES.in: " + ", ".join(sorted(set(listed) - wanted)))

with open(os.path.join(po, "LINGUAS"), encoding="utf-8") as f:
    linguas = [line.strip() for line in f if line.strip() and not line.startswith("#")]
tap.check("ko" in linguas, "LINGUAS has Korean", linguas)
po_files = sorted(name[:-3] for name in os.listdir(po) if name.endswith(".po"))
tap.equal(sorted(linguas), po_files, "LINGUAS names exactly the .po files")

tap.finish()
