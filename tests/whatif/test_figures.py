"""The exact figures an edit redraws: each worked example moves the figures it should, to
values checked independently."""

from __future__ import annotations

from fractions import Fraction
from itertools import combinations
from math import comb

import pytest

from workbench.engine.kernel.registry import game_module
from workbench.ui.whatif import WhatIf


def _line_pays(colours_needed: dict[str, int], k: int, per_colour: int = 4, colours: int = 8) -> Fraction:
    """P(k cards drawn from colours × per_colour hold the needed icons), by inclusion–exclusion
    over the colours that fall short (needs of 1 each)."""
    assert set(colours_needed.values()) == {1}
    needed = list(colours_needed)
    total = colours * per_colour
    good = 0
    for r in range(len(needed) + 1):
        for _missing in combinations(needed, r):
            good += (-1) ** r * comb(total - r * per_colour, k)
    return Fraction(good, comb(total, k))


def test_detective_event_2_one_card_cheaper_pays_far_more_often():
    what = WhatIf("detective", game_module("detective", "whatif").worked_example())
    moved = what.figures()["events"]
    assert moved["no"].to_list() == [2, 2] and moved["side"].to_list() == ["before", "after"]
    after = moved.row(1, named=True)
    for k in (4, 8):
        assert Fraction(after[f"p_line{k}_exact"]) == _line_pays({"black": 1, "orange": 1, "blue": 1}, k)


def test_life_a_second_star_moves_stage_1_shares_only():
    what = WhatIf("life", game_module("life", "whatif").worked_example())
    moved = what.figures()["stars by stage"]
    assert set(moved["stage"]) == {1}
    before = {r["stars"]: r["cards"] for r in moved.filter(moved["side"] == "before").iter_rows(named=True)}
    after = {r["stars"]: r["cards"] for r in moved.filter(moved["side"] == "after").iter_rows(named=True)}
    assert after[1] == before[1] - 1 and after[2] == before[2] + 1


@pytest.mark.parametrize("game", ["ghost", "mugen"])
def test_the_worked_example_moves_its_cards_figures(game):
    hooks = game_module(game, "whatif")
    what = WhatIf(game, hooks.worked_example())
    moved = what.figures()
    assert moved, f"{game}: no exact figure moved"
    if game == "ghost":  # うにゅう's own battle odds rise with its dice
        fair = moved["battle fairness"]
        unyu = fair.filter(fair["name"] == "うにゅう")
        assert unyu["win"].to_list()[0] < unyu["win"].to_list()[1]
    else:  # ソラ's cheapest skill costs 1: a play is castable earlier
        cards = moved["ソラ deck: cards and EX warnings"]
        assert cards.filter(cards["card"] == "C01")["cheapest"].to_list() == [2, 1]
