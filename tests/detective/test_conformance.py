"""The engine's conformance kit and the exact-vs-simulation checks."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from workbench.engine.conformance import check_conformance
from workbench.engine.players import random_player
from workbench.games.detective.analysis import (
    expected_vs_observed,
    round_length_check,
    simulate,
)
from workbench.games.detective.exact import exact_round, round_tree
from workbench.games.detective.params import DetectiveParams
from workbench.games.detective.rules import make_game

SHORT = dict(players=3, win_vp=4, deaths_to_end=2, max_rounds=4)
VARIANTS = dict(
    opening=4,
    suspects_per_round=1,
    copies=3,
    awaken_on_fourth=True,
    reservation=True,
    oneshot_free=True,
    hand_limit=6,
)


@pytest.mark.slow
def test_conformance_1000_random_games():
    """1,000 random games of the base rules (4 players): the whole protocol, cards conserved
    (about 140 s on the immutable path: ``make test-slow``; the default run checks 110 games
    in ``test_conformance_base_and_variants``)."""
    rep = check_conformance(make_game(), n_games=1000, seed=1)
    assert rep.ok and rep.games == 1000 and rep.fast_checked >= 10


def test_conformance_base_and_variants():
    # half the light games of before, every deep game kept (2 a run: full_every halved too)
    assert check_conformance(make_game(), n_games=20, seed=2, full_every=10).ok
    assert check_conformance(make_game(**VARIANTS), n_games=20, seed=3, full_every=10).ok
    assert check_conformance(
        make_game(
            players=3, opening=4, opening_tragic="bottom", opening_replace=True, next_start="rotate"
        ),
        n_games=16,
        seed=4,
        full_every=8,
    ).ok
    assert check_conformance(
        make_game(
            break_draw="one",
            round_start_edit=True,
            opening=4,
            generated_lasts="event",
            copies=3,
            awaken_on_fourth=True,
            awaken_at=None,
            oneshot_free=True,
        ),
        n_games=10,
        seed=7,
        full_every=5,
    ).ok


@pytest.mark.slow
def test_conformance_1000_short_variant_games():
    rep = check_conformance(
        make_game(**SHORT, **{k: v for k, v in VARIANTS.items() if k != "players"}),
        n_games=1000,
        seed=5,
    )
    assert rep.ok


@pytest.mark.slow
def test_conformance_10000_games():
    assert check_conformance(make_game(), n_games=10_000, seed=6, full_every=500).ok


SEVEN = {p: 1 for p in "abcdefg"}
DECKS = [SEVEN, {"a": 3, "b": 2, "c": 1, "d": 2}, {"a": 2, "b": 2}, {"a": 1}]
RULES = [
    DetectiveParams(),
    DetectiveParams(first_card_rule=False),
    DetectiveParams(opening=4),
    DetectiveParams(opening=4, opening_tragic="bottom"),
    DetectiveParams(opening=2),
]


@pytest.mark.parametrize("deck", DECKS)
@pytest.mark.parametrize("params", RULES)
def test_exact_deck_engine_equals_the_brute_force_tree(deck, params):
    length, death, immediate = round_tree(deck, params)
    if params.opening > sum(deck.values()):  # the engine refuses; the tree opens them all
        with pytest.raises(ValueError, match="opening"):
            exact_round(deck, params)
        assert length.outcomes() == (sum(deck.values()),)
        return
    odds = exact_round(deck, params)
    assert odds.length == length and odds.death == death and odds.acting.p(0) == immediate


# The round-one checks read round 1 alone, so their games stop there (max_rounds=1): the
# same seeds give the same round-1 rows as the full games (checked on every game of these
# seeds), at an eighth of the CPU. Later rounds are checked by the no-clear test below.
ROUND_ONE_ONLY = dict(max_rounds=1)


def test_round_one_length_agrees_with_real_games():
    sim = simulate(600, seed=11, **ROUND_ONE_ONLY)
    table = round_length_check(sim)
    assert table["agrees"].all() and table["exact"].to_list()[-1] == "1/4"


def test_round_lengths_and_deaths_agree_over_every_round_without_clears():
    sim = simulate(200, seed=12, policy="no_clear")
    table = expected_vs_observed(sim)
    assert table["agrees"].all(), table


def test_opening_variants_match_the_exact_immediate_night():
    for params, exact in [(dict(opening=4), 9 / 40), (dict(opening=4, opening_replace=True), 0.25)]:
        sim = simulate(800, seed=13, players=3, **ROUND_ONE_ONLY, **params)
        first = sim.rounds.filter(sim.rounds["round"] == 1)
        share = (first["turns"] == 1).mean()
        assert abs(share - exact) < 3.3 * (exact * (1 - exact) / first.height) ** 0.5


@settings(max_examples=40, deadline=None)
@given(
    counts=st.lists(st.integers(1, 3), min_size=1, max_size=4),
    first=st.booleans(),
    opening=st.integers(0, 3),
    bottom=st.booleans(),
)
def test_exact_engine_equals_the_tree_on_random_small_decks(counts, first, opening, bottom):
    deck = {f"p{i}": c for i, c in enumerate(counts)}
    params = DetectiveParams(
        first_card_rule=first,
        opening=min(opening, sum(counts)),
        opening_tragic="bottom" if bottom else "reshuffle",
    )
    odds = exact_round(deck, params)
    length, death, immediate = round_tree(deck, params)
    assert odds.length == length and odds.death == death and odds.acting.p(0) == immediate


def test_engine_simulate_and_balance_report_take_the_game():
    from workbench.engine import balance_report
    from workbench.engine.runs.simulate import simulate as engine_simulate

    df = engine_simulate(make_game(players=3), random_player, 12, 1)
    assert df.height == 12 and {"end_reason", "rounds", "deaths"} <= set(df.columns)
    assert set(df["end_reason"].to_list()) <= {"vp", "deaths", "round limit"}
    assert balance_report(df) is not None
