"""Ghost's balance questions, asked again under skilled play (see :mod:`workbench.engine.measure.skilled`).

- **seats at 4 users**: each seat's win rate against its fair share (seat 1
  moves first), how games end (VP, the server running out, void, special
  victory) and how long they last in user turns. These games feed the
  quality metrics.

>>> [q.key for q in questions()]
['seats']
"""

from __future__ import annotations

from typing import Any

import polars as pl

from workbench.engine.measure.skilled import Question, mean, rate, seat_answers

ENDS = {
    "vp": "ends on VP",
    "server": "ends when the server runs out",
    "void": "ends void",
    "special": "ends by a special victory",
    "master": "ends by master–slave",
}


def seat_answer(df: pl.DataFrame) -> list[dict[str, Any]]:
    """Seats, endings (those that happened) and length of the games (the end column read
    as a list: compare answers each game on its own one-row frame, where a polars filter
    costs more than counting).

    >>> df = pl.DataFrame({"seats": [4] * 4, "winner": [0, 2, None, 2],
    ...     "end": ["vp", "server", "void", "vp"], "user_turns": [12, 20, 9, 16]})
    >>> [(a["measure"], a["value"]) for a in seat_answer(df)]  # doctest: +NORMALIZE_WHITESPACE
    [('seat 1 wins', 0.25), ('seat 2 wins', 0.0), ('seat 3 wins', 0.5), ('seat 4 wins', 0.0),
     ('no single winner', 0.25), ('ends on VP', 0.5), ('ends when the server runs out', 0.25),
     ('ends void', 0.25), ('user turns per game', 14.25)]
    """
    out = seat_answers(df)
    ends = df["end"].to_list()
    for reason, words in ENDS.items():
        hits = ends.count(reason)
        if hits:
            out.append(rate(words, hits, df.height))
    return out + [mean("user turns per game", [float(t) for t in df["user_turns"]])]


def questions() -> tuple[Question, ...]:
    """The questions the notebook answers with greedy users, to ask of skilled ones."""
    return (
        Question(
            "seats",
            "Does a seat win more than its share at 4 users?",
            seat_answer,
            seats=4,
            metrics=True,
        ),
    )
