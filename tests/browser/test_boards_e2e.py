"""Every board, served by Voila, clicked through in Chromium: at least 10 legal
actions including an undo; the picture must change on every click and the page
must raise no error. Screenshots and click -> redraw latencies go to build/e2e/."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from workbench.registry import shown_game_names
from workbench.share.app import board_factory, serve_board
from workbench.share.browser import click_through, screenshot

pytestmark = pytest.mark.browser


def _has_board(game: str) -> bool:
    try:
        board_factory(game)
    except (ModuleNotFoundError, LookupError):
        return False
    return True


#: none in the default suite (each is about 10-20 s of its time on 2 cores): a board clicked
#: through in Chromium stays there with the toy board (tests/engine/test_board_browser.py), the
#: detective picture test and mugen's analysis panel (tests/browser/test_analysis_e2e.py); every
#: game's board is clicked without a browser in tests/<game>/test_board.py
DEFAULT_GAMES: tuple[str, ...] = ()


@pytest.mark.parametrize(
    "game",
    [
        pytest.param(g, marks=() if g in DEFAULT_GAMES else pytest.mark.slow)
        for g in shown_game_names()
    ],
)
def test_board_click_through_in_chromium(
    game: str, tmp_path: Path, watched_page, build_dir: Path
) -> None:
    if not _has_board(game):
        pytest.skip(f"{game} has no board yet")
    with serve_board(game, tmp_path, seed=7) as url:
        page = watched_page.page
        page.goto(url, timeout=90_000)
        page.wait_for_selector(".wb-board", timeout=90_000)
        page.wait_for_selector(".wb-action", timeout=30_000)
        first_picture = page.locator(".wb-picture").inner_html()
        run = click_through(page, n_actions=12, undo_at=5)
        over = page.locator(".wb-action:not([disabled])").count() == 0  # a short game ended
        assert len(run.clicked) >= 11 or (over and len(run.clicked) >= 6), (
            f"only {len(run.clicked)} clicks possible: {run.clicked}"
        )
        assert "undo" in run.clicked
        assert page.locator(".wb-picture").inner_html() != first_picture
        out = build_dir / "e2e"
        screenshot(page, out, f"board-{game}")
        summary = run.summary()
        (out / f"latency-{game}.json").write_text(
            json.dumps({"game": game, **summary, "latencies_ms": run.latencies_ms}, indent=1)
        )
        print(
            f"{game}: click->redraw median {summary['median_ms']:.0f} ms, p90 {summary['p90_ms']:.0f} ms"
        )
        assert watched_page.errors == [], watched_page.errors
