"""The exact solver on Pig (issues 17, 22 and 38): CPU time and peak memory against a plain,
tuned numpy value iteration of the same game, each in a fresh interpreter of its own.

- **ours**: the workbench's solver through Pig's own rules, in a fresh interpreter that
  imports what a solve needs (numpy, scipy, the workbench's engine, Pig): the game built
  (``game``), the reachable states enumerated through the kernel (``build``), then valued
  (``solve``: stage by stage, sparse policy solves, tolerance 1e-9);
- **tuned**: the honest anchor, ``bench/_pig_numpy_reference.py``: Neller & Presser's
  value iteration on arrays ``P[i, j, k]``, gathers' flat indices computed once, buffers
  reused, in a fresh interpreter that imports numpy only (its peak memory holds no
  workbench import).

Each side's CPU is its own work after its imports (``time.process_time``: user +
system), its peak memory the process's ``VmHWM`` (imports included on both sides: ours
needs more of them). The goals (issue 38 item 5): ours ≤ 1.2× the anchor's CPU and ≤ 2×
its peak memory. Per phase of ours: CPU seconds and its own peak resident MB (the
high-water mark reset at the phase's start through ``/proc/self/clear_refs``), and the
resident MB after the imports. ``--profile`` adds where the build's CPU goes (cProfile
on the first goal, by module: the kernel, the game's rules, the solver; cProfile's
overhead inflates small calls, so read it as shares, not seconds).

P(first player wins) under optimal play is printed by both, with Neller & Presser's
0.5306 for the goal 100. The load average is printed before and after: the machine is
shared, and wall times include the waiting.

Run: ``.venv/bin/python bench/solve.py [--goals 30,50,100] [--profile]`` (needs
examples/pig, installed by ``make install``).
"""

from __future__ import annotations

import argparse
import importlib.util
import json
import os
import subprocess
import sys
import time
from collections.abc import Callable
from typing import Any

GOAL_CPU_RATIO = 1.2
GOAL_MEMORY_RATIO = 2.0
PUBLISHED = {100: 0.5306}  # Neller & Presser (2004), P(first player wins) under optimal play
HERE = os.path.dirname(os.path.abspath(__file__))
REFERENCE = os.path.join(HERE, "_pig_numpy_reference.py")


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


def _mb(field: str) -> float | None:
    kb = _status_kb(field)
    return None if kb is None else kb / 1024


def _by_module(stats: Any, game_module: str) -> list[tuple[str, float]]:
    """A cProfile's own time summed by where the code lives: the kernel, the game's rules,
    the solver, numpy/array/builtins and the rest; largest first."""
    groups: dict[str, float] = {}
    for (path, _, name), row in stats.stats.items():
        own = row[2]
        if "workbench/engine/kernel" in path or path.startswith("<kernel"):
            key = "kernel (steps, clones)"
        elif game_module and game_module in path:
            key = "the game's rules and codec"
        elif "workbench/engine/solve" in path:
            key = "solver (keys, arrays, loop)"
        elif path == "~":
            key = "builtins (" + name.strip("<>").split(" of ")[0] + ")"
        else:
            key = "other"
        groups[key] = groups.get(key, 0.0) + own
    return sorted(groups.items(), key=lambda kv: -kv[1])


def ours_child(goal: int, profile: bool) -> dict[str, Any]:
    """The workbench's solver on Pig to ``goal`` in this (fresh) interpreter: P(first
    wins), states, transitions, sweeps, phases, resident MB after the imports, peak MB."""
    from workbench.engine.solve.graph import build_graph
    from workbench.engine.solve.iterate import sweeps
    from workbench.registry import make_game

    after_imports, phases = _mb("VmRSS"), []
    game = phase(phases, "game", lambda: make_game("pig", goal=goal))
    graph = phase(phases, "build", lambda: build_graph(game))
    values, _, n_sweeps = phase(phases, "solve", lambda: sweeps(graph, None, 1e-9, 100_000))
    first = sum(values[s][0] * n / d for s, n, d in graph.root)
    peak = max([_mb("VmHWM") or 0.0] + [p for _, _, p in phases if p is not None])
    out: dict[str, Any] = {
        "first": float(first),
        "states": len(graph.states),
        "transitions": len(graph.succ),
        "sweeps": n_sweeps,
        "phases": phases,
        "start_mb": after_imports,
        "peak_mb": peak,
        "cpu": sum(c for _, c, _ in phases),
    }
    if profile:
        import cProfile
        import pstats

        del graph, values
        prof = cProfile.Profile(time.process_time)
        prof.enable()
        build_graph(game)
        prof.disable()
        out["profile"] = _by_module(pstats.Stats(prof), type(game).__module__.split(".")[0])
    return out


def run_json(args: list[str]) -> tuple[dict[str, Any], float]:
    """A fresh interpreter's JSON line and its wall seconds."""
    wall = time.perf_counter()
    done = subprocess.run([sys.executable, *args], capture_output=True, text=True, check=False)
    if done.returncode != 0:
        last = (done.stderr.strip().splitlines() or ["no output"])[-1]
        raise RuntimeError(f"{' '.join(args)}: {last}")
    return json.loads(done.stdout.strip().splitlines()[-1]), time.perf_counter() - wall


def phase_line(phases: Phases, after_imports: float | None) -> str:
    """One line: each phase's CPU seconds and own peak MB, and the resident MB after the
    imports."""
    parts = [
        f"{name} {cpu:.2f} CPU s, peak {'?' if mb is None else f'{mb:.0f}'} MB"
        for name, cpu, mb in phases
    ]
    start = "?" if after_imports is None else f"{after_imports:.0f}"
    return f"{'':>5} ours phases: {'; '.join(parts)} (resident after its imports {start} MB)"


def _load() -> str:
    return " ".join(f"{x:.1f}" for x in os.getloadavg())


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--goals", default="30,50,100", help="comma-separated goals")
    parser.add_argument("--profile", action="store_true", help="where the build's CPU goes")
    parser.add_argument("--child", type=int, help=argparse.SUPPRESS)  # ours, in a fresh process
    args = parser.parse_args(argv)
    if args.child is not None:
        print(json.dumps(ours_child(args.child, args.profile)))
        return 0
    try:
        goals = [int(g) for g in args.goals.split(",")]
    except ValueError:
        print(f"--goals: {args.goals!r} must be whole numbers separated by commas")
        return 2
    if importlib.util.find_spec("pig") is None:
        print("pig is not installed: run make install (it installs examples/pig)")
        return 2
    print(
        f"each side in a fresh interpreter; CPU = user + system seconds of its work after "
        f"its imports; peak = VmHWM, imports included; load average {_load()}"
    )
    from workbench.compiled import status

    print(f"compiled: {status()} (make compile; WORKBENCH_COMPILED=1; ours' child inherits it)")
    print(
        f"{'goal':>5} {'solver':<6} {'states':>10} {'sweeps':>7} {'cpu s':>8} {'wall s':>8} "
        f"{'peak MB':>8}  P(first wins)"
    )
    for i, goal in enumerate(goals):
        flags = ["--profile"] if args.profile and i == 0 else []
        ours, wall = run_json([os.path.abspath(__file__), "--child", str(goal), *flags])
        ref, ref_wall = run_json([REFERENCE, str(goal)])
        pub = f" (published {PUBLISHED[goal]})" if goal in PUBLISHED else ""
        print(
            f"{goal:>5} {'ours':<6} {ours['states']:>10,} {ours['sweeps']:>7} "
            f"{ours['cpu']:>8.2f} {wall:>8.1f} {ours['peak_mb']:>8.0f}  {ours['first']:.6f}{pub}"
        )
        print(
            f"{goal:>5} {'tuned':<6} {goal**3:>10,} {ref['sweeps']:>7} {ref['cpu']:>8.2f} "
            f"{ref_wall:>8.1f} {ref['peak_mb']:>8.0f}  {ref['first']:.6f}  (numpy only: "
            f"resident {ref['start_mb']:.0f} MB before its arrays)"
        )
        cpu_ratio, mem_ratio = ours["cpu"] / ref["cpu"], ours["peak_mb"] / ref["peak_mb"]
        build = ours["phases"][1][1]
        print(
            f"{'':>5} ours / tuned numpy: CPU {cpu_ratio:.2f}× (goal ≤ {GOAL_CPU_RATIO}: "
            f"{'met' if cpu_ratio <= GOAL_CPU_RATIO else f'missed by {cpu_ratio / GOAL_CPU_RATIO:.2f}×'}), "
            f"peak memory {mem_ratio:.2f}× (goal ≤ {GOAL_MEMORY_RATIO}: "
            f"{'met' if mem_ratio <= GOAL_MEMORY_RATIO else f'missed by {mem_ratio / GOAL_MEMORY_RATIO:.2f}×'}); "
            f"build {build / ours['cpu']:.0%} of ours ({build / ours['states'] * 1e6:.1f} µs a "
            f"state, {ours['transitions'] / ours['states']:.1f} transitions a state); values "
            f"differ by {abs(ours['first'] - ref['first']):.1e}; load {_load()}",
            flush=True,
        )
        print(phase_line(ours["phases"], ours["start_mb"]), flush=True)
        if "profile" in ours:
            total = sum(t for _, t in ours["profile"]) or 1.0
            shares = ", ".join(f"{name} {t / total:.0%}" for name, t in ours["profile"][:6])
            print(f"{'':>5} the build's CPU by module (cProfile, own time): {shares}", flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
