"""Detective's balance questions, asked again under skilled play (see :mod:`workbench.engine.measure.skilled`).

- **seats at 4 players**: each seat's win rate against its fair share (seat 1
  starts), how games end (victory points, deaths, the round limit), rounds
  and deaths per game, and which events get played: events played per game
  by the VP they are worth (the card-value question: do stronger players go
  for the big events?). These games feed the quality metrics.

>>> [q.key for q in questions()]
['seats']
"""

from __future__ import annotations

from typing import Any

import polars as pl

from workbench.engine.measure.skilled import Question, mean, rate, seat_answers
from workbench.games.detective.rules import make_game

ENDS = {
    "vp": "ends on victory points",
    "deaths": "ends by deaths",
    "round limit": "ends at the round limit",
}


def seat_answer(df: pl.DataFrame) -> list[dict[str, Any]]:
    """Seats, endings, rounds and deaths."""
    out = seat_answers(df)
    for reason, words in ENDS.items():
        out.append(rate(words, df.filter(pl.col("end_reason") == reason).height, df.height))
    out += [
        mean("rounds per game", [float(r) for r in df["rounds"]]),
        mean("deaths per game", [float(d) for d in df["deaths"]]),
    ]
    vp = {no: e.vp for no, e in make_game().catalogue.events.items()}
    for worth in sorted(set(vp.values())):
        per_game = [
            float(sum(vp[int(no)] == worth for no in played.split(",") if no))
            for played in df["played"]
        ]
        out.append(mean(f"{worth}-VP events played per game", per_game))
    return out


def questions() -> tuple[Question, ...]:
    """The questions the notebook answers with greedy players, to ask of skilled ones."""
    return (
        Question(
            "seats",
            "Does a seat win more than its share at 4 players?",
            seat_answer,
            seats=4,
            metrics=True,
        ),
    )
