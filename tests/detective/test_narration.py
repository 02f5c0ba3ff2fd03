"""The 「探偵無宿２」 log says every change a player sees (issue 35): investigation draws by
their drawer, a tragic night from the bottom of the deck, the first-card redraw, round
ends with the victim, trims as trims, the game's end with its winner; the narration
check passes, and fails when the round's end is silenced."""

from __future__ import annotations

import re
from typing import Any

import pytest

from workbench.engine.conformance.narration import check_narration
from workbench.engine.play.session import Session
from workbench.engine.players import random_player
from workbench.games.detective.narration import NARRATED
from workbench.games.detective.rules import Detective, make_game


@pytest.mark.parametrize("players", [3, 4])
def test_every_narrated_change_is_explained(players: int) -> None:
    report = check_narration(make_game(players=players), NARRATED, n_games=1, viewers=(None, 0))
    assert report.ok, str(report)
    assert report.games == 2 and report.changes > 300


def test_variants_are_narrated_too() -> None:
    for params in (
        dict(players=3, opening=4, reservation=True),
        dict(players=4, round_start_edit=True, copies=3, awaken_on_fourth=True),
    ):
        report = check_narration(make_game(**params), NARRATED, players=["random"], n_games=1)
        assert report.ok, str(report)


class SilentRoundEnds(Detective):
    """The same rules with the line of the step that ends a round saying only the step."""

    def _narrated(self, state: Any, x: Any, text: str) -> str:
        said = super()._narrated(state, x, text)
        return text if " ends; " in said else said


def test_a_silenced_round_end_fails_the_check() -> None:
    game = SilentRoundEnds(make_game(players=3).params)
    report = check_narration(game, NARRATED, players=["random"], n_games=1)
    plain = Session(make_game(players=3), seed=0)
    plain.play_to_end(random_player)
    final = plain.state  # the same game: every round's end goes unexplained
    assert final.round > 1 and report.missed["round"] == final.round - 1
    assert report.missed.get("dead", 0) == len(final.dead)  # each victim at a round end
    assert report.missed["game over"] == 1
    assert re.search(r"step \d+, seen by the designer: round 1 -> 2, unexplained by", str(report))


def _logs(players: int, seeds: range, **params: Any) -> list[list[str]]:
    out = []
    for seed in seeds:
        s = Session(make_game(players=players, **params), seed=seed)
        s.play_to_end(random_player)
        out.append(s.log)
    return out


def test_lines_name_drawers_rounds_victims_trims_and_the_winner() -> None:
    logs = _logs(3, range(2))
    lines = [x for log in logs for x in log]
    draws = [x for x in lines if "investigation draw: " in x]
    assert draws and all(re.match(r"\d+\. Player \d's investigation draw: ", x) for x in draws)
    events = [x for x in lines if re.match(r"\d+\. Player \d draws #\d+ ", x)]
    assert events  # an event drawn names its drawer
    ends = [x for x in lines if re.search(r"round \d+ ends", x)]
    assert ends and all(re.search(r"the victim is \S+ \S*.*dead: |no victim", x) for x in ends), (
        ends
    )
    trims = [x for x in lines if ": trim #" in x]
    assert trims and all(re.search(r"\(hand \d+ over its limit of \d+\)", x) for x in trims)
    for log in logs:
        assert re.search(r"game over \(.+\): Player \d (wins|and Player)", log[-1]), log[-1]


def test_the_bottom_night_and_the_first_card_redraw_are_explained() -> None:
    lines = _logs(3, range(0, 1))[0]  # seed 0 (rules v5): both happen
    assert any("draws 惨劇の夜 from the bottom of the investigation deck" in x for x in lines)
    redraw = [x for x in lines if "the round's first card is 惨劇の夜" in x]
    assert redraw and all(
        re.search(r"investigation draw: 惨劇の夜 — .*Player \d draws again", x) for x in redraw
    )
