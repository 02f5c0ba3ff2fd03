"""The exact solver on Pig (issue 17, item 5): states, sweeps and time per goal.

For each goal, one process on one core: the reachable states are enumerated
through Pig's rules (``enumerate``), then valued (``value``: stage-by-stage
sweeps with sparse policy solves, tolerance 1e-9), and P(first player wins)
under optimal play is printed, with Neller & Presser's 0.5306 for the goal 100.
Goal: Pig to 100 in under 2 minutes of one core (``cpu``: the process's CPU
time; the wall times beside it include waiting for a shared machine).

Run: ``.venv/bin/python bench/solve.py [--goals 30,50,100]`` (needs examples/pig,
installed by ``make install``). The figures depend on the machine's load.
"""

from __future__ import annotations

import argparse
import sys
import time

from workbench.engine.kernel.registry import UnknownGame, make_game
from workbench.engine.solve.graph import build_graph
from workbench.engine.solve.iterate import sweeps

GOAL_SECONDS = 120.0
PUBLISHED = {100: 0.5306}  # Neller & Presser (2004), P(first player wins) under optimal play


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--goals", default="30,50,100", help="comma-separated goals")
    args = parser.parse_args(argv)
    try:
        goals = [int(g) for g in args.goals.split(",")]
        make_game("pig")
    except ValueError:
        print(f"--goals: {args.goals!r} must be whole numbers separated by commas")
        return 2
    except UnknownGame:
        print("pig is not installed: run make install (it installs examples/pig)")
        return 2
    print(f"{'goal':>5} {'states':>10} {'transitions':>12} {'sweeps':>7} {'enumerate':>10} "
          f"{'value':>8} {'total':>8} {'cpu':>8}  P(first wins)")
    worst = 0.0
    for goal in goals:
        game = make_game("pig", goal=goal)
        c0, t0 = time.process_time(), time.perf_counter()
        graph = build_graph(game)
        t1 = time.perf_counter()
        values, _, n_sweeps = sweeps(graph, None, 1e-9, 100_000)
        c2, t2 = time.process_time(), time.perf_counter()
        first = sum(values[s][0] * n / d for s, n, d in graph.root)
        ref = f" (published {PUBLISHED[goal]})" if goal in PUBLISHED else ""
        print(f"{goal:>5} {len(graph.states):>10,} {len(graph.succ):>12,} {n_sweeps:>7} "
              f"{t1 - t0:>9.1f}s {t2 - t1:>7.1f}s {t2 - t0:>7.1f}s {c2 - c0:>7.1f}s  {first:.6f}{ref}",
              flush=True)
        if goal == 100:
            worst = c2 - c0
    if worst:
        verdict = "under" if worst < GOAL_SECONDS else "OVER"
        print(f"Pig to 100: {worst:.0f} s of CPU on one core, {verdict} the {GOAL_SECONDS:.0f} s "
              "goal (wall time is longer when the machine is shared)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
