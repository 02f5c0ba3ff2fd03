"""The engine's conformance kit over random games of every table size and variant."""

from __future__ import annotations

import pytest

from workbench.engine import check_conformance, playout, random_player
from workbench.games.ghost.players import fast_random_playout, greedy_player
from workbench.games.ghost.rules import make_game

VARIANTS = [
    dict(players=2),
    dict(players=3, master_slave=True),
    dict(players=5, no_ghost_penalty="lose_vp", floor_at_zero=False, fumble=False, vp_to_win=0),
    dict(players=6, hand_size=3, archive_limit=3),
]


def test_conformance_1000_random_games_four_users():
    report = check_conformance(make_game(players=4), n_games=1000, seed=8, full_every=100)
    assert report.ok and report.games == 1000 and report.fast_checked >= 10


@pytest.mark.parametrize("params", VARIANTS, ids=lambda p: "-".join(f"{k}={v}" for k, v in p.items()))
def test_conformance_variants(params):
    assert check_conformance(make_game(**params), n_games=60, seed=2, full_every=20).ok


def test_conformance_greedy_players():
    assert check_conformance(make_game(players=3), n_games=15, seed=4,
                             players=greedy_player(), full_every=5).ok


@pytest.mark.parametrize("players", [2, 4, 6])
def test_fast_playout_equals_the_normal_path(players):
    game = make_game(players=players)
    for seed in range(15):
        assert fast_random_playout(game, seed) == playout(game, random_player, seed).final


@pytest.mark.slow
@pytest.mark.parametrize("players", [2, 3, 4, 5, 6])
def test_conformance_10000_random_games(players):
    assert check_conformance(make_game(players=players), n_games=2000, seed=99).ok
