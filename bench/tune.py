"""The tuner's cost (issue 37): mugen with three free cells reaching a re-checked
proposal, on one core and on 2 dask workers, and how the cost grows with cells.

Goal of every run: ``ソラ (A) wins`` in 0.45..0.55 (ミライ's deck against ソラ's, each
first in half the games), greedy players, the cells' values searched within the
ranges below. Each run tunes afresh (a new journal in a temporary folder).

Printed, each line with the load average:

- **one core**: wall and CPU seconds (``time.process_time``) of the whole tune
  (trials + the Pareto set's re-check on fresh seeds), whether a re-checked proposal
  meets the goal, against the goal of 10 minutes wall;
- **2 workers**: the same tune with its games on the process's shared 2-worker dask
  cluster (``runs.cluster.shared_client(2)``, TLS) and two trials at a time; wall,
  this process's CPU and the workers' CPU (asked before and after); the wall
  speed-up one core / 2 workers against the goal 1.6 (on a machine shared by
  others the wall figure measures the load too), and the CPU-bound speed-up: one
  core's CPU over the busiest worker's, or over half of all the CPU spent when more
  (what the split would give on two free cores). Each trial runs whole on one
  worker (its games and its intervals); the base and the re-checks spread their
  games over both;
- **cells**: the same budget with 1, 2 and 3 free cells: CPU per finished trial and
  the first trial whose tuned measure meets the goal (none: said so).

Run: ``.venv/bin/python bench/tune.py [--games 60] [--trials 24]``; ``--quick``:
20 games a trial, 6 trials.
"""

from __future__ import annotations

import argparse
import os
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

GOAL_WALL = 600.0
GOAL_SPEEDUP = 1.6
GOAL = "ソラ (A) wins=0.45..0.55"
CELLS = (
    "cards:G17:skill1_cost=2..6",  # 雷鳴 (ミライ's deck)
    "cards:C02:skill2_cost=1..5",  # ミライ's second skill
    "cards:G30:skill1_cost=3..7",  # 星海の加護 (ミライ's deck)
)


def load_average() -> str:
    """The 1, 5 and 15 minute load averages."""
    return " ".join(f"{x:.1f}" for x in os.getloadavg())


def run(cells: int, games: int, trials: int, executor: Any = None, parallel: int = 1) -> dict:
    """One fresh tune; its wall and CPU seconds and what it found."""
    from workbench.engine.measure.tune import parse_cell, parse_goal, tune

    folder = Path(tempfile.mkdtemp(prefix="tune-bench-"))
    wall, cpu = time.perf_counter(), time.process_time()
    result = tune(
        "mugen",
        [parse_goal(GOAL)],
        [parse_cell(c) for c in CELLS[:cells]],
        games=games,
        trials=trials,
        seed=0,
        executor=executor,
        parallel=parallel,
        journal=folder / "bench.journal",
    )
    wall, cpu = time.perf_counter() - wall, time.process_time() - cpu
    first = next(
        (t["number"] for t in result.trials if t["state"] == "complete" and t["miss"] == 0), None
    )
    finished = sum(t["state"] in ("complete", "pruned") for t in result.trials)
    return {
        "wall": wall,
        "cpu": cpu,
        "result": result,
        "first": first,
        "finished": finished,
        "met": any(p.meets_rechecked for p in result.proposals),
    }


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--games", type=int, default=60, help="paired games per trial")
    ap.add_argument("--trials", type=int, default=24, help="trials per tune")
    ap.add_argument("--quick", action="store_true", help="20 games, 6 trials")
    ap.add_argument("--no-cluster", action="store_true", help="skip the 2-worker run")
    args = ap.parse_args(argv)
    games, trials = (20, 6) if args.quick else (args.games, args.trials)
    os.environ.setdefault("WORKBENCH_CACHE", tempfile.mkdtemp(prefix="tune-bench-cache-"))
    print(
        f"tune bench: mugen, goal {GOAL}, {games} games a trial, {trials} trials (load {load_average()})"
    )

    one = run(3, games, trials)
    r = one["result"]
    print(
        f"one core, 3 cells: {one['wall']:.1f} s wall, {one['cpu']:.1f} s CPU, "
        f"{one['finished']} trials finished; {r.sentence()} "
        f"goal under {GOAL_WALL:.0f} s wall: {'within' if one['wall'] < GOAL_WALL else 'missed'} "
        f"(load {load_average()})"
    )
    for i, p in enumerate(r.proposals, 1):
        edits = ", ".join(f"{k} {a}→{b}" for k, (a, b) in p.changes.items()) or "no change"
        (m,) = [g.measure for g in r.goals]
        lo, hi = p.intervals[m]
        print(
            f"  proposal {i}: {edits}; {m} tuned {p.tuned[m]:.3f}, re-checked "
            f"{p.rechecked[m]:.3f} [{lo:.3f}, {hi:.3f}]"
        )

    if not args.no_cluster:
        from workbench.engine.runs.cluster import close_shared, shared_client

        start = time.perf_counter()
        client = shared_client(2, warm=["mugen"])
        print(f"cluster: 2 workers started in {time.perf_counter() - start:.1f} s wall")
        before = client.run(time.process_time)
        two = run(3, games, trials, executor=client, parallel=2)
        after = client.run(time.process_time)
        each = [after[k] - before[k] for k in after]
        workers = sum(each)
        close_shared()
        ratio = one["wall"] / two["wall"]
        # what the split would give on two free cores: one core's CPU over the busiest
        # worker's, or over half of all the CPU spent (workers and this process) if more
        bound = one["cpu"] / max(max(each), (workers + two["cpu"]) / 2)
        print(
            f"2 workers, 3 cells: {two['wall']:.1f} s wall, this process {two['cpu']:.1f} s CPU, "
            f"workers {workers:.1f} s CPU, {two['finished']} trials finished; wall "
            f"speed-up {ratio:.2f}x, goal {GOAL_SPEEDUP}x: "
            f"{'within' if ratio >= GOAL_SPEEDUP else 'missed'}; CPU-bound speed-up "
            f"{bound:.2f}x (load {load_average()})"
        )

    for cells in (1, 2, 3):
        got = one if cells == 3 else run(cells, games, trials)
        per = got["cpu"] / max(1, got["finished"])
        first = "none met it" if got["first"] is None else f"trial {got['first']}"
        print(
            f"cells {cells}: {per:.2f} s CPU per finished trial, first trial meeting the "
            f"goal on its tuning games: {first} (load {load_average()})"
        )
    return 0


if __name__ == "__main__":
    sys.exit(main())
