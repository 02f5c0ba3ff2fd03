"""Golden playthroughs: seeded games written out step by step, replayed and diffed.

Regenerate on purpose (after a deliberate rule change, bump ``GhostGame.version``)::

    GHOST_GOLDEN=regen .venv/bin/python -m pytest tests/ghost/test_golden.py
"""

from __future__ import annotations

import difflib
import json
import os
from pathlib import Path

import pytest

from workbench.engine import Replay, playout, random_player
from workbench.engine.replay import params_dict
from workbench.games.ghost.players import greedy_player
from workbench.games.ghost.rules import make_game

GOLDEN = Path(__file__).parent / "golden"
CASES = {
    "random_2p_seed1": (dict(players=2), "random", 1),
    "random_4p_seed7": (dict(players=4), "random", 7),
    "greedy_3p_seed3": (dict(players=3), "greedy", 3),
    "master_slave_3p_seed5": (dict(players=3, master_slave=True), "greedy", 5),
}


def transcript(params: dict, kind: str, seed: int) -> tuple[str, tuple]:
    game = make_game(**params)
    player = random_player if kind == "random" else greedy_player()
    result = playout(game, player, seed)
    lines = [json.dumps({"game": game.name, "version": game.version, "params": params,
                         "players": kind, "seed": seed}, ensure_ascii=False)]
    s = game.initial_state()
    for a in result.actions:
        who = game.current_player(s)
        lines.append(f"{'chance' if who < 0 else f'user {who + 1}'}: {game.action_label(s, a)}")
        s = game.apply(s, a)
    lines.append(f"final: {game.describe(s)}; winners {list(game.winners(s))}")
    return "\n".join(lines) + "\n", result.actions


@pytest.mark.parametrize("name", sorted(CASES))
def test_golden_playthrough(name):
    params, kind, seed = CASES[name]
    text, actions = transcript(params, kind, seed)
    path = GOLDEN / f"{name}.txt"
    if os.environ.get("GHOST_GOLDEN") == "regen":
        GOLDEN.mkdir(exist_ok=True)
        path.write_text(text, encoding="utf-8")
    expected = path.read_text(encoding="utf-8")
    if text != expected:
        diff = "".join(difflib.unified_diff(expected.splitlines(True), text.splitlines(True),
                                            "golden", "now", n=2))
        pytest.fail(f"{name} diverged from its golden file (GHOST_GOLDEN=regen to accept):\n"
                    f"{diff[:4000]}")
    game = make_game(**params)
    replay = Replay(game.name, game.version, params_dict(game), seed, tuple(actions))
    assert Replay.from_json(replay.to_json()).play(game).state == playout(
        game, random_player if kind == "random" else greedy_player(), seed).final
