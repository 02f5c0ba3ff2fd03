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

A_FIRST = "ソラ first"
"""The variant in which deck A (ソラ) sits in seat 0, which moves first."""


def _won(winners: list[Any], seats: list[Any]) -> list[bool]:
    """Per game, whether the winner sat in the given seat (no single winner: False)."""
    return [w is not None and w == s for w, s in zip(winners, seats)]


def _both(these: list[bool], those: list[bool]) -> int:
    """How many games are true in both lists."""
    return sum(a and b for a, b in zip(these, those))


def _a_seats(variants: list[Any]) -> list[int]:
    """Deck A's seat per game: 0 in variant "ソラ first", 1 otherwise."""
    return [0 if v == A_FIRST else 1 for v in variants]


def deck_answer(df: pl.DataFrame) -> list[dict[str, Any]]:
    """A's win rate (overall, going first, going second), the first player's, the end
    (columns read as lists: compare answers each game on its own one-row frame, where a
    polars filter costs more than counting).

    >>> df = pl.DataFrame({"variant": ["ソラ first"] * 3 + ["ミライ first"] * 3,
    ...     "winner": [0, 1, None, 1, 1, 0], "first": [0] * 6,
    ...     "kill": [1, 1, 0, 1, 0, 1], "deck_out": [0, 0, 0, 0, 1, 0],
    ...     "last_turn": [5, 8, 20, 3, 14, 6]})
    >>> [(a["measure"], a["value"], a["games"]) for a in deck_answer(df)]  # doctest: +NORMALIZE_WHITESPACE
    [('ソラ (A) wins', 0.5, 6), ('ソラ wins going first', 0.3333333333333333, 3),
     ('ソラ wins going second', 0.6666666666666666, 3), ('first player wins', 0.3333333333333333, 6),
     ('ends by a deck-out', 0.16666666666666666, 6), ('own turn of the kill', 3.0, 4)]
    """
    n = df.height
    variants, winners = df["variant"].to_list(), df["winner"].to_list()
    a_won = _won(winners, _a_seats(variants))
    going_first = [v == A_FIRST for v in variants]
    going_second = [v is not None and v != A_FIRST for v in variants]
    out = [
        rate("ソラ (A) wins", sum(a_won), n, 0.5),
        rate("ソラ wins going first", _both(a_won, going_first), sum(going_first), 0.5),
        rate("ソラ wins going second", _both(a_won, going_second), sum(going_second), 0.5),
        rate("first player wins", sum(_won(winners, df["first"].to_list())), n, 0.5),
    ]
    return out + end_answer(df)


def end_answer(df: pl.DataFrame) -> list[dict[str, Any]]:
    """How games end: the deck-out share and the winner's own turn of the kill (own turn
    (t + 1) // 2 of the game's turn t).

    >>> df = pl.DataFrame({"kill": [1, 0, 1, 1], "deck_out": [0, 1, 0, 0],
    ...     "last_turn": [5, 30, 6, 9]})
    >>> [(a["measure"], a["value"], a["games"]) for a in end_answer(df)]
    [('ends by a deck-out', 0.25, 4), ('own turn of the kill', 3.6666666666666665, 3)]
    """
    kills = [k == 1 for k in df["kill"].to_list()]
    turns = df["last_turn"].to_list()
    deck_outs = sum(d for d in df["deck_out"].to_list() if d is not None)
    return [
        rate("ends by a deck-out", int(deck_outs), df.height),
        mean("own turn of the kill", [float((t + 1) // 2) for t, k in zip(turns, kills) if k]),
    ]


def mirror_answer(df: pl.DataFrame) -> list[dict[str, Any]]:
    """The first player's win rate in the mirror, and how games end.

    >>> df = pl.DataFrame({"winner": [0, 1, 0, None], "first": [0, 0, 0, 0],
    ...     "kill": [1, 1, 0, 0], "deck_out": [0, 0, 1, 0], "last_turn": [7, 4, 25, 30]})
    >>> [(a["measure"], a["value"]) for a in mirror_answer(df)]  # doctest: +NORMALIZE_WHITESPACE
    [('first player wins (ソラ mirror)', 0.5), ('ends by a deck-out', 0.25),
     ('own turn of the kill', 3.0)]
    """
    won = sum(_won(df["winner"].to_list(), df["first"].to_list()))
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
