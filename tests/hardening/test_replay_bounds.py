"""Replays bounded before the work and honest about chance (issue 27 items 3 and 9).

Classes: special files (FIFO, /dev/zero, a folder), files larger than the limit
whatever ``stat`` says, unknown names refused before any value is read, a budget
for the whole file (parameters, action items, rng words), and forged chance
(every chance step listed as ``chosen``, ``checked: false``) never reported as
verified.
"""

from __future__ import annotations

import json
import os
import time

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from workbench.engine.kernel.protocol import CHANCE
from workbench.engine.play import replay_checks
from workbench.engine.play.replay import Replay, ReplayError
from workbench.engine.play.session import Session
from workbench.engine.players import random_player
from workbench.registry import make_game


def _text(**patch: object) -> str:
    data: dict[str, object] = {
        "format": "workbench-replay/1",
        "game": "ghost",
        "version": "1",
        "params": {},
        "seed": 1,
        "actions": [],
    }
    data.update(patch)
    return json.dumps(data)


def _refused_quickly(load, *words: str) -> str:
    start = time.process_time()
    with pytest.raises(ReplayError) as info:
        load()
    assert time.process_time() - start < 3.0
    message = str(info.value)
    assert "\n" not in message and len(message) < 600, message
    for word in words:
        assert word in message, (word, message)
    return message


@pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="needs FIFOs")
def test_special_files_are_refused_before_reading(tmp_path):
    fifo = tmp_path / "pipe.json"
    os.mkfifo(fifo)  # opening it to read would block for ever
    _refused_quickly(lambda: Replay.load(fifo), "not a regular file")
    _refused_quickly(lambda: Replay.load("/dev/zero"), "not a regular file")
    _refused_quickly(lambda: Replay.load(tmp_path), "not a regular file")
    _refused_quickly(lambda: Replay.load(tmp_path / ("x" * 5000)), "cannot read")


def test_a_file_is_read_up_to_the_limit_plus_one_byte(tmp_path, monkeypatch):
    monkeypatch.setattr("workbench.engine.play.replay.MAX_REPLAY_BYTES", 100)
    path = tmp_path / "r.json"
    path.write_text(" " * 101)
    _refused_quickly(lambda: Replay.load(path), "larger than 100 bytes")
    path.write_text(" " * 60 + _text()[:0] + "{}")
    _refused_quickly(lambda: Replay.load(path), "format")


@settings(deadline=None, max_examples=30)
@given(
    extra=st.dictionaries(
        st.text(min_size=1, max_size=8).filter(lambda k: k not in replay_checks.FIELDS),
        st.integers(),
        min_size=1,
        max_size=5,
    )
)
def test_unknown_names_are_refused_before_values(extra):
    data = json.loads(_text(params={f"k{i}": i for i in range(10)}, seed="not a number"))
    data.update(extra)
    message = _refused_quickly(lambda: Replay.from_json(json.dumps(data)), "unknown field")
    assert "seed" not in message.split("(")[0]  # the name, not the bad seed value, is named


def test_whole_file_budgets():
    _refused_quickly(
        lambda: Replay.from_json(_text(params={f"k{i}": i for i in range(100_000)})),
        "100,000 parameters",
    )
    wide = [[list(range(64))] * 8] * 2_000  # 2,000 legal-looking ids of 520 items each
    _refused_quickly(lambda: Replay.from_json(_text(actions=wide)), "action items in all")
    draws = [[i, replay_checks.MAX_DRAWS] for i in range(30)]
    _refused_quickly(
        lambda: Replay.from_json(_text(actions=[0] * 30, player_draws=draws)), "rng words in all"
    )


def test_skipping_words_in_chunks_matches_one_draw():
    session = Session(make_game("ghost"), seed=5)
    words_before = session.rng.words
    replay_checks.skip_words(session.rng, 200_000)
    assert session.rng.words - words_before == 200_000


def _rolled_session(seed: int) -> Session:
    session = Session(make_game("ghost"), seed=seed, auto_chance=False)
    for _ in range(60):
        if session.is_over:
            break
        if session.to_move == CHANCE:
            session.roll()
        else:
            session.bot_move(random_player)
    return session


def _forge(data: dict, seed: int) -> dict:
    """Every chance step listed as chosen and its outcome set to another legal one."""
    game = make_game("ghost")
    state = game.initial_state()
    chosen = []
    for i, action in enumerate(list(data["actions"])):
        action = replay_checks.checked_id(action, "a")
        if game.current_player(state) == CHANCE:
            others = [o for o in game.chance_outcomes(state) if o != action]
            if others:
                action = others[seed % len(others)]
                data["actions"][i] = json.loads(json.dumps(action))
            chosen.append(i)
        try:
            state = game.apply(state, action)
        except Exception:
            data["actions"] = data["actions"][:i]
            break
    data["chosen"] = [c for c in chosen if c < len(data["actions"])]
    data.pop("player_draws", None)
    data["checked"] = True
    return data


@pytest.mark.parametrize("seed", [2, 9])
def test_forged_chance_is_never_verified(seed):
    session = _rolled_session(seed)
    data = json.loads(session.to_replay().to_json())
    honest = Session.from_replay(Replay.from_json(json.dumps(data)))
    assert honest.verified_chance and honest.chance_check.honest
    assert honest.chance_check.verified == honest.chance_check.steps > 0

    unchecked = dict(data, checked=False)
    off = Session.from_replay(Replay.from_json(json.dumps(unchecked)))
    assert not off.verified_chance and off.chance_check.verified == 0
    assert "not checked" in off.chance_check.summary()

    forged = _forge(json.loads(session.to_replay().to_json()), seed)
    back = Session.from_replay(Replay.from_json(json.dumps(forged)))
    check = back.chance_check
    assert not back.verified_chance and check.what_if and check.verified == 0
    assert check.chosen == check.steps > 0
    assert "what-if" in back._repr_html_() and "what-if" in check.summary()
