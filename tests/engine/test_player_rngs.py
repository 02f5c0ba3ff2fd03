"""Players draw from rngs of their own (kernel.seeds.player_rngs): the chance of a
game seeded ``seed`` is the same whoever plays it and however long they think."""

from __future__ import annotations

import random
from collections.abc import Hashable

import pytest

from workbench.engine import Session, playout, playout_in_place, random_player
from workbench.engine.kernel.seeds import player_rng, player_rngs
from workbench.engine.players.specs import player_from_spec
from workbench.registry import make_game


def rolls(actions: tuple[Hashable, ...], chance: tuple[bool, ...]) -> list[Hashable]:
    return [a for a, c in zip(actions, chance, strict=True) if c]


def pig_rolls(specs: list[str], seed: int) -> list[Hashable]:
    game = make_game("pig", goal=30)
    r = playout(game, [player_from_spec(s, "pig") for s in specs], seed)
    return rolls(r.actions, r.chance)


@pytest.mark.parametrize("seed", [1, 2])
def test_the_same_seed_rolls_the_same_dice_whatever_the_search_budget(seed: int) -> None:
    # Pig's die rolls do not depend on the position, so the game's rolls are the chance
    # stream itself: with one shared rng the searcher's draws would shift every roll
    short, long = (
        pig_rolls(["ismcts:8", "hold:20"], seed),
        pig_rolls(["ismcts:30", "hold:20"], seed),
    )
    n = min(len(short), len(long))
    assert n >= 10
    assert short[:n] == long[:n]


def test_the_same_seed_rolls_the_same_dice_for_random_and_greedy_seats() -> None:
    a, b = pig_rolls(["random", "random"], 5), pig_rolls(["greedy", "hold:15"], 5)
    n = min(len(a), len(b))
    assert n >= 10 and a[:n] == b[:n]
    # ... and the chance rng alone gives them: random.Random(seed) rolls 1..6 in order
    rng = random.Random(5)
    assert a[:n] == [rng.choice(range(1, 7)) for _ in range(n)]


def test_a_seats_draws_do_not_shift_another_seats() -> None:
    game = make_game("pig", goal=30)
    noisy_draws = []

    def noisy(view, rng):  # draws a lot, then plays like hold:20
        noisy_draws.append([rng.random() for _ in range(50)])
        return player_from_spec("hold:20", "pig")(view, rng)

    quiet = playout(game, [player_from_spec("hold:20", "pig"), random_player], 8)
    loud = playout(game, [noisy, random_player], 8)
    assert loud == quiet  # seat 1's random choices and the dice are the same
    own = player_rng(8, 0)
    assert noisy_draws[0] == [own.random() for _ in range(50)]


def test_playout_in_place_and_sessions_give_the_same_game() -> None:
    game = make_game("pig", goal=30)
    seats = [random_player, player_from_spec("ismcts:10", "pig")]
    slow = playout(game, seats, 4)
    assert playout_in_place(game, seats, 4, record=True) == slow
    s = Session(game, seed=4)
    s.play_to_end(seats)
    assert s.actions == slow.actions and s.state == slow.final


def test_undo_rewinds_the_bots_rng_too() -> None:
    s = Session(make_game("pig", goal=30), seed=3)
    s.bot_move(random_player)
    s.bot_move(random_player)
    first = s.actions
    s.undo()
    s.undo()
    s.bot_move(random_player)
    s.bot_move(random_player)
    assert s.actions == first
    assert s.rng_marks[-1] == len(rolls(s.actions, s.chance_flags))  # bots drew no chance words
    assert player_rngs(3, 2)[1].random() == s.player_rng(1).random()  # seat 1 has not moved


def test_a_random_instance_as_seed_keys_the_players_by_its_state() -> None:
    game = make_game("pig", goal=30)
    a = playout(game, random_player, random.Random(9))
    b = playout(game, random_player, random.Random(9))
    assert a == b
    assert a != playout(game, random_player, random.Random(10))
