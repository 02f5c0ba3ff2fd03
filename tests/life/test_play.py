"""Whole games: golden playthroughs, the conformance kit, the fast path, players.

Golden files live in ``tests/life/golden/``: ``<name>.replay.json`` (the action
ids) and ``<name>.txt`` (every step's label, and the position whenever a round
starts, plus the end). They are replayed and diffed; regenerate them on
purpose with ``WB_GOLDEN=regen pytest tests/life/test_play.py``.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from workbench.engine import check_conformance, playout, random_player
from workbench.engine.golden import check_golden
from workbench.games.life.players import fast_random_playout, fast_random_record, greedy
from workbench.games.life.rules import make_game

GOLDEN = Path(__file__).with_name("golden")

CASES: dict[str, tuple[dict[str, Any], Any, int]] = {
    "random_4p": ({}, random_player, 101),
    "random_3p_timed_events": ({"players": 3, "timed_events": True}, random_player, 102),
    "greedy_3p_three_dream_skills": ({"players": 3, "dream_skills": 3, "start_tie": "first"},
                                     [greedy(), random_player, random_player], 103),
}


def _round_changed(before: Any, after: Any) -> bool:
    return (before.stage, before.round) != (after.stage, after.round)


@pytest.mark.parametrize("name", sorted(CASES))
def test_golden_playthrough(name: str) -> None:
    params, players, seed = CASES[name]
    check_golden(make_game(**params), players, seed, GOLDEN, name, describe_when=_round_changed)


def test_conformance_1000_random_games() -> None:
    report = check_conformance(make_game(), n_games=1000, seed=7, full_every=100)
    assert report.ok and report.games == 1000 and report.fast_checked >= 10


def test_conformance_variants() -> None:
    check_conformance(make_game(players=3, timed_events=True, free_orientation=False),
                      n_games=60, seed=8, full_every=20)
    check_conformance(make_game(players=3, dream_skills=3, start_tie="first",
                                album_skills=False), n_games=60, seed=9, full_every=20)
    check_conformance(make_game(bonus_move="roll", covered_star_vp=0), n_games=60, seed=12,
                      full_every=20)


@pytest.mark.slow
def test_conformance_10000_random_games() -> None:
    report = check_conformance(make_game(), n_games=10_000, seed=10)
    assert report.ok and report.games == 10_000


@pytest.mark.parametrize("params", [{}, {"players": 3, "timed_events": True},
                                    {"players": 3, "dream_skills": 3, "start_tie": "first"},
                                    {"bonus_move": "roll"}])
def test_fast_path_equals_the_normal_path(params: dict[str, Any]) -> None:
    game = make_game(**params)
    for seed in range(40):
        slow = playout(game, random_player, seed)
        assert fast_random_playout(game, seed) == slow.final, seed
        assert fast_random_record(game, seed).actions == slow.actions, seed


def test_greedy_beats_random_more_often_than_its_share() -> None:
    game = make_game(players=3)
    wins = sum(0 in game.winners(playout(game, [greedy(), random_player, random_player],
                                         seed).final) for seed in range(12))
    assert wins >= 6  # a fair share would be 4 of 12
