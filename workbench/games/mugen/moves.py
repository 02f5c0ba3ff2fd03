"""Decisions of むげんの宙へ: the legal action ids at each decision step, and applying one.

Action ids (stable, JSON-friendly):

- main phase: ``("use", card_id, slot)`` (slot = 0-based skill on the card's
  timeline) and ``"end"`` (end the turn);
- after taking damage: ``"revenge_draw"`` / ``"no_revenge"``;
- after a revenge draw of a revenge card: ``"revenge_use"`` / ``"keep"``;
- a 6th set skill: ``("push_out", i)`` dusts the owner's set skill i;
- ``destroy_set``: ``("destroy", i)`` dusts the opponent's set skill i.

Chance outcomes are card ids (a draw, mill or discard) or a seat (first player).
"""

from __future__ import annotations

from collections.abc import Hashable
from typing import Any

from workbench.engine.protocol import Action, IllegalAction
from workbench.games.mugen.core import Table


def legal_ids(t: Table) -> list[Hashable]:
    """The legal action ids at the decision on top of the stack, in :func:`legal`'s order."""
    step = t.stack[-1]
    kind, p = step[0], step[1]
    if kind == "main":
        return [("use", c, s) for c, s in t.usable(p)] + ["end"]
    if kind == "revenge_ask":
        return ["revenge_draw", "no_revenge"]
    if kind == "revenge_use":
        return ["revenge_use", "keep"]
    if kind == "push_out":
        return [("push_out", i) for i in range(len(t.seats[p].zone) - 1)]
    zone = t.seats[1 - p].zone
    return [("destroy", i) for i, (c, s, _) in enumerate(zone) if t.skill(c, s).kind != "super_set"]


def legal(t: Table) -> list[Action]:
    """The legal actions at the decision on top of the table's stack."""
    step = t.stack[-1]
    kind, p = step[0], step[1]
    if kind == "main":
        labels = t.rules.skill_labels
        out = [Action(("use", c, s), labels[c, s]) for c, s in t.usable(p)]
        return out + [Action("end", "end the turn")]
    if kind == "revenge_ask":
        return [Action("revenge_draw", "revenge draw"), Action("no_revenge", "no revenge draw")]
    if kind == "revenge_use":
        card = t.card(step[2])
        label = card.revenge.label if card.revenge else ""
        return [Action("revenge_use", f"{card.name}: {label}"), Action("keep", f"keep {card.name}")]
    if kind == "push_out":
        zone = t.seats[p].zone
        return [
            Action(("push_out", i), f"push out {t.card(c).name} ({n})")
            for i, (c, _, n) in enumerate(zone[:-1])
        ]
    zone = t.seats[1 - p].zone
    return [
        Action(("destroy", i), f"destroy {t.card(c).name} ({n})")
        for i, (c, s, n) in enumerate(zone)
        if t.skill(c, s).kind != "super_set"
    ]


def apply(t: Table, action_id: Hashable) -> None:
    """Apply a decision or a chance outcome in place, then settle; IllegalAction if not legal."""
    if t.result is not None or not t.stack:
        raise IllegalAction(f"the game is over; no action {action_id!r}")
    step = t.stack[-1]
    if step[0] in ("draw", "mill", "discard", "first"):
        if t.chance_weights().get(action_id, 0) <= 0:
            raise IllegalAction(f"{action_id!r} is not a possible outcome of {step[0]}")
        t.resolve_chance(action_id)
        return
    if isinstance(action_id, list):
        action_id = tuple(action_id)
    if action_id not in legal_ids(t):
        raise IllegalAction(f"{action_id!r} is not legal now ({step[0]} for seat {step[1]})")
    act(t, step, action_id)
    t.settle()


def act(t: Table, step: tuple[Any, ...], action_id: Hashable) -> None:
    """Apply a legal decision (no checks, no settling: the fast path calls this)."""
    p = step[1]
    if isinstance(action_id, tuple):
        verb = action_id[0]
        if verb == "use":
            t.use(p, action_id[1], action_id[2])
            return
        t.stack.pop()
        seat = t.seats[p if verb == "push_out" else 1 - p]
        card = seat.zone.pop(action_id[1])[0]
        seat.dust.append(card)
        return
    t.stack.pop()
    if action_id == "end":
        t.push(("turn_end", p))
    elif action_id == "revenge_draw":
        t.push(("draw", p, "revenge"))
    elif action_id == "revenge_use":
        t.revenge(p, step[2])


def chance_label(game: Any, state: Any, outcome: Hashable) -> str:
    """Readable text for a chance outcome (the step on top of the state's stack)."""
    step = state.queue[-1]
    if step[0] == "first":
        return f"P{int(outcome) + 1} goes first"  # type: ignore[call-overload]
    name = game.cards[outcome].name if outcome in game.cards else str(outcome)
    what = {"draw": "draws", "mill": "mills", "discard": "discards"}[step[0]]
    why = f" ({step[2]})" if step[0] == "draw" else ""
    return f"P{step[1] + 1} {what} {name}{why}"
