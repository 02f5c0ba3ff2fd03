"""Peek's one parameter: how many cards each suit has.

>>> PeekParams().cards
4
>>> PeekParams(cards=1)
Traceback (most recent call last):
...
ValueError: cards must be 2..20, got 1
"""

from __future__ import annotations

from dataclasses import dataclass, field


@dataclass(frozen=True, slots=True)
class PeekParams:
    """``cards``: each suit holds the cards 1..cards (4 in the issue); two seats, always."""

    cards: int = field(default=4, metadata={"range": (2, 20)})
    players: int = field(default=2, metadata={"range": (2, 2)})

    def __post_init__(self) -> None:
        if not isinstance(self.cards, int) or not 2 <= self.cards <= 20:
            raise ValueError(f"cards must be 2..20, got {self.cards!r}")
        if self.players != 2:
            raise ValueError(f"peek is played by 2 seats, got players={self.players!r}")
