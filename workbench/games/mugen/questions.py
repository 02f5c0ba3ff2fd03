"""Mugen's balance questions, asked again under skilled play (see :mod:`workbench.engine.measure.skilled`).

- **deck against deck**: the sample ソラ deck (A) against the sample ミライ deck
  (B), each going first in half the games (two variants: A in seat 0, which
  moves first, and A in seat 1).
- **first-player advantage in the ソラ mirror**: the same deck both sides, seat 0 first.

Both also say how games end (a kill or a deck-out) and the winner's own turn
of the kill. The deck-against-deck games feed the quality metrics.

>>> [q.key for q in questions()]
['deck_vs_deck', 'mirror']
"""

from __future__ import annotations

from typing import Any

import polars as pl

from workbench.engine.measure.skilled import Question, mean, rate
from workbench.games.mugen.decks import SAMPLE_DECKS


def _a_won(df: pl.DataFrame) -> pl.Expr:
    """Deck A won: it sat in seat 0 in variant "ソラ first", in seat 1 otherwise."""
    a_seat = pl.when(pl.col("variant") == "ソラ first").then(0).otherwise(1)
    return pl.col("winner") == a_seat


def deck_answer(df: pl.DataFrame) -> list[dict[str, Any]]:
    """A's win rate (overall, going first, going second), the first player's, the end."""
    n = df.height
    a = df.filter(_a_won(df))
    first = df.filter(pl.col("variant") == "ソラ first")
    second = df.filter(pl.col("variant") != "ソラ first")
    out = [
        rate("ソラ (A) wins", a.height, n, 0.5),
        rate("ソラ wins going first", first.filter(_a_won(first)).height, first.height, 0.5),
        rate("ソラ wins going second", second.filter(_a_won(second)).height, second.height, 0.5),
        rate("first player wins", df.filter(pl.col("winner") == pl.col("first")).height, n, 0.5),
    ]
    return out + end_answer(df)


def end_answer(df: pl.DataFrame) -> list[dict[str, Any]]:
    """How games end: the deck-out share and the winner's own turn of the kill."""
    kills = df.filter(pl.col("kill") == 1)
    return [
        rate("ends by a deck-out", int(df["deck_out"].sum()), df.height),
        mean("own turn of the kill", [float((t + 1) // 2) for t in kills["last_turn"]]),
    ]


def mirror_answer(df: pl.DataFrame) -> list[dict[str, Any]]:
    """The first player's win rate in the mirror, and how games end."""
    won = df.filter(pl.col("winner") == pl.col("first")).height
    return [rate("first player wins (ソラ mirror)", won, df.height, 0.5)] + end_answer(df)


def questions() -> tuple[Question, ...]:
    """The questions the notebook answers with greedy players, to ask of skilled ones."""
    sora, mirai = SAMPLE_DECKS["sora"], SAMPLE_DECKS["mirai"]
    return (
        Question(
            "deck_vs_deck",
            "Does ソラ beat ミライ (sample decks, each first in half the games)?",
            deck_answer,
            {"ソラ first": {"decks": (sora, mirai)}, "ミライ first": {"decks": (mirai, sora)}},
            metrics=True,
        ),
        Question(
            "mirror",
            "Does the first player win the ソラ mirror more often?",
            mirror_answer,
            {"": {"decks": (sora, sora)}},
        ),
    )
