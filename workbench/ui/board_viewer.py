"""Who sees the board: the designer (everything, secrets marked) or one seat (its own
view), and hot-seat play (one screen passed round, a hand-off screen between two
people's decisions) — the viewer part that :class:`~workbench.ui.board.BoardView` composes."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from html import escape

import ipywidgets as w

from workbench.ui.buttons import make_button

__all__ = ["Viewing"]


class Viewing:
    """The viewer (None: the designer; a seat: its view only), hot-seat, the "view as"
    chooser (``wb-viewer``) and the hand-off screen (``wb-handoff``).

    ``on_choose(viewer)`` runs when the chooser is changed; ``on_ready()`` when the
    hand-off button is clicked.
    """

    def __init__(
        self,
        seat_names: Sequence[str],
        on_choose: Callable[[int | None], None],
        on_ready: Callable[[], None],
    ) -> None:
        self.viewer: int | None = None
        self.hot_seat = False  # the viewer follows the person to move, behind a hand-off screen
        self._ready_for = -1
        self.chooser = w.Dropdown(
            options=[("designer (sees all)", -1)] + [(n, i) for i, n in enumerate(seat_names)],
            value=-1,
            description="view as",
            layout=w.Layout(width="260px"),
        )
        self.chooser.add_class("wb-viewer")
        self.chooser.observe(
            lambda c: on_choose(None if c["new"] < 0 else int(c["new"])), names="value"
        )
        self.handoff_text = w.HTML()
        self.handoff_button = make_button("I am ready", "wb-handoff-ready", "show my seat's view")
        self.handoff_button.on_click(lambda _: on_ready())
        self.handoff_box = w.VBox([self.handoff_text, self.handoff_button])
        self.handoff_box.add_class("wb-handoff")
        self.handoff_box.layout.display = "none"

    def choose(self, viewer: int | None) -> None:
        """Make ``viewer`` the viewer and show it in the chooser."""
        self.viewer = viewer
        if self.chooser.value != (-1 if viewer is None else viewer):
            self.chooser.value = -1 if viewer is None else viewer

    def start_hot_seat(self, on: bool) -> None:
        """Hot-seat on or off; nobody has the screen yet."""
        self.hot_seat, self._ready_for = on, -1

    def ready(self, seat: int) -> None:
        """``seat`` has the screen now."""
        self._ready_for = seat

    def sees_decision(self, to_move: int) -> bool:
        """Whether the viewer may see the decision of ``to_move`` (its buttons, analysis)."""
        return self.viewer is None or self.viewer == to_move

    def handing_over(self, to_move: int) -> int | None:
        """Hot-seat: the seat the screen must be passed to now, else None."""
        if not self.hot_seat or to_move < 0 or to_move == self._ready_for:
            return None
        return to_move

    def show_handoff(self, seat_name: str | None, hidden: Sequence[w.DOMWidget]) -> bool:
        """The hand-off screen to ``seat_name`` hiding the ``hidden`` parts, or (None) the
        board again; True while the hand-off screen is shown."""
        if seat_name is None:
            if self.handoff_box.layout.display != "none":
                self.handoff_box.layout.display = "none"
                for part in hidden:
                    part.layout.display = None
            return False
        self.handoff_text.value = (
            f"<div style='font-size:1.4em;margin:2em 0'>Pass to "
            f"{escape(seat_name)} — click when ready</div>"
        )
        self.handoff_box.layout.display = None
        for part in hidden:
            part.layout.display = "none"
        return True
