#!/usr/bin/env python3
# The translations: every catalogue passes msgfmt --check, Korean is complete against the
# sources, the built data files carry it, and hearth itself speaks it in a Korean locale.
# Prints TAP.
#
# Copyright 2026 The Hearth authors
# SPDX-License-Identifier: GPL-3.0-or-later

import ast
import gettext
import os
import re
import subprocess
import tempfile
import xml.etree.ElementTree as ET

import datatest

XML_LANG = "{http://www.w3.org/XML/1998/namespace}lang"
MIME_NS = "{http://www.freedesktop.org/standards/shared-mime-info}"
# the keywords of meson's glib preset (i18n.gettext (preset: 'glib'))
XGETTEXT_KEYWORDS = ["_", "N_", "C_:1c,2", "NC_:1c,2", "g_dcgettext:2", "g_dngettext:2,3",
                     "g_dpgettext2:2c,3"]

args = datatest.parse_args()
tap = datatest.Tap()
po_dir = os.path.join(args.source_root, "po")
with open(os.path.join(po_dir, "LINGUAS"), encoding="utf-8") as f:
    linguas = [line.strip() for line in f if line.strip() and not line.startswith("#")]


def read_po(path):
    """(msgctxt, msgid) of every entry but the header, and whether it is translated (a
    msgstr that is not empty, and no fuzzy flag)."""
    entries = []
    with open(path, encoding="utf-8") as f:
        text = f.read()
    for block in re.split(r"\n\s*\n", text):
        lines = [line for line in block.splitlines() if not line.startswith("#~")]
        if not lines:
            continue
        fields = {}
        key = None
        for line in lines:
            m = re.match(r'(msgctxt|msgid_plural|msgid|msgstr(?:\[\d+\])?) (".*")$', line)
            if m:
                key = m.group(1)
                fields[key] = ""
                line = m.group(2)
            elif line.startswith("#") or key is None:
                continue
            fields[key] += ast.literal_eval(line)  # PO escapes are a subset of Python's
        if "msgid" not in fields or fields["msgid"] == "":
            continue
        fuzzy = any(line.startswith("#,") and "fuzzy" in line for line in lines)
        strings = [v for k, v in fields.items() if k.startswith("msgstr")]
        entries.append(((fields.get("msgctxt"), fields["msgid"]),
                        not fuzzy and bool(strings) and all(strings)))
    return entries


def run(cmd, **kwargs):
    return subprocess.run(cmd, capture_output=True, text=True, timeout=120, **kwargs)


def make_korean_locale(folder):
    """Compiles ko_KR.UTF-8 into @folder (for LOCPATH), so that the check needs no locale
    of the machine's: glibc 2.41 (Debian 13) ignores LANGUAGE under C.UTF-8 as under C.
    Returns the locale's name, or None without localedef or the locale sources."""
    name = "ko_KR.UTF-8"
    try:
        run(["localedef", "-i", "ko_KR", "-f", "UTF-8", os.path.join(folder, name)])
    except OSError:
        return None
    ok = os.path.isfile(os.path.join(folder, name, "LC_MESSAGES", "SYS_LC_MESSAGES"))
    return name if ok else None


# msgfmt --check: formats, headers, and the mnemonics of menu items kept
for lang in linguas:
    po = os.path.join(po_dir, lang + ".po")
    if not datatest.have("msgfmt"):
        tap.skip(f"msgfmt --check {lang}.po", "msgfmt is not installed")
        continue
    proc = run(["msgfmt", "--check", "--check-accelerators=_", "--statistics",
                "-o", os.devnull, po], env=dict(os.environ, LC_ALL="C"))
    tap.check(proc.returncode == 0, f"msgfmt --check {lang}.po", proc.stderr)
    tap.check(re.fullmatch(r"\d+ translated messages?\.", proc.stderr.strip()) is not None,
              f"{lang}.po has no fuzzy or untranslated message", proc.stderr)

# Korean covers every string in the sources as they are now
if datatest.have("xgettext"):
    with tempfile.TemporaryDirectory() as tmp:
        pot = os.path.join(tmp, "hearth.pot")
        cmd = ["xgettext", "--package-name=hearth", "--from-code=UTF-8", "--add-comments",
               "--files-from=" + os.path.join(po_dir, "POTFILES.in"), "-D", args.source_root,
               "-o", pot]
        cmd += ["--keyword=" + k for k in XGETTEXT_KEYWORDS]
        proc = run(cmd)
        if tap.check(proc.returncode == 0, "xgettext extracts the sources", proc.stderr):
            wanted = {key for key, _ in read_po(pot)}
            have = {key for key, translated in read_po(os.path.join(po_dir, "ko.po"))
                    if translated}
            missing = sorted(wanted - have, key=str)
            tap.check(not missing, "ko.po translates every string of the sources",
                      "meson compile hearth-update-po, then translate:\n"
                      + "\n".join(repr(m) for m in missing))
else:
    tap.skip("ko.po translates every string of the sources", "gettext tools are not installed")

# the built data files carry the Korean strings
desktop = datatest.read_desktop(args.desktop).get("Desktop Entry", {})
for key in ("GenericName", "Comment", "Keywords"):
    tap.check(bool(desktop.get(key + "[ko]")), f"desktop file has {key}[ko]")
metainfo = ET.parse(args.metainfo).getroot()
for tag in ("summary", "description/p", "description/ul/li", "screenshots/screenshot/caption"):
    parent, _, leaf = tag.rpartition("/")
    where = metainfo.find(parent) if parent else metainfo
    found = where is not None and any(e.get(XML_LANG) == "ko" for e in where.findall(leaf))
    tap.check(found, f"metainfo has {tag} in Korean")
mime = ET.parse(args.mime).getroot()
for t in mime.findall(MIME_NS + "mime-type"):
    comments = t.findall(MIME_NS + "comment")
    if comments:
        tap.check(any(c.get(XML_LANG) == "ko" for c in comments),
                  f"MIME comment of {t.get('type')} in Korean")

# hearth speaks Korean: each of our messages in the English output comes out translated
DIRECTIVE = re.compile(r"%(?:\d+\$)?[-+ #0']*(?:\d+|\*)?(?:\.(?:\d+|\*))?"
                       r"(?:hh|h|ll|l|L|q|j|z|t)?[diouxXeEfFgGaAcsp%]")


def message_regex(message):
    """A printf format as a regular expression, or None when it is not a whole format (a
    message cut short at a format macro, which no run can print)."""
    parts = []
    last = 0
    for m in DIRECTIVE.finditer(message):
        parts.append(re.escape(message[last:m.start()]))
        parts.append("%" if m.group() == "%%" else ".+?")
        last = m.end()
    tail = message[last:]
    if "%" in tail:
        return None
    parts.append(re.escape(tail))
    return re.compile("".join(parts))


def our_messages(catalogue, english):
    lines = english.splitlines()
    found = []
    for msgid, msgstr in catalogue._catalog.items():
        if not isinstance(msgid, str) or msgstr == msgid or " " not in msgid.strip() \
                or "\n" in msgid:
            continue
        en, ko = message_regex(msgid), message_regex(msgstr)
        if en is not None and ko is not None and any(en.search(line) for line in lines):
            found.append((msgid, ko))
    return found


mo = os.path.join(args.build_root, "po", "ko", "LC_MESSAGES", "hearth.mo")
locales = tempfile.TemporaryDirectory()
korean_locale = make_korean_locale(locales.name)
if not tap.check(os.path.isfile(mo), "the Korean catalogue is built"):
    pass
elif korean_locale is None:
    tap.skip("hearth speaks Korean", "localedef or the ko_KR locale sources are missing "
             "(Debian: libc-bin, locales)")
else:
    with open(mo, "rb") as f:
        catalogue = gettext.GNUTranslations(f)
    base_env = dict(os.environ)
    for key in ("LC_ALL", "LC_MESSAGES", "LANG", "LANGUAGE", "LOCPATH"):
        base_env.pop(key, None)
    # every locale variable is set here: nothing comes from the machine's settings
    english = dict(base_env, LC_ALL="C.UTF-8")
    korean = dict(base_env, LC_ALL=korean_locale, LOCPATH=locales.name,
                  HEARTH_LOCALEDIR=os.path.join(args.build_root, "po"))
    example = os.path.join(args.source_root, "data", "examples", "before.prof")
    for label, cmd, stream in (
        ("--help", [args.hearth, "--help"], "stdout"),
        ("a bad --cutoff", [args.hearth, "--cutoff", "2", "--print", "bars", example], "stderr"),
        ("a bad --print mode", [args.hearth, "--print", "nonsense", example], "stderr"),
    ):
        en = getattr(run(cmd, env=english), stream)
        ko = getattr(run(cmd, env=korean), stream)
        messages = our_messages(catalogue, en)
        tap.check(messages, f"hearth {label}: the English output has our messages", en)
        missing = [msgid for msgid, pattern in messages if not pattern.search(ko)]
        tap.check(messages and not missing, f"hearth {label} in ko_KR.UTF-8 is in Korean",
                  f"not translated: {missing}\n{ko}")

locales.cleanup()
tap.finish()
