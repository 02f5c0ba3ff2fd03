"""The board driven by Button.click(), and the pure picture."""

from __future__ import annotations

import json
import re

from workbench.engine.kernel.seat import SeatView
from workbench.games.mugen.board import make_board
from workbench.games.mugen.players import greedy_player
from workbench.games.mugen.render import render
from workbench.games.mugen.scenario import position

from .helpers import plain_game


def _button(board, action_id):  # type: ignore[no-untyped-def]
    return board.action_buttons[board.button_ids.index(action_id)]


class _Clicker:
    """Clicks on the picture's targets (a fake front-end message) or on a button."""

    def __init__(self, board) -> None:  # type: ignore[no-untyped-def]
        self.board = board

    def click(self, action_id) -> None:  # type: ignore[no-untyped-def]
        if action_id in self.board.placed:
            assert self.board.handle_message({"kind": "action", "action": json.dumps(action_id)})
        else:
            _button(self.board, action_id).click()


def test_the_affordable_skills_of_the_hand_are_the_picture_targets() -> None:
    b = make_board(seed=3)
    game, state = b.session.game, b.session.state
    uses = sorted(i for i in b.placed if i[0] == "use")
    assert uses == sorted(i for i in game.legal_ids(state) if isinstance(i, tuple))
    for _, card, slot in uses:
        assert card in state.hands[0] and game.cards[card].skills[slot].cost <= game.view(
            state
        ).mp_left(0)
    assert b.button_ids == ["end"]  # the only choice without a place
    assert "wb-mugen-end" in _button(b, "end")._dom_classes


def test_clicking_a_skill_plays_it_and_undo_takes_it_back() -> None:
    b = make_board(seed=3)
    before_picture, before_hand = b.picture.value, b.session.state.hands[0]
    use = next(i for i in b.placed if isinstance(i, tuple))
    _Clicker(b).click(use)
    assert len(b.session.state.hands[0]) == len(before_hand) - 1
    assert b.picture.value != before_picture
    b.undo_button.click()
    assert b.session.state.hands[0] == before_hand and b.picture.value == before_picture


def test_end_turn_click_passes_to_the_other_seat() -> None:
    b = make_board(seed=5)
    _button(b, "end").click()
    assert b.session.state.active == 1 and "Player 2" in b.status.value


def test_revenge_choice_shows_up_as_buttons_after_damage() -> None:
    b = make_board(seed=2)
    game = b.session.game
    for _ in range(300):
        if b.session.is_over:
            break
        if "revenge_draw" in b.placed:
            break
        choice = greedy_player(SeatView(game, b.session.to_move, b.session.state), b.session.rng)
        _Clicker(b).click(choice)
    assert b.button_ids == ["no_revenge"] and "revenge_draw" in b.placed  # click the deck to draw
    assert "wb-mugen-revenge" in b.action_buttons[0]._dom_classes
    assert "revenge draw?" in b.picture.value
    seat = b.session.to_move  # the seat asked (a forced end may pass the turn after the draw)
    deck = len(b.session.state.decks[seat])
    _Clicker(b).click("revenge_draw")
    log = b.session.log
    drew = [i for i, line in enumerate(log) if f"P{seat + 1} draws" in line and "(revenge)" in line]
    assert drew, log[-4:]  # the click drew the revenge card
    # one card, and one more when the active seat could only end (forced) and this seat's
    # turn began with its draw
    forced = "end the turn (forced)" in log[drew[-1]]
    assert len(b.session.state.decks[seat]) == deck - 1 - forced


def test_render_shows_both_sides_set_zone_counters_and_superset() -> None:
    g = plain_game()
    s = position(
        g, hands=(["G01", "G17"], []), set_zones=([("G20", 0, 2), ("G05", 0, 1)], []), mp=(2, 1)
    )
    html = render(g, s)
    for css in (
        "wb-mugen-side-0",
        "wb-mugen-side-1",
        "wb-mugen-hp",
        "wb-mugen-mp",
        "wb-mugen-atk",
        "wb-mugen-def",
        "wb-mugen-deck",
        "wb-mugen-dust",
        "wb-mugen-setzone",
        "wb-mugen-hand",
    ):
        assert css in html, css
    assert html.count("class='wb-mugen-counter'") == 3
    assert html.count("wb-mugen-set wb-mugen-superset") == 1
    assert "防 +3" in html  # 鋼の構え def +2 and 風の盾 def +1
    assert (
        len(re.findall(r"wb-mugen-skill wb-mugen-affordable wb-target", html)) == 1
    )  # 火花 yes, 雷鳴 no
    assert "data-action='[&quot;use&quot;, &quot;G01&quot;, 0]'" in html
    assert (
        "3 damage to the opponent" in html or "damage to the opponent" in html
    )  # effects in words
    assert "Player 1 main phase: 2 MP left" in html


def test_render_game_over() -> None:
    g = plain_game()
    s = g.apply(position(g, hands=(["G17"], []), hp=(30, 3), mp=(4, 1)), ("use", "G17", 0))
    html = render(g, s)  # in words (issue 25 item 8), the apostrophe escaped
    assert (
        "game over after turn 1: Player 1 wins — Player 2&#x27;s HP fell to 0 (Player 1 has 30 HP left)"
        in html
    )


def test_a_bot_seat_answers_by_itself() -> None:
    b = make_board(seed=4, bot_seats={1: "greedy"})
    _button(b, "end").click()
    s = b.session
    assert s.to_move == 0 and s.state.turn >= 2  # P2 moved by itself until P1 must decide
    assert any(line.startswith(f"{k}. P2") for k in range(1, 200) for line in s.log)
