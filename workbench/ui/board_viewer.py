"""Who sees the board: the designer (everything, secrets marked) or one seat (its own
view), and hot-seat play (one screen passed round, a hand-off screen between two
people's decisions) — the viewer part of :class:`~workbench.ui.board.BoardView`."""

from __future__ import annotations

from html import escape
from typing import Any

import ipywidgets as w

from workbench.ui.analysis_panel import AnalysisPanel
from workbench.ui.board_text import BoardText

__all__ = ["BoardViewer"]


class BoardViewer(BoardText):
    """The viewer and hot-seat of a board (its widgets made by
    :class:`~workbench.ui.board.BoardView`)."""

    hot_seat: bool
    _ready_for: int
    viewer_chooser: w.Dropdown
    handoff_box: w.VBox
    handoff_text: w.HTML
    picture: w.HTML
    recent: w.HTML
    actions_box: w.VBox
    log: w.HTML
    analysis: AnalysisPanel
    _shown_state: Any
    _shown_actions: tuple[tuple[Any, str], ...] | None
    _shown_log: list[str]

    def refresh(self) -> None:
        """Redraw what changed (the board's own)."""
        raise NotImplementedError

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
        self.handoff_text.value = (
            f"<div style='font-size:1.4em;margin:2em 0'>Pass to "
            f"{escape(self.seat_name(seat))} — click when ready</div>"
        )
        self.handoff_box.layout.display = None
        for part in parts:
            part.layout.display = "none"
        self.picture.value = self.log.value = self.recent.value = ""
        self._shown_state, self._shown_actions, self._shown_log = object(), None, []
        self.status.value = escape(f"{self.seat_name(seat)} to move")
        return True
