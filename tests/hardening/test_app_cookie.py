"""Two ``workbench app`` boards in one browser both work (issue 39 item 4): each server's
token cookie carries its port, so the second board's cookie neither replaces the first's
nor opens the first board."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from workbench.share.app import serve_board
from workbench.share.app_server import cookie_name
from workbench.share.browser import chromium_context, click_through, screenshot

pytestmark = pytest.mark.browser


def _port(url: str) -> int:
    return int(url.split("://", 1)[1].split("/", 1)[0].rsplit(":", 1)[1])


def _open(context: Any, url: str) -> Any:
    page = context.new_page()
    page.goto(url, timeout=90_000)
    page.wait_for_selector(".wb-action", timeout=90_000)
    return page


@pytest.mark.slow  # two Voila servers and two kernels: 20-40 s on 2 busy cores
def test_two_boards_in_one_browser_context_both_work(
    tmp_path: Path, chromium: str, build_dir: Path
) -> None:
    with (
        chromium_context(chromium) as browser_context,
        serve_board("life", tmp_path / "a") as url_a,
        serve_board("life", tmp_path / "b") as url_b,
    ):
        port_a, port_b = _port(url_a), _port(url_b)
        a = _open(browser_context, url_a)
        b = _open(browser_context, url_b)  # B's cookie is set after A's
        names = {c["name"] for c in browser_context.cookies()}
        assert {cookie_name(port_a), cookie_name(port_b)} <= names
        assert "wb_app_token" not in names  # no cookie shared by every port of the host
        # board A again without the token in its link: its own cookie opens it
        plain_a = url_a.split("?", 1)[0]
        assert a.goto(plain_a, timeout=90_000).status == 200
        a.wait_for_selector(".wb-action", timeout=90_000)
        # each board is used: clicks change its picture, none refused
        for page in (a, b):
            before = page.locator(".wb-picture").inner_html()
            run = click_through(page, n_actions=3, undo_at=99)
            assert len(run.clicked) == 3 and page.locator(".wb-picture").inner_html() != before
        screenshot(a, build_dir / "e2e", "app-two-boards-a")
        # B's cookie does not open A: a request to A carrying only B's cookie is refused
        cookie = f"{cookie_name(port_b)}={_value(browser_context, port_b)}"
        static = "voila/static/voila.js"  # under each server's own path
        assert _status(url_b.split("?", 1)[0] + static, cookie) == 200
        assert _status(url_a.split("?", 1)[0] + static, cookie) == 403


def _value(context: Any, port: int) -> str:
    return str(next(c["value"] for c in context.cookies() if c["name"] == cookie_name(port)))


def _status(url: str, cookie: str) -> int:
    import urllib.error
    import urllib.request

    try:
        with urllib.request.urlopen(urllib.request.Request(url, headers={"Cookie": cookie})) as r:
            return int(r.status)
    except urllib.error.HTTPError as e:
        return int(e.code)
