"""One-step look-ahead over the exact chance outcomes: the ``osla`` player.

For each legal action, on a state determinised from the seat's observation
(``view.determinize(rng)``: unseen cards dealt at random; the true hidden
state is never read), the action is applied and every chance outcome that
follows is enumerated with its exact weight (integer weights of the step's
``Dist``) down to the next decision or the end. The action's value is the
exact weighted mean of its leaves' values; the best action is played (ties
broken with the rng).

What a leaf is worth — two settings, chosen by the spec:

- ``osla`` (heuristic): :func:`leaf_margin`: at the end of the game the
  seat's share of the win (1, 1/k in a tie, 0) times :data:`WIN_WEIGHT` plus
  its margin; before the end its margin (its standing minus the best other's:
  the game's ``standing(t)`` when it has one, else the score margin the
  generic greedy player uses);
- ``osla:N`` (rollouts): the mean share of the win over ``N`` random
  playouts from the leaf (a finished leaf counts its exact share).

The enumeration is exact while the chance tree below an action has at most
``leaf_limit`` leaves; past that, a chance step whose outcomes would not fit
is sampled once with the rng (the value is then an estimate).

>>> import random
>>> from workbench.engine.kernel.seat import SeatView
>>> from workbench.engine.conformance.toy import TakeAway, TakeAwayState
>>> osla_player()(SeatView(TakeAway(), 0, TakeAwayState(3)), random.Random(0))  # take all
3
"""

from __future__ import annotations

import random
from collections.abc import Hashable
from fractions import Fraction
from typing import Any

from workbench.engine.kernel.protocol import CHANCE, TERMINAL, Game, IllegalAction
from workbench.engine.kernel.seat import SeatView
from workbench.engine.players.basic import margin_score
from workbench.engine.players.rollouts import result_shares, rollout, standing, work_table

__all__ = ["OSLA", "WIN_WEIGHT", "action_values", "leaf_margin", "osla_player"]

WIN_WEIGHT = 1000
"""How much a won game outweighs score margin in the heuristic leaf value."""


def leaf_margin(game: Game[Any], state: Any, seat: int) -> float:
    """The heuristic leaf value: the seat's margin (its standing minus the best other's:
    the game's ``standing(t)`` when it defines one, since a score set only at the end says
    nothing mid-game; else its score), plus ``WIN_WEIGHT`` times the win share at the end.

    >>> from workbench.engine.conformance.toy import TakeAway, TakeAwayState
    >>> leaf_margin(TakeAway(), TakeAwayState(0, to_move=1), 1)
    1002.0
    """
    if game.standing is not None:  # who is ahead mid-game, when the score is not
        scores = standing(game, work_table(game, state))
        others = [v for i, v in enumerate(scores) if i != seat]
        value = scores[seat] - (max(others) if others else 0.0)
    else:
        value = margin_score(game, state, seat)
    if game.current_player(state) == TERMINAL:
        value += WIN_WEIGHT * result_shares(game, state)[seat]
    return value


class OSLA:
    """One-step look-ahead (picklable; see the module docstring)."""

    def __init__(self, rollouts: int = 0, leaf_limit: int = 256) -> None:
        if not isinstance(rollouts, int) or not 0 <= rollouts <= 10_000:
            raise ValueError(f"osla rollouts must be a whole number in 0..10000, got {rollouts!r}")
        self.rollouts, self.leaf_limit = rollouts, leaf_limit
        self.__name__ = f"osla:{rollouts}" if rollouts else "osla"

    def __repr__(self) -> str:
        return self.__name__

    def __call__(self, view: SeatView, rng: random.Random) -> Hashable:
        legal = view.legal_ids
        if not legal:
            raise IllegalAction(f"{view.game.name}: osla asked to move with no legal action")
        if len(legal) == 1:
            return legal[0]
        values = action_values(self, view, rng)
        top = max(values.values())
        best = [a for a in legal if values[a] == top]
        return best[0] if len(best) == 1 else rng.choice(best)

    def leaf(self, game: Game[Any], t: Any, seat: int, rng: random.Random) -> Fraction | float:
        """The value of a leaf table (the next decision or the end)."""
        if not self.rollouts:
            return leaf_margin(game, t.freeze(), seat)
        if t.to_move() == TERMINAL:
            return Fraction(result_shares(game, t.freeze())[seat])
        total = 0.0
        for _ in range(self.rollouts):
            r = t.clone()
            rollout(r, rng)
            total += result_shares(game, r.freeze())[seat]
        return total / self.rollouts

    def expect(
        self, game: Game[Any], t: Any, seat: int, rng: random.Random, budget: int
    ) -> Fraction | float:
        """The exact expectation over the chance steps from ``t`` down to the next decision."""
        if t.to_move() != CHANCE:
            return self.leaf(game, t, seat, rng)
        dist = t.chance_dist()
        if len(dist) > budget:  # too wide to enumerate: one sampled outcome
            t.step(t.sample(rng))
            return self.expect(game, t, seat, rng, 1)
        share = budget // len(dist)
        total: Fraction | float = Fraction(0)
        for outcome, weight in dist.items():
            branch = t.clone()
            branch.step(outcome)
            total += weight * self.expect(game, branch, seat, rng, share)
        return total / dist.total


def action_values(player: OSLA, view: SeatView, rng: random.Random) -> dict[Hashable, Any]:
    """Each legal action's value for the seat to move (on one determinisation).

    >>> from workbench.engine.conformance.toy import TakeAway, TakeAwayState
    >>> g = TakeAway()
    >>> action_values(OSLA(), SeatView(g, 0, TakeAwayState(2)), random.Random(0))
    {1: 0.0, 2: 1002.0}
    """
    game, seat = view.game, view.seat
    state = view.determinize(rng)
    out: dict[Hashable, Any] = {}
    for a in view.legal_ids:
        t = work_table(game, state)
        t.step(a)
        out[a] = player.expect(game, t, seat, rng, player.leaf_limit)
    return out


def osla_player(rollouts: int = 0, *, leaf_limit: int = 256) -> OSLA:
    """The one-step look-ahead player (``rollouts=0``: heuristic leaves).

    >>> osla_player(), osla_player(8)
    (osla, osla:8)
    """
    return OSLA(rollouts, leaf_limit)
