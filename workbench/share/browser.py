"""Driving Debian's Chromium with Playwright for end-to-end tests and the UI benchmark.

Chromium is launched by path (``executable_path``; ``playwright install`` cannot
download a browser here), with a fresh profile, and every request that is not
loopback, ``file:``, ``data:`` or ``blob:`` is aborted.
"""

from __future__ import annotations

import shutil
import statistics
import subprocess
import tempfile
import time
import urllib.request
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any
from urllib.parse import urlparse

CHROMIUM_ARGS = (
    "--no-sandbox",
    "--disable-gpu",
    "--disable-quic",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--disable-dev-shm-usage",
)
_LOCAL_HOSTS = {"127.0.0.1", "localhost", "::1", "[::1]"}


def chromium_path() -> str | None:
    """Debian's Chromium, or None when it is not installed."""
    for name in ("chromium", "chromium-browser"):
        found = shutil.which(name)
        if found:
            return found
    return None


def is_local(url: str) -> bool:
    """True for URLs a test may load: loopback, file:, data:, blob:, about:.

    >>> is_local("http://127.0.0.1:8866/voila/static/voila.js"), is_local("https://cdn.jsdelivr.net/x.js")
    (True, False)
    """
    parsed = urlparse(url)
    if parsed.scheme in {"file", "data", "blob", "about"}:
        return True
    return parsed.hostname in _LOCAL_HOSTS


@contextmanager
def chromium_context(executable: str, endpoint: str | None = None, **options: Any) -> Iterator[Any]:
    """A persistent Playwright context on a temporary profile, or, given the DevTools
    ``endpoint`` (``http://127.0.0.1:<port>``) of a Chromium already running, a new context
    of its own in that one (its own cookies and storage: the tests share one Chromium per
    process); ``context.wb_blocked`` lists the URLs that were aborted."""
    from playwright.sync_api import sync_playwright

    viewport = options.pop("viewport", {"width": 1280, "height": 900})
    with tempfile.TemporaryDirectory(prefix="wb-chromium-") as profile, sync_playwright() as pw:
        browser = None
        if endpoint is None:
            context = pw.chromium.launch_persistent_context(
                profile,
                executable_path=executable,
                headless=True,
                args=list(CHROMIUM_ARGS),
                viewport=viewport,
                **options,
            )
        else:
            browser = pw.chromium.connect_over_cdp(endpoint)
            context = browser.new_context(viewport=viewport, **options)
        blocked: list[str] = []

        def _route(route: Any) -> None:
            if is_local(route.request.url):
                route.continue_()
            else:
                blocked.append(route.request.url)
                route.abort()

        context.route("**/*", _route)
        context.wb_blocked = blocked  # type: ignore[attr-defined]
        try:
            yield context
        finally:
            context.close()
            if browser is not None:
                browser.close()  # disconnects; the shared Chromium runs on


def wait_for_http(
    url: str, timeout: float = 60.0, proc: subprocess.Popen[bytes] | None = None
) -> None:
    """Poll ``url`` until it answers 200; raise with the server's stderr if it died."""
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        if proc is not None and proc.poll() is not None:
            err = proc.stderr.read().decode(errors="replace")[-2000:] if proc.stderr else ""
            raise RuntimeError(f"server exited with {proc.returncode}: {err}")
        try:
            with urllib.request.urlopen(url, timeout=2) as resp:  # noqa: S310 - loopback only
                if resp.status == 200:
                    return
        except OSError:
            time.sleep(0.2)
    raise TimeoutError(f"{url} did not answer within {timeout:.0f} s")


@dataclass
class ClickRun:
    """What a click-through saw: labels clicked and click -> redraw times (ms)."""

    clicked: list[str] = field(default_factory=list)
    latencies_ms: list[float] = field(default_factory=list)

    def summary(self) -> dict[str, float]:
        """Median and 90th percentile of the click -> redraw latency."""
        lat = sorted(self.latencies_ms)
        if not lat:
            return {"median_ms": float("nan"), "p90_ms": float("nan"), "clicks": 0}
        p90 = lat[min(len(lat) - 1, int(round(0.9 * (len(lat) - 1))))]
        return {"median_ms": statistics.median(lat), "p90_ms": p90, "clicks": len(lat)}


_SNAPSHOT_JS = """() => {
  const pic = document.querySelector('.wb-picture');
  const log = document.querySelector('.wb-log');
  const st = document.querySelector('.wb-status');
  return (pic ? pic.innerHTML : '') + '|' + (log ? log.innerText : '') + '|' + (st ? st.innerText : '');
}"""


def click_and_time(page: Any, locator: Any, timeout_ms: int = 15_000) -> float:
    """Click and wait until the board's picture, log or status changes; return ms."""
    before = page.evaluate(_SNAPSHOT_JS)
    start = time.perf_counter()
    locator.click()
    page.wait_for_function(
        f"(before) => ({_SNAPSHOT_JS})() !== before",
        arg=before,
        timeout=timeout_ms,
        polling="raf",
    )
    return (time.perf_counter() - start) * 1000.0


_SETTLED_JS = """() => {
  const board = document.querySelector('.wb-board');
  return board ? board.innerHTML.length + ':' + board.innerText : '';
}"""


def wait_settled(page: Any, quiet_ms: int = 150, timeout_ms: int = 15_000) -> None:
    """Wait until the board's DOM stops changing for ``quiet_ms`` (all widget
    updates of the last click have arrived), as a person's next click would."""
    deadline = time.monotonic() + timeout_ms / 1000
    last = page.evaluate(_SETTLED_JS)
    while time.monotonic() < deadline:
        page.wait_for_timeout(quiet_ms)
        now = page.evaluate(_SETTLED_JS)
        if now == last:
            return
        last = now
    raise TimeoutError("the board kept changing after a click")


class RefusedClick(AssertionError):
    """The board refused a click on a button it was showing as a legal action."""


def status_text(page: Any) -> str:
    """The board's status line as text."""
    status = page.locator(".wb-status")
    return str(status.first.inner_text()) if status.count() else ""


def click_through(page: Any, n_actions: int = 12, undo_at: int = 5) -> ClickRun:
    """Click the first enabled legal-action button ``n_actions`` times, with one undo
    at click ``undo_at``; each click must change the board and must not be refused."""
    run = ClickRun()
    wait_settled(page)
    for i in range(n_actions):
        if i == undo_at:
            target, label = page.locator(".wb-undo:not([disabled])").first, "undo"
        else:
            buttons = page.locator(".wb-action:not([disabled])")
            if buttons.count() == 0:
                break
            target = buttons.first
            label = (target.text_content() or "").strip()  # an SVG target has no inner_text
        run.latencies_ms.append(click_and_time(page, target))
        run.clicked.append(label)
        wait_settled(page)
        status = status_text(page)
        if "\u26a0" in status:
            raise RefusedClick(f"click {i + 1} ({label!r}) was refused: {status.strip()}")
    return run


def screenshot(page: Any, folder: Path, name: str) -> Path:
    """Full-page PNG under ``folder``."""
    folder.mkdir(parents=True, exist_ok=True)
    path = folder / f"{name}.png"
    page.screenshot(path=str(path), full_page=True)
    return path
