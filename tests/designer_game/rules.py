"""Low Card: the lowest card wins.

One card of the shuffled deck is set aside face down at the start: nobody sees it, and
it is out of the game. Each seat is dealt one card, which only it sees. In turn, for
``rounds`` rounds, each seat keeps its card or swaps it for the top card of the deck
(its old card goes face up to the discard). Then the cards are shown: each seat scores
its card's points plus ``base_points``, and the LOWEST score wins (equal scores share);
``SPEC.game_type.scoring`` says so.

>>> g = make_game(players=2)
>>> s = g.initial_state()
>>> for card in ("four", "one", "two"):   # set aside, deal seat 1, deal seat 2
...     s = g.apply(s, card)
>>> g.legal_ids(s), g.observe(s, 1).state.hands
(['keep', 'swap'], (Hidden(1), ['two']))
>>> s = g.apply(g.apply(s, "keep"), "keep")
>>> g.returns(s)
(1.0, 2.0)
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, NamedTuple

from lowcard import SPEC
from lowcard.cards import Card, load_cards

from workbench.engine.kernel import (
    HIDDEN,
    OWN,
    KernelGame,
    Table,
    chance,
    decision,
    items,
    rows,
)


@dataclass(frozen=True, slots=True)
class Params:
    """The game's parameters."""

    players: int = field(default=3, metadata={"range": (2, 4)})
    rounds: int = field(default=1, metadata={"range": (1, 3)})
    base_points: int = field(default=0, metadata={"range": (0, 10)})


class LowcardTable(Table):
    """The deck and the set-aside card are hidden, each hand its owner's, the discard open."""

    deck: list[str] = items(seen=HIDDEN, sort=True)
    aside: list[str] = items(seen=HIDDEN)
    hands: list[list[str]] = rows(seen=OWN)
    discard: list[str] = items()


@chance
class SetAside(NamedTuple):
    """One card of the deck is set aside face down."""

    def outcomes(self, t: LowcardTable) -> list[str]:
        return t.deck

    def resolve(self, t: LowcardTable, card: str) -> None:
        t.deck.remove(card)
        t.aside.append(card)

    def label(self, t: LowcardTable, card: str) -> str:
        return f"{t.game.cards[card].name} is set aside face down"

    def seen_by(self, t: LowcardTable, card: str) -> tuple[int, ...]:
        return ()

    def hidden_label(self, t: LowcardTable, card: str) -> str:
        return "a card is set aside face down"


@chance
class Deal(NamedTuple):
    """``seat`` is dealt the top card (it replaces the card the seat held, if any)."""

    seat: int

    def outcomes(self, t: LowcardTable) -> list[str]:
        return t.deck

    def resolve(self, t: LowcardTable, card: str) -> None:
        t.deck.remove(card)
        t.discard.extend(t.hands[self.seat])
        t.hands[self.seat][:] = [card]

    def label(self, t: LowcardTable, card: str) -> str:
        return f"Player {self.seat + 1} takes {t.game.cards[card].name}"

    def seen_by(self, t: LowcardTable, card: str) -> tuple[int, ...]:
        return (self.seat,)

    def hidden_label(self, t: LowcardTable, card: str) -> str:
        return f"Player {self.seat + 1} takes a card"


@decision
class Turn(NamedTuple):
    """``seat`` keeps its card or swaps it for the top of the deck."""

    seat: int

    def legal(self, t: LowcardTable) -> list[str]:
        return ["keep", "swap"] if t.deck else ["keep"]

    def resolve(self, t: LowcardTable, action: str) -> None:
        if action == "swap":
            t.push(Deal(self.seat))

    def label(self, t: LowcardTable, action: str) -> str:
        return f"Player {self.seat + 1} {'keeps' if action == 'keep' else 'swaps'}"


class Lowcard(KernelGame):
    """The game: set one card aside, deal one to each seat, then the rounds of turns."""

    name = "lowcard"
    version = SPEC.version
    table = LowcardTable
    params: Params

    def __init__(self, params: Params | None = None, cards: tuple[Card, ...] | None = None) -> None:
        super().__init__(params)
        self.cards = {c.id: c for c in (cards or load_cards())}
        self.deck = sorted(c.id for c in self.cards.values() for _ in range(c.copies))

    @property
    def num_players(self) -> int:
        return self.params.players

    @classmethod
    def default_params(cls) -> Params:
        return Params()

    def setup(self, t: LowcardTable) -> None:
        n = self.params.players
        t.deck, t.aside, t.hands, t.discard = list(self.deck), [], [[] for _ in range(n)], []
        turns = [Turn(s) for _ in range(self.params.rounds) for s in range(n)]
        t.push(SetAside(), *[Deal(s) for s in range(n)], *turns)

    def points(self, hand: Any) -> int:
        return sum(self.cards[c].points for c in hand) + self.params.base_points

    def score(self, t: LowcardTable) -> tuple[float, ...]:
        return tuple(float(self.points(h)) for h in t.hands)


def make_game(cards: tuple[Card, ...] | None = None, **params: Any) -> Lowcard:
    """Low Card from keyword parameters (see :class:`Params`); ``cards``: the card designs."""
    return Lowcard(Params(**params), cards)
