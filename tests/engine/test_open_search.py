"""The see-everything search (``open:N``): an upper bound on what search can gain,
refused wherever people play."""

from __future__ import annotations

import pytest

from workbench.engine import IllegalAction, Session, playout, playout_in_place, random_player
from workbench.engine.conformance.kernel_toy import make_game as two_tricks
from workbench.engine.play.playtest import Playtest, PlaytestError
from workbench.engine.players.open import OpenSearch, sees_everything
from workbench.engine.players.search import ISMCTS
from workbench.engine.players.specs import BadSpec, player_from_spec
from workbench.registry import make_game


def test_specs_name_the_cheat() -> None:
    assert repr(player_from_spec("open:200", "ghost")) == "open:200"
    assert repr(player_from_spec("open:400/30")) == "open:400/30"
    assert repr(player_from_spec("open")) == "open:400"
    assert sees_everything(player_from_spec("open:50")) and not sees_everything(
        player_from_spec("ismcts:50")
    )
    with pytest.raises(BadSpec, match="iterations"):
        player_from_spec("open:lots")


def test_peek_is_won_every_time_by_reading_the_hidden_card() -> None:
    # peek: a fair seat 0 wins exactly 1/4 (tests/peek); the cheat reads seat 1's card
    g = make_game("peek")
    wins = [playout(g, [OpenSearch(40), random_player], k).final for k in range(12)]
    assert all(g.winners(f) == (0,) for f in wins)
    fair = [playout(g, [ISMCTS(40), random_player], k).final for k in range(12)]
    assert sum(g.winners(f) == (0,) for f in fair) < 12


def test_the_bound_is_above_fair_search_on_two_tricks() -> None:
    g = two_tricks()
    won = {}
    for name, p in (("random", random_player), ("ismcts", ISMCTS(60)), ("open", OpenSearch(60))):
        won[name] = sum(
            g.winners(playout_in_place(g, [random_player, p], k).final) == (1,) for k in range(120)
        )
    assert won == {"random": 36, "ismcts": 42, "open": 47}  # seat 1 of 120 games


def test_in_place_and_immutable_paths_play_the_same_game() -> None:
    g = two_tricks()
    line = [OpenSearch(30), random_player]
    assert playout_in_place(g, line, 5, record=True) == playout(g, line, 5)


def test_sessions_and_playtests_refuse_it(tmp_path) -> None:
    s = Session(make_game("peek"), seed=1)
    with pytest.raises(IllegalAction, match="sees every hidden card"):
        s.bot_move(OpenSearch(10))
    with pytest.raises(IllegalAction, match="sessions and playtests take fair players only"):
        s.play_to_end([OpenSearch(10), random_player])
    assert s.step == len(s.actions) and not s.is_over  # nothing was played
    with pytest.raises(PlaytestError, match="seat 2: open:10 sees every hidden card"):
        Playtest(make_game("peek"), [None, "open:10"], 1, tmp_path / "p.json")
