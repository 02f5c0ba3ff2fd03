"""Golden playthroughs: seeded games kept as a replay file (action ids) and a
transcript (every step's label, the position at each round change and the end),
replayed and diffed by workbench.engine.conformance.golden. A rules change that alters them
fails here on purpose: bump the game's version and regenerate with
``WB_GOLDEN=regen pytest tests/detective/test_golden.py``, then review the diff.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from workbench.engine.conformance.golden import check_golden
from workbench.engine.players import random_player
from workbench.games.detective.players import greedy_player
from workbench.games.detective.rules import make_game

GOLDEN = Path(__file__).parent / "golden"
CASES = {
    "base_4p_random_seed1": (dict(), "random", 1),
    "base_3p_greedy_seed2": (dict(players=3), "greedy", 2),
    "variants_4p_random_seed3": (
        dict(opening=4, suspects_per_round=1, copies=3, awaken_on_fourth=True, reservation=True),
        "random",
        3,
    ),
}
PLAYERS = {"random": random_player, "greedy": greedy_player}


def _round_changed(before: Any, after: Any) -> bool:
    return bool(before.round != after.round)


@pytest.mark.parametrize("name", sorted(CASES))
def test_golden_playthrough(name: str) -> None:
    params, player, seed = CASES[name]
    check_golden(
        make_game(**params), PLAYERS[player], seed, GOLDEN, name, describe_when=_round_changed
    )
