"""Human labels for action ids and card ids (logs, buttons, golden files).

A module of its own because the steps (their ``label``), the picture and the
board all name cards; in :mod:`.rules` the steps could not import it.

>>> from workbench.games.detective.params import DetectiveParams
>>> from workbench.games.detective.catalogue import Catalogue
>>> s = Catalogue(DetectiveParams())
>>> card_name(s, "yuri:2"), card_name(s, "night")
('椚 百合', '惨劇の夜')
>>> event_name(s, 24), label(s, ("break", 24))
('#24 花瓶の勿忘草', 'take a break, discard #24 花瓶の勿忘草')
"""

from __future__ import annotations

from collections.abc import Hashable, Sequence
from typing import Any

from .catalogue import NIGHT, Catalogue


def card_name(cat: Catalogue, card: str) -> str:
    """Japanese name of an investigation card (awakened cards say so)."""
    if card == NIGHT:
        return cat.cards.tragic_name[0]
    who = cat.card_person[card]
    name = cat.cards.people[who].name_ja
    return f"覚醒 {name}" if card.endswith(":A") else name


def event_name(cat: Catalogue, no: int) -> str:
    """``#n name`` of an event."""
    return f"#{no} {cat.events[no].name_ja}"


def label(cat: Catalogue, action_id: Hashable) -> str:
    """Text for an action id (chance outcomes too: an event or a card drawn)."""
    if isinstance(action_id, int):
        return f"draw {event_name(cat, action_id)}"
    if isinstance(action_id, str):
        return f"draw {card_name(cat, action_id)}"
    a: tuple[Any, ...] = action_id  # type: ignore[assignment]
    kind = a[0]
    if kind == "play":
        return f"investigate {event_name(cat, a[1])}"
    if kind == "set":
        return f"set reserved {event_name(cat, a[1])}"
    if kind == "reserve":
        return f"reserve {event_name(cat, a[1])}"
    if kind == "break":
        return "take a break" + (f", discard {event_name(cat, a[1])}" if len(a) > 1 else "")
    if kind == "discard":
        return f"discard {event_name(cat, a[1])}"
    if kind == "suspect":
        return f"suspect {cat.cards.people[a[1]].name_ja}"
    if kind == "clear":
        return f"clear {cat.cards.people[a[1]].name_ja} from the line"
    if kind == "add":
        return f"add {cat.cards.people[a[1]].name_ja} to the investigation deck"
    if kind == "withdraw":
        return f"take {cat.cards.people[a[1]].name_ja} out of the investigation deck"
    if kind == "remove":
        return f"remove {cat.cards.people[a[1]].name_ja} from the line"
    if kind == "burn":
        return f"burn {event_name(cat, a[2])} in Player {a[1] + 1}'s notebook"
    if kind == "pass":
        return "pass"
    return str(action_id)


def paying_for(tasks: Sequence[Any]) -> int | None:
    """The event a payment (a ``pay`` step) on top of ``tasks`` pays for: the ``resolve``
    step waiting below it holds it. None when the top step is no payment.

    >>> from workbench.games.detective.steps import Pay, Resolve
    >>> paying_for((Resolve(0, 28), Pay(0, 4))), paying_for((Resolve(0, 28),)) is None
    (28, True)
    """
    if not tasks or getattr(tasks[-1], "TAG", None) != "pay":
        return None
    for step in reversed(tasks):
        if getattr(step, "TAG", None) == "resolve":
            return int(step.no)
    return None
