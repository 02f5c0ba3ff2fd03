"""Mugen's balance questions: a frame's answer counts what its games' own one-row answers
count (``workbench compare`` answers each game on its own row and adds them up), and a
game with no single winner is a win for nobody."""

from __future__ import annotations

import polars as pl
from hypothesis import given, settings
from hypothesis import strategies as st

from workbench.games.mugen.questions import A_FIRST, deck_answer, mirror_answer

SCHEMA = {
    "variant": pl.String,
    "winner": pl.Int64,
    "first": pl.Int64,
    "kill": pl.Int64,
    "deck_out": pl.Int64,
    "last_turn": pl.Int64,
}

games = st.lists(
    st.tuples(
        st.sampled_from([A_FIRST, "ミライ first"]),
        st.sampled_from([0, 1, None]),
        st.sampled_from([0, 1]),
        st.sampled_from([0, 1]),
        st.sampled_from([0, 1]),
        st.integers(1, 40),
    ),
    min_size=1,
    max_size=12,
)


def frame(rows: list[tuple[object, ...]]) -> pl.DataFrame:
    return pl.DataFrame(rows, schema=SCHEMA, orient="row")


def hits(answer: list[dict[str, object]]) -> dict[str, tuple[float, int]]:
    """Per rate measure: (games it counted as hits, games it counted)."""
    return {
        a["measure"]: (round(a["value"] * a["games"]) if a["games"] else 0, a["games"])  # type: ignore[operator]
        for a in answer
        if a["kind"] == "rate"
    }


@settings(max_examples=60, deadline=None)
@given(games)
def test_a_frames_rates_count_what_its_one_row_frames_count(rows: list[tuple[object, ...]]) -> None:
    df = frame(rows)
    for answer in (deck_answer, mirror_answer):
        whole = hits(answer(df))
        ones = [hits(answer(df.slice(i, 1))) for i in range(df.height)]
        for measure, (won, counted) in whole.items():
            assert (won, counted) == (
                sum(o[measure][0] for o in ones),
                sum(o[measure][1] for o in ones),
            ), measure


def test_deck_answer_counts_a_win_by_the_seat_deck_a_sat_in() -> None:
    # A sits in seat 0 when A goes first, in seat 1 otherwise; no single winner wins nothing.
    df = frame(
        [
            (A_FIRST, 0, 0, 1, 0, 3),  # A first in seat 0, A wins
            (A_FIRST, None, 0, 0, 0, 9),  # no single winner
            ("ミライ first", 1, 0, 1, 0, 4),  # A second in seat 1, A wins
            ("ミライ first", 1, 0, 0, 1, 30),  # A second, A wins by a deck-out
        ]
    )
    got = {a["measure"]: (a["value"], a["games"]) for a in deck_answer(df)}
    assert got["ソラ (A) wins"] == (0.75, 4)
    assert got["ソラ wins going first"] == (0.5, 2)
    assert got["ソラ wins going second"] == (1.0, 2)
    assert got["first player wins"] == (0.25, 4)
    assert got["ends by a deck-out"] == (0.25, 4)
    assert got["own turn of the kill"] == (2.0, 2)  # turns 3 and 4: own turn 2 each
