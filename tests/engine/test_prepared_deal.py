"""A deal prepared once per observation (a search deals hundreds of worlds from one view)
gives the same worlds, from the same draws of the rng, as dealing from scratch each time
(issue 22 item 2, speed: the search's choices must not move)."""

from __future__ import annotations

import random

import pytest

from workbench.engine.conformance.kernel_toy import make_game as two_tricks
from workbench.engine.kernel.deal import NoWorld, PreparedDeal, deal_where_allowed
from workbench.engine.kernel.seat import SeatView
from workbench.engine.kernel.secrets import Masked
from workbench.registry import make_game


def _toy_observation():
    g = two_tricks()
    s = g.initial_state()
    for c in (5, 1, 2, 2):
        s = g.apply(s, c)
    return g, g.observe(s, 0)


RULES = {
    "laminar": {("hands", 1): lambda c: c % 2 == 1},
    "nested": {("hands", 1): lambda c: c >= 3, ("deck", 0): lambda c: c >= 1},
    "non-laminar": {("hands", 1): lambda c: c <= 3, ("deck", 0): lambda c: c != 2},
}
# (deck, seat 1's hand) of the first three deals from Random(11), and the rng's
# randrange(1000) after six deals, as the deal made them before it was prepared once (commit 0788e47)
BEFORE = {
    "laminar": (
        [((1, 1, 2, 3, 4, 4), (3, 5)), ((1, 2, 3, 4, 4, 5), (1, 3)), ((1, 2, 3, 4, 4, 5), (3, 1))],
        71,
    ),
    "nested": (
        [((1, 1, 2, 3, 3, 4), (4, 5)), ((1, 1, 2, 3, 4, 5), (3, 4)), ((1, 1, 2, 3, 4, 5), (4, 3))],
        71,
    ),
    "non-laminar": (
        [((1, 1, 3, 4, 4, 5), (2, 3)), ((1, 1, 3, 4, 4, 5), (3, 2)), ((1, 1, 3, 4, 4, 5), (3, 2))],
        968,
    ),
}


@pytest.mark.parametrize("name", sorted(RULES))
def test_prepared_deal_draws_as_the_deal_did_before(name):
    g, obs = _toy_observation()
    prepared = PreparedDeal(g.table, obs, RULES[name])
    for deal in (prepared.deal, lambda rng: deal_where_allowed(g.table, obs, rng, RULES[name])):
        rng = random.Random(11)
        worlds = [deal(rng) for _ in range(6)]
        expected, _ = BEFORE[name]
        assert [(w.deck, w.hands[1]) for w in worlds[:3]] == expected
    rng = random.Random(11)
    for _ in range(6):
        prepared.deal(rng)
    assert rng.randrange(1000) == BEFORE[name][1]


def test_a_prepared_deal_that_cannot_succeed_says_so_each_time():
    g, obs = _toy_observation()
    prepared = PreparedDeal(g.table, obs, {("hands", 1): lambda c: c > 5})
    for seed in (1, 2):
        with pytest.raises(NoWorld, match="no world for seat 0 after 20 deals"):
            prepared.deal(random.Random(seed), tries=20)


def _positions(name, seed, every, **params):
    game = make_game(name, **params)
    rng = random.Random(seed)
    s, out, k = game.initial_state(), [], 0
    while game.current_player(s) != -4:
        who = game.current_player(s)
        if who >= 0:
            k += 1
            if k % every == 0:
                out.append(s)
        s = game.apply(s, game.sample_chance(s, rng) if who < 0 else rng.choice(game.legal_ids(s)))
    return game, out


@pytest.mark.parametrize(
    "name,params,every",
    [
        ("ghost", {"players": 3}, 2),
        ("ghost", {"players": 2}, 3),
        ("life", {}, 4),
        ("mugen", {}, 3),
        ("detective", {}, 4),
        ("pig", {}, 3),
    ],
)
def test_prepared_worlds_are_the_worlds_determinize_deals(name, params, every):
    game, states = _positions(name, 5, every, **params)
    masked = 0
    for i, s in enumerate(states):
        for seat in range(game.num_players):
            view = SeatView(game, seat, s)
            deal = view.prepare_determinize()
            a, b = random.Random(i), random.Random(i)
            assert [deal(a) for _ in range(3)] == [view.determinize(b) for _ in range(3)]
            assert a.random() == b.random()  # the same draws, no more, no fewer
            battle = getattr(view.state, "battle", None)
            masked += bool(battle and any(isinstance(x, Masked) for _, x in battle.placed))
    assert len(states) > 5
    if name == "ghost" and params["players"] == 3:
        assert masked  # the face-down targets a world guesses with its card were dealt too
