"""The fast random playout leaves exactly the table the generic loop leaves.

The generic loop is the normal path's rule code (``legal_ids``, ``act``,
``draw_at``) with ``rng.choice``-equivalent picks; the fast path inlines the
hot decisions, so whole final tables (every zone, the history and the rng's
state) are compared, not only the returns.
"""

from __future__ import annotations

import random

import pytest

from workbench.games.detective.fast import random_table
from workbench.games.detective.players import fast_random_playout
from workbench.games.detective.rules import freeze, make_game
from workbench.games.detective.table import CHANCE_TASKS, Table

PARAMS = [
    {},
    dict(players=3, win_vp=4, deaths_to_end=2, max_rounds=4),
    dict(opening=4, suspects_per_round=1, copies=3, awaken_on_fourth=True, reservation=True,
         oneshot_free=True, hand_limit=6),
    dict(players=3, opening=4, opening_tragic="bottom", opening_replace=True,
         next_start="rotate"),
    dict(first_card_rule=False, reservation=True, reservation_penalty=2, discard_rate=2),
    dict(players=3, copies=2, awaken_on_fourth=True, oneshot_free=True, opening=2,
         min_discards=2, hand_limit=3),
]


def generic_table(game, rng: random.Random) -> Table:
    """The reference: every step through the table's generic entry points."""
    t = Table.new(game.setup)
    while t.tasks:
        if t.tasks[-1][0] in CHANCE_TASKS:
            t.draw_at(rng.randrange(len(t.chance_ids())))
        else:
            t.act(rng.choice(t.legal_ids()))
    return t


@pytest.mark.parametrize("params", PARAMS, ids=range(len(PARAMS)))
def test_fast_table_equals_the_generic_loop(params):
    g = make_game(**params)
    for seed in range(25):
        fast_rng, ref_rng = random.Random(seed), random.Random(seed)
        fast, ref = random_table(g.setup, fast_rng), generic_table(g, ref_rng)
        assert freeze(fast) == freeze(ref), (params, seed)
        assert fast_rng.getstate() == ref_rng.getstate()
        assert fast_random_playout(g, seed) == g.returns(freeze(ref))
