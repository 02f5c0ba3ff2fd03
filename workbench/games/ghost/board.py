"""The clickable 「何か」 board: :class:`~workbench.ui.board.BoardView` with the table picture.

The deciding user's archive becomes one button group per card (install the
ghost side, put the shell on a ghost, play the event side, place it face
down, trash it), then battles, abilities and the turn. Game classes on the
buttons besides the base ones: ``wb-ghost-install``, ``wb-ghost-shell-on``,
``wb-ghost-event``, ``wb-ghost-ability``, ``wb-ghost-attack``,
``wb-ghost-defend``, ``wb-ghost-support``, ``wb-ghost-place``,
``wb-ghost-trim``, ``wb-ghost-end``.

>>> b = make_board(seed=3, players=2)
>>> b.session.to_move
0
>>> all(a[0] == "install" for a in b.button_ids)
True
"""

from __future__ import annotations

from collections.abc import Hashable, Sequence
from typing import Any

from workbench.engine.players import random_player
from workbench.engine.protocol import Action
from workbench.engine.session import Session
from workbench.games.ghost.players import greedy_player
from workbench.games.ghost.render import render
from workbench.games.ghost.rules import GhostGame, make_game
from workbench.ui.board import BoardView

CLASSES = {"install": "wb-ghost-install", "shell": "wb-ghost-shell-on", "event": "wb-ghost-event",
           "ability": "wb-ghost-ability", "battle": "wb-ghost-attack", "defend": "wb-ghost-defend",
           "support": "wb-ghost-support", "quick": "wb-ghost-support", "done": "wb-ghost-support",
           "place": "wb-ghost-place", "pass": "wb-ghost-place", "trim": "wb-ghost-trim",
           "end": "wb-ghost-end"}
_CARD_VERBS = frozenset({"install", "shell", "event", "place", "trim", "quick"})


def action_classes(action: Action) -> list[str]:
    """The game class of an action's button.

    >>> action_classes(Action(("end",), "end the turn"))
    ['wb-ghost-end']
    """
    verb = action.id[0] if isinstance(action.id, tuple) else str(action.id)
    return [CLASSES[verb]] if verb in CLASSES else []


def action_layout(game: Any, state: Any, actions: Sequence[Action]) -> list[tuple[str, list[Action]]]:
    """One group per archive card (its uses), then battles, abilities, the rest.

    >>> g = make_game(players=2)
    >>> from workbench.engine import Session
    >>> s = Session(g, seed=1)
    >>> [title for title, _ in action_layout(g, s.state, s.legal_actions())][:1]
    ['バズーカ娘 — ghost 物理 3D · 精神 1D · VP 3 | event 『一斉射撃』 OnBattle']
    """
    groups: dict[str, list[Action]] = {}
    for a in actions:
        aid: Hashable = a.id
        verb = aid[0] if isinstance(aid, tuple) else str(aid)
        if verb in _CARD_VERBS:
            card = game.cards[aid[1]]  # type: ignore[index]
            side = (f"ghost 物理 {card.physical} · 精神 {card.mental} · VP {card.vp}" if card.is_ghost
                    else f"shell {card.shell[0]:+d}/{card.shell[1]:+d}" if card.is_shell else "")
            event = f"event 『{card.event_name}』 {card.timing}" if card.timing else ""
            title = f"{card.name} — " + " | ".join(x for x in (side, event) if x)
        elif verb == "battle":
            title = "battle: attack with"
        elif verb in ("defend", "support", "done"):
            title = "battle: choose ghosts"
        elif verb == "ability":
            title = "Ghost.Status abilities"
        else:
            title = "turn"
        groups.setdefault(title, []).append(a)
    return list(groups.items())


class GhostBoard(BoardView):
    """BoardView plus the game's button classes."""

    def _draw_actions(self) -> None:
        super()._draw_actions()
        wanted_all = frozenset(CLASSES.values())
        for button, action_id in zip(self.action_buttons, self._button_ids):
            verb = action_id[0] if isinstance(action_id, tuple) else str(action_id)
            wanted = CLASSES.get(verb, "")
            for css in wanted_all - {wanted}:
                if css in button._dom_classes:
                    button.remove_class(css)
            if wanted and wanted not in button._dom_classes:
                button.add_class(wanted)


def make_board(game: GhostGame | None = None, seed: int = 0, **params: Any) -> GhostBoard:
    """A board over a new session (``params`` go to ``make_game`` when no game is given).

    Setup (the deal) is played out so the board opens on the first install.
    """
    game = game or make_game(**params)
    session = Session(game, seed=seed)
    board = GhostBoard(
        session, render, action_layout=action_layout,
        bots={"greedy": greedy_player(), "random": random_player},
        seat_names=[f"User {i + 1}" for i in range(game.num_players)],
    )
    return board
