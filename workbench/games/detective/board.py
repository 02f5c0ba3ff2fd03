"""The clickable detective table: :class:`~workbench.ui.board.BoardView` with its picture.

The seat to move sees its hand as buttons: playable events (with the discards
they need) are enabled, the others are shown disabled with the reason, so the
playability shows. Break, suspect, clear and pass are buttons in their own
groups; the round-end victim and the winner appear in the picture.

Stable classes (besides the base ``wb-action``...): ``wb-det-play``,
``wb-det-unplayable``, ``wb-det-break``, ``wb-det-suspect``, ``wb-det-clear``,
``wb-det-pass``, ``wb-det-discard``, ``wb-det-burn``, ``wb-det-reserve``,
``wb-det-set``, ``wb-det-add``, ``wb-det-remove``. While a player discards to pay,
the status line and the discard group name the event being paid for
(``wb-det-paying``); clear offers one button per person on the line.

>>> b = detective_board(seed=3, players=3)
>>> b.session.to_move >= 0
True
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import ipywidgets as w

from workbench.engine.protocol import Action
from workbench.engine.session import Session
from workbench.ui.board import BoardView

from .labels import event_name, paying_for
from .players import greedy_player, no_clear_player, random_player
from .render import hand_status, render
from .rules import Detective, make_game
from .steps import Main

GROUPS = {
    "play": ("hand: investigate (click a card)", "wb-det-play"),
    "set": ("reserved card: set it", "wb-det-set"),
    "reserve": ("reserve a card face down", "wb-det-reserve"),
    "break": ("take a break (一服): discard up to 1, refill", "wb-det-break"),
    "suspect": ("suspect (嫌疑): supply → outside", "wb-det-suspect"),
    "clear": ("clear (解消): line → outside, one button per person", "wb-det-clear"),
    "add": ("round start: add a person to the investigation deck", "wb-det-add"),
    "remove": ("round start: remove a person from the line", "wb-det-remove"),
    "pass": ("or pass", "wb-det-pass"),
    "discard": ("discard a card", "wb-det-discard"),
    "burn": ("burn an event in another notebook", "wb-det-burn"),
}


def board_picture(game: Any, state: Any) -> str:
    """The picture the board shows: :func:`~.render.render` for the seat to move."""
    return render(game, state)


def _verb(action: Action) -> str:
    return str(action.id[0]) if isinstance(action.id, tuple) else "chance"


def action_layout(game: Any, state: Any, actions: Sequence[Action]
                  ) -> list[tuple[str, list[Action]]]:
    """Actions grouped by what they do, in the order of :data:`GROUPS`; while a player
    discards to pay, the discard group names the event being paid for.

    >>> action_layout(None, None, [Action(("pass",), "pass"), Action(("break",), "break")])
    [('take a break (一服): discard up to 1, refill', [Action(id=('break',), label='break')]), ('or pass', [Action(id=('pass',), label='pass')])]
    """
    groups: dict[str, list[Action]] = {}
    paying = paying_for(state.tasks) if state is not None else None
    for verb, (title, _) in GROUPS.items():
        acts = [a for a in actions if _verb(a) == verb]
        if acts:
            if verb == "discard" and paying is not None:
                title = f"discard to pay for {event_name(game.catalogue, paying)}"
            groups[title] = acts
    rest = [a for a in actions if _verb(a) not in GROUPS]
    if rest:
        groups["other"] = rest
    return list(groups.items())


def action_classes(action: Action) -> list[str]:
    """The game class of an action's button.

    >>> action_classes(Action(("clear", "yuri"), "clear"))
    ['wb-det-clear']
    """
    found = GROUPS.get(_verb(action))
    return [found[1]] if found else []


class DetectiveBoard(BoardView):
    """BoardView plus the disabled buttons of the hand cards that cannot be paid now."""

    def __init__(self, session: Session, **kw: Any) -> None:
        self.unplayable_box = w.HBox(layout=w.Layout(flex_flow="row wrap"))
        self.unplayable_box.add_class("wb-det-hand-unplayable")
        self.unplayable_buttons: list[w.Button] = []
        super().__init__(session, board_picture, action_layout=action_layout,
                         action_classes=action_classes, **kw)

    def _draw_actions(self) -> None:
        super()._draw_actions()
        s = self.session
        game: Detective = s.game  # type: ignore[assignment]
        seat = s.to_move
        buttons = []
        state = s.state
        if seat >= 0 and state.tasks and type(state.tasks[-1]) is Main:
            need = hand_status(game, state, seat)
            size = len(state.hands[seat])
            for no, k in need.items():
                if k <= size - 1:
                    continue
                reason = "cannot be paid now" if k < 10_000 else "colour cannot be made"
                e = game.catalogue.events[no]
                if e.needs_dead and e.needs_dead not in state.dead:
                    reason = f"needs {e.needs_dead} dead"
                b = w.Button(description=f"{event_name(game.catalogue, no)} — {reason}",
                             disabled=True, layout=w.Layout(width="auto"))
                b.add_class("wb-det-unplayable")
                buttons.append(b)
        self.unplayable_buttons = buttons
        self.unplayable_box.children = buttons
        kids = [c for c in self.actions_box.children if c is not self.unplayable_box]
        self.actions_box.children = (*kids, self.unplayable_box)


def detective_board(game: Detective | None = None, seed: int = 0, **params: Any
                    ) -> DetectiveBoard:
    """A board over a new session (``params`` go to ``make_game`` when no game is given)."""
    game = game or make_game(**params)
    session = Session(game, seed=seed)
    return DetectiveBoard(session, bots={"random": random_player, "greedy": greedy_player,
                                         "no clear": no_clear_player},
                          seat_names=[f"seat {i}" for i in range(game.num_players)])


def make_board(seed: int = 0, **params: Any) -> DetectiveBoard:
    """Alias used by the app launcher."""
    return detective_board(seed=seed, **params)
