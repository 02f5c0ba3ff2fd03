"""Whole games: the conformance kit, the fast path, golden playthroughs, players.

Golden files live in ``tests/mugen/golden/``: ``<name>.replay.json`` (the
action ids) and ``<name>.txt`` (one line per step: the label and the state
after it). They are replayed and diffed; regenerate them on purpose with
``WB_GOLDEN=regen pytest tests/mugen/test_play.py``.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from workbench.engine import check_conformance, playout, random_player
from workbench.engine.golden import check_golden
from workbench.games.mugen.players import fast_random_playout, greedy_player, play_game
from workbench.games.mugen.rules import make_game

GOLDEN = Path(__file__).with_name("golden")

CASES: dict[str, tuple[dict[str, Any], Any, int]] = {
    "random_sora_vs_mirai": ({}, random_player, 11),
    "greedy_sora_vs_mirai": ({}, greedy_player, 12),
    "greedy_vs_random_first_random": ({"first_player": "random"}, [greedy_player, random_player], 13),
}


@pytest.mark.parametrize("name", sorted(CASES))
def test_golden_playthrough(name: str) -> None:
    params, players, seed = CASES[name]
    check_golden(make_game(**params), players, seed, GOLDEN, name)


def test_conformance_1000_random_games() -> None:
    report = check_conformance(make_game(), n_games=1000, seed=7)
    assert report.ok and report.fast_checked >= 20 and report.replays_checked >= 20


def test_conformance_variants() -> None:
    check_conformance(make_game(first_player="random", overflow="oldest", revenge_turn="opponent"), n_games=150, seed=8)
    check_conformance(make_game(ex_scope="player", revenge=False), n_games=150, seed=9)


@pytest.mark.slow
def test_conformance_10000_random_games() -> None:
    report = check_conformance(make_game(), n_games=10_000, seed=10)
    assert report.ok and report.games == 10_000


def test_fast_path_equals_the_normal_path() -> None:
    game = make_game(first_player="random")
    for seed in range(150):
        assert fast_random_playout(game, seed) == playout(game, random_player, seed).final, seed


def test_play_game_uses_the_given_players() -> None:
    game = make_game()
    a = play_game(game, [greedy_player, random_player], 3)
    assert a == playout(game, [greedy_player, random_player], 3).final


def test_greedy_beats_random_both_seats() -> None:
    game = make_game(decks=(make_game().decks[0], make_game().decks[0]))  # ソラ mirror
    wins = 0
    for seed in range(40):
        seats = [greedy_player, random_player] if seed % 2 else [random_player, greedy_player]
        final = playout(game, seats, seed).final
        wins += (seed % 2 == 1) == (game.winners(final) == (0,))
    assert wins >= 32  # 40 mirror games, greedy on alternate seats (36 seen)


def test_games_end_within_the_deck_bound() -> None:
    game = make_game()
    for seed in range(100):
        final = fast_random_playout(game, seed)
        assert final.result is not None and final.turn <= 2 * 37 + 1


def test_invariants_hold_in_every_state_of_many_games() -> None:
    import random

    from workbench.engine.protocol import CHANCE, TERMINAL

    game = make_game(first_player="random")
    for seed in range(60):
        rng = random.Random(seed)
        s = game.initial_state()
        bots = [greedy_player, random_player] if seed % 2 else [random_player, greedy_player]
        while (who := game.current_player(s)) != TERMINAL:
            for side in s.sides:
                assert 0 <= side.hp <= side.max_hp and 0 <= side.mp <= 10 and side.mp_left >= 0
                assert len(side.set_zone) <= 5 or s.queue[-1][0] == "push_out"
                assert all(z.counters >= 1 for z in side.set_zone)
                assert len(side.hand) + side.deck_size + len(side.set_zone) + len(side.dust) == 40
            a = game.sample_chance(s, rng) if who == CHANCE else bots[who](game, s, rng)
            s = game.apply(s, a)
        assert s.result is not None
