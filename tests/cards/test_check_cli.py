"""`workbench check`: exit codes 0 / 1 / 2, text and JSON output."""

from __future__ import annotations

import json
import shutil
from pathlib import Path

import pytest

from workbench.cli import check_cmd, main

from .test_loader import GOOD, SCHEMA

MUGEN = Path(__file__).resolve().parents[2] / "data" / "mugen"


@pytest.fixture
def demo_schema(monkeypatch):
    monkeypatch.setattr(check_cmd, "schema_for", lambda path, game: SCHEMA)
    monkeypatch.setattr(check_cmd, "game_schemas", lambda game: {"cards": SCHEMA})


def sheet(tmp_path: Path, text: str) -> Path:
    path = tmp_path / "data" / "ghost" / "cards.csv"
    path.parent.mkdir(parents=True)
    path.write_text(text, encoding="utf-8")
    return path


def test_clean_sheet_exits_0(tmp_path, demo_schema, capsys):
    assert main(["check", str(sheet(tmp_path, GOOD))]) == 0
    assert "no problems" in capsys.readouterr().out


def test_problems_exit_1_as_json(tmp_path, demo_schema, capsys):
    path = sheet(tmp_path, "id,name,star\nG01,a,9\nG01,b,1\n")
    assert main(["check", str(path), "--json"]) == 1
    assert json.loads(capsys.readouterr().out) == [
        {
            "file": "cards.csv",
            "row": 2,
            "column": "star",
            "rule": "range",
            "message": "9 is above the maximum 3",
        },
        {
            "file": "cards.csv",
            "row": 3,
            "column": "id",
            "rule": "unique",
            "message": "duplicate 'G01' (first at row 2)",
        },
    ]


def test_unusable_sheet_exits_2(tmp_path, demo_schema, capsys):
    path = sheet(tmp_path, "")
    assert main(["check", str(path), "--json"]) == 2
    captured = capsys.readouterr()
    assert json.loads(captured.out)[0]["rule"] == "empty"
    assert "the file is empty" in captured.err


def test_missing_file_and_unknown_game_exit_2(tmp_path, capsys):
    assert main(["check", str(tmp_path / "nope.csv")]) == 2
    assert "no such file" in capsys.readouterr().err
    path = tmp_path / "cards.csv"
    path.write_text("a\n1\n", encoding="utf-8")
    assert main(["check", str(path)]) == 2
    assert "give --game" in capsys.readouterr().err
    with pytest.raises(SystemExit) as info:
        main(["check", str(path), "--game", "chess"])
    assert info.value.code == 2


def test_decks_exit_0_and_1(capsys):
    assert main(["check", str(MUGEN / "decks" / "sora.csv")]) == 0
    assert main(["check", str(MUGEN / "decks" / "illegal_star3_kinds.csv"), "--json"]) == 1
    out = capsys.readouterr().out
    problems = json.loads(out[out.index("[") :])
    assert [p["rule"] for p in problems] == ["star3-kinds"]


def test_deck_outside_data_needs_rules(tmp_path, capsys):
    deck = tmp_path / "decks" / "d.csv"
    deck.parent.mkdir()
    shutil.copy(MUGEN / "decks" / "sora.csv", deck)
    assert main(["check", str(deck)]) == 2
    assert "give --rules" in capsys.readouterr().err
    assert main(["check", str(deck), "--rules", str(MUGEN / "deck_rules.csv")]) == 0
    deck.write_text("name,count\nソラ,4\n", encoding="utf-8")
    assert (
        main(["check", str(deck), "--rules", str(MUGEN / "deck_rules.csv"), "--game", "mugen"]) == 1
    )


def test_folder_checks_everything_and_exits_with_the_worst(tmp_path, demo_schema, capsys):
    good = sheet(tmp_path, GOOD)
    (good.parent / "other.csv").write_text("id,name,star\nG01,a,7\n", encoding="utf-8")
    assert main(["check", str(good.parent)]) == 1
    out = capsys.readouterr().out
    assert "cards.csv: no problems" in out and "other.csv row 2, column star [range]" in out
    (good.parent / "broken.csv").write_bytes(b"\xff\xfeid\n")
    assert main(["check", str(tmp_path), "--json"]) == 2
    rules = {p["rule"] for p in json.loads(capsys.readouterr().out)}
    assert rules == {"range", "encoding"}
    empty = tmp_path / "empty"
    empty.mkdir()
    assert main(["check", str(empty)]) == 2


def test_mugen_folder_lists_every_illegal_deck(capsys):
    assert main(["check", str(MUGEN), "--json"]) == 1
    problems = json.loads(capsys.readouterr().out)
    assert {p["file"] for p in problems} == {
        f"illegal_{r}.csv"
        for r in (
            "total",
            "per_name",
            "character_kinds",
            "character_copies",
            "star3_kinds",
            "star3_cards",
            "star2_kinds",
            "star2_cards",
        )
    }
