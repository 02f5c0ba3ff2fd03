"""What a move sets off in Life, in the words of the game (issue 35): power and VP gained
from events, skills, the order card and the mid-scorings, each die's top faces, and the
final scoring, said by the log line of the step that caused them.

:func:`aftermath` plays the step on a copy of the table with the game's own steps (the
choice, then each automatic step up to the next decision or draw) and says every change of
a player's power, card VP, mid-scoring VP and dice total, with its cause: the event or the
discarded card whose skill gave it, the order-card bonus, the mid-scoring.

>>> from workbench.games.life.rules import make_game
>>> g = make_game()
>>> s = g.initial_state()
>>> print(aftermath(g, s, g.chance_outcomes(s).outcomes()[0]))
<BLANKLINE>
"""

from __future__ import annotations

from collections.abc import Hashable
from typing import Any

from workbench.engine.kernel.steps import AUTO, tupled

Values = tuple[tuple[int, ...], ...]
WORDS = ("power", "card VP", "mid-scoring VP", "dice")
"""What each narrated number is called in a line: ``P2 power 3 → 4``."""


def values(t: Any) -> Values:
    """Each seat's power, card VP, mid-scoring VP and dice total (top faces), now."""
    return tuple(t.power), tuple(t.bonus_vp), tuple(t.mid_vp), tuple(t.totals())


def changes(before: Values, after: Values) -> list[str]:
    """Every seat's changed numbers: ``P2 power 3 → 4``.

    >>> changes(((1, 2), (0, 0), (0, 0), (9, 9)), ((1, 3), (0, 0), (0, 0), (9, 11)))
    ['P2 power 2 → 3', 'P2 dice 9 → 11']
    """
    out = []
    for seat in range(len(before[0])):
        for word, old, new in zip(WORDS, before, after, strict=True):
            if old[seat] != new[seat]:
                out.append(f"P{seat + 1} {word} {old[seat]} → {new[seat]}")
    return out


def _source(game: Any, t: Any, top: Any, choice: Any) -> str:
    """The card whose event or skill the steps after ``choice`` carry out (its name)."""
    card = None
    if isinstance(choice, str) and choice in game.cards:  # a card drawn or revealed
        card = choice
    elif isinstance(choice, tuple) and choice[:1] == ("take",):
        card = choice[1]
    elif type(top).__name__ == "Place":
        old = t.albums[top.seat][choice[1]]
        return f"{game.card_name(old)}'s skill" if old in game.cards else ""
    if card is None:  # within an event's steps (a re-roll's outcome): the event on the stack
        card = next((x.card for x in reversed(t.tasks) if type(x).__name__ == "RemoveCard"), None)
    if card is None:
        return ""
    if game.cards[card].is_event:
        return f"event {game.card_name(card)}"
    return f"{game.card_name(card)}'s skill (no square for it)"


PLACED = "placement"
"""The cause of a placement's own changes (said as the die rolling onto it, a dream skill)."""

_CAUSES = {
    "Turn": "order card",
    "MidScoring": "mid-scoring (places by dice total)",
    "FinalScoring": "final scoring",
}


def aftermath(game: Any, state: Any, choice: Hashable) -> str:
    """What ``choice`` at ``state`` changes of each player's power, VP and dice total, with
    the cause, and the game's end (`` — cause: change, change; …``; empty when nothing)."""
    if not state[0]:
        return ""
    t = game.thaw(state)
    tasks = t.tasks
    top = tasks[-1]
    choice = tupled(choice)
    source = _source(game, t, top, choice)
    before = values(t)
    placed = type(top).__name__ == "Place"  # a placement's own change: the die rolls onto it
    cause = PLACED if placed else source
    said: list[str] = []

    def flush(now: str) -> None:  # the changes since ``before`` under one cause, one clause
        nonlocal before, cause
        moved = changes(before, values(t))
        if moved and cause == PLACED:  # the die rolls onto the card; a dream skill may pay
            paid = any(" dice " not in m for m in moved)
            cause = "its die rolls onto it" + (", a dream skill pays" if paid else "")
        if moved:
            said.append(f"{cause}: {', '.join(moved)}" if cause else ", ".join(moved))
        before, cause = values(t), now

    tasks.pop().resolve(t, choice)
    while tasks:
        top = tasks[-1]
        if top.KIND != AUTO:
            if top.LAPSES and top.lapses(t):
                tasks.pop()
                continue
            forced = t.forced_move()  # a decision the kernel makes (its words name it)
            if forced is None:
                break
            now = PLACED if type(top).__name__ == "Place" else _source(game, t, top, forced[0])
            if now != cause:
                flush(now)
            tasks.pop().resolve(t, forced[0])
            continue
        tasks.pop()
        kind = type(top).__name__
        now = _CAUSES.get(kind, source)
        if now != cause:
            flush(now)
        top.run(t)
        if kind == "PassDone":
            said.append(_exchange(game))
        if kind == "FinalScoring":
            flush("")
            said.append(_final(game, t))
    flush("")
    return " — " + "; ".join(said) if said else ""


def _exchange(game: Any) -> str:
    """The passed dreams change hands (each player takes the one passed to them)."""
    n = game.params.players
    names = ", ".join(f"P{s + 1}" for s in range(n - 1)) + f" and P{n}"
    return f"the passed dreams change hands: {names} each take the one passed to them"


def _final(game: Any, t: Any) -> str:
    """The final scores and who wins (equal VP: a draw)."""
    scores = [t.score(s) for s in range(game.params.players)]
    best = max(scores)
    won = [s for s, v in enumerate(scores) if v == best]
    table = ", ".join(f"P{s + 1} {v} VP" for s, v in enumerate(scores))
    names = " and ".join(f"P{s + 1}" for s in won)
    return f"final scores {table}: {names} win{'s' if len(won) == 1 else ''}"
