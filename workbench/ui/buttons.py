"""Action buttons for the board: keyed by the action they stand for, reused with care."""

from __future__ import annotations

from collections.abc import Callable, Hashable, Sequence
from typing import Any

import ipywidgets as w

from workbench.engine.kernel.protocol import Action

ActionClasses = Callable[[Action], Sequence[str]]


def make_button(description: str, css: str, tooltip: str = "") -> w.Button:
    """A button with a stable CSS class.

    >>> "wb-undo" in make_button("undo", "wb-undo")._dom_classes
    True
    """
    b = w.Button(description=description, tooltip=tooltip or description)
    b.add_class(css)
    return b


GONE = object()


class ButtonPool:
    """Buttons keyed by the action (id and label) they stand for, so a late click never
    means another action.

    A button keeps its action while shown; once its action is gone it is
    retired and refuses clicks, and is reused for another action only two
    redraws later (a click sent before the page updated is then refused, not
    applied to whatever action took its place).
    """

    def __init__(self, on_click: Callable[[w.Button], None]) -> None:
        self.on_click = on_click
        self.by_id: dict[tuple[Hashable, str], w.Button] = {}
        self.action: dict[int, Any] = {}  # id(button) -> action id or GONE
        self.index_class: dict[int, str] = {}
        self.extra: dict[int, tuple[str, ...]] = {}
        self.retired: list[tuple[int, w.Button]] = []  # (generation retired, button)
        self.generation = 0

    def action_of(self, button: w.Button) -> Any:
        return self.action.get(id(button), GONE)

    def assign(self, actions: Sequence[Action], classes: ActionClasses | None) -> list[w.Button]:
        self.generation += 1
        wanted = {(a.id, a.label) for a in actions}
        for key in [k for k in self.by_id if k not in wanted]:
            button = self.by_id.pop(key)
            self.action[id(button)] = GONE
            self.retired.append((self.generation, button))
        shown = []
        for i, a in enumerate(actions):
            button = self.by_id.get((a.id, a.label)) or self._fresh()
            self.by_id[a.id, a.label] = button
            self.action[id(button)] = a.id
            if button.description != a.label:
                button.description = button.tooltip = a.label
            self._classes(button, f"wb-action-{i}", tuple(classes(a)) if classes else ())
            shown.append(button)
        return shown

    def _fresh(self) -> w.Button:
        if self.retired and self.retired[0][0] <= self.generation - 2:
            return self.retired.pop(0)[1]
        button = make_button("", "wb-action")
        button.layout = w.Layout(
            width="auto", min_width="9em"
        )  # the whole label, never "take a break, dis..."
        button.on_click(self.on_click)
        return button

    def _classes(self, button: w.Button, index_css: str, extra: tuple[str, ...]) -> None:
        key = id(button)
        if self.index_class.get(key) != index_css:
            if key in self.index_class:
                button.remove_class(self.index_class[key])
            button.add_class(index_css)
            self.index_class[key] = index_css
        if self.extra.get(key, ()) != extra:
            for css in self.extra.get(key, ()):
                button.remove_class(css)
            for css in extra:
                button.add_class(css)
            self.extra[key] = extra
