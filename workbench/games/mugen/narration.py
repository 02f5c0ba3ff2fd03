"""What a move sets off, in the words of the game (issue 35): the log line of a step says
the automatic steps that follow it up to the next decision or draw.

A step's own label says what the player chose (a skill and the damage it announces, a card
drawn, "end the turn"); the rules then run on by themselves — end-of-turn and start-of-turn
effects of set skills and traits, set skills running out, the turn passing, a deck-out or a
kill ending the game. :func:`aftermath` plays the step on a copy of the table with the
game's own steps, one automatic step at a time, and says each of those events with its
cause: whose card, at which turn's start or end, the HP before and after.

>>> from workbench.games.mugen.rules import make_game
>>> from workbench.games.mugen.scenario import position
>>> g = make_game()
>>> s = position(g, set_zones=([("G19", 0, 1)], []), hp=(30, 9))
>>> print(aftermath(g, s, "end"))
 — turn 2 starts (P2's); P1's 焔の陣 (start of turn 2): 3 damage (2 +1 attack) to P2, P2 HP 9 → 6
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Hashable
from typing import Any

from workbench.engine.kernel.steps import AUTO, tupled
from workbench.games.mugen.words import hit_words

DAMAGE = frozenset({"damage", "pierce"})


def _name(game: Any, card: str) -> str:
    return str(game.cards[card].name) if card in game.cards else str(card)


def aftermath(game: Any, state: Any, choice: Hashable) -> str:
    """The automatic events ``choice`` at ``state`` sets off, as `` — event; event`` (empty
    when nothing but the choice itself happens). The effects the choice itself announces
    (a skill's own hits and heals, said by its label) are left to the label; their end of
    the game is said here."""
    if not state[0]:
        return ""
    t = game.thaw(state)
    tasks = t.tasks
    base = len(tasks) - 1
    tasks.pop().resolve(t, tupled(choice))
    announced = {id(x) for x in tasks[base:]}  # the choice's own steps: its label says them
    said: list[str] = []
    when = _phase(t)
    while tasks:
        top = tasks[-1]
        if top.KIND != AUTO:
            if top.LAPSES and top.lapses(t):
                tasks.pop()
                said += _lapsed(game, t, top)
                continue
            forced = t.forced_move()  # a decision the kernel makes: its words say it, go on
            if forced is None:
                break
            tasks.pop().resolve(t, forced[0])
            continue
        tasks.pop()
        kind = type(top).__name__
        if kind == "TurnEnd":
            when = f"end of turn {t.turn}"
        hp, zones, turn = list(t.hp), [list(z) for z in t.zones], t.turn
        top.run(t)
        if t.turn != turn:
            when = f"start of turn {t.turn}"
            said.append(f"turn {t.turn} starts (P{t.active + 1}'s)")
        if kind == "Effect" and id(top) not in announced:
            said += _effect(game, t, top, hp, when)
        said += _ran_out(game, t, zones)
        if t.result is not None:  # a kill the choice's own label announced: only who wins
            said_by_label = kind == "Effect" and id(top) in announced
            said.append(f"P{t.result[0] + 1} wins" if said_by_label else _end(t))
            break
    return " — " + "; ".join(said) if said else ""


def _phase(t: Any) -> str:
    """Where in the turn the steps still to run stand (a decision or draw can come between a
    turn's timed effects): its end while the next turn waits, its start while the upkeep does."""
    kinds = {type(x).__name__ for x in t.tasks}
    if "NextTurn" in kinds:
        return f"end of turn {t.turn}"
    if "Upkeep" in kinds:
        return f"start of turn {t.turn}"
    return ""


def _effect(game: Any, t: Any, step: Any, hp: list[int], when: str) -> list[str]:
    """A timed effect (or an effect that resolved after a decision) that moved HP."""
    p, verb = step.seat, step.verb
    cause = f"P{p + 1}'s {_name(game, step.card)}" + (f" ({when})" if when else "")
    if verb in DAMAGE:
        o = 1 - p
        if hp[o] == t.hp[o]:
            return [f"{cause}: no damage to P{o + 1} (its defence)"]
        text = hit_words(step.amount, t.atk(p), t.defence(o), verb == "pierce")[1]
        return [f"{cause}: {text} to P{o + 1}, P{o + 1} HP {hp[o]} → {t.hp[o]}"]
    if verb == "heal":
        if hp[p] == t.hp[p]:
            return [f"{cause}: P{p + 1} recovers nothing (HP {t.hp[p]}, the maximum)"]
        return [f"{cause}: P{p + 1} recovers {t.hp[p] - hp[p]} HP, P{p + 1} HP {hp[p]} → {t.hp[p]}"]
    if verb in ("mp", "ramp"):
        return [f"{cause}: MP +{step.amount}"]
    return []


def _ran_out(game: Any, t: Any, zones: list[list[Any]]) -> list[str]:
    """Set skills that left a zone on their own (their counters ran out)."""
    out = []
    for q in (0, 1):
        now = t.zones[q]
        if len(now) < len(zones[q]):
            gone = Counter(z.card for z in zones[q]) - Counter(z.card for z in now)
            for card in sorted(gone.elements()):
                out.append(f"P{q + 1}'s {_name(game, card)} runs out (to the dust zone)")
    return out


def _lapsed(game: Any, t: Any, step: Any) -> list[str]:
    """A draw or mill from an empty deck (nothing happens: said, as it leads to a deck-out)."""
    kind = type(step).__name__
    if kind == "Draw":
        return [f"P{step.seat + 1} draws nothing (the deck is empty)"]
    if kind == "Mill":
        return [f"P{step.seat + 1} mills nothing (the deck is empty)"]
    return []


def _end(t: Any) -> str:
    """The game's end: who won and why."""
    won = t.result
    fallen = [q for q in (0, 1) if t.hp[q] == 0]
    if fallen:
        q = fallen[0]
        return f"P{q + 1} falls to 0 HP: P{1 - q + 1} wins"
    empty = [q for q in (0, 1) if not t.decks[q]]
    decks = " and ".join(f"P{q + 1}'s" for q in empty)
    why = f"{decks} deck{'s are' if len(empty) > 1 else ' is'} empty at the end of the turn"
    return f"{why}: " + (f"P{won[0] + 1} wins" if won else "nobody wins")
