"""Counts from played 「何か」 games that explain two answers (issue 25 items 3 and 5).

:func:`play_counts` plays games and walks each one step by step, recording:

- ``negates``: every time a user about to place battle events holds a
  ``negate`` card (結界, 煙玉, 見破り) — by role (attacker, defender,
  outsider), whether the rules offered it, and whether anything of another
  user lay face down before it (the only case where it could void someone
  else's event). Reading 19 of ``rules.py``: for the attacker that never
  happens.
- ``faults``: every 一般保護違反 (``void_lowest``: each user sends its
  lowest-VP ghost to 「虚」) that was resolved: the turn, the cards left in the
  server, how many users had a ghost and how many had two or more just
  before, how many were resolved at once (a chain of downloads, e.g. after
  大型アップデート, can bring two), and whether it ended the game void (no
  ghost left on any desktop).
- ``voids``: one row per game that ended void: its turn, the cards left in
  the server, the last step before the end (what set it off) and how many
  ghosts went to 「虚」 in it.

>>> counts = play_counts(players=2, n=2, seed=0)
>>> sorted(counts.negates.columns)[:3], counts.voids.columns[:3]
(['could_void_another', 'game', 'holds'], ['game', 'user_turns', 'server_left'])
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

import polars as pl

from workbench.engine import random_player
from workbench.engine.kernel.protocol import CHANCE, TERMINAL
from workbench.engine.runs.playout import playout
from workbench.games.ghost.players import greedy_player
from workbench.games.ghost.rules import make_game

__all__ = ["PlayCounts", "play_counts"]

_NEGATE_COLS = {
    "game": pl.Int64,
    "role": pl.Utf8,
    "holds": pl.Int64,
    "offered": pl.Boolean,
    "could_void_another": pl.Boolean,
}
_FAULT_COLS = {
    "game": pl.Int64,
    "user_turns": pl.Int64,
    "server_left": pl.Int64,
    "users_with_a_ghost": pl.Int64,
    "users_with_two_or_more": pl.Int64,
    "at_once": pl.Int64,
    "ended_void": pl.Boolean,
}
_VOID_COLS = {
    "game": pl.Int64,
    "user_turns": pl.Int64,
    "server_left": pl.Int64,
    "last_step": pl.Utf8,
    "ghosts_voided": pl.Int64,
}


@dataclass(frozen=True)
class PlayCounts:
    """The three frames of :func:`play_counts` and the number of games played."""

    games: int
    negates: pl.DataFrame
    faults: pl.DataFrame
    voids: pl.DataFrame


def _faults_pending(s: Any, is_void_card: tuple[bool, ...]) -> int:
    """一般保護違反 downloaded and waiting to be resolved (``Mandatory`` steps)."""
    return sum(1 for x in s.tasks if type(x).__name__ == "Mandatory" and is_void_card[x.card])


def _is_draw(step: Any) -> bool:
    return type(step).__name__ == "Download" and step.kind == "draw"


def _role(b: Any, seat: int) -> str:
    return "attacker" if seat == b.attacker else "defender" if seat == b.defender else "outsider"


def play_counts(
    players: int = 4, n: int = 100, seed: int = 0, bot: str = "greedy", **params: Any
) -> PlayCounts:
    """Play ``n`` games (seeds ``seed``, ``seed + 1``, …) with ``bot`` ("greedy" or
    "random") at every seat and count negates, 一般保護違反 and void endings."""
    game = make_game(players=players, **params)
    who = greedy_player() if bot == "greedy" else random_player
    negates, faults, voids = [], [], []
    is_negate, is_void_card = (
        game.negates,
        tuple(any(e.verb == "void_lowest" for e in c.effects) for c in game.cards),
    )
    for i in range(n):
        actions = playout(game, who, seed=seed + i).actions
        s = game.initial_state()
        for a in actions:
            turn = game.current_player(s)
            if turn >= 0 and s.phase == "place" and s.battle is not None and s.battle.placers:
                seat = s.battle.placers[0]
                held = [c for c in s.archives[seat] if is_negate[c]]
                if held:
                    ids: list[Any] = game.legal_ids(s)
                    negates.append(
                        {
                            "game": i,
                            "role": _role(s.battle, seat),
                            "holds": len(held),
                            "offered": any(x[0] == "place" and is_negate[x[1]] for x in ids),
                            "could_void_another": bool(s.battle.placed)
                            and s.battle.placed[-1][0] != seat,
                        }
                    )
            before = s
            s = game.apply(s, a)
            pending = _faults_pending(before, is_void_card) + (
                turn == CHANCE
                and isinstance(a, int)
                and is_void_card[a]
                and _is_draw(before.tasks[-1])
            )
            resolved = pending - _faults_pending(s, is_void_card)
            if resolved and (s.result is None or s.result[0] == "void"):
                desks = [len(d) for d in before.desktops]
                faults.append(
                    {
                        "game": i,
                        "user_turns": s.turns,
                        "server_left": len(s.server),
                        "users_with_a_ghost": sum(1 for k in desks if k),
                        "users_with_two_or_more": sum(1 for k in desks if k >= 2),
                        "at_once": resolved,
                        "ended_void": s.result is not None,
                    }
                )
            if game.current_player(s) == TERMINAL and s.result and s.result[0] == "void":
                voids.append(
                    {
                        "game": i,
                        "user_turns": s.turns,
                        "server_left": len(s.server),
                        "last_step": game.action_label(before, a),
                        "ghosts_voided": len(s.void) - len(before.void),
                    }
                )
    return PlayCounts(
        n,
        pl.DataFrame(negates, schema=_NEGATE_COLS),
        pl.DataFrame(faults, schema=_FAULT_COLS),
        pl.DataFrame(voids, schema=_VOID_COLS),
    )
