"""The exact solver on Pig (issues 17 and 22): states, sweeps, CPU time and peak memory per goal,
against a plain numpy value iteration of the same game run in the same benchmark.

For each goal, each solve runs in a child process of its own (``os.fork``), so
its CPU time (user + system, from ``os.wait4``) and its peak memory (the
child's maximum resident set, the interpreter and the workbench's imports —
about 90 MB — included in both) are its own:

- **ours**: the workbench's solver through Pig's rules — the reachable states
  enumerated (``build_graph``), then valued (``sweeps``: stage-by-stage, sparse
  policy solves, tolerance 1e-9);
- **numpy**: :func:`numpy_pig` — Neller & Presser's value iteration written
  directly on arrays ``P[i, j, k]`` (mover's score, the other's, turn total),
  vectorised sweeps to the same tolerance: the anchor (issue 22 item 3's goal:
  ours ≤ 1.2× its CPU and ≤ 2× its peak memory).

Per phase, in the same child: ``game`` (the rules built), ``build`` (the state
graph), ``solve`` (the sweeps) for ours, ``arrays`` and ``sweeps`` for numpy —
each phase's CPU seconds and its own peak resident memory (the kernel's
high-water mark reset at the phase's start through ``/proc/self/clear_refs``,
so a phase's peak is not hidden behind an earlier, larger one), and the
child's resident memory when it started (what it shares with this process).

- **tuned**: the honest anchor (issue 38): ``bench/_pig_numpy_reference.py``, the same
  value iteration tuned (gathers' flat indices computed once, buffers reused) and run in
  a fresh interpreter that imports numpy only, so its peak memory holds no workbench
  import; its CPU is its arrays and sweeps, measured inside it, against ours' game, build
  and solve phases; the ratios against the goals are printed against this one.

P(first player wins) under optimal play is printed by all three, with Neller &
Presser's 0.5306 for the goal 100. The load average is printed: the machine is
shared, and wall times include the waiting.

Run: ``.venv/bin/python bench/solve.py [--goals 30,50,100]`` (needs examples/pig,
installed by ``make install``).
"""

from __future__ import annotations

import argparse
import importlib.util
import os
import pickle
import sys
import time
from collections.abc import Callable
from typing import Any

import numpy as np

from workbench.engine.solve.graph import build_graph
from workbench.engine.solve.iterate import sweeps
from workbench.registry import make_game

GOAL_SECONDS = 120.0
GOAL_CPU_RATIO = 1.2
GOAL_MEMORY_RATIO = 2.0
PUBLISHED = {100: 0.5306}  # Neller & Presser (2004), P(first player wins) under optimal play


def _status_kb(field: str) -> int | None:
    """A ``/proc/self/status`` figure in kB (``VmHWM``: peak resident, ``VmRSS``: now)."""
    try:
        with open("/proc/self/status", encoding="ascii") as f:
            for line in f:
                if line.startswith(field + ":"):
                    return int(line.split()[1])
    except OSError:
        pass
    return None


def _reset_peak() -> bool:
    """Reset this process's peak resident memory to what it holds now (Linux >= 4.0)."""
    try:
        with open("/proc/self/clear_refs", "w", encoding="ascii") as f:
            f.write("5")
        return True
    except OSError:
        return False


Phases = list[tuple[str, float, float | None]]


def phase(phases: Phases, name: str, fn: Callable[[], Any]) -> Any:
    """``fn()``, appending (name, its CPU seconds, its own peak resident MB) to ``phases``
    (the peak is None where the kernel cannot reset it).

    >>> got: Phases = []
    >>> phase(got, "sum", lambda: sum(range(10))), got[0][0]
    (45, 'sum')
    """
    reset = _reset_peak()
    cpu = time.process_time()
    out = fn()
    spent = time.process_time() - cpu
    peak = _status_kb("VmHWM") if reset else None
    phases.append((name, spent, None if peak is None else peak / 1024))
    return out


def start_mb() -> float | None:
    """This process's resident memory now, MB (a child's at its start)."""
    now = _status_kb("VmRSS")
    return None if now is None else now / 1024


def numpy_pig(
    goal: int,
    faces: tuple[int, ...] = (2, 3, 4, 5, 6),
    sides: int = 6,
    tolerance: float = 1e-9,
    phases: Phases | None = None,
) -> tuple[float, int]:
    """P(first player wins) in two-player Pig to ``goal`` under optimal play, by value
    iteration on arrays (rolling a face not in ``faces`` busts); and the sweeps taken.

    The first roll of a turn is compulsory and reaching the goal ends the game, as in
    examples/pig.

    >>> p, _ = numpy_pig(10)
    >>> 0.5 < p < 0.8
    True
    """
    if phases is None:
        phases = []

    def arrays() -> tuple[Any, ...]:
        i, j, k = np.meshgrid(np.arange(goal), np.arange(goal), np.arange(goal), indexing="ij")
        return (
            i,
            j,
            k,
            np.zeros((goal, goal, goal)),
            (k > 0) & (i + k < goal),
            np.minimum(i + k, goal - 1),
        )

    i, j, k, p, can_hold, hold_i = phase(phases, "arrays", arrays)
    bust = sides - len(faces)
    return phase(
        phases,
        "sweeps",
        lambda: _numpy_sweeps(goal, faces, sides, tolerance, bust, i, j, k, p, can_hold, hold_i),
    )


def _numpy_sweeps(
    goal: int,
    faces: tuple[int, ...],
    sides: int,
    tolerance: float,
    bust: int,
    i: Any,
    j: Any,
    k: Any,
    p: Any,
    can_hold: Any,
    hold_i: Any,
) -> tuple[float, int]:
    sweeps_done = 0
    while True:
        sweeps_done += 1
        roll = bust / sides * (1.0 - p[j, i, 0])
        for f in faces:
            won = i + k + f >= goal
            roll = roll + np.where(won, 1.0, p[i, j, np.minimum(k + f, goal - 1)]) / sides
        hold = np.where(can_hold, 1.0 - p[j, hold_i, 0], 0.0)
        new = np.maximum(roll, hold)
        change = float(np.abs(new - p).max())
        p = new
        if change < tolerance:
            return float(p[0, 0, 0]), sweeps_done


def in_child(fn: Callable[[], Any]) -> tuple[Any, float, float, float]:
    """``fn()`` in a forked child: its result, CPU seconds, wall seconds and peak MB."""
    read, write = os.pipe()
    wall = time.perf_counter()
    pid = os.fork()
    if pid == 0:  # the child: compute, send the result, leave without cleanup
        os.close(read)
        try:
            data = pickle.dumps(("ok", fn()))
        except BaseException as e:  # noqa: BLE001 - reported by the parent
            data = pickle.dumps(("error", f"{type(e).__name__}: {e}"))
        with os.fdopen(write, "wb") as out:
            out.write(data)
        os._exit(0)
    os.close(write)
    with os.fdopen(read, "rb") as inp:
        data = inp.read()
    _, _, usage = os.wait4(pid, 0)
    status, result = pickle.loads(data)
    if status != "ok":
        raise RuntimeError(result)
    return (
        result,
        usage.ru_utime + usage.ru_stime,
        time.perf_counter() - wall,
        usage.ru_maxrss / 1024,
    )


def ours(goal: int) -> tuple[float, int, int, int, Phases, float | None]:
    """The workbench's solver on Pig: P(first wins), states, transitions, sweeps, the
    phases (game, build, solve) and the resident MB at the start."""
    at_start, phases = start_mb(), []
    game = phase(phases, "game", lambda: make_game("pig", goal=goal))
    graph = phase(phases, "build", lambda: build_graph(game))
    values, _, n_sweeps = phase(phases, "solve", lambda: sweeps(graph, None, 1e-9, 100_000))
    first = sum(values[s][0] * n / d for s, n, d in graph.root)
    return float(first), len(graph.states), len(graph.succ), n_sweeps, phases, at_start


REFERENCE = os.path.join(os.path.dirname(os.path.abspath(__file__)), "_pig_numpy_reference.py")


def independent(goal: int) -> dict[str, Any]:
    """bench/_pig_numpy_reference.py in a fresh interpreter (no workbench import): its JSON
    (first, sweeps, cpu: the solve's own CPU s, peak_mb, start_mb) and ``wall``."""
    import json
    import subprocess

    wall = time.perf_counter()
    done = subprocess.run(
        [sys.executable, REFERENCE, str(goal)], capture_output=True, text=True, check=True
    )
    out: dict[str, Any] = json.loads(done.stdout)
    out["wall"] = time.perf_counter() - wall
    return out


def reference(goal: int) -> tuple[float, int, Phases, float | None]:
    """:func:`numpy_pig` with its phases (arrays, sweeps) and the resident MB at the start."""
    at_start, phases = start_mb(), []
    first, n_sweeps = numpy_pig(goal, phases=phases)
    return first, n_sweeps, phases, at_start


def phase_line(who: str, phases: Phases, at_start: float | None) -> str:
    """One line: each phase's CPU seconds and own peak MB, and the resident MB at start."""
    parts = [
        f"{name} {cpu:.1f} CPU s, peak {'?' if mb is None else f'{mb:.0f}'} MB"
        for name, cpu, mb in phases
    ]
    start = "?" if at_start is None else f"{at_start:.0f}"
    return f"{'':>5} {who:<6} phases: {'; '.join(parts)} (resident at the child's start {start} MB)"


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--goals", default="30,50,100", help="comma-separated goals")
    args = parser.parse_args(argv)
    try:
        goals = [int(g) for g in args.goals.split(",")]
    except ValueError:
        print(f"--goals: {args.goals!r} must be whole numbers separated by commas")
        return 2
    # not make_game here: Pig reads its sheet with polars, whose threads must not be
    # running in this process when it forks a child
    if importlib.util.find_spec("pig") is None:
        print("pig is not installed: run make install (it installs examples/pig)")
        return 2
    print(
        f"each solve in a child process; CPU = user + system seconds; load average "
        f"{' '.join(f'{x:.1f}' for x in os.getloadavg())}"
    )
    print(
        f"{'goal':>5} {'solver':<6} {'states':>10} {'sweeps':>7} {'cpu s':>8} {'wall s':>8} "
        f"{'peak MB':>8}  P(first wins)"
    )
    for goal in goals:
        (first, states, _, n_sweeps, our_phases, our_start), cpu, wall, mb = in_child(
            lambda g=goal: ours(g)
        )
        (ref, ref_sweeps, ref_phases, ref_start), ref_cpu, ref_wall, ref_mb = in_child(
            lambda g=goal: reference(g)
        )
        # resetting a phase's peak also resets the one wait4 reports: the child's peak is
        # its largest phase's (each phase's peak starts from what the child held then)
        mb = max([mb] + [p for _, _, p in our_phases if p is not None])
        ref_mb = max([ref_mb] + [p for _, _, p in ref_phases if p is not None])
        pub = f" (published {PUBLISHED[goal]})" if goal in PUBLISHED else ""
        print(
            f"{goal:>5} {'ours':<6} {states:>10,} {n_sweeps:>7} {cpu:>8.1f} {wall:>8.1f} "
            f"{mb:>8.0f}  {first:.6f}{pub}"
        )
        print(
            f"{goal:>5} {'numpy':<6} {goal**3:>10,} {ref_sweeps:>7} {ref_cpu:>8.1f} "
            f"{ref_wall:>8.1f} {ref_mb:>8.0f}  {ref:.6f}"
        )
        print(
            f"{'':>5} ours / numpy: CPU {cpu / ref_cpu:.2f}× (goal ≤ {GOAL_CPU_RATIO}), "
            f"peak memory {mb / ref_mb:.2f}× (goal ≤ {GOAL_MEMORY_RATIO}); "
            f"values differ by {abs(first - ref):.1e}"
        )
        print(phase_line("ours", our_phases, our_start))
        print(phase_line("numpy", ref_phases, ref_start), flush=True)
        ind = independent(goal)
        ours_solve = sum(c for _, c, _ in our_phases)
        print(
            f"{goal:>5} {'tuned':<6} {goal**3:>10,} {ind['sweeps']:>7} {ind['cpu']:>8.2f} "
            f"{ind['wall']:>8.1f} {ind['peak_mb']:>8.0f}  {ind['first']:.6f}  "
            f"(numpy only, a fresh interpreter: resident {ind['start_mb']:.0f} MB before the arrays)"
        )
        print(
            f"{'':>5} ours / tuned numpy (the honest anchor): CPU {ours_solve / ind['cpu']:.2f}× "
            f"(game + build + solve {ours_solve:.2f} s against its arrays + sweeps; goal ≤ "
            f"{GOAL_CPU_RATIO}), peak memory {mb / ind['peak_mb']:.2f}× (ours with the "
            f"workbench's imports, {mb:.0f} MB, against numpy alone; goal ≤ {GOAL_MEMORY_RATIO}); "
            f"build {our_phases[1][1] / ours_solve:.0%} of ours; values differ by "
            f"{abs(first - ind['first']):.1e}",
            flush=True,
        )
    return 0


if __name__ == "__main__":
    sys.exit(main())
