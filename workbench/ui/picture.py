"""The picture board: one clickable picture whose cards, squares and dice are the controls.

A game's pure ``render(game, state)`` draws the table as HTML/SVG and marks
each place that stands for a legal action with :func:`target` (class
``wb-target``, attribute ``data-action`` = the JSON of the action id). The
:class:`PictureWidget` (an anywidget) shows that HTML and sends a click on a
target back to Python as the action id; :class:`PictureBoard` routes it
through :meth:`BoardView.click_action`. An element without ``wb-target`` is
inert; an id that is not legal now is refused and changes nothing.

A multi-part choice is picked in steps: an element with ``data-pick`` adds
its value to the picks (:attr:`PictureBoard.picks`, kept by the board's
:class:`~workbench.ui.board_choice.PictureChoice` part with the ids the picture
places) and the picture is drawn again as ``render(game, state, viewer=...,
picks=...)`` (the render then offers the next step or the final ``data-action``
targets); ``Escape`` clears the picks.

Keyboard (the picture takes focus on click): arrows move over the
highlighted choices, ``Enter``/space clicks, ``1``..``9`` click the n-th
choice, ``u`` undo, ``r`` redo. Buttons remain only for legal actions the
picture does not place (end the turn, pass, skip).

Stable CSS classes: ``wb-picture`` (the widget), ``wb-target`` (a legal
choice), ``wb-focus`` (the keyboard's choice), ``wb-chance-strip`` (the
last chance: dice rolled, card drawn; ``wb-chosen`` marks an outcome chosen by
hand).

>>> PictureWidget().value
''
"""

from __future__ import annotations

from collections.abc import Callable, Hashable, Mapping
from html import escape
from typing import Any

import ipywidgets as w

from workbench.engine.kernel.protocol import Game
from workbench.engine.play.session import Session
from workbench.engine.play.viewer import label_as, picture_for, sees_outcome
from workbench.ui.board import BoardView
from workbench.ui.board_choice import PictureChoice
from workbench.ui.picture_widget import PictureWidget
from workbench.ui.targets import TARGET_CLASS, parse_action, placed_ids, target

__all__ = ["TARGET_CLASS", "PictureBoard", "PictureWidget", "parse_action", "placed_ids", "target"]

ChanceDrawing = Callable[[Game[Any], Any, Hashable], str]

STRIP_STEPS = 8
KEYS_HTML = (
    "<div class='wb-keys' style='font:11px/1.4 system-ui,sans-serif;color:#555'>"
    "keys (click the picture first): <kbd>←</kbd><kbd>→</kbd><kbd>↑</kbd><kbd>↓</kbd> "
    "move over the choices · <kbd>Enter</kbd>/<kbd>space</kbd> click · "
    "<kbd>1</kbd>…<kbd>9</kbd> the n-th choice · <kbd>u</kbd> undo · <kbd>r</kbd> redo · "
    "<kbd>Esc</kbd> clear a half-made choice</div>"
)


class PictureBoard(BoardView):
    """A :class:`BoardView` whose picture is clickable; buttons only for unplaced actions.

    ``chance_drawing(game, state_before, outcome)`` draws one chance outcome (dice with
    pips, the card drawn) for the last-chance strip above the picture.
    ``stepped(action_id)``: the legal ids the picture reaches through picked steps
    (they get no button from the first step on; see :class:`PictureChoice`).
    The picks and the placed ids are the ``choice`` part's (read here as ``picks`` and
    ``placed``).
    """

    def __init__(
        self,
        session: Session,
        render: Callable[..., str],
        *,
        chance_drawing: ChanceDrawing | None = None,
        stepped: Callable[[Hashable], bool] | None = None,
        **options: Any,
    ) -> None:
        self.chance_drawing = chance_drawing
        self.picture_render = render
        self.choice = PictureChoice(stepped)
        layout = options.pop("action_layout", None)

        def unplaced(game: Game[Any], state: Any, actions: Any) -> Any:
            rest = self.choice.unplaced(actions)
            return layout(game, state, rest) if layout else [("", rest)]

        super().__init__(session, render, action_layout=unplaced, **options)
        self.keys = w.HTML(KEYS_HTML)  # the shortcuts, listed on the board itself
        self.keys.add_class("wb-keys-box")
        self.widget.children = tuple(
            x for c in self.widget.children for x in ((c, self.keys) if c is self.picture else (c,))
        )

    @property
    def picks(self) -> tuple[str, ...]:
        """The steps of a choice picked so far on the picture."""
        return self.choice.picks

    @property
    def placed(self) -> frozenset[Hashable]:
        """The legal ids the picture stands for now (the others get buttons)."""
        return self.choice.placed

    def _picture_widget(self) -> w.DOMWidget:
        picture = PictureWidget()
        picture.on_msg(lambda _w, content, _b: self.handle_message(content))
        return picture

    def refresh(self) -> None:
        """Redraw what changed; the picture (with its strip) first, so the buttons know
        which actions it places."""
        s = self.session
        if not self._picture.shows(s.state):
            self.choice.forget_picks()
            self._draw_picture()
        super().refresh()

    def _draw_picture(self) -> None:
        s = self.session
        html = picture_for(s.game, self.picture_render, s.state, self.viewer, self.choice.picks)
        self.choice.read(html, lambda: [a.id for a in s.legal_actions()])
        self._picture.show(self.chance_strip() + html, s.state)

    def chance_strip(self) -> str:
        """The most recent run of chance steps (up to 8) drawn by the game, or ''."""
        if self.chance_drawing is None:
            return ""
        s = self.session
        flags = s.chance_flags
        k = len(flags) - 1
        while k >= 0 and not flags[k]:
            k -= 1
        if k < 0:
            return ""
        end = k
        while k >= 0 and flags[k] and end - k < STRIP_STEPS:
            k -= 1
        history, actions = s.history, s.actions
        chosen = set(s.chosen_steps)
        parts = [
            self._drawn(history[i], actions[i])
            + (
                "<span class='wb-chosen' title='chosen by hand (a what if), not rolled'>(chosen)</span>"
                if i in chosen
                else ""
            )
            for i in range(k + 1, end + 1)
        ]
        return (
            "<div class='wb-chance-strip' title='the latest chance steps: dice rolled, cards drawn'>"
            f"<b>latest roll or draw (step {end + 1})</b>{''.join(parts)}</div>"
        )

    def _drawn(self, state: Any, outcome: Hashable) -> str:
        """One chance outcome as the viewer may see it (unnamed when it may not)."""
        s = self.session
        if sees_outcome(s.game, state, outcome, self.viewer):
            assert self.chance_drawing is not None
            return self.chance_drawing(s.game, state, outcome)
        text = escape(label_as(s.game, state, outcome, self.viewer))
        return f"<span class='wb-chance-hidden' style='color:#777;font-style:italic'>{text}</span>"

    def handle_message(self, content: Mapping[str, Any]) -> bool:
        """Route a message from the picture (a click or a key); True when it did something.

        ``{"kind": "action", "action": "<json>"}`` applies a legal id; an id that is not
        legal now, or not a target in the picture, does nothing and returns False.
        """
        kind = content.get("kind")
        if kind == "undo":
            return self.guarded(self.undo)
        if kind == "redo":
            return self.guarded(self.redo)
        if kind == "clear":
            return self._redrawn(self.choice.clear())
        if kind == "pick":
            return self._redrawn(self.choice.pick(str(content.get("pick", ""))))
        if kind != "action":
            return False
        try:
            action_id = parse_action(str(content.get("action", "")))
        except ValueError as e:
            self.refuse(str(e))
            return False
        legal = {a.id for a in self.session.legal_actions()}
        if not self.choice.places(action_id) or action_id not in legal:
            return False
        return self.click_action(action_id)

    def _redrawn(self, changed: bool) -> bool:
        """Draw the picture again when the choice changed; whether it did."""
        if changed:
            self._draw_picture()
        return changed
