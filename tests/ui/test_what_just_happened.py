"""What just happened on a board (issue 26 item 6): every bot move since a person last
decided is listed; the deciding player and the turn's owner are told apart; the
keyboard shortcuts are written on the picture boards."""

from __future__ import annotations

import re

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
        # a decision's line starts "N. P<seat>:" (a chance line names its player in words)
        bot_lines = [line for line in s.log[before:] if re.match(r"\d+\. P(?!1:)\d+:", line)]
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


def test_ghost_says_who_decides_in_whose_battle_with_the_exact_odds() -> None:
    from workbench.games.ghost.action_odds import battle_odds
    from workbench.games.ghost.board import make_board as ghost_board

    b = ghost_board(seed=1)
    for seat in range(1, len(b.seat_choosers)):
        b.seat_choosers[seat].value = "random"
    s = b.session
    for _ in range(60):
        if s.is_over or s.to_move < 0:
            break
        out_of_turn = s.to_move != s.state.turn and s.state.battle is not None
        if out_of_turn and any(battle_odds(s.game, s.state, a.id) for a in s.legal_actions()):
            break
        b.click_action(s.legal_actions()[0].id)
    else:
        raise AssertionError("User 1 never decided in another user's battle")
    owner = b.seat_name(s.state.turn)
    # the status line quotes the newest move, the turn owner's
    assert b.status_text().startswith(f"User 1 decides in {owner}'s turn, after '{owner}: ")
    assert f"User 1</b>: decides in {owner}&#x27;s battle" in b.picture.value
    b.analysis.budget_field.value = "60/10"
    b.analysis.analyse()
    table = b.analysis.table.value
    assert "battle won before face-down events (exact)" in table and 'title="exactly ' in table
    assert "fair share 25.0%" in table and "user " not in table.replace("User ", "")
