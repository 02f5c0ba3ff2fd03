"""The seed's readings compared on paired games (issue 36): what a parameter's two readings
do to one deck's win rate against another.

Both readings play the same ``n`` games of :func:`~workbench.games.mugen.analysis.matchup`:
game *i* has the same seed and seats under each reading (deck A first in even games), so
the difference of A's win rates is measured on pairs, its 95% interval Newcombe's paired
one (:func:`~workbench.prob.intervals.paired_newcombe`).

>>> from workbench.games.mugen.decks import SAMPLE_DECKS
>>> df = reading_games(SAMPLE_DECKS["aoi"], SAMPLE_DECKS["sora"], "timed_turns", ("owner", "every"), n=4, seed=1)
>>> df.group_by("reading", maintain_order=True).len().rows()
[('owner', 4), ('every', 4)]
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import polars as pl

from workbench.engine.kernel.seat import Player
from workbench.engine.measure.verdict import judge, rate_span, verdict_text
from workbench.games.mugen.analysis import matchup
from workbench.games.mugen.cards import Deck
from workbench.games.mugen.players import greedy_player
from workbench.prob.intervals import pair_counts, paired_newcombe, wilson


def reading_games(
    deck_a: Deck,
    deck_b: Deck,
    param: str,
    readings: Sequence[Any],
    *,
    n: int = 200,
    seed: int = 0,
    players: Sequence[Player] = (greedy_player, greedy_player),
    **params: Any,
) -> pl.DataFrame:
    """One row per game and reading: :func:`matchup`'s columns and ``reading`` (the value of
    ``param``), the same ``n`` seeds and seats under every reading."""
    frames = [
        matchup(deck_a, deck_b, players, n, seed, **{**params, param: r}).with_columns(
            reading=pl.lit(str(r))
        )
        for r in readings
    ]
    return pl.concat(frames)


def reading_table(df: pl.DataFrame) -> pl.DataFrame:
    """Deck A's win rate under each reading (Wilson 95% interval), the deck-out share, and a
    last row: the second reading minus the first on the same games (paired 95% interval).

    >>> df = pl.DataFrame({"reading": ["owner"] * 4 + ["every"] * 4, "game": [0, 1, 2, 3] * 2,
    ...                    "winner": ["A", "B", "B", "B", "A", "A", "B", "A"],
    ...                    "deck_out": [False] * 8})
    >>> reading_table(df).select("reading", "a_wins", "games", "rate").rows()
    [('owner', 1, 4, 0.25), ('every', 3, 4, 0.75), ('every − owner', None, 4, 0.5)]
    """
    readings = list(dict.fromkeys(df["reading"].to_list()))
    rows = []
    won: list[list[bool]] = []
    for r in readings:
        games = df.filter(pl.col("reading") == r).sort("game")
        wins = [w == "A" for w in games["winner"].to_list()]
        won.append(wins)
        k, n = sum(wins), len(wins)
        lo, hi = wilson(k, n)
        rows.append({
            "reading": r, "a_wins": k, "games": n, "rate": k / n if n else float("nan"),
            "lo": lo, "hi": hi, "deck_outs": int(games["deck_out"].sum()),
        })  # fmt: skip
    if len(readings) == 2:
        a, b, c, d = pair_counts(list(zip(won[0], won[1], strict=True)))
        lo, hi = paired_newcombe(a, b, c, d)
        n = a + b + c + d
        rows.append({
            "reading": f"{readings[1]} − {readings[0]}", "a_wins": None, "games": n,
            "rate": (c - b) / n if n else float("nan"), "lo": lo, "hi": hi, "deck_outs": None,
        })  # fmt: skip
    return pl.from_dicts(rows, schema_overrides={"a_wins": pl.Int64, "deck_outs": pl.Int64})


def reading_sentence(table: pl.DataFrame, deck_a: str, deck_b: str, param: str) -> str:
    """What :func:`reading_table` says, in words whose verb follows the paired interval
    (:func:`~workbench.engine.measure.verdict.judge`: "higher" or "lower" only when it
    excludes no difference, else "too few games to say").

    >>> t = pl.DataFrame({"reading": ["owner", "every", "every − owner"], "a_wins": [18, 23, None],
    ...                   "games": [100, 100, 100], "rate": [0.18, 0.23, 0.05],
    ...                   "lo": [0.117, 0.158, 0.001], "hi": [0.267, 0.322, 0.103],
    ...                   "deck_outs": [0, 0, None]})
    >>> print(reading_sentence(t, "ミライ", "ソラ", "timed_turns"))
    ミライ wins 18.0% (11.7%–26.7%) of 100 games against ソラ with timed_turns="owner", 23.0% (15.8%–32.2%) with "every": higher (+0.1 to +10.3 pts) on the same deals.
    """
    one, two, diff = table.rows(named=True)
    word = judge(diff["lo"], diff["hi"], diff["games"])
    return (
        f"{deck_a} wins {one['rate']:.1%} ({rate_span(one['lo'], one['hi'])}) of {one['games']} "
        f'games against {deck_b} with {param}="{one["reading"]}", {two["rate"]:.1%} '
        f'({rate_span(two["lo"], two["hi"])}) with "{two["reading"]}": '
        f"{verdict_text(word, diff['lo'], diff['hi'], diff['games'], rate=True)} on the same deals."
    )
