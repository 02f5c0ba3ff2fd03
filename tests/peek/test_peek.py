"""The peeking check (issue 13): honest players win Peek 1/4 of the time, a peeking one always."""

from __future__ import annotations

import itertools
import random
from collections.abc import Hashable
from fractions import Fraction
from typing import Any

import pytest

from workbench.engine.conformance import check_conformance
from workbench.engine.kernel.protocol import CHANCE
from workbench.engine.kernel.seat import SeatView
from workbench.engine.runs.simulate import simulate
from workbench.games.peek.analysis import honest_win_chance, peek_check
from workbench.games.peek.rules import make_game
from workbench.prob.intervals import wilson as wilson_interval
from workbench.registry import make_game as registered


def peeking_player(view: SeatView, rng: random.Random) -> Hashable:
    """Reads seat 2's card through a side channel (the table behind the view): a cheat."""
    source: Any = view._source  # noqa: SLF001 - the point of this player
    return source.hands[1]


def _deals(game: Any) -> list[tuple[Fraction, Any]]:
    """Every state after the two deals with its exact probability (walking chance)."""
    out = [(Fraction(1), game.initial_state())]
    while game.current_player(out[0][1]) == CHANCE:
        out = [
            (p * Fraction(w, d.total), game.apply(s, o))
            for p, s in out
            for d in [game.chance_outcomes(s)]
            for o, w in d.items()
        ]
    return out


def test_it_is_registered_and_conforms() -> None:
    assert registered("peek").name == "peek"
    report = check_conformance(make_game(), n_games=200, seed=1)
    assert report.ok, report


def test_every_strategy_that_sees_only_seat_1_wins_exactly_one_quarter() -> None:
    """Brute force over the 16 deals and all 4^4 guessing rules (own card -> a name)."""
    g = make_game()
    deals = _deals(g)
    assert len(deals) == 16 and sum(p for p, _ in deals) == 1
    for rule in itertools.product(range(1, 5), repeat=4):
        win = sum(p for p, s in deals if rule[s.hands[0] - 1] == s.hands[1])
        assert win == Fraction(1, 4) == honest_win_chance()


def test_seat_1_card_changes_nothing_seat_0_sees() -> None:
    """The observation (and so the determinisation) is the same whatever seat 2 holds."""
    g = make_game()
    for mine in range(1, 5):
        seen = {g.observe(s, 0) for _, s in _deals(g) if s.hands[0] == mine}
        assert len(seen) == 1
        (obs,) = seen
        assert obs.unseen == (1, 2, 3, 4)
        dealt = [g.determinize(obs, random.Random(i)).hands[1] for i in range(4000)]
        lo, hi = wilson_interval(dealt.count(3), 4000)
        assert lo < 0.25 < hi


@pytest.mark.parametrize("spec", ["random", "greedy", "osla", "osla:4", "ismcts:100"])
def test_honest_players_win_about_a_quarter(spec: str) -> None:
    c = peek_check(spec, games=300, seed=1)
    assert c.looks_honest, (spec, c)
    assert 0.15 < c.win_rate < 0.35


def test_a_peeking_player_wins_always_and_fails_the_check() -> None:
    c = peek_check(peeking_player, games=300, seed=1)
    assert c.wins == 300 and not c.looks_honest


def test_the_peeker_also_wins_on_the_immutable_path() -> None:
    df = simulate(
        make_game(), [peeking_player, peeking_player], n=50, seed=2, fast=False, seating="fixed"
    )
    assert (df["winner"] == 0).all()


def test_cards_parameter_and_bad_values() -> None:
    assert honest_win_chance(6) == Fraction(1, 6)
    assert make_game(cards=6).legal_ids(_deals(make_game(cards=6))[0][1]) == [1, 2, 3, 4, 5, 6]
    with pytest.raises(ValueError, match="cards must be 2..20"):
        make_game(cards=0)
    with pytest.raises(ValueError, match="peek is played by 2 seats"):
        make_game(players=3)
