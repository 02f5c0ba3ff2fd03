"""The conformance kit: random playouts that check a game keeps the protocol.

One line per game's test::

    check_conformance(make_game(), n_games=1000, seed=1)

Every game ``i`` plays with the seed ``derive_seed(seed, i)`` exactly as
:func:`~workbench.engine.playout.playout` would (so a failure is reproduced
with ``playout(game, random_player, failure.seed)`` or a
``Session(game, seed=failure.seed)``). Checked at every step: the player
to move is a seat, legal actions are non-empty with distinct ids, the chosen
action applies, chance outcomes are a ``Dist`` containing the drawn id, the
state is hashable and its hash unchanged by ``apply`` (not mutated), and the
multiset of cards over ``game.zones(state)`` is the same as at the start
(cards that leave the game must go to a zone the game names, e.g.
``"removed"``). At the end: it ended within ``max_steps``, ``returns`` has
one entry per seat and ``winners`` are seats. Every ``full_every``-th game
also applies *every* legal action and chance outcome, compares a deep copy of
the state before and after ``apply``, replays the same seed (same actions,
same final state), round-trips a replay through JSON, and compares the game's
``players.fast_random_playout(game, seed)`` (when it exists and the players
are random) with the normal path: it may return the final state or its
``returns``.

>>> from workbench.engine.toy import DiceRace
>>> check_conformance(DiceRace(), n_games=20, seed=1).ok
True
"""

from __future__ import annotations

import copy
import random
import time
from collections import Counter
from collections.abc import Callable, Hashable, Iterable, Sequence
from dataclasses import dataclass, field
from html import escape
from typing import Any

from workbench.engine.players import random_player
from workbench.engine.playout import Player, playout, seat_players
from workbench.engine.protocol import CHANCE, TERMINAL, Game
from workbench.engine.replay import Replay, params_dict
from workbench.engine.seeds import derive_seed
from workbench.engine.simulate import fast_playout_of
from workbench.prob.dist import Dist


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
    steps: int = 0
    player_steps: int = 0
    chance_steps: int = 0
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
            f"{self.game}: {self.games} games, {self.steps} steps ({self.player_steps} decisions, "
            f"{self.chance_steps} chance), {self.branches_tried} extra branches applied, "
            f"{self.snapshots} deep snapshots, {self.replays_checked} replays, "
            f"{self.fast_checked} fast-path comparisons in {self.seconds:.1f} s"
        )
        if self.ok:
            return head + ": all checks passed"
        return head + f": {len(self.failures)} failure(s); first: {self.failures[0]}"

    def _repr_html_(self) -> str:
        rows = "".join(f"<li>{escape(str(f))}</li>" for f in self.failures)
        colour = "#1a7f37" if self.ok else "#b3261e"
        return f"<div style='color:{colour}'>{escape(self.summary())}</div><ul>{rows}</ul>"


def _cards(game: Game[Any], state: Any) -> dict[Hashable, int]:
    """Card id -> count summed over every zone (a plain dict: fast to compare)."""
    total: dict[Hashable, int] = {}
    get = total.get
    for zone, counts in game.zones(state).items():
        for card, k in counts.items():
            if k < 0:
                raise AssertionError(f"zone {zone!r} has a negative count: {dict(counts)}")
            if k:
                total[card] = get(card, 0) + k
    return total


def _diff(before: dict[Hashable, int], after: dict[Hashable, int]) -> str:
    lost, gained = Counter(before) - Counter(after), Counter(after) - Counter(before)
    return f"lost {dict(lost)}, appeared {dict(gained)}"


class _Checker:
    """Plays one game with all checks; raises _Broken on the first failure."""

    def __init__(self, game: Game[Any], seats: Sequence[Player], report: ConformanceReport) -> None:
        self.game, self.seats, self.report = game, seats, report
        self.step = 0

    def run(self, seed: int, thorough: bool, max_steps: int) -> tuple[Any, list[Hashable]]:
        g, rep = self.game, self.report
        rng = random.Random(seed)
        self.step = 0
        s = g.initial_state()
        cards0 = _cards(g, s)
        actions: list[Hashable] = []
        for step in range(max_steps + 1):
            self.step = step
            who = g.current_player(s)
            if who == TERMINAL:
                break
            if step == max_steps:
                raise _Broken("ends", f"not over after max_steps={max_steps} steps")
            try:
                h = hash(s)
            except TypeError as e:
                raise _Broken("immutable", f"state is not hashable ({e}): use frozen dataclasses and tuples") from None
            snap = copy.deepcopy(s) if thorough else None
            if who == CHANCE:
                a = self._chance(s, rng, thorough)
            else:
                a = self._decision(s, who, rng, thorough)
            new = self._apply(s, a, "apply")
            if hash(s) != h or (snap is not None and snap != s):
                raise _Broken(
                    "immutable", f"the state changed while listing, choosing or applying {a!r}"
                )
            rep.snapshots += snap is not None
            actions.append(a)
            s = new
            rep.steps += 1
            cards = _cards(g, s)
            if cards != cards0:
                raise _Broken("cards", f"after {a!r} the cards over all zones changed: {_diff(cards0, cards)}")
        scores = g.returns(s)
        if len(scores) != g.num_players:
            raise _Broken("returns", f"returns has {len(scores)} entries for {g.num_players} seats: {scores}")
        bad = [w for w in g.winners(s) if not 0 <= w < g.num_players]
        if bad:
            raise _Broken("winners", f"winners {bad} are not seats")
        return s, actions

    def _apply(self, s: Any, a: Hashable, check: str) -> Any:
        try:
            return self.game.apply(s, a)
        except Exception as e:
            raise _Broken(check, f"apply({a!r}) raised {type(e).__name__}: {e}") from None

    def _chance(self, s: Any, rng: random.Random, thorough: bool) -> Hashable:
        dist = self.game.chance_outcomes(s)
        if not isinstance(dist, Dist):
            raise _Broken("chance", f"chance_outcomes returned {type(dist).__name__}, not a Dist")
        a = self.game.sample_chance(s, rng)
        if a not in dist:
            raise _Broken("chance", f"sample_chance drew {a!r}, not an outcome of {dist!r}")
        if thorough:
            self._apply_all(s, dist, "chance")
        self.report.chance_steps += 1
        return a

    def _decision(self, s: Any, who: int, rng: random.Random, thorough: bool) -> Hashable:
        g = self.game
        if not 0 <= who < g.num_players:
            raise _Broken("player", f"current_player is {who}, not a seat of {g.num_players}")
        legal = g.legal_actions(s)
        if not legal:
            raise _Broken("legal", f"no legal action for seat {who} at a player node")
        ids = [x.id for x in legal]
        try:
            if len(set(ids)) != len(ids):
                dup = [i for i, k in Counter(ids).items() if k > 1]
                raise _Broken("legal", f"duplicate action ids {dup[:5]}")
        except TypeError as e:
            raise _Broken("legal", f"action ids must be hashable: {e}") from None
        a = self.seats[who](g, s, rng)
        if a not in ids:
            raise _Broken("player", f"player for seat {who} chose {a!r}, not legal")
        if thorough:
            self._apply_all(s, ids, "legal")
        self.report.player_steps += 1
        return a

    def _apply_all(self, s: Any, ids: Iterable[Hashable], check: str) -> None:
        """Every branch must apply (the thorough games)."""
        for i in ids:
            self._apply(s, i, check)
            self.report.branches_tried += 1


class _Broken(Exception):
    def __init__(self, check: str, message: str) -> None:
        super().__init__(message)
        self.check, self.message = check, message


def check_conformance(
    game: Game[Any],
    n_games: int = 1000,
    seed: int = 0,
    players: Player | Sequence[Player] | None = None,
    max_steps: int = 10_000,
    *,
    full_every: int = 50,
    max_failures: int = 10,
    raise_on_failure: bool = True,
) -> ConformanceReport:
    """Random playouts checking the protocol (see the module docstring).

    Raises AssertionError naming the first failure (unless
    ``raise_on_failure=False``); returns the report.
    """
    seats = seat_players(game, players if players is not None else random_player)
    fast = fast_playout_of(game) if players is None else None
    report = ConformanceReport(game=game.name)
    checker = _Checker(game, seats, report)
    start = time.perf_counter()
    for i in range(n_games):
        seed_i = derive_seed(seed, i)
        thorough = i % max(1, full_every) == 0
        try:
            final, actions = checker.run(seed_i, thorough, max_steps)
            if thorough:
                _check_reproduction(game, seats, seed_i, final, actions, fast, report)
        except _Broken as b:
            report.failures.append(Failure(b.check, i, seed_i, checker.step, b.message))
        except Exception as e:  # a crash inside the game's own code
            msg = f"{type(e).__name__}: {e}"
            report.failures.append(Failure("exception", i, seed_i, checker.step, msg))
        report.games += 1
        if len(report.failures) >= max_failures:
            break
    report.seconds = time.perf_counter() - start
    if report.failures and raise_on_failure:
        first = report.failures[0]
        raise AssertionError(
            f"{game.name} broke the game protocol in {len(report.failures)} of {report.games} games; "
            f"first: {first}. Reproduce with playout(game, random_player, {first.seed}) "
            f"or Session(game, seed={first.seed})."
        )
    return report


def _check_reproduction(
    game: Game[Any],
    seats: Sequence[Player],
    seed: int,
    final: Any,
    actions: list[Hashable],
    fast: Callable[[Game[Any], int], Any] | None,
    report: ConformanceReport,
) -> None:
    again = playout(game, seats, seed)
    if list(again.actions) != actions or again.final != final:
        raise _Broken("replay", "the same seed gave a different game (hidden randomness or state?)")
    text = Replay(game.name, str(game.version), params_dict(game), seed, tuple(actions)).to_json()
    replayed = Replay.from_json(text).play(game)
    if replayed.state != final:
        raise _Broken("replay", "the JSON replay did not reproduce the final state")
    report.replays_checked += 1
    if fast is not None:
        result = fast(game, seed)
        if result != final and result != game.returns(final):
            raise _Broken(
                "fast",
                f"fast_random_playout gave {result!r}; the normal path ends with returns {game.returns(final)}",
            )
        report.fast_checked += 1
