"""Legal action ids, their labels, and applying a decision to a Table.

Action ids (JSON-friendly tuples):

- ``("install", ghost)`` — setup or the turn's one ghost install;
- ``("shell", shell, ghost, dropped)`` — install a shell; ``dropped`` is the
  shell sent to the trash when the ghost already wears one (the old one or
  the new one), ``-1`` otherwise;
- ``("event", card, target)`` — play an event side from the archive;
- ``("ability", ghost, arg)`` — an activated Ghost.Status (``arg``: the card
  ``cycle`` trashes, else -1);
- ``("battle", ghost, defender, stat)`` — declare a battle;
- ``("end",)`` — end the turn; ``("trim", card)`` — trash down to the limit;
- ``("defend", ghost)``, ``("support", ghost)``, ``("quick", ghost)``,
  ``("done",)``, ``("place", card, target)``, ``("pass",)`` — battle choices.

Chance outcomes are card ids (downloads) and raw dice sums (rolls).

>>> from workbench.games.ghost.rules import make_game
>>> g = make_game(players=2)
>>> s = g.initial_state()
>>> for card in (0, 1, 2, 3, 4, 60, 61, 62, 63, 64):  # deal: seat 0 gets ghosts 0-4
...     s = g.apply(s, card)
>>> decider(s), legal_ids(g.ctx, s)[:2]
(0, [('install', 0), ('install', 1)])
>>> label(g.ctx, s, ("install", 0))
'install 御影さくら'
"""

from __future__ import annotations

from typing import Any

from workbench.engine.protocol import IllegalAction
from workbench.games.ghost import battle as bt
from workbench.games.ghost.flow import Context, eligible_fighters, install, play_effects, settle
from workbench.games.ghost.model import STATS_LABEL
from workbench.games.ghost.state import NO_SHELL, Table


def decider(t: Any) -> int:
    """The seat that decides now (the state must be a decision node)."""
    phase = t.phase
    if phase == "setup":
        return int(t.order[0])
    if phase == "defend":
        return int(t.battle.defender)
    if phase in ("support_atk", "support_def"):
        return int(t.battle.attacker if phase == "support_atk" else t.battle.defender)
    if phase == "place":
        return int(t.battle.placers[0])
    return int(t.turn)


def legal_ids(ctx: Context, t: Any) -> list[tuple[Any, ...]]:
    """Every legal decision at a decision node, in a fixed order."""
    phase = t.phase
    cards = ctx.cards
    if phase == "setup":
        return [("install", c) for c in t.archives[t.order[0]] if cards[c].is_ghost]
    if phase == "main":
        return _main_ids(ctx, t)
    if phase == "trim":
        return [("trim", c) for c in t.archives[t.turn]]
    if phase == "defend":
        return [("defend", g) for g in eligible_fighters(ctx, t, t.battle.defender)]
    if phase in ("support_atk", "support_def"):
        installed, quick = bt.support_options(ctx, t)
        return ([("support", g) for g in installed] + [("quick", g) for g in quick]
                + [("done",)])
    if phase == "place":
        return [("place", c, x) for c, x in bt.place_options(ctx, t)] + [("pass",)]
    return []


def _main_ids(ctx: Context, t: Any) -> list[tuple[Any, ...]]:
    seat = t.turn
    cards = ctx.cards
    archive = t.archives[seat]
    desk = t.desktops[seat]
    out: list[tuple[Any, ...]] = []
    if t.stage == 0:
        if not t.installed:
            out += [("install", c) for c in archive if cards[c].is_ghost]
        for c in archive:
            if cards[c].is_shell:
                for g, sh in desk:
                    out += [("shell", c, g, -1)] if sh == NO_SHELL else [
                        ("shell", c, g, sh), ("shell", c, g, c)]
    if t.stage <= 1:
        if not t.evented:
            for c in archive:
                if ctx.as_action[c]:
                    out += [("event", c, x) for x in bt.targets(ctx, t, cards[c], seat)]
        for g, _ in desk:
            if g in t.used:
                continue
            for e in cards[g].ability:
                if e.verb == "draw":
                    out.append(("ability", g, -1))
                elif e.verb == "cycle":
                    out += [("ability", g, c) for c in archive]
        fighters = eligible_fighters(ctx, t, seat)
        if fighters:
            foes = [s for s in range(ctx.n)
                    if s != seat and not t.out[s] and t.desktops[s]]
            for g in fighters:
                for d in foes:
                    out += [("battle", g, d, "physical"), ("battle", g, d, "mental")]
    out.append(("end",))
    return out


def apply_decision(ctx: Context, t: Table, aid: Any) -> None:
    """Apply a legal decision (checked by the caller) and settle the table."""
    kind = aid[0]
    seat = decider(t)
    if kind == "install":
        install(ctx, t, seat, aid[1])
        if t.phase == "setup":
            t.order.pop(0)
        else:
            t.installed = True
    elif kind == "shell":
        _, shell, ghost, dropped = aid
        t.archives[seat].remove(shell)
        desk = t.desktops[seat]
        i = next(i for i, (g, _) in enumerate(desk) if g == ghost)
        if dropped == shell:
            t.trash.append(shell)
        else:
            if dropped != NO_SHELL:
                t.trash.append(dropped)
            desk[i] = (ghost, shell)
    elif kind == "event":
        t.stage, t.evented = 1, True
        t.archives[seat].remove(aid[1])
        t.trash.append(aid[1])
        play_effects(ctx, t, seat, aid[1], aid[2])
    elif kind == "ability":
        t.stage = 1
        t.used.append(aid[1])
        _activate(ctx, t, seat, aid[1], aid[2])
    elif kind == "battle":
        bt.declare(ctx, t, aid[1], aid[2], aid[3])
    elif kind == "end":
        t.phase = "trim"
    elif kind == "trim":
        t.archives[seat].remove(aid[1])
        t.trash.append(aid[1])
    elif kind == "defend":
        bt.defend(ctx, t, aid[1])
    elif kind in ("support", "quick"):
        bt.support(ctx, t, aid[1], kind == "quick")
    elif kind == "done":
        bt.support_done(ctx, t)
    elif kind in ("place", "pass"):
        bt.place(ctx, t, aid[1] if kind == "place" else -1, aid[2] if kind == "place" else -1)
    else:  # pragma: no cover - legal_ids never lists another kind
        raise IllegalAction(f"unknown action {aid!r}")
    settle(ctx, t)


def _activate(ctx: Context, t: Table, seat: int, ghost: int, arg: int) -> None:
    for e in ctx.cards[ghost].ability:
        if e.verb == "draw":
            t.queue += [("draw", seat)] * int(e.args[0])  # type: ignore[arg-type]
        elif e.verb == "cycle":
            t.archives[seat].remove(arg)
            t.trash.append(arg)
            t.queue.append(("draw", seat))


def label(ctx: Context, t: Any, aid: Any) -> str:
    """Human text for a decision.

    Card names come from the sheet; seats are written ``user N`` (1-based).
    """
    cards = ctx.cards
    kind = aid[0]

    def name(c: int) -> str:
        return cards[c].name

    if kind == "install":
        return f"install {name(aid[1])}"
    if kind == "shell":
        _, s, g, d = aid
        text = f"shell {name(s)} on {name(g)}"
        return text + (f" (trash {name(d)})" if d != NO_SHELL else "")
    if kind in ("event", "place"):
        text = f"{'play' if kind == 'event' else 'place face down'} {cards[aid[1]].event_name or name(aid[1])}"
        return text + _target_text(ctx, cards[aid[1]].target, aid[2])
    if kind == "ability":
        extra = f" (trash {name(aid[2])})" if aid[2] >= 0 else ""
        return f"use {cards[aid[1]].ability_name or 'ability'} of {name(aid[1])}{extra}"
    if kind == "battle":
        return f"attack user {aid[2] + 1} with {name(aid[1])} ({STATS_LABEL[aid[3]]})"
    if kind in ("defend", "support", "trim"):
        return f"{kind} {name(aid[1])}"
    if kind == "quick":
        return f"install {name(aid[1])} mid-battle and support"
    return {"end": "end the turn", "done": "no more support", "pass": "place nothing"}[kind]


def _target_text(ctx: Context, kind: str, target: int) -> str:
    if kind == "side":
        return " for the attacker" if target == 0 else " for the defender"
    if kind == "user":
        return f" on user {target + 1}"
    if kind in ("ghost", "shell"):
        return f" on {ctx.cards[target].name}"
    return ""
