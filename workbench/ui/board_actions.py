"""The board's action buttons: one per legal action, in the groups a game lays out (card
buttons under their cards, then the squares); buttons and group boxes are reused, never
rebuilt — the actions part that :class:`~workbench.ui.board.BoardView` composes."""

from __future__ import annotations

from collections.abc import Callable, Hashable, Sequence
from html import escape
from typing import Any

import ipywidgets as w

from workbench.engine.kernel.protocol import Action
from workbench.ui.buttons import GONE, ActionClasses, ButtonPool

__all__ = ["ActionButtons"]


class ActionButtons:
    """The ``wb-actions`` box of ``wb-action-group`` boxes of ``wb-action`` buttons.

    ``on_click(action_id)`` runs when a shown button is clicked; ``on_stale()`` when a
    button no longer stands for an action (clicked after it was taken away).
    """

    def __init__(
        self,
        on_click: Callable[[Hashable], Any],
        on_stale: Callable[[], Any],
        classes: ActionClasses | None = None,
    ) -> None:
        self.classes = classes
        self.box = w.VBox()
        self.box.add_class("wb-actions")
        self.buttons: list[w.Button] = []  # the shown ones, in order
        self.ids: list[Hashable] = []  # their action ids
        self._on_click, self._on_stale = on_click, on_stale
        self._pool = ButtonPool(self._clicked)
        self._groups: list[tuple[w.VBox, w.HTML, w.HBox]] = []
        self._shown: tuple[tuple[Hashable, str], ...] | None = None

    def is_current(self, actions: Sequence[Action]) -> bool:
        """Whether exactly these actions (ids and labels) are shown."""
        return tuple((a.id, a.label) for a in actions) == self._shown

    def show(
        self, actions: Sequence[Action], groups: Sequence[tuple[str, Sequence[Action]]]
    ) -> None:
        """Show ``groups`` (titles and their actions; together ``actions``)."""
        self._shown = tuple((a.id, a.label) for a in actions)
        ordered = [a for _, acts in groups for a in acts]
        self.buttons = self._pool.assign(ordered, self.classes)
        self.ids = [a.id for a in ordered]
        self.box.children = self._group_boxes(groups)

    def forget(self) -> None:
        """Redraw on the next :meth:`show` even when the actions are the same."""
        self._shown = None

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
            row.children = self.buttons[start : start + len(acts)]
            boxes.append(box)
            start += len(acts)
        return boxes

    def _clicked(self, button: w.Button) -> None:
        action_id = self._pool.action_of(button)
        if button not in self.buttons or action_id is GONE:
            self._on_stale()
            return
        self._on_click(action_id)
