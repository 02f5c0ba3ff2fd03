"""A design question answered twice: how often does the first seat win?

Exactly (the solver's policy evaluation over every reachable state) and by
simulation (with a 99.9% Wilson interval); the two must agree.

>>> exact = first_seat_wins()
>>> 0 < exact < 1
True
"""

from __future__ import annotations

from typing import Any

import sympy
from workbench.prob.intervals import wilson
from workbench.engine.runs.simulate import simulate
from workbench.engine.solve.solver import evaluate
from workbench.engine.players.specs import player_from_spec

from {{name}}.rules import make_game

Z999 = 3.2905  # the normal quantile of a two-sided 99.9% interval


def first_seat_wins(players: tuple[Any, ...] = ("random", "random"),
                    **params: Any) -> sympy.Rational:
    """Seat 1's exact share of the wins (a shared win counts 1/k) under these policies."""
    result = evaluate(make_game(**params), list(players))
    assert result.exact_value is not None
    return result.exact_value[0]


def simulated_first_seat(games: int = 2000, seed: int = 1, spec: str = "random",
                         **params: Any) -> tuple[float, tuple[float, float]]:
    """Seat 1's simulated share of the wins and its 99.9% interval."""
    game = make_game(**params)
    players = {f"seat {i + 1}": player_from_spec(spec, "{{name}}") for i in range(game.num_players)}
    df = simulate(game, players, n=games, seed=seed, seating="fixed")
    share = sum(1 / len(w) for w in df["winners"].to_list() if 0 in w)
    return share / games, wilson(round(share), games, z=Z999)
