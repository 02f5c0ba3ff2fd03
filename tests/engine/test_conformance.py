"""The conformance kit passes good games and names the first failure of broken ones."""

from __future__ import annotations

from collections import Counter
from collections.abc import Hashable, Mapping
from dataclasses import dataclass, field, replace
from typing import Any

import pytest

from workbench.engine import check_conformance
from workbench.engine.conformance.toy import DiceRace, DiceRaceParams, DiceRaceState, TakeAway
from workbench.engine.kernel.protocol import Action
from workbench.prob.dist import Dist


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
    report = check_conformance(
        HiddenRandom(), n_games=3, seed=0, raise_on_failure=False, full_every=1
    )
    assert any(f.check == "replay" for f in report.failures)


class ZonesRace(DiceRace):
    def zones(self, state: DiceRaceState) -> Mapping[str, Counter[Hashable]]:
        return {"deck": Counter({1: -1})}


def test_negative_zone_counts_fail() -> None:
    with pytest.raises(AssertionError, match="negative count"):
        check_conformance(ZonesRace(), n_games=1)


def test_the_in_place_path_is_compared_with_the_immutable_one(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    from workbench.engine.conformance import check as conformance
    from workbench.engine.conformance.kernel_toy import make_game
    from workbench.engine.runs.playout import PlayoutResult, playout_in_place

    report = check_conformance(make_game(), n_games=40, seed=0, full_every=10)
    assert report.fast_checked == 4 and report.ok

    def one_step_short(game: Any, seats: Any, seed: int, **kw: Any) -> PlayoutResult:
        r = playout_in_place(game, seats, seed, **kw)
        return PlayoutResult(r.final, r.actions[:-1], r.chance[:-1])

    monkeypatch.setattr(conformance, "playout_in_place", one_step_short)
    with pytest.raises(
        AssertionError, match=r"\[in_place\] game #0 .*diverged from playout at step 7"
    ):
        check_conformance(make_game(), n_games=5, seed=0)


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


# -- defects that show only late, or only in games outside the deep sample ------------------
# ``full_every=10**6`` leaves game 0 as the only deep game: the other games run the light
# checks (see the conformance module docstring), which must still find each defect.

LIGHT_ONLY: dict[str, Any] = {"full_every": 10**6, "raise_on_failure": False, "max_failures": 50}


def _first_card_change(game: DiceRace, seed: int) -> int:
    """Brute force: the first step after which the zones' card multiset differs from the start."""
    from workbench.engine import playout, random_player

    def total(state: DiceRaceState) -> Counter[Hashable]:
        out: Counter[Hashable] = Counter()
        for counts in game.zones(state).values():
            out.update(counts)
        return +out

    state = game.initial_state()
    start = total(state)
    for k, a in enumerate(playout(game, random_player, seed).actions):
        state = game.apply(state, a)
        if total(state) != start:
            return k
    raise AssertionError("no card changed")


class LateLeak(DiceRace):
    """Loses a played 3 once its player is on square 8 or beyond (late, and only in some games)."""

    def apply(self, state: DiceRaceState, action_id: Hashable) -> DiceRaceState:
        new = super().apply(state, action_id)
        if action_id == ("card", 3) and state.positions[state.to_move] >= 8:
            return replace(new, discard=new.discard[:-1])
        return new


def test_a_card_lost_late_in_a_light_game_is_found_at_its_step() -> None:
    # spot steps so rare that the end-of-game check and the re-run must do the work
    report = check_conformance(LateLeak(), n_games=100, seed=3, spot_every=10**6, **LIGHT_ONLY)
    light = [f for f in report.failures if f.game_index != 0]
    assert light and all(f.check == "cards" for f in report.failures)
    for f in light:  # the re-run names the very step that lost the card, not the end of the game
        assert f.step == _first_card_change(LateLeak(), f.seed), f
        assert "lost {3: 1}" in f.message and "after ('card', 3)" in f.message
    assert any(
        "(re-run with every check at every step; first seen at step" in f.message for f in light
    )


class PendingDrawGap(DiceRace):
    """Forgets the drawing seat's hand while a draw is pending: a transient gap, whole at the end."""

    def zones(self, state: DiceRaceState) -> Mapping[str, Counter[Hashable]]:
        zones = dict(super().zones(state))
        if state.pending.startswith("draw") and state.discard:
            del zones[f"hand{state.pending[5:]}"]
        return zones


def test_a_transient_card_gap_is_found_by_the_spot_steps_of_light_games() -> None:
    report = check_conformance(PendingDrawGap(), n_games=60, seed=4, **LIGHT_ONLY)
    light = [f for f in report.failures if f.game_index != 0]
    assert light and {f.check for f in light} == {"cards"}
    assert all("changed: lost {" in f.message for f in light)
    with pytest.raises(AssertionError, match=r"\[cards\] game #0 "):
        check_conformance(PendingDrawGap(), n_games=1, seed=4)  # the deep game: at every step


@dataclass(frozen=True)
class NotedState(DiceRaceState):
    notes: Box = field(default_factory=lambda: Box([]))  # hashed by content, shared by replace()


class LateMutation(DiceRace):
    """Writes into a list inside the state it is given once somebody passed square 6."""

    def initial_state(self) -> DiceRaceState:
        s = super().initial_state()
        return NotedState(s.positions, s.hands, s.deck, s.discard, s.to_move, s.pending)

    def apply(self, state: DiceRaceState, action_id: Hashable) -> DiceRaceState:
        if max(state.positions) >= 6:
            state.notes.n.append(1)  # type: ignore[attr-defined]
        return super().apply(state, action_id)


def test_a_late_mutation_in_light_games_is_found() -> None:
    report = check_conformance(LateMutation(), n_games=40, seed=5, **LIGHT_ONLY)
    light = [f for f in report.failures if f.game_index != 0]
    assert light and {f.check for f in report.failures} == {"immutable"}


class LateStall(DiceRace):
    """Stops changing once somebody reaches square 10: those games never end."""

    def apply(self, state: DiceRaceState, action_id: Hashable) -> DiceRaceState:
        return state if max(state.positions) >= 10 else super().apply(state, action_id)


def test_a_game_that_stalls_late_is_reported() -> None:
    report = check_conformance(LateStall(), n_games=20, seed=6, max_steps=400, **LIGHT_ONLY)
    assert {f.check for f in report.failures} == {"ends"}
    assert any(f.game_index != 0 for f in report.failures)
    assert all(f.step == 400 and "max_steps=400" in f.message for f in report.failures)


class CrashOnLateCard(DiceRace):
    """Playing a 2 from square 9 on raises (a rule that was never written)."""

    def apply(self, state: DiceRaceState, action_id: Hashable) -> DiceRaceState:
        if action_id == ("card", 2) and state.positions[state.to_move] >= 9:
            raise KeyError("rule for late 2s")
        return super().apply(state, action_id)


def test_an_action_that_fails_to_apply_is_reported() -> None:
    report = check_conformance(CrashOnLateCard(), n_games=60, seed=7, **LIGHT_ONLY)
    light = [f for f in report.failures if f.game_index != 0]
    assert light and {f.check for f in report.failures} <= {"apply", "legal"}
    f = next(f for f in light if f.check == "apply")
    assert "apply(('card', 2)) raised KeyError" in f.message


class RareFace(DiceRace):
    """A die face drawn once in 4001 rolls, whose rule crashes: only the branch sweep meets it."""

    def chance_outcomes(self, state: DiceRaceState) -> Dist:
        if state.pending == "roll":
            return Dist({1: 1000, 2: 1000, 3: 1000, 4: 1000, 5: 1})
        return super().chance_outcomes(state)

    def apply(self, state: DiceRaceState, action_id: Hashable) -> DiceRaceState:
        if state.pending == "roll" and action_id == 5:
            raise ValueError("no rule for a 5")
        return super().apply(state, action_id)


def test_a_rare_branch_that_crashes_is_found_by_the_sweep() -> None:
    report = check_conformance(RareFace(), n_games=1, seed=0, raise_on_failure=False)
    assert report.failures[0].check == "chance"
    assert "apply(5), a listed branch not taken, raised ValueError" in report.failures[0].message


class Token:
    """A hashable action id that a replay file cannot store."""

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Token)

    def __hash__(self) -> int:
        return 7


class LateToken(DiceRace):
    """Names the roll with a Token once somebody passed square 7 (replays of those games break)."""

    def legal_actions(self, state: DiceRaceState) -> Any:
        acts = list(super().legal_actions(state))
        if acts and max(state.positions) >= 7:
            acts[0] = Action(Token(), "roll the die")
        return acts

    def apply(self, state: DiceRaceState, action_id: Hashable) -> DiceRaceState:
        return super().apply(state, "roll" if isinstance(action_id, Token) else action_id)


def test_action_ids_a_replay_cannot_store_are_reported_in_light_games() -> None:
    report = check_conformance(LateToken(), n_games=30, seed=8, **LIGHT_ONLY)
    light = [f for f in report.failures if f.game_index != 0]
    assert light and {f.check for f in report.failures} == {"replay"}
    assert "cannot be stored in a replay" in light[0].message


class Restless(DiceRace):
    """Remembers how many games it started: in every other game pieces move one square further."""

    def __init__(self, params: DiceRaceParams | None = None) -> None:
        super().__init__(params)
        self.starts = 0

    def initial_state(self) -> DiceRaceState:
        self.starts += 1
        return super().initial_state()

    def _advance(self, state: DiceRaceState, steps: int) -> DiceRaceState:
        return super()._advance(state, steps + self.starts % 2)  # odd games move one further


def test_a_game_whose_replay_diverges_is_reported() -> None:
    report = check_conformance(Restless(), n_games=1, seed=0, raise_on_failure=False)
    assert report.failures[0].check == "replay"
    assert "the same seed gave a different game" in report.failures[0].message


def test_an_in_place_path_that_diverges_only_in_some_games_is_reported(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    from workbench.engine.conformance import check as conformance
    from workbench.engine.conformance.kernel_toy import make_game
    from workbench.engine.runs.playout import PlayoutResult, playout_in_place

    def wrong_when_seat_two_wins(game: Any, seats: Any, seed: int, **kw: Any) -> PlayoutResult:
        r = playout_in_place(game, seats, seed, **kw)
        if r.final.tricks[1] != 2:  # wrong only when seat 2 took both tricks
            return r
        values = list(r.final)
        values[type(r.final).TABLE.NAMES.index("tricks")] = (2, 0)
        return PlayoutResult(type(r.final)(values), r.actions, r.chance)

    monkeypatch.setattr(conformance, "playout_in_place", wrong_when_seat_two_wins)
    report = check_conformance(make_game(), n_games=200, seed=9, fast_every=10, **LIGHT_ONLY)
    assert report.fast_checked == 20  # games 0, 10, ..., 190
    bad = report.failures
    assert bad and {f.check for f in bad} == {"in_place"}
    assert all(f.game_index % 10 == 0 for f in bad)


def test_what_runs_where_matches_the_docstring() -> None:
    report = check_conformance(DiceRace(), n_games=120, seed=10, full_every=50, spot_every=4)
    assert report.deep_games == 3 and report.replays_checked == 3  # games 0, 50, 100
    assert report.snapshots > 0 and report.branches_tried > 0
    every = check_conformance(DiceRace(), n_games=120, seed=10, full_every=50, spot_every=1)
    assert every.spot_checks == every.steps  # spot_every=1: every check at every step
    assert report.steps == every.steps  # the same games, whatever is checked
    assert every.steps / 4 * 0.8 < report.spot_checks < every.steps / 4 * 1.2 + 3 * 40
    with pytest.raises(ValueError, match="spot_every must be a positive int"):
        check_conformance(DiceRace(), n_games=1, spot_every=0)


def test_a_replayed_session_matches_the_played_one_after_the_replay_speed_ups() -> None:
    """The kit's game-0 replay goes through Replay.play: lazy log lines and shared rng states
    must give the same log, history and rng (undo included) as the session that was played."""
    from workbench.engine import Replay, Session, random_player
    from workbench.engine.play.session_replays import replay_step

    played = Session(DiceRace(), seed=11)
    played.play_to_end(random_player)
    replayed = Session.from_replay(Replay.from_json(played.to_replay().to_json()), DiceRace())
    assert replayed.history == played.history and replayed.log == played.log
    # the replay records the bots' rng draws (issue 16), so the replayed rng ends where the
    # played one did and the replay's chance outcomes are checked against its seed
    assert replayed.rng.getstate() == played.rng.getstate() and replayed.verified_chance
    for session in (played, replayed):
        session.jump(5)
        session.undo()
    assert replayed.state == played.state and replayed.log == played.log
    again = Session(DiceRace(), seed=11, auto_chance=False)
    for a in played.actions[: played.step]:
        replay_step(again, a)
    marks = again.rng_marks
    assert [marks[k] == marks[k - 1] for k in range(1, again.step + 1)] == [
        not c for c in again.chance_flags
    ]  # a decision leaves the rng as it was; a chance step draws
