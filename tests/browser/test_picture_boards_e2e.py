"""Life and むげんの宙へ in Chromium (Voila), played by clicking the PICTURE: cards,
squares, dice, the deck — the ``.wb-picture .wb-target`` elements, never a hidden
button; a real button only for a choice without a place (end the turn, do not tip).
A whole turn each, one undo by the keyboard's ``u``; screenshots go to build/e2e/."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from workbench.share.app import serve_board
from workbench.share.browser import click_and_time, screenshot, status_text, wait_settled

pytestmark = pytest.mark.browser

TARGETS = ".wb-picture .wb-target"
BUTTONS = "button.wb-action:not([disabled])"


def _header(page: Any, css: str) -> str:
    return str(page.locator(css).first.inner_text())


def _play(
    page: Any, clicks: int, done: Any, shots: dict[str, Path] | None = None
) -> tuple[int, int]:
    """Click the first picture target (else the one real button) until ``done(page)``;
    returns (picture clicks, button clicks). ``shots`` maps a CSS selector to a
    screenshot path taken the first time the picture shows it."""
    pictured = buttons = 0
    shots = dict(shots or {})
    for _ in range(clicks):
        for css in [c for c in shots if page.locator(f".wb-picture {c}").count()]:
            screenshot(page, shots[css].parent, shots.pop(css).name)
        if done(page):
            break
        targets = page.locator(TARGETS)
        if targets.count():
            click_and_time(page, targets.first)
            pictured += 1
        else:
            click_and_time(page, page.locator(BUTTONS).first)
            buttons += 1
        wait_settled(page, quiet_ms=120)
        assert "\u26a0" not in status_text(page), status_text(page)
    return pictured, buttons


def _open(page: Any, url: str, picture: str) -> None:
    page.goto(url, timeout=90_000)
    page.wait_for_selector(f".wb-picture {picture}", timeout=90_000)
    wait_settled(page)


# slow (about 13 s of the default run): picture clicks in Chromium stay in the default run with
# test_detective_picture_e2e.py, life's picture targets without a browser in tests/ui/test_picture.py
# and tests/life/test_board.py
@pytest.mark.slow
def test_life_a_whole_round_by_clicking_the_picture(
    tmp_path: Path, watched_page: Any, build_dir: Path
) -> None:
    page = watched_page.page
    with serve_board("life", tmp_path, seed=7) as url:
        _open(page, url, ".wb-target")
        assert page.locator(".wb-picture .wb-life-coord").count() == 8  # a–d, 1–4
        screenshot(page, build_dir / "e2e", "picture-life-start")
        # the dream draft, the character card, the dice orientations ... to the first turn's take
        shots = {".wb-life-orient": build_dir / "e2e" / "picture-life-orient"}
        pictured, _ = _play(
            page,
            40,
            lambda p: "take a card from the common area" in _header(p, ".wb-life-header"),
            shots,
        )
        assert (build_dir / "e2e" / "picture-life-orient.png").exists()  # orientations were dice
        assert (
            "take a card from the common area" in _header(page, ".wb-life-header") and pictured >= 5
        )
        screenshot(page, build_dir / "e2e", "picture-life-take")
        page.locator(".wb-picture .wb-life-common .wb-target").first.click()  # take a card ...
        wait_settled(page)
        if page.locator(".wb-picture rect.wb-target").count():
            screenshot(page, build_dir / "e2e", "picture-life-place")
            page.locator(".wb-picture rect.wb-target").first.click()  # ... and place it
            wait_settled(page)
        log = page.locator(".wb-log").inner_text()
        assert "take" in log.splitlines()[0] or "take" in log  # the newest move on top
        before = page.locator(".wb-picture").inner_html()
        page.locator(".wb-picture").first.click(position={"x": 2, "y": 2})  # focus, inert spot
        page.keyboard.press("u")
        wait_settled(page)
        assert page.locator(".wb-picture").inner_html() != before
        screenshot(page, build_dir / "e2e", "picture-life")
    assert watched_page.errors == [], watched_page.errors


# slow (about 10 s of the default run): picture clicks in Chromium stay in the default run with
# test_detective_picture_e2e.py, mugen's board in Chromium with test_analysis_e2e.py, its picture
# without a browser in tests/mugen/test_board.py
@pytest.mark.slow
def test_mugen_a_whole_turn_each_by_clicking_the_picture(
    tmp_path: Path, watched_page: Any, build_dir: Path
) -> None:
    page = watched_page.page
    with serve_board("mugen", tmp_path, seed=4) as url:  # 6 skills played in two turns
        _open(page, url, ".wb-mugen")
        assert "wb-chance-strip" in page.locator(".wb-picture").inner_html()  # the last draw
        screenshot(page, build_dir / "e2e", "picture-mugen-start")
        hp = page.locator(".wb-picture .wb-mugen-side-1 .wb-mugen-hp").inner_text()
        pictured, buttons = _play(page, 30, lambda p: "turn 3" in _header(p, ".wb-mugen-prompt"))
        assert pictured >= 4 and buttons >= 2, (pictured, buttons)  # skills clicked, turns ended
        assert "turn 3" in _header(page, ".wb-mugen-prompt")
        assert (
            page.locator(".wb-picture .wb-mugen-side-1 .wb-mugen-hp").inner_text() != hp or pictured
        )
        page.locator(".wb-picture").first.click(position={"x": 2, "y": 2})
        page.keyboard.press("1")  # the first highlighted skill, by number
        wait_settled(page)
        screenshot(page, build_dir / "e2e", "picture-mugen")
    assert watched_page.errors == [], watched_page.errors
