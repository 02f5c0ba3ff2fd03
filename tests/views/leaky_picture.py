"""Two Tricks drawn two ways, for the widened leak check: the game's rules leak nothing
(its observations, log and options pass the check); only its picture differs.

- :func:`honest_picture`: the viewer's own hand face up, the other's as a count;
- :func:`leaky_picture`: every hand face up — a leak through the picture alone.
"""

from __future__ import annotations

from html import escape
from typing import Any

from workbench.engine.conformance.leaks import Views


def _hand(cards: Any, shown: bool) -> str:
    if shown:
        return " ".join(map(str, sorted(cards))) or "—"
    return f"{len(cards)} cards face down"


def honest_picture(game: Any, state: Any, viewer: int | None = None) -> str:
    rows = [
        f"<div class='hand'>Player {s + 1}: {_hand(h, viewer in (None, s))}</div>"
        for s, h in enumerate(state.hands)
    ]
    return f"<div>{''.join(rows)}<div>played: {escape(str(list(state.played)))}</div></div>"


def leaky_picture(game: Any, state: Any, viewer: int | None = None) -> str:
    rows = [
        f"<div class='hand'>Player {s + 1}: {_hand(h, True)}</div>"
        for s, h in enumerate(state.hands)
    ]
    return f"<div>{''.join(rows)}<div>played: {escape(str(list(state.played)))}</div></div>"


def views(render: Any) -> Views:
    return Views(pictures={"picture": lambda g, s, k: render(g, s, viewer=k)})
