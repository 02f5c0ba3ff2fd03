"""The board: the picture's contents and clicks on it (fake front-end messages)."""

from __future__ import annotations

import json

from workbench.games.detective.board import detective_board, make_board
from workbench.games.detective.render import chance_drawing, render
from workbench.games.detective.rules import Detective, DetectiveState, make_game
from workbench.games.detective.steps_round import RoundEnd

from .helpers import NIGHT, TURN, dealt


class FromPosition(Detective):
    """The rules starting from a built position (for board tests)."""

    def __init__(self, start: DetectiveState, params) -> None:
        super().__init__(params)
        self.start = start

    def initial_state(self) -> DetectiveState:
        return self.start


def _click(board, action_id) -> bool:
    return board.handle_message({"kind": "action", "action": json.dumps(action_id)})


def _pick(board, no) -> bool:
    return board.handle_message({"kind": "pick", "pick": str(no)})


def _button(board, action_id):
    return board.action_buttons[board.button_ids.index(action_id)]


def _board(hands, **zones):
    g = make_game(players=3)
    return detective_board(FromPosition(dealt(g, hands, tasks=TURN, **zones), g.params), seed=1)


def test_render_shows_line_supply_notebooks_and_playability():
    g = make_game(players=3)
    s = dealt(
        g,
        ((28, 45, 46, 47, 48), (2,), (3,)),
        line=("masashi:1", "yuri:1"),
        notebooks=((), (15,), ()),
        tasks=TURN,
    )
    html = render(g, s)
    assert html.count("class='wb-det-card") == 2 and "wb-det-person-masashi" in html
    assert "class='wb-det-notebook wb-det-active' data-seat='0'" in html
    assert "Player 2 手帳 · 3 VP" in html and "seat " not in html
    assert (
        html.count("wb-det-event wb-det-playable") == 5
    )  # masashi on the line pays #28, others by 4
    assert "data-person='wasurenagusa'" in html and "×4" in html
    people = g.catalogue.cards.people
    assert people["yuri"].name_en in html and people["masashi"].name_ja in html
    # main phase: the hand cards are first steps (picks), no line or pile is a target yet
    assert html.count("data-pick=") == 5 and "data-action" not in html


def test_render_shows_the_victim_and_the_winner():
    g = make_game(players=3)
    s = dealt(
        g,
        ((45,), (46,), (47,)),
        notebooks=((15, 16, 17, 25), (), ()),
        line=("yuri:1", "yuri:2", NIGHT),
        tn=True,
        tasks=(RoundEnd(),),
    )
    html = render(g, s)
    assert "椚 百合 (" in html and "died" in html and "Game over (vp): Player 1 won" in html


def test_a_picked_card_is_investigated_in_the_notebook_and_paid_by_clicking_the_hand():
    b = _board(((28, 45, 46, 47, 48), (2,), (3,)))
    assert b.button_ids == [("break",)]  # the rest is in the picture
    assert not _click(b, ("play", 28))  # not placed before the card is picked
    assert _pick(b, 28) and "wb-det-picked" in b.picture.value
    assert {("play", 28), ("break", 28)} <= b.placed
    assert "investigate #28" in b.picture.value
    assert _click(b, ("play", 28))
    html = b.picture.value
    assert b.session.state.tasks[-1].TAG == "pay"
    assert (
        "paying for <span class='wb-det-event' data-event='28'" in html and "discard 4 more" in html
    )
    assert b.button_ids == []
    for card in (45, 46, 47):
        assert _click(b, ("discard", card))
    # the last card is the only one left to pay with: the kernel discards it (issue 38)
    forced = [line for line in b.session.log if "(forced)" in line]
    assert len(forced) == 1 and "discard" in forced[0].split("; ")[1], forced
    assert b.session.state.notebooks[0] == (28,)
    assert "data-event='28'" in b.picture.value


def test_an_inert_or_illegal_click_changes_nothing():
    b = _board(((28, 45, 46, 47, 48), (2,), (3,)))
    state = b.session.state
    assert not _click(b, ("discard", 45))  # not legal in the main phase
    assert not _click(b, ("pass",))  # no such target
    assert not b.handle_message({"kind": "action", "action": "{bad"})
    assert b.session.state is state
    assert b.handle_message({"kind": "clear"}) is False  # nothing picked


def test_a_break_then_a_click_on_a_pile_suspects_and_on_the_line_clears():
    b = _board(((28, 45, 46, 47, 48), (2,), (3,)), line=("masashi:1", "yuri:1"))
    _button(b, ("break",)).click()
    while b.session.to_move < 0:
        b.bot_move()
    assert b.button_ids == [("pass",)]
    html = b.picture.value
    assert "data-action='[&quot;clear&quot;, &quot;yuri&quot;]'" in html
    assert ("clear", "masashi") in b.placed and any(a[0] == "suspect" for a in b.placed)
    assert _click(b, ("clear", "yuri"))
    assert "yuri:1" in b.session.state.outside and "yuri:1" not in b.session.state.line


def test_the_strip_draws_the_last_cards_drawn():
    b = make_board(seed=5, players=3)
    assert "wb-chance-strip" in b.picture.value and "event drawn" in b.picture.value
    g = b.session.game
    assert "#28" in chance_drawing(g, None, 28) and "椚 百合" in chance_drawing(g, None, "yuri:1")


def test_play_to_end_shows_the_end():
    b = make_board(seed=2, players=3)
    b.play_to_end_button.click()
    assert b.session.is_over and "wb-det-over" in b.picture.value


def test_a_picked_card_is_reserved_in_the_reservation_slot():
    g = make_game(players=3, reservation=True)
    b = detective_board(
        FromPosition(dealt(g, ((28, 45, 46, 47, 48), (2,), (3,)), tasks=TURN), g.params), seed=1
    )
    assert _pick(b, 45)
    assert b.placed == {("break", 45), ("play", 45), ("reserve", 45)}
    assert "reserve #45" in b.picture.value
    assert b.handle_message({"kind": "clear"}) and not b.placed  # Escape drops the pick
    assert _pick(b, 45) and _click(b, ("reserve", 45))
    assert b.session.state.reserved[0] == 45 and 45 not in b.session.state.hands[0]
