"""A pickled (or copied) session undoes and plays on exactly as the session it was
pickled from: the rngs keep their positions (word counts since their seeds) through
pickling, so the positions stored with every step still point at the right draws.

Before the fix a CountingRandom counted from zero again after unpickling, so undo
after unpickling put the dice (and the seats' rngs) at the wrong place."""

from __future__ import annotations

import copy
import pickle

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from workbench.engine.conformance.toy import DiceRace
from workbench.engine.kernel.protocol import TERMINAL
from workbench.engine.play.replay import Replay
from workbench.engine.play.session import Session
from workbench.engine.players import random_player
from workbench.registry import make_game


def _decide(session: Session, decisions: int) -> None:
    """Let random bots make ``decisions`` player decisions (chance resolves itself)."""
    for _ in range(decisions):
        if session.to_move == TERMINAL:
            return
        session.bot_move(random_player)


def _undo(session: Session, times: int) -> None:
    for _ in range(times):
        if not session.can_undo:
            return
        session.undo()


def _same_game(copied: Session, original: Session) -> None:
    assert copied.actions == original.actions and copied.chance_flags == original.chance_flags
    assert copied.history == original.history and copied.rng_marks == original.rng_marks
    assert copied.rng.getstate() == original.rng.getstate()
    for seat in range(original.game.num_players):
        assert copied.player_rng(seat).getstate() == original.player_rng(seat).getstate()


def _round_trip(session: Session, how: str) -> Session:
    if how == "pickle":
        return pickle.loads(pickle.dumps(session, pickle.HIGHEST_PROTOCOL))
    return copy.deepcopy(session)


@settings(max_examples=40, deadline=None)
@given(
    seed=st.integers(0, 2**32),
    before=st.integers(0, 12),
    undos=st.integers(0, 6),
    how=st.sampled_from(["pickle", "deepcopy"]),
)
def test_undo_after_unpickling_draws_what_the_original_draws(
    seed: int, before: int, undos: int, how: str
) -> None:
    original = Session(DiceRace(), seed=seed)
    _decide(original, before)
    copied = _round_trip(original, how)
    for s in (original, copied):  # the original is never pickled: it is the reference
        _undo(s, undos)
    _same_game(copied, original)
    for s in (original, copied):
        s.play_to_end(random_player)
    _same_game(copied, original)


def test_a_replay_of_an_unpickled_session_still_checks_against_its_seed() -> None:
    """The replay's player_draws come from differences of rng marks: a mark counted
    from zero after unpickling made them wrong, and loading the replay failed."""
    original = Session(DiceRace(), seed=11)
    _decide(original, 4)
    copied = pickle.loads(pickle.dumps(original))
    _undo(copied, 2)
    copied.play_to_end(random_player)
    replay = Replay.from_json(copied.to_replay().to_json())
    loaded = Session.from_replay(replay, DiceRace())
    assert loaded.verified_chance and loaded.history == copied.history
    assert loaded.rng_marks == copied.rng_marks


@pytest.mark.parametrize("name", ["ghost", "detective", "mugen", "life"])
def test_a_pickled_game_session_undoes_to_the_same_dice(name: str) -> None:
    game = make_game(name)
    original = Session(game, seed=5)
    _decide(original, 6)
    assert original.rng_marks[-1] > 0  # chance drew before the pickle
    copied = pickle.loads(pickle.dumps(original))
    for s in (original, copied):
        _undo(s, 3)
        _decide(s, 8)
    _same_game(copied, original)
