#!/usr/bin/env python3
# The Flatpak manifests parse, and their IDs, command and module agree with data/ and the
# build: the desktop file, metainfo and icons flatpak-builder exports must exist under the
# manifest's ID. Prints TAP.
#
# Copyright 2026 The Hearth authors
# SPDX-License-Identifier: GPL-3.0-or-later

import json
import os
import subprocess
import xml.etree.ElementTree as ET

import datatest

RELEASE_ID = "io.github.hearthprof.Hearth"
REQUIRED_ARGS = {"--share=ipc", "--socket=wayland", "--socket=fallback-x11", "--device=dri"}
# reading the profiled sources (qualified names, "open file at line") needs read access
# where they live; nothing may be writable, and the whole host is too much
ALLOWED_FILESYSTEMS = {"--filesystem=home:ro", "--filesystem=host:ro"}

args = datatest.parse_args()
tap = datatest.Tap()
top = args.source_root
data = os.path.join(top, "data")

metainfo = ET.parse(args.metainfo).getroot()
binary = metainfo.findtext("provides/binary")

for app_id, development in ((RELEASE_ID, False), (RELEASE_ID + ".Devel", True)):
    path = os.path.join(top, "flatpak", app_id + ".json")
    label = os.path.basename(path)
    try:
        with open(path, encoding="utf-8") as f:
            manifest = json.load(f)
    except (OSError, ValueError) as e:
        tap.check(False, f"{label} parses", e)
        continue
    tap.check(True, f"{label} parses")
    if datatest.have("json-glib-validate"):
        proc = subprocess.run(["json-glib-validate", path], capture_output=True, text=True)
        tap.check(proc.returncode == 0, f"{label} parses with json-glib", proc.stderr)
    else:
        tap.skip(f"{label} parses with json-glib", "json-glib-validate is not installed")

    tap.equal(manifest.get("id", manifest.get("app-id")), app_id, f"{label}: id")
    tap.equal(manifest.get("command"), binary, f"{label}: command is the installed binary")
    tap.equal((manifest.get("runtime"), manifest.get("sdk")), ("org.gnome.Platform", "org.gnome.Sdk"),
              f"{label}: GNOME runtime and SDK")
    tap.check(str(manifest.get("runtime-version", "")).isdigit(),
              f"{label}: a numbered runtime version", manifest.get("runtime-version"))

    finish = set(manifest.get("finish-args", []))
    tap.check(REQUIRED_ARGS <= finish, f"{label}: wayland, x11 fallback, ipc and dri",
              sorted(REQUIRED_ARGS - finish))
    filesystems = {a for a in finish if a.startswith("--filesystem")}
    tap.check(filesystems <= ALLOWED_FILESYSTEMS, f"{label}: file access is read-only",
              sorted(filesystems - ALLOWED_FILESYSTEMS))
    # Profile a Script runs the user's interpreter on the host through flatpak-spawn --host
    tap.check("--talk-name=org.freedesktop.Flatpak" in finish,
              f"{label}: may run the interpreter on the host")
    tap.check(not any(a.startswith(("--socket=x11", "--share=network", "--device=all"))
                      for a in finish), f"{label}: no needless permissions", sorted(finish))

    modules = manifest.get("modules", [])
    # GTK, cairo, pango and json-glib come from the runtime
    tap.equal([m.get("name") for m in modules], ["hearth"], f"{label}: one module, Hearth")
    module = modules[0] if modules else {}
    tap.equal(module.get("buildsystem"), "meson", f"{label}: built with meson")
    sources = module.get("sources", [])
    dirs = [s for s in sources if s.get("type") == "dir"]
    source_dir = os.path.normpath(os.path.join(top, "flatpak", dirs[0]["path"])) if dirs else None
    tap.equal(source_dir, os.path.normpath(top), f"{label}: the source is this checkout")
    opts = module.get("config-opts", [])
    tap.equal("-Ddevelopment=true" in opts, development,
              f"{label}: the development option matches the ID")

    # what flatpak-builder exports must be installed under the manifest's ID
    icon = os.path.join(data, "icons", "hicolor", "scalable", "apps", app_id + ".svg")
    tap.check(os.path.isfile(icon), f"{label}: an icon named after the ID", icon)
    tap.check(os.path.isfile(os.path.join(data, "icons", "hicolor", "symbolic", "apps",
                                          RELEASE_ID + "-symbolic.svg")),
              f"{label}: a symbolic icon")

# the build being tested is one of the two
tap.check(os.path.isfile(os.path.join(top, "flatpak", args.app_id + ".json")),
          "a manifest for this build's ID", args.app_id)
tap.equal(metainfo.findtext("id"), args.app_id, "metainfo id is this build's ID")
tap.equal(os.path.basename(args.desktop), args.app_id + ".desktop",
          "desktop file is named after this build's ID")
tap.equal(metainfo.findtext("launchable"), args.app_id + ".desktop",
          "metainfo launches this build's desktop file")

tap.finish()
