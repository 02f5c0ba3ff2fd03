"""Playtest review (issue 24 item 6) on a playtest played by scripted "human" seats."""

from __future__ import annotations

import statistics

import pytest

from workbench.engine.measure.review import review, scripted_playtest
from workbench.engine.play.playtest import Playtest
from workbench.engine.play.session import Session
from workbench.games.detective.labels import event_name
from workbench.games.detective.rules import make_game
from workbench.games.detective.steps import EventDraw


@pytest.fixture(scope="module")
def reviewed(tmp_path_factory: pytest.TempPathFactory):  # type: ignore[no-untyped-def]
    game = make_game(players=3, deaths_to_end=2, win_vp=4)
    path = scripted_playtest(
        game, ["first", "greedy", "random"], tmp_path_factory.mktemp("rev") / "table.json", seed=3
    )
    return path, review([path], budget=24, seed=1, bot_games=4)


def test_every_human_choice_with_options_is_reviewed(reviewed) -> None:  # type: ignore[no-untyped-def]
    path, r = reviewed
    replay, seats, decisions = Playtest.read(path)
    session = Session.from_replay(replay)
    game = session.game
    asked = [d for d in decisions if len(game.legal_ids(session.history[d["step"]])) > 1]
    assert r.decisions.height == len(asked) > 10
    assert sorted(r.seats["decisions"].to_list()) == sorted(
        sum(1 for d in asked if d["seat"] == s) for s in range(3)
    )
    for s in range(3):  # the scripted thinking times, per seat
        mine = [d["seconds"] for d in asked if d["seat"] == s]
        row = r.seats.filter(r.seats["player"] == f"Player {s + 1}")
        assert row["median_seconds"][0] == pytest.approx(statistics.median(mine))


def test_the_search_choice_is_the_best_estimate(reviewed) -> None:  # type: ignore[no-untyped-def]
    _, r = reviewed
    d = r.decisions
    assert (d["lost"] >= 0).all()
    assert ((d["lost"] == 0) | ~d["agreed"]).all()
    assert (d.filter(d["agreed"])["choice"] == d.filter(d["agreed"])["search_choice"]).all()
    worst = r.worst(3)
    assert worst["lost"].to_list() == sorted(d["lost"].to_list(), reverse=True)[:3]


def test_a_position_is_shown_as_its_seat_saw_it(reviewed) -> None:  # type: ignore[no-untyped-def]
    path, r = reviewed
    session = Session.from_replay(Playtest.read(path)[0])
    secret = {}  # step -> (seat dealt to, card name)
    for k, (state, x) in enumerate(zip(session.history, session.actions)):
        if type(state.tasks[-1]) is EventDraw:
            secret[k + 1] = (state.tasks[-1].seat, event_name(session.game.catalogue, x))
    for seat, position in zip(r.decisions["seat"], r.decisions["position"]):
        for line in position.split(" | "):
            k = int(line.split(".", 1)[0])
            if k in secret and secret[k][0] != seat:
                assert secret[k][1] not in line


def test_questions_on_people_beside_bots(reviewed) -> None:  # type: ignore[no-untyped-def]
    _, r = reviewed
    a = r.answers
    assert set(a["players"]) == {"people", "greedy"}
    assert set(a.filter(a["players"] == "people")["games"]) == {1}
    assert set(a.filter(a["players"] == "greedy")["games"]) == {4}
    people = a.filter(a["players"] == "people")
    wins = people.filter(people["measure"].str.ends_with(" wins"))["value"].sum()
    assert wins + people.filter(people["measure"] == "no single winner")["value"][0] == 1.0
