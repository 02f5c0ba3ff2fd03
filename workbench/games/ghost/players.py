"""Players for 「何か」 on the seat protocol ``(view, rng) -> action id``: random and greedy.

``greedy_player(threshold)`` plays the game's one rule of thumb
(:func:`workbench.games.ghost.policy.choose`: attack above ``threshold``'s
exact win chance, better stat, helpful supports, best defender, strongest
installs and shells, helpful face-down events, draw when short, trim the
weakest) on the table of what its seat observes — ``view.table``, read on demand:
its own archive, the desktops, the battle — and the legal ids. The search's
rollouts play the same function on their determinised world
(``GhostGame.rollout_action``). ``rank`` (card -> number) plugs in a
designer's own idea of a card's worth. It never draws from the rng, and a
decision with one legal action is taken without looking at the table.

>>> from workbench.engine import playout
>>> from workbench.games.ghost.rules import make_game
>>> r = playout(make_game(players=2), greedy_player(), seed=1)
>>> r.final.result is not None
True
"""

from __future__ import annotations

import random
from collections.abc import Callable, Hashable
from fractions import Fraction
from typing import Any

from workbench.engine.kernel.seat import SeatView
from workbench.engine.players import random_player
from workbench.games.ghost.cards import GhostCard
from workbench.games.ghost.policy import choose, strength_rank

__all__ = ["GreedyGhost", "greedy", "greedy_player", "random_player", "strength_rank"]


class GreedyGhost:
    """The greedy player (a class, so it pickles into worker processes)."""

    def __init__(self, threshold: Fraction, rank: Callable[[GhostCard], float]) -> None:
        self.limit, self.rank = threshold, rank
        self.__name__ = f"greedy_player({threshold})"

    def __call__(self, view: SeatView, rng: random.Random) -> Hashable:
        ids = view.legal_ids
        if len(ids) == 1:  # nothing to weigh: the observation is not even built
            return ids[0]
        return choose(
            view.table,
            view.seat,
            ids,
            self.limit,
            self.rank,
        )

    def __repr__(self) -> str:
        return self.__name__


def greedy_player(
    threshold: Any = Fraction(1, 2), *, rank: Callable[[GhostCard], float] = strength_rank
) -> GreedyGhost:
    """A greedy player (see the module docstring); deterministic, ignores the rng.

    >>> greedy_player(0.7)
    greedy_player(7/10)
    """
    limit = threshold if isinstance(threshold, Fraction) else Fraction(str(threshold))
    return GreedyGhost(limit, rank)


def greedy(arg: str | None = None) -> GreedyGhost:
    """The ``greedy`` player family (``--players greedy``): ``greedy_player()`` at its default threshold; takes no argument."""
    if arg is not None:
        raise ValueError(f"greedy takes no argument, got {arg!r}")
    return greedy_player()
