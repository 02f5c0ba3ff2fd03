"""Peek — the peeking check of issue 13 as a game (no seed file: the issue is its source).

Rules: two seats; each is dealt one card, face down, from its own suit
1..``cards`` (4); seat 0 names seat 1's card; seat 0 wins when it is right,
seat 1 otherwise. Readings chosen: the suits are separate (so seat 0's own
card says nothing about seat 1's: honest play wins exactly 1/4, not 1/3 as
with one shared suit); seat 1 never decides.

>>> g = make_game()
>>> s = g.initial_state()
>>> for x in (2, 3, 3):
...     s = g.apply(s, x)
>>> g.returns(s), g.winners(s)
((1.0, 0.0), (0,))
"""

from __future__ import annotations

from typing import Any

from workbench.engine.kernel import KernelGame
from workbench.games.peek import SPEC
from workbench.games.peek.params import PeekParams
from workbench.games.peek.steps import Deal, Name
from workbench.games.peek.table import PeekTable


class Peek(KernelGame):
    """The game: deal both seats, then seat 0 names seat 1's card."""

    name = "peek"
    version = SPEC.version  # declared once, in the package's GameSpec
    table = PeekTable
    params: PeekParams

    def __init__(self, params: PeekParams | None = None) -> None:
        super().__init__(params)

    @classmethod
    def default_params(cls) -> PeekParams:
        return PeekParams()

    def setup(self, t: PeekTable) -> None:
        suit = list(range(1, self.params.cards + 1))
        t.hands, t.rest, t.guess = [None, None], [suit[:], suit[:]], None
        t.push(Deal(0), Deal(1), Name(0))

    def score(self, t: PeekTable) -> tuple[float, ...]:
        if t.guess is None:
            return (0.0, 0.0)
        right = t.guess == t.hands[1]
        return (1.0, 0.0) if right else (0.0, 1.0)

    def describe(self, state: Any) -> str:
        from workbench.games.peek.render import describe

        return describe(self, state)


def make_game(**params: Any) -> Peek:
    """Peek from keyword parameters (see :class:`PeekParams`).

    >>> make_game(cards=6).params.cards
    6
    """
    return Peek(PeekParams(**params))
