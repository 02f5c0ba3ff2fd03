"""Hand-made Life positions for rule tests."""

from __future__ import annotations

import copy
import random
from collections.abc import Iterable, Iterator
from typing import Any

from workbench.games.life import dice as D
from workbench.games.life.rules import LifeGame, make_game
from workbench.games.life.table import CHARACTER, LifeTable


def sq(name: str) -> int:
    """'b2' -> square number (column letter, row number; row 1 is north)."""
    return (int(name[1]) - 1) * 4 + "abcd".index(name[0])


def asked(game: LifeGame | None = None) -> LifeGame:
    """``game`` (default: the base game) with every decision asked, one legal action or not
    (``forced_moves`` off on a copy): the same rules, so a scripted test names each move and
    reads the one action a step leaves (the kernel's forced moves on the real game:
    ``test_placement.test_a_card_with_one_square_is_placed_by_the_kernel``, the goldens)."""
    plain = copy.copy(game or make_game())
    plain.forced_moves = False  # type: ignore[misc]
    return plain


def blank(game: LifeGame | None = None, **fields: Any) -> tuple[LifeGame, LifeTable]:
    """A table after set-up with empty albums, no steps, and the given fields."""
    game = game or make_game()
    t = game.new_table()
    t.tasks = []
    n = game.params.players
    t.albums = [[None] * 16 for _ in range(n)]
    t.dice_o = [[D.index_of(1, 2)] * 4 for _ in range(n)]
    t.hands = [[] for _ in range(n)]
    for name, value in fields.items():
        setattr(t, name, value)
    return game, t


def album(**cards: str) -> list[str | None]:
    """An album from square names: album(b2="@", b1="J07")."""
    out: list[str | None] = [None] * 16
    for name, card in cards.items():
        out[sq(name)] = CHARACTER if card == "@" else card
    return out


def named(step: Any) -> tuple[Any, ...]:
    """A step as (class name, *fields): steps of different classes with equal
    fields are equal tuples, so tests compare them with their class."""
    return (type(step).__name__, *step)


def names(steps: Iterable[Any]) -> list[tuple[Any, ...]]:
    """:func:`named` of every step, in order."""
    return [named(s) for s in steps]


def choices_of_a_random_game(game: LifeGame, rng: random.Random) -> Iterator[tuple[Any, int]]:
    """(state, seat) at each decision of a game played at random from ``rng`` (chance and
    moves) where the seat to move has more than one legal action."""
    state = game.initial_state()
    while not game.is_terminal(state):
        seat = game.current_player(state)
        if seat < 0:
            state = game.apply(state, game.sample_chance(state, rng))
            continue
        if len(game.legal_ids(state)) > 1:
            yield state, seat
        state = game.apply(state, rng.choice(game.legal_ids(state)))
