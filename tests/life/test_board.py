"""The Life board: picture, grouped buttons with stable classes, clicks via button.click()."""

from __future__ import annotations

import json

from workbench.games.life.board import life_board
from workbench.games.life.render import render
from workbench.games.life.steps import Place, kind_of

PICTURE = {"wb-life-take": "take", "wb-life-place": "place", "wb-life-pawn": "pawn"}


def click_first(board, css):
    verb = PICTURE.get(css)
    if verb:  # these choices are places in the picture: click the first such target
        ids = [a.id for a in board.session.legal_actions() if a.id[0] == verb]
        assert ids and ids[0] in board.placed, f"no {verb} target in the picture"
        assert board.handle_message({"kind": "action", "action": json.dumps(ids[0])})
        return " ".join(map(str, ids[0]))
    for b in board.action_buttons:
        if css in b._dom_classes and b.layout.display != "none":
            b.click()
            return b.description
    raise AssertionError(f"no button with {css}")


def advance_to(board, kind):
    while kind_of(board.session.state.tasks[-1]) != kind:
        board.bot_move_button.click()


def test_clicking_a_common_card_then_a_legal_square_places_it():
    board = life_board(seed=4)
    assert "wb-life-board" in board.picture.value
    advance_to(board, "take")
    common = board.session.state.common
    assert all(f"data-card='{c}'" in board.picture.value for c in common)
    label = click_first(board, "wb-life-take")
    card = label.split()[1]
    s = board.session.state
    assert card not in s.common or s.common.count(card) < common.count(card)
    if isinstance(s.tasks[-1], Place):
        assert "wb-life-square" in board.picture.value
        seat = s.tasks[-1].seat
        before = sum(c is not None for c in s.albums[seat])
        click_first(board, "wb-life-place")
        after = board.session.state.albums[seat]
        assert card in after or sum(c is not None for c in after) == before


def test_an_illegal_click_is_refused_and_changes_nothing():
    board = life_board(seed=2)
    state = board.session.state
    assert board.click_action(("place", 99)) is False
    assert board.session.state is state
    assert "⚠" in board.status.value


def test_undo_and_play_to_end_and_classes():
    board = life_board(seed=6, players=3)
    advance_to(board, "pawn")
    assert any(a[0] == "pawn" for a in board.placed)
    step = board.session.step
    click_first(board, "wb-life-pawn")
    assert board.session.step > step
    board.undo_button.click()
    assert board.session.step == step
    board.play_to_end_button.click()
    assert board.session.is_over
    assert "game over" in board.status.value


def test_render_is_pure_and_marks_the_active_album():
    board = life_board(seed=1)
    advance_to(board, "place")
    game, state = board.session.game, board.session.state
    html = render(game, state)
    assert html == render(game, state)
    assert html.count("wb-life-album-active") == 1
    assert html.count("class='wb-life-square wb-target") + html.count(
        "wb-life-card wb-life-square"
    ) == len(game.legal_actions(state))
    for a in game.legal_actions(state):  # each legal square is a click target with its id
        assert json.dumps(a.id).replace('"', "&quot;") in html
    assert "wb-life-die" in html and "wb-life-order" in html


def test_dice_stay_drawn_after_the_character_card_is_replaced() -> None:
    """A replaced character card (the seed's reading, version 3) must not hide the dice."""
    from workbench.engine.players import random_player
    from workbench.engine.runs.playout import playout
    from workbench.games.life.render import render
    from workbench.games.life.rules import make_game

    g = make_game(players=4)
    for seed in range(200):
        final = playout(g, random_player, seed).final
        gone = [s for s in range(4) if "@" not in final.albums[s]]
        if gone:
            break
    else:
        raise AssertionError("no game in 200 replaced a character card")
    html = render(g, final)
    assert html.count("wb-life-die") >= 4 * 4
