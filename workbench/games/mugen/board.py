"""The clickable むげんの宙へ board: a :class:`~workbench.ui.picture.PictureBoard` over the table.

The picture is the control: an affordable skill of a hand card is played by
clicking it, the deck is clicked for a revenge draw, the drawn card's
【リベンジ時】 skill to use it, a set skill to push it out or destroy it.
Buttons remain for what has no place ("end the turn", "no revenge draw",
"keep"), grouped by :func:`action_layout`; the strip above the picture shows
the last card drawn. Game classes on the buttons besides the base ones:
``wb-mugen-use`` (a skill), ``wb-mugen-end``, ``wb-mugen-revenge``,
``wb-mugen-choice`` (push out / destroy).

>>> b = make_board(seed=3)
>>> b.session.to_move, b.button_ids[-1]
(0, 'end')
"""

from __future__ import annotations

from collections.abc import Hashable, Sequence
from typing import Any

from workbench.engine.kernel.protocol import TERMINAL, Action
from workbench.engine.play.session import Session
from workbench.engine.players import random_player
from workbench.games.mugen.players import greedy_player
from workbench.games.mugen.render import game_over_words, render
from workbench.games.mugen.rules import MugenGame, make_game
from workbench.games.mugen.words import chance_drawing
from workbench.ui.names import name_seats
from workbench.ui.picture import PictureBoard

CLASSES = {
    "use": "wb-mugen-use",
    "end": "wb-mugen-end",
    "revenge_draw": "wb-mugen-revenge",
    "no_revenge": "wb-mugen-revenge",
    "revenge_use": "wb-mugen-revenge",
    "keep": "wb-mugen-revenge",
    "push_out": "wb-mugen-choice",
    "destroy": "wb-mugen-choice",
}


def _verb(action_id: Hashable) -> str:
    return str(action_id[0] if isinstance(action_id, tuple) else action_id)


def action_layout(
    game: Any, state: Any, actions: Sequence[Action]
) -> list[tuple[str, list[Action]]]:
    """The hand as one group per card (its affordable skills), then the other choices.

    >>> g = make_game()
    >>> from workbench.games.mugen.scenario import position
    >>> s = position(g, hands=(["G01", "G02"], []), mp=(2, 1))
    >>> [(title, [a.id for a in acts]) for title, acts in action_layout(g, s, g.legal_actions(s))]
    [('火花 ★', [('use', 'G01', 0)]), ('一閃 ★', [('use', 'G02', 0)]), ('turn', ['end'])]
    """
    groups: dict[str, list[Action]] = {}
    for a in actions:
        verb = _verb(a.id)
        if verb == "use":
            card = game.cards[a.id[1]]  # type: ignore[index]
            title = f"{card.name} {'★' * card.star}"
        elif verb == "end":
            title = "turn"
        elif verb in ("revenge_draw", "no_revenge", "revenge_use", "keep"):
            title = "revenge (リベンジ)"
        elif verb == "push_out":
            title = "set zone full: dust one of your set skills"
        elif verb == "destroy":
            title = "destroy an opponent's set skill"
        else:
            title = "chance"
        groups.setdefault(title, []).append(a)
    return list(groups.items())


def action_classes(action: Action) -> list[str]:
    """The game's CSS class for a button (besides the base ``wb-action`` ones).

    >>> action_classes(Action(("use", "G01", 0), "火花")), action_classes(Action("keep", "keep"))
    (['wb-mugen-use'], ['wb-mugen-revenge'])
    """
    css = CLASSES.get(_verb(action.id))
    return [css] if css else []


class MugenBoard(PictureBoard):
    """The むげんの宙へ board (a clickable table picture, buttons for the rest)."""

    def status_text(self) -> str:
        """The shared status, but a finished game says how it ended in words (who won,
        whose HP fell to 0 or whose deck ran out), not the returns ``P1 1, P2 -1``."""
        text = super().status_text()
        s = self.session
        if s.to_move != TERMINAL:
            return text
        where = text[text.rindex(" (") :] if text.endswith(")") else ""
        return name_seats(game_over_words(s.game, s.state), self.seat_names) + where


def make_board(
    game: MugenGame | None = None,
    seed: int = 0,
    bot_seats: dict[int, str] | None = None,
    **params: Any,
) -> MugenBoard:
    """A board over a new session (``params`` go to ``make_game`` when no game is given).

    ``bot_seats`` lets bots ("greedy", "random") play seats by themselves:

    >>> b = make_board(seed=2, bot_seats={1: "greedy"})
    >>> b.session.to_move
    0
    """
    game = game or make_game(**params)
    names = []
    for q in (0, 1):
        char = game.cards.get(game.characters[q])
        names.append(f"Player {q + 1}" + (f" ({char.name})" if char else ""))
    return MugenBoard(
        Session(game, seed=seed),
        render,
        action_layout=action_layout,
        action_classes=action_classes,
        chance_drawing=chance_drawing,
        bots={"greedy": greedy_player, "random": random_player},
        seat_names=names,
        bot_seats=bot_seats,
    )
