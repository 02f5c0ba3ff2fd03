"""Pig (examples/pig, installed by `make install`): the solver against an independent
value iteration, the command line, the die sheet and the package's own tests."""

from __future__ import annotations

import importlib.util
import json
from pathlib import Path

import pytest

pig_rules = pytest.importorskip("pig.rules", reason="examples/pig is installed by make install")

from pig.analysis import first_seat_wins, hold_thresholds, turn_score  # noqa: E402
from pig.players import hold, solution_for  # noqa: E402

from workbench.cli import main  # noqa: E402
from workbench.engine.solve import evaluate  # noqa: E402

EXAMPLE = Path(__file__).resolve().parents[2] / "examples" / "pig"


def _pig_by_hand(goal: int, policy=None) -> dict[tuple[int, int, int], float]:
    """P(player to move wins) at (own score, other's score, turn total), Gauss-Seidel by hand
    (Neller & Presser's equations); ``policy(i, j, k) -> hold?`` fixes both players' play."""
    v = {(i, j, k): 0.0 for i in range(goal) for j in range(goal) for k in range(goal - i)}
    while True:
        change = 0.0
        for i in reversed(range(goal)):
            for j in reversed(range(goal)):
                for k in reversed(range(goal - i)):
                    roll = (1 - v[(j, i, 0)]) / 6 + sum(
                        1.0 if i + k + r >= goal else v[(i, j, k + r)] for r in range(2, 7)
                    ) / 6
                    held = 1 - v[(j, i + k, 0)] if k else -1.0
                    if policy is None:
                        new = max(roll, held)
                    else:
                        new = held if k and policy(i, j, k) else roll
                    change = max(change, abs(new - v[(i, j, k)]))
                    v[(i, j, k)] = new
        if change < 1e-13:
            return v


def test_optimal_and_hold_values_match_an_independent_solver():
    game = pig_rules.make_game(goal=20)
    sol = solution_for(game)
    by_hand = _pig_by_hand(20)
    assert sol.value[0] == pytest.approx(by_hand[(0, 0, 0)], abs=1e-8)
    state = game.apply(
        game.apply(game.initial_state(), "roll"), 6
    )  # seat 0: 0 banked, 6 on the turn
    assert sol.state_value(state)[0] == pytest.approx(by_hand[(0, 0, 6)], abs=1e-8)
    held = evaluate(sol, [hold(10), hold(10)]).value[0]
    assert held == pytest.approx(_pig_by_hand(20, lambda i, j, k: k >= 10)[(0, 0, 0)], abs=1e-8)
    assert evaluate(sol, [sol, hold(10)]).value[0] > held  # optimal beats hold:10 more often


def test_the_best_single_turn_threshold_is_20_and_21():
    means = {n: turn_score(n).mean() for n in range(15, 27)}
    top = max(means.values())
    assert sorted(n for n, m in means.items() if m == top) == [20, 21]
    assert str(top) == "492303203/60466176"


def test_optimal_thresholds_and_first_player_advantage_to_30():
    sol = solution_for(pig_rules.make_game(goal=30))
    table = hold_thresholds(sol)
    assert table.height == 900
    assert table.filter(table["me"] == 29)["hold_at"].to_list() == [1] * 30  # any point wins
    mirror = first_seat_wins(("hold:20", "hold:20"), goal=30)
    assert 0.5 < mirror < first_seat_wins(("optimal", "hold:20"), goal=30)


def test_play_cli_finds_the_installed_game(capsys):
    assert (
        main(
            [
                "play",
                "pig",
                "--players",
                "hold:20,random",
                "--games",
                "200",
                "--seed",
                "1",
                "--json",
            ]
        )
        == 0
    )
    out = json.loads(capsys.readouterr().out)
    assert out["games"] == 200 and out["players"][0]["win_rate"] > 0.9


def test_the_die_sheet_checks_clean_and_a_die_without_bust_is_a_problem(tmp_path, capsys):
    assert main(["check", str(EXAMPLE / "pig" / "die.csv"), "--game", "pig"]) == 0
    bad = tmp_path / "pig" / "die.csv"
    bad.parent.mkdir()
    bad.write_text("face,points,busts\n1,1,false\n2,2,false\n", encoding="utf-8")
    assert main(["check", str(bad), "--game", "pig"]) == 1
    assert "no face busts" in capsys.readouterr().out


def test_the_packages_own_tests():
    spec = importlib.util.spec_from_file_location(
        "pig_own_tests", EXAMPLE / "tests" / "test_pig.py"
    )
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    module.test_conformance()
    module.test_golden_playthroughs()
    module.test_exact_first_seat_share_lies_in_the_simulated_interval()


@pytest.mark.slow
def test_pig_to_100_first_player_wins_0_5306_under_optimal_play():
    """Neller & Presser (2004): the first player wins 53.06% of optimal games."""
    sol = solution_for(pig_rules.make_game())
    assert sol.value[0] == pytest.approx(0.5306, abs=5e-5)
    assert sum(sol.value) == pytest.approx(1.0, abs=1e-8)


def test_the_sheets_of_a_designers_package_are_found_by_game_name():
    from workbench.cards.registry import load_game_sheets
    from workbench.datafiles import data_files

    assert data_files("pig") == EXAMPLE / "pig"
    sheets, notes = load_game_sheets("pig")
    assert notes == [] and sheets["die"].frame["points"].to_list() == [0, 2, 3, 4, 5, 6]


def test_the_solver_keeps_pig_s_states_as_keys_that_round_trip_through_the_rules():
    from workbench.engine.solve.graph import build_graph

    game = pig_rules.make_game(goal=12, players=3)
    graph = build_graph(game)
    assert graph.keys is not None and len(set(graph.keys)) == len(graph.states) > 1000
    for i, state in enumerate(graph.states):  # each key's state, keyed again, is itself
        assert graph.index[state] == i
        assert game.solve_key(game.thaw(state)) == graph.keys[i]
    moved = game.apply(game.apply(game.initial_state(), "roll"), 3)
    assert graph.index.get(moved) is not None
    assert graph.index.get(game.apply(moved, "hold")) is not None
