"""Finding a game's schemas: as its spec declares them (``GameSpec.sheets``)."""

from __future__ import annotations

from dataclasses import replace

import pytest

from workbench.cards import Column, Schema, registry
from workbench.cards.registry import guess_game, load_game_sheets, schema_for
from workbench.datafiles import data_files
from workbench.registry import register, unregister
from workbench.spec import FixedSchemas, GameSpec, GameType, Ref, Sheets, Value


@pytest.mark.parametrize(
    ("path", "game"),
    [
        ("data/ghost/cards.csv", "ghost"),
        ("/x/data/life/album.xlsx", "life"),
        ("data/mugen/decks/sora.csv", "mugen"),
        ("my/detective/people.csv", "detective"),
        ("data/chess/cards.csv", None),
        ("cards.csv", None),
    ],
)
def test_guess_game(path, game):
    assert guess_game(path) == game


A = Schema("fake", (Column("a"),), name="alpha")
B = Schema("fake", (Column("b"),), name="beta")


@pytest.fixture
def fake():
    """A game whose spec declares two sheets with fixed schemas, registered in-process."""
    declared = GameSpec(
        "fake",
        "Fake",
        "1",
        GameType("perfect", "deterministic", 1, 1, "win-loss"),
        Ref("workbench.engine.conformance.toy:make_takeaway"),
        sheets=Sheets(
            ("alpha", "beta"),
            FixedSchemas((("alpha", Value(A)), ("beta", Value(B)))),
            lambda source: {},
        ),
    )
    register(declared)
    yield declared
    unregister("fake")


def test_schemas_come_from_the_spec(fake):
    assert registry.game_schemas("fake") == {"alpha": A, "beta": B}
    assert schema_for("data/fake/beta.csv", "fake") is B
    with pytest.raises(LookupError, match="known: alpha, beta"):
        schema_for("gamma.csv", "fake")
    with pytest.raises(ValueError, match="unknown game"):
        registry.game_schemas("chess")
    register(
        replace(
            fake,
            sheets=replace(
                fake.sheets, stems=("alpha",), schemas=FixedSchemas((("alpha", Value(A)),))
            ),
        )
    )
    assert schema_for("anything.csv", "fake") is A  # one sheet: any file is read with it
    register(replace(fake, sheets=None))
    assert registry.game_schemas("fake") == {}


def test_a_schema_that_names_another_sheet_reads_it_from_the_same_folder(tmp_path):
    """detective's events name the people of the people sheet beside them."""
    (tmp_path / "people.csv").write_bytes(
        data_files("detective").joinpath("people.csv").read_bytes()
    )
    text = (tmp_path / "people.csv").read_text(encoding="utf-8").replace("genichiro", "genji")
    (tmp_path / "people.csv").write_text(text, encoding="utf-8")

    def people(schema):
        return next(c.allowed for c in schema.columns if c.name == "person")

    here = people(registry.game_schemas("detective", tmp_path)["events"])
    packaged = people(registry.game_schemas("detective")["events"])
    assert "genji" in here and "genichiro" not in here and "genichiro" in packaged
    assert registry.reads_other_sheets("detective")
    assert not registry.reads_other_sheets("life")


def test_load_game_sheets_notes_instead_of_raising(fake, tmp_path):
    register(
        replace(
            fake,
            sheets=replace(
                fake.sheets,
                stems=("cards",),
                schemas=FixedSchemas(
                    (("cards", Value(Schema("fake", (Column("a"),), name="cards"))),)
                ),
            ),
        )
    )
    (tmp_path / "cards.csv").write_bytes(b"")
    (tmp_path / "extra.csv").write_text("x\n1\n", encoding="utf-8")
    sheets, notes = load_game_sheets("fake", tmp_path)
    assert sheets == {}
    assert any("cards.csv: unusable" in n for n in notes)
    assert any("extra.csv: the game declares no schema" in n for n in notes)
    (tmp_path / "cards.csv").write_text("a\n1\n", encoding="utf-8")
    sheets, _ = load_game_sheets("fake", tmp_path)
    assert sheets["cards"].frame["a"].to_list() == ["1"]
    assert load_game_sheets("peek") == ({}, ["peek: declares no sheets (GameSpec.sheets)"])
