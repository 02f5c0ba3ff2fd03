"""The 「何か」 log says every change a user sees (issue 35): battles with totals, who won and
the ghosts taken for their VP, events opening, ghosts sent to 「虚」, the game's end; the
narration check passes, and fails when the battle's line is silenced."""

from __future__ import annotations

import re
from typing import Any

import pytest

from workbench.engine.conformance.narration import check_narration
from workbench.engine.play.session import Session
from workbench.engine.play.viewer import log_for
from workbench.engine.players import random_player
from workbench.games.ghost.board import make_board
from workbench.games.ghost.narration import NARRATED, seat_names
from workbench.games.ghost.params import GhostParams
from workbench.games.ghost.players import greedy_player
from workbench.games.ghost.rules import GhostGame


@pytest.mark.parametrize("players", [2, 4])
def test_every_narrated_change_is_explained(players: int) -> None:
    report = check_narration(
        GhostGame(GhostParams(players=players)),
        NARRATED,
        n_games=2,
        names=seat_names,
        viewers=(None, 0),
    )
    assert report.ok, str(report)
    assert report.games == 4 and report.changes > 200


def test_variants_are_narrated_too() -> None:
    for params in (
        GhostParams(players=3, master_slave=True),
        GhostParams(players=3, no_ghost_penalty="lose_vp", server_end="next_turn"),
    ):
        report = check_narration(GhostGame(params), NARRATED, n_games=2, names=seat_names)
        assert report.ok, str(report)


class SilentBattles(GhostGame):
    """The same rules with the line of a battle's last roll silenced: it says the roll,
    not the battle's result."""

    def _narrated(self, state: Any, x: Any, text: str) -> str:
        if type(state[0][-1]).__name__ == "Roll":
            return text
        return super()._narrated(state, x, text)


def test_a_silenced_battle_line_fails_the_check() -> None:
    report = check_narration(
        SilentBattles(GhostParams(players=2)), NARRATED, players=["greedy"], names=seat_names
    )
    assert not report.ok
    assert {"VP", "ghosts installed"} <= set(report.missed)
    assert re.search(
        r"ghost game \d \(greedy, seed \d\) step \d+, seen by the designer: "
        r"(VP|ghosts installed) of user \d \d+ -> \d+, unexplained by '\d+\. \S+ \[\w+\] rolls ",
        "\n".join(report.unexplained),
    ), str(report)


def _log(players: int, seed: int, greedy: bool = True) -> list[str]:
    s = Session(GhostGame(GhostParams(players=players)), seed=seed)
    s.play_to_end(greedy_player() if greedy else random_player)
    return s.log


def test_battle_lines_say_totals_winner_ghosts_taken_and_vp() -> None:
    log = _log(4, 3)
    battles = [x for x in log if "— battle (" in x]
    assert battles
    for line in battles:
        m = re.search(
            r": (\d+) to (\d+), user (\d) wins \((higher total|a tie goes to the defender)\)", line
        )
        assert m, line
        a, d = int(m[1]), int(m[2])
        assert (m[4] == "higher total") == (a != d)
        assert re.search(rf"user {m[3]} takes .+ \(\d VP\).* from user \d", line), line
        assert re.search(rf"user {m[3]}: \d+ → \d+ VP", line), line
    # every roll reads as the chance strip: strength with its modifier, raw sum, value
    rolls = [x for x in log if "] rolls " in x]
    assert all(re.search(r"rolls \d+D([+-]\d+)?: \d+", x) for x in rolls)
    assert any(re.search(r"rolls \d+D[+-]\d+: \d+ [+-]\d+ = \d+", x) for x in rolls)


def test_the_game_end_is_said_with_the_winner_or_that_everybody_lost() -> None:
    void = None
    for seed in range(60):  # a game 一般保護違反 ends (about 4 % of 4-user games)
        log = _log(4, seed)
        if "everybody loses" in log[-1]:
            void = log[-1]
            break
        assert re.search(r"game over: .*user \d (wins|win together)", log[-1]), log[-1]
    assert void is not None
    assert "mandatory event 一般保護違反" in void and "sent to 「虚」: " in void
    names = re.search(r"sent to 「虚」: ([^;]+);", void)
    assert names and all(re.fullmatch(r"\S+ of user \d", x) for x in names[1].split(", "))


def test_face_down_events_are_named_for_every_seat_once_they_open() -> None:
    s = Session(GhostGame(GhostParams(players=4)), seed=0)
    s.play_to_end(random_player)
    for seat in range(4):
        opened = [x for x in log_for(s, seat) if "face-down events open: " in x]
        # log_for names users as the game does (User N); the session's log writes user N
        assert opened and all(re.search(r"user \d's \S+", x, re.IGNORECASE) for x in opened)
    placed = [x for x in log_for(s, 1) if "place an event face down" in x]
    assert placed  # before the reveal another seat reads only that an event lies face down


def test_the_status_line_quotes_the_newest_move() -> None:
    board = make_board(seed=0, players=3)
    s = board.session
    for _ in range(400):
        t = s.game.view(s.state)
        if s.to_move >= 0 and t.phase not in ("setup", "over") and s.to_move != t.turn:
            break
        board.session.bot_move(random_player)
    status = board.status_text()
    newest = board.log_line(board.viewer_log()[-1]).partition(". ")[2].split(" — ")[0]
    assert f"after '{newest}'" in status, status
    # seed 0: user 2 reacts to user 1's download, not to user 1's older install
    assert newest.startswith("User 1 downloads") and "install" not in status
