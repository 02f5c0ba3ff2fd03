"""Exact die analysis against brute force, and the simulated answers against exact ones."""

from __future__ import annotations

import itertools
import math

import sympy
from hypothesis import given
from hypothesis import strategies as st

from workbench.games.life import analysis as A
from workbench.games.life import charts as C
from workbench.games.life import dice as D
from workbench.games.life import simstats as S


@given(st.integers(0, 6), st.integers(1, 6))
def test_top_face_chain_equals_brute_force_enumeration(k, start):
    assert A.top_after(k, start) == A.top_after_brute(k, start)


@given(st.integers(0, 5), st.integers(0, 23))
def test_orientation_chain_equals_enumeration_from_each_orientation(k, o):
    row = sympy.Matrix([[1 if i == o else 0 for i in range(24)]]) * A.orientation_chain() ** k
    counts = [0] * 24
    for path in itertools.product(D.DIRECTIONS, repeat=k):
        counts[D.roll_path(o, path)] += 1
    assert list(row) == [sympy.Rational(c, 4**k) for c in counts]


def test_the_24_chain_lumps_to_the_6_chain():
    P24, P6 = A.orientation_chain(), A.top_face_chain()
    for o in range(24):
        for f in range(1, 7):
            assert sum(P24[o, j] for j in D.WITH_TOP[f]) == P6[D.TOP[o] - 1, f - 1]


def test_closed_form_matches_matrix_powers():
    expr = A.same_face_closed_form()
    for k in range(1, 12):
        assert expr.subs(A.K, k) == A.top_after(k, 3)[3] == A.top_after(k, 3)[4]
    assert A.top_after(10)[6] == sympy.Rational(1, 6)
    assert list(A.stationary(A.top_face_chain())) == [sympy.Rational(1, 6)] * 6


def test_reachable_tops_match_brute_force_and_the_best_totals():
    for k in range(4):
        for t in range(1, 7):
            brute = {
                D.TOP[D.roll_path(o, p)]
                for o in D.WITH_TOP[t]
                for p in itertools.product(D.DIRECTIONS, repeat=k)
            }
            assert A.reachable_tops(k, t) == brute
    assert A.reachable_tops(1, 3) == {1, 2, 5, 6}
    assert A.best_total(1).mean() == sympy.Rational(68, 3)
    assert A.best_total(1).p(24) == sympy.Rational(2, 3) ** 4
    # a straight path from a corner: every top can still be reached within 3 moves
    assert A.reachable_tops(3, 6, start_square=0) == frozenset(range(1, 7))


def test_simulated_final_tops_agree_with_the_exact_uniform():
    tops = S.final_tops(n=120, seed=5)
    assert tops["count"].sum() == 120 * 16
    assert all(lo <= 1 / 6 <= hi for lo, hi in zip(tops["lo"], tops["hi"]))


def test_simulation_summaries_are_consistent():
    df = S.simulate_random(80, seed=3)
    placed = S.placement_by_stage(df)
    assert placed["attempts"].sum() == sum(
        int(df[f"placed_s{s}"].sum() + df[f"failed_s{s}"].sum()) for s in (1, 2, 3)
    )
    spaces = S.order_space_value(df)
    assert spaces["picks"].sum() == 80 * 4 * 9  # every player picks once per round
    assert abs(sum(spaces["vp_vs_mean"] * spaces["picks"])) < 1e-6  # relative VP sum to 0
    mids = S.mid_vp_by_seat(df)
    assert mids["mid_vp"].sum() >= 4  # at least 3 + 1 VP per mid-scoring per game on average
    assert 0 <= S.album_completion(df)["rate"][0] <= 1
    for chart in (
        C.chart_placement(df),
        C.chart_order_spaces(df),
        C.chart_mid_vp(df),
        C.chart_top_chain(4),
    ):
        assert chart.to_dict()


def test_simulated_mid_vp_agrees_with_the_exact_4d6_ranking():
    df = S.simulate_random(300, seed=11)
    values = [v for s in range(4) for v in df[f"mid_vp_p{s}"].to_list()]
    mean = sum(values) / len(values)
    sd = math.sqrt(sum((v - mean) ** 2 for v in values) / (len(values) - 1))
    exact = float(2 * A.exact_mid_vp(4))
    assert abs(mean - exact) <= 3.29 * sd / math.sqrt(len(values))  # 99.9% interval
    assert A.exact_mid_vp(3) > A.exact_mid_vp(4)  # fewer rivals, more VP each


def test_relocate_gain_is_exact_against_brute_force():
    for which in ("colour", "any"):
        assert A.relocate_gain(which).pmf() == A.relocate_gain_brute(which)
    assert A.relocate_gain().mean() == sympy.Rational(5, 2)
    # 6 - E[min of four d6] = 6 - (1 + 16 + 81 + 256 + 625 + 1296) / 1296
    assert A.relocate_gain("any").mean() == 6 - sympy.Rational(2275, 1296)


def test_the_old_character_reading_threw_away_cards_the_seed_places():
    table = S.character_readings(150, seed=2)
    seed, old, diff = table.rows(named=True)
    assert seed["reading"] == "seed: replaceable" and old["reading"] == "v2: never"
    assert old["character"] > 0.3  # thrown away where the seed allows a placement
    assert seed["character"] > 0.3  # placed onto the character card
    assert diff["failed_lo"] > 0 and math.isclose(diff["failed"], old["failed"] - seed["failed"])


def test_turning_a_re_placed_die_any_way_is_worth_vp_and_changes_nothing_else():
    table = S.relocate_readings(150, seed=2)
    seed, old, diff = table.rows(named=True)
    assert seed["relocated"] == old["relocated"] > 0.1  # the same cards, the same moves
    assert diff["relocated"] == 0 and diff["score_lo"] > 0  # only the faces differ
    assert 0 < diff["vp_per_relocation"] < 5  # an immediate 5/2 or more, fading as dice roll


def test_compare_variants_gives_every_rate_and_mean_its_interval() -> None:
    table = S.compare_variants({"seed rules": {}, "timed events": {"timed_events": True}}, n=20)
    for row in table.iter_rows(named=True):
        assert row["score_lo"] <= row["mean_score"] <= row["score_hi"]
        assert row["replaced_lo"] <= row["replaced"] / row["attempts"] <= row["replaced_hi"]
        assert (
            row["full_lo"] <= row["full"] / row["albums"] <= row["full_hi"] and row["albums"] == 80
        )
    from workbench.games.life.sentences import variant_sentences

    (line,) = variant_sentences(table)
    assert line.startswith("timed events against seed rules (20 random games each): mean score")
