"""Issue 25 (seed fidelity, round three), mugen item 8: hands at the first main phase, and
the log and the board saying what happened in words."""

from __future__ import annotations

import json
import re
from pathlib import Path

import polars as pl

from workbench.engine.kernel.protocol import CHANCE, TERMINAL
from workbench.engine.play.session import Session
from workbench.engine.players import random_player
from workbench.engine.runs.playout import playout
from workbench.games.mugen import analysis
from workbench.games.mugen.board import make_board
from workbench.games.mugen.cards import CARDS_CSV
from workbench.games.mugen.decks import SAMPLE_DECKS
from workbench.games.mugen.players import greedy_player
from workbench.games.mugen.pool import SEED_POOL_CSV, pool_note, pool_table
from workbench.games.mugen.rules import make_game
from workbench.games.mugen.scenario import position

from .helpers import asked, play


def test_first_player_holds_four_and_second_five_at_their_first_main_phase():
    # 先行は3枚、後攻は4枚ドローします + (4) 最後に、デッキから1枚ドローします
    for first in (0, 1):
        g, seen = asked(make_game(first_player=first)), {}  # each "end" named
        s = g.initial_state()
        while len(seen) < 2:
            if g.current_player(s) == CHANCE:
                s = g.apply(s, g.chance_outcomes(s).outcomes()[0])
            else:
                seen.setdefault(s.active, len(s.hands[s.active]))
                s = g.apply(s, "end")
        assert seen == {first: 4, 1 - first: 5}


def test_the_log_gives_the_damage_dealt_not_the_printed_number():
    g = make_game()  # seat 0 is ソラ: attack +1; seat 1 has 見張り set: defence +2
    s = position(g, hands=(["G02", "G09"], []), set_zones=([], [("G16", 0, 2)]), mp=(3, 1))
    labels = {a.id: a.label for a in g.legal_actions(s)}
    assert labels["use", "G02", 0].endswith(": 2 damage (3 +1 attack -2 defence): P2 HP 30 → 28")
    assert "damage 3" not in labels["use", "G02", 0]
    after = play(g, s, ("use", "G02", 0), "no_revenge")
    assert s.hp[1] - after.hp[1] == 2  # what the label said was dealt
    s = position(g, hands=(["G01"], []), hp=(30, 2), mp=(1, 1))
    said = g.action_label(s, ("use", "G01", 0))
    assert said.endswith("3 damage (2 +1 attack): P2 HP 2 → 0, P2 falls to 0 HP — P1 wins"), said


def test_game_over_says_how_it_ended_in_words():
    board = make_board(seed=5)
    session: Session = board.session
    session.play_to_end(random_player)
    assert session.to_move == TERMINAL
    text = board.status_text()
    assert re.search(
        r"Player [12] \S+ wins — Player [12] \S+'s (HP fell to 0|deck was empty)|nobody wins", text
    )
    assert "-1" not in text and "winner" not in text, text


def test_a_seed_sized_prototype_pool_the_deck_questions_can_be_asked_of():
    # item 9: 「上の2枚の画像をそれぞれA4で、各4枚(計8枚)印刷すると一人分のデッキ＋α分」
    pool, sheet = pl.read_csv(SEED_POOL_CSV), pl.read_csv(CARDS_CSV)
    assert pool.height == 2 * 9 and pool["prototype"].all()  # marked prototype
    assert set(pool.rows()) <= set(sheet.rows())  # the sheet's own rows
    table = pool_table()
    assert table["designs"].to_list() == [18, sheet.height, 18] and table["printed"][0] == 72
    legal = analysis.deck_legality(cards_path=SEED_POOL_CSV)
    by = {r["deck"]: r for r in legal.iter_rows(named=True)}
    assert by["sora"]["legal"] and not by["mirai"]["legal"] and by["mirai"]["broken"] == "pool"
    g = make_game(cards_path=str(SEED_POOL_CSV), decks=(SAMPLE_DECKS["sora"],) * 2)
    assert g.is_terminal(playout(g, greedy_player, seed=1).final)
    note = pool_note()
    assert "72 cards, 18 designs" in note and f"{sheet.height} designs" in note


def test_notebook_figures_of_the_skilled_results_are_printed_not_typed():
    # item 10: the ladder text said 78–98% where the results say 77.5–95%
    cells = json.loads((Path(__file__).parents[2] / "notebooks" / "mugen.ipynb").read_text())[
        "cells"
    ]
    heads = (
        "### The skill ladder",
        "### Head-to-head matches",
        "### The same questions, greedy",
        "### Game-quality metrics",
    )
    texts = ["".join(c["source"]) for c in cells if c["cell_type"] == "markdown"]
    chosen = [t for t in texts if t.startswith(heads)]
    assert len(chosen) == len(heads)
    for text in chosen:
        assert not re.search(r"\d+(\.\d+)?\s?%|[+−-]0\.\d\d", text), text[:60]
    code = "\n".join("".join(c["source"]) for c in cells if c["cell_type"] == "code")
    assert "ladder_sentence(skilled.ladder.frame" in code and "skilled.answers.filter(" in code
