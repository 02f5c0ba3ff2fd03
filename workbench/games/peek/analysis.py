"""The peeking check: does a player win Peek more often than seeing only its seat allows?

Seat 0 sees its own card, which says nothing about seat 1's (separate suits),
so an honest player wins exactly ``1/cards`` (1/4) of the games
(:func:`honest_win_chance`, exact). :func:`peek_check` plays a player in seat 0
and tells whether 1/4 lies in the 95% Wilson interval of its win rate; a
player that reads the hidden state wins every game and fails the check.

>>> honest_win_chance()
1/4
>>> c = peek_check("random", games=200, seed=1)
>>> c.looks_honest, c.games
(True, 200)
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

import sympy

from workbench.engine.players import random_player
from workbench.engine.runs.simulate import simulate
from workbench.games.peek.rules import make_game
from workbench.prob.intervals import wilson


def honest_win_chance(cards: int = 4) -> sympy.Rational:
    """The exact chance that a player who cannot see seat 1's card names it: 1/cards,
    whatever it does (brute force over the deals in ``tests/peek``)."""
    return sympy.Rational(1, cards)


@dataclass(frozen=True)
class PeekCheck:
    """One player's Peek result in seat 0 against the exact honest chance."""

    player: str
    games: int
    wins: int
    interval: tuple[float, float]
    honest: sympy.Rational

    @property
    def win_rate(self) -> float:
        return self.wins / self.games if self.games else 0.0

    @property
    def looks_honest(self) -> bool:
        """True when the honest chance lies inside the 95% interval of the win rate."""
        lo, hi = self.interval
        return lo <= float(self.honest) <= hi


def peek_check(player: Any, games: int = 400, seed: int = 1, cards: int = 4) -> PeekCheck:
    """Play ``player`` (a player or a spec such as ``"ismcts:200"``) in seat 0 of Peek
    ``games`` times against a random seat 1 (which never decides)."""
    name = player if isinstance(player, str) else getattr(player, "__name__", repr(player))
    if isinstance(player, str):
        from workbench.engine.players.specs import player_from_spec

        player = player_from_spec(player, "peek")
    df = simulate(
        make_game(cards=cards),
        {name: player, "seat 1": random_player},
        n=games,
        seed=seed,
        seating="fixed",
    )
    wins = int((df["winner"] == 0).sum())
    return PeekCheck(name, games, wins, wilson(wins, games), honest_win_chance(cards))
