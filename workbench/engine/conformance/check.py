"""The conformance kit: random playouts that check a game keeps the protocol.

One line per game's test::

    check_conformance(make_game(), n_games=1000, seed=1)

Game ``i`` plays with the seed ``derive_seed(seed, i)`` exactly as
:func:`~workbench.engine.runs.playout.playout` would (so a failure is reproduced
with ``playout(game, random_player, failure.seed)`` or a
``Session(game, seed=failure.seed)``). With the defaults the kit costs about
1.2-1.3 times the plain playouts of the same games (measured on the four
seed games over 1,000 games). What runs where (defaults in brackets):

**Every step of every game** (O(1) checks, or none beyond what the normal
path computes anyway): the game ends within ``max_steps``; the player to
move is a seat, CHANCE or TERMINAL; a player node has legal actions; a
non-random player's choice is one of them (the random player draws
``rng.choice`` from that very list, as
:func:`~workbench.engine.players.random_player` does, so ``legal_actions``
is listed once per step); the chosen action applies without raising.

**Spot steps** (step ``k`` of game ``i`` when ``k % spot_every == i %
spot_every`` [16]: one step in 16, shifted by one step per game, so over 16
consecutive games every step position of the game is covered): the state
is hashable and its hash is unchanged by listing, choosing and applying
(no mutation); the legal action ids are distinct and hashable;
``chance_outcomes`` is a ``Dist`` containing the drawn id; the card
multiset over ``game.zones`` after the step equals the start's (cards that
leave play must go to a zone the game names, e.g. ``"removed"``), so a
*transient* gap (a card missing from every zone only while it is being
resolved) is found at the spot steps of some games.

**End of every game**: the card multiset equals the start's, so a card lost
or duplicated at *any* step of *any* game is caught even when no spot step
saw it; the final state is hashable; ``returns`` has one entry per seat;
``winners`` are seats; every action id (each distinct id once per run)
comes back equal from the replay JSON encoding.

**In place** on every ``fast_every``-th game [50] and on the deep games, for
a game on the engine kernel: :func:`~workbench.engine.runs.playout.playout_in_place`
(the same rules on one mutable table, the fast path of simulations and
search) with the same players and seed gives the same actions and the same
final state as the immutable path. In the deep games, the observation of
every seat at every spot step hides nothing it must show and shows nothing
it must hide: a determinization of it keeps every public field and the card
multiset of the true state.

**Deep games** (game 0 and every ``full_every``-th [50]): every step is a
spot step, plus a pickle snapshot of the state compared after ``apply``
(catches mutation a hash misses; a deep copy when the state cannot be
pickled); the *branch sweep*: at a node with ``b`` branches every other
legal action / chance outcome is applied with probability
``min(1, sweep_budget / b)`` [4] (a separate rng seeded from the game's
seed; the game's own rng is untouched), so a choice of up to 4 is always
swept and a 60-card draw about one node in 15; the game is played again
from its seed (same actions, same final state: no hidden randomness or
state kept in the game object); and its replay comes back from JSON with
the same game, parameters and action ids (game 0 is also played back
through ``Replay.play`` to the same final state; in the other games equal
ids applied by a game that just proved deterministic give the same state).

**On a failure** in a light game the seed is re-run with every check at
every step (no sweep), and the report names the first step that breaks:
e.g. the very action that lost a card the end-of-game check found.

So 1,000 games guarantee: every step of every game ended, applied and was
legal; every game conserved its cards overall and had valid returns; about
1/16 of all steps (spread over every position) were checked for mutation,
card gaps, chance and action-list consistency; 20 games were checked at
every step, swept and reproduced; 20 in-place games were compared.

>>> from workbench.engine.conformance.toy import DiceRace
>>> check_conformance(DiceRace(), n_games=20, seed=1).ok
True
"""

from __future__ import annotations

import time
from collections.abc import Hashable, Sequence
from dataclasses import dataclass, field
from html import escape
from typing import Any

from workbench.engine.conformance.play import DEEP, LIGHT, PINPOINT, Broken, Checker
from workbench.engine.kernel.protocol import Game
from workbench.engine.kernel.seat import Player
from workbench.engine.kernel.seeds import derive_seed
from workbench.engine.play.replay import Replay, params_dict
from workbench.engine.play.session import Session
from workbench.engine.players import random_player
from workbench.engine.runs.playout import playout, playout_in_place, seat_players
from workbench.engine.runs.simulate import runs_in_place


@dataclass(frozen=True)
class Failure:
    """One broken rule: which check, in which game (index and seed) at which step."""

    check: str
    game_index: int
    seed: int
    step: int
    message: str

    def __str__(self) -> str:
        return f"[{self.check}] game #{self.game_index} (seed {self.seed}) step {self.step}: {self.message}"


@dataclass
class ConformanceReport:
    """Counts of what was checked and the failures found."""

    game: str
    games: int = 0
    deep_games: int = 0
    steps: int = 0
    player_steps: int = 0
    chance_steps: int = 0
    spot_checks: int = 0
    branches_tried: int = 0
    snapshots: int = 0
    replays_checked: int = 0
    fast_checked: int = 0
    seconds: float = 0.0
    failures: list[Failure] = field(default_factory=list)

    @property
    def ok(self) -> bool:
        """True when nothing failed."""
        return not self.failures

    def summary(self) -> str:
        """One paragraph for people."""
        head = (
            f"{self.game}: {self.games} games ({self.deep_games} deep), {self.steps} steps "
            f"({self.player_steps} decisions, {self.chance_steps} chance), {self.spot_checks} spot checks, "
            f"{self.branches_tried} extra branches applied, {self.snapshots} snapshots, "
            f"{self.replays_checked} replays, {self.fast_checked} fast-path comparisons "
            f"in {self.seconds:.1f} s"
        )
        if self.ok:
            return head + ": all checks passed"
        return head + f": {len(self.failures)} failure(s); first: {self.failures[0]}"

    def _repr_html_(self) -> str:
        rows = "".join(f"<li>{escape(str(f))}</li>" for f in self.failures)
        colour = "#1a7f37" if self.ok else "#b3261e"
        return f"<div style='color:{colour}'>{escape(self.summary())}</div><ul>{rows}</ul>"

    def _add(self, checker: Checker) -> None:
        c = checker.counts
        self.steps += c.steps
        self.player_steps += c.player_steps
        self.chance_steps += c.chance_steps
        self.spot_checks += c.spot_checks
        self.branches_tried += c.branches_tried
        self.snapshots += c.snapshots


def check_conformance(
    game: Game[Any],
    n_games: int = 1000,
    seed: int = 0,
    players: Player | Sequence[Player] | None = None,
    max_steps: int = 10_000,
    *,
    full_every: int = 50,
    spot_every: int = 16,
    fast_every: int = 50,
    sweep_budget: int = 4,
    max_failures: int = 10,
    raise_on_failure: bool = True,
) -> ConformanceReport:
    """Random playouts checking the protocol (see the module docstring for what runs where).

    ``full_every``: spacing of the deep games (game 0 is always deep);
    ``spot_every``: spacing of the spot steps in the other games (1: every
    step); ``fast_every``: spacing of the fast-path comparisons;
    ``sweep_budget``: branches a deep game applies per node on average.
    Raises AssertionError naming the first failure (unless
    ``raise_on_failure=False``); returns the report.
    """
    for name, value in (
        ("full_every", full_every),
        ("spot_every", spot_every),
        ("fast_every", fast_every),
    ):
        if not isinstance(value, int) or value < 1:
            raise ValueError(f"{name} must be a positive int, got {value!r}")
    seats = seat_players(game, players if players is not None else random_player)
    fast = runs_in_place(game)
    report = ConformanceReport(game=game.name)
    checker = Checker(game, seats, spot_every, sweep_budget)
    start = time.perf_counter()
    for i in range(n_games):
        seed_i = derive_seed(seed, i)
        deep = i % full_every == 0
        failure = _play_one(
            checker, i, seed_i, DEEP if deep else LIGHT, max_steps, report, fast, fast_every
        )
        if failure is not None and not deep:
            failure = _pinpoint(game, seats, i, seed_i, max_steps, failure)
        if failure is not None:
            report.failures.append(failure)
        report.games += 1
        report.deep_games += deep
        if len(report.failures) >= max_failures:
            break
    report._add(checker)
    report.seconds = time.perf_counter() - start
    if report.failures and raise_on_failure:
        first = report.failures[0]
        raise AssertionError(
            f"{game.name} broke the game protocol in {len(report.failures)} of {report.games} games; "
            f"first: {first}. Reproduce with playout(game, random_player, {first.seed}) "
            f"or Session(game, seed={first.seed})."
        )
    return report


def _play_one(
    checker: Checker,
    index: int,
    seed: int,
    mode: str,
    max_steps: int,
    report: ConformanceReport,
    fast: bool,
    fast_every: int,
) -> Failure | None:
    """Play and check one game; its failure, or None."""
    game = checker.game
    try:
        final, actions = checker.run(seed, index, mode, max_steps)
        if mode == DEEP:
            _check_reproduction(game, checker.seats, seed, final, actions, report, index == 0)
        if fast and (mode == DEEP or index % fast_every == 0):
            checker.step = len(actions)
            report.fast_checked += 1
            _check_in_place(game, checker.seats, seed, final, actions)
    except Broken as b:
        return Failure(b.check, index, seed, checker.step, b.message)
    except Exception as e:  # a crash inside the game's own code
        return Failure("exception", index, seed, checker.step, f"{type(e).__name__}: {e}")
    return None


def _pinpoint(
    game: Game[Any], seats: Sequence[Player], index: int, seed: int, max_steps: int, found: Failure
) -> Failure:
    """Re-run a failed light game with every check at every step: the first step that breaks."""
    rerun = Checker(game, seats, 1, 0)
    try:
        rerun.run(seed, index, PINPOINT, max_steps)
    except Broken as b:
        if (b.check, rerun.step) == (found.check, found.step):
            return found
        note = f" (re-run with every check at every step; first seen at step {found.step} by the {found.check} check)"
        return Failure(b.check, index, seed, rerun.step, b.message + note)
    except Exception:
        return found
    return found


def _check_reproduction(
    game: Game[Any],
    seats: Sequence[Player],
    seed: int,
    final: Any,
    actions: list[Hashable],
    report: ConformanceReport,
    through_session: bool,
) -> None:
    """Same seed, same game; the replay JSON gives back the same record.

    Equal action ids applied by a deterministic game give the same final
    state, so only ``through_session`` (game 0) also plays the replay back
    through :meth:`Replay.play` (a Session checking every action's legality).
    """
    again = playout(game, seats, seed)
    if list(again.actions) != actions or again.final != final:
        raise Broken("replay", "the same seed gave a different game (hidden randomness or state?)")
    replay = Replay(game.name, str(game.version), params_dict(game), seed, tuple(actions))
    back = Replay.from_json(replay.to_json())
    if back != replay:
        raise Broken(
            "replay", "the replay JSON did not give back the same game, parameters and actions"
        )
    if through_session and Session.from_replay(back, game).state != final:
        raise Broken("replay", "the JSON replay did not reproduce the final state")
    report.replays_checked += 1


def _check_in_place(
    game: Game[Any], seats: Sequence[Player], seed: int, final: Any, actions: list[Hashable]
) -> None:
    """The in-place path plays the very same game as the immutable one."""
    fast = playout_in_place(game, seats, seed, record=True)
    if list(fast.actions) != actions:
        at = next(
            (k for k, (x, y) in enumerate(zip(fast.actions, actions)) if x != y),
            min(len(fast.actions), len(actions)),
        )
        raise Broken("in_place", f"playout_in_place diverged from playout at step {at}")
    if fast.final != final:
        raise Broken("in_place", "playout_in_place ended in another state than playout")
