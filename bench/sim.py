"""Random playouts per second per core for every registered game, and what sessions
and sweeps cost on top.

Single process unless said. For each game:

- **in place**: ``playout_in_place`` (one mutable table: the fast path, the
  same rules as every other path) — goal 1,500 games/s per core;
- **immutable**: ``playout`` (a frozen snapshot per step, as sessions and
  boards use), beside it;
- **session**: ``Session.play_to_end`` over ``playout`` (goal ≤ 1.3×) and the
  memory a finished session holds per step (goal ≤ 3 kB, by tracemalloc);
- with ``--sweep``: 2,000 games through ``engine.sweep`` on a 2-worker
  dask LocalCluster against one core running ``simulate`` (goal ≥ 1.6×).

Run: ``.venv/bin/python bench/sim.py [--seconds 3] [--sweep] [game ...]``.
"""

from __future__ import annotations

import argparse
import functools
import sys
import time
import tracemalloc
from collections.abc import Callable
from typing import Any

from workbench.engine.kernel.registry import game_names, make_game
from workbench.engine.kernel.seeds import derive_seed
from workbench.engine.play.session import Session
from workbench.engine.players import random_player
from workbench.engine.runs.playout import playout, playout_in_place
from workbench.engine.runs.simulate import runs_in_place, simulate

GOAL_IN_PLACE = 1500.0
GOAL_SESSION_RATIO = 1.3
GOAL_BYTES_PER_STEP = 3000.0
GOAL_SWEEP_SPEEDUP = 1.6


def rate(play_one: Callable[[int], Any], seconds: float) -> float:
    """Games per second of ``play_one(seed)`` over about ``seconds`` (after a warm-up game)."""
    play_one(derive_seed("warm-up"))
    games, start = 0, time.perf_counter()
    while True:
        play_one(derive_seed("bench", games))
        games += 1
        elapsed = time.perf_counter() - start
        if elapsed >= seconds and games >= 3:
            return games / elapsed


def session_bytes_per_step(game: Any, seeds: int = 5) -> float:
    """Memory a finished session holds per step (tracemalloc, averaged over seeds)."""
    total_bytes = total_steps = 0
    for k in range(seeds):
        tracemalloc.start()
        before = tracemalloc.get_traced_memory()[0]
        s = Session(game, seed=derive_seed("memory", k))
        s.play_to_end(random_player)
        _ = s.log
        total_bytes += tracemalloc.get_traced_memory()[0] - before
        tracemalloc.stop()
        total_steps += s.step
        del s
    return total_bytes / max(total_steps, 1)


def _game(name: str, **_: Any) -> Any:
    """The registered game (a sweep's make_game; the grid point is ignored)."""
    return make_game(name)


def sweep_speedup(game_name: str, n: int = 2000) -> tuple[float, float]:
    """Seconds for n games on one core (simulate) and on 2 dask workers (sweep)."""
    from dask.distributed import Client, LocalCluster

    from workbench.engine.runs.sweep import sweep

    game = make_game(game_name)
    start = time.perf_counter()
    simulate(game, n=n, seed=1)
    one = time.perf_counter() - start
    with LocalCluster(n_workers=2, threads_per_worker=1, host="127.0.0.1",
                      dashboard_address=None) as cluster, Client(cluster) as client:
        client.run(make_game, game_name)  # each worker imports the workbench and the game
        build = functools.partial(_game, game_name)
        sweep(build, {"point": [0]}, n=200, seed=0, executor=client)  # warm-up
        start = time.perf_counter()
        sweep(build, {"point": [0]}, n=n, seed=1, executor=client)
        two = time.perf_counter() - start
    return one, two


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("games", nargs="*", help="games to measure (default: every registered game)")
    parser.add_argument("--seconds", type=float, default=3.0, help="time per game and path")
    parser.add_argument("--sweep", action="store_true", help="also time a 2-worker dask sweep")
    args = parser.parse_args(argv)
    names = args.games or list(game_names())
    head = (f"{'game':<10} {'in place g/s':>12} {'goal':>6} {'ratio':>6} {'immutable g/s':>13} "
            f"{'session x':>9} {'B/step':>7}")
    print(head)
    print("-" * len(head))
    below: list[str] = []
    for name in names:
        game = make_game(name)
        immutable = rate(lambda s, g=game: playout(g, random_player, s), args.seconds)
        fast = rate(lambda s, g=game: playout_in_place(g, random_player, s), args.seconds) \
            if runs_in_place(game) else float("nan")

        def in_session(seed: int, g: Any = game) -> None:
            Session(g, seed=seed).play_to_end(random_player)

        session = rate(in_session, args.seconds)
        per_step = session_bytes_per_step(game)
        print(f"{name:<10} {fast:>12.0f} {GOAL_IN_PLACE:>6.0f} {fast / GOAL_IN_PLACE:>6.2f} "
              f"{immutable:>13.0f} {immutable / session:>9.2f} {per_step:>7.0f}")
        sys.stdout.flush()
        if not fast >= GOAL_IN_PLACE:
            below.append(f"{name} in place")
        if immutable / session > GOAL_SESSION_RATIO:
            below.append(f"{name} session overhead")
        if per_step > GOAL_BYTES_PER_STEP:
            below.append(f"{name} session memory")
    if args.sweep:
        for name in names:
            one, two = sweep_speedup(name)
            print(f"sweep {name}: 2,000 games, one core {one:.2f} s, 2 dask workers {two:.2f} s, "
                  f"speed-up {one / two:.2f} (goal ≥ {GOAL_SWEEP_SPEEDUP})")
    print(f"goals: in place ≥ {GOAL_IN_PLACE:.0f} games/s per core; session ≤ {GOAL_SESSION_RATIO}× "
          f"the immutable playout; ≤ {GOAL_BYTES_PER_STEP:.0f} B per session step")
    if below:
        print(f"below goal: {', '.join(below)}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
