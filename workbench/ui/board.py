"""The board view: a thin ipywidgets container over a :class:`Session`.

A game's ``board.py`` gives a pure ``render(game, state, viewer=None, picks=()) -> str``
(HTML/SVG; the one shape of ``GameSpec.render``, :class:`workbench.spec.Render`)
and optionally an ``action_layout(game, state, actions)`` returning
``[(group title, [Action, ...]), ...]`` (e.g. card buttons under their
cards, then the squares) and ``action_classes(action) -> [css, ...]``.
Everything else is here: one button per legal action, undo / redo / reset,
seed + new game, bot move / play to end with a bot chooser, who plays each
seat (a person or a bot that then moves by itself), a step slider, the log
and a status line. An illegal click is refused in the status line and
changes nothing.

Stable CSS classes for browser tests: ``wb-board wb-picture wb-actions
wb-action wb-action-<index> wb-action-group wb-undo wb-redo wb-reset
wb-new-game wb-seed wb-bot wb-bot-move wb-play-to-end wb-seat wb-seat-<seat>
wb-step wb-log wb-status``; the analysis mode's ``wb-analyse``
``wb-analysis wb-analysis-row wb-what-if`` (:mod:`workbench.ui.analysis_panel`).

Only what changed is redrawn: the picture when the state changed, the
buttons when the legal actions changed (buttons and group boxes are reused,
never rebuilt), the log when its lines changed.

With bots in some seats, undo and redo step over the bots' decisions to the
previous (next) decision of a person; the slider and redo never make a bot
move, so browsing the history keeps it.

The board is composed of parts that own their widgets and state:
:class:`~workbench.ui.board_picture.Picture`,
:class:`~workbench.ui.board_actions.ActionButtons`,
:class:`~workbench.ui.board_text.MoveLog` and
:class:`~workbench.ui.board_text.StatusLine`,
:class:`~workbench.ui.board_controls.Controls`,
:class:`~workbench.ui.board_viewer.Viewing` and
:class:`~workbench.ui.analysis_panel.AnalysisPanel`. :class:`BoardView` holds the
session, runs the commands (one redraw each) and tells the parts what to draw; the
parts' widgets keep their names on the board (``board.undo_button``, ``board.log``...).
"""

from __future__ import annotations

from collections.abc import Callable, Hashable, Mapping, Sequence
from functools import partial
from typing import Any, Generic, TypeVar

import ipywidgets as w

from workbench.engine.kernel.protocol import CHANCE, Action, Game
from workbench.engine.kernel.seat import Player
from workbench.engine.play.session import Session
from workbench.engine.play.viewer import picture_for, seat_word
from workbench.engine.players import random_player
from workbench.spec import Render
from workbench.ui.analysis_panel import DEFAULT_BUDGET, AnalysisPanel, board_words
from workbench.ui.board_actions import ActionButtons
from workbench.ui.board_controls import HUMAN, Controls
from workbench.ui.board_picture import Picture
from workbench.ui.board_text import (
    LOG_LINES,
    MoveLog,
    StatusLine,
    log_html,
    renamed_prefix,
    status_sentence,
)
from workbench.ui.board_viewer import Viewing
from workbench.ui.buttons import ActionClasses
from workbench.ui.names import player_name

__all__ = ["HUMAN", "LOG_LINES", "BoardView", "Layout", "Render", "log_html"]

Layout = Callable[[Game[Any], Any, Sequence[Action]], Sequence[tuple[str, Sequence[Action]]]]

T = TypeVar("T")


class _Part(Generic[T]):
    """A read-only board attribute that is a part's: ``undo_button = _Part("controls")``
    reads ``board.controls.undo_button``."""

    def __init__(self, part: str, name: str = "") -> None:
        self.part, self.name = part, name

    def __set_name__(self, owner: type, name: str) -> None:
        self.name = self.name or name

    def __get__(self, board: Any, owner: type | None = None) -> T:
        return getattr(getattr(board, self.part), self.name)  # type: ignore[no-any-return]


class BoardView:
    """The clickable board over a session (``display(board)`` or ``board.widget``).

    ``bot_seats`` maps seats to bot names (keys of ``bots``) that play those
    seats by themselves. ``analysis_budget``: the analyse button's ISMCTS budget
    (see :mod:`workbench.ui.analysis_panel`).
    """

    # the parts' widgets and state under the names the games, tests and notebooks use
    picture: _Part[w.DOMWidget] = _Part("_picture", "widget")
    actions_box: _Part[w.VBox] = _Part("_actions", "box")
    action_buttons: _Part[list[w.Button]] = _Part("_actions", "buttons")
    log: _Part[w.HTML] = _Part("_log")
    recent: _Part[w.HTML] = _Part("_log")
    status: _Part[w.HTML] = _Part("_status", "widget")
    bots: _Part[dict[str, Player]] = _Part("controls")
    undo_button: _Part[w.Button] = _Part("controls")
    redo_button: _Part[w.Button] = _Part("controls")
    reset_button: _Part[w.Button] = _Part("controls")
    seed_field: _Part[w.IntText] = _Part("controls")
    new_game_button: _Part[w.Button] = _Part("controls")
    bot_chooser: _Part[w.Dropdown] = _Part("controls")
    bot_move_button: _Part[w.Button] = _Part("controls")
    play_to_end_button: _Part[w.Button] = _Part("controls")
    seat_choosers: _Part[list[w.Dropdown]] = _Part("controls")
    step_slider: _Part[w.IntSlider] = _Part("controls")
    bot: _Part[Player] = _Part("controls")
    viewer: _Part[int | None] = _Part("viewing")
    hot_seat: _Part[bool] = _Part("viewing")
    handoff_box: _Part[w.VBox] = _Part("viewing")
    handoff_text: _Part[w.HTML] = _Part("viewing")

    def __init__(
        self,
        session: Session,
        render: Render,
        *,
        action_layout: Layout | None = None,
        bots: Mapping[str, Player] | None = None,
        seat_names: Sequence[str] | None = None,
        action_classes: ActionClasses | None = None,
        bot_seats: Mapping[int, str] | None = None,
        analysis_budget: int | float | str = DEFAULT_BUDGET,
    ) -> None:
        self.session = session
        self.render = render
        self.action_layout = action_layout
        self.seat_names = list(seat_names) if seat_names else None
        #: ``turn_owner(game, state) -> seat`` whose turn it is, when a game lets others
        #: decide in it (ghost's reactions): the status line then tells the two apart.
        self.turn_owner: Callable[[Game[Any], Any], int | None] | None = None
        names = [self.seat_name(i) for i in range(session.game.num_players)]
        self._picture = Picture(self._picture_widget())
        self._actions = ActionButtons(self.click_action, self._stale_click, action_classes)
        self._log = MoveLog(session)
        self._status = StatusLine()
        self.controls = Controls(bots or {"random": random_player}, names, session.seed, bot_seats)
        self.viewing = Viewing(names, self.set_viewer, self.ready)
        self.analysis = AnalysisPanel(self, analysis_budget)
        self._quiet = False
        self.controls.connect(
            {
                name: partial(self.guarded, getattr(self, name))
                for name in ("undo", "redo", "reset", "new_game", "bot_move", "play_to_end")
            },
            on_seats=lambda: self.guarded(self._autoplay),
            on_step=lambda step: self.guarded(lambda: self.batched(lambda: session.jump(step))),
        )
        self.widget = w.VBox(
            [
                self.viewing.handoff_box,
                self._picture.widget,
                self._status.widget,
                self._log.recent,
                self._actions.box,
                *self.controls.rows([self.viewing.chooser]),
                self.controls.step_slider,
                self.analysis.widget,
                self._log.log,
            ]
        )
        self.widget.add_class("wb-board")
        session.on_change(lambda _s: None if self._quiet else self.refresh())
        self._autoplay()
        self.refresh()

    def _picture_widget(self) -> w.DOMWidget:
        """The picture's widget (a subclass makes a clickable one)."""
        return w.HTML()

    # -- words ------------------------------------------------------------------------
    def seat_name(self, seat: int) -> str:
        """The name shown for a seat (Player 1, Player 2... unless given; seats count from 1)."""
        return player_name(seat, self.seat_names)

    def log_line(self, line: str) -> str:
        """A log line with its player prefix (``Player 2:``, or the engine's ``P2:``) in the
        board's player names."""
        return renamed_prefix(line, seat_word(self.session.game), self.seat_name)

    def viewer_log(self) -> list[str]:
        """The log as the viewer reads it."""
        return self._log.lines(self.viewer)

    def status_text(self) -> str:
        """Who is to move, or the result (and "what-if" when chance was set by hand)."""
        s = self.session
        owner = self.turn_owner(s.game, s.state) if self.turn_owner is not None else None
        return status_sentence(
            s,
            self.seat_name,
            owner,
            lambda: board_words(self._log.last_move_of(owner or 0, self.viewer), self.seat_names),
        )

    @property
    def button_ids(self) -> list[Hashable]:
        """The action id of each shown button, in button order."""
        return list(self._actions.ids)

    # -- who sees the board -------------------------------------------------------------
    def set_viewer(self, viewer: int | None) -> None:
        """Show the board as ``viewer`` sees it: a seat (its own cards, its log lines,
        draws it may not see unnamed; no buttons or analysis while another seat
        decides) or None, the designer."""
        self.viewing.choose(viewer)
        self._picture.forget()
        self._actions.forget()
        self._log.forget()
        self.refresh()

    def set_hot_seat(self, on: bool = True) -> None:
        """Hot-seat: one screen passed round; between two people's decisions a hand-off
        screen ("Pass to Player 2 — click when ready") hides the board."""
        self.viewing.start_hot_seat(on)
        self.set_viewer(None)

    def ready(self) -> None:
        """The person to move has the screen (hot-seat): show their view."""
        who = self.session.to_move
        self.viewing.ready(who)
        self.set_viewer(who if who >= 0 else None)

    def handing_over(self) -> int | None:
        """Hot-seat: the seat the screen must be passed to now, else None."""
        return self.viewing.handing_over(self.session.to_move)

    def _sees_decision(self) -> bool:
        return self.viewing.sees_decision(self.session.to_move)

    # -- drawing ------------------------------------------------------------------------
    def refresh(self) -> None:
        """Redraw what changed since the last draw."""
        s = self.session
        with self.widget.hold_sync():
            if self._draw_handoff():
                return
            if not self._picture.shows(s.state):
                self._draw_picture()
            self._draw_actions()
            self._draw_log()
            people = {i for i in range(s.game.num_players) if self.seat_bot(i) is None}
            self._log.draw_recent(self.viewer, self.log_line, people)
            self.controls.sync(s)
            self.analysis.refresh()
            self.analysis.widget.layout.display = None if self._sees_decision() else "none"
            self._draw_status()

    def _draw_picture(self) -> None:
        s = self.session
        self._picture.show(picture_for(s.game, self.render, s.state, self.viewer), s.state)

    def _draw_actions(self) -> None:
        s = self.session
        actions = list(s.legal_actions()) if self._sees_decision() else []
        if self._actions.is_current(actions):
            return
        groups = (
            list(self.action_layout(s.game, s.state, actions))
            if self.action_layout and s.to_move >= 0
            else [("", actions)]
        )
        self._actions.show(actions, groups)

    def _draw_log(self) -> None:
        self._log.draw(self.viewer, self.log_line)

    def _draw_status(self) -> None:
        self._status.draw(self.status_text, self.seat_name)

    def _draw_handoff(self) -> bool:
        """Hot-seat between two people: only the hand-off screen; True when shown."""
        seat = self.handing_over()
        hidden = (
            self._picture.widget,
            self._log.recent,
            self._actions.box,
            self.analysis.widget,
            self._log.log,
        )
        if not self.viewing.show_handoff(None if seat is None else self.seat_name(seat), hidden):
            return False
        self._picture.blank()
        self._log.blank()
        self._actions.forget()
        self._status.show(f"{self.seat_name(seat or 0)} to move")
        return True

    # -- commands -----------------------------------------------------------------------
    def seat_bot(self, seat: int) -> Player | None:
        """The bot playing a seat by itself, or None for a person."""
        return self.controls.seat_bot(seat)

    def new_game(self) -> None:
        """Start over with the seed in the seed field."""
        self.batched(lambda: self.session.reset(seed=self.controls.seed))
        self._autoplay()

    def reset(self) -> None:
        """Start over with the same seed."""
        self.batched(self.session.reset)
        self._autoplay()

    def undo(self) -> None:
        """Back to the last decision of a person (over the bots' decisions)."""
        self._travel(self.session.undo, lambda: self.session.can_undo)

    def redo(self) -> None:
        """Forward to the next decision of a person (or the end of the record)."""
        self._travel(self.session.redo, lambda: self.session.can_redo)

    def _travel(self, move: Callable[[], None], can: Callable[[], bool]) -> None:
        def go() -> None:
            move()
            while can() and self.seat_bot(self.session.to_move) is not None:
                move()

        self.batched(go)

    def bot_move(self) -> None:
        """One move by the chosen bot (or a roll at a chance node), then the seated bots."""
        self.batched(lambda: self.session.bot_move(self.controls.bot))
        self._autoplay()

    def play_to_end(self) -> None:
        """Bots play to the end: each seat's own bot, else the chosen one."""
        n = self.session.game.num_players
        self.session.play_to_end([self.seat_bot(i) or self.controls.bot for i in range(n)])

    def click_action(self, action_id: Hashable) -> bool:
        """Apply an action as a click would; False (and a status message) when refused.
        At a chance step the outcome is chosen by hand (:meth:`Session.choose`: the log
        and replays mark it "(chosen)")."""
        s = self.session
        if not self._sees_decision() or self.handing_over() is not None:
            self.refuse(
                f"not your turn: {self.seat_name(s.to_move)} is deciding"
                if s.to_move >= 0
                else "not your turn"
            )
            return False

        def apply() -> None:
            self.batched(lambda: s.choose(action_id) if s.to_move == CHANCE else s.apply(action_id))
            self._autoplay()

        return self.guarded(apply)

    def _stale_click(self) -> None:
        self.refuse("that button is not an action any more")

    def _autoplay(self, limit: int = 100_000) -> None:
        """Let the seated bots move until a person is to move or the game is over."""
        s = self.session

        def run() -> None:
            for _ in range(limit):
                bot = self.seat_bot(s.to_move)
                if bot is None or s.is_over:
                    return
                s.bot_move(bot)

        self.batched(run)

    def refuse(self, message: str) -> None:
        """Show a refusal in the status line (red, seats in the board's names)."""
        self._status.refuse(message)
        self._draw_status()

    def batched(self, command: Callable[[], Any]) -> None:
        """Run session commands with one redraw at the end (not one per step)."""
        if self._quiet:
            command()
            return
        self._quiet = True
        try:
            command()
        finally:
            self._quiet = False
            self.refresh()

    def guarded(self, command: Callable[[], Any]) -> bool:
        """Run a command of a button or a message; a refusal (ValueError, IndexError,
        RuntimeError, KeyError) is shown in the status line and changes nothing. True
        when the command ran."""
        self._status.clear()
        try:
            command()
        except (ValueError, IndexError, RuntimeError, KeyError) as e:
            self.refuse(str(e))
            return False
        self._draw_status()
        return True

    # -- notebook display -----------------------------------------------------------
    def _repr_mimebundle_(self, **kwargs: Any) -> Any:
        return self.widget._repr_mimebundle_(**kwargs)
