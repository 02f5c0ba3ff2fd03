"""Pool statistics, component findings, charts and the notebook table view."""

from __future__ import annotations

import sys

import polars as pl
import pytest
import sympy

from workbench.cards import Column, Schema, load_sheet
from workbench.cards.components import component_findings, deck_findings
from workbench.cards.stats import cost_curve, deck_cost_share, dice_strength, value_counts
from workbench.charts.cards import (
    cost_curve_chart,
    counts_chart,
    deck_cost_chart,
    strength_vs_vp_chart,
)
from workbench.prob.dist import Dist


def test_value_counts_weights_by_copies_and_explodes_lists():
    f = pl.DataFrame({"colour": [["red", "blue"], ["red"], None], "copies": [2, 1, 1]})
    assert value_counts(f, "colour").select("colour", "cards", "probability").rows() == [
        (None, 1, "1/6"),
        ("blue", 2, "1/3"),
        ("red", 3, "1/2"),
    ]


def test_cost_curve_max_and_missing_columns():
    f = pl.DataFrame({"c1": [1, 3], "c2": [4, None]})
    assert cost_curve(f, ["c1", "c2"], pick="max").select("cost", "cards").rows() == [
        (3, 1),
        (4, 1),
    ]
    with pytest.raises(KeyError):
        cost_curve(f, ["nope"])


def test_dice_strength_matches_brute_force():
    """The mean of 2D+1 on faces 1..5,0 with the fumble (all zeros) void, by enumeration."""
    faces = (1, 2, 3, 4, 5, 0)
    outcomes = [0 if a == b == 0 else a + b + 1 for a in faces for b in faces]
    brute = sympy.Rational(sum(outcomes), len(outcomes))
    f = pl.DataFrame({"id": ["X"], "name_en": ["x"], "vp": [2], "mental": ["２Ｄ＋１"]})
    row = dice_strength(f, ["mental"], faces).row(0, named=True)
    assert sympy.Rational(row["mean"]) == brute == Dist.uniform(outcomes).mean()
    assert row["p_fumble"] == "1/36" and row["dice"] == "2D+1"
    unfloored = dice_strength(
        pl.DataFrame({"id": ["Y"], "name_en": ["y"], "vp": [1], "mental": ["1D-3"]}),
        ["mental"],
        faces,
        floor=None,
    )
    assert unfloored["mean"].to_list() == ["-1/2"]  # the seed's "(-0.5)" reading


def test_deck_cost_share_is_exact():
    cards = pl.DataFrame({"name": ["A", "B", "C"], "c1": [1, 2, None], "c2": [None, 5, 3]})
    share = deck_cost_share({"A": 4, "B": 2, "C": 2}, cards, ["c1", "c2"])
    assert share.select("cost", "probability").rows() == [(1, "1/2"), (2, "1/4"), (3, "1/4")]
    with pytest.raises(KeyError, match="Z"):
        deck_cost_share({"Z": 1}, cards, ["c1"])


def test_life_findings_report_78_against_81():
    frames = {
        "album": pl.DataFrame({"stage": [1] * 27 + [2] * 27 + [3] * 26}),
        "dreams": pl.DataFrame({"id": range(12)}),
    }
    f = component_findings("life", frames)
    by = {r["component"]: (r["counted"], r["ok"]) for r in f.iter_rows(named=True)}
    assert by["album cards (total)"] == (80, False)
    assert by["album cards, stage 3 (senior)"] == (26, False)
    assert by["dream cards"] == (12, True)


def test_missing_sheets_and_columns_are_findings_not_crashes():
    f = component_findings("detective", {"people": pl.DataFrame({"x": [1]})})
    notes = dict(zip(f["component"], f["note"]))
    assert notes["event cards"] == "sheet 'events' not found"
    assert notes["people"] == "sheet 'people' has no column 'card'"
    assert f["ok"].null_count() == f.height


def test_ghost_copies_sum_to_the_stated_100():
    f = component_findings("ghost", {"cards": pl.DataFrame({"copies": [60, 39]})})
    assert f.select("stated", "counted", "ok").row(0) == (100, 99, False)


def test_deck_findings(tmp_path):
    (tmp_path / "a.csv").write_text("name,count\nx,40\n", encoding="utf-8")
    (tmp_path / "b.csv").write_text("name,count\nx,39\n", encoding="utf-8")
    (tmp_path / "illegal_c.csv").write_text("name,count\nx,1\n", encoding="utf-8")
    (tmp_path / "d.csv").write_text("no,columns\n", encoding="utf-8")
    f = deck_findings(tmp_path, 40, game="g", source="seed: 40")
    assert f.select("game", "component", "counted", "ok", "source").rows() == [
        ("g", "deck a", 40, True, "seed: 40"),
        ("g", "deck b", 39, False, "seed: 40"),
        ("g", "deck d", None, None, "seed: 40"),
    ]


def test_mugen_sample_decks_come_from_its_extra_findings_hook():
    f = component_findings("mugen")
    decks = f.filter(pl.col("component").str.starts_with("deck "))
    assert sorted(decks["component"]) == ["deck mirai", "deck sora"]
    assert decks["stated"].to_list() == [40, 40] and decks["ok"].all()


def test_a_game_outside_the_workbench_states_its_components(tmp_path, monkeypatch):
    """A registered spec's components counted, its extra_findings() appended."""
    from workbench.registry import register, unregister
    from workbench.spec import GameSpec, GameType, Ref

    pkg = tmp_path / "outside_components_game"
    pkg.mkdir()
    (pkg / "__init__.py").write_text("", encoding="utf-8")
    (pkg / "cards.py").write_text(
        "import polars as pl\n"
        "from workbench.cards.components import FINDING_SCHEMA, Expectation\n"
        "COMPONENTS = (Expectation('tiles', 3, 'rulebook', 'tiles'),)\n"
        "def extra_findings():\n"
        "    return pl.DataFrame([('outside_components_game', 'box', 1, 1, True, 'rulebook', '')],\n"
        "                        schema=FINDING_SCHEMA, orient='row')\n",
        encoding="utf-8",
    )
    monkeypatch.syspath_prepend(str(tmp_path))
    register(
        GameSpec(
            "outside_components_game",
            "Outside",
            "1",
            GameType("perfect", "deterministic", 1, 1, "win-loss"),
            Ref("outside_components_game.cards:COMPONENTS"),
            components=Ref("outside_components_game.cards:COMPONENTS"),
            extra_findings=Ref("outside_components_game.cards:extra_findings"),
        )
    )
    try:
        f = component_findings(
            "outside_components_game", {"tiles": pl.DataFrame({"copies": [2, 2]})}
        )
    finally:
        unregister("outside_components_game")
        for name in ("outside_components_game", "outside_components_game.cards"):
            sys.modules.pop(name, None)  # else find_spec still finds it (the scaffold's check)
    assert f.select("component", "stated", "counted", "ok").rows() == [
        ("tiles", 3, 4, False),
        ("box", 1, 1, True),
    ]


def test_charts_build_and_render_svg():
    import vl_convert as vlc

    f = pl.DataFrame(
        {
            "id": ["a", "b"],
            "name_en": ["A", "B"],
            "vp": [3, 5],
            "physical": ["2D", "3D+1"],
            "colour": ["red", "teal"],
            "cost": [1, 2],
        }
    )
    charts = [
        counts_chart(value_counts(f, "colour"), colours=True),
        cost_curve_chart(cost_curve(f)),
        strength_vs_vp_chart(dice_strength(f, ["physical"], (1, 2, 3, 4, 5, 6))),
        deck_cost_chart(deck_cost_share({"a": 2, "b": 1}, f, ["cost"], name_columns=("id",))),
    ]
    for chart in charts:
        assert vlc.vegalite_to_svg(chart.to_json()).startswith("<svg")


def test_sheet_view_filters_sorts_and_flags_problems(tmp_path):
    from workbench.ui.sheet_view import SheetView

    path = tmp_path / "cards.csv"
    path.write_text("name,star\nSpark,1\nStorm,9\nFlash,2\n", encoding="utf-8")
    sheet = load_sheet(path, Schema("demo", (Column("name"), Column("star", "int", max=3))))
    view = SheetView(sheet)
    assert view.count.value == "3 of 3 rows"
    assert "wb-sheet-bad" in view.table.value and "9 is above the maximum 3" in view.table.value
    view.only_problems.value = True
    assert view.shown()["row"].to_list() == [3]
    view.only_problems.value = False
    view.query.value = "row>2"
    view.sort.value = "name"
    assert view.shown()["name"].to_list() == ["Flash", "Storm"]
    view.descending.value = True
    assert view.shown()["name"].to_list() == ["Storm", "Flash"]
    view.query.value = "ＳＰＡＲＫ"
    assert view.count.value == "1 of 3 rows"
    from workbench.ui.sheet_view import table_html

    assert "&lt;script&gt;" in table_html(pl.DataFrame({"name": ["<script>"]}))


def test_win_chance_against_the_reference_matches_brute_force():
    """1D+1 attacking a 1D defender (faces 1..5, 0), ties to the defender, by enumeration."""
    faces = (1, 2, 3, 4, 5, 0)
    wins = sum(1 for a in faces for d in faces if a + 1 > d)
    f = pl.DataFrame({"id": ["X"], "name_en": ["x"], "vp": [1], "physical": ["1D+1"]})
    row = dice_strength(f, ["physical"], faces, versus="1D").row(0, named=True)
    assert sympy.Rational(row["p_win_vs_1D"]) == sympy.Rational(wins, 36)


def test_sheet_picker_swaps_views():
    from workbench.ui.sheet_view import SheetPicker

    picker = SheetPicker({"a": pl.DataFrame({"x": [1, 2]}), "b": pl.DataFrame({"y": ["p"]})})
    assert picker.view.count.value == "2 of 2 rows"
    picker.choice.value = "b"
    assert picker.view.count.value == "1 of 1 rows" and picker.children[1] is picker.view
    assert picker.view.shown()["row"].to_list() == [2]


def test_each_person_needs_four_cards():
    people = pl.DataFrame(
        {
            "card": ["person"] * 3 + ["awakened"],
            "person": ["a", "b", "c", "a"],
            "copies": [4, 3, 4, 1],
        }
    )
    f = component_findings("detective", {"people": people})
    row = f.filter(pl.col("component") == "cards of each person").row(0, named=True)
    assert (row["counted"], row["ok"]) == (4, False)
    assert row["note"] == "1 of 3 differ (b: 3)"
