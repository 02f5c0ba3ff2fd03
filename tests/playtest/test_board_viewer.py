"""A viewer on the boards (issue 24 items 2, 3): a seat sees its own game on the picture,
the log and the last-chance strip; the designer sees all, secrets marked; hot-seat hides
the board behind a hand-off screen between two people."""

from __future__ import annotations

import re

from workbench.engine.play.session import Session
from workbench.games.detective.render import chance_drawing, render
from workbench.games.detective.rules import make_game
from workbench.ui.board import BoardView
from workbench.ui.picture import PictureBoard


def _events(html: str) -> set[int]:
    return {int(x) for x in re.findall(r"data-event=[\"'](\d+)", html)}


def _board() -> PictureBoard:
    return PictureBoard(
        Session(make_game(players=3), seed=5), render, chance_drawing=chance_drawing
    )


def test_a_seat_sees_its_own_hand_and_log_only() -> None:
    b = _board()
    s = b.session
    who = s.to_move
    other = (who + 1) % 3
    b.set_viewer(other)
    hands = s.state.hands
    assert _events(b.picture.value) & set(hands[other]) == set(hands[other])
    assert not _events(b.picture.value) & (set(hands[who]) | set(hands[(who + 2) % 3]))
    assert b.action_buttons == [] and b.analysis.widget.layout.display == "none"
    named = [x for x in b.viewer_log() if "draws #" in x]
    assert len(named) == len(hands[other])  # its own deal only
    assert not b.click_action(s.game.legal_ids(s.state)[0])
    assert "not your turn" in b.status.value and s.step == b.session.step
    b.set_viewer(who)
    assert b.action_buttons or "wb-target" in b.picture.value  # the seat to move gets its choices


def test_the_designer_sees_everything_with_secrets_marked() -> None:
    b = _board()
    assert b.viewer is None
    log = b.viewer_log()
    assert sum("[seen by Player" in x for x in log) == sum(len(h) for h in b.session.state.hands)
    assert "[seen by Player" in b.log.value


def test_hot_seat_hands_over_between_people() -> None:
    b = BoardView(Session(make_game(players=3), seed=5), render)
    b.set_hot_seat()
    first = b.session.to_move
    assert b.handing_over() == first
    assert "Pass to Player" in b.handoff_text.value and b.picture.value == "" and b.log.value == ""
    b.ready()
    assert b.viewer == first and b.handoff_box.layout.display == "none"
    assert _events(b.picture.value) >= set(b.session.state.hands[first])
    for _ in range(200):  # play on until the screen must pass to somebody else
        s = b.session
        if s.to_move != first:
            break
        assert b.click_action(s.game.legal_ids(s.state)[-1])
    assert b.handing_over() == b.session.to_move != first
    assert (
        b.picture.value == "" and f"Pass to Player {b.session.to_move + 1}" in b.handoff_text.value
    )
    assert not b.click_action(b.session.game.legal_ids(b.session.state)[0])  # not before ready


def test_what_if_and_chance_outcomes_are_the_designers_view_only() -> None:
    """Issue 24: 'what if' rewound a seat's board to another seat's draw and listed the
    cards it could draw. A seat viewer is refused (and has no button); the designer is not."""
    b = _board()
    s = b.session
    who = s.to_move
    b.set_viewer(who)
    step = s.step
    assert b.analysis.what_if_button.layout.display == "none"
    assert not b.guarded(b.analysis.what_if)
    assert "designer" in b.status.value and s.step == step and b.analysis.rows == []
    b.set_viewer(None)
    assert b.analysis.what_if_button.layout.display is None
    assert b.guarded(b.analysis.what_if) and s.step < step  # back at the last chance
    assert b.analysis.rows and all(r.probability > 0 for r in b.analysis.rows)
