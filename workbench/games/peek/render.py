"""Pure pictures of a Peek state: a line of HTML and a text description.

Stable CSS classes: ``wb-peek-board``, ``wb-peek-card`` (``wb-peek-hidden`` face down).

>>> from workbench.games.peek.rules import make_game
>>> g = make_game()
>>> s = g.apply(g.apply(g.initial_state(), 2), 4)
>>> describe(g, s)
'seat 1: 2 | seat 2: 4 | named: -'
>>> "wb-peek-hidden" in render(g, s, viewer=0), "wb-peek-hidden" in render(g, s)
(True, False)
"""

from __future__ import annotations

from collections.abc import Sequence
from html import escape
from typing import Any


def describe(game: Any, state: Any) -> str:
    """One line: both cards and the name said."""
    cards = [("-" if c is None else str(c)) for c in state.hands]
    named = "-" if state.guess is None else str(state.guess)
    return f"seat 1: {cards[0]} | seat 2: {cards[1]} | named: {named}"


def render(game: Any, state: Any, viewer: int | None = None, picks: Sequence[str] = ()) -> str:
    """HTML of the table; with ``viewer``, as that seat sees it (the other card face down)."""
    parts = ["<div class='wb-peek-board'>"]
    for i, card in enumerate(state.hands):
        hidden = viewer is not None and i != viewer and card is not None
        css = "wb-peek-card wb-peek-hidden" if hidden else "wb-peek-card"
        shown = "?" if hidden else ("-" if card is None else str(card))
        parts.append(f"<span class='{css}'>seat {i + 1}: {escape(shown)}</span> ")
    if state.guess is not None:
        parts.append(f"<span>named: {state.guess}</span>")
    parts.append("</div>")
    return "".join(parts)
