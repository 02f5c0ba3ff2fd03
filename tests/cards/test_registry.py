"""Finding a game's schemas: the conventions cards.py modules may follow."""

from __future__ import annotations

import sys
import types

import pytest

from workbench.cards import Column, Schema, registry
from workbench.cards.registry import guess_game, load_game_sheets, schema_for


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


def _fake(monkeypatch, **attrs):
    module = types.ModuleType("workbench.games.ghost.cards")
    for k, v in attrs.items():
        setattr(module, k, v)
    monkeypatch.setitem(sys.modules, "workbench.games.ghost.cards", module)


A = Schema("ghost", (Column("a"),), name="alpha")
B = Schema("ghost", (Column("b"),), name="beta")


def test_schemas_function_mapping_constants_and_single(monkeypatch):
    _fake(monkeypatch, schemas=lambda: {"events": B}, SCHEMAS={"people": A}, OTHER=A)
    assert registry.game_schemas("ghost") == {"events": B, "people": A, "alpha": A}
    _fake(monkeypatch, SCHEMA=B)
    assert schema_for("data/ghost/anything.csv", "ghost") is B
    _fake(monkeypatch, X=A, Y=B)
    assert schema_for("beta.csv", "ghost") is B
    with pytest.raises(LookupError, match="known: alpha, beta"):
        schema_for("gamma.csv", "ghost")
    with pytest.raises(ValueError, match="unknown game"):
        registry.game_schemas("chess")


def test_load_game_sheets_notes_instead_of_raising(monkeypatch, tmp_path):
    _fake(monkeypatch, SCHEMA=Schema("ghost", (Column("a"),), name="cards"))
    (tmp_path / "cards.csv").write_bytes(b"")
    (tmp_path / "extra.csv").write_text("x\n1\n", encoding="utf-8")
    sheets, notes = load_game_sheets("ghost", tmp_path)
    assert sheets == {}
    assert any("cards.csv: unusable" in n for n in notes)
    assert any("extra.csv: the game declares no schema" in n for n in notes)
    (tmp_path / "cards.csv").write_text("a\n1\n", encoding="utf-8")
    sheets, _ = load_game_sheets("ghost", tmp_path)
    assert sheets["cards"].frame["a"].to_list() == ["1"]
