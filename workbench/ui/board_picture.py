"""The board's picture: the game's drawing of the state as the viewer sees it, redrawn only
when the state changed — the picture part that :class:`~workbench.ui.board.BoardView`
composes."""

from __future__ import annotations

from typing import Any

import ipywidgets as w

__all__ = ["Picture"]


class Picture:
    """The ``wb-picture`` widget (an HTML widget, or a clickable one) and the state it shows."""

    def __init__(self, widget: w.DOMWidget) -> None:
        self.widget = widget
        self.widget.add_class("wb-picture")
        self._shown: Any = object()

    def shows(self, state: Any) -> bool:
        """Whether the picture shows ``state`` (the very object)."""
        return state is self._shown

    def show(self, html: str, state: Any) -> None:
        """Draw ``html`` as the picture of ``state``."""
        self.widget.value = html
        self._shown = state

    def blank(self) -> None:
        """Show nothing (the hand-off screen); the next draw redraws."""
        self.widget.value = ""
        self._shown = object()

    def forget(self) -> None:
        """Redraw on the next draw (the viewer changed)."""
        self._shown = object()
