"""The one rule of thumb (policy.choose): legal on random reachable tables, the same action
whether read from the full table (the search's rollouts) or from the seat's view (the
greedy player), and its cached exact chances equal odds.win_chance."""

from __future__ import annotations

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from workbench.engine import CHANCE, TERMINAL, SeatView
from workbench.games.ghost.cards import Strength
from workbench.games.ghost.odds import Fighter, win_chance
from workbench.games.ghost.players import greedy_player
from workbench.games.ghost.policy import _exact, choose
from workbench.games.ghost.rules import make_game

SETTINGS = [
    dict(players=2),
    dict(players=4),
    dict(players=3, master_slave=True),
    dict(players=3, stat_choice="at_declaration"),
    dict(players=4, master_slave=True, slave_support=True, master_support=True),
]


def random_tables(params: dict, seed: int, games: int):
    """Every decision table of ``games`` random games (played by random moves)."""
    game = make_game(**params)
    rng = random.Random(seed)
    for _ in range(games):
        t = game.new_table()
        while (who := t.to_move()) != TERMINAL:
            if who == CHANCE:
                t.step(t.sample(rng))
                continue
            yield game, t, who
            t.step(rng.choice(t.legal()))


@pytest.mark.parametrize(
    "params", SETTINGS, ids=lambda p: "-".join(f"{k}={v}" for k, v in p.items())
)
def test_rollout_action_is_legal_and_is_what_greedy_plays_on_the_seats_view(params):
    greedy = greedy_player()
    rng = random.Random(0)
    phases: set[str] = set()
    for game, t, seat in random_tables(params, 7, 6):
        legal = t.legal()
        action = game.rollout_action(t, rng)
        assert action in legal, (t.phase, action)
        # the greedy player sees only its seat's observation, and picks the same
        assert greedy(SeatView(game, seat, t), rng) == action
        assert choose(game.view(t.observe(seat).state), seat, legal) == action
        phases.add(t.phase)
    assert {"setup", "main", "react", "defend", "place", "trim"} - phases <= {
        "trim"
    }  # every kind met


def test_greedy_on_the_immutable_path_agrees_with_the_rollout_policy_in_place():
    game = make_game(players=3)
    greedy = greedy_player()
    rng = random.Random(1)
    for _, t, seat in random_tables(dict(players=3), 11, 3):
        state = t.freeze()
        assert greedy(SeatView(game, seat, state), rng) == game.rollout_action(t, rng)


side = st.lists(
    st.tuples(st.integers(0, 3), st.integers(-3, 5), st.booleans()), min_size=1, max_size=4
).map(tuple)


@settings(deadline=None, max_examples=60)
@given(side, side, st.booleans(), st.booleans())
def test_cached_exact_chance_equals_win_chance(atk, dfn, fumble, floor):
    def fighters(spec):
        return [Fighter(Strength(n, mod), 0, steady) for n, mod, steady in spec]

    assert _exact((fumble, floor), atk, dfn) == win_chance(
        fighters(atk), fighters(dfn), fumble=fumble, floor=floor
    )


def test_the_paired_search_plays_the_rule_unless_its_evidence_says_otherwise(monkeypatch):
    """ismcts's root (search_root "paired"): with a trust no evidence can meet it plays
    exactly the rule of thumb's move; at the game's own trust it plays legal moves, and
    the same seed gives the same move."""
    from workbench.engine.players.search import ISMCTS

    game = make_game(players=4)
    assert (game.search_root, game.search_trust, game.search_margin) == ("paired", 1.5, 6)
    asked = []
    for k, (g, t, who) in enumerate(random_tables(dict(players=4), 11, 1)):
        if k % 7 or len(t.legal()) < 2:
            continue
        view = SeatView(g, who, t.freeze())
        a = ISMCTS(24)(view, random.Random(k))
        assert a in t.legal() and a == ISMCTS(24)(view, random.Random(k))
        asked.append((view, k))
    assert len(asked) >= 5
    monkeypatch.setattr(type(game), "search_trust", 1e9)
    for view, k in asked:
        assert ISMCTS(24)(view, random.Random(k)) == greedy_player()(view, random.Random(k))


def test_chances_kept_by_game_ghosts_and_shells_are_the_ones_computed_afresh():
    """Odds.chance/duel keep their answers by (game, stat, ghosts, shells): on tables of
    games whose rules differ (fumble, floor, master-slave support) taken in turn, every
    kept answer equals the one computed from the ghosts' strengths now."""
    from itertools import chain

    from workbench.games.ghost.policy import _Odds
    from workbench.games.ghost.table import STATS

    settings = [
        dict(players=3),
        dict(players=3, fumble=False),
        dict(players=3, floor_at_zero=False),
        dict(players=4, master_slave=True, slave_support=True, master_support=True),
    ]
    tables = chain.from_iterable(zip(*(random_tables(p, 5, 2) for p in settings)))
    checked = 0
    for _, t, _ in tables:
        ghosts = [g for desk in t.desktops for g, _ in desk]
        if len(ghosts) < 3:
            continue
        odds = _Odds(t)
        g, h, k = ghosts[:3]
        for stat in STATS:
            for atk, dfn in (((g,), (h,)), ((g, k), (h,)), ((h,), (g, k))):
                assert odds.chance(atk, dfn, stat) == odds._chance(atk, dfn, stat)
        assert (
            odds.duel(g, h) == odds._duel(g, h) == max(odds._chance((g,), (h,), s) for s in STATS)
        )
        checked += 1
    assert checked >= 50


@given(st.fractions(), st.fractions())
def test_the_policys_comparison_of_chances_is_fractions_own(p, q):
    from workbench.games.ghost.policy import _above

    assert _above(p, q) == (p > q)
