"""The analysis mode in Chromium (Voila) on むげんの宙へ's board: 'analyse' shows the seat to
move's estimates, a click on the best row plays it; 'what if…' goes back to the last chance
step and a click on an outcome chooses it, which the log and the last-chance strip mark
'(chosen)'. Screenshots go to build/e2e/analysis-mugen-*.png."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from workbench.share.app import serve_board
from workbench.share.browser import screenshot, status_text, wait_settled

pytestmark = pytest.mark.browser

ROWS = ".wb-analysis tr.wb-analysis-row"


def test_mugen_analyse_then_choose_a_chance_outcome(
    tmp_path: Path, watched_page: Any, build_dir: Path
) -> None:
    page = watched_page.page
    with serve_board("mugen", tmp_path, seed=4) as url:
        page.goto(url, timeout=90_000)
        page.wait_for_selector(".wb-picture .wb-mugen", timeout=90_000)
        wait_settled(page)
        page.locator(".wb-analysis-budget input").fill("40/20")
        page.locator(".wb-analysis-budget input").press("Enter")
        page.locator("button.wb-analyse").click()
        page.wait_for_selector(ROWS, timeout=15_000)
        table = page.locator(".wb-analysis").inner_text()
        assert "win rate" in table and "simulations" in table, table
        ids = "els => [...new Set(els.map(e => e.dataset.action).filter(a => a !== undefined))]"
        rows = set(page.locator(ROWS).evaluate_all(ids))
        placed = set(page.locator(".wb-picture .wb-target").evaluate_all(ids))
        buttons = page.locator("button.wb-action:not([disabled])").count()
        # exactly the legal actions: those the picture places and those left as buttons
        assert placed <= rows and len(rows) == len(placed) + buttons == page.locator(ROWS).count()
        screenshot(page, build_dir / "e2e", "analysis-mugen-estimates")
        before = page.locator(".wb-log").inner_text()
        page.locator(ROWS).first.click()  # play the best estimate
        wait_settled(page)
        assert page.locator(".wb-log").inner_text() != before
        assert page.locator(ROWS).count() == 0  # the estimates went with their position
        page.locator("button.wb-what-if").click()
        page.wait_for_selector(ROWS, timeout=15_000)
        assert "chance" in status_text(page) and "%" in page.locator(".wb-analysis").inner_text()
        screenshot(page, build_dir / "e2e", "analysis-mugen-chance")
        page.locator(ROWS).last.click()  # the least likely outcome (ties: the last listed)
        wait_settled(page)
        assert "(chosen)" in page.locator(".wb-log").inner_text()
        assert page.locator(".wb-picture .wb-chance-strip .wb-chosen").count() == 1  # the strip too
        assert "\u26a0" not in status_text(page), status_text(page)
        screenshot(page, build_dir / "e2e", "analysis-mugen-chosen")
    assert watched_page.errors == [], watched_page.errors
