"""What the 「探偵無宿２」 log says happened (issue 35): every step's line ends with what
followed it before the next decision or chance step — a tragic night drawn from the
bottom of the deck, the first-card rule's redraw, cards put on the line, cleared and
suspected, events going into a notebook or the discard pile, the round's end with its
victim and the people dead, lapsed reservations, the next round's start player, and
the game's end with its winner.

The words come from running the step on a copy of the table (the rules themselves,
once) and reading what changed in what every player sees (the line, outside, the
supply, notebooks, the discard pile, the dead, the round): never a card in a hand or
a deck, so every seat reads the same. :data:`NARRATED` declares, for the conformance
check (:mod:`workbench.engine.conformance.narration`), the values the log must explain.

>>> from workbench.games.detective.rules import make_game
>>> from workbench.engine.play.session import Session
>>> from workbench.engine.players import random_player
>>> s = Session(make_game(players=3), seed=2)
>>> s.play_to_end(random_player)
>>> print(s.log[-1].split("; ")[-1])  # doctest: +ELLIPSIS
game over (...): Player ... wins (VP Player 1 ..., Player 2 ..., Player 3 ...)
"""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Hashable, Sequence
from typing import Any

from workbench.engine.conformance.narration import Change, Narrated, names_seat
from workbench.engine.kernel import tupled

from .catalogue import NIGHT
from .labels import card_name, event_name

__all__ = ["NARRATED", "after_words", "player"]

REASONS = {
    "vp": "{vp} VP reached",
    "deaths": "{deaths} people dead",
    "round limit": "the {rounds}-round limit (a cap of the workbench, not of the seed)",
}


def player(seat: int) -> str:
    """A seat as the log names it (``Player N``)."""
    return f"Player {seat + 1}"


def after_words(game: Any, state: Any, x: Hashable, said: str = "") -> str:
    """What follows ``x`` at ``state`` until the next decision or chance step, in words
    ('' when nothing a player sees changed but what ``said`` already says)."""
    if not state[0]:
        return ""
    before = game.view(state)
    after = game.thaw(state)
    after.step(tupled(x))
    return "; ".join(_parts(game, before, after, tupled(x)))


def _person(cat: Any, who: str) -> str:
    return str(cat.cards.people[who].name_ja)


def _parts(game: Any, t0: Any, t1: Any, x: Any) -> list[str]:
    cat = game.catalogue
    top = type(t0.tasks[-1]).__name__
    out: list[str] = []
    if top == "Investigate" and x == NIGHT and t1.bottom.count(NIGHT) > t0.bottom.count(NIGHT):
        out.append(
            f"the round's first card is {card_name(cat, NIGHT)}: it goes to the bottom of "
            f"the investigation deck and {player(t0.tasks[-1].seat)} draws again"
        )
    ended = t1.round > t0.round or (t1.over and not t0.over)
    if not ended:
        out += _line_moves(game, t0, t1)
    out += _events(game, t0, t1)
    if ended:
        out += _round_end(game, t0, t1)
    elif t1.active != t0.active or t1.turns > t0.turns:
        out.append(f"{player(t1.active)}'s turn")
    for s in range(len(t0.hands)):
        a, b = t0.vp(s), t1.vp(s)
        if a != b:
            out.append(f"{player(s)}: {a} → {b} VP")
    if t1.over and not t0.over:
        out.append(_end(game, t1))
    return out


def _line_moves(game: Any, t0: Any, t1: Any) -> list[str]:
    """Investigation cards that reached the line, left it, or were suspected."""
    cat = game.catalogue
    out: list[str] = []
    if len(t1.bottom) < len(t0.bottom):
        card = t0.bottom[0]
        out.append(
            f"{player(t1.active)} draws {card_name(cat, card)} from the bottom of the "
            "investigation deck (the deck is empty)"
        )
    new_line = Counter(t1.line) - Counter(t0.line)
    for card in new_line.elements():
        if card != NIGHT:
            out.append(f"{card_name(cat, card)} goes on the line")
    if NIGHT in new_line:
        out.append(f"{card_name(cat, NIGHT)} goes on the line: the round ends with this turn")
    cleared = Counter(t0.line) - Counter(t1.line)
    for card in cleared.elements():
        out.append(f"{card_name(cat, card)} is cleared from the line (to outside)")
    suspected = Counter(t0.supply) - Counter(t1.supply)
    added = Counter(t1.pool) - Counter(t0.pool)
    for card in suspected.elements():
        where = "the investigation deck" if card in added else "outside: a suspect"
        out.append(
            f"a card of {_person(cat, cat.card_person[card])} goes from the supply to {where}"
        )
    back = Counter(t1.supply) - Counter(t0.supply)
    for card in back.elements():
        out.append(f"a card of {_person(cat, cat.card_person[card])} goes back to the supply")
    return out


def _events(game: Any, t0: Any, t1: Any) -> list[str]:
    """Events that went into a notebook or from a notebook to the discard pile."""
    cat = game.catalogue
    out: list[str] = []
    for s, (a, b) in enumerate(zip(t0.notebooks, t1.notebooks)):
        for no in (Counter(b) - Counter(a)).elements():
            out.append(f"{event_name(cat, no)} goes into {player(s)}'s notebook")
    played = t1.played[len(t0.played) :]
    for no in played:
        if not cat.events[no].placed:
            out.append(f"{event_name(cat, no)} is used up (to the discard pile)")
    return out


def _round_end(game: Any, t0: Any, t1: Any) -> list[str]:
    """The round's end: reservations lost, the victim, the dead, the next round."""
    cat = game.catalogue
    out = [f"round {t0.round} ends"]
    for s, (a, b) in enumerate(zip(t0.penalties, t1.penalties)):
        if b > a:
            out.append(f"{player(s)}'s reservation is lost (−{b - a} VP)")
    victim = t1.victims[-1] if len(t1.victims) > len(t0.victims) else None
    if victim is None:
        out.append("no victim (no person has strictly the most cards on the line)")
    else:
        on_line = sum(1 for c in t0.line if cat.card_person.get(c) == victim)
        out.append(
            f"the victim is {_person(cat, victim)} (most cards on the line: {on_line}); "
            f"every card of theirs leaves the game; dead: "
            + ", ".join(_person(cat, d) for d in t1.dead)
            + f" ({len(t1.dead)} of {cat.params.deaths_to_end})"
        )
    if not t1.over:
        out.append(
            f"the line and outside are shuffled back into the investigation deck; round "
            f"{t1.round} begins with {player(t1.start)}"
        )
    return out


def _end(game: Any, t: Any) -> str:
    """The game's end: why, and the winner(s) with every seat's VP."""
    p = game.catalogue.params
    why = REASONS.get(t.end_reason, t.end_reason).format(
        vp=p.win_vp, deaths=p.deaths_to_end, rounds=p.max_rounds
    )
    vps = [t.vp(s) for s in range(len(t.hands))]
    won = game.winners(t.freeze())
    names = " and ".join(player(s) for s in won)
    verb = "share the win" if len(won) > 1 else "wins"
    scores = ", ".join(f"{player(s)} {v}" for s, v in enumerate(vps))
    return f"game over ({why}): {names} {verb} (VP {scores})"


# -- what the narration check reads --------------------------------------------------------
def _vp(game: Any, state: Any) -> tuple[int, ...]:
    t = game.view(state)
    return tuple(t.vp(s) for s in range(len(state.hands)))


def _hands(game: Any, state: Any) -> tuple[int, ...]:
    return tuple(map(len, state.hands))


def _notebooks(game: Any, state: Any) -> tuple[int, ...]:
    return tuple(map(len, state.notebooks))


def _table(game: Any, state: Any) -> tuple[Hashable, ...]:
    return (len(state.line),)


def _dead(game: Any, state: Any) -> tuple[Hashable, ...]:
    return (len(state.dead),)


def _round(game: Any, state: Any) -> tuple[Hashable, ...]:
    return (state.round,)


def _over(game: Any, state: Any) -> tuple[Hashable, ...]:
    return (state.over,)


_HAND_VERBS = re.compile(
    r"draws|discard|trim|investigate|take a break|reserve|set reserved", re.IGNORECASE
)


def _hand_said(line: str, change: Change, names: Sequence[str]) -> bool:
    """A hand changes by a draw, a discard (a payment, an action's, a trim), an event
    played or reserved, or a break."""
    return bool(_HAND_VERBS.search(line)) and names_seat(line, names)


NARRATED = (
    Narrated("VP", _vp, says=r"\bVP\b"),
    Narrated("hand size", _hands, explains=_hand_said),
    Narrated("notebook", _notebooks, says=r"notebook"),
    Narrated("cards on the line", _table, says=r"line|round \d+ ends", per_seat=False),
    Narrated("dead", _dead, says=r"the victim is", per_seat=False),
    Narrated("round", _round, says=r"round \d+ begins", per_seat=False),
    Narrated("game over", _over, says=r"game over", per_seat=False),
)
