"""Pure pictures of a {{Title}} state: HTML for boards, one line of text for logs.

>>> from {{name}}.rules import make_game
>>> g = make_game()
>>> describe(g, g.initial_state())
'seat 1: - (0) | seat 2: - (0) | deck 10'
>>> render(g, g.initial_state()).startswith("<div class='wb-{{name}}-board'>")
True
"""

from __future__ import annotations

from collections.abc import Sequence
from html import escape
from typing import Any


def describe(game: Any, state: Any) -> str:
    """One line: each hand with its score, and the cards left."""
    seats = [f"seat {i + 1}: {' '.join(h) or '-'} ({game.points(h)})"
             for i, h in enumerate(state.hands)]
    return " | ".join(seats) + f" | deck {len(state.deck)}"


def render(
    game: Any, state: Any, viewer: int | None = None, picks: Sequence[str] = ()
) -> str:
    """HTML of the table as seat ``viewer`` sees it (None: the designer, who sees all); every
    hand is face up here, so each viewer sees the same table, and the deck shows its size.
    ``picks`` (a choice clicked in steps on the picture) stays empty: this game has none.
    The shape is the contract every render has (``GameSpec.render``, docs/your-game.md)."""
    parts = ["<div class='wb-{{name}}-board'>"]
    for i, hand in enumerate(state.hands):
        cards = " ".join(escape(game.cards[c].name) for c in hand) or "-"
        parts.append(f"<div>seat {i + 1}: {cards} — <b>{game.points(hand)}</b></div>")
    parts.append(f"<div>deck: {len(state.deck)} cards</div></div>")
    return "".join(parts)
