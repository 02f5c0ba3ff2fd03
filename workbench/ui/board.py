"""The board view base: a thin ipywidgets container over a :class:`Session`.

A game's ``board.py`` gives a pure ``render(game, state) -> str`` (HTML/SVG)
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

The class is built in layers, one concern a module: :mod:`workbench.ui.board_text`
(seat names, the log, the status line), :mod:`workbench.ui.board_viewer` (who
sees the board, hot-seat), :mod:`workbench.ui.board_commands` (undo, bots,
clicks) and here the widgets and what is redrawn. Import ``BoardView`` from here.
"""

from __future__ import annotations

from collections.abc import Callable, Hashable, Mapping, Sequence
from html import escape
from typing import Any

import ipywidgets as w

from workbench.engine.kernel.protocol import Action, Game
from workbench.engine.kernel.seat import Player
from workbench.engine.play.seat_view import picture_for
from workbench.engine.play.session import Session
from workbench.engine.players import random_player
from workbench.ui.analysis_panel import DEFAULT_BUDGET, AnalysisPanel
from workbench.ui.board_commands import HUMAN, BoardCommands
from workbench.ui.board_text import LOG_LINES, log_html
from workbench.ui.buttons import ActionClasses, ButtonPool, make_button
from workbench.ui.recent import recent_html, since_last_person

__all__ = ["HUMAN", "LOG_LINES", "BoardView", "Layout", "Render", "log_html"]

Render = Callable[[Game[Any], Any], str]
Layout = Callable[[Game[Any], Any, Sequence[Action]], Sequence[tuple[str, Sequence[Action]]]]


class BoardView(BoardCommands):
    """The clickable board over a session (``display(board)`` or ``board.widget``).

    ``bot_seats`` maps seats to bot names (keys of ``bots``) that play those
    seats by themselves. ``analysis_budget``: the analyse button's ISMCTS budget
    (see :mod:`workbench.ui.analysis_panel`).
    """

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
        self.action_classes = action_classes
        self.bots: dict[str, Player] = dict(bots) if bots else {"random": random_player}
        self.seat_names = list(seat_names) if seat_names else None
        self.picture = w.HTML()
        self.picture.add_class("wb-picture")
        self.actions_box = w.VBox()
        self.actions_box.add_class("wb-actions")
        self.action_buttons: list[w.Button] = []  # the shown ones, in order
        self._button_ids: list[Hashable] = []
        self._pool = ButtonPool(self._on_click)
        self._groups: list[tuple[w.VBox, w.HTML, w.HBox]] = []
        self.undo_button = make_button("↶ undo", "wb-undo", "back to before your last decision")
        self.redo_button = make_button("↷ redo", "wb-redo", "re-apply the undone decision")
        self.reset_button = make_button("⟲ reset", "wb-reset", "restart with the same seed")
        self.seed_field = w.IntText(
            value=session.seed, description="seed", layout=w.Layout(width="180px")
        )
        self.seed_field.add_class("wb-seed")
        self.new_game_button = make_button(
            "new game", "wb-new-game", "start over with the seed field"
        )
        self.bot_chooser = w.Dropdown(options=list(self.bots), layout=w.Layout(width="140px"))
        self.bot_chooser.add_class("wb-bot")
        self.bot_move_button = make_button(
            "bot move", "wb-bot-move", "let the bot choose the next move"
        )
        self.play_to_end_button = make_button(
            "play to end", "wb-play-to-end", "bots play every seat to the end"
        )
        self.seat_choosers = [
            self._seat_chooser(i, (bot_seats or {}).get(i)) for i in range(session.game.num_players)
        ]
        self.step_slider = w.IntSlider(
            min=0, max=0, value=0, description="step", continuous_update=False
        )
        self.step_slider.add_class("wb-step")
        self.log = w.HTML()
        self.log.add_class("wb-log")
        self.status = w.HTML()
        self.status.add_class("wb-status")
        self.recent = w.HTML()  # the moves since a person last decided (bots, dice)
        self.recent.add_class("wb-recent-box")
        #: ``turn_owner(game, state) -> seat`` whose turn it is, when a game lets others
        #: decide in it (ghost's reactions): the status line then tells the two apart.
        self.turn_owner: Callable[[Game[Any], Any], int | None] | None = None
        self.undo_button.on_click(lambda _: self.guarded(self.undo))
        self.redo_button.on_click(lambda _: self.guarded(self.redo))
        self.reset_button.on_click(lambda _: self.guarded(self.reset))
        self.new_game_button.on_click(lambda _: self.guarded(self.new_game))
        self.bot_move_button.on_click(lambda _: self.guarded(self.bot_move))
        self.play_to_end_button.on_click(lambda _: self.guarded(self.play_to_end))
        self.step_slider.observe(self._on_slider, names="value")
        controls = w.HBox(
            [
                self.undo_button,
                self.redo_button,
                self.reset_button,
                self.seed_field,
                self.new_game_button,
            ]
        )
        bots_row = w.HBox([self.bot_chooser, self.bot_move_button, self.play_to_end_button])
        seats_row = w.HBox(self.seat_choosers, layout=w.Layout(flex_flow="row wrap"))
        self.analysis = AnalysisPanel(self, analysis_budget)
        # the viewer: None, the designer (everything, secrets marked), or a seat (its view only)
        self.viewer: int | None = None
        self.hot_seat = False  # the viewer follows the person to move, behind a hand-off screen
        self._ready_for = -1
        self._log_cache: dict[Any, Any] = {}
        self.viewer_chooser = w.Dropdown(
            options=[("designer (sees all)", -1)]
            + [(self.seat_name(i), i) for i in range(session.game.num_players)],
            value=-1,
            description="view as",
            layout=w.Layout(width="260px"),
        )
        self.viewer_chooser.add_class("wb-viewer")
        self.viewer_chooser.observe(
            lambda c: self.set_viewer(None if c["new"] < 0 else int(c["new"])), names="value"
        )
        seats_row.children = (*seats_row.children, self.viewer_chooser)
        self.handoff_text = w.HTML()
        self.handoff_button = make_button("I am ready", "wb-handoff-ready", "show my seat's view")
        self.handoff_button.on_click(lambda _: self.ready())
        self.handoff_box = w.VBox([self.handoff_text, self.handoff_button])
        self.handoff_box.add_class("wb-handoff")
        self.handoff_box.layout.display = "none"
        self.widget = w.VBox(
            [
                self.handoff_box,
                self.picture,
                self.status,
                self.recent,
                self.actions_box,
                controls,
                bots_row,
                seats_row,
                self.step_slider,
                self.analysis.widget,
                self.log,
            ]
        )
        self.widget.add_class("wb-board")
        self._shown_state: Any = object()
        self._shown_actions: tuple[tuple[Hashable, str], ...] | None = None
        self._shown_log: list[str] = []
        self._shown_seed = session.seed
        self._quiet = False
        self._message = ""
        session.on_change(self._on_session_change)
        self._autoplay()
        self.refresh()

    def _seat_chooser(self, seat: int, bot: str | None) -> w.Dropdown:
        if bot is not None and bot not in self.bots:
            raise ValueError(
                f"bot_seats[{seat}] = {bot!r} is not one of the bots {list(self.bots)}"
            )
        d = w.Dropdown(
            options=[HUMAN, *self.bots],
            value=bot or HUMAN,
            description=self.seat_name(seat),
            layout=w.Layout(width="220px"),
        )
        d.add_class("wb-seat")
        d.add_class(f"wb-seat-{seat}")
        d.observe(lambda _c: self.guarded(self._autoplay), names="value")
        return d

    @property
    def button_ids(self) -> list[Hashable]:
        """The action id of each shown button, in button order."""
        return list(self._button_ids)

    def refresh(self) -> None:
        """Redraw what changed since the last draw."""
        s = self.session
        with self.widget.hold_sync():
            if self._draw_handoff():
                return
            if s.state is not self._shown_state:
                self.picture.value = picture_for(s.game, self.render, s.state, self.viewer)
                self._shown_state = s.state
            self._draw_actions()
            self._draw_log()
            self._draw_recent()
            self.undo_button.disabled = not s.can_undo
            self.redo_button.disabled = not s.can_redo
            self.bot_move_button.disabled = self.play_to_end_button.disabled = s.is_over
            quiet, self._quiet = self._quiet, True
            try:
                self.step_slider.max = s.total_steps
                self.step_slider.value = s.step
            finally:
                self._quiet = quiet
            if s.seed != self._shown_seed:  # a new game: show its seed, else keep what is typed
                self.seed_field.value = self._shown_seed = s.seed
            self.analysis.refresh()
            self.analysis.widget.layout.display = None if self._sees_decision() else "none"
            self._draw_status()

    def _draw_actions(self) -> None:
        s = self.session
        actions = list(s.legal_actions()) if self._sees_decision() else []
        key = tuple((a.id, a.label) for a in actions)
        if key == self._shown_actions:
            return
        self._shown_actions = key
        groups = (
            list(self.action_layout(s.game, s.state, actions))
            if self.action_layout and s.to_move >= 0
            else [("", actions)]
        )
        ordered = [a for _, acts in groups for a in acts]
        self.action_buttons = self._pool.assign(ordered, self.action_classes)
        self._button_ids = [a.id for a in ordered]
        self.actions_box.children = self._group_boxes(groups)

    def _group_boxes(self, groups: Sequence[tuple[str, Sequence[Action]]]) -> list[w.VBox]:
        boxes, start = [], 0
        for i, (title, acts) in enumerate(groups):
            if i >= len(self._groups):
                head, row = w.HTML(), w.HBox(layout=w.Layout(flex_flow="row wrap"))
                box = w.VBox([head, row])
                box.add_class("wb-action-group")
                self._groups.append((box, head, row))
            box, head, row = self._groups[i]
            head.value = f"<b>{escape(title)}</b>" if title else ""
            head.layout.display = None if title else "none"
            row.children = self.action_buttons[start : start + len(acts)]
            boxes.append(box)
            start += len(acts)
        return boxes

    def _draw_log(self) -> None:
        lines = self.viewer_log()[-LOG_LINES:]
        if lines == self._shown_log:
            return
        self._shown_log = lines
        self.log.value = log_html([self.log_line(x) for x in lines])

    def _draw_recent(self) -> None:
        s = self.session
        people = {i for i in range(s.game.num_players) if self.seat_bot(i) is None}
        history, start = s.history, s.step
        while start > 0 and start > s.step - 200:  # back to the last person's decision
            start -= 1
            if s.game.current_player(history[start]) in people:
                break
        movers = [s.game.current_player(history[k]) for k in range(start, s.step)]
        lines = since_last_person(movers, self.viewer_log()[start:], people)
        html = recent_html(lines, self.log_line)
        if self.recent.value != html:
            self.recent.value = html

    # -- notebook display -----------------------------------------------------------
    def _repr_mimebundle_(self, **kwargs: Any) -> Any:
        return self.widget._repr_mimebundle_(**kwargs)
