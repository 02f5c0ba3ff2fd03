"""The leak check widened to what a playtest sends (issue 39 item 3, Deliver): at chance
steps a seat may not see, two different outcomes must give that seat the same page —
picture, last-chance strip, log, buttons and status, everything ``seat_page`` sends.

The kernel's leak check (:mod:`workbench.engine.conformance.leaks`) compares
observations and labels; a render that draws more than the seat's view (a peek-style
render that named its viewer ``seat`` drew the whole table for the seat to move) shows
only here."""

from __future__ import annotations

import random
from collections.abc import Hashable
from typing import Any

import pytest

from workbench.engine.kernel.protocol import CHANCE
from workbench.engine.play.playtest import Playtest
from workbench.engine.play.session import Session
from workbench.engine.play.viewer import sees_outcome
from workbench.registry import make_game
from workbench.share.playtest_server import seat_page

SENT = ("picture", "strip", "log", "buttons", "status", "mine")


def _branch(game: Any, seed: int, actions: tuple[Hashable, ...], outcome: Hashable) -> Playtest:
    """A playtest of people at ``actions`` then ``outcome`` (chance resolved by hand)."""
    s = Session(game, seed=seed, auto_chance=False)
    for a in (*actions, outcome):
        s.apply(a)
    return Playtest(game, [None] * game.num_players, session=s)


def _page(p: Playtest, seat: int) -> dict[str, Any]:
    view = seat_page(p, seat)
    return {k: view[k] for k in SENT}


def hidden_pairs(game: Any, seed: int, steps: int, rng: random.Random, most: int = 6) -> int:
    """Walk one random game; at chance steps, for each seat that may not see it, two
    outcomes must send it the same page (``most`` such comparisons, a step's seats taken
    together). The comparisons made (AssertionError on a leak)."""
    s = Session(game, seed=seed, auto_chance=False)
    compared = 0
    for _ in range(steps):
        if s.is_over or compared >= most:
            break
        if s.to_move == CHANCE:
            outcomes = list(game.chance_outcomes(s.state).outcomes())
            for seat in range(game.num_players):
                unseen = [x for x in outcomes if not sees_outcome(game, s.state, x, seat)]
                if len(unseen) < 2:
                    continue
                x1, x2 = rng.sample(unseen, 2)
                a = _page(_branch(game, seed, s.actions, x1), seat)
                b = _page(_branch(game, seed, s.actions, x2), seat)
                diff = [k for k in SENT if a[k] != b[k]]
                assert not diff, (game.name, s.step, seat, x1, x2, diff)
                compared += 1
            s.apply(rng.choice(outcomes))
        else:
            s.apply(rng.choice(game.legal_ids(s.state)))
    return compared


@pytest.mark.parametrize(
    ("name", "params", "steps"),
    [
        ("peek", {}, 5),
        ("detective", {"players": 3}, 25),
        ("mugen", {}, 25),
        ("life", {}, 20),
        ("ghost", {"players": 3}, 25),
    ],
)
def test_a_seat_s_page_does_not_tell_outcomes_it_may_not_see(
    name: str, params: dict[str, Any], steps: int
) -> None:
    compared = hidden_pairs(make_game(name, **params), seed=2, steps=steps, rng=random.Random(1))
    assert compared >= 1  # the walk met hidden chance


def test_a_render_that_draws_the_whole_table_is_caught(monkeypatch: pytest.MonkeyPatch) -> None:
    """The check fails on the leak of issue 39 item 3: a render that ignores its viewer."""
    from workbench.games.peek import render as peek_render
    from workbench.share import playtest_server

    whole = peek_render.render

    def leaky(game: Any, state: Any, viewer: int | None = None, picks: Any = ()) -> str:
        return str(whole(game, state))  # the viewer taken, then ignored

    monkeypatch.setattr(playtest_server, "render_for", lambda game: leaky)
    with pytest.raises(AssertionError, match="peek"):
        hidden_pairs(make_game("peek"), seed=2, steps=5, rng=random.Random(1))
