"""The board: picture contents and clicks through Button.click()."""

from __future__ import annotations

from workbench.games.detective.board import detective_board, make_board
from workbench.games.detective.render import render
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


def _button(board, action_id):
    return board.action_buttons[board.button_ids.index(action_id)]


def test_render_shows_line_supply_notebooks_and_playability():
    g = make_game(players=3)
    s = dealt(g, ((28, 45, 46, 47, 48), (2,), (3,)), line=("masashi:1", "yuri:1"),
              notebooks=((), (15,), ()), tasks=TURN)
    html = render(g, s)
    assert html.count('class="wb-det-card') == 2 and 'wb-det-person-masashi' in html
    assert 'class="wb-det-notebook wb-det-active" data-seat="0"' in html
    assert "seat 1 手帳 · 3 VP" in html
    assert html.count('wb-det-event wb-det-playable') == 5    # masashi on the line pays #28, others by 4
    assert 'data-person="wasurenagusa"' in html and "×4" in html


def test_render_shows_the_victim_and_the_winner():
    g = make_game(players=3)
    s = dealt(g, ((45,), (46,), (47,)), notebooks=((15, 16, 17, 25), (), ()),
              line=("yuri:1", "yuri:2", NIGHT), tn=True, tasks=(RoundEnd(),))
    html = render(g, s)
    assert "椚 百合 died" in html and "Game over (vp): seat 0 won" in html


def test_clicks_play_a_card_and_pay_with_discards():
    g = make_game(players=3)
    start = dealt(g, ((28, 45, 46, 47, 48), (2,), (3,)), tasks=TURN)
    b = detective_board(FromPosition(start, g.params), seed=1)
    assert ("play", 28) in b.button_ids
    assert "wb-det-play" in _button(b, ("play", 28))._dom_classes
    _button(b, ("play", 28)).click()
    assert b.session.state.tasks[-1].TAG == "pay"
    for card in (45, 46, 47, 48):
        _button(b, ("discard", card)).click()
    assert b.session.state.notebooks[0] == (28,)


def test_unplayable_cards_show_as_disabled_buttons_and_break_controls_work():
    b = make_board(seed=5, players=3)
    state = b.session.state
    assert state.tasks[-1].TAG in ("main", "pdiscard", "trim")
    while b.session.state.tasks[-1].TAG != "main":
        b.bot_move()
    seat = b.session.to_move
    hand = b.session.state.hands[seat]
    playable = {a[1] for a in b.button_ids if a[0] == "play"}
    assert len(b.unplayable_buttons) == len(hand) - len(playable)
    assert all(x.disabled and "wb-det-unplayable" in x._dom_classes for x in b.unplayable_buttons)
    _button(b, ("break",)).click()
    while b.session.to_move < 0:
        b.bot_move()
    ids = b.button_ids
    assert ("pass",) in ids and any(a[0] == "suspect" for a in ids)
    who = next(a for a in ids if a[0] == "suspect")
    _button(b, who).click()
    assert any(c.startswith(who[1]) for c in b.session.state.outside)


def test_play_to_end_shows_the_end():
    b = make_board(seed=2, players=3)
    b.play_to_end_button.click()
    assert b.session.is_over and "wb-det-over" in b.picture.value
