"""What the boards' analysis mode calls: each legal action's estimated win rate, or a
chance step's exact outcomes (issue 13 item 6; issue 26 item 5: moves told apart).

At a decision, :func:`analyse` runs :class:`~workbench.engine.players.search.ISMCTS` on
the observation of the seat to move (never the hidden state) with a racing root
(:class:`RacingSearch`): every legal action first gets at least
:func:`minimum_per_action` simulations, and the rest of the budget goes, one
simulation at a time, to the best action or to its closest rival (the one whose
95% interval reaches highest), whichever has fewer — LUCB (Kalyanakrishnan et
al., ICML 2012) on top of ISMCTS's own tree below the root. Each row is the
action with its label, estimated win rate (the mean result of its simulations:
1 a win, 1/k a shared win), the number of simulations, a 95% Wilson interval,
and whether its interval overlaps the best one (``separable``), best first.
At a chance step it returns the exact distribution of the outcomes (sympy
``Rational``), likeliest first, for the designer to pick a "what if".

>>> import random
>>> from workbench.engine.conformance.kernel_toy import make_game
>>> g = make_game()
>>> [(o.outcome, str(o.probability)) for o in analyse(g, g.initial_state(), None, 0, None)][:2]
[(1, '1/5'), (2, '1/5')]
>>> s = g.initial_state()
>>> for card in (5, 1, 2, 2):
...     s = g.apply(s, card)
>>> best = analyse(g, s, 0, 200, random.Random(1))
>>> [(a.action, a.label, a.simulations, a.separable) for a in best]
[(5, 'seat 1 plays 5', 100, None), (2, 'seat 1 plays 2', 100, False)]
"""

from __future__ import annotations

import random
from collections.abc import Hashable
from typing import Any, NamedTuple

import sympy

from workbench.engine.kernel.protocol import CHANCE, TERMINAL, Game, IllegalAction
from workbench.engine.kernel.seat import SeatView
from workbench.engine.players.search import ISMCTS
from workbench.prob.intervals import wilson

__all__ = [
    "MIN_PER_ACTION",
    "ActionEstimate",
    "OutcomeChance",
    "RacingSearch",
    "analyse",
    "minimum_per_action",
]

MIN_PER_ACTION = 30
"""Simulations every legal action gets before the rest of the budget races the best."""


class ActionEstimate(NamedTuple):
    """One legal action: its estimated win rate for the seat to move, from ``simulations``.

    ``separable``: None for the best action, True when its interval lies apart from
    the best's, False when they overlap ("not separable at this budget").
    """

    action: Hashable
    label: str
    win_rate: float
    simulations: int
    interval: tuple[float, float]
    separable: bool | None = None


class OutcomeChance(NamedTuple):
    """One outcome of a chance step (or ``ways`` outcomes that read alike, collapsed into
    one: choosing it chooses the first) and its exact probability."""

    outcome: Hashable
    label: str
    probability: sympy.Rational
    ways: int = 1


def chance_rows(game: Game[Any], state: Any) -> list[OutcomeChance]:
    """The outcomes of a chance step, most likely first; outcomes whose labels read alike
    (two copies of one card) are one row with their count and summed probability, labelled
    ``label ×count``.

    >>> from workbench.engine.conformance.kernel_toy import make_game
    >>> g = make_game()
    >>> [(r.label, str(r.probability), r.ways) for r in chance_rows(g, g.initial_state())][:2]
    [('deal 1 to seat 1', '1/5', 1), ('deal 2 to seat 1', '1/5', 1)]
    """
    dist = game.chance_outcomes(state)
    grouped: dict[str, list[Any]] = {}
    for i, (o, w) in enumerate(dist.items()):
        label = game.action_label(state, o)
        grouped.setdefault(label, [o, 0, 0, i])
        grouped[label][1] += w
        grouped[label][2] += 1
    rows = [
        (
            OutcomeChance(o, f"{label} ×{n}" if n > 1 else label, sympy.Rational(w, dist.total), n),
            first,
        )
        for label, (o, w, n, first) in grouped.items()
    ]
    return [r for r, _ in sorted(rows, key=lambda rf: (-rf[0].probability, rf[1]))]


def analyse(
    game: Game[Any],
    state: Any,
    seat: int | None,
    budget: int | float | str,
    rng: random.Random | None,
) -> list[ActionEstimate] | list[OutcomeChance]:
    """Estimates for the seat to move (``budget``: ISMCTS iterations, or seconds as a float
    or ``"0.5s"``), or the exact outcomes of a chance step (``seat``, ``budget`` and
    ``rng`` unused there)."""
    who = game.current_player(state)
    if who == TERMINAL:
        return []
    if who == CHANCE:
        return chance_rows(game, state)
    if seat is not None and seat != who:
        raise IllegalAction(f"{game.name}: seat {seat} is not to move (seat {who} is)")
    if rng is None:
        raise ValueError("analyse needs the session's rng at a decision")
    view = SeatView(game, who, state)
    base = _search(budget)
    player = RacingSearch(base, minimum_per_action(base.iterations, len(view.legal_ids)))
    stats = player.search(view, rng)
    estimates: list[ActionEstimate] = [
        ActionEstimate(
            s.action,
            game.action_label(state, s.action),
            s.mean,
            s.visits,
            _interval(s.mean, s.visits),
        )
        for s in stats
    ]
    estimates.sort(key=lambda r: (-r.win_rate, -r.simulations))
    if not estimates:
        return estimates
    best_low = estimates[0].interval[0]
    return [estimates[0]] + [r._replace(separable=r.interval[1] < best_low) for r in estimates[1:]]


def minimum_per_action(iterations: int | None, actions: int) -> int:
    """Simulations each action gets first: :data:`MIN_PER_ACTION`, or less when that
    would take more than half of an iteration budget (at least 1); a time budget
    keeps the full minimum.

    >>> minimum_per_action(1000, 8), minimum_per_action(200, 24), minimum_per_action(None, 24)
    (30, 4, 30)
    """
    if iterations is None or actions <= 0:
        return MIN_PER_ACTION
    return max(1, min(MIN_PER_ACTION, iterations // (2 * actions)))


def _interval(mean: float, simulations: int) -> tuple[float, float]:
    """The 95% Wilson interval, its float dust snapped (no "<0.1%" bound over a 0.0% mean).

    >>> _interval(0.0, 20)[0], _interval(1.0, 20)[1]
    (0.0, 1.0)
    """
    lo, hi = wilson(round(mean * simulations), simulations)
    return (0.0 if lo < 1e-9 else lo, 1.0 if hi > 1 - 1e-9 else hi)


class RacingSearch(ISMCTS):
    """:class:`ISMCTS` (same budget, rollout cut and tree) whose root spends ``minimum``
    simulations on every legal action, then races the best against its closest rival.

    Only the choice at the root changes; below it the search is ISMCTS's own. It reports
    win rates, so a game's root rule and graded cut value (``search_root``,
    ``search_margin``) do not apply: cut rollouts count who leads.
    """

    GAME_TUNING = False

    def __init__(self, base: ISMCTS, minimum: int = MIN_PER_ACTION) -> None:
        super().__init__(base.iterations, base.seconds, base.c, base.max_steps, base.horizon)
        self.minimum = minimum
        self._root: Any = None

    def _iterate(
        self,
        game: Game[Any],
        seat: int,
        root: Any,
        state: Any,
        rng: random.Random,
        first: Hashable = None,
    ) -> tuple[float, ...]:
        self._root = root
        return super()._iterate(game, seat, root, state, rng, first)

    def _select(self, node: Any, legal: Any, rng: random.Random) -> tuple[Hashable, bool]:
        if node is not self._root:
            return super()._select(node, legal, rng)
        edges = node.edges
        for a in legal:
            if a not in edges:
                edges[a] = [0, 0.0, 1]
                return a, True
            edges[a][2] += 1
        return race(legal, {a: (edges[a][0], edges[a][1]) for a in legal}, self.minimum), False


def race(legal: Any, stats: dict[Hashable, tuple[float, float]], minimum: int) -> Hashable:
    """The root action to simulate next, from ``stats[a] = (simulations, result sum)``:
    the least simulated while any is under ``minimum``; then the fewer simulated of
    the best (highest mean) and its rival (highest upper bound among the others).

    >>> race("abc", {"a": (5, 4.0), "b": (3, 1.0), "c": (5, 0.0)}, 5)
    'b'
    >>> race("abc", {"a": (40, 30.0), "b": (30, 15.0), "c": (30, 1.0)}, 5)
    'b'
    >>> race("abc", {"a": (20, 15.0), "b": (30, 15.0), "c": (30, 1.0)}, 5)
    'a'
    """
    order = list(legal)
    fewest = min(order, key=lambda a: stats[a][0])
    if stats[fewest][0] < minimum or len(order) == 1:
        return fewest
    means = {a: stats[a][1] / stats[a][0] for a in order}
    best = max(order, key=lambda a: means[a])
    rival = max(
        (a for a in order if a != best), key=lambda a: _interval(means[a], int(stats[a][0]))[1]
    )
    return best if stats[best][0] <= stats[rival][0] else rival


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
