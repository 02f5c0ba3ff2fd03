"""Peek's rules as kernel steps: two deals (chance) and seat 0's guess (a decision).

>>> from workbench.games.peek.rules import make_game
>>> g = make_game()
>>> s = g.apply(g.apply(g.initial_state(), 1), 4)
>>> [a.label for a in g.legal_actions(s)]
["name 1 as seat 2's card", "name 2 as seat 2's card", "name 3 as seat 2's card", "name 4 as seat 2's card"]
"""

from __future__ import annotations

from typing import NamedTuple

from workbench.engine.kernel import chance, decision
from workbench.games.peek.table import PeekTable


@chance
class Deal(NamedTuple):
    """Deal ``seat`` one card of its suit (each equally likely)."""

    seat: int

    def outcomes(self, t: PeekTable) -> list[int]:
        return t.rest[self.seat]

    def resolve(self, t: PeekTable, card: int) -> None:
        t.rest[self.seat].remove(card)
        t.hands[self.seat] = card

    def label(self, t: PeekTable, card: int) -> str:
        return f"deal {card} to seat {self.seat + 1}"

    def seen_by(self, t: PeekTable, card: int) -> tuple[int, ...]:
        return (self.seat,)  # dealt face down: the other seat's log does not name it

    def hidden_label(self, t: PeekTable, card: int) -> str:
        return f"deal a card to seat {self.seat + 1}"


@decision
class Name(NamedTuple):
    """``seat`` (seat 0) names the other seat's card."""

    seat: int

    def legal(self, t: PeekTable) -> list[int]:
        return list(range(1, t.game.params.cards + 1))

    def resolve(self, t: PeekTable, card: int) -> None:
        t.guess = card

    def label(self, t: PeekTable, card: int) -> str:
        return f"name {card} as seat {2 - self.seat}'s card"
