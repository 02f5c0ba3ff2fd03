"""What a command's run will cost, said before it starts (issue 27 item 4).

Shared by every command that runs games:

- :func:`bounded_workers` caps ``--workers`` at the machine's cores (a warning
  line, not 256 processes on 2 cores);
- :func:`match_estimate` predicts a match's time before it starts, from the
  game's length (two random games) and each player's measured cost of a
  decision (a search is timed on a small probe and scaled by its budget), plus
  the preparation a player announces (``optimal`` solving its game);
- :func:`announce` says a long run is starting and how long it should take, and
  refuses one that would take longer than the command's time limit.

A player may announce work before its first decision with two methods:
``preparation(game) -> (words, expected seconds) | None`` and ``prepare(game)``.
"""

from __future__ import annotations

import sys
import time
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any

from workbench.cli import CliError
from workbench.cli._workers import bounded_workers, machine_cores  # noqa: F401 (used by play and the tests)

#: a run predicted longer than this is announced on stderr before it starts
ANNOUNCE_AFTER = 10.0
#: a search probe: this many iterations timed, then scaled to the player's budget
PROBE_ITERATIONS = 16
PROBE_ROLLOUTS = 2


def say_duration(seconds: float) -> str:
    """``'about 3 s'``, ``'about 4 min'``, ``'about 2.5 h'``, ``'about 3 days'``.

    >>> say_duration(2.4), say_duration(250), say_duration(9000), say_duration(400000)
    ('about 2 s', 'about 4 min', 'about 2.5 h', 'about 5 days')
    """
    if seconds < 90:
        return f"about {max(1, round(seconds))} s"
    if seconds < 5400:
        return f"about {round(seconds / 60)} min"
    if seconds < 172800:
        return f"about {seconds / 3600:.1f} h"
    return f"about {round(seconds / 86400)} days"


@dataclass
class Estimate:
    """A predicted run: seconds in all and the parts that explain them."""

    seconds: float = 0.0
    parts: list[str] = field(default_factory=list)

    def why(self) -> str:
        return "; ".join(self.parts)


def _first_decision(game: Any, seed: int) -> tuple[Any, int]:
    """The first state where a seat decides (chance resolved by the seed), and the seat."""
    from workbench.engine.play.session import Session

    session = Session(game, seed=seed)
    return session.state, session.to_move


def _seconds_per_decision(player: Any, game: Any, seed: int) -> float:
    """A player's measured time for one decision at the game's first decision (a search
    with an iteration budget: a probe of :data:`PROBE_ITERATIONS`, scaled)."""
    import random

    from workbench.engine.kernel.seat import SeatView

    seconds = getattr(player, "seconds", None)
    if isinstance(seconds, int | float) and seconds:
        return float(seconds)
    state, seat = _first_decision(game, seed)
    if not isinstance(seat, int) or seat < 0:
        return 0.0
    view = SeatView(game, seat, state)
    iterations = getattr(player, "iterations", None)
    rollouts = getattr(player, "rollouts", None)
    probe = player
    scale = 1.0
    if isinstance(iterations, int) and iterations > PROBE_ITERATIONS and hasattr(player, "search"):
        probe = type(player)(PROBE_ITERATIONS, horizon=getattr(player, "horizon", None))
        scale = iterations / PROBE_ITERATIONS
    elif isinstance(rollouts, int) and rollouts > PROBE_ROLLOUTS:  # osla:N
        probe = type(player)(PROBE_ROLLOUTS, getattr(player, "leaf_limit", 256))
        scale = rollouts / PROBE_ROLLOUTS
    start = time.process_time()
    probe(view, random.Random(seed))
    return (time.process_time() - start) * scale


def match_estimate(
    game_name: str, specs: Sequence[str], games: int, seed: int, workers: int | None
) -> tuple[Estimate, list[Any]]:
    """The predicted time of a match and the players that announce a preparation."""
    from workbench.engine.players.specs import player_from_spec
    from workbench.engine.runs.match import build_game, match_rows

    game = build_game(game_name, len(specs))
    lengths = [
        r["turns"]
        for r in match_rows(game_name, None, ["random"] * len(specs), 0, 2, seed, "fixed")
    ]
    decisions = max(1.0, sum(lengths) / len(lengths)) / len(specs)  # per seat and game
    estimate = Estimate()
    preparing = []
    per_game = 0.0
    for spec in dict.fromkeys(specs):
        player = player_from_spec(spec, game_name)
        preparation = getattr(player, "preparation", None)
        if callable(preparation):
            said = preparation(game)
            if said is not None:
                words, seconds = said
                estimate.seconds += seconds
                estimate.parts.append(f"{spec}: {words} ({say_duration(seconds)})")
                preparing.append(player)
                continue
        each = _seconds_per_decision(player, game, seed)
        seats = specs.count(spec)
        per_game += each * decisions * seats
        if each * decisions * games > ANNOUNCE_AFTER:
            estimate.parts.append(
                f"{spec}: {say_duration(each)} a decision × {decisions:.0f} decisions a game"
            )
    parallel = max(1, min(workers or 1, games))
    estimate.seconds += per_game * games / parallel
    return estimate, preparing


def announce(command: str, estimate: Estimate, limit: float, what: str) -> None:
    """Refuse a run predicted over ``limit`` seconds (CliError naming why), else say on
    stderr that a long one is starting and how long it should take."""
    if estimate.seconds > limit:
        raise CliError(
            f"{what} would take {say_duration(estimate.seconds)} "
            f"({estimate.why()}), more than --time-limit {limit:g} s; lower the "
            "budget or the games, or raise --time-limit"
        )
    if estimate.seconds > ANNOUNCE_AFTER:
        sys.stderr.write(
            f"{command}: starting {what}: expected {say_duration(estimate.seconds)}"
            f" ({estimate.why()}); Ctrl-C stops it\n"
        )
        sys.stderr.flush()
