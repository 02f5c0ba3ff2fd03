"""The analysis mode shared by every board (issue 13, item 6): the analyse button, its table
of estimates (exactly the legal actions, best first), the exact chance outcomes and choosing
one ("what if"), and that analysing never moves the game's rng nor its state."""

from __future__ import annotations

import json
from fractions import Fraction
from pathlib import Path

import pytest

from workbench.engine.kernel.protocol import CHANCE
from workbench.engine.play.replay import Replay
from workbench.engine.play.session import Session
from workbench.engine.players.analyse import ActionEstimate, OutcomeChance, minimum_per_action
from workbench.games.mugen.board import make_board as mugen_board
from workbench.ui.analysis_panel import analysis_rng, rows_html
from workbench.ui.board import BoardView


def _estimates(b: BoardView) -> list[ActionEstimate]:
    return [r for r in b.analysis.rows if isinstance(r, ActionEstimate)]


def _outcomes(b: BoardView) -> list[OutcomeChance]:
    return [r for r in b.analysis.rows if isinstance(r, OutcomeChance)]


def _board(seed: int = 2) -> BoardView:
    b = mugen_board(seed=seed)
    b.analysis.budget_field.value = "40/20"
    return b


def test_analyse_lists_exactly_the_legal_actions_best_first() -> None:
    b = _board()
    s = b.session
    assert s.to_move == 0
    b.analysis.button.click()
    rows = _estimates(b)
    assert len(rows) == len(b.analysis.rows) and "⚠" not in b.status.value
    assert sorted(map(repr, (r.action for r in rows))) == sorted(
        repr(a.id) for a in s.legal_actions()
    )
    rates = [r.win_rate for r in rows]
    assert rates == sorted(rates, reverse=True) and sum(r.simulations for r in rows) == 40
    minimum = minimum_per_action(40, len(rows))
    assert all(r.simulations >= minimum for r in rows)
    assert rows[0].separable is None and all(r.separable is not None for r in rows[1:])
    for r in rows:
        lo, hi = r.interval
        assert 0 <= lo <= r.win_rate <= hi <= 1
    html = b.analysis.table.value
    assert html.count("<tr class='wb-analysis-row ") == len(rows) and "wb-table" in html
    # the rows appear in the table in the same (best-first) order
    spots = [
        html.index(
            f"data-action='{json.dumps(r.action, ensure_ascii=False)}'".replace('"', "&quot;")
        )
        for r in rows
    ]
    assert spots == sorted(spots)


def test_analysis_moves_neither_the_rng_nor_the_state_and_repeats() -> None:
    b = _board()
    s = b.session
    marks, state, step, log = s.rng_marks, s.state, s.step, list(s.log)
    b.analysis.button.click()
    first = list(b.analysis.rows)
    assert (s.rng_marks, s.state, s.step, s.log) == (marks, state, step, log)
    b.analysis.button.click()
    assert b.analysis.rows == first  # its own rng, seeded from (seed, step)
    fresh = Session(s.game, seed=s.seed)
    assert fresh.rng_marks == s.rng_marks and fresh.state == s.state


def test_a_click_on_a_row_plays_that_action() -> None:
    b = _board()
    s = b.session
    b.analysis.button.click()
    best = _estimates(b)[0].action
    step = s.step
    assert b.analysis.handle_message({"kind": "action", "action": json.dumps(best)})
    assert s.actions[step] == best
    assert b.analysis.table.value == ""  # the table went with the position it analysed
    assert not b.analysis.handle_message({"kind": "action", "action": json.dumps(best)})


def test_chance_outcomes_are_exact_and_choosing_one_is_recorded(tmp_path: Path) -> None:
    b = _board()
    s = b.session
    b.analysis.what_if_button.click()  # back to the deal, the last run of chance so far
    assert s.to_move == CHANCE and s.step == 0
    rows = _outcomes(b)
    assert len(rows) == len(b.analysis.rows)
    dist = s.game.chance_outcomes(s.state)
    assert {r.outcome: Fraction(int(r.probability.p), int(r.probability.q)) for r in rows} == {
        o: Fraction(wt, dist.total) for o, wt in dist.items()
    }
    assert sum(r.probability for r in rows) == 1
    last = rows[-1]
    html = b.analysis.table.value
    pct = f"{100 * float(last.probability):.1f}%"
    assert pct in html and str(last.probability) in html
    marks_before = s.rng_marks
    assert b.analysis.handle_message({"kind": "action", "action": json.dumps(last.outcome)})
    assert s.actions[0] == last.outcome and s.chosen_steps == (0,)
    assert s.log[0].endswith("(chosen)") and "(chosen)" in b.log.value
    assert s.rng_marks[0] == marks_before[0] and s.rng_marks[1] == 0  # the choice drew nothing
    path = s.save(tmp_path / "what-if.json")
    again = Session.from_replay(Replay.load(path), s.game)
    assert again.chosen_steps == (0,) and again.actions == s.actions and again.state == s.state


def test_every_board_has_the_button() -> None:
    from workbench.games.detective.board import make_board as detective
    from workbench.games.ghost.board import make_board as ghost
    from workbench.games.life.board import make_board as life

    makers = [detective, ghost, life, mugen_board]
    try:
        from pig.board import make_board as pig  # examples/pig, installed in the dev environment
    except ImportError:  # pragma: no cover - pig not installed
        pass
    else:
        makers.append(pig)
    for make in makers:
        board = make(seed=1)
        assert board.analysis.widget in board.widget.children
        assert "wb-analyse" in board.analysis.button._dom_classes


def test_a_bad_budget_is_one_line_and_changes_nothing() -> None:
    b = _board()
    b.analysis.budget_field.value = "lots"
    marks = b.session.rng_marks
    b.analysis.button.click()
    assert "⚠" in b.status.value and "lots" in b.status.value
    assert b.analysis.rows == [] and b.session.rng_marks == marks


def test_rows_html_and_rng_are_pure() -> None:
    assert rows_html([]).startswith("<div")
    assert analysis_rng(1, 2).random() == analysis_rng(1, 2).random()
    with pytest.raises(TypeError):
        analysis_rng(1, 2).random(3)  # type: ignore[call-arg]


def test_the_strip_and_the_boards_own_chance_buttons_mark_a_choice() -> None:
    b = _board()
    s = b.session
    s.jump(0)  # the deal, a chance step
    assert s.to_move == CHANCE
    outcome = b.button_ids[-1]  # the board's own button for an outcome
    assert b.click_action(outcome)
    assert s.chosen_steps == (0,) and s.log[0].endswith("(chosen)")
    b.refresh()
    s.jump(1)  # the strip shows the last run of chance: here the chosen draw
    assert "wb-chosen" in b.picture.value and "(chosen)" in b.picture.value
    s.jump(s.total_steps)  # the whole deal: the chosen draw, then the rolled ones, unmarked
    assert b.picture.value.count("(chosen)") == 1 and s.chosen_steps == (0,)
    assert len(s.chance_flags) > 2 and all(s.chance_flags)
