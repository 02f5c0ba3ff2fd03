"""Whole games: golden playthroughs, the conformance kit, the fast path, players.

Golden files live in ``tests/life/golden/``: ``<name>.replay.json`` (the action
ids) and ``<name>.txt`` (every step's label, and the position whenever a round
starts, plus the end). They are replayed and diffed; regenerate them on
purpose with ``LIFE_GOLDEN=regen pytest tests/life/test_play.py``.
"""

from __future__ import annotations

import os
from pathlib import Path
from typing import Any

import pytest

from workbench.engine import Replay, check_conformance, playout, random_player
from workbench.engine.replay import params_dict
from workbench.games.life.players import fast_random_playout, fast_random_record, greedy
from workbench.games.life.rules import LifeGame, make_game

GOLDEN = Path(__file__).with_name("golden")
REGEN = os.environ.get("LIFE_GOLDEN") == "regen"

CASES: dict[str, tuple[dict[str, Any], Any, int]] = {
    "random_4p": ({}, random_player, 101),
    "random_3p_timed_events": ({"players": 3, "timed_events": True}, random_player, 102),
    "greedy_3p_three_dream_skills": ({"players": 3, "dream_skills": 3, "start_tie": "first"},
                                     [greedy(), random_player, random_player], 103),
}


def trace(game: LifeGame, actions: tuple[Any, ...]) -> str:
    """Every action's label; the whole position at the start of each round and at the end."""
    s = game.initial_state()
    lines = [game.describe(s)]
    where = (s.stage, s.round)
    for k, a in enumerate(actions, start=1):
        lines.append(f"{k}. {game.action_label(s, a)}")
        s = game.apply(s, a)
        if (s.stage, s.round) != where:
            where = (s.stage, s.round)
            lines.append(game.describe(s))
    lines.append(game.describe(s))
    lines.append(f"winners {game.winners(s)} returns {game.returns(s)}")
    return "\n".join(lines) + "\n"


@pytest.mark.parametrize("name", sorted(CASES))
def test_golden_playthrough(name: str) -> None:
    params, players, seed = CASES[name]
    game = make_game(**params)
    result = playout(game, players, seed)
    replay_path, text_path = GOLDEN / f"{name}.replay.json", GOLDEN / f"{name}.txt"
    if REGEN or not replay_path.exists():
        GOLDEN.mkdir(exist_ok=True)
        Replay(game.name, game.version, params_dict(game), seed, result.actions).save(replay_path)
        text_path.write_text(trace(game, result.actions), encoding="utf-8")
    recorded = Replay.load(replay_path)
    assert recorded.actions == result.actions, f"{name}: the same seed now plays differently"
    assert recorded.play().state == result.final
    assert trace(game, recorded.actions) == text_path.read_text(encoding="utf-8")


def test_conformance_1000_random_games() -> None:
    report = check_conformance(make_game(), n_games=1000, seed=7, full_every=100)
    assert report.ok and report.games == 1000 and report.fast_checked >= 10


def test_conformance_variants() -> None:
    check_conformance(make_game(players=3, timed_events=True, free_orientation=False),
                      n_games=60, seed=8, full_every=20)
    check_conformance(make_game(players=3, dream_skills=3, start_tie="first",
                                album_skills=False), n_games=60, seed=9, full_every=20)


@pytest.mark.slow
def test_conformance_10000_random_games() -> None:
    report = check_conformance(make_game(), n_games=10_000, seed=10)
    assert report.ok and report.games == 10_000


@pytest.mark.parametrize("params", [{}, {"players": 3, "timed_events": True},
                                    {"players": 3, "dream_skills": 3, "start_tie": "first"}])
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
