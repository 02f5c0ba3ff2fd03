"""Ghost's seat question: a frame's answer counts what its games' own one-row answers
count (``workbench compare`` answers each game on its own row and adds them up), and an
ending that never happened is not listed."""

from __future__ import annotations

import polars as pl
from hypothesis import given, settings
from hypothesis import strategies as st

from workbench.games.ghost.questions import ENDS, seat_answer

SCHEMA = {"seats": pl.Int64, "winner": pl.Int64, "end": pl.String, "user_turns": pl.Int64}

games = st.lists(
    st.tuples(
        st.just(4),
        st.sampled_from([0, 1, 2, 3, None]),
        st.sampled_from(sorted(ENDS)),
        st.integers(1, 40),
    ),
    min_size=1,
    max_size=12,
)


def frame(rows: list[tuple[object, ...]]) -> pl.DataFrame:
    return pl.DataFrame(rows, schema=SCHEMA, orient="row")


def hits(answer: list[dict[str, object]]) -> dict[str, int]:
    """Per rate measure, the games it counted as hits."""
    return {
        str(a["measure"]): round(a["value"] * a["games"])  # type: ignore[operator]
        for a in answer
        if a["kind"] == "rate"
    }


@settings(max_examples=60, deadline=None)
@given(games)
def test_a_frames_rates_count_what_its_one_row_frames_count(rows: list[tuple[object, ...]]) -> None:
    df = frame(rows)
    whole = hits(seat_answer(df))
    ones = [hits(seat_answer(df.slice(i, 1))) for i in range(df.height)]
    for measure, won in whole.items():
        assert won == sum(o.get(measure, 0) for o in ones), measure
    ended = {ENDS[r[2]] for r in rows}  # type: ignore[index]
    assert ended == set(whole) & set(ENDS.values())


def test_seat_answer_lists_only_endings_that_happened() -> None:
    df = frame([(4, 1, "vp", 10), (4, None, "void", 7), (4, 1, "vp", 13)])
    got = {a["measure"]: a["value"] for a in seat_answer(df)}
    assert got["seat 2 wins"] == 2 / 3
    assert got["no single winner"] == 1 / 3
    assert got["ends on VP"] == 2 / 3 and got["ends void"] == 1 / 3
    assert "ends when the server runs out" not in got
    assert got["user turns per game"] == 10.0
