"""The detective board in Chromium (Voila), played by clicking the PICTURE: a hand card,
then the notebook (investigate), hand cards to pay, a hand card then the discard pile
(a break), a person on the line (clear) — the ``.wb-picture .wb-target`` elements; a
real button only for "pass". Two whole turns and one undo by the keyboard's ``u``;
screenshots go to build/e2e/."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from workbench.share.app import serve_board
from workbench.share.browser import click_and_time, screenshot, status_text, wait_settled

pytestmark = pytest.mark.browser

PIC = ".wb-picture"


def _status(page: Any) -> str:
    return str(page.locator(f"{PIC} .wb-det-status").first.inner_text())


def _click(page: Any, css: str) -> None:
    click_and_time(page, page.locator(f"{PIC} {css}").first)
    wait_settled(page, quiet_ms=120)
    assert "\u26a0" not in status_text(page), status_text(page)


def _until_main(page: Any, who: str, clicks: int = 30) -> int:
    """Click the first target that is an action (discards, burns) until ``who``'s main phase."""
    n = 0
    while not ("main phase" in _status(page) and f"to move: {who}" in _status(page)):
        assert n < clicks, _status(page)
        targets = page.locator(f"{PIC} .wb-target[data-action]")
        if targets.count():
            _click(page, ".wb-target[data-action]")
        else:
            click_and_time(page, page.locator("button.wb-action:not([disabled])").first)
            wait_settled(page, quiet_ms=120)
        n += 1
    return n


def test_detective_two_turns_by_clicking_the_picture(
    tmp_path: Path, watched_page: Any, build_dir: Path
) -> None:
    page = watched_page.page
    out = build_dir / "e2e"
    with serve_board("detective", tmp_path, seed=3) as url:  # Player 1 can pay #9 with 4 discards
        page.goto(url, timeout=90_000)
        page.wait_for_selector(f"{PIC} .wb-det-board", timeout=90_000)
        wait_settled(page)
        _until_main(page, "Player 1")
        assert "wb-chance-strip" in page.locator(PIC).inner_html()  # the last cards drawn
        assert page.locator(f"{PIC} .wb-det-hand .wb-target[data-pick]").count() >= 4
        screenshot(page, out, "picture-detective-start")
        # turn 1: pick a playable card, investigate it in the notebook, pay by clicking the hand
        _click(page, ".wb-det-hand .wb-det-playable.wb-target")
        assert page.locator(f"{PIC} .wb-det-picked").count() == 1
        slot = page.locator(f"{PIC} .wb-det-notebook .wb-det-slot.wb-target")
        assert "investigate" in slot.first.inner_text()
        screenshot(page, out, "picture-detective-picked")
        _click(page, ".wb-det-notebook .wb-det-slot.wb-target")
        assert "discard to pay for" in _status(page)
        paying = page.locator(f"{PIC} .wb-det-hand .wb-det-paying").inner_text()
        assert "paying for #" in paying and "discard 4 more" in paying
        screenshot(page, out, "picture-detective-pay")
        for _ in range(4):
            _click(page, ".wb-det-hand .wb-target[data-action]")
        assert page.locator(f"{PIC} .wb-det-notebook[data-seat='0'] .wb-det-event").count() == 1
        log = page.locator(".wb-log").inner_text()
        assert "Player 1" in log and "seat 0" not in log
        # turn 2: a break — pick a hand card, click the discard pile — then clear from the line
        _until_main(page, "Player 2")
        _click(page, ".wb-det-hand .wb-target[data-pick]")
        _click(page, ".wb-det-hand .wb-det-discard-pile.wb-target")
        for _ in range(5):
            if "suspect / clear / pass" in _status(page):
                break
            click_and_time(page, page.locator(".wb-bot-move").first)  # the refill's draws
            wait_settled(page, quiet_ms=120)
        assert "suspect / clear / pass" in _status(page)
        outside = page.locator(f"{PIC} .wb-det-outside .wb-det-card")
        cards = outside.count()
        assert page.locator(f"{PIC} .wb-det-line .wb-target").count() >= 1
        screenshot(page, out, "picture-detective-clear")
        _click(page, ".wb-det-line .wb-target")
        assert outside.count() == cards + 1  # the person went outside (the line may refill)
        assert "clear" in page.locator(".wb-log").inner_text()
        before = page.locator(PIC).inner_html()
        page.locator(PIC).first.click(position={"x": 2, "y": 2})  # focus, an inert spot
        page.keyboard.press("u")
        wait_settled(page)
        assert page.locator(PIC).inner_html() != before
        assert outside.count() == cards
        screenshot(page, out, "picture-detective")
    assert watched_page.errors == [], watched_page.errors
