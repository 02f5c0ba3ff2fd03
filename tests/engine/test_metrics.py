"""Quality metrics: hand-computed values on tiny recorded games, and the recorder itself."""

from __future__ import annotations

import pytest

from workbench.engine.conformance.kernel_toy import make_game as two_tricks
from workbench.engine.conformance.toy import TakeAway
from workbench.engine.measure.metrics import (
    GameRecord,
    branching_profile,
    luck,
    metrics_frame,
    quality_chart,
    quality_metrics,
    record_game,
    record_games,
    summarise_records,
)
from workbench.engine.players import greedy_player, random_player
from workbench.engine.runs.playout import playout


def _rec(scores, winners, branching=None, seats=2):
    n = len(scores) - 1
    return GameRecord(
        seats,
        tuple(i % seats for i in range(n)),
        tuple(branching or [2] * n),
        tuple(map(tuple, scores)),
        tuple(winners),
        ("p",) * seats,
    )


def test_leaders_lead_changes_and_decisiveness_by_hand() -> None:
    # leaders: -, 0, (tie), 1, 1, 0 -> changes 0->1, 1->0 = 2; winner 0 leads only at the end
    r = _rec([(0, 0), (2, 0), (2, 2), (2, 3), (2, 5), (9, 5)], [0])
    assert r.leaders() == (None, 0, None, 1, 1, 0)
    assert r.lead_changes() == 2
    assert r.decisiveness() == 1 - 5 / 5 == 0.0
    # seat 1 leads from its first point on: j = 1 of 4 decisions -> 0.75
    r = _rec([(0, 0), (0, 1), (1, 2), (1, 4), (3, 4)], [1])
    assert r.lead_changes() == 0 and r.decisiveness() == 0.75
    # won by a tie-break (tied on score at the end): never led for good -> 0
    assert _rec([(0, 0), (1, 0), (1, 1)], [1]).decisiveness() == 0.0
    # a shared win has no decisiveness
    assert _rec([(0, 0), (1, 1)], [0, 1]).decisiveness() is None


def test_frame_and_summary_by_hand() -> None:
    games = [
        _rec([(0, 0), (1, 0), (1, 0)], [0], branching=[3, 1]),  # seat 0, led from start
        _rec([(0, 0), (0, 1), (0, 1), (0, 1)], [1], branching=[2, 2, 2]),  # seat 1, j=1 of 3
        _rec([(0, 0), (1, 1)], [0, 1], branching=[5]),  # shared
        _rec([(0, 0), (1, 0), (1, 2), (3, 2)], [0], branching=[1, 1, 1]),  # seat 0 at the end
    ]
    df = metrics_frame(games)
    assert df["length"].to_list() == [2, 3, 1, 3]
    assert df["decisiveness"].to_list() == [0.5, pytest.approx(2 / 3), None, 0.0]
    assert df["lead_changes"].to_list() == [0, 0, 0, 2]
    s = summarise_records(games, "hand")
    assert s["length"] == 9 / 4
    assert s["draw_rate"] == 0.25
    assert s["seat0_win_rate"] == 0.5
    assert s["seat_advantage"] == pytest.approx(0.5 - 3 / 4 / 2)  # fair: 3 sole wins / 4 / 2 seats
    assert s["branching"] == 18 / 9
    assert s["decisiveness"] == pytest.approx((0.5 + 2 / 3 + 0.0) / 3)
    assert s["lead_changes"] == 0.5
    profile = branching_profile(games, bins=2)
    # stage 0: 3, 2, 2(i=1 of 3 -> 0), 5, 1, 1 ; stage 1: 1, 2, 1
    assert profile.rows() == [(0, pytest.approx(14 / 6), 6), (1, pytest.approx(4 / 3), 3)]


def test_recorded_games_are_the_simulated_games() -> None:
    g = two_tricks()
    for seed in range(20):
        rec = record_game(g, [random_player, greedy_player()], seed)
        r = playout(g, [random_player, greedy_player()], seed)
        assert rec.winners == g.winners(r.final)
        assert rec.length == r.turns
        assert rec.scores[-1] == g.returns(r.final)
    # Two Tricks, seed 4 (see the module doctest): seat 1 takes both tricks
    rec = record_game(g, random_player, 4)
    assert rec.scores == ((0, 0), (0, 0), (0, 1), (0, 1), (0, 2))
    assert rec.decisiveness() == 0.5  # seat 1 leads from after the first trick (j = 2 of 4)


def test_protocol_games_record_too() -> None:
    recs = record_games(TakeAway(), random_player, 10, seed=0)
    assert all(r.branching[0] == 3 for r in recs)
    assert {r.players for r in recs} == {("random_player", "random_player")}


def test_quality_metrics_per_level_and_chart() -> None:
    import vl_convert as vlc

    df = quality_metrics("peek", ["random", "osla"], games=40, seed=1)
    assert df["level"].to_list() == ["random", "osla"]
    assert df["length"].to_list() == [1.0, 1.0] and df["branching"].to_list() == [4.0, 4.0]
    assert df["draw_rate"].to_list() == [0.0, 0.0]
    assert vlc.vegalite_to_svg(quality_chart(df).to_dict()).startswith("<svg")


def test_luck_of_peek_is_total() -> None:
    """Nothing beats random in peek: seated evenly, search wins 1/2, like the mirror."""
    got = luck("peek", "ismcts:20", games=100, seed=1)
    lo, hi = got["vs_random_interval"]
    assert lo <= 0.5 <= hi
    assert got["vs_itself"] == 0.5  # the two seats' rates average 1/2 in a 2-seat mirror
    assert 0.7 < got["luck"] < 1.3


def test_a_games_standing_replaces_its_score_mid_game() -> None:
    """A game whose score is set only at the end says who is ahead with standing(t)."""
    from workbench.engine.conformance.kernel_toy import TwoTricks
    from workbench.engine.players.rollouts import leader_shares, work_table

    class Race(TwoTricks):
        def standing(self, t):  # seat 1 "ahead" by the cards left in its hand
            return (0, len(t.hands[1]))

    g = Race()
    rec = record_game(g, random_player, 4)
    assert rec.scores == ((0, 2), (0, 2), (0, 1), (0, 1), (0, 0))
    assert rec.leaders() == (1, 1, 1, 1, None)
    assert leader_shares(g, work_table(g, g.initial_state())) == (0.5, 0.5)  # nobody dealt yet
