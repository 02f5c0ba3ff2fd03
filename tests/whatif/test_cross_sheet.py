"""Detective's sheets name each other's rows (events name the people of people.csv): a
variant edit, ``workbench check`` of a sheet and a compared folder check each sheet
against the people of its own set, not the packaged ones, and say file, row and column."""

from __future__ import annotations

import polars as pl
import pytest

from workbench.cards.variants import EditRefused, Variant
from workbench.cli import main
from workbench.engine.measure.compare_sheets import CompareError, sheet_set

NAMED = ("person", "needs_dead", "effects")  # the events columns that name a person


def _first_naming(events: pl.DataFrame, who: str) -> int:
    """The spreadsheet row (header = 1) of the first event naming ``who``."""
    hits = [
        i
        for i, r in enumerate(events.iter_rows(named=True))
        if any(who in str(r[c] or "") for c in NAMED)
    ]
    return hits[0] + 2


def test_renaming_a_person_the_events_name_is_refused_at_their_row(data_copy):
    v = Variant.of("detective", data_copy("detective"), "rename")
    with pytest.raises(EditRefused) as refused:
        v.set("people", "wasurenagusa", "person", "wasure")
    p = refused.value.problem
    assert p.file == "events.csv" and p.column in NAMED and "wasurenagusa" in p.message
    events = pl.read_csv(v.base_files()["events"], infer_schema_length=0)
    assert p.row == _first_naming(events, "wasurenagusa") == 4
    assert v.diff().height == 0  # nothing changed
    with pytest.raises(EditRefused, match=r"events\.csv row 4, column person"):
        v.remove("people", "wasurenagusa")
    assert v.set("people", "wasurenagusa", "copies", "3").diff().height == 1  # no reference broken


def test_an_awakened_card_left_without_its_person_is_refused(data_copy):
    v = Variant.of("detective", data_copy("detective"), "orphan")
    with pytest.raises(EditRefused, match=r"people\.csv column person .*'genichiro' but no person"):
        v.remove("people", "genichiro")


def _renamed_folder(data_copy):
    folder = data_copy("detective")
    people = pl.read_csv(folder / "people.csv", infer_schema_length=0)
    people.with_columns(pl.col("person").replace("wasurenagusa", "wasure")).write_csv(
        folder / "people.csv"
    )
    return folder


def test_check_reads_events_against_the_people_beside_them(data_copy, capsys):
    folder = _renamed_folder(data_copy)
    assert main(["check", str(folder / "people.csv"), "--game", "detective"]) == 0
    capsys.readouterr()
    assert main(["check", str(folder / "events.csv"), "--game", "detective"]) == 1
    out = capsys.readouterr().out
    assert "events.csv row 4, column person [allowed]: 'wasurenagusa' is not one of" in out
    assert "is not one of: wasure, genichiro" in out  # the people of the folder, not packaged


def test_compare_refuses_a_folder_whose_events_name_a_missing_person(data_copy):
    folder = _renamed_folder(data_copy)
    with pytest.raises(
        CompareError,
        match=r"events\.csv: fails its checks: events\.csv row 4, "
        r"column person",
    ):
        sheet_set("detective", folder)


def test_load_game_sheets_notes_a_refused_people_sheet_instead_of_raising(data_copy):
    from workbench.cards.registry import load_game_sheets

    folder = data_copy("detective")
    text = (folder / "people.csv").read_text(encoding="utf-8")
    (folder / "people.csv").write_text(
        text.replace("\ngenichiro,person,genichiro,", "\ngenichiro,person,genji,"), encoding="utf-8"
    )
    sheets, notes = load_game_sheets("detective", folder)
    assert sorted(sheets) == ["events", "people"]
    assert notes == [
        "detective: people.csv column person [unknown]: awakened card for "
        "'genichiro' but no person row (the other sheets read against the packaged one)"
    ]
