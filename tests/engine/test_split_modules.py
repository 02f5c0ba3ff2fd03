"""Modules split by concern keep their public face: Session (play/session.py, with
play/session_bots.py and play/session_replays.py) and KernelGame (kernel/kernel_game.py,
exported by the package workbench.engine.kernel, which the scaffold's template and designers'
games import; kernel/table.py no longer re-exports it: that closed an import cycle)."""

from __future__ import annotations

import inspect
import pickle

import pytest

import workbench.engine as engine
import workbench.engine.kernel as kernel
from workbench.engine.conformance.kernel_toy import make_game as make_toy
from workbench.engine.conformance.toy import DiceRace
from workbench.engine.kernel import kernel_game, table
from workbench.engine.kernel.protocol import IllegalAction
from workbench.engine.play import session_bots, session_replays
from workbench.engine.play.session import Session
from workbench.engine.players import random_player
from workbench.registry import make_game

# Session's public names before the split (459 lines, commit b840ffd), and those its
# history (Timeline), bots and replays reach it through since (issue 34)
SESSION_API = [
    "actions",
    "advance",
    "apply",
    "bot_move",
    "can_redo",
    "can_undo",
    "chance_flags",
    "changed",
    "choose",
    "chosen_steps",
    "from_replay",
    "history",
    "is_over",
    "jump",
    "legal_actions",
    "load",
    "log",
    "on_change",
    "play_to_end",
    "player_rng",
    "player_rngs",
    "record",
    "redo",
    "reset",
    "rng",
    "rng_marks",
    "rng_positions",
    "roll",
    "save",
    "state",
    "step",
    "stepper",
    "to_move",
    "to_replay",
    "total_steps",
    "undo",
]


def test_session_keeps_every_public_name_and_its_signature():
    assert sorted(n for n in dir(Session) if not n.startswith("_")) == SESSION_API
    assert engine.Session is Session
    assert list(inspect.signature(Session.play_to_end).parameters) == [
        "self",
        "players",
        "max_steps",
    ]
    assert list(inspect.signature(Session.from_replay).parameters) == [
        "replay",
        "game",
        "allow_paths",
    ]  # a classmethod, bound


def test_session_methods_are_the_functions_of_their_modules():
    played, by_function = Session(DiceRace(), seed=5), Session(DiceRace(), seed=5)
    played.play_to_end(random_player)
    session_bots.play_to_end(by_function, random_player)
    assert (played.actions, played.rng_marks) == (by_function.actions, by_function.rng_marks)
    loaded = session_replays.session_from_replay(Session, played.to_replay(), DiceRace())
    assert type(loaded) is Session and loaded.history == played.history and loaded.verified_chance
    with pytest.raises(IllegalAction, match="sees every hidden card"):
        played.reset()
        played.bot_move(type("Cheat", (), {"SEES_EVERYTHING": True})())


def test_a_pickled_session_plays_on_with_the_same_dice():
    """A session pickles (its class and helpers by module name) and plays on as the original,
    its rng positions included (undo after unpickling: tests/engine/test_session_pickle.py)."""
    s = Session(DiceRace(), seed=3)
    s.play_to_end(random_player)
    s.jump(s.total_steps // 2)
    copy = pickle.loads(pickle.dumps(s))
    assert copy.rng.getstate() == s.rng.getstate() and copy.history == s.history
    for one in (s, copy):
        one.play_to_end(random_player)
    assert copy.actions == s.actions and copy.log == s.log and copy.state == s.state
    assert copy.rng_marks == s.rng_marks


def test_kernel_game_is_one_class_under_every_name():
    assert kernel_game.KernelGame is kernel.KernelGame is engine.KernelGame
    assert not hasattr(table, "KernelGame")  # the table knows no game class: no cycle
    assert "KernelGame" not in table.__all__ and "KernelGame" in kernel.__all__


@pytest.mark.parametrize(
    ("name", "conceal", "determinize"),
    [
        ("ghost", True, False),  # secrets inside public fields (its own conceal and guesses)
        ("detective", False, True),  # its table deals the unseen cards itself
        ("life", False, False),
        ("mugen", False, False),
    ],
)
def test_tables_say_which_hooks_they_write(name: str, conceal: bool, determinize: bool):
    t = make_game(name).table
    assert (t.overrides_conceal(), t.overrides_determinize()) == (conceal, determinize)
    toy = make_toy().table
    assert (toy.overrides_conceal(), toy.overrides_determinize()) == (False, False)
