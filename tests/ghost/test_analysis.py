"""The notebook's numbers: exact ones against a second method, simulated ones against exact."""

from __future__ import annotations

import math
import random
from fractions import Fraction

import polars as pl

from workbench.engine import CHANCE
from workbench.games.ghost import analysis as ga
from workbench.games.ghost.dice import GHOST_FACES
from workbench.games.ghost.odds import battle_chance
from workbench.prob.tables import versus_grid

from .helpers import deck, game_with, ghost, run, shell, state


def test_heatmap_agrees_with_the_dice_core_grid():
    strings = ["1D-1", "2D", "2D+2", "3D+1"]
    mine = ga.heatmap_frame(strings, strings)
    core = versus_grid(strings, strings, GHOST_FACES, floor=0, fumble="zero")
    assert mine["win_exact"].to_list() == core["win_exact"].to_list()
    plain = ga.heatmap_frame(strings, strings, fumble=False, floor=False)
    assert (
        plain["win_exact"].to_list()
        == versus_grid(strings, strings, GHOST_FACES)["win_exact"].to_list()
    )


def test_mandatory_in_hand_is_the_hypergeometric_complement():
    frame = ga.mandatory_in_hand([0, 1, 15, 30])
    for m, p in frame.select("mandatory", "p_at_least_one_exact").rows():
        assert Fraction(p) == 1 - Fraction(math.comb(100 - m, 5), math.comb(100, 5))
    table = frame.filter(pl.col("mandatory") == 15)["p_table_exact"].item()
    assert Fraction(table) == 1 - Fraction(math.comb(85, 20), math.comb(100, 20))


def test_seed_appendix_is_the_plain_reading_and_off_under_the_rules():
    t = ga.expectation_table()
    assert not t["plain_off"].any()
    assert t.filter(pl.col("dice") == "2D+3")["floor0_fumble_exact"].item() == "95/12"


def test_fumble_cost_is_k_over_6_to_the_n():
    cost = ga.fumble_cost([2, 3], [1, 3])
    assert cost["cost_exact"].to_list() == ["1/36", "1/12", "1/216", "1/72"]


def test_fairness_covers_every_ghost_design_and_orders_by_strength():
    f = ga.ghost_fairness()
    assert f.height == 30 and set(f["verdict"]) <= {"fair", "VP too high", "VP too low"}
    win = dict(zip(f["name"], f["win"]))
    assert win["御影さくら"] > win["ブリュンヒルデ"] > win["うにゅう"]
    assert all(0 < w < 1 for w in win.values())


def test_simulated_battles_agree_with_the_exact_chance():
    cards = deck(
        ghost("A", "2D+1", "2D"),
        ghost("B", "2D+2", "1D"),
        ghost("C", "1D+1", "1D"),
        shell("S", phys=1),
    )
    g = game_with(cards)
    s = state(g, desktops=[[(0, 3)], [(1, -1), (2, -1)]])
    s = run(g, s, ("battle", 0, 1, "physical"), ("defend", 1), ("support", 2))
    assert g.current_player(s) == CHANCE
    exact = battle_chance(g, s)
    rng = random.Random(5)
    n, wins = 4000, 0
    for _ in range(n):
        t = s
        while t.battle is not None:
            t = g.apply(t, g.sample_chance(t, rng))
        wins += t.last.winner == 0
    p = float(exact)
    half = 3.29 * math.sqrt(p * (1 - p) / n)  # 99.9%
    assert abs(wins / n - p) < half


def test_length_and_seat_tables_have_intervals():
    lengths = ga.length_table([2, 3], n=6, seed=1, bot="random")
    assert lengths["players"].to_list() == [2, 3]
    assert (lengths["low"] <= lengths["mean_turns"]).all() and (
        lengths["mean_turns"] <= lengths["high"]
    ).all()
    seats = ga.seat_table(players=2, n=10, seed=1, bot="random")
    assert seats["seat"].to_list() == [0, 1] and (seats["low"] <= seats["high"]).all()


def test_threshold_sweep_longer_games_for_higher_thresholds():
    t = ga.threshold_sweep((5, 30), players=2, n=8, seed=1)
    assert t["vp_to_win"].to_list() == [5, 30]
    assert t["mean_turns"][0] < t["mean_turns"][1]
    assert ((t["seat0_low"] <= t["seat0_win"]) & (t["seat0_win"] <= t["seat0_high"])).all()
