"""The board's words: the move log and "what just happened" (:class:`MoveLog`), the status
line (:class:`StatusLine`) and the sentence it shows (:func:`status_sentence`) — parts
that :class:`~workbench.ui.board.BoardView` composes."""

from __future__ import annotations

import re
from collections.abc import Callable, Sequence
from html import escape
from typing import Any

import ipywidgets as w

from workbench.engine.kernel.protocol import CHANCE, TERMINAL
from workbench.engine.play.replay_checks import what_if_note
from workbench.engine.play.session import Session
from workbench.engine.play.viewer import log_for, seat_word
from workbench.ui.recent import deciding_text, recent_html, since_last_person

__all__ = ["LOG_LINES", "MoveLog", "StatusLine", "log_html", "renamed_prefix", "status_sentence"]

LOG_LINES = 400

_P_SEAT = re.compile(r"\bP(\d+)\b")


def renamed_prefix(line: str, word: str, seat_name: Callable[[int], str]) -> str:
    """A log line with its player prefix (``Player 2:``, or the engine's ``P2:``; ``word``
    is the game's seat word) in the board's names (``seat_name`` counts seats from 0).

    >>> renamed_prefix("3. P2: take 1", "Player", lambda i: f"User {i + 1}")
    '3. User 2: take 1'
    >>> renamed_prefix("deal", "Player", str)
    'deal'

    The forced moves the kernel names after a line (``; P1: end the turn (forced)``) too:

    >>> renamed_prefix("4. P2: draw; P1: end (forced)", "Player", lambda i: f"User {i + 1}")
    '4. User 2: draw; User 1: end (forced)'
    """
    line = re.sub(
        r"; P(\d+): (?=[^;]* \(forced\))",
        lambda f: f"; {seat_name(int(f.group(1)) - 1)}: ",
        line,
    )
    m = re.match(rf"(\d+\. )?(?:P|{re.escape(word)} )(\d+): ", line)
    if not m:
        return line
    return f"{m.group(1) or ''}{seat_name(int(m.group(2)) - 1)}: {line[m.end() :]}"


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


class MoveLog:
    """The log box (``wb-log``) and the moves since a person last decided (``wb-recent-box``),
    as one viewer reads them; redrawn only when their lines changed."""

    def __init__(self, session: Session) -> None:
        self.session = session
        self.log = w.HTML()
        self.log.add_class("wb-log")
        self.recent = w.HTML()  # the moves since a person last decided (bots, dice)
        self.recent.add_class("wb-recent-box")
        self._cache: dict[Any, Any] = {}
        self._shown: list[str] = []

    def lines(self, viewer: int | None) -> list[str]:
        """The log as ``viewer`` reads it (None: the designer)."""
        return log_for(self.session, viewer, self._cache)

    def last_move_of(self, seat: int, viewer: int | None) -> str:
        """The label of ``seat``'s last logged move (prefix and step number dropped)."""
        mark = f"{seat_word(self.session.game)} {seat + 1}: "  # as log_for writes it
        for line in reversed(self.lines(viewer)):
            _, _, rest = line.partition(". ")
            if rest.startswith(mark):
                return rest[len(mark) :]
        return ""

    def draw(self, viewer: int | None, rename: Callable[[str], str]) -> None:
        """The log box, each line renamed by ``rename``, when its lines changed."""
        lines = self.lines(viewer)[-LOG_LINES:]
        if lines == self._shown:
            return
        self._shown = lines
        self.log.value = log_html([rename(x) for x in lines])

    def draw_recent(
        self, viewer: int | None, rename: Callable[[str], str], people: set[int]
    ) -> None:
        """The moves since one of ``people`` (the seats a person plays) last decided."""
        s = self.session
        history, start = s.history, s.step
        while start > 0 and start > s.step - 200:  # back to the last person's decision
            start -= 1
            if s.game.current_player(history[start]) in people:
                break
        movers = [s.game.current_player(history[k]) for k in range(start, s.step)]
        lines = since_last_person(movers, self.lines(viewer)[start:], people)
        html = recent_html(lines, rename)
        if self.recent.value != html:
            self.recent.value = html

    def blank(self) -> None:
        """Show nothing (the hand-off screen); the next draw redraws."""
        self.log.value = self.recent.value = ""
        self._shown = []

    def forget(self) -> None:
        """Redraw on the next draw (the viewer changed)."""
        self._shown = []


class StatusLine:
    """The status line (``wb-status``): a sentence, or a refusal in red until the next
    command clears it."""

    def __init__(self) -> None:
        self.widget = w.HTML()
        self.widget.add_class("wb-status")
        self.message = ""

    def refuse(self, message: str) -> None:
        """Keep a refusal to show instead of the sentence (until :meth:`clear`)."""
        self.message = message

    def clear(self) -> None:
        """Drop the refusal."""
        self.message = ""

    def draw(self, sentence: Callable[[], str], seat_name: Callable[[int], str]) -> None:
        """The refusal (its ``P2`` seats named by ``seat_name``), else ``sentence()``."""
        if self.message:
            message = _P_SEAT.sub(lambda m: seat_name(int(m.group(1)) - 1), self.message)
            self.widget.value = (
                f"<span style='color:#b3261e'>⚠ {escape(message, quote=False)}</span>"
            )
        else:
            self.widget.value = escape(sentence(), quote=False)

    def show(self, text: str) -> None:
        """Show ``text`` as it is (the hand-off screen's line)."""
        self.widget.value = escape(text)


def status_sentence(
    session: Session,
    seat_name: Callable[[int], str],
    owner: int | None,
    owner_last_move: Callable[[], str],
) -> str:
    """Who is to move, or the result (and "what-if" when chance was set by hand); when
    ``owner`` (whose turn it is) is not the seat deciding, both are named and the decider
    answers the owner's last move (``owner_last_move()``, in the board's words)."""
    s = session
    who = s.to_move
    where = f"step {s.step}/{s.total_steps}{what_if_note(s)}"
    if who == TERMINAL:
        scores = ", ".join(f"{seat_name(i)} {v:g}" for i, v in enumerate(s.game.returns(s.state)))
        won = s.game.winners(s.state)
        names = " & ".join(seat_name(i) for i in won)
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
    if owner is None or owner == who:
        return f"{seat_name(who)} to move ({where})"
    return f"{deciding_text(seat_name(who), seat_name(owner), owner_last_move())} ({where})"
