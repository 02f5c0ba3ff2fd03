"""Life's card effects as steps: a discarded card's skill, an event's texts.

Kept apart from ``steps.py`` for size. Each word of the closed effect
vocabularies (``cards.SKILLS``, ``cards.EVENTS``) becomes steps here, built
once per game (:func:`skill_table`, :func:`event_table`), since the steps are
immutable values.

>>> from workbench.games.life.rules import make_game
>>> g = make_game()
>>> g.skill_steps["J04"][2]
(GainPower(seat=2, n=1),)
>>> g.event_steps["J26"][1]  # heavy snow, organised by seat 1: re-rolls from seat 1 on
(Reroll(seat=1, die=1), Reroll(seat=2, die=1), Reroll(seat=3, die=1), Reroll(seat=0, die=1), RemoveCard(card='J26'))
"""

from __future__ import annotations

from typing import Any, NamedTuple

from workbench.engine.kernel import auto
from workbench.games.life import dice as D
from workbench.games.life.effects import CI, Catalogue
from workbench.games.life.steps_dice import MoveDie, Reroll, Tip, TurnAny, WhichDie
from workbench.games.life.table import LifeTable

__all__ = [
    "NOTHING",
    "GainPower",
    "GainVP",
    "LosePower",
    "Lowest",
    "RemoveCard",
    "Reward",
    "event_table",
    "skill_table",
]


NOTHING = (0, 0)


def _give(t: LifeTable, seat: int, gain: tuple[int, int]) -> None:
    power, vp = gain
    if power:  # (a field left untouched when unchanged: the freeze need not compare it)
        t.power[seat] += power
    if vp:
        t.bonus_vp[seat] += vp


@auto
class GainPower(NamedTuple):
    """``power N``: gain N power."""

    seat: int
    n: int

    def gain(self, t: LifeTable, seat: int) -> tuple[int, int]:
        """(power, VP) ``seat`` gains when this step runs on ``t`` now (every effect
        step has it: a rule of thumb weighs an effect without running it)."""
        return (self.n, 0) if seat == self.seat else NOTHING

    def run(self, t: LifeTable) -> None:
        _give(t, self.seat, self.gain(t, self.seat))


@auto
class LosePower(NamedTuple):
    """``lose N``: lose N power (not below 0)."""

    seat: int
    n: int

    def gain(self, t: LifeTable, seat: int) -> tuple[int, int]:
        return (-min(self.n, t.power[seat]), 0) if seat == self.seat else NOTHING

    def run(self, t: LifeTable) -> None:
        _give(t, self.seat, self.gain(t, self.seat))


@auto
class GainVP(NamedTuple):
    """``vp N``: gain N VP."""

    seat: int
    n: int

    def gain(self, t: LifeTable, seat: int) -> tuple[int, int]:
        return (0, self.n) if seat == self.seat else NOTHING

    def run(self, t: LifeTable) -> None:
        _give(t, self.seat, self.gain(t, self.seat))


@auto
class Reward(NamedTuple):
    """``reward COLOUR K N``: N VP when the seat's die of that colour shows K or more."""

    seat: int
    die: int
    at_least: int
    vp: int

    def gain(self, t: LifeTable, seat: int) -> tuple[int, int]:
        if seat == self.seat and D.TOP[t.dice_o[seat][self.die]] >= self.at_least:
            return (0, self.vp)
        return NOTHING

    def run(self, t: LifeTable) -> None:
        _give(t, self.seat, self.gain(t, self.seat))


@auto
class Lowest(NamedTuple):
    """``lowest N``: the seats with the lowest dice total gain N power."""

    n: int

    def gain(self, t: LifeTable, seat: int) -> tuple[int, int]:
        totals = t.totals()
        return (self.n, 0) if totals[seat] == min(totals) else NOTHING

    def run(self, t: LifeTable) -> None:
        gains = [self.gain(t, s) for s in range(len(t.power))]  # all read before any gains
        for s, g in enumerate(gains):
            _give(t, s, g)


@auto
class RemoveCard(NamedTuple):
    """A resolved event leaves the game (it is neither placed nor discarded)."""

    card: str

    def run(self, t: LifeTable) -> None:
        t.removed.append(self.card)


def effect_steps(seat: int, verb: str, args: tuple[Any, ...]) -> list[Any]:
    """The steps of one effect for one seat (``lowest`` is not per seat: see
    :func:`event_table`).

    >>> effect_steps(0, "tip", (2,))
    [Tip(seat=0, bonus=False), Tip(seat=0, bonus=False)]
    >>> effect_steps(1, "relocate", ("blue",))
    [MoveDie(seat=1, die=1), TurnAny(seat=1, die=1)]
    """
    if verb == "power":
        return [GainPower(seat, args[0])]
    if verb == "lose":
        return [LosePower(seat, args[0])]
    if verb == "vp":
        return [GainVP(seat, args[0])]
    if verb == "tip":
        return [Tip(seat)] * args[0]
    if verb == "reroll":
        return [Reroll(seat, CI[args[0]])]
    if verb == "relocate":
        if args[0] == "any":
            return [WhichDie(seat)]
        return [MoveDie(seat, CI[args[0]]), TurnAny(seat, CI[args[0]])]
    if verb == "reward":
        return [Reward(seat, CI[args[0]], args[1], args[2])]
    raise ValueError(f"unknown effect verb {verb!r}")


def skill_table(cat: Catalogue, players: int) -> dict[str, tuple[tuple[Any, ...], ...]]:
    """Per regular card, per seat: the steps of the card's skill for its owner."""
    return {
        card: tuple(
            tuple(s for verb, args in effects for s in effect_steps(seat, verb, args))
            for seat in range(players)
        )
        for card, effects in cat.skill.items()
    }


def event_table(cat: Catalogue, players: int) -> dict[str, tuple[tuple[Any, ...], ...]]:
    """Per event card, per organiser: each effect for every player from the
    organiser clockwise, then the event leaves the game."""
    out: dict[str, tuple[tuple[Any, ...], ...]] = {}
    for card, effects in cat.event_effects.items():
        per_organiser = []
        for organiser in range(players):
            steps: list[Any] = []
            for verb, args in effects:
                if verb == "lowest":
                    steps.append(Lowest(args[0]))
                else:
                    for k in range(players):
                        steps += effect_steps((organiser + k) % players, verb, args)
            steps.append(RemoveCard(card))
            per_organiser.append(tuple(steps))
        out[card] = tuple(per_organiser)
    return out
