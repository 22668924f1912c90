#!/usr/bin/env python3
# Installs the build into a temporary folder (meson install --destdir) and uses it the way a
# desktop does: the MIME and desktop databases are built there, xdg-mime and GIO name the
# type of a profile (also renamed, by its content) and the application for it, and under
# Xvfb with a session bus `gio open` on a profile D-Bus-activates Hearth, which opens a
# window titled with the file's name. Prints TAP.
#
# Copyright 2026 The Hearth authors
# SPDX-License-Identifier: GPL-3.0-or-later

import os
import shutil
import signal
import subprocess
import tempfile
import time

import datatest

PSTATS = "application/x-python-pstats"
FOLDED = "text/x-folded-stacks"
SCHEMA_ID = "io.github.hearthprof.Hearth"

args = datatest.parse_args()
tap = datatest.Tap()
app_id = args.app_id
tmp = tempfile.mkdtemp(prefix="hearth-install-")
children = []


def run(cmd, env=None, timeout=120):
    return subprocess.run(cmd, env=env, capture_output=True, text=True, timeout=timeout)


def output_of(proc):
    return (proc.stdout + proc.stderr).strip()


def install():
    destdir = os.path.join(tmp, "dest")
    if not args.meson:
        tap.skip("meson install --destdir", "meson was not found at configure time")
        return None
    proc = run([args.meson, "install", "-C", args.build_root, "--destdir", destdir,
                "--no-rebuild", "--quiet"], timeout=240)
    if not tap.check(proc.returncode == 0, "meson install --destdir", output_of(proc)):
        return None
    return datatest.install_root(args, destdir)


def check_files(root):
    share = os.path.join(root, os.path.relpath(datatest.under_prefix(args, args.datadir), args.prefix))
    bindir = os.path.join(root, os.path.relpath(datatest.under_prefix(args, args.bindir), args.prefix))
    localedir = os.path.join(root, os.path.relpath(datatest.under_prefix(args, args.localedir),
                                                   args.prefix))
    expected = [
        os.path.join(bindir, "hearth"),
        os.path.join(share, "applications", app_id + ".desktop"),
        os.path.join(share, "dbus-1", "services", app_id + ".service"),
        os.path.join(share, "metainfo", app_id + ".metainfo.xml"),
        os.path.join(share, "mime", "packages", app_id + ".xml"),
        os.path.join(share, "glib-2.0", "schemas", SCHEMA_ID + ".gschema.xml"),
        os.path.join(share, "icons", "hicolor", "scalable", "apps", app_id + ".svg"),
        os.path.join(share, "icons", "hicolor", "symbolic", "apps", app_id + "-symbolic.svg"),
        os.path.join(share, "hearth", "examples", "before.prof"),
        os.path.join(share, "hearth", "examples", "after.prof"),
        os.path.join(localedir, "ko", "LC_MESSAGES", "hearth.mo"),
        os.path.join(share, "help", "C", "hearth", "read-graph.page"),
    ]
    if datatest.have("itstool"):
        expected.append(os.path.join(share, "help", "ko", "hearth", "read-graph.page"))
    for path in expected:
        tap.check(os.path.isfile(path), "installs " + os.path.relpath(path, root))
    return share, bindir


def build_caches(share):
    """What gnome.post_install () does on a real install (it is skipped under DESTDIR)."""
    steps = [
        ("update-mime-database", [os.path.join(share, "mime")],
         os.path.join(share, "mime", "mime.cache")),
        ("update-desktop-database", [os.path.join(share, "applications")],
         os.path.join(share, "applications", "mimeinfo.cache")),
        ("glib-compile-schemas", ["--strict", os.path.join(share, "glib-2.0", "schemas")],
         os.path.join(share, "glib-2.0", "schemas", "gschemas.compiled")),
        ("gtk4-update-icon-cache", ["-q", "-t", "-f", os.path.join(share, "icons", "hicolor")],
         os.path.join(share, "icons", "hicolor", "icon-theme.cache")),
    ]
    for tool, tool_args, result in steps:
        if not datatest.have(tool):
            tap.skip(tool, "not installed")
            continue
        proc = run([tool, *tool_args])
        tap.check(proc.returncode == 0 and os.path.isfile(result), tool, output_of(proc))
    cache = os.path.join(share, "applications", "mimeinfo.cache")
    if os.path.isfile(cache):
        with open(cache, encoding="utf-8") as f:
            text = f.read()
        for mime in (PSTATS, FOLDED):
            tap.check(f"{mime}={app_id}.desktop;" in text, f"mimeinfo.cache maps {mime}", text)


def desktop_env(share, bindir):
    """A session that sees only the staged install and the system's own data."""
    home = os.path.join(tmp, "home")
    for sub in (".config", ".local/share", "xdg-config"):
        os.makedirs(os.path.join(home, sub), exist_ok=True)
    env = dict(os.environ)
    for key in ("DBUS_SESSION_BUS_ADDRESS", "DISPLAY", "WAYLAND_DISPLAY", "XDG_RUNTIME_DIR",
                "GIO_LAUNCHED_DESKTOP_FILE", "GIO_LAUNCHED_DESKTOP_FILE_PID"):
        env.pop(key, None)
    system_dirs = os.environ.get("XDG_DATA_DIRS", "/usr/local/share:/usr/share")
    env.update({
        "HOME": home,
        "XDG_CONFIG_HOME": os.path.join(home, ".config"),
        "XDG_CONFIG_DIRS": os.path.join(home, "xdg-config"),
        "XDG_DATA_HOME": os.path.join(home, ".local", "share"),
        "XDG_DATA_DIRS": share + ":" + system_dirs,
        "XDG_CURRENT_DESKTOP": "GNOME",
        "PATH": bindir + ":" + os.environ.get("PATH", "/usr/bin:/bin"),
        "GSETTINGS_BACKEND": "memory",
        "GDK_BACKEND": "x11",
        "NO_AT_BRIDGE": "1",
        "GTK_A11Y": "none",
    })
    return env


def sample_files():
    """Profiles under the names a user gives them, and under names that say nothing."""
    files = os.path.join(tmp, "files")
    os.makedirs(files)
    data = os.path.join(args.source_root, "tests", "data")
    examples = os.path.join(args.source_root, "data", "examples")
    samples = [
        (os.path.join(examples, "before.prof"), "before.prof", PSTATS),
        (os.path.join(examples, "before.prof"), "renamed.bin", PSTATS),
        (os.path.join(data, "cprofile_py27.prof"), "python2.dat", PSTATS),
        (os.path.join(data, "tiny_marshal_v3.prof"), "marshal3", PSTATS),
        (os.path.join(data, "profile_cli_py313.prof"), "run.pstats", PSTATS),
        (os.path.join(data, "pyspy_raw.txt"), "pyspy.folded", FOLDED),
        (os.path.join(data, "plain_folded.txt"), "perf.collapsed", FOLDED),
        (os.path.join(data, "pyspy.speedscope.json"), "pyspy.speedscope.json", "application/json"),
        (os.path.join(data, "pyspy.speedscope.json"), "speedscope.bin", None),
        (os.path.join(data, "plain_folded.txt"), "folded.bin", None),
    ]
    result = []
    for source, name, mime in samples:
        path = os.path.join(files, name)
        shutil.copyfile(source, path)
        result.append((path, mime))
    return result


def parents(env, mime):
    """The types MIME is a sub-class of, from every MIME database in XDG_DATA_DIRS."""
    found = set()
    for directory in env["XDG_DATA_DIRS"].split(":"):
        try:
            with open(os.path.join(directory, "mime", "subclasses"), encoding="utf-8") as f:
                found.update(line.split()[1] for line in f if line.split()[:1] == [mime])
        except OSError:
            pass
    return found


def check_types(env, samples):
    xdg_mime = datatest.have("xdg-mime")
    for path, want in samples:
        name = os.path.basename(path)
        if want is None:
            # JSON and text under a name that says nothing are not profiles to the desktop
            proc = run(["gio", "info", "-a", "standard::content-type", path], env=env)
            got = proc.stdout.strip().rpartition(" ")[2]
            tap.check(got not in (PSTATS, FOLDED), f"{name} is not claimed", got)
            continue
        if xdg_mime:
            proc = run(["xdg-mime", "query", "filetype", path], env=env)
            got = proc.stdout.strip()
            # a speedscope file names its "$schema", which shared-mime-info 2.2 takes for a
            # JSON schema (a sub-class of application/json)
            tap.check(got == want or want in parents(env, got),
                      f"xdg-mime query filetype {name}", f"got {got!r}, want {want!r}")
        else:
            tap.skip(f"xdg-mime query filetype {name}", "xdg-mime is not installed")


def check_defaults(env):
    for mime in (PSTATS, FOLDED):
        if datatest.have("xdg-mime"):
            proc = run(["xdg-mime", "query", "default", mime], env=env)
            tap.equal(proc.stdout.strip(), app_id + ".desktop", f"xdg-mime query default {mime}")
        else:
            tap.skip(f"xdg-mime query default {mime}", "xdg-mime is not installed")
        # what the file manager asks: GIO's own choice
        proc = run(["gio", "mime", mime], env=env)
        first = proc.stdout.splitlines()[0] if proc.stdout else ""
        tap.check(first.endswith(": " + app_id + ".desktop"), f"gio mime {mime}", output_of(proc))


def start(cmd, env):
    """A helper process with its own process group, stopped at the end of the test."""
    proc = subprocess.Popen(cmd, env=env, stdout=subprocess.PIPE, stderr=subprocess.DEVNULL,
                            pass_fds=(), start_new_session=True)
    children.append(proc)
    return proc


def start_xvfb(env):
    read_fd, write_fd = os.pipe()
    proc = subprocess.Popen(["Xvfb", "-displayfd", str(write_fd), "-screen", "0", "1280x1024x24",
                             "-nolisten", "tcp"], env=env, pass_fds=(write_fd,),
                            stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL,
                            start_new_session=True)
    children.append(proc)
    os.close(write_fd)
    with os.fdopen(read_fd) as f:
        display = f.readline().strip()
    return ":" + display if display else None


def start_bus(env):
    proc = start(["dbus-daemon", "--session", "--nofork", "--print-address=1"], env)
    address = proc.stdout.readline().decode().strip()
    return address or None


def find_window(env, title, timeout=30):
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        proc = run(["xdotool", "search", "--name", "^" + title.replace(".", "\\.") + "$"], env=env)
        if proc.returncode == 0 and proc.stdout.strip():
            return proc.stdout.split()[0]
        time.sleep(0.2)
    return None


def stage_service(share, bindir):
    """D-Bus starts the Exec of the service file, which names the binary at its final place:
    point it at the staged copy instead, as the binary is not installed there."""
    path = os.path.join(share, "dbus-1", "services", app_id + ".service")
    with open(path, encoding="utf-8") as f:
        text = f.read()
    final = os.path.join(datatest.under_prefix(args, args.bindir), "hearth")
    with open(path, "w", encoding="utf-8") as f:
        f.write(text.replace(final, os.path.join(bindir, "hearth")))


def check_window(env, share, bindir, samples):
    name = "gio open starts Hearth with the profile"
    if not args.gui:
        tap.skip(name, "built without the window (-Dgui=false)")
        return
    missing = [t for t in ("Xvfb", "dbus-daemon", "xdotool", "gio") if not datatest.have(t)]
    if missing:
        tap.skip(name, "not installed: " + ", ".join(missing))
        return
    stage_service(share, bindir)
    # the service file starts hearth --gapplication-service: the command line must let
    # GApplication have it (here with no bus, so that it gives up at once)
    try:
        proc = run([os.path.join(bindir, "hearth"), "--gapplication-service"], env=env, timeout=20)
        rejected = "--gapplication-service" in proc.stderr
        detail = output_of(proc)
    except subprocess.TimeoutExpired:
        rejected, detail = False, ""
    tap.check(not rejected, "hearth accepts --gapplication-service", detail)
    env = dict(env)
    env["DISPLAY"] = start_xvfb(env)
    if not tap.check(env["DISPLAY"] is not None, "Xvfb starts"):
        return
    env["DBUS_SESSION_BUS_ADDRESS"] = start_bus(env)
    if not tap.check(env["DBUS_SESSION_BUS_ADDRESS"] is not None, "the session bus starts"):
        return

    for path, title in ((samples[0][0], "before.prof"), (samples[1][0], "renamed.bin")):
        proc = run(["gio", "open", path], env=env, timeout=60)
        window = find_window(env, title) if proc.returncode == 0 else None
        tap.check(window is not None, f"gio open {title} shows a window titled {title}",
                  output_of(proc) or "no window with that title within 30 s")
    # one instance serves both files
    proc = run(["xdotool", "search", "--classname", "^" + app_id.rpartition(".")[2].lower()
                + "$|^hearth$"], env=env)
    pids = set()
    for window in proc.stdout.split():
        pid = run(["xdotool", "getwindowpid", window], env=env).stdout.strip()
        if pid:
            pids.add(pid)
    tap.equal(len(pids), 1, "both windows belong to one Hearth process")
    for pid in pids:
        try:
            os.kill(int(pid), signal.SIGTERM)
        except (OSError, ValueError):
            pass


def stop_children():
    for proc in reversed(children):
        if proc.poll() is None:
            proc.terminate()
            try:
                proc.wait(timeout=10)
            except subprocess.TimeoutExpired:
                proc.kill()
                proc.wait()


try:
    root = install()
    if root is not None:
        share, bindir = check_files(root)
        build_caches(share)
        env = desktop_env(share, bindir)
        samples = sample_files()
        check_types(env, samples)
        check_defaults(env)
        check_window(env, share, bindir, samples)
finally:
    stop_children()
    shutil.rmtree(tmp, ignore_errors=True)

tap.finish()
