"""The conformance kit passes good games and names the first failure of broken ones."""

from __future__ import annotations

from collections import Counter
from collections.abc import Hashable, Mapping
from dataclasses import dataclass, replace
from typing import Any

import pytest

from workbench.engine import check_conformance
from workbench.engine.toy import DiceRace, DiceRaceParams, DiceRaceState, TakeAway


def test_toy_games_conform() -> None:
    report = check_conformance(DiceRace(), n_games=200, seed=1)
    assert report.ok and report.games == 200
    assert report.replays_checked == 4 and report.chance_steps > 0
    check_conformance(TakeAway(), n_games=100, seed=2)
    check_conformance(DiceRace(DiceRaceParams(players=4)), n_games=100, seed=3)


class LeakyRace(DiceRace):
    """Loses the played card instead of discarding it."""

    def apply(self, state: DiceRaceState, action_id: Hashable) -> DiceRaceState:
        new = super().apply(state, action_id)
        return replace(new, discard=()) if new.discard else new


def test_lost_cards_are_reported() -> None:
    with pytest.raises(AssertionError, match=r"\[cards\] game #0 .* lost \{"):
        check_conformance(LeakyRace(), n_games=5, seed=0)


@dataclass
class Box:
    n: list[int]

    def __hash__(self) -> int:
        return hash(tuple(self.n))

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Box) and self.n == other.n


class Mutating(TakeAway):
    """Mutates the state it is given (a list inside)."""

    def initial_state(self) -> Any:
        return Box([7])

    def current_player(self, state: Any) -> int:
        return -4 if state.n[0] <= 0 else 0

    def legal_actions(self, state: Any) -> Any:
        return super().legal_actions(super().initial_state()) if state.n[0] > 0 else []

    def apply(self, state: Any, action_id: Hashable) -> Any:
        state.n[0] -= int(action_id)  # type: ignore[call-overload]
        return Box(list(state.n))

    def returns(self, state: Any) -> tuple[float, ...]:
        return (0.0, 0.0)


def test_mutation_is_reported() -> None:
    report = check_conformance(Mutating(), n_games=3, seed=0, raise_on_failure=False)
    assert report.failures[0].check == "immutable"
    assert "the state changed while listing, choosing or applying" in report.failures[0].message


class Endless(TakeAway):
    def apply(self, state: Any, action_id: Hashable) -> Any:
        return state


def test_game_must_end() -> None:
    with pytest.raises(AssertionError, match=r"\[ends\] .*max_steps=50"):
        check_conformance(Endless(), n_games=1, max_steps=50)


class ShortReturns(TakeAway):
    def returns(self, state: Any) -> tuple[float, ...]:
        return (1.0,)


def test_returns_need_one_entry_per_seat() -> None:
    with pytest.raises(AssertionError, match=r"\[returns\] .*1 entries for 2 seats"):
        check_conformance(ShortReturns(), n_games=1)


class HiddenRandom(TakeAway):
    import random as _r

    def legal_actions(self, state: Any) -> Any:
        acts = list(super().legal_actions(state))
        self._r.shuffle(acts)
        return acts


def test_hidden_randomness_breaks_reproduction() -> None:
    report = check_conformance(HiddenRandom(), n_games=3, seed=0, raise_on_failure=False, full_every=1)
    assert any(f.check == "replay" for f in report.failures)


class ZonesRace(DiceRace):
    def zones(self, state: DiceRaceState) -> Mapping[str, Counter[Hashable]]:
        return {"deck": Counter({1: -1})}


def test_negative_zone_counts_fail() -> None:
    with pytest.raises(AssertionError, match="negative count"):
        check_conformance(ZonesRace(), n_games=1)


def test_fast_path_is_compared_with_the_normal_path(monkeypatch: pytest.MonkeyPatch) -> None:
    from workbench.engine import conformance, playout, random_player

    def good(game: Any, seed: int) -> tuple[float, ...]:
        return game.returns(playout(game, random_player, seed).final)

    monkeypatch.setattr(conformance, "fast_playout_of", lambda game: good)
    report = check_conformance(DiceRace(), n_games=40, seed=0, full_every=10)
    assert report.fast_checked == 4

    def off_by_one(game: Any, seed: int) -> tuple[float, ...]:
        return tuple(x + 1 for x in good(game, seed))

    monkeypatch.setattr(conformance, "fast_playout_of", lambda game: off_by_one)
    with pytest.raises(AssertionError, match=r"\[fast\] game #0 .*fast_random_playout gave"):
        check_conformance(DiceRace(), n_games=5, seed=0)


def test_report_text_and_html() -> None:
    report = check_conformance(TakeAway(), n_games=10, seed=0)
    assert report.summary().startswith("takeaway: 10 games")
    assert report.summary().endswith("all checks passed")
    assert "all checks passed" in report._repr_html_()


@pytest.mark.slow
def test_toy_games_conform_over_10000_games() -> None:
    check_conformance(DiceRace(DiceRaceParams(players=3)), n_games=10_000, seed=7)


class ListingMutates(Mutating):
    """Mutates the state while listing its actions (apply itself is clean)."""

    def legal_actions(self, state: Any) -> Any:
        acts = super().legal_actions(state)
        state.n.append(0)
        return acts

    def apply(self, state: Any, action_id: Hashable) -> Any:
        return Box([state.n[0] - int(action_id)])  # type: ignore[call-overload]


def test_mutation_while_listing_actions_is_reported() -> None:
    report = check_conformance(ListingMutates(), n_games=2, seed=0, raise_on_failure=False)
    assert report.failures[0].check == "immutable" and report.failures[0].step == 0
