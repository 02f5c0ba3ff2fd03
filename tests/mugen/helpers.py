"""Shared helpers for the mugen tests: games without traits, stepping through chance."""

from __future__ import annotations

from collections.abc import Hashable
from typing import Any

from workbench.engine.kernel.protocol import CHANCE
from workbench.games.mugen.decks import SAMPLE_DECKS
from workbench.games.mugen.rules import MugenGame, make_game

PLAIN = (SAMPLE_DECKS["mirai"], SAMPLE_DECKS["mirai"])


def plain_game(**params: Any) -> MugenGame:
    """Two ミライ decks: no additional traits, so damage is the printed number."""
    return make_game(decks=PLAIN, **params)


def resolve(game: MugenGame, state: Any) -> Any:
    """Resolve chance steps taking the first outcome (sorted card ids) each time."""
    while game.current_player(state) == CHANCE:
        state = game.apply(state, game.chance_outcomes(state).outcomes()[0])
    return state


def play(game: MugenGame, state: Any, *actions: Hashable) -> Any:
    """Apply decisions in order, resolving chance (first outcome) before and after each."""
    state = resolve(game, state)
    for a in actions:
        state = resolve(game, game.apply(state, a))
    return state


def ids(game: MugenGame, state: Any) -> list[Hashable]:
    """The legal action ids now."""
    return [a.id for a in game.legal_actions(state)]
