"""Life's balance questions, asked again under skilled play (see :mod:`workbench.engine.measure.skilled`).

- **seats and the order card at 4 players**: each seat's win rate against its
  fair share (seat 1 starts), mid-scoring VP by seat, and what each order
  space is worth: the final VP of the player who took it, above the table's
  mean (0 means the space gains nothing). These games feed the quality
  metrics.

>>> [q.key for q in questions()]
['seats']
"""

from __future__ import annotations

from typing import Any

import polars as pl

from workbench.engine.measure.skilled import Question, mean, seat_answers


def seat_answer(df: pl.DataFrame) -> list[dict[str, Any]]:
    """Seats, mid-scoring by seat, the worth of each order space, full albums."""
    seats = int(df["seats"][0])
    out = seat_answers(df)
    for s in range(seats):
        out.append(mean(f"seat {s + 1} mid-scoring VP", [float(v) for v in df[f"mid_vp_p{s}"]]))
    worth: dict[int, list[float]] = {k: [] for k in (1, 2, 3, 4)}
    for row in df.iter_rows(named=True):
        scores = [row[f"score_{s}"] for s in range(seats)]
        table_mean = sum(scores) / seats
        for s in range(seats):
            for ch in row[f"picks_p{s}"]:
                worth[int(ch)].append(scores[s] - table_mean)
    for k, values in worth.items():
        if values:
            out.append(mean(f"order space {k}: VP above the table's mean", values, 0.0))
    return out + [
        mean(
            "final VP per player",
            [row[f"score_{s}"] for row in df.iter_rows(named=True) for s in range(seats)],
        )
    ]


def questions() -> tuple[Question, ...]:
    """The questions the notebook answers with greedy players, to ask of skilled ones."""
    return (
        Question(
            "seats",
            "Seats, mid-scoring and the order card at 4 players: who gains?",
            seat_answer,
            seats=4,
            metrics=True,
        ),
    )
