"""Detective's parts of the card report (``GameSpec.card_events``, ``GameSpec.neutral_card``).

Readings (seed ``002``: events are dealt from one shared event deck; person cards act
on every player at once and belong to nobody, so the report covers the events sheet):

- every *placed* event (手帳に残るカード) is *owned* by every seat (any player may draw
  it), so the report's "not drawn" side is the players who did not get it and IWD says
  whether the players who got it won more than those who did not;
- a placed event was *drawn* (and the seat *holds* it: the causal column reads that
  seat's win rate) when it lies in the seat's hand or notebook at the end, and *played*
  when it lies in the notebook. A copy discarded (trimming, a break, a burn) leaves no
  owner in the final state and counts as not drawn;
- *one-shot* events go to the shared discard pile when played, so the final state
  cannot tell who played them: they are left out of the correlational columns (their
  played rate would read as dead cards) and of the causal column.

The neutral card is what a designer of this game would call a vanilla event: the same
kind, cost and VP, and nothing else (no death condition, no related person, no
discount, no effect). Its causal column so measures what the card's text adds beyond
its VP for its cost (the VP cells themselves are the sensitivity map's). A person card
has no neutral form (ValueError: its action reaches every player).

>>> from workbench.games.detective.rules import make_game
>>> g = make_game()
>>> ev = card_events(g, g.initial_state())
>>> ev[0]["drawn"], "1" in ev[0]["owned"], "45" in ev[0]["owned"]
([], True, False)
>>> neutral_card("events", {"kind": "placed", "cost": "black 1", "vp": "2", "needs_dead": "",
...                         "person": "genichiro", "discount": "1", "effects": "awaken genichiro"})
{'person': '', 'discount': '0', 'effects': ''}
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

__all__ = ["card_events", "neutral_card"]

PLAIN = {"needs_dead": "", "person": "", "discount": "0", "effects": ""}
"""The cells of a vanilla event (kind, cost and VP untouched)."""


def card_events(game: Any, final: Any) -> dict[int, dict[str, list[str]]]:
    """Each seat's placed events: owned (every one), drawn and held (hand or notebook at
    the end) and played (notebook), by event number."""
    events = game.catalogue.events
    placed = {no for no, e in events.items() if e.kind == "placed"}
    owned = sorted(str(no) for no in placed)
    t = game.view(final)
    out = {}
    for seat in range(game.num_players):
        held = sorted(str(no) for no in {*t.hands[seat], *t.notebooks[seat]} if no in placed)
        out[seat] = {
            "owned": owned,
            "drawn": held,
            "holds": held,
            "played": sorted(str(no) for no in set(t.notebooks[seat]) if no in placed),
        }
    return out


def neutral_card(sheet: str, row: Mapping[str, str]) -> dict[str, str]:
    """The cells that make an event row a vanilla event of the same kind, cost and VP."""
    if sheet != "events":
        raise ValueError(f"detective's {sheet} cards have no neutral form (they act on everyone)")
    return {c: v for c, v in PLAIN.items() if (row.get(c) or "") != v}
