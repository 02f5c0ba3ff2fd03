"""The clickable Life board: a :class:`~workbench.ui.picture.PictureBoard` over Life's picture.

The picture's common cards, album squares, order-card spaces, dice (the
orientation and tip choices drawn as dice) and dream cards are the controls;
buttons remain only for what has no place ("do not tip"), with a stable
class besides the base ones: ``wb-life-take``, ``wb-life-place``,
``wb-life-pawn``, ``wb-life-tip``, ``wb-life-choice``. Above the picture, the
last chance strip draws the dice just rolled and the cards just dealt.

>>> b = make_board(seed=3)
>>> b.session.to_move >= 0
True
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from workbench.engine.kernel.protocol import Action
from workbench.engine.kernel.seat import random_player
from workbench.engine.play.session import Session
from workbench.games.life.players import greedy
from workbench.games.life.render import render
from workbench.games.life.render_dice import chance_drawing
from workbench.games.life.rules import LifeGame, make_game
from workbench.ui.names import name_seats, seat_names
from workbench.ui.picture import PictureBoard

GROUPS = {
    "take": ("common area: take a card", "wb-life-take"),
    "place": ("album squares: place the card", "wb-life-place"),
    "pawn": ("order card: put your pawn", "wb-life-pawn"),
    "tip": ("tip a die one face", "wb-life-tip"),
    "skip": ("tip a die one face", "wb-life-tip"),
    "orient": ("how the die lies", "wb-life-choice"),
    "char": ("character card: choose its square", "wb-life-choice"),
    "pass": ("dream draft: pass a card to the left", "wb-life-choice"),
    "dream": ("set a dream card aside as a dream skill", "wb-life-choice"),
    "move": ("skill: move the die to a card", "wb-life-choice"),
    "die": ("skill: which die", "wb-life-choice"),
}
GAME_CLASSES = frozenset(css for _, css in GROUPS.values())


def action_layout(
    game: Any, state: Any, actions: Sequence[Action]
) -> list[tuple[str, list[Action]]]:
    """Actions grouped by what they do, in a stable order.

    >>> from workbench.engine.kernel.protocol import Action
    >>> action_layout(None, None, [Action(("take", "J01"), "take"), Action(("skip",), "no")])
    [('common area: take a card', [Action(id=('take', 'J01'), label='take')]), ('tip a die one face', [Action(id=('skip',), label='no')])]
    """
    groups: dict[str, list[Action]] = {}
    for a in actions:
        verb = a.id[0] if isinstance(a.id, tuple) else "chance"
        title = GROUPS.get(verb, ("chance", ""))[0]
        groups.setdefault(title, []).append(a)
    return list(groups.items())


class LifeBoard(PictureBoard):
    """PictureBoard plus Life's button classes."""

    def log_line(self, line: str) -> str:
        """A log line in the players' names: the session's ``P1:`` prefix (from 1) and the
        rules' ``seat 0`` (from 0) are renamed once, in one pass (renaming the prefix first
        and then the whole line renamed ``Player 1`` again, as seat 1: issue 25 item 11).

        >>> b = make_board(seed=3)
        >>> b.log_line("16. P4: pass D03"), b.log_line("18. seat 0 rolls red: 3")
        ('16. Player 4: pass D03', '18. Player 1 rolls red: 3')
        """
        return name_seats(line, self.seat_names)

    def _draw_actions(self) -> None:
        super()._draw_actions()
        for button, action_id in zip(self.action_buttons, self.button_ids):
            verb = action_id[0] if isinstance(action_id, tuple) else ""
            wanted = GROUPS.get(verb, ("", ""))[1]
            for css in GAME_CLASSES - {wanted}:
                if css in button._dom_classes:
                    button.remove_class(css)
            if wanted and wanted not in button._dom_classes:
                button.add_class(wanted)


def make_board(game: LifeGame | None = None, seed: int = 0, **params: Any) -> LifeBoard:
    """A board over a new session (``params`` go to ``make_game`` when no game is given)."""
    game = game or make_game(**params)
    session = Session(game, seed=seed)
    return LifeBoard(
        session,
        render,
        action_layout=action_layout,
        chance_drawing=chance_drawing,
        bots={"random": random_player, "greedy": greedy()},
        seat_names=seat_names(game.params.players),
    )


life_board = make_board
