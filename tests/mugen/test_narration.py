"""Mugen's log says what happened (issue 35): every change of HP, hand, deck, set and dust
zone and the game's end is said, with its cause, by the line of its step.

Before this, an アオイ/焔の陣 deck's games had 5.45 unexplained HP changes a game (timed
effects had no line), 21 of 200 games ended on an unlogged hit, and 終焉の鐘 announced 3
damage where it dealt 6 (its destroys lower the defence first).
"""

from __future__ import annotations

from typing import Any

import pytest

from workbench.engine.conformance.narration import check_narration
from workbench.games.mugen import rules
from workbench.games.mugen.decks import SAMPLE_DECKS
from workbench.games.mugen.narrated import NARRATED, seat_names
from workbench.games.mugen.rules import make_game
from workbench.games.mugen.scenario import position

from .helpers import asked, play

AOI, SORA, MIRAI = SAMPLE_DECKS["aoi"], SAMPLE_DECKS["sora"], SAMPLE_DECKS["mirai"]


@pytest.mark.parametrize(
    "params",
    [
        {"decks": (AOI, SORA)},
        {"decks": (SORA, MIRAI)},
        {"decks": (MIRAI, AOI), "revenge_after": "any", "first_player": "random"},
        {"decks": (AOI, AOI), "timed_turns": "owner", "overflow": "oldest"},
    ],
    ids=["aoi-sora", "sora-mirai", "old-revenge", "owner-oldest"],
)
def test_every_narrated_change_is_said(params: dict[str, Any]) -> None:
    report = check_narration(
        make_game(**params), NARRATED, n_games=3, names=seat_names, viewers=(None, 0, 1)
    )
    assert report.ok, str(report)
    assert report.games == 6 and report.changes > 500


def test_a_silenced_aftermath_fails_the_check(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(rules, "aftermath", lambda game, state, choice: "")
    report = check_narration(make_game(decks=(AOI, SORA)), NARRATED, n_games=2, names=seat_names)
    assert not report.ok and report.missed["HP"] > 0 and report.missed["result"] > 0


def _line(game: Any, state: Any, action: Any) -> str:
    return str(game.action_label(state, action))


def test_a_start_effect_that_kills_says_who_wins() -> None:
    g = make_game()
    s = position(g, set_zones=([("G19", 0, 2)], []), hp=(30, 2))
    line = _line(g, s, "end")
    assert "P1's 焔の陣 (start of turn 2): 3 damage (2 +1 attack) to P2, P2 HP 2 → 0" in line
    assert line.endswith("P2 falls to 0 HP: P1 wins") and g.winners(g.apply(s, "end")) == (0,)


def test_an_end_effect_and_a_set_skill_running_out_are_said() -> None:
    g = make_game(decks=(AOI, SORA))  # アオイ: set, end: damage 2
    s = position(g, set_zones=([("C04", 1, 1)], []), hp=(30, 30))
    line = _line(g, s, "end")
    assert "P1's アオイ (end of turn 1): 2 damage to P2, P2 HP 30 → 28" in line  # no trait
    s = position(g, active=1, set_zones=([("C04", 1, 1)], []))
    line = _line(g, s, "end")  # P2's turn ends (アオイ acts: every turn), P1's turn starts
    assert (
        "P1's アオイ (end of turn 1)" in line and "P1's アオイ runs out (to the dust zone)" in line
    )


def test_a_deck_out_says_who_loses() -> None:
    g = make_game()
    s = position(g, decks=([], [("G01", 3)]))
    line = _line(g, s, "end")
    assert line.endswith("P1's deck is empty at the end of the turn: P2 wins")
    s = position(g, decks=([], []))
    assert _line(g, s, "end").endswith(
        "P1's and P2's decks are empty at the end of the turn: nobody wins"
    )


def test_the_knell_announces_the_damage_after_its_destroys() -> None:
    g = make_game()
    s = position(g, hands=(["G31"], []), mp=(8, 1), set_zones=([], [("G16", 0, 2), ("G05", 0, 2)]))
    label = _line(g, s, ("use", "G31", 0))
    assert "6 damage (5 +1 attack): P2 HP 30 → 24" in label  # 見張り def +2, 風の盾 def +1 gone
    after = play(asked(g), s, ("use", "G31", 0), ("destroy", 0), ("destroy", 0))
    assert after.hp[1] == 24
    s = position(g, hands=(["G24"], []), mp=(5, 1), set_zones=([], [("G16", 0, 2)]))
    assert "3 damage (4 +1 attack -2 defence): P2 HP 30 → 27" in _line(g, s, ("use", "G24", 0))
