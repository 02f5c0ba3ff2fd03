"""Issue 25 (seed fidelity, round three), life items 11–14."""

from __future__ import annotations

import json
from pathlib import Path

from workbench.games.life import analysis as A
from workbench.games.life.board import make_board
from workbench.games.life.steps import kind_of


def test_the_log_names_the_player_who_moved():
    # item 11: every move's line named the next seat ("Player 5: pass" in a 4-player game)
    board = make_board(seed=3)
    session = board.session
    movers = []
    while len(movers) < 8:
        who, k = session.to_move, len(session.log)
        session.apply(session.legal_actions()[0].id)  # chance after it resolves by itself
        if who >= 0:
            movers.append((k, who))
    shown = [board.log_line(line) for line in session.log]
    for k, who in movers:
        assert shown[k].split(". ", 1)[1].startswith(f"Player {who + 1}: "), shown[k]
    assert not any("Player 5" in line for line in shown)
    rolls = [line for line in shown if " rolls " in line]
    assert rolls and rolls[0].split(". ", 1)[1].startswith("Player 1 rolls")
    board._draw_log()
    assert "Player 4: pass" in board.log.value and "Player 5" not in board.log.value


def _board_at(kind, seed=3):
    board = make_board(seed=seed)
    session = board.session
    while kind_of(session.state.tasks[-1]) != kind:
        session.apply(session.legal_actions()[0].id)
    board.refresh()
    return board


def test_the_score_table_names_what_its_columns_count():
    # item 11: "middle" was the mid-scoring VP, "bonus" the VP of card skills and events
    board = _board_at("pawn")
    html = board.picture.value
    heads = html[html.index("wb-life-scores") :]
    assert ">mid-scoring</th>" in heads and ">card VP</th>" in heads
    assert ">middle</th>" not in heads and ">bonus</th>" not in heads


def test_the_board_speaks_as_a_player_reads_a_card():
    # item 14: no engine words ("(char)", "dream top vp green 5 3 · skill shield 1")
    board = _board_at("char")
    html = board.picture.value
    assert "to move: Player 1 — place your character card" in html and "(char)" not in html
    for code in (
        "top vp",
        "colour vp",
        "place power",
        "event power",
        "discard vp",
        "line vp",
        "power vp",
        "clean vp",
        "skill shield",
        "<i>dream</i>",
    ):
        assert code not in html, code
    assert "kept to the end:" in html and "set aside as a skill:" in html
    board = _board_at("orient")
    assert (
        "choose how your die lies" in board.picture.value and "(orient)" not in board.picture.value
    )


def _notebook():
    cells = json.loads((Path(__file__).parents[2] / "notebooks" / "life.ipynb").read_text())[
        "cells"
    ]
    text = {
        kind: "\n".join("".join(c["source"]) for c in cells if c["cell_type"] == kind)
        for kind in ("markdown", "code")
    }
    return text["markdown"], text["code"]


def test_section_two_says_what_its_reachability_table_shows():
    # item 13: "two moves reach 24: a careful player can steer every die to 6" holds only in `free`
    markdown, code = _notebook()
    assert "two moves reach 24" not in markdown and "steer every die to 6" not in markdown
    assert "A.best_total(k, square)" in code and "corner_best" in code
    assert A.best_total(2, 0).p(24) < 1 and A.best_total(2).p(24) == 1  # what it now prints


def test_the_order_space_headline_is_printed_under_both_star_readings():
    # item 12: space 4's worth depends on covered_star_vp; the notebook prints both
    markdown, code = _notebook()
    assert "covered_star_vp=covered" in code and "for covered in (1, 0)" in code
    assert "worth about +0.6 VP" not in markdown
