"""The notebook's tuner panel: progress counts the trials, the chart circles the
proposals, a proposal opens in the what-if grid with its edits made."""

from __future__ import annotations

from workbench.engine.measure.tune import parse_cell, parse_goal
from workbench.ui.tuner import TunerPanel, proposal_lines


def test_the_panel_tunes_draws_and_opens_a_proposal(game, tmp_path) -> None:
    panel = TunerPanel(
        "lowcard",
        [parse_goal("no single winner=0.28..0.32")],
        [parse_cell("cards:four:points=0..4")],
        players="low:9,low:9",
        games=16,
        trials=3,
        seed=2,
        keep=1,
        journal=tmp_path / "w.journal",
    )
    result = panel.run()
    assert panel.progress.value == 3 and panel.stop_button.disabled
    assert panel.status.value.startswith("done: 3 trials")
    chart = panel.chart_of().to_dict()
    circled = [r for r in chart["datasets"][next(iter(chart["datasets"]))] if r["proposal"]]
    assert [r["trial"] for r in circled] == [p.trial for p in result.proposals]
    lines = proposal_lines(result)
    assert lines[-1] == result.sentence() and lines[0].startswith("proposal 1: ")
    button = panel.proposals.children[1]
    assert button.description == "open proposal 1 in the what-if grid"
    editor = panel.open(result.proposals[0])
    grid = editor.children[0]
    (p,) = result.proposals
    assert grid.variant.edits == p.variant.edits
    if p.changes:
        (name, (_, to)) = next(iter(p.changes.items()))
        assert grid.variant.tables()["cards"].cell("four", "points") == str(to)
