"""Dask that pays (issue 22 item 4): N games of each game on the process's shared 2-worker
cluster against one core, random and greedy players.

The cluster (``runs.cluster.shared_client(2)``) is started first and its
start-up printed on a line of its own: the goal is for the case of a kernel or
a command that already has its cluster (one per process, reused by every
match, sweep and ladder). Then, for every game and player kind, the same
match (``play_match``: the path ``workbench play`` takes, seats rotated, the
same seeds whoever plays them) is played

- on **one core**: in this process, wall and CPU seconds (``time.process_time``);
- on **2 workers**: ``play_match(..., workers=2)``, wall seconds, the CPU
  seconds each worker spent (``time.process_time`` in the workers, asked
  before and after) and this process's own CPU (the scheduler and the rows).

With ``--sweep`` a row ``sweep`` is added per game: random games through
``engine.sweep`` on the same cluster (the notebooks' path: a game maker and a
grid point shipped, the game built once per worker) against ``simulate`` on
one core. ``bench/sim.py --sweep`` prints these rows.

Printed: CPU per game on each side (what a game costs there: the overhead of
shipping work is the difference), the **wall speed-up** one core / 2 workers
against the goal 1.6, and the **CPU-bound speed-up** — one core's CPU over the
busiest worker's CPU, or over half of the workers' and this process's CPU
together when that is more: what the split would give on two free cores. On a
machine shared by several people the wall figure depends on the load (printed
on every line); the CPU figures do not. The ``cores`` columns (CPU over wall
on each side) show what the machine gave: where the kernel shares CPU between
sessions (Linux's ``sched_autogroup``, said in the header when on) and other
sessions keep both cores busy, two workers of one session get about the CPU its
one process got, and the wall ratio measures the machine, not the code.

The cluster runs with dask's stack sampling and frequent health checks off
(``runs.cluster.CLUSTER_SETTINGS``); to see what they cost, run it again with dask's
defaults in the environment: ``DASK_DISTRIBUTED__WORKER__PROFILE__ENABLED=True
DASK_DISTRIBUTED__WORKER__MEMORY__MONITOR_INTERVAL=100ms``.

Run: ``.venv/bin/python bench/dask_speedup.py [--games 2000] [--players random,greedy] [game ...]``;
``--quick`` plays 2,000 random games and 400 greedy ones.
"""

from __future__ import annotations

import argparse
import os
import sys
import time
from typing import Any

GOAL_SPEEDUP = 1.6


def load_average() -> str:
    """The 1, 5 and 15 minute load averages."""
    return " ".join(f"{x:.1f}" for x in os.getloadavg())


def autogroup_note() -> str:
    """A header note when the kernel shares CPU between sessions rather than processes."""
    try:
        with open("/proc/sys/kernel/sched_autogroup_enabled", encoding="ascii") as f:
            on = f.read().strip() == "1"
    except OSError:
        return ""
    return (
        "; CPU shared between sessions (sched_autogroup): while other sessions keep both "
        "cores busy, 2 workers get about what 1 process gets (compare the cores columns)"
        if on
        else ""
    )


def worker_cpu(client: Any) -> dict[str, float]:
    """CPU seconds each worker process has used so far (its ``time.process_time``)."""
    return dict(client.run(time.process_time))


def one_core(game: str, specs: list[str], games: int) -> tuple[float, float]:
    """Wall and CPU seconds of the match played in this process."""
    from workbench.engine.runs.match import play_match

    wall, cpu = time.perf_counter(), time.process_time()
    play_match(game, specs, games, seed=1, swap_seats=True)
    return time.perf_counter() - wall, time.process_time() - cpu


def _registered(name: str, **_: Any) -> Any:
    """A sweep's game maker: the registered game (the grid point is ignored)."""
    from workbench.registry import make_game

    return make_game(name)


def sweep_one_core(game: str, games: int) -> tuple[float, float]:
    """Wall and CPU seconds of ``simulate`` (random players) in this process."""
    from workbench.engine.runs.simulate import simulate
    from workbench.registry import make_game

    built = make_game(game)
    wall, cpu = time.perf_counter(), time.process_time()
    simulate(built, n=games, seed=1)
    return time.perf_counter() - wall, time.process_time() - cpu


def sweep_workers(game: str, games: int, client: Any) -> tuple[float, float, dict[str, float], Any]:
    """Wall, this process's CPU and each worker's CPU of the same games through ``sweep``."""
    import functools

    from workbench.engine.runs.sweep import sweep

    before = worker_cpu(client)
    wall, cpu = time.perf_counter(), time.process_time()
    frame = sweep(
        functools.partial(_registered, game), {"point": [0]}, n=games, seed=1, executor=client
    )
    wall, cpu = time.perf_counter() - wall, time.process_time() - cpu
    after = worker_cpu(client)
    return wall, cpu, {w: after[w] - before[w] for w in after}, frame


def two_workers(
    game: str, specs: list[str], games: int, client: Any
) -> tuple[float, float, dict[str, float], dict[str, Any]]:
    """Wall seconds, this process's CPU, each worker's CPU and the result on the cluster."""
    from workbench.engine.runs.match import play_match

    before = worker_cpu(client)
    wall, cpu = time.perf_counter(), time.process_time()
    result = play_match(game, specs, games, seed=1, swap_seats=True, workers=2)
    wall, cpu = time.perf_counter() - wall, time.process_time() - cpu
    after = worker_cpu(client)
    return wall, cpu, {w: after[w] - before[w] for w in after}, result


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument(
        "names", nargs="*", metavar="game", help="games (default: ghost detective mugen life)"
    )
    parser.add_argument("--games", type=int, default=2000, help="games per match (2000)")
    parser.add_argument("--players", default="random,greedy", help="player kinds (random,greedy)")
    parser.add_argument("--quick", action="store_true", help="greedy matches of 400 games")
    parser.add_argument("--sweep", action="store_true", help="also random games through sweep")
    args = parser.parse_args(argv)
    os.environ.setdefault("DASK_LOGGING__DISTRIBUTED", "error")
    from workbench.engine.runs.cluster import shared_client, startup_seconds
    from workbench.registry import make_game

    names = args.names or ["ghost", "detective", "mugen", "life"]
    start_cpu = time.process_time()
    client = shared_client(2)
    print(
        f"shared cluster of 2 workers started in {startup_seconds(2):.1f} s wall "
        f"({time.process_time() - start_cpu:.1f} CPU s here; once per process, then reused); "
        f"load average {load_average()}{autogroup_note()}"
    )
    head = (
        f"{'game':<10} {'players':<7} {'games':>5} {'1 core s':>8} {'cpu ms/g':>8} "
        f"{'cores':>5} {'2 wk s':>7} {'cpu ms/g':>8} {'here s':>6} {'cores':>5} {'wall x':>6} "
        f"{'cpu x':>6} {'load':>5}"
    )
    print(head)
    print("-" * len(head))
    missed: list[str] = []
    missed_cpu: list[str] = []
    for name in names:
        seats = make_game(name).num_players
        kinds = args.players.split(",") + (["sweep"] if args.sweep else [])
        for kind in kinds:
            n = 400 if args.quick and kind not in ("random", "sweep") else args.games
            specs = [kind] * seats
            if kind == "sweep":
                wall1, cpu1 = sweep_one_core(name, n)
                wall2, here, workers, _ = sweep_workers(name, n, client)
            else:
                wall1, cpu1 = one_core(name, specs, n)
                wall2, here, workers, _ = two_workers(name, specs, n, client)
            # two free cores must run the workers and this process (the scheduler): the busiest
            # worker, or half of all that CPU, whichever is longer
            busiest = max(max(workers.values()), (sum(workers.values()) + here) / 2)
            speedup, bound = wall1 / wall2, cpu1 / max(busiest, 1e-9)
            spent = sum(workers.values())
            print(
                f"{name:<10} {kind:<7} {n:>5} {wall1:>8.2f} {1000 * cpu1 / n:>8.2f} "
                f"{cpu1 / wall1:>5.2f} {wall2:>7.2f} {1000 * spent / n:>8.2f} {here:>6.2f} "
                f"{(spent + here) / wall2:>5.2f} {speedup:>6.2f} {bound:>6.2f} "
                f"{os.getloadavg()[0]:>5.1f}",
                flush=True,
            )
            if speedup < GOAL_SPEEDUP:
                missed.append(f"{name} {kind} (wall {speedup:.2f}, CPU-bound {bound:.2f})")
            if bound < GOAL_SPEEDUP:
                missed_cpu.append(f"{name} {kind} ({bound:.2f})")
    print(
        f"columns: one core's wall s, CPU ms a game and cores used (CPU / wall); 2 workers' "
        "wall s, the workers' CPU ms a game, this process's CPU s and cores used (workers' and "
        f"this process's CPU / wall); wall x = speed-up (goal ≥ {GOAL_SPEEDUP}), cpu x = one "
        "core's CPU / the busiest worker's CPU or half of all the CPU on the cluster's side, "
        "whichever is more (the speed-up on 2 free cores)"
    )
    if missed:
        print(f"below {GOAL_SPEEDUP}× in wall time: {'; '.join(missed)}")
    print(
        f"CPU-bound below {GOAL_SPEEDUP}×: {'; '.join(missed_cpu)}"
        if missed_cpu
        else f"CPU-bound speed-up ≥ {GOAL_SPEEDUP}× everywhere measured"
    )
    return 0


if __name__ == "__main__":
    sys.exit(main())
