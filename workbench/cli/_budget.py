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
#: a probe game stops after this many decisions (then two random games give the length)
PROBE_GAME_DECISIONS = 400
#: ... or after this many CPU seconds of decisions
PROBE_GAME_SECONDS = 3.0
#: a decision its probe predicts under this many seconds is timed with the player itself
TIME_REAL_UNDER = 0.5
#: ... at its seat's states of the probe game, for at most this many CPU seconds
SAMPLE_SECONDS = 0.5


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


def say_seconds(seconds: float) -> str:
    """A decision's time as said, never rounded up to a second.

    >>> say_seconds(0.0042), say_seconds(0.31), say_seconds(2.4), say_seconds(250)
    ('4.2 ms', '0.31 s', 'about 2 s', 'about 4 min')
    """
    if seconds < 0.1:
        return f"{seconds * 1000:.2g} ms"
    if seconds < 1:
        return f"{seconds:.2g} s"
    return say_duration(seconds)


@dataclass
class Estimate:
    """A predicted run: seconds in all and the parts that explain them."""

    seconds: float = 0.0
    parts: list[str] = field(default_factory=list)

    def why(self) -> str:
        return "; ".join(self.parts)


def _probe(player: Any) -> tuple[Any, float]:
    """The player a decision is timed with and the factor that scales its time: a search
    with a budget over :data:`PROBE_ITERATIONS` (or ``osla:N`` over :data:`PROBE_ROLLOUTS`)
    is timed at the small budget, the player itself otherwise."""
    iterations = getattr(player, "iterations", None)
    rollouts = getattr(player, "rollouts", None)
    seconds = getattr(player, "seconds", None)
    if isinstance(seconds, int | float) and seconds:  # a time budget: it says its own cost
        if hasattr(player, "search"):
            return type(player)(PROBE_ITERATIONS, horizon=getattr(player, "horizon", None)), 1.0
        return None, 1.0
    if isinstance(iterations, int) and iterations > PROBE_ITERATIONS and hasattr(player, "search"):
        probe = type(player)(PROBE_ITERATIONS, horizon=getattr(player, "horizon", None))
        return probe, iterations / PROBE_ITERATIONS
    if isinstance(rollouts, int) and rollouts > PROBE_ROLLOUTS:  # osla:N
        return type(player)(PROBE_ROLLOUTS, getattr(player, "leaf_limit", 256)), (
            rollouts / PROBE_ROLLOUTS
        )
    return player, 1.0


@dataclass
class ProbeGame:
    """One game played by the probes: each decision's (state, seat, CPU seconds), and the
    decisions each seat made (``ended``: the game finished within the probe's cap)."""

    decisions: list[tuple[Any, int, float]] = field(default_factory=list)
    ended: bool = False

    def per_seat(self, seats: int) -> list[int]:
        return [sum(1 for _s, w, _t in self.decisions if w == seat) for seat in range(seats)]

    def warm_seconds(self, seat: int) -> list[float]:
        """The seat's decision times after its first (the first pays the warm-up)."""
        return [t for _s, w, t in self.decisions if w == seat][1:]


def _probe_game(game: Any, players: Sequence[Any], seed: int) -> ProbeGame:
    """Game ``seed`` played by ``players`` (each seat's probe), every decision timed."""
    import random

    from workbench.engine.kernel.protocol import CHANCE, TERMINAL
    from workbench.engine.kernel.seat import SeatView
    from workbench.engine.kernel.seeds import player_rngs

    rng, own = random.Random(seed), player_rngs(seed, len(players))
    out = ProbeGame()
    s = game.initial_state()
    spent = 0.0
    for _ in range(100 * PROBE_GAME_DECISIONS):
        who = game.current_player(s)
        if who == TERMINAL:
            out.ended = True
            return out
        if who == CHANCE:
            a = game.sample_chance(s, rng)
        else:
            if len(out.decisions) >= PROBE_GAME_DECISIONS or spent > PROBE_GAME_SECONDS:
                return out
            start = time.process_time()
            a = players[who](SeatView(game, who, s), own[who])
            took = time.process_time() - start
            out.decisions.append((s, who, took))
            spent += took
        s = game.apply(s, a)
    return out


def _seconds_per_decision(player: Any, game: Any, seed: int, seat: int, probed: ProbeGame) -> float:
    """A player's time for one decision, warm: its probe's decisions in the probe game after
    the first, scaled to its budget; where that is under :data:`TIME_REAL_UNDER`, the player
    itself timed at its seat's states of the probe game in a shuffled order (the first
    untimed), for up to :data:`SAMPLE_SECONDS` of CPU."""
    import random

    from workbench.engine.kernel.seat import SeatView

    seconds = getattr(player, "seconds", None)
    if isinstance(seconds, int | float) and seconds:
        return float(seconds)
    _probe_player, scale = _probe(player)
    warm = probed.warm_seconds(seat)
    if not warm:
        return 0.0
    each = sum(warm) / len(warm) * scale
    if scale == 1.0 or each >= TIME_REAL_UNDER:
        return each
    states = [s for s, w, _t in probed.decisions if w == seat]
    rng = random.Random(seed)
    rng.shuffle(states)  # a spread of the game (forced moves cost nothing: both kinds kept)
    times: list[float] = []
    spent = 0.0
    for k, state in enumerate(states):
        start = time.process_time()
        player(SeatView(game, seat, state), rng)
        took = time.process_time() - start
        if k:  # the first is the warm-up
            times.append(took)
        spent += took
        if spent > SAMPLE_SECONDS and len(times) >= 2:
            break
    return sum(times) / len(times) if times else each


def match_estimate(
    game_name: str, specs: Sequence[str], games: int, seed: int, workers: int | None
) -> tuple[Estimate, list[Any]]:
    """The predicted time of a match and the players that announce a preparation: one game
    played by the players' probes (:func:`_probe`), every decision timed, gives each seat's
    decisions a game and its warm time a decision (:func:`_seconds_per_decision`)."""
    from workbench.engine.players.specs import player_from_spec
    from workbench.engine.runs.match import build_game, match_rows

    game = build_game(game_name, len(specs))
    estimate = Estimate()
    preparing = []
    players: dict[str, Any] = {}
    for spec in dict.fromkeys(specs):
        player = player_from_spec(spec, game_name)
        preparation = getattr(player, "preparation", None)
        said = preparation(game) if callable(preparation) else None
        if said is not None:
            words, seconds = said
            estimate.seconds += seconds
            estimate.parts.append(f"{spec}: {words} ({say_duration(seconds)})")
            preparing.append(player)
            continue
        players[spec] = player
    stand_in = player_from_spec("random", game_name)
    probes = [  # a preparing player cannot play the probe game: random stands in
        (_probe(players[spec])[0] if spec in players else None) or stand_in for spec in specs
    ]
    probed = _probe_game(game, probes, seed)
    if probed.ended:
        decisions = [float(n) for n in probed.per_seat(len(specs))]
    else:  # too long for a probe: the length of two random games
        lengths = [
            r["turns"]
            for r in match_rows(game_name, None, ["random"] * len(specs), 0, 2, seed, "fixed")
        ]
        decisions = [max(1.0, sum(lengths) / len(lengths)) / len(specs)] * len(specs)
    per_game = 0.0
    for spec, player in players.items():
        seats = [i for i, s in enumerate(specs) if s == spec]
        each = max(_seconds_per_decision(player, game, seed, i, probed) for i in seats)
        made = sum(decisions[i] for i in seats)
        per_game += each * made
        if each * made * games > ANNOUNCE_AFTER:
            estimate.parts.append(
                f"{spec}: {say_seconds(each)} a decision × {made / len(seats):.0f} decisions a game"
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
