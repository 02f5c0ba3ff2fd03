"""Search players' speed per registered game: one ``ismcts`` decision, and whole games
of ``ismcts`` against ``greedy`` (issue 13, item 7).

Single process, one core. For each game, one game of ``ismcts:400`` (seat 0)
against ``greedy`` (every other seat) is played, timing every decision of
the search player that has a choice (more than one legal action):

- **decision**: the median, 90% quantile and mean **CPU** seconds of those
  decisions (``time.process_time``: what the search costs, whatever else the
  shared machine runs; goal: median under 0.25 s), the wall median beside it;
- **games/min**: ismcts:400 against greedy, from that game's wall time (when
  the game runs past ``--seconds``, the search stops timing and the rate is
  estimated from the decisions a greedy-vs-greedy game of the same seed asks
  of seat 0, marked ``~``).

With ``--ladder GAME``, it times instead the skill ladder of one game on 2
dask workers at ``--ladder-games`` games per pairing and extrapolates to
200 games per pairing (goal: under 10 minutes on 2 cores).

Run: ``.venv/bin/python bench/players.py [--spec ismcts:400] [--seconds 120] [game ...]``
or ``.venv/bin/python bench/players.py --ladder mugen --ladder-games 20``.
The load average is printed in the header. Anchor: OpenSpiel's C++ MCTS
(``open-spiel``, when installed) on its Pig, 400 iterations a decision with
random rollouts, CPU seconds per decision, and our ``ismcts:400`` on our Pig
in the same run: the ratio of the two is what the Python engine costs.
"""

from __future__ import annotations

import argparse
import os
import random
import statistics
import sys
import time
from collections.abc import Hashable
from typing import Any

from workbench.engine.kernel.registry import game_names, make_game
from workbench.engine.kernel.seat import SeatView
from workbench.engine.kernel.seeds import derive_seed
from workbench.engine.players.specs import player_from_spec
from workbench.engine.runs.playout import playout_in_place

GOAL_DECISION = 0.25
GOAL_LADDER_MINUTES = 10.0


def time_ladder(game: str, games: int, levels: list[str], seats: int | None) -> int:
    """Time one game's ladder on 2 workers; print the extrapolation to 200 games a pairing."""
    from workbench.engine.runs.ladder import skill_ladder

    start = time.monotonic()
    ladder = skill_ladder(game, levels, games, seed=1, seats=seats, workers=2)
    secs = time.monotonic() - start
    pairings = ladder.frame.height // (2 if (seats or make_game(game).num_players) == 2 else 1)
    played = int(ladder.frame["games"][0])
    at_200 = secs / played * 200 / 60
    print(f"{game} ladder {levels}: {pairings} pairings x {played} games in {secs:.0f} s "
          f"on 2 workers; 200 games a pairing: ~{at_200:.1f} min "
          f"(goal {GOAL_LADDER_MINUTES:.0f}, ratio {at_200 / GOAL_LADDER_MINUTES:.2f})")
    return 0


class Timed:
    """Wraps a player: times its decisions with a choice; after ``budget`` seconds it
    plays the ``fallback`` player instead (so a slow game still ends)."""

    def __init__(self, player: Any, fallback: Any, budget: float) -> None:
        self.player, self.fallback, self.budget = player, fallback, budget
        self.times: list[float] = []
        self.walls: list[float] = []
        self.spent = 0.0
        self.cut = False
        self.__name__ = getattr(player, "__name__", "timed")

    def __call__(self, view: SeatView, rng: random.Random) -> Hashable:
        if self.spent >= self.budget:
            self.cut = True
            return self.fallback(view, rng)  # type: ignore[no-any-return]
        start, wall = time.process_time(), time.perf_counter()
        action = self.player(view, rng)
        took = time.process_time() - start
        self.spent += took
        if len(view.legal_ids) > 1:
            self.times.append(took)
            self.walls.append(time.perf_counter() - wall)
        return action  # type: ignore[no-any-return]


def measure(name: str, spec: str, seconds: float, seed: int) -> dict[str, Any]:
    """Decision times and games per minute of ``spec`` against greedy in one game."""
    game = make_game(name)
    greedy = player_from_spec("greedy", name)
    timed = Timed(player_from_spec(spec, name), greedy, seconds)
    line = [timed] + [greedy] * (game.num_players - 1)
    start = time.perf_counter()
    playout_in_place(game, line, derive_seed("bench-players", seed))
    wall = time.perf_counter() - start
    times = sorted(timed.times) or [float("nan")]
    if not timed.cut:
        per_minute, estimated = 60.0 / wall, False
    else:  # decisions seat 0 faces in a greedy game of the same seed, at the median time
        counter = Timed(greedy, greedy, float("inf"))
        playout_in_place(game, [counter] + [greedy] * (game.num_players - 1),
                         derive_seed("bench-players", seed))
        per_minute = 60.0 / (len(counter.times) * statistics.median(times) + 1e-9)
        estimated = True
    walls = timed.walls or [float("nan")]
    return {"game": name, "decisions": len(timed.times), "median": statistics.median(times),
            "wall": statistics.median(walls),
            "p90": times[int(0.9 * (len(times) - 1))], "mean": statistics.fmean(times),
            "per_minute": per_minute, "estimated": estimated}


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("games", nargs="*", help="games to measure (default: every registered game)")
    parser.add_argument("--spec", default="ismcts:400", help="the search player (default ismcts:400)")
    parser.add_argument("--seconds", type=float, default=120.0,
                        help="search time per game before the rest is estimated")
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--ladder", help="time this game's skill ladder instead")
    parser.add_argument("--ladder-games", type=int, default=20)
    parser.add_argument("--ladder-seats", type=int)
    parser.add_argument("--levels", default="random,greedy,osla,ismcts:100,ismcts:400")
    args = parser.parse_args(argv)
    if args.ladder:
        return time_ladder(args.ladder, args.ladder_games, args.levels.split(","), args.ladder_seats)
    names = args.games or list(game_names())
    head = (f"{'game':<10} {'decisions':>9} {'median cpu':>10} {'p90':>7} {'mean':>7} "
            f"{'wall med':>8} {'goal':>5} {'ratio':>6} {'games/min':>10}")
    print(f"{args.spec} (seat 0) against greedy, one core; CPU seconds a decision "
          f"(time.process_time); load average {' '.join(f'{x:.1f}' for x in os.getloadavg())}")
    print(head)
    print("-" * len(head))
    slow = []
    for name in names:
        r = measure(name, args.spec, args.seconds, args.seed)
        mark = "~" if r["estimated"] else " "
        print(f"{name:<10} {r['decisions']:>9} {r['median']:>10.3f} {r['p90']:>7.3f} "
              f"{r['mean']:>7.3f} {r['wall']:>8.3f} {GOAL_DECISION:>5.2f} "
              f"{r['median'] / GOAL_DECISION:>6.2f} {mark}{r['per_minute']:>9.2f}")
        sys.stdout.flush()
        if r["median"] > GOAL_DECISION:
            slow.append(name)
    if slow:
        print(f"median decision over {GOAL_DECISION} CPU s: {', '.join(slow)}")
    anchor_line(args.spec)
    return 0


def anchor_line(spec: str) -> None:
    """OpenSpiel's C++ MCTS on its Pig against our search on ours, CPU s a decision."""
    try:
        import pyspiel  # type: ignore[import-not-found]
    except ImportError:
        print("anchor: open-spiel is not installed (pip install open-spiel)")
        return
    try:
        ours_game = make_game("pig")
    except Exception:  # pig is an example package: make install adds it
        print("anchor: pig is not installed (make install)")
        return
    game = pyspiel.load_game("pig", {"winscore": 100, "players": 2})
    bot = pyspiel.MCTSBot(game, pyspiel.RandomRolloutEvaluator(1, 1), 2.0, 400, 10**6, False, 1,
                          False)
    state = game.new_initial_state()
    start = time.process_time()
    for _ in range(20):
        bot.step(state)
    theirs = (time.process_time() - start) / 20
    ours_player = player_from_spec(spec, "pig")
    s = ours_game.apply(ours_game.apply(ours_game.initial_state(), "roll"), 4)  # roll or hold
    rng = random.Random(1)
    start = time.process_time()
    for _ in range(5):
        ours_player(SeatView(ours_game, 0, s), rng)
    ours = (time.process_time() - start) / 5
    print(f"anchor: OpenSpiel C++ MCTS, 400 iterations on its Pig: {theirs:.4f} CPU s a decision; "
          f"our {spec} on our Pig (turn total 4): {ours:.4f} s, {ours / theirs:.0f}× of it")


if __name__ == "__main__":
    sys.exit(main())
