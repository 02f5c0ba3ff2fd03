"""Forced moves made by the kernel (``KernelGame.forced_moves``, issue 38): a decision with
one legal action is made while the table settles, on every path, and the log narrates it.

Two Tricks deals each seat two cards from pairs 1..5, so a seat's last card, and both
cards of a pair, leave one legal play: the toy with ``forced_moves`` on against itself
with it off, played by a player that draws nothing (the lowest card), is the same game
with the one-option decisions left out of the actions.
"""

from __future__ import annotations

import random
from collections.abc import Hashable
from typing import Any, NamedTuple

import pytest

from workbench.engine.conformance.kernel_toy import Play, TwoTricks, TwoTricksTable
from workbench.engine.conformance.narration import Narrated, check_narration
from workbench.engine.kernel import always_asked, decision
from workbench.engine.kernel.seat import SeatView, random_player
from workbench.engine.play.session import Session
from workbench.engine.runs.playout import playout, playout_in_place


class ForcedTricks(TwoTricks):
    """Two Tricks with the kernel making the forced plays."""

    forced_moves = True


@always_asked
@decision
class AskedPlay(NamedTuple):
    """Two Tricks' play, asked even with one card left."""

    seat: int

    def legal(self, t: TwoTricksTable) -> list[int]:
        return Play(self.seat).legal(t)

    def resolve(self, t: TwoTricksTable, card: int) -> None:
        Play(self.seat).resolve(t, card)


class AskedTricks(ForcedTricks):
    """Forced moves on, but every play asked (the steps say so)."""

    def setup(self, t: TwoTricksTable) -> None:
        super().setup(t)
        t.tasks = [AskedPlay(s.seat) if type(s) is Play else s for s in t.tasks]


def lowest(view: SeatView, rng: random.Random) -> Hashable:
    """The lowest card (no draw from the rng: the same game whoever makes forced moves)."""
    return min(view.legal_ids)  # type: ignore[type-var]


def _one_option_decisions(game: Any, seed: int) -> tuple[list[Hashable], int]:
    """The unforced game's actions with its one-option decisions left out, and how many."""
    r = playout(game, lowest, seed)
    state, kept, single = game.initial_state(), [], 0
    for a in r.actions:
        if game.current_player(state) >= 0 and len(game.legal_ids(state)) == 1:
            single += 1
        else:
            kept.append(a)
        state = game.apply(state, a)
    return kept, single


@pytest.mark.parametrize("seed", range(12))
def test_forced_game_is_the_asked_game_without_one_option_decisions(seed: int) -> None:
    kept, single = _one_option_decisions(TwoTricks(), seed)
    forced = playout(ForcedTricks(), lowest, seed)
    assert list(forced.actions) == kept
    assert forced.turns == 4 - single  # two plays each, the one-option ones made
    assert forced.final.tricks == playout(TwoTricks(), lowest, seed).final.tricks
    # the seat's last card is always forced, so at most two of the four plays are asked
    assert 0 < forced.turns <= 2


@pytest.mark.parametrize("seed", range(12))
def test_in_place_and_immutable_make_the_same_forced_moves(seed: int) -> None:
    game = ForcedTricks()
    fast = playout_in_place(game, random_player, seed, record=True)
    assert fast == playout(game, random_player, seed)


def test_no_one_option_decision_is_ever_left_to_a_seat() -> None:
    game = ForcedTricks()
    for seed in range(20):
        state = game.initial_state()
        while game.current_player(state) != -4:
            if game.current_player(state) >= 0:
                assert len(game.legal_ids(state)) > 1
                state = game.apply(state, game.legal_ids(state)[0])
            else:
                state = game.apply(state, game.sample_chance(state, random.Random(seed)))


def test_a_step_always_asked_is_asked_with_one_option() -> None:
    for seed in range(6):
        asked = playout(AskedTricks(), lowest, seed)
        assert asked.turns == 4
        assert asked.final.tricks == playout(TwoTricks(), lowest, seed).final.tricks


def test_play_out_counts_real_steps_only_and_stops_settled() -> None:
    game = ForcedTricks()
    t = game.new_table()
    made = t.play_out(random.Random(2), max_steps=5)  # four deals, then one real play
    assert made == 5
    top = t.tasks[-1]
    assert top.KIND != 2 or len(top.legal(t)) > 1  # never stopped on a forced decision
    assert t.play_out(random.Random(2)) <= 1  # the second seat's play is all that is left


def test_the_log_narrates_each_forced_move() -> None:
    game, plain = ForcedTricks(), TwoTricks()
    for seed in range(8):
        s = Session(game, seed=seed)
        s.play_to_end(lowest)
        kept, single = _one_option_decisions(plain, seed)
        forced_lines = [x for line in s.log for x in line.split("; ")[1:] if "(forced)" in x]
        assert len(forced_lines) == single
        assert all(x.startswith("P") and " plays " in x for x in forced_lines)
        # a replay of the shorter actions is the same game
        again = Session.from_replay(s.to_replay(), game)
        assert again.state == s.state and again.log == s.log


def test_hand_changes_of_forced_moves_are_explained_by_the_log() -> None:
    hands = Narrated("hand size", lambda g, s: tuple(map(len, g.view(s).hands)), says="deal|plays")
    report = check_narration(
        ForcedTricks(),
        [hands],
        players=["random"],
        n_games=6,
        names=lambda s: (f"seat {s + 1}", f"P{s + 1}:"),
        viewers=(None, 0, 1),
    )
    assert report.ok, str(report)
    assert report.changes > 0
