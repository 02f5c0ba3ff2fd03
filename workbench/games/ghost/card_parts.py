"""The ghost game's parts of the card report (``GameSpec.card_events``, ``GameSpec.neutral_card``).

Readings (seed ``000``: every user downloads from one shared server, so no card
belongs to a user before it is drawn):

- every ghost and shell design of the sheet is *owned* by every seat (any user may
  download it), so the report's "not drawn" side is the users who did not get it and
  IWD says whether the users who got the card won more than those who did not;
  mandatory events are resolved by everyone at once and belong to nobody (left out);
- a card was *drawn* (and the seat *holds* it: the causal column reads that seat's win
  rate) when a copy lies in the seat's archive, on its desktop (a ghost or its shell)
  or face down in its battle row at the end. The final state keeps no owner for a card
  played as an event (the trash is shared) or for a ghost lost in battle (it now counts
  for the winner's VP), so those copies count as not drawn: cards spent as events are
  undercounted, and the IWD of a card often used that way leans low;
- *played*: a copy on the seat's desktop (an installed ghost, an attached shell);
- cards are named by their unique ``name_ja`` (the state keeps no design id); the
  report turns a unique name into its sheet key.

The neutral card is what a designer of this game would call a vanilla card: a ghost
with its printed 物理 / 精神 dice and VP and nothing else (no Ghost.Status ability, no
event side, like the seed's plain ghosts), a shell with its printed modifiers and no
event side. A mandatory event has no neutral form (ValueError: the report says so in
its row).

>>> from workbench.games.ghost.rules import make_game
>>> g = make_game(players=2)
>>> ev = card_events(g, g.initial_state())
>>> ev[0]["drawn"], len(ev[0]["owned"]), "御影さくら" in ev[1]["owned"]
([], 37, True)
>>> neutral_card("cards", {"kind": "shell", "shell_physical": "+2", "event_name": "素振り",
...                        "timing": "OnBattle", "effect": "power +1"})
{'event_name': '', 'timing': '', 'effect': ''}
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

__all__ = ["card_events", "neutral_card"]

_NO_SHELL = -1
EVENT_SIDE = ("event_name", "timing", "effect", "event_names")
ABILITY = ("ability_name", "ability")


def card_events(game: Any, final: Any) -> dict[int, dict[str, list[str]]]:
    """Each seat's cards: owned (every ghost and shell design), drawn and held (archive,
    desktop, face-down row at the end) and played (on its desktop), by name."""
    cards = game.cards
    owned = sorted({c.name for c in cards if not c.is_mandatory})
    t = game.view(final)
    out = {}
    for seat in range(game.num_players):
        desk = [i for pair in t.desktops[seat] for i in pair if i != _NO_SHELL]
        held = {cards[i].name for i in (*t.archives[seat], *desk, *t.facedown[seat])}
        held -= {c.name for c in cards if c.is_mandatory}
        drawn = sorted(held)
        out[seat] = {
            "owned": owned,
            "drawn": drawn,
            "holds": drawn,
            "played": sorted({cards[i].name for i in desk}),
        }
    return out


def neutral_card(sheet: str, row: Mapping[str, str]) -> dict[str, str]:
    """The cells that make ``row`` a vanilla card: a ghost keeps its dice and VP and loses
    its ability and event side; a shell keeps its modifiers and loses its event side."""
    kind = row.get("kind") or ""
    if kind == "mandatory":
        raise ValueError("a mandatory event has no neutral form (every user resolves it)")
    blank = EVENT_SIDE + (ABILITY if kind == "ghost" else ())
    return {column: "" for column in blank if row.get(column)}
