"""No typed result figures in the notebooks' prose (issue 25 item 10's rule, every notebook).

The "Under skilled play" paragraphs of ghost, detective and life (and mugen's, tested in
tests/mugen/test_opening_hands_and_log_words.py) and the other paragraphs that typed a simulated or exact result
say it in words; the figures are printed by code cells from the results
(:mod:`workbench.engine.measure.skilled_sentences`).
"""

from __future__ import annotations

import json
from pathlib import Path

import polars as pl
import pytest

from workbench.engine.measure.skilled_results import load_results
from workbench.engine.measure.skilled_sentences import (
    ladder_sentence,
    match_sentences,
    pct,
    typed_figures,
)

NOTEBOOKS = Path(__file__).parents[2] / "notebooks"
SKILLED_HEADS = (
    "### The same questions, greedy against search",
    "### The skill ladder",
    "### Head-to-head matches",
    "### Game-quality metrics",
)
# constants of the players that may stay: the greedy ghost user attacks when P(win) ≥ 0.5
PLAYER_CONSTANTS = {"ghost": {"0.5"}}
# other paragraphs that typed a result (the opening words of each); the value: figures quoted
# from the seed that may stay
OTHER_PARAGRAPHS: dict[str, dict[str, set[str]]] = {
    "life": {
        "Reading the tables": set(),
        "The lines above compare each variant": set(),
        "Under version 2 new cards were thrown away": set(),
    },
    "detective": {"## 2. The author's 25 %": {"25 %"}, "Greedy players play the highest-VP": set()},
    "02_your_own_game": {"The line above prints the threshold": set()},
}


def _cells(name: str) -> list[dict]:
    return json.loads((NOTEBOOKS / f"{name}.ipynb").read_text(encoding="utf-8"))["cells"]


def _markdown(name: str) -> list[str]:
    return ["".join(c["source"]) for c in _cells(name) if c["cell_type"] == "markdown"]


def _code(name: str) -> str:
    return "\n".join("".join(c["source"]) for c in _cells(name) if c["cell_type"] == "code")


@pytest.mark.parametrize("game", ["ghost", "detective", "life"])
def test_the_skilled_play_paragraphs_carry_no_typed_figure(game: str) -> None:
    texts = _markdown(game)
    chosen = [
        t for t in texts if t.startswith(SKILLED_HEADS) or "Under skilled play" in t.split("\n")[0]
    ]
    assert len(chosen) == len(SKILLED_HEADS) + 1, [t[:40] for t in chosen]
    for text in chosen:
        assert set(typed_figures(text)) <= PLAYER_CONSTANTS.get(game, set()), (
            game,
            text[:60],
            typed_figures(text),
        )
    code = _code(game)
    for call in (
        "ladder_sentence(skilled.ladder.frame",
        "match_sentences(skilled.matches",
        "metrics_sentence(skilled.metrics",
        "seat_sentence(skilled.answers",
    ):
        assert call in code, (game, call)


@pytest.mark.parametrize("name", sorted(OTHER_PARAGRAPHS))
def test_the_other_result_paragraphs_say_their_figures_in_words(name: str) -> None:
    texts = _markdown(name)
    for opening, quoted in OTHER_PARAGRAPHS[name].items():
        [text] = [t for t in texts if t.startswith(opening)]
        assert set(typed_figures(text)) <= quoted, (name, opening, typed_figures(text))
    prose = "".join(_markdown("detective") + _markdown("02_your_own_game") + _markdown("life"))
    assert not any(typed in prose for typed in ("9/40", "8.14", "1/8 of round-1", "about a\nthird"))


@pytest.mark.parametrize("game", ["ghost", "detective", "life", "mugen"])
def test_the_printed_sentences_carry_the_results_figures(game: str) -> None:
    results = load_results(game)
    assert results.ladder is not None and results.matches is not None
    frame = results.ladder.frame
    sentence = ladder_sentence(frame, results.luck())
    for row in frame.filter(pl.col("opponent") == "random").iter_rows(named=True):
        if row["player"] != "random":
            said = (
                f"beats random ({pct(row['win_rate'])} ["
                if row["low"] > row["fair_share"]
                else f"loses to random ({pct(row['win_rate'])} ["
                if row["high"] < row["fair_share"]
                else f"against random: too few games to say ({pct(row['win_rate'])} ["
            )
            assert f"{row['player']} {said}" in sentence, (
                row,
                sentence,
            )
    lines = match_sentences(results.matches, frame)
    assert len(lines) == results.matches["line_up"].n_unique()
    for line, line_up in zip(
        lines, results.matches["line_up"].unique(maintain_order=True), strict=True
    ):
        focus = line_up.split(",")[0]
        first = results.matches.filter(
            (pl.col("line_up") == line_up) & (pl.col("player") == focus)
        ).row(0, named=True)
        assert line.startswith(first["player"]) and f"wins {pct(first['win_rate'])}" in line
