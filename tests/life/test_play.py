"""Whole games: golden playthroughs, the conformance kit, in place = immutable, players,
what each seat sees.

Golden files live in ``tests/life/golden/``: ``<name>.replay.json`` (the action
ids) and ``<name>.txt`` (every step's label, and the position whenever a round
starts, plus the end). They are replayed and diffed; regenerate them on
purpose with ``WB_GOLDEN=regen pytest tests/life/test_play.py``.
"""

from __future__ import annotations

import random
from collections import Counter
from pathlib import Path
from typing import Any

import pytest

from workbench.engine import check_conformance, playout, random_player
from workbench.engine.conformance.golden import check_golden
from workbench.engine.kernel import Hidden, HiddenInformation
from workbench.engine.kernel.seat import SeatView
from workbench.engine.runs.playout import playout_in_place
from workbench.games.life.players import greedy, seen_table
from workbench.games.life.rules import make_game
from workbench.games.life.table import LifeTable

from .helpers import choices_of_a_random_game

GOLDEN = Path(__file__).with_name("golden")

CASES: dict[str, tuple[dict[str, Any], Any, int]] = {
    "random_4p": ({}, random_player, 101),
    "random_3p_timed_events": ({"players": 3, "timed_events": True}, random_player, 102),
    "greedy_3p_three_dream_skills": (
        {"players": 3, "dream_skills": 3, "start_tie": "first"},
        [greedy(), random_player, random_player],
        103,
    ),
}


def _round_changed(before: Any, after: Any) -> bool:
    return (before.stage, before.round) != (after.stage, after.round)


@pytest.mark.parametrize("name", sorted(CASES))
def test_golden_playthrough(name: str) -> None:
    params, players, seed = CASES[name]
    check_golden(make_game(**params), players, seed, GOLDEN, name, describe_when=_round_changed)


def test_conformance_100_random_games() -> None:
    # as many deep games and fast-path comparisons (4) as the 200-game run had
    report = check_conformance(make_game(), n_games=100, seed=7, full_every=25)
    assert report.ok and report.games == 100 and report.fast_checked >= 4


@pytest.mark.slow
def test_conformance_1000_random_games() -> None:
    report = check_conformance(make_game(), n_games=1000, seed=7, full_every=100)
    assert report.ok and report.games == 1000 and report.fast_checked >= 10


def test_conformance_variants() -> None:
    # 30 games a variant, 3 of them deep as in the 60-game runs before
    check_conformance(
        make_game(players=3, timed_events=True, free_orientation=False),
        n_games=30,
        seed=8,
        full_every=10,
    )
    check_conformance(
        make_game(players=3, dream_skills=3, start_tie="first", album_skills=False),
        n_games=30,
        seed=9,
        full_every=10,
    )
    check_conformance(
        make_game(
            bonus_move="roll", covered_star_vp=0, character_replaceable=False, relocate_turn="any"
        ),
        n_games=30,
        seed=12,
        full_every=10,
    )


@pytest.mark.slow
def test_conformance_10000_random_games() -> None:
    report = check_conformance(make_game(), n_games=10_000, seed=10)
    assert report.ok and report.games == 10_000


VARIANTS = [
    {},
    {"players": 3, "timed_events": True},
    {"players": 3, "dream_skills": 3, "start_tie": "first"},
    {"bonus_move": "roll"},
]


@pytest.mark.parametrize("params", VARIANTS)
def test_in_place_equals_the_immutable_path_with_random_players(params: dict[str, Any]) -> None:
    game = make_game(**params)
    for seed in range(50):
        slow = playout(game, random_player, seed)
        fast = playout_in_place(game, random_player, seed, record=True)
        assert fast.final == slow.final and fast.actions == slow.actions, seed
        assert game.returns(fast.final) == game.returns(slow.final)


@pytest.mark.parametrize("params", VARIANTS[:2])
def test_in_place_equals_the_immutable_path_with_greedy_players(params: dict[str, Any]) -> None:
    game = make_game(**params)
    n = game.params.players
    for seed in range(50):
        seats = [greedy() if (seat + seed) % 2 == 0 else random_player for seat in range(n)]
        slow = playout(game, seats, seed)
        fast = playout_in_place(game, seats, seed, record=True)
        assert fast.final == slow.final and fast.actions == slow.actions, seed


def _cards(state: Any, game: Any) -> Counter[Any]:
    return sum((Counter(z) for z in game.zones(state).values()), Counter())


def test_each_seat_sees_its_own_dreams_and_counts_of_the_hidden_piles() -> None:
    """The seed's hidden information: dream hands (and the dream passed) are the
    owner's; stage decks, event piles and the dream deck nobody sees."""
    game = make_game(players=3, timed_events=True)
    rng = random.Random(5)
    state = game.initial_state()
    public = [f.name for f in LifeTable.FIELDS if f.seen == "public"]
    assert set(public) >= {"albums", "common", "dice_o", "skills", "removed", "discard"}
    assert {f.name for f in LifeTable.FIELDS if f.seen == "own"} == {"hands", "passes"}
    assert {f.name for f in LifeTable.FIELDS if f.seen == "hidden"} == {
        "decks",
        "events",
        "dream_deck",
    }
    seen_pass = False
    for step in range(400):
        if game.is_terminal(state):
            break
        if step % 7 == 0 or any(state.passes):
            for seat in range(3):
                obs = game.observe(state, seat)
                seen = obs.state
                assert seen.hands[seat] == state.hands[seat]
                for other in set(range(3)) - {seat}:
                    assert seen.hands[other] == Hidden(len(state.hands[other]))
                    with pytest.raises(HiddenInformation):
                        list(seen.hands[other])
                    if state.passes[other] is not None:
                        seen_pass = True
                        assert isinstance(seen.passes[other], Hidden)
                assert seen.passes[seat] == state.passes[seat]
                assert seen.decks == tuple(Hidden(len(d)) for d in state.decks)
                assert seen.events == tuple(Hidden(len(d)) for d in state.events)
                assert seen.dream_deck == Hidden(len(state.dream_deck))
                full = game.determinize(obs, rng)
                for name in public:
                    assert getattr(full, name) == getattr(state, name), name
                assert full.hands[seat] == state.hands[seat]
                assert _cards(full, game) == _cards(state, game)  # cards conserved
                assert [len(h) for h in full.hands] == [len(h) for h in state.hands]
                assert all(list(d) == sorted(d) for d in full.decks)  # decks stay sorted
        if game.current_player(state) < 0:
            state = game.apply(state, game.sample_chance(state, rng))
        else:
            state = game.apply(state, rng.choice(game.legal_ids(state)))
    assert seen_pass


def _poisoned(state: Any, seat: int) -> Any:
    """``state`` with every card ``seat`` cannot see replaced by a made-up id."""
    bogus = (f"X{k}" for k in range(1000))

    def fake(cards: Any) -> tuple[str, ...]:
        return tuple(next(bogus) for _ in cards)

    changed = {
        "decks": tuple(fake(d) for d in state.decks),
        "events": tuple(fake(d) for d in state.events),
        "dream_deck": fake(state.dream_deck),
        "hands": tuple(h if i == seat else fake(h) for i, h in enumerate(state.hands)),
        "passes": tuple(
            x if i == seat or x is None else "X999" for i, x in enumerate(state.passes)
        ),
    }
    return LifeTable.Frozen([changed.get(name, v) for name, v in zip(LifeTable.NAMES, state)])


def test_greedy_reads_only_what_its_seat_sees() -> None:
    """The greedy move is the same when every card its seat cannot see is replaced
    by a made-up id (a player peeking at rivals' dreams or the decks would fail)."""
    game = make_game(players=3)
    view = SeatView(game, 1, game.initial_state())
    t = seen_table(game, view.state)
    assert t.dream_deck == ["?"] * 12 and all(d == ["?"] * len(d) for d in t.decks)
    player, moves, late = greedy(), 0, 0
    for state, seat in choices_of_a_random_game(game, random.Random(2)):
        fake = _poisoned(state, seat)
        assert game.observe(fake, seat).state == game.observe(state, seat).state
        a = player(SeatView(game, seat, state), random.Random(moves))
        assert a == player(SeatView(game, seat, fake), random.Random(moves)), moves
        moves += 1
        late += all(len(h) == 1 for h in state.hands)  # rivals' dreams would score
    assert moves > 100 and late > 20


def test_greedy_beats_random_more_often_than_its_share() -> None:
    game = make_game(players=3)
    wins = sum(
        0 in game.winners(playout(game, [greedy(), random_player, random_player], seed).final)
        for seed in range(12)
    )
    assert wins >= 6  # a fair share would be 4 of 12
