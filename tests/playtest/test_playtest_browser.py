"""``workbench playtest`` in Chromium (issue 24's "Done when"): three seats of detective in
three browser contexts, played by clicking; no page holds another seat's card or a hidden
card's name in its log; an out-of-turn click is refused; the server is killed mid-game,
resumed from its file and the game finished from the same position. Hot-seat: the
hand-off screen hides the board between two people."""

from __future__ import annotations

import os
import re
import signal
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

from workbench.engine.play.playtest import Playtest
from workbench.engine.play.session import Session
from workbench.games.detective.labels import event_name
from workbench.games.detective.steps import EventDraw

pytestmark = pytest.mark.browser
SHORT = ["--set", "deaths_to_end=2", "--set", "win_vp=4"]


def _serve(*args: str) -> tuple[subprocess.Popen[str], dict[str, str]]:
    """Start ``workbench playtest``; its process and {who: URL} once printed."""
    proc = subprocess.Popen(
        [sys.executable, "-m", "workbench", "playtest", *args],
        stdout=subprocess.PIPE,
        stderr=subprocess.STDOUT,
        text=True,
        start_new_session=True,
    )
    urls: dict[str, str] = {}
    assert proc.stdout is not None
    for line in proc.stdout:
        m = re.match(r"(Player \d|hot-seat table): (http://\S+)", line)
        if m:
            urls[m.group(1)] = m.group(2)
        if len(urls) == 3 + ("--hot-seat" in args):
            return proc, urls
        if proc.poll() is not None:
            break
    raise AssertionError(f"the server did not print its URLs: {urls}")


def _stop(proc: subprocess.Popen[str], sig: int = signal.SIGTERM) -> None:
    if proc.poll() is None:
        os.killpg(proc.pid, sig)
        proc.wait(timeout=10)


def _has_event(html: str, no: int) -> bool:
    """Does the page's HTML hold event card ``no`` (a chip with ``data-event``)?"""
    return re.search(rf"data-event=[\"']{no}[\"']", html) is not None


def _session(path: Path) -> Session:
    replay, _, _ = Playtest.read(path)
    return Session.from_replay(replay)


def _status(page: Any) -> str:
    return str(page.inner_text("#wb-board .wb-status"))


def _click_something(page: Any) -> None:
    """One click a person could make: a move on the picture or a button, else a hand card."""
    moves = page.locator("#wb-board [data-action]")
    if moves.count():
        moves.first.click()
        return
    page.locator("#wb-board [data-pick]").first.click()


def _check_secrets(pages: list[Any], path: Path) -> None:
    """No page shows a card of another seat's hand or reserve, nor names a card drawn in
    secret by another seat in its log."""
    s = _session(path)
    game, state = s.game, s.state
    names = game.catalogue
    for seat, page in enumerate(pages):
        html = page.inner_html("#wb-board")
        others = [no for i, hand in enumerate(state.hands) if i != seat for no in hand]
        others += [no for i, no in enumerate(state.reserved) if i != seat and no is not None]
        shown = [no for no in others if _has_event(html, no)]
        assert not shown, f"Player {seat + 1}'s page shows other seats' cards {shown}"
        log = page.locator("#wb-board .wb-log div").all_inner_texts()
        for line in log:
            k = int(line.split(".", 1)[0]) - 1
            before, x = s.history[k], s.actions[k]
            top = before.tasks[-1]
            if type(top).__name__ == EventDraw.__name__ and top.seat != seat:
                assert event_name(names, x) not in line, f"Player {seat + 1} reads {line!r}"


def _play(pages: list[Any], path: Path, until: Any, limit: int = 2000) -> None:
    for _ in range(limit):
        if until():
            return
        statuses = [_status(p) for p in pages]
        if any("game over" in x for x in statuses):
            return
        mover = next(p for p, x in zip(pages, statuses) if "your move" in x)
        step, seen = int(mover.evaluate("step")), int(mover.evaluate("messages"))
        _click_something(mover)
        mover.wait_for_function("n => messages > n", arg=seen, timeout=10_000)
        if int(mover.evaluate("step")) != step:
            for page in pages:
                page.wait_for_function("s => step !== s", arg=step, timeout=10_000)
            _check_secrets(pages, path)
    raise AssertionError("the game did not get there by clicking")


def _open(browser: Any, urls: dict[str, str]) -> list[Any]:
    pages = []
    for who in ("Player 1", "Player 2", "Player 3"):
        page = browser.new_context().new_page()  # one context per person: no shared storage
        page.goto(urls[who])
        page.wait_for_selector("#wb-board .wb-status")
        pages.append(page)
    return pages


@pytest.mark.slow  # about 35 s: a whole game of detective by clicking, across a restart
def test_three_seats_play_detective_by_clicking(tmp_path: Path, chromium: str) -> None:
    from playwright.sync_api import sync_playwright

    from workbench.share.browser import CHROMIUM_ARGS

    path = tmp_path / "table.json"
    proc, urls = _serve("detective", "--seats", "3", "--seed", "4", "--out", str(path), *SHORT)
    try:
        with sync_playwright() as pw:
            browser = pw.chromium.launch(executable_path=chromium, args=list(CHROMIUM_ARGS))
            pages = _open(browser, urls)
            _check_secrets(pages, path)
            # a round by clicking: until the first victim (or the game's end)
            _play(pages, path, lambda: _session(path).state.victims)
            _play(
                pages,
                path,
                lambda: (
                    len(_session(path).actions) > len(_session(path).history[0]) + 40
                    or _session(path).state.over
                ),
            )
            # out of turn: a waiting page clicks a move it was never offered
            s = _session(path)
            waiting = next(p for i, p in enumerate(pages) if i != s.to_move)
            waiting.evaluate("""() => { const b = document.createElement('button');
                b.id = 'forged'; b.dataset.action = '"pass"';
                document.getElementById('wb-board').appendChild(b); }""")
            waiting.click("#forged")
            waiting.wait_for_function(
                "() => document.getElementById('wb-message').textContent.length > 0"
            )
            assert "not your turn" in waiting.inner_text("#wb-message")
            assert _session(path).actions == s.actions  # nothing changed
            # the server dies mid-game; resumed from its file, the game goes on from there
            _stop(proc, signal.SIGKILL)
            before = _session(path)
            proc, urls = _serve("--resume", str(path))
            pages = _open(browser, urls)
            for page in pages:
                assert int(page.evaluate("step")) == before.step
            _check_secrets(pages, path)
            _play(pages, path, lambda: _session(path).state.over, limit=4000)
            final = _session(path)
            assert final.actions[: before.step] == before.actions and final.state.over
            assert all("game over" in _status(p) for p in pages)
            browser.close()
    finally:
        _stop(proc)
    decisions = Playtest.read(path)[2]
    assert {d["seat"] for d in decisions} == {0, 1, 2} and all(
        d["player"] == "human" for d in decisions
    )


def test_hot_seat_hands_the_screen_over(
    tmp_path: Path, chromium: str, chromium_endpoint: str
) -> None:
    from workbench.share.browser import chromium_context

    path = tmp_path / "hot.json"
    proc, urls = _serve(
        "detective", "--seats", "3", "--seed", "2", "--out", str(path), "--hot-seat"
    )
    try:
        # a context of its own in the test process's one Chromium (a Chromium started for
        # this test alone cost about 3 CPU s)
        with chromium_context(chromium, endpoint=chromium_endpoint) as context:
            page = context.new_page()
            page.goto(urls["hot-seat table"])
            page.wait_for_function("() => messages > 0")
            seen = []
            for _ in range(8):  # decisions passed between people
                if page.is_visible("#wb-handoff"):
                    text = page.inner_text("#wb-handoff-text")
                    assert re.fullmatch(r"Pass to Player \d — click when ready", text)
                    assert page.inner_html("#wb-board") == ""  # nothing of anybody's hand
                    page.click("#wb-handoff-button")
                    page.wait_for_selector("#wb-board .wb-status")
                state = _session(path).state
                who = (
                    int(re.search(r"Player (\d)", page.inner_text("#wb-board .wb-status")).group(1))
                    - 1
                )
                seen.append(who)
                html = page.inner_html("#wb-board")
                for i, hand in enumerate(state.hands):
                    for no in hand:
                        assert _has_event(html, no) == (i == who), (i, who, no)
                seen_messages = int(page.evaluate("messages"))
                _click_something(page)
                page.wait_for_function("n => messages > n", arg=seen_messages)
            assert len(set(seen)) >= 2  # the screen went round
            assert context.wb_blocked == []
    finally:
        _stop(proc)
