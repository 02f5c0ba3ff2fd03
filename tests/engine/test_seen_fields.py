"""The compiled per-class ``seen_fields`` (what one seat sees of a table, and the cards it
does not see by pool) against the plain loop over the field declarations it unrolls, on
every position of random games of each kernel game and on a table with every kind of
field (issue 22 item 2, speed: the search observes after each step of its tree)."""

from __future__ import annotations

import random

import pytest

from workbench.engine.kernel import BY_SEAT, HIDDEN, OWN, Table, items, rows, value
from workbench.engine.kernel.fields import PUBLIC
from workbench.engine.kernel.hidden import hidden
from workbench.engine.kernel.seen import seen_fields
from workbench.registry import make_game


def loop_over_fields(t, seat):
    """The reference: one field at a time, as the declarations read."""
    out, pools = [], {}
    for f in t.FIELDS:
        v = getattr(t, f.name)
        if f.seen == PUBLIC:
            out.append(v if f.depth == 0 else tuple(v) if f.depth == 1 else tuple(map(tuple, v)))
        elif f.depth == 1 and f.seen == OWN:
            out.append(
                tuple(x if i == seat else hidden(0 if x is None else 1) for i, x in enumerate(v))
            )
            for i, x in enumerate(v):
                if i != seat and x is not None:
                    pools.setdefault(f.key(i), []).append(x)
        elif f.depth == 1:
            out.append(hidden(len(v)))
            pools.setdefault(f.key(0), []).extend(v)
        else:
            mine = f.seen == OWN
            out.append(
                tuple(tuple(r) if mine and i == seat else hidden(len(r)) for i, r in enumerate(v))
            )
            for i, r in enumerate(v):
                if not (mine and i == seat):
                    pools.setdefault(f.key(i), []).extend(r)
    return out, pools


def _same(t, seat):
    got, want = seen_fields(t, seat), loop_over_fields(t, seat)
    assert got == want
    assert list(got[1]) == list(want[1])  # the pools in the same order too


class EveryKind(Table):
    round: int = value()
    decks: list[list[str]] = rows(seen=HIDDEN, sort=True, pool=BY_SEAT)
    hands: list[list[str]] = rows(seen=OWN, pool=BY_SEAT)
    shown: list[list[int]] = rows()
    events: list[int] = items(seen=HIDDEN, pool="events")
    secret: list[str | None] = items(seen=OWN)
    owned: list[str | None] = items(seen=OWN, pool=BY_SEAT)
    piles: list[list[int]] = rows(seen=HIDDEN)
    log: list[str] = items()


def test_every_kind_of_field_is_seen_as_the_loop_sees_it():
    t = EveryKind(None)
    t.tasks, t.round = [], 3
    t.decks, t.hands = [["a1", "a2"], ["b1"], []], [["a4"], [], ["c1", "c2"]]
    t.shown, t.events, t.log = [[1], [], [2, 3]], [7, 8], ["x"]
    t.secret, t.owned, t.piles = ["s0", None, "s2"], [None, "o1", "o2"], [[4], [5, 6], []]
    for seat in range(3):
        _same(t, seat)
    out, pools = seen_fields(t, 1)
    assert out[2] == (hidden(2), hidden(1), hidden(0)) and out[3] == (hidden(1), (), hidden(2))
    assert out[6] == (hidden(1), None, hidden(1)) and out[7] == (hidden(0), "o1", hidden(1))
    assert pools[(BY_SEAT, 2)] == ["c1", "c2", "o2"] and pools[""] == ["s0", "s2", 4, 5, 6]


@pytest.mark.parametrize("name", ["ghost", "life", "mugen", "detective"])
def test_each_game_is_seen_as_the_loop_sees_it(name):
    game = make_game(name)
    rng = random.Random(4)
    s, seen = game.initial_state(), 0
    while game.current_player(s) != -4:
        t = game.thaw(s)
        for seat in range(game.num_players):
            _same(t, seat)
        seen += 1
        who = game.current_player(s)
        s = game.apply(s, game.sample_chance(s, rng) if who < 0 else rng.choice(game.legal_ids(s)))
    assert seen > 20


@pytest.mark.parametrize("name", ["ghost", "life", "mugen", "detective"])
def test_the_unseen_cards_follow_from_the_seen_state(name):
    """The search keys its tree by ``seen_state`` (the observation without the unseen
    cards): the same tree as keying by the whole observation, because within one search
    (worlds dealt from one view, then stepped) equal seen states have equal unseen cards."""
    game = make_game(name)
    rng = random.Random(6)
    s, k, met, shared = game.initial_state(), 0, {}, 0
    while game.current_player(s) != -4:
        who = game.current_player(s)
        k += 1
        if k % 9 == 0:
            for seat in range(game.num_players):
                met.clear()
                obs = game.observe(s, seat)
                for w in range(6):
                    t = game.thaw(game.determinize(obs, random.Random(w)))
                    steps = random.Random(k)  # the same choices where the worlds allow them
                    for _ in range(4):
                        mover = t.to_move()
                        if mover == -4:
                            break
                        options = list(t.chance_dist()) if mover < 0 else list(t.legal())
                        t.step(options[steps.randrange(1 << 20) % len(options)])
                        key, full = t.seen_state(seat), t.observe(seat)
                        assert full.state == key
                        if key in met:
                            assert met[key] == full, "equal seen states, different unseen cards"
                            shared += 1
                        met[key] = full
        s = game.apply(s, game.sample_chance(s, rng) if who < 0 else rng.choice(game.legal_ids(s)))
    assert shared > 30  # worlds met in the same seen state often enough to tell
