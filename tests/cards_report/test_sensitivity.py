"""The sensitivity map (issue 37): steps within the schema, paired on the same deals,
screened then refined, bad input one line."""

from __future__ import annotations

import math

import pytest

from workbench.engine.measure.sensitivity import SensitivityError, sensitivity_map


@pytest.fixture(autouse=True)
def _own_cache(tmp_path, monkeypatch) -> None:
    monkeypatch.setenv("WORKBENCH_CACHE", str(tmp_path / "cache"))


def test_a_card_in_no_deck_moves_nothing_and_steps_stay_in_the_schema() -> None:
    """小さな祈り (G03) is in neither sample deck: its cost one step either way changes no
    game (the pairs are the same deals), so both effects are 0 with intervals around 0;
    its star, already at the schema's minimum 1, has no step down."""
    m = sensitivity_map(
        "mugen", games=16, seed=4, cells=[("cards", "G03", "skill1_cost"), ("cards", "G03", "star")]
    )
    by = {(r["column"], r["step"]): r for r in m.table.iter_rows(named=True)}
    assert set(by) == {("skill1_cost", 1), ("skill1_cost", -1), ("star", 1)}
    for r in by.values():
        assert r["effect"] == 0.0 and r["low"] <= 0 <= r["high"]
    assert by[("skill1_cost", 1)]["to"] == "2" and by[("skill1_cost", -1)]["to"] == "0"
    assert m.refused == ("cards G03 star -> 0: outside the schema's 1..3",)


def test_screened_cells_play_a_share_and_refined_cells_the_whole_batch() -> None:
    cells = [("cards", c, "skill1_cost") for c in ("C01", "G01", "G29", "G03")]
    m = sensitivity_map("mugen", games=40, seed=2, cells=cells, screen=10, refine=2)
    refined = m.table.filter(m.table["refined"])
    assert set(refined["pairs"]) == {40} and set(m.table.filter(~m.table["refined"])["pairs"]) == {
        10
    }
    assert 2 <= refined["cell"].n_unique() <= 4
    assert m.cost["games"] == 40 + 10 * m.cost["edits"] + 30 * m.cost["refined"]
    ranked = m.ranked()
    assert ranked["refined"].to_list() == sorted(ranked["refined"].to_list(), reverse=True)


def test_a_mean_measure_takes_a_t_interval() -> None:
    m = sensitivity_map(
        "mugen", games=12, seed=1, measure="turns", cells=[("cards", "C01", "skill1_cost")]
    )
    for r in m.table.iter_rows(named=True):
        assert not r["rate"] and (r["effect"] == 0 or r["low"] < r["effect"] < r["high"])
        assert not math.isnan(r["effect"])


@pytest.mark.parametrize(
    ("kwargs", "said"),
    [
        ({"cells": [("cards", "Z99", "star")]}, "cards Z99 star is not a filled whole-number cell"),
        ({"cells": [("cards", "G01", "name")]}, "cards G01 name is not a filled whole-number cell"),
        ({"cells": [("cards", "G01", "skill3_cost")]}, "G01 skill3_cost is not a filled"),
        ({"cells": []}, "choose 1 to 2000 cells, got 0"),
        ({"measure": "damage"}, "mugen has no measure 'damage'"),
        ({"measure": "win:2"}, "win:S needs a seat S from 0 to 1"),
        ({"games": 0}, "--games must be a whole number from 1 to 20000"),
        ({"players": "bogus"}, "unknown player 'bogus'"),
    ],
)
def test_bad_input_is_one_line(kwargs, said) -> None:
    args = {"games": 4, "cells": [("cards", "G03", "skill1_cost")], **kwargs}
    with pytest.raises(
        SensitivityError if "players" not in kwargs and "games" not in kwargs else ValueError
    ) as info:
        sensitivity_map("mugen", **args)
    assert said in str(info.value) and "\n" not in str(info.value)
