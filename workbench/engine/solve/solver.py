"""The exact solver for small games: every reachable state, its value, the optimal policy.

:func:`solve` enumerates the reachable decision and terminal states through
the game's own rules (chance expanded with its exact weights; see
:mod:`workbench.engine.solve.graph`), then computes each state's value — each
seat's chance of winning (a k-way shared win counts 1/k) when every seat
plays to maximise its own:

- **value iteration** (any game, with cycles too, e.g. Pig; see
  :mod:`workbench.engine.solve.iterate`): sweeps over blocks of states in the
  order the game may give (``solve_order``), with exact sparse solves of the
  current policy in between (policy iteration), until a sweep moves no value
  by more than ``tolerance`` (``1e-9`` by default); floats;
- **backward induction** (acyclic games up to ``exact_limit`` states): the
  same values as exact fractions, returned as sympy ``Rational``.

The result gives the optimal policy as a player (:meth:`Solution.player`,
``(view, rng) -> action id``) and :func:`evaluate` gives the value of any
fixed line-up of policies (policy evaluation), e.g. the exact chance that the
first player wins Pig when both hold at 20. The solver needs perfect
information (or a hidden deck whose contents are deducible); ``open_hands``
solves a hidden-card game as if everybody saw everything.

One-pile Nim, 7 stones, take 1-3: the first player wins by leaving a multiple of 4.

>>> from workbench.engine.conformance.toy import TakeAway
>>> sol = solve(TakeAway())
>>> sol.exact_value, sol.action(sol.graph.states[0]), sol.states
((1, 0), 3, 14)
>>> evaluate(TakeAway(), ["random", "random"]).exact_value
(85/162, 77/162)
"""

from __future__ import annotations

import random
import time
from collections.abc import Hashable, Sequence
from dataclasses import dataclass
from fractions import Fraction
from typing import TYPE_CHECKING, Any

import numpy as np

from workbench.engine.kernel import Hidden
from workbench.engine.kernel.protocol import TERMINAL, Game, IllegalAction
from workbench.engine.kernel.seat import SeatView
from workbench.engine.solve.graph import DEFAULT_MAX_STATES, Graph, NotSolvable, build_graph
from workbench.engine.solve.iterate import sweeps as _sweeps

if TYPE_CHECKING:  # sympy (about 30 MB) is imported only when an exact value is asked for
    import sympy

__all__ = [
    "DEFAULT_MAX_STATES",
    "NotSolvable",
    "OptimalPlayer",
    "PolicyValue",
    "Solution",
    "evaluate",
    "solve",
]

TOLERANCE = 1e-9
EXACT_LIMIT = 50_000


@dataclass
class Solution:
    """Values of every reachable state under optimal play, and the best action of each."""

    graph: Graph
    values: np.ndarray  # (states, seats): each seat's chance of winning
    best: np.ndarray  # best row per state (-1 at the end)
    sweeps: int
    tolerance: float
    seconds: float
    exact: list[tuple[Fraction, ...]] | None = None

    @property
    def states(self) -> int:
        """How many decision and terminal states were solved."""
        return len(self.graph.states)

    @property
    def value(self) -> tuple[float, ...]:
        """Each seat's chance of winning from the start (floats)."""
        return _root_value(self.graph, self.values)

    @property
    def exact_value(self) -> tuple[sympy.Rational, ...] | None:
        """The same as exact Rationals (acyclic games only, else None)."""
        return None if self.exact is None else _root_exact(self.graph, self.exact)

    def state_value(self, state: Any) -> tuple[float, ...]:
        """Each seat's chance of winning from ``state`` (a decision or terminal state)."""
        return tuple(float(x) for x in self.values[_index(self.graph, state)])

    def action(self, state: Any) -> Hashable:
        """The optimal action at a decision ``state`` (the first legal one among equals)."""
        s = _index(self.graph, state)
        row = int(self.best[s])
        if row < 0:
            raise IllegalAction(f"{self.graph.game.name}: nobody decides at this state")
        return self.graph.actions[s][row - self.graph.row_start[s]]

    def player(self) -> OptimalPlayer:
        """The optimal policy as a player."""
        return OptimalPlayer(self)


def _index(graph: Graph, state: Any) -> int:
    i = graph.index.get(state)
    if i is None:
        raise IllegalAction(
            f"{graph.game.name}: this state is not among the solved ones "
            "(other parameters, or not reachable from the start)"
        )
    return i


class OptimalPlayer:
    """Plays the solved best action of the state its seat sees."""

    __name__ = "optimal"

    def __init__(self, solution: Solution) -> None:
        self.solution = solution

    def __call__(self, view: SeatView, rng: random.Random) -> Hashable:
        state = view.state
        if isinstance(state, tuple) and any(
            isinstance(v, Hidden)
            or (isinstance(v, tuple) and any(isinstance(x, Hidden) for x in v))
            for v in state
        ):
            state = view.determinize(rng)  # the unseen cards lie in one sorted zone: one state
        return self.solution.action(state)

    def __repr__(self) -> str:
        return "optimal"


def _root_value(graph: Graph, values: np.ndarray) -> tuple[float, ...]:
    total = np.zeros(graph.seats)
    for s, n, d in graph.root:
        total += values[s] * (n / d)
    return tuple(float(x) for x in total)


def _root_exact(graph: Graph, exact: list[tuple[Fraction, ...]]) -> tuple[sympy.Rational, ...]:
    import sympy

    total = [Fraction(0)] * graph.seats
    for s, n, d in graph.root:
        total = [a + Fraction(n, d) * b for a, b in zip(total, exact[s])]
    return tuple(sympy.Rational(x.numerator, x.denominator) for x in total)


# -- backward induction ------------------------------------------------------------------
def _order(graph: Graph) -> list[int] | None:
    """States with every successor before its predecessors, or None when there is a cycle."""
    n = len(graph.states)
    colour = [0] * n  # 0 new, 1 on the path, 2 done
    out: list[int] = []
    succ, ptr, row_start = graph.succ, graph.ptr, graph.row_start
    for root in range(n):
        if colour[root]:
            continue
        stack = [(root, iter(succ[ptr[row_start[root]] : ptr[row_start[root + 1]]]))]
        colour[root] = 1
        while stack:
            s, it = stack[-1]
            nxt = next(it, None)
            if nxt is None:
                stack.pop()
                colour[s] = 2
                out.append(s)
            elif colour[nxt] == 1:
                return None
            elif colour[nxt] == 0:
                colour[nxt] = 1
                stack.append((nxt, iter(succ[ptr[row_start[nxt]] : ptr[row_start[nxt + 1]]])))
    return out


def _exact(
    graph: Graph, order: list[int], weights: list[Fraction] | None
) -> list[tuple[Fraction, ...]]:
    vals: list[tuple[Fraction, ...]] = [()] * len(graph.states)
    m = graph.seats
    for s in order:
        if graph.mover[s] == TERMINAL:
            vals[s] = graph.shares[s]
            continue
        mover, best, acc = graph.mover[s], None, [Fraction(0)] * m
        for r in graph.rows_of(s):
            q = [Fraction(0)] * m
            for t in range(graph.ptr[r], graph.ptr[r + 1]):
                p = Fraction(graph.num[t], graph.den[t])
                q = [x + p * y for x, y in zip(q, vals[graph.succ[t]])]
            if weights is not None:
                acc = [x + weights[r] * y for x, y in zip(acc, q)]
            elif best is None or q[mover] > best[mover]:
                best = q
        vals[s] = tuple(acc if weights is not None else best)  # type: ignore[arg-type]
    return vals


def solve(
    game: Game[Any],
    *,
    tolerance: float = TOLERANCE,
    max_states: int = DEFAULT_MAX_STATES,
    max_sweeps: int = 100_000,
    exact_limit: int = EXACT_LIMIT,
    open_hands: bool = False,
) -> Solution:
    """Solve ``game`` (see the module docstring); :class:`NotSolvable` says why not.

    >>> from workbench.engine.conformance.toy import TakeAway, TakeAwayParams
    >>> sol = solve(TakeAway(TakeAwayParams(stones=8)))
    >>> sol.exact_value, sol.value, sol.states
    ((0, 1), (0.0, 1.0), 16)
    """
    began = time.perf_counter()
    graph = build_graph(game, max_states=max_states, open_hands=open_hands)
    values, best, sweeps = _sweeps(graph, None, tolerance, max_sweeps)
    exact = None
    if len(graph.states) <= exact_limit:
        order = _order(graph)
        if order is not None:
            exact = _exact(graph, order, None)
    return Solution(graph, values, best, sweeps, tolerance, time.perf_counter() - began, exact)


@dataclass
class PolicyValue:
    """Each state's value when every seat plays its given policy."""

    graph: Graph
    values: np.ndarray
    sweeps: int
    exact: list[tuple[Fraction, ...]] | None = None

    @property
    def value(self) -> tuple[float, ...]:
        """Each seat's chance of winning from the start."""
        return _root_value(self.graph, self.values)

    @property
    def exact_value(self) -> tuple[sympy.Rational, ...] | None:
        """The same as exact Rationals (acyclic games only, else None)."""
        return None if self.exact is None else _root_exact(self.graph, self.exact)


def _row_weights(graph: Graph, policies: Sequence[Any]) -> tuple[np.ndarray, np.ndarray]:
    """Each row's probability under the seats' policies, as (numerator, denominator)."""
    game = graph.game
    rows_n = len(graph.ptr) - 1
    num, den = np.zeros(rows_n, dtype=np.int64), np.ones(rows_n, dtype=np.int64)
    rng = random.Random(0)  # deterministic players do not use it
    row_start = graph.row_start
    for s, state in enumerate(graph.states):
        r0, r1 = row_start[s], row_start[s + 1]
        if r0 == r1:
            continue
        seat = graph.mover[s]
        policy = policies[seat]
        if isinstance(policy, str):
            if policy != "random":
                raise ValueError(
                    f"policy {policy!r} of seat {seat}: give 'random', a Solution "
                    "or a player (view, rng) -> action id"
                )
            num[r0:r1], den[r0:r1] = 1, r1 - r0
            continue
        if isinstance(policy, Solution):
            num[
                int(policy.best[policy.graph.index[state]])
                - policy.graph.row_start[policy.graph.index[state]]
                + r0
            ] = 1
            continue
        action = policy(SeatView(game, seat, state), rng)
        try:
            num[r0 + graph.actions[s].index(action)] = 1
        except ValueError:
            raise IllegalAction(
                f"policy {policy!r} of seat {seat} chose {action!r}, not a legal action"
            ) from None
    return num, den


def evaluate(
    game: Game[Any] | Solution,
    policies: Sequence[Any],
    *,
    tolerance: float = TOLERANCE,
    max_states: int = DEFAULT_MAX_STATES,
    max_sweeps: int = 100_000,
    exact_limit: int = EXACT_LIMIT,
    open_hands: bool = False,
) -> PolicyValue:
    """The value of every state when seat ``i`` plays ``policies[i]``.

    A policy is ``"random"`` (uniform over the legal actions), a
    :class:`Solution` (its optimal actions) or a *deterministic* player
    ``(view, rng) -> action id`` (called once per state; ``hold:20`` ...).
    Pass a solution instead of a game to reuse its enumerated states.
    """
    if isinstance(game, Solution):
        graph = game.graph
    else:
        graph = build_graph(game, max_states=max_states, open_hands=open_hands)
    if len(policies) != graph.seats:
        raise ValueError(f"{graph.game.name}: {len(policies)} policies for {graph.seats} seats")
    num, den = _row_weights(graph, policies)
    values, _, sweeps = _sweeps(graph, num / den, tolerance, max_sweeps)
    exact = None
    if len(graph.states) <= exact_limit:
        order = _order(graph)
        if order is not None:
            exact = _exact(graph, order, [Fraction(int(n), int(d)) for n, d in zip(num, den)])
    return PolicyValue(graph, values, sweeps, exact)
