"""The tour notebook is committed clean and keeps the heading the deck part fills.

(nbmake executes it; this only checks its committed shape.)"""

from __future__ import annotations

import json
from pathlib import Path

TOUR = Path(__file__).resolve().parents[2] / "notebooks" / "00_tour.ipynb"


def test_tour_has_no_outputs_and_offline_charts():
    nb = json.loads(TOUR.read_text(encoding="utf-8"))
    code = [c for c in nb["cells"] if c["cell_type"] == "code"]
    assert all(not c.get("outputs") and c.get("execution_count") is None for c in code)
    source = "\n".join("".join(c["source"]) for c in code)
    assert "enable_offline()" in source or 'renderers.enable("svg")' in source
    assert "http" not in source


def test_tour_keeps_the_deck_odds_heading():
    nb = json.loads(TOUR.read_text(encoding="utf-8"))
    firsts = [
        "".join(c["source"]).splitlines()[0]
        for c in nb["cells"]
        if c["cell_type"] == "markdown" and c["source"]
    ]
    assert "## Deck odds" in firsts
    dice_part = firsts[: firsts.index("## Deck odds")]
    assert any("expectation table" in line for line in dice_part)
