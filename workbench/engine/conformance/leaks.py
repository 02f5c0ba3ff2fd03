"""The leak check: no seat learns from the game what it may not see.

Along random playouts (every position, deep ones included), for every seat
*k* that is not the one deciding, the check applies several outcomes or
actions ``x`` of the step on top and asks two questions of what follows:

- **labels** — two chance outcomes or secret choices ``x`` after which seat
  *k*'s observations are identical must read the same to *k* in the log (a
  log line naming a card dealt face down to another seat is a leak; a public
  choice reads as its player announces it);
- **secrets** — two ``x`` that *k* may not see (the step's ``seen_by``) and
  that read the same to *k* must leave *k* identical observations (a card
  drawn in secret that then sits in a public step, or a target chosen face
  down that sits in a public field, is a leak).

Where *k* is to move, a determinization of *k*'s observation must look the
same to *k* again and offer the same legal-action labels (an option naming a
card *k* cannot see is a leak).

A **public choice** reads as its player announces it — unless the table hides what
was chosen: two choices after which *k*'s observations are identical must read the
same to *k* (a card reserved face down and named in every seat's log is a leak; the
choice must declare its secret, ``seen_by``, once, and the log then hides it).

**Every view** (:class:`Views`): beyond observations and log labels, the check
compares everything a seat is shown, as bytes —

- ``pictures`` — functions ``(game, state, seat) -> str`` of the state alone (the
  rendered SVG/HTML picture and tables, the status line, the analysis panel): at every
  ``every``-th position, for every seat *k*, the view of the state and of a
  determinization of *k*'s observation (another state *k* cannot tell from it: hidden
  cards re-dealt, masked secrets guessed) must be identical;
- ``sessions`` — functions ``(session, seat) -> str`` of a whole session (the log as
  the seat reads it, the last-chance strip, the playtest page's payload): the game is
  played as a :class:`~workbench.engine.play.session.Session`, and after two outcomes
  or choices *k* may not see and that read alike to it, each view of the two sessions
  must be identical.

One difference is not counted as a leak but reported: a **disclosure by
asking** — the two observations differ only in that one stack holds a
decision of another seat the other does not (a rule that asks a player only
when a hidden card allows it tells the table so, as it does at a real table).

>>> from workbench.engine.conformance.kernel_toy import make_game
>>> report = check_leaks(make_game(), n_games=2, seed=1)
>>> report.ok, report.positions > 10, report.leaks
(True, True, [])
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Callable, Hashable, Mapping, Sequence
from dataclasses import dataclass, field
from itertools import combinations
from typing import Any

from workbench.engine.kernel import DECISION, OWN, KernelGame
from workbench.engine.kernel.protocol import CHANCE, TERMINAL
from workbench.engine.kernel.secrets import seen_by, sees

__all__ = ["LeakReport", "Views", "check_leaks"]

StateView = Callable[[Any, Any, int], str]
"""What a seat is shown of a state: ``(game, state, seat) -> str``."""

SessionView = Callable[[Any, int], str]
"""What a seat is shown of a session (its history included): ``(session, seat) -> str``."""


@dataclass(frozen=True)
class Views:
    """The views the leak check compares beyond observations and log labels (see the
    module docstring); ``every``: state views at every ``every``-th position."""

    pictures: Mapping[str, StateView] = field(default_factory=dict)
    sessions: Mapping[str, SessionView] = field(default_factory=dict)
    every: int = 1


@dataclass
class LeakReport:
    """What the leak check compared and found (``leaks``: one line each, first 20)."""

    game: str
    positions: int = 0
    comparisons: int = 0
    leaks: list[str] = field(default_factory=list)
    leak_count: int = 0
    disclosures: Counter[str] = field(default_factory=Counter)
    _where: set[str] = field(default_factory=set, repr=False)

    @property
    def ok(self) -> bool:
        """True when no leak was found."""
        return self.leak_count == 0

    def add(self, where: str, text: str) -> None:
        """Count a leak; the first one found at each kind of step is kept as text."""
        self.leak_count += 1
        if where not in self._where and len(self.leaks) < 20:
            self._where.add(where)
            self.leaks.append(text)

    def __str__(self) -> str:
        head = (
            f"{self.game}: {self.positions} positions, {self.comparisons} comparisons, "
            f"{self.leak_count} leaks"
        )
        asked = "".join(f"\n  disclosed by asking: {k} ({n}x)" for k, n in self.disclosures.items())
        return head + asked + "".join(f"\n  LEAK {x}" for x in self.leaks)


def check_leaks(
    game: KernelGame,
    n_games: int = 3,
    seed: int = 0,
    max_options: int = 6,
    max_steps: int = 5000,
    *,
    views: Views | None = None,
    player: Callable[[Any, random.Random], Hashable] | None = None,
) -> LeakReport:
    """Play ``n_games`` games and check every position for every seat (see the module
    docstring); ``max_options`` outcomes or actions a step; ``views``: what else each
    seat is shown (:class:`Views`); ``player``: who chooses the moves, a function of
    (:class:`~workbench.engine.kernel.seat.SeatView`, rng) (random moves by default)."""
    from workbench.engine.kernel.seat import SeatView
    from workbench.engine.play.session import Session

    report = LeakReport(game.name)
    for i in range(n_games):
        rng = random.Random(seed * 1_000_003 + i)
        twins = random.Random(seed * 1_000_003 + i + 7)  # determinizations: rng stays the game's
        session = Session(game, seed=seed + i) if views is not None and views.sessions else None
        state = game.initial_state() if session is None else session.state
        for position in range(max_steps):
            who = game.current_player(state)
            if who == TERMINAL:
                break
            pairs = _check_position(game, state, who, rng, max_options, report)
            if views is not None and position % max(1, views.every) == 0:
                _check_pictures(game, state, twins, views, report)
            if session is not None and views is not None:
                _check_sessions(session, who, pairs, views, report)
            if who == CHANCE:
                x = game.sample_chance(state, rng)
            elif player is not None:
                x = player(SeatView(game, who, state), rng)
            else:
                x = rng.choice(game.legal_ids(state))
            if session is None:
                state = game.apply(state, x)
            else:
                (session.choose if who == CHANCE else session.apply)(x)
                state = session.state
    return report


def _check_pictures(
    game: KernelGame, state: Any, rng: random.Random, views: Views, report: LeakReport
) -> None:
    """Every state view of every seat is the same for the state and for a state the seat
    cannot tell from it (a determinization of its observation)."""
    top = state[0][-1] if state[0] else None
    where = f"at step {type(top).__name__}"
    for k in range(game.num_players):
        twin = game.determinize(game.observe(state, k), rng)
        if game.observe(twin, k) != game.observe(state, k):
            continue  # reported by the observation checks
        for name, view in views.pictures.items():
            report.comparisons += 1
            a, b = view(game, state, k), view(game, twin, k)
            if a != b:
                report.add(
                    f"{where} {name}",
                    f"{game.name} {where}: seat {k + 1}'s {name} differs between two states "
                    f"it cannot tell apart: {_first_difference(a, b)}",
                )


def _check_sessions(
    session: Any,
    who: int,
    pairs: Mapping[int, tuple[Hashable, Hashable]],
    views: Views,
    report: LeakReport,
) -> None:
    """After two outcomes or choices a seat may not see and that read alike to it, every
    session view of that seat is the same."""
    game = session.game
    top = session.state[0][-1]
    where = f"at step {type(top).__name__}"
    for k, (a, b) in pairs.items():
        shown = [_after(session, who, x, k, views) for x in (a, b)]
        for name in views.sessions:
            report.comparisons += 1
            if shown[0][name] != shown[1][name]:
                report.add(
                    f"{where} {name}",
                    f"{game.name} {where}: seat {k + 1}'s {name} differs after {a!r} and {b!r}, "
                    f"which it may not see: {_first_difference(shown[0][name], shown[1][name])}",
                )


def _after(session: Any, who: int, x: Hashable, k: int, views: Views) -> dict[str, str]:
    """Each session view of seat ``k`` after ``x``, the session put back after."""
    (session.choose if who == CHANCE else session.apply)(x)
    try:
        return {name: view(session, k) for name, view in views.sessions.items()}
    finally:
        session.undo()


def _first_difference(a: str, b: str) -> str:
    """Where two texts first differ, a few characters of each around it."""
    i = next((i for i, (x, y) in enumerate(zip(a, b)) if x != y), min(len(a), len(b)))
    lo = max(0, i - 40)
    return f"…{a[lo : i + 40]!r}… / …{b[lo : i + 40]!r}…"


def _options(game: KernelGame, state: Any, who: int) -> list[Hashable]:
    if who == CHANCE:
        return list(game.chance_outcomes(state).outcomes())
    return list(game.legal_ids(state))


def _check_position(
    game: KernelGame, state: Any, who: int, rng: random.Random, max_options: int, report: LeakReport
) -> dict[int, tuple[Hashable, Hashable]]:
    """Check one position; the first pair of options each seat may not see and reads
    alike, by seat (for the session views)."""
    report.positions += 1
    pairs: dict[int, tuple[Hashable, Hashable]] = {}
    options = _options(game, state, who)
    if len(options) > max_options:
        options = rng.sample(options, max_options)
    after = {x: game.apply(state, x) for x in options}
    top, view = state[0][-1], game.view(state)
    where = f"at step {type(top).__name__}"
    shown = f"{top!r}"[:80]
    for k in range(game.num_players):
        if k == who:
            _check_own_view(game, state, k, rng, report, where)
            continue
        seen = {x: game.observe(after[x], k) for x in options}
        label = {x: game.label_for(state, x, k) for x in options}
        witness = {x: k in (seen_by(top, view, x) or ()) for x in options}  # declared to see x
        # a public choice reads as its player announces it, unless the table hides it; a
        # chance outcome or a secret choice must read alike when it leaves the same to see
        announced = who != CHANCE and top.seen_by is None
        for a, b in combinations(options, 2):
            report.comparisons += 1
            if seen[a] == seen[b] and label[a] != label[b] and not (witness[a] and witness[b]):
                if announced and _same_table(game, after[a], after[b]):
                    continue  # the whole table is the same: the choice made no secret
                report.add(
                    where,
                    f"{game.name} {where} ({shown}): seat {k + 1} sees the same after {a!r} and {b!r} "
                    f"but reads {label[a]!r} and {label[b]!r}",
                )
        hidden = [x for x in options if not sees(top, view, x, k)]
        for a, b in combinations(hidden, 2):
            if k not in pairs and label[a] == label[b]:
                pairs[k] = (a, b)
            if label[a] != label[b] or seen[a] == seen[b] or _reached(game, seen[a], seen[b], k):
                continue
            asked = _asked(seen[a], seen[b], k) or _declared(game, seen[a], seen[b])
            if asked:
                report.disclosures[f"{where}: {asked}"] += 1
            else:
                report.add(
                    where,
                    f"{game.name} {where} ({shown}): {a!r} and {b!r} are hidden from seat {k + 1} "
                    f"and read alike ({label[a]!r}) but seat {k + 1} sees "
                    f"{_difference(game, seen[a], seen[b])}",
                )
    return pairs


def _same_table(game: KernelGame, a: Any, b: Any) -> bool:
    """True when two states look the same to every seat (a public choice that changed
    nothing anyone can see, a pass by another name, hides nothing)."""
    return all(game.observe(a, s) == game.observe(b, s) for s in range(game.num_players))


def _check_own_view(
    game: KernelGame, state: Any, k: int, rng: random.Random, report: LeakReport, where: str
) -> None:
    """A determinization of seat ``k``'s observation looks the same to ``k`` and
    offers ``k`` the same labels."""
    obs = game.observe(state, k)
    guess = game.determinize(obs, rng)
    report.comparisons += 1
    again = game.observe(guess, k)
    if again != obs:
        report.add(
            where,
            f"{game.name} {where}: a determinization of seat {k + 1}'s observation "
            f"looks different to it: {_difference(game, obs, again)}",
        )
        return
    mine = sorted(a.label for a in game.legal_actions(state))
    theirs = sorted(a.label for a in game.legal_actions(guess))
    if mine != theirs:
        odd = sorted(set(mine) ^ set(theirs))[:3]
        report.add(
            where,
            f"{game.name} {where}: seat {k + 1}'s options read differently in a state it "
            f"cannot tell apart: {odd}",
        )


def _reached(game: KernelGame, a: Any, b: Any, k: int) -> bool:
    """True when two observations differ only inside seat ``k``'s own zones (a secret
    handed to ``k`` by the rules, an archive passed round, is ``k``'s to see)."""

    def outside(obs: Any) -> list[Any]:
        return [
            tuple(_size(x) if i == k else x for i, x in enumerate(v)) if f.seen == OWN else v
            for f, v in zip(game.table.FIELDS, obs.state)
        ]

    return outside(a) == outside(b)


def _size(x: Any) -> Any:
    return len(x) if isinstance(x, tuple | list) else x is None


def FIELDS(obs: Any) -> Any:  # noqa: N802 - the table's declared fields
    return obs.state.TABLE.FIELDS


def _asked(a: Any, b: Any, k: int) -> str:
    """The step kind(s) when two observations differ only in which decisions are on the
    stack (who is asked what: the table sees who is deciding), else ''. Decisions of the
    same kinds and seats that differ in content are a leak, not a disclosure."""
    if a.unseen != b.unseen or any(
        x != y for f, x, y in zip(FIELDS(a), a.state, b.state) if f.depth and f.name != "tasks"
    ):
        return ""  # a list or zone differs (a value, e.g. the phase asked, may differ)
    ta, tb = a.state[0], b.state[0]

    def asked(ts: Sequence[Any]) -> list[tuple[str, int]]:
        return [(type(s).__name__, s.seat) for s in ts if s.KIND == DECISION]

    def rest(ts: Sequence[Any]) -> list[Any]:
        return [s for s in ts if s.KIND != DECISION]

    if asked(ta) == asked(tb) or rest(ta) != rest(tb):
        return ""
    kinds = {n for n, seat in set(asked(ta)) ^ set(asked(tb)) if seat != k}
    return "a decision " + "/".join(sorted(kinds)) + " only when a hidden card allows it"


def _declared(game: KernelGame, a: Any, b: Any) -> str:
    """The game's own word when the stacks differ by a decision it declares asked only
    of some seats (``disclosed = {"React": "why"}``), else ''."""
    disclosed = game.disclosed
    kinds = {type(s).__name__ for s in set(a.state[0]) ^ set(b.state[0])} & set(disclosed)
    return "; ".join(f"{n}: {disclosed[n]}" for n in sorted(kinds))


def _difference(game: KernelGame, a: Any, b: Any) -> str:
    """The first field in which two observations differ, both values shown short."""
    for name, x, y in zip(game.table.NAMES, a.state, b.state):
        if x != y:
            if isinstance(x, tuple) and isinstance(y, tuple) and len(x) == len(y):
                i = next(i for i, (u, v) in enumerate(zip(x, y)) if u != v)
                x, y, name = x[i], y[i], f"{name}[{i}]"
            return f"{name}: {str(x)[:120]} / {str(y)[:120]}"
    return f"unseen: {str(a.unseen)[:80]} / {str(b.unseen)[:80]}"
