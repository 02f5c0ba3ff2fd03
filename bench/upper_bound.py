"""What search could gain if hidden cards cost nothing: ``open:N`` against greedy
(issue 22 item 2, "where a game truly gives search nothing, show it with a
search that sees every hidden card").

``open:N`` (:mod:`workbench.engine.players.open`) is the ``ismcts`` search run
on the true state: a cheat, used only to bound what search can gain at
``N`` iterations. For each game and budget it plays ``--games`` games of
``open:N`` in one seat against ``greedy`` in every other seat, seats rotated
(``play_match(..., swap_seats=True)``: over a multiple of the seat count the
searcher sits in every seat equally often), and prints its sole wins, the
95% Wilson interval and the fair share (games with a single winner / seats),
with ``above`` when the interval lies above the fair share, ``below`` when
under it, ``-`` otherwise. ``--fair`` plays ``ismcts:N`` the same way beside
it (the gap between the two is what hidden information costs the search).
CPU seconds (``time.process_time``) and wall seconds of each match are
printed beside it, and the load average in the header and at the end.

Run: ``nice -n 10 .venv/bin/python bench/upper_bound.py --games 8 --budgets 50,200,400
[--cut 30] [--fair] [--seats 2] [game ...]`` (default: the four games, each at
its own number of seats). Everything runs in
this process, one core.
"""

from __future__ import annotations

import argparse
import os
import sys
import time

from workbench.engine.runs.match import play_match
from workbench.registry import make_game

GAMES = ("ghost", "detective", "mugen", "life")


def _load() -> str:
    return " ".join(f"{x:.1f}" for x in os.getloadavg())


def verdict(lo: float, hi: float, fair: float) -> str:
    """``above``/``below`` when the interval lies on one side of the fair share, else ``-``.

    >>> verdict(0.55, 0.7, 0.5), verdict(0.2, 0.45, 0.5), verdict(0.4, 0.6, 0.5)
    ('above', 'below', '-')
    """
    return "above" if lo > fair else "below" if hi < fair else "-"


def bound_row(game: str, spec: str, games: int, seed: int, seats: int | None = None) -> str:
    """One match of ``spec`` in one seat against greedy in the others (``seats`` in all,
    default the game's own number), as a printed row."""
    seats = seats or make_game(game).num_players
    line = [spec] + ["greedy"] * (seats - 1)
    cpu, wall = time.process_time(), time.perf_counter()
    r = play_match(game, line, games, seed, swap_seats=True)
    cpu, wall = time.process_time() - cpu, time.perf_counter() - wall
    me = r["players"][0]
    sole = sum(p["wins"] for p in r["players"])
    fair = sole / r["games"] / seats if r["games"] else 0.0
    lo, hi = me["interval"]
    return (
        f"{game:<10} {spec:<14} {seats:>5} {r['games']:>5} {me['wins']:>5} {me['draws']:>5} "
        f"{me['win_rate']:>6.1%} [{lo:>6.1%}, {hi:>6.1%}] {fair:>6.1%} "
        f"{verdict(lo, hi, fair):>6} {cpu:>8.1f} {wall:>8.1f}"
    )


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("games_to_play", nargs="*", metavar="game", help="games (default: the four)")
    ap.add_argument(
        "--games", type=int, default=8, help="games per match (a multiple of the seats)"
    )
    ap.add_argument("--budgets", default="50,200,400", help="iterations, comma-separated")
    ap.add_argument("--cut", type=int, default=None, help="cut rollouts after this many steps")
    ap.add_argument("--fair", action="store_true", help="also play ismcts:N (no cheating)")
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--seats", type=int, default=None, help="seats (default: the game's own)")
    args = ap.parse_args(argv)
    try:
        budgets = [int(b) for b in args.budgets.split(",")]
    except ValueError:
        print(
            f"--budgets: whole numbers separated by commas, got {args.budgets!r}", file=sys.stderr
        )
        return 2
    if args.games < 1 or any(b < 1 for b in budgets):
        print("--games and every budget must be at least 1", file=sys.stderr)
        return 2
    cut = f"/{args.cut}" if args.cut else ""
    kinds = ("open", "ismcts") if args.fair else ("open",)
    print(
        f"open:N (sees every hidden card) vs greedy, seats rotated, {args.games} games a match, "
        f"seed {args.seed}, one core; load {_load()}"
    )
    print(
        f"{'game':<10} {'player':<14} {'seats':>5} {'games':>5} {'wins':>5} {'draws':>5} "
        f"{'win':>6} {'95% Wilson':>18} {'fair':>6} {'vs fair':>6} {'CPU s':>8} {'wall s':>8}"
    )
    total_cpu, total_wall = time.process_time(), time.perf_counter()
    for game in args.games_to_play or GAMES:
        for budget in budgets:
            for kind in kinds:
                print(
                    bound_row(game, f"{kind}:{budget}{cut}", args.games, args.seed, args.seats),
                    flush=True,
                )
    print(
        f"total {time.process_time() - total_cpu:.1f} CPU s, "
        f"{time.perf_counter() - total_wall:.1f} wall s; load {_load()}"
    )
    return 0


if __name__ == "__main__":
    sys.exit(main())
