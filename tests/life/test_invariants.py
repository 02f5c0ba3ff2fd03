"""Invariants along random games, checked after every step on the table."""

from __future__ import annotations

import random

from workbench.engine.kernel.protocol import CHANCE
from workbench.games.life import dice as D
from workbench.games.life.rules import make_game
from workbench.games.life.table import CHARACTER, NEIGHBOURS, LifeTable


def check(t: LifeTable, before: LifeTable | None) -> int:
    """Check one position; the number of placement rolls verified."""
    rolls = 0
    placed = [c for a in t.albums for c in a if c not in (None, CHARACTER)]
    assert len(placed) == len(set(placed)), "a card is in two places"
    for seat, album in enumerate(t.albums):
        assert album.count(CHARACTER) <= 1
        if any(album):  # once the character card is down (it may be replaced later)
            for sq in t.dice_sq[seat]:
                assert album[sq] is not None, "a die stands on an empty square"
    assert all(0 <= o < 24 for dice in t.dice_o for o in dice)
    assert all(p >= 0 for p in t.power)
    if before is not None:
        for seat in range(len(t.albums)):
            for c in range(4):
                a, b = before.dice_sq[seat][c], t.dice_sq[seat][c]
                if (
                    a != b
                    and t.albums[seat][b] != before.albums[seat][b]
                    and before.albums[seat][a] is not None
                ):
                    # a placement moved the die: one square, rolled one face that way
                    d = next(d for n, d in NEIGHBOURS[a] if n == b)
                    assert t.dice_o[seat][c] == D.roll(before.dice_o[seat][c], d)
                    rolls += 1
    return rolls


def test_invariants_over_random_games():
    rolls = replaced = 0
    for params in ({}, {"players": 3, "timed_events": True}):
        game = make_game(**params)
        for seed in range(25):
            rng = random.Random(seed)
            t = game.new_table()
            while t.tasks:
                before = t.clone()
                if t.to_move() == CHANCE:
                    t.step(rng.choice(t.chance_dist().outcomes()))
                else:
                    t.step(rng.choice(t.legal()))
                rolls += check(t, before)
            replaced += sum(CHARACTER not in a for a in t.albums)
            assert t.stage == game.params.stages - 1
    assert rolls > 2000  # every placement's roll was checked
    assert replaced > 20  # some of them onto the character card (the seed's reading)
