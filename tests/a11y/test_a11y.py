#!/usr/bin/env python3
# The window as assistive technology sees it: Hearth opens a profile on a display and a
# private session bus with the accessibility bus, and this reads its tree off the AT-SPI bus
# the way a screen reader does. Prints TAP; every case skips when the Atspi GIR is missing or
# the buses cannot start. Usage (under xvfb-run):
#
#   test_a11y.py HEARTH PROFILE GTK-VERSION
#
# It runs itself again under dbus-run-session, whose bus daemons write to their standard
# output: the TAP lines come back through a pipe of their own.
#
# Copyright 2026 The Hearth authors
# SPDX-License-Identifier: GPL-3.0-or-later

import os
import re
import subprocess
import sys
import time

hearth, profile = sys.argv[1], sys.argv[2]
# the version Hearth was built against: the bars are accessible children from GTK 4.10
gtk_version = tuple(int(p) for p in re.findall(r"\d+", sys.argv[3])[:2]) if len(sys.argv) > 3 \
    else (0, 0)
CASES = ["widest chain described", "description follows the keys",
         "every button, toggle and image is named", "F6 goes round the regions",
         "the visible bars are tree items", "the search heard with its matches"]
SEARCH = "load"  # three functions of the example, one inside the other
MAX_BARS = 200  # src/ui/hearth-flame-view-bars-a11y.c
MIN_BAR_WIDTH = 8
TIMEOUT = 120  # seconds: a loaded 2-core machine can take long to show a window
TAP_FD = "HEARTH_A11Y_TAP_FD"
tap = sys.stdout


def emit(line):
    tap.write(line + "\n")
    tap.flush()


def all_cases(result, reason):
    emit("1..%d" % len(CASES))
    for i, name in enumerate(CASES, 1):
        emit("%s %d %s # %s" % (result, i, name, reason))


def skip_all(reason):
    all_cases("ok", "SKIP " + reason)
    sys.exit(0)


def run_on_private_bus():
    """Runs this script under dbus-run-session and passes its TAP lines on."""
    read_end, write_end = os.pipe()
    env = dict(os.environ, **{TAP_FD: str(write_end)})
    try:
        child = subprocess.Popen(["dbus-run-session", "--", sys.executable, *sys.argv],
                                 env=env, pass_fds=(write_end,), stdout=sys.stderr)
    except OSError as e:
        skip_all("no dbus-run-session (%s)" % e)
    os.close(write_end)
    with os.fdopen(read_end) as lines:
        text = lines.read()
    status = child.wait()
    if re.search(r"^1\.\.\d+", text, re.MULTILINE):
        tap.write(text)
    elif not text and subprocess.run(["dbus-run-session", "--", "true"],
                                     stdout=subprocess.DEVNULL,
                                     stderr=subprocess.DEVNULL).returncode != 0:
        # dbus-run-session fails before any script runs: no bus daemon here
        skip_all("the session bus does not start (status %d)" % status)
    else:
        tap.write(text)
        all_cases("not ok", "the test ended early with status %d" % status)


if TAP_FD not in os.environ:
    run_on_private_bus()
    sys.exit(0)
tap = os.fdopen(int(os.environ.pop(TAP_FD)), "w")
# the first line tells the parent that the bus is up and this part runs
emit("# on a private session bus")

# the application gets the suite's environment, accessibility on; this process does not
# make libatspi's warnings about GTK's missing cache fatal
app_env = dict(os.environ)
for name in ("GTK_A11Y", "NO_AT_BRIDGE"):
    app_env.pop(name, None)
os.environ.pop("G_DEBUG", None)

try:
    import gi
    gi.require_version("Atspi", "2.0")
    from gi.repository import Atspi, Gio, GLib
except (ImportError, ValueError) as e:
    skip_all("no Atspi GIR (%s)" % e)

address = os.environ.get("DBUS_SESSION_BUS_ADDRESS", "")
if address in ("", "disabled:") or not os.environ.get("DISPLAY"):
    skip_all("no session bus or no display")
try:
    session = Gio.bus_get_sync(Gio.BusType.SESSION, None)
    # activates at-spi-bus-launcher, which starts the accessibility bus and its registry
    reply = session.call_sync("org.a11y.Bus", "/org/a11y/bus", "org.a11y.Bus", "GetAddress",
                              None, GLib.VariantType("(s)"), Gio.DBusCallFlags.NONE,
                              TIMEOUT * 1000, None)
    if not reply.unpack()[0]:
        skip_all("the accessibility bus has no address")
except GLib.Error as e:
    skip_all("the accessibility bus does not start (%s)" % e.message)

if Atspi.init() not in (0, 1):
    skip_all("Atspi.init failed")


def search_words(report, text):
    """What the view adds for a search, from --print bars: the distinct matching functions
    with a bar and the time under them, a bar inside a matching bar counted once."""
    functions, total, inside = set(), 0.0, []
    for depth, start, width, frame in report:
        inside = [d for d in inside if d < depth]
        if text in frame.rsplit(":", 1)[-1].casefold():
            functions.add(frame)
            if not inside:
                total += width
            inside.append(depth)
    return "%d functions, %.1f%% of the run" % (len(functions), 100 * total / report[0][2])


def run_report(mode):
    out = subprocess.run([hearth, "--print", mode, profile], capture_output=True, check=True,
                         timeout=TIMEOUT, env=dict(os.environ, LC_ALL="C.UTF-8"))
    return out.stdout.decode().splitlines()


def wait_for(condition, what):
    """Polls condition () until it gives something true, letting the AT-SPI events in."""
    deadline = time.monotonic() + TIMEOUT
    context = GLib.MainContext.default()
    while True:
        while context.pending():
            context.iteration(False)
        value = condition()
        if value:
            return value
        if time.monotonic() > deadline:
            raise TimeoutError("timed out waiting for " + what)
        # wake on the next event or after a moment, whichever comes first
        source = GLib.timeout_source_new(50)
        source.set_callback(lambda *args: False)
        source.attach(context)
        context.iteration(True)
        source.destroy()


def children(node):
    try:
        count = node.get_child_count()
    except GLib.Error:
        return []
    result = []
    for i in range(count):
        try:
            child = node.get_child_at_index(i)
        except GLib.Error:
            continue
        if child is not None:
            result.append(child)
    return result


def walk(node):
    yield node
    for child in children(node):
        yield from walk(child)


def find_app(pid):
    desktop = Atspi.get_desktop(0)
    for app in children(desktop):
        try:
            if app.get_process_id() == pid:
                return app
        except GLib.Error:
            pass
    return None


def find_flame_view(app):
    for node in walk(app):
        try:
            if node.get_role() in (Atspi.Role.IMAGE, Atspi.Role.TREE) and \
                    node.get_name() == "Flame graph":
                return node
        except GLib.Error:
            pass
    return None


def description(node):
    node.clear_cache()
    return node.get_description() or ""


def focused(node):
    node.clear_cache()
    return node.get_state_set().contains(Atspi.StateType.FOCUSED)


def focus_place(app):
    """Where the focus is: the child indices from the application down to the focused node."""
    for node in walk(app):
        try:
            if node.get_state_set().contains(Atspi.StateType.FOCUSED):
                place = []
                while node is not None and node.get_role() != Atspi.Role.APPLICATION:
                    place.append(node.get_index_in_parent())
                    node = node.get_parent()
                return tuple(place)
        except GLib.Error:
            pass
    return None


def press(keysym):
    Atspi.generate_keyboard_event(keysym, None, Atspi.KeySynthType.SYM)


results = []
NAMED_ROLES = (Atspi.Role.PUSH_BUTTON, Atspi.Role.TOGGLE_BUTTON, Atspi.Role.IMAGE)


def has_name(node):
    """GTK 4.8 names what has no accessible name after its class ("GtkImage")."""
    name = node.get_name() or ""
    return name != "" and not re.fullmatch(r"Gtk[A-Z][A-Za-z]*", name)


def path(node):
    """Where a node is: the named nodes above it."""
    names = []
    node = node.get_parent()
    while node is not None and node.get_role() != Atspi.Role.APPLICATION:
        if has_name(node):
            names.append("%s %r" % (node.get_role_name(), node.get_name()))
        node = node.get_parent()
    return " < ".join(names) or "the window"


def same_chain(heard, reported):
    """The view names functions qualified (msd_slow.<locals>.<listcomp>), the report short."""
    heard, reported = heard.split(" > "), reported.split(" > ")
    return len(heard) == len(reported) and all(h == r or h.endswith("." + r)
                                               for h, r in zip(heard, reported))


def describe_tip(line):
    """What the view says of a chain of --print widest ("94.5<TAB>main > f > g")."""
    share, _, chain = line.partition("\t")
    names = chain.split(" > ")
    return "%s, %s%% of the run" % (names[-1], share.split()[0])


def check(ok, name, detail=""):
    results.append((ok, name, detail))


def skip(name, reason):
    results.append((None, name, reason))


def same_name(heard, reported):
    """A bar's name against --print bars's: qualified (f.<locals>.g), or the label with the
    place or the recorded name after a dash ("<module> — walkers.py:1", "tolist — <method
    'tolist' of …>") where the report has the recorded name."""
    return any(part == reported or part.endswith("." + reported)
               for part in heard.split(" \u2014 "))


def tree_items(view):
    view.clear_cache()
    return [c for c in children(view) if c.get_role() == Atspi.Role.TREE_ITEM]


def bar_facts(item):
    item.clear_cache()
    level = int((item.get_attributes() or {}).get("level", "0"))
    box = item.get_extents(Atspi.CoordType.WINDOW)
    return item.get_name(), level, box, item.get_state_set().contains(Atspi.StateType.SELECTED)


def check_bars(view, report, selected):
    """The view's children: tree items in walk order, each a bar of --print bars (its level
    the depth + 1), the root first, at least MIN_BAR_WIDTH wide inside the view, at most
    MAX_BARS, the selected bar marked."""
    items = wait_for(lambda: tree_items(view), "the bars as children of the flame view")
    facts = [bar_facts(item) for item in items]
    view_box = view.get_extents(Atspi.CoordType.WINDOW)
    problems = []
    if len(facts) > MAX_BARS:
        problems.append("%d children" % len(facts))
    at = 0
    for name, level, box, _ in facts:
        while at < len(report) and not (report[at][0] + 1 == level and
                                        same_name(name, report[at][1])):
            at += 1
        if at == len(report):
            problems.append("%r at level %d is not the next bar of the report" % (name, level))
            break
        at += 1
        if box.width < MIN_BAR_WIDTH or box.x < view_box.x - 1 or \
                box.x + box.width > view_box.x + view_box.width + 1:
            problems.append("%r at %d+%d outside the view %d+%d" % (name, box.x, box.width,
                                                                 view_box.x, view_box.width))
    if not facts or facts[0][1] != 1 or not same_name(facts[0][0], report[0][1]):
        problems.append("the first child is %r, not the root" % (facts[:1],))
    marked = [(name, level) for name, level, _, sel in facts if sel]
    if marked != [selected]:
        problems.append("selected: %r, expected %r" % (marked, selected))
    emit("# %d bars as children" % len(facts))
    for item, (name, level, box, sel) in zip(items[:12], facts):
        emit("#   %s, tree item, level %d: %s%s" % (name, level, item.get_description(),
                                                   " (selected)" if sel else ""))
    return not problems, "; ".join(problems)


# the widest chain and the bars of the first two rows (their function's name), from the
# command line's reports: "--print widest" writes "SHARE<TAB>main > f > g", widest first,
# "--print bars" writes "DEPTH<TAB>START<TAB>WIDTH<TAB>...<TAB>file:line:name;..." in walk order
widest = run_report("widest")
rows = {}
bars_report = []
frames = []
for line in run_report("bars"):
    fields = line.split("\t")
    frame = fields[-1].split(";")[-1]
    name = frame.split(":", 2)[-1]
    rows.setdefault(int(fields[0]), []).append(name)
    bars_report.append((int(fields[0]), name))
    frames.append((int(fields[0]), float(fields[1]), float(fields[2]), frame))


def display_answers():
    """The X server takes a client (xvfb-run starts the command as soon as its server says
    it is up)."""
    return subprocess.run(["xdotool", "getdisplaygeometry"], stdout=subprocess.DEVNULL,
                          stderr=subprocess.DEVNULL, timeout=TIMEOUT).returncode == 0


wait_for(display_answers, "the X display " + os.environ["DISPLAY"])
app_proc = subprocess.Popen([hearth, profile], env=app_env)
try:
    app = wait_for(lambda: find_app(app_proc.pid), "the application on the AT-SPI bus")
    app.set_cache_mask(Atspi.Cache.NONE)
    view = wait_for(lambda: find_flame_view(app), "the flame view")
    first = wait_for(lambda: description(view).startswith("Widest chain: ") and description(view),
                     "the flame view's description")
    emit("# " + first)
    check(first.startswith("Widest chain: " + describe_tip(widest[0])) and
          same_chain(first.partition("; chain: ")[2], widest[0].partition("\t")[2]), CASES[0],
          "%r, the report's widest chain %r" % (first, widest[0]))

    # the window takes the keyboard (no window manager under Xvfb), the view has the focus
    subprocess.run(["xdotool", "search", "--sync", "--onlyvisible", "--pid",
                    str(app_proc.pid), "", "windowfocus", "--sync"], check=True,
                   timeout=TIMEOUT, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    wait_for(lambda: focused(view), "the focus on the flame view")
    walk_ok, seen = True, []
    before = first
    # Up with nothing selected: the root; Up: its widest child; Right: the next bar in its row
    for keysym, node in ((0xff52, rows[0][0]), (0xff52, rows[1][0]), (0xff53, rows[1][1])):
        press(keysym)
        now = wait_for(lambda: description(view) != before and description(view),
                       "the description after a key")
        seen.append(now)
        emit("# " + now)
        walk_ok = walk_ok and re.match(re.escape(node) + "[ ,]", now) is not None
        before = now
    check(walk_ok, CASES[1], "heard %r, expected %r" % (seen, [rows[0][0], rows[1][0],
                                                              rows[1][1]]))

    if gtk_version < (4, 10):
        skip(CASES[4], "GTK %d.%d: bars are accessible children from GTK 4.10 on; the "
             "description is what GTK 4.8 has" % gtk_version)
    else:
        bars_ok, problems = check_bars(view, bars_report, (seen[-1].split(",")[0], 2))
        check(bars_ok, CASES[4], problems)

    # F6: out of the graph to the side panes, the header bar, and back to the graph
    regions = []
    where = focus_place(app)
    for _ in range(3):
        was = where
        press(0xffc3)  # F6
        where = wait_for(lambda: focus_place(app) not in (None, was) and focus_place(app),
                         "the focus to move on F6")
        regions.append(focused(view))
    check(regions == [False, False, True], CASES[3], "the graph focused after each F6: %r"
          % regions)

    unnamed = []
    for node in walk(app):
        try:
            role = node.get_role()
            if role in NAMED_ROLES and not has_name(node):
                unnamed.append("%s (%r) in %s" % (node.get_role_name(), node.get_description(),
                                                  path(node)))
        except GLib.Error:
            pass
    check(not unnamed, CASES[2], "without a name: %s" % ", ".join(unnamed))

    # Ctrl+F opens the search, typed keys go into its entry; the view says what matched
    expected = search_words(frames, SEARCH)
    subprocess.run(["xdotool", "key", "ctrl+f"], check=True, timeout=TIMEOUT)
    subprocess.run(["xdotool", "type", "--delay", "100", SEARCH], check=True, timeout=TIMEOUT)
    try:
        heard = wait_for(lambda: description(view).endswith(". " + expected) and
                         description(view), "the search in the description")
    except TimeoutError:
        heard = description(view)
    emit("# " + heard)
    check(heard.endswith(". " + expected), CASES[5], "heard %r, expected it to end in %r"
          % (heard, expected))
finally:
    app_proc.terminate()
    app_proc.wait(timeout=TIMEOUT)

emit("1..%d" % len(results))
for i, (ok, name, detail) in enumerate(results, 1):
    if ok is None:
        emit("ok %d %s # SKIP %s" % (i, name, detail))
        continue
    emit("%s %d %s" % ("ok" if ok else "not ok", i, name))
    if not ok:
        emit("# " + detail)
