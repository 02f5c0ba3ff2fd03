"""What Life's log narrates, for the narration check (issue 35): each player's power, card
VP, mid-scoring VP and dice total (the line gives the number after: ``P2 power 3 → 4``),
album cards, dream cards in hand and set aside (the line says the placement, deal, pass or
setting aside and names the player ``P<n>``).

>>> from workbench.engine.conformance.narration import check_narration
>>> from workbench.games.life.rules import make_game
>>> check_narration(make_game(), NARRATED, players=["random"], n_games=1, names=seat_names).ok
True
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from typing import Any

from workbench.engine.conformance.narration import Change, Narrated
from workbench.games.life.narration import WORDS, values


def _said(word: str) -> Any:
    """A change is said by the line's ``P2 power 3 → 4`` clauses of that player and number,
    chained from before to after (a step with several causes says each part)."""

    def explains(line: str, change: Change, names: Sequence[str]) -> bool:
        q = (change.seat or 0) + 1
        steps = re.findall(rf"\b(?:P|Player ){q} {word} (-?\d+) → (-?\d+)\b", line)
        at = str(change.before)
        for old, new in steps:
            if old != at:
                return False
            at = new
        return bool(steps) and at == str(change.after)

    return explains


def _number(k: int) -> Any:
    return lambda game, state: values(game.view(state))[k]


NARRATED = (
    *(Narrated(word, _number(k), explains=_said(word)) for k, word in enumerate(WORDS)),
    Narrated(
        "album cards",
        lambda game, state: tuple(sum(c is not None for c in a) for a in state.albums),
        says=r"\bplace\b|character card",
    ),
    Narrated(
        "dream hand", lambda game, state: tuple(map(len, state.hands)), says=r"deal|pass|aside"
    ),
    Narrated("dream skills", lambda game, state: tuple(map(len, state.skills)), says=r"aside"),
)
"""Life's narrated values (see the module docstring)."""


def seat_names(seat: int) -> tuple[str, ...]:
    """How Life's log names a player: ``P1``, ``Player 1``."""
    return (f"P{seat + 1}", f"Player {seat + 1}")
