"""The exact chance a ghost action carries, for the analysis panel: the battle's odds.

A battle is decided by dice whose odds are known exactly
(:func:`workbench.games.ghost.odds.battle_chance`). Once the attacker has
named the stat, every battle decision (the stat itself, support, an event
placed face down, passing) leaves a battle whose chance of being won, as it
stands, is exact: the panel shows that figure beside the simulated win rate
of the game, instead of leaving the designer to read the battle's 89.8% from a
noisy estimate of the whole game.

>>> from workbench.games.ghost.rules import make_game
>>> g = make_game()
>>> battle_odds(g, g.initial_state(), ("pass",)) is None  # no battle yet
True
"""

from __future__ import annotations

from collections.abc import Hashable
from typing import Any

import sympy

from workbench.engine.kernel.protocol import IllegalAction
from workbench.games.ghost.odds import battle_chance

WHAT = "battle won before face-down events"


def battle_odds(game: Any, state: Any, action: Hashable) -> tuple[str, sympy.Rational] | None:
    """``(WHAT, P(the mover wins the battle))`` after ``action``, when a battle with a
    named stat follows it; None otherwise (no battle, stat not chosen, battle over)."""
    mover = game.current_player(state)
    try:
        after = game.apply(state, action)
    except (IllegalAction, ValueError):
        return None
    b = getattr(after, "battle", None)
    if b is None or not b.dfn or not b.stat or b.rolls:
        return None
    try:
        p = battle_chance(game, after)
    except ValueError:
        return None
    if mover == b.attacker:
        return WHAT, p
    if mover in (b.defender,):
        return WHAT, 1 - p
    return None
