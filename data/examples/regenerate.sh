#!/bin/sh
# Writes before.prof (pure-Python MSD loop) and after.prof (vectorised) from walkers.py.
# Needs python3 and NumPy (Debian: python3-numpy). Timings differ on every run and machine.
set -eu
cd "$(dirname "$0")"
python3 -m cProfile -o before.prof walkers.py --slow
python3 -m cProfile -o after.prof walkers.py
