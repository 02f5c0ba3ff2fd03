"""Issue 25 (seed fidelity, round three), detective items 6 and 7: the 問題点 switches as
the seed words them (each with version 2's reading as a parameter)."""

from __future__ import annotations

import json
from pathlib import Path

from workbench.engine.kernel.protocol import CHANCE
from workbench.games.detective.rules import make_game
from workbench.games.detective.steps import EventDraw
from workbench.games.detective.steps_round import EDIT, Turn

from .helpers import NIGHT, TURN, base, dealt, head, position

SEVEN = ("chiyo:1", "genichiro:1", "masashi:1", "shinozuka:1", "shizue:1", "toru:1", "yuri:1")


def _deal(g, s):
    while g.current_player(s) == CHANCE and type(s.tasks[-1]) is EventDraw:
        s = g.apply(s, g.chance_outcomes(s).outcomes()[0])
    return s


def _round_start(g):
    _, s = base(g)
    return position(
        g,
        s,
        hands=((45,), (46,), (47,)),
        pool=tuple(sorted(SEVEN + (NIGHT,))),
        tasks=(Turn(0), EDIT[0]),
    )


def test_round_start_edit_can_take_a_card_out_of_the_deck():
    # 新ラウンド時に誰かが１枚追加、あるいは減らすかできた方がいいかも知れない (add one OR remove one)
    g = make_game(players=3, round_start_edit=True)
    s = _round_start(g)
    assert head(s) == ("edit", 0)
    legal = g.legal_ids(s)
    assert {("withdraw", who.split(":")[0]) for who in SEVEN} <= set(legal)
    assert ("add", "wasurenagusa") in legal and ("pass",) in legal
    supply = len(s.supply)
    s = g.apply(s, ("withdraw", "yuri"))
    assert "yuri:1" not in s.pool and "yuri:1" in s.supply and len(s.supply) == supply + 1
    assert len(s.pool) == 7 and NIGHT in s.pool  # the round's deck is one card thinner
    assert g.action_label(_round_start(g), ("withdraw", "yuri")).startswith("take ")


def test_round_start_edit_line_reading_is_version_two():
    # edit_remove="line": remove from the line, which is empty at round start without an opening
    g = make_game(players=3, round_start_edit=True, edit_remove="line")
    legal = g.legal_ids(_round_start(g))
    assert not any(a[0] in ("withdraw", "remove") for a in legal)
    assert ("pass",) in legal and ("add", "yuri") in legal


def test_oneshot_free_has_no_cap_unless_asked():
    # 使い切りカードについては、手番を消費しない形にする: no cap in the seed
    hands = ((45, 46, 53, 28), (2,), (3,))
    line = ("yuri:1", "toru:1", "masashi:1")
    for cap, still_main in ((None, True), (1, False)):
        g = make_game(players=3, oneshot_free=True, oneshot_cap=cap)
        s = dealt(g, hands, line=line, edeck=tuple(range(1, 20)), tasks=TURN)
        s = _deal(g, g.apply(s, ("play", 45)))
        assert head(s) == ("main", 0)
        s = _deal(g, g.apply(s, ("play", 46)))
        assert (head(s) == ("main", 0)) is still_main, cap
        assert any(x.TAG == "main" for x in s.tasks) is still_main  # cap 1: the phase is used
    assert s.free_used == 1


def test_no_reservation_once_the_tragic_night_is_out():
    # 予約制: ただし、それまでに惨劇の夜が出たら捨て札になる
    g = make_game(players=3, reservation=True)
    s = dealt(g, ((28, 30), (2,), (3,)), line=("masashi:1",), tasks=TURN)
    assert ("reserve", 30) in g.legal_ids(s)
    s = dealt(
        g,
        ((28, 30), (2,), (3,)),
        line=("masashi:1", NIGHT),
        tn=True,
        drawer=0,
        first_draw=False,
        tasks=TURN,
    )
    legal = g.legal_ids(s)
    assert not any(a[0] in ("reserve", "set") for a in legal) and ("break",) in legal
    s = dealt(
        g,
        ((28,), (2,), (3,)),
        line=("masashi:1", "toru:1", NIGHT),
        tn=True,
        reserved=(30, None, None),
        first_draw=False,
        tasks=TURN,
    )
    assert not any(a[0] == "set" for a in g.legal_ids(s))


def test_one_card_break_has_no_discard():
    # パスして手札１枚補充＆捜査線操作: draw one, then the line; no discard in the idea
    hands = ((28, 30), (2,), (3,))
    g = make_game(players=3, break_draw="one")
    legal = g.legal_ids(dealt(g, hands, tasks=TURN, settle=False))  # one action: forced
    assert legal == [("break",)]
    made = dealt(g, hands, tasks=TURN)  # the kernel breaks at once: the draw is next
    assert made.tasks[-1] != TURN[-1] and len(made.hands[0]) == 2
    g2 = make_game(players=3, break_draw="one", one_draw_discard=True)
    assert ("break", 28) in g2.legal_ids(dealt(g2, hands, tasks=TURN))
    g3 = make_game(players=3)
    assert ("break", 28) in g3.legal_ids(dealt(g3, hands, tasks=TURN))


def test_notebook_measures_both_edit_readings_and_prints_its_sentence():
    # item 6: the row (8.66 vs 7.64 actions a round) was the line reading; re-measured, printed
    cells = json.loads((Path(__file__).parents[2] / "notebooks" / "detective.ipynb").read_text())[
        "cells"
    ]
    code = "\n".join("".join(c["source"]) for c in cells if c["cell_type"] == "code")
    markdown = "\n".join("".join(c["source"]) for c in cells if c["cell_type"] == "markdown")
    assert (
        '"edit_remove": "line"' in code
        and "_vs('start player edits the deck', 'base game')" in code
    )
    assert "removes one card from the line at round start" not in markdown
