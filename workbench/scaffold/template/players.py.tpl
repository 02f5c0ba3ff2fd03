"""{{Title}}'s own players, found by name (``workbench play {{name}} --players cautious:4,random``):
each family is a function ``(argument text or None) -> player`` that ``SPEC.players`` in
``__init__.py`` names. The engine's players (``random``, ``greedy``, ``osla``,
``ismcts:400``) work too.

>>> cautious("4").__name__
'cautious:4'
"""

from __future__ import annotations

import random
from collections.abc import Hashable

from workbench.engine.kernel.seat import SeatView


class Cautious:
    """Stops as soon as its hand is worth ``enough`` points (draws otherwise)."""

    def __init__(self, enough: int = 4) -> None:
        self.enough = enough
        self.__name__ = f"cautious:{enough}"

    def __call__(self, view: SeatView, rng: random.Random) -> Hashable:
        hand = view.state.hands[view.seat]
        if "stop" in view.legal_ids and view.game.points(hand) >= self.enough:  # type: ignore[attr-defined]
            return "stop"
        return "draw" if "draw" in view.legal_ids else "stop"

    def __repr__(self) -> str:
        return self.__name__


def cautious(arg: str | None = None) -> Cautious:
    """The ``cautious`` family: ``cautious:N`` stops at N points (``cautious`` at 4)."""
    if arg is not None and not (arg.isdigit() and int(arg) <= 99):
        raise ValueError("the argument must be a whole number of points (cautious:4)")
    return Cautious(4 if arg is None else int(arg))
