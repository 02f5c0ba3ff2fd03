"""Detective's decisions that put cards on the discard pile: :class:`Pay` (discards
for generated icons), :class:`Discard` (an action or effect makes a player
discard), :class:`Trim` (hand over the limit at turn end) and :class:`Burn` (a
placed event of another notebook).

Kept apart from ``steps.py`` for size (``steps.py`` imports these and re-exports
them, never the other way round); the step-tag decorator :func:`tagged` and the
bounds of the steps made once (``SEATS``, ``COUNTS``) are here because both
modules use them.

>>> from workbench.games.detective.rules import make_game
>>> t = make_game(players=3).new_table()
>>> Trim(0).TAG, DISCARD[1][2], Discard(0, 1).lapses(t)
('trim', Discard(seat=1, left=2), True)
"""

from __future__ import annotations

from collections.abc import Callable, Hashable
from typing import NamedTuple, TypeVar

from workbench.engine.kernel import decision

from .labels import event_name, label, paying_for
from .table import DetectiveTable

__all__ = ["COUNTS", "DISCARD", "PAY", "SEATS", "Burn", "Discard", "Pay", "Trim", "tagged"]

T = DetectiveTable
_S = TypeVar("_S", bound=type)


def tagged(tag: str) -> Callable[[_S], _S]:
    """Class decorator: the step's short name in transcripts (``step.TAG``)."""

    def mark(cls: _S) -> _S:
        cls.TAG = tag  # type: ignore[attr-defined]
        return cls

    return mark


SEATS, COUNTS = 8, 24
"""Step instances are made once per seat (and count below ``COUNTS``) and reused."""


@tagged("pay")
@decision
class Pay(NamedTuple):
    """``seat`` discards ``left`` more hand cards to generate the icons of its event."""

    seat: int
    left: int

    def legal(self, t: T) -> list[Hashable]:
        return t.discard_ids(self.seat)

    def resolve(self, t: T, a: tuple[str, int]) -> None:
        t.hands[self.seat].remove(a[1])
        t.discard.append(a[1])
        if self.left > 1:
            t.tasks.append(
                PAY[self.seat][self.left - 1]
                if self.left <= COUNTS
                else Pay(self.seat, self.left - 1)
            )

    def label(self, t: T, a: Hashable) -> str:
        no = paying_for(t.tasks)
        text = label(t.game.catalogue, a)
        return text if no is None else f"{text} to pay for {event_name(t.game.catalogue, no)}"


@tagged("pdiscard")
@decision
class Discard(NamedTuple):
    """An action or effect makes ``seat`` discard ``left`` cards (fewer when the hand runs out)."""

    seat: int
    left: int

    def lapses(self, t: T) -> bool:
        return not t.hands[self.seat]

    def legal(self, t: T) -> list[Hashable]:
        return t.discard_ids(self.seat)

    def resolve(self, t: T, a: tuple[str, int]) -> None:
        t.hands[self.seat].remove(a[1])
        t.discard.append(a[1])
        if self.left > 1:
            t.tasks.append(
                DISCARD[self.seat][self.left - 1]
                if self.left <= COUNTS
                else Discard(self.seat, self.left - 1)
            )

    def label(self, t: T, a: Hashable) -> str:
        return label(t.game.catalogue, a)


@tagged("trim")
@decision
class Trim(NamedTuple):
    """At turn end ``seat`` discards down to its hand limit, one card at a time."""

    seat: int

    def lapses(self, t: T) -> bool:
        n = len(t.hands[self.seat])
        return not n or n <= t.game.catalogue.params.hand_limit or n <= t.limit(self.seat)

    def legal(self, t: T) -> list[Hashable]:
        return t.discard_ids(self.seat)

    def resolve(self, t: T, a: tuple[str, int]) -> None:
        t.hands[self.seat].remove(a[1])
        t.discard.append(a[1])
        t.tasks.append(self)

    def label(self, t: T, a: Hashable) -> str:
        """``trim #24 花瓶の勿忘草 (hand 7 over its limit of 5)``: a trim, not a discard."""
        no = a[1]  # type: ignore[index]
        limit = t.limit(self.seat)
        size = len(t.hands[self.seat])
        return f"trim {event_name(t.game.catalogue, no)} (hand {size} over its limit of {limit})"


@tagged("burn")
@decision
class Burn(NamedTuple):
    """``seat`` burns a placed event of another, unprotected notebook."""

    seat: int

    def lapses(self, t: T) -> bool:
        return not t.burn_targets(self.seat)

    def legal(self, t: T) -> list[Hashable]:
        return [("burn", s, e) for s, e in t.burn_targets(self.seat)]

    def resolve(self, t: T, a: tuple[str, int, int]) -> None:
        t.notebooks[a[1]].remove(a[2])
        t.discard.append(a[2])

    def label(self, t: T, a: Hashable) -> str:
        return label(t.game.catalogue, a)


PAY = tuple(tuple(Pay(s, k) for k in range(COUNTS)) for s in range(SEATS))
DISCARD = tuple(tuple(Discard(s, k) for k in range(COUNTS)) for s in range(SEATS))
