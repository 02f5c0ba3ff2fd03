"""Build detective positions for rule tests (a settled table from a few zones)."""

from __future__ import annotations

from typing import Any

from workbench.games.detective.catalogue import NIGHT
from workbench.games.detective.rules import Detective, DetectiveState, make_game
from workbench.games.detective.steps import Main
from workbench.games.detective.steps_round import EndTurn, TrimAll

TURN = (EndTurn(0), TrimAll(0), Main(0))


def base(game: Detective | None = None, **params: Any) -> tuple[Detective, DetectiveState]:
    """A game and its initial state (chance node of the deal)."""
    g = game or make_game(**params)
    return g, g.initial_state()


def replace(s: DetectiveState, **fields: Any) -> DetectiveState:
    """``s`` with the named fields replaced (a snapshot is a tuple with named fields)."""
    unknown = set(fields) - set(s.TABLE.NAMES)
    if unknown:
        raise TypeError(f"no such field: {sorted(unknown)}")
    return type(s)(fields.get(name, v) for name, v in zip(s.TABLE.NAMES, s))


def head(s: DetectiveState) -> tuple[Any, ...]:
    """The step on top as ``(tag, *fields)``, e.g. ``("pay", 0, 4)``."""
    top = s.tasks[-1]
    return (top.TAG, *top)


def position(
    g: Detective, state: DetectiveState, *, tasks: tuple, settle: bool = True, **zones: Any
) -> DetectiveState:
    """``state`` with the given zones replaced, the step stack set and settled (``settle``
    False: left as set, so a decision the kernel would make at once can be read).

    Cards named in zones are taken out of the zones they were in, so the
    position stays a legal arrangement of the box."""
    taken_p = {
        c
        for k in ("pool", "bottom", "line", "outside", "supply", "removed")
        for c in zones.get(k, ())
    }
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
    s = replace(s, **zones, tasks=tuple(tasks))
    if not settle:
        return s
    t = g.thaw(s)
    t.settle()
    return t.freeze()  # type: ignore[no-any-return]


def dealt(g: Detective, hands: tuple[tuple[int, ...], ...], **kw: Any) -> DetectiveState:
    """Main phase of seat 0 in round 1 with the given hands and an empty line."""
    _, s = base(g)
    return position(g, s, hands=hands, tasks=kw.pop("tasks", (Main(0),)), **kw)


__all__ = ["base", "dealt", "head", "position", "replace", "NIGHT", "TURN"]
