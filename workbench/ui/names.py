"""The one way the workbench names players: seats count from 0 inside, people read 1, 2, 3.

Boards, logs, status lines and tables all call :func:`player_name`, so a log
never says ``P1`` where the board says ``User 1`` or ``seat 0``.

>>> player_name(0), player_name(2, ["User 1", "User 2", "User 3"]), player_name(-1)
('Player 1', 'User 3', 'nobody')
>>> seat_names(3, "User")
['User 1', 'User 2', 'User 3']
"""

from __future__ import annotations

import re
from collections.abc import Sequence

NOBODY = "nobody"


def seat_names(players: int, word: str = "Player") -> list[str]:
    """``word 1 … word n`` for a game of ``players`` seats (a game's own word: User, Detective…)."""
    if players < 0:
        raise ValueError(f"players={players}: must be at least 0")
    return [f"{word} {i + 1}" for i in range(players)]


def player_name(seat: int, names: Sequence[str] | None = None) -> str:
    """The name of a seat (0-based), from ``names`` when given; -1 (no seat) is ``nobody``."""
    if seat < 0:
        return NOBODY
    if names and seat < len(names):
        return names[seat]
    return f"Player {seat + 1}"


_SEAT_REF = re.compile(r"\bP(\d+)\b|\b[Pp]layer (\d+)\b|\b[Ss]eat (\d+)\b")


def name_seats(text: str, names: Sequence[str] | None = None) -> str:
    """A log line with ``P1``/``seat 0``/``player 0`` replaced by the players' names.

    ``P<n>`` and ``Player <n>`` count from 1 (as people read them and
    :func:`player_name` writes them: a label already in these words keeps its player);
    ``seat <n>`` from 0 (the engine's words).

    >>> name_seats("P1 draws; seat 1 passes; P2 wins", ["Ann", "Bob"])
    'Ann draws; Bob passes; Bob wins'
    >>> name_seats("Pass 3 cards, APP2 stays; Player 1 rolls; player 2 waits", ["Ann", "Bob"])
    'Pass 3 cards, APP2 stays; Ann rolls; Bob waits'
    >>> name_seats("Player 1 keeps")
    'Player 1 keeps'
    """

    def repl(m: re.Match[str]) -> str:
        one_based = m.group(1) or m.group(2)
        seat = int(one_based) - 1 if one_based is not None else int(m.group(3))
        return player_name(seat, names)

    return _SEAT_REF.sub(repl, text)
