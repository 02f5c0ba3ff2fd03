"""Random playouts per second per core for every game present.

Single process. Each game plays seeded random games for a few seconds on its
fast path (``players.fast_random_playout``) when it has one and on the normal
path (``playout`` with ``random_player``), and the table prints games/s
against the goal. Run: ``.venv/bin/python bench/sim.py [--seconds 3] [game ...]``.
"""

from __future__ import annotations

import argparse
import sys
import time
from collections.abc import Callable
from typing import Any

from workbench.engine.players import random_player
from workbench.engine.playout import playout
from workbench.engine.seeds import derive_seed
from workbench.engine.simulate import fast_playout_of
from workbench.games import available_games, load_game_module

GOALS = {"life": 1000, "detective": 1000, "mugen": 300, "ghost": 300}


def rate(play_one: Callable[[int], Any], seconds: float) -> tuple[float, int]:
    """Games per second of ``play_one(seed)`` over about ``seconds`` (after one warm-up game)."""
    play_one(derive_seed("warm-up"))
    games, start = 0, time.perf_counter()
    while True:
        play_one(derive_seed("bench", games))
        games += 1
        elapsed = time.perf_counter() - start
        if elapsed >= seconds and games >= 3:
            return games / elapsed, games


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("games", nargs="*", help="games to measure (default: every game present)")
    parser.add_argument("--seconds", type=float, default=3.0, help="time per game and path")
    args = parser.parse_args(argv)
    names = args.games or list(available_games())
    if not names:
        print("no game is present yet")
        return 0
    header = f"{'game':<10} {'path':<7} {'games/s':>9} {'goal':>6} {'ratio':>6}  {'normal g/s':>10}  {'fast/normal':>11}"
    print(header)
    print("-" * len(header))
    below = []
    for name in names:
        game = load_game_module(name).make_game()
        normal, _ = rate(lambda s, g=game: playout(g, random_player, s), args.seconds)
        fast = fast_playout_of(game)
        if fast is not None:
            best, _ = rate(lambda s, g=game, f=fast: f(g, s), args.seconds)
            path = "fast"
        else:
            best, path = normal, "normal"
        goal = GOALS.get(name)
        ratio = f"{best / goal:6.2f}" if goal else "     -"
        speedup = f"{best / normal:11.1f}" if path == "fast" else "          -"
        print(f"{name:<10} {path:<7} {best:9.0f} {goal or '-':>6} {ratio}  {normal:10.0f}  {speedup}")
        sys.stdout.flush()
        if goal and best < goal:
            below.append(name)
    if below:
        print(f"below goal: {', '.join(below)}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
