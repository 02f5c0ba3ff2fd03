"""simulate / balance_report / sweep: columns, determinism, seating, exact checks, executors."""

from __future__ import annotations

import time
from fractions import Fraction

import polars as pl
import pytest

from workbench.engine import Session, greedy_player, random_player
from workbench.engine.conformance.toy import (
    DiceRace,
    DiceRaceParams,
    TakeAway,
    TakeAwayParams,
    make_dicerace,
)
from workbench.engine.measure.balance import balance_report
from workbench.engine.runs.simulate import simulate
from workbench.engine.runs.sweep import InlineExecutor, grid_points, sweep
from workbench.prob.intervals import wilson as wilson_interval


def test_rows_columns_and_reproduction() -> None:
    df = simulate(DiceRace(), random_player, n=50, seed=4)
    assert df.columns == [
        "game",
        "seed",
        "seats",
        "seating",
        "player_0",
        "player_1",
        "score_0",
        "score_1",
        "winners",
        "winner",
        "draw",
        "margin",
        "winner_player",
        "turns",
        "actions",
        "cards_played",
    ]
    assert df["game"].to_list() == list(range(50))
    assert df.equals(simulate(DiceRace(), random_player, n=50, seed=4))
    row = df.row(17, named=True)
    s = Session(DiceRace(), seed=row["seed"])
    s.play_to_end(random_player)  # a row is reproduced by a session with the row's seed
    assert (len(s.actions), s.game.returns(s.state)) == (
        row["actions"],
        (row["score_0"], row["score_1"]),
    )
    assert row["cards_played"] == len(s.state.discard)


def test_rotating_and_fixed_seating() -> None:
    players = {"greedy": greedy_player(), "random": random_player}
    rot = simulate(DiceRace(), players, n=6, seed=0)
    assert rot["player_0"].to_list() == ["greedy", "random"] * 3
    fixed = simulate(DiceRace(), players, n=6, seed=0, seating="fixed")
    assert fixed["player_0"].to_list() == ["greedy"] * 6
    with pytest.raises(ValueError, match="seating must be one of"):
        simulate(DiceRace(), players, n=1, seating="random")
    with pytest.raises(ValueError, match="3 players given for 2 seats"):
        simulate(DiceRace(), [random_player] * 3, n=1)


def exact_first_player_wins(stones: int, most: int) -> Fraction:
    """P(seat 0 takes the last stone) when both take uniformly at random, by recursion."""
    memo: dict[tuple[int, int], Fraction] = {}

    def p(left: int, mover: int) -> Fraction:
        if (left, mover) not in memo:
            options = range(1, min(most, left) + 1)
            total = Fraction(0)
            for k in options:
                total += Fraction(1 if mover == 0 else 0) if k == left else p(left - k, 1 - mover)
            memo[left, mover] = total / len(options)
        return memo[left, mover]

    return p(stones, 0)


def test_simulated_seat_advantage_agrees_with_exact_value() -> None:
    exact = exact_first_player_wins(7, 3)
    report = balance_report(simulate(TakeAway(TakeAwayParams(7, 3)), n=2000, seed=11))
    seat0 = report.seat_wins.row(0, named=True)
    lo, hi = wilson_interval(seat0["wins"], seat0["games"], z=3.2905)  # 99.9%
    assert lo <= float(exact) <= hi
    assert 0.4 < float(exact) < 0.7


def test_balance_report_numbers() -> None:
    df = pl.DataFrame(
        {
            "game": [0, 1, 2, 3],
            "seats": [2] * 4,
            "player_0": ["a"] * 4,
            "player_1": ["b"] * 4,
            "score_0": [3.0, 1.0, 2.0, 5.0],
            "score_1": [1.0, 1.0, 4.0, 4.0],
            "winners": [[0], [0, 1], [1], [0]],
            "winner": [0, None, 1, 0],
            "draw": [False, True, False, False],
            "margin": [2.0, 0.0, 2.0, 1.0],
            "winner_player": ["a", None, "b", "a"],
            "turns": [10, 12, 12, 20],
            "actions": [20, 24, 24, 40],
        }
    )
    r = balance_report(df, decisive_margin=2)
    assert r.seat_wins.select("seat", "games", "wins", "shared_wins").rows() == [
        (0, 4, 2, 1),
        (1, 4, 1, 1),
    ]
    assert r.decisiveness == {"draws": 0.25, "decisive": 0.5, "mean_gap": 1.25}
    assert r.length_stats["median"] == 12 and r.length_stats["max"] == 20
    assert r.lengths.rows() == [(10, 1), (12, 2), (20, 1)]
    assert r.player_wins is not None and r.player_wins["player"].to_list() == ["a", "b"]
    html = r._repr_html_()  # the engine's view: findings and tables; charts a floor up
    assert "Balance over 4 games" in html and "<table" in html and "<svg" not in html
    from workbench.charts.balance import balance_chart

    drawn = balance_chart(r).to_dict()
    assert len(drawn["hconcat"]) == 4  # seat wins, lengths, gaps, wins by player


def test_wilson_interval_reference_values() -> None:
    # reference: Wilson (1927) / Newcombe (1998) example 81 of 263 -> 0.2553 .. 0.3662
    lo, hi = wilson_interval(81, 263)
    assert (round(lo, 4), round(hi, 4)) == (0.2553, 0.3662)


def test_balance_report_refuses_other_frames() -> None:
    with pytest.raises(ValueError, match=r"missing columns \['draw', 'margin'"):
        balance_report(pl.DataFrame({"seats": [2], "winner": [0], "winners": [[0]]}))


def test_sweep_identical_across_executors_and_chunking() -> None:
    grid = {"goal": [6, 9], "faces": [3, 4]}
    inline = sweep(make_dicerace, grid, n=30, seed=2, executor=InlineExecutor(), chunk_size=7)
    other = sweep(make_dicerace, grid, n=30, seed=2, executor=InlineExecutor(), chunk_size=30)
    assert inline.equals(other)
    assert inline.columns[:3] == ["goal", "faces", "game"]
    assert inline.height == 120
    # a point's games do not depend on the other points
    alone = sweep(
        make_dicerace, {"goal": [9], "faces": [4]}, n=30, seed=2, executor=InlineExecutor()
    )
    assert alone.equals(inline.filter((pl.col("goal") == 9) & (pl.col("faces") == 4)))
    assert set(inline["seed"]) != set(
        simulate(DiceRace(DiceRaceParams(goal=9)), n=30, seed=2)["seed"]
    )


def test_sweep_in_processes_matches_inline() -> None:
    grid = {"goal": [6, 9]}
    inline = sweep(
        make_dicerace,
        grid,
        [greedy_player(), random_player],
        n=20,
        seed=5,
        executor=InlineExecutor(),
    )
    procs = sweep(
        make_dicerace, grid, [greedy_player(), random_player], n=20, seed=5, chunk_size=10
    )
    assert procs.equals(inline)


def test_bad_grid_is_named() -> None:
    with pytest.raises(ValueError, match=r"grid\['goal'\] must be a non-empty list"):
        grid_points({"goal": 5})  # type: ignore[dict-item]


def test_sweep_on_dask_matches_inline() -> None:
    distributed = pytest.importorskip("distributed")
    start = time.perf_counter()
    grid = {"goal": [6, 9]}
    inline = sweep(make_dicerace, grid, n=20, seed=3, executor=InlineExecutor(), chunk_size=10)
    with (
        distributed.LocalCluster(
            processes=False, n_workers=1, threads_per_worker=1, dashboard_address=None
        ) as cluster,
        distributed.Client(cluster) as client,
    ):
        on_dask = sweep(make_dicerace, grid, n=20, seed=3, executor=client, chunk_size=10)
    assert on_dask.equals(inline)
    assert time.perf_counter() - start < 60


def test_seat_win_rates_by_swept_parameter_and_charts_render() -> None:
    import vl_convert as vlc

    from workbench.charts.balance import sweep_win_chart
    from workbench.engine.measure.balance import seat_win_rates

    df = sweep(
        make_dicerace, {"goal": [6, 9], "faces": [3, 6]}, n=40, seed=0, executor=InlineExecutor()
    )
    rates = seat_win_rates(df, by=["goal", "faces"])
    assert rates.height == 8 and rates["games"].unique().to_list() == [40]
    one = rates.filter((pl.col("goal") == 9) & (pl.col("faces") == 3))
    sub = df.filter((pl.col("goal") == 9) & (pl.col("faces") == 3))
    assert one["wins"].to_list() == [(sub["winner"] == 0).sum(), (sub["winner"] == 1).sum()]
    assert vlc.vegalite_to_svg(sweep_win_chart(rates, "goal", "faces").to_dict()).startswith("<svg")
    with pytest.raises(ValueError, match="no column 'speed' to group by"):
        seat_win_rates(df, by="speed")


def test_metrics_may_not_overwrite_frame_columns() -> None:
    class Clashing(DiceRace):
        def metrics(self, state):  # type: ignore[no-untyped-def]
            return {"turns": 0}

    with pytest.raises(
        ValueError, match=r"dicerace.metrics\(\) reuses the frame's column names \['turns'\]"
    ):
        simulate(Clashing(), n=1)


def test_sweep_without_parameters_is_simulate() -> None:
    def make() -> DiceRace:
        return DiceRace()

    assert sweep(make, {}, n=12, seed=4, executor=InlineExecutor(), chunk_size=5).equals(
        simulate(DiceRace(), n=12, seed=4)
    )


def test_progress_bar_is_optional_and_changes_nothing(capsys: pytest.CaptureFixture[str]) -> None:
    quiet = simulate(TakeAway(), n=30, seed=1)
    shown = simulate(TakeAway(), n=30, seed=1, progress=True)
    assert shown.equals(quiet)
    assert "30/30" in capsys.readouterr().err


def test_fair_share_discounts_draws() -> None:
    df = pl.DataFrame(
        {
            "game": [0, 1, 2, 3],
            "seats": [2] * 4,
            "score_0": [1.0, 1.0, 1.0, 0.0],
            "score_1": [1.0, 1.0, 0.0, 1.0],
            "winners": [[0, 1], [0, 1], [0], [1]],
            "winner": [None, None, 0, 1],
            "draw": [True, True, False, False],
            "margin": [0.0, 0.0, 1.0, 1.0],
            "turns": [1, 1, 1, 1],
            "actions": [1, 1, 1, 1],
        }
    )
    r = balance_report(df)
    assert r.seat_wins["fair_share"].to_list() == [0.25, 0.25]
    assert r.findings()[:2] == [
        "no seat advantage shows at 95% over 4 games",
        "50.0% of the games are draws",
    ]


def test_unpicklable_maker_gets_a_clear_error_before_any_process_starts() -> None:
    with pytest.raises(ValueError, match="sweep: make_game cannot be sent to worker processes"):
        sweep(lambda **p: DiceRace(), {"x": [1]}, n=2)
