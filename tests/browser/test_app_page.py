"""``workbench app``: the page loads nothing from the network, the URL is printed only
once the server answers, and SIGTERM stops the server and its kernels."""

from __future__ import annotations

import os
import re
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

from workbench.share.app import free_port, isolated_env
from workbench.share.browser import is_local, screenshot

pytestmark = pytest.mark.browser


def _children(pid: int) -> set[int]:
    """Every live descendant of ``pid`` (from /proc)."""
    kids: dict[int, list[int]] = {}
    for entry in Path("/proc").iterdir():
        if entry.name.isdigit():
            try:
                fields = (entry / "stat").read_text().rsplit(")", 1)[1].split()
            except OSError:
                continue
            if fields[0] != "Z":
                kids.setdefault(int(fields[1]), []).append(int(entry.name))
    out, todo = set(), [pid]
    while todo:
        for kid in kids.get(todo.pop(), []):
            out.add(kid)
            todo.append(kid)
    return out


def _alive(pid: int) -> bool:
    try:
        state = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()[0]
    except OSError:
        return False
    return state != "Z"


def test_app_page_is_offline_and_sigterm_leaves_nothing(
    tmp_path: Path, watched_page, build_dir: Path
) -> None:
    port = free_port()
    env = isolated_env(tmp_path / "jupyter")
    cmd = [
        sys.executable,
        "-m",
        "workbench",
        "app",
        "life",
        "--port",
        str(port),
        "--build",
        str(tmp_path / "build"),
    ]
    proc = subprocess.Popen(
        cmd,
        env=env,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        start_new_session=True,
        text=True,
    )
    try:
        assert proc.stdout is not None
        line = proc.stdout.readline()  # printed only once the server answers
        assert re.search(rf"http://127\.0\.0\.1:{port}/life-[0-9a-f]{{12}}/\?token=", line), line
        url = line.split(" on ", 1)[1].split()[0]
        requests: list[str] = []
        failed: list[str] = []
        page = watched_page.page
        page.on("request", lambda r: requests.append(r.url))
        page.on("requestfailed", lambda r: failed.append(r.url))
        page.goto(url, timeout=90_000)
        page.wait_for_selector(".wb-board", timeout=90_000)
        page.wait_for_timeout(1500)
        screenshot(page, build_dir / "e2e", "app-life")
        assert [u for u in requests if not is_local(u)] == []
        assert watched_page.blocked == [] and failed == []
        descendants = _children(proc.pid)
        assert len(descendants) >= 2  # the Voila server and the board's kernel
        os.kill(proc.pid, signal.SIGTERM)  # a plain `kill`, not the whole group
        assert proc.wait(timeout=60) == 0
        deadline = time.monotonic() + 20
        while time.monotonic() < deadline and any(_alive(p) for p in descendants):
            time.sleep(0.2)
        assert [p for p in descendants if _alive(p)] == []
    finally:
        if proc.poll() is None:
            os.killpg(proc.pid, signal.SIGKILL)
            proc.wait()


def test_app_port_in_use_is_one_line(tmp_path: Path) -> None:
    import socket

    with socket.socket() as busy:
        busy.bind(("127.0.0.1", 0))
        busy.listen()
        port = busy.getsockname()[1]
        done = subprocess.run(
            [
                sys.executable,
                "-m",
                "workbench",
                "app",
                "life",
                "--port",
                str(port),
                "--build",
                str(tmp_path),
            ],
            capture_output=True,
            text=True,
            timeout=60,
        )
    assert done.returncode == 2 and done.stdout == ""
    assert done.stderr.startswith(f"workbench app: --port {port}: cannot listen")
    assert len(done.stderr.strip().splitlines()) == 1
