"""Deck frames hold the exact engine's values; charts build and render offline to SVG."""

from __future__ import annotations

import sympy
import vl_convert

from workbench.charts.deck import by_turn_chart, death_chart, round_length_chart, suspect_chart
from workbench.prob.deck import DrawSchedule, copies_needed, p_draw
from workbench.prob.deck_tables import (
    by_turn_grid,
    copies_needed_table,
    death_table,
    opening_table,
    position_table,
    round_length_table,
    rules_table,
    suspect_table,
)
from workbench.prob.ordered import round_odds

MUGEN_FIRST = DrawSchedule(3, 1)  # the mugen seed: 3-card opening hand going first, 1 draw a turn
MUGEN_SECOND = DrawSchedule(4, 1)  # ... and 4 cards going second
STOP = "tragic night"  # the detective seed's round-1 deck: 7 people x 1 + the stop card
STARTING_DECK = {**{p: 1 for p in "ABCDEFG"}, STOP: 1}
GOING = {"first": MUGEN_FIRST, "second": MUGEN_SECOND}


def test_opening_table_is_the_mugen_schedule() -> None:
    frame = opening_table(GOING)
    assert frame.height == 2 * 4 * 10
    for going, turn, copies, seen, prob in frame.select(
        "going", "turn", "copies", "seen", "p_exact"
    ).iter_rows():
        schedule = MUGEN_FIRST if going == "first" else MUGEN_SECOND
        assert seen == schedule.seen(turn)
        assert sympy.Rational(prob) == p_draw(40, copies, seen)
    grid = by_turn_grid(frame.filter(going="first"))
    assert grid.columns == ["turn", "1 copies", "2 copies", "3 copies", "4 copies"]


def test_copies_needed_table_matches() -> None:
    frame = copies_needed_table(40, range(1, 11), "0.9", MUGEN_FIRST, max_copies=12)
    for turn, seen, copies, prob in frame.select("turn", "seen", "copies", "p_exact").iter_rows():
        assert seen == MUGEN_FIRST.seen(turn)
        found = copies_needed(40, seen, "0.9", max_copies=12)
        assert (copies, prob) == (found.copies, str(found.probability))


def test_round_frames_sum_to_one() -> None:
    odds = round_odds(STARTING_DECK, STOP)
    for frame in (round_length_table(odds), death_table(odds), position_table(40, 4)):
        assert sum(sympy.Rational(p) for p in frame["p_exact"]) == 1
    table = suspect_table(STARTING_DECK, STOP)
    assert table.height == 8 * 8
    assert rules_table(STARTING_DECK, STOP).height == 5


def test_charts_render_offline() -> None:
    odds = round_odds(STARTING_DECK, STOP)
    for chart in (
        by_turn_chart(opening_table(GOING, 40, [1, 4], [1, 2])),
        round_length_chart(round_length_table(odds)),
        death_chart(death_table(odds)),
        suspect_chart(suspect_table(STARTING_DECK, STOP)),
    ):
        svg = vl_convert.vegalite_to_svg(chart.to_json())
        assert svg.startswith("<svg") and "probability" in svg
