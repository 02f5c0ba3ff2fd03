"""Replays record the card sheets they were played on (content hash, file name, and for
an edited sheet the variant's edits or its rows), and a replay loaded against a game on
other sheets says so in one line."""

from __future__ import annotations

import hashlib
import json
import shutil
from pathlib import Path

import pytest

from workbench.cards.registry import sheet_files, sheet_source
from workbench.cards.variants import Variant
from workbench.engine import Replay, ReplayError, Session, random_player
from workbench.engine.conformance.toy import TakeAway
from workbench.engine.play.replay_sheets import game_on_sheets, sheets_played
from workbench.registry import make_game
from workbench.spec import SheetSource


def _sha(path: Path) -> str:
    return hashlib.sha256(path.read_bytes()).hexdigest()


def _played(game, seed: int = 2, steps: int = 30) -> Session:
    s = Session(game, seed=seed)
    for _ in range(steps):
        if s.is_over:
            break
        s.bot_move(random_player)
    return s


def test_a_replay_records_the_packaged_sheets_by_hash_and_file() -> None:
    replay = _played(make_game("life", players=3)).to_replay()
    files = sheet_files("life")
    assert [(s.stem, s.file, s.sha256) for s in replay.sheets] == [
        ("album", "album.csv", _sha(files["album"])),
        ("dreams", "dreams.csv", _sha(files["dreams"])),
    ]
    data = json.loads(replay.to_json())
    assert data["sheets"] == {
        "album": {"sha256": _sha(files["album"]), "file": "album.csv"},
        "dreams": {"sha256": _sha(files["dreams"]), "file": "dreams.csv"},
    }
    back = Replay.from_json(replay.to_json())
    assert back.sheets == replay.sheets
    assert Session.from_replay(back).state == Session.from_replay(replay).state


def test_a_game_without_sheets_records_none() -> None:
    s = Session(TakeAway(), seed=1)
    s.apply(2)
    assert s.to_replay().sheets == () and "sheets" not in json.loads(s.to_replay().to_json())


def test_a_variant_replay_records_its_edits_and_is_refused_on_the_base_sheets(
    tmp_path, monkeypatch
) -> None:
    monkeypatch.setenv("WORKBENCH_CACHE", str(tmp_path))
    variant = Variant.of("life", name="lucky-j04").set("album", "J04", "stars", "2")
    game = game_on_sheets("life", {"players": 3}, variant)
    assert list(tmp_path.rglob("*")) == []  # life reads the variant in memory: nothing written
    replay = Replay.from_json(_played(game).to_replay().to_json())
    album = {s.stem: s for s in replay.sheets}["album"]
    base = sheet_files("life")["album"]
    assert album.base_sha256 == _sha(base)
    assert album.sha256 == hashlib.sha256(variant.texts()["album"]).hexdigest() != _sha(base)
    assert [dict(e) for e in album.edits] == [
        {
            "kind": "set",
            "sheet": "album",
            "card": "J04",
            "column": "stars",
            "value": "2",
            "cells": [],
        }
    ]
    dreams = {s.stem: s for s in replay.sheets}["dreams"]
    assert dreams.edits == () and dreams.sha256 == _sha(sheet_files("life")["dreams"])
    # on the variant's own game it loads; on the base sheets it is refused, one line
    assert replay.sheets_differ(game) == ""
    assert Session.from_replay(replay, game).actions == replay.actions
    with pytest.raises(ReplayError) as refused:
        Session.from_replay(replay)
    line = str(refused.value)
    assert "\n" not in line
    assert line == (
        "the replay was played on other sheets: album: album.csv "
        f"{album.sha256[:8]} with 1 edit in the replay, album.csv {_sha(base)[:8]} here"
    )


def test_a_sheet_changed_on_disk_after_the_game_is_named(tmp_path, monkeypatch) -> None:
    replay = _played(make_game("life", players=3)).to_replay()
    mine = tmp_path / "data"
    shutil.copytree(sheet_files("life")["album"].parent, mine / "life")
    text = (mine / "life" / "dreams.csv").read_text(encoding="utf-8")
    (mine / "life" / "dreams.csv").write_text(text.replace("\n", "\r\n"), encoding="utf-8")
    monkeypatch.setenv("WORKBENCH_DATA", str(mine))
    with pytest.raises(ReplayError, match=r"^the replay was played on other sheets: dreams: "):
        replay.make_game()
    assert "album" not in replay.sheets_differ(make_game("life", players=3))


def test_a_sheet_given_in_memory_is_recorded_by_its_rows() -> None:
    loaded = sheet_source("life")
    memory = SheetSource(loaded.sheets, {"dreams": loaded.files["dreams"]})  # album: no file
    game = game_on_sheets("life", {"players": 3}, memory)
    album = {s.stem: s for s in sheets_played(game)}["album"]
    assert album.file == "" and album.edits == ()
    header, *rows = album.rows
    assert header[:2] == tuple(loaded.sheets["album"].frame.columns[:2])
    assert len(rows) == loaded.sheets["album"].frame.height
    back = Replay.from_json(_played(game).to_replay().to_json())
    assert {s.stem: s for s in back.sheets}["album"] == album


def test_a_path_parameter_names_the_sheet_played(tmp_path) -> None:
    """mugen reads its card sheet from cards_path: a replay of a game on a copy records the
    copy (same bytes: same hash) under its own name."""
    copy = tmp_path / "cards.csv"
    shutil.copy(sheet_files("mugen")["cards"], copy)
    game = make_game("mugen", cards_path=str(copy))
    (sheet,) = sheets_played(game)
    assert (sheet.stem, sheet.file, sheet.sha256) == ("cards", "cards.csv", _sha(copy))
    copy.write_text(copy.read_text(encoding="utf-8") + "\n", encoding="utf-8")
    again = make_game("mugen", cards_path=str(copy))
    assert sheets_played(again)[0].sha256 == _sha(copy) != sheet.sha256


def test_an_old_replay_without_sheets_still_loads() -> None:
    replay = _played(make_game("life", players=3)).to_replay()
    data = json.loads(replay.to_json())
    del data["sheets"]
    old = Replay.from_json(json.dumps(data))
    assert old.sheets == () and Session.from_replay(old).actions == replay.actions


@pytest.mark.parametrize(
    ("sheets", "message"),
    [
        ({"album": {"sha256": "x"}}, "album: sha256: expected a sha256"),
        ({"album": {"sha256": "a" * 64, "hidden": 1}}, "album: unknown part 'hidden'"),
        ({f"s{i}": {"sha256": "a" * 64} for i in range(17)}, "at most 16 sheets"),
        (
            {"album": {"sha256": "a" * 64, "edits": [{"kind": "eval"}]}},
            "album: edit 0: kind must be set, add or remove",
        ),
        (
            {"album": {"sha256": "a" * 64, "rows": [["x" * 4001]]}},
            "album: row 0: text of 4,001 characters",
        ),
    ],
)
def test_bad_sheet_records_are_one_line(sheets, message) -> None:
    data = json.loads(Session(TakeAway(), seed=1).to_replay().to_json())
    data["sheets"] = sheets
    with pytest.raises(ReplayError) as refused:
        Replay.from_json(json.dumps(data), source="sent.json")
    assert str(refused.value).startswith("sent.json: field 'sheets': ")
    assert message in str(refused.value) and "\n" not in str(refused.value)


def test_detective_plays_a_variant_in_memory_and_records_its_edits(tmp_path, monkeypatch):
    """detective reads its loaded sheets through its spec: its variant is written nowhere
    (the cache stays empty), and the replay records the edits."""
    monkeypatch.setenv("WORKBENCH_CACHE", str(tmp_path))
    variant = Variant.of("detective", name="fewer").set("people", "wasurenagusa", "copies", "3")
    game = game_on_sheets("detective", {}, variant)
    people = {s.stem: s for s in sheets_played(game)}["people"]
    assert [e["value"] for e in people.edits] == ["3"]
    assert people.sha256 == hashlib.sha256(variant.texts()["people"]).hexdigest()
    assert game.params.cards_folder is None and list(tmp_path.iterdir()) == []
    assert game.catalogue.cards.people["wasurenagusa"].copies == 3


def test_the_cells_of_all_sheets_are_bounded_together(monkeypatch) -> None:
    import workbench.engine.play.replay_checks as checks

    monkeypatch.setattr(checks, "MAX_SHEET_CELLS", 10)
    data = json.loads(Session(TakeAway(), seed=1).to_replay().to_json())
    data["sheets"] = {s: {"sha256": "a" * 64, "rows": [["x", "y"]] * 3} for s in ("a", "b")}
    with pytest.raises(
        ReplayError, match=r"^replay: field 'sheets': b: more than 10 cells in all$"
    ):
        Replay.from_json(json.dumps(data))
    data["sheets"] = {"a": data["sheets"]["a"]}
    assert Replay.from_json(json.dumps(data)).sheets[0].rows == (("x", "y"),) * 3
