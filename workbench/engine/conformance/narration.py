"""The narration check: every change of a narrated value is said by the log.

A game declares the values its log narrates, each a :class:`Narrated`: a name,
how to read it from a state (one value per seat — VP, life, hand size — or one
for the table — a deck's count), and which log lines explain a change of it:
a regular expression the line must match (``says``) and, for a value per seat,
one of the seat's names (``P2:``, ``Player 2``... :func:`seat_words`, or the
game's own), or a predicate of its own (``explains``).

The check plays games in a :class:`~workbench.engine.play.session.Session` with
the players named (``random`` and ``greedy`` by default, each seat by the same
spec) and reads the log as each viewer reads it
(:func:`~workbench.engine.play.viewer.log_for`: the designer, who reads every
line, and the seats named). A session writes one line per step, so the line of
step *k* is the one between the states before and after it: every narrated value
that differs between those two states must be explained by that line. An
unexplained change is reported with the game, the step, the viewer, the value,
its seat, before and after, and the line.

>>> from workbench.engine.conformance.kernel_toy import make_game
>>> hands = Narrated("hand size", lambda g, s: tuple(map(len, g.view(s).hands)),
...                  says=r"\\bdeal|plays")
>>> seats = lambda s: (f"seat {s + 1}",)  # the toy's own word for a seat
>>> check_narration(make_game(), [hands], players=["random"], names=seats).ok
True

Its tricks are taken by an automatic step that says nothing:

>>> tricks = Narrated("tricks", lambda g, s: tuple(g.view(s).tricks), says="trick")
>>> report = check_narration(make_game(), [tricks], players=["random"], names=seats)
>>> report.ok, report.unexplained[0]  # doctest: +NORMALIZE_WHITESPACE
(False, "two_tricks game 1 (random, seed 0) step 6, seen by the designer:
 tricks of seat 2 0 -> 1, unexplained by '6. Player 2: seat 2 plays 4'")
"""

from __future__ import annotations

import re
from collections.abc import Callable, Hashable, Sequence
from dataclasses import dataclass, field
from typing import Any

from workbench.engine.kernel.protocol import Game
from workbench.engine.kernel.seat import Player
from workbench.engine.play.session import Session
from workbench.engine.play.viewer import log_for, viewer_name
from workbench.engine.players.specs import player_from_spec

__all__ = [
    "Change",
    "Narrated",
    "NarrationReport",
    "check_narration",
    "narrated_changes",
    "seat_words",
]

SeatWords = Callable[[int], Sequence[str]]


def seat_words(seat: int) -> tuple[str, ...]:
    """The names a log line may give seat ``seat`` (0-based) by default: the session's
    ``P<n>:`` prefix of the deciding seat and ``Player <n>``.

    >>> seat_words(1)
    ('P2:', 'Player 2')
    """
    return (f"P{seat + 1}:", f"Player {seat + 1}")


@dataclass(frozen=True)
class Change:
    """One narrated value that changed at one step (``step`` counts from 1, as the log
    does; ``seat`` is None for a value of the table)."""

    step: int
    name: str
    seat: int | None
    before: Hashable
    after: Hashable
    line: str


@dataclass(frozen=True)
class Narrated:
    """A value the log narrates (see the module docstring).

    ``read(game, state)`` gives a tuple: one value per seat (``per_seat=True``) or the
    table's values (``per_seat=False``). A change is explained by a line that matches
    ``says`` (a regular expression, searched, case-insensitive) and, per seat, names
    the seat; or, when given, by ``explains(line, change, names)`` alone (``names``:
    the game's names of the changed seat, empty for a value of the table).
    """

    name: str
    read: Callable[[Any, Any], tuple[Hashable, ...]]
    says: str = ""
    per_seat: bool = True
    explains: Callable[[str, Change, Sequence[str]], bool] | None = None

    def explained(self, change: Change, names: Sequence[str]) -> bool:
        """Whether the change's line explains it."""
        if self.explains is not None:
            return self.explains(change.line, change, names)
        if self.says and not re.search(self.says, change.line, re.IGNORECASE):
            return False
        return change.seat is None or names_seat(change.line, names)


def names_seat(line: str, names: Sequence[str]) -> bool:
    """True when ``line`` names the seat by one of ``names`` (whole words, any case).

    >>> names_seat("3. P2: take 2", seat_words(1)), names_seat("Player 12 wins", seat_words(1))
    (True, False)
    """
    for name in names:
        if re.search(rf"(?<!\w){re.escape(name)}(?![\w])", line, re.IGNORECASE):
            return True
    return False


@dataclass
class NarrationReport:
    """What the narration check read and found (``unexplained``: one line each, the
    first 20; ``missed``: how many changes of each value went unexplained)."""

    game: str
    games: int = 0
    steps: int = 0
    changes: int = 0
    unexplained: list[str] = field(default_factory=list)
    missed: dict[str, int] = field(default_factory=dict)

    @property
    def ok(self) -> bool:
        """True when every change was explained."""
        return not self.missed

    def __str__(self) -> str:
        head = (
            f"{self.game}: {self.games} games, {self.steps} steps, {self.changes} narrated "
            f"changes, {sum(self.missed.values())} unexplained"
        )
        by = "".join(f"\n  {name}: {n} unexplained" for name, n in sorted(self.missed.items()))
        return head + by + "".join(f"\n  UNEXPLAINED {x}" for x in self.unexplained)


def narrated_changes(
    game: Game[Any], narrated: Sequence[Narrated], before: Any, after: Any, step: int, line: str
) -> list[tuple[Narrated, Change]]:
    """Every narrated value that differs between two states, as changes said by ``line``.

    >>> from workbench.engine.conformance.kernel_toy import make_game
    >>> g = make_game()
    >>> s = g.initial_state()
    >>> hands = Narrated("hand size", lambda g, s: tuple(map(len, g.view(s).hands)))
    >>> [c for _, c in narrated_changes(g, [hands], s, g.apply(s, 3), 1, "deal 3")]
    [Change(step=1, name='hand size', seat=0, before=0, after=1, line='deal 3')]
    """
    out = []
    for n in narrated:
        old, new = n.read(game, before), n.read(game, after)
        if old == new:
            continue
        for i, (x, y) in enumerate(zip(old, new, strict=True)):
            if x != y:
                out.append((n, Change(step, n.name, i if n.per_seat else None, x, y, line)))
    return out


def _player(spec: str | Player, game: Game[Any]) -> tuple[str, Player]:
    if isinstance(spec, str):
        return spec, player_from_spec(spec, game.name)
    return getattr(spec, "__name__", repr(spec)), spec


def check_narration(
    game: Game[Any],
    narrated: Sequence[Narrated],
    *,
    players: Sequence[str | Player] = ("random", "greedy"),
    n_games: int = 2,
    seed: int = 0,
    viewers: Sequence[int | None] = (None,),
    names: SeatWords = seat_words,
    max_steps: int = 100_000,
) -> NarrationReport:
    """Play ``n_games`` games with each of ``players`` (every seat alike; game *i* of
    each with seed ``seed + i``) and check that every change of a ``narrated`` value is
    explained by the line of its step, as each of ``viewers`` reads the log (``None``:
    the designer). ``names(seat)``: the words a line names a seat by."""
    report = NarrationReport(game.name)
    for spec in players:
        label, player = _player(spec, game)
        for i in range(n_games):
            session = Session(game, seed=seed + i)
            session.play_to_end(player, max_steps=max_steps)
            report.games += 1
            history = session.history
            report.steps += len(history) - 1
            logs = {v: log_for(session, v) for v in viewers}
            for k in range(len(history) - 1):
                _check_step(
                    game,
                    narrated,
                    history,
                    k,
                    logs,
                    names,
                    report,
                    f"{label}, seed {seed + i}",
                    report.games,
                )
    return report


def _check_step(
    game: Game[Any],
    narrated: Sequence[Narrated],
    history: Sequence[Any],
    k: int,
    logs: dict[int | None, list[str]],
    names: SeatWords,
    report: NarrationReport,
    played: str,
    number: int,
) -> None:
    """Step ``k``'s changes against its line in each viewer's log."""
    first = next(iter(logs.values()))[k]
    changes = narrated_changes(game, narrated, history[k], history[k + 1], k + 1, first)
    report.changes += len(changes)
    for n, change in changes:
        words = () if change.seat is None else tuple(names(change.seat))
        for viewer, log in logs.items():
            said = Change(
                change.step, change.name, change.seat, change.before, change.after, log[k]
            )
            if n.explained(said, words):
                continue
            report.missed[n.name] = report.missed.get(n.name, 0) + 1
            if len(report.unexplained) < 20:
                whose = "" if change.seat is None else f" of {names(change.seat)[-1]}"
                report.unexplained.append(
                    f"{game.name} game {number} ({played}) step {change.step}, seen by "
                    f"{'the designer' if viewer is None else viewer_name(viewer)}: "
                    f"{n.name}{whose} {change.before!r} -> {change.after!r}, "
                    f"unexplained by {log[k]!r}"
                )
