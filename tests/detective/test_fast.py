"""The fast random playout leaves exactly the table the generic loop leaves.

The generic loop (:func:`~workbench.games.detective.fast.generic_table`) is
the normal path's rule code (``legal_ids``, ``act``,
``draw_at``) with ``rng.choice``-equivalent picks; the fast path inlines the
hot decisions, so whole final tables (every zone, the history and the rng's
state) are compared, not only the returns.
"""

from __future__ import annotations

import random

import pytest

from workbench.games.detective.fast import generic_table, random_table
from workbench.games.detective.players import fast_random_playout
from workbench.games.detective.rules import freeze, make_game

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


@pytest.mark.parametrize("params", PARAMS, ids=range(len(PARAMS)))
def test_fast_table_equals_the_generic_loop(params):
    g = make_game(**params)
    for seed in range(25):
        fast_rng, ref_rng = random.Random(seed), random.Random(seed)
        fast, ref = random_table(g.setup, fast_rng), generic_table(g.setup, ref_rng)
        assert freeze(fast) == freeze(ref), (params, seed)
        assert fast_rng.getstate() == ref_rng.getstate()
        assert fast_random_playout(g, seed) == g.returns(freeze(ref))


class _OtherBelow(random.Random):
    def _randbelow(self, n):
        return super()._randbelow(n)


def test_an_rng_with_its_own_randbelow_plays_the_generic_loop():
    g = make_game(players=3)
    fast = random_table(g.setup, _OtherBelow(4))
    assert freeze(fast) == freeze(generic_table(g.setup, random.Random(4)))
