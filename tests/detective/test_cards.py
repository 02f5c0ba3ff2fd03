"""The card sheets: counts from the seed, and clear errors for broken sheets."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from workbench.cards import SheetError
from workbench.games.detective.cards import DATA, load_cards


def test_the_box_matches_the_seed():
    cs = load_cards()
    assert cs.person_cards == 39  # 8 people x 4 + 7 awakened
    assert sum(p.has_awakened for p in cs.people.values()) == 7
    assert [e.no for e in cs.events] == list(range(1, 61))
    assert not cs.people["wasurenagusa"].has_awakened
    assert [p for p, x in cs.people.items() if not x.in_start_deck] == ["wasurenagusa"]
    assert all(e.prototype for e in cs.events)


def _broken(tmp_path, name, old, new):
    for f in ("people.csv", "events.csv"):
        shutil.copy(DATA / f, tmp_path / f)
    path = tmp_path / name
    text = path.read_text(encoding="utf-8")
    assert old in text
    path.write_text(text.replace(old, new, 1), encoding="utf-8")
    return tmp_path


def test_unknown_colour_names_row_and_column(tmp_path):
    folder = _broken(tmp_path, "people.csv", ",purple,4,true,draw 1,", ",pink,4,true,draw 1,")
    with pytest.raises(SheetError, match=r"people.csv row 4, column colour"):
        load_cards(folder)


def test_unknown_effect_word_names_its_row(tmp_path):
    folder = _broken(tmp_path, "events.csv", ",draw 2,true", ",drow 2,true")
    with pytest.raises(SheetError, match=r"events.csv row 46, column effects.*did you mean 'draw'"):
        load_cards(folder)


def test_cost_in_an_unknown_colour_is_refused(tmp_path):
    folder = _broken(tmp_path, "events.csv", "placed,yellow 2,3", "placed,gold 2,3")
    with pytest.raises(SheetError, match=r"column cost"):
        load_cards(folder)


def test_workbench_check_reads_the_events_sheet(tmp_path) -> None:
    """`workbench check` finds the events schema (it names the people of people.csv)."""
    from workbench.cli import main

    src = Path(__file__).resolve().parents[2] / "data" / "detective"
    folder = tmp_path / "detective"
    folder.mkdir()
    (folder / "people.csv").write_bytes((src / "people.csv").read_bytes())
    lines = (src / "events.csv").read_text(encoding="utf-8").splitlines()
    lines[4] = lines[4].replace("green 2", "pink 2")
    (folder / "events.csv").write_text("\n".join(lines) + "\n", encoding="utf-8")
    assert main(["check", str(src / "events.csv")]) == 0
    assert main(["check", str(folder / "events.csv"), "--game", "detective"]) == 1
