"""Players: random, greedy (exact chance averaging), designer functions with validation."""

from __future__ import annotations

import pickle
import random
from typing import Any

import pytest

from workbench.engine import IllegalAction, function_player, greedy_player, random_player
from workbench.engine.conformance.toy import (
    DiceRace,
    DiceRaceParams,
    DiceRaceState,
    TakeAway,
    TakeAwayState,
)
from workbench.engine.kernel.protocol import Action
from workbench.engine.players import SeatView, margin_score


def _v(game: Any, state: Any) -> SeatView:
    """The view of the seat to move."""
    return SeatView(game, max(game.current_player(state), 0), state)


def test_random_player_is_rng_choice_over_the_listed_order() -> None:
    g = TakeAway()
    rng_a, rng_b = random.Random(9), random.Random(9)
    picks = [random_player(_v(g, TakeAwayState(7)), rng_a) for _ in range(50)]
    assert picks == [rng_b.choice([1, 2, 3]) for _ in range(50)]
    assert set(picks) == {1, 2, 3}


def test_random_player_refuses_terminal_states() -> None:
    with pytest.raises(IllegalAction, match="takeaway: no legal action"):
        random_player(_v(TakeAway(), TakeAwayState(0)), random.Random(0))


def test_greedy_averages_chance_exactly() -> None:
    # goal 12, P1 at 9 holding a 1 and a 3: the 3 reaches the goal for sure (margin 12 - 0)
    # while a d4 roll averages 11.5 (capped at 12): greedy plays the 3
    g = DiceRace(DiceRaceParams())
    s = DiceRaceState((9, 0), ((1, 3), (1, 2)), ((2, 1),), (), 0)
    assert greedy_player()(_v(g, s), random.Random(0)) == ("card", 3)

    def position(game: Any, state: DiceRaceState, seat: int) -> float:
        return state.positions[seat]

    # from 0 with cards 1 and 3: a d4 averages 2.5 < 3, so the 3 again; with only the 1, roll
    s0 = DiceRaceState((0, 0), ((1, 3), (1, 2)), ((2, 1),), (), 0)
    assert greedy_player(position)(_v(g, s0), random.Random(0)) == ("card", 3)
    s1 = DiceRaceState((0, 0), ((1,), (1, 2)), ((2, 1),), (), 0)
    assert greedy_player(position)(_v(g, s1), random.Random(0)) == "roll"


def test_greedy_breaks_ties_with_the_rng() -> None:
    flat = greedy_player(lambda game, state, seat: 0.0)
    picks = {flat(_v(TakeAway(), TakeAwayState(7)), random.Random(k)) for k in range(30)}
    assert picks == {1, 2, 3}


def test_margin_score() -> None:
    assert margin_score(DiceRace(), DiceRaceState((5, 2), ((), ()), (), (), 0), 1) == -3.0


def test_players_pickle_for_worker_processes() -> None:
    for p in (greedy_player(margin_score), function_player(_first)):
        q = pickle.loads(pickle.dumps(p))
        assert q(_v(TakeAway(), TakeAwayState(7)), random.Random(0)) == p(
            _v(TakeAway(), TakeAwayState(7)), random.Random(0)
        )


def _first(state: Any, actions: list[Action]) -> Action:
    return actions[0]


def test_function_player_both_declared_shapes_and_validation() -> None:
    g, s = TakeAway(), TakeAwayState(7)
    assert function_player(_first)(_v(g, s), random.Random(0)) == 1
    three = function_player(lambda game, state, rng: 3, takes="game, state, rng")
    assert three(_v(g, s), random.Random(0)) == 3
    with pytest.raises(
        IllegalAction, match=r"player _bad returned \[1\], not a legal action; legal ids: 1, 2, 3"
    ):
        function_player(_bad)(_v(g, s), random.Random(0))
    with pytest.raises(ValueError, match="^player function takes='state': write takes="):
        function_player(lambda state: 1, takes="state")


def _bad(state: Any, actions: list[Action]) -> list[int]:
    return [1]
