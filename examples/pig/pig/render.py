"""Pure pictures of a Pig state: HTML for the board, one line of text for logs.

>>> from pig.rules import make_game
>>> g = make_game()
>>> s = g.apply(g.apply(g.initial_state(), "roll"), 5)
>>> describe(g, s)
'seat 1: 0 | seat 2: 0 | seat 1 to move, turn total 5 (goal 100)'
>>> "wb-pig-board" in render(g, s)
True
"""

from __future__ import annotations

from collections.abc import Sequence
from html import escape
from typing import Any


def _to_move(state: Any) -> int | None:
    return int(state.tasks[-1].seat) if state.tasks else None


def describe(game: Any, state: Any) -> str:
    """One line: each seat's score, who is to move with what turn total."""
    seats = " | ".join(f"seat {i + 1}: {s}" for i, s in enumerate(state.scores))
    who = _to_move(state)
    now = "game over" if who is None else f"seat {who + 1} to move, turn total {state.total}"
    return f"{seats} | {now} (goal {game.params.goal})"


def render(game: Any, state: Any, viewer: int | None = None, picks: Sequence[str] = ()) -> str:
    """HTML: a bar per seat (banked score towards the goal, the turn total on top); Pig
    hides nothing, so every ``viewer`` (a seat, or None: the designer) sees the same."""
    who, goal = _to_move(state), game.params.goal
    rows = []
    for i, s in enumerate(state.scores):
        turn = state.total if i == who else 0
        bank, extra = 100 * min(s, goal) / goal, 100 * min(turn, goal - s) / goal
        rows.append(
            f"<div style='margin:2px 0'>{'▶' if i == who else '&nbsp;'} seat {i + 1}: "
            f"<b>{s}</b>{f' + {turn}' if turn else ''}"
            f"<div style='width:300px;height:10px;background:#eee;display:flex'>"
            f"<div style='width:{bank:.1f}%;background:#4c78a8'></div>"
            f"<div style='width:{extra:.1f}%;background:#f58518'></div></div></div>"
        )
    return f"<div class='wb-pig-board'>{''.join(rows)}<div>goal {escape(str(goal))}</div></div>"
