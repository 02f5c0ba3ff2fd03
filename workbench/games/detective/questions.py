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

ENDS = {
    "vp": "ends on victory points",
    "deaths": "ends by deaths",
    "round limit": "ends at the round limit",
}


def seat_answer(df: pl.DataFrame) -> list[dict[str, Any]]:
    """Seats, endings, rounds and deaths (columns read as lists: compare answers each game
    on its own one-row frame, where a polars filter costs more than counting).

    >>> df = pl.DataFrame({"seats": [3] * 4, "winner": [0, 2, 2, None],
    ...     "end_reason": ["vp", "deaths", "vp", "round limit"], "rounds": [5, 3, 4, 6],
    ...     "deaths": [0, 3, 1, 0], "played_vp": ["2"] * 4, "event_vps": ["2"] * 4})
    >>> [(a["measure"], a["value"]) for a in seat_answer(df)][:8]  # doctest: +NORMALIZE_WHITESPACE
    [('seat 1 wins', 0.25), ('seat 2 wins', 0.0), ('seat 3 wins', 0.5),
     ('no single winner', 0.25), ('ends on victory points', 0.5), ('ends by deaths', 0.25),
     ('ends at the round limit', 0.25), ('rounds per game', 4.5)]
    """
    out = seat_answers(df)
    reasons = df["end_reason"].to_list()
    for reason, words in ENDS.items():
        out.append(rate(words, reasons.count(reason), df.height))
    out += [
        mean("rounds per game", [float(r) for r in df["rounds"]]),
        mean("deaths per game", [float(d) for d in df["deaths"]]),
    ]
    out += vp_answers(df)
    return out


def vp_answers(df: pl.DataFrame) -> list[dict[str, Any]]:
    """Events played per game by the VP each was worth in the game played (the metric
    ``played_vp``: a variant's edited VP counts, not the base sheet's), one row per VP an
    event of the games' catalogues is worth (``event_vps``; a VP no event played is
    worth: 0 a game). Each says ``"absent": 0.0``: compared with a sheet that has no event
    of that VP, that sheet plays 0 of them a game (the rows are the union of both sides').

    >>> df = pl.DataFrame({"played_vp": ["5,2,2", "", "2"], "event_vps": ["2,5,6"] * 3})
    >>> [(a["measure"], a["value"]) for a in vp_answers(df)]
    [('2-VP events played per game', 1.0), ('5-VP events played per game', 0.3333333333333333), ('6-VP events played per game', 0.0)]
    """
    worths = sorted({int(v) for vps in set(df["event_vps"].to_list()) for v in vps.split(",") if v})
    played = [[int(v) for v in vps.split(",") if v] for vps in df["played_vp"]]
    return [
        {
            **mean(f"{worth}-VP events played per game", [float(p.count(worth)) for p in played]),
            "absent": 0.0,  # compare: a sheet with no event of this VP plays 0 of them a game
        }
        for worth in worths
    ]


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
