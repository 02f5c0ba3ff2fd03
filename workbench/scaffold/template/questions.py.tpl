"""{{Title}}'s balance questions, asked of every skill level (see workbench.engine.measure.skilled).

Each question names the tables it is asked at (``variants``: a label -> the
game's parameters), and an answer function that turns the games played (one
row per game: winner, scores, the game's ``metrics``) into measures with
95% intervals. ``workbench.engine.measure.skilled.ask("{{name}}", ["greedy", "ismcts:200"])``
answers them for greedy and for search players, and ``compare`` says which
conclusions change with skill. Add a question for every balance claim you
make from play: a seat, a deck, a card.
"""

from __future__ import annotations

from typing import Any

import polars as pl

from workbench.engine.measure.skilled import Question, mean, seat_answers


def seat_answer(df: pl.DataFrame) -> list[dict[str, Any]]:
    """Each seat's win rate against its fair share, and the game's length."""
    return seat_answers(df) + [mean("decisions per game", [float(t) for t in df["turns"]])]


def questions() -> tuple[Question, ...]:
    """The questions; the one marked ``metrics`` also gives the quality metrics."""
    return (Question("seats", "Does a seat win more than its share?", seat_answer, metrics=True),)
