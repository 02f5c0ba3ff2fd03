"""Which rollouts make mugen's search strong: ``ismcts`` against ``greedy``, seats rotated.

むげんの宙へ's greedy rule of thumb is written once
(:func:`workbench.games.mugen.policy.greedy_action`); a game that offers it as
``rollout_action`` makes ``ismcts`` roll out with it, widen its tree from it and
play its move unless the search beats it by ``search.TRUST`` standard errors.
This plays ``--spec`` (default ``ismcts:400``) against ``greedy`` on the same
game seeds as ``workbench play mugen --players SPEC,greedy --swap-seats``
(``simulate_rows``, seats rotated every game), once per rollout choice:

- ``random``: the game as it ships (no ``rollout_action``): random rollouts,
  plain UCT;
- ``greedy``: the greedy rule as the rollout policy (the guided search);
- ``greedy-notrust``: the same, with ``TRUST = 0`` (the root plays the search's
  best unless the rule's move has as good a mean) — what the guided tree gives
  without the root's deference.

Printed per choice: the search's sole wins, the share with its 95% Wilson
interval against the fair share 1/2, the median CPU seconds of a search
decision, CPU and wall seconds and the load average (the machine is shared).
Run it niced: ``nice -n 10 .venv/bin/python bench/mugen_rollouts.py --games 40
[--choices random,greedy]``.
"""

from __future__ import annotations

import argparse
import os
import statistics
import time
from typing import Any

from workbench.engine.players.specs import player_from_spec
from workbench.engine.runs.simulate import simulate_rows
from workbench.prob.intervals import wilson as wilson_interval

CHOICES = ("random", "greedy", "greedy-notrust")


def build(choice: str) -> Any:
    """The game with ``choice``'s rollouts (see the module docstring)."""
    from workbench.games.mugen.policy import greedy_action
    from workbench.games.mugen.rules import make_game

    game = make_game()
    if choice != "random":
        game.rollout_action = lambda t, rng: greedy_action(t)  # type: ignore[attr-defined]
    return game


class Timed:
    """A player that records the CPU seconds of its decisions with a choice."""

    def __init__(self, player: Any) -> None:
        self.player, self.cpu = player, []  # type: ignore[var-annotated]
        self.__name__ = getattr(player, "__name__", "search")

    def __call__(self, view: Any, rng: Any) -> Any:
        if len(view.legal_ids) < 2:
            return view.legal_ids[0]
        c0 = time.process_time()
        a = self.player(view, rng)
        self.cpu.append(time.process_time() - c0)
        return a


def run(choice: str, spec: str, games: int, seed: int) -> dict[str, Any]:
    """Play the match under one rollout choice; the search's wins and costs."""
    import workbench.engine.players.search as search

    trust = search.TRUST
    if choice == "greedy-notrust":
        search.TRUST = 0.0
    try:
        game = build(choice)
        searcher = Timed(player_from_spec(spec, "mugen"))
        players = [searcher, player_from_spec("greedy", "mugen")]
        c0, w0 = time.process_time(), time.perf_counter()
        rows = simulate_rows(game, players, range(games), seed, seating="rotate")
    finally:
        search.TRUST = trust
    wins = sum(
        1 for r in rows if list(r["winners"]) == [r["game"] % 2]
    )  # the search sits in seat i % 2
    lo, hi = wilson_interval(wins, games)
    return {
        "choice": choice,
        "games": games,
        "wins": wins,
        "share": wins / games,
        "interval": (lo, hi),
        "decision_cpu": statistics.median(searcher.cpu) if searcher.cpu else 0.0,
        "cpu": time.process_time() - c0,
        "wall": time.perf_counter() - w0,
    }


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=40)
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--spec", default="ismcts:400")
    parser.add_argument(
        "--choices", default=",".join(CHOICES[:2]), help=f"comma-separated, of {', '.join(CHOICES)}"
    )
    args = parser.parse_args(argv)
    load = " ".join(f"{x:.1f}" for x in os.getloadavg())
    print(
        f"mugen: {args.spec} against greedy, {args.games} games, seats rotated, seed {args.seed}; "
        f"load {load}"
    )
    print(
        f"{'rollouts':<16}{'wins':>6}{'share':>8}  {'95% Wilson':<16}{'decision cpu':>13}"
        f"{'cpu s':>8}{'wall s':>8}"
    )
    for choice in args.choices.split(","):
        if choice not in CHOICES:
            parser.error(f"--choices: {choice!r} is not one of {', '.join(CHOICES)}")
        r = run(choice, args.spec, args.games, args.seed)
        lo, hi = r["interval"]
        verdict = "above the fair share" if lo > 0.5 else "not shown above 1/2"
        print(
            f"{choice:<16}{r['wins']:>6}{r['share']:>8.3f}  [{lo:.3f}, {hi:.3f}]  "
            f"{r['decision_cpu']:>11.3f}{r['cpu']:>8.1f}{r['wall']:>8.1f}  {verdict}",
            flush=True,
        )
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
