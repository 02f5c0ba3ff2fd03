"""Balance questions asked of skill levels (issue 13 item 4): the games behind the answers
are the engine's own games, workers change nothing, conclusions compare honestly, and the
committed results files read back."""

from __future__ import annotations

import functools
import importlib.util
import json
import subprocess
import sys
from pathlib import Path
from typing import Any

import polars as pl
import pytest
from hypothesis import given
from hypothesis import strategies as st

from workbench.engine.measure.skilled import (
    Question,
    ask,
    changes,
    compare,
    conclusion,
    game_questions,
    seat_answers,
)
from workbench.engine.measure.skilled_results import load_results, results_folder, save_part
from workbench.engine.players.specs import player_from_spec
from workbench.engine.runs.simulate import simulate_rows
from workbench.registry import make_game

ROOT = Path(__file__).resolve().parents[2]


def _mirror(game: str = "mugen") -> Question:
    return next(q for q in game_questions(game) if q.key == "mirror")


def test_ask_plays_the_engines_games() -> None:
    """Game i of a question is simulate's game i with the same seed key: same winners."""
    q = _mirror()
    asked = ask("mugen", ["random"], games=12, seed=5, questions=[q])
    game = make_game("mugen", **q.variants[""])
    rows = simulate_rows(
        game, player_from_spec("random", "mugen"), range(12), 5, key=("mirror", ""), seating="fixed"
    )
    assert asked.games["winner"].to_list() == [r["winner"] for r in rows]
    assert asked.games["last_turn"].to_list() == [r["last_turn"] for r in rows]
    first = asked.answers.filter(pl.col("measure") == "first player wins (ソラ mirror)").row(
        0, named=True
    )
    assert first["value"] == sum(r["winner"] == r["first"] for r in rows) / 12


def test_workers_play_on_the_shared_cluster_and_change_nothing() -> None:
    """workers=2 runs on the process's one shared dask cluster (as matches do), started once
    and reused by the next ask; the answers, games and metrics are those of one core."""
    from workbench.engine.runs import cluster

    cluster.close_shared()  # one another test left running (workbench play --workers 2)
    one = ask("mugen", ["random", "greedy"], games=6, seed=2, workers=1, chunk=2)
    assert cluster.startup_seconds(2) is None  # one core starts no cluster
    try:
        two = ask("mugen", ["random", "greedy"], games=6, seed=2, workers=2, chunk=2)
        client, started = cluster.shared_client(2), cluster.startup_seconds(2)
        assert started is not None and started > 0
        again = ask("mugen", ["random"], games=4, seed=3, workers=2, chunk=1)
        assert cluster.shared_client(2) is client and cluster.startup_seconds(2) == started
    finally:
        cluster.close_shared()
    assert one.answers.equals(two.answers)
    assert one.metrics.equals(two.metrics)
    assert one.games.equals(two.games)
    assert again.games.equals(ask("mugen", ["random"], games=4, seed=3).games)


def test_metrics_come_from_the_same_games() -> None:
    asked = ask("mugen", ["random"], games=6, seed=1)
    deck_games = asked.games.filter(pl.col("question") == "deck_vs_deck")
    m = asked.metrics.row(0, named=True)
    assert m["games"] == deck_games.height == 12  # two variants of 6
    assert m["seat0_win_rate"] == (deck_games["winner"] == 0).sum() / 12


def test_every_seed_game_declares_questions() -> None:
    for game in ("ghost", "detective", "mugen", "life"):
        qs = game_questions(game)
        assert qs and sum(q.metrics for q in qs) == 1, game
    assert game_questions("peek") == ()
    with pytest.raises(ValueError, match="declares no balance questions"):
        ask("peek", ["random"], games=2)


def test_seat_answers_fair_share_counts_sole_winners() -> None:
    df = pl.DataFrame({"seats": [3] * 6, "winner": [0, 0, 0, 1, None, None]})
    rows = seat_answers(df)
    assert [r["value"] for r in rows] == [0.5, 1 / 6, 0.0, 1 / 3]
    assert rows[0]["reference"] == pytest.approx(4 / 6 / 3)


@given(st.floats(0, 1), st.floats(0, 1), st.floats(0, 1))
def test_conclusion_is_the_side_of_the_interval(a: float, b: float, ref: float) -> None:
    lo, hi = min(a, b), max(a, b)
    c = conclusion(lo, hi, ref)
    assert c == ("above" if lo > ref else "below" if hi < ref else "too few games to say")
    assert conclusion(lo, hi, ref, 4) == "not judged yet"  # under the minimum of games


def test_compare_flags_a_changed_conclusion_and_a_moved_mean() -> None:
    answers = pl.DataFrame(
        [
            {
                "question": "q",
                "measure": "seat 1 wins",
                "kind": "rate",
                "level": lv,
                "games": 100,
                "value": v,
                "low": v - 0.1,
                "high": v + 0.1,
                "reference": 0.5,
            }
            for lv, v in (("greedy", 0.7), ("ismcts:100", 0.52))
        ]
        + [
            {
                "question": "q",
                "measure": "turns",
                "kind": "mean",
                "level": lv,
                "games": 100,
                "value": v,
                "low": v - 1,
                "high": v + 1,
                "reference": None,
            }
            for lv, v in (("greedy", 10.0), ("ismcts:100", 11.5))
        ]
    )
    c = compare(answers, "greedy", "ismcts:100")
    # the rate: Newcombe's interval of 52/100 - 70/100; the mean: half-widths combined, 1.5 +- 1.41
    # (the two intervals overlap, the difference's does not hold 0)
    assert c["verdict"].to_list() == ["lower", "higher"] and c["changed"].to_list() == [True, True]
    assert changes(answers, "greedy", "ismcts:100") == [
        "seat 1 wins: 0.7 with greedy, 0.52 with ismcts:100 "
        "(lower (-30.6 to -4.5 pts); above → too few games to say)",
        "turns: 10 with greedy, 11.5 with ismcts:100 (higher (+0.0858 to +2.91))",
    ]
    nearer = pl.when(pl.col("level") == "ismcts:100").then(
        pl.when(pl.col("kind") == "rate").then(0.66).otherwise(10.5)
    )
    close = answers.with_columns(nearer.otherwise(pl.col("value")).alias("value"))
    assert (
        compare(close, "greedy", "ismcts:100")["verdict"].to_list() == ["too few games to say"] * 2
    )
    few = answers.with_columns(pl.lit(10).alias("games"))
    assert compare(few, "greedy", "ismcts:100")["verdict"].to_list() == ["not judged yet"] * 2


def test_results_round_trip_and_stale(tmp_path: Path) -> None:
    frame = pl.DataFrame({"measure": ["a"], "winners": [[0, 1]]})
    save_part(tmp_path, "answers", frame, {"call": "x"}, version="2", seconds=90)
    r = load_results("mugen", tmp_path)
    assert r.answers is not None and r.answers["winners"].to_list() == ["0,1"]
    assert r.stale("2") == [] and r.stale("3") == ["answers"]
    assert "1.5 min on 2 cores" in r.describe("answers") and "not computed" in r.describe("ladder")
    with pytest.raises(ValueError, match="part must be"):
        save_part(tmp_path, "nonsense", frame, {})


@functools.cache
def _script() -> Any:
    """scripts/skilled_results.py as a module, loaded once: its runs that play games are
    called in this process (``main(argv)``, the exit code), sparing each an interpreter
    and the workbench's imports (about 0.6 CPU s a run); each test's refused run stays a
    process of its own, the script as a designer runs it."""
    found = importlib.util.spec_from_file_location(
        "skilled_results_script", ROOT / "scripts" / "skilled_results.py"
    )
    assert found is not None and found.loader is not None
    module = importlib.util.module_from_spec(found)
    found.loader.exec_module(module)
    return module


def _run_script(capsys: pytest.CaptureFixture[str], *argv: str) -> None:
    """Run the script in this process; it must exit 0 (else its stderr is shown)."""
    code = _script().main(list(argv))
    assert code == 0, capsys.readouterr().err


def test_script_writes_answers_and_refuses_bad_input(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    script = ROOT / "scripts" / "skilled_results.py"
    answers = ["mugen", "answers", "--games", "3", "--workers", "1", "--out", str(tmp_path)]
    _run_script(capsys, *answers, "--levels", "random")
    prov = json.loads((tmp_path / "provenance.json").read_text())
    assert prov["answers"]["games"] == 3 and (tmp_path / "metrics.csv").exists()
    _run_script(capsys, *answers, "--levels", "greedy", "--merge")
    r = load_results("mugen", tmp_path)
    assert r.levels() == ["random", "greedy"] and r.metrics["level"].to_list() == [
        "random",
        "greedy",
    ]
    assert r.provenance["answers"]["levels"] == ["random", "greedy"]
    bad = subprocess.run(
        [sys.executable, str(script), "chess", "answers", "--out", str(tmp_path)],
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert bad.returncode == 2 and bad.stderr.count("\n") == 1 and "unknown game" in bad.stderr


def test_a_ladder_pairing_stands_as_a_match_without_replaying_it(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """matches --from-ladder: the rows of the ladder's pairing are those of play_match on the
    pairing's own line-up and seed (the same games), the focus player first."""
    from workbench.engine.runs.match import play_match

    script = ROOT / "scripts" / "skilled_results.py"
    run = [sys.executable, str(script), "peek"]
    common = ["--games", "20", "--workers", "1", "--out", str(tmp_path)]
    _run_script(capsys, "peek", "ladder", "--levels", "random,greedy,osla", "--seed", "5", *common)
    _run_script(capsys, "peek", "matches", "--from-ladder", "--players", "osla,random", *common)
    rows = load_results("peek", tmp_path).matches
    assert rows is not None and rows["player"].to_list() == ["osla", "random"]
    again = play_match(
        "peek", ["random", "osla"], 20, 6, swap_seats=True
    )  # pairing 2 of 3: seed 5 + 1
    assert rows["wins"].to_list() == [again["players"][1]["wins"], again["players"][0]["wins"]]
    assert rows["mean_length"][0] == again["mean_length"] and rows["seed"].to_list() == [6, 6]
    call = json.loads((tmp_path / "provenance.json").read_text())["matches"]["calls"][0]["call"]
    assert call.startswith(
        "workbench play peek --players random,osla --games 20 --seed 6 --swap-seats"
    )
    bad = subprocess.run(
        run + ["matches", "--from-ladder", "--players", "osla,ismcts:9"] + common,
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert bad.returncode == 2 and "two of the ladder's levels" in bad.stderr


# slow (a four-seat ladder in a subprocess, 17-20 s): ladder pairings stay in the default run
# through test_a_ladder_pairing_stands_as_a_match_without_replaying_it
@pytest.mark.slow
def test_a_four_seat_ladder_pairing_is_the_workbench_play_call_it_names(tmp_path: Path) -> None:
    """matches --from-ladder at more seats: the pairing is the focus alone against copies of the
    other; its one row (the ladder keeps only the focus player's wins) is what running the
    written `workbench play` call gives, game for game (wins, length, fair share)."""
    script = ROOT / "scripts" / "skilled_results.py"
    run = [sys.executable, str(script), "life"]
    out = ["--workers", "1", "--out", str(tmp_path)]
    made = subprocess.run(
        run + ["ladder", "--levels", "random,greedy,osla", "--games", "8", "--seed", "3"] + out,
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert made.returncode == 0, made.stderr
    assert json.loads((tmp_path / "provenance.json").read_text())["ladder"]["seats"] == 4
    kept = subprocess.run(
        run + ["matches", "--from-ladder", "--players", "osla,random"] + out,
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert kept.returncode == 0, kept.stderr
    rows = load_results("life", tmp_path).matches
    assert rows is not None and rows["line_up"].to_list() == ["osla,random,random,random"]
    assert rows["player"].to_list() == ["osla"] and rows["seed"].to_list() == [
        3 + 4
    ]  # (osla, random): 5th of all 6
    call = json.loads((tmp_path / "provenance.json").read_text())["matches"]["calls"][0]["call"]
    assert (
        call.startswith(
            "workbench play life --players osla,random,random,random --games 8 --seed 7 "
            "--swap-seats (a pairing of skill_ladder("
        )
        and "only osla's wins are kept" in call
    )
    command = call.split(" (")[0].split()[1:]
    played = subprocess.run(
        [str(Path(sys.executable).parent / "workbench"), *command, "--json"],
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert played.returncode == 0, played.stderr
    again = json.loads(played.stdout)
    row = rows.row(0, named=True)
    assert (row["games"], row["wins"], row["draws"]) == (
        8,
        again["players"][0]["wins"],
        again["players"][0]["draws"],
    )
    assert row["mean_length"] == again["mean_length"]
    assert row["fair_share"] == sum(p["wins"] for p in again["players"]) / 8 / 4
    weaker = subprocess.run(
        run + ["matches", "--from-ladder", "--players", "random,osla"] + out,
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert (
        weaker.returncode == 2
        and "give it first" in weaker.stderr
        and weaker.stderr.count("\n") == 1
    )


@pytest.mark.parametrize("game", ["ghost", "detective", "mugen", "life"])
def test_committed_results_answer_every_question(game: str) -> None:
    """The results the notebook shows: greedy and a search level, every declared measure."""
    r = load_results(game, results_folder(game, ROOT / "notebooks"))
    assert r.answers is not None and r.metrics is not None, (
        f"{game}: run scripts/skilled_results.py"
    )
    levels = r.levels()
    assert "greedy" in levels and levels[-1].startswith("ismcts"), levels
    asked = {q.key for q in game_questions(game)}
    assert set(r.answers["question"].unique()) == asked
    table = r.table()
    words = ("higher", "lower", "too few games to say", "— ")
    assert table.height > 0 and all(
        v.startswith(words) or " played, " in v for v in table["verdict"]
    ), table["verdict"].to_list()
    assert r.ladder is not None and r.ladder.frame.height > 0
