"""The clickable 「何か」 board: a :class:`~workbench.ui.picture.PictureBoard` over the table.

The picture is the control (see :mod:`workbench.games.ghost.render`): archive
cards install, shell, play, place or trash by a click on the card (or on one of
its use lines), a ghost defends or supports by a click on it, and an attack is
picked in steps — the attacking ghost, the target user (declares it, with what the
attacker can expect given the defender's best reply), and once the defender has
picked its ghost, 物理 or 精神 with each one's exact P(attacker wins); with
``stat_choice="at_declaration"`` 物理 or 精神 is the third click, before the defence. Buttons remain
for what has no place: "end the turn", "no more support", "place nothing",
"let it pass". The strip above the picture draws the last dice (with their
modifiers) and downloads. Game classes on the buttons besides the base ones:
``wb-ghost-end``, ``wb-ghost-support``, ``wb-ghost-place``.

>>> b = make_board(seed=3, players=2)
>>> b.session.to_move, b.button_ids
(0, [])
>>> all(a[0] == "install" for a in b.placed_actions())
True
"""

from __future__ import annotations

import re
from collections.abc import Hashable, Sequence
from typing import Any

from workbench.engine.kernel.protocol import Action
from workbench.engine.play.replay_checks import what_if_note
from workbench.engine.play.session import Session
from workbench.engine.players import random_player
from workbench.games.ghost.action_odds import battle_odds
from workbench.games.ghost.players import greedy_player
from workbench.games.ghost.render import render
from workbench.games.ghost.render_steps import chance_drawing
from workbench.games.ghost.rules import GhostGame, make_game
from workbench.ui.names import seat_names
from workbench.ui.picture import PictureBoard

CLASSES = {
    "install": "wb-ghost-install",
    "shell": "wb-ghost-shell-on",
    "event": "wb-ghost-event",
    "ability": "wb-ghost-ability",
    "battle": "wb-ghost-attack",
    "defend": "wb-ghost-defend",
    "stat": "wb-ghost-stat-choice",
    "support": "wb-ghost-support",
    "quick": "wb-ghost-support",
    "done": "wb-ghost-support",
    "place": "wb-ghost-place",
    "pass": "wb-ghost-place",
    "trim": "wb-ghost-trim",
    "end": "wb-ghost-end",
}


_USER = re.compile(r"\buser (\d+)")


def _verb(action_id: Hashable) -> str:
    return str(action_id[0] if isinstance(action_id, tuple) else action_id)


def _attack(action_id: Hashable) -> bool:
    """An attack, placed in steps on the picture (attacker, target user, then the stat)."""
    return _verb(action_id) == "battle"


def action_classes(action: Action) -> list[str]:
    """The game class of an action's button.

    >>> action_classes(Action(("end",), "end the turn"))
    ['wb-ghost-end']
    """
    css = CLASSES.get(_verb(action.id))
    return [css] if css else []


def action_layout(
    game: Any, state: Any, actions: Sequence[Action]
) -> list[tuple[str, list[Action]]]:
    """The buttons left beside the picture: battle choices without a place, then the turn.

    >>> action_layout(None, None, [Action(("end",), "end the turn"), Action(("done",), "no more")])
    [('battle', [Action(id=('done',), label='no more')]), ('turn', [Action(id=('end',), label='end the turn')])]
    """
    groups: dict[str, list[Action]] = {}
    for a in actions:
        title = (
            "turn"
            if _verb(a.id) in ("end", "trim")
            else "battle"
            if _verb(a.id)
            in ("done", "pass", "defend", "stat", "support", "quick", "place", "battle")
            else "other"
        )
        groups.setdefault(title, []).append(a)
    order = {"battle": 0, "other": 1, "turn": 2}
    return sorted(groups.items(), key=lambda kv: order[kv[0]])


class GhostBoard(PictureBoard):
    """The 「何か」 board (a clickable table picture, buttons for the rest).

    An attack is placed in steps: its ids are shown once the attacker and the target
    user are picked, so they count as placed from the first step on (no button wall:
    ``stepped=`` :func:`_attack`, given by :func:`make_board`).
    """

    def log_line(self, line: str) -> str:
        """A log line with every ``user N`` written as the board names the user (User N).

        >>> make_board(players=2).log_line("3. user 2 downloads X")
        '3. User 2 downloads X'
        """
        return _USER.sub(lambda m: self.seat_name(int(m.group(1)) - 1), super().log_line(line))

    def newest_move(self) -> str:
        """The newest log line as the viewer reads it, in the board's words, without its
        step number and what followed it (the status line quotes it).

        >>> b = make_board(seed=3, players=2)
        >>> b.newest_move()
        'User 2 downloads ブリュンヒルデ [seen by User 2]'
        """
        lines = self.viewer_log()
        if not lines:
            return ""
        _, _, text = self.log_line(lines[-1]).partition(". ")
        return text.split(" — ", 1)[0]

    def status_text(self) -> str:
        """Who is to move; when a user decides in another's turn, the newest move it
        answers (whoever made it: the log's last line, never an older move of the turn's
        user)."""
        s = self.session
        who = s.to_move
        owner = turn_owner(s.game, s.state) if who >= 0 else None
        if owner is None or owner == who:
            return super().status_text()
        newest = self.newest_move()
        after = f", after '{newest}'" if newest else ""
        return (
            f"{self.seat_name(who)} decides in {self.seat_name(owner)}'s turn{after} "
            f"(step {s.step}/{s.total_steps}{what_if_note(s)})"
        )

    def placed_actions(self) -> list[Hashable]:
        """The legal ids the picture stands for (cards, ghosts, attack steps)."""
        return [a.id for a in self.session.legal_actions() if self.choice.places(a.id)]


def make_board(
    game: GhostGame | None = None,
    seed: int = 0,
    bot_seats: dict[int, str] | None = None,
    **params: Any,
) -> GhostBoard:
    """A board over a new session (``params`` go to ``make_game`` when no game is given).

    Setup (the deal) is played out so the board opens on the first install.
    """
    game = game or make_game(**params)
    board = GhostBoard(
        Session(game, seed=seed),
        render,
        action_layout=action_layout,
        action_classes=action_classes,
        chance_drawing=chance_drawing,
        stepped=_attack,
        bots={"greedy": greedy_player(), "random": random_player},
        seat_names=seat_names(game.num_players, "User"),
        bot_seats=bot_seats,
    )
    board.analysis.action_odds = battle_odds  # the battle's exact odds beside the estimates
    board.turn_owner = turn_owner
    return board


def turn_owner(game: Any, state: Any) -> int | None:
    """Whose turn it is (others decide in it: defence, support, events, reactions)."""
    t = game.view(state)
    return None if t.phase in ("setup", "over") else int(t.turn)
