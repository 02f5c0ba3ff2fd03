"""The app's guards hold on every route, and no request is answered 500 (issue 27 item 13).

One server (a tiny notebook, no game) is asked for random paths under every
route prefix it serves, static ones included: without the token or with a
foreign Host the answer is 403; with both right it is never 500, and no
traceback reaches the log.
"""

from __future__ import annotations

import http.client
import json
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from workbench.share.app import free_port, new_token, ready_url, start_voila, stop_voila
from workbench.share.app_server import allowed_host
from workbench.share.browser import wait_for_http

PREFIXES = [
    "/",
    "/voila/templates/",
    "/voila/static/",
    "/voila/files/",
    "/voila/render/",
    "/voila/tree/",
    "/api/kernels/",
    "/api/",
    "/static/",
    "/lab/",
    "/login",
    "/x/",
]
TAILS = st.text(alphabet="abcz./%_-0189", max_size=30)


@pytest.fixture(scope="module")
def server(tmp_path_factory):
    folder = tmp_path_factory.mktemp("app")
    nb = folder / "tiny.ipynb"
    nb.write_text(
        json.dumps(
            {
                "cells": [
                    {
                        "cell_type": "code",
                        "execution_count": None,
                        "id": "a",
                        "metadata": {},
                        "outputs": [],
                        "source": "print('hi')",
                    }
                ],
                "metadata": {
                    "kernelspec": {
                        "name": "python3",
                        "display_name": "Python 3",
                        "language": "python",
                    }
                },
                "nbformat": 4,
                "nbformat_minor": 5,
            }
        )
    )
    port, token = free_port(), new_token()
    proc = start_voila(nb, port, folder / "jupyter", token=token, max_kernels=1)
    try:
        wait_for_http(ready_url(port, token), timeout=120, proc=proc)
        yield port, token, proc
    finally:
        stop_voila(proc, timeout=30)


def _get(
    port: int, path: str, host: str | None = None, cookie: str | None = None
) -> tuple[int, str | None]:
    conn = http.client.HTTPConnection("127.0.0.1", port, timeout=60)
    headers = {k: v for k, v in (("Host", host), ("Cookie", cookie)) if v}
    conn.request("GET", path, headers=headers)
    response = conn.getresponse()
    response.read()
    conn.close()
    return response.status, response.getheader("Set-Cookie")


@settings(deadline=None, max_examples=40)
@given(prefix=st.sampled_from(PREFIXES), tail=TAILS)
def test_every_route_needs_the_token_and_a_local_host(server, prefix, tail):
    port, token, _ = server
    path = (prefix + tail).replace("//", "/") or "/"
    assert _get(port, path)[0] == 403  # no token
    sep = "&" if "?" in path else "?"
    assert _get(port, f"{path}{sep}token={token}", host="evil.example")[0] == 403
    assert _get(port, f"{path}{sep}token={token}", host=f"evil.example:{port}")[0] == 403
    status, _ = _get(port, f"{path}{sep}token={token}", host=f"localhost:{port}")
    assert status != 500 and status < 600, (path, status)


def test_the_first_page_sets_a_cookie_that_opens_static_files(server):
    port, token, _ = server
    assert _get(port, "/voila/static/voila.js")[0] == 403
    status, cookie = _get(port, f"/voila/templates/?token={token}")
    assert status in (403, 404) and cookie and cookie.startswith(f"wb_app_token_{port}=")
    assert _get(port, "/voila/static/voila.js", cookie=cookie.split(";")[0])[0] == 200
    assert _get(port, "/voila/static/voila.js", cookie=f"wb_app_token_{port}=wrong")[0] == 403


def test_no_traceback_reached_the_log(server):
    port, token, proc = server
    for path in (
        "/voila/templates/",
        "/voila/templates/lab/",
        "/voila/static/%00",
        "/voila/files/..%2F..%2Fetc%2Fpasswd",
        "/api/kernels/nope/channels",
    ):
        _get(port, f"{path}?token={token}")
    stop_voila(proc, timeout=30)
    log = proc.stderr.read().decode(errors="replace") if proc.stderr else ""
    server_lines = [line for line in log.splitlines() if "IPKernelApp" not in line]
    assert not any("Traceback" in line or " 500 " in line for line in server_lines), log[-3000:]


@pytest.mark.parametrize(
    ("host", "ok"),
    [
        ("localhost", True),
        ("127.0.0.2:80", True),
        ("[::1]:8866", True),
        ("LOCALHOST:1", True),
        ("localhost.evil.example", False),
        ("0.0.0.0", False),
        ("example.com:8866", False),
        ("", False),
    ],
)
def test_host_allow_list(host, ok):
    assert allowed_host(host) is ok


def test_the_readiness_url_carries_the_token():
    assert ready_url(1, "abc").endswith("voila.js?token=abc")
    assert Path(ready_url(1)).name == "voila.js"


@pytest.mark.slow
def test_preheated_kernels_keep_the_board_cap(tmp_path):
    nb = tmp_path / "tiny.ipynb"
    nb.write_text(
        json.dumps(
            {
                "cells": [],
                "metadata": {
                    "kernelspec": {
                        "name": "python3",
                        "display_name": "Python 3",
                        "language": "python",
                    }
                },
                "nbformat": 4,
                "nbformat_minor": 5,
            }
        )
    )
    port, token = free_port(), new_token()
    proc = start_voila(nb, port, tmp_path / "jupyter", token=token, max_kernels=1, preheat=True)
    try:
        wait_for_http(ready_url(port, token), timeout=120, proc=proc)
        assert _get(port, f"/?token={token}")[0] == 200  # the preheated kernel
        assert _get(port, f"/?token={token}")[0] == 503  # the refill is no second board
    finally:
        stop_voila(proc, timeout=30)
