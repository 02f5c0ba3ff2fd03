"""The clickable detective table: a :class:`~workbench.ui.picture.PictureBoard` over the picture.

The picture is the control (see :mod:`.render`): in the main phase a click on a
hand card picks it, then the own notebook investigates it, the reservation
slot reserves it and the discard pile discards it on a break; when a discard
is asked (paying for an event — the event is named beside the hand —, an
action's discard, trimming) the hand cards are discarded by a click; after a
break a person on the line is cleared and a person's pile suspected by a
click; a reserved card is set and another notebook's event burnt by a click.
Buttons remain only for what has no place: a break without a discard, pass.
The strip above the picture shows the last cards drawn; players read
Player 1, 2, ... everywhere (seats from 1).

Stable classes on the buttons (besides the base ``wb-action``...):
``wb-det-break``, ``wb-det-pass`` and, for actions the picture does not place,
the other ``GROUPS`` classes.

>>> b = detective_board(seed=3, players=3)
>>> b.session.to_move >= 0
True
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from workbench.engine.kernel.protocol import Action
from workbench.engine.play.session import Session
from workbench.ui.names import seat_names
from workbench.ui.picture import PictureBoard

from .labels import event_name, paying_for
from .players import greedy_player, no_clear_player, random_player
from .render import chance_drawing, render
from .rules import Detective, make_game

GROUPS = {
    "play": ("hand: investigate (click a card)", "wb-det-play"),
    "set": ("reserved card: set it", "wb-det-set"),
    "reserve": ("reserve a card face down", "wb-det-reserve"),
    "break": ("take a break (一服): discard up to 1, refill", "wb-det-break"),
    "suspect": ("suspect (嫌疑): supply → outside", "wb-det-suspect"),
    "clear": ("clear (解消): line → outside, one per person", "wb-det-clear"),
    "add": ("round start: add a person to the investigation deck", "wb-det-add"),
    "withdraw": ("round start: take a person out of the investigation deck", "wb-det-withdraw"),
    "remove": ("round start: remove a person from the line", "wb-det-remove"),
    "pass": ("or pass", "wb-det-pass"),
    "discard": ("discard a card", "wb-det-discard"),
    "burn": ("burn an event in another notebook", "wb-det-burn"),
}
PICKED = ("play", "reserve")  # reached through a picked hand card, never buttons


def board_picture(
    game: Any, state: Any, viewer: int | None = None, picks: Sequence[str] = ()
) -> str:
    """The picture the board shows: :func:`~.render.render` for the seat to move (or as
    the board's viewer sees it)."""
    return render(game, state, viewer=viewer, picks=picks)


def _verb(action: Action) -> str:
    return str(action.id[0]) if isinstance(action.id, tuple) else "chance"


def _picked(action: Action) -> bool:
    """Reached by picking a hand card: investigate, reserve, a break with a discard."""
    a = action.id
    return isinstance(a, tuple) and (a[0] in PICKED or (a[0] == "break" and len(a) > 1))


def action_layout(
    game: Any, state: Any, actions: Sequence[Action]
) -> list[tuple[str, list[Action]]]:
    """Actions grouped by what they do, in the order of :data:`GROUPS` (those reached by
    picking a hand card left out); while a player discards to pay, the discard group names
    the event being paid for.

    >>> action_layout(None, None, [Action(("pass",), "pass"), Action(("break",), "break")])
    [('take a break (一服): discard up to 1, refill', [Action(id=('break',), label='break')]), ('or pass', [Action(id=('pass',), label='pass')])]
    >>> action_layout(None, None, [Action(("play", 3), "p"), Action(("break", 3), "b")])
    []
    """
    groups: dict[str, list[Action]] = {}
    paying = paying_for(state.tasks) if state is not None else None
    actions = [a for a in actions if not _picked(a)]
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


class DetectiveBoard(PictureBoard):
    """The detective board (a clickable table picture, buttons for break and pass)."""


def detective_board(game: Detective | None = None, seed: int = 0, **params: Any) -> DetectiveBoard:
    """A board over a new session (``params`` go to ``make_game`` when no game is given)."""
    game = game or make_game(**params)
    session = Session(game, seed=seed)
    return DetectiveBoard(
        session,
        board_picture,
        action_layout=action_layout,
        action_classes=action_classes,
        chance_drawing=chance_drawing,
        bots={"random": random_player, "greedy": greedy_player, "no clear": no_clear_player},
        seat_names=seat_names(game.num_players),
    )


def make_board(seed: int = 0, **params: Any) -> DetectiveBoard:
    """Alias used by the app launcher."""
    return detective_board(seed=seed, **params)
