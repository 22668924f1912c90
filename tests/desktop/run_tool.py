#!/usr/bin/env python3
# Runs one validator (desktop-file-validate, appstreamcli, glib-compile-schemas, xmllint...)
# and passes its exit status on; exits 77, which meson counts as a skip, when the validator
# is not installed. Usage: run_tool.py TOOL [ARGUMENT...]
#
# Copyright 2026 The Hearth authors
# SPDX-License-Identifier: GPL-3.0-or-later

import shutil
import subprocess
import sys

tool = sys.argv[1]
if shutil.which(tool) is None:
    print(f"{tool} is not installed (build-aux/setup installs it): skipped")
    sys.exit(77)
proc = subprocess.run(sys.argv[1:], stdout=subprocess.PIPE, stderr=subprocess.STDOUT)
output = proc.stdout.decode(errors="replace")
print(output, end="")
# appstreamcli and desktop-file-validate report some problems without failing: a hint is
# fine, a warning or an error is not.
if proc.returncode == 0 and any(line.startswith(("W:", "E:")) or ": error:" in line
                                or ": warning:" in line for line in output.splitlines()):
    sys.exit(1)
sys.exit(proc.returncode)
