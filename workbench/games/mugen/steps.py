"""The rules of むげんの宙へ as typed steps on the kernel's stack (the next step last).

A turn is :class:`TurnStart` (start effects of both players, MP +1, counters,
draw, :class:`Main`) then :class:`TurnEnd` (end effects, deck-out, the next
turn). Activating a skill pushes its one-shot :class:`Effect` steps and an
:class:`EndSkill`, which offers the damaged player a revenge draw. Chance
steps draw, mill or discard one card: their outcomes are the card ids left,
each card's count divided by the counts' gcd (:func:`~.table.reduced`), so
``outcomes[rng.randrange(len(outcomes))]`` samples exactly as the weighted
draw always did. Decisions and their action ids:

- :class:`Main`: ``("use", card_id, slot)`` (slot = 0-based skill on the
  card's timeline) and ``"end"`` (end the turn);
- :class:`RevengeAsk`: ``"revenge_draw"`` / ``"no_revenge"``;
- :class:`RevengeUse`: ``"revenge_use"`` / ``"keep"``;
- :class:`PushOut`: ``("push_out", i)`` dusts the owner's set skill i;
- :class:`Destroy`: ``("destroy", i)`` dusts the opponent's set skill i.

The effect vocabulary is closed: :data:`EFFECTS` maps each one-shot verb of
:mod:`~workbench.games.mugen.effects` to what it does, nothing else runs.

The steps live by concern, and every name is importable from here:
``steps_cards.py`` (steps that move one card: draw, mill, discard, the revenge
draw and its use, push-out, destroy), ``steps_effects.py`` (the effect
vocabulary, :class:`Effect`, :class:`EndSkill`) and ``steps_turn.py`` (the turn
and the main phase); this module holds the opening.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, NamedTuple

from workbench.engine.kernel import chance
from workbench.games.mugen.steps_cards import (
    Destroy,
    Discard,
    Draw,
    Mill,
    PushOut,
    RevengeAsk,
    RevengeUse,
)
from workbench.games.mugen.steps_effects import EFFECTS, Effect, EndSkill, skill_steps
from workbench.games.mugen.steps_turn import (
    DeckOut,
    Main,
    NextTurn,
    Trigger,
    TurnEnd,
    TurnStart,
    Upkeep,
)
from workbench.games.mugen.table import MugenTable

__all__ = [
    "EFFECTS",
    "FIRST_OUTCOMES",
    "DeckOut",
    "Destroy",
    "Discard",
    "Draw",
    "Effect",
    "EndSkill",
    "First",
    "Main",
    "Mill",
    "NextTurn",
    "PushOut",
    "RevengeAsk",
    "RevengeUse",
    "Trigger",
    "TurnEnd",
    "TurnStart",
    "Upkeep",
    "opening",
    "skill_steps",
]

T = MugenTable
FIRST_OUTCOMES = (0, 1)


@chance
class First(NamedTuple):
    """Who goes first (``first_player="random"``): a fair coin over the seats."""

    def outcomes(self, t: T) -> Sequence[int]:
        return FIRST_OUTCOMES

    def resolve(self, t: T, seat: int) -> None:
        t.first = t.active = int(seat)
        t.push(*t.game.opening(t.active))

    def label(self, t: T, seat: Any) -> str:
        return f"P{int(seat) + 1} goes first"


def opening(game: Any, first: int) -> list[Any]:
    """The opening steps: the first player draws 3, the second 4 (+ any ``hand`` trait), turn 1."""
    second = 1 - first
    n_first = game.params.opening[0] + game.trait_hand[first]
    n_second = game.params.opening[1] + game.trait_hand[second]
    return [Draw(first, "open")] * n_first + [Draw(second, "open")] * n_second + [TurnStart(first)]
