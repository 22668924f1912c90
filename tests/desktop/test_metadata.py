#!/usr/bin/env python3
# The built desktop file, D-Bus service, metainfo and MIME package, and the icons, agree
# with each other and with the project: one application ID, one set of media types, the
# release being built. Prints TAP.
#
# Copyright 2026 The Hearth authors
# SPDX-License-Identifier: GPL-3.0-or-later

import os
import re
import xml.etree.ElementTree as ET

import datatest

MIME_NS = "{http://www.freedesktop.org/standards/shared-mime-info}"
SVG_NS = "{http://www.w3.org/2000/svg}"

args = datatest.parse_args()
tap = datatest.Tap()
app_id = args.app_id

# desktop file
desktop = datatest.read_desktop(args.desktop)
entry = desktop.get("Desktop Entry", {})
tap.equal(os.path.basename(args.desktop), app_id + ".desktop", "desktop file named after the ID")
tap.equal(entry.get("Name"), "Hearth", "desktop Name")
tap.equal(entry.get("Type"), "Application", "desktop Type")
tap.equal(entry.get("Exec"), "hearth %U", "desktop Exec takes URIs")
tap.equal(entry.get("Icon"), app_id, "desktop Icon is the ID")
tap.equal(entry.get("Terminal"), "false", "desktop Terminal")
tap.equal(entry.get("StartupNotify"), "true", "desktop StartupNotify")
tap.equal(entry.get("DBusActivatable"), "true", "desktop DBusActivatable")
categories = datatest.split_list(entry.get("Categories", ""))
tap.check({"GNOME", "GTK", "Development", "Profiling"} <= set(categories),
          "desktop Categories", categories)
tap.check(len(datatest.split_list(entry.get("Keywords", ""))) >= 5, "desktop Keywords")
desktop_types = datatest.split_list(entry.get("MimeType", ""))

# D-Bus service: the name is the ID, so that DBusActivatable finds it
service = datatest.read_desktop(args.service).get("D-BUS Service", {})
tap.equal(service.get("Name"), app_id, "service Name is the ID")
bindir = datatest.under_prefix(args, args.bindir)
tap.equal(service.get("Exec"), os.path.join(bindir, "hearth") + " --gapplication-service",
          "service Exec runs the installed binary as a service")

# metainfo
component = ET.parse(args.metainfo).getroot()
tap.equal(component.get("type"), "desktop-application", "metainfo component type")
tap.equal(component.findtext("id"), app_id, "metainfo id")
tap.equal(component.findtext("metadata_license"), "CC0-1.0", "metainfo metadata licence")
tap.equal(component.findtext("project_license"), "GPL-3.0-or-later", "metainfo project licence")
launchable = component.find("launchable")
tap.check(launchable is not None and launchable.get("type") == "desktop-id"
          and launchable.text == app_id + ".desktop", "metainfo launchable is the desktop file")
provides = component.find("provides")
binaries = [e.text for e in provides.findall("binary")] if provides is not None else []
tap.equal(binaries, ["hearth"], "metainfo provides the binary")
metainfo_types = [e.text for e in provides.findall("mediatype")] if provides is not None else []
rating = component.find("content_rating")
tap.check(rating is not None and rating.get("type") == "oars-1.1", "metainfo OARS rating")
tap.check(len(component.findall("screenshots/screenshot/image")) >= 1, "metainfo screenshots")
tap.check(component.find("description/p") is not None, "metainfo description")
releases = component.findall("releases/release")
tap.check(releases and releases[0].get("version") == args.version,
          "metainfo newest release is the project version",
          f"newest release {releases[0].get('version') if releases else None}, "
          f"project {args.version}")
dates = [r.get("date", "") for r in releases]
tap.check(all(re.fullmatch(r"\d{4}-\d{2}-\d{2}", d) for d in dates) and dates == sorted(dates, reverse=True),
          "metainfo releases dated, newest first", dates)

# MIME package: the types Hearth defines are the ones it claims
mime = ET.parse(args.mime).getroot()
defined = {}
for t in mime.findall(MIME_NS + "mime-type"):
    defined[t.get("type")] = t
own_types = [name for name, t in defined.items()
             if t.find(MIME_NS + "comment") is not None]
tap.equal(sorted(own_types), ["application/x-python-pstats", "text/x-folded-stacks"],
          "MIME package defines the profile types")
tap.equal(sorted(desktop_types), sorted(own_types), "desktop MimeType lists them")
tap.equal(sorted(metainfo_types), sorted(own_types), "metainfo mediatypes list them")
for name in own_types:
    t = defined[name]
    tap.check(t.find(MIME_NS + "generic-icon") is not None and t.findall(MIME_NS + "glob"),
              f"{name} has a glob and a generic icon")
globs = lambda name: sorted(g.get("pattern") for g in defined[name].findall(MIME_NS + "glob"))
tap.equal(globs("application/x-python-pstats"), ["*.prof", "*.pstats"], "pstats globs")
tap.equal(globs("text/x-folded-stacks"), ["*.collapsed", "*.folded"], "folded globs")
folded_parent = defined["text/x-folded-stacks"].find(MIME_NS + "sub-class-of")
tap.check(folded_parent is not None and folded_parent.get("type") == "text/plain",
          "folded stacks are text/plain")
tap.equal(globs("application/json") if "application/json" in defined else [],
          ["*.speedscope.json"], "speedscope files are JSON")


# the magic, checked here against the fixtures without the MIME database (the install test
# asks the real database)
def magic_values(t):
    values = []
    for match in t.iter(MIME_NS + "match"):
        value = match.get("value").encode("latin-1").decode("unicode_escape").encode("latin-1")
        values.append((int(match.get("offset")), value))
    return values


values = magic_values(defined["application/x-python-pstats"])
data_dir = os.path.join(args.source_root, "tests", "data")
unmatched = []
for name in sorted(os.listdir(data_dir)):
    path = os.path.join(data_dir, name)
    if not os.path.isfile(path):
        continue
    with open(path, "rb") as f:
        head = f.read(16)
    hit = any(head[offset:offset + len(v)] == v for offset, v in values)
    # damaged pstats files may or may not match; the empty dict has no magic of its own
    if name.startswith("bad_") or name == "empty.prof":
        continue
    if hit != name.endswith(".prof"):
        unmatched.append(name)
tap.check(not unmatched, "the pstats magic matches the cProfile fixtures and no other fixture",
          unmatched)

# icons: the sizes GNOME draws them at, the symbolic one in one colour
icons = os.path.join(args.source_root, "data", "icons", "hicolor")
for path, size in ((os.path.join("scalable", "apps", "io.github.hearthprof.Hearth.svg"), 128),
                   (os.path.join("scalable", "apps", "io.github.hearthprof.Hearth.Devel.svg"), 128),
                   (os.path.join("symbolic", "apps", "io.github.hearthprof.Hearth-symbolic.svg"), 16)):
    svg = ET.parse(os.path.join(icons, path)).getroot()
    tap.equal((svg.get("width"), svg.get("height"), svg.get("viewBox")),
              (str(size), str(size), f"0 0 {size} {size}"), f"{os.path.basename(path)} is {size} px")
symbolic = ET.parse(os.path.join(icons, "symbolic", "apps", "io.github.hearthprof.Hearth-symbolic.svg"))
fills = {e.get("fill") for e in symbolic.iter() if e.get("fill") not in (None, "none")}
tap.check(len(fills) == 1 and not any(e.tag.endswith("Gradient") for e in symbolic.iter()),
          "the symbolic icon has one colour", fills)
tap.check(os.path.isfile(os.path.join(icons, "scalable", "apps", app_id + ".svg")),
          "an icon for this build's ID", app_id)

tap.finish()
