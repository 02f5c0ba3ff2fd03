"""The seat's view as a table read on demand (``seen.seen_table``, ``SeatView.table``;
issue 38: the greedy players' view was rebuilt whole for every decision): each field
holds what ``seen_state`` holds (a public one is the table's own value, equal once made
a tuple), on every position of random games of each game, in place and on the
immutable path; a concealing table (ghost) masks what ``seen_state`` masks."""

from __future__ import annotations

import random

import pytest

from workbench.engine.kernel.fields import PUBLIC
from workbench.engine.kernel.hidden import HiddenInformation
from workbench.engine.kernel.seat import SeatView
from workbench.engine.kernel.seen import seen_table
from workbench.registry import make_game


def as_seen(f, v):
    """A public field's value as ``seen_state`` freezes it (lists as tuples)."""
    if f.seen != PUBLIC or f.depth == 0:
        return v
    return tuple(v) if f.depth == 1 else tuple(map(tuple, v))


@pytest.mark.parametrize("name", ["ghost", "life", "mugen", "detective"])
def test_each_field_is_what_the_seen_state_holds(name):
    game = make_game(name)
    rng = random.Random(8)
    t, positions = game.new_table(), 0
    while t.tasks:
        for seat in range(game.num_players):
            want = t.seen_state(seat)
            v = seen_table(t, seat)
            assert isinstance(v, type(t))
            for f, w in zip(t.FIELDS, want, strict=True):
                got = getattr(v, f.name)
                assert as_seen(f, got) == w, (f.name, seat)
                if f.seen == PUBLIC and f.name != "tasks" and f.depth:
                    assert got is getattr(t, f.name)  # not copied
        positions += 1
        t.step(t.sample(rng) if t.to_move() < 0 else rng.choice(list(t.legal())))
    assert positions > 20


def test_fields_are_read_on_demand_and_hidden_zones_stay_hidden():
    game = make_game("life")
    t = game.new_table()
    v = seen_table(t, 1)
    assert "albums" not in v.__dict__ and "hands" not in v.__dict__  # nothing read yet
    assert v.hands[1] == tuple(t.hands[1]) and len(v.hands[0]) == len(t.hands[0])
    assert "hands" in v.__dict__ and "albums" not in v.__dict__
    with pytest.raises(HiddenInformation):
        list(v.hands[0])
    with pytest.raises(HiddenInformation):
        list(v.dream_deck)


@pytest.mark.parametrize("name", ["life", "mugen", "ghost"])
def test_the_seat_view_table_is_the_same_on_both_paths(name):
    game = make_game(name)
    rng = random.Random(2)
    s = game.initial_state()
    for _ in range(40):
        who = game.current_player(s)
        if who >= 0:
            live = SeatView(game, who, game.thaw(s)).table
            frozen = SeatView(game, who, s).table
            for f in game.table.FIELDS:
                assert as_seen(f, getattr(live, f.name)) == getattr(frozen, f.name)
        s = game.apply(s, game.sample_chance(s, rng) if who < 0 else rng.choice(game.legal_ids(s)))


def test_a_concealed_target_is_masked_on_the_seen_table():
    """Ghost's face-down event target (``GhostTable.conceal``): masked for every seat but
    its placer, as ``seen_state`` masks it; the live table keeps it."""
    game = make_game("ghost")
    rng = random.Random(0)
    for seed in range(40):
        rng.seed(seed)
        t = game.new_table()
        while t.tasks:
            b = t.battle
            if b is not None and b.placed:
                for seat in range(game.num_players):
                    v = seen_table(t, seat)
                    assert v.battle == t.seen_state(seat).battle
                    if any(s != seat for s, _ in b.placed):
                        assert v.battle != b and t.battle is b
                return
            t.step(t.sample(rng) if t.to_move() < 0 else rng.choice(list(t.legal())))
    raise AssertionError("no face-down event placed in 40 random games")
