"""The ghost game's die and the seed's appendix (付録 #期待値表) beside the four readings."""

from __future__ import annotations

import polars as pl

from workbench.games.ghost.dice import (
    GHOST_DIE,
    GHOST_FACES,
    SEED_APPENDIX,
    appendix_comparison,
    appendix_html,
    fumble_table,
)
from workbench.prob.dice import die
from workbench.prob.tables import READINGS


def test_the_die_is_a_d6_whose_six_reads_zero():
    assert GHOST_FACES == (1, 2, 3, 4, 5, 0) and GHOST_DIE == die(range(6))


def test_appendix_flags_where_the_seed_is_off():
    t = appendix_comparison()
    assert t.height == len(SEED_APPENDIX) == 23
    # The seed adds k to the mean: exactly the plain reading, so nothing is off there...
    assert not t["plain_off"].any()
    # ...but floored at 0 its 1D-3 "0" is wrong too: the floored mean is 1/2.
    row = t.filter(pl.col("dice") == "1D-3").row(0, named=True)
    assert (row["seed"], row["floor0_exact"], row["floor0_off"]) == ("0 (-0.5)", "1/2", True)
    assert t.filter(pl.col("dice") == "2D+3").row(0, named=True)["fumble_exact"] == "95/12"
    off = {r.key: int(t[f"{r.key}_off"].sum()) for r in READINGS}
    assert off == {"plain": 0, "floor0": 9, "fumble": 12, "floor0_fumble": 15}


def test_the_appendix_html_marks_the_off_cells():
    html = appendix_html()
    assert html.count('class="wb-off"') == 9 + 12 + 15 and html.count("<tr>") == 23 + 1


def test_fumble_table_is_the_ghost_die_with_void_fumbles():
    assert fumble_table(range(1, 4))["p_fumble_exact"].to_list() == ["0", "1/36", "1/216"]
