"""The automatic tasks of the rules table: actions, effects, refills, turns, round ends.

Each ``task_<name>(table, *args)`` runs one automatic task popped from the
table's stack; :func:`run_task` dispatches by the task's first item.

>>> sorted(HANDLERS)[:3]
['act', 'endturn', 'refill']
"""

from __future__ import annotations

import bisect
from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from .round_end import end_round
from .setup import NIGHT

if TYPE_CHECKING:
    from .table import Table


def task_act(t: Table, seat: int, action: tuple[Any, ...]) -> None:
    """Apply a person's action (a tuple of effects) to one player."""
    for eff in reversed(action):
        effect(t, seat, eff.verb, eff.args)


def effect(t: Table, seat: int, verb: str, args: tuple[Any, ...]) -> None:
    """One effect for ``seat``: draws, discards and burns become tasks; suspect/clear act now."""
    push = t.tasks.append
    if verb == "draw":
        push(("edraw", seat, args[0]))
    elif verb == "discard":
        push(("pdiscard", seat, args[0]))
    elif verb == "refill":
        push(("refill", seat))
    elif verb == "others_discard":
        for k in reversed(range(1, t.n)):
            push(("pdiscard", (seat + k) % t.n, args[0]))
    elif verb == "burn":
        push(("burn", seat))
    elif verb == "suspect":
        t._suspect(args[0])
    elif verb == "clear":
        who = args[0]
        for i in reversed(range(len(t.line))):
            if t.setup.card_person.get(t.line[i]) == who:
                bisect.insort(t.outside, t.line.pop(i))
                break


def task_refill(t: Table, seat: int) -> None:
    """Draw up to the hand limit."""
    missing = t.limit(seat) - len(t.hands[seat])
    if missing > 0:
        t.tasks.append(("edraw", seat, missing))


def task_resolve(t: Table, seat: int, no: int) -> None:
    """A paid event: placed in the notebook or discarded (one-shot), then its effects."""
    ev = t.setup.events[no]
    t.played.append(no)
    (t.notebooks[seat] if ev.placed else t.discard).append(no)
    for eff in reversed(ev.effects):
        effect(t, seat, eff.verb, eff.args)


def task_roundstart(t: Table) -> None:
    """Record the round's deck, then the opening (variant) and the first turn."""
    who = t.setup.card_person
    counts: dict[str, int] = {}
    for c in t.pool:
        if c != NIGHT:
            counts[who[c]] = counts.get(who[c], 0) + 1
    t.round_deck, t.round_persons = tuple(sorted(counts.items())), 0
    t.tasks.append(("turn", t.start))
    if t.setup.params.opening:
        t.tasks.append(("open", t.setup.params.opening))


def task_turn(t: Table, seat: int) -> None:
    """A turn: investigation draw, main phase, trims, end of turn."""
    t.active, t.free_used = seat, False
    t.turns += 1
    t.tasks += (("endturn", seat), ("trimall", seat), ("main", seat), ("inv", seat))


def task_trimall(t: Table, seat: int) -> None:
    """Every player over the hand limit trims, from the active player clockwise."""
    for k in reversed(range(t.n)):
        t.tasks.append(("trim", (seat + k) % t.n))


def task_endturn(t: Table, seat: int) -> None:
    """The next player's turn, or the round end after the tragic night."""
    t.tasks.append(("roundend",) if t.tn else ("turn", (seat + 1) % t.n))


def task_roundend(t: Table) -> None:
    """Victim, game-end check and the new deck (:mod:`.round_end`)."""
    end_round(t)


HANDLERS: dict[str, Callable[..., None]] = {
    "act": task_act, "refill": task_refill, "resolve": task_resolve,
    "roundstart": task_roundstart, "turn": task_turn, "trimall": task_trimall,
    "endturn": task_endturn, "roundend": task_roundend,
}


def run_task(t: Table, task: tuple[Any, ...]) -> None:
    """Run one automatic task (already popped from the stack)."""
    HANDLERS[task[0]](t, *task[1:])
