"""The board's words: seat names, log lines as the viewer reads them, the move log's HTML
and the status line (who is to move, the result, a refused click) — the text part of
:class:`~workbench.ui.board.BoardView`, which inherits it."""

from __future__ import annotations

import re
from collections.abc import Callable, Sequence
from html import escape
from typing import Any

import ipywidgets as w

from workbench.engine.kernel.protocol import CHANCE, TERMINAL, Game
from workbench.engine.play.replay_checks import what_if_note
from workbench.engine.play.seat_view import log_for, seat_word
from workbench.engine.play.session import Session
from workbench.ui.analysis_panel import board_words
from workbench.ui.names import player_name
from workbench.ui.recent import deciding_text

__all__ = ["LOG_LINES", "BoardText", "log_html"]

LOG_LINES = 400


def _log_prefix(word: str) -> re.Pattern[str]:
    return re.compile(rf"(\d+\. )?(?:P|{re.escape(word)} )(\d+): ")


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
    return (
        "<div class='wb-log-box' title='newest move on top' style='max-height:14em;"
        "overflow:auto;font:12px/1.4 ui-monospace,monospace;border:1px solid #ddd;"
        "padding:2px 6px'>" + "".join(rows) + "</div>"
    )


class BoardText:
    """Seat names, the viewer's log and the status line of a board (set up by
    :class:`~workbench.ui.board.BoardView`)."""

    session: Session
    seat_names: list[str] | None
    viewer: int | None
    status: w.HTML
    turn_owner: Callable[[Game[Any], Any], int | None] | None
    _log_cache: dict[Any, Any]
    _message: str

    def seat_name(self, seat: int) -> str:
        """The name shown for a seat (Player 1, Player 2... unless given; seats count from 1)."""
        return player_name(seat, self.seat_names)

    def log_line(self, line: str) -> str:
        """A log line with its player prefix (``Player 2:``, or the engine's ``P2:``) in the
        board's player names."""
        m = _log_prefix(seat_word(self.session.game)).match(line)
        if not m:
            return line
        return f"{m.group(1) or ''}{self.seat_name(int(m.group(2)) - 1)}: {line[m.end() :]}"

    def viewer_log(self) -> list[str]:
        """The log as the viewer reads it."""
        return log_for(self.session, self.viewer, self._log_cache)

    def _sees_decision(self) -> bool:
        return self.viewer is None or self.viewer == self.session.to_move

    def _last_move_of(self, seat: int) -> str:
        """The label of ``seat``'s last logged move (prefix and step number dropped)."""
        mark = f"{seat_word(self.session.game)} {seat + 1}: "  # as log_for writes it
        for line in reversed(self.viewer_log()):
            _, _, rest = line.partition(". ")
            if rest.startswith(mark):
                return rest[len(mark) :]
        return ""

    def status_text(self) -> str:
        """Who is to move, or the result (and "what-if" when chance was set by hand)."""
        s = self.session
        who = s.to_move
        where = f"step {s.step}/{s.total_steps}{what_if_note(s)}"
        if who == TERMINAL:
            scores = ", ".join(
                f"{self.seat_name(i)} {v:g}" for i, v in enumerate(s.game.returns(s.state))
            )
            won = s.game.winners(s.state)
            names = " & ".join(self.seat_name(i) for i in won)
            result = (
                "nobody won"
                if not won
                else f"draw between {names}"
                if len(won) > 1
                else f"winner {names}"
            )
            return f"game over — {result} — {scores} ({where})"
        if who == CHANCE:
            return f"chance to resolve: pick an outcome or press bot move ({where})"
        owner = self.turn_owner(s.game, s.state) if self.turn_owner is not None else None
        if owner is None or owner == who:
            return f"{self.seat_name(who)} to move ({where})"
        words = deciding_text(
            self.seat_name(who),
            self.seat_name(owner),
            board_words(self._last_move_of(owner), self.seat_names),
        )
        return f"{words} ({where})"

    def _draw_status(self) -> None:
        if self._message:
            message = _P_SEAT.sub(lambda m: self.seat_name(int(m.group(1)) - 1), self._message)
            self.status.value = (
                f"<span style='color:#b3261e'>⚠ {escape(message, quote=False)}</span>"
            )
        else:
            self.status.value = escape(self.status_text(), quote=False)
