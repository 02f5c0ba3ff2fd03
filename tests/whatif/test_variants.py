"""Variants: edits checked like ``workbench check``, a diff table, atomic saves that load back."""

from __future__ import annotations

import json

import pytest

from workbench.cards.registry import sheet_files
from workbench.cards.variants import EditRefused, Variant, load_variant
from workbench.cli import main
from workbench.registry import make_game


def test_a_bad_value_is_refused_with_the_checks_message_and_nothing_changes(data_copy):
    v = Variant.of("mugen", data_copy("mugen"), "try").set("cards", "C01", "skill1_cost", "1")
    with pytest.raises(EditRefused) as refused:
        v.set("cards", "C01", "skill1_cost", "one")
    assert refused.value.problem.column == "skill1_cost"
    assert refused.value.problem.row == v.tables()["cards"].index("C01") + 2
    assert "whole number" in str(refused.value)
    assert v.diff().rows() == [("cards", "C01", "skill1_cost", "2", "1")]


def test_a_duplicate_key_is_refused(data_copy):
    v = Variant.of("life", data_copy("life"), "dup")
    with pytest.raises(EditRefused, match=r"duplicate 'J03'"):
        v.set("album", "J04", "id", "J03")


def test_rows_added_duplicated_and_removed_show_in_the_diff(data_copy):
    v = Variant.of("life", data_copy("life"), "rows")
    n = len(v.tables()["album"].rows)
    w = v.duplicate("album", "J04", "J99").remove("album", "J01")
    table = w.tables()["album"]
    assert len(table.rows) == n
    assert table.index("J99") == table.index("J04") + 1
    assert table.cell("J99", "name_ja") == table.cell("J04", "name_ja")
    diff = w.diff()
    assert ("album", "J01", "*", "card", "removed") in diff.rows()
    assert set(diff.filter(diff["card"] == "J99")["column"]) >= {"id", "stage", "stars", "skill"}


def test_a_saved_variant_loads_back_passes_check_and_names_its_base(data_copy, capsys):
    base = data_copy("ghost")
    v = Variant.of("ghost", base, "unyu").set("cards", "G04", "physical", "2D+1")
    folder = v.save()
    assert folder == base / "variants" / "unyu"
    manifest = json.loads((folder / "variant.json").read_text(encoding="utf-8"))
    assert manifest["game"] == "ghost" and manifest["rules_version"] == str(
        make_game("ghost").version
    )
    assert len(manifest["base_sha256"]["cards"]) == 64 and manifest["date"].startswith("20")
    back = load_variant(folder)
    assert back.diff().rows() == [("cards", "G04", "physical", "1D", "2D+1")]
    assert back.content_hash() == v.content_hash()
    assert main(["check", str(folder / "ghost" / "cards.csv")]) == 0
    assert main(["check", str(folder)]) == 0
    # saving again replaces it whole (no temporary folder left behind)
    v.set("cards", "G04", "vp", "2").save()
    assert load_variant(folder).diff().height == 2
    assert sorted(p.name for p in folder.parent.iterdir()) == ["unyu"]


def test_games_read_a_variant_wherever_they_take_a_sheet(data_copy):
    from workbench.cards.registry import sheet_source
    from workbench.registry import make_game, spec

    v = Variant.of("mugen", data_copy("mugen"), "cheap").set("cards", "C01", "skill1_cost", "1")
    folder = v.save()
    files = sheet_files("mugen", folder / "mugen")
    game = spec("mugen").make_game({}, sheet_source("mugen", files))
    assert game.cards["C01"].skills[0].cost == 1
    assert make_game("mugen").cards["C01"].skills[0].cost == 2


def test_an_unknown_card_or_column_is_named():
    v = Variant.of("ghost", None, "x")
    with pytest.raises(KeyError, match="no card 'G99'"):
        v.set("cards", "G99", "vp", "1")
    with pytest.raises(KeyError, match="no column 'power'"):
        v.set("cards", "G04", "power", "1")


def test_a_saved_variant_is_a_data_folder_for_workbench_data(data_copy):
    """$WORKBENCH_DATA pointed at a saved variant: ghost, detective, life and mugen read its sheets."""
    import os
    import subprocess
    import sys

    folder = data_copy("life").parent
    for game, sheet, card, column, value in [
        ("ghost", "cards", "G04", "physical", "2D+1"),
        ("life", "album", "J04", "stars", "2"),
        ("detective", "events", "2", "cost", "black 1; orange 1; blue 1"),
        ("mugen", "cards", "C01", "skill1_cost", "1"),
    ]:
        base = folder / game if (folder / game).is_dir() else data_copy(game)
        # one data folder holding the three games' edited sheets (save() writes one game's)
        Variant.of(game, base, "v").set(sheet, card, column, value).write_sheets(folder / "variant")
    code = (
        "from workbench.registry import make_game as m\n"
        "g = m('ghost'); print([str(c.physical) for c in g.cards if c.name == 'うにゅう'][0])\n"
        "print(m('life').cards['J04'].stars)\n"
        "print(m('detective').catalogue.events[2].cost)\n"
        "print(m('mugen').cards['C01'].skills[0].cost)\n"
    )
    env = {**os.environ, "WORKBENCH_DATA": str(folder / "variant")}
    out = subprocess.run(
        [sys.executable, "-c", code],
        env=env,
        capture_output=True,
        text=True,
        timeout=120,
        check=True,
    ).stdout.split("\n")
    assert out[:4] == ["2D+1", "2", "(('black', 1), ('orange', 1), ('blue', 1))", "1"]
