"""A board's token cookie goes to its own server only (issue 39 item 4).

A browser keeps cookies per host and path, not per port: a cookie for ``/`` on
127.0.0.1 is sent to every server on 127.0.0.1. Each ``workbench app`` server lives
under a random path of its own and sets its cookie for that path: two servers in one
browser each get their own cookie back and open without the token in the link, and a
third server on 127.0.0.1 (here a tiny one that records the ``Cookie`` header of every
request) receives neither — while a cookie set for ``/`` does reach it, so the recorder
would see a host-wide token cookie."""

from __future__ import annotations

import json
import threading
import urllib.error
import urllib.request
from collections.abc import Iterator
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path
from typing import Any

import pytest

from workbench.share.app import (
    free_port,
    new_base_url,
    new_token,
    ready_url,
    start_voila,
    stop_voila,
)
from workbench.share.app_server import cookie_name
from workbench.share.browser import wait_for_http

pytestmark = pytest.mark.browser


class _Recorder(BaseHTTPRequestHandler):
    seen: list[tuple[str, str]] = []

    def do_GET(self) -> None:  # noqa: N802 (http.server's name)
        self.seen.append((self.path, self.headers.get("Cookie", "")))
        self.send_response(200)
        self.send_header("Content-Type", "text/plain")
        self.end_headers()
        self.wfile.write(b"recorded\n")

    def log_message(self, *args: Any) -> None:
        pass


@pytest.fixture()
def recorder() -> Iterator[tuple[int, list[tuple[str, str]]]]:
    """A third server on 127.0.0.1: its port and the (path, Cookie header) of each request."""
    seen: list[tuple[str, str]] = []
    handler = type("Recorder", (_Recorder,), {"seen": seen})
    server = ThreadingHTTPServer(("127.0.0.1", 0), handler)
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    try:
        yield server.server_address[1], seen
    finally:
        server.shutdown()
        server.server_close()


def _tiny_notebook(folder: Path) -> Path:
    folder.mkdir(parents=True, exist_ok=True)
    nb = folder / "tiny.ipynb"
    kernel = {"name": "python3", "display_name": "Python 3", "language": "python"}
    nb.write_text(
        json.dumps(
            {"cells": [], "metadata": {"kernelspec": kernel}, "nbformat": 4, "nbformat_minor": 5}
        )
    )
    return nb


@pytest.fixture()
def two_servers(tmp_path: Path) -> Iterator[list[tuple[int, str, str]]]:
    """Two guarded app servers (no kernel is started: only their static files are asked
    for), each under its own random path: (port, token, base path) of each."""
    nb = _tiny_notebook(tmp_path / "nb")
    servers = [(free_port(), new_token(), new_base_url(name)) for name in ("life", "mugen")]
    procs = [
        start_voila(nb, port, tmp_path / f"jupyter{i}", token=token, max_kernels=1, base_url=base)
        for i, (port, token, base) in enumerate(servers)
    ]
    try:
        for proc, (port, token, base) in zip(procs, servers, strict=True):
            wait_for_http(ready_url(port, token, base_url=base), timeout=120, proc=proc)
        yield servers
    finally:
        for proc in procs:
            stop_voila(proc, timeout=30)


def _status(url: str, cookie: str = "") -> int:
    request = urllib.request.Request(url, headers={"Cookie": cookie} if cookie else {})
    try:
        with urllib.request.urlopen(request, timeout=60) as r:
            return int(r.status)
    except urllib.error.HTTPError as e:
        return int(e.code)


@pytest.mark.slow  # two Voila servers and Chromium: about 15 CPU s, 50 s wall at load 15
def test_each_board_cookie_goes_to_its_own_server_only(
    two_servers: list[tuple[int, str, str]], recorder: Any, browser_context: Any
) -> None:
    (port_a, token_a, base_a), (port_b, token_b, base_b) = two_servers
    assert base_a != base_b and base_a.startswith("/life-") and base_b.startswith("/mugen-")
    page = browser_context.new_page()
    for port, token, base in two_servers:  # each opened once with its token: the cookie is set
        assert page.goto(ready_url(port, token, base_url=base)).status == 200
    cookies = {c["name"]: c for c in browser_context.cookies()}
    assert (cookies[cookie_name(port_a)]["path"], cookies[cookie_name(port_b)]["path"]) == (
        base_a,
        base_b,
    )
    assert cookies[cookie_name(port_a)]["value"] == token_a
    # both keep working without the token in the link: the browser sends each its cookie
    for port, _token, base in two_servers:
        assert page.goto(ready_url(port, base_url=base)).status == 200
    # a third server on the host gets neither cookie, though a host-wide one reaches it
    rec_port, seen = recorder
    browser_context.add_cookies(
        [{"name": "probe", "value": "host-wide", "url": f"http://127.0.0.1:{rec_port}/"}]
    )
    for path in ("/", "/voila/static/voila.js", "/api/kernels"):
        assert page.goto(f"http://127.0.0.1:{rec_port}{path}").status == 200
    assert [p for p, _c in seen] == ["/", "/voila/static/voila.js", "/api/kernels"]
    assert all("probe=host-wide" in c for _p, c in seen)  # the recorder hears cookies
    assert not any("wb_app_token" in c or token_a in c or token_b in c for _p, c in seen)
    # and one board's cookie does not open the other
    cookie_a = f"{cookie_name(port_a)}={token_a}"
    assert _status(ready_url(port_a, base_url=base_a), cookie_a) == 200
    assert _status(ready_url(port_b, base_url=base_b), cookie_a) == 403
    assert _status(ready_url(port_b, base_url=base_b)) == 403
