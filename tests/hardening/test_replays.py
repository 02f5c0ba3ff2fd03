"""Issue 16's replay examples: parameters checked, inputs bounded, chance checked against the seed."""

from __future__ import annotations

import json
from dataclasses import dataclass, field
from typing import Literal

import pytest

from workbench.engine.kernel.params import ParamsError, checked_params
from workbench.engine.kernel.protocol import CHANCE
from workbench.engine.play.replay import Replay, ReplayError
from workbench.engine.play.session import Session
from workbench.engine.players import random_player
from workbench.registry import make_game


def replay_text(**patch: object) -> str:
    data = {
        "format": "workbench-replay/1",
        "game": "ghost",
        "version": "1",
        "params": {},
        "seed": 1,
        "actions": [],
    }
    data.update(patch)
    return json.dumps(data)


def refused(text: str, *words: str) -> str:
    with pytest.raises(ReplayError) as info:
        Session.from_replay(Replay.from_json(text))
    message = str(info.value)
    assert "\n" not in message and len(message) < 600, message
    for word in words:
        assert word in message, (word, message)
    return message


@pytest.mark.parametrize(
    ("params", "words"),
    [
        ({"hand_size": 100_000_000}, ["hand_size", "0..20"]),
        ({"hand_size": 5.0}, ["hand_size", "whole number"]),
        ({"hand_size": True}, ["hand_size"]),
        ({"players": "4"}, ["players"]),
        ({"sheet": "/etc/passwd"}, ["sheet", "outside the data folders"]),
        ({"sheet": "data/../../etc/passwd"}, ["sheet", ".."]),
        ({"cards": [1, 2]}, ["unknown parameter 'cards'"]),
    ],
)
def test_ghost_params_are_checked_before_the_game_is_built(params, words):
    refused(replay_text(params=params), *words)


@pytest.mark.parametrize(
    ("params", "words"),
    [
        ({"hp": "30"}, ["hp", "whole number"]),
        ({"hp": 10**30}, ["hp", "1..999"]),
        ({"cards_path": "/etc/hosts"}, ["cards_path", "outside"]),
        ({"decks": [[["x", 1]]]}, ["decks", "expected 2 items"]),
        ({"opening": [3, 4, 5]}, ["opening"]),
    ],
)
def test_mugen_params_are_checked(params, words):
    refused(replay_text(game="mugen", params=params), *words)


def test_bounded_inputs():
    deep = "[" * 5000 + "0" + "]" * 5000
    refused(replay_text().replace('"actions": []', f'"actions": [{deep}]'), "nested")
    refused(replay_text().replace('"seed": 1', '"seed": ' + "9" * 5000), "not a valid replay")
    refused("[" * 100_000 + "]" * 100_000, "nested too deeply")
    refused(replay_text(actions=[0] * 100_001), "at most 100,000")
    refused(replay_text(game="../../etc"), "not available")
    refused(replay_text(chosen=["x"]), "chosen")


def test_checked_params_generic_rules():
    @dataclass(frozen=True)
    class P:
        n: int = 3
        mode: Literal["a", "b"] = "a"
        pair: tuple[int, int] = field(default=(1, 2), metadata={"range": (0, 9)})
        maybe: int | None = None

    assert checked_params(P, {"pair": [3, 4], "maybe": None, "mode": "b"}) == P(3, "b", (3, 4))
    for bad, word in [
        ({"n": 10**6}, "-1000..1000"),
        ({"mode": "c"}, "not one of"),
        ({"pair": [1, 10]}, "0..9"),
        ({"maybe": "x"}, "fits none"),
    ]:
        with pytest.raises(ParamsError, match=word):
            checked_params(P, bad)


def _session_with_rolls_and_choices(game_name: str, seed: int) -> Session:
    game = make_game(game_name)
    session = Session(game, seed=seed, auto_chance=False)
    rolls = 0
    for _ in range(80):
        if session.is_over:
            break
        if session.to_move == CHANCE:
            rolls += 1
            if rolls % 5 == 2:  # a "what if": the designer sets this outcome
                outcomes = [o for o, _ in game.chance_outcomes(session.state).items()]
                session.choose(outcomes[-1])
            else:
                session.roll()
        else:
            session.bot_move(random_player)  # draws from its seat's own rng, not the session's
    return session


@pytest.mark.parametrize("game_name", ["ghost", "mugen"])
def test_saved_session_is_checked_against_its_seed(game_name):
    session = _session_with_rolls_and_choices(game_name, seed=11)
    replay = session.to_replay()
    assert replay.checked and replay.chosen and not replay.player_draws  # bots drew no chance words
    back = Session.from_replay(Replay.from_json(replay.to_json()))
    assert back.state == session.state
    check = back.chance_check  # a what-if: every rolled step checked, yet not a game that happened
    assert check.what_if and check.every_unchosen_checked and not back.verified_chance
    assert check.chosen == len(replay.chosen) and check.verified == check.steps - check.chosen > 0
    assert back.rng.words == session.rng.words  # chosen steps did not consume the rng

    data = json.loads(replay.to_json())
    first_chosen = data["chosen"].pop(0)  # a hand-set outcome no longer marked as chosen
    message = refused(json.dumps(data), f"seed {replay.seed}", "is not what seed")
    # refused there, or (when the seed happens to draw the chosen outcome) at a later roll
    assert int(message.split()[1].rstrip(":")) >= first_chosen

    data = json.loads(replay.to_json())
    game = make_game(game_name)
    state = game.initial_state()
    for i, action in enumerate(replay.actions):  # change the first rolled outcome
        if game.current_player(state) == CHANCE and i not in replay.chosen:
            other = next(o for o, _ in game.chance_outcomes(state).items() if o != action)
            data["actions"][i] = json.loads(json.dumps(other))
            refused(json.dumps(data), f"step {i}:", "is not what seed")
            break
        state = game.apply(state, action)


def test_unchecked_files_load_but_say_so():
    session = _session_with_rolls_and_choices("ghost", seed=3)
    data = json.loads(session.to_replay().to_json())
    del data["checked"]  # an older file: chance cannot be checked against the seed
    back = Session.from_replay(Replay.from_json(json.dumps(data)))
    assert back.state == session.state and back.verified_chance is False
