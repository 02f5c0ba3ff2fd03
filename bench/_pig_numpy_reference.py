"""The honest anchor for bench/solve.py: Pig's value iteration in plain, tuned numpy, run in a
fresh interpreter that imports nothing of the workbench (only numpy and the standard library).

Neller & Presser's formulation on arrays ``P[i, j, k]`` (the mover's score, the other's,
the turn total; rolling a face not in ``faces`` busts), Jacobi sweeps to a tolerance. Tuned:
every gather's flat indices are computed once before the sweeps (``np.take`` on the
raveled array), the face loop adds into one preallocated buffer, nothing is reallocated
inside a sweep but the sweep's own result.

Run: ``python bench/_pig_numpy_reference.py GOAL`` prints one JSON line: P(first player
wins), sweeps, CPU seconds of the arrays and the sweeps (``time.process_time``), and the
process's peak resident MB (``VmHWM``) with its resident MB before the arrays.
"""

from __future__ import annotations

import json
import os
import sys
import time

import numpy as np


def _status_mb(field: str) -> float:
    """A /proc/self/status figure in MB (VmRSS: now; VmHWM: this image's peak — not
    getrusage's ru_maxrss, which Linux carries across exec from the parent)."""
    with open("/proc/self/status", encoding="ascii") as f:
        for line in f:
            if line.startswith(field + ":"):
                return int(line.split()[1]) / 1024
    return float("nan")


def solve(goal: int, faces: tuple[int, ...] = (2, 3, 4, 5, 6), sides: int = 6, tol: float = 1e-9):
    """(P(first player wins), sweeps)."""
    n = goal
    i, j, k = np.meshgrid(np.arange(n), np.arange(n), np.arange(n), indexing="ij")
    flat = lambda a, b, c: (a * n + b) * n + c  # noqa: E731
    swap0 = flat(j, i, 0).ravel()  # the other's turn starts after a bust
    hold_at = flat(j, np.minimum(i + k, n - 1), 0).ravel()
    can_hold = ((k > 0) & (i + k < n)).ravel()
    rolls = []
    for f in faces:
        won = (i + k + f >= n).ravel()
        rolls.append((won, flat(i, j, np.minimum(k + f, n - 1)).ravel()))
    bust = (sides - len(faces)) / sides
    p = np.zeros(n**3)
    roll = np.empty(n**3)
    tmp = np.empty(n**3)
    sweeps = 0
    while True:
        sweeps += 1
        np.take(p, swap0, out=roll)
        np.subtract(1.0, roll, out=roll)
        roll *= bust
        for won, at in rolls:
            np.take(p, at, out=tmp)
            tmp[won] = 1.0
            tmp *= 1.0 / sides
            roll += tmp
        np.take(p, hold_at, out=tmp)
        np.subtract(1.0, tmp, out=tmp)
        tmp[~can_hold] = 0.0
        np.maximum(roll, tmp, out=roll)
        change = float(np.abs(roll - p).max())
        p, roll = roll, p
        if change < tol:
            return float(p[0]), sweeps


def main() -> None:
    goal = int(sys.argv[1])
    at_start = _status_mb("VmRSS")
    cpu = time.process_time()
    first, sweeps = solve(goal)
    spent = time.process_time() - cpu
    peak = _status_mb("VmHWM")
    print(json.dumps({"first": first, "sweeps": sweeps, "cpu": spent, "peak_mb": peak,
                      "start_mb": at_start, "load": os.getloadavg()}))  # fmt: skip


if __name__ == "__main__":
    main()
