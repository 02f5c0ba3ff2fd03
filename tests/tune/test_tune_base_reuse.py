"""The tuner plays the base sheets once per seed block (issue 37): every trial reuses the
base's games, and a trial's figures are still exactly those of a fresh paired comparison."""

from __future__ import annotations

import math

import pytest

import workbench.engine.measure.compare_pairs as compare_pairs
import workbench.engine.measure.tune as tune_module
from workbench.cards.variants import Variant
from workbench.engine.measure.compare import compare
from workbench.engine.measure.tune import parse_cell, parse_goal, tune

GOAL = "no single winner=0.28..0.32"
CELL = "cards:four:points=0..4"
PLAYERS = "low:9,low:9"


@pytest.fixture(autouse=True)
def _fresh(tmp_path, monkeypatch) -> None:
    monkeypatch.setenv("WORKBENCH_CACHE", str(tmp_path / "cache"))
    tune_module._BASE_ROWS.clear()


def test_a_trials_figures_are_a_fresh_comparisons(game) -> None:
    """The kept base and the variant played in two blocks give compare's table exactly."""
    plan = tune_module._Plan(
        "lowcard", (parse_goal(GOAL),), (parse_cell(CELL),), {"cards:four:points": 4},
        PLAYERS, 24, 3, 1, None, Variant.of("lowcard"),
    )  # fmt: skip
    variant = Variant.of("lowcard").set("cards", "four", "points", "1")
    mine = tune_module._rows_by_measure(
        tune_module._play_block(
            plan, variant, 6, 24, 3, tune_module._play_block(plan, variant, 0, 6, 3, None)
        )
    )
    theirs = compare("lowcard", None, variant, PLAYERS, 24, 3, cache=False).table
    assert theirs.height == len(mine) > 0
    for r in theirs.iter_rows(named=True):
        for k in ("base", "variant", "low", "high", "pairs"):
            a, b = mine[r["measure"]][k], r[k]
            assert (math.isnan(a) and math.isnan(b)) or a == b, (r["measure"], k, a, b)


def test_the_base_is_played_once_per_seed_block(game, tmp_path, monkeypatch) -> None:
    """Six trials of 16 games: the base sheets play 16 games on the tuning seed and 16 on
    the re-check seed in all (not 16 per trial), and each trial plays its variant's."""
    played: dict[str, int] = {}
    real = compare_pairs.pair_rows

    def counting(game_, question, table, params, sides, keys, *rest):
        start, stop = rest[-3], rest[-2]
        for k in keys:
            played[k] = played.get(k, 0) + stop - start
        return real(game_, question, table, params, sides, keys, *rest)

    monkeypatch.setattr(compare_pairs, "pair_rows", counting)
    from workbench.engine.measure.compare_sheets import sheet_set

    base_key = sheet_set("lowcard", Variant.of("lowcard")).key
    result = tune(
        "lowcard", [parse_goal(GOAL)], [parse_cell(CELL)], players=PLAYERS, games=16,
        trials=6, seed=2, journal=tmp_path / "t.journal",
    )  # fmt: skip
    # the tuning seed's 16, the re-check seed's 16, and compare's 2-game probe of the
    # measures' names (the base on both of its sides)
    assert played.pop(base_key) == 16 + 16 + 2 * 2
    finished = [t for t in result.trials if t["state"] == "complete"]
    assert finished and sum(played.values()) <= 16 * 6 + 16 * len(result.proposals)


def test_the_notebook_tunes_on_a_copy_of_the_precomputed_trials(tmp_path, monkeypatch) -> None:
    """Full budget: the journal scripts/tuning_results.py wrote is copied (never written
    to) and its provenance printed; small budget: an empty journal, played live."""
    import json

    from workbench.ui.tuner import tuning_journal, tuning_provenance

    folder = tmp_path / "results" / "mugen"
    folder.mkdir(parents=True)
    (folder / "tune.journal").write_text("trials\n", encoding="utf-8")
    note = {"made": "2026-12-07 01:00 UTC", "commit": "abc1234", "trials": 30, "games": 200,
            "cpu_s": 95.0, "wall_s": 400.0, "load": "9.0 8.0 7.0"}  # fmt: skip
    (folder / "tune.json").write_text(json.dumps(note), encoding="utf-8")
    monkeypatch.setenv("WORKBENCH_BUDGET", "full")
    mine = tuning_journal("mugen", tmp_path)
    assert mine.read_text(encoding="utf-8") == "trials\n" and mine.parent != folder
    said = tuning_provenance("mugen", tmp_path)
    assert "30 trials of 200 paired games, 95 CPU s, 400 s wall" in said and "abc1234" in said
    monkeypatch.setenv("WORKBENCH_BUDGET", "ci")
    assert not tuning_journal("mugen", tmp_path).exists()
    assert "small budget" in tuning_provenance("mugen", tmp_path)


def test_the_recheck_plays_recheck_games_fresh_games(game, tmp_path) -> None:
    result = tune(
        "lowcard", [parse_goal(GOAL)], [parse_cell(CELL)], players=PLAYERS, games=8,
        trials=3, seed=5, journal=tmp_path / "r.journal", recheck_games=40,
    )  # fmt: skip
    assert result.as_json()["recheck_games"] == 40 and result.proposals
    for p in result.proposals:  # a rate's re-check interval over 40 games, not 8
        (lo, hi) = p.intervals["no single winner"]
        assert hi - lo < 0.35
