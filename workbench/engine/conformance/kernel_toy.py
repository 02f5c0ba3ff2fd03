"""A complete game on the kernel in about 60 lines: *Two Tricks* (the guide's example).

Ten cards (1..5, two of each) are shuffled; each of two players is dealt two
cards, hidden from the other. Two tricks: seat 0 plays a card face up, then
seat 1; the higher card takes the trick (equal cards: nobody). Most tricks
wins. It shows every kind of declaration: a public field, a seat's own
field, a hidden deck, chance, decisions and an automatic step.

>>> from workbench.engine.runs.playout import playout
>>> from workbench.engine.players import random_player
>>> g = make_game()
>>> r = playout(g, random_player, seed=4)
>>> r.final.tricks, g.returns(r.final)
((0, 2), (0.0, 2.0))
>>> g.observe(r.final, 0).state.deck   # six cards are left, unseen
Hidden(6)
"""

from __future__ import annotations

from typing import Any, NamedTuple

from workbench.engine.kernel import (
    HIDDEN,
    OWN,
    KernelGame,
    Table,
    auto,
    chance,
    decision,
    items,
    rows,
)
from workbench.spec import GameSpec, GameType


class TwoTricksTable(Table):
    """The fields of Two Tricks, declared once."""

    deck: list[int] = items(seen=HIDDEN, sort=True)
    hands: list[list[int]] = rows(seen=OWN)
    played: list[int] = items()  # the cards of the trick being played
    tricks: list[int] = items()


@chance
class Deal(NamedTuple):
    """Deal one card from the deck to ``seat``."""

    seat: int

    def outcomes(self, t: TwoTricksTable) -> list[int]:
        return t.deck

    def resolve(self, t: TwoTricksTable, card: int) -> None:
        t.deck.remove(card)
        t.hands[self.seat].append(card)

    def label(self, t: TwoTricksTable, card: int) -> str:
        return f"deal {card} to seat {self.seat + 1}"

    def seen_by(self, t: TwoTricksTable, card: int) -> tuple[int, ...]:
        return (self.seat,)  # only the seat dealt to sees the card

    def hidden_label(self, t: TwoTricksTable, card: int) -> str:
        return f"deal a card to seat {self.seat + 1}"


@decision
class Play(NamedTuple):
    """``seat`` plays one card of its hand."""

    seat: int

    def legal(self, t: TwoTricksTable) -> list[int]:
        return sorted(set(t.hands[self.seat]))

    def resolve(self, t: TwoTricksTable, card: int) -> None:
        t.hands[self.seat].remove(card)
        t.played.append(card)

    def label(self, t: TwoTricksTable, card: int) -> str:
        return f"seat {self.seat + 1} plays {card}"


@auto
class Trick(NamedTuple):
    """The higher card takes the trick."""

    def run(self, t: TwoTricksTable) -> None:
        a, b = t.played
        if a != b:
            t.tricks[0 if a > b else 1] += 1
        t.played.clear()


class TwoTricks(KernelGame):
    """The game: its table, its first steps and its score."""

    name = "two_tricks"
    version = "1"
    table = TwoTricksTable

    def setup(self, t: TwoTricksTable) -> None:
        t.deck, t.hands, t.played, t.tricks = sorted([1, 2, 3, 4, 5] * 2), [[], []], [], [0, 0]
        t.push(*[Deal(s) for _ in range(2) for s in (0, 1)], *[Play(0), Play(1), Trick()] * 2)

    def score(self, t: TwoTricksTable) -> tuple[float, ...]:
        return tuple(float(x) for x in t.tricks)


def make_game(**params: Any) -> TwoTricks:
    """Two Tricks (it has no parameters)."""
    if params:
        raise TypeError(f"two_tricks takes no parameters, got {sorted(params)}")
    return TwoTricks()


SPEC = GameSpec(
    name="two_tricks",
    title="Two Tricks",
    version=TwoTricks.version,
    game_type=GameType("imperfect", "explicit", 2, 2, "general-sum"),
    new_game=make_game,
)
"""Two Tricks as the registry holds a game (``register(SPEC)``; docs/kernel.md)."""
