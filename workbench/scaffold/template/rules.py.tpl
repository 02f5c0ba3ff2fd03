"""{{Title}}: the rules on the workbench's engine kernel (guide: docs/kernel.md).

Rules (replace them with yours): the deck holds the cards of ``cards.csv``
(each ``copies`` times), shuffled. Each seat in turn draws cards face up, one
at a time, as long as it likes, up to ``most`` cards; it must draw at least
one. A hand worth more than ``limit`` points busts (scores 0). The highest
score wins; equal scores share the win.

A worked example turn, step by step, as the kernel runs it (``most=3, limit=6``)::

    tasks: [Turn(1), Turn(0)]      # setup pushed both turns; the top is Turn(0)
    Turn(0) is a decision: seat 0 may 'draw' (its hand is empty, so only 'draw')
    seat 0 plays 'draw'            -> Turn.resolve pushes Draw(0), then Turn(0) again
    Draw(0) is chance: the outcomes are the deck's cards (a card with 4 copies
                                      is 4 times as likely); the draw is 'three'
    Turn(0) again: seat 0 holds 3 points; legal: 'draw', 'stop'
    seat 0 plays 'stop'            -> nothing pushed; the next step is Turn(1)

>>> g = make_game()
>>> s = g.initial_state()
>>> g.legal_ids(s)
['draw']
>>> s = g.apply(g.apply(s, "draw"), "three")
>>> g.legal_ids(s), s.hands
(['draw', 'stop'], (('three',), ()))
>>> g.returns(g.apply(g.apply(g.apply(g.apply(s, "stop"), "draw"), "two"), "stop"))
(3.0, 2.0)
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, NamedTuple

from workbench.engine.kernel import HIDDEN, KernelGame, Table, chance, decision, items, rows

from {{name}} import SPEC
from {{name}}.cards import Card, load_cards


@dataclass(frozen=True, slots=True)
class Params:
    """The game's parameters (every one a knob for sweeps)."""

    limit: int = 6  # a hand worth more busts
    most: int = 3  # cards a seat may hold
    players: int = 2

    def __post_init__(self) -> None:
        if not 1 <= self.most <= 5:
            raise ValueError(f"most must be 1..5, got {self.most!r}")
        if not 2 <= self.players <= 4:
            raise ValueError(f"players must be 2..4, got {self.players!r}")


class {{Class}}Table(Table):
    """The fields, declared once: the deck is hidden (its order), the hands face up."""

    deck: list[str] = items(seen=HIDDEN, sort=True)
    hands: list[list[str]] = rows()


@decision
class Turn(NamedTuple):
    """``seat`` draws another card or stops."""

    seat: int

    def legal(self, t: {{Class}}Table) -> list[str]:
        hand = t.hands[self.seat]
        if not hand:
            return ["draw"]
        return ["draw", "stop"] if len(hand) < t.game.params.most and t.deck else ["stop"]

    def resolve(self, t: {{Class}}Table, action: str) -> None:
        if action == "draw":
            t.push(Draw(self.seat), Turn(self.seat))

    def label(self, t: {{Class}}Table, action: str) -> str:
        return f"seat {self.seat + 1} {'draws' if action == 'draw' else 'stops'}"


@chance
class Draw(NamedTuple):
    """``seat`` draws the top card of the deck (each card in the deck equally likely)."""

    seat: int

    def outcomes(self, t: {{Class}}Table) -> list[str]:
        return t.deck

    def resolve(self, t: {{Class}}Table, card: str) -> None:
        t.deck.remove(card)
        t.hands[self.seat].append(card)

    def label(self, t: {{Class}}Table, card: str) -> str:
        return f"seat {self.seat + 1} draws {t.game.cards[card].name}"


class {{Class}}(KernelGame):
    """The game: deal nothing, push every seat's turn, score the hands."""

    name = "{{name}}"
    version = SPEC.version  # declared once, in __init__.py: bump it when old replays would change
    table = {{Class}}Table
    params: Params
    min_players, max_players = 2, 4  # as Params checks and the spec's GameType says

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

    def setup(self, t: {{Class}}Table) -> None:
        t.deck, t.hands = list(self.deck), [[] for _ in range(self.params.players)]
        t.push(*[Turn(s) for s in range(self.params.players)])

    def points(self, hand: Any) -> int:
        """A hand's score: its points, or 0 over the limit."""
        total = sum(self.cards[c].points for c in hand)
        return total if total <= self.params.limit else 0

    def score(self, t: {{Class}}Table) -> tuple[float, ...]:
        return tuple(float(self.points(h)) for h in t.hands)

    def describe(self, state: Any) -> str:
        from {{name}}.render import describe

        return describe(self, state)


def make_game(cards: tuple[Card, ...] | None = None, **params: Any) -> {{Class}}:
    """{{Title}} from keyword parameters (see :class:`Params`); ``cards``: the card designs
    (default: the sheet ``cards.csv``; ``cards.read_sheets`` gives them from a loaded sheet).

    >>> make_game(limit=8).params.limit
    8
    """
    return {{Class}}(Params(**params), cards)
