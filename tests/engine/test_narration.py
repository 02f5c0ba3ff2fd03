"""The narration check passes a game whose log says every trick taken, and names the step,
the value, the seat, before and after when one line is silenced."""

from __future__ import annotations

from collections.abc import Hashable
from typing import Any

import pytest

from workbench.engine.conformance.kernel_toy import TwoTricks
from workbench.engine.conformance.narration import (
    Change,
    Narrated,
    check_narration,
    names_seat,
    seat_words,
)
from workbench.engine.kernel.protocol import CHANCE


def seats(s: int) -> tuple[str, ...]:
    """Two Tricks writes 'seat N' in its lines."""
    return (f"seat {s + 1}",)


class SaidTricks(TwoTricks):
    """Two Tricks whose log line of the second card says who took the trick: the step
    is run on a copy of the table (the rule itself, once), and the line reads the result."""

    silent = False  # True: the trick is taken without a word (the silenced line)

    def _taken(self, state: Any, x: Hashable, text: str) -> str:
        if self.silent or self.current_player(state) == CHANCE:
            return text
        before = self.view(state).tricks
        after = self.thaw(state)
        after.step(x)
        won = [i for i, (a, b) in enumerate(zip(before, after.tricks)) if a != b]
        if won:
            return f"{text}; seat {won[0] + 1} takes the trick"
        if not after.played and self.view(state).played:
            return f"{text}; equal cards: nobody takes the trick"
        return text

    def action_label(self, state: Any, action_id: Hashable) -> str:
        return self._taken(state, action_id, super().action_label(state, action_id))

    def label_for(self, state: Any, x: Hashable, seat: int | None) -> str:
        return self._taken(state, x, super().label_for(state, x, seat))


class SilencedTricks(SaidTricks):
    silent = True


def hand_sizes(game: Any, state: Any) -> tuple[int, ...]:
    return tuple(map(len, game.view(state).hands))


def tricks(game: Any, state: Any) -> tuple[int, ...]:
    return tuple(game.view(state).tricks)


NARRATED = [
    Narrated("hand size", hand_sizes, says=r"\bdeal|\bplays\b"),
    Narrated("tricks", tricks, says=r"takes the trick"),
]


def test_a_game_that_says_every_trick_passes() -> None:
    report = check_narration(
        SaidTricks(), NARRATED, players=["random"], n_games=6, names=seats, viewers=(None, 0, 1)
    )
    assert report.ok, str(report)
    assert report.games == 6 and report.steps == 6 * 8  # 4 deals and 4 plays a game
    # a hand size changes at each of the 8 steps, and each of the 12 tricks changes a
    # count unless its two cards are equal
    assert 6 * 8 < report.changes <= 6 * 8 + 12


def test_a_silenced_line_fails_and_names_the_step_value_seat_before_and_after() -> None:
    report = check_narration(SilencedTricks(), NARRATED, players=["random"], n_games=3, names=seats)
    assert not report.ok
    assert set(report.missed) == {"tricks"}
    first = report.unexplained[0]
    # seed 0: the first trick (steps 5 and 6) goes to seat 2, as in the module doctest
    assert first == (
        "two_tricks game 1 (random, seed 0) step 6, seen by the designer: "
        "tricks of seat 2 0 -> 1, unexplained by '6. Player 2: seat 2 plays 4'"
    )
    said = check_narration(SaidTricks(), NARRATED, players=["random"], n_games=3, names=seats)
    assert said.ok and said.changes == report.changes  # the same games, the line said


def test_the_line_must_name_the_seat_that_changed() -> None:
    # hand sizes are said with 'deal'/'plays' but another seat's name does not explain them
    wrong = lambda s: (f"seat {2 - s}",)  # noqa: E731 - the other seat's name
    report = check_narration(
        SilencedTricks(), NARRATED[:1], players=["random"], n_games=1, names=wrong
    )
    assert report.missed == {"hand size": 8}


def test_a_seat_reads_hidden_lines_and_each_viewer_is_checked() -> None:
    # a card dealt to seat 1 reads 'deal a card to seat 1' to seat 2: still a deal
    ok = check_narration(SaidTricks(), NARRATED, players=["random"], names=seats, viewers=(1,))
    assert ok.ok
    strict = Narrated("hand size", hand_sizes, says=r"deal \d")  # names the card dealt
    report = check_narration(
        SaidTricks(), [strict], players=["random"], n_games=1, names=seats, viewers=(None, 1)
    )
    assert "seen by Player 2: hand size of seat 1 0 -> 1" in report.unexplained[0]
    assert report.missed == {"hand size": 8 + 2}  # 4 plays everywhere, seat 1's 2 deals for seat 2


def test_a_predicate_explains_instead_of_words() -> None:
    def only_seat_one_plays(line: str, change: Change, names: Any) -> bool:
        return change.seat == 0 or "deal" in line

    report = check_narration(
        SaidTricks(),
        [Narrated("hand size", hand_sizes, explains=only_seat_one_plays)],
        players=["random"],
        n_games=1,
        names=seats,
    )
    assert report.missed == {"hand size": 2}  # seat 2's two plays


def test_greedy_players_are_played_too() -> None:
    report = check_narration(SaidTricks(), NARRATED, n_games=2, names=seats)
    assert report.ok and report.games == 4


@pytest.mark.parametrize(
    "line, seat, expected",
    [("3. P2: take 2", 1, True), ("Player 12 wins", 1, False), ("player 2 wins", 1, True)],
)
def test_names_seat_reads_whole_names(line: str, seat: int, expected: bool) -> None:
    assert names_seat(line, seat_words(seat)) is expected
