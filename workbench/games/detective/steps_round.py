"""Turns and rounds of 「探偵無宿２」 as kernel steps (the rest of the rules: :mod:`.steps`).

A round: its deck is recorded, the opening (variant) is drawn, then turns
clockwise from the start player; after the tragic night's turn the round
ends (victim, game-end check, reshuffle, next start player). A turn: the
investigation draw, the main phase, every hand over its limit trimmed, its end.
:class:`Open` is the chance step of the opening (an investigation card drawn
without action).
A module of its own only for size: it builds on :mod:`.steps`, never the
other way round.

>>> from workbench.games.detective.rules import make_game
>>> g = make_game(players=3)
>>> t = g.new_table()
>>> while type(t.tasks[-1]).__name__ == "EventDraw":
...     t.step(t.tasks[-1].outcomes(t)[0])
>>> [s.TAG for s in t.tasks]
['endturn', 'trimall', 'main', 'inv']
"""

from __future__ import annotations

from bisect import insort
from collections.abc import Hashable
from typing import NamedTuple

from workbench.engine.kernel import auto, chance, decision

from .catalogue import NIGHT
from .labels import card_name, label
from .steps import MAIN, SEATS, TRIM, clear_person, investigate, tagged
from .table import DetectiveTable, victim_of

T = DetectiveTable


@tagged("open")
@chance
class Open(NamedTuple):
    """An opening draw without action (``opening`` variant); ``left`` to draw."""

    left: int

    def outcomes(self, t: T) -> list[str]:
        return t.pool

    def resolve(self, t: T, card: str) -> None:
        t.pool.remove(card)
        t.first_draw = False
        if card == NIGHT:  # set aside; replaced only with opening_replace
            t.bottom.append(NIGHT)
            open_next(t, self.left if t.game.catalogue.params.opening_replace else self.left - 1)
            return
        t.line.append(card)
        t.round_persons += 1
        open_next(t, self.left - 1)

    def label(self, t: T, a: Hashable) -> str:
        """``opening: 椚 百合`` (an opening card, drawn without action)."""
        return f"opening: {card_name(t.game.catalogue, a)}"  # type: ignore[arg-type]


def open_next(t: T, left: int) -> None:
    """Draw ``left`` more opening cards; once done, a tragic night set aside is shuffled
    back (``opening_tragic="reshuffle"``) or stays at the bottom."""
    if left > 0 and t.pool:
        t.tasks.append(Open(left))
        return
    if t.game.catalogue.params.opening_tragic == "reshuffle" and NIGHT in t.bottom:
        t.bottom.remove(NIGHT)
        insort(t.pool, NIGHT)


@tagged("edit")
@decision
class Edit(NamedTuple):
    """``round_start_edit``: after the opening the start player may add one supply card
    of a person to the investigation deck (``("add", who)``), take one person's card out
    of it back to their pile (``("withdraw", who)``: 「１枚追加、あるいは減らす」), or pass;
    ``edit_remove="line"`` (version 2) removes a person from the line instead."""

    seat: int

    def legal(self, t: T) -> list[Hashable]:
        cat = t.game.catalogue
        ids: list[Hashable] = [
            ("add", who) for who in cat.persons if t.supply_card(who) is not None
        ]
        if cat.params.edit_remove == "deck":
            ids += [("withdraw", who) for who in cat.persons if deck_card(t, who) is not None]
        else:
            ids += [("remove", who) for who in t.clearable()]
        ids.append(("pass",))
        return ids

    def resolve(self, t: T, a: tuple[str, ...]) -> None:
        if a[0] == "add":
            card = t.supply_card(a[1])
            if card is not None:  # offered only while the pile has one
                t.supply.remove(card)
                insort(t.pool, card)
        elif a[0] == "withdraw":
            card = deck_card(t, a[1])
            if card is not None:
                t.pool.remove(card)
                insort(t.supply, card)
        elif a[0] == "remove":
            clear_person(t, a[1])

    def label(self, t: T, a: Hashable) -> str:
        return label(t.game.catalogue, a)


def deck_card(t: T, who: str) -> str | None:
    """The card of ``who`` a withdrawal takes out of the investigation deck: the last of
    their plain cards in it (the awakened card only when no plain one is left)."""
    cards = [c for c in t.game.catalogue.person_cards[who] if c in t.pool]
    plain = [c for c in cards if not c.endswith(":A")]
    return (plain or cards or [None])[-1]


@tagged("roundstart")
@auto
class RoundStart(NamedTuple):
    """Record the round's deck, then the opening (variant) and the first turn."""

    def run(self, t: T) -> None:
        round_start(t)


def round_start(t: T) -> None:
    """Record the round's deck, then the opening (variant) and the first turn."""
    who = t.game.catalogue.card_person
    counts: dict[str, int] = {}
    for c in t.pool:
        if c != NIGHT:
            counts[who[c]] = counts.get(who[c], 0) + 1
    t.round_deck, t.round_persons = tuple(sorted(counts.items())), 0
    p = t.game.catalogue.params
    if p.opening or p.round_start_edit:
        t.tasks.append(Turn(t.start))
        if p.round_start_edit:
            t.tasks.append(EDIT[t.start])
        if p.opening:
            open_next(t, p.opening)
    else:
        start_turn(t, t.start)


@tagged("turn")
@auto
class Turn(NamedTuple):
    """A turn: investigation draw, main phase, trims, end of turn."""

    seat: int

    def run(self, t: T) -> None:
        start_turn(t, self.seat)


def start_turn(t: T, seat: int) -> None:
    """``seat``'s turn: the investigation draw (now), the main phase, trims, its end."""
    t.active, t.free_used = seat, 0
    if t.generated:
        t.generated.clear()  # generated icons lapse with the turn
    t.turns += 1
    t.tasks += (ENDTURN[seat], TRIMALL[seat], MAIN[seat])
    investigate(t, seat)


@tagged("trimall")
@auto
class TrimAll(NamedTuple):
    """Every player over the hand limit trims, from the active player clockwise
    (``trim_hands="active"``: the active player only)."""

    seat: int

    def run(self, t: T) -> None:
        p = t.game.catalogue.params
        hands, base, push = t.hands, p.hand_limit, t.tasks.append
        n = len(hands)
        for k in range(n - 1, -1, -1) if p.trim_hands == "everyone" else (0,):
            # only the hands over the limit (Trim.lapses); trim_hands="active": only the
            # player whose turn ends (k = 0)
            seat = (self.seat + k) % n
            size = len(hands[seat])
            if size > base and size > t.limit(seat):
                push(TRIM[seat])


@tagged("endturn")
@auto
class EndTurn(NamedTuple):
    """The next player's turn, or the round end after the tragic night."""

    seat: int

    def run(self, t: T) -> None:
        if t.tn:
            round_end(t)
        else:
            start_turn(t, (self.seat + 1) % len(t.hands))


@tagged("roundend")
@auto
class RoundEnd(NamedTuple):
    """Victim, game-end check, reservations lapse, reshuffle, next start player."""

    def run(self, t: T) -> None:
        round_end(t)


def round_end(t: T) -> None:
    """Victim, game-end check, reservations lapse, reshuffle, next start player."""
    cat = t.game.catalogue
    p = cat.params
    t.round_turns.append(t.turns - sum(t.round_turns))
    t.generated.clear()
    for seat, res in enumerate(t.reserved):
        if res is not None:
            t.discard.append(res)
            t.reserved[seat] = None
            t.penalties[seat] += p.reservation_penalty
    victim = victim_of(t.line, cat.card_person)
    t.victims.append(victim)
    t.history.append((t.round_deck, t.round_persons, t.round_turns[-1], victim))
    if victim is not None:
        t.dead.append(victim)
        gone = set(cat.person_cards[victim])
        for zone in (t.pool, t.bottom, t.line, t.outside, t.supply):
            t.removed += [c for c in zone if c in gone]
            zone[:] = [c for c in zone if c not in gone]
        t.removed.sort()
    n = len(t.hands)
    vps = [t.vp(i) for i in range(n)]
    if max(vps) >= p.win_vp:
        t.over, t.end_reason = True, "vp"
    elif len(t.dead) >= p.deaths_to_end:
        t.over, t.end_reason = True, "deaths"
    elif t.round >= p.max_rounds:
        t.over, t.end_reason = True, "round limit"
    if t.over:
        t.tasks.clear()
        return
    t.pool[:] = sorted(t.pool + t.bottom + t.line + t.outside)
    t.bottom[:], t.line[:], t.outside[:] = [], [], []
    t.start = (t.drawer + 1) % n if p.next_start == "after_drawer" else (t.start + 1) % n
    t.round += 1
    t.tn, t.suspects, t.first_draw = False, 0, True
    round_start(t)


ENDTURN, TRIMALL, EDIT = (tuple(cls(s) for s in range(SEATS)) for cls in (EndTurn, TrimAll, Edit))

__all__ = [
    "Edit",
    "EndTurn",
    "Open",
    "RoundEnd",
    "RoundStart",
    "TrimAll",
    "Turn",
    "open_next",
    "round_end",
    "round_start",
    "start_turn",
]
