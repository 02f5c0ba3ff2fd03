"""Life's rule of thumb (``policy.py``): legal on reachable tables, its values are the
rules' own scores, it reads only what the mover sees, and greedy plays it."""

from __future__ import annotations

import random
from collections.abc import Iterator
from typing import Any

import pytest

from workbench.engine.kernel.seat import SeatView
from workbench.engine.players.search import ismcts_player
from workbench.games.life import dice as D
from workbench.games.life.players import greedy
from workbench.games.life.policy import rollout_action, values
from workbench.games.life.rules import make_game
from workbench.games.life.steps import Pawn, Place, Take
from workbench.games.life.steps_dice import Tip
from workbench.games.life.steps_setup import Character
from workbench.games.life.table import LifeTable

from .helpers import album, blank, choices_of_a_random_game, sq

VARIANTS = [
    {},
    {"players": 3, "timed_events": True, "dream_skills": 3, "start_tie": "first"},
    {"bonus_move": "roll", "relocate_turn": "any", "character_replaceable": False},
]


def _decisions(game: Any, seed: int) -> Iterator[LifeTable]:
    """Every table of one random game where a decision with a choice is on top."""
    rng = random.Random(seed)
    t = game.new_table()
    while t.tasks:
        if t.to_move() < 0:
            t.step(t.sample(rng))
            continue
        ids = t.legal()
        if len(ids) > 1:
            yield t
        t.step(ids[rng.randrange(len(ids))])


@pytest.mark.parametrize("params", VARIANTS)
def test_the_policy_answers_every_decision_with_a_legal_action(params: dict[str, Any]) -> None:
    game = make_game(**params)
    kinds: set[str] = set()
    for seed in range(6):
        for k, t in enumerate(_decisions(game, seed)):
            legal = list(t.legal())
            a = rollout_action(t, random.Random(k))
            assert a in legal, (seed, k, t.tasks[-1], a)
            kinds.add(type(t.tasks[-1]).__name__)
    assert {"Place", "Take", "Pawn", "Tip", "SetDream"} <= kinds


def test_a_placement_is_valued_at_the_score_the_rules_then_give() -> None:
    """For every placement met in 16 games, each square's value is the mover's score
    after Place resolves and the replaced card's skill effects run (by the rules)."""
    game = make_game()
    checked = replaced = 0
    for seed in range(16):
        for t in _decisions(game, seed):
            top = t.tasks[-1]
            if not isinstance(top, Place):
                continue
            for a, v in zip(top.legal(t), values(t) or []):
                c = t.clone()
                replaced += c.albums[top.seat][a[1]] is not None
                c.tasks.pop().resolve(c, a)
                while c.tasks and hasattr(c.tasks[-1], "gain"):
                    c.tasks.pop().run(c)
                assert v == c.score(top.seat), (seed, a)
                checked += 1
    assert checked > 1000 and replaced > 100, (checked, replaced)


def test_take_weighs_each_card_by_its_best_placement_and_an_event_by_its_power() -> None:
    game, t = blank(albums=[album(b2="@"), *[album(a1="@")] * 3])
    t.dice_sq = [[sq("b2")] * 4, *[[0] * 4] * 3]
    t.dice_o = [[D.index_of(3, 1)] * 4 for _ in range(4)]  # 3 on top: a roll shows 6 at best
    t.albums[0][sq("c4")] = "J06"  # red, two ★, both uncovered (−2)
    t.common = ["J01", "J07", "J25"]  # red, blue, the event "power 1" (1 each, 1 more to me)
    t.tasks = [Take(0)]
    # a card: 12 + 3 on the dice, −2; the event: 12, two power cover both ★ (+2)
    assert values(t) == [12 + 3 - 2, 12 + 3 - 2, 12 + 2]
    assert rollout_action(t, random.Random(0)) == ("take", "J25")
    t.power[0] = 2  # both ★ covered already: more power is worth nothing now
    assert values(t) == [12 + 3 + 2, 12 + 3 + 2, 12 + 2]
    assert rollout_action(t, random.Random(0)) in (("take", "J01"), ("take", "J07"))


def test_a_tip_turns_the_die_that_gains_most() -> None:
    game, t = blank()
    t.dice_o[0] = [D.index_of(1, 2), D.index_of(6, 2), D.index_of(6, 2), D.index_of(6, 2)]
    t.tasks = [Tip(0, bonus=True)]
    assert rollout_action(t, random.Random(0)) == ("tip", "red", "N")  # 1 -> 5: the best
    t.dice_o[0] = [D.index_of(6, 2)] * 4
    assert rollout_action(t, random.Random(0)) == ("skip",)  # every tip loses


def test_greedy_plays_the_policy_and_reads_only_what_its_seat_sees() -> None:
    """Greedy on a seat's view, and the policy on the full table (which may see every
    card), choose alike with the same rng: the policy reads nothing hidden."""
    game = make_game(players=3)
    player = greedy()
    moves = late = 0
    for seed in (4, 5):
        for state, seat in choices_of_a_random_game(game, random.Random(seed)):
            mine = player(SeatView(game, seat, state), random.Random(moves))
            assert mine == rollout_action(game.thaw(state), random.Random(moves)), moves
            moves += 1
            late += all(len(h) == 1 for h in state.hands)  # a dream effect counts
    assert moves > 150 and late > 20, (moves, late)


def test_a_pawn_goes_where_the_bonus_scores_and_the_character_card_to_the_centre() -> None:
    game, t = blank()
    t.dice_o[0] = [D.index_of(6, 2)] * 3 + [D.index_of(5, 1)]  # a tip gains 1 at best (5 -> 6)
    t.order = [-1] * 4
    t.tasks = [Pawn(0)]
    assert values(t) == [23, 24, 23, 23]
    t.albums[0][sq("a1")] = "J06"  # two uncovered ★: one power is worth 2
    assert values(t) == [21, 22, 21, 23]
    assert rollout_action(t, random.Random(0)) == ("pawn", 4)
    t.tasks = [Character(0)]
    assert {rollout_action(t, random.Random(k))[1] for k in range(40)} == {
        sq("b2"),
        sq("c2"),
        sq("b3"),
        sq("c3"),
    }


def test_the_search_guided_by_the_policy_plays_legal_moves() -> None:
    """ismcts (rollouts by the rule of thumb, cut at the game's search_horizon) on the
    decisions of one random game: every move it returns is legal where it was asked."""
    game = make_game(players=3)
    assert game.search_horizon == 34  # issue 38: the same span of play, forced moves uncounted
    search = ismcts_player(12)
    asked = 0
    for k, t in enumerate(_decisions(game, 3)):
        if k % 9:
            continue
        state = t.freeze()
        a = search(SeatView(game, t.to_move(), state), random.Random(k))
        assert a in game.legal_ids(state), (k, a)
        asked += 1
    assert asked > 10
