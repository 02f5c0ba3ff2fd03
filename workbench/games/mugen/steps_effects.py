"""Mugen's one-shot skill effects as steps: the closed vocabulary (:data:`EFFECTS`),
:class:`Effect` and :class:`EndSkill`, which offers the damaged player a revenge draw.

Kept apart from ``steps.py`` for size (``steps.py`` and ``steps_turn.py`` import
these, never the other way round). Activating a skill pushes its one-shot
:class:`Effect` steps and an :class:`EndSkill` (:func:`skill_steps`, built once
per skill by the game); :data:`EFFECTS` maps each one-shot verb of
:mod:`~workbench.games.mugen.effects` to what it does, nothing else runs.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any, NamedTuple

from workbench.engine.kernel import auto
from workbench.games.mugen.steps_cards import Destroy, Discard, Draw, Mill, RevengeAsk
from workbench.games.mugen.table import MugenTable

T = MugenTable


@auto
class EndSkill(NamedTuple):
    """A skill of ``seat`` has resolved: a damaged opponent may take a revenge draw
    (``asks=False``: a timed effect under ``revenge_after="activated"``, which offers none)."""

    seat: int
    asks: bool = True

    def run(self, t: T) -> None:
        o = 1 - self.seat
        if t.owed[o]:
            t.owed[o] = False
            params = t.game.params
            if (
                self.asks
                and params.revenge
                and t.decks[o]
                and (o != t.active or params.revenge_turn == "any")
            ):
                t.tasks.append(RevengeAsk(o))


# -- effects (the closed vocabulary) -------------------------------------------------------
def _hit(t: T, p: int, n: int, pierce: bool) -> None:
    o = 1 - p
    dealt = n + t.atk(p) - (0 if pierce else t.defence(o))
    if dealt > 0:
        t.owed[o] = True
        hp = t.hp[o] - dealt
        t.hp[o] = hp if hp > 0 else 0
        if hp <= 0:
            t.result = (p,)
            t.tasks.clear()


def _heal(t: T, p: int, n: int) -> None:
    t.hp[p] = min(t.max_hp[p], t.hp[p] + n)


def _mp(t: T, p: int, n: int) -> None:
    t.bonus[p] += n


def _ramp(t: T, p: int, n: int) -> None:
    t.mp[p] = min(t.game.params.max_mp, t.mp[p] + n)


EFFECTS: dict[str, Callable[[T, int, int], None]] = {
    "damage": lambda t, p, n: _hit(t, p, n, False),
    "pierce": lambda t, p, n: _hit(t, p, n, True),
    "heal": _heal,
    "draw": lambda t, p, n: t.push(*[Draw(p, "effect")] * n),
    "mp": _mp,
    "ramp": _ramp,
    "destroy_set": lambda t, p, n: t.push(*[Destroy(p)] * n),
    "mill": lambda t, p, n: t.push(*[Mill(1 - p)] * n),
    "discard": lambda t, p, n: t.push(*[Discard(1 - p)] * n),
}
"""What each one-shot verb does (the sheet loader refuses any other verb)."""


@auto
class Effect(NamedTuple):
    """One one-shot effect of a skill of ``seat``: ``verb`` with ``amount``, from the card
    ``card`` (its id: the log names the cause of what the effect changes)."""

    seat: int
    verb: str
    amount: int
    card: str = ""

    def run(self, t: T) -> None:
        EFFECTS[self.verb](t, self.seat, self.amount)


def skill_steps(
    seat: int, fx: Sequence[tuple[str, int]], card: str = "", asks: bool = True
) -> tuple[Any, ...]:
    """The steps of one resolving skill of ``seat``'s card ``card``: its effects, then
    :class:`EndSkill` (in stack order, ready to put on the stack; the game builds them once
    per skill; ``asks=False``: no revenge draw after it).

    >>> skill_steps(0, [("damage", 2), ("draw", 1)], "G01")[0]
    EndSkill(seat=0, asks=True)
    >>> skill_steps(0, [("damage", 2), ("draw", 1)], "G01")[1:]
    (Effect(seat=0, verb='draw', amount=1, card='G01'), Effect(seat=0, verb='damage', amount=2, card='G01'))
    """
    return (EndSkill(seat, asks), *[Effect(seat, v, n, card) for v, n in reversed(fx)])
