"""The base board in a real browser: Voila serves a DiceRace board, Chromium clicks it.

Checks the CSS classes reach the DOM, clicks (actions, undo, an illegal stale
click is impossible here: only shown buttons exist) change the picture, and
records the click -> redraw latency (median well under 100 ms expected; the
assertion is loose, the number is printed and written to build/e2e/)."""

from __future__ import annotations

import json
import os
import signal
import subprocess
from pathlib import Path
from typing import Any

import pytest

pytestmark = pytest.mark.browser

NOTEBOOK_SOURCE = """\
from workbench.engine import Session, greedy_player, random_player
from workbench.engine.conformance.toy import DiceRace
from workbench.ui.board import BoardView

def svg(game, state, viewer=None, picks=()):  # the one render shape (GameSpec.render)
    dots = "".join(f"<circle cx='{10 + 12 * p}' cy='{12 + 22 * i}' r='6' fill='#4c78a8'/>"
                   for i, p in enumerate(state.positions))
    return f"<svg width='200' height='60'>{dots}</svg><p>hands {state.hands}</p>"

board = BoardView(Session(DiceRace(), seed=7), svg, bots={"random": random_player, "greedy": greedy_player()})
board
"""


def _notebook(folder: Path) -> Path:
    nb = {
        "cells": [
            {
                "cell_type": "code",
                "execution_count": None,
                "id": "board",
                "metadata": {},
                "outputs": [],
                "source": NOTEBOOK_SOURCE,
            }
        ],
        "metadata": {
            "kernelspec": {"display_name": "Python 3", "language": "python", "name": "python3"}
        },
        "nbformat": 4,
        "nbformat_minor": 5,
    }
    folder.mkdir(parents=True, exist_ok=True)
    path = folder / "toy_board.ipynb"
    path.write_text(json.dumps(nb), encoding="utf-8")
    return path


# slow (about 30 s of the default run's test time): a board clicked in Chromium stays in the
# default run through tests/browser/test_detective_picture_e2e.py, the toy board's moves
# through the board tests without a browser
@pytest.mark.slow
def test_toy_board_in_chromium(tmp_path: Path, chromium: str, build_dir: Path) -> None:
    from workbench.share.app import free_port, start_voila
    from workbench.share.browser import chromium_context, click_and_time, wait_for_http

    port = free_port()
    proc: subprocess.Popen[bytes] = start_voila(
        _notebook(tmp_path / "app"), port, tmp_path / "jupyter"
    )
    try:
        wait_for_http(f"http://127.0.0.1:{port}/voila/static/voila.js", timeout=90, proc=proc)
        with chromium_context(chromium) as context:
            page = context.new_page()
            errors: list[str] = []
            page.on("pageerror", lambda exc: errors.append(str(exc)))
            _click_through(page, f"http://127.0.0.1:{port}/", click_and_time, build_dir)
            assert errors == []
    finally:
        os.killpg(proc.pid, signal.SIGTERM)
        proc.wait(timeout=20)


def _click_through(page: Any, url: str, click_and_time: Any, build_dir: Path) -> None:
    page.goto(url, timeout=90_000)
    page.wait_for_selector(".wb-board .wb-action", timeout=90_000)
    for css in (
        "wb-picture",
        "wb-undo",
        "wb-redo",
        "wb-reset",
        "wb-new-game",
        "wb-seed",
        "wb-bot-move",
        "wb-play-to-end",
        "wb-step",
        "wb-log",
        "wb-status",
        "wb-action-0",
    ):
        assert page.locator(f".{css}").count() >= 1, css
    assert "Player 1 to move" in page.locator(".wb-status").inner_text()
    from workbench.share.browser import wait_settled

    latencies = []
    for _ in range(8):
        latencies.append(click_and_time(page, page.locator(".wb-action").first))
        wait_settled(page)
    latencies.append(click_and_time(page, page.locator(".wb-undo")))
    wait_settled(page)
    latencies.append(click_and_time(page, page.locator(".wb-play-to-end")))
    page.wait_for_function(
        "() => document.querySelector('.wb-status').innerText.includes('game over')", timeout=20_000
    )
    latencies.sort()
    median = latencies[len(latencies) // 2]
    out = build_dir / "e2e"
    out.mkdir(parents=True, exist_ok=True)
    (out / "latency-toy-board.json").write_text(json.dumps({"median_ms": median, "all": latencies}))
    print(f"toy board: click->redraw median {median:.0f} ms")
    assert median < 1000
