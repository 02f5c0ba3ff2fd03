"""Pig's design questions, answered exactly (prob core, the solver) and by simulation.

- :func:`turn_score` — the exact distribution of one turn's points when
  holding at ``n`` (the prob core's ``Dist``), and :func:`turn_table` the
  expected points for every threshold (the best single-turn hold);
- :func:`first_seat_wins` — seat 1's exact chance of winning under given
  policies (the solver's policy evaluation) or under optimal play;
- :func:`simulated_first_seat` — the same by simulation, with a Wilson interval;
- :func:`hold_thresholds` — the optimal policy as a table: at each pair of
  scores, the turn total at which the optimal player holds.

>>> turn_score(2).pmf()                  # roll once: bust (1/6) or the face
{0: 1/6, 2: 1/6, 3: 1/6, 4: 1/6, 5: 1/6, 6: 1/6}
>>> turn_score(20).mean()
492303203/60466176
"""

from __future__ import annotations

import math
from fractions import Fraction
from functools import cache
from typing import Any

import polars as pl

from pig.die import Face, read_die
from pig.players import solution_for
from pig.rules import Choose, make_game
from workbench.engine.players.specs import player_from_spec
from workbench.engine.runs.simulate import simulate
from workbench.engine.solve import Solution, evaluate
from workbench.prob.dist import Dist
from workbench.prob.intervals import wilson

Z999 = 3.2905  # the normal quantile of a two-sided 99.9% interval


def turn_score(n: int, faces: tuple[Face, ...] | None = None) -> Dist:
    """The exact points one turn banks when rolling until the turn total reaches ``n``."""
    die = faces or read_die()
    p = Fraction(1, len(die))

    @cache
    def from_total(k: int) -> dict[int, Fraction]:
        if k >= n:
            return {k: Fraction(1)}
        out: dict[int, Fraction] = {}
        for f in die:
            for v, q in ({0: Fraction(1)} if f.busts else from_total(k + f.points)).items():
                out[v] = out.get(v, Fraction(0)) + p * q
        return out

    dist = from_total(0)
    den = math.lcm(*(q.denominator for q in dist.values()))
    return Dist({v: int(q * den) for v, q in dist.items()})


def turn_table(up_to: int = 40) -> pl.DataFrame:
    """Expected points per turn for each hold threshold 1..``up_to`` (exact and float)."""
    means = [turn_score(n).mean() for n in range(1, up_to + 1)]
    return pl.DataFrame(
        {
            "hold_at": list(range(1, up_to + 1)),
            "expected": [float(m) for m in means],
            "exact": [str(m) for m in means],
        }
    )


def first_seat_wins(players: tuple[Any, ...] | None = None, **params: Any) -> float:
    """Seat 1's chance of winning: under ``players`` (specs such as ``"hold:20"``, or
    ``"random"``) by policy evaluation, or under optimal play when None."""
    game = make_game(**params)
    solution = solution_for(game)
    if players is None:
        return solution.value[0]
    policies = [
        p if p == "random" else solution if p == "optimal" else player_from_spec(p, "pig")
        for p in players
    ]
    return evaluate(solution, policies).value[0]


def simulated_first_seat(
    players: tuple[str, ...] = ("hold:20", "hold:20"),
    games: int = 2000,
    seed: int = 1,
    **params: Any,
) -> tuple[float, tuple[float, float]]:
    """Seat 1's simulated share of the wins and its 99.9% Wilson interval."""
    game = make_game(**params)
    line_up = {f"{spec} (seat {i + 1})": _player(spec, game) for i, spec in enumerate(players)}
    df = simulate(game, line_up, n=games, seed=seed, seating="fixed")
    wins = sum(1 for w in df["winners"].to_list() if w == [0])
    return wins / games, wilson(wins, games, z=Z999)


def _player(spec: str, game: Any) -> Any:
    if spec == "optimal":
        return solution_for(game).player()
    return player_from_spec(spec, "pig")


def hold_thresholds(solution: Solution) -> pl.DataFrame:
    """For 2 seats: at own score ``me`` and the other's ``other``, the smallest turn
    total at which the optimal player holds (``goal - me``: it rolls to the goal)."""
    game = solution.graph.game
    goal = game.params.goal
    first: dict[tuple[int, int], int] = {}
    for s, state in enumerate(solution.graph.states):
        if solution.best[s] < 0 or not state.total:
            continue
        seat = state.tasks[-1].seat if isinstance(state.tasks[-1], Choose) else 0
        me, other = state.scores[seat], state.scores[1 - seat]
        if solution.action(state) == "hold":
            key = (me, other)
            first[key] = min(first.get(key, goal), state.total)
    rows = [
        (me, other, first.get((me, other), goal - me))
        for me in range(goal)
        for other in range(goal)
    ]
    return pl.DataFrame(rows, schema=["me", "other", "hold_at"], orient="row")


def threshold_chart(table: pl.DataFrame) -> Any:
    """A heat map of the optimal hold threshold by both scores."""
    import altair as alt

    return (
        alt.Chart(table)
        .mark_rect()
        .encode(
            x=alt.X("other:O", title="opponent's score", axis=alt.Axis(labelOverlap=True)),
            y=alt.Y("me:O", title="own score", sort="descending", axis=alt.Axis(labelOverlap=True)),
            color=alt.Color("hold_at:Q", title="hold at", scale=alt.Scale(scheme="viridis")),
            tooltip=["me", "other", "hold_at"],
        )
        .properties(title="Optimal Pig: the turn total to hold at", width=360, height=360)
    )


def turn_chart(table: pl.DataFrame) -> Any:
    """Expected points per turn against the hold threshold."""
    import altair as alt

    return (
        alt.Chart(table)
        .mark_line(point=True)
        .encode(
            x=alt.X("hold_at:Q", title="hold at"),
            y=alt.Y("expected:Q", title="expected points per turn"),
            tooltip=["hold_at", "exact"],
        )
        .properties(title="One turn of Pig: expected points by hold threshold")
    )
