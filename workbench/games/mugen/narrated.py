"""What mugen's log narrates, for the narration check (issue 35): HP, hand, deck, set and
dust zone sizes per player, and the game's end (the lines are made by ``narration.py``).

>>> from workbench.engine.conformance.narration import check_narration
>>> from workbench.games.mugen.rules import make_game
>>> check_narration(make_game(), NARRATED, n_games=1, names=seat_names).ok
True
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from typing import Any

from workbench.engine.conformance.narration import Change, Narrated


def _hp_said(line: str, change: Change, names: Sequence[str]) -> bool:
    """An HP change is said by a line giving that player's HP after it: ``P2 HP 9 → 6``
    (a range ``24–27`` where a choice decides it)."""
    q = change.seat + 1 if change.seat is not None else 0
    return re.search(rf"\b(?:P|Player ){q} HP [\d–]+ → (\d+–)?{change.after}\b", line) is not None


def _sizes(field: str) -> Any:
    return lambda game, state: tuple(len(x) for x in getattr(state, field))


NARRATED = (
    Narrated("HP", lambda game, state: tuple(state.hp), explains=_hp_said),
    Narrated("hand", _sizes("hands"), says=r"draws|: \S+: (\d+ MP|【リベンジ時】)|discards"),
    Narrated("deck", _sizes("decks"), says=r"draws|mills"),
    Narrated("set zone", _sizes("zones"), says=r"set for|runs out|push out|destroy"),
    Narrated(
        "dust zone",
        _sizes("dust"),
        says=r"MP|runs out|push out|destroy|mills|discards|【リベンジ時】",
    ),
    Narrated("result", lambda game, state: (state.result,), per_seat=False, says=r"\bwins\b"),
)
"""What mugen's log narrates (:func:`~workbench.engine.conformance.narration.check_narration`):
HP (the line gives the HP after), hand, deck, set and dust zone sizes (the line says the
draw, skill, mill, discard, destroy or running out, naming the player ``P<n>``), and the
game's end (who wins)."""


def seat_names(seat: int) -> tuple[str, ...]:
    """How mugen's log names a player: ``P1`` or ``Player 1``."""
    return (f"P{seat + 1}", f"Player {seat + 1}")
