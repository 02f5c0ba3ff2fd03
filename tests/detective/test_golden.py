"""Golden playthroughs: seeded games stored as action ids and round summaries.

Each file is replayed (its actions applied one by one, no rng) and re-played
(same seed and players); both must give the stored round-by-round lines and
final result. A rules change that alters them fails here on purpose:
regenerate with ``DETECTIVE_REGEN_GOLDEN=1 pytest tests/detective/test_golden.py``
and review the diff of ``tests/detective/golden/*.json``.
"""

from __future__ import annotations

import difflib
import json
import os
from pathlib import Path

import pytest

from workbench.engine.playout import playout
from workbench.engine.replay import decode_id, encode_id
from workbench.games.detective.players import greedy_player, random_player
from workbench.games.detective.rules import make_game

GOLDEN = Path(__file__).parent / "golden"
CASES = {
    "base_4p_random_seed1": (dict(), "random", 1),
    "base_3p_greedy_seed2": (dict(players=3), "greedy", 2),
    "variants_4p_random_seed3": (dict(opening=4, suspects_per_round=1, copies=3,
                                      awaken_on_fourth=True, reservation=True), "random", 3),
}
PLAYERS = {"random": random_player, "greedy": greedy_player}


def _summary(game, actions):
    s = game.initial_state()
    lines = []
    for a in actions:
        before = s.round
        s = game.apply(s, a)
        if s.round != before or game.is_terminal(s):
            lines.append(game.describe(s))
    return s, lines


def _record(params, player, seed):
    g = make_game(**params)
    result = playout(g, PLAYERS[player], seed)
    final, lines = _summary(g, result.actions)
    return {"params": params, "player": player, "seed": seed,
            "actions": [encode_id(a) for a in result.actions], "rounds": lines,
            "returns": list(g.returns(final)), "winners": list(g.winners(final)),
            "metrics": dict(g.metrics(final))}


@pytest.mark.parametrize("name", sorted(CASES))
def test_golden_playthrough(name):
    path = GOLDEN / f"{name}.json"
    params, player, seed = CASES[name]
    fresh = _record(params, player, seed)
    if os.environ.get("DETECTIVE_REGEN_GOLDEN") == "1":
        path.write_text(json.dumps(fresh, ensure_ascii=False, indent=1) + "\n", encoding="utf-8")
    if not path.exists():
        pytest.fail(f"{path.name} is missing: run with DETECTIVE_REGEN_GOLDEN=1 to write it")
    stored = json.loads(path.read_text(encoding="utf-8"))
    g = make_game(**stored["params"])
    final, lines = _summary(g, [decode_id(a) for a in stored["actions"]])
    diff = "\n".join(difflib.unified_diff(stored["rounds"], lines, "golden", "replayed",
                                          lineterm=""))
    assert lines == stored["rounds"], diff
    assert list(g.returns(final)) == stored["returns"]
    assert list(g.winners(final)) == stored["winners"]
    assert dict(g.metrics(final)) == stored["metrics"]
    assert fresh["actions"] == stored["actions"], "the same seed now plays a different game"
