"""The skill ladder of a game: who beats whom among players of rising skill (issue 13).

:func:`skill_ladder` plays every pairing of the levels (weakest first: by
default ``random < greedy < osla < ismcts:100 < ismcts:400``) with the seats
rotated, and gives the matrix of win rates with 95% Wilson intervals. In a
two-seat game one match per pair fills both cells; with more seats the row
player sits alone among copies of a weaker column player, so only the row
player searches (a cell with a stronger column would have every other seat
search, several times the cost, and no finding reads it; ``both_ways=True``
plays those too). Each pairing runs on the process's shared dask cluster when
``workers`` is given (started once, reused by every pairing). Each cell is compared
with the fair share (games with a single winner / seats): a stronger level
whose interval does not lie above it against a weaker one is a *finding* —
the game may be luck-dominated there, or the stronger player is not as
strong as its place on the ladder says.

>>> lad = skill_ladder("peek", ["random", "osla"], games=20, seed=1)
>>> lad.frame.select("player", "opponent", "games", "mean_length").rows()  # decisions a game
[('random', 'osla', 20, 1.0), ('osla', 'random', 20, 1.0)]
>>> lad.findings()[0]
'osla does not beat random: 55.0% (34.2%–74.2%) against a fair share of 50.0%'
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

import polars as pl

from workbench.engine.players.osla import OSLA
from workbench.engine.players.search import ISMCTS
from workbench.engine.players.specs import player_from_spec
from workbench.engine.runs.match import build_game, play_matches
from workbench.registry import make_game

__all__ = [
    "LEVELS",
    "Ladder",
    "ladder_chart",
    "ladder_matches",
    "ladder_pairings",
    "search_cost",
    "skill_ladder",
]

LEVELS = ("random", "greedy", "osla", "ismcts:100", "ismcts:400")
"""The default ladder, weakest first: ismcts at two budgets."""


@dataclass(frozen=True)
class Ladder:
    """The pairings' results: one row per (player, opponent) with its interval and the
    pairing's mean length in decisions (``mean_length``; ladders made before it have none)."""

    game: str
    levels: tuple[str, ...]
    frame: pl.DataFrame

    def matrix(self) -> pl.DataFrame:
        """Win rate of the row player (``player``) against each column (``opponent``)."""
        wide = self.frame.pivot(on="opponent", index="player", values="win_rate")
        cols = [c for c in self.levels if c in wide.columns]
        order = {p: i for i, p in enumerate(self.levels)}
        return wide.select("player", *cols).sort(pl.col("player").replace_strict(order))

    def findings(self) -> list[str]:
        """A sentence for each stronger level that does not beat a weaker one."""
        out = []
        rank = {p: i for i, p in enumerate(self.levels)}
        for row in self.frame.iter_rows(named=True):
            if rank[row["player"]] <= rank[row["opponent"]]:
                continue
            if row["low"] <= row["fair_share"]:
                out.append(
                    f"{row['player']} does not beat {row['opponent']}: "
                    f"{row['win_rate']:.1%} ({row['low']:.1%}–{row['high']:.1%}) "
                    f"against a fair share of {row['fair_share']:.1%}"
                )
        if not out:
            out.append(f"every level beats every weaker one ({self.game}, 95% intervals)")
        return out

    def chart(self) -> Any:
        """The matrix as a heat map (altair)."""
        return ladder_chart(self)


def ladder_pairings(
    levels: Sequence[str], seats: int, both_ways: bool = False
) -> list[tuple[int, int, bool]]:
    """(row, column, both cells) matches to play: in two seats one match per pair; with
    more, the row player against weaker columns only unless ``both_ways``.

    >>> ladder_pairings("abc", 2)
    [(0, 1, True), (0, 2, True), (1, 2, True)]
    >>> ladder_pairings("abc", 3), len(ladder_pairings("abc", 3, both_ways=True))
    ([(1, 0, False), (2, 0, False), (2, 1, False)], 6)
    """
    if seats == 2:
        return [(i, j, True) for i in range(len(levels)) for j in range(i + 1, len(levels))]
    return [
        (i, j, False)
        for i in range(len(levels))
        for j in range(len(levels))
        if i > j or (both_ways and i != j)
    ]


def ladder_matches(
    levels: Sequence[str], seats: int, seed: int, both_ways: bool = False
) -> list[tuple[int, int, bool, list[str], int]]:
    """The matches a ladder plays: (row, column, both cells, line-up, seed); a pairing's
    seed is ``seed`` plus its place among every pairing, whichever are played.

    >>> ladder_matches(["random", "greedy"], 3, seed=7)
    [(1, 0, False, ['greedy', 'random', 'random'], 8)]
    """
    every = ladder_pairings(levels, seats, both_ways=True)
    return [
        (i, j, both, [levels[i]] + [levels[j]] * (seats - 1), seed + every.index((i, j, both)))
        for i, j, both in ladder_pairings(levels, seats, both_ways)
    ]


def search_cost(line_up: Sequence[str], game: str | None = None) -> float:
    """A rough CPU weight of one game of ``line_up``: the search iterations a decision
    summed over the seats (a time budget as 2,000 iterations a second; ``osla:N`` as
    ``N``; random, greedy and the game's own rules of thumb as nothing). Only the order
    matters: the ladder hands its dearest pairings to the workers first.

    >>> search_cost(["ismcts:400/30", "greedy"]), search_cost(["ismcts:0.5s", "osla:8", "random"])
    (400.0, 1008.0)
    """
    total = 0.0
    for spec in line_up:
        player = player_from_spec(spec, game)
        if isinstance(player, ISMCTS):
            total += player.iterations or 2000 * (player.seconds or 0)
        elif isinstance(player, OSLA):
            total += player.rollouts
    return total


def skill_ladder(
    game: str,
    levels: Sequence[str] = LEVELS,
    games: int = 200,
    seed: int = 0,
    *,
    seats: int | None = None,
    workers: int | None = None,
    scheduler: str | None = None,
    both_ways: bool = False,
) -> Ladder:
    """Every pairing of ``levels`` over ``games`` games (seats rotated; ``games`` is rounded
    up to a multiple of the seats) at the game's default table size or ``seats``, on dask
    when ``workers`` or ``scheduler`` is given (see the module docstring for ``both_ways``)."""
    levels = tuple(levels)
    if len(set(levels)) != len(levels) or len(levels) < 2:
        raise ValueError(f"skill_ladder needs at least two different levels, got {levels}")
    seats = make_game(game).num_players if seats is None else build_game(game, seats).num_players
    games = -(-games // seats) * seats
    rows = []
    on_dask = workers is not None or scheduler is not None
    planned = ladder_matches(levels, seats, seed, both_ways)
    # every pairing handed to the workers at once, the dearest first: none waits for
    # another's last chunk, and the last chunks are cheap ones (the workers end together)
    order = sorted(range(len(planned)), key=lambda k: -search_cost(planned[k][3], game))
    played = play_matches(
        game,
        [(planned[k][3], games, planned[k][4]) for k in order],
        swap_seats=True,
        workers=None if scheduler else workers,
        scheduler=scheduler,
        progress=on_dask,
    )
    results = [played[order.index(k)] for k in range(len(planned))]
    for (i, j, both, _, _), r in zip(planned, results, strict=True):
        sole = sum(p["wins"] for p in r["players"])
        fair = sole / games / seats
        cells = [(0, i, j)] + ([(1, j, i)] if both else [])
        for pos, a, b in cells:
            p = r["players"][pos]
            rows.append(
                {
                    "player": levels[a],
                    "opponent": levels[b],
                    "games": games,
                    "wins": p["wins"],
                    "draws": p["draws"],
                    "win_rate": p["win_rate"],
                    "low": p["interval"][0],
                    "high": p["interval"][1],
                    "fair_share": fair,
                    "mean_length": r["mean_length"],
                }
            )
    return Ladder(game, levels, pl.DataFrame(rows))


def cell_label(rate: pl.Expr) -> pl.Expr:
    """A win rate as the whole percent written in its cell, except where rounding would
    write 0 or 100 for a rate that is not: one decimal then, rounded toward the middle, so
    199 wins of 200 never reads as every game won.

    >>> f = pl.DataFrame({"r": [0.0, 0.0025, 0.3, 0.735, 0.995, 1.0]})
    >>> f.select(cell_label(pl.col("r")))["r"].to_list()
    ['0', '0.3', '30', '74', '99.5', '100']
    """
    pct = rate * 100
    whole = pct.round(0)
    return (
        pl.when((whole == 100) & (rate < 1))
        .then(((pct * 10).floor() / 10).round(1).cast(pl.String))
        .when((whole == 0) & (rate > 0))
        .then(((pct * 10).ceil() / 10).round(1).cast(pl.String))
        .otherwise(whole.cast(pl.Int64).cast(pl.String))
    )


def cell_ink(rate: pl.Expr, fair: float) -> pl.Expr:
    """The colour of the rate written in a cell (column ``ink``): white on the dark cells of
    a scale whose white is the fair share, black on the light ones. How dark a cell is, is
    how far its rate lies from the fair share toward 0 or 1 (over 0.6 of the way: dark).

    >>> f = pl.DataFrame({"r": [0.01, 0.15, 0.21, 0.66, 0.78]})
    >>> f.select(cell_ink(pl.col("r"), 0.21))["ink"].to_list()
    ['white', 'black', 'black', 'black', 'white']
    """
    below = (fair - rate) / fair if fair > 0 else pl.lit(0.0)
    above = (rate - fair) / (1 - fair) if fair < 1 else pl.lit(0.0)
    far = pl.when(rate < fair).then(below).otherwise(above)
    return pl.when(far > 0.6).then(pl.lit("white")).otherwise(pl.lit("black")).alias("ink")


def ladder_chart(ladder: Ladder) -> Any:
    """Heat map: row player's win rate against each opponent, the rate written in each cell.

    >>> f = pl.DataFrame({"player": ["a", "b"], "opponent": ["b", "a"], "games": [10, 10],
    ...     "wins": [3, 7], "draws": [0, 0], "win_rate": [0.3, 0.7], "low": [0.1, 0.4],
    ...     "high": [0.6, 0.9], "fair_share": [0.5, 0.5]})
    >>> ladder_chart(Ladder("x", ("a", "b"), f)).to_dict()["layer"][0]["mark"]["type"]
    'rect'
    >>> ladder_chart(Ladder("x", ("a", "b"), f)).to_dict()["layer"][0]["encoding"]["color"]["scale"]
    {'domain': [0, 1], 'domainMid': 0.5, 'scheme': 'redblue'}
    """
    import altair as alt

    fair = float(ladder.frame["fair_share"].cast(pl.Float64).mean() or 0.5)  # type: ignore[arg-type]  # white: the fair share
    df = ladder.frame.with_columns(
        cell_label(pl.col("win_rate")).alias("label"), cell_ink(pl.col("win_rate"), fair)
    )
    order = list(ladder.levels)
    side = 56 * len(order)  # cells big enough to read the rate written in them
    base = alt.Chart(df).encode(
        x=alt.X("opponent:N", sort=order, title="against", axis=alt.Axis(labelAngle=-30)),
        y=alt.Y("player:N", sort=order, title="player"),
    )
    rect = base.mark_rect().encode(
        color=alt.Color(
            "win_rate:Q",
            scale=alt.Scale(domain=[0, 1], domainMid=fair, scheme="redblue"),
            title=f"win rate (white: fair share {fair:.0%})",
        ),
        tooltip=["player", "opponent", "win_rate", "low", "high", "games"],
    )
    ink = alt.Scale(domain=["black", "white"], range=["black", "white"])
    text = base.mark_text(fontSize=13).encode(
        text="label:N", color=alt.Color("ink:N", scale=ink, legend=None)
    )
    return alt.layer(rect, text).properties(
        title=f"{ladder.game}: skill ladder (% of games the row player won)",
        width=side,
        height=side,
        padding={"left": 30, "top": 5, "right": 10, "bottom": 5},
    )
