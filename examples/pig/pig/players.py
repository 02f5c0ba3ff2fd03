"""Pig's own players, found by spec (``workbench play pig --players hold:20,optimal``).

- ``hold:N`` — rolls until the turn total reaches ``N`` (or the goal is
  reached, which ends the game), then holds; ``hold`` is ``hold:20``;
- ``optimal`` — the solver's optimal policy for the game's parameters
  (solved once per process on its first decision: about a minute for the
  goal 100, see ``bench/solve.py``);
- the engine's ``random``, ``greedy``, ``osla`` and ``ismcts:400`` work too.

>>> from pig.rules import make_game
>>> from workbench.engine.kernel.seat import SeatView
>>> g = make_game()
>>> s = g.apply(g.apply(g.initial_state(), "roll"), 6)
>>> hold(6)(SeatView(g, 0, s), None), hold(7)(SeatView(g, 0, s), None)
('hold', 'roll')
"""

from __future__ import annotations

import random
from collections.abc import Hashable
from typing import Any

from workbench.engine.kernel.seat import SeatView


class Hold:
    """Hold at ``n`` (or when the goal is reached)."""

    def __init__(self, n: int = 20) -> None:
        self.n = n
        self.__name__ = f"hold:{n}"

    def __call__(self, view: SeatView, rng: random.Random | None) -> Hashable:
        return "hold" if view.state.total >= self.n and "hold" in view.legal_ids else "roll"

    def __repr__(self) -> str:
        return self.__name__


def hold(n: int | str | None = None) -> Hold:
    """``hold(20)``; from a spec's argument text too (``"20"``)."""
    if n is None:
        return Hold(20)
    text = str(n)
    if not text.isdigit() or not 1 <= int(text) <= 1000:
        raise ValueError("hold:N needs a whole number of points in 1..1000 (hold:20)")
    return Hold(int(text))


_SOLVED: dict[tuple[Any, ...], Any] = {}


def solution_for(game: Any) -> Any:
    """The solver's solution for this game's parameters and die (one per process)."""
    from workbench.engine.solve import DEFAULT_MAX_STATES, NotSolvable, solve

    goal, seats = game.params.goal, game.params.players
    about = goal**seats * (goal + 1) // 2  # scores of every seat, times the turn totals
    if about > DEFAULT_MAX_STATES:
        raise NotSolvable(
            f"pig: {seats} players to {goal} have about {about:,} states, more than "
            f"the solver takes ({DEFAULT_MAX_STATES:,}); try a smaller goal"
        )
    key = (game.params, tuple(sorted(game.faces.items())))
    if key not in _SOLVED:
        _SOLVED[key] = solve(game)
    return _SOLVED[key]


#: states the solver settles per second, kept below what bench/solve.py prints for the goal
#: 100 (962,082 states) so that the time said before a match is not an underestimate on a
#: loaded 2-core machine
SOLVED_PER_SECOND = 8_000


class Optimal:
    """The optimal policy (solved on the first decision for the game's parameters)."""

    __name__ = "optimal"

    def preparation(self, game: Any) -> tuple[str, float] | None:
        """What solving ``game`` will take, said before a match (None: solved already)."""
        goal, seats = game.params.goal, game.params.players
        if (game.params, tuple(sorted(game.faces.items()))) in _SOLVED:
            return None
        about = goal**seats * (goal + 1) // 2
        return (
            f"solving pig to {goal} for {seats} players, about {about:,} states",
            about / SOLVED_PER_SECOND,
        )

    def prepare(self, game: Any) -> None:
        """Solve now (before the first decision), so the match itself runs at once."""
        solution_for(game)

    def __call__(self, view: SeatView, rng: random.Random) -> Hashable:
        return solution_for(view.game).action(view.state)

    def __repr__(self) -> str:
        return "optimal"


def optimal(arg: str | None = None) -> Optimal:
    """The ``optimal`` player family (``--players optimal``); takes no argument."""
    if arg is not None:
        raise ValueError("optimal takes no argument (the game's parameters say what is solved)")
    return Optimal()
