"""The rules of 「探偵無宿２」 within a turn, as kernel steps (the readings are in
:mod:`.rules`; turns and rounds are :mod:`.steps_round`).

Chance steps: :class:`EventDraw` (one event from the event deck),
:class:`Investigate` (the active player's investigation draw). Decisions:
:class:`Main`, :class:`Break2` (suspect / clear / pass), :class:`Pay`
(discards for generated icons), :class:`Discard` (an action or effect makes a
player discard), :class:`Trim` (hand over the limit at turn end),
:class:`Burn` (these four in :mod:`.steps_discards`, re-exported here).
Everything else runs at once: :class:`Act` (a person's action for one
player), :class:`Refill` and :class:`Resolve` (a paid event) here.

Each step's ``TAG`` is its short name in transcripts (``describe``); its
fields follow the tag in the order the transcripts print them.

>>> from workbench.games.detective.rules import make_game
>>> t = make_game(players=3).new_table()
>>> t.tasks[-1], t.tasks[-1].TAG
(EventDraw(seat=0, left=5), 'edraw')
"""

from __future__ import annotations

from bisect import insort
from collections.abc import Hashable, Sequence
from typing import Any, NamedTuple

from workbench.cards import Effect
from workbench.engine.kernel import auto, chance, decision

from .catalogue import NIGHT
from .labels import card_name, event_name, label
from .steps_discards import COUNTS, DISCARD, PAY, SEATS, Burn, Discard, Pay, Trim, tagged
from .table import DetectiveTable

T = DetectiveTable


# -- chance ----------------------------------------------------------------------
@tagged("edraw")
@chance
class EventDraw(NamedTuple):
    """``seat`` draws one event card; ``left`` counts this one and those still to draw.

    When the deck is out, the discard pile is shuffled back to make it (the
    seed's リシャッフル): the card is drawn from the sorted discard pile, which
    becomes the deck. With both empty the draw lapses.
    """

    seat: int
    left: int

    def lapses(self, t: T) -> bool:
        return not t.edeck and not t.discard

    def outcomes(self, t: T) -> Sequence[int]:
        return t.edeck or sorted(t.discard)

    def resolve(self, t: T, card: int) -> None:
        edeck = t.edeck
        if not edeck:
            edeck += sorted(t.discard)
            t.discard.clear()
        edeck.remove(card)
        insort(t.hands[self.seat], card)
        if self.left > 1:
            t.tasks.append(
                EDRAW[self.seat][self.left - 1]
                if self.left <= COUNTS
                else EventDraw(self.seat, self.left - 1)
            )

    def label(self, t: T, a: Hashable) -> str:
        return f"Player {self.seat + 1} draws {event_name(t.game.catalogue, a)}"  # type: ignore[arg-type]

    def seen_by(self, t: T, a: Hashable) -> tuple[int, ...]:
        return (self.seat,)  # into the hand: the others see that a card was drawn

    def hidden_label(self, t: T, a: Hashable) -> str:
        return f"Player {self.seat + 1} draws an event card"


def draw_next(t: T, seat: int, k: int) -> None:
    """``seat`` draws ``k`` events from now (nothing when ``k <= 0``)."""
    if k > 0:
        t.tasks.append(EDRAW[seat][k] if k < COUNTS else EventDraw(seat, k))


@tagged("inv")
@chance
class Investigate(NamedTuple):
    """The investigation draw of ``seat``'s turn (the card goes to the line)."""

    seat: int

    def outcomes(self, t: T) -> list[str]:
        return t.pool

    def resolve(self, t: T, card: str) -> None:
        pool = t.pool
        pool.remove(card)
        first, t.first_draw = t.first_draw, False
        if (
            card == NIGHT
            and first
            and t.game.catalogue.params.first_card_rule
            and (pool or t.bottom)
        ):
            t.bottom.append(NIGHT)  # the first-card rule: to the bottom, draw again
            t.first_draw = True
            investigate(t, self.seat)
        else:
            place(t, self.seat, card)

    def label(self, t: T, a: Hashable) -> str:
        """``Player 2's investigation draw: 椚 百合`` (the drawer named)."""
        return f"Player {self.seat + 1}'s investigation draw: {card_name(t.game.catalogue, a)}"  # type: ignore[arg-type]


def investigate(t: T, seat: int) -> None:
    """``seat``'s investigation draw: from the deck, or the bottom card when it is empty."""
    if t.pool:
        t.tasks.append(INVESTIGATE[seat])
    else:
        place(t, seat, t.bottom.pop(0))


def place(t: T, seat: int, card: str) -> None:
    """``card`` goes to the line for ``seat``: the tragic night, or a person whose action
    every player takes from ``seat`` clockwise (awakened while the person is awake)."""
    t.line.append(card)
    if card == NIGHT:
        t.tn, t.drawer = True, seat
        return
    t.round_persons += 1
    cat = t.game.catalogue
    plain, awakened = cat.card_actions[card]
    awake = plain is not awakened and t.awake(cat.card_person[card])
    players = len(t.hands)
    key = (card, awake, seat, players)
    steps = cat.memo.get(key)
    if steps is None:
        steps = cat.memo[key] = action_steps(awakened if awake else plain, seat, players)
    t.tasks += steps


def action_steps(action: tuple[Effect, ...], seat: int, n: int) -> tuple[Any, ...]:
    """The steps that apply a person's ``action`` to every player from ``seat`` clockwise,
    in stack order: when each of its effects is a step of its own (draws, discards,
    refills: nothing happens at once), every player's effects are queued now, else one
    :class:`Act` per player expands them in turn."""
    seats = [(seat + k) % n for k in range(n - 1, -1, -1)]
    queued = [[effect_steps(s, n, eff.verb, eff.args) for eff in reversed(action)] for s in seats]
    if any(x is None for per_seat in queued for x in per_seat):
        return tuple(Act(s, action) for s in seats)
    return tuple(step for per_seat in queued for x in per_seat for step in x)  # type: ignore[union-attr]


# -- decisions --------------------------------------------------------------------
@tagged("main")
@decision
class Main(NamedTuple):
    """The main phase: investigate (play a payable event), reserve, set, or take a break."""

    seat: int

    def legal(self, t: T) -> list[Hashable]:
        return t.main_ids(self.seat)

    def resolve(self, t: T, a: tuple[Any, ...]) -> None:
        kind, seat, push = a[0], self.seat, t.tasks.append
        if kind == "play":
            no = a[1]
            need = t.discards_needed(seat, no)
            cat = t.game.catalogue
            if need and cat.params.generated_lasts == "turn":
                t.generated += t.shortfall(seat, no)  # they count until the turn ends
                t.generated.sort()
            t.hands[seat].remove(no)
            p = cat.params
            if (
                p.oneshot_free
                and not cat.events[no].placed
                and (p.oneshot_cap is None or t.free_used < p.oneshot_cap)
            ):
                t.free_used += 1  # a free one-shot keeps the main phase
                push(self)
            push(Resolve(seat, no))
            if need:
                push(PAY[seat][need] if need < COUNTS else Pay(seat, need))
        elif kind == "break":
            hand = t.hands[seat]
            if len(a) > 1:
                hand.remove(a[1])
                t.discard.append(a[1])
            if not t.tn:
                push(BREAK2[seat])
            short = t.limit(seat) - len(hand)
            if t.game.catalogue.params.break_draw == "one":
                short = min(1, short)  # 手札１枚補充: one card, never past the limit
            draw_next(t, seat, short)  # the refill, at once
        elif kind == "set":
            t.reserved[seat] = None
            push(self)
            push(Resolve(seat, a[1]))
        else:  # reserve
            t.hands[seat].remove(a[1])
            t.reserved[seat] = a[1]

    def label(self, t: T, a: Hashable) -> str:
        return label(t.game.catalogue, a)

    def seen_by(self, t: T, a: Hashable) -> tuple[int, ...] | None:
        """A card reserved goes face down: only its player sees which (the rest is public)."""
        return (self.seat,) if a[0] == "reserve" else None  # type: ignore[index]

    def hidden_label(self, t: T, a: Hashable) -> str:
        return "reserve a card face down"


@tagged("break2")
@decision
class Break2(NamedTuple):
    """After a break (before the tragic night): suspect, clear or pass."""

    seat: int

    def legal(self, t: T) -> list[Hashable]:
        return t.break2_ids()

    def resolve(self, t: T, a: tuple[Any, ...]) -> None:
        if a[0] == "suspect":
            t.suspects += 1
            suspect(t, a[1])
        elif a[0] == "clear":
            clear_person(t, a[1])

    def label(self, t: T, a: Hashable) -> str:
        return label(t.game.catalogue, a)


def clear_person(t: T, who: str) -> None:
    """The rightmost line card of ``who`` goes outside (none on the line: nothing happens)."""
    person = t.game.catalogue.card_person
    line = t.line
    for i in range(len(line) - 1, -1, -1):
        if person.get(line[i]) == who:
            insort(t.outside, line.pop(i))
            return


def suspect(t: T, who: str) -> None:
    """A supply card of ``who`` goes outside (none left: nothing happens)."""
    card = t.supply_card(who)
    if card is not None:
        t.supply.remove(card)
        insort(t.outside, card)


# -- automatic steps ----------------------------------------------------------------
@tagged("act")
@auto
class Act(NamedTuple):
    """A person's action (its effects in order) for one player."""

    seat: int
    action: tuple[Effect, ...]

    def run(self, t: T) -> None:
        for eff in reversed(self.action):
            effect(t, self.seat, eff.verb, eff.args)


def effect_steps(seat: int, n: int, verb: str, args: tuple[Any, ...]) -> tuple[Any, ...] | None:
    """The steps (in stack order) an effect for ``seat`` queues, or None when it acts at
    once (suspect, clear). ``n``: the number of players.

    >>> effect_steps(1, 3, "others_discard", (1,))
    (Discard(seat=0, left=1), Discard(seat=2, left=1))
    """
    if verb == "draw":
        return (EventDraw(seat, args[0]),) if args[0] > 0 else ()
    if verb == "discard":
        return (Discard(seat, args[0]),)
    if verb == "refill":
        return (REFILL[seat],)
    if verb == "others_discard":
        return tuple(Discard((seat + k) % n, args[0]) for k in range(n - 1, 0, -1))
    if verb == "burn":
        return (Burn(seat),)
    return None


def effect(t: T, seat: int, verb: str, args: tuple[Any, ...]) -> None:
    """One effect for ``seat``: draws, discards and burns become steps; suspect/clear act now."""
    steps = effect_steps(seat, len(t.hands), verb, args)
    if steps is not None:
        t.tasks += steps
    elif verb == "suspect":
        suspect(t, args[0])
    elif verb == "clear":
        clear_person(t, args[0])


@tagged("refill")
@auto
class Refill(NamedTuple):
    """``seat`` draws up to its hand limit."""

    seat: int

    def run(self, t: T) -> None:
        draw_next(t, self.seat, t.limit(self.seat) - len(t.hands[self.seat]))


@tagged("resolve")
@auto
class Resolve(NamedTuple):
    """A paid event: into the notebook (placed) or the discard pile (one-shot), then its
    effects."""

    seat: int
    no: int

    def run(self, t: T) -> None:
        ev = t.game.catalogue.events[self.no]
        t.played.append(self.no)
        (t.notebooks[self.seat] if ev.placed else t.discard).append(self.no)
        for eff in reversed(ev.effects):
            effect(t, self.seat, eff.verb, eff.args)


EDRAW = tuple(tuple(EventDraw(s, k) for k in range(COUNTS)) for s in range(SEATS))
INVESTIGATE, MAIN, BREAK2, TRIM, REFILL = (
    tuple(cls(s) for s in range(SEATS)) for cls in (Investigate, Main, Break2, Trim, Refill)
)

DECISIONS = (Main, Break2, Pay, Discard, Trim, Burn)

__all__ = [
    "Act",
    "Break2",
    "Burn",
    "COUNTS",
    "DECISIONS",
    "DISCARD",
    "Discard",
    "EventDraw",
    "Investigate",
    "MAIN",
    "Main",
    "PAY",
    "Pay",
    "Refill",
    "Resolve",
    "SEATS",
    "TRIM",
    "Trim",
    "action_steps",
    "clear_person",
    "draw_next",
    "effect",
    "effect_steps",
    "investigate",
    "place",
    "suspect",
    "tagged",
]
