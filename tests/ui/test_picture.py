"""The picture board's click routing, driven by fake front-end messages (no browser)."""

from __future__ import annotations

import json

import pytest

from workbench.games.life import dice as D
from workbench.games.life.board import make_board as life_board
from workbench.games.life.steps_dice import Orient
from workbench.games.mugen.board import make_board as mugen_board
from workbench.ui.picture_widget import PictureWidget
from workbench.ui.targets import parse_action, placed_ids, target


def _click(board, action_id) -> bool:  # type: ignore[no-untyped-def]
    return board.handle_message({"kind": "action", "action": json.dumps(action_id)})


def _advance(board, kind) -> None:  # type: ignore[no-untyped-def]
    for _ in range(500):
        top = board.session.state.tasks[-1]
        if type(top).__name__ == kind:
            return
        board.bot_move()
    raise AssertionError(f"no {kind} step reached")


def test_a_click_on_a_target_applies_exactly_that_action() -> None:
    b = mugen_board(seed=3)
    use = sorted(i for i in b.placed if i[0] == "use")[0]
    hand = b.session.state.hands[0]
    assert _click(b, use)
    assert b.session.actions[-1] == use
    assert len(b.session.state.hands[0]) == len(hand) - 1


def test_an_inert_or_illegal_click_changes_nothing() -> None:
    b = mugen_board(seed=3)
    state, step = b.session.state, b.session.step
    assert not _click(b, ("use", "G99", 0))  # not a target in the picture
    assert not _click(b, "end")  # legal, but a button: the picture does not place it
    assert not b.handle_message({"kind": "wave"})
    assert not b.handle_message({"kind": "action", "action": "[not json"})
    assert "not JSON" in b.status.value
    assert b.session.state is state and b.session.step == step


def test_keys_u_and_r_undo_and_redo() -> None:
    b = mugen_board(seed=3)
    use = sorted(i for i in b.placed if i[0] == "use")[0]
    before = b.picture.value
    assert _click(b, use)
    after = b.picture.value
    assert b.handle_message({"kind": "undo"}) and b.picture.value == before
    assert b.handle_message({"kind": "redo"}) and b.picture.value == after


def test_picks_redraw_the_picture_and_escape_clears_them() -> None:
    calls = []

    def render(game, state, viewer=None, picks=()):  # type: ignore[no-untyped-def]  # the one shape
        calls.append(picks)
        return f"<div class='{target(('x',))}'>{len(picks)}</div>"

    from workbench.engine.play.session import Session
    from workbench.games.mugen.rules import make_game
    from workbench.ui.picture import PictureBoard

    b = PictureBoard(Session(make_game(), seed=1), render)
    assert b.handle_message({"kind": "pick", "pick": "attacker 1"})
    assert b.picks == ("attacker 1",) and calls[-1] == ("attacker 1",)
    assert b.handle_message({"kind": "clear"}) and b.picks == ()
    assert not b.handle_message({"kind": "clear"})


def test_picture_widget_holds_the_html_and_the_ids_round_trip() -> None:
    b = life_board(seed=3)
    assert isinstance(b.picture, PictureWidget) and "wb-picture" in b.picture._dom_classes
    assert b.picture in b.widget.children
    for a in [("place", 11), ("tip", "red", "N"), "end", ("use", "G01", 0)]:
        assert placed_ids(f"<g class='{target(a)}'/>") == {a}
        assert parse_action(json.dumps(a)) == a
    with pytest.raises(ValueError, match="not JSON"):
        parse_action("{")


def test_life_every_choice_but_skip_is_a_place_in_the_picture() -> None:
    b = life_board(seed=5)
    seen: set[str] = set()
    for _ in range(250):
        if b.session.is_over:
            break
        legal = [a.id for a in b.session.legal_actions()]
        seen.update(a[0] for a in legal)
        assert {a for a in legal if a not in b.placed} <= {("skip",)}, legal
        assert set(b.button_ids) <= {("skip",)}
        b.bot_move()
    assert {"take", "place", "pawn", "orient", "pass"} <= seen


def test_life_orientation_click_redraws_the_die() -> None:
    """Issue 14 item 19: every orientation choice, the default way included, changes the
    picture, and the die is drawn lying the chosen way."""
    b = life_board(seed=2)
    _advance(b, "Orient")
    task = b.session.state.tasks[-1]
    assert isinstance(task, Orient)
    choices = [a.id for a in b.session.legal_actions()]
    assert len(choices) == 4 and all(c in b.placed for c in choices)
    assert b.picture.value.count("wb-life-orient") >= 1
    for o in (c[1] for c in choices):
        before = b.picture.value
        assert _click(b, ("orient", o))
        after = b.picture.value
        assert after != before
        top, north, east = D.orientation(o)
        colour = ("red", "blue", "yellow", "green")[task.die]
        assert (
            f"data-colour='{colour}' data-top='{top}' data-north='{north}' data-east='{east}'"
            in after
        )
        assert b.handle_message({"kind": "undo"}) and b.picture.value == before


def test_life_album_has_coordinates_and_the_strip_shows_the_roll() -> None:
    b = life_board(seed=2)
    _advance(b, "Orient")
    html = b.picture.value
    for label in ("a", "b", "c", "d", "1", "2", "3", "4"):
        assert "class='wb-life-coord'" in html and f">{label}</text>" in html
    strip = html.split("</div>", 1)[0]
    assert "wb-chance-strip" in strip and "data-top=" in strip  # the die just rolled, with pips
    assert "seat 0" not in html and "Player 1" in html


def test_mugen_strip_shows_the_last_draw() -> None:
    b = mugen_board(seed=3)
    strip = b.picture.value.split("</div>", 1)[0]
    assert "wb-chance-strip" in strip and "draws" in strip
    last_draw = [line for line in b.session.log if "draws" in line][-1]
    name = last_draw.split("draws ")[1].split(" (")[0]
    assert name in strip


def test_life_log_names_players_from_1() -> None:
    b = life_board(seed=2)
    _advance(b, "Orient")
    assert "P1 rolls" in b.session.log[-1]  # the rules' own short label ...
    shown = b.log.value
    assert (
        "Player 1 rolls" in shown and "P1 " not in shown and "seat 0" not in shown
    )  # ... as a name
