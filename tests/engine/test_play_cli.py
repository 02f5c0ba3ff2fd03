"""``workbench play``: the JSON shape, the peek check through the CLI, seats, dask, bad input."""

from __future__ import annotations

import json

import pytest

from workbench.cli import main
from workbench.engine.runs.match import play_match


def _play(capsys: pytest.CaptureFixture[str], *argv: str) -> dict:
    assert main(["play", *argv]) == 0
    return json.loads(capsys.readouterr().out)


def test_json_shape_one_entry_per_player_in_the_order_given(capsys) -> None:
    out = _play(
        capsys, "peek", "--players", "random,osla", "--games", "20", "--seed", "2", "--json"
    )
    assert list(out) == ["games", "mean_length", "no_winner", "players"]
    assert out["no_winner"] == 0
    assert out["games"] == 20 and out["mean_length"] == 1.0
    assert [p["player"] for p in out["players"]] == ["random", "osla"]
    for p in out["players"]:
        assert list(p) == ["player", "wins", "draws", "win_rate", "interval"]
        assert isinstance(p["win_rate"], float) and p["win_rate"] == p["wins"] / 20
        lo, hi = p["interval"]
        assert 0.0 <= lo <= p["win_rate"] <= hi <= 1.0
    assert sum(p["wins"] for p in out["players"]) == 20  # peek has no draws


def test_peek_seat_0_wins_a_quarter_as_the_issue_asks(capsys) -> None:
    out = _play(
        capsys, "peek", "--players", "ismcts:200,random", "--games", "400", "--seed", "1", "--json"
    )
    first = out["players"][0]  # about 5 s
    assert first["wins"] == 89  # seed 1: 22.25%
    lo, hi = first["interval"]
    assert lo <= 0.25 <= hi


def test_swap_seats_rotates_the_line_up() -> None:
    """In peek seat 0 wins 1/4 and seat 1 wins 3/4: fixed, the first listed player wins about
    1/4; rotated, it sits half the games in each seat and wins about 1/2."""
    fixed = play_match("peek", ["ismcts:10", "random"], games=200, seed=4)
    rotated = play_match("peek", ["ismcts:10", "random"], games=200, seed=4, swap_seats=True)
    lo, hi = fixed["players"][0]["interval"]
    assert lo <= 0.25 <= hi and hi < 0.5
    lo, hi = rotated["players"][0]["interval"]
    assert lo <= 0.5 <= hi and lo > 0.25


def test_same_result_on_a_dask_scheduler() -> None:
    from distributed import LocalCluster

    with LocalCluster(
        n_workers=1, threads_per_worker=2, processes=False, dashboard_address=None
    ) as cluster:
        far = play_match(
            "peek",
            ["ismcts:20", "osla"],
            games=30,
            seed=5,
            swap_seats=True,
            scheduler=cluster.scheduler_address,
        )
    assert far == play_match("peek", ["ismcts:20", "osla"], games=30, seed=5, swap_seats=True)


@pytest.mark.slow
def test_same_result_on_two_local_workers(capsys) -> None:
    argv = ["peek", "--players", "ismcts:30,random", "--games", "60", "--seed", "3", "--json"]
    assert _play(capsys, *argv, "--workers", "2") == _play(capsys, *argv)


@pytest.mark.parametrize(
    "argv, message",
    [
        (["chess", "--players", "random,random"], "unknown game 'chess'"),
        (["peek", "--players", "random"], "peek cannot seat 1 players"),
        (["peek", "--players", "random,alphazero"], "unknown player 'alphazero'"),
        (["peek", "--players", "random,,random"], "player 2 of 'random,,random' is empty"),
        (["peek", "--players", "ismcts:0,random"], "'0' must be a whole number in 1..1000000"),
        (["peek", "--players", "random,random", "--games", "0"], "0 is below the minimum 1"),
        (["peek", "--players", "random,random", "--games", "200001"], "above the maximum 100000"),
        (["peek", "--players", "random,random", "--workers", "2", "--scheduler", "x"], "not both"),
    ],
)
def test_bad_input_is_one_line_and_exit_2(capsys, argv, message) -> None:
    try:
        code = main(["play", *argv])
    except SystemExit as e:  # argparse's own checks
        code = e.code
    assert code == 2
    captured = capsys.readouterr()
    assert captured.out == ""
    assert message in captured.err and captured.err.count("\n") == 1, captured.err


def test_uneven_rotation_note_on_stderr(capsys) -> None:
    assert main(["play", "peek", "--players", "random,random", "--games", "3", "--swap-seats"]) == 0
    captured = capsys.readouterr()
    assert "3 games, seed 0, seats rotated" in captured.out
    err = captured.err
    assert err == (
        "workbench play: note: seats rotated unevenly: 3 games for 2 players "
        "(a multiple of 2 is even)\n"
    )
