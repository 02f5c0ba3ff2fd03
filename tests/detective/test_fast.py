"""The fast random playout leaves exactly the table the generic loop leaves.

The generic loop (:func:`~workbench.games.detective.fast.generic_table`) is
the normal path's rule code (``legal_ids``, ``act``,
``draw_at``) with ``rng.choice``-equivalent picks; the fast path inlines the
hot decisions, so whole final tables (every zone, the history and the rng's
state) are compared, not only the returns.
"""

from __future__ import annotations

import random
from collections import Counter
from dataclasses import replace

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from workbench.cards import Effect
from workbench.games.detective.cards import CardSet, load_cards
from workbench.games.detective.fast import generic_table, random_table
from workbench.games.detective.params import DetectiveParams
from workbench.games.detective.players import fast_random_playout
from workbench.games.detective.round_end import victim_of
from workbench.games.detective.rules import Detective, freeze, make_game
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


@settings(max_examples=200, deadline=None)
@given(st.lists(st.sampled_from(["a:1", "a:2", "a:3", "b:1", "b:2", "c:1", "night"]), max_size=7))
def test_victim_is_the_strict_most_common_person_on_the_line(line):
    who = {c: c[0] for c in line if c != "night"}
    ranked = Counter(who[c] for c in line if c in who).most_common()
    tops = [p for p, k in ranked if ranked and k == ranked[0][1]]
    assert victim_of(line, who) == (tops[0] if len(tops) == 1 else None)


def test_person_actions_outside_the_sheet_vocabulary_take_the_task_stack():
    """A card set built in code may give a person an event verb; the fast path then
    applies every action through the act tasks, and still equals the generic loop."""
    cards = load_cards()
    people = dict(cards.people)
    people["yuri"] = replace(people["yuri"], action=(Effect("suspect", ("toru",)),
                                                     Effect("draw", (1,))))
    g = Detective(DetectiveParams(players=3), CardSet(people, cards.events))
    assert not g.setup.simple_actions
    for seed in range(8):
        fast = random_table(g.setup, random.Random(seed))
        assert freeze(fast) == freeze(generic_table(g.setup, random.Random(seed)))


@pytest.mark.parametrize("params", [PARAMS[0], PARAMS[2], PARAMS[5]], ids=[0, 2, 5])
def test_the_main_phase_offers_exactly_the_events_discards_needed_can_pay(params):
    """``main_head`` inlines the icon sum of ``discards_needed``: they must agree."""
    g = make_game(**params)
    checked = 0
    for seed in range(6):
        rng, t = random.Random(seed), Table.new(g.setup)
        while t.tasks:
            top = t.tasks[-1]
            if top[0] in CHANCE_TASKS:
                t.draw_at(rng.randrange(len(t.chance_ids())))
                continue
            if top[0] == "main":
                seat, hand = top[1], t.hands[top[1]]
                plays = [a[1] for a in t.main_head(seat, hand) if a[0] == "play"]
                assert plays == [e for e in hand if t.discards_needed(seat, e) <= len(hand) - 1]
                checked += 1
            t.act(rng.choice(t.legal_ids()))
    assert checked > 100
