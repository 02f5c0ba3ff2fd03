"""ISMCTS tree reuse between a seat's decisions (issue 38, "tree reuse"): the kept subtree
is found through what the seat sees, never through a hidden card; the budget is new work
on top of the kept visits; the same seed gives the same game, in place or not."""

from __future__ import annotations

import pickle
import random
import re
from typing import Any

import pytest

from workbench.engine.conformance.kernel_toy import Deal, Play, Trick, TwoTricks
from workbench.engine.kernel.seat import SeatView
from workbench.engine.kernel.seeds import player_rng
from workbench.engine.players import random_player
from workbench.engine.players.open import OpenSearch
from workbench.engine.players.rollouts import work_table
from workbench.engine.players.search import ISMCTS
from workbench.engine.players.specs import BadSpec, player_from_spec
from workbench.engine.runs.playout import playout, playout_in_place


class DrawTricks(TwoTricks):
    """Two Tricks with three cards each and three tricks; after the first trick seat 1
    draws a card seat 0 does not see, so a hidden card changes between seat 0's first
    two decisions while what seat 0 sees stays the same."""

    name = "draw_tricks"

    def setup(self, t: Any) -> None:
        t.deck, t.hands, t.played, t.tricks = sorted([1, 2, 3, 4, 5] * 2), [[], []], [], [0, 0]
        deals = [Deal(s) for _ in range(3) for s in (0, 1)]
        t.push(*deals, Play(0), Play(1), Trick(), Deal(1), *[Play(0), Play(1), Trick()] * 2)


def _dealt(g: Any, cards: list[int]) -> Any:
    s = g.initial_state()
    for card in cards:  # seats 0, 1, 0, 1, 0, 1
        s = g.apply(s, card)
    return s


def _shape(node: Any) -> Any:
    """A node's statistics, its children's in turn (what a search learnt, as values)."""
    return (
        node.visits,
        sorted((repr(a), tuple(e)) for a, e in node.edges.items()),
        sorted((repr(k), _shape(c)) for k, c in node.children.items()),
    )


def _second_decision(drawn: int) -> tuple[Any, ...]:
    """Seat 0 (ismcts:60:keep) decides, seat 1 plays a 4, seat 1 draws ``drawn`` unseen,
    seat 0 decides again: both moves, the state, the kept node's visits before and the tree."""
    g, p, rng = DrawTricks(), ISMCTS(60, reuse=True), player_rng(11, 0)
    s = _dealt(g, [1, 2, 3, 4, 5, 4])  # seat 0 holds 1 3 5, seat 1 holds 2 4 4
    first = p(SeatView(g, 0, s), rng)
    s = g.apply(g.apply(s, first), 4)
    s = g.apply(s, drawn)  # seat 1's draw: seat 0 sees a card go, not which
    kept = p._kept._by_rng[rng][0]
    node = kept.next_root(work_table(g, s).seen_state(0))
    before = node.visits
    second = p(SeatView(g, 0, s), rng)
    after = p._kept.take(rng, g, 0)
    assert after is not None and after.root is node  # the search started from the kept node
    return first, second, s, before, _shape(node)


def test_the_kept_tree_never_depends_on_a_hidden_card_that_changed():
    a, b = _second_decision(drawn=2), _second_decision(drawn=3)
    g = DrawTricks()
    assert a[2] != b[2]  # the true states differ (seat 1's hidden hand) ...
    assert g.observe(a[2], 0) == g.observe(b[2], 0)  # ... what seat 0 sees does not
    assert a[3] > 0  # the kept node held visits from the first search
    assert a[:2] == b[:2] and a[3:] == b[3:]  # same moves, same kept node, same tree after


def test_the_budget_is_new_iterations_added_to_the_kept_visits():
    first, second, s, before, shape = _second_decision(drawn=2)
    assert shape[0] == before + 60  # 60 new iterations on top of the kept visits


def test_a_search_on_a_seat_that_drew_elsewhere_starts_fresh():
    g, p, rng = DrawTricks(), ISMCTS(40, reuse=True), player_rng(3, 0)
    s = _dealt(g, [1, 2, 3, 4, 5, 4])
    first = p(SeatView(g, 0, s), rng)
    rng.random()  # the stream moved on without the player: not this game's next turn
    s = g.apply(g.apply(g.apply(s, first), 4), 2)
    p(SeatView(g, 0, s), rng)
    assert p._kept.take(rng, g, 0).root.visits == 40


def _games(player: Any, seeds: range, in_place: bool) -> list[Any]:
    play = playout_in_place if in_place else playout
    kw = {"record": True} if in_place else {}
    return [play(DrawTricks(), [player, random_player], seed, **kw).actions for seed in seeds]


def test_same_seed_same_game_with_reuse_in_place_or_not_and_whatever_was_played_before():
    fresh_each = [_games(ISMCTS(30, reuse=True), range(k, k + 1), False)[0] for k in range(6)]
    one_player = ISMCTS(30, reuse=True)
    _games(one_player, range(50, 53), True)  # other games first, same player object
    assert _games(one_player, range(6), True) == fresh_each
    assert _games(ISMCTS(30, reuse=True), range(6), False) == fresh_each
    # and reuse changes some game (it is not the fresh search under another name)
    assert _games(ISMCTS(30), range(6), False) != fresh_each


def test_pig_games_reproduce_with_reuse_and_reuse_finds_its_kept_nodes():
    pytest.importorskip("pig.rules")
    from workbench.registry import make_game

    g = make_game("pig", goal=30)
    keep = [player_from_spec("ismcts:40:keep", "pig"), player_from_spec("hold:20", "pig")]
    a = playout(g, keep, 4)
    b = playout_in_place(g, [player_from_spec("ismcts:40:keep", "pig"), keep[1]], 4, record=True)
    assert a.actions == b.actions
    p, rng = keep[0], player_rng(4, 0)
    s, found = g.initial_state(), 0
    for action in a.actions:  # replay seat 0's decisions: each after the first finds its node
        if g.current_player(s) == 0 and len(g.legal_ids(s)) > 1:
            kept = p._kept.take(rng, g, 0)
            if kept is not None:
                found += kept.next_root(work_table(g, s).seen_state(0)) is not None
                p._kept.keep(rng, g, 0, kept.root, kept.action)
            assert p(SeatView(g, 0, s), rng) == action
        s = g.apply(s, action)
    assert found >= 3


@pytest.mark.parametrize(
    "text,want",
    [
        ("ismcts:400:keep", "ismcts:400:keep"),
        ("ismcts:keep", "ismcts:400:keep"),
        ("ismcts:0.5s/30:keep", "ismcts:0.5s/30:keep"),
        ("ismcts:400:fresh", "ismcts:400"),
        ("ismcts:400", "ismcts:400"),
        ("open:400:fresh", "open:400"),
    ],
)
def test_tree_words_in_specs(text: str, want: str) -> None:
    assert repr(player_from_spec(text)) == want


@pytest.mark.parametrize(
    "text,message",
    [
        ("ismcts:400:kept", "write keep (the tree kept between decisions) or fresh, got 'kept'"),
        ("ismcts:400:keep:fresh", "after the budget write keep"),
        ("open:400:keep", "open keeps no tree between decisions"),
        ("ismcts:400:", "or fresh, got ''"),
    ],
)
def test_bad_tree_words_say_what_is_wrong(text: str, message: str) -> None:
    with pytest.raises(BadSpec, match=re.escape(message)):
        player_from_spec(text)


def test_a_pickled_player_keeps_no_tree_and_the_open_search_refuses_reuse():
    g, p, rng = DrawTricks(), ISMCTS(20, reuse=True), random.Random(1)
    p(SeatView(g, 0, _dealt(g, [1, 2, 3, 4, 5, 4])), rng)
    assert p._kept._by_rng
    copy = pickle.loads(pickle.dumps(p))
    assert copy.reuse and not copy._kept._by_rng
    with pytest.raises(ValueError, match="keeps no tree"):
        OpenSearch(20, reuse=True)
