"""The engine kernel: declared fields, typed steps, both paths, observations, compact rng."""

from __future__ import annotations

import pickle
import random
from fractions import Fraction
from itertools import permutations
from typing import Any, NamedTuple

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from workbench.engine.conformance.kernel_toy import make_game
from workbench.engine.kernel import (
    Hidden,
    HiddenInformation,
    KernelGame,
    Table,
    auto,
    copies_made,
    decision,
    items,
    value,
)
from workbench.engine.kernel.protocol import CHANCE, TERMINAL
from workbench.engine.kernel.rng import CountingRandom
from workbench.engine.play.session import Session
from workbench.engine.players import SeatView, greedy_player, random_player
from workbench.engine.runs.playout import playout, playout_in_place
from workbench.engine.runs.simulate import simulate


def exact_random_play(game: KernelGame, state: Any = None) -> Fraction:
    """P(seat 0 takes more tricks than seat 1) when both play uniformly at random:
    the game tree walked with exact chance weights and uniform decisions."""
    s = game.initial_state() if state is None else state
    who = game.current_player(s)
    if who == TERMINAL:
        a, b = game.returns(s)
        return Fraction(int(a > b))
    if who == CHANCE:
        dist = game.chance_outcomes(s)
        return sum(
            (
                Fraction(w, dist.total) * exact_random_play(game, game.apply(s, o))
                for o, w in dist.items()
            ),
            Fraction(0),
        )
    ids = game.legal_ids(s)
    return sum((exact_random_play(game, game.apply(s, a)) for a in ids), Fraction(0)) / len(ids)


def brute_force_random_play() -> Fraction:
    """The same probability by brute force over every deal order and every choice."""
    deck = [1, 2, 3, 4, 5] * 2
    total = wins = Fraction(0)
    orders = set(permutations(deck, 4))  # the four dealt cards; the rest never matter
    weight_of = {o: _deal_weight(deck, o) for o in orders}
    for order, w in weight_of.items():
        h0, h1 = [order[0], order[2]], [order[1], order[3]]
        for i in range(2):  # seat 0's first card (by position: uniform over distinct values)
            for j in range(2):
                p = _choice_weight(h0, i) * _choice_weight(h1, j)
                if p == 0:
                    continue
                a0, b0 = h0[i], h1[j]
                a1, b1 = h0[1 - i], h1[1 - j]
                tricks = [0, 0]
                for a, b in ((a0, b0), (a1, b1)):
                    if a != b:
                        tricks[0 if a > b else 1] += 1
                total += w * p
                wins += w * p * (tricks[0] > tricks[1])
    return wins / total


def _deal_weight(deck: list[int], order: tuple[int, ...]) -> Fraction:
    left = list(deck)
    w = Fraction(1)
    for card in order:
        w *= Fraction(left.count(card), len(left))
        left.remove(card)
    return w


def _choice_weight(hand: list[int], i: int) -> Fraction:
    """Random play picks a distinct value uniformly; a pair counts once."""
    if hand[0] == hand[1]:
        return Fraction(1) if i == 0 else Fraction(0)
    return Fraction(1, 2)


def test_exact_tree_walk_matches_brute_force_and_simulation() -> None:
    g = make_game()
    exact = exact_random_play(g)
    assert exact == brute_force_random_play()
    df = simulate(g, random_player, n=4000, seed=3, seating="fixed")
    rate = float((df["score_0"] > df["score_1"]).mean())  # type: ignore[operator]
    sd = (float(exact) * (1 - float(exact)) / 4000) ** 0.5
    assert abs(rate - float(exact)) < 3.3 * sd


@pytest.mark.parametrize("seed", range(40))
def test_in_place_and_immutable_paths_play_the_same_game(seed: int) -> None:
    g = make_game()
    for players in (random_player, greedy_player()):
        slow = playout(g, players, seed)
        fast = playout_in_place(g, players, seed, record=True)
        assert fast == slow


def test_simulate_rows_are_identical_on_both_paths() -> None:
    g = make_game()
    assert simulate(g, n=60, seed=2, fast=True).equals(simulate(g, n=60, seed=2, fast=False))


def test_snapshot_is_a_named_hashable_picklable_tuple() -> None:
    g = make_game()
    s = g.initial_state()
    assert s.deck == (1, 1, 2, 2, 3, 3, 4, 4, 5, 5) and s.tricks == (0, 0)
    assert pickle.loads(pickle.dumps(s)) == s and hash(pickle.loads(pickle.dumps(s))) == hash(s)
    assert repr(s).startswith("TwoTricksTableSnapshot(tasks=(")
    assert g.apply(s, 3) != s and g.apply(s, 3) == g.apply(s, 3)


def test_freeze_shares_the_fields_a_step_did_not_change() -> None:
    g = make_game()
    s = g.initial_state()
    t = g.apply(s, 3)
    assert t.tricks is s.tricks and t.played is s.played and t.deck is not s.deck
    assert t.hands[1] is s.hands[1] and t.hands[0] == (3,)


def test_a_view_reads_without_copying() -> None:
    g = make_game()
    s = g.initial_state()
    before = copies_made()
    for _ in range(5):
        g.legal_actions(s), g.returns(s), g.chance_outcomes(s), g.current_player(s)
    assert copies_made() == before
    g.apply(s, 2)
    assert copies_made() == before + 1


def test_illegal_choice_leaves_the_table_unchanged() -> None:
    g = make_game()
    t = g.new_table()
    before = t.freeze()
    with pytest.raises(ValueError, match=r"two_tricks: 9 is not legal here; legal: 1, 1, 2"):
        t.play(9)
    assert t.freeze() == before


def deal(g: KernelGame, cards: tuple[int, ...]) -> Any:
    s = g.initial_state()
    for c in cards:
        s = g.apply(s, c)
    return s


def test_observation_hides_the_other_hand_and_the_deck() -> None:
    g = make_game()
    s = deal(g, (5, 1, 2, 2))
    obs = g.observe(s, 1)
    assert obs.state.hands == (Hidden(2), (1, 2)) and obs.state.deck == Hidden(6)
    assert obs.unseen == (1, 2, 3, 3, 4, 4, 5, 5)  # the deck and seat 0's hand, pooled, sorted
    with pytest.raises(HiddenInformation):
        list(obs.state.hands[0])
    with pytest.raises(HiddenInformation):
        _ = 5 in obs.state.deck


@settings(max_examples=60, deadline=None)
@given(st.integers(0, 10**6), st.integers(0, 8), st.integers(0, 1))
def test_determinize_keeps_what_the_seat_sees_and_conserves_cards(
    seed: int, steps: int, seat: int
) -> None:
    g = make_game()
    rng = random.Random(seed)
    s = g.initial_state()
    for _ in range(steps):
        if g.current_player(s) == TERMINAL:
            break
        s = g.apply(
            s,
            g.sample_chance(s, rng)
            if g.current_player(s) == CHANCE
            else rng.choice(g.legal_ids(s)),
        )
    guess = g.determinize(g.observe(s, seat), rng)
    assert guess.tasks == s.tasks and guess.played == s.played and guess.tricks == s.tricks
    assert guess.hands[seat] == s.hands[seat]
    assert sorted(guess.deck + guess.hands[1 - seat]) == sorted(s.deck + s.hands[1 - seat])
    assert list(guess.deck) == sorted(guess.deck)  # declared sort=True
    assert g.legal_ids(guess) == g.legal_ids(s) or g.current_player(s) != seat


def test_a_player_cannot_peek_through_its_view() -> None:
    g = make_game()
    s = deal(g, (5, 1, 2, 2))

    def peeker(view: SeatView, rng: random.Random) -> Any:
        other = view.state.hands[1 - view.seat]
        return max(other)

    with pytest.raises(HiddenInformation):
        peeker(SeatView(g, 0, s), random.Random(0))


def test_steps_are_checked_when_declared() -> None:
    with pytest.raises(TypeError, match="step Bad needs legal, a 'seat' field"):

        @decision
        class Bad(NamedTuple):
            n: int

            def resolve(self, t: Any, a: Any) -> None: ...

    with pytest.raises(ValueError, match="a hidden or own field must be a list"):

        class BadTable(Table):
            secret: int = value(seen="hidden")


def test_later_runs_after_everything_pending() -> None:
    log: list[str] = []

    @auto
    class Note(NamedTuple):
        text: str

        def run(self, t: Any) -> None:
            log.append(self.text)

    class T(Table):
        xs: list[int] = items()

    t = T(None)
    t.tasks = []
    t.push(Note("a"), Note("b"))
    t.later(Note("y"), Note("z"))
    t.push(Note("first"))
    t.settle()
    assert log == ["first", "a", "b", "y", "z"]


# -- the session's compact rng ---------------------------------------------------------------
OPS = st.lists(
    st.sampled_from(["randrange", "choice", "shuffle", "random", "bits70", "bits0"]), max_size=40
)


def _run(r: random.Random, ops: list[str]) -> list[Any]:
    out: list[Any] = []
    for op in ops:
        if op == "randrange":
            out.append(r.randrange(1000))
        elif op == "choice":
            out.append(r.choice("abcdefg"))
        elif op == "shuffle":
            xs = list(range(9))
            r.shuffle(xs)
            out.append(tuple(xs))
        elif op == "random":
            out.append(r.random())
        elif op == "bits70":
            out.append(r.getrandbits(70))
        else:
            out.append(r.getrandbits(0))
    return out


@settings(max_examples=80, deadline=None)
@given(st.integers(0, 2**40), OPS, OPS)
def test_counting_random_draws_as_random_and_rewinds_exactly(
    seed: int, first: list[str], then: list[str]
) -> None:
    counted, plain = CountingRandom(seed), random.Random(seed)
    assert _run(counted, first) == _run(plain, first)
    mark = counted.words
    after = _run(counted, then)
    assert after == _run(plain, then)
    counted.rewind(mark)
    assert _run(counted, then) == after


def test_counting_random_rewinds_across_checkpoints() -> None:
    r = CountingRandom(5)
    marks = []
    for _ in range(40_000):
        marks.append(r.words)
        r.randrange(6)
    ahead = [r.random() for _ in range(4)]
    r.rewind(marks[-1])
    r.randrange(6)
    assert [r.random() for _ in range(4)] == ahead
    r.rewind(marks[20_000])
    plain = random.Random(5)
    for _ in range(20_000):
        plain.randrange(6)
    assert r.randrange(10**9) == plain.randrange(10**9)


def test_session_undo_restores_the_dice_from_a_word_count() -> None:
    g = make_game()
    s = Session(g, seed=12)
    s.play_to_end(random_player)
    end = s.state
    s.jump(4)
    s.reset()
    s.play_to_end(random_player)
    assert s.state == end
    s.jump(4)  # after the deal; replay the same decisions: the same game
    for a in playout(g, random_player, 12).actions[4:]:
        if s.to_move >= 0:
            s.apply(a)
    assert s.state == end and all(isinstance(m, int) for m in s.rng_marks)


def test_steps_of_different_types_with_equal_fields_are_different() -> None:
    from workbench.engine.conformance.kernel_toy import Deal, Play

    assert Deal(0) != Play(0) and not (Deal(0) == Play(0)) and Deal(0) == Deal(0)
    assert hash(Deal(0)) == hash(Deal(0)) and len({Deal(0), Play(0)}) == 2
    assert (Deal(0),) != (Play(0),) and Deal(0) != (0,)


def test_counting_random_seeded_by_the_system_still_rewinds() -> None:
    r = CountingRandom(None)  # type: ignore[arg-type]
    first = [r.randrange(100) for _ in range(10)]
    r.rewind(0)
    assert [r.randrange(100) for _ in range(10)] == first


def test_a_session_copies_the_state_once_per_undo_not_once_per_step() -> None:
    g = make_game()
    s = Session(g, seed=3)  # the four deals are drawn at once
    before = copies_made()
    s.apply(g.legal_ids(s.state)[0])
    s.apply(g.legal_ids(s.state)[0])
    assert copies_made() - before <= 1
    s.undo()
    before = copies_made()
    s.apply(g.legal_ids(s.state)[-1])
    assert copies_made() - before == 1
    assert s.history[-1] == playout_of_history(g, s)


def playout_of_history(g: KernelGame, s: Session) -> Any:
    state = g.initial_state()
    for a in s.actions:
        state = g.apply(state, a)
    return state


def test_determinize_sorts_numbered_cards_by_number() -> None:
    from workbench.engine.kernel import HIDDEN

    class Pile(Table):
        deck: list[int] = items(seen=HIDDEN, sort=True)

    t = Pile(None)
    t.tasks, t.deck = [], [10, 9, 2, 11]
    guess = Pile.determinize(t.observe(0), random.Random(1))
    assert guess.deck == (2, 9, 10, 11) and t.observe(0).unseen == (2, 9, 10, 11)


def test_pools_keep_each_kind_and_each_owner_of_hidden_cards_apart() -> None:
    from workbench.engine.kernel import BY_SEAT, HIDDEN, OWN, rows

    class Duel(Table):
        decks: list[list[str]] = rows(seen=HIDDEN, sort=True, pool=BY_SEAT)
        hands: list[list[str]] = rows(seen=OWN, pool=BY_SEAT)
        events: list[str] = items(seen=HIDDEN, pool="events")

    t = Duel(None)
    t.tasks = []
    t.decks, t.hands = [["a1", "a2", "a3"], ["b1", "b2"]], [["a4"], ["b3", "b4"]]
    t.events = [7, 8]
    obs = t.observe(0)
    assert obs.unseen == (7, 8, "a1", "a2", "a3", "b1", "b2", "b3", "b4")  # own deck unseen too
    assert dict(obs.pools) == {
        "events": (7, 8),
        (BY_SEAT, 1): ("b1", "b2", "b3", "b4"),
        (BY_SEAT, 0): ("a1", "a2", "a3"),
    }
    for seed in range(30):
        guess = Duel.determinize(obs, random.Random(seed))
        assert guess.decks[0] == ("a1", "a2", "a3") and guess.hands[0] == ("a4",)
        assert sorted(guess.decks[1] + guess.hands[1]) == ["b1", "b2", "b3", "b4"]
        assert sorted(guess.events) == [7, 8]


def test_a_chosen_outcome_survives_a_saved_replay(tmp_path: Any) -> None:
    from workbench.engine.play.replay import Replay

    g = make_game()
    s = Session(g, seed=5, auto_chance=False)
    s.choose(5)
    s.roll()
    assert s.chosen_steps == (0,) and s.log[0].endswith("(chosen)")
    back = Session.from_replay(Replay.load(s.save(tmp_path / "what_if.json")), g)
    assert back.chosen_steps == (0,) and back.log[0].endswith("(chosen)")
    assert back.state == s.state and back.rng_marks == s.rng_marks
