"""Where one search decision's time goes, per game (issue 22 item 2, speed).

For each game, a greedy game (seed ``--seed``) is played and ``--decisions``
positions where seat 0 has a choice are taken, evenly spread; ``--spec``
(``ismcts:400``) decides at each under cProfile. Printed per game: the CPU
seconds of each decision (``time.process_time``, with the profiler's own
overhead), and the share of the profiled time spent in

- **rollouts** (``rollouts.rollout``, re-exported by ``search``): the rest of a rollout is the kernel's steps;
- **policy**: the game's ``rollout_action`` (the game engineers' cost), in the
  rollouts and where the tree asks it for its move (so not a part of rollouts
  alone);
- **observe**: ``Table.seen_state`` (or ``observe``), the tree's keys (what the seat
  sees after a step; the kernel's cost);
- **determinize**: dealing what the seat cannot see, once per iteration (the view's
  ``determinize``, or the deal the search prepared once, whichever the search calls);
- **tree**: the rest of the search (selection, availability counts, chance
  strata, back-up, thawing the dealt world).

With ``--own-game`` the positions are instead every decision with a choice of the
searcher's own game (seat 0 against ``greedy``, seed ``--seed``), each profiled: a spec
that keeps its tree between decisions (``ismcts:400:keep``) keeps it only there, so
compare ``--own-game --spec ismcts:400`` with ``--own-game --spec ismcts:400:keep``
(different games once their moves differ: compare shares and medians, not positions);
the column **kept** is the share of decisions that started from a kept node.

Run: ``nice -n 5 .venv/bin/python bench/search_profile.py [--decisions 3] [--own-game] [game ...]``.
"""

from __future__ import annotations

import argparse
import cProfile
import os
import pstats
import random
import sys
import time
from typing import Any

from workbench.engine.kernel.seat import SeatView
from workbench.engine.players.specs import player_from_spec
from workbench.engine.runs.playout import playout, playout_in_place
from workbench.registry import make_game

GAMES = ("ghost", "detective", "mugen", "life")


def positions(name: str, count: int, seed: int) -> tuple[Any, list[Any]]:
    """The game and ``count`` states of a greedy game where seat 0 chooses among several."""
    game = make_game(name)
    r = playout(game, player_from_spec("greedy", name), seed)
    s, found = game.initial_state(), []
    for a in r.actions:
        if game.current_player(s) == 0 and len(game.legal_ids(s)) > 1:
            found.append(s)
        s = game.apply(s, a)
    return game, found[:: max(1, len(found) // count)][:count]


_KEPT = [0, 0]  # decisions of the searcher's own game that started from a kept node, all


def _count_kept() -> None:
    """Wrap ``KeptTree.next_root`` in this process to count the kept nodes found."""
    from workbench.engine.players import tree_reuse

    plain = tree_reuse.KeptTree.next_root

    def counted(self: Any, seen: Any) -> Any:
        node = plain(self, seen)
        _KEPT[0] += node is not None
        return node

    tree_reuse.KeptTree.next_root = counted  # type: ignore[method-assign]


def profiled(player: Any, prof: cProfile.Profile, each: list[float]) -> Any:
    """``player`` with each of its decisions with a choice profiled (CPU in ``each``)."""

    def decide(view: SeatView, rng: random.Random) -> Any:
        if len(view.legal_ids) < 2:
            return player(view, rng)
        start = time.process_time()
        prof.enable()
        action = player(view, rng)
        prof.disable()
        each.append(time.process_time() - start)
        _KEPT[1] += 1
        return action

    return decide


def shares(stats: pstats.Stats) -> dict[str, float]:
    """Cumulative seconds of the parts named in the module docstring."""
    table: dict[Any, Any] = stats.stats  # type: ignore[attr-defined]
    total = sum(v[2] for v in table.values())  # own time of every function
    out = {"rollouts": 0.0, "policy": 0.0, "observe": 0.0, "determinize": 0.0, "search": 0.0}
    dealt = 0.0
    for (path, _, fn), (_, _, _, cum, _) in table.items():
        if path.endswith(("players/search.py", "players/rollouts.py")) and fn == "rollout":
            out["rollouts"] += cum
        elif fn == "rollout_action" and "/games/" in path:  # a rules.py one may wrap policy.py's
            out["policy"] = max(out["policy"], cum)
        elif fn in ("observe", "seen_state") and path.endswith("kernel/table.py"):
            out["observe"] += cum
        elif fn == "determinize" and path.endswith("kernel/seat.py"):
            out["determinize"] += cum
        elif fn == "<lambda>" and path.endswith("players/search.py"):
            dealt += cum  # the search's prepared deal, ``world()`` (and cheap property lambdas)
        elif fn == "_search" and path.endswith("players/search.py"):  # fresh or kept root
            out["search"] += cum
    out["determinize"] = max(out["determinize"], dealt)  # either way the search deals
    out["tree"] = out["search"] - out["rollouts"] - out["observe"] - out["determinize"]
    out["total"] = total
    return out


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("games", nargs="*", help="games (default: the four)")
    ap.add_argument("--decisions", type=int, default=3)
    ap.add_argument("--spec", default="ismcts:400")
    ap.add_argument("--seed", type=int, default=7)
    ap.add_argument("--own-game", action="store_true", help="profile the searcher's own game")
    args = ap.parse_args(argv)
    _count_kept()
    print(
        f"{args.spec}, seat 0, "
        + (
            f"every decision of its own game against greedy (seed {args.seed})"
            if args.own_game
            else f"{args.decisions} positions of a greedy game (seed {args.seed})"
        )
        + f" under cProfile; shares of the search's time; load {os.getloadavg()[0]:.1f}"
    )
    print(
        f"{'game':<10} {'CPU s each (profiled)':<28} {'rollouts':>8} {'policy':>7} "
        f"{'observe':>8} {'determ.':>8} {'tree':>6}"
    )
    for name in args.games or GAMES:
        player = player_from_spec(args.spec, name)
        prof, each = cProfile.Profile(time.process_time), []  # CPU, as the decisions' times
        if args.own_game:
            game, _KEPT[:] = make_game(name), [0, 0]
            playout_in_place(
                game,
                [profiled(player, prof, each)]
                + [player_from_spec("greedy", name)] * (game.num_players - 1),
                args.seed,
            )
            each.sort()
            each = [each[len(each) // 2]]  # the median
        else:
            game, picks = positions(name, args.decisions, args.seed)
            for state in picks:
                start = time.process_time()
                prof.enable()
                player(SeatView(game, 0, state), random.Random(1))
                prof.disable()
                each.append(time.process_time() - start)
        part = shares(pstats.Stats(prof))
        whole = part["search"] or 1.0
        cells = " ".join(
            f"{part[k] / whole:>{w}.0%}"
            for k, w in (
                ("rollouts", 8),
                ("policy", 7),
                ("observe", 8),
                ("determinize", 8),
                ("tree", 6),
            )
        )
        print(f"{name:<10} {', '.join(f'{x:.2f}' for x in each):<28} {cells}", end="")
        if args.own_game:
            print(f"  median of {_KEPT[1]}; kept {_KEPT[0] / max(1, _KEPT[1]):.0%}", end="")
        print(flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
