"""Random walkers: the mean squared displacement of many 2-D random walks.

The example profiles shipped with Hearth come from this script:

    python3 -m cProfile -o before.prof walkers.py --slow
    python3 -m cProfile -o after.prof walkers.py

The slow version computes the mean squared displacement (MSD) with a pure-Python loop over
walkers and time lags; the fast version does the same arithmetic with NumPy arrays. Both print
the same numbers.
"""

import sys

import numpy as np

N_WALKERS = 500
N_STEPS = 1200
MAX_LAG = 100


def simulate(rng, n_walkers, n_steps):
    """Positions of every walker at every step, shape (walkers, steps, 2)."""
    steps = rng.choice([-1, 1], size=(n_walkers, n_steps, 2))
    return np.cumsum(steps, axis=1)


def walker_msd(path, max_lag):
    """MSD of one walker for lags 1..max_lag, one pair of points at a time."""
    out = []
    n = len(path)
    for lag in range(1, max_lag + 1):
        total = 0.0
        for t in range(n - lag):
            dx = path[t + lag][0] - path[t][0]
            dy = path[t + lag][1] - path[t][1]
            total += dx * dx + dy * dy
        out.append(total / (n - lag))
    return out


def farthest_excursion(path):
    """The largest squared distance a walker reached from its start."""
    x0, y0 = path[0]
    farthest = 0
    for x, y in path:
        d = (x - x0) * (x - x0) + (y - y0) * (y - y0)
        if d > farthest:
            farthest = d
    return farthest


def msd_slow(positions, max_lag):
    per_walker = [walker_msd(path.tolist(), max_lag) for path in positions]
    return np.mean(np.array(per_walker), axis=0)


def msd_fast(positions, max_lag):
    out = np.empty(max_lag)
    for lag in range(1, max_lag + 1):
        d = positions[:, lag:, :] - positions[:, :-lag, :]
        out[lag - 1] = np.mean(np.sum(d * d, axis=2))
    return out


def diffusion_coefficient(msd):
    lags = np.arange(1, len(msd) + 1)
    slope = np.polyfit(lags, msd, 1)[0]
    return slope / 4.0


def main(argv):
    rng = np.random.default_rng(42)
    positions = simulate(rng, N_WALKERS, N_STEPS)
    msd = msd_slow(positions, MAX_LAG) if "--slow" in argv else msd_fast(positions, MAX_LAG)
    print(f"MSD at lag 1: {msd[0]:.3f}, at lag {MAX_LAG}: {msd[-1]:.3f}")
    print(f"diffusion coefficient: {diffusion_coefficient(msd):.4f}")
    excursions = [farthest_excursion(path) for path in positions.tolist()]
    print(f"farthest excursion: {max(excursions) ** 0.5:.1f} steps")


if __name__ == "__main__":
    main(sys.argv[1:])
