"""The playtest review names every seat once and right (issue 35): a 2-seat and a 4-seat
playtest, finished and unfinished; an unfinished, cut-short or foreign file gets one
sentence, never a traceback, and the partial game is still reviewed."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from workbench.engine.measure.review import review, scripted_playtest
from workbench.engine.play.playtest import Playtest
from workbench.registry import make_game
from workbench.ui.table import table_html

TABLES = {
    "two seats": ("mugen", {}, ["first", "greedy"]),
    "four seats": (
        "detective",
        {"players": 4, "deaths_to_end": 2, "win_vp": 4},
        ["first", "greedy", "random", "first"],
    ),
}


@pytest.fixture(scope="module", params=list(TABLES))
def played(request, tmp_path_factory):
    name, params, scripts = TABLES[request.param]
    game = make_game(name, **params)
    folder = tmp_path_factory.mktemp(name)
    whole = scripted_playtest(game, scripts, folder / "whole.json", seed=3)
    data = json.loads(whole.read_text(encoding="utf-8"))
    data["replay"]["actions"] = data["replay"]["actions"][: len(data["replay"]["actions"]) // 2]
    half = folder / "half.json"
    half.write_text(json.dumps(data), encoding="utf-8")
    return game, len(scripts), whole, half


def _seats_of(path: Path) -> set[int]:
    """The seats that made a decision with options, counted from 0 as the file stores them."""
    return {int(d["seat"]) for d in Playtest.read(path)[2]}


@pytest.mark.parametrize("which", ["whole", "half"])
def test_every_seat_is_named_once_from_1(played, which):
    game, seats, whole, half = played
    path = whole if which == "whole" else half
    r = review([path], budget=8, seed=1, bot_games=2)
    names = {f"Player {s + 1}" for s in range(seats)}
    assert set(r.seats["player"]) <= names and set(r.decisions["player"]) <= names
    assert set(r.decisions["player"]) == {f"Player {s + 1}" for s in _seats_of(path)} & set(
        r.decisions["player"]
    )
    for row in r.decisions.iter_rows(named=True):
        assert row["player"] == f"Player {row['seat'] + 1}"
    html = table_html(r.seats) + table_html(r.worst(5))
    assert f"Player {seats + 1}" not in html and "Player 0" not in html
    for n in range(1, seats + 1):  # no seat shown twice under another number
        assert html.count(f"Player {n}<") <= html.count(f"Player {n}")
    agreed = [c for c in r.seats.columns if c.startswith("agreed_rate")]
    assert agreed == ["agreed_rate", "agreed_rate_low", "agreed_rate_high"]
    assert html.count("%") >= 3 * r.seats.height  # the three agreed figures in one format
    if which == "half":
        assert len(r.notes) == 1 and "the game is unfinished" in r.notes[0]
        assert r.notes[0].startswith("half.json: ") and "decisions are reviewed" in r.notes[0]
        assert r.answers.height == 0 and r.decisions.height > 0
    else:
        assert not any("unfinished" in n for n in r.notes)


def test_broken_files_get_one_sentence_each(played, tmp_path):
    game, _seats, whole, half = played
    cut = tmp_path / "cut.json"
    cut.write_text(whole.read_text(encoding="utf-8")[:300], encoding="utf-8")
    empty = tmp_path / "empty.json"
    empty.write_text("", encoding="utf-8")
    other = "ghost" if game.name != "ghost" else "mugen"
    r = review([cut, empty, whole, half], budget=6, seed=1, bot_games=2, game=make_game(other))
    assert len(r.notes) == 4, r.notes
    assert r.notes[0].startswith("cut.json: cannot read a playtest (") and "(char " in r.notes[0]
    assert r.notes[1].startswith("empty.json: cannot read a playtest")
    assert f"a playtest of {game.name!r}, not of {other!r}" in r.notes[2]
    assert all("\n" not in n and "Traceback" not in n for n in r.notes)
    assert r.decisions.height == 0 and r.seats.height == 0 and r.worst().height == 0
    assert list(r.seats.columns)[:2] == ["player", "decisions"]  # columns even when empty
