"""ISMCTS: the tree after the searcher's own move, and rollouts guided by a game's policy
(issue 22 item 2, "correct tree" and "strength")."""

from __future__ import annotations

import random
from typing import NamedTuple

import pytest

from workbench.engine.kernel import HIDDEN, KernelGame, Table, auto, chance, decision, items
from workbench.engine.kernel.seat import SeatView
from workbench.engine.players.search import ISMCTS, RootStats, _Node, _policy_first


class CoinTable(Table):
    deck: list[int] = items(seen=HIDDEN, sort=True)
    coin: list[int] = items(seen=HIDDEN)
    shown: list[int] = items()
    guess: list[int] = items()


@chance
class Toss(NamedTuple):
    def outcomes(self, t):
        return t.deck

    def resolve(self, t, side):
        t.deck.remove(side)
        t.coin.append(side)


@decision
class Look(NamedTuple):
    """Seat 0 looks at the hidden coin (it is turned face up) or does not."""

    seat: int = 0

    def legal(self, t):
        return ["look", "skip"]

    def resolve(self, t, a):
        if a == "look":
            t.push(TurnUp())


@auto
class TurnUp(NamedTuple):
    def run(self, t):
        t.shown.append(t.coin.pop())


@decision
class Guess(NamedTuple):
    seat: int = 0

    def legal(self, t):
        return [0, 1]

    def resolve(self, t, a):
        t.guess.append(a)


class Coin(KernelGame):
    """Draw one of two cards face down; seat 0 may look (the next observation depends on the coin),
    then guesses; a right guess wins."""

    name, version, table = "coin", "1", CoinTable

    def setup(self, t):
        t.deck, t.coin, t.shown, t.guess = [0, 1], [], [], []
        t.push(Toss(), Look(), Guess())

    def score(self, t):
        right = bool(t.guess) and t.guess[0] == (t.shown or t.coin)[0]
        return (1.0 if right else 0.0, 0.0 if right else 1.0)


def test_after_its_own_move_the_searcher_is_keyed_by_what_it_then_sees():
    g = Coin()
    s = g.apply(g.initial_state(), 1)  # the coin shows 1, hidden from seat 0
    view = SeatView(g, 0, s)
    root, rng, p = _Node(), random.Random(1), ISMCTS(200)
    for _ in range(200):
        p._iterate(g, 0, root, view.determinize(rng), rng)
    after_look = [k for k in root.children if k[0] == "look"]
    after_skip = [k for k in root.children if k[0] == "skip"]
    assert len(after_look) == 2 and len(after_skip) == 1  # heads and tails seen apart
    # so the searcher learns that looking wins: each look-node knows its coin
    assert p(view, random.Random(2)) == "look"
    assert root.edges["look"][1] / root.edges["look"][0] > 0.9


def test_the_policy_move_stays_first_unless_the_search_clearly_beats_it():
    close = [RootStats("a", 300, 0.62, 400), RootStats("b", 100, 0.58, 400)]
    clear = [RootStats("a", 300, 0.80, 400), RootStats("b", 100, 0.40, 400)]
    assert [s.action for s in _policy_first(close, "b")] == ["b", "a"]
    assert [s.action for s in _policy_first(clear, "b")] == ["a", "b"]
    assert _policy_first(close, "a") == close


@pytest.mark.parametrize(
    "scores,total,seed", [((35, 24), 14, 1), ((35, 24), 14, 2), ((0, 0), 4, 1), ((30, 30), 8, 3)]
)
def test_guided_search_rolls_where_the_exact_solution_rolls_in_pig(scores, total, seed):
    pig = pytest.importorskip("pig.rules")
    g = pig.make_game()
    t = g.new_table()
    t.scores, t.total = list(scores), total
    # the exact values (Pig to 100 solved): rolling is better by 0.07 to 0.25 here
    assert ISMCTS(400)(SeatView(g, 0, t.freeze()), random.Random(seed)) == "roll"


def test_pig_rollout_policy_keeps_pace_and_ends_the_race():
    pig = pytest.importorskip("pig.rules")
    g = pig.make_game()
    t = g.new_table()
    for scores, total, want in [
        ((0, 0), 20, "roll"),
        ((0, 0), 21, "hold"),
        ((0, 40), 25, "roll"),
        ((72, 0), 30, "roll"),
        ((40, 0), 16, "hold"),
    ]:
        t.scores, t.total = list(scores), total
        assert g.rollout_action(t, None) == want, (scores, total)
