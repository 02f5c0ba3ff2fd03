"""Replays: JSON round trip, atomic save, load checks, first illegal action named."""

from __future__ import annotations

import json
import os
from pathlib import Path

import pytest
from hypothesis import given
from hypothesis import strategies as st

from workbench.engine import Replay, ReplayError, Session, random_player
from workbench.engine.conformance.toy import DiceRace, DiceRaceParams, TakeAway, TakeAwayParams
from workbench.engine.play.replay import decode_id, encode_id

ids = st.recursive(
    st.none() | st.booleans() | st.integers() | st.text(max_size=5),
    lambda inner: st.lists(inner, max_size=3).map(tuple),
    max_leaves=8,
)


@given(ids)
def test_action_ids_round_trip(value: object) -> None:
    assert decode_id(json.loads(json.dumps(encode_id(value)))) == value


def test_unstorable_id_is_named() -> None:
    with pytest.raises(ReplayError, match=r"cannot store frozenset\(\{1\}\)"):
        encode_id(frozenset({1}))


def played(seed: int = 3) -> Session:
    s = Session(DiceRace(DiceRaceParams(goal=9)), seed=seed)
    s.play_to_end(random_player)
    return s


def test_save_load_reproduces_the_game(tmp_path: Path) -> None:
    s = played()
    path = s.to_replay().save(tmp_path / "game.json")
    assert [p.name for p in tmp_path.iterdir()] == ["game.json"]  # no temp file left
    r = Replay.load(path)
    assert r.params == {
        "players": 2,
        "goal": 9,
        "faces": 4,
        "hand": 2,
        "deck": ((1, 3), (2, 2), (3, 2)),
    }
    again = Session.from_replay(r, DiceRace(DiceRaceParams(goal=9)))
    assert again.actions == s.actions and again.state == s.state and again.log == s.log
    again.undo()
    assert not again.is_over


def test_loaded_session_rng_continues_when_only_people_played() -> None:
    s = Session(DiceRace(), seed=5)
    for _ in range(3):
        s.apply("roll")
    again = Session.from_replay(s.to_replay(), DiceRace())
    assert again.rng.getstate() == s.rng.getstate()
    again.apply("roll")
    s.apply("roll")
    assert again.actions == s.actions


def test_save_is_atomic_when_writing_fails(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    target = tmp_path / "game.json"
    target.write_text("old")

    def boom(*a: object) -> None:
        raise OSError("disk full")

    monkeypatch.setattr(os, "replace", boom)
    with pytest.raises(OSError, match="disk full"):
        played().to_replay().save(target)
    assert target.read_text() == "old" and len(list(tmp_path.iterdir())) == 1


def test_version_and_game_are_checked() -> None:
    r = played().to_replay()
    with pytest.raises(ReplayError, match="recorded with dicerace version 0; this is version 1"):
        Session.from_replay(
            Replay(r.game, "0", r.params, r.seed, r.actions), DiceRace(DiceRaceParams(goal=9))
        )
    with pytest.raises(ReplayError, match="is for game 'dicerace', not 'takeaway'"):
        Session.from_replay(r, TakeAway())
    with pytest.raises(ReplayError, match="params .* differ"):
        Session.from_replay(r, DiceRace())


def test_first_illegal_action_is_named() -> None:
    r = Replay("takeaway", "1", {"stones": 7, "most": 3}, 0, (1, 2, 9, 1))
    with pytest.raises(ReplayError, match=r"action 2 \(9\) is illegal at step 2"):
        Session.from_replay(r, TakeAway(TakeAwayParams()))


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("{not json", r"game.json: not JSON \(Expecting property name .* line 1, column 2\)"),
        ("[1]", "expected a JSON object, got list"),
        ('{"format": "other"}', "format is 'other'"),
        ('{"format": "workbench-replay/1", "game": "x"}', "missing field 'version'"),
        (
            '{"format": "workbench-replay/1", "game": "x", "version": "1", "params": {}, "seed": "7", "actions": []}',
            "field 'seed' should be int",
        ),
    ],
)
def test_corrupt_files_give_clear_errors(tmp_path: Path, text: str, message: str) -> None:
    path = tmp_path / "game.json"
    path.write_text(text)
    with pytest.raises(ReplayError, match=message):
        Replay.load(path)


def test_unknown_game_in_registry() -> None:
    with pytest.raises(ReplayError, match="game 'chess', which is not available"):
        Session.from_replay(Replay("chess", "1", {}, 0, ()))


def test_session_save_and_load(tmp_path: Path) -> None:
    s = played(seed=8)
    s.undo()
    s.save(tmp_path / "g.json")
    again = Session.load(tmp_path / "g.json", DiceRace(DiceRaceParams(goal=9)))
    assert again.actions == s.actions and again.state == s.state and not again.can_redo


def test_replay_saved_before_a_new_parameter_still_loads(tmp_path) -> None:
    """A parameter added to a game after a replay was saved is fine at its default,
    and refused (naming it) when the game runs with another value."""
    from workbench.engine import Replay, playout, random_player
    from workbench.engine.conformance.toy import TakeAway, TakeAwayParams
    from workbench.engine.play.replay import ReplayError

    game = TakeAway(TakeAwayParams())
    result = playout(game, random_player, 5)
    old = Replay(game.name, str(game.version), {"stones": 7}, 5, result.actions)  # no "most"
    assert Session.from_replay(old, game).state == result.final
    with pytest.raises(ReplayError, match="most: not recorded, game 2"):
        Session.from_replay(old, TakeAway(TakeAwayParams(most=2)))
