"""The rule of thumb written once (workbench.games.detective.policy): the search's rollout
policy gives a legal action on every reachable table, equals the greedy player's choice
on what the seat observes (so it reads nothing the seat cannot see), and plays the
events the rule says it plays."""

from __future__ import annotations

import random

import pytest

from workbench.engine.kernel.seat import SeatView
from workbench.engine.players.rollouts import rollout, rollout_policy
from workbench.engine.players.search import ISMCTS
from workbench.games.detective.players import greedy_player
from workbench.games.detective.policy import greedy_choice
from workbench.games.detective.rules import make_game

from .helpers import TURN, base, position
from .test_in_place import PARAMS


@pytest.mark.parametrize("params", PARAMS, ids=[str(i) for i in range(len(PARAMS))])
def test_policy_is_legal_and_equals_greedy_on_the_seat_view(params: dict) -> None:
    g = make_game(**params)
    assert rollout_policy(g) is not None
    rng, decisions = random.Random(7), 0
    for seed in range(6):
        t = g.new_table()
        play = random.Random(seed)
        while t.tasks:
            who = t.to_move()
            if who < 0:
                t.step(t.sample(play))
                continue
            legal = list(t.legal())
            mine = g.rollout_action(t, rng)
            assert mine in legal
            # the greedy player sees only its seat's observation and picks the same
            assert greedy_player(SeatView(g, who, t.freeze()), rng) == mine
            observed = g.view(t.observe(who).state)
            assert greedy_choice(observed, who, legal) == mine
            decisions += 1
            # a mix of the policy and random moves reaches more kinds of table
            t.step(mine if play.random() < 0.5 else play.choice(legal))
    assert decisions > 100


def test_policy_plays_the_highest_vp_event_then_fewest_discards() -> None:
    g, s = base(players=3)
    ev = g.catalogue.events
    assert (ev[18].vp, ev[18].cost, ev[20].vp, ev[20].cost, ev[28].vp, ev[28].cost) == (
        3,
        (("green", 2),),
        3,
        (("white", 2),),
        1,
        (("red", 1),),
    )
    line = ("yuri:1", "yuri:2", "toru:1", "masashi:1")  # white 2, green 1, red 1

    def choice(hand: tuple[int, ...]) -> object:
        t = g.thaw(position(g, s, tasks=TURN, line=line, hands=(hand, (), ())))
        assert t.to_move() == 0
        return g.rollout_action(t, random.Random(0))

    # 3 VP each: 20 is paid by the line, 18 needs 4 discards (its lower number loses)
    assert choice((18, 20, 28, 45, 46)) == ("play", 20)
    # the 3-VP event at 4 discards before the 1-VP event the line pays
    assert choice((18, 28, 45, 46, 47)) == ("play", 18)
    # nothing payable: a break, then pass; discard the lowest VP (the higher number on a tie)
    assert choice((1, 2, 3)) == ("break",)
    t = g.view(s)
    assert greedy_choice(t, 0, [("suspect", "yuri"), ("pass",)]) == ("pass",)
    assert greedy_choice(t, 0, [("discard", 45), ("discard", 46), ("discard", 28)]) == (
        "discard",
        46,
    )
    assert greedy_choice(t, 0, [("burn", 1, 28), ("burn", 2, 20)]) == ("burn", 2, 20)


def test_rollouts_with_the_policy_end_and_search_plays_legal_moves() -> None:
    g = make_game(players=3)
    rng = random.Random(3)
    for seed in range(5):
        t = g.new_table()
        rollout(t, random.Random(seed), policy=rollout_policy(g))
        assert not t.tasks and g.is_terminal(t.freeze())
    s = g.initial_state()
    while g.current_player(s) < 0:
        s = g.apply(s, g.sample_chance(s, rng))
    view = SeatView(g, g.current_player(s), s)
    assert ISMCTS(30)(view, rng) in view.legal_ids


def test_the_paired_search_plays_the_rule_unless_its_evidence_says_otherwise(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """ismcts's root (search_root "paired"): with a trust no evidence can meet it plays
    exactly the rule of thumb's move; at the game's own trust it plays legal moves, and the
    same seed gives the same move."""
    g = make_game(players=4)
    assert (g.search_root, g.search_trust, g.search_margin) == ("paired", 1.5, 4)
    rng, greedy = random.Random(5), greedy_player
    t, asked = g.new_table(), []
    while t.to_move() != -4 and len(asked) < 6:
        if t.to_move() < 0:
            t.step(t.sample(rng))
            continue
        if len(t.legal()) > 1 and rng.random() < 0.2:
            view = SeatView(g, t.to_move(), t.freeze())
            a = ISMCTS(24)(view, random.Random(len(asked)))
            assert a in t.legal() and a == ISMCTS(24)(view, random.Random(len(asked)))
            asked.append(view)
        t.step(g.rollout_action(t, rng))
    assert len(asked) == 6
    monkeypatch.setattr(type(g), "search_trust", 1e9)
    for k, view in enumerate(asked):
        assert ISMCTS(24)(view, random.Random(k)) == greedy(view, random.Random(k))
