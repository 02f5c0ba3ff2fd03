"""The Low Card table as one viewer sees it."""

from __future__ import annotations

from collections.abc import Sequence
from html import escape
from typing import Any


def render(game: Any, state: Any, viewer: int | None = None, picks: Sequence[str] = ()) -> str:
    """HTML of the table as seat ``viewer`` sees it (None: the designer, who sees all): a
    seat sees its own card and the discard, the other cards face down."""
    parts = ["<div class='wb-lowcard-board'>"]
    over = game.is_terminal(state)
    for i, hand in enumerate(state.hands):
        shown = viewer is None or viewer == i or over
        cards = " ".join(escape(game.cards[c].name) for c in hand) if shown else "▒" * len(hand)
        parts.append(f"<div class='wb-lowcard-seat'>Player {i + 1}: {cards or '-'}</div>")
    aside = escape(game.cards[state.aside[0]].name) if viewer is None and state.aside else "▒"
    parts.append(f"<div>set aside: {aside}</div>")
    discard = " ".join(escape(game.cards[c].name) for c in state.discard) or "-"
    parts.append(f"<div>discard: {discard}</div><div>deck: {len(state.deck)} cards</div></div>")
    return "".join(parts)
