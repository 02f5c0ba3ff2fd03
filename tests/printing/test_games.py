"""Every game's layout prints every card of its sheets: each name as many times as its
``copies`` column says, no text cut to fit, a page count that follows from 9 cards a page."""

from __future__ import annotations

from collections import Counter
from pathlib import Path

import pytest
from pypdf import PdfReader

from tests.printing.helpers import line_counts
from workbench.printing import print_cards
from workbench.printing.source import all_cards, game_layout, game_sheets


@pytest.mark.parametrize("game", ["mugen", "ghost", "detective", "life"])
def test_every_card_of_every_game_prints_and_fits(game: str, tmp_path: Path) -> None:
    layout = game_layout(game)
    entries = all_cards(layout, game_sheets(game, layout))
    wanted: Counter[str] = Counter()
    for entry in entries:
        wanted[str(entry.record[entry.face.title])] += entry.count
    out = tmp_path / f"{game}.pdf"
    result = print_cards(game, out)
    assert result.problems == []
    total = sum(wanted.values())
    assert result.cards == total and result.pages == -(-total // 9)
    reader = PdfReader(out)
    assert len(reader.pages) == result.pages
    drawn = line_counts(reader, range(len(reader.pages)))
    assert {name: drawn[name] for name in wanted} == dict(wanted)


def test_known_totals() -> None:
    """The sheets' own counts, so a layout that drops a sheet cannot pass unnoticed."""
    totals = {}
    for game in ("mugen", "ghost", "detective", "life"):
        layout = game_layout(game)
        totals[game] = (
            sorted(layout.faces),
            sum(e.count for e in all_cards(layout, game_sheets(game, layout))),
        )
    assert totals == {
        "mugen": (["cards"], 37),
        "ghost": (["cards"], 100),
        "detective": (["events", "people"], 100),
        "life": (["album", "dreams"], 93),
    }
