"""A search player against greedy, read beside greedy's own games on the same deals.

``--spec`` (default ``ismcts:400``) sits in one seat, ``greedy`` in every other,
seats rotated as ``play_match(..., swap_seats=True)`` rotates them (game ``i``
puts the searcher in seat ``-i mod n``), game ``i`` on the seed
``derive_seed(seed, i)``. Players draw from rngs of their own, so the chance
outcomes of game ``i`` are those of the all-greedy game of the same seed
until the searcher first moves otherwise. Printed: the searcher's sole wins
with the 95% Wilson interval against the fair share, greedy's sole wins in
the same seat on the same seeds, and the games the searcher's own moves
turned from a greedy loss into a win and from a win into a loss (the paired
reading: where a search mostly plays the rule of thumb's move, the two
counts carry the whole difference, without the deals' noise).

CPU seconds (``time.process_time``) and wall seconds beside the load average.
``--trust Z`` sets ``players.search.TRUST`` and the game's ``search_trust`` in this
process (how many standard errors a root move must beat the rollout policy's own
move by). Also printed: how many of the searcher's searched decisions played
another move than the rollout policy's (its rule of thumb's).

Run: ``nice -n 10 .venv/bin/python bench/paired_strength.py [detective] --games 42 --seats 3
[--spec open:400] [--start 0] [--trust 0] [--jobs 2] [--progress 20]``.
"""

from __future__ import annotations

import argparse
import multiprocessing
import os
import sys
import time
from typing import Any

from workbench.engine.kernel.seeds import derive_seed
from workbench.engine.players.specs import player_from_spec
from workbench.engine.runs.match import build_game, match_rows
from workbench.engine.runs.playout import playout_in_place
from workbench.prob.intervals import wilson as wilson_interval
from workbench.registry import make_game


def _load() -> str:
    return " ".join(f"{x:.1f}" for x in os.getloadavg())


_OFF_RULE = [0, 0]  # searched decisions with a rule-of-thumb move, and moves off it


def _count_moves_off_the_rule() -> None:
    """Wrap ``ISMCTS.search`` in this process to count the moves off the rule of thumb."""
    from workbench.engine.players.search import ISMCTS

    plain = ISMCTS.search

    def counted(self: Any, view: Any, rng: Any) -> Any:
        ranked = plain(self, view, rng)
        if self._hints:
            _OFF_RULE[0] += 1
            _OFF_RULE[1] += ranked[0].action != max(self._hints, key=self._hints.__getitem__)
        return ranked

    ISMCTS.search = counted  # type: ignore[method-assign]


def _play(
    args: argparse.Namespace,
    game: Any,
    specs: list[str],
    greedy: Any,
    seats: int,
    games: range,
    label: str = "",
) -> list[float]:
    """Sole wins of the searcher, of greedy in its seat on the same seeds, the games turned
    into a win and into a loss, and the CPU seconds (of this process, when a child)."""
    c0 = time.process_time()
    won = base_won = better = worse = 0
    for done, i in enumerate(games, 1):
        row = match_rows(args.game, None, specs, i, i + 1, args.seed, "rotate")[0]
        seat = (-i) % seats
        base = game.winners(playout_in_place(game, greedy, derive_seed(args.seed, i)).final)
        mine, theirs = list(row["winners"]) == [seat], list(base) == [seat]
        won, base_won = won + mine, base_won + theirs
        better, worse = better + (mine and not theirs), worse + (theirs and not mine)
        if args.progress and done % args.progress == 0 and done < len(games):
            print(
                f"  {label}… {done} games: sole wins {won}, greedy in that seat {base_won}, "
                f"{time.process_time() - c0:.0f} CPU s; load {_load()}",
                flush=True,
            )
    return [won, base_won, better, worse, *_OFF_RULE, time.process_time() - c0 if label else 0.0]


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("game", nargs="?", default="detective", help="the game (default: detective)")
    ap.add_argument("--spec", default="ismcts:400")
    ap.add_argument("--games", type=int, default=42)
    ap.add_argument("--start", type=int, default=0, help="the first game's index")
    ap.add_argument("--seats", type=int, default=None, help="seats (default: the game's own)")
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--trust", type=float, default=None)
    ap.add_argument(
        "--jobs",
        type=int,
        default=1,
        choices=range(1, 9),
        metavar="N",
        help="processes to share the games among (forked; CPU seconds summed)",
    )
    ap.add_argument(
        "--progress",
        type=int,
        default=0,
        metavar="N",
        help="print the running counts every N games (a long run can be read early)",
    )
    args = ap.parse_args(argv)
    if args.trust is not None:
        from workbench.engine.players import search

        search.TRUST = args.trust
        type(make_game(args.game)).search_trust = args.trust  # type: ignore[attr-defined]
    _count_moves_off_the_rule()
    seats = args.seats or make_game(args.game).num_players
    game = build_game(args.game, seats, None)
    specs = [args.spec] + ["greedy"] * (seats - 1)
    greedy = player_from_spec("greedy", args.game)
    print(
        f"{args.game}: {args.spec} against {seats - 1} greedy, seats rotated, games "
        f"{args.start}..{args.start + args.games - 1}; load {_load()}",
        flush=True,
    )
    c0, w0 = time.process_time(), time.perf_counter()
    games = range(args.start, args.start + args.games)
    if args.jobs <= 1:
        counts = _play(args, game, specs, greedy, seats, games)
    else:
        ctx = multiprocessing.get_context("fork")
        queue = ctx.Queue()

        def child(k: int) -> None:
            label = f"[{k + 1}/{args.jobs}] "
            queue.put(_play(args, game, specs, greedy, seats, games[k :: args.jobs], label))

        procs = [ctx.Process(target=child, args=(k,)) for k in range(args.jobs)]
        for p in procs:
            p.start()
        parts = [queue.get() for _ in procs]
        for p in procs:
            p.join()
        counts = [sum(x) for x in zip(*parts, strict=True)]
    won, base_won, better, worse, searched, off_rule, cpu = counts
    cpu += time.process_time() - c0
    n = args.games
    lo, hi = wilson_interval(int(won), n)
    print(
        f"{args.spec}: {n} games, sole wins {won} ({won / n:.3f}, 95% Wilson [{lo:.3f}, {hi:.3f}], "
        f"fair share {1 / seats:.3f}); greedy in that seat on the same seeds {base_won}; "
        f"turned into a win {better}, into a loss {worse}; moves off the rule of thumb "
        f"{off_rule} of {searched} searched decisions; "
        f"{cpu:.0f} CPU s, {time.perf_counter() - w0:.0f} s wall; load {_load()}"
    )
    return 0


if __name__ == "__main__":
    sys.exit(main())
