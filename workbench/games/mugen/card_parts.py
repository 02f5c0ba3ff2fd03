"""Mugen's parts of the card report (``GameSpec.card_events``, ``GameSpec.neutral_card``).

Readings: a card was *drawn* when a copy of it left its owner's deck during the game (a
``mill`` also takes cards off the deck: counted as drawn, the final state cannot tell
them apart), *played* when a copy reached the set zone or the dust (a used skill; a card
discarded by ``discard`` or destroyed lands there too). Each seat's *deck* is named by its
character card (``C01 ソラ``), so the report has rows per deck. The *opening* hand is
the table's ``opening`` field (the hand after the opening draws, before the first turn;
``rules.py`` keeps it), so the report has its "in opening hand" column.

>>> from workbench.games.mugen.rules import make_game
>>> g = make_game()
>>> sorted(card_events(g, g.initial_state())[0])
['deck', 'drawn', 'opening', 'owned', 'played']
>>> card_events(g, g.initial_state())[1]["deck"]
'C02 ミライ'
>>> neutral_card("cards", {"skill1_kind": "plain", "skill1_effects": "damage 2", "trait": ""})
{'skill1_effects': 'mp +0'}
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from workbench.games.mugen.table import opening_cards

__all__ = ["card_events", "neutral_card"]

NEUTRAL_EFFECT = {"plain": "mp +0", "ex": "mp +0", "set": "atk +0", "super_set": "atk +0"}
"""An effect that changes nothing, by skill kind (the vocabulary needs an amount, and a
boost only works on set skills)."""


def card_events(game: Any, final: Any) -> dict[int, dict[str, Any]]:
    """Each seat's cards owned (every zone), drawn (off the deck), played (set or dust) and
    in its opening hand, and its deck's name (its character card)."""
    t = game.view(final)
    out = {}
    for seat in range(game.num_players):
        zones = t.cards_of(seat)
        owned = [str(c) for zone in zones.values() for c in zone]
        deck = [str(c) for c in zones["deck"]]
        out[seat] = {
            "owned": sorted(set(owned)),
            "drawn": sorted({c for c in owned if owned.count(c) > deck.count(c)}),
            "played": sorted({str(c) for c in (*zones["set"], *zones["dust"])}),
            "opening": sorted(set(opening_cards(t.opening[seat]))),
            "deck": _deck_name(game, seat),
        }
    return out


def neutral_card(sheet: str, row: Mapping[str, str]) -> dict[str, str]:
    """The cells that make ``row`` a neutral card of the same costs: every skill's effect
    one that changes nothing, the additional trait gone."""
    cells = {}
    for i in (1, 2, 3):
        kind = row.get(f"skill{i}_kind") or ""
        if kind and row.get(f"skill{i}_effects"):
            cells[f"skill{i}_effects"] = NEUTRAL_EFFECT.get(kind, "mp +0")
    if row.get("trait"):
        cells["trait"] = "atk +0"
    return cells


def _deck_name(game: Any, seat: int) -> str:
    """The seat's deck by its character card (``C01 ソラ``), or ``deck N`` without one."""
    c = game.characters[seat]
    return f"{c} {game.cards[c].name}" if c else f"deck {seat + 1}"
