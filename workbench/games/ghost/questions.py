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
    """Seats, endings and length of the games."""
    out = seat_answers(df)
    for reason, words in ENDS.items():
        hits = df.filter(pl.col("end") == reason).height
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
