"""Build detective positions for rule tests (a settled table from a few zones)."""

from __future__ import annotations

from dataclasses import replace
from typing import Any

from workbench.games.detective.rules import Detective, DetectiveState, freeze, make_game
from workbench.games.detective.setup import NIGHT


def base(game: Detective | None = None, **params: Any) -> tuple[Detective, DetectiveState]:
    """A game and its initial state (chance node of the deal)."""
    g = game or make_game(**params)
    return g, g.initial_state()


def position(g: Detective, state: DetectiveState, *, tasks: tuple, **zones: Any) -> DetectiveState:
    """``state`` with the given zones replaced, the task stack set and settled.

    Cards named in zones are taken out of the zones they were in, so the
    position stays a legal arrangement of the box."""
    taken_p = {c for k in ("pool", "bottom", "line", "outside", "supply", "removed")
               for c in zones.get(k, ())}
    taken_e = {e for k in ("edeck", "discard") for e in zones.get(k, ())}
    for h in zones.get("hands", ()):
        taken_e |= set(h)
    for b in zones.get("notebooks", ()):
        taken_e |= set(b)
    s = state
    for k in ("pool", "bottom", "line", "outside", "supply", "removed"):
        if k not in zones:
            s = replace(s, **{k: tuple(c for c in getattr(s, k) if c not in taken_p)})
    for k in ("edeck", "discard"):
        if k not in zones:
            s = replace(s, **{k: tuple(e for e in getattr(s, k) if e not in taken_e)})
    s = replace(s, **zones, tasks=tasks)
    t = g.table(s)
    t.settle()
    return freeze(t)


def dealt(g: Detective, hands: tuple[tuple[int, ...], ...], **kw: Any) -> DetectiveState:
    """Main phase of seat 0 in round 1 with the given hands and an empty line."""
    _, s = base(g)
    return position(g, s, hands=hands, tasks=kw.pop("tasks", (("main", 0),)), **kw)


__all__ = ["base", "position", "dealt", "NIGHT"]
