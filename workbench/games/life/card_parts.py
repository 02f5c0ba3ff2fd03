"""Life's parts of the card report (``GameSpec.card_events``, ``GameSpec.neutral_card``).

Readings: album and dream cards are not dealt into decks that belong to a seat; a card is
*owned*, *drawn* and *played* by the seat that took it (an album card placed in its album,
a dream card kept in hand or set aside as a skill). So the report's drawn / not drawn
columns have no "not drawn" side in this game (IWD stays empty) and the causal column
reads the win rate of the seat that took the card. The neutral card: an album card with
no ★, no skill and no event (an event becomes a regular card of its colour); a dream card
has no neutral form the vocabulary can write, so its row says so.

>>> from workbench.games.life.rules import make_game
>>> g = make_game()
>>> card_events(g, g.initial_state())[0]
{'owned': [], 'drawn': [], 'played': []}
>>> neutral_card("album", {"kind": "event", "stars": "", "skill": "", "event": "power 1"})
{'kind': 'regular', 'event': ''}
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

__all__ = ["card_events", "neutral_card"]


def card_events(game: Any, final: Any) -> dict[int, dict[str, list[str]]]:
    """Each seat's taken cards: its album's cards, its dream cards in hand and set aside."""
    t = game.view(final)
    out = {}
    for seat in range(game.num_players):
        taken = sorted(
            {str(c) for c in t.albums[seat] if c is not None}
            | {str(c) for c in t.hands[seat]}
            | {str(c) for c in t.skills[seat]}
        )
        out[seat] = {"owned": taken, "drawn": taken, "played": taken}
    return out


def neutral_card(sheet: str, row: Mapping[str, str]) -> dict[str, str]:
    """The cells that make an album card plain (no ★, skill or event); a dream card has
    none (ValueError: the report says so in its row)."""
    if sheet != "album":
        raise ValueError(f"life's {sheet} cards have no neutral form (every dream scores)")
    cells = {}
    if row.get("kind") == "event":
        cells["kind"] = "regular"
    for column, blank in (("stars", "0"), ("skill", ""), ("event", "")):
        if (row.get(column) or "") not in ("", blank):
            cells[column] = blank
    return cells
