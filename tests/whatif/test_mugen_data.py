"""Mugen reads its sheets like the other games: a variant in a designer's data folder, named by
``data_dir=`` or ``$WORKBENCH_DATA``, reaches every reader and the game itself."""

from __future__ import annotations

from pathlib import Path

import pytest

from workbench.cards.variants import Variant
from workbench.datafiles import data_files
from workbench.games.mugen.analysis import deck_legality, sample_decks
from workbench.games.mugen.cards import cards_file, load_cards, read_sheet
from workbench.games.mugen.decks import DeckError, rule_problems, sample_deck_files
from workbench.games.mugen.pool import pool_note, pool_table
from workbench.registry import make_game


@pytest.fixture
def designer(data_copy, tmp_path: Path) -> Path:
    """A designer's data folder holding mugen's sheets with ソラ's first skill at 1 MP and
    闘志 (G21, in the ソラ deck only) raised from ★2 to ★3 — the ソラ deck then holds three ★3 kinds."""
    folder = data_copy("mugen")
    variant = (
        Variant.of("mugen", folder, "designer")
        .set("cards", "C01", "skill1_cost", "1")
        .set("cards", "G21", "star", "3")
    )
    (folder / "cards.csv").write_bytes(variant.texts()["cards"])
    return folder.parent


def _check(data_dir: str | None) -> None:
    """Every reader, asked with ``data_dir`` (None: from $WORKBENCH_DATA), sees the edits."""
    assert load_cards(data_dir=data_dir)["C01"].skills[0].cost == 1
    assert read_sheet(data_dir=data_dir).frame.filter(id="G21")["star"].item() == 3
    legality = deck_legality(data_dir=data_dir)
    sora = legality.filter(deck="sora").row(0, named=True)
    assert not sora["legal"] and "star3-kinds" in sora["broken"]
    assert sorted(sample_decks(data_dir=data_dir)) == ["mirai"]
    files = sample_deck_files(data_dir=data_dir)
    assert files["sora"].parent == data_files("mugen", data_dir) / "decks"
    from workbench.games.mugen.cards import read_deck

    assert any(
        p.startswith("star3-kinds")
        for p in rule_problems(read_deck(files["sora"], data_dir=data_dir), data_dir=data_dir)
    )
    generic = (
        pool_table(data_dir=data_dir).filter(pool="prototype sheet (cards.csv)").row(0, named=True)
    )
    assert (generic["generic ★2"], generic["generic ★3"]) == (10, 7)  # packaged: 11 and 6
    assert "37 designs" in pool_note(data_dir=data_dir)


def test_the_packaged_sheet_is_untouched():
    assert load_cards()["C01"].skills[0].cost == 2
    assert deck_legality().filter(deck="sora")["legal"].item()
    generic = pool_table().filter(pool="prototype sheet (cards.csv)").row(0, named=True)
    assert (generic["generic ★2"], generic["generic ★3"]) == (11, 6)


def test_every_reader_takes_data_dir(designer: Path):
    _check(str(designer))
    assert cards_file(data_dir=designer) == designer / "mugen" / "cards.csv"
    assert load_cards()["C01"].skills[0].cost == 2  # no data_dir, no $WORKBENCH_DATA: packaged


def test_every_reader_and_the_game_take_workbench_data(
    designer: Path, monkeypatch: pytest.MonkeyPatch
):
    monkeypatch.setenv("WORKBENCH_DATA", str(designer))
    _check(None)
    with pytest.raises(
        DeckError, match="star3-kinds"
    ):  # its default decks: ソラ is no longer legal
        make_game("mugen")
    game = make_game("mugen", check_decks=False)
    assert game.cards["C01"].skills[0].cost == 1 and game.cards["G21"].star == 3
