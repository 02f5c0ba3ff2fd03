"""「何か」 in Chromium (Voila), played by clicking the PICTURE: archive cards, ghosts and
the attack in the seed's battle order (attacking ghost → target user, which declares
it with what the attacker can expect given the defender's best reply → the defender's
ghost → 物理/精神 with each one's exact P(attacker wins) on screen), through supports
and face-down events to the dice, then the end of the turn; one undo by the keyboard's
``u`` and one choice by a number key. Screenshots go to build/e2e/."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from workbench.share.app import serve_board
from workbench.share.browser import click_and_time, screenshot, status_text, wait_settled

pytestmark = pytest.mark.browser

PIC = ".wb-picture"
ACTIONS = f"{PIC} .wb-target[data-action]"
BUTTONS = "button.wb-action:not([disabled])"


def _click(page: Any, locator: Any) -> None:
    click_and_time(page, locator)
    wait_settled(page, quiet_ms=120)
    assert "\u26a0" not in status_text(page), status_text(page)


def _text(page: Any, css: str) -> str:
    loc = page.locator(css)
    return str(loc.first.inner_text()) if loc.count() else ""


# slow (about 20 s of the default run): the default run keeps picture clicks in Chromium
# (test_detective_picture_e2e.py) and ghost's board and the attack picked in steps without a
# browser (tests/ghost/test_board.py, tests/ui/test_board_choice.py)
@pytest.mark.slow
def test_ghost_a_whole_turn_with_an_attack_picked_in_steps(
    tmp_path: Path, watched_page: Any, build_dir: Path
) -> None:
    page = watched_page.page
    out = build_dir / "e2e"
    with serve_board("ghost", tmp_path, seed=7) as url:
        page.goto(url, timeout=90_000)
        page.wait_for_selector(f"{PIC} .wb-ghost-table .wb-target", timeout=90_000)
        wait_settled(page)
        assert page.locator(BUTTONS).count() == 0  # setup: every choice is a card
        screenshot(page, out, "picture-ghost-setup")
        # setup installs (and any first-turn card uses) by clicking cards, until a ghost may attack
        for _ in range(40):
            if page.locator(f"{PIC} [data-pick^='atk:']").count():
                break
            targets = page.locator(ACTIONS)
            _click(page, targets.first if targets.count() else page.locator(BUTTONS).first)
        attackers = page.locator(f"{PIC} .wb-ghost-card.wb-target[data-pick^='atk:']")
        assert attackers.count() >= 1
        assert page.locator("button.wb-ghost-attack").count() == 0  # no attack button wall
        prompt = _text(page, f"{PIC} .wb-ghost-prompt")
        # step 1: the attacking ghost
        _click(page, attackers.first)
        assert page.locator(f"{PIC} .wb-ghost-chosen").count() == 1
        users = page.locator(f"{PIC} .wb-ghost-user.wb-target[data-action*='battle']")
        assert users.count() >= 1 and "given the defender's best reply" in users.first.inner_text()
        assert users.first.locator(".wb-ghost-expect [title^='exactly ']").count() == 1
        screenshot(page, out, "picture-ghost-attacker")
        # step 2: the target user declares the attack (no stat yet)
        _click(page, users.first)
        assert "attacks User" in _text(page, f"{PIC} .wb-ghost-battle")
        assert "the attacker picks once the defence is known" in _text(
            page, f"{PIC} .wb-ghost-battle"
        )
        # the defender picks its ghost by clicking it (unless it has only one)
        for _ in range(3):
            if page.locator(f"{PIC} .wb-ghost-stat.wb-target").count():
                break
            assert "defends" in _text(page, f"{PIC} .wb-ghost-prompt")
            assert "the attacker would pick" in _text(page, f"{PIC} .wb-ghost-card.wb-target")
            screenshot(page, out, "picture-ghost-defend")
            _click(page, page.locator(ACTIONS).first)
        # step 3: the attacker picks 物理 or 精神 knowing the defending ghost, each with its odds
        stats = page.locator(f"{PIC} .wb-ghost-stat.wb-target")
        assert stats.count() == 2 and "P(attacker wins)" in stats.first.inner_text()
        assert page.locator(f"{PIC} .wb-ghost-stat [title^='exactly ']").count() == 2
        assert "knowing the defending ghost" in _text(page, f"{PIC} .wb-ghost-prompt")
        screenshot(page, out, "picture-ghost-odds")
        _click(page, stats.first)
        assert "P(attacker wins) =" in _text(page, f"{PIC} .wb-ghost-battle")
        # the battle: defence, supports, face-down events by clicking cards; done / pass buttons
        for _ in range(60):  # every other user is asked at each reaction point (issue 24)
            if "Last battle" in _text(page, f"{PIC} .wb-ghost-battle"):
                break
            if "P(attacker wins) =" in _text(page, f"{PIC} .wb-ghost-battle"):
                screenshot(page, out, "picture-ghost-battle-odds")
            targets = page.locator(ACTIONS)
            _click(page, targets.first if targets.count() else page.locator(BUTTONS).first)
        battle = _text(page, f"{PIC} .wb-ghost-battle")
        assert "Last battle" in battle and "wins" in battle
        # both rolls, drawn in the battle panel (the strip may since show downloads: events
        # placed face down without limit can draw cards once the dice are rolled)
        assert page.locator(f"{PIC} .wb-ghost-battle .wb-ghost-die").count() >= 2
        assert "D" in _text(page, f"{PIC} .wb-ghost-battle .wb-ghost-die")
        assert page.locator(f"{PIC} .wb-chance-strip").count() == 1
        log = page.locator(".wb-log").inner_text()
        steps = [int(x.split(".")[0]) for x in log.splitlines() if x.split(".")[0].isdigit()]
        assert steps and steps[0] == max(steps)  # the newest line on top
        assert "user " not in log  # users named as on the board: User N
        screenshot(page, out, "picture-ghost-battle")
        # the end of the turn: the one button without a place (then any trim by cards)
        before = prompt.split(":")[0]
        end = page.locator("button.wb-ghost-end:not([disabled])")
        if end.count():
            _click(page, end.first)
            for _ in range(10):
                if (
                    not page.locator(f"{PIC} .wb-ghost-trim, button.wb-ghost-trim").count()
                    and _text(page, f"{PIC} .wb-ghost-prompt").split(":")[0] != before
                ):
                    break
                if "trash them down" not in _text(page, f"{PIC} .wb-ghost-prompt"):
                    break
                _click(page, page.locator(ACTIONS).first)
        after = _text(page, f"{PIC} .wb-ghost-prompt")
        screenshot(page, out, "picture-ghost-next-turn")
        # the keyboard: u undoes the last click, a number key clicks the n-th highlighted choice
        html = page.locator(PIC).inner_html()
        page.locator(PIC).first.click(position={"x": 2, "y": 2})
        page.keyboard.press("u")
        wait_settled(page)
        assert page.locator(PIC).inner_html() != html
        page.keyboard.press("r")
        wait_settled(page)
        assert _text(page, f"{PIC} .wb-ghost-prompt") == after
        if page.locator(f"{PIC} .wb-target").count():
            html = page.locator(PIC).inner_html()
            page.keyboard.press("1")
            wait_settled(page)
            assert page.locator(PIC).inner_html() != html
        screenshot(page, out, "picture-ghost")
    assert watched_page.errors == [], watched_page.errors
