"""Life's rules as steps on the kernel's stack: rounds, turns, cards, scoring.

Chance steps (equally likely outcomes, in the order listed: decks are kept
sorted, so the outcome list is the zone itself): :class:`Reveal`,
:class:`Draw`, :class:`TimedEvent`, the set-up's ``DealDream`` and
``TieBreak`` (``steps_setup.py``) and the dice's ``Roll`` / ``Reroll``
(``steps_dice.py``). Decisions: :class:`Pawn`, :class:`Take`,
:class:`Place`, the set-up's ``PassDream``, ``SetDream``, ``Character`` and
the dice's ``Orient``, ``Tip``, ``TurnAny``, ``MoveDie``, ``WhichDie``. A
reveal or draw from an empty stage deck, a take from an empty common area and
a dream choice from an empty hand lapse. The rest runs at once.

>>> from workbench.games.life.rules import make_game
>>> t = make_game().new_table()
>>> [kind_of(s) for s in t.tasks[-3:]], len(t.tasks[-1].outcomes(t))
(['deal', 'deal', 'deal'], 12)
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, NamedTuple

from workbench.engine.kernel import auto, chance, decision
from workbench.games.life.effects import mid_scoring
from workbench.games.life.params import LifeParams
from workbench.games.life.steps_dice import MoveDie, Orient, Reroll, Roll, Tip, TurnAny, WhichDie
from workbench.games.life.steps_effects import (
    GainPower,
    GainVP,
    LosePower,
    Lowest,
    RemoveCard,
    Reward,
)
from workbench.games.life.steps_setup import (
    Character,
    DealDream,
    PassDone,
    PassDream,
    SetDream,
    StartPlayer,
    TieBreak,
)
from workbench.games.life.table import CHARACTER, SQUARES, STATS, LifeTable, square_name

PLACE_IDS: tuple[tuple[str, int], ...] = tuple(("place", sq) for sq in range(SQUARES))
PAWN_IDS: tuple[tuple[str, int], ...] = tuple(("pawn", k + 1) for k in range(4))
BONUS = {1: "", 2: " (tip a die)", 3: " (start marker)", 4: " (1 power)"}
N_STATS = len(STATS)


def _text(t: LifeTable, card: str) -> str:
    return str(t.game.card_text(card))


# -- chance ---------------------------------------------------------------------------
@chance
class Reveal(NamedTuple):
    """Round start: one card of the stage deck face up to the common area."""

    def lapses(self, t: LifeTable) -> bool:
        return not t.decks[t.stage]

    def outcomes(self, t: LifeTable) -> Sequence[str]:
        return t.decks[t.stage]

    def resolve(self, t: LifeTable, card: str) -> None:
        t.decks[t.stage].remove(card)
        t.common.append(card)

    def label(self, t: LifeTable, card: str) -> str:
        return f"reveal {_text(t, card)}"


@chance
class Draw(NamedTuple):
    """The repeat phase: ``seat`` draws one card of the stage deck and resolves it."""

    seat: int

    def lapses(self, t: LifeTable) -> bool:
        return not t.decks[t.stage]

    def outcomes(self, t: LifeTable) -> Sequence[str]:
        return t.decks[t.stage]

    def resolve(self, t: LifeTable, card: str) -> None:
        t.decks[t.stage].remove(card)
        resolve_card(t, self.seat, card)

    def label(self, t: LifeTable, card: str) -> str:
        return f"P{self.seat + 1} draws {_text(t, card)}"


@chance
class TimedEvent(NamedTuple):
    """``timed_events``: the round's event, organised by the start player."""

    def lapses(self, t: LifeTable) -> bool:
        return not t.events[t.stage]

    def outcomes(self, t: LifeTable) -> Sequence[str]:
        return t.events[t.stage]

    def resolve(self, t: LifeTable, card: str) -> None:
        t.events[t.stage].remove(card)
        resolve_card(t, t.start, card)

    def label(self, t: LifeTable, card: str) -> str:
        return f"event {_text(t, card)}"


# -- decisions ---------------------------------------------------------------------------
@decision
class Pawn(NamedTuple):
    """``seat`` puts its pawn on a free order space (1..4, also 4 with 3 players)."""

    seat: int

    def legal(self, t: LifeTable) -> list[tuple[str, int]]:
        order = t.order
        return [PAWN_IDS[k] for k in range(4) if order[k] < 0]

    def resolve(self, t: LifeTable, a: tuple[str, int]) -> None:
        t.order[a[1] - 1] = self.seat
        t.picks[self.seat].append(a[1])

    def label(self, t: LifeTable, a: tuple[str, int]) -> str:
        return f"pawn on order space {a[1]}{BONUS[a[1]]}"


@decision
class Take(NamedTuple):
    """The main phase: ``seat`` takes a card of the common area and resolves it."""

    seat: int

    def lapses(self, t: LifeTable) -> bool:
        return not t.common

    def legal(self, t: LifeTable) -> list[tuple[str, str]]:
        ids = _TAKES
        return [ids.get(c) or ids.setdefault(c, ("take", c)) for c in sorted(set(t.common))]

    def resolve(self, t: LifeTable, a: tuple[str, str]) -> None:
        t.common.remove(a[1])
        resolve_card(t, self.seat, a[1])

    def label(self, t: LifeTable, a: tuple[str, str]) -> str:
        return f"take {_text(t, a[1])}"


@decision
class Place(NamedTuple):
    """``seat`` places regular ``card`` on one of ``squares`` (found when pushed):
    the die of its colour rolls onto it; a replaced card is discarded and its
    skill applies."""

    seat: int
    card: str
    squares: tuple[int, ...]

    def legal(self, t: LifeTable) -> list[tuple[str, int]]:
        ids = _PLACES.get(self.squares)
        if ids is None:
            ids = _PLACES[self.squares] = [PLACE_IDS[sq] for sq in self.squares]
        return ids

    def resolve(self, t: LifeTable, a: tuple[str, int]) -> None:
        seat, card, sq = self.seat, self.card, a[1]
        game = t.game
        c, o, power, vp = t.placement(seat, card, sq)
        album = t.albums[seat]
        stats = t.stats
        base = N_STATS * t.stage
        stats[base] += 1
        old = album[sq]
        if old is not None:
            stats[base + 1] += 1
            if old == CHARACTER:  # it leaves the album: not an album card, no skill
                stats[base + 4] += 1
                old = None
            else:
                t.discard.append(old)
            if vp:  # (an unchanged field left untouched: the freeze need not compare it)
                t.bonus_vp[seat] += vp
        album[sq] = card
        t.dice_o[seat][c] = o
        t.dice_sq[seat][c] = sq
        if power:
            t.power[seat] += power
        if old is not None and game.params.album_skills:
            t.push(*game.skill_steps[old][seat])

    def label(self, t: LifeTable, a: tuple[str, int]) -> str:
        old = t.albums[self.seat][a[1]]
        extra = (
            ""
            if old is None
            else " replacing the character card"
            if old == CHARACTER
            else f" replacing {t.game.card_name(old)}"
        )
        return f"place {t.game.card_name(self.card)} on {square_name(a[1])}{extra}"


#: the take id of each card met so far, and a round's steps by (players, timed events, start)
_TAKES: dict[str, tuple[str, str]] = {}
_ROUNDS: dict[tuple[int, bool, int], tuple[Any, ...]] = {}
#: the place ids of each set of legal squares met so far (at most 2**16)
_PLACES: dict[tuple[int, ...], list[tuple[str, int]]] = {}


# -- automatic ----------------------------------------------------------------------------
@auto
class Round(NamedTuple):
    """A round: reveals, (the timed event), pawns from the start player, the turns."""

    def run(self, t: LifeTable) -> None:
        p = t.game.params
        key = (p.players, p.timed_events, t.start)
        steps = _ROUNDS.get(key)
        if steps is None:  # steps are values: each round's list is made once
            n = p.players
            made: list[Any] = [Reveal()] * n
            if p.timed_events:
                made.append(TimedEvent())
            made += [Pawn((t.start + k) % n) for k in range(n)]
            steps = _ROUNDS[key] = (*made, Main())
        t.push(*steps)


@auto
class Main(NamedTuple):
    """The main phase: one turn per pawn, in order-card order, then the round ends."""

    def run(self, t: LifeTable) -> None:
        t.push(*[Turn(s) for s in t.order if s >= 0], RoundEnd())


@auto
class Turn(NamedTuple):
    """``seat`` takes its pawn back (order bonus), takes a card, then draws one."""

    seat: int

    def run(self, t: LifeTable) -> None:
        seat = self.seat
        space = t.order.index(seat) + 1
        t.order[space - 1] = -1
        if space == 3:
            t.start = seat
        elif space == 4:
            t.power[seat] += 1
        t.push(*_TURNS[space == 2][seat])


@auto
class Resolve(NamedTuple):
    """``seat`` resolves ``card`` (see :func:`resolve_card`; a take, draw or timed
    event resolves its card at once, this step is for positions built by hand)."""

    seat: int
    card: str

    def run(self, t: LifeTable) -> None:
        resolve_card(t, self.seat, self.card)


def resolve_card(t: LifeTable, seat: int, card: str) -> None:
    """``seat`` resolves ``card``: an event (1 power to the organiser, then its
    texts), else a placement (a :class:`Place` decision), else a discard (and
    the card's skill, ``skill_on_failed_placement``)."""
    game = t.game
    cat = game.catalogue
    if card in cat.event_effects:
        t.stats[N_STATS * t.stage + 3] += 1
        skills = t.skills[seat]
        t.power[seat] += 1 + (cat.skill_sum(skills, "event_power") if skills else 0)
        t.push(*game.event_steps[card][seat])
    elif squares := t.legal_squares(seat, card):
        t.tasks.append(Place(seat, card, tuple(squares)))
    else:
        base = N_STATS * t.stage
        t.stats[base + 2] += 1
        if t.character_blocked(seat, card):  # the old reading kept the character card
            t.stats[base + 4] += 1
        t.discard.append(card)
        p = game.params
        if p.album_skills and p.skill_on_failed_placement:
            t.push(*game.skill_steps[card][seat])


@auto
class RoundEnd(NamedTuple):
    """The common area's leftovers are discarded; next round, mid-scoring or the end."""

    def run(self, t: LifeTable) -> None:
        p = t.game.params
        if t.common:
            t.discard += t.common
            t.common.clear()
        t.round += 1
        if t.round < p.rounds_per_stage:
            t.tasks.append(Round())
            return
        t.round = 0
        if t.stage + 1 < p.stages:
            n = p.players
            t.push(MidScoring(), *[SetDream((t.start + k) % n) for k in range(n)], NextStage())
        else:
            t.tasks.append(FinalScoring())


@auto
class MidScoring(NamedTuple):
    """Mid-scoring: VP by place of the dice totals (ties share a place)."""

    def run(self, t: LifeTable) -> None:
        for s, vp in enumerate(mid_scoring(t.totals(), t.game.params.mid_vp)):
            t.mid_vp[s] += vp


@auto
class NextStage(NamedTuple):
    """The next stage's deck comes into play."""

    def run(self, t: LifeTable) -> None:
        t.stage += 1
        t.tasks.append(Round())


@auto
class FinalScoring(NamedTuple):
    """The end: scores are read off the table (``LifeTable.score``)."""

    def run(self, t: LifeTable) -> None:
        t.round = t.game.params.rounds_per_stage  # marks the end for describe()


#: _TURNS[bonus][seat]: a turn's steps (order bonus 2 first tips a die), made once.
_TURNS = tuple(
    tuple(
        (*((Tip(seat, bonus=True),) if bonus else ()), Take(seat), Draw(seat)) for seat in range(4)
    )
    for bonus in (False, True)
)


def opening(p: LifeParams) -> list[Any]:
    """The steps before the first round, in order.

    >>> [type(s).__name__ for s in opening(LifeParams(players=3, free_orientation=False))][8:15]
    ['DealDream', 'PassDream', 'PassDream', 'PassDream', 'PassDone', 'Character', 'Roll']
    """
    n = p.players
    steps: list[Any] = [DealDream(s) for _ in range(p.dream_deal) for s in range(n)]
    steps += [PassDream(s) for s in range(n)] + [PassDone()]
    if p.dream_skills == 3:
        steps += [SetDream(s) for s in range(n)]
    for s in range(n):
        steps.append(Character(s))
        for c in range(4):
            steps.append(Roll(s, c))
            if p.free_orientation:
                steps.append(Orient(s, c))
    return steps + [StartPlayer(), Round()]


#: The short name of each step (the board's header and the transcripts show it).
KIND_NAMES: dict[type, str] = {
    DealDream: "deal",
    Reveal: "reveal",
    Draw: "draw",
    TimedEvent: "timed",
    Roll: "roll",
    Reroll: "reroll",
    TieBreak: "tie",
    Place: "place",
    Take: "take",
    Pawn: "pawn",
    Tip: "tip",
    PassDream: "pass",
    SetDream: "dream",
    Character: "char",
    Orient: "orient",
    TurnAny: "turnany",
    MoveDie: "move",
    WhichDie: "which",
    PassDone: "passdone",
    StartPlayer: "startp",
    Round: "round",
    Main: "main",
    Turn: "turn",
    Resolve: "resolve",
    RoundEnd: "roundend",
    MidScoring: "mid",
    NextStage: "nextstage",
    FinalScoring: "final",
    GainPower: "fx",
    LosePower: "fx",
    GainVP: "fx",
    Reward: "fx",
    Lowest: "fx",
    RemoveCard: "removed",
}


def kind_of(step: Any) -> str:
    """The short name of a step: ``kind_of(Take(0)) == "take"``.

    >>> kind_of(Take(0)), kind_of(Roll(1, 2))
    ('take', 'roll')
    """
    return KIND_NAMES[type(step)]
