"""``play`` bounded before it starts and complete in what it reports (issue 27 items 4, 11, 16).

Classes: a budget the machine cannot finish is refused with the estimate that says
why; a long run is announced with its expected time; workers are capped at the
machine's cores; games without a winner are counted in the JSON and the text;
an unknown player's message and ``--help`` list the game's own players.
"""

from __future__ import annotations

import json

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from workbench.cli import CliError, _budget, _workers, main
from workbench.engine.runs.match import summarise


def _run(capsys, *argv: str) -> tuple[int, str, str]:
    try:
        code = main(list(argv))
    except SystemExit as exc:
        code = int(exc.code or 0)
    out, err = capsys.readouterr()
    return code, out, err


@settings(deadline=None, max_examples=40)
@given(
    rows=st.lists(
        st.tuples(st.sets(st.integers(0, 2), max_size=3), st.integers(1, 40)),
        min_size=1,
        max_size=30,
    )
)
def test_every_game_is_counted_once(rows):
    table = [
        {"game": i, "seating": "fixed", "winners": sorted(w), "turns": t}
        for i, (w, t) in enumerate(rows)
    ]
    result = summarise(table, ["a", "b", "c"])
    sole = sum(p["wins"] for p in result["players"])
    shared_games = sum(1 for w, _ in rows if len(w) > 1)
    assert result["no_winner"] == sum(1 for w, _ in rows if not w)
    assert sole + shared_games + result["no_winner"] == result["games"] == len(rows)


def test_no_winner_is_reported_in_json_and_text(capsys):
    code, out, _ = _run(
        capsys, "play", "ghost", "--players", "random,random", "--games", "6", "--json"
    )
    data = json.loads(out)
    assert code == 0 and "no_winner" in data
    sole = sum(p["wins"] for p in data["players"])
    shared = max((p["draws"] for p in data["players"]), default=0)
    assert sole + data["no_winner"] + shared >= data["games"] >= sole + data["no_winner"]
    code, out, _ = _run(capsys, "play", "ghost", "--players", "random,random", "--games", "6")
    assert f"no winner        games {data['no_winner']:>5}" in out


@pytest.mark.parametrize("spec", ["ismcts:1000000", "ismcts:3600s"])
def test_budgets_it_cannot_finish_are_refused_with_the_estimate(capsys, spec):
    code, out, err = _run(capsys, "play", "ghost", "--players", f"{spec},random", "--games", "1")
    assert code == 2 and out == "" and err.count("\n") == 1
    assert "would take about" in err and spec in err and "--time-limit" in err


# slow (timed estimates of ismcts:2000, 12-20 s): the estimate's accuracy stays in the default
# run through tests/cli/test_play_estimate.py (within twice the real CPU time)
@pytest.mark.slow
def test_the_estimate_scales_with_budget_and_games():
    small, _ = _budget.match_estimate("ghost", ["ismcts:200", "random"], 10, 0, None)
    large, _ = _budget.match_estimate("ghost", ["ismcts:200", "random"], 40, 0, None)
    deep, _ = _budget.match_estimate("ghost", ["ismcts:2000", "random"], 10, 0, None)
    assert 2.0 < large.seconds / small.seconds < 8.0  # games: 4 x (the probe is re-timed)
    assert 4.0 < deep.seconds / small.seconds < 25.0  # iterations: 10 x, timing noise aside
    halved, _ = _budget.match_estimate("ghost", ["ismcts:200", "random"], 10, 0, 2)
    assert halved.seconds < small.seconds


def test_a_long_run_is_announced_and_one_too_long_refused(capsys):
    _budget.announce("workbench play", _budget.Estimate(120.0, ["x: y"]), 3600, "9 games")
    assert (
        "starting 9 games: expected about 2 min (x: y); Ctrl-C stops it" in capsys.readouterr().err
    )
    with pytest.raises(CliError, match="would take about 2.0 h"):
        _budget.announce("workbench play", _budget.Estimate(7200.0, ["x"]), 3600, "9 games")


@settings(
    deadline=None, max_examples=20, suppress_health_check=[HealthCheck.function_scoped_fixture]
)
@given(cores=st.integers(1, 64), requested=st.integers(1, 256))
def test_workers_never_exceed_the_cores(monkeypatch, capsys, cores, requested):
    monkeypatch.setattr(_workers, "machine_cores", lambda: cores)
    got = _workers.bounded_workers(requested, "workbench play")
    err = capsys.readouterr().err
    assert got == min(cores, requested)
    assert ("warning: --workers" in err) == (requested > cores)


def test_unknown_players_and_help_list_the_games_own(capsys):
    pytest.importorskip("pig")
    code, _, err = _run(capsys, "play", "pig", "--players", "hold:20,bogus", "--games", "2")
    assert code == 2 and "pig's own: hold:N, optimal" in err
    code, out, _ = _run(capsys, "play", "--help")
    assert code == 0 and "pig: hold:N, optimal" in " ".join(out.split())
