"""The question "k-VP events played per game" counts each played event by the VP it had in
the game that was played (issue 37): a variant's edited VP counts, the base sheet's rows
stay, and compare's rows are the union of both sides' (0 where a side has none)."""

from __future__ import annotations

import json
import math

import polars as pl
import pytest

from workbench.cards.variants import Variant
from workbench.cli import main
from workbench.engine.measure.compare import compare
from workbench.engine.measure.compare_sheets import sheet_set
from workbench.engine.players.specs import player_from_spec
from workbench.engine.runs.playout import playout
from workbench.games.detective.questions import seat_answer, vp_answers
from workbench.games.detective.rules import make_game

SIX = (
    Variant.of("detective", name="six").set("events", "2", "vp", "6").set("events", "3", "vp", "6")
)
"""Events 2 (5 VP) and 3 (4 VP) made worth 6, a VP no event of the base sheet has."""


@pytest.fixture(autouse=True)
def _own_cache(tmp_path, monkeypatch) -> None:
    monkeypatch.setenv("WORKBENCH_CACHE", str(tmp_path / "cache"))


def _games(game, seeds) -> pl.DataFrame:
    p = player_from_spec("greedy", "detective")
    rows = []
    for seed in seeds:
        final = playout(game, [p] * game.num_players, seed).final
        rows.append({**game.metrics(final), "seats": game.num_players, "winner": None})
    return pl.DataFrame(rows)


def test_played_vp_is_each_played_events_vp_in_the_game_played() -> None:
    base = make_game()
    six = make_game(**sheet_set("detective", SIX).params())
    assert (base.catalogue.events[2].vp, six.catalogue.events[2].vp) == (5, 6)
    assert (base.event_vps, six.event_vps) == ("0,1,2,3,4,5", "0,1,2,3,4,5,6")
    df = _games(six, range(12))
    for played, played_vp in zip(df["played"], df["played_vp"], strict=True):
        nos = [int(n) for n in played.split(",") if n]
        assert played_vp == ",".join(str(six.catalogue.events[n].vp) for n in nos)
    sixes = sum(
        [int(n) for n in played.split(",") if n].count(k) for played in df["played"] for k in (2, 3)
    )
    assert sixes > 0  # the edited events were played: the test reads the edited VP
    answers = {a["measure"]: a["value"] for a in vp_answers(df)}
    assert answers["6-VP events played per game"] == sixes / df.height
    assert set(answers) == {f"{k}-VP events played per game" for k in range(7)}


def test_the_base_sheet_keeps_its_rows_and_counts() -> None:
    """On the base sheet the rows are its VP values 0-5 and each count is the events played
    whose base VP it is (what the question counted before it read the game's own VP)."""
    g = make_game()
    df = _games(g, range(6))
    vp = {no: e.vp for no, e in g.catalogue.events.items()}
    rows = [a for a in seat_answer(df) if a["measure"].endswith("-VP events played per game")]
    assert [a["measure"] for a in rows] == [f"{k}-VP events played per game" for k in range(6)]
    for a, worth in zip(rows, range(6), strict=True):
        counts = [
            sum(vp[int(n)] == worth for n in played.split(",") if n) for played in df["played"]
        ]
        assert a["value"] == sum(counts) / len(counts)
    assert sum(a["value"] for a in rows) > 0


def test_compare_rows_are_the_union_with_0_where_a_side_has_none(tmp_path, capsys) -> None:
    c = compare("detective", variant=SIX, players="greedy", games=16, seed=3, cache=False)
    t = c.table.filter(pl.col("measure").str.ends_with("-VP events played per game"))
    assert t["measure"].to_list() == [f"{k}-VP events played per game" for k in range(7)]
    six = t.filter(pl.col("measure") == "6-VP events played per game").row(0, named=True)
    assert six["base"] == 0.0 and six["variant"] > 0  # the base sheet has no 6-VP event
    assert six["difference"] == six["variant"] and not math.isnan(six["low"])
    assert not any(math.isnan(x) for x in [*t["base"], *t["variant"], *t["low"], *t["high"]])
    folder = tmp_path / "six"
    SIX.save(folder)
    assert main(["compare", "detective", "--variant", str(folder), "--games", "16", "--seed", "3",
                 "--no-cache", "--json"]) == 0  # fmt: skip
    out = json.loads(capsys.readouterr().out)
    by = {q["question"]: q for q in out["questions"]}
    assert by["6-VP events played per game"]["base"] == 0.0
    assert by["6-VP events played per game"]["variant"] == six["variant"]
