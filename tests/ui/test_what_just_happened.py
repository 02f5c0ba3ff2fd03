"""What just happened on a board (issue 26 item 6): every bot move since a person last
decided is listed; the deciding player and the turn's owner are told apart; the
keyboard shortcuts are written on the picture boards."""

from __future__ import annotations

from workbench.games.detective.board import make_board as detective_board
from workbench.games.mugen.board import make_board as mugen_board


def test_bot_moves_between_two_clicks_are_each_listed() -> None:
    b = detective_board(seed=1)
    for seat in range(1, len(b.seat_choosers)):
        b.seat_choosers[seat].value = "random" if "random" in b.bots else list(b.bots)[0]
    listed = 0
    for _ in range(6):
        s = b.session
        before = s.step
        b.click_action(s.legal_actions()[-1].id)
        html = b.recent.value
        bot_lines = [line for line in s.log[before:] if ". P" in line and ". P1:" not in line]
        if bot_lines:
            listed += 1
            assert "since the last move by a person" in html
            for line in bot_lines:  # each bot decision, in the board's names
                assert b.log_line(line).split(". ", 1)[1] in html
        else:
            assert html == ""
    assert listed >= 3


def test_no_list_when_only_people_play() -> None:
    b = detective_board(seed=1)
    b.click_action(b.session.legal_actions()[0].id)
    assert b.recent.value == ""


def test_deciding_player_and_turn_owner_are_told_apart() -> None:
    b = detective_board(seed=1)
    who = b.session.to_move
    b.turn_owner = lambda game, state: (who + 1) % game.num_players
    b.refresh()
    text = b.status_text()
    assert text.startswith(f"{b.seat_name(who)} decides in {b.seat_name(who + 1)}'s turn")
    b.turn_owner = lambda game, state: who
    assert b.status_text().startswith(f"{b.seat_name(who)} to move")


def test_picture_boards_list_their_keyboard_shortcuts() -> None:
    b = mugen_board(seed=2)
    keys = b.keys.value
    assert all(k in keys for k in ("Enter", "undo", "redo", "Esc", "<kbd>1</kbd>"))
    children = list(b.widget.children)
    assert children.index(b.keys) == children.index(b.picture) + 1
