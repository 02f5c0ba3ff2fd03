"""BoardView driven by Button.click(): actions, undo/redo/reset, new game, bots, slider, refusals."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import pytest

from workbench.engine import Session, greedy_player, random_player
from workbench.engine.conformance.toy import DiceRace, DiceRaceState, TakeAway, TakeAwayState
from workbench.engine.kernel.protocol import Action, Game
from workbench.ui.board import BoardView


def race_svg(
    game: Game[Any], state: DiceRaceState, viewer: int | None = None, picks: Sequence[str] = ()
) -> str:
    dots = "".join(
        f"<circle cx='{10 + 10 * p}' cy='{10 + 20 * i}' r='5'/>"
        for i, p in enumerate(state.positions)
    )
    return f"<svg width='200' height='60'>{dots}</svg>"


def nim_svg(
    game: Game[Any], state: TakeAwayState, viewer: int | None = None, picks: Sequence[str] = ()
) -> str:
    return "<svg>" + "<circle r='4'/>" * state.stones + "</svg>"


@pytest.fixture
def board() -> BoardView:
    return BoardView(Session(DiceRace(), seed=1), race_svg)


def classes(widget: Any) -> set[str]:
    return set(widget._dom_classes)


def test_every_control_has_its_css_class(board: BoardView) -> None:
    assert "wb-board" in classes(board.widget)
    for widget, css in [
        (board.picture, "wb-picture"),
        (board.undo_button, "wb-undo"),
        (board.redo_button, "wb-redo"),
        (board.reset_button, "wb-reset"),
        (board.new_game_button, "wb-new-game"),
        (board.seed_field, "wb-seed"),
        (board.bot_move_button, "wb-bot-move"),
        (board.play_to_end_button, "wb-play-to-end"),
        (board.step_slider, "wb-step"),
        (board.log, "wb-log"),
        (board.status, "wb-status"),
    ]:
        assert css in classes(widget)
    assert classes(board.action_buttons[1]) >= {"wb-action", "wb-action-1"}


def test_click_applies_the_action_and_redraws(board: BoardView) -> None:
    assert [b.description for b in board.action_buttons] == [
        "roll the die",
        "play card 1",
        "play card 3",
    ]
    board.action_buttons[2].click()  # play card 3: moves 3, then draws
    s = board.session
    assert s.state.positions == (3, 0)
    assert "<circle cx='40'" in board.picture.value
    assert "Player 1: play card 3" in board.log.value
    assert board.status.value.startswith("Player 2 to move")
    assert board.step_slider.value == s.step == board.step_slider.max


def test_undo_redo_reset_buttons(board: BoardView) -> None:
    start = board.session.state
    assert board.undo_button.disabled
    board.action_buttons[0].click()
    moved = board.session.state
    board.undo_button.click()
    assert board.session.state == start and not board.redo_button.disabled
    board.redo_button.click()
    assert board.session.state == moved
    board.reset_button.click()
    assert board.session.state == start and board.session.step == 4


def test_new_game_uses_the_seed_field(board: BoardView) -> None:
    board.seed_field.value = 42
    board.new_game_button.click()
    assert board.session.seed == 42
    assert board.session.actions == Session(DiceRace(), seed=42).actions


def test_bots_and_play_to_end() -> None:
    b = BoardView(
        Session(TakeAway(), seed=3),
        nim_svg,
        bots={"greedy": greedy_player(), "random": random_player},
    )
    b.bot_chooser.value = "greedy"
    b.action_buttons[0].click()  # P1 takes 1 -> 6 left
    b.bot_move_button.click()  # greedy P2
    assert b.session.step == 2
    b.play_to_end_button.click()
    assert b.session.is_over
    assert b.status.value.startswith("game over — winner")
    assert b.bot_move_button.disabled and b.play_to_end_button.disabled
    assert b.action_buttons == [] and b.actions_box.children[0].children[-1].children == ()


def test_stale_or_illegal_click_is_refused_and_changes_nothing(board: BoardView) -> None:
    s = board.session
    before = (s.state, s.actions)
    assert not board.click_action(("card", 2))
    assert "('card', 2) is not legal for Player 1" in board.status.value
    assert (s.state, s.actions) == before
    roll = board.action_buttons[0]
    board.play_to_end_button.click()
    end = (s.state, s.actions)
    roll.click()  # a late click on a button whose action is gone
    assert "not an action any more" in board.status.value
    assert (s.state, s.actions) == end


def test_slider_jumps(board: BoardView) -> None:
    board.play_to_end_button.click()
    total = board.session.total_steps
    board.step_slider.value = 2
    assert board.session.step == 2 and board.step_slider.max == total
    assert board.status.value.startswith("chance to resolve")
    # at a chance node the buttons are the outcomes
    assert all(
        d.startswith("P2 drew card") for d in (b.description for b in board.action_buttons[:3])
    )


def test_action_layout_groups_buttons() -> None:
    def layout(
        game: Game[Any], state: Any, actions: list[Action]
    ) -> list[tuple[str, list[Action]]]:
        return [
            ("cards", [a for a in actions if a.id != "roll"]),
            ("dice", [a for a in actions if a.id == "roll"]),
        ]

    b = BoardView(Session(DiceRace(), seed=1), race_svg, action_layout=layout)
    titles = [g.children[0].value for g in b.actions_box.children]
    assert titles == ["<b>cards</b>", "<b>dice</b>"]
    assert b.action_buttons[0].description == "play card 1"
    b.action_buttons[2].click()
    assert b.session.actions[4] == "roll"


def test_picture_is_not_redrawn_when_state_is_unchanged() -> None:
    calls: list[int] = []

    def render(
        game: Game[Any], state: Any, viewer: int | None = None, picks: Sequence[str] = ()
    ) -> str:
        calls.append(1)
        return nim_svg(game, state)

    b = BoardView(Session(TakeAway(), seed=0), render)
    b.click_action(9)  # refused
    b.refresh()
    assert len(calls) == 1


def test_bot_seat_answers_each_click_and_undo_skips_its_moves() -> None:
    b = BoardView(
        Session(TakeAway(), seed=0),
        nim_svg,
        bots={"greedy": greedy_player()},
        bot_seats={1: "greedy"},
    )
    assert "wb-seat-1" in classes(b.seat_choosers[1]) and b.seat_choosers[1].value == "greedy"
    b.click_action(1)  # P1 takes 1 -> 6 left; greedy P2 answers at once
    s = b.session
    assert s.step == 2 and s.to_move == 0
    b.undo_button.click()  # back over the bot's move to P1's decision
    assert s.step == 0 and s.to_move == 0
    b.redo_button.click()
    assert s.step == 2
    b.step_slider.value = 1  # browsing: the bot does not move, the record stays
    assert s.step == 1 and s.total_steps == 2


def test_seating_a_bot_on_the_seat_to_move_lets_it_play() -> None:
    b = BoardView(Session(TakeAway(), seed=0), nim_svg)
    b.seat_choosers[0].value = "random"
    b.seat_choosers[1].value = "random"
    assert b.session.is_over
    assert b.status.value.startswith("game over")


def test_unknown_bot_seat_is_named() -> None:
    with pytest.raises(
        ValueError, match=r"bot_seats\[1\] = 'smart' is not one of the bots \['random'\]"
    ):
        BoardView(Session(TakeAway(), seed=0), nim_svg, bot_seats={1: "smart"})


def test_action_classes_follow_the_buttons() -> None:
    def css(a: Action) -> list[str]:
        return ["wb-card", f"wb-card-{a.id[1]}"] if isinstance(a.id, tuple) else ["wb-die"]

    b = BoardView(Session(DiceRace(), seed=1), race_svg, action_classes=css)
    assert "wb-die" in classes(b.action_buttons[0])
    assert {"wb-card", "wb-card-3", "wb-action-2"} <= classes(b.action_buttons[2])
    for action in ("roll", "roll", ("card", 1)):
        b.click_action(action)
    assert b.button_ids == ["roll", ("card", 1), ("card", 2)]
    assert "wb-card-2" in classes(b.action_buttons[2]) and "wb-card-3" not in classes(
        b.action_buttons[2]
    )


def test_typed_seed_survives_moves_until_new_game(board: BoardView) -> None:
    board.seed_field.value = 99
    board.action_buttons[0].click()
    assert board.seed_field.value == 99 and board.session.seed == 1
    board.new_game_button.click()
    assert board.session.seed == 99
    board.session.reset(seed=5)  # a reset from code shows its seed
    assert board.seed_field.value == 5


def test_a_late_click_never_applies_the_action_that_took_the_buttons_place() -> None:
    b = BoardView(Session(TakeAway(), seed=0), nim_svg)
    take3 = b.action_buttons[2]
    b.click_action(3)  # 4 left: P2 may take 1, 2 or 3 — the same labels, the same buttons
    assert b.action_buttons[2] is take3
    b.click_action(2)  # 2 left: only take 1 or take 2; "take 3" is gone
    assert take3 not in b.action_buttons
    take3.click()  # sent by a page that had not redrawn yet
    assert "not an action any more" in b.status.value and b.session.step == 2
    b.click_action(1)  # one redraw later the retired button is still not reused
    assert take3 not in b.action_buttons
    assert [
        set(x._dom_classes) >= {"wb-action", f"wb-action-{i}"}
        for i, x in enumerate(b.action_buttons)
    ] == [True]
