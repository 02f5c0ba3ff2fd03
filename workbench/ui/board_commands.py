"""What a board does when asked: undo and redo over the bots' moves, reset and new
game, a bot's move or the bots to the end, a click on an action (refused in the
status line when illegal or out of turn), the seated bots moving by themselves,
one redraw per command — the command part of :class:`~workbench.ui.board.BoardView`."""

from __future__ import annotations

from collections.abc import Callable, Hashable, Mapping
from typing import Any

import ipywidgets as w

from workbench.engine.kernel.protocol import CHANCE
from workbench.engine.kernel.seat import Player
from workbench.engine.play.session import Session
from workbench.ui.board_viewer import BoardViewer
from workbench.ui.buttons import GONE, ButtonPool

__all__ = ["HUMAN", "BoardCommands"]

HUMAN = "person"


class BoardCommands(BoardViewer):
    """The commands of a board and its widgets' callbacks (the widgets made by
    :class:`~workbench.ui.board.BoardView`)."""

    bots: dict[str, Player]
    bot_chooser: w.Dropdown
    seat_choosers: list[w.Dropdown]
    seed_field: w.IntText
    action_buttons: list[w.Button]
    _pool: ButtonPool
    _quiet: bool

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
        self.batched(lambda: self.session.reset(seed=int(self.seed_field.value)))
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
        self.batched(lambda: self.session.bot_move(self.bot))
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
            self._message = (
                f"not your turn: {self.seat_name(s.to_move)} is deciding"
                if s.to_move >= 0
                else "not your turn"
            )
            self._draw_status()
            return False

        def apply() -> None:
            self.batched(lambda: s.choose(action_id) if s.to_move == CHANCE else s.apply(action_id))
            self._autoplay()

        return self.guarded(apply)

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
            self.guarded(lambda: self.batched(lambda: self.session.jump(int(change["new"]))))
