"""Problems found in a sheet or deck, as rows of a polars DataFrame.

Every problem names the file, the row as a spreadsheet app shows it (the
header is row 1, the first card row 2; ``None`` when the problem is about
the whole file or deck), the column, a short rule id and a message.

>>> p = Problem("cards.csv", 3, "cost", "int", "'x' is not a whole number")
>>> str(p)
"cards.csv row 3, column cost [int]: 'x' is not a whole number"
>>> problems_frame([p]).row(0)
('cards.csv', 3, 'cost', 'int', "'x' is not a whole number")
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass

import polars as pl

PROBLEM_SCHEMA: dict[str, type[pl.DataType]] = {
    "file": pl.String,
    "row": pl.Int64,
    "column": pl.String,
    "rule": pl.String,
    "message": pl.String,
}


@dataclass(frozen=True, slots=True)
class Problem:
    """One finding: where (file, spreadsheet row, column), which rule, and why."""

    file: str
    row: int | None
    column: str | None
    rule: str
    message: str

    def __str__(self) -> str:
        return _where(self) + f" [{self.rule}]: {self.message}"


def _where(p: Problem) -> str:
    text = p.file
    if p.row is not None:
        text += f" row {p.row}"
    if p.column:
        text += ("," if p.row is not None else "") + f" column {p.column}"
    return text


def problems_frame(problems: Iterable[Problem]) -> pl.DataFrame:
    """The problems as a DataFrame with columns file, row, column, rule, message.

    >>> problems_frame([]).columns
    ['file', 'row', 'column', 'rule', 'message']
    """
    rows = [(p.file, p.row, p.column, p.rule, p.message) for p in problems]
    return pl.DataFrame(rows, schema=PROBLEM_SCHEMA, orient="row")


def frame_problems(frame: pl.DataFrame) -> list[Problem]:
    """The rows of a problems frame back as :class:`Problem` values."""
    return [Problem(*row) for row in frame.select(list(PROBLEM_SCHEMA)).iter_rows()]


class SheetError(ValueError):
    """A sheet or deck that cannot be used, or (from ``require_clean``) one with problems.

    ``.problems`` is a DataFrame with the same columns as ``Sheet.problems``;
    the message lists them (the first 20).

    >>> err = SheetError([Problem("a.csv", None, None, "empty", "the file is empty")])
    >>> str(err)
    'a.csv [empty]: the file is empty'
    >>> err.problems.height
    1
    """

    def __init__(self, problems: Iterable[Problem] | pl.DataFrame) -> None:
        items = frame_problems(problems) if isinstance(problems, pl.DataFrame) else list(problems)
        self.problems: pl.DataFrame = problems_frame(items)
        lines = [str(p) for p in items[:20]]
        if len(items) > 20:
            lines.append(f"... and {len(items) - 20} more problems")
        super().__init__("\n".join(lines) or "unusable sheet")
