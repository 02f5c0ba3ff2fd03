"""The board view base: a thin ipywidgets container over a :class:`Session`.

A game's ``board.py`` gives a pure ``render(game, state) -> str`` (HTML/SVG)
and optionally an ``action_layout(game, state, actions)`` returning
``[(group title, [Action, ...]), ...]`` (e.g. card buttons under their
cards, then the squares). Everything else is here: one button per legal
action, undo / redo / reset, seed + new game, bot move / play to end with a
bot chooser, a step slider, the log and a status line. An illegal click is
refused in the status line and changes nothing.

Stable CSS classes for browser tests: ``wb-board wb-picture wb-actions
wb-action wb-action-<index> wb-action-group wb-undo wb-redo wb-reset
wb-new-game wb-seed wb-bot wb-bot-move wb-play-to-end wb-step wb-log
wb-status``.

Only what changed is redrawn: the picture when the state changed, the
buttons when the legal actions changed (buttons are reused, not rebuilt),
the log by its new lines.
"""

from __future__ import annotations

from collections.abc import Callable, Hashable, Mapping, Sequence
from html import escape
from typing import Any

import ipywidgets as w

from workbench.engine.players import random_player
from workbench.engine.playout import Player
from workbench.engine.protocol import CHANCE, TERMINAL, Action, Game
from workbench.engine.session import Session

Render = Callable[[Game[Any], Any], str]
Layout = Callable[[Game[Any], Any, Sequence[Action]], Sequence[tuple[str, Sequence[Action]]]]

LOG_LINES = 400


def _button(description: str, css: str, tooltip: str = "") -> w.Button:
    b = w.Button(description=description, tooltip=tooltip or description)
    b.add_class(css)
    return b


class BoardView:
    """The clickable board over a session (``display(board)`` or ``board.widget``)."""

    def __init__(
        self,
        session: Session,
        render: Render,
        *,
        action_layout: Layout | None = None,
        bots: Mapping[str, Player] | None = None,
        seat_names: Sequence[str] | None = None,
    ) -> None:
        self.session = session
        self.render = render
        self.action_layout = action_layout
        self.bots: dict[str, Player] = dict(bots) if bots else {"random": random_player}
        self.seat_names = list(seat_names) if seat_names else None
        self.picture = w.HTML()
        self.picture.add_class("wb-picture")
        self.actions_box = w.VBox()
        self.actions_box.add_class("wb-actions")
        self.action_buttons: list[w.Button] = []
        self._button_ids: list[Hashable] = []
        self._groups: list[w.VBox] = []
        self.undo_button = _button("↶ undo", "wb-undo", "back to before the last decision")
        self.redo_button = _button("↷ redo", "wb-redo", "re-apply the undone decision")
        self.reset_button = _button("⟲ reset", "wb-reset", "restart with the same seed")
        self.seed_field = w.IntText(value=session.seed, description="seed", layout=w.Layout(width="180px"))
        self.seed_field.add_class("wb-seed")
        self.new_game_button = _button("new game", "wb-new-game", "start over with the seed field")
        self.bot_chooser = w.Dropdown(options=list(self.bots), layout=w.Layout(width="140px"))
        self.bot_chooser.add_class("wb-bot")
        self.bot_move_button = _button("bot move", "wb-bot-move", "let the bot choose the next move")
        self.play_to_end_button = _button("play to end", "wb-play-to-end", "bots play every seat to the end")
        self.step_slider = w.IntSlider(min=0, max=0, value=0, description="step", continuous_update=False)
        self.step_slider.add_class("wb-step")
        self.log = w.HTML()
        self.log.add_class("wb-log")
        self.status = w.HTML()
        self.status.add_class("wb-status")
        self.undo_button.on_click(lambda _: self._guard(self.session.undo))
        self.redo_button.on_click(lambda _: self._guard(self.session.redo))
        self.reset_button.on_click(lambda _: self._guard(self.session.reset))
        self.new_game_button.on_click(lambda _: self._guard(self.new_game))
        self.bot_move_button.on_click(lambda _: self._guard(self.bot_move))
        self.play_to_end_button.on_click(lambda _: self._guard(self.play_to_end))
        self.step_slider.observe(self._on_slider, names="value")
        controls = w.HBox([self.undo_button, self.redo_button, self.reset_button, self.seed_field,
                           self.new_game_button])
        bots_row = w.HBox([self.bot_chooser, self.bot_move_button, self.play_to_end_button])
        self.widget = w.VBox([self.picture, self.status, self.actions_box, controls, bots_row,
                              self.step_slider, self.log])
        self.widget.add_class("wb-board")
        self._shown_state: Any = object()
        self._shown_actions: tuple[tuple[Hashable, str], ...] | None = None
        self._shown_log: list[str] = []
        self._slider_busy = False
        self._message = ""
        session.on_change(lambda _s: self.refresh())
        self.refresh()

    # -- commands -----------------------------------------------------------------
    @property
    def bot(self) -> Player:
        """The player chosen in the bot dropdown."""
        return self.bots[str(self.bot_chooser.value)]

    def new_game(self) -> None:
        """Start over with the seed in the seed field."""
        self.session.reset(seed=int(self.seed_field.value))

    def bot_move(self) -> None:
        """One move by the chosen bot (or a roll at a chance node)."""
        self.session.bot_move(self.bot)

    def play_to_end(self) -> None:
        """The chosen bot plays every seat to the end."""
        self.session.play_to_end(self.bot)

    def click_action(self, action_id: Hashable) -> bool:
        """Apply an action as a click would; False (and a status message) when refused."""
        return self._guard(lambda: self.session.apply(action_id))

    def _guard(self, command: Callable[[], None]) -> bool:
        self._message = ""
        try:
            command()
        except (ValueError, IndexError, RuntimeError) as e:
            self._message = str(e)
            self._draw_status()
            return False
        self._draw_status()
        return True

    def _on_click(self, button: w.Button) -> None:
        index = self.action_buttons.index(button)
        if index >= len(self._button_ids):
            self._message = "that button is not an action any more"
            self._draw_status()
            return
        self.click_action(self._button_ids[index])

    def _on_slider(self, change: Mapping[str, Any]) -> None:
        if not self._slider_busy:
            self._guard(lambda: self.session.jump(int(change["new"])))

    # -- drawing ------------------------------------------------------------------
    def seat_name(self, seat: int) -> str:
        """The name shown for a seat (P1, P2... unless given)."""
        if self.seat_names and seat < len(self.seat_names):
            return self.seat_names[seat]
        return f"P{seat + 1}"

    def refresh(self) -> None:
        """Redraw what changed since the last draw."""
        s = self.session
        with self.widget.hold_sync():
            if s.state is not self._shown_state:
                self.picture.value = self.render(s.game, s.state)
                self._shown_state = s.state
            self._draw_actions()
            self._draw_log()
            self.undo_button.disabled = not s.can_undo
            self.redo_button.disabled = not s.can_redo
            over = s.is_over
            self.bot_move_button.disabled = over
            self.play_to_end_button.disabled = over
            self._slider_busy = True
            try:
                self.step_slider.max = s.total_steps
                self.step_slider.value = s.step
            finally:
                self._slider_busy = False
            if self.seed_field.value != s.seed and not self._message:
                self.seed_field.value = s.seed
            self._draw_status()

    def _draw_actions(self) -> None:
        s = self.session
        actions = list(s.legal_actions())
        key = tuple((a.id, a.label) for a in actions)
        if key == self._shown_actions:
            return
        self._shown_actions = key
        groups = (
            list(self.action_layout(s.game, s.state, actions))
            if self.action_layout and s.to_move >= 0
            else [("", actions)]
        )
        while len(self.action_buttons) < len(actions):
            b = _button("", "wb-action")
            b.add_class(f"wb-action-{len(self.action_buttons)}")
            b.on_click(self._on_click)
            self.action_buttons.append(b)
        ordered = [a for _, acts in groups for a in acts]
        self._button_ids = [a.id for a in ordered]
        for b, a in zip(self.action_buttons, ordered):
            b.description = a.label
            b.tooltip = a.label
        boxes: list[w.Widget] = []
        start = 0
        for i, (title, acts) in enumerate(groups):
            if i >= len(self._groups):
                box = w.VBox()
                box.add_class("wb-action-group")
                self._groups.append(box)
            box = self._groups[i]
            row = w.HBox(self.action_buttons[start : start + len(acts)],
                         layout=w.Layout(flex_flow="row wrap"))
            box.children = ([w.HTML(f"<b>{escape(title)}</b>")] if title else []) + [row]
            boxes.append(box)
            start += len(acts)
        self.actions_box.children = boxes

    def _draw_log(self) -> None:
        lines = self.session.log[-LOG_LINES:]
        if lines == self._shown_log:
            return
        self._shown_log = lines
        body = "\n".join(escape(x) for x in lines) or "(no moves yet)"
        self.log.value = (
            "<pre style='max-height:14em;overflow:auto;margin:0;font-size:90%'>" + body + "</pre>"
        )

    def status_text(self) -> str:
        """Who is to move, or the result."""
        s = self.session
        who = s.to_move
        where = f"step {s.step}/{s.total_steps}"
        if who == TERMINAL:
            scores = ", ".join(f"{self.seat_name(i)} {v:g}" for i, v in enumerate(s.game.returns(s.state)))
            won = s.game.winners(s.state)
            result = (
                "draw between " if len(won) > 1 else "winner "
            ) + " & ".join(self.seat_name(i) for i in won) if won else "nobody won"
            return f"game over — {result} — {scores} ({where})"
        if who == CHANCE:
            return f"chance to resolve: pick an outcome or press bot move ({where})"
        return f"{self.seat_name(who)} to move ({where})"

    def _draw_status(self) -> None:
        if self._message:
            self.status.value = f"<span style='color:#b3261e'>⚠ {escape(self._message, quote=False)}</span>"
        else:
            self.status.value = escape(self.status_text(), quote=False)

    # -- notebook display -----------------------------------------------------------
    def _repr_mimebundle_(self, **kwargs: Any) -> Any:
        return self.widget._repr_mimebundle_(**kwargs)
