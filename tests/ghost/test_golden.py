"""Golden playthroughs: seeded games written out step by step, replayed and diffed
(workbench.engine.conformance.golden). Regenerate on purpose, after a deliberate rule change
(bump ``GhostGame.version``): ``WB_GOLDEN=regen pytest tests/ghost/test_golden.py``.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from workbench.engine import random_player
from workbench.engine.conformance.golden import check_golden
from workbench.games.ghost.players import greedy_player
from workbench.games.ghost.rules import make_game

GOLDEN = Path(__file__).parent / "golden"
CASES = {
    "random_2p_seed1": (dict(players=2), "random", 1),
    "random_4p_seed7": (dict(players=4), "random", 7),
    "greedy_3p_seed3": (dict(players=3), "greedy", 3),
    "master_slave_3p_seed5": (dict(players=3, master_slave=True), "greedy", 5),
}


@pytest.mark.parametrize("name", sorted(CASES))
def test_golden_playthrough(name: str) -> None:
    params, kind, seed = CASES[name]
    player = random_player if kind == "random" else greedy_player()
    check_golden(make_game(**params), player, seed, GOLDEN, name, describe_when=lambda b, a: False)
