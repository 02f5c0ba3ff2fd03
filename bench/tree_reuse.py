"""Tree reuse against a fresh tree on a workbench game, paired on the same deals (issue 38).

``--keep`` (default ``ismcts:100:keep``) and ``--fresh`` (default ``ismcts:100``: the
same iterations, so the same CPU a decision) each sit in one seat of game ``i`` against
the game's ``greedy`` in every other seat, the searcher's seat rotated (game ``i`` puts
it in seat ``-i mod n``), on the seed ``derive_seed(seed, i)``: the same deals and dice
for both until their moves differ. Printed, per game paired: the searcher's sole wins
of each, the games only one of them won, and the mean difference (keep minus fresh)
with its 95% interval and a verdict ("too few games to say" under 20 games or when the
interval holds 0); the CPU seconds per searched decision of each (median and mean,
``time.process_time`` around the player's call; ``fresh`` is also timed at ``keep``'s
own positions, its move not played, so the two CPU figures compare the same
positions), and the share of ``keep``'s decisions
that started from a kept node. The load average beside.

Run: ``nice -n 10 .venv/bin/python bench/tree_reuse.py [mugen] --games 100 [--keep ismcts:400:keep
--fresh ismcts:400] [--progress 20]``.
"""

from __future__ import annotations

import argparse
import os
import random
import statistics
import sys
import time
from typing import Any

from workbench.engine.kernel.seeds import derive_seed
from workbench.engine.players import tree_reuse
from workbench.engine.players.specs import player_from_spec
from workbench.engine.runs.playout import playout_in_place
from workbench.registry import make_game

_FOUND = [0, 0]  # kept trees looked in, and a node found


def _count_found() -> None:
    """Wrap ``KeptTree.next_root`` in this process to count the kept nodes found."""
    plain = tree_reuse.KeptTree.next_root

    def counted(self: Any, seen: Any) -> Any:
        node = plain(self, seen)
        _FOUND[0] += 1
        _FOUND[1] += node is not None
        return node

    tree_reuse.KeptTree.next_root = counted  # type: ignore[method-assign]


def _load() -> str:
    return " ".join(f"{x:.1f}" for x in os.getloadavg())


class Timed:
    """A player whose decisions with a choice are timed (CPU seconds each); with a
    ``shadow`` player, that one also decides at the same positions (timed, its move not
    played, its own rng): the two players' CPU on the very same positions."""

    def __init__(self, player: Any, shadow: Any = None) -> None:
        self.player, self.shadow, self.cpu, self.shadow_cpu = player, shadow, [], []
        self.shadow_rng = random.Random(0)

    def __call__(self, view: Any, rng: Any) -> Any:
        if len(view.legal_ids) < 2:
            return self.player(view, rng)
        if self.shadow is not None:
            c0 = time.process_time()
            self.shadow(view, self.shadow_rng)
            self.shadow_cpu.append(time.process_time() - c0)
        c0 = time.process_time()
        action = self.player(view, rng)
        self.cpu.append(time.process_time() - c0)
        return action


def sole_wins(
    name: str, game: Any, spec: str, games: range, seed: int, progress: int, shadow: Any = None
) -> tuple[list[int], Timed]:
    """Game by game, 1 where the searcher (``spec``) won alone; its timed player."""
    seats = game.num_players
    searcher = Timed(player_from_spec(spec, name), shadow)
    greedy = player_from_spec("greedy", name)
    won = []
    for done, i in enumerate(games, 1):
        seat = (-i) % seats
        line = [searcher if s == seat else greedy for s in range(seats)]
        final = playout_in_place(game, line, derive_seed(seed, i)).final
        won.append(int(tuple(game.winners(final)) == (seat,)))
        if progress and done % progress == 0:
            print(f"  {spec}: {done} games, {sum(won)} sole wins; load {_load()}", flush=True)
    return won, searcher


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("game", nargs="?", default="mugen")
    ap.add_argument("--keep", default="ismcts:100:keep")
    ap.add_argument("--fresh", default="ismcts:100")
    ap.add_argument("--games", type=int, default=40)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--progress", type=int, default=0, metavar="N")
    ap.add_argument(
        "--shadow-games",
        type=int,
        default=None,
        metavar="K",
        help="time fresh at keep's positions in the first K games only (default: all)",
    )
    args = ap.parse_args(argv)
    _count_found()
    game = make_game(args.game)
    games = range(args.games)
    print(
        f"{args.game}: {args.keep} and {args.fresh} each against {game.num_players - 1} "
        f"greedy, seats rotated, the same {args.games} seeds; load {_load()}",
        flush=True,
    )
    c0, w0 = time.process_time(), time.perf_counter()
    shadow = player_from_spec(args.fresh, args.game)
    k = args.games if args.shadow_games is None else min(args.shadow_games, args.games)
    keep, timed = sole_wins(args.game, game, args.keep, range(k), args.seed, args.progress, shadow)
    more, rest = sole_wins(args.game, game, args.keep, range(k, args.games), args.seed, 0)
    keep += more
    timed.cpu += rest.cpu
    found = tuple(_FOUND)
    fresh, fresh_timed = sole_wins(args.game, game, args.fresh, games, args.seed, args.progress)
    d = [a - b for a, b in zip(keep, fresh, strict=True)]
    mean = statistics.fmean(d)
    half = 1.96 * statistics.stdev(d) / len(d) ** 0.5 if len(d) > 1 else float("inf")
    lo, hi = mean - half, mean + half
    if len(d) < 20 or lo <= 0 <= hi:
        verdict = "too few games to say"
    else:
        verdict = f"{args.keep} {'better' if mean > 0 else 'worse'}"
    print(
        f"sole wins: {args.keep} {sum(keep)}/{len(keep)}, {args.fresh} {sum(fresh)}/{len(fresh)}; "
        f"won by one only: {sum(x > 0 for x in d)} by {args.keep}, {sum(x < 0 for x in d)} by "
        f"{args.fresh}\nkeep minus fresh, sole wins a game: {mean:+.3f}  95% [{lo:+.3f}, "
        f"{hi:+.3f}]  {verdict}"
    )
    for what, cpu in (
        (f"{args.keep} in its games", timed.cpu),
        (f"{args.fresh} at the same positions", timed.shadow_cpu),
        (f"{args.fresh} in its own games", fresh_timed.cpu),
    ):
        print(
            f"CPU s per decision, {what}: median {statistics.median(cpu):.4f}, mean "
            f"{statistics.fmean(cpu):.4f} ({len(cpu)} decisions)"
        )
    ratio = sum(timed.cpu[: len(timed.shadow_cpu)]) / sum(timed.shadow_cpu)
    print(f"CPU on the same positions, keep / fresh: {ratio:.2f}")
    print(
        f"{args.keep}: a kept node found at {found[1]} of {found[0]} decisions after the "
        f"first; {time.process_time() - c0:.1f} CPU s, {time.perf_counter() - w0:.1f} wall s; "
        f"load {_load()}"
    )
    return 0


if __name__ == "__main__":
    sys.exit(main())
