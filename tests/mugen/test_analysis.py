"""Design questions: deck legality, exact odds against brute force, simulation against exact."""

from __future__ import annotations

import itertools
import math
from fractions import Fraction

import polars as pl
import pytest
from hypothesis import given
from hypothesis import strategies as st
from sympy import Rational

from workbench.cards import SheetError
from workbench.games.mugen import analysis, odds
from workbench.games.mugen.cards import read_deck
from workbench.games.mugen.decks import DECKS_DIR, SAMPLE_DECKS, rule_problems
from workbench.games.mugen.rules import make_game

Z999 = 3.2905  # two-sided 99.9%


def test_every_sample_deck_is_judged_by_the_rule_its_file_names() -> None:
    table = analysis.deck_legality()
    assert set(table.filter(pl.col("legal"))["deck"]) == {"sora", "mirai"}
    for row in table.filter(~pl.col("legal")).iter_rows(named=True):
        rule = row["deck"].removeprefix("illegal_").replace("_", "-")
        assert rule in row["broken"].split("; "), row
    assert table["oracle_agrees"].all()


def test_sample_decks_match_the_files_and_games_refuse_illegal_decks() -> None:
    assert analysis.sample_decks() == {"mirai": SAMPLE_DECKS["mirai"], "sora": SAMPLE_DECKS["sora"]}
    bad = read_deck(DECKS_DIR / "illegal_star3_kinds.csv")
    with pytest.raises(ValueError, match=r"decks\[0\].*star3-kinds.*終焉の鐘"):
        make_game(decks=(bad, SAMPLE_DECKS["mirai"]))
    assert rule_problems(SAMPLE_DECKS["sora"]) == []


def test_unknown_card_in_a_deck_file_names_row_and_column(tmp_path) -> None:  # type: ignore[no-untyped-def]
    path = tmp_path / "deck.csv"
    path.write_text("name,count\nソラ,4\n火の玉,4\n", encoding="utf-8")
    with pytest.raises(SheetError, match=r"deck.csv row 3, column name \[unknown-card\]: '火の玉'"):
        read_deck(path)


def _brute(deck_size: int, copies: int, seen: int) -> Fraction:
    """P(at least one group card among the first ``seen``) by enumerating position sets."""
    hits = total = 0
    for top in itertools.combinations(range(deck_size), seen):
        total += 1
        hits += any(i < copies for i in top)
    return Fraction(hits, total)


@given(copies=st.integers(1, 4), others=st.integers(1, 5), turn=st.integers(1, 3))
def test_by_turn_exact_against_brute_force(copies: int, others: int, turn: int) -> None:
    deck = (("C01", copies), ("G01", others))
    table = odds.by_turn_exact(deck, ["C01"], turns=[turn])
    for going, opening in (("first", 3), ("second", 4)):
        seen = min(opening + turn, copies + others)
        got = table.filter(pl.col("going") == going)["probability"][0]
        assert Rational(got) == Rational(*_pair(_brute(copies + others, copies, seen)))


def _pair(f: Fraction) -> tuple[int, int]:
    return f.numerator, f.denominator


def test_by_turn_exact_is_the_deck_engines_schedule() -> None:
    from workbench.games.mugen.odds import MUGEN_FIRST, MUGEN_SECOND
    from workbench.prob.deck import p_by_turn

    table = odds.by_turn_exact(SAMPLE_DECKS["sora"], ["G01"], turns=range(1, 11))
    for row in table.iter_rows(named=True):
        schedule = MUGEN_FIRST if row["going"] == "first" else MUGEN_SECOND
        assert Rational(row["probability"]) == p_by_turn(40, 4, row["turn"], schedule)


def test_mana_curve_exact_counts_cheap_cards() -> None:
    t = odds.mana_curve_exact(SAMPLE_DECKS["sora"], turns=[1, 2])
    first = t.filter(pl.col("going") == "first")
    # ★ turn 1: 火花 4, 追い風 2, 瞬き 2, 石礫 2 cost <= 1; turn 2 adds ソラ, 一閃, 闘志, 逆鱗, 砂時計
    assert first["castable_copies"].to_list() == [10, 24]
    assert Rational(first["probability"][0]) == 1 - Rational(math.comb(30, 4), math.comb(40, 4))


def test_copies_needed_is_the_fewest_reaching_the_target() -> None:
    def p(k: int, n: int) -> Rational:
        return 1 - Rational(math.comb(40 - k, n), math.comb(40, n))

    for row in odds.copies_needed_table(range(1, 17)).iter_rows(named=True):
        c, n = row["copies"], row["seen"]
        assert p(c, n) >= Rational(9, 10) > p(c - 1, n)
        assert row["within_limit"] == (c <= 4)


def test_simulated_first_draws_agree_with_the_exact_odds() -> None:
    deck = SAMPLE_DECKS["sora"]
    sim = analysis.draws_simulated(deck, ["C01", "G29"], turns=range(1, 5), n=250, seed=11)
    exact = odds.by_turn_exact(deck, ["C01", "G29"], turns=range(1, 5))
    joined = sim.filter(pl.col("measure") == "first n drawn").join(
        exact.select("card", "going", "turn", pl.col("p").alias("exact")),
        on=["card", "going", "turn"],
    )
    assert joined.height == 16 and (joined["games"] == 250).all()
    for r in joined.iter_rows(named=True):
        sd = math.sqrt(r["exact"] * (1 - r["exact"]) / r["games"])
        assert abs(r["p"] - r["exact"]) <= Z999 * sd, r
    held = sim.filter(pl.col("measure") == "in hand by turn t")
    natural = sim.filter(pl.col("measure") == "first n drawn")
    assert (held["hits"] >= natural["hits"]).all()  # revenge and effect draws only add cards


def test_simulated_castable_on_the_first_turn_agrees_with_exact() -> None:
    game = make_game(decks=(SAMPLE_DECKS["sora"], SAMPLE_DECKS["sora"]))
    from workbench.engine import random_player

    sim = analysis.mana_curve_simulated(
        game, n=250, seed=12, players=(random_player, random_player)
    )
    row = sim.filter((pl.col("going") == "first") & (pl.col("turn") == 1)).row(0, named=True)
    exact = odds.mana_curve_exact(SAMPLE_DECKS["sora"], turns=[1]).filter(
        pl.col("going") == "first"
    )["p"][0]
    assert row["games"] == 250
    assert abs(row["p"] - exact) <= Z999 * math.sqrt(exact * (1 - exact) / 250)


def test_matchup_swaps_seats_and_summarises() -> None:
    df = analysis.matchup(SAMPLE_DECKS["sora"], SAMPLE_DECKS["sora"], n=20, seed=2)
    assert df["a_seat"].to_list() == [i % 2 for i in range(20)]
    assert (df["a_first"] == (df["a_seat"] == 0)).all()
    assert (df["kill_turn"].is_null() == df["deck_out"]).all()
    s = {r["measure"]: r for r in analysis.matchup_summary(df).iter_rows(named=True)}
    assert s["A wins"]["n"] == 20 and s["A wins going first"]["n"] == 10
    assert s["A wins"]["k"] == s["A wins going first"]["k"] + s["A wins going second"]["k"]
    assert s["A wins"]["lo"] <= s["A wins"]["rate"] <= s["A wins"]["hi"]
    kills = analysis.kill_turns(df)
    assert kills["games"].sum() == df.filter(~pl.col("deck_out")).height
