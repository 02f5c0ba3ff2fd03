"""Shared helpers for the mugen tests: games without traits, stepping through chance."""

from __future__ import annotations

import copy
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


def asked(game: MugenGame) -> MugenGame:
    """``game`` with every decision asked, one legal action or not (``forced_moves`` off on
    this instance): the same rules, so a scripted test can name each move and read the one
    action a step leaves. The kernel's forced moves on the real game:
    ``test_rules.test_a_turn_that_can_only_end_is_ended_by_the_kernel``, the goldens."""
    plain = copy.copy(game)  # a fixture's game stays as it was
    plain.forced_moves = False  # type: ignore[misc]
    return plain


def ids(game: MugenGame, state: Any) -> list[Hashable]:
    """The legal action ids now."""
    return [a.id for a in game.legal_actions(state)]
