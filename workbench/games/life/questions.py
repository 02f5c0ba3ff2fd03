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
    """Seats, mid-scoring by seat, the worth of each order space, full albums.

    Read from the few columns it needs as Python rows (compare answers each game on its
    own one-row frame: a polars call per value would cost more than the game).

    >>> df = pl.DataFrame({"seats": [3, 3], "winner": [0, None], "score_0": [9, 5],
    ...     "score_1": [6, 5], "score_2": [3, 5], "mid_vp_p0": [3, 1], "mid_vp_p1": [1, 1],
    ...     "mid_vp_p2": [0, 3], "picks_p0": [[1], [2]], "picks_p1": [[2], [3]],
    ...     "picks_p2": [[4], [1]]})
    >>> [(a["measure"], a["value"]) for a in seat_answer(df)][3:]  # doctest: +NORMALIZE_WHITESPACE
    [('no single winner', 0.5), ('seat 1 mid-scoring VP', 2.0), ('seat 2 mid-scoring VP', 1.0),
     ('seat 3 mid-scoring VP', 1.5), ("order space 1: VP above the table's mean", 1.5),
     ("order space 2: VP above the table's mean", 0.0),
     ("order space 3: VP above the table's mean", 0.0),
     ("order space 4: VP above the table's mean", -3.0), ('final VP per player', 5.5)]
    """
    seats = int(df["seats"][0])
    out = seat_answers(df)
    scores = [df[f"score_{s}"].to_list() for s in range(seats)]
    for s in range(seats):
        out.append(mean(f"seat {s + 1} mid-scoring VP", [float(v) for v in df[f"mid_vp_p{s}"]]))
    picks = [df[f"picks_p{s}"].to_list() for s in range(seats)]
    worth: dict[int, list[float]] = {k: [] for k in (1, 2, 3, 4)}
    by_game = list(zip(*scores))
    for g, row in enumerate(by_game):
        table_mean = sum(row) / seats
        for s in range(seats):
            for ch in picks[s][g]:
                worth[int(ch)].append(row[s] - table_mean)
    for k, values in worth.items():
        if values:
            out.append(mean(f"order space {k}: VP above the table's mean", values, 0.0))
    return out + [mean("final VP per player", [v for row in by_game for v in row])]


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
