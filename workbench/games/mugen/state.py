"""Frozen state values of むげんの宙へ (what a session stores and a replay rebuilds).

>>> side = Side(hp=30, max_hp=30, mp=1, spent=0, bonus=0, deck=(("G01", 2),), hand=("G05",),
...             set_zone=(), dust=(), ex_used=(), character="C02")
>>> side.mp_left, side.deck_size
(1, 2)
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Hashable
from dataclasses import dataclass

Op = tuple[Hashable, ...]


@dataclass(frozen=True, slots=True)
class SetSkill:
    """A set (or super set) skill in a set zone: the card, which skill, counters left."""

    card: str
    slot: int
    counters: int


@dataclass(frozen=True, slots=True)
class Side:
    """One player's side of the table.

    ``mp`` is the MP counter (+1 each own turn, at most 10); this turn's
    budget is ``mp + bonus - spent``. The deck is a multiset (id, count)
    sorted by id: its order is unknown, each draw is a chance node.
    """

    hp: int
    max_hp: int
    mp: int
    spent: int
    bonus: int
    deck: tuple[tuple[str, int], ...]
    hand: tuple[str, ...]
    set_zone: tuple[SetSkill, ...]
    dust: tuple[str, ...]
    ex_used: tuple[str, ...]
    character: str

    @property
    def mp_left(self) -> int:
        """MP still usable this turn."""
        return self.mp + self.bonus - self.spent

    @property
    def deck_size(self) -> int:
        """Cards left in the deck."""
        return sum(n for _, n in self.deck)

    def zone_counts(self) -> dict[str, Counter[Hashable]]:
        """Card counts per zone (deck, hand, set, dust) for conservation checks."""
        return {
            "deck": Counter(dict(self.deck)),
            "hand": Counter(self.hand),
            "set": Counter(s.card for s in self.set_zone),
            "dust": Counter(self.dust),
        }


@dataclass(frozen=True, slots=True)
class MugenState:
    """The whole game: both sides, whose turn, the pending steps, the result.

    ``queue`` is the stack of steps still to resolve (last = next); its top
    is a decision (main phase, revenge draw, push-out, destroy target) or a
    chance step (a draw, mill or random discard). ``owed`` marks a player
    owed a revenge draw once the current skill has resolved. ``result`` is
    None while playing, else the winning seats (empty: both lost).
    """

    sides: tuple[Side, Side]
    active: int
    turn: int
    queue: tuple[Op, ...]
    owed: tuple[bool, bool] = (False, False)
    result: tuple[int, ...] | None = None
    first: int = 0
