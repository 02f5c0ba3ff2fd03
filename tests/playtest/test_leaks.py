"""The leak check (issue 24 item 1): it passes on the four games, fails on toys that
leak, and the kernel's secrets (masked steps, who sees an outcome) behave."""

from __future__ import annotations

import random

import pytest

from tests.playtest import leaky_toy
from workbench.engine.conformance.kernel_toy import make_game as two_tricks
from workbench.engine.conformance.leaks import check_leaks
from workbench.engine.kernel.secrets import MASKED
from workbench.games.detective.rules import make_game as detective
from workbench.games.ghost.rules import make_game as ghost
from workbench.games.life.rules import make_game as life
from workbench.games.mugen.rules import make_game as mugen


@pytest.mark.parametrize(
    ("make", "params", "games"),
    [
        (mugen, {}, 3),
        (detective, {"players": 3}, 1),
        (life, {}, 1),
        (ghost, {}, 1),
        (ghost, {"players": 2}, 2),
    ],
    ids=["mugen", "detective-3p", "life", "ghost", "ghost-2p"],
)
def test_the_four_games_do_not_leak(make, params, games):
    report = check_leaks(make(**params), n_games=games, seed=3, max_options=4)
    assert report.ok, str(report)
    assert report.positions > 50 and report.comparisons > 300


@pytest.mark.slow
@pytest.mark.parametrize(
    ("make", "params"),
    [
        (mugen, {}),
        (detective, {}),
        (life, {}),
        (ghost, {}),
        (ghost, {"players": 2}),
        (ghost, {"players": 5}),
    ],
    ids=["mugen", "detective", "life", "ghost", "ghost-2p", "ghost-5p"],
)
def test_the_four_games_do_not_leak_over_many_games(make, params):
    report = check_leaks(make(**params), n_games=10, seed=11)
    assert report.ok, str(report)


def test_disclosures_by_asking_are_reported_not_failed():
    report = check_leaks(mugen(), n_games=4, seed=3)
    assert any("RevengeUse" in k for k in report.disclosures), str(report)


def test_a_card_named_in_the_log_is_caught():
    report = check_leaks(leaky_toy.named_deal(), n_games=2, seed=0)
    assert not report.ok
    assert "reads 'deal 1 to seat 1' and 'deal 2 to seat 1'" in report.leaks[0]


def test_a_card_waiting_in_a_public_step_is_caught_and_declaring_it_fixes_it():
    leaky = check_leaks(leaky_toy.card_on_stack(), n_games=2, seed=0)
    assert (
        not leaky.ok and "sees tasks" in leaky.leaks[0] and "Keep(seat=0, card=" in leaky.leaks[0]
    )
    assert check_leaks(leaky_toy.kept_secret(), n_games=2, seed=0).ok


def test_an_option_naming_a_hidden_card_is_caught():
    report = check_leaks(leaky_toy.peeking_option(), n_games=3, seed=0)
    assert not report.ok and "options read differently" in report.leaks[0]


def test_a_secret_in_a_public_field_is_caught_and_concealing_it_fixes_it():
    leaky = check_leaks(leaky_toy.bid_in_public(), n_games=2, seed=0)
    assert not leaky.ok and "seat 2 sees bids[0]: 1 / 2" in leaky.leaks[0]
    g = leaky_toy.bid_concealed()
    assert check_leaks(g, n_games=3, seed=0).ok
    s = g.apply(g.initial_state(), 2)  # seat 1 bids 2
    assert g.observe(s, 1).state.bids == (MASKED, 0) and g.observe(s, 0).state.bids == (2, 0)
    guess = g.determinize(g.observe(s, 1), random.Random(0))
    assert guess.bids[0] in (1, 2) and g.observe(guess, 1) == g.observe(s, 1)


def test_the_toy_game_does_not_leak():
    assert check_leaks(two_tricks(), n_games=3, seed=0).ok


def _dealt(game, cards):
    s = game.initial_state()
    for c in cards:
        s = game.apply(s, c)
    return s


def test_a_secret_step_is_masked_for_the_others_and_guessed_back():
    g = leaky_toy.kept_secret()
    s = _dealt(g, [4])  # seat 1 is dealt a 4 and is asked to keep it
    assert s.tasks[-1].card == 4
    assert g.observe(s, 0).state.tasks[-1].card == 4
    other = g.observe(s, 1)
    assert other.state.tasks[-1].card == MASKED
    guess = g.determinize(other, random.Random(0))
    assert guess.tasks[-1].card == guess.hands[0][-1] != MASKED
    assert g.observe(guess, 1) == other


def test_log_labels_per_viewer():
    g = two_tricks()
    s = g.initial_state()
    assert g.label_for(s, 3, 0) == "deal 3 to seat 1"
    assert g.label_for(s, 3, 1) == "deal a card to seat 1"
    assert g.label_for(s, 3, None) == "deal 3 to seat 1 [seen by P1]"
    assert g.seen_by(s, 3) == (0,)
