"""workbench tune: bad input exits 2 with one line naming the problem; a stopped tuner
keeps its trials and resumes."""

from __future__ import annotations

import json
import threading

import pytest

from workbench.cli import main
from workbench.engine.measure.tune import parse_cell, parse_goal, tune

GOAL = "no single winner=0.28..0.32"
CELL = "cards:four:points=0..4"


def _code(argv: list[str]) -> int:
    """The exit code, whether the command returns it or argparse exits with it."""
    try:
        return main(argv)
    except SystemExit as exc:
        return int(exc.code or 0)


@pytest.mark.parametrize(
    ("argv", "message"),
    [
        (
            ["--goal", "seat 9 wins=0.4..0.6", "--vary", CELL],
            "--goal seat 9 wins: lowcard has no such measure",
        ),
        (
            ["--goal", GOAL, "--vary", "cards:five:points=0..4"],
            "--vary cards:five:points: sheet cards has no card 'five'",
        ),
        (
            ["--goal", GOAL, "--vary", "cards:four:colour=0..4"],
            "--vary cards:four:colour: sheet cards has no column 'colour'",
        ),
        (
            ["--goal", GOAL, "--vary", "deck:four:points=0..4"],
            "--vary deck:four:points: lowcard has no sheet 'deck'",
        ),
        (
            ["--goal", GOAL, "--vary", "cards:four:copies=0..4"],
            "--vary cards:four:copies: 0..4 is outside the schema's range 1..",
        ),
        (
            ["--goal", GOAL, "--goal", "no single winner=0.5..0.6", "--vary", CELL],
            "--goal no single winner: the ranges 0.28..0.32 and 0.5..0.6 contradict each other",
        ),
        (
            ["--goal", "no single winner=0.6..0.5", "--vary", CELL],
            "--goal no single winner: the range '0.6..0.5' runs backwards",
        ),
        (
            ["--goal", "no single winner=40%..120%", "--vary", CELL],
            "--goal no single winner: a rate's range lies within 0..1",
        ),
        (
            ["--goal", GOAL, "--vary", CELL, "--recheck-games", "0"],
            "--recheck-games: 0 is below the minimum 1",
        ),
        (["--goal", GOAL, "--vary", CELL, "--games", "0"], "--games"),
        (["--goal", GOAL], "give at least one --vary"),
        (["--vary", CELL], "give at least one --goal"),
    ],
)
def test_bad_input_is_one_line_and_exit_2(game, capsys, tmp_path, monkeypatch, argv, message):
    monkeypatch.setenv("WORKBENCH_CACHE", str(tmp_path))
    code = _code(
        ["tune", "lowcard", "--players", "low:9,low:9", "--trials", "2", "--games", "4", *argv]
    )
    err = capsys.readouterr().err.strip()
    assert code == 2, err
    assert message in err and "\n" not in err and "Traceback" not in err
    assert not (tmp_path / "tune").exists() or not any((tmp_path / "tune").rglob("*.journal"))


def test_a_text_cell_is_not_numeric(game, capsys, tmp_path, monkeypatch):
    monkeypatch.setenv("WORKBENCH_CACHE", str(tmp_path))
    code = main(
        ["tune", "lowcard", "--goal", GOAL, "--vary", "cards:four:name=0..4", "--games", "4"]
    )
    err = capsys.readouterr().err.strip()
    assert code == 2 and "column name is not numeric" in err, err


def test_a_stopped_tuner_keeps_its_trials_and_resumes(game, tmp_path) -> None:
    goals, cells = [parse_goal(GOAL)], [parse_cell(CELL)]
    journal = tmp_path / "t.journal"
    stop = threading.Event()
    seen: list[dict] = []

    def progress(done: int, total: int, record: dict) -> None:
        seen.append(record)
        if done == 2:
            stop.set()  # the designer presses stop after two trials

    first = tune(
        "lowcard",
        goals,
        cells,
        players="low:9,low:9",
        games=16,
        trials=5,
        seed=1,
        journal=journal,
        progress=progress,
        stop=stop,
    )
    assert first.stopped and len(first.trials) == 2 and [r["number"] for r in seen] == [0, 1]
    again = tune(
        "lowcard", goals, cells, players="low:9,low:9", games=16, trials=4, seed=1, journal=journal
    )
    assert again.resumed == 2 and not again.stopped and len(again.trials) == 4
    kept = {r["number"]: r["measures"] for r in again.trials}
    assert all(kept[r["number"]] == r["measures"] for r in first.trials)  # the same trials


def test_the_cli_prints_json_with_a_sentence(game, capsys, tmp_path, monkeypatch):
    monkeypatch.setenv("WORKBENCH_CACHE", str(tmp_path))
    code = main(
        [
            "tune",
            "lowcard",
            "--players",
            "low:9,low:9",
            "--goal",
            GOAL,
            "--vary",
            CELL,
            "--games",
            "16",
            "--trials",
            "3",
            "--keep",
            "1",
            "--json",
            "--save",
            str(tmp_path / "v"),
        ]
    )
    out = json.loads(capsys.readouterr().out)
    assert code in (0, 1) and out["trials"]["complete"] + out["trials"]["pruned"] == 3
    assert out["sentence"]
    saved = out["proposals"][0]["saved"]
    note = json.loads((tmp_path / "v" / saved.split("/")[-1] / "tuned.json").read_text())
    assert note["goals"] == [GOAL] and note["seed"] == 0 and note["recheck_seed"] == 1_000_003
    assert note["trials"] == 3 and note["tuned"].keys() == note["rechecked"].keys() == {
        "no single winner"
    }


def test_a_trial_on_a_worker_measures_what_it_measures_here(game, tmp_path) -> None:
    """evaluate_on_worker (a whole trial in a dask worker) gives the figures of the trial
    tune records in this process: same cells, same seed, same games."""
    from workbench.engine.measure.tune import evaluate_on_worker

    goals, cells = (parse_goal(GOAL),), (parse_cell(CELL),)
    here = tune(
        "lowcard",
        goals,
        cells,
        players="low:9,low:9",
        games=16,
        trials=2,
        seed=4,
        journal=tmp_path / "w.journal",
    )
    assert len({r["measures"]["no single winner"] for r in here.trials}) >= 1
    for record in here.trials:
        state, got, _ = evaluate_on_worker(
            "lowcard", goals, cells, {CELL.split("=")[0]: 4}, "low:9,low:9", 16, 4, record["values"]
        )
        assert (state, got) == (record["state"], record["measures"])
