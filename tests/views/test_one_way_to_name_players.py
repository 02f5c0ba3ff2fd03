"""One way to name players (issue 35, deliverable 4): a game of each is played a little and
read through every view — the designer's and a seat's log, the playtest page (name, status,
log, strip, buttons, picture), the board's status and log, the review's tables — and every
player named there is "<word> n" in the game's one word (Player; ghost's User), counted
from 1 and never past the table: no P2 beside Player 2, no 0-based seat."""

from __future__ import annotations

import html
import json
import re
from typing import Any

import pytest

from tests.views.shown_to_a_seat import _playtest
from workbench.charts.balance import seat_win_chart
from workbench.engine.measure.balance import balance_report
from workbench.engine.measure.review import review
from workbench.engine.play.playtest import Playtest
from workbench.engine.play.session import Session
from workbench.engine.play.viewer import log_for, seat_word
from workbench.engine.players.specs import player_from_spec
from workbench.engine.runs.simulate import simulate
from workbench.registry import spec
from workbench.share.playtest_server import seat_page
from workbench.ui.table import table_html

GAMES = [("ghost", {"players": 3}), ("detective", {"players": 3}), ("mugen", {}), ("life", {})]
_NAMED = re.compile(r"\b(P|[Pp]layer ?|[Uu]ser ?|[Ss]eat ?|ユーザー ?)(\d+)\b")
_TAG = re.compile(r"<[^>]+>")


def _played(name: str, params: dict, steps: int = 90) -> Any:
    """A board of the game (its session played by greedy bots for ``steps`` steps)."""
    b = spec(name).board(seed=3, **params)
    s = b.session
    greedy = player_from_spec("greedy", name)
    for _ in range(steps):
        if s.is_over:
            break
        s.bot_move(greedy) if s.to_move >= 0 else s.roll()
    b.refresh()
    return b


def _names(text: str) -> set[tuple[str, int]]:
    return {(w.strip(), int(n)) for w, n in _NAMED.findall(html.unescape(_TAG.sub(" ", text)))}


def _board(b: Any) -> dict[str, str]:
    """The board's status line and log."""
    return {"board status": b.status.value, "board log": b.log.value}


def _chart(s: Session) -> dict[str, str]:
    """The seat win chart of a few games, as the notebook draws it (its data values)."""
    report = balance_report(simulate(s.game, n=3, seed=1))
    chart = seat_win_chart(report.seat_wins, word=seat_word(s.game))
    return {"seat chart": json.dumps(chart.to_dict()["datasets"], ensure_ascii=False)}


def _review(s: Session, folder) -> dict[str, str]:
    path = Playtest(s.game, [None] * s.game.num_players, 3, folder / "p.json", session=s).save()
    r = review([path], budget=4, seed=1, bot_games=1)
    return {"review": table_html(r.seats) + table_html(r.worst(3)) + " ".join(r.notes)}


def _views(s: Session) -> dict[str, str]:
    page = seat_page(_playtest(s), 0)
    board = None
    return {
        "designer's log": "\n".join(log_for(s, None)),
        "seat 1's log": "\n".join(log_for(s, 0)),
        "page name and status": page["name"] + "\n" + page["status"],
        "page log": "\n".join(page["log"]),
        "page strip": page["strip"],
        "page buttons": json.dumps([b["label"] for b in page["buttons"]], ensure_ascii=False),
        "page picture": page["picture"],
        **({} if board is None else board),
    }


@pytest.mark.parametrize(("name", "params"), GAMES, ids=[g for g, _ in GAMES])
def test_every_view_names_players_one_way(name, params, tmp_path):
    b = _played(name, params)
    s = b.session
    word, seats = seat_word(s.game), s.game.num_players
    wrong = {}
    shown = {**_views(s), **_board(b), **_chart(s), **_review(s, tmp_path)}
    assert all(shown.values()), [v for v, t in shown.items() if not t]
    for view, text in shown.items():
        bad = sorted(n for n in _names(text) if n[0] != word or not 1 <= n[1] <= seats)
        if bad:
            wrong[view] = bad[:6]
    assert not wrong, f"{name}: players named another way ({word} 1..{seats} expected): {wrong}"
