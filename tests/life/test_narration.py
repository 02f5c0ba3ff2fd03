"""Life's log says what happened (issue 35): every change of a player's power, card VP,
mid-scoring VP, dice total, album, dream hand and dream skills is said by its step's line,
with its cause, naming players ``P1``… (never ``seat 0``) and cards by name (never ``J09``).
"""

from __future__ import annotations

import re
from typing import Any

import pytest

from workbench.engine.conformance.narration import check_narration
from workbench.engine.play.session import Session
from workbench.engine.players.specs import player_from_spec
from workbench.games.life import rules
from workbench.games.life.narrated import NARRATED, seat_names
from workbench.games.life.rules import make_game


@pytest.mark.parametrize(
    "params",
    [{}, {"players": 3}, {"timed_events": True, "bonus_move": "roll", "covered_star_vp": 0}],
    ids=["4p", "3p", "variants"],
)
def test_every_narrated_change_is_said(params: dict[str, Any]) -> None:
    report = check_narration(
        make_game(**params), NARRATED, n_games=1, names=seat_names, viewers=(None, 0)
    )
    assert report.ok, str(report)
    assert report.games == 2 and report.changes > 300


def test_a_silenced_aftermath_fails_the_check(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(rules, "aftermath", lambda game, state, choice: "")
    report = check_narration(make_game(), NARRATED, players=["greedy"], n_games=1, names=seat_names)
    assert not report.ok and {"power", "mid-scoring VP", "dice"} <= set(report.missed)


@pytest.fixture(scope="module")
def greedy_log() -> list[str]:
    session = Session(make_game(), seed=3)
    session.play_to_end(player_from_spec("greedy", "life"))
    return session.log


def test_the_log_names_players_from_one_and_cards_by_name(greedy_log: list[str]) -> None:
    text = "\n".join(greedy_log)
    assert not re.search(r"\bseat \d", text)
    assert not re.search(r"\b[JASD]\d\d\b", text)  # card ids: J09, A12, S04, D03
    draws = [line for line in greedy_log if " draws " in line]
    assert draws and all(re.match(r"\d+\. P[1-4] draws ", line) for line in draws)


def test_mid_scoring_events_and_the_end_have_lines(greedy_log: list[str]) -> None:
    mids = [line for line in greedy_log if "mid-scoring (places by dice total):" in line]
    assert len(mids) == 2  # after stages 1 and 2
    assert any(re.search(r"event .*: P\d power \d+ → \d+", line) for line in greedy_log)
    assert re.search(r"final scores (P\d \d+ VP, ){3}P4 \d+ VP: P\d.* wins?$", greedy_log[-1])
