"""Low Card's own player: ``low:N`` keeps a card of at most N points, else swaps."""

from __future__ import annotations

import random
from collections.abc import Hashable

from workbench.engine.kernel.seat import SeatView


class Low:
    """Keeps a card worth at most ``enough`` points, swaps otherwise."""

    def __init__(self, enough: int = 2) -> None:
        self.enough = enough
        self.__name__ = f"low:{enough}"

    def __call__(self, view: SeatView, rng: random.Random) -> Hashable:
        hand = view.state.hands[view.seat]
        worth = sum(view.game.cards[c].points for c in hand)  # type: ignore[attr-defined]
        return "keep" if worth <= self.enough or "swap" not in view.legal_ids else "swap"


def low(arg: str | None = None) -> Low:
    """The ``low`` family: ``low:N`` keeps at N points or fewer (``low`` at 2)."""
    if arg is not None and not (arg.isdigit() and int(arg) <= 99):
        raise ValueError("the argument must be a whole number of points (low:2)")
    return Low(2 if arg is None else int(arg))
