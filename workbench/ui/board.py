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
"""

from __future__ import annotations

import re
from collections.abc import Callable, Hashable, Mapping, Sequence
from html import escape
from typing import Any

import ipywidgets as w

from workbench.engine.kernel.protocol import CHANCE, TERMINAL, Action, Game
from workbench.engine.play.replay_checks import what_if_note
from workbench.engine.play.seat_view import log_for, picture_for
from workbench.engine.play.session import Session
from workbench.engine.players import random_player
from workbench.engine.runs.playout import Player
from workbench.ui.analysis_panel import DEFAULT_BUDGET, AnalysisPanel, board_words
from workbench.ui.buttons import GONE, ActionClasses, ButtonPool, make_button
from workbench.ui.names import player_name
from workbench.ui.recent import deciding_text, recent_html, since_last_person

Render = Callable[[Game[Any], Any], str]
Layout = Callable[[Game[Any], Any, Sequence[Action]], Sequence[tuple[str, Sequence[Action]]]]

LOG_LINES = 400
HUMAN = "person"
_LOG_PREFIX = re.compile(r"(\d+\. )?P(\d+): ")
_P_SEAT = re.compile(r"\bP(\d+)\b")


def log_html(lines: Sequence[str]) -> str:
    """The move log, newest line on top and in bold (the last move, roll or draw never
    hides below the fold of a short box).

    >>> html = log_html(["1. deal", "2. Player 1: draw"])
    >>> html.index("draw") < html.index("deal") and "<b>2. Player 1: draw</b>" in html
    True
    """
    if not lines:
        return "<div class='wb-log-box' style='color:#777'>(no moves yet)</div>"
    rows = [f"<div><b>{escape(lines[-1], quote=False)}</b></div>"]
    rows += [f"<div>{escape(x, quote=False)}</div>" for x in reversed(lines[:-1])]
    return ("<div class='wb-log-box' title='newest move on top' style='max-height:14em;"
            "overflow:auto;font:12px/1.4 ui-monospace,monospace;border:1px solid #ddd;"
            "padding:2px 6px'>" + "".join(rows) + "</div>")


class BoardView:
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
        self.seed_field = w.IntText(value=session.seed, description="seed", layout=w.Layout(width="180px"))
        self.seed_field.add_class("wb-seed")
        self.new_game_button = make_button("new game", "wb-new-game", "start over with the seed field")
        self.bot_chooser = w.Dropdown(options=list(self.bots), layout=w.Layout(width="140px"))
        self.bot_chooser.add_class("wb-bot")
        self.bot_move_button = make_button("bot move", "wb-bot-move", "let the bot choose the next move")
        self.play_to_end_button = make_button("play to end", "wb-play-to-end", "bots play every seat to the end")
        self.seat_choosers = [self._seat_chooser(i, (bot_seats or {}).get(i)) for i in range(session.game.num_players)]
        self.step_slider = w.IntSlider(min=0, max=0, value=0, description="step", continuous_update=False)
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
        self.undo_button.on_click(lambda _: self._guard(self.undo))
        self.redo_button.on_click(lambda _: self._guard(self.redo))
        self.reset_button.on_click(lambda _: self._guard(self.reset))
        self.new_game_button.on_click(lambda _: self._guard(self.new_game))
        self.bot_move_button.on_click(lambda _: self._guard(self.bot_move))
        self.play_to_end_button.on_click(lambda _: self._guard(self.play_to_end))
        self.step_slider.observe(self._on_slider, names="value")
        controls = w.HBox([self.undo_button, self.redo_button, self.reset_button, self.seed_field,
                           self.new_game_button])
        bots_row = w.HBox([self.bot_chooser, self.bot_move_button, self.play_to_end_button])
        seats_row = w.HBox(self.seat_choosers, layout=w.Layout(flex_flow="row wrap"))
        self.analysis = AnalysisPanel(self, analysis_budget)
        # the viewer: None, the designer (everything, secrets marked), or a seat (its view only)
        self.viewer: int | None = None
        self.hot_seat = False  # the viewer follows the person to move, behind a hand-off screen
        self._ready_for = -1
        self._log_cache: dict[Any, Any] = {}
        self.viewer_chooser = w.Dropdown(
            options=[("designer (sees all)", -1)] + [(self.seat_name(i), i) for i in range(session.game.num_players)],
            value=-1, description="view as", layout=w.Layout(width="260px"))
        self.viewer_chooser.add_class("wb-viewer")
        self.viewer_chooser.observe(lambda c: self.set_viewer(None if c["new"] < 0 else int(c["new"])),
                                    names="value")
        seats_row.children = (*seats_row.children, self.viewer_chooser)
        self.handoff_text = w.HTML()
        self.handoff_button = make_button("I am ready", "wb-handoff-ready", "show my seat's view")
        self.handoff_button.on_click(lambda _: self.ready())
        self.handoff_box = w.VBox([self.handoff_text, self.handoff_button])
        self.handoff_box.add_class("wb-handoff")
        self.handoff_box.layout.display = "none"
        self.widget = w.VBox([self.handoff_box, self.picture, self.status, self.recent, self.actions_box,
                              controls, bots_row, seats_row, self.step_slider, self.analysis.widget,
                              self.log])
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
            raise ValueError(f"bot_seats[{seat}] = {bot!r} is not one of the bots {list(self.bots)}")
        d = w.Dropdown(options=[HUMAN, *self.bots], value=bot or HUMAN, description=self.seat_name(seat),
                       layout=w.Layout(width="220px"))
        d.add_class("wb-seat")
        d.add_class(f"wb-seat-{seat}")
        d.observe(lambda _c: self._guard(self._autoplay), names="value")
        return d

    # -- the viewer ----------------------------------------------------------------
    def set_viewer(self, viewer: int | None) -> None:
        """Show the board as ``viewer`` sees it: a seat (its own cards, its log lines,
        draws it may not see unnamed; no buttons or analysis while another seat
        decides) or None, the designer."""
        self.viewer = viewer
        self._shown_state, self._shown_actions, self._shown_log = object(), None, []
        if self.viewer_chooser.value != (-1 if viewer is None else viewer):
            self.viewer_chooser.value = -1 if viewer is None else viewer
        self.refresh()

    def set_hot_seat(self, on: bool = True) -> None:
        """Hot-seat: one screen passed round; between two people's decisions a hand-off
        screen ("Pass to Player 2 — click when ready") hides the board."""
        self.hot_seat, self._ready_for = on, -1
        self.set_viewer(None)

    def ready(self) -> None:
        """The person to move has the screen (hot-seat): show their view."""
        who = self.session.to_move
        self._ready_for = who
        self.set_viewer(who if who >= 0 else None)

    def handing_over(self) -> int | None:
        """Hot-seat: the seat the screen must be passed to now, else None."""
        who = self.session.to_move
        if not self.hot_seat or who < 0 or who == self._ready_for:
            return None
        return who

    def viewer_log(self) -> list[str]:
        """The log as the viewer reads it."""
        return log_for(self.session, self.viewer, self._log_cache)

    def _sees_decision(self) -> bool:
        return self.viewer is None or self.viewer == self.session.to_move

    # -- commands -----------------------------------------------------------------
    @property
    def bot(self) -> Player:
        """The player chosen in the bot dropdown."""
        return self.bots[str(self.bot_chooser.value)]

    def seat_bot(self, seat: int) -> Player | None:
        """The bot playing a seat by itself, or None for a person."""
        if not 0 <= seat < len(self.seat_choosers):
            return None
        name = str(self.seat_choosers[seat].value)
        return None if name == HUMAN else self.bots[name]

    def new_game(self) -> None:
        """Start over with the seed in the seed field."""
        self._quietly(lambda: self.session.reset(seed=int(self.seed_field.value)))
        self._autoplay()

    def reset(self) -> None:
        """Start over with the same seed."""
        self._quietly(self.session.reset)
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

        self._quietly(go)

    def bot_move(self) -> None:
        """One move by the chosen bot (or a roll at a chance node), then the seated bots."""
        self._quietly(lambda: self.session.bot_move(self.bot))
        self._autoplay()

    def play_to_end(self) -> None:
        """Bots play to the end: each seat's own bot, else the chosen one."""
        n = self.session.game.num_players
        self.session.play_to_end([self.seat_bot(i) or self.bot for i in range(n)])

    def click_action(self, action_id: Hashable) -> bool:
        """Apply an action as a click would; False (and a status message) when refused.
        At a chance step the outcome is chosen by hand (:meth:`Session.choose`: the log
        and replays mark it "(chosen)")."""
        s = self.session
        if not self._sees_decision() or self.handing_over() is not None:
            self._message = f"not your turn: {self.seat_name(s.to_move)} is deciding" \
                if s.to_move >= 0 else "not your turn"
            self._draw_status()
            return False

        def apply() -> None:
            self._quietly(lambda: s.choose(action_id) if s.to_move == CHANCE else s.apply(action_id))
            self._autoplay()

        return self._guard(apply)

    def _autoplay(self, limit: int = 100_000) -> None:
        """Let the seated bots move until a person is to move or the game is over."""
        s = self.session

        def run() -> None:
            for _ in range(limit):
                bot = self.seat_bot(s.to_move)
                if bot is None or s.is_over:
                    return
                s.bot_move(bot)

        self._quietly(run)

    def _quietly(self, command: Callable[[], Any]) -> None:
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

    def _guard(self, command: Callable[[], Any]) -> bool:
        self._message = ""
        try:
            command()
        except (ValueError, IndexError, RuntimeError, KeyError) as e:
            self._message = str(e)
            self._draw_status()
            return False
        self._draw_status()
        return True

    def _on_session_change(self, _session: Session) -> None:
        if not self._quiet:
            self.refresh()

    def _on_click(self, button: w.Button) -> None:
        action_id = self._pool.action_of(button)
        if button not in self.action_buttons or action_id is GONE:
            self._message = "that button is not an action any more"
            self._draw_status()
            return
        self.click_action(action_id)

    def _on_slider(self, change: Mapping[str, Any]) -> None:
        if not self._quiet:
            self._guard(lambda: self._quietly(lambda: self.session.jump(int(change["new"]))))

    # -- drawing ------------------------------------------------------------------
    def seat_name(self, seat: int) -> str:
        """The name shown for a seat (Player 1, Player 2... unless given; seats count from 1)."""
        return player_name(seat, self.seat_names)

    def log_line(self, line: str) -> str:
        """A session log line with its ``P<n>:`` prefix in the board's player names."""
        m = _LOG_PREFIX.match(line)
        if not m:
            return line
        return f"{m.group(1) or ''}{self.seat_name(int(m.group(2)) - 1)}: {line[m.end():]}"

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

    def _draw_handoff(self) -> bool:
        """Hot-seat between two people: only the hand-off screen; True when shown."""
        seat = self.handing_over()
        parts = (self.picture, self.recent, self.actions_box, self.analysis.widget, self.log)
        if seat is None:
            if self.handoff_box.layout.display == "none":
                return False
            self.handoff_box.layout.display = "none"
            for part in parts:
                part.layout.display = None
            return False
        self.handoff_text.value = (f"<div style='font-size:1.4em;margin:2em 0'>Pass to "
                                   f"{escape(self.seat_name(seat))} — click when ready</div>")
        self.handoff_box.layout.display = None
        for part in parts:
            part.layout.display = "none"
        self.picture.value = self.log.value = self.recent.value = ""
        self._shown_state, self._shown_actions, self._shown_log = object(), None, []
        self.status.value = escape(f"{self.seat_name(seat)} to move")
        return True

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

    def _last_move_of(self, seat: int) -> str:
        """The label of ``seat``'s last logged move (prefix and step number dropped)."""
        mark = f"P{seat + 1}: "
        for line in reversed(self.viewer_log()):
            _, _, rest = line.partition(". ")
            if rest.startswith(mark):
                return rest[len(mark):]
        return ""

    def status_text(self) -> str:
        """Who is to move, or the result (and "what-if" when chance was set by hand)."""
        s = self.session
        who = s.to_move
        where = f"step {s.step}/{s.total_steps}{what_if_note(s)}"
        if who == TERMINAL:
            scores = ", ".join(f"{self.seat_name(i)} {v:g}" for i, v in enumerate(s.game.returns(s.state)))
            won = s.game.winners(s.state)
            names = " & ".join(self.seat_name(i) for i in won)
            result = "nobody won" if not won else f"draw between {names}" if len(won) > 1 else f"winner {names}"
            return f"game over — {result} — {scores} ({where})"
        if who == CHANCE:
            return f"chance to resolve: pick an outcome or press bot move ({where})"
        owner = self.turn_owner(s.game, s.state) if self.turn_owner is not None else None
        if owner is None or owner == who:
            return f"{self.seat_name(who)} to move ({where})"
        words = deciding_text(self.seat_name(who), self.seat_name(owner),
                              board_words(self._last_move_of(owner), self.seat_names))
        return f"{words} ({where})"

    def _draw_status(self) -> None:
        if self._message:
            message = _P_SEAT.sub(lambda m: self.seat_name(int(m.group(1)) - 1), self._message)
            self.status.value = f"<span style='color:#b3261e'>⚠ {escape(message, quote=False)}</span>"
        else:
            self.status.value = escape(self.status_text(), quote=False)

    # -- notebook display -----------------------------------------------------------
    def _repr_mimebundle_(self, **kwargs: Any) -> Any:
        return self.widget._repr_mimebundle_(**kwargs)

