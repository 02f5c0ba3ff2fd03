"""What the boards' analysis mode calls: each legal action's estimated win rate, or a
chance step's exact outcomes (issue 13, item 6; the button itself comes with the boards).

At a decision, :func:`analyse` runs :class:`~workbench.engine.players.search.ISMCTS` on
the observation of the seat to move (never the hidden state) and returns
each legal action with its label, estimated win rate (the mean result of its
simulations: 1 a win, 1/k a shared win), the number of simulations and a 95%
Wilson interval, best first. At a chance step it returns the exact
distribution of the outcomes (sympy ``Rational``), likeliest first, for the
designer to pick a "what if".

>>> import random
>>> from workbench.engine.conformance.kernel_toy import make_game
>>> g = make_game()
>>> [(o.outcome, str(o.probability)) for o in analyse(g, g.initial_state(), None, 0, None)][:2]
[(1, '1/5'), (2, '1/5')]
>>> s = g.initial_state()
>>> for card in (5, 1, 2, 2):
...     s = g.apply(s, card)
>>> best = analyse(g, s, 0, 200, random.Random(1))
>>> [(a.action, a.label, a.simulations) for a in best]
[(5, 'seat 1 plays 5', 153), (2, 'seat 1 plays 2', 47)]
"""

from __future__ import annotations

import random
from collections.abc import Hashable
from typing import Any, NamedTuple

import sympy

from workbench.engine.kernel.protocol import CHANCE, TERMINAL, Game, IllegalAction
from workbench.engine.kernel.seat import SeatView
from workbench.engine.measure.balance import wilson_interval
from workbench.engine.players.search import ISMCTS

__all__ = ["ActionEstimate", "OutcomeChance", "analyse"]


class ActionEstimate(NamedTuple):
    """One legal action: its estimated win rate for the seat to move, from ``simulations``."""

    action: Hashable
    label: str
    win_rate: float
    simulations: int
    interval: tuple[float, float]


class OutcomeChance(NamedTuple):
    """One outcome of a chance step and its exact probability."""

    outcome: Hashable
    label: str
    probability: sympy.Rational


def analyse(game: Game[Any], state: Any, seat: int | None, budget: int | float | str,
            rng: random.Random | None) -> list[ActionEstimate] | list[OutcomeChance]:
    """Estimates for the seat to move (``budget``: ISMCTS iterations, or seconds as a float
    or ``"0.5s"``), or the exact outcomes of a chance step (``seat``, ``budget`` and
    ``rng`` unused there)."""
    who = game.current_player(state)
    if who == TERMINAL:
        return []
    if who == CHANCE:
        dist = game.chance_outcomes(state)
        rows = [OutcomeChance(o, game.action_label(state, o), sympy.Rational(w, dist.total))
                for o, w in dist.items()]
        order = {o: i for i, o in enumerate(dist.outcomes())}
        return sorted(rows, key=lambda r: (-r.probability, order[r.outcome]))
    if seat is not None and seat != who:
        raise IllegalAction(f"{game.name}: seat {seat} is not to move (seat {who} is)")
    if rng is None:
        raise ValueError("analyse needs the session's rng at a decision")
    player = _search(budget)
    view = SeatView(game, who, state)
    out = []
    for s in player.search(view, rng):
        wins = round(s.mean * s.visits)
        out.append(ActionEstimate(s.action, game.action_label(state, s.action), s.mean,
                                  s.visits, wilson_interval(wins, s.visits)))
    return out


def _search(budget: int | float | str) -> ISMCTS:
    """``400`` -> 400 iterations; ``0.5`` or ``"0.5s"`` -> half a second.

    >>> _search(400), _search(0.5), _search("2s")
    (ismcts:400, ismcts:0.5s, ismcts:2s)
    """
    if isinstance(budget, bool):
        raise ValueError(f"analysis budget must be iterations or seconds, got {budget!r}")
    if isinstance(budget, int):
        return ISMCTS(budget)
    if isinstance(budget, float):
        return ISMCTS(None, budget)
    from workbench.engine.players.specs import player_from_spec

    player = player_from_spec(f"ismcts:{budget}")
    assert isinstance(player, ISMCTS)
    return player
